"""A finished game's outcome, as python-chess's ``Board.outcome()``: each game's
``outcome(state)`` (``games.<package>.outcome``, listed in its ``Rules``) says it from the
folded state, or None while the game runs (so nothing a game hides is read before its end).

Glossary
--------
outcome
    Per seat the score and rank, the winners, what decided between equal scores (the
    tie-break), the start player and the variant; per seat the role played (A Dog's
    Life's dog) and the colour as the table shows it; the board (edition or variants) in
    words (``Phrase``s, translated where shown; issue 35).
rank
    Competition ranks, 1 the first: equal places share a rank (1, 1, 3).
tie-break
    One of ``TIE_BREAKS`` (None: the score alone decided), worded by ``TIE_BREAK_WORDS``
    in the words the game's own end screen uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.errors import N_, Phrase

#: What may decide between equal scores (``Outcome.tie_break``).
SMALLEST_STOCK = "smallest_stock"  # B10
PIECES_LEFT = "pieces_left"  # H2
CAVE_FOOD = "cave_food"  # H2
SHARED = "shared"  # equal on everything: the win is shared
LIONS = "lions"  # L3: every herd at 0, the lions win and no player does
TIE_BREAKS = (SMALLEST_STOCK, PIECES_LEFT, CAVE_FOOD, SHARED, LIONS)
#: What decided between equal scores, in the words the game's own end screen uses (the
#: play's comment for BG Stats, in English; "Our plays", translated).
TIE_BREAK_WORDS = {
    SMALLEST_STOCK: N_("Equal totals: the larger smallest stock won."),
    PIECES_LEFT: N_("Decided by the tie-break: fewer pieces left on the personal board."),
    CAVE_FOOD: N_("Decided by the second tie-break: more food in the cave."),
    SHARED: N_("The win is shared."),
    LIONS: N_("The lions win! No herd survived."),
}


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game, seat by seat (indexes are seats)."""

    scores: tuple[int | None, ...]
    ranks: tuple[int | None, ...]  # 1 = first; equal places share a rank (1, 1, 3)
    winners: tuple[int, ...]
    tie_break: str | None
    start_player: int | None
    variant: str | None
    #: Per seat: the role played (an ``N_`` msgid: a dog's name), or None.
    roles: tuple[str | None, ...] = ()
    #: Per seat: the colour as the table shows it, when it is not the one chosen at create.
    colours: tuple[str | None, ...] = ()
    #: The edition or variants in words (empty: the game as printed).
    board: tuple[Phrase, ...] = ()


def ranks_from(ranking: Sequence[Sequence[int]], seats: int) -> tuple[int | None, ...]:
    """Competition ranks from groups of seats, best first: [[1], [0, 2]] → (2, 1, 2)."""
    ranks: list[int | None] = [None] * seats
    place = 1
    for group in ranking:
        for seat in group:
            ranks[seat] = place
        place += len(group)
    return tuple(ranks)


def shared_or_none(winners: Sequence[int]) -> str | None:
    """``SHARED`` when more than one seat won, else None (the score alone decided)."""
    return SHARED if len(winners) > 1 else None


def no_outcome(_state: object) -> Outcome | None:
    """The default of a game that keeps no plays (a test game): never over."""
    return None
