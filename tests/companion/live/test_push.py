"""The version stream (companion.live: its stream): a change reaches a phone's open stream.

Two apps on one database stand for two processes (or servers). The stream's body is read
as the WSGI iterator yields it; every wait is bounded (``PUSH_STREAM_SECONDS``), so a stream
that never hears of a change ends and the test fails instead of hanging.
"""

from __future__ import annotations

import queue
import threading
import time
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from companion_testkit import FAKE, app_config
from flask import Flask

from companion import create_app, tables
from companion.live import _push as push

PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]
ADJUST = {"type": "adjust", "seat": 0, "counter": "points", "delta": 1}
#: Long enough for any machine; a stream that hears nothing ends after it.
BOUND = 20


@pytest.fixture(autouse=True)
def _stop_refreshing(request: pytest.FixtureRequest) -> Iterator[None]:
    app = request.getfixturevalue("app") if "app" in request.fixturenames else None
    yield
    if app is not None:  # a stream started its app's refresher
        push.hub(app).stop()


def stream(app: Flask, table_id: str) -> Iterator[str]:
    response = app.test_client().get(f"/t/{table_id}/events/stream", buffered=False)
    assert response.status_code == 200
    assert response.mimetype == "text/event-stream"
    assert response.headers["X-Accel-Buffering"] == "no"
    for chunk in response.response:
        yield chunk.decode() if isinstance(chunk, bytes) else chunk


def versions_heard(chunks: Iterator[str], until: int) -> list[int]:
    """The versions the stream announces, up to ``until`` (or the stream's end)."""
    heard: list[int] = []
    for chunk in chunks:
        for line in chunk.splitlines():
            if line.startswith("data: "):
                heard.append(int(line[6:]))
        if heard and heard[-1] >= until:
            break
    return heard


def later(action: Any, delay: float = 0.3) -> threading.Timer:
    timer = threading.Timer(delay, action)
    timer.start()
    return timer


def test_stream_opens_with_the_version_and_a_retry(app: Flask, make_table: Any) -> None:
    table = make_table()
    app.config["PUSH_STREAM_SECONDS"] = 0.2
    body = "".join(stream(app, table.id))
    assert body.startswith("retry: ")
    assert "event: version\ndata: 0\n\n" in body


def test_unknown_table_is_404(client: Any) -> None:
    assert client.get("/t/no-such-table/events/stream").status_code == 404
    assert client.get("/t/bad%20id!/events/stream").status_code == 404


def test_heartbeat_comment_and_bounded_end(app: Flask, make_table: Any) -> None:
    table = make_table()
    app.config.update(PUSH_STREAM_SECONDS=0.5, PUSH_HEARTBEAT_SECONDS=0.1)
    body = "".join(stream(app, table.id))  # ends by itself: the browser reconnects
    assert body.count(": ping\n\n") >= 2
    assert push.hub(app).open_streams() == 0  # the ended stream let go of its table


def test_a_change_in_this_process_reaches_the_stream(app: Flask, make_table: Any) -> None:
    table = make_table()
    app.config["PUSH_STREAM_SECONDS"] = BOUND

    def change() -> None:
        with app.app_context():
            tables.append(table.id, ADJUST)

    timer = later(change)
    heard = versions_heard(stream(app, table.id), until=1)
    timer.join()
    assert heard == [0, 1]


def test_a_seat_taken_over_makes_the_stream_say_the_version_again(
    app: Flask, make_table: Any
) -> None:
    # No table change, yet the phone that lost its seat must poll once (the page then
    # tells it): every open stream of the table repeats its version.
    table = make_table()
    app.config["PUSH_STREAM_SECONDS"] = BOUND
    with app.app_context():
        tables.take_seat(table.id, 0)

    def take_over() -> None:
        with app.app_context():
            tables.take_seat(table.id, 0, force=True)

    timer = later(take_over)
    body = stream(app, table.id)
    said = [next(part for part in body if part.startswith("event: version")) for _ in range(2)]
    timer.join()
    body.close()
    assert said == ["event: version\ndata: 0\n\n"] * 2


def test_other_tables_changes_are_not_sent(app: Flask, make_table: Any) -> None:
    table, other = make_table(), make_table()
    app.config.update(PUSH_STREAM_SECONDS=1.0, PUSH_HEARTBEAT_SECONDS=5)

    def change() -> None:
        with app.app_context():
            tables.append(other.id, ADJUST)

    timer = later(change, 0.1)
    heard = versions_heard(stream(app, table.id), until=99)
    timer.join()
    assert heard == [0]


def two_processes(tmp_path: Any, *, refresh: float, **extra: Any) -> tuple[Flask, Flask]:
    tables.clear_cache()
    writer = create_app(app_config(tmp_path, **extra))
    reader = create_app(
        app_config(tmp_path, VERSION_REFRESH_SECONDS=refresh, PUSH_STREAM_SECONDS=BOUND, **extra)
    )
    return writer, reader


