"""Several events in one change (issue 23, item 4): ``tables.append_all`` folds them in
order, checks them all (fields, rules, secrets gate, room, expected version) and stores
them in one transaction — one seq and one version each, so history and undo stay per
event — or stores none; the change is announced once, after the commit. Through the one
change path it is ``events.AppendAll``: one change against the rate limit, a refusal
naming the line. On SQLite and PostgreSQL (``any_app``)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from companion_testkit import FAKE, app_config, over_fixtures
from flask import Flask
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import select

from companion import create_app, db, events, tables
from companion.live import _push, _versions
from companion.models import StateRow
from companion.tables import changes

PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]


def adjust(seat: int = 0, delta: int = 1) -> dict[str, Any]:
    return {"type": "adjust", "seat": seat, "counter": "points", "delta": delta}


BOOM = {"type": "boom"}  # the test game always refuses it


@pytest.fixture
def heard(any_app: Flask) -> Iterator[Callable[[str], list[int]]]:
    """``heard(table_id)``: the versions this process's map was told of, in order."""
    told: list[tuple[str, int]] = []
    stop = _versions.subscribe(lambda t, v: told.append((t, v)), app=any_app)
    watching: list[Callable[[], None]] = []

    def versions(table_id: str) -> list[int]:
        if not watching:
            # The map learns the table's version first: a watched table it has never seen
            # is announced at whatever version a background refresh then finds (version
            # 0 of a new table, on PostgreSQL now and then), which no change caused.
            _versions.for_app(any_app).lookup(table_id)
            watching.append(_versions.watch(table_id, app=any_app))
        return [v for t, v in told if t == table_id]

    yield versions
    stop()
    for unwatch in watching:
        unwatch()
    _push.hub(any_app).stop()


def test_every_event_is_stored_in_one_go_each_its_own_version(
    any_app: Flask, heard: Callable[[str], list[int]]
) -> None:
    table = tables.create(FAKE, PLAYERS)
    tables.append(table.id, adjust(1))
    assert heard(table.id) == []  # watching from here on
    after = tables.append_all(
        table.id, [adjust(0), adjust(1, -1), adjust(0)], seat=1, expected_version=1
    )
    assert after.version == 4
    assert after.state.points == (12, 10)
    assert tables.get(table.id).state.points == (12, 10)
    stored = tables.events(table.id)
    assert [(e["seq"], e["by_seat"]) for e in stored[1:]] == [(2, 1), (3, 1), (4, 1)]
    assert [e["delta"] for e in stored[1:]] == [1, -1, 1]
    assert heard(table.id) == [4]  # announced once, at the last version (no 2 or 3)
    # Undo stays per event: the middle one alone is cancelled.
    assert tables.undo(table.id, seq=3).state.points == (12, 11)


def test_a_refusal_of_the_last_event_stores_nothing(
    any_app: Flask, heard: Callable[[str], list[int]]
) -> None:
    table = tables.create(FAKE, PLAYERS)
    assert heard(table.id) == []
    with pytest.raises(tables.LineRefused) as refused:
        tables.append_all(table.id, [adjust(0), adjust(1), BOOM])
    assert refused.value.line == 3
    assert str(refused.value) == "there is nothing to undo"  # the game's own refusal
    assert isinstance(refused.value, tables.RuleError)
    after = tables.get(table.id)
    assert (after.version, after.state.points) == (0, (10, 10))
    assert tables.events(table.id) == []
    assert heard(table.id) == []


def test_a_rule_refusal_names_its_line_folded_on_those_before_it(any_app: Flask) -> None:
    """99 is the counter's top: the second +1 is refused only after the first."""
    table = tables.create(FAKE, PLAYERS, {"start": 98})
    with pytest.raises(tables.LineRefused) as refused:
        tables.append_all(table.id, [adjust(0), adjust(0), adjust(1)])
    assert refused.value.line == 2 and "must stay between" in str(refused.value)
    assert tables.get(table.id).version == 0


