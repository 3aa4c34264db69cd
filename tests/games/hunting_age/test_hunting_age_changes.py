"""Age of Hunting's typed changes (games/hunting_age/changes.py): every change reads back
from its own JSON, the JSON is the stored one (databases and exports read back unchanged,
fields ``prepare`` fills included), and bad JSON is refused with the one domain error,
never a TypeError or a KeyError."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from refusals import outcome

from games.hunting_age import changes, fold
from games.hunting_age.cards import FACES_BY_ID
from games.hunting_age.components import FOODS, ROCK_CHIPS
from games.hunting_age.scoring import END_GAME_SCORES
from games.table import Player

PLAYERS = [Player("Ann", "red"), Player("Ben", "blue"), Player("Cho", "green")]

seats = st.integers(min_value=-3, max_value=10)
counts = st.integers(min_value=0, max_value=12)
faces = st.sampled_from(sorted(FACES_BY_ID))


def goods(keys: tuple[str, ...]) -> st.SearchStrategy[changes.Goods]:
    return st.dictionaries(st.sampled_from(keys), counts, max_size=3).map(
        lambda d: tuple(d.items())
    )


def maybe(strategy: st.SearchStrategy[object]) -> st.SearchStrategy[object]:
    return st.none() | strategy


CHANGE = st.one_of(
    st.builds(changes.Adjust, seats, st.sampled_from(sorted(changes.COUNTERS)), seats),
    st.builds(
        changes.Setup,
        maybe(seats),
        maybe(st.lists(faces, max_size=7).map(tuple)),
    ),
    st.builds(
        changes.Develop,
        seats,
        st.sampled_from(["cave", "subordinate", "hut", "tent"]),
        any_food=maybe(goods(FOODS)),
        face=maybe(faces),
        space=maybe(seats),
        cost=maybe(goods(changes.COST_PARTS)),
        uncovered_vp=maybe(counts),
        chips=maybe(st.lists(st.sampled_from(sorted(ROCK_CHIPS)), max_size=3).map(tuple)),
        end_game=maybe(st.sampled_from([*sorted(END_GAME_SCORES), "nope"])),
        vp=maybe(counts),
    ),
    st.builds(changes.Harvest, seats, maybe(faces), maybe(seats), maybe(goods(FOODS))),
    st.builds(changes.Store, seats, maybe(goods(FOODS))),
    st.builds(changes.EndTurn, maybe(seats)),
)


def test_every_event_type_has_one_class() -> None:
    assert changes.CHANGES.kinds == ("adjust", "setup", "develop", "harvest", "store", "end_turn")
    assert fold.EVENT_FIELDS["harvest"] == {"type", "seat", "face", "space", "choice"}
    assert fold.EVENT_FIELDS["end_turn"] == {"type", "seat"}


@given(CHANGE)
def test_a_change_reads_back_from_its_json(change: changes.HuntingChange) -> None:
    stored = json.loads(json.dumps(change.to_json()))  # as a database row holds it
    assert changes.from_json(stored) == change
    assert stored["type"] == change.kind
    assert set(stored) <= fold.EVENT_FIELDS[change.kind]


@pytest.mark.parametrize(
    "stored",
    [
        {"type": "adjust", "seat": 1, "counter": "green_grain", "delta": -3},
        {"type": "setup", "start_player": 2, "faces": ["B1a", "B2b", "B3a", "B4b", "N01a"]},
        {"type": "setup"},
        {
            "type": "develop",
            "seat": 0,
            "kind": "cave",
            "any_food": {"bear": 1},
            "chips": ["bear_1"],
        },
        {"type": "develop", "seat": 0, "kind": "subordinate"},
        {"type": "develop", "seat": 2, "kind": "hut", "face": "B1a", "space": 0},
        {
            "type": "develop",
            "seat": 1,
            "kind": "cave",
            "any_food": {"grape": 1, "bear": 0},
            "cost": {"bear": 1, "any_food": 1},
            "uncovered_vp": 2,
            "chips": ["vp_1", "mammoth_1"],
        },
        {
            "type": "develop",
            "seat": 1,
            "kind": "hut",
            "cost": {"mammoth": 1},
            "uncovered_vp": 0,
            "end_game": "coins_5",
        },
        {"type": "develop", "seat": 1, "kind": "hut", "cost": {}, "uncovered_vp": 0, "vp": 3},
        {"type": "harvest", "seat": 0, "face": "N01a", "space": 3, "choice": {"grape": 2}},
        {"type": "harvest", "seat": 0, "face": "B1a", "space": 4},
        {"type": "store", "seat": 2, "return": {"bear": 1, "grape": 0}},
        {"type": "store", "seat": 2},
        {"type": "end_turn", "seat": 1},
        {"type": "end_turn"},
    ],
)
def test_stored_events_are_written_back_byte_for_byte(stored: dict[str, object]) -> None:
    """docs/contracts.md's JSON: an event stored before typed changes (the panel's, then
    ``prepare``'s) reads back and is written again exactly, key order included."""
    again = changes.from_json(stored).to_json()
    assert json.dumps(again) == json.dumps(stored)


def test_prepare_fills_what_the_change_leaves_open() -> None:
    """A setup, a store and an end of turn sent bare are read (their filled-in fields
    ``None``), then ``prepare`` fills them and the stored event reads back filled."""
    state = fold.new_state(PLAYERS, {})
    rng = random.Random(7)
    for bare in ({"type": "setup"}, {"type": "end_turn"}, {"type": "store", "seat": 0}):
        read = changes.from_json(bare)
        assert read.to_json() == bare
        filled = fold.prepare(state, read.to_json(), rng)
        again = changes.from_json(filled)
        assert again.to_json() == filled
        assert again != read


@pytest.mark.parametrize("edition", ["campfire", "original"])
@given(change=CHANGE)
def test_the_fold_takes_a_typed_change_as_its_json(
    edition: str, change: changes.HuntingChange
) -> None:
    """``apply`` (the stored JSON) and ``apply_change`` (the typed change) agree: the same
    state, or the same refusal."""
    state = fold.new_state(PLAYERS, {"edition": edition})
    state = fold.apply(state, {"type": "setup", "start_player": 0, "faces": LAYOUT})

    typed = outcome(lambda: fold.apply_change(state, change))
    stored = outcome(lambda: fold.apply(state, change.to_json()))
    assert typed == stored


LAYOUT = ["B1a", "B2a", "B3a", "B4a", "N01a", "N08a", "N10a"]
