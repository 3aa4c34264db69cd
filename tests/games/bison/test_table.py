"""The Bison table fold: stocks, actions (B6), market and exchange (B7), cap (B8), rounds."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from refusals import refused

from games.bison import fold as table
from games.bison.economy import ANIMALS, Stocks
from games.bison.rounds import Action
from games.errors import RuleError
from games.table import Player
from tests.games.bison.builders import ANN_ON_THE_RIVER

PLAYERS = (Player("Ann", "red"), Player("Ben", "yellow"), Player("Cho", "green"))


def new(players: int = 3, **settings: Any) -> table.State:
    return table.new_state(
        PLAYERS[:players] if players <= 3 else (*PLAYERS, Player("Dan", "blue")), settings
    )


def act(state: table.State, seat: int, action: str, hunters: int, **fields: Any) -> table.State:
    return table.apply(
        state, {"type": "action", "seat": seat, "action": action, "hunters": hunters, **fields}
    )


def fold(state: table.State, *events: dict[str, Any]) -> table.State:
    for event in events:
        state = table.apply(state, event)
    return state


# --- set-up and the protocol -------------------------------------------------------------


def test_protocol_names() -> None:
    assert table.GAME == "bison"
    assert table.COUNTERS == {"bison": (0, 15), "salmon": (0, 15), "turkey": (0, 15)}


def test_new_state_and_counters() -> None:
    state = new(3, start_seat=2)
    assert table.counters(state) == [{"bison": 10, "salmon": 10, "turkey": 10}] * 3
    shown = table.to_json(state)
    assert (shown["round"], shown["rounds"], shown["removed_tiles"]) == (1, 5, 3)
    assert (shown["start_seat"], shown["next_seat"], shown["finished"]) == (2, 2, False)
    assert shown["winners"] == []
    assert [t["tile"] for t in shown["board"]["tiles"]] == ["S1", "S3", "S2"]
    assert shown["board"]["pieces"] == [] and shown["log"] == []
    seat = shown["seats"][0]
    assert seat["pieces"] == {
        "hunters": {"supply": 4, "board": 0, "market": 4},
        "tents": {"supply": [1, 2], "board": [], "market": [1, 2, 3, 4]},
        "canoes": {"supply": [1, 2], "board": [], "market": [1, 2, 3, 4]},
    }
    assert (seat["actions_left"], seat["tile_due"], seat["total"]) == (4, True, 30)
    assert seat["available"] == [a.value for a in Action]


@pytest.mark.parametrize(
    ("players", "settings", "message"),
    [
        (1, {}, "Bison is played by 2 to 4 players, not 1"),
        (
            3,
            {"variant": 1},
            "unknown setting 'variant'; expected one of: start_seat, variant_1, variant_2, "
            "max_totem_distance, whatif",
        ),
        (3, {"whatif": 1}, "the setting whatif must be true or false"),
        (3, {"variant_2": "yes"}, "the setting variant_2 must be true or false"),
        (3, {"start_seat": 3}, "start_seat must be a whole number (0–2), not 3"),
        (2, {"start_seat": True}, "start_seat must be a whole number (0–1), not true"),
        (
            3,
            {"max_totem_distance": 0},
            "max_totem_distance must be a whole number (1–10), not 0",
        ),
        (
            3,
            {"max_totem_distance": "3"},
            'max_totem_distance must be a whole number (1–10), not "3"',
        ),
    ],
)
def test_new_state_refusals(players: int, settings: dict[str, Any], message: str) -> None:
    with refused(message):
        table.new_state(PLAYERS[:players], settings)


def test_settings_are_kept() -> None:
    state = new(2, variant_2=True, max_totem_distance=4)
    assert state.settings.several_structures  # variant 2 includes variant 1 (B11)
    assert table.to_json(state)["settings"] == {
        "start_seat": 0,
        "variant_1": False,
        "variant_2": True,
        "max_totem_distance": 4,
        "whatif": False,
    }


def test_prepare_is_identity() -> None:
    event = {"type": "end_round"}
    assert table.prepare(new(), event, random.Random(1)) is event


# --- adjust --------------------------------------------------------------------------------


def test_adjust_changes_one_counter() -> None:
    state = table.apply(new(), {"type": "adjust", "seat": 1, "counter": "salmon", "delta": 5})
    assert table.counters(state)[1] == {"bison": 10, "salmon": 15, "turkey": 10}
    assert table.counters(state)[0] == {"bison": 10, "salmon": 10, "turkey": 10}


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (
            {"seat": 0, "counter": "salmon", "delta": 6},
            "salmon would be 16; it must stay between 0 and 15",
        ),
        (
            {"seat": 0, "counter": "turkey", "delta": -11},
            "turkey would be -1; it must stay between 0 and 15",
        ),
        (
            {"seat": 3, "counter": "bison", "delta": 1},
            "seat must be a whole number from 0 to 2, not 3",
        ),
        (
            {"seat": 0, "counter": "herd", "delta": 1},
            "unknown counter 'herd'; expected one of: bison, salmon, turkey",
        ),
        ({"seat": 0, "counter": "bison", "delta": "1"}, 'delta must be a whole number, not "1"'),
    ],
)
def test_adjust_refusals(event: dict[str, Any], message: str) -> None:
    with refused(message):
        table.apply(new(), {"type": "adjust", **event})


# --- actions (B6) --------------------------------------------------------------------------


def test_place_tile_with_hunters_pays_the_default_split() -> None:
    # IT: "when green puts 3 hunters into play he pays 4 animals".
    state = act(new(), 0, "place_tile", 3)
    assert table.counters(state)[0] == {"bison": 8, "salmon": 9, "turkey": 9}
    seat = table.to_json(state)["seats"][0]
    assert seat["pieces"]["hunters"] == {"supply": 1, "board": 3, "market": 4}
    assert seat["actions"] == ["place_tile"]
    assert not seat["tile_due"]
    assert table.to_json(state)["next_seat"] == 1


def test_an_action_with_a_chosen_split() -> None:
    state = act(new(), 0, "place_tile", 4, payment={"turkey": 7})
    assert table.counters(state)[0] == {"bison": 10, "salmon": 10, "turkey": 3}


def test_an_action_without_hunters_gains_one_animal() -> None:
    state = act(new(), 0, "move_3", 0, gain="salmon")
    assert table.counters(state)[0] == {"bison": 10, "salmon": 11, "turkey": 10}
    assert table.to_json(state)["seats"][0]["actions"] == ["move_3"]


def test_one_hunter_is_free() -> None:
    state = act(new(), 0, "place_tile", 1)
    assert table.counters(state)[0] == {"bison": 10, "salmon": 10, "turkey": 10}


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"action": "tent", "hunters": 6}, "an action uses 0 to 5 hunters, not 6"),
        (
            {"action": "dance", "hunters": 1},
            "unknown action 'dance'; expected one of: place_tile, tent, canoe, gather, move_1, "
            "move_3",
        ),
        (
            {"action": "place_tile", "hunters": 0},
            "choose the animal you gain for an action without hunters: bison, salmon, turkey",
        ),
        (
            {"action": "place_tile", "hunters": 0, "gain": "elk"},
            "unknown animal 'elk'; expected one of: bison, salmon, turkey",
        ),
        (
            {"action": "place_tile", "hunters": 0, "payment": {"bison": 1}, "gain": "bison"},
            "an action without hunters costs nothing; it gains one animal",
        ),
        (
            {"action": "place_tile", "hunters": 2, "gain": "bison"},
            "only an action without hunters gains an animal",
        ),
        (
            {"action": "place_tile", "hunters": 2, "payment": {"bison": 1}},
            "the payment must add up to 2 animals, not 1",
        ),
        (
            {"action": "place_tile", "hunters": 5},
            "you have only 4 hunters in your supply, not 5; buy more at the market",
        ),
        (
            {"action": "place_tile", "hunters": 1, "override": "yes"},
            'the field "override" must be true or false',
        ),
        ({"action": "move_1", "hunters": 1}, "you have only 0 hunters on the board, not 1"),
        (
            {"action": "gather", "hunters": 1},
            "gathering 1 hunters needs 2 of your hunters on the board (one to gather at); you "
            "have 0",
        ),
    ],
)
def test_action_refusals(fields: dict[str, Any], message: str) -> None:
    with refused(message):
        table.apply(new(), {"type": "action", "seat": 0, **fields})


def test_refused_when_unaffordable() -> None:
    state = fold(
        new(2), *({"type": "adjust", "seat": 0, "counter": a, "delta": -8} for a in ANIMALS)
    )
    with refused("this costs 7 animals but you have only 6"):
        act(state, 0, "place_tile", 4)


def test_refused_when_already_marked_or_out_of_turn() -> None:
    state = act(act(new(2), 0, "place_tile", 1), 1, "place_tile", 1)
    with refused(
        "you have already taken “place your tile and hunters” this round; each action "
        "once per round"
    ):
        act(state, 0, "place_tile", 1)
    state = act(state, 0, "tent", 0, gain="bison")
    with refused("it is not your turn: Ben takes the next action"):
        act(state, 0, "canoe", 0, gain="bison")
    overridden = act(state, 0, "canoe", 0, gain="bison", override=True)
    assert table.to_json(overridden)["seats"][0]["actions"] == ["place_tile", "tent", "canoe"]
    assert table.to_json(overridden)["next_seat"] == 1


def test_no_hunters_left_in_supply() -> None:
    state = act(new(2), 0, "place_tile", 4)
    state = act(state, 1, "move_1", 0, gain="bison")
    assert table.to_json(state)["seats"][0]["pieces"]["hunters"]["supply"] == 0
    state = fold(state, {"type": "end_round", "override": True})  # seat 1 starts round 2
    state = act(state, 1, "tent", 0, gain="bison")
    with refused("you have only 0 hunters in your supply, not 1; buy more at the market"):
        act(state, 0, "place_tile", 1)


def test_mandatory_tile_placement_through_the_table() -> None:
    state = new(2)
    for action in ("tent", "canoe", "gather"):
        state = act(state, 0, action, 0, gain="bison", override=True)
    assert table.to_json(state)["seats"][0]["available"] == ["place_tile"]
    with refused("you must place your tile this round, and this is your last action"):
        act(state, 0, "move_1", 0, gain="bison", override=True)


# --- tents and canoes ---------------------------------------------------------------------


def placed(hunters: int = 3, **settings: Any) -> table.State:
    """Ann has placed her tile with ``hunters`` hunters; Ben passed; Ann is next."""
    state = act(new(2, **settings), 0, "place_tile", hunters)
    return act(state, 1, "move_1", 0, gain="bison")


def test_build_a_tent_returns_hunters_jp_example() -> None:
    # JP: 3 hunters on a space; a 2-person tent costs 2 animals and sends 2 hunters home.
    state = act(placed(3), 0, "tent", 2, builds=[{"size": 2}])
    pieces = table.to_json(state)["seats"][0]["pieces"]
    assert pieces["hunters"] == {"supply": 3, "board": 1, "market": 4}
    assert pieces["tents"]["board"] == [2]
    assert sum(table.counters(state)[0].values()) == 30 - 4 - 2  # 3 hunters, then 2


def test_enlarge_a_canoe() -> None:
    state = act(placed(2), 0, "canoe", 1, builds=[{"size": 1}])
    state = act(state, 1, "tent", 0, gain="salmon")
    state = act(state, 0, "tent", 0, gain="salmon")
    state = act(state, 1, "canoe", 0, gain="salmon")
    state = act(state, 0, "move_1", 0, gain="salmon")
    pieces_before = table.to_json(state)["seats"][0]["pieces"]
    assert pieces_before["canoes"]["board"] == [1]
    state = fold(state, {"type": "end_round", "override": True})
    # IT: "one hunter enlarges a single canoe into a double; no cost".
    state = act(state, 1, "tent", 0, gain="turkey")
    state = act(state, 0, "canoe", 1, builds=[{"size": 2, "replaces": 1}])
    assert table.to_json(state)["seats"][0]["pieces"]["canoes"] == {
        "supply": [1],
        "board": [2],
        "market": [1, 2, 3, 4],
    }


@pytest.mark.parametrize(
    ("hunters", "builds", "message"),
    [
        (2, None, 'say which tent to build: builds needs at least one {"size": n, "replaces": m}'),
        (2, "big", 'builds must be a list like [{"size": 2, "replaces": 0}]'),
        (2, [{"replaces": 0}], 'build 1 must be an object like {"size": 2, "replaces": 0}'),
        (
            2,
            [{"size": 1}, {"size": 1}],
            "one action builds or enlarges one tent (variant 1 allows several)",
        ),
        (2, [{"size": 1}], "these builds use 1 hunters, but the action says 2"),
        (3, [{"size": 3}], "you have no size-3 tent in your supply; buy one at the market first"),
        (
            1,
            [{"size": 0, "replaces": 1}],
            "the structure size must be a whole number (1–4), not 0",
        ),
        (0, [{"size": 1}], "an action without hunters builds nothing; it gains one animal"),
    ],
)
def test_tent_refusals(hunters: int, builds: object, message: str) -> None:
    event: dict[str, Any] = {
        "type": "action",
        "seat": 0,
        "action": "tent",
        "hunters": hunters,
        "gain": "bison" if hunters == 0 else None,
    }
    if builds is not None:
        event["builds"] = builds
    with refused(message):
        table.apply(placed(3), event)


def test_shrinking_needs_variant_2() -> None:
    state = act(placed(3), 0, "tent", 2, builds=[{"size": 2}])
    state = fold(act(state, 1, "tent", 0, gain="bison"), {"type": "end_round", "override": True})
    state = act(state, 1, "canoe", 0, gain="bison")
    with refused(
        "build 1: a tent can only be built or enlarged, from size 2 to a larger size, "
        "not 1 (variant 2 allows shrinking)"
    ):
        act(state, 0, "tent", 1, builds=[{"size": 1, "replaces": 2}])


def test_variant_1_builds_several_for_the_total_cost() -> None:
    # B11: one action, 4 hunters in all, costs 7 (a bought size-1 tent makes three builds).
    state = placed(4, variant_1=True)
    state = table.apply(state, {"type": "buy", "seat": 0, "item": "tent", "size": 1})
    state = act(state, 0, "tent", 4, builds=[{"size": 1}, {"size": 1}, {"size": 2}])
    pieces = table.to_json(state)["seats"][0]["pieces"]
    assert pieces["tents"]["board"] == [1, 1, 2]
    assert pieces["hunters"] == {"supply": 4, "board": 0, "market": 4}
    assert sum(table.counters(state)[0].values()) == 30 - 7 - 3 - 7


def test_variant_2_shrinks_and_removes() -> None:
    state = act(placed(3, variant_2=True), 0, "tent", 3, builds=[{"size": 2}, {"size": 1}])
    state = fold(act(state, 1, "tent", 0, gain="bison"), {"type": "end_round", "override": True})
    state = act(state, 1, "canoe", 0, gain="bison")
    state = act(
        state, 0, "tent", 2, builds=[{"size": 1, "replaces": 2}, {"size": 0, "replaces": 1}]
    )
    pieces = table.to_json(state)["seats"][0]["pieces"]
    assert pieces["tents"]["board"] == [1]
    assert pieces["hunters"]["board"] == 2


# --- market and exchange (B7) ---------------------------------------------------------------


def test_buy_hunter_and_tent() -> None:
    state = fold(
        new(),
        {"type": "buy", "seat": 2, "item": "hunter"},
        {"type": "buy", "seat": 2, "item": "tent", "size": 3},
    )
    assert table.counters(state)[2] == {"bison": 6, "salmon": 6, "turkey": 6}
    pieces = table.to_json(state)["seats"][2]["pieces"]
    assert pieces["hunters"] == {"supply": 5, "board": 0, "market": 3}
    assert pieces["tents"]["supply"] == [1, 2, 3]
    assert pieces["tents"]["market"] == [1, 2, 4]


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ({"item": "horse"}, "the market sells a hunter, a tent or a canoe, not 'horse'"),
        ({"item": "canoe"}, "the structure size must be a whole number (1–4), not null"),
        (
            {"item": "canoe", "size": 4, "seat": 1},
            "this costs 4 of each animal; you have 10 bison, 3 salmon and 10 turkey",
        ),
    ],
)
def test_buy_refusals(event: dict[str, Any], message: str) -> None:
    state = table.apply(new(), {"type": "adjust", "seat": 1, "counter": "salmon", "delta": -7})
    with refused(message):
        table.apply(state, {"type": "buy", "seat": 0, **event})


def test_market_runs_out() -> None:
    state = new()
    for _ in range(4):
        state = table.apply(state, {"type": "buy", "seat": 0, "item": "hunter"})
    with refused("there are no more of your hunters in the market"):
        table.apply(state, {"type": "buy", "seat": 0, "item": "hunter"})


def test_exchange_event() -> None:
    state = table.apply(
        new(), {"type": "exchange", "seat": 0, "give": "bison", "get": "turkey", "times": 2}
    )
    assert table.counters(state)[0] == {"bison": 4, "salmon": 10, "turkey": 12}
    state = table.apply(
        state, {"type": "exchange", "seat": 0, "give": "salmon", "get": "turkey", "times": 3}
    )
    assert table.counters(state)[0] == {"bison": 4, "salmon": 1, "turkey": 15}
    with refused("your turkey stock has room for only 0 more"):
        table.apply(state, {"type": "exchange", "seat": 0, "give": "bison", "get": "turkey"})


# --- awards under the cap (B8) and the end of rounds ------------------------------------


def test_award_with_default_overflow_policy() -> None:
    state = table.apply(new(), {"type": "award", "seat": 0, "gains": {"bison": 11}})
    # 21 bison, surplus 6: the first triple goes to salmon (tied with turkey as the
    # smallest; salmon comes first), the second to turkey, now the smallest.
    assert table.counters(state)[0] == {"bison": 15, "salmon": 11, "turkey": 11}


def test_award_with_the_players_exchanges() -> None:
    state = table.apply(
        new(),
        {
            "type": "award",
            "seat": 0,
            "gains": {"bison": 11},
            "exchanges": [{"give": "bison", "get": "turkey"}],
        },
    )
    assert table.counters(state)[0] == {"bison": 15, "salmon": 10, "turkey": 11}
    with refused('exchanges must be a list like [{"give": "bison", "get": "salmon"}]'):
        table.apply(new(), {"type": "award", "seat": 0, "gains": {"bison": 1}, "exchanges": "none"})
    with refused('gains must be an object like {"bison": 1, "salmon": 0, "turkey": 2}'):
        table.apply(new(), {"type": "award", "seat": 0})


def test_end_round_rotates_totem_and_the_last_round_empties_the_stocks_b10() -> None:
    state = new(2)
    with refused("the round is not over: Ann still has 4 of 4 actions to take"):
        table.apply(state, {"type": "end_round"})
    for _ in range(5):
        state = table.apply(state, {"type": "end_round", "override": True})
    assert (table.to_json(state)["round"], table.to_json(state)["start_seat"]) == (6, 1)
    for action in ("place_tile", "tent", "canoe", "gather"):
        for seat in (1, 0):  # Ben holds the totem in round 6
            state = act(state, seat, action, 0, gain="turkey")
    assert table.to_json(state)["round_complete"]
    state = table.apply(state, {"type": "end_round"})
    assert table.to_json(state)["finished"]
    assert table.counters(state) == [{"bison": 0, "salmon": 0, "turkey": 0}] * 2
    # The final scoring is still awarded; nothing else changes the stocks any more.
    assert table.to_json(state)["winners"] == [0, 1]  # all at 0: a shared win so far
    state = table.apply(state, {"type": "award", "seat": 1, "gains": {"salmon": 4}})
    assert table.counters(state)[1]["salmon"] == 4
    assert table.to_json(state)["winners"] == [1]
    with refused("the game is over; the stocks are final"):
        table.apply(state, {"type": "exchange", "seat": 1, "give": "salmon", "get": "bison"})
    with refused("the game is over; the stocks are final"):
        table.apply(state, {"type": "buy", "seat": 1, "item": "hunter"})
    with refused("the game is over; no more actions can be taken"):
        act(state, 0, "tent", 0, gain="bison")


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (
            {"type": "scored"},
            "unknown event type 'scored'; expected one of: adjust, action, "
            "buy, exchange, award, end_round, tile, pieces, score, play, "
            "correct, start_tile, reopen",
        ),
        (
            {},
            "unknown event type None; expected one of: adjust, action, buy, exchange, award, "
            "end_round, tile, pieces, score, play, correct, start_tile, reopen",
        ),
    ],
)
def test_unknown_events(event: dict[str, Any], message: str) -> None:
    with refused(message):
        table.apply(new(), event)


def test_an_event_that_is_not_an_object() -> None:
    with refused("an event must be an object with a type"):  # games.table.dispatch
        table.apply(new(), ["action"])  # type: ignore[arg-type]


# --- history -------------------------------------------------------------------------------


B08_PRAIRIE = {"at": [1, -1], "space": "prairie", "tile": "B08"}
B08_RIVER = {"at": [1, -1], "space": "river", "tile": "B08"}
#: Ann places B07 with 2 hunters on its river (as an ``action`` or as a ``play``).
PLACE_B07 = {
    "seat": 0,
    "action": "place_tile",
    "hunters": 2,
    "at": [1, -1],
    "tile": "B07",
    "space": "river",
}
#: Ann places a retail tile without hunters, gaining a bison.
PLACE_RETAIL = {
    "type": "play",
    "seat": 0,
    "action": "place_tile",
    "at": [2, -1],
    "edges": "PPMMMM",
    "animals": {"river": 3},
    "gain": "bison",
}


@pytest.mark.parametrize(
    ("event", "text"),
    [
        ({"type": "adjust", "seat": 0, "counter": "bison", "delta": 2}, "Ann: bison +2"),
        ({"type": "adjust", "seat": 1, "counter": "turkey", "delta": -1}, "Ben: turkey -1"),
        (
            {"type": "action", "seat": 2, "action": "place_tile", "hunters": 3},
            "Cho: place your tile and hunters (3 hunters, paid 4 animals)",
        ),
        (
            {"type": "action", "seat": 2, "action": "tent", "hunters": 1},
            "Cho: build or enlarge a tent (1 hunter, at no cost)",
        ),
        (
            {"type": "action", "seat": 0, "action": "move_3", "hunters": 0, "gain": "salmon"},
            "Ann: move hunters 1 to 3 spaces each (no hunters: gained 1 salmon)",
        ),
        (
            {"type": "action", **PLACE_B07},
            "Ann: place your tile and hunters: tile B07 placed (2 hunters, paid 2 animals)",
        ),
        (
            {"type": "play", **PLACE_B07},
            "Ann: place your tile and hunters: tile B07 placed, the hunters on its river (2 "
            "hunters, paid 2 animals)",
        ),
        (
            {**PLACE_RETAIL, "label": "R2"},
            "Ann: place your tile and hunters: retail tile R2 placed (no hunters: gained 1 bison)",
        ),
        (
            PLACE_RETAIL,
            "Ann: place your tile and hunters: a retail tile placed (no hunters: gained 1 bison)",
        ),
        (
            {
                "type": "play",
                "seat": 1,
                "action": "move_1",
                "moves": [
                    {"from": B08_PRAIRIE, "to": B08_RIVER, "hunters": 2},
                    {"from": {"at": [3, -1], "space": "mountain"}, "to": B08_RIVER, "hunters": 1},
                ],
            },
            "Ben: move hunters 1 space each: 2 from the prairie of B08 to the river of B08; "
            "1 from the mountain at [3,-1] to the river of B08 (3 hunters, paid 4 animals)",
        ),
        (
            {
                "type": "play",
                "seat": 1,
                "action": "gather",
                "gather": {"to": B08_RIVER, "from": [{"space": B08_PRAIRIE, "hunters": 2}]},
            },
            "Ben: gather hunters: to the river of B08: 2 from the prairie of B08 (2 hunters, "
            "paid 2 animals)",
        ),
        (
            {
                "type": "play",
                "seat": 2,
                "action": "canoe",
                "hunters": 2,
                "builds": [{"space": B08_RIVER, "size": 2}],
            },
            "Cho: build or enlarge a canoe: size 2 on the river of B08 (2 hunters, paid 2 animals)",
        ),
        (
            {
                "type": "play",
                "seat": 2,
                "action": "tent",
                "builds": [{"space": B08_PRAIRIE, "size": 3}],
            },
            "Cho: build or enlarge a tent: size 3 on the prairie of B08",
        ),
        (
            {
                "type": "correct",
                "spaces": [
                    {**B08_PRAIRIE, "seat": 1, "hunters": 2, "structure": 0},
                    {**B08_RIVER, "seat": 1, "hunters": 0, "structure": 1},
                    {"at": [0, 0], "space": "mountain", "hunters": 0, "structure": 0},
                ],
            },
            "correction of the board: the prairie of B08: Ben, hunters ×2; the river of B08: "
            "Ben, hunters ×0, a size-1 canoe; the mountain at [0,0] emptied",
        ),
        (ANN_ON_THE_RIVER, "correction of the board: the river at [0,1]: Ann, hunters ×1"),
        ({"type": "buy", "seat": 1, "item": "hunter"}, "Ben bought a hunter at the market"),
        (
            {"type": "buy", "seat": 1, "item": "canoe", "size": 2},
            "Ben bought a size-2 canoe at the market",
        ),
        (
            {"type": "exchange", "seat": 0, "give": "bison", "get": "salmon", "times": 2},
            "Ann exchanged bison ×6 for salmon ×2",
        ),
        ({"type": "award", "seat": 2, "gains": {"bison": 7}}, "Cho received bison ×7 from scoring"),
        ({"type": "award", "seat": 2, "gains": {}}, "Cho received nothing from scoring"),
        ({"type": "tile", "at": [1, -1], "tile": "B07"}, "tile B07 placed"),
        (
            {
                "type": "score",
                "overflow": [
                    {
                        "seat": 0,
                        "region": 1,
                        "exchanges": [{"give": "bison", "get": "salmon", "times": 2}],
                        "buys": [{"item": "tent", "size": 2}, {"item": "hunter"}],
                    },
                    {"seat": 1, "region": 1},
                ],
            },
            "the board was scored and the round ended; over 15: Ann: 3 bison for 1 salmon; "
            "3 bison for 1 salmon; bought a size-2 tent; bought a hunter; Ben exchanged "
            "nothing",
        ),
        ({"type": "end_round"}, "the round ended"),
        (
            {"type": "end_round", "override": True},
            "the round was ended by the table before all actions were taken",
        ),
        ({"type": "reopen"}, "the game was reopened after the final scoring"),
    ],
)
def test_describe_every_event_type(event: dict[str, Any], text: str) -> None:
    template, params = table.describe(event, PLAYERS)
    assert template.format(**params) == text


# --- properties ----------------------------------------------------------------------------

seats = st.integers(0, 2)
animals = st.sampled_from(ANIMALS)
events = st.one_of(
    st.fixed_dictionaries(
        {
            "type": st.just("action"),
            "seat": seats,
            "action": st.sampled_from([a.value for a in Action]),
            "hunters": st.integers(0, 5),
            "gain": animals,
            "override": st.booleans(),
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("action"),
            "seat": seats,
            "action": st.sampled_from(["place_tile", "tent", "canoe"]),
            "hunters": st.integers(1, 5),
            "payment": st.fixed_dictionaries({a: st.integers(0, 4) for a in ANIMALS}),
            "builds": st.lists(
                st.fixed_dictionaries({"size": st.integers(1, 4), "replaces": st.integers(0, 2)}),
                max_size=1,
            ),
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("buy"),
            "seat": seats,
            "item": st.sampled_from(["hunter", "tent", "canoe"]),
            "size": st.integers(1, 4),
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("exchange"),
            "seat": seats,
            "give": animals,
            "get": animals,
            "times": st.integers(1, 3),
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("award"),
            "seat": seats,
            "gains": st.fixed_dictionaries({a: st.integers(0, 12) for a in ANIMALS}),
        }
    ),
    st.fixed_dictionaries(
        {"type": st.just("adjust"), "seat": seats, "counter": animals, "delta": st.integers(-6, 6)}
    ),
    st.fixed_dictionaries({"type": st.just("end_round"), "override": st.booleans()}),
)


@settings(max_examples=150)
@given(st.lists(events, max_size=40))
def test_any_event_sequence_keeps_the_table_consistent(history: list[dict[str, Any]]) -> None:
    state = new(3)
    for event in history:
        try:
            after = table.apply(state, event)
        except RuleError:
            continue  # refused: the fold is pure, so nothing changed
        for stocks in after.stocks:
            assert all(0 <= stocks.get(a) <= 15 for a in ANIMALS)
        if event["type"] not in ("end_round",):
            # An event for one seat never touches another seat's stocks or pieces.
            for other in range(3):
                if other != event["seat"]:
                    assert after.stocks[other] == state.stocks[other]
                    assert after.supplies[other] == state.supplies[other]
        for supply in after.supplies:
            hunters = supply.hunters_supply + supply.hunters_board + supply.hunters_market
            assert hunters == 8
        assert table.to_json(after)["seats"]  # always serialisable
        template, params = table.describe(event, PLAYERS)
        template.format(**params)
        state = after
    assert isinstance(state.stocks[0], Stocks)


def test_winner_after_the_final_awards_it_tie_break_example_b10() -> None:
    # IT 5.0: yellow 10 bison / 14 turkey / 6 salmon = 30, red 12 / 7 / 11 = 30: red wins.
    state = new(2)
    for _ in range(6):
        state = table.apply(state, {"type": "end_round", "override": True})
    state = fold(
        state,
        {"type": "award", "seat": 0, "gains": {"bison": 10, "turkey": 14, "salmon": 6}},
        {"type": "award", "seat": 1, "gains": {"bison": 12, "turkey": 7, "salmon": 11}},
    )
    assert table.to_json(state)["winners"] == [1]


def test_award_with_the_amended_overflow_choice() -> None:  # B8 as amended
    state = new(2)
    state = table.apply(
        state,
        {
            "type": "award",
            "seat": 0,
            "gains": {"bison": 7},
            "overflow": {"exchanges": [{"give": "bison", "get": "turkey", "times": 2}], "buys": []},
        },
    )
    assert state.stocks[0] == Stocks(11, 10, 12)  # 17 − 6, nothing lost
    bought = table.apply(
        new(2),
        {
            "type": "award",
            "seat": 0,
            "gains": {"bison": 7},
            "overflow": {"buys": [{"item": "hunter"}]},
        },
    )
    assert bought.stocks[0] == Stocks(15, 9, 9)  # 17 − 1 = 16: 1 over the cap
    assert bought.supplies[0].hunters_supply == 5
    with refused("give either exchanges (the old form) or overflow, not both"):
        table.apply(
            new(2),
            {"type": "award", "seat": 0, "gains": {"bison": 7}, "overflow": {}, "exchanges": []},
        )


def test_a_round_ended_anyway_names_its_actions_not_taken_and_scores_with_override() -> None:
    """The photo's "Confirm and score" with actions left (issue 32): the rules say which
    seats have how many actions not taken (B6), whether a ``score`` with ``override``
    needs no choice (B8), and that score ends the round as the score page's "end the
    round anyway" does; without ``override`` it is refused."""
    state = act(new(2), 0, "move_3", 0, gain="bison")
    assert table.actions_not_taken(state) == {0: 3, 1: 4}
    assert not table.scores_in_one_tap(state)
    assert table.scores_in_one_tap(state, override=True)
    with refused("the round is not over: Ann still has 3 of 4 actions to take"):
        table.apply(state, {"type": "score"})
    scored = table.apply(state, {"type": "score", "override": True, "lock": True})
    assert scored.rounds.round == state.rounds.round + 1
    assert table.actions_not_taken(scored) == {0: 4, 1: 4}  # the next round's
