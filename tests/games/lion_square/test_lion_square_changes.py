"""Lion Square's typed changes (games/lion_square/changes.py): every change reads back from
its own JSON, the JSON is the stored one (databases and exports read back unchanged), and
bad JSON is refused with the one domain error, never a TypeError or a KeyError."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from refusals import outcome

from games.lion_square import changes, fold
from games.lion_square.square import GAZELLE, SIZE, Square
from games.table import Player

PLAYERS = [Player("Ann", "red"), Player("Ben", "blue"), Player("Cho", "green")]

seats = st.integers(min_value=-3, max_value=10)
places = st.integers(min_value=0, max_value=SIZE - 1)
deltas = st.integers(min_value=-40, max_value=40)
counts = st.integers(min_value=0, max_value=32)
cells = st.one_of(st.none(), st.just(GAZELLE), st.integers(min_value=0, max_value=99))
squares = st.lists(st.lists(cells, min_size=SIZE, max_size=SIZE), min_size=SIZE, max_size=SIZE)

CHANGE = st.one_of(
    st.builds(changes.Adjust, seats, st.just("herd"), deltas),
    st.builds(changes.SetSquare, squares.map(lambda rows: Square(tuple(tuple(r) for r in rows)))),
    st.builds(changes.SetCell, places, places, cells),
    st.builds(changes.SetTaken, seats, counts),
    st.builds(changes.AddTaken, seats, deltas),
    st.builds(changes.SetGazelles, seats, counts),
    st.builds(changes.AddGazelles, seats, deltas),
    st.builds(changes.SetLast, st.none() | seats),
    st.builds(changes.TakeLine, seats, st.sampled_from(changes.LINES), places),
    st.builds(changes.ScoreRound),
    st.builds(changes.NextRound),
)


def test_every_event_type_has_one_class() -> None:
    assert changes.CHANGES.kinds == fold.EVENT_TYPES
    assert set(fold.EVENT_FIELDS) == set(fold.EVENT_TYPES)
    assert fold.EVENT_FIELDS["take_line"] == {"type", "seat", "line", "index"}


@given(CHANGE)
def test_a_change_reads_back_from_its_json(change: changes.LionChange) -> None:
    stored = json.loads(json.dumps(change.to_json()))  # as a database row holds it
    assert changes.from_json(stored) == change
    assert stored["type"] == change.kind
    assert set(stored) == fold.EVENT_FIELDS[change.kind]


@pytest.mark.parametrize(
    "stored",
    [
        {"type": "adjust", "seat": 1, "counter": "herd", "delta": -3},
        {"type": "set_square", "grid": [[3, None, 1], [2, "G", 0], [None, 1, 2]]},
        {"type": "set_cell", "row": 0, "column": 2, "card": "G"},
        {"type": "set_cell", "row": 2, "column": 1, "card": None},
        {"type": "set_taken", "seat": 0, "count": 4},
        {"type": "add_gazelles", "seat": 2, "delta": -1},
        {"type": "set_last", "seat": None},
        {"type": "take_line", "seat": 1, "line": "column", "index": 2},
        {"type": "score_round"},
        {"type": "next_round"},
    ],
)
def test_stored_events_are_written_back_byte_for_byte(stored: dict[str, object]) -> None:
    """docs/contracts.md's JSON: an event stored before typed changes reads back and is
    written again exactly (key order included: exports compare as text)."""
    again = changes.from_json(stored).to_json()
    assert json.dumps(again) == json.dumps(stored)


@given(CHANGE)
def test_the_fold_takes_a_typed_change_as_its_json(change: changes.LionChange) -> None:
    """``apply`` (the stored JSON) and ``apply_change`` (the typed change) agree: the same
    state, or the same refusal."""
    state = fold.new_state(PLAYERS, {})

    typed = outcome(lambda: fold.apply_change(state, change))
    stored = outcome(lambda: fold.apply(state, change.to_json()))
    assert typed == stored
