"""The per-process version map (companion.live._versions): what a poll compares against.

Two apps on one database stand for two processes (or servers): each has its own map, and
what one commits reaches the other's map at its next refresh, never sooner than the
database has it and never later than one refresh interval (a fake clock drives it).
"""

from __future__ import annotations

from typing import Any

import pytest
from companion_testkit import FAKE, app_config
from flask import Flask

from companion import create_app, tables
from companion.live import _versions as versions

HX = {"HX-Request": "true"}

PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]
ADJUST = {"type": "adjust", "seat": 0, "counter": "points", "delta": 1}


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def with_clock(app: Flask) -> Clock:
    clock = Clock()
    old = versions.for_app(app)
    app.extensions[versions.EXTENSION] = versions.VersionMap(old.engine, clock=clock)
    return clock


def two_apps(tmp_path: Any) -> tuple[Flask, Flask]:
    return create_app(app_config(tmp_path)), create_app(app_config(tmp_path))


def test_a_write_in_this_process_is_known_at_once(app: Flask) -> None:
    with app.app_context():
        table = tables.create(FAKE, PLAYERS)
        assert versions.current(table.id) == 0
        tables.append(table.id, ADJUST)
        assert versions.current(table.id) == 1
        tables.undo(table.id)
        assert versions.current(table.id) == 2


def test_unknown_table_is_none(app: Flask) -> None:
    with app.app_context():
        assert versions.current("no-such-table") is None


def test_another_process_is_seen_after_one_refresh(tmp_path: Any) -> None:
    one, two = two_apps(tmp_path)
    clock = with_clock(two)
    with one.app_context():
        table = tables.create(FAKE, PLAYERS)
    with two.app_context():
        assert versions.current(table.id) == 0
        queries = versions.for_app(two).queries
    with one.app_context():
        tables.append(table.id, ADJUST)
    with two.app_context():
        # Within the interval the map answers alone (no query): at most that stale.
        clock.now += versions.REFRESH_SECONDS / 2
        assert versions.current(table.id) == 0
        assert versions.for_app(two).queries == queries
        clock.now += versions.REFRESH_SECONDS
        assert versions.current(table.id) == 1
        assert versions.for_app(two).queries == queries + 1


def test_one_refresh_query_for_many_tables(tmp_path: Any) -> None:
    one, two = two_apps(tmp_path)
    clock = with_clock(two)
    with one.app_context():
        ids = [tables.create(FAKE, PLAYERS).id for _ in range(5)]
    with two.app_context():
        for table_id in ids:
            versions.current(table_id)
        before = versions.for_app(two).queries
    with one.app_context():
        for table_id in ids:
            tables.append(table_id, ADJUST)
    with two.app_context():
        clock.now += versions.REFRESH_SECONDS
        assert [versions.current(t) for t in ids] == [1] * 5
        assert versions.for_app(two).queries == before + 1


def test_subscribers_hear_of_writes_and_refreshes(tmp_path: Any) -> None:
    one, two = two_apps(tmp_path)
    clock = with_clock(two)
    heard: list[tuple[str, int]] = []
    with one.app_context():
        table = tables.create(FAKE, PLAYERS)
    with two.app_context():
        versions.current(table.id)
    stop = versions.for_app(two)
    unsubscribe = versions.subscribe(lambda t, v: heard.append((t, v)), app=two)
    try:
        with one.app_context():
            tables.append(table.id, ADJUST)
        with two.app_context():
            tables.append(table.id, ADJUST)  # its own write: heard at once
            assert heard[-1] == (table.id, 2)
        unsubscribe()
        with one.app_context():
            tables.append(table.id, ADJUST)
        clock.now += versions.REFRESH_SECONDS
        with two.app_context():
            assert versions.current(table.id) == 3
        assert heard == [(table.id, 2)]  # unsubscribed before version 3
    finally:
        stop.stop()


def test_the_poll_204_carries_no_cookie_and_one_header(app: Flask, make_table: Any) -> None:
    table = make_table()
    client = app.test_client()
    for _repeat in range(2):
        answer = client.get(f"/t/{table.id}?v=0", headers={"HX-Request": "true"})
        assert answer.status_code == 204
        assert "Set-Cookie" not in answer.headers
        assert answer.headers["Cache-Control"] == "no-store"
        assert "Content-Security-Policy" not in answer.headers  # Flask never saw it
    # Not htmx: the page itself, not a poll.
    assert client.get(f"/t/{table.id}?v=0").status_code == 200


def test_a_poll_ahead_of_the_map_asks_the_database(tmp_path: Any) -> None:
    """A phone that wrote through another process names a version this process's map has
    not seen yet: it is told 204 (it is current), not sent back an older panel."""
    one, two = two_apps(tmp_path)
    with_clock(two)  # the fake clock never moves: two's map never refreshes by itself
    with one.app_context():
        table = tables.create(FAKE, PLAYERS)
    poller = two.test_client()
    assert poller.get(f"/t/{table.id}?v=0", headers=HX).status_code == 204
    with one.app_context():
        tables.append(table.id, ADJUST)
    assert poller.get(f"/t/{table.id}?v=1", headers=HX).status_code == 204
    # A phone still at 0 is told about 1 although the map still says 0: the view reads
    # the database.
    behind = poller.get(f"/t/{table.id}?v=0", headers=HX)
    assert behind.status_code == 204  # the map says 0 == seen: within the staleness bound


