"""The database: one SQLAlchemy engine per app, sessions, and automatic migrations.

Writes must never lose an update when several phones change a table at once:

* SQLite: pysqlite's implicit transactions are switched off and every *write* transaction
  starts with ``BEGIN IMMEDIATE``, which takes the database write lock up front, so two
  writers cannot both read version N and both write N+1 (WAL mode keeps readers unblocked;
  a second writer waits instead of failing: ``busy_timeout``, or in a gevent worker short
  cooperative sleeps between tries, so a worker waiting for another's write lock still
  answers its polls: ``begin_immediate``). The commit itself stays on the worker's loop:
  run in gevent's thread pool it cost each write ~2.5 ms more and bought no measurable
  poll latency (bench/poll_cost.py, 50 writes a second).
* PostgreSQL: the writer locks the table row with ``SELECT … FOR UPDATE`` (tables.py), and
  the unique ``(table_id, seq)`` constraint backs it up.

Reads see one snapshot: a read session on PostgreSQL runs at REPEATABLE READ, so a table's
version and its events, read by separate statements, always belong together (at READ
COMMITTED a write committed between the two would give a version with the next event's
state). SQLite's read transaction is a snapshot already (WAL).

In a ``campfire serve`` worker every wait on PostgreSQL yields to gevent
(``cooperative_driver_waits``): psycopg picks its wait function when it is imported,
which is in gunicorn's master (``serve.prepare`` migrates) before the worker's gevent
patch, so it would keep its C wait, which blocks the whole worker — every phone of it —
for as long as one statement waits for a lock.

Connections are checked before use (``pool_pre_ping``): one that died while idle in the
pool (a database restart) is replaced instead of failing the request. On PostgreSQL the
check costs a round trip only when the connection's socket has something to say
(``quiet_ping``): a server that ends a connection says so on it (its last message, then
end of file), and a socket with nothing to read is one the server has not closed. A write marks the
request when it starts committing (``commit_started``): up to then a failed request may be
run again (companion.serving), after it the outcome is unknown and it is not.
"""

from __future__ import annotations

import os
import select
import sqlite3
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING

from alembic import command
from alembic.config import Config
from flask import Flask, current_app, g, has_request_context
from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.orm import Session
from sqlalchemy.pool import ConnectionPoolEntry

if TYPE_CHECKING:  # psycopg chooses its wait when imported: not before gevent's patch
    import psycopg
    from psycopg.rows import TupleRow
    from sqlalchemy.engine.interfaces import DBAPIConnection

try:
    import fcntl
except ImportError:  # Windows: SQLite's own BEGIN IMMEDIATE still serializes the writes
    fcntl = None  # type: ignore[assignment]

EXTENSION = "campfire.db"
READER = "campfire.db.reader"
WRITE = {"campfire_write": True}
#: ``app.extensions`` key of the app's write hooks (``on_write``).
WRITE_HOOKS = "campfire.db.write_hooks"
#: The advisory lock id that serializes migrations of one PostgreSQL database.
MIGRATION_LOCK = 0x43414D50  # "CAMP"
#: How long an SQLite connection waits for another's write lock (seconds).
BUSY_TIMEOUT = 30
#: PostgreSQL: how long connecting may take (seconds), unless the URL or PGCONNECT_TIMEOUT
#: says otherwise: a host that accepts but never answers fails ``serve`` with one line
#: instead of hanging it.
CONNECT_TIMEOUT = 10
#: PostgreSQL: the longest one statement may run (ms): a lock never freed or a runaway
#: query fails its request (503) instead of holding a worker for good.
STATEMENT_TIMEOUT_MS = 30_000


@dataclass(frozen=True, slots=True)
class WriteHook:
    """What a subsystem does around every write transaction of the app (``on_write``):
    ``begin(session)`` before its first statement (companion.idempotency stores the
    request's key in it), ``committed()`` after its commit (companion.idempotency: the key
    is stored; companion.serving: the disk has room again). A table's change itself is
    told through ``companion.commits``, not here."""

    begin: Callable[[Session], None] | None = None
    committed: Callable[[], None] | None = None


