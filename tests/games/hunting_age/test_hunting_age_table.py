"""The companion's Age of Hunting fold: counters, H1 developments, storage, H2 end and count."""

import json
import random
from collections.abc import Iterable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.errors import RuleError, TermList
from games.hunting_age import fold as table
from games.hunting_age.components import FOODS, SUPPLY_LIMITS, Food
from games.table import Player

PLAYERS = (Player("Ann", "red"), Player("Ben", "blue"), Player("Cho", "green"))
LAYOUT = ["B1a", "B2a", "B3a", "B4a", "N01a", "N08a", "N10a"]


def play(
    events: Iterable[dict[str, Any]], state: table.TableState | None = None, seed: int = 0
) -> table.TableState:
    """Prepare and apply each event, as the companion does."""
    state = state or table.new_state(PLAYERS, {})
    rng = random.Random(seed)
    for event in events:
        state = table.apply(state, table.prepare(state, event, rng))
    return state


def adjust(seat: int, counter: str, delta: int) -> dict[str, Any]:
    return {"type": "adjust", "seat": seat, "counter": counter, "delta": delta}


def refused(state: table.TableState, event: dict[str, Any]) -> str:
    with pytest.raises(RuleError) as error:
        table.apply(state, table.prepare(state, event, random.Random(0)))
    return str(error.value)


SET_UP = {"type": "setup", "faces": LAYOUT, "start_player": 0}
CAVE_FUNDS = [adjust(0, "bear", 2), adjust(0, "grape", 1)]


# --- new table ------------------------------------------------------------------------------


def test_counters_and_their_ranges() -> None:
    assert table.GAME == "hunting-age"
    assert table.COUNTERS == {
        "bear": (0, 12),
        "mammoth": (0, 8),
        "grape": (0, 12),
        "green_grain": (0, 12),
        "yellow_grain": (0, 8),
        "coins": (0, 99),
        "vp": (0, 50),
    }
    state = table.new_state(PLAYERS, {})
    assert table.counters(state) == [dict.fromkeys(table.COUNTERS, 0)] * 3


@pytest.mark.parametrize(
    ("players", "settings_", "message"),
    [
        (PLAYERS[:2], {}, "Age of Hunting needs 3 to 5 players, not 2"),
        (PLAYERS, {"edition": "deluxe"}, "edition must be campfire or original, not 'deluxe'"),
        (PLAYERS, {"rounds": 3}, "unknown setting 'rounds'; expected edition or start_player"),
        (PLAYERS, {"start_player": 3}, "seat must be a whole number from 0 to 2, not 3"),
    ],
)
def test_new_state_refuses(
    players: tuple[Player, ...], settings_: dict[str, Any], message: str
) -> None:
    with pytest.raises(RuleError) as error:
        table.new_state(players, settings_)
    assert str(error.value) == message


# --- adjust and the supply ----------------------------------------------------------------


def test_adjust_moves_food_between_supply_and_tribe() -> None:
    state = play([adjust(1, "mammoth", 3), adjust(1, "mammoth", -1), adjust(1, "coins", 5)])
    assert table.counters(state)[1] == {
        **dict.fromkeys(table.COUNTERS, 0),
        "mammoth": 2,
        "coins": 5,
    }
    assert state.supply.food.mammoth == 6


def test_adjust_refused_when_the_supply_cannot_give_it() -> None:
    state = play([adjust(0, "mammoth", 8)])
    assert refused(state, adjust(1, "mammoth", 1)) == "the supply has only 0 mammoth left, not 1"


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (adjust(0, "bear", -1), "bear would be -1; it must stay between 0 and 12"),
        (adjust(0, "coins", 100), "coins would be 100; it must stay between 0 and 99"),
        (adjust(3, "bear", 1), "seat must be a whole number from 0 to 2, not 3"),
        (
            adjust(0, "fish", 1),
            "unknown counter 'fish'; expected one of: bear, mammoth, "
            "grape, green_grain, yellow_grain, coins, vp",
        ),
        (
            {"type": "adjust", "seat": 0, "counter": ["bear"], "delta": 1},
            "unknown counter ['bear']; expected one of: bear, mammoth, grape, green_grain, "
            "yellow_grain, coins, vp",
        ),
        (adjust(0, "bear", True), "delta must be a whole number, not true"),  # type: ignore[arg-type]
        (
            {"type": "dance"},
            "unknown event type 'dance'; expected one of: adjust, setup, develop, harvest, "
            "store, end_turn",
        ),
        (
            {"type": ["adjust"]},
            "unknown event type ['adjust']; expected one of: adjust, "
            "setup, develop, harvest, store, end_turn",
        ),
    ],
)
def test_bad_events_are_refused(event: dict[str, Any], message: str) -> None:
    assert refused(table.new_state(PLAYERS, {}), event) == message