def test_an_event_refused_before_any_fold_names_its_line(any_app: Flask) -> None:
    table = tables.create(FAKE, PLAYERS)
    with pytest.raises(tables.LineRefused) as refused:
        tables.append_all(table.id, [adjust(0), 3])
    assert refused.value.line == 2 and "JSON object" in str(refused.value)
    with pytest.raises(tables.LineRefused) as undo_in_it:
        tables.append_all(table.id, [adjust(0), adjust(0), {"type": "undo"}])
    assert undo_in_it.value.line == 3 and "own endpoint" in str(undo_in_it.value)
    assert tables.get(table.id).version == 0


def test_a_field_the_games_event_does_not_define_names_its_line(any_app: Flask) -> None:
    table = tables.create("bison", PLAYERS)
    tile = {"type": "tile", "at": [1, -1], "tile": "B08", "rotation": 0}
    with pytest.raises(tables.LineRefused) as refused:
        tables.append_all(table.id, [tile, {**tile, "at": [1, 0], "note": "x"}])
    assert refused.value.line == 2 and "note" in str(refused.value)
    assert tables.get(table.id).version == 0


def test_the_secrets_gate_refuses_a_line_to_another_seats_phone(any_app: Flask) -> None:
    """Issue 27 (F1) inside a batch: Ben's herd correction, sent by Ann's phone, is
    refused by its line whatever the herd; from Ben's phone the same batch is stored."""
    players = [*PLAYERS, {"name": "Cho", "color": "green"}]
    table = tables.create("lion-square", players)
    grid = [[1, None, None], [None, 2, None], [None, None, None]]
    batch = [
        {"type": "set_square", "grid": grid},
        {"type": "adjust", "seat": 1, "counter": "herd", "delta": -3},
    ]
    with pytest.raises(tables.LineRefused) as refused:
        tables.append_all(table.id, batch, seat=0, viewer=0)
    assert refused.value.line == 2 and "hidden from this phone" in str(refused.value)
    assert tables.get(table.id).version == 0
    assert tables.append_all(table.id, batch, seat=1, viewer=1).version == 2


def test_a_stale_version_stores_nothing(any_app: Flask) -> None:
    table = tables.create(FAKE, PLAYERS)
    tables.append(table.id, adjust(0))
    with pytest.raises(tables.VersionConflict) as conflict:
        tables.append_all(table.id, [adjust(0), adjust(1)], expected_version=0)
    assert (conflict.value.expected, conflict.value.actual) == (0, 1)
    assert tables.get(table.id).version == 1


def test_no_room_for_them_all_stores_none(tmp_path: Any) -> None:
    app = create_app(app_config(tmp_path, CAMPFIRE_MAX_EVENTS=5))
    with app.app_context():
        table = tables.create(FAKE, PLAYERS)
        tables.append_all(table.id, [adjust(0)] * 3)
        with pytest.raises(tables.RuleError) as full:
            tables.append_all(table.id, [adjust(0)] * 3)
        assert not isinstance(full.value, tables.LineRefused)  # about them all, no line
        assert "limit of 5 changes" in str(full.value)
        assert tables.get(table.id).version == 3
        assert tables.append_all(table.id, [adjust(1)] * 2).version == 5
    app.extensions["campfire.db"].dispose()