def on_write(app: Flask, hook: WriteHook) -> None:
    """Run ``hook`` around every write transaction of ``app`` (``writing``); call it in
    ``create_app``. The hooks are the app's: another app in the process runs its own."""
    app.extensions.setdefault(WRITE_HOOKS, []).append(hook)


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": BUSY_TIMEOUT})

        @event.listens_for(engine, "connect")
        def _sqlite_connect(
            dbapi_connection: sqlite3.Connection, _record: ConnectionPoolEntry
        ) -> None:
            dbapi_connection.isolation_level = None  # we issue BEGIN ourselves
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT * 1000}")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _sqlite_begin(connection: Connection) -> None:
            options = connection.get_execution_options()
            if not options.get("campfire_write"):
                connection.exec_driver_sql("BEGIN")
                return
            wait = options.get("campfire_wait", BUSY_TIMEOUT)
            if wait == BUSY_TIMEOUT and not cooperative():
                connection.exec_driver_sql("BEGIN IMMEDIATE")  # SQLite's busy handler waits
            else:
                begin_immediate(connection, wait, yielding=cooperative())

        return engine
    connect_args: dict[str, object] = {}
    if "connect_timeout" not in url and not os.environ.get("PGCONNECT_TIMEOUT"):
        connect_args["connect_timeout"] = CONNECT_TIMEOUT
    engine = create_engine(
        url, pool_pre_ping=True, pool_size=10, max_overflow=20, connect_args=connect_args
    )
    # the dialect's own ping, asked only when the socket says something
    engine.dialect.do_ping = partial(quiet_ping, engine.dialect.do_ping)  # type: ignore[method-assign]

    @event.listens_for(engine, "connect")
    def _postgresql_connect(
        dbapi_connection: psycopg.Connection[TupleRow], _record: ConnectionPoolEntry
    ) -> None:
        # A SET, not libpq's "options": the URL's own options (a search_path) stay.
        with dbapi_connection.cursor() as cursor:
            cursor.execute(f"SET statement_timeout = {STATEMENT_TIMEOUT_MS}")
        dbapi_connection.commit()

    return engine


def quiet_ping(ping: Callable[[DBAPIConnection], bool], dbapi_connection: DBAPIConnection) -> bool:
    """``pool_pre_ping``'s check of a pooled PostgreSQL connection: ``ping`` (a round trip)
    only when the connection's socket is readable, else alive at no cost.

    An idle connection in the pool hears nothing from a server that is well: a backend
    ended by a restart or ``pg_terminate_backend`` sends its last error and closes, which
    makes the socket readable (and a hang-up shows as readable too), so the real ping then
    finds it dead and the pool replaces it. A connection not idle, or not psycopg's, is
    pinged as before. The wait is the unpatched ``poll`` with no timeout: it never
    blocks and never yields to gevent."""
    from psycopg import pq  # at use: psycopg chooses its wait when imported

    pgconn = getattr(dbapi_connection, "pgconn", None)
    if (
        pgconn is None
        or pgconn.status != pq.ConnStatus.OK
        or pgconn.transaction_status != pq.TransactionStatus.IDLE
    ):
        return ping(dbapi_connection)
    try:
        poller = _unpatched_poll()
        poller.register(pgconn.socket, select.POLLIN | select.POLLPRI)
        if poller.poll(0):
            return ping(dbapi_connection)
    except (OSError, ValueError):  # no socket (closed): the ping says how it failed
        return ping(dbapi_connection)
    return True


def _unpatched_poll() -> select.poll:
    """The operating system's ``poll``, even in a gevent worker (where ``select.poll`` is
    gevent's, which would yield to the hub for a check that never waits)."""
    monkey = sys.modules.get("gevent.monkey")
    if monkey is not None and monkey.is_module_patched("select"):
        made: select.poll = monkey.get_original("select", "poll")()
        return made
    return select.poll()


def begin_immediate(connection: Connection, wait: float, *, yielding: bool) -> None:
    """``BEGIN IMMEDIATE`` on an SQLite ``connection``, waiting ``wait`` seconds at most for
    another connection's write lock.

    SQLite's own busy handler waits inside C (sleeps of up to 100 ms): in a gevent worker
    that stalls the whole process, every phone's poll with it, while another process
    writes. ``yielding`` (a gevent worker: ``time.sleep`` is cooperative) tries without
    waiting and sleeps between tries instead, so the worker answers meanwhile. The last
    try goes through SQLAlchemy, so a lock never freed raises its usual error."""
    raw = connection.connection.driver_connection
    if not isinstance(raw, sqlite3.Connection):
        raise TypeError("BEGIN IMMEDIATE is SQLite's")
    raw.execute(f"PRAGMA busy_timeout={0 if yielding else int(wait * 1000)}")
    try:
        deadline = time.monotonic() + wait
        pause = 0.001
        while yielding and time.monotonic() + pause < deadline:
            try:
                raw.execute("BEGIN IMMEDIATE")
                return
            except sqlite3.OperationalError as error:
                if "locked" not in str(error):
                    raise
            time.sleep(pause)  # gevent: the other greenlets run meanwhile
            pause = min(pause * 2, 0.01)
        connection.exec_driver_sql("BEGIN IMMEDIATE")
    finally:
        raw.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT * 1000}")


def cooperative() -> bool:
    """Whether this process runs gevent's patched ``time`` (a ``campfire serve`` worker)."""
    monkey = sys.modules.get("gevent.monkey")
    return monkey is not None and bool(monkey.is_module_patched("time"))