@pytest.mark.parametrize("event", [[1], "adjust", None])
def test_an_event_that_is_not_an_object_is_refused(event: object) -> None:
    # games.table.dispatch, shared with the other folds
    with pytest.raises(RuleError, match=r"^an event must be an object with a type$"):
        table.apply(table.new_state(PLAYERS, {}), event)  # type: ignore[arg-type]


def test_vp_track_reaching_ten_triggers_the_end() -> None:
    # H2
    state = play([adjust(1, "vp", 9)])
    assert state.end_trigger is None and state.turns_left is None
    state = play([adjust(1, "vp", 1)], state)
    assert state.end_trigger == 1
    assert state.turns_left == 2  # seat 0 is playing; seats 1 and 2 still play


# --- harvest (one event per hunting action) ---------------------------------------------


def harvest(seat: int, face: str, space: int, **extra: Any) -> dict[str, Any]:
    return {"type": "harvest", "seat": seat, "face": face, "space": space, **extra}


def test_a_harvest_takes_the_printed_space_in_one_event() -> None:
    # B1a's 5th hunting space prints bear ×2 + mammoth ×1; its 2nd bear ×1 + coin ×1
    state = play([SET_UP, harvest(1, "B1a", 4)])
    assert state.tribes[1].food == Food(bear=2, mammoth=1)
    assert state.supply.food == SUPPLY_LIMITS - Food(bear=2, mammoth=1)
    state = play([harvest(1, "B1a", 1)], state)
    assert state.tribes[1].food == Food(bear=3, mammoth=1) and state.tribes[1].coins == 1


def test_a_harvest_includes_the_harvesters_huts_on_that_card() -> None:
    # turn step 1: the chief's space and every hut of the seat on that card; B1a's build
    # space 1 harvests bear ×1
    funds = [adjust(0, k, n) for k, n in (("grape", 1), ("green_grain", 1), ("coins", 1))]
    hut = {"type": "develop", "seat": 0, "kind": "hut", "face": "B1a", "space": 0}
    state = play([SET_UP, *funds, hut])
    state = play([harvest(0, "B1a", 0), harvest(1, "B1a", 0)], state)
    assert state.tribes[0].food == Food(bear=2) and state.tribes[1].food == Food(bear=1)


def test_a_harvest_can_reach_the_end_trigger() -> None:
    # N10a's 4th hunting space gives a VP-track step and a coin
    state = play([SET_UP, adjust(2, "vp", 9), harvest(2, "N10a", 3)])
    assert state.tribes[2].track == 10 and state.tribes[2].coins == 1
    assert state.end_trigger == 2


def test_free_picks_take_the_choice_or_what_the_supply_has_most() -> None:
    # N01a's 4th hunting space: any food ×2
    state = play([SET_UP, harvest(0, "N01a", 3, choice={"mammoth": 1, "grape": 1})])
    assert state.tribes[0].food == Food(mammoth=1, grape=1)
    state = play([SET_UP, adjust(1, "bear", 12)])
    filled = table.prepare(state, harvest(0, "N01a", 3), random.Random(0))
    assert filled["choice"] == {"grape": 2}  # bear is gone; grape before green grain
    state = play([harvest(0, "N01a", 3)], state)
    assert state.tribes[0].food == Food(grape=2)


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (harvest(0, "N02a", 0), "face must be a hunting ground on the table: "),
        (harvest(0, "B1a", 5), "space must be a hunting space of B1a: 0 to 4"),
        (harvest(0, "B1a", True), "space must be a hunting space of B1a: 0 to 4"),
        (harvest(0, "B1a", 0, choice={"bear": 1}), "choose 0 food pieces for this harvest, not 1"),
        (harvest(0, "N01a", 3, choice={"bear": 1}), "choose 2 food pieces for this harvest, not 1"),
        (harvest(0, "N01a", 3, choice={"coins": 2}), 'choice: unknown item "coins"; expected'),
        (harvest(0, "N01a", 3, choice={"bear": -1}), "choice.bear must be a whole number"),
    ],
)
def test_bad_harvests_are_refused(event: dict[str, Any], message: str) -> None:
    state = play([SET_UP])
    assert refused(state, event).startswith(message)


