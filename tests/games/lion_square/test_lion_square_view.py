"""Lion Square from each player's side (the square turned so their side is at the bottom),
the picker's numbers from the catalog, hidden herds until the game ends and no ranks when
the lions win (L2, L3)."""

from __future__ import annotations

from functools import reduce
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.lion_square import catalog, view
from games.lion_square import fold as table
from games.lion_square.square import Side, Square
from games.table import Player

PLAYERS = (
    Player("Ann", "red"),
    Player("Ben", "blue"),
    Player("Cho", "green"),
    Player("Dan", "yellow"),
)
cells = st.one_of(st.none(), st.just("G"), st.integers(min_value=0, max_value=4))
grids = st.lists(st.lists(cells, min_size=3, max_size=3), min_size=3, max_size=3)
sides = st.sampled_from(list(Side))


def fold(state: table.State, *events: dict[str, Any]) -> table.State:
    return reduce(table.apply, events, state)


# --- the square from each side -----------------------------------------------------------


@given(grids, sides)
def test_turning_to_a_side_and_back_round_trips(grid: list[list[Any]], side: Side) -> None:
    assert view.from_view(view.to_view(grid, side), side) == grid
    assert view.to_view(view.from_view(grid, side), side) == grid


@given(st.integers(0, 2), st.integers(0, 2), sides)
def test_a_tapped_cell_round_trips(row: int, column: int, side: Side) -> None:
    assert view.cell_to_view(*view.cell_from_view(row, column, side), side) == (row, column)


@given(grids, sides)
def test_a_side_sees_its_nearest_cards_at_the_bottom_of_its_view_l2(
    grid: list[list[Any]], side: Side
) -> None:
    seen = view.to_view(Square.from_json(grid).to_json(), side)
    bottom = tuple(
        next((seen[r][c] for r in (2, 1, 0) if seen[r][c] is not None), None) for c in range(3)
    )
    expected = tuple(
        "G" if cell is not None and not isinstance(cell, int) else cell
        for cell in Square.from_json(grid).nearest(side)
    )
    assert bottom == expected


def test_each_side_sees_the_square_with_its_own_edge_at_the_bottom() -> None:
    grid = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]  # north row first
    assert view.to_view(grid, Side.S) == grid
    assert view.to_view(grid, Side.N) == [[9, 8, 7], [6, 5, 4], [3, 2, 1]]
    # West sits at the west edge looking east: the west column is nearest (bottom), north
    # on West's left; East is the mirror image.
    assert view.to_view(grid, Side.W) == [[3, 6, 9], [2, 5, 8], [1, 4, 7]]
    assert view.to_view(grid, Side.E) == [[7, 4, 1], [8, 5, 2], [9, 6, 3]]
    assert view.cell_from_view(2, 0, Side.W) == (0, 0)  # West's near left: the NW corner


def test_a_grid_that_is_not_three_by_three_is_refused() -> None:
    with pytest.raises(ValueError, match="3 rows of 3"):
        view.to_view([[1, 2, 3]], Side.S)
    with pytest.raises(ValueError, match="0 to 2"):
        view.cell_from_view(3, 0, Side.S)


def test_the_picker_offers_the_numbers_of_the_deck_l1() -> None:
    assert catalog.NUMBERS == (0, 1, 2, 3, 4)
    assert set(catalog.NUMBERS) == {card.number for card in catalog.CARNIVORES}


# --- hidden herds -----------------------------------------------------------------------


def test_another_seats_herd_is_hidden_until_the_game_ends() -> None:
    state = fold(
        table.new_state(PLAYERS, {}), {"type": "adjust", "seat": 1, "counter": "herd", "delta": -3}
    )
    assert table.view_counters(state, 1) == [
        {"herd": None},
        {"herd": 17},
        {"herd": None},
        {"herd": None},
    ]
    assert table.view_counters(state, None) == [{"herd": None}] * 4
    data = table.view_json(state, 0)
    assert data["herds"] == [20, None, None, None]
    assert data["herd_chart"] == [[20], [None], [None], [None]]
    assert [p["herd_after"] for p in data["preview"]] == [20, None, None, None]
    assert "17" not in str(table.view_json(state, None)["herds"])
    event = {"type": "adjust", "seat": 1, "counter": "herd", "delta": -3}
    hidden = table.view_event(state, event, 0)
    assert hidden["delta"] is None
    assert table.describe(hidden, PLAYERS) == ("{player}'s herd was corrected", {"player": "Ben"})
    assert table.view_event(state, event, 1)["delta"] == -3


def test_scored_rounds_hide_the_other_herds_too() -> None:
    state = fold(
        table.new_state(PLAYERS, {}),
        {"type": "set_square", "grid": [[3, None, 1], [2, "G", 0], [None, 1, 2]]},
        {"type": "score_round"},
    )
    record = table.view_json(state, 2)["history"][0]
    assert record["herds_before"] == [None, None, 20, None]
    assert record["herds_after"][2] is not None and record["herds_after"].count(None) == 3
    assert record["losses"] == table.to_json(state)["history"][0]["losses"]  # public


def test_at_the_end_every_herd_shows_and_the_lions_leave_nobody_ranked_l3() -> None:
    state = fold(
        table.new_state(PLAYERS, {}),
        *({"type": "adjust", "seat": seat, "counter": "herd", "delta": -20} for seat in range(4)),
        {"type": "set_square", "grid": [[1, None, None], [None] * 3, [None] * 3]},
        {"type": "score_round"},
    )
    assert state.game_over and state.lions_win
    data = table.view_json(state, None)
    assert data["herds"] == [0, 0, 0, 0] and data["ranking"] == [] and data["winners"] == []
    assert table.view_counters(state, None) == [{"herd": 0}] * 4


def test_the_ranking_once_the_game_is_over() -> None:
    state = table.new_state(PLAYERS, {})
    assert table.to_json(state)["ranking"] == []  # not over yet
    state = fold(
        state,
        {"type": "adjust", "seat": 2, "counter": "herd", "delta": -20},
        {"type": "adjust", "seat": 0, "counter": "herd", "delta": -1},
        {"type": "set_square", "grid": [[None] * 3, [None, 0, None], [None] * 3]},
        {"type": "score_round"},
    )
    assert table.to_json(state)["ranking"] == [[1, 3], [0], [2]]


@pytest.mark.parametrize("side", list(Side))
def test_a_line_of_a_view_is_the_grid_line_holding_its_places(side: Side) -> None:
    """``line_from_view`` names the north-up row or column whose places the view's line shows."""
    for kind in ("row", "column"):
        for index in range(3):
            line, north_up = view.line_from_view(kind, index, side)
            places = {
                view.cell_from_view(*((index, c) if kind == "row" else (c, index)), side)
                for c in range(3)
            }
            expected = {(north_up, c) if line == "row" else (c, north_up) for c in range(3)}
            assert places == expected
    assert view.line_from_view("row", 0, Side.W) == ("column", 2)  # West's far row: the east
