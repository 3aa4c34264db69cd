"""Database faults on PostgreSQL: a table's version and state come from one snapshot even
while others write; connections the server dropped are replaced before use; a restart of
the database (simulated by a TCP relay that drops every connection and refuses new ones
for a while) costs a phone a retry — 503 with a sentence — never a 500 or a traceback,
and no acknowledged event is lost."""

from __future__ import annotations

import contextlib
import logging
import socket
import threading
import uuid
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from companion_testkit import FAKE, app_config
from server_kit import start_together

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
        assert "データベースに接続できません" in down.get_data(as_text=True)
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