def test_basic_food_picks_are_bear_grape_or_green_grain() -> None:
    # B3b's 3rd hunting space: 2 of bear, grape or green grain
    state = play([{**SET_UP, "faces": ["B1a", "B2a", "B3b", "B4a", "N01a", "N08a", "N10a"]}])
    event = harvest(0, "B3b", 2, choice={"mammoth": 2})
    assert refused(state, event) == "2 of the chosen pieces must be bear, grape or green grain"
    state = play([harvest(0, "B3b", 2, choice={"bear": 1, "grape": 1})], state)
    assert state.tribes[0].food == Food(bear=1, grape=1)


def test_a_harvest_the_supply_cannot_give_changes_nothing() -> None:
    state = play([SET_UP, adjust(1, "mammoth", 8)])
    assert refused(state, harvest(0, "B1a", 4)) == "the supply has only 0 mammoth left, not 1"


def test_the_original_edition_harvests_with_the_counters() -> None:
    state = table.new_state(PLAYERS, {"edition": "original"})
    state = play([SET_UP], state)
    assert refused(state, harvest(0, "B1a", 0)).startswith("a harvest is read off the Campfire")


# --- setup ------------------------------------------------------------------------------


def test_setup_is_drawn_by_prepare_and_replays_identically() -> None:
    state = table.new_state(PLAYERS, {})
    event = table.prepare(state, {"type": "setup"}, random.Random(5))
    assert event == table.prepare(state, {"type": "setup"}, random.Random(5))
    after = table.apply(state, event)
    assert len(after.faces) == 7 and after.current == after.start_player == event["start_player"]
    assert table.to_json(after)["opening_order"][-1] == after.start_player


@pytest.mark.parametrize(
    ("faces", "message"),
    [
        (
            ["B1a", "B2a", "B3a", "B4a", "N01a", "N02a"],
            "lay out each of the 4 basic cards and 3 different new-land cards, one side each",
        ),
        (
            ["B1a", "B1b", "B3a", "B4a", "N01a", "N02a", "N03a"],
            "lay out each of the 4 basic cards and 3 different new-land cards, one side each",
        ),
        (["B1a", "Z9"], "faces must be a list of hunting-ground faces such as B1a or N07b"),
        ("B1a", "faces must be a list of hunting-ground faces such as B1a or N07b"),
    ],
)
def test_bad_layouts_are_refused(faces: Any, message: str) -> None:
    event = {"type": "setup", "faces": faces, "start_player": 0}
    assert refused(table.new_state(PLAYERS, {}), event) == message


def test_setup_only_before_the_first_turn_ends() -> None:
    state = play([SET_UP, {"type": "end_turn"}])
    assert refused(state, SET_UP) == "the table can only be set up before the first turn ends"


# --- developments (H1) ------------------------------------------------------------------


def test_cave_creation_draws_chips_and_applies_rewards() -> None:
    state = play([SET_UP, *CAVE_FUNDS])
    event = table.prepare(state, {"type": "develop", "seat": 0, "kind": "cave"}, random.Random(2))
    assert len(event["chips"]) == 1  # the first creation flips 1 chip
    after = table.apply(state, event)
    tribe = after.tribes[0]
    assert tribe.caves_created == 1 and tribe.open_caves == 4
    assert tribe.revealed_chips == tuple(event["chips"])
    assert table.apply(state, event) == after  # the stored event replays identically
    # the cost went back to the supply; the reward (if food) came out of it
    total = after.supply.food + sum((t.food for t in after.tribes), Food())
    assert total == SUPPLY_LIMITS


