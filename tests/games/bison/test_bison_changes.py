"""Bison's typed changes (games/bison/changes.py, issue 36 item 3): each event read once
into its frozen dataclass and written back as the same JSON; the fold takes them typed
(``fold.apply_change``); tables stored before replay exactly as they did (B4–B11)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import registry
from games.bison import changes
from games.bison import fold as table
from games.bison.catalog import CATALOG
from games.bison.rounds import Action
from games.changes import JSONObject
from games.errors import RuleError
from games.table import Player
from tests.games.bison.builders import RETAIL_R1

STORED = Path(__file__).parent / "data" / "stored_events.json"
PLAYERS = (Player("Ann", "red"), Player("Ben", "yellow"), Player("Cho", "green"))
RULES = registry.get("bison").rules()


def _tables() -> list[dict[str, Any]]:
    tables: list[dict[str, Any]] = json.loads(STORED.read_text())["tables"]
    return tables


def _players(raw: list[dict[str, str]]) -> list[Player]:
    return [Player(p["name"], p["color"]) for p in raw]


@pytest.mark.parametrize("number", range(len(_tables())))
def test_stored_events_fold_exactly_as_before(number: int) -> None:
    """Events the fold took before typed changes (panel plays, and API events with extra,
    missing, null or junk fields) are taken, and refused, as then; the table ends as it
    did. Never newly refused: a stored history always replays."""
    stored = _tables()[number]
    state = table.new_state(_players(stored["players"]), stored["settings"])
    refused = []
    for index, event in enumerate(stored["events"]):
        try:
            state = table.apply(state, event)
        except RuleError:
            refused.append(index)
    assert refused == stored["refused"]
    after = table.to_json(state)
    assert table.counters(state) == stored["after"]["counters"]
    assert after["round"] == stored["after"]["round"]
    assert [seat["pieces"] for seat in after["seats"]] == stored["after"]["seats"]
    assert {key: after["board"][key] for key in ("tiles", "pieces")} == stored["after"]["board"]


@pytest.mark.parametrize("number", range(len(_tables())))
def test_a_stored_event_read_at_the_edge_folds_the_same(number: int) -> None:
    """What an import stores (``Rules.read``: the change's own JSON) folds to the same
    table as the event it read, and reads back as the same change."""
    stored = _tables()[number]
    state = table.new_state(_players(stored["players"]), stored["settings"])
    for index, event in enumerate(stored["events"]):
        if index in stored["refused"]:
            continue
        change = changes.from_json(event)
        assert changes.from_json(change.to_json()) == change
        # (a board compares by identity: its repr shows every tile and piece)
        assert repr(table.apply(state, RULES.read(event))) == repr(table.apply(state, event))
        state = table.apply_change(state, change)


# --- round trips ------------------------------------------------------------------------

SEATS = st.integers(0, 3)
HEXES = st.tuples(st.integers(-3, 3), st.integers(-3, 3))
SPACES = st.sampled_from(["prairie", "river", "mountain"])
ANIMALS = st.sampled_from(["bison", "salmon", "turkey"])
FLAGS = st.none() | st.booleans()
ROTATIONS = st.none() | st.integers(0, 5)
AMOUNTS = st.lists(st.tuples(ANIMALS, st.integers(0, 9)), max_size=3, unique_by=lambda p: p[0])
RETAIL = st.sampled_from(
    [("PPPMMM", {"prairie": 2, "river": 1}), ("PMMMMM", {"river": 1, "mountain": 2})]
)
REF = st.fixed_dictionaries({"at": st.lists(st.integers(-3, 3), min_size=2, max_size=2)})


@st.composite
def placements(draw: st.DrawFn) -> changes.Placement:
    at = draw(HEXES)
    rotation = draw(ROTATIONS)
    if draw(st.booleans()):
        return changes.Placement(at, draw(st.sampled_from(sorted(CATALOG))), rotation=rotation)
    edges, animals = draw(RETAIL)
    label = draw(st.none() | st.sampled_from(["R1", "R2"]))
    return changes.Placement(at, None, edges, animals, rotation, label)


@st.composite
def actions(draw: st.DrawFn) -> changes.ActionTaken:
    action = draw(st.sampled_from(list(Action)))
    hunters = draw(st.integers(0, 5))
    gain = draw(ANIMALS) if hunters == 0 else None
    payment = None if hunters == 0 else draw(st.none() | AMOUNTS.map(tuple))
    placement = space = builds = None
    if action is Action.PLACE_TILE and draw(st.booleans()):
        placement = draw(placements())
        space = draw(SPACES) if hunters else None
    if action in (Action.TENT, Action.CANOE):
        builds = draw(st.none() | st.just([{"size": 2, "replaces": 1}]))
    seat, override = draw(SEATS), draw(FLAGS)
    return changes.ActionTaken(
        seat, action, hunters, override, gain, payment, builds, placement, space
    )


@st.composite
def plays(draw: st.DrawFn) -> changes.Play:
    action = draw(st.sampled_from(list(Action)))
    seat, override = draw(SEATS), draw(FLAGS)
    gain = draw(st.none() | ANIMALS | st.just(changes.Unread(3)))
    payment = draw(st.none() | AMOUNTS.map(tuple) | st.just(changes.Unread("")))
    if action is Action.PLACE_TILE:
        hunters = draw(st.none() | st.integers(0, 5))
        space = draw(SPACES) if hunters else None
        return changes.Play(
            seat, action, hunters, override, gain, payment, draw(placements()), space
        )
    hunters_sent = draw(st.none() | st.integers(0, 9) | st.just(changes.Unread(True)))
    moved: dict[str, Any] = {}
    if action in (Action.TENT, Action.CANOE):
        moved["builds"] = [{"space": draw(REF), "size": 1}]
    elif action is Action.GATHER:
        moved["gather"] = draw(st.none() | st.just({"to": {}, "from": []}))
    else:
        moved["moves"] = draw(st.none() | st.just([]))
    return changes.Play(seat, action, hunters_sent, override, gain, payment, **moved)


LAZY_FLAGS = FLAGS | st.sampled_from([changes.Unread(0), changes.Unread(None)])

CHANGES = st.one_of(
    st.builds(changes.Adjust, SEATS, ANIMALS, st.integers(-20, 20)),
    actions(),
    plays(),
    st.builds(
        changes.Correct, st.lists(st.fixed_dictionaries({"at": REF}), min_size=1, max_size=2)
    ),
    st.builds(changes.Buy, SEATS, st.just("hunter")),
    st.builds(changes.Buy, SEATS, st.sampled_from(["tent", "canoe"]), st.integers(1, 4)),
    st.builds(
        changes.Exchange, SEATS, st.just("bison"), st.just("turkey"), st.none() | st.integers(1, 5)
    ),
    st.builds(changes.Award, SEATS, AMOUNTS.map(tuple), st.none() | st.just([])),
    st.builds(
        changes.Award, SEATS, AMOUNTS.map(tuple), st.none(), st.just({"exchanges": [], "buys": []})
    ),
    st.builds(changes.EndRound, FLAGS),
    st.builds(changes.PlaceTile, placements()),
    st.builds(changes.StartTile, HEXES, st.just("PPPMMM"), st.just({"river": 3}), ROTATIONS),
    st.builds(
        changes.Pieces,
        HEXES,
        SPACES,
        st.none() | SEATS,
        st.none() | st.integers(0, 8),
        st.none() | st.integers(0, 4),
    ),
    st.builds(changes.Score, st.none() | st.just([]), st.none(), LAZY_FLAGS, LAZY_FLAGS),
    st.builds(changes.Score, st.none(), st.none() | st.just([]), LAZY_FLAGS, LAZY_FLAGS),
    st.just(changes.Reopen()),
)


@settings(max_examples=300, deadline=None)
@given(change=CHANGES)
def test_a_change_reads_back_from_its_json(change: changes.BisonChange) -> None:
    """``from_json(to_json(c)) == c``, as python-chess's ``Move.from_uci(m.uci())``; the
    JSON is plain JSON (text and back) with ``type`` first."""
    written = change.to_json()
    assert json.loads(json.dumps(written)) == written
    assert next(iter(written)) == "type"
    assert changes.from_json(written) == change
    assert changes.from_json(RULES.read(written)) == change


# --- what the panel writes is stored as it is --------------------------------------------

PANEL_EVENTS: list[JSONObject] = [
    {"type": "adjust", "seat": 0, "counter": "bison", "delta": -1},
    {
        "type": "action",
        "seat": 1,
        "action": "tent",
        "hunters": 2,
        "override": False,
        "payment": {"bison": 1, "salmon": 1, "turkey": 0},
        "builds": [{"size": 3, "replaces": 1, "at": [1, 0], "space": "prairie"}],
    },
    {
        "type": "play",
        "seat": 0,
        "action": "move_1",
        "hunters": 1,
        "moves": [
            {
                "from": {"at": [0, 0], "space": "prairie", "tile": "S1"},
                "to": {"at": [1, 0], "space": "prairie", "tile": "S2"},
                "hunters": 1,
            }
        ],
    },
    {
        "type": "play",
        "seat": 2,
        "action": "place_tile",
        "hunters": 2,
        "payment": {"bison": 1, "salmon": 0, "turkey": 1},
        **RETAIL_R1,
        "space": "river",
    },
    {"type": "play", "seat": 0, "action": "gather", "gain": "turkey"},
    {"type": "buy", "seat": 1, "item": "canoe", "size": 2},
    {"type": "exchange", "seat": 0, "give": "bison", "get": "salmon", "times": 1},
    {"type": "award", "seat": 2, "gains": {"bison": 7}, "exchanges": []},
    {"type": "end_round", "override": True},
    {"type": "tile", "at": [1, -1], "tile": "B07", "rotation": 2},
    {"type": "start_tile", "at": [0, 0], "edges": "PPMMMM", "animals": {"river": 3}},
    {"type": "pieces", "at": [0, 1], "space": "river", "seat": 0, "hunters": 1, "structure": 0},
    {"type": "correct", "spaces": [{"at": [0, 0], "space": "prairie", "hunters": 0}]},
    {"type": "score", "overflow": [], "override": False, "lock": True},
    {"type": "reopen"},
]


@pytest.mark.parametrize("event", PANEL_EVENTS, ids=lambda event: str(event["type"]))
def test_an_event_in_the_documented_order_is_stored_byte_for_byte(event: JSONObject) -> None:
    assert json.dumps(RULES.read(event)) == json.dumps(event)


def test_an_event_in_another_order_is_stored_in_the_documented_one() -> None:
    posted = {"override": True, "space": "river", "type": "pieces", "at": [0, 1]}
    assert json.dumps(RULES.read(posted)) == json.dumps(
        {"type": "pieces", "at": [0, 1], "space": "river"}
    )


def test_a_field_the_fold_ignores_is_left_out() -> None:
    """Tile fields on an action that places no tile, a hunter's size: never read, so a
    stored table with them replays, and what is stored from now on leaves them out."""
    event = {"type": "action", "seat": 0, "action": "gather", "hunters": 0, "gain": "bison"}
    assert RULES.read({**event, "at": "junk", "builds": 3, "label": None}) == event
    assert RULES.read({"type": "buy", "seat": 0, "item": "hunter", "size": "x"}) == {
        "type": "buy",
        "seat": 0,
        "item": "hunter",
    }


# --- bad fields: a clear refusal, nothing changes ------------------------------------------

BAD: list[tuple[JSONObject, str]] = [
    ({"type": "action", "seat": "0", "action": "gather", "hunters": 0}, "seat must be"),
    ({"type": "action", "seat": 0, "action": "fly", "hunters": 0}, "unknown action 'fly'"),
    ({"type": "action", "seat": 0, "action": "gather", "hunters": 6}, "0 to 5 hunters"),
    (
        {"type": "action", "seat": 0, "action": "gather", "hunters": 0, "override": "yes"},
        'the field "override" must be true or false',
    ),
    (
        {"type": "action", "seat": 0, "action": "gather", "hunters": 0, "payment": {"bison": 1}},
        "an action without hunters costs nothing",
    ),
    (
        {"type": "action", "seat": 0, "action": "gather", "hunters": 2, "gain": "bison"},
        "only an action without hunters gains an animal",
    ),
    (
        {"type": "action", "seat": 0, "action": "gather", "hunters": 2, "payment": []},
        "the payment must be an object",
    ),
    (
        {"type": "action", "seat": 0, "action": "gather", "hunters": 0, "gain": "deer"},
        "unknown animal 'deer'",
    ),
    (
        {"type": "action", "seat": 0, "action": "place_tile", "hunters": 1, "at": [1, -1]},
        "say which tile",
    ),
    (
        {"type": "action", "seat": 0, "action": "place_tile", "hunters": 1, "at": [9]},
        '"at" must be [q, r]',
    ),
    (
        {
            "type": "action",
            "seat": 0,
            "action": "place_tile",
            "hunters": 1,
            "at": [1, -1],
            "tile": "B07",
        },
        "say on which space of the tile the 1 hunters stand",
    ),
    (
        {"type": "action", "seat": 0, "action": "tent", "hunters": 1, "builds": {}},
        "builds must be a list",
    ),
    ({"type": "play", "seat": 0, "action": "tent"}, "builds must be a list"),
    ({"type": "play", "seat": 0, "action": "place_tile", "tile": "B07"}, '"at" must be'),
    (
        {"type": "play", "seat": 0, "action": "place_tile", "at": [1, -1], "tile": "Z9"},
        'unknown tile "Z9"',
    ),
    (
        {
            "type": "play",
            "seat": 0,
            "action": "place_tile",
            "at": [1, -1],
            "tile": "B07",
            "rotation": 6,
        },
        '"rotation" must be a whole number (0–5)',
    ),
    (
        {
            "type": "play",
            "seat": 0,
            "action": "place_tile",
            "at": [1, -1],
            "tile": "B07",
            "edges": "PPPMMM",
        },
        "give either tile",
    ),
    ({"type": "correct", "spaces": []}, "a correction lists at least one space"),
    ({"type": "buy", "seat": 0, "item": "boat"}, "the market sells a hunter, a tent or a canoe"),
    ({"type": "buy", "seat": 0, "item": "tent", "size": 5}, "the structure size"),
    ({"type": "exchange", "seat": 0, "give": "bison", "get": "bison"}, "a different one"),
    ({"type": "exchange", "seat": 0, "give": "bison", "get": "salmon", "times": 0}, "exchanges"),
    ({"type": "award", "seat": 0, "gains": [1]}, "gains must be an object"),
    (
        {"type": "award", "seat": 0, "gains": {}, "exchanges": [], "overflow": {}},
        "give either exchanges (the old form) or overflow, not both",
    ),
    ({"type": "award", "seat": 0, "gains": {}, "exchanges": 3}, "exchanges must be a list"),
    ({"type": "end_round", "override": 1}, 'the field "override" must be true or false'),
    ({"type": "tile", "at": [1, -1], "edges": "PPPPPP", "animals": {}}, "edges"),
    ({"type": "start_tile", "at": [0, 0], "edges": "PPPMMM"}, "animals must be an object"),
    ({"type": "pieces", "at": [0, 1], "space": "lake"}, 'the field "space" must be'),
    ({"type": "pieces", "at": [0, 1], "space": "river", "hunters": 9}, "hunters must be"),
    ({"type": "score", "overflow": [], "exchanges": []}, "give either exchanges"),
    ({"type": "score", "overflow": {}}, "overflow must be a list"),
    ({"type": "score", "exchanges": "all"}, "exchanges must be a list"),
]


@pytest.mark.parametrize(("event", "message"), BAD, ids=lambda value: str(value)[:40])
def test_a_bad_field_is_refused_by_name_and_nothing_changes(
    event: JSONObject, message: str
) -> None:
    state = table.new_state(PLAYERS, {})
    before = table.to_json(state)
    with pytest.raises(RuleError) as refused:
        changes.from_json(event)
    assert message in str(refused.value)
    with pytest.raises(RuleError) as folded:
        table.apply(state, event)
    assert str(folded.value) == str(refused.value)  # the same sentence at every edge
    assert table.to_json(state) == before


def test_a_flag_the_fold_reads_late_is_refused_only_where_it_counts() -> None:
    """``lock`` counts at the final scoring only (B10): a score of an earlier round that
    carries a bad one was taken, and still is; the final scoring refuses it."""
    state = table.new_state(PLAYERS, {})
    scored = table.apply(state, {"type": "score", "override": True, "lock": "x"})
    assert scored.rounds.round == 2
    while scored.rounds.round < scored.rounds.rounds:
        scored = table.apply(scored, {"type": "score", "override": True})
    with pytest.raises(RuleError, match='the field "lock" must be true or false'):
        table.apply(scored, {"type": "score", "override": True, "lock": "x"})


def test_a_play_without_hunters_takes_an_empty_payment_of_any_kind() -> None:
    """As it always did: ``"payment": ""`` with no hunters used pays nothing (B6)."""
    state = table.new_state(PLAYERS, {})
    event = {"type": "play", "seat": 0, "action": "gather", "gain": "bison", "payment": ""}
    after = table.apply(state, event)
    assert after.stocks[0].bison == state.stocks[0].bison + 1
    assert RULES.read(event) == event


def test_the_fold_takes_typed_changes() -> None:
    state = table.new_state(PLAYERS, {})
    change = changes.Buy(0, "canoe", 2)
    assert repr(table.apply_change(state, change)) == repr(table.apply(state, change.to_json()))
    with pytest.raises(RuleError, match="seat must be a whole number from 0 to 2"):
        table.apply_change(state, changes.Buy(5, "hunter"))
