"""What a game's printgen module is given to draw its components: the kit's language, its
style and the table's seats (the seat QR codes, colours and names on player boards)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games import registry as game_registry
from games.table import Player
from printgen import fonts, words
from printgen.messages import Message, text
from printgen.style import Style


@dataclass(frozen=True, slots=True)
class Context:
    """What a game module needs to draw its components.

    ``players``: the table's seats in seat order (name and colour), empty for a kit printed
    without a table. A game prints each seat's board, QR code and pieces in the seat's own
    colour (:meth:`colours`, :meth:`seat_of`) and the seat's name on its board
    (:meth:`seat_label`), so the pieces agree with the companion's mirror (issue 24).
    ``markers``: print the photo markers (issue 23; ``--no-markers`` prints the art alone).
    ``spares``: with a table, how many spare colour sets to print beside the seated ones
    (issue 37: a 2-player kit prints 2 colours, not the box's 4).
    """

    lang: str
    style: Style
    table_url: str | None = None
    seat_urls: tuple[str, ...] = ()
    players: tuple[Player, ...] = ()
    # Photo markers on the pieces that carry them (Bison, issue 23); False: the art alone.
    markers: bool = True
    spares: int = 0

    def t(self, key: Message, **params: object) -> str:
        """A printgen message in the kit's language."""
        return text(self.lang, key, **params)

    def seat_code(self, seat: int | None) -> tuple[str, str] | None:
        """What a seat's board QR code encodes and the caption under it, or None.

        The caption tells the truth: "your seat" only for a seat URL; a board that falls
        back to the table URL (or belongs to no seat, ``None``) says "join the table" (the
        companion then asks for the seat).
        """
        if seat is not None and seat < len(self.seat_urls):
            return self.seat_urls[seat], self.t(words.SCAN_SEAT)
        if self.table_url is not None:
            return self.table_url, self.t(words.SCAN_JOIN)
        return None

    def colours(self, defaults: Sequence[str]) -> tuple[str, ...]:
        """The player colours to print, one set each, of ``defaults`` (the box's colours in
        its order): the table's seats' colours in seat order, then ``spares`` of the box's
        colours no seat took (issue 37). Without a table: ``defaults`` as they are."""
        if not self.players:
            return tuple(defaults)
        taken = [p.color for p in self.players][: len(defaults)]
        spare = [c for c in defaults if c not in taken]
        return (*taken, *spare[: self.spares])

    def seat_count(self, box: int) -> int:
        """How many seat-bound pieces (herd cards, player aids) to print of the ``box``'s:
        with a table, one per seat and spare; without one, the box's."""
        if not self.players:
            return box
        return min(box, len(self.players) + self.spares)

    def seat_of(self, colour: str, default: int) -> int | None:
        """The seat that plays ``colour``: with a table, the seat whose player chose it (None
        when nobody did); without one, ``default`` (the board's place in the box's order)."""
        if not self.players:
            return default
        return next((i for i, p in enumerate(self.players) if p.color == colour), None)

    def seat_name(self, seat: int) -> str | None:
        """The name of the player at seat ``seat`` (0-based) when the kit is printed for a
        table, as the kit's font can draw it, else None (the piece keeps its generic label)."""
        if seat >= len(self.players):
            return None
        return " ".join(fonts.printable(self.players[seat].name).split()) or None

    def seat_label(self, seat: int | None) -> str:
        """What a board says of its seat: the player's name and seat number with a table
        ("Ann · Seat 1"), "Seat N" without one, nothing for a board no seat plays."""
        if seat is None:
            return ""
        if seat < len(self.players):
            name = " ".join(fonts.printable(self.players[seat].name).split())
            return (
                self.t(words.SEAT_NAMED, n=seat + 1, name=name)
                if name
                else self.t(words.SEAT, n=seat + 1)
            )
        return self.t(words.SEAT, n=seat + 1)


def table_players(
    game: str, players: Sequence[Player], settings: Mapping[str, Any]
) -> tuple[Player, ...]:
    """The seats as a kit prints them: each player's name and the colour of their pieces,
    as the game's rules say (``Rules.piece_colours``: in A Dog's Life, the colour of the
    seat's dog; elsewhere the player's chosen colour)."""
    known = game_registry.find(game)
    return known.rules().piece_colours(players, settings) if known else tuple(players)