def test_sqlite_another_process_reaches_the_stream_by_the_version_check(tmp_path: Any) -> None:
    writer, reader = two_processes(tmp_path, refresh=0.05)
    with writer.app_context():
        table = tables.create(FAKE, PLAYERS)

    def change() -> None:
        with writer.app_context():
            tables.append(table.id, ADJUST)
            tables.append(table.id, ADJUST)

    timer = later(change)
    heard = versions_heard(stream(reader, table.id), until=2)
    timer.join()
    push.hub(reader).stop()
    assert heard[0] == 0 and heard[-1] == 2
    assert push.hub(reader).listener is None  # SQLite: no LISTEN (its wake socket, the refresh)


def test_postgresql_another_process_reaches_the_stream_by_notify(
    tmp_path: Any, pg_url: str
) -> None:
    # The reader's map never refreshes by itself here: only NOTIFY can tell it.
    writer, reader = two_processes(tmp_path, refresh=3600, DATABASE_URL=pg_url)
    try:
        with writer.app_context():
            table = tables.create(FAKE, PLAYERS)
        chunks = stream(reader, table.id)
        assert versions_heard(chunks, until=0) == [0]
        listener = push.hub(reader).listener
        assert listener is not None and listener.listening.wait(BOUND)

        def change() -> None:
            with writer.app_context():
                tables.append(table.id, ADJUST)

        timer = later(change, 0.1)
        heard = versions_heard(chunks, until=1)
        timer.join()
        assert heard == [1]
        assert listener.heard >= 1
    finally:
        push.hub(reader).stop()
        for app in (writer, reader):
            app.extensions["campfire.db"].dispose()


def test_a_rolled_back_change_sends_no_notification(tmp_path: Any, pg_url: str) -> None:
    import psycopg

    app = create_app(app_config(tmp_path, DATABASE_URL=pg_url))
    raw = pg_url.replace("postgresql+psycopg", "postgresql")
    try:
        with app.app_context():
            table = tables.create(FAKE, PLAYERS)
        with psycopg.connect(raw, autocommit=True) as listening:
            listening.execute(f"LISTEN {push.CHANNEL}")
            with app.app_context():
                with pytest.raises(tables.RuleError):
                    tables.append(table.id, {**ADJUST, "counter": "no-such-counter"})
                tables.append(table.id, ADJUST)
                tables.append(table.id, ADJUST)
            # This table's notices up to version 2: a notice of the refused change would
            # stand before them (a second "1"). The other xdist worker's tables share the
            # database and the channel: their notices are not this test's.
            ours = []
            for notice in listening.notifies(timeout=5):
                if notice.payload.split(" ")[0] == table.id:
                    ours.append(notice.payload)
                if ours and ours[-1] == f"{table.id} 2":
                    break
        assert ours == [f"{table.id} 1", f"{table.id} 2"]
    finally:
        app.extensions["campfire.db"].dispose()


def test_the_listener_waits_on_its_connection_not_on_a_clock(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A notification is handed on when it arrives and ``stop`` ends the wait: neither may
    # wait for a timeout (set to an hour here), and an idle listener does not keep looking
    # (one that looked every 20 ms added 10 ms on average to every phone of another
    # process: bench/sync_load.py).
    import psycopg

    monkeypatch.setattr(push, "LISTEN_TIMEOUT_MS", 3_600_000)
    # The channel is the database's: the other test worker's changes are heard too (twice
    # in one full run), so this test counts only its own table id's notices.
    mine = f"abc{uuid.uuid4().hex[:8]}"
    heard: queue.Queue[tuple[str, int]] = queue.Queue()
    listener = push.Listener(
        pg_url,
        lambda table_id, version: heard.put((table_id, version)) if table_id == mine else None,
    )
    listener.start()
    try:
        assert listener.listening.wait(BOUND)
        raw = pg_url.replace("postgresql+psycopg", "postgresql")
        with psycopg.connect(raw, autocommit=True) as connection:
            for version in (7, 8):
                connection.execute("SELECT pg_notify(%s, %s)", (push.CHANNEL, f"{mine} {version}"))
                assert heard.get(timeout=BOUND) == (mine, version)
        # Idle, the listener waits and does not look again: its count of waits settles
        # (it may still be on its way back to the wait when the last one is heard; one
        # looking every 20 ms would count on until the bound).
        deadline = time.monotonic() + BOUND
        waits = listener.waits
        while True:
            threading.Event().wait(0.2)
            if listener.waits == waits:
                break
            assert time.monotonic() < deadline, "an idle listener keeps looking"
            waits = listener.waits
    finally:
        listener.stop()
    assert listener.thread is not None
    listener.thread.join(BOUND)
    assert not listener.thread.is_alive() and not listener.listening.is_set()
    assert listener.heard >= 2 and heard.empty()
