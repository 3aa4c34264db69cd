"""A Dog's Life's typed changes (games/dogs_life/changes.py): every change reads back from
its own JSON, the JSON is the stored one (games stored before typed changes replay to the
same table and read back byte for byte), history the fold accepted is never refused now,
and bad JSON is refused with the fold's own message, never a TypeError or a KeyError."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from refusals import outcome
from typed_changes import stored_again

from games import registry
from games.dogs_life import changes, fold
from games.dogs_life.catalog import Find, Section
from games.dogs_life.city import CITY
from games.dogs_life.deck import Draw
from games.dogs_life.dog import ItemKind
from games.errors import RuleError
from games.table import Player

from .table_play import new, play

#: Two seeded games (every event type, the pound's draws, moves on the map that start a
#: turn, the van catching dogs, trash day, newspapers delivered) as the fold stored them
#: before typed changes (commit 878b446), with the table each ended at.
STORED_GAMES = json.loads((Path(__file__).parent / "stored_games.json").read_text())

seats = st.integers(min_value=-2, max_value=8)
counts = st.integers(min_value=-1, max_value=13)
recorded = st.one_of(
    st.none(),
    st.lists(
        st.tuples(
            seats,
            st.builds(
                Draw,
                st.integers(0, 13),
                st.lists(st.lists(st.integers(0, 13), max_size=3).map(tuple), max_size=2).map(
                    tuple
                ),
            ),
        ),
        max_size=3,
    ).map(tuple),
)
chance: dict[str, st.SearchStrategy[Any]] = {
    "draws": recorded,
    "outcome": st.none() | st.sampled_from(["hungry", "won", "food-2", "x"]),
    "trash_day": st.none() | st.booleans(),
}


def maybe(strategy: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.none() | strategy


def seated(cls: type[changes.Seated], *fields: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    return st.builds(cls, seats, *fields, **chance)


squares = st.sampled_from(sorted(CITY.squares))
seat_lists = st.lists(seats, max_size=3).map(tuple)
CHANGE = st.one_of(
    st.builds(changes.Adjust, seats, st.sampled_from(sorted(fold.COUNTERS)), counts),
    st.just(changes.EndGame()),
    *(seated(cls) for cls in (changes.StartTurn, changes.EndTurn, changes.Drink)),
    seated(changes.Move, st.none(), counts),
    seated(changes.Move, squares, maybe(counts), maybe(st.booleans())),
    seated(changes.VanMove, maybe(squares), maybe(seat_lists), maybe(seat_lists)),
    seated(changes.Rummage, maybe(st.sampled_from(Find))),
    seated(changes.Beg, maybe(st.sampled_from(Find))),
    seated(changes.Eat, counts),
    seated(changes.Pee, maybe(seats)),
    seated(changes.PickUp, st.just(ItemKind.BONE)),
    seated(
        changes.PickUp,
        st.just(ItemKind.NEWSPAPER),
        maybe(st.sampled_from(changes.SOURCES)),
        maybe(counts),
    ),
    seated(changes.Drop, st.just(ItemKind.BONE)),
    seated(changes.Drop, st.just(ItemKind.NEWSPAPER), counts),
    seated(changes.Bury, maybe(counts)),
    seated(changes.ToPound, maybe(st.sampled_from(changes.REASONS))),
    seated(changes.DrawCard, st.sampled_from(Section), maybe(counts)),
    seated(changes.DrawCard, st.just(Section.FIGHT), maybe(counts), seats),
    seated(changes.RollDie, maybe(counts)),
)


def test_every_event_type_has_one_class_and_its_old_fields() -> None:
    assert registry.get("dogs-life").rules().changes is changes.CHANGES
    chance_fields = {"draws", "die", "outcome", "trash_day"}
    assert fold.EVENT_FIELDS["end_game"] == {"type"}
    assert fold.EVENT_FIELDS["adjust"] == {"type", "seat", "counter", "delta"}
    assert fold.EVENT_FIELDS["move"] == {"type", "seat", "steps", "to", "started", *chance_fields}
    assert fold.EVENT_FIELDS["draw"] == {"type", "seat", "section", "address", "against"} | (
        chance_fields
    )
    assert fold.EVENT_FIELDS["roll_die"] == {"type", "seat", *chance_fields}
    assert len(fold.EVENT_FIELDS) == 17


@given(CHANGE)
def test_a_change_reads_back_from_its_json(change: changes.DogsChange) -> None:
    stored = stored_again(changes.CHANGES, change)
    assert list(stored)[:2] == ["type", "seat"][: len(stored)] or change.kind == "adjust"


@pytest.mark.parametrize("game", STORED_GAMES, ids=["game-1", "game-2"])
def test_a_game_stored_before_replays_to_the_same_table(game: dict[str, Any]) -> None:
    """Stored history folds as it did, event by event, to the same table; every event reads
    back and is written again byte for byte (an export imported again is the same)."""
    players = [Player(p["name"], p["color"]) for p in game["players"]]
    state = fold.new_state(players, game["settings"])
    for event in game["events"]:
        state = fold.apply(state, event)
        assert json.dumps(changes.from_json(event).to_json()) == json.dumps(event)
    assert fold.to_json(state) == game["final"]


def test_the_stored_games_hold_every_kind_of_event() -> None:
    events = [event for game in STORED_GAMES for event in game["events"]]
    assert {event["type"] for event in events} == set(fold.EVENT_FIELDS)
    assert any(e["type"] == "start_turn" and "draws" in e for e in events)  # the pound
    assert any(e.get("started") for e in events)  # D5: a move on the map starts the turn
    assert any(e["type"] == "van" and (e["caught"] or e["near"]) for e in events)
    assert any(e.get("trash_day") for e in events)
    assert {e.get("section") for e in events} >= {s.value for s in Section} - {"pound"}


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_prepare_fills_what_the_change_leaves_open(seed: int) -> None:
    """An event read at the edge (its chance fields ``None``) is prepared, and the stored
    event reads back byte for byte; sent in another key order, it is stored in the
    documented one."""
    state, _ = play(new(), {"type": "start_turn", "seat": 0}, {"type": "drink", "seat": 0})
    posted: list[dict[str, Any]] = [
        {"item": "newspaper", "seat": 0, "type": "pick_up"},
        {"section": "trash", "type": "draw", "seat": 0},
        {"type": "draw", "seat": 0, "section": "fight", "against": 1},
        {"type": "rummage", "seat": 0, "find": "bone"},
        {"type": "roll_die", "seat": 0},
    ]
    rng = random.Random(seed)
    accepted = 0
    for event in posted:
        read = changes.from_json(event)
        prepared = fold.prepare(state, read.to_json(), rng)
        again = changes.from_json(prepared)
        assert json.dumps(again.to_json()) == json.dumps(prepared)
        assert list(prepared)[:2] == ["type", "seat"]
        try:
            state = fold.apply_change(state, again)
        except RuleError:
            continue  # e.g. the fight was lost: Fifi is in the pound
        accepted += 1
    assert accepted >= 3


def test_a_move_and_the_van_record_what_the_board_made_of_them() -> None:
    state, stored = play(
        new(),
        {"type": "move", "seat": 0, "to": "c05r10", "steps": 1, "started": False},
        {"type": "roll_die", "seat": 0},
        seed=3,
    )
    assert stored[0] == {"type": "move", "seat": 0, "to": "c05r10", "steps": 7, "started": True}
    stop = sorted(fold.rules.van_stops(state))[0]
    _, [van] = play(state, {"type": "van", "seat": 0, "to": stop, "caught": [2]})
    assert list(van) == ["type", "seat", "to", "caught", "near"]
    assert van["caught"] == []


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ({"type": "drink", "seat": "0"}, 'seat must be a whole number, not "0"'),
        ({"type": "drink"}, "seat must be a whole number, not null"),
        ({"type": "adjust", "seat": 0, "counter": "fleas", "delta": 1}, "unknown counter"),
        ({"type": "adjust", "seat": 0, "counter": "hunger", "delta": 1.5}, "delta must be"),
        ({"type": "move", "seat": 0}, "steps is missing"),
        ({"type": "move", "seat": 0, "steps": True}, "steps must be a whole number, not true"),
        ({"type": "move", "seat": 0, "to": "moon"}, "to must be a square of the city"),
        ({"type": "move", "seat": 0, "to": "c05r10", "steps": "7"}, "steps must be a whole"),
        ({"type": "van", "seat": 0, "to": "c05r10", "near": 1}, "the recorded catch does not"),
        ({"type": "rummage", "seat": 0, "find": ["bone"]}, "find must be one of: nothing, "),
        ({"type": "beg", "seat": 0, "find": None}, "find must be one of"),
        ({"type": "eat", "seat": 0}, "days is missing"),
        ({"type": "eat", "seat": 0, "days": "2"}, 'days must be a whole number, not "2"'),
        ({"type": "pee", "seat": 0, "covers": "Ben"}, 'covers must be a whole number, not "Ben"'),
        ({"type": "pick_up", "seat": 0, "item": "stick"}, "item must be bone or newspaper"),
        ({"type": "pick_up", "seat": 0, "item": "bone", "from": "roof"}, "from must be office"),
        ({"type": "pick_up", "seat": 0, "item": "bone", "from": "street"}, "only a newspaper"),
        ({"type": "pick_up", "seat": 0, "item": "newspaper", "address": None}, "address must"),
        ({"type": "drop", "seat": 0, "item": "newspaper"}, "address is missing"),
        ({"type": "bury", "seat": 0, "count": None}, "count must be a whole number, not null"),
        ({"type": "to_pound", "seat": 0, "reason": {}}, "reason must be caught or fight"),
        ({"type": "draw", "seat": 0, "section": 3}, "section must be one of: trash, "),
        ({"type": "draw", "seat": 0, "section": "trash", "address": "7"}, "address must be"),
        ({"type": "draw", "seat": 0, "section": "fight", "against": "Ben"}, "against must be"),
        ({"type": "roll_die", "seat": 0, "die": 2.0}, "die must be a whole number, not 2.0"),
        ({"type": "drink", "seat": 0, "draws": "ace"}, "draws must be the list of seat, card"),
        ({"type": "drink", "seat": 0, "draws": [{"seat": 0}]}, "draws must be the list"),
    ],
)
def test_a_bad_field_is_refused_by_name_and_changes_nothing(
    event: dict[str, Any], message: str
) -> None:
    rules = registry.get("dogs-life").rules()
    with pytest.raises(RuleError, match="^" + re.escape(message)):
        rules.read(event)
    state = new()
    before = fold.to_json(state)
    with pytest.raises(RuleError, match="^" + re.escape(message)):
        fold.apply(state, event)
    assert fold.to_json(state) == before


@pytest.mark.parametrize(
    ("stored", "same_as"),
    [
        # fields the fold never read: accepted and left out, as before they changed nothing
        ({"type": "drink", "seat": 0, "die": "six"}, {"type": "drink", "seat": 0}),
        (
            {"type": "pick_up", "seat": 0, "item": "bone", "address": "x"},
            {"type": "pick_up", "seat": 0, "item": "bone"},
        ),
        (
            {"type": "drop", "seat": 0, "item": "bone", "address": []},
            {"type": "drop", "seat": 0, "item": "bone"},
        ),
        (
            {"type": "draw", "seat": 0, "section": "trash", "against": "Ben"},
            {"type": "draw", "seat": 0, "section": "trash"},
        ),
        (
            {"type": "move", "seat": 0, "steps": 1, "started": "x"},
            {"type": "move", "seat": 0, "steps": 1},
        ),
        ({"type": "pee", "seat": 0, "covers": None}, {"type": "pee", "seat": 0}),
        # what only the history line reads: a string outcome, the truth of trash_day
        ({"type": "drink", "seat": 0, "outcome": 5}, {"type": "drink", "seat": 0}),
        (
            {"type": "drink", "seat": 0, "trash_day": 1},
            {"type": "drink", "seat": 0, "trash_day": True},
        ),
        (
            {"type": "drink", "seat": 0, "draws": [{"seat": 0, "card": 3, "x": 1}]},
            {"type": "drink", "seat": 0, "draws": [{"seat": 0, "card": 3, "shuffles": []}]},
        ),
    ],
)
def test_history_the_fold_accepted_is_never_refused(
    stored: dict[str, Any], same_as: dict[str, Any]
) -> None:
    """Fields an old fold ignored are still accepted (and still change nothing): the
    change reads them as the fold always did."""
    assert changes.from_json(stored).to_json() == same_as
    state, _ = play(new(), {"type": "start_turn", "seat": 0})
    assert outcome(lambda: fold.apply(state, stored)) == outcome(lambda: fold.apply(state, same_as))


@settings(max_examples=60, deadline=None)
@given(change=CHANGE, seed=st.integers(0, 100))
def test_the_fold_takes_a_typed_change_as_its_json(change: changes.DogsChange, seed: int) -> None:
    """``apply`` (the stored JSON) and ``apply_change`` (the typed change) agree: the same
    table, or the same refusal."""
    state, _ = play(new(timed_minutes=30), {"type": "start_turn", "seat": seed % 3}, seed=seed)

    typed = outcome(lambda: fold.apply_change(state, change))
    stored = outcome(lambda: fold.apply(state, change.to_json()))
    assert typed == stored