def test_another_change_first_is_folded_again_under_the_lock(
    any_app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another phone's change lands between the fold and the write: the events are folded
    again on the table as it is then, and refused by line when they no longer fit."""
    table = tables.create(FAKE, PLAYERS, {"start": 97})
    pickled = changes.pickled_state
    first = [True]

    def meanwhile(state: Any) -> bytes | None:
        if first[0]:
            first[0] = False
            tables.append(table.id, adjust(0))  # committed before append_all locks
        return pickled(state)

    monkeypatch.setattr(changes, "pickled_state", meanwhile)
    with pytest.raises(tables.LineRefused) as refused:
        tables.append_all(table.id, [adjust(0), adjust(0)])  # 97 -> 99 alone; 98 -> 100
    assert refused.value.line == 2
    after = tables.get(table.id)
    assert (after.version, after.state.points) == (1, (98, 97))


def test_a_snapshot_is_kept_at_every_64th_version_inside_a_batch(any_app: Flask) -> None:
    table = tables.create(FAKE, PLAYERS)
    tables.append_all(table.id, [adjust(0), adjust(0, -1)] * 31)  # versions 1 to 62
    tables.append_all(table.id, [adjust(1)] * 4)  # 63 to 66: 64 is inside
    with db.reading() as session:
        kept = session.scalars(select(StateRow.version).where(StateRow.table_id == table.id)).all()
    assert sorted(kept) == [tables.SNAPSHOT_EVERY, 66]
    tables.clear_cache()
    assert tables.undo(table.id, seq=65).state.points == (10, 13)


def test_append_of_one_event_is_unchanged_a_plain_refusal(any_app: Flask) -> None:
    table = tables.create(FAKE, PLAYERS)
    with pytest.raises(tables.RuleError) as refused:
        tables.append(table.id, BOOM)
    assert type(refused.value) is tables.RuleError  # not a LineRefused
    with pytest.raises(ValueError, match="at least one event"):
        tables.append_all(table.id, [])


@given(
    st.lists(
        st.one_of(
            st.builds(adjust, st.integers(0, 1), st.sampled_from([-5, -1, 1, 3])),
            st.just(BOOM),
        ),
        min_size=1,
        max_size=6,
    )
)
@over_fixtures(25)
def test_append_all_is_appending_one_by_one(any_app: Flask, batch: list[dict[str, Any]]) -> None:
    """The same events stored, the same state, the same first refusal (then nothing of
    the batch is stored, where one by one kept those before it)."""
    together = tables.create(FAKE, PLAYERS, {"start": 3})
    alone = tables.create(FAKE, PLAYERS, {"start": 3})
    refused_at = None
    for line, event in enumerate(batch, start=1):
        try:
            tables.append(alone.id, event)
        except tables.RuleError:
            refused_at = line
            break
    if refused_at is None:
        after = tables.append_all(together.id, batch)
        assert after.state == tables.get(alone.id).state
        assert tables.events(together.id) == tables.events(alone.id)
    else:
        with pytest.raises(tables.LineRefused) as refused:
            tables.append_all(together.id, batch)
        assert refused.value.line == refused_at
        assert tables.get(together.id).version == 0


# -- through the one change path --------------------------------------------------------


def test_the_change_path_refuses_by_line_and_answers_stale(any_app: Flask) -> None:
    table = tables.create(FAKE, PLAYERS)
    with any_app.test_request_context(f"/t/{table.id}/adjust", method="POST"):
        outcome = events.apply_change(table, events.AppendAll((adjust(0), BOOM)), by=None)
        assert isinstance(outcome, events.Refused)
        assert outcome.line == 2 and outcome.message() == "there is nothing to undo"
        changed = events.apply_change(
            table, events.AppendAll((adjust(0), adjust(1))), by=0, expected_version=0
        )
        assert isinstance(changed, events.Changed) and changed.table.version == 2
        stale = events.apply_change(table, events.AppendAll((adjust(0),)), by=0, expected_version=0)
        assert isinstance(stale, events.Stale) and (stale.expected, stale.actual) == (0, 2)
        one = events.apply_change(changed.table, events.Append(BOOM), by=None)
        assert isinstance(one, events.Refused) and one.line is None


def test_several_events_count_as_one_change_against_the_rate_limit(tmp_path: Any) -> None:
    app = create_app(app_config(tmp_path, EVENT_RATE_LIMIT="2 per minute"))
    with app.app_context():
        table = tables.create(FAKE, PLAYERS)
    outcomes = []
    for change in (
        events.AppendAll(tuple(adjust(0) for _ in range(5))),
        events.Append(adjust(1)),
    ):
        with app.test_request_context(f"/t/{table.id}/adjust", method="POST"):
            outcomes.append(events.apply_change(table, change, by=None))
    assert [type(o) for o in outcomes] == [events.Changed, events.Changed]
    with (
        app.test_request_context(f"/t/{table.id}/adjust", method="POST"),
        pytest.raises(Exception) as limited,
    ):
        events.apply_change(table, events.AppendAll((adjust(0),)), by=None)
    assert getattr(limited.value, "code", None) == 429
    with app.app_context():
        assert tables.get(table.id).version == 6
    app.extensions["campfire.db"].dispose()
