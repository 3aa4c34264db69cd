"""Snapshots and the version map never serve a stale-beyond-bound or torn state.

Two apps on one database stand for two processes (or servers) with their own fold caches,
snapshots and version maps. Hypothesis interleaves changes and undos (by seat, by seq, the
latest) made through either, drops the in-process fold cache at random (so states come
from the stored snapshots), and after every step checks, through both apps:

* the state served equals the fold of the events at its version (read straight from the
  event log, the truth);
* every stored snapshot equals the fold of the events that were in effect at its version;
* each app's version map is never ahead of the database, and after one refresh interval
  equals it (the fake clock moves it).

On SQLite and on PostgreSQL. ``SNAPSHOT_EVERY`` is made small so undos replay from older
snapshots, including ones a later undo made unusable.
"""

from __future__ import annotations

import pickle
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from companion_testkit import FAKE, app_config, over_fixtures
from flask import Flask
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import select

from companion import create_app, db, registry, tables
from companion.live import _versions as versions
from companion.models import EventRow, StateRow, TableRow
from companion.tables import fold as folding
from companion.tables import snapshots
from companion.tables import view as viewing

PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(params=["sqlite", "postgresql"])
def two(
    request: Any, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[list[Flask], Clock]]:
    extra = {}
    if request.param == "postgresql":
        extra["DATABASE_URL"] = request.getfixturevalue("pg_url")
    monkeypatch.setattr(snapshots, "SNAPSHOT_EVERY", 3)
    tables.clear_cache()
    apps = [create_app(app_config(tmp_path, **extra)) for _ in range(2)]
    clock = Clock()
    for app in apps:
        engine = versions.for_app(app).engine
        app.extensions[versions.EXTENSION] = versions.VersionMap(engine, clock=clock)
    yield apps, clock
    for app in apps:
        app.extensions[db.EXTENSION].dispose()


def truth(app: Flask, table_id: str) -> tuple[int, Any, list[EventRow], TableRow]:
    """The version and the fold of the whole event log, read from the database."""
    with app.app_context(), db.reading() as session:
        row = session.get(TableRow, table_id)
        assert row is not None
        events = session.scalars(
            select(EventRow).where(EventRow.table_id == table_id).order_by(EventRow.seq)
        ).all()
        return row.version, folding.fold_events(row, events), list(events), row


def check(apps: list[Flask], clock: Clock, table_id: str) -> None:
    version, state, events, row = truth(apps[0], table_id)
    for app in apps:
        with app.app_context():
            known = versions.current(table_id)
            assert known is not None and known <= version  # never ahead of the truth
            view = tables.get(table_id)
            assert view.version == version and view.state == state  # never torn
    clock.now += versions.REFRESH_SECONDS
    for app in apps:
        with app.app_context():
            assert versions.current(table_id) == version  # stale at most one interval
    with apps[1].app_context(), db.reading() as session:
        module = registry.get(FAKE)
        for snapshot in session.scalars(
            select(StateRow).where(StateRow.table_id == table_id)
        ).all():
            at = [e for e in events if e.seq <= snapshot.version]
            expected = folding._fold_rows(module, viewing.players_of(row), row.settings, at)
            assert pickle.loads(snapshot.state) == expected, snapshot.version


steps = st.lists(
    st.one_of(
        st.tuples(st.just("adjust"), st.integers(0, 1), st.integers(0, 1), st.integers(-4, 4)),
        st.tuples(
            st.just("undo"),
            st.integers(0, 1),
            st.sampled_from(["latest", "seat", "seq"]),
            st.integers(0, 30),
        ),
        st.tuples(st.just("forget"), st.just(0), st.just(0), st.just(0)),
    ),
    min_size=1,
    max_size=25,
)


@over_fixtures(30)
@given(steps=steps)
def test_interleaved_writes_never_serve_a_torn_or_stale_state(
    two: tuple[list[Flask], Clock], steps: list[tuple[str, int, Any, int]]
) -> None:
    apps, clock = two
    with apps[0].app_context():
        table_id = tables.create(FAKE, PLAYERS, {"start": 3}).id
    for kind, which, arg, number in steps:
        app = apps[which]
        with app.app_context():
            try:
                if kind == "adjust":
                    tables.append(
                        table_id,
                        {"type": "adjust", "seat": arg, "counter": "points", "delta": number or 1},
                        seat=arg,
                    )
                elif kind == "undo" and arg == "latest":
                    tables.undo(table_id, by=None)
                elif kind == "undo" and arg == "seat":
                    tables.undo(table_id, seat=number % 2)
                elif kind == "undo":
                    tables.undo(table_id, seq=number + 1, by=None)
                else:
                    tables.clear_cache()
            except tables.RuleError:
                pass  # refused (range, nothing to undo, blocked): nothing stored
        check(apps, clock, table_id)