def test_cave_creation_with_typed_chips() -> None:
    state = play(
        [SET_UP, *CAVE_FUNDS, {"type": "develop", "seat": 0, "kind": "cave", "chips": ["coins_2"]}]
    )
    assert state.tribes[0].coins == 2 and state.tribes[0].food == Food()


def test_revealed_chips_cannot_exceed_the_24() -> None:
    state = play(
        [
            SET_UP,
            *CAVE_FUNDS,
            {"type": "develop", "seat": 0, "kind": "cave", "chips": ["coins_2"]},
            {"type": "end_turn"},
            adjust(1, "bear", 2),
            adjust(1, "grape", 1),
            {"type": "develop", "seat": 1, "kind": "cave", "chips": ["coins_2"]},
            {"type": "end_turn"},
            adjust(2, "bear", 2),
            adjust(2, "grape", 1),
        ]
    )
    event = {"type": "develop", "seat": 2, "kind": "cave", "chips": ["coins_2"]}
    assert refused(state, event) == "only 2 rock chips show coin ×2, but 3 were revealed"


def test_drawn_chips_never_repeat_beyond_the_box() -> None:
    # 3 players × 3 creations = 12 chips drawn from the 24
    events: list[dict[str, Any]] = [SET_UP]
    for number in (1, 2, 3):  # extra cost: none, 1 coin, 1 coin + 1 food of choice
        for seat in range(3):
            events += [adjust(seat, "bear", 2), adjust(seat, "grape", 1)]
            develop = {"type": "develop", "seat": seat, "kind": "cave"}
            if number >= 2:
                events.append(adjust(seat, "coins", 1))
            if number == 3:
                events.append(adjust(seat, "mammoth", 1))
                develop["any_food"] = {"mammoth": 1}
            events += [develop, {"type": "store", "seat": seat}, {"type": "end_turn"}]
    state = play(events, seed=11)
    revealed = [b for t in state.tribes for b in t.revealed_chips]
    assert len(revealed) == 12
    assert [t.open_caves for t in state.tribes] == [6, 6, 6]


def test_one_development_per_turn_by_the_current_player() -> None:
    state = play(
        [
            SET_UP,
            *CAVE_FUNDS,
            adjust(0, "green_grain", 2),
            adjust(0, "grape", 1),
            adjust(0, "coins", 1),
            {"type": "develop", "seat": 0, "kind": "subordinate"},
        ]
    )
    assert state.tribes[0].subordinates_in_hand == 2
    assert (
        refused(state, {"type": "develop", "seat": 0, "kind": "cave"})
        == "only one development per turn"
    )
    assert (
        refused(state, {"type": "develop", "seat": 1, "kind": "cave"})
        == "it is Ann's turn, not Ben's"
    )


def test_unaffordable_development_changes_nothing() -> None:
    state = play([SET_UP, adjust(0, "bear", 1)])
    message = refused(state, {"type": "develop", "seat": 0, "kind": "cave"})
    assert (
        message == "you cannot afford it: it costs bear ×2, grape ×1; you are missing "
        "bear ×1, grape ×1"
    )
    assert state.tribes[0].food == Food(bear=1) and state.developed is False


def test_hut_on_a_catalog_space() -> None:
    # B2a's build cost is bear + grape + green grain; the 1st hut adds no extra; space 2
    # (0-based) scores 3 VP and uncovers 0 on the board
    funds = [adjust(0, "bear", 1), adjust(0, "grape", 1), adjust(0, "green_grain", 1)]
    state = play([SET_UP, *funds])
    assert table.to_json(state)["tribes"][0]["next_costs"]["hut"]["B2a"] == {
        "bear": 1,
        "grape": 1,
        "green_grain": 1,
    }
    state = play([{"type": "develop", "seat": 0, "kind": "hut", "face": "B2a", "space": 2}], state)
    hut = state.tribes[0].huts[0]
    assert (hut.vp, hut.face, hut.space) == (3, "B2a", 2)
    assert state.tribes[0].food == Food()
    assert table.scores(state)["scores"][0] == {"huts": 3, "board": 0, "track": 0, "total": 3}


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ({"face": "B1b", "space": 0}, "B1b is not on the table"),
        ({"face": "X1a", "space": 0}, "face must be a hunting-ground face such as B1a or N07b"),
        ({"face": "B2a", "space": 3}, "space must be a build space of B2a: 0 to 2"),
        ({"face": "B2a", "space": "1"}, "space must be a build space of B2a: 0 to 2"),
    ],
)
def test_bad_hut_places(event: dict[str, Any], message: str) -> None:
    state = play([SET_UP])
    assert refused(state, {"type": "develop", "seat": 0, "kind": "hut", **event}) == message


