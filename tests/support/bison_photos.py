"""Synthetic photos of a Bison table's board for the photo flow's tests (issue 23): the
start tiles, tile B08 placed turned twice with two of the first seat's hunters on its
prairie, drawn from the kit's own PDF by ``reader.synthetic`` (fixed seed, 3 MP)."""

from __future__ import annotations

import functools

from games.bison import catalog
from reader import synthetic

#: What the photo shows beyond the start tiles: the tile, its hex and turn, the hunters.
NEW_TILE, NEW_AT, NEW_TURN, HUNTERS = "B08", (1, -1), 2, 2


def board_with(
    tiles: dict[tuple[int, int], tuple[str, int]],
) -> dict[tuple[int, int], tuple[str, int]]:
    board = {at: (tid, 0) for tid, at in catalog.START_LAYOUT.items()}
    board.update(tiles)
    return board


@functools.cache
def placed(colour: str = "red") -> bytes:
    """The board after ``colour`` placed B08 with 2 hunters on its prairie (JPEG)."""
    board = board_with({NEW_AT: (NEW_TILE, NEW_TURN)})
    pieces = [(colour, "hunter", 0, NEW_AT, "prairie")] * HUNTERS
    return synthetic.photo(23, "3mp", board=board, pieces=pieces).jpeg


@functools.cache
def other_table() -> bytes:
    """Another table's board: other tiles where this one's B08 and B09 lie."""
    board = board_with({(1, -1): ("B11", 0), (2, -1): ("B12", 0)})
    return synthetic.photo(24, "3mp", board=board).jpeg