def test_two_processes_writing_at_once_lose_nothing(two: tuple[list[Flask], Clock]) -> None:
    """Writers racing through both apps: each fold made outside the lock is redone under
    it when another change came first, so every change counts exactly once."""
    apps, clock = two
    with apps[0].app_context():
        table_id = tables.create(FAKE, PLAYERS, {"start": 0}).id
    failures: list[BaseException] = []

    def write(app: Flask, seat: int) -> None:
        try:
            with app.app_context():
                for _ in range(15):
                    tables.append(
                        table_id, {"type": "adjust", "seat": seat, "counter": "points", "delta": 1}
                    )
        except BaseException as error:  # reported below
            failures.append(error)

    threads = [threading.Thread(target=write, args=(apps[i % 2], i % 2)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not failures
    check(apps, clock, table_id)
    with apps[1].app_context():
        assert tables.get(table_id).counters() == [{"points": 30}, {"points": 30}]


def test_undo_after_an_old_undo_replays_from_a_usable_snapshot(
    two: tuple[list[Flask], Clock],
) -> None:
    """An undo of change 2 after snapshot 3 was made makes snapshot 3 unusable as a base:
    a later undo must not replay from it (it still holds change 2)."""
    apps, clock = two
    adjust = {"type": "adjust", "seat": 0, "counter": "points", "delta": 1}
    with apps[0].app_context():
        table_id = tables.create(FAKE, PLAYERS, {"start": 0}).id
        for _ in range(7):
            tables.append(table_id, adjust)
        tables.undo(table_id, seq=2, by=None)
        tables.clear_cache()
        tables.undo(table_id, seq=7, by=None)
        assert tables.get(table_id).counters()[0] == {"points": 5}
    check(apps, clock, table_id)


def test_every_games_state_makes_a_snapshot(app: Flask) -> None:
    """Snapshots are pickled: every real game's state must survive the round trip."""
    players = [
        {"name": n, "color": c} for n, c in (("Ann", "red"), ("Ben", "blue"), ("Cho", "green"))
    ]
    with app.app_context():
        for game in registry.games():
            if game == FAKE:
                continue
            try:
                view = tables.create(game, players)
            except tables.RuleError:
                view = tables.create(game, players[:2])
            blob = snapshots.pickled_state(view.state)
            assert blob is not None, game
            # Compared as the game shows it (Bison's board compares by identity).
            again = pickle.loads(blob)
            assert view.module.to_json(again) == view.module.to_json(view.state), game


def test_an_import_folds_each_change_once_however_many_undos(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Adjust/undo pairs: each undo cancels the latest change, so nothing is replayed (the
    whole file is one fold), and the result is the fold of its events."""
    calls = 0
    with app.app_context():
        rules = registry.get(FAKE)
        assert rules is not None
        fake = rules.fold  # the module: the rules are frozen, their fold is patched
        real_apply = fake.apply

        def counting(state: Any, event: Any) -> Any:
            nonlocal calls
            calls += 1
            return real_apply(state, event)

        monkeypatch.setattr(fake, "apply", counting)
        stamp = "2026-01-01T00:00:00+00:00"
        events: list[dict[str, Any]] = []
        for _ in range(300):
            events.append(
                {
                    "seq": len(events) + 1,
                    "seat": 0,
                    "created_at": stamp,
                    "event": {"type": "adjust", "seat": 0, "counter": "points", "delta": 1},
                }
            )
            events.append(
                {"seq": len(events) + 1, "seat": 0, "created_at": stamp, "undoes": len(events)}
            )
        events.append(
            {
                "seq": len(events) + 1,
                "seat": 1,
                "created_at": stamp,
                "event": {"type": "adjust", "seat": 1, "counter": "points", "delta": 2},
            }
        )
        view = tables.import_table(
            {
                "format": "campfire-table",
                "format_version": 1,
                "game": FAKE,
                "players": PLAYERS,
                "settings": {},
                "created_at": stamp,
                "events": events,
            }
        )
        assert calls == 301  # one apply per change, none replayed
        assert view.version == 601
        assert view.counters() == [{"points": 10}, {"points": 12}]
        tables.clear_cache()
        assert tables.get(view.id).counters() == view.counters()  # the stored snapshot