def cooperative_driver_waits() -> bool:
    """Make psycopg wait through gevent in a process gevent has patched (a worker, right
    after its patch); whether it did.

    psycopg chooses its wait when imported: its C ``wait_c`` unless ``select`` is patched
    then. Imported before the patch (gunicorn's master imports the app to migrate), it
    keeps ``wait_c``, whose ``poll`` never yields: a statement waiting 40 s for a row lock
    held the worker 40 s, a static file with it (issue 33, F2). Here it gets what it would
    have chosen after the patch: ``wait_poll`` (gevent's ``poll``), and gevent's selector
    for connecting (``wait_conn`` uses the ``DefaultSelector`` bound at import).
    ``wait_select`` measured a little cheaper (~0.15 ms against ~0.3 ms a statement,
    noisy) but gevent's ``select`` first calls the real one, which cannot take a file
    descriptor above 1023: a worker holding a thousand connections has such."""
    waiting = sys.modules.get("psycopg.waiting")
    monkey = sys.modules.get("gevent.monkey")
    if waiting is None or monkey is None or not monkey.is_module_patched("select"):
        return False
    import selectors

    waiting.DefaultSelector = selectors.DefaultSelector  # type: ignore[attr-defined]
    waiting.wait = waiting.wait_poll  # type: ignore[attr-defined]
    return True


def write_options(wait: float = BUSY_TIMEOUT) -> dict[str, object]:
    """Execution options of a write transaction that waits ``wait`` seconds at most for
    SQLite's write lock (an optional write, like storing a render, waits briefly)."""
    return {**WRITE, "campfire_wait": wait}


def reader(target: Engine) -> Engine:
    """The engine read sessions use: one snapshot per transaction."""
    if target.dialect.name == "postgresql":
        return target.execution_options(isolation_level="REPEATABLE READ")
    return target


def single_statements(target: Engine) -> Engine:
    """The engine for reads of one statement each, which need no snapshot shared between
    statements (a stored render, the versions of the tables watched): on PostgreSQL in
    autocommit, so such a read is its one round trip instead of three (``BEGIN``, the
    statement, ``ROLLBACK``: psycopg sends each on its own); SQLite's reads cost no round
    trip, its engine is returned as it is."""
    if target.dialect.name == "postgresql":
        return target.execution_options(isolation_level="AUTOCOMMIT")
    return target


def engine() -> Engine:
    made: Engine = current_app.extensions[EXTENSION]
    return made


@contextmanager
def reading() -> Iterator[Session]:
    """A read-only session (one consistent snapshot)."""
    bind = current_app.extensions.get(READER) or engine()
    with Session(bind, expire_on_commit=False) as session, session.begin():
        yield session


@contextmanager
def writing() -> Iterator[Session]:
    """A write transaction: committed on success, rolled back on any exception."""
    bind = engine().execution_options(**WRITE)
    hooks: list[WriteHook] = current_app.extensions.get(WRITE_HOOKS, [])
    with Session(bind, expire_on_commit=False) as session, session.begin():
        for hook in hooks:  # the request's idempotency key, in this very transaction
            if hook.begin is not None:
                hook.begin(session)
        yield session
        if has_request_context():  # the commit follows: from here a retry could repeat it
            g.campfire_commit_started = True
    for hook in hooks:
        if hook.committed is not None:
            hook.committed()


def commit_started() -> bool:
    """Whether this request began committing a write (see companion.serving.retrying)."""
    return has_request_context() and g.get("campfire_commit_started", False)


def alembic_config(connection: Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(resources.files("companion") / "migrations"))
    config.attributes["connection"] = connection
    return config


def upgrade(target: Engine, revision: str = "head") -> None:
    """Bring the schema up to ``revision`` (creates it on an empty database).

    Several servers may start at once on one database: on PostgreSQL a
    transaction-scoped advisory lock makes the others wait and then find the schema
    current; on SQLite a file lock beside the database does the same (taken before the
    first connection, so even switching a new file to WAL happens once)."""
    with migration_file_lock(target), target.execution_options(**WRITE).begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        command.upgrade(alembic_config(connection), revision)


@contextmanager
def migration_file_lock(target: Engine) -> Iterator[None]:
    """An exclusive lock on ``<database>.migrate-lock`` while an SQLite file migrates
    (nothing for other databases, in-memory SQLite, or where ``fcntl`` is missing)."""
    path = target.url.database if target.dialect.name == "sqlite" else None
    if not path or path == ":memory:" or path.startswith("file:") or fcntl is None:
        yield
        return
    lock = Path(path).with_name(Path(path).name + ".migrate-lock")
    if not lock.parent.is_dir():  # SQLite's own error names the missing folder
        yield
        return
    with lock.open("a") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def init_app(app: Flask) -> None:
    target = make_engine(app.config["DATABASE_URL"])
    app.extensions[EXTENSION] = target
    app.extensions[READER] = reader(target)
    upgrade(target)