def test_one_hut_per_build_space_at_the_table() -> None:
    funds = [adjust(s, k, 1) for s in (0, 1) for k in ("bear", "grape", "green_grain")]
    hut = {"type": "develop", "kind": "hut", "face": "B2a", "space": 1}
    state = play([SET_UP, *funds, {**hut, "seat": 0}, {"type": "end_turn"}])
    assert refused(state, {**hut, "seat": 1}) == "build space 2 of B2a already has a hut"


def test_end_game_hut_scores_its_card() -> None:
    # N10a, space 0: flat 6 VP; cost bear + grape + green grain + mammoth
    funds = [adjust(0, k, 1) for k in ("bear", "grape", "green_grain", "mammoth")]
    state = play(
        [SET_UP, *funds, {"type": "develop", "seat": 0, "kind": "hut", "face": "N10a", "space": 0}]
    )
    assert state.tribes[0].huts[0].end_game == "flat_6"
    assert table.scores(state)["scores"][0]["huts"] == 6


def test_original_edition_takes_typed_costs_and_vp() -> None:
    state = table.new_state(PLAYERS, {"edition": "original"})
    state = play(
        [
            adjust(0, "bear", 3),
            adjust(0, "grape", 1),
            {
                "type": "develop",
                "seat": 0,
                "kind": "cave",
                "chips": ["vp_1"],
                "cost": {"bear": 3, "grape": 1},
                "uncovered_vp": 2,
            },
        ],
        state,
    )
    tribe = state.tribes[0]
    assert (tribe.food, tribe.track, tribe.board_vp) == (Food(), 1, 2)
    assert table.to_json(state)["tribes"][0]["next_costs"] is None
    state = play(
        [
            {"type": "end_turn"},
            adjust(1, "coins", 3),
            {
                "type": "develop",
                "seat": 1,
                "kind": "hut",
                "end_game": "coins_5",
                "cost": {"coins": 3},
                "uncovered_vp": 0,
            },
        ],
        state,
    )
    assert state.tribes[1].huts[0].scored_as == "coins_5"


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ({"kind": "cave", "cost": {}, "uncovered_vp": 0}, "chips must list the rock chips flipped"),
        (
            {"kind": "subordinate", "uncovered_vp": 0},
            "cost must be an object (keys: bear, mammoth, grape, green_grain, yellow_grain, "
            "coins, any_food), not null",
        ),
        (
            {"kind": "subordinate", "cost": {"gold": 1}, "uncovered_vp": 0},
            'cost: unknown item "gold"; expected one of: bear, mammoth, grape, green_grain, '
            "yellow_grain, coins, any_food",
        ),
        (
            {"kind": "subordinate", "cost": {}},
            "uncovered_vp must be a whole number (≥ 0), not null",
        ),
        (
            {"kind": "hut", "vp": -1, "cost": {}, "uncovered_vp": 0},
            "vp must be a whole number (≥ 0), not -1",
        ),
        (
            {"kind": "hut", "end_game": "flat_9", "cost": {}, "uncovered_vp": 0},
            "end_game must be one of mammoth_yellow, coins_5, flat_6, flat_5",
        ),
        (
            {"kind": "palace", "cost": {}, "uncovered_vp": 0},
            "unknown development 'palace'; expected cave, subordinate or hut",
        ),
    ],
)
def test_original_edition_bad_developments(event: dict[str, Any], message: str) -> None:
    state = table.new_state(PLAYERS, {"edition": "original"})
    assert refused(state, {"type": "develop", "seat": 0, **event}) == message


