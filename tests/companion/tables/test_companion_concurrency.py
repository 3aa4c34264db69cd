"""No lost update: 8 threads × 50 ``adjust`` events on one counter end at exactly +400,
on SQLite and on PostgreSQL (docs/contracts.md: every accepted event is reflected exactly once).

Fifty each, not 250: the 8 writers start at one barrier and contend from their first
write, and 400 events cross several state snapshots (every 64); the 2,000 events took
~14 s of CPU on SQLite and ~24 s on PostgreSQL for nothing the first 400 do not show."""

from __future__ import annotations

import threading

import pytest
from companion_testkit import FAKE, app_config

from companion import create_app, tables

THREADS = 8
EVENTS_EACH = 50


def hammer(app, *, big_counter: str, game: str = FAKE) -> None:
    with app.app_context():
        players = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]
        table = tables.create(game, players, {"start": 0} if game == FAKE else None)
    start = table.counters()[0][big_counter]
    errors: list[BaseException] = []
    barrier = threading.Barrier(THREADS)

    def writer() -> None:
        try:
            with app.app_context():
                barrier.wait()
                for _ in range(EVENTS_EACH):
                    tables.append(
                        table.id, {"type": "adjust", "seat": 0, "counter": big_counter, "delta": 1}
                    )
        except BaseException as error:  # reported below, not swallowed
            errors.append(error)

    threads = [threading.Thread(target=writer) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    tables.clear_cache()  # fold from the stored events, not from a cached state
    with app.app_context():
        final = tables.get(table.id)
        history = tables.history(table.id)[1]
    assert final.version == THREADS * EVENTS_EACH
    assert final.counters()[0][big_counter] == start + THREADS * EVENTS_EACH
    assert sorted(e.seq for e in history) == list(range(1, THREADS * EVENTS_EACH + 1))


@pytest.fixture
def wide_fake(monkeypatch):
    """The test game with room for +400 (and more) on one counter."""
    import companion_fake_game

    monkeypatch.setitem(companion_fake_game.COUNTERS, "points", (0, 10_000))


def test_no_lost_update_sqlite(tmp_path, wide_fake):
    app = create_app(app_config(tmp_path))
    try:
        hammer(app, big_counter="points")
    finally:
        app.extensions["campfire.db"].dispose()


def test_no_lost_update_postgresql(tmp_path, pg_url, wide_fake):
    app = create_app(app_config(tmp_path, DATABASE_URL=pg_url))
    try:
        assert app.extensions["campfire.db"].dialect.name == "postgresql"
        hammer(app, big_counter="points")
    finally:
        app.extensions["campfire.db"].dispose()


def test_conflicting_expected_versions_one_wins(tmp_path):
    """Two phones both send expected_version 0: exactly one is accepted."""
    app = create_app(app_config(tmp_path))
    with app.app_context():
        players = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]
        table = tables.create(FAKE, players)
    results: list[str] = []
    barrier = threading.Barrier(2)

    def phone() -> None:
        with app.app_context():
            barrier.wait()
            try:
                tables.append(
                    table.id,
                    {"type": "adjust", "seat": 0, "counter": "points", "delta": 1},
                    expected_version=0,
                )
                results.append("ok")
            except tables.VersionConflict:
                results.append("conflict")

    threads = [threading.Thread(target=phone) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == ["conflict", "ok"]
    app.extensions["campfire.db"].dispose()
