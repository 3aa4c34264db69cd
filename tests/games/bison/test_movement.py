"""B3 movement: costs on a tile, across edges, along rivers; pass but never stop."""

from __future__ import annotations

import pytest
from refusals import refused

from games.bison.board import Board, Pieces
from games.bison.movement import move_cost, reachable
from games.bison.tiles import MOUNTAIN, PRAIRIE, RIVER

from .builders import layout, tile

BOARD = Board.new_game()  # S1 (0,0), S2 (1,0), S3 (0,1); rivers meet at the totem


def test_costs_on_one_tile() -> None:
    start = ((0, 0), PRAIRIE)
    assert move_cost(BOARD, "red", start, start) == 0
    assert move_cost(BOARD, "red", start, ((0, 0), RIVER)) == 1
    assert move_cost(BOARD, "red", ((0, 0), MOUNTAIN), ((0, 0), RIVER)) == 1


def test_prairie_to_mountain_on_one_tile_is_two_unless_an_edge_is_shorter() -> None:
    lonely = layout({(0, 0): tile("PPPMMM", 1, 1, 1)})
    assert move_cost(lonely, "red", ((0, 0), PRAIRIE), ((0, 0), MOUNTAIN)) == 2


def test_land_to_land_across_an_edge_any_terrain() -> None:
    # S2's SW edge (M) meets S3's NE edge (P): mountain -> prairie across it costs 1.
    assert move_cost(BOARD, "red", ((1, 0), MOUNTAIN), ((0, 1), PRAIRIE)) == 1
    # S1's E edge (P) meets S2's W edge (P).
    assert move_cost(BOARD, "red", ((0, 0), PRAIRIE), ((1, 0), PRAIRIE)) == 1


def test_river_to_river_only_through_a_shared_river_corner() -> None:
    assert move_cost(BOARD, "red", ((0, 0), RIVER), ((0, 1), RIVER)) == 1
    # Two rivers touching one edge at its two ends do not connect: go over land instead.
    board = layout({(0, 0): tile("PPPMMM", 1, 1, 1), (1, 0): tile("PPPMMM", 1, 1, 1)})
    # river -> prairie (0,0) -> across E edge to (1,0)'s mountain -> river: 3 points.
    assert move_cost(board, "red", ((0, 0), RIVER), ((1, 0), RIVER)) == 3


def test_may_pass_but_not_stop_on_other_players_spaces() -> None:
    board = BOARD.put(((0, 0), RIVER), Pieces("blue", 2))
    lonely = layout({(0, 0): tile("PPPMMM", 1, 1, 1)}).put(((0, 0), RIVER), Pieces("blue", 1))
    # Passing through blue's river to the mountain.
    assert move_cost(lonely, "red", ((0, 0), PRAIRIE), ((0, 0), MOUNTAIN)) == 2
    assert move_cost(board, "red", ((0, 0), PRAIRIE), ((0, 0), RIVER)) is None
    assert move_cost(board, "blue", ((0, 0), PRAIRIE), ((0, 0), RIVER)) == 1


def test_reachable_with_a_limit() -> None:
    costs = reachable(BOARD, "red", ((0, 0), PRAIRIE), limit=1)
    assert costs == {((0, 0), PRAIRIE): 0, ((0, 0), RIVER): 1, ((1, 0), PRAIRIE): 1}
    everything = reachable(BOARD, "red", ((0, 0), PRAIRIE))
    assert len(everything) == 9 and max(everything.values()) <= 3


def test_unreachable_tile_is_none() -> None:
    board = layout({(0, 0): tile("PPPMMM", 1, 1, 1), (5, 5): tile("PPPMMM", 1, 1, 1)})
    assert move_cost(board, "red", ((0, 0), PRAIRIE), ((5, 5), PRAIRIE)) is None


@pytest.mark.parametrize(
    ("start", "message"),
    [
        (((9, 9), PRAIRIE), "there is no tile at [9,9]"),
        (((0, 0), "forest"), '"forest" is not a space; expected prairie, river or mountain'),
    ],
)
def test_a_start_off_the_board_is_refused(start, message) -> None:
    with refused(message):
        move_cost(BOARD, "red", start, ((0, 0), RIVER))


def test_a_goal_off_the_board_cannot_be_reached() -> None:
    assert move_cost(BOARD, "red", ((0, 0), RIVER), ((9, 9), RIVER)) is None