def test_any_food_choice_is_validated() -> None:
    state = play([SET_UP, *CAVE_FUNDS])
    event = {
        "type": "develop",
        "seat": 0,
        "kind": "cave",
        "chips": ["vp_1"],
        "any_food": {"bear": -1},
    }
    assert refused(state, event) == "any_food.bear must be a whole number (≥ 0), not -1"


# --- storage and turns ----------------------------------------------------------------------


def test_end_turn_requires_storage_first() -> None:
    state = play([adjust(0, "bear", 3), adjust(0, "grape", 2)])
    assert (
        refused(state, {"type": "end_turn"})
        == "store food first: 5 food pieces but only 3 open caves"
    )
    stored = play([{"type": "store", "seat": 0, "return": {"grape": 2}}], state)
    assert stored.tribes[0].food == Food(bear=3)
    assert stored.supply.food.grape == 12
    after = play([{"type": "end_turn"}], stored)
    assert (after.current, after.turn) == (1, 1)


def test_store_default_choice_is_recorded_in_the_event() -> None:
    state = play([adjust(0, "bear", 3), adjust(0, "grape", 2)])
    event = table.prepare(state, {"type": "store", "seat": 0}, random.Random(0))
    assert event["return"] == {"bear": 2}
    assert table.apply(state, event).tribes[0].food == Food(bear=1, grape=2)


def test_store_keeping_too_much_is_refused() -> None:
    state = play([adjust(0, "bear", 3), adjust(0, "grape", 2)])
    assert (
        refused(state, {"type": "store", "seat": 0, "return": {"grape": 1}})
        == "4 food pieces do not fit in 3 open caves: return 1 more to the supply"
    )
    assert refused(state, {"type": "store", "seat": 0, "return": {"fish": 1}}) == (
        'return: unknown item "fish"; expected one of: bear, mammoth, grape, green_grain, '
        "yellow_grain"
    )


def test_end_turn_of_the_wrong_seat_is_refused() -> None:
    # two phones tapping "end turn" at once: the second is refused
    state = play([{"type": "end_turn", "seat": 0}])
    assert refused(state, {"type": "end_turn", "seat": 0}) == "it is Ben's turn, not Ann's"


def test_game_ends_after_the_start_players_right_neighbour() -> None:
    # H2: start player 1; seat 2 reaches 10 VP on its turn; seat 0 (on seat 1's right)
    # then plays the last turn, so all have played equally
    state = play([{**SET_UP, "start_player": 1}, {"type": "end_turn"}, adjust(2, "vp", 10)])
    assert state.current == 2 and state.end_trigger == 2 and state.turns_left == 1
    state = play([{"type": "end_turn"}], state)
    assert state.turns_left == 0 and not state.over
    state = play([{"type": "end_turn"}], state)
    assert state.over and state.turn == 3
    assert refused(state, {"type": "end_turn"}) == "the game is over"
    assert refused(state, {"type": "develop", "seat": 1, "kind": "cave"}) == "the game is over"
    assert table.to_json(state)["end"] == {"trigger": 2, "turns_left": 0, "over": True}
    assert table.scores(state)["winners"] == [2]
    assert state.totals_by_turn == ((0, 0, 0), (0, 0, 10), (0, 0, 10))


def test_a_track_corrected_back_under_ten_does_not_end_the_game() -> None:
    # H2 (issue 21): the end is checked against the state when the round ends — a VP
    # track tapped 9→10→9 is a correction, not a trigger
    state = play([SET_UP, adjust(1, "vp", 9), adjust(1, "vp", 1)])
    assert state.end_trigger == 1
    state = play([adjust(1, "vp", -1)], state)
    assert state.end_trigger is None and state.turns_left is None
    state = play([{"type": "end_turn"}] * 3, state)
    assert not state.over and state.turn == 3
    assert table.to_json(state)["end"] == {"trigger": None, "turns_left": None, "over": False}


