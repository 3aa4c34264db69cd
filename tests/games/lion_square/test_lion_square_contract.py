"""`campfire score lion-square`: the docs/contracts.md contract, bad input, properties, the CLI."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from documents import edited
from hypothesis import given
from hypothesis import strategies as st
from score_cli import score_cli

from games.errors import RuleError
from games.lion_square.contract import score

# The docs/contracts.md example input, verbatim.
EXAMPLE: dict[str, Any] = {
    "seats": {"S": "ann", "W": "ben", "N": "cho", "E": "dan"},
    "grid": [[3, None, 1], [2, "G", 0], [None, 1, 2]],
    "taken": {"ann": 3},
    "gazelles_in_hand": {"ann": 1},
    "herds": {"ann": 20, "ben": 20, "cho": 20, "dan": 20},
    "round": 1,
}

# What the contract's rule gives for it. docs/contracts.md's prose shows ann's "nearest" as 6 (total
# 9), but by the rule stated in the same paragraph (and L2, and the rulebook) S counts the
# southernmost card of each column: 2 (column 1; its southern place is empty), 1, 2 = 5.
# 6 is what W sees (3, 2, 1). We follow the rule; the integrator is told about the slip.
EXAMPLE_OUTPUT = {
    "losses": {
        "ann": {"nearest": 5, "taken": 2, "gazelles": 1, "total": 8},
        "ben": {"nearest": 6, "taken": 0, "gazelles": 0, "total": 6},
        "cho": {"nearest": 4, "taken": 0, "gazelles": 0, "total": 4},
        "dan": {"nearest": 3, "taken": 0, "gazelles": 0, "total": 3},
    },
    "herds": {"ann": 12, "ben": 14, "cho": 16, "dan": 17},
    "game_over": False,
    "winners": [],
    "lions_win": False,
}


def test_design_example_exact_output() -> None:
    result = score(copy.deepcopy(EXAMPLE))
    assert result == EXAMPLE_OUTPUT
    assert list(result) == ["losses", "herds", "game_over", "winners", "lions_win"]


def test_missing_counts_herds_and_round_default() -> None:
    minimal = {"seats": EXAMPLE["seats"], "grid": EXAMPLE["grid"]}
    result = score(minimal)
    assert result["losses"]["ann"] == {"nearest": 5, "taken": 0, "gazelles": 0, "total": 5}
    assert result["herds"]["ann"] == 15  # 20 - 5
    assert result["game_over"] is False


def test_players_listed_clockwise_from_south_whatever_the_input_order() -> None:
    doc = {**EXAMPLE, "seats": {"E": "dan", "N": "cho", "S": "ann", "W": "ben"}}
    result = score(doc)
    assert list(result["losses"]) == ["ann", "ben", "cho", "dan"]
    assert list(result["herds"]) == ["ann", "ben", "cho", "dan"]


def test_l3_round_three_ends_the_game_with_a_shared_win() -> None:
    # L3: after round 3 the highest herd wins; equal herds share the win.
    doc = {
        **EXAMPLE,
        "taken": {},
        "gazelles_in_hand": {},
        "round": 3,
        "herds": {"ann": 9, "ben": 10, "cho": 5, "dan": 2},
    }
    result = score(doc)  # losses 5, 6, 4, 3
    assert result["herds"] == {"ann": 4, "ben": 4, "cho": 1, "dan": -1}
    assert result["game_over"] is True
    assert result["winners"] == ["ann", "ben"]
    assert result["lions_win"] is False


def test_l3_a_herd_at_zero_ends_the_game_early() -> None:
    doc = {**EXAMPLE, "round": 1, "herds": {"ann": 8, "ben": 20, "cho": 20, "dan": 20}}
    result = score(doc)  # ann loses 8
    assert result["herds"]["ann"] == 0
    assert result["game_over"] is True
    assert result["winners"] == ["dan"]  # 17, the highest


def test_l3_every_herd_gone_the_lions_win() -> None:
    doc = {**EXAMPLE, "round": 2, "herds": {"ann": 8, "ben": 6, "cho": 3, "dan": 1}}
    result = score(doc)
    assert result["herds"] == {"ann": 0, "ben": 0, "cho": -1, "dan": -2}
    assert result["game_over"] is True
    assert result["lions_win"] is True
    assert result["winners"] == []


def test_three_players_leave_one_side_empty() -> None:
    doc = {"seats": {"S": "ann", "W": "ben", "E": "dan"}, "grid": EXAMPLE["grid"]}
    assert {p: v["total"] for p, v in score(doc)["losses"].items()} == {
        "ann": 5,
        "ben": 6,
        "dan": 3,
    }


def _with(**change: Any) -> dict[str, Any]:
    """``EXAMPLE`` with one field set, or removed (``...``)."""
    ((key, value),) = change.items()
    doc: dict[str, Any] = edited(EXAMPLE, key, value, delete=value is ...)
    return doc


BAD_INPUT = [
    ([1, 2], "the input must be a JSON object with seats and grid"),
    (_with(seats=...), "seats is missing"),
    (_with(grid=...), "grid is missing"),
    (
        _with(gazelles=1),
        "unknown field 'gazelles'; expected seats, grid, taken, gazelles_in_hand, herds, round",
    ),
    (
        _with(seats=["ann", "ben", "cho"]),
        'seats must be an object mapping sides to players, e.g. {"S": "ann", "W": "ben", '
        '"N": "cho"}',
    ),
    (
        _with(seats={"S": "ann", "X": "ben", "N": "cho"}),
        "seats: unknown side 'X'; expected S, W, N or E",
    ),
    (_with(seats={"S": "ann", "W": "ben", "N": "ann"}), "seats: ann sits at both S and N"),
    (_with(seats={"S": "ann", "W": "", "N": "cho"}), "seats.W must be a player's name"),
    (_with(seats={"S": "ann", "N": "cho"}), "seats name 2 players; Lion Square is for 3 or 4"),
    (
        _with(grid=[[3, None, 1], [2, "G", 0, 4], [None, 1, 2]]),
        "grid row 2 has 4 cells; expected 3",
    ),
    (
        _with(grid=[[3, None, 1], [2, "G", 0], [None, 1, 2], [1, 1, 1]]),
        "grid has 4 rows; expected 3 (a line holds at most 3 cards)",
    ),
    (_with(grid="3 . 1"), "grid must be a list of 3 rows (north to south) of 3 cells each"),
    (_with(grid=[[3, None, 1], 7, [None, 1, 2]]), "grid row 2 must be a list of 3 cells"),
    (
        _with(grid=[[3, None, -1], [2, "G", 0], [None, 1, 2]]),
        "grid row 1, column 3 is -1; a card number must be 0 or more",
    ),
    (
        _with(grid=[[3, None, 1], [2, True, 0], [None, 1, 2]]),
        'grid row 2, column 2 must be a card number (0 or more), "G" for a gazelle or null for '
        "an empty place; got true",
    ),
    (
        _with(grid=[[3, None, 1], [2, "g", 0], [None, 1, 2]]),
        'grid row 2, column 2 must be a card number (0 or more), "G" for a gazelle or null for '
        'an empty place; got "g"',
    ),
    (
        _with(grid=[[3, None, 1.5], [2, "G", 0], [None, 1, 2]]),
        'grid row 1, column 3 must be a card number (0 or more), "G" for a gazelle or null for '
        "an empty place; got 1.5",
    ),
    (
        _with(taken={"zed": 1}),
        'taken: unknown player "zed"; expected one of: ann, ben, cho, dan',
    ),
    (_with(taken={"ann": -1}), "taken.ann must be a whole number (≥ 0), not -1"),
    (_with(taken={"ann": True}), "taken.ann must be a whole number (≥ 0), not true"),
    (_with(taken=[3]), "taken must be an object (keys: ann, ben, cho, dan), not [3]"),
    (
        _with(gazelles_in_hand={"ben": "1"}),
        'gazelles_in_hand.ben must be a whole number (≥ 0), not "1"',
    ),
    (
        _with(gazelles_in_hand={"ann": 1, "ben": 1}),
        "3 gazelles between the square (1) and the hands (2); the game has only 2",
    ),
    (
        _with(taken={"ann": 10, "ben": 10, "cho": 5}),
        "the square, the taken cards and the gazelles in hand add up to 33 cards; the deck "
        "has only 32",
    ),
    (_with(herds={"ann": 0}), "herds.ann must be a whole number (1–20), not 0"),
    (_with(herds={"cho": 21}), "herds.cho must be a whole number (1–20), not 21"),
    (
        _with(herds={"eve": 20}),
        'herds: unknown player "eve"; expected one of: ann, ben, cho, dan',
    ),
    (_with(round=4), "round must be a whole number (1–3), not 4"),
    (_with(round=0), "round must be a whole number (1–3), not 0"),
    (_with(round=None), "round must be a whole number (1–3), not null"),
    (_with(round=False), "round must be a whole number (1–3), not false"),
]


@pytest.mark.parametrize(("document", "message"), BAD_INPUT)
def test_bad_input_names_the_problem(document: Any, message: str) -> None:
    before = copy.deepcopy(document)
    with pytest.raises(RuleError) as refusal:
        score(document)
    assert str(refusal.value) == message
    assert document == before  # the input is never modified


# --- properties ------------------------------------------------------------------------

cells = st.one_of(st.none(), st.integers(min_value=0, max_value=6))
grids = st.lists(st.lists(cells, min_size=3, max_size=3), min_size=3, max_size=3)
names = st.lists(st.text("abcdefghij", min_size=1, max_size=5), min_size=4, max_size=4, unique=True)
counts = st.lists(st.integers(0, 5), min_size=4, max_size=4)
herd_values = st.lists(st.integers(1, 20), min_size=4, max_size=4)
SIDES = ["S", "W", "N", "E"]


def _doc(
    grid: list[list[Any]],
    players: list[str],
    taken: list[int],
    herds: list[int],
    round_number: int = 1,
) -> dict[str, Any]:
    return {
        "seats": dict(zip(SIDES, players, strict=True)),
        "grid": grid,
        "taken": dict(zip(players, taken, strict=True)),
        "herds": dict(zip(players, herds, strict=True)),
        "round": round_number,
    }


@given(grids, names, counts, herd_values)
def test_herds_never_grow_and_losses_are_never_negative(grid, players, taken, herds) -> None:
    result = score(_doc(grid, players, taken, herds))
    for player, herd in zip(players, herds, strict=True):
        loss = result["losses"][player]
        assert min(loss.values()) >= 0
        assert result["herds"][player] == herd - loss["total"] <= herd


@given(grids, names, counts, herd_values)
def test_rotating_square_and_seats_together_gives_the_same_losses(
    grid, players, taken, herds
) -> None:
    turned = [[grid[2 - c][r] for c in range(3)] for r in range(3)]  # 90° clockwise
    moved = {"S": players[3], "W": players[0], "N": players[1], "E": players[2]}
    doc = _doc(grid, players, taken, herds)
    assert score({**doc, "grid": turned, "seats": moved})["losses"] == score(doc)["losses"]


@given(grids, names, names, counts, herd_values, st.integers(1, 3))
def test_renaming_players_permutes_the_results(
    grid, players, new_names, taken, herds, round_number
) -> None:
    rename = dict(zip(players, new_names, strict=True))
    original = score(_doc(grid, players, taken, herds, round_number))
    renamed = score(_doc(grid, new_names, taken, herds, round_number))
    assert renamed["losses"] == {rename[p]: v for p, v in original["losses"].items()}
    assert renamed["herds"] == {rename[p]: v for p, v in original["herds"].items()}
    assert renamed["winners"] == [rename[p] for p in original["winners"]]
    assert renamed["game_over"] == original["game_over"]
    assert renamed["lions_win"] == original["lions_win"]


# --- the command line ------------------------------------------------------------------


def test_cli_prints_the_result_as_json() -> None:
    result = score_cli("lion-square", stdin=json.dumps(EXAMPLE))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert json.loads(result.stdout) == EXAMPLE_OUTPUT


def test_cli_file_argument(tmp_path: Path) -> None:
    path = tmp_path / "round.json"
    path.write_text(json.dumps(EXAMPLE), encoding="utf-8")
    result = score_cli("lion-square", str(path))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["losses"]["dan"]["total"] == 3


@pytest.mark.parametrize(
    ("document", "message"),
    [
        (
            _with(grid=[[3, None, 1], [2, "G", 0, 4], [None, 1, 2]]),
            "grid row 2 has 4 cells; expected 3",
        ),
        (
            _with(seats={"S": "ann", "Q": "ben", "N": "cho"}),
            "seats: unknown side 'Q'; expected S, W, N or E",
        ),
        (_with(taken={"ann": -2}), "taken.ann must be a whole number (≥ 0), not -2"),
    ],
)
def test_cli_bad_input_exits_2_with_one_line(document: Any, message: str) -> None:
    result = score_cli("lion-square", stdin=json.dumps(document))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == f"error: {message}\n"
