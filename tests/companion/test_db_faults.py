"""Database faults on PostgreSQL: a table's version and state come from one snapshot even
while others write; connections the server dropped are replaced before use; a restart of
the database (simulated by a TCP relay that drops every connection and refuses new ones
for a while) costs a phone a retry — 503 with a sentence — never a 500 or a traceback,
and no acknowledged event is lost. A statement that times out (a lock held too long) is 503
"busy", never run again; and a served worker answers other phones while one of its
requests waits for a lock in PostgreSQL (psycopg's waits yield to gevent)."""

from __future__ import annotations

import contextlib
import json
import logging
import socket
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from companion_testkit import FAKE, app_config, text
from server_kit import Server, post_json, start_together

from companion import create_app, db, serving, tables
from companion.tables import snapshots


@pytest.fixture
def wide_fake(monkeypatch: pytest.MonkeyPatch) -> None:
    import companion_fake_game

    monkeypatch.setitem(companion_fake_game.COUNTERS, "points", (0, 100_000))


def new_table(app: Any) -> str:
    with app.app_context():
        players = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]
        return tables.create(FAKE, players, {"start": 0}).id


def adjust(app: Any, table_id: str) -> None:
    with app.app_context():
        tables.append(table_id, {"type": "adjust", "seat": 0, "counter": "points", "delta": 1})


# ---------------------------------------------------------------------------------------
# one snapshot


def test_version_and_state_are_read_in_one_snapshot(
    tmp_path: Any, pg_url: str, wide_fake: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every read while two writers append: the folded points equal the version (each
    event adds 1). At READ COMMITTED, an event committed between reading the table row and
    reading its events gave a state one event ahead of its version."""
    app = create_app(app_config(tmp_path, DATABASE_URL=pg_url))
    # Fold every read from the stored events: a cached fold would hide a torn read.
    monkeypatch.setattr(snapshots, "_cached", lambda key: None)
    monkeypatch.setattr(snapshots, "remember_state", lambda key, state: None)
    table_id = new_table(app)
    start = 0
    torn: list[tuple[int, int]] = []
    reads = 0

    def writer() -> None:
        for _ in range(150):
            adjust(app, table_id)

    writers = [threading.Thread(target=writer) for _ in range(2)]
    for thread in writers:
        thread.start()
    try:
        with app.app_context():
            while any(thread.is_alive() for thread in writers) and reads < 5000:
                view = tables.get(table_id)
                reads += 1
                points = view.counters()[0]["points"] - start
                if points != view.version:
                    torn.append((view.version, points))
    finally:
        for thread in writers:
            thread.join()
        app.extensions[db.EXTENSION].dispose()
    assert reads > 20
    assert torn == []


# ---------------------------------------------------------------------------------------
# dropped connections


def app_name_url(pg_url: str) -> tuple[str, str]:
    name = "campfire_" + uuid.uuid4().hex[:10]
    return f"{pg_url}&application_name={name}", name


def terminate(pg_url: str, name: str) -> int:
    """Drop every connection of this app (by its application_name) as a restart would."""
    raw = pg_url.split("?")[0].replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(raw, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
            (name,),
        ).fetchall()
    return len(rows)


def test_connections_dropped_by_the_server_are_replaced_before_use(
    tmp_path: Any, pg_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    url, name = app_name_url(pg_url)
    app = create_app(app_config(tmp_path, DATABASE_URL=url))
    client = app.test_client()
    try:
        table_id = new_table(app)
        assert client.get(f"/t/{table_id}").status_code == 200
        assert terminate(pg_url, name) >= 1
        with caplog.at_level(logging.WARNING):
            assert client.get(f"/t/{table_id}").status_code == 200
            assert client.get(f"/api/v1/tables/{table_id}").status_code == 200
        assert not any(record.exc_info for record in caplog.records)
    finally:
        app.extensions[db.EXTENSION].dispose()


# ---------------------------------------------------------------------------------------
# a restart, through a relay


class Relay:
    """A TCP relay to PostgreSQL that can drop every connection and refuse new ones."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.up = threading.Event()
        self.up.set()
        self.sockets: list[socket.socket] = []
        self.lock = threading.Lock()
        self.closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self.closed:
            try:
                client, _address = self.listener.accept()
            except OSError:
                return
            if not self.up.is_set():  # "restarting": refuse at once
                client.close()
                continue
            try:
                server = socket.create_connection(self.target, timeout=5)
            except OSError:
                client.close()
                continue
            with self.lock:
                self.sockets += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        finally:
            for end in (source, sink):
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)

    def drop_all(self) -> None:
        with self.lock:
            for end in self.sockets:
                with contextlib.suppress(OSError):
                    end.shutdown(socket.SHUT_RDWR)
                    end.close()
            self.sockets.clear()

    def close(self) -> None:
        self.closed = True
        self.listener.close()
        self.drop_all()