def test_the_trigger_passes_to_a_seat_still_at_ten() -> None:
    # H2: two tracks reach 10; the first is corrected back, the other still ends the game
    state = play([SET_UP, adjust(0, "vp", 10), adjust(2, "vp", 10), adjust(0, "vp", -1)])
    assert state.end_trigger == 2 and state.turns_left == 2
    state = play([{"type": "end_turn"}] * 3, state)
    assert state.over


def test_fifth_hut_triggers_the_end() -> None:
    # original edition: any cost, any VP — five huts in five turns of seat 0
    state = table.new_state(PLAYERS, {"edition": "original"})
    hut = {"type": "develop", "seat": 0, "kind": "hut", "vp": 1, "cost": {}, "uncovered_vp": 0}
    for _ in range(5):
        state = play([hut], state)
        if len(state.tribes[0].huts) < 5:
            state = play([{"type": "end_turn"}] * 3, state)
    assert state.end_trigger == 0 and state.turns_left == 2
    assert table.to_json(state)["tribes"][0]["pieces_left_on_board"] == 8


def test_ranking_uses_the_tie_breaks() -> None:
    # equal totals (2 VP each); Ben has a subordinate added (fewer pieces left) and wins
    state = play(
        [
            adjust(0, "vp", 2),
            adjust(1, "vp", 2),
            {"type": "end_turn"},
            adjust(1, "green_grain", 2),
            adjust(1, "grape", 1),
            adjust(1, "coins", 1),
            {"type": "develop", "seat": 1, "kind": "subordinate"},
        ]
    )
    assert table.scores(state)["ranking"] == [[1], [0], [2]]


# --- views ----------------------------------------------------------------------------------


def test_to_json_is_json() -> None:
    state = play([SET_UP, *CAVE_FUNDS, {"type": "develop", "seat": 0, "kind": "cave"}])
    data = json.loads(json.dumps(table.to_json(state)))
    assert data["edition"] == "campfire" and data["faces"] == LAYOUT
    assert data["tribes"][0]["next_costs"]["cave"] == {"bear": 2, "grape": 1, "coins": 1}
    assert data["tribes"][0]["next_costs"]["subordinate"] == {
        "grape": 1,
        "green_grain": 2,
        "coins": 1,
    }
    assert set(data["tribes"][0]["next_costs"]["hut"]) == set(LAYOUT)
    assert (data["tribes"][0]["chiefs_in_hand"], data["tribes"][0]["chips_on_board"]) == (2, 3)
    assert data["tribes"][0]["pieces_left_on_board"] == 12
    assert len(data["scores"]["scores"]) == 3
    assert data["scores"]["winners"] == data["scores"]["ranking"][0]
    assert data["end"] == {"trigger": None, "turns_left": None, "over": False}


@pytest.mark.parametrize(
    ("event", "template", "params"),
    [
        (
            adjust(1, "coins", 2),
            "{name}: {counter} {delta}",
            {"name": "Ben", "counter": "coins", "delta": "+2"},
        ),
        (
            adjust(0, "vp", -1),
            "{name}: {counter} {delta}",
            {"name": "Ann", "counter": "VP track", "delta": "-1"},
        ),
        (
            SET_UP,
            "The hunting grounds are laid out ({faces}); {name} starts",
            {"faces": ", ".join(LAYOUT), "name": "Ann"},
        ),
        (
            {"type": "develop", "seat": 2, "kind": "cave", "chips": ["vp_1", "bear_2"]},
            "{name} created a cave and flipped {chips}",
            {"name": "Cho", "chips": "VP ×1, bear ×2"},
        ),
        (
            {"type": "develop", "seat": 2, "kind": "cave", "chips": ["gold_9"]},
            "{name} created a cave",
            {"name": "Cho"},
        ),
        (
            {"type": "develop", "seat": 2, "kind": "subordinate"},
            "{name} added a subordinate",
            {"name": "Cho"},
        ),
        (
            {"type": "develop", "seat": 0, "kind": "hut", "face": "B2a", "space": 2},
            "{name} built a hut on {face}, build space {space}",
            {"name": "Ann", "face": "B2a", "space": 3},
        ),
        (
            {"type": "develop", "seat": 0, "kind": "hut", "vp": 2},
            "{name} built a hut",
            {"name": "Ann"},
        ),
        (
            {"type": "store", "seat": 1, "return": {"bear": 1}},
            "{name} stored food and returned {goods}",
            {"name": "Ben", "goods": "bear ×1"},
        ),
        (
            {"type": "store", "seat": 1, "return": {"bear": 0, "grape": 0}},
            "{name} stored food and returned nothing",
            {"name": "Ben"},
        ),
        (
            {"type": "store", "seat": 1, "return": {"gold": 1}},
            "{name} stored food",
            {"name": "Ben"},
        ),
        (
            adjust(2, "green_grain", 1),
            "{name}: {counter} {delta}",
            {"name": "Cho", "counter": "green grain", "delta": "+1"},
        ),
        ({"type": "end_turn", "seat": 2}, "{name} ended their turn", {"name": "Cho"}),
        ({"type": "dance"}, "unknown event {type}", {"type": "dance"}),
    ],
)
def test_describe_every_event(event: dict[str, Any], template: str, params: dict[str, Any]) -> None:
    described, values = table.describe(event, PLAYERS)
    # goods and rock chips are TermLists (translated word by word): compare their English
    english = {
        key: str(value) if isinstance(value, TermList) else value for key, value in values.items()
    }
    assert (described, english) == (template, params)
    template.format(**params)  # every placeholder has its value