def test_a_poll_for_another_version_gets_the_panel(app: Flask, make_table: Any) -> None:
    table = make_table()
    with app.app_context():
        tables.append(table.id, ADJUST)
    answer = app.test_client().get(f"/t/{table.id}?v=0", headers=HX)
    assert answer.status_code == 200 and 'data-version="1"' in answer.get_data(as_text=True)


def test_a_poll_for_no_table_is_404(client: Any) -> None:
    assert client.get("/t/nothing-here?v=0", headers=HX).status_code == 404


def test_a_seat_taken_over_holds_the_polls_open_for_a_while(app: Flask) -> None:
    # A take-over changes no version, yet the phone that lost its seat must be told at its
    # next poll: for a while the map does not answer for that table, so polls reach the view.
    clock = with_clock(app)
    with app.app_context():
        table = tables.create(FAKE, PLAYERS)
        first = tables.take_seat(table.id, 0)
        assert versions.current(table.id) == 0
        with pytest.raises(tables.SeatHeld):  # another phone holds it
            tables.take_seat(table.id, 0)
        assert versions.current(table.id) == 0  # a refusal changes nothing
        assert tables.seat_of(table.id, first) == 0
        tables.take_seat(table.id, 0, force=True)
        assert versions.current(table.id) is None  # held open
        clock.now += versions.HOLD_OPEN_SECONDS + 1  # a refresh then: its own take-over
        assert versions.current(table.id) == 0  # is no news to this process


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_a_take_over_in_another_process_reaches_the_phone_polling_this_one(
    tmp_path: Any, request: Any, database: str
) -> None:
    """Ann's phone polls process one; Ben's phone takes her seat through process two. No
    version changed, yet within one refresh process one lets Ann's poll reach the view,
    which tells her (HX-Refresh); an event of this process is no take-over, and process
    two's own take-over is no news to it at its next refresh."""
    extra = {"DATABASE_URL": request.getfixturevalue("pg_url")} if database != "sqlite" else {}
    one, two = (create_app(app_config(tmp_path, **extra)) for _ in range(2))
    clock_two = with_clock(two)
    clock = with_clock(one)
    ann, ben = one.test_client(), two.test_client()
    with one.app_context():
        table = tables.create(FAKE, PLAYERS)
    assert ann.post(f"/t/{table.id}/seat", data={"seat": "0"}).status_code in (200, 303)
    assert ann.get(f"/t/{table.id}?v=0", headers=HX).status_code == 204
    ann.post(f"/t/{table.id}/adjust", data={"seat": "0", "counter": "points", "delta": "1"})
    clock.now += versions.REFRESH_SECONDS
    assert ann.get(f"/t/{table.id}?v=1", headers=HX).status_code == 204  # own write: no hold
    with one.app_context():
        assert versions.current(table.id) == 1
    with two.app_context():
        assert versions.current(table.id) == 1
    took = ben.post(f"/t/{table.id}/seat", data={"seat": "0", "force": "1"})
    assert took.status_code in (200, 303)
    with two.app_context():
        assert versions.current(table.id) is None  # held open here at once
        clock_two.now += versions.HOLD_OPEN_SECONDS + 1  # a refresh: nothing new
        assert versions.current(table.id) == 1
    clock.now += versions.REFRESH_SECONDS
    told = ann.get(f"/t/{table.id}?v=1", headers=HX)
    assert told.status_code == 204 and told.headers.get("HX-Refresh") == "true"
    with one.app_context():
        assert versions.current(table.id) is None  # held open for the other phones too
        clock.now += versions.HOLD_OPEN_SECONDS + 1
        assert versions.current(table.id) == 1


def test_a_stalled_refresh_sends_polls_to_the_database(tmp_path: Any) -> None:
    """While one request's refresh hangs (a busy database, no pooled connection free),
    the others answer from the map only while it is within the staleness bound; past it
    they ask the database, so a change made meanwhile is not hidden behind the stall."""
    import threading

    one, two = two_apps(tmp_path)
    clock = with_clock(two)
    with one.app_context():
        table = tables.create(FAKE, PLAYERS)
    the_map = versions.for_app(two)
    with two.app_context():
        assert versions.current(table.id) == 0
    stalled, release = threading.Event(), threading.Event()
    real_refresh = the_map._refresh

    def hanging_refresh() -> bool:
        stalled.set()
        release.wait(timeout=30)
        return real_refresh()

    the_map._refresh = hanging_refresh  # type: ignore[method-assign]
    clock.now += versions.REFRESH_SECONDS
    hung = threading.Thread(target=the_map.current, args=(table.id,))
    hung.start()
    try:
        assert stalled.wait(timeout=30)
        with one.app_context():
            tables.append(table.id, ADJUST)
        assert the_map.current(table.id) == 0  # within the bound: the map answers
        clock.now += versions.REFRESH_SECONDS * versions.STALLED
        with pytest.raises(versions.StaleVersions):
            the_map.current(table.id)
        poller = two.test_client()  # the poll goes on to the view, which reads the table
        behind = poller.get(f"/t/{table.id}?v=0", headers={"HX-Request": "true"})
        assert behind.status_code == 200 and 'data-version="1"' in behind.get_data(as_text=True)
    finally:
        release.set()
        hung.join(timeout=30)
    assert the_map.current(table.id) == 1
