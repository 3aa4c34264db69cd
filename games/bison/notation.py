"""A compact text notation for Bison boards (tests, bug reports, the README).

Glossary
--------
line
    One tile and the pieces on it: ``<q>,<r> <tile> [<pieces> …]``. Blank lines and text
    after ``#`` are ignored.
tile
    A catalog tile ``B07`` or turned one ``B07/2`` (60° steps clockwise), or an inline tile
    ``PPPMMM:111``: the edge string, then the animals on prairie, river and mountain.
pieces
    ``<space>=<player>/<hunters>/<structure>`` with the space as ``P`` (prairie), ``R``
    (river) or ``M`` (mountain), e.g. ``R=red/2/1`` is two red hunters and red's size-1
    canoe on the river. Within a line pieces come prairie, river, mountain. A player's
    name has no space, ``/``, ``=`` or ``#``.

Example (JP example 1's prairie, two tiles)::

    0,0 PPPPMM:111 P=yellow/0/2
    1,0 PPPPMM:120 P=red/1/1

``dump(parse(text)) == text`` for text written as ``dump`` writes it, and
``parse(dump(board))`` has the same tiles and pieces as ``board``. Start tiles are not
marked (the board is a layout, as in the score contract).
"""

from __future__ import annotations

import json
import re

from games.errors import N_, RuleError

from . import catalog
from .board import Board, Layout, Pieces, PlacedTile, Space
from .hexgrid import Hex
from .tiles import SPACES, Tile, check_animals, check_edges

_SPACE_LETTER = {"prairie": "P", "river": "R", "mountain": "M"}
_LETTER_SPACE = {letter: space for space, letter in _SPACE_LETTER.items()}
# Numbers are bounded: Python refuses to read an int of more than 4300 digits, and no
# board needs more than these.
_HEX = re.compile(r"^(-?\d{1,9}),(-?\d{1,9})$")
_CATALOG = re.compile(r"^([SB]\d+)(?:/(\d))?$")
_INLINE = re.compile(r"^([A-Z]{6}):(\d)(\d)(\d)$")
_PIECES = re.compile(r"^([PRM])=([^/\s=#]+)/(\d{1,3})/(\d)$")
_NAME = re.compile(r"^[^/\s=#]+$")


def _tile_text(placed: PlacedTile) -> str:
    if placed.catalog_id is not None:
        return placed.catalog_id + (f"/{placed.rotation}" if placed.rotation else "")
    return placed.tile.edges + ":" + "".join(str(n) for n in placed.tile.animals)


def dump(board: Board) -> str:
    """``board`` in the notation, one line per tile in the board's order.

    Refused when a player's name has a space, ``/``, ``=`` or ``#``: it would not read back.
    """
    lines = []
    for at, placed in board.tiles.items():
        words = [f"{at[0]},{at[1]}", _tile_text(placed)]
        for space in SPACES:
            p = board.pieces.get((at, space))
            if p is not None:
                if not _NAME.match(p.player):
                    raise RuleError(
                        N_(
                            "the notation cannot write the player name {name}: use a name "
                            "without spaces, /, = or #"
                        ),
                        name=json.dumps(p.player),
                    )
                words.append(f"{_SPACE_LETTER[space]}={p.player}/{p.hunters}/{p.structure}")
        lines.append(" ".join(words))
    return "\n".join(lines) + "\n"


def _parse_tile(word: str) -> PlacedTile:
    if match := _CATALOG.match(word):
        entry = catalog.get(match[1])
        rotation = int(match[2] or 0)
        if rotation > 5:
            raise RuleError(N_("rotation must be 0 to 5, not {rotation}"), rotation=rotation)
        return PlacedTile(entry.tile.rotated(rotation), entry.id, rotation)
    if match := _INLINE.match(word):
        animals = dict(zip(SPACES, (int(match[i]) for i in (2, 3, 4)), strict=True))
        return PlacedTile(Tile(check_edges(match[1]), check_animals(animals)))
    raise RuleError(
        N_(
            '"{word}" is not a tile; write a catalog id like B07 or B07/2, or edges and '
            "animals like PPPMMM:111"
        ),
        word=word,
    )


def parse(text: str) -> Board:
    """The board written in ``text``; ``RuleError`` naming the line otherwise."""
    tiles: dict[Hex, PlacedTile] = {}
    pieces: list[tuple[int, Space, Pieces]] = []  # with their line numbers
    for number, raw in enumerate(text.splitlines(), start=1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        try:
            match = _HEX.match(words[0])
            if match is None or len(words) < 2:
                raise RuleError(
                    N_('expected "<q>,<r> <tile> [pieces]", not "{line}"'), line=raw.strip()
                )
            at = (int(match[1]), int(match[2]))
            if at in tiles:
                raise RuleError(N_("a tile already lies at {q},{r}"), q=at[0], r=at[1])
            tiles[at] = _parse_tile(words[1])
            for word in words[2:]:
                piece = _PIECES.match(word)
                if piece is None:
                    raise RuleError(
                        N_(
                            '"{word}" is not pieces; write it like R=red/2/1 (space=player/'
                            "hunters/structure)"
                        ),
                        word=word,
                    )
                space = (at, _LETTER_SPACE[piece[1]])
                pieces.append((number, space, Pieces(piece[2], int(piece[3]), int(piece[4]))))
        except RuleError as error:
            raise _on_line(number, error) from None
    layout = Layout(tiles)  # pieces are checked once every tile is known
    for number, space, p in pieces:
        try:
            layout.add(space, p)
        except RuleError as error:
            raise _on_line(number, error) from None
    return layout.board()


def _on_line(number: int, error: RuleError) -> RuleError:
    return RuleError(N_("line {number}: {problem}"), number=number, problem=str(error))