@pytest.fixture
def relay(pg_server_url: str) -> Iterator[Relay]:
    relay = Relay(("127.0.0.1", 5432))
    yield relay
    relay.close()


def through(pg_url: str, relay: Relay) -> str:
    return pg_url.replace("@127.0.0.1:5432/", f"@127.0.0.1:{relay.port}/")


def test_a_database_restart_costs_a_retry_not_an_error_page(
    tmp_path: Any,
    pg_url: str,
    relay: Relay,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    monkeypatch.setattr(serving, "RETRY_PAUSE", 0.05)
    # Refreshing the version map at every poll: a poll then meets the outage at once
    # (by default it answers from the map for up to a quarter second first).
    app = create_app(
        app_config(tmp_path, DATABASE_URL=through(pg_url, relay), VERSION_REFRESH_SECONDS=0)
    )
    client = app.test_client()
    try:
        table_id = new_table(app)
        assert client.get(f"/t/{table_id}?v=0", headers={"HX-Request": "true"}).status_code in (
            200,
            204,
            286,
        )
        with caplog.at_level(logging.WARNING):
            relay.up.clear()  # the database goes down
            relay.drop_all()
            down = client.get(f"/t/{table_id}", headers={"Accept-Language": "ja"})
            poll = client.get(f"/t/{table_id}?v=0", headers={"HX-Request": "true"})
            health = client.get("/healthz")
            relay.up.set()  # and comes back
            back = client.get(f"/t/{table_id}")
        assert down.status_code == 503
        assert "データベースに接続できません" in text(down)
        assert poll.status_code == 503 and poll.headers["HX-Retarget"] == "#flash"
        assert health.status_code == 503
        assert back.status_code == 200
        assert not any(record.exc_info for record in caplog.records)  # one line each
        assert all(len(record.getMessage().splitlines()) == 1 for record in caplog.records)
    finally:
        app.extensions[db.EXTENSION].dispose()


def test_writes_through_restarts_lose_no_acknowledged_event(
    tmp_path: Any, pg_url: str, relay: Relay, wide_fake: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Writers post through the API while the relay drops every connection now and then:
    every answer is 200 or 503 (never 500), and every 200 is stored. A 503 whose commit
    was already under way may or may not be stored (the phone sees the table and retries
    if it must), so the stored count lies between the 200s and the 200s plus the 503s."""
    monkeypatch.setattr(serving, "RETRY_PAUSE", 0.05)
    app = create_app(app_config(tmp_path, DATABASE_URL=through(pg_url, relay)))
    table_id = new_table(app)
    answers: list[int] = []
    lock = threading.Lock()
    stop = threading.Event()

    def writer() -> None:
        client = app.test_client()
        for _ in range(60):
            response = client.post(
                f"/api/v1/tables/{table_id}/events",
                json={"type": "adjust", "seat": 0, "counter": "points", "delta": 1},
            )
            with lock:
                answers.append(response.status_code)

    def restarts() -> None:
        while not stop.wait(0.15):
            relay.drop_all()

    threads = [threading.Thread(target=writer) for _ in range(4)]
    chaos = threading.Thread(target=restarts)
    chaos.start()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    stop.set()
    chaos.join()
    try:
        assert set(answers) <= {200, 503}
        with app.app_context():
            final = tables.get(table_id)
        ok, unavailable = answers.count(200), answers.count(503)
        assert ok > 0
        assert ok <= final.counters()[0]["points"] == final.version <= ok + unavailable
    finally:
        app.extensions[db.EXTENSION].dispose()


# ---------------------------------------------------------------------------------------
# several servers starting at once


def test_servers_starting_at_once_on_an_empty_database_all_start(
    tmp_path: Any, pg_url: str
) -> None:
    """Each server migrates at start; on one empty PostgreSQL the migrations take turns
    (an advisory lock), so none fails on a table another just created."""
    results = start_together(tmp_path, pg_url, count=4)
    assert results == [(0, "")] * 4
    app = create_app(app_config(tmp_path, DATABASE_URL=pg_url))
    try:
        new_table(app)
    finally:
        app.extensions[db.EXTENSION].dispose()


# ---------------------------------------------------------------------------------------
# a lock held in PostgreSQL


def raw_url(pg_url: str) -> str:
    """The test schema's URL for psycopg itself (no SQLAlchemy driver name)."""
    return pg_url.replace("postgresql+psycopg", "postgresql")


def hold_row_lock(pg_url: str, table_id: str) -> psycopg.Connection[Any]:
    """Another connection (an administrator's session, a stuck job) that locks the table's
    row and keeps its transaction open: every write to the table waits for it."""
    holder = psycopg.connect(raw_url(pg_url))
    holder.execute("SELECT id FROM tables WHERE id = %s FOR UPDATE", (table_id,))
    return holder


def test_a_statement_timeout_is_503_busy_and_not_run_again(
    tmp_path: Any, pg_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The write waits for the held lock until statement_timeout cancels it: the phone is
    told the database is busy (503, Retry-After), once. Taken for a lost connection it was
    run again and waited as long once more (issue 33, F2)."""
    monkeypatch.setattr(db, "STATEMENT_TIMEOUT_MS", 300)
    monkeypatch.setattr(serving, "RETRY_PAUSE", 0)
    app = create_app(app_config(tmp_path, DATABASE_URL=pg_url))
    client = app.test_client()
    table_id = new_table(app)
    holder = hold_row_lock(pg_url, table_id)
    try:
        with caplog.at_level(logging.WARNING):
            answer = client.post(
                f"/api/v1/tables/{table_id}/events",
                json={"type": "adjust", "seat": 0, "counter": "points", "delta": 1},
                headers={"Accept-Language": "it"},
            )
            page = client.post(
                f"/t/{table_id}/adjust", data={"seat": "0", "counter": "points", "delta": "1"}
            )
    finally:
        holder.rollback()
        holder.close()
    try:
        assert answer.status_code == 503
        assert answer.headers["Retry-After"] == str(serving.BUSY_RETRY_AFTER)
        assert "database" in answer.get_json()["error"]  # the Italian sentence names it
        assert answer.get_json()["error"] != serving.DatabaseBusy.description
        assert page.status_code == 503 and page.headers["Retry-After"] == "5"
        timed_out = [r for r in caplog.records if "statement timed out" in r.getMessage()]
        assert len(timed_out) == 2  # one per request: neither was run again
        assert not any("running" in r.getMessage() for r in caplog.records)
        with app.app_context():
            assert tables.get(table_id).version == 0  # nothing was written
    finally:
        app.extensions[db.EXTENSION].dispose()


def waiting_for_a_lock(pg_url: str, name: str) -> bool:
    with psycopg.connect(raw_url(pg_url).split("?")[0], autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE application_name = %s AND wait_event_type = 'Lock'",
            (name,),
        ).fetchone()
    return bool(row and row[0])


def get(url: str) -> int:
    """A phone's GET; its status. A worker that cannot answer fails the test by timing out
    (the lock it would wait for is released only after this answer)."""
    with urllib.request.urlopen(url, timeout=20) as answer:
        answer.read()
        return int(answer.status)


def test_a_served_worker_answers_other_phones_while_a_write_waits_for_a_lock(
    tmp_path: Any, pg_url: str
) -> None:
    """One gevent worker: a write waits for a row lock held in PostgreSQL; meanwhile a
    static file, /healthz, the locked table's state and another table's page and poll are
    answered — while the lock is still held and the write still waits. With psycopg's C
    wait (imported by the master before gevent's patch) the worker stopped with the write:
    a static file took 30 s during a 40 s lock (issue 33, F2)."""
    url, name = app_name_url(pg_url)
    players = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]
    with Server(url, cwd=tmp_path, workers=1) as server:
        server.wait_until_up()
        table_id, other_id = (
            post_json(server.url + "/api/v1/tables", {"game": "bison", "players": players})["id"]
            for _table in range(2)
        )
        holder = hold_row_lock(pg_url, table_id)
        written: list[int] = []

        def write() -> None:
            try:
                post_json(
                    f"{server.url}/api/v1/tables/{table_id}/events",
                    {"type": "adjust", "seat": 0, "counter": "salmon", "delta": 1},
                    timeout=60,
                )
                written.append(200)
            except urllib.error.HTTPError as error:
                written.append(error.code)

        writer = threading.Thread(target=write)
        try:
            writer.start()
            for _attempt in range(200):  # bounded: 20 s
                if waiting_for_a_lock(pg_url, name):
                    break
                time.sleep(0.1)
            else:
                pytest.fail("the write never waited for the lock")
            answered = [
                get(f"{server.url}/static/app.css"),
                get(f"{server.url}/healthz"),
                get(f"{server.url}/api/v1/tables/{table_id}"),
                get(f"{server.url}/t/{other_id}"),
                get(f"{server.url}/t/{other_id}?v=0"),
            ]
            still_waiting = writer.is_alive() and waiting_for_a_lock(pg_url, name)
        finally:
            holder.rollback()
            holder.close()
            writer.join(timeout=60)
        assert answered == [200] * 5
        assert still_waiting  # answered while the lock was held
        assert written == [200]  # and the write went through once it was let go
        with urllib.request.urlopen(f"{server.url}/api/v1/tables/{table_id}") as answer:
            assert json.loads(answer.read())["version"] == 1
