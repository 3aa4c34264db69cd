"""Tiles described by taps (B1) and the tiles still in the bag (B4)."""

from __future__ import annotations

import re

import pytest

from games.bison.board import Board
from games.bison.catalog import CATALOG, DRAW_IDS
from games.bison.taps import edges_from_taps, taps_for, tiles_in_bag
from games.bison.tiles import Tile
from games.errors import RuleError


def refused(message: str) -> pytest.RaisesContext[RuleError]:
    return pytest.raises(RuleError, match="^" + re.escape(message) + "$")


@pytest.mark.parametrize("tile_id", list(CATALOG))
@pytest.mark.parametrize("rotation", range(6))
def test_every_catalog_tile_round_trips_in_every_rotation(tile_id: str, rotation: int) -> None:
    tile = CATALOG[tile_id].tile.rotated(rotation)
    a, b = tile.river_corners()
    for edge in range(6):
        expected = tile.edges if tile.edges[edge] == "P" else None
        if expected is not None:
            # Either order of the two corners, any prairie edge: the same tile.
            assert edges_from_taps(a, b, edge) == expected
            assert edges_from_taps(b, a, edge) == expected
    assert edges_from_taps(*taps_for(tile.edges)) == tile.edges


def test_tapping_the_mountain_side_gives_the_mirror_tile() -> None:
    # River from corner 2 to corner 5: edges SW W NW on one side, NE E SE on the other.
    assert edges_from_taps(2, 5, 3) == "MMMPPP"
    assert edges_from_taps(2, 5, 0) == "PPPMMM"
    assert edges_from_taps(0, 1, 1) == "MPMMMM"  # a one-edge prairie
    assert Tile.make(edges_from_taps(0, 1, 4), {"river": 3}).prairie_run == 5


@pytest.mark.parametrize(
    ("taps", "message"),
    [
        ((2, 2, 0), "the river runs between two different corners; tap its other end"),
        ((6, 2, 0), "the first river end must be a whole number (0–5), not 6"),
        ((0, "3", 0), 'the second river end must be a whole number (0–5), not "3"'),
        ((0, 3, -1), "the prairie side must be a whole number (0–5), not -1"),
    ],
)
def test_bad_taps_are_refused(taps: tuple, message: str) -> None:
    with refused(message):
        edges_from_taps(*taps)


def test_the_bag_holds_the_draw_tiles_not_placed() -> None:  # B4
    board = Board.new_game()
    assert tiles_in_bag(board) == DRAW_IDS
    board = board.place((1, -1), CATALOG["B07"])
    bag = tiles_in_bag(board)
    assert "B07" not in bag and len(bag) == 17 and "S1" not in bag
