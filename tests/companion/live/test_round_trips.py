"""Round trips to PostgreSQL on the live path: a pushed change is fetched by every phone
of the table, so what one fetch costs is paid per phone per change.

* A pooled connection is pinged (``pool_pre_ping``) only when its socket has something to
  say (``db.quiet_ping``): a connection the server ended is still found dead and replaced
  (tests/companion/test_db_faults.py proves the request then succeeds).
* A read of one statement (a stored render, the watched tables' versions) runs in
  autocommit (``db.single_statements``): one round trip, no ``BEGIN`` and ``ROLLBACK``.
"""

from __future__ import annotations

import select
import uuid
from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from companion_testkit import FAKE, HTMX, app_config
from flask import Flask
from sqlalchemy import event

from companion import create_app, db, live, tables
from companion.live import _versions

PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]


class Pings:
    """A stand-in for the dialect's ping: counts its calls."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, _connection: object) -> bool:
        self.count += 1
        return True


def raw_url(pg_url: str) -> str:
    return pg_url.replace("postgresql+psycopg", "postgresql")


def test_a_quiet_idle_connection_is_not_pinged(pg_url: str) -> None:
    pings = Pings()
    with psycopg.connect(raw_url(pg_url)) as connection:
        connection.execute("SELECT 1")
        connection.rollback()
        assert db.quiet_ping(pings, connection) is True
        assert pings.count == 0


def test_a_connection_in_a_transaction_is_pinged(pg_url: str) -> None:
    pings = Pings()
    with psycopg.connect(raw_url(pg_url)) as connection:
        connection.execute("SELECT 1")  # a transaction is open: not idle
        assert db.quiet_ping(pings, connection) is True
        assert pings.count == 1


def test_a_connection_the_server_ended_is_pinged(pg_url: str) -> None:
    """The server's last words make the socket readable: the real ping then runs (and
    in the pool fails, so the pool connects afresh)."""
    pings = Pings()
    name = "campfire_" + uuid.uuid4().hex[:10]
    with psycopg.connect(raw_url(pg_url), application_name=name) as connection:
        with psycopg.connect(raw_url(pg_url), autocommit=True) as other:
            ended = other.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE application_name = %s",
                (name,),
            ).fetchall()
        assert ended == [(True,)]
        poller = select.poll()
        poller.register(connection.pgconn.socket, select.POLLIN)
        assert poller.poll(10_000), "the ended connection's socket never became readable"
        assert db.quiet_ping(pings, connection) is True  # what the stand-in says
        assert pings.count == 1


@pytest.fixture
def pg_app(pg_url: str, tmp_path: Any) -> Iterator[Flask]:
    tables.clear_cache()
    app = create_app(app_config(tmp_path, DATABASE_URL=pg_url))
    yield app
    live.stop(app)
    app.extensions[db.EXTENSION].dispose()


def test_a_pushed_panel_fetch_reads_what_needs_no_snapshot_in_autocommit(
    pg_app: Flask,
) -> None:
    """The render store's read, the version map's read and the panel's news line (the
    newest event, which never changes) are one statement each: sent in autocommit, so no
    BEGIN and no COMMIT go with them. The table's own read (its row, then its state)
    stays one snapshot (REPEATABLE READ, in a transaction)."""
    with pg_app.app_context():
        table_id = tables.create(FAKE, PLAYERS, {"start": 0}).id
        tables.append(table_id, {"type": "adjust", "seat": 0, "counter": "points", "delta": 1})
    seen: list[tuple[str, bool]] = []

    @event.listens_for(pg_app.extensions[db.EXTENSION], "before_cursor_execute")
    def note(connection: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        seen.append((" ".join(statement.split()), connection.connection.autocommit))

    def autocommit(*words: str) -> set[bool]:
        found = {flag for text, flag in seen if all(word in text for word in words)}
        assert found, f"no statement with {words}"
        return found

    with pg_app.app_context():
        _versions.for_app(pg_app).refresh()
    answer = pg_app.test_client().get(f"/t/{table_id}?v=0", headers=HTMX)
    assert answer.status_code == 200
    assert autocommit("FROM panel_renders") == {True}  # the store's read
    assert autocommit("tables.updated_at FROM tables WHERE tables.id IN") == {True}  # the map
    assert autocommit("FROM events WHERE", "events.seq =") == {True}  # the news line
    assert autocommit("tables.join_code", "FROM tables") == {False}  # the table: a snapshot
