"""Age of Hunting: the payer chooses what pays a cost's "any food" part (H1), the proposal
the UI starts from, whose turn it is, and the end naming the tie-break that decided (H2)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

import pytest

from games.errors import RuleError
from games.hunting_age import fold as table
from games.hunting_age.components import Food
from games.hunting_age.scoring import Standing, decided_by
from games.table import Player

PLAYERS = (Player("Ann", "red"), Player("Ben", "blue"), Player("Cho", "green"))
COST = {"grape": 1, "any_food": 1}  # a printed cost with one food of the payer's choice


def play(events: Iterable[dict[str, Any]], state: table.TableState) -> table.TableState:
    rng = random.Random(0)
    for event in events:
        state = table.apply(state, table.prepare(state, event, rng))
    return state


def adjust(seat: int, counter: str, delta: int) -> dict[str, Any]:
    return {"type": "adjust", "seat": seat, "counter": counter, "delta": delta}


def rich() -> table.TableState:
    """Ann (original edition) holds 2 mammoths, 1 green grain and 1 grape."""
    return play(
        [adjust(0, "mammoth", 2), adjust(0, "green_grain", 1), adjust(0, "grape", 1)],
        table.new_state(PLAYERS, {"edition": "original"}),
    )


def develop(**fields: Any) -> dict[str, Any]:
    return {
        "type": "develop",
        "seat": 0,
        "kind": "subordinate",
        "cost": COST,
        "uncovered_vp": 0,
        **fields,
    }


def test_the_payer_pays_any_food_with_the_piece_they_name() -> None:
    state = play([develop(any_food={"green_grain": 1})], rich())
    assert state.tribes[0].food == Food(mammoth=2)  # the mammoths stay in the cave


def test_the_proposal_is_what_the_cave_can_spare_most_of_and_the_default() -> None:
    state = rich()
    assert table.any_food_proposal(state, 0, COST) == {"mammoth": 1}
    paid = play([develop()], state)  # no choice sent: the proposal pays
    assert paid.tribes[0].food == Food(mammoth=1, green_grain=1)


def test_a_proposal_never_offers_the_named_part_or_more_than_is_held() -> None:
    state = play([adjust(0, "grape", 1)], table.new_state(PLAYERS, {"edition": "original"}))
    assert table.any_food_proposal(state, 0, {"grape": 1, "any_food": 2}) == {}
    assert table.any_food_proposal(state, 0, {"any_food": 2}) == {"grape": 1}


@pytest.mark.parametrize(
    ("choice", "message"),
    [
        ({"green_grain": 1, "mammoth": 1}, "this cost includes 1 food of your choice; you chose 2"),
        (
            {"bear": 1},
            "you cannot afford it: it costs grape ×1, any food ×1; you are missing bear ×1",
        ),
        ({"gold": 1}, 'any_food: unknown item "gold"'),
        (
            "mammoth",
            "any_food must be an object (keys: bear, mammoth, grape, green_grain, "
            'yellow_grain), not "mammoth"',
        ),
    ],
)
def test_a_bad_choice_is_refused_and_changes_nothing(choice: Any, message: str) -> None:
    state = rich()
    with pytest.raises(RuleError) as refused:
        table.apply(state, develop(any_food=choice))
    assert str(refused.value).startswith(message)


def test_whose_turn_is_the_current_seat_until_the_game_is_over() -> None:
    state = table.new_state(PLAYERS, {})
    assert table.whose_turn(state) == 0
    assert table.whose_turn(play([{"type": "end_turn"}], state)) == 1


# --- what decided the win (H2) ------------------------------------------------------------


def standing(track: int, pieces: int = 5, food: int = 0) -> Standing:
    return Standing((), 0, track, Food(bear=food), 0, pieces)


@pytest.mark.parametrize(
    ("standings", "expected"),
    [
        ({"a": standing(9), "b": standing(7)}, "total"),
        ({"a": standing(9, pieces=3), "b": standing(9, pieces=4)}, "pieces_left"),
        ({"a": standing(9, food=2), "b": standing(9, food=1), "c": standing(3)}, "cave_food"),
        (
            {
                "a": standing(9, pieces=2),
                "b": standing(9, pieces=3, food=5),
                "c": standing(9, pieces=2, food=1),
            },
            "cave_food",
        ),
        ({"a": standing(9, food=2), "b": standing(9, food=2), "c": standing(8)}, "shared"),
        ({}, None),
    ],
)
def test_the_result_names_what_decided_the_win(
    standings: dict[str, Standing], expected: str | None
) -> None:
    assert decided_by(standings) == expected


def test_the_table_result_names_the_tie_break() -> None:
    state = play(
        [adjust(0, "vp", 3), adjust(1, "vp", 3), adjust(1, "bear", 1)], table.new_state(PLAYERS, {})
    )
    result = table.to_json(state)["scores"]
    assert result["winners"] == [1] and result["decided_by"] == "cave_food"