# --- properties -----------------------------------------------------------------------------

events = st.one_of(
    st.builds(adjust, st.integers(0, 2), st.sampled_from(list(table.COUNTERS)), st.integers(-4, 4)),
    st.builds(lambda s: {"type": "store", "seat": s}, st.integers(0, 2)),
    st.builds(
        lambda s, k: {"type": "develop", "seat": s, "kind": k},
        st.integers(0, 2),
        st.sampled_from(["cave", "subordinate"]),
    ),
    st.just({"type": "end_turn"}),
)


@settings(max_examples=60)
@given(st.lists(events, max_size=40), st.integers(0, 1000))
def test_supply_and_caves_stay_within_the_rules(moves: list[dict[str, Any]], seed: int) -> None:
    state = table.new_state(PLAYERS, {})
    rng = random.Random(seed)
    for event in moves:
        try:
            state = table.apply(state, table.prepare(state, event, rng))
        except RuleError:
            continue
        for kind in FOODS:
            assert 0 <= state.supply.food[kind] <= SUPPLY_LIMITS[kind]
        assert state.supply.food + sum((t.food for t in state.tribes), Food()) == SUPPLY_LIMITS
        if event["type"] == "store":
            tribe = state.tribes[event["seat"]]
            assert tribe.food.total <= tribe.open_caves
        for row, counts in zip(state.tribes, table.counters(state), strict=True):
            for name, (low, high) in table.COUNTERS.items():
                assert low <= counts[name] <= high
            assert 0 <= row.caves_created <= 3 and 0 <= row.subordinates_added <= 4


track_taps = st.lists(
    st.one_of(
        st.builds(adjust, st.integers(0, 2), st.just("vp"), st.integers(-3, 3)),
        st.just({"type": "end_turn"}),
    ),
    max_size=40,
)


@settings(max_examples=80)
@given(track_taps)
def test_the_game_ends_exactly_when_a_track_is_at_ten_as_a_round_ends(
    moves: list[dict[str, Any]],
) -> None:
    # H2 property: whatever taps come before, a round's end ends the game if and only if
    # some track is at 10 or more then; the trigger shown is always a seat at 10 or more
    # (tracks start near 10 so taps cross it both ways)
    state = play([SET_UP, adjust(0, "vp", 8), adjust(1, "vp", 9), adjust(2, "vp", 10)])
    for event in moves:
        try:
            after = table.apply(state, table.prepare(state, event, random.Random(0)))
        except RuleError:
            continue
        at_ten = [seat for seat, t in enumerate(after.tribes) if t.track >= 10]
        assert (after.end_trigger is None) == (not at_ten)
        assert after.end_trigger is None or after.end_trigger in at_ten
        if event["type"] == "end_turn" and not state.over:
            round_ends = state.current == (state.start_player - 1) % len(PLAYERS)
            assert after.over == (round_ends and bool(at_ten))
        state = after
