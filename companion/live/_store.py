"""Rendered panels shared by every process on one database: one render per change
(private to ``companion.live``: pages ask ``live.rendered``).

The process LRU (``companion.live._renders``) renders a key once per process; with two gunicorn
workers, or several servers on one database, every process would render the same change
again (``bench/poll_cost.py`` prints a render and a read from this store). The
placeholder-bearing markup is a function of its key and of the code that renders it, so
the first process to render a key stores it here (table ``panel_renders``) and the others read it:

    ``live.rendered``: process LRU → this store → render, keep it, and store it once
    the answer has gone out (``after_answer``: the phone never waits for the write)

(``RenderStore.markup`` runs inside the LRU's single flight, so one process asks the store
once per key however many of its phones poll).

* **Key.** A row is (table id, version, digest); the digest covers the rest of the render
  key (language, variant, the secret seat) and ``code_fingerprint()`` (the templates,
  translations, sources and static files that render), so servers running other code (a rolling
  upgrade) never share a render. A version always names the same events: a stored render
  is never stale, a newer version is a new key.
* **Insert if absent.** ``INSERT … ON CONFLICT DO NOTHING`` (SQLite and PostgreSQL): two
  processes storing one key at once both succeed, and stored the same markup anyway.
* **Bounded.** Storing version v of a table deletes that table's rows below v, and a
  render older than the newest stored one is not stored (a process that lags behind);
  a deleted table's rows go with it (foreign key, ``ON DELETE CASCADE``).
* **What is stored.** Renders ``_render_panel`` may not keep (a session's CSRF token
  slipped in) never are; refusals never come here. Renders with a seat's secret (its herd,
  its newspaper's address) are stored: their key holds that seat, so they are served only
  to a phone holding that seat at that version — as the LRU does — and the secret is in
  the database already (the events).
* **Optional, and never in the way.** The store only saves work: it never fails a
  request and never holds up a change. On SQLite (WAL: reading never waits) a store that
  finds the write lock taken — a change being written, at any busy table — waits
  ``WRITE_WAIT`` at most, then skips storing: that is contention, counted (``skipped``)
  and not logged as a failure (issue 35: a 4-phone game logged 4–16 "failed" stores).
  On PostgreSQL the store's insert waits ``LOCK_WAIT_MS`` at most for the table row a
  change holds (``lock_timeout``), then skips alike. Any other database failure is
  logged and the panel is rendered.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import sqlite3
import zlib
from collections.abc import Callable, Hashable
from functools import partial
from pathlib import Path
from typing import cast

from flask import Flask, Response, after_this_request, current_app, has_request_context
from sqlalchemy import Connection, Engine, Table, bindparam, delete, func, select
from sqlalchemy.dialects import postgresql, sqlite

from companion import config, db, fingerprint
from companion.models import RenderRow

log = logging.getLogger(__name__)

EXTENSION = "campfire.render_store"
#: How long (seconds) storing a render waits for SQLite's write lock before giving up.
WRITE_WAIT = 0.1
#: PostgreSQL: how long (ms) storing a render waits for a lock a change holds.
LOCK_WAIT_MS = 100
#: PostgreSQL's SQLSTATE for a lock not granted within ``lock_timeout``.
LOCK_NOT_AVAILABLE = "55P03"
#: zlib level: panel markup is repetitive (a 70 KB panel stores as ~8 KB); 6 is the
#: usual balance, about a millisecond for a big panel.
LEVEL = 6

Render = Callable[[], tuple[str, bool]]

# A mapped class's __table__ is typed as any FromClause; it is this Table (delete, insert).
_ROWS = cast(Table, RenderRow.__table__)
_READ = select(_ROWS.c.markup).where(
    _ROWS.c.table_id == bindparam("table_id"),
    _ROWS.c.version == bindparam("version"),
    _ROWS.c.key == bindparam("key"),
)
_NEWEST = select(func.max(_ROWS.c.version)).where(_ROWS.c.table_id == bindparam("table_id"))


@functools.cache
def code_fingerprint() -> str:
    """A digest of what renders a panel: the templates, the compiled translations, the
    companion's files (its Python sources and the static files whose hashed URLs a panel
    names) and the games' sources (read once per process, ~30 ms)."""
    packages = Path(__file__).resolve().parents[2]
    return fingerprint.of_files(
        [
            *sorted(config.data_dir("templates").rglob("*")),
            *sorted(config.data_dir("translations").rglob("*.mo")),
            *sorted(
                file
                for file in (packages / "companion").rglob("*")
                if "__pycache__" not in file.parts
            ),
            *sorted((packages / "games").rglob("*.py")),
        ]
    )


def digest(rest: Hashable) -> str:
    """The stored key of a render: ``rest`` is the render key past (table id, version).
    Its ``repr`` is what is hashed: the parts are strings, numbers, None and tuples."""
    return hashlib.sha256(f"{code_fingerprint()}\0{rest!r}".encode()).hexdigest()


class RenderStore:
    """The shared renders of one database (see the module docstring)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        # Diagnostics and tests: reads answered, reads missed, renders stored, failures.
        self.hits = 0
        self.misses = 0
        self.stored = 0
        self.failures = 0
        self.skipped = 0  # stores given up because a change held the write lock

    def markup(
        self, table_id: str, version: int, rest: Hashable, render: Render
    ) -> tuple[str, bool]:
        """The markup of (table id, version, ``rest``) and whether it may be kept: the
        stored render, else ``render()``'s, stored when it may be kept."""
        key = digest(rest)
        found = self.get(table_id, version, key)
        if found is not None:
            return found, True
        markup, keep = render()
        if keep:
            after_answer(partial(self.put, table_id, version, key, markup))
        return markup, keep

    def get(self, table_id: str, version: int, key: str) -> str | None:
        """The stored markup, or None (not stored, or the database failed)."""
        try:
            # one statement: on PostgreSQL one round trip, in autocommit
            with db.single_statements(self.engine).connect() as connection:
                blob = connection.execute(
                    _READ, {"table_id": table_id, "version": version, "key": key}
                ).scalar()
            markup = None if blob is None else zlib.decompress(blob).decode()
        except Exception as error:  # the store only saves work: render instead
            self.failures += 1
            log.warning("reading a stored panel failed: %s", type(error).__name__)
            return None
        if markup is None:
            self.misses += 1
        else:
            self.hits += 1
        return markup

    def put(self, table_id: str, version: int, key: str, markup: str) -> None:
        """Store the markup unless the key is stored already or a newer version of the
        table is; drop the table's older versions. Never raises."""
        blob = zlib.compress(markup.encode(), LEVEL)
        try:
            writer = self.engine.execution_options(**db.write_options(WRITE_WAIT))
            with writer.begin() as connection:
                stored = self._put(connection, table_id, version, key, blob)
        except Exception as error:  # a failed store loses nothing: the next process renders
            if contended(error):  # a change is being written: it goes first
                self.skipped += 1
                log.debug("a rendered panel was not stored: a change held the lock")
                return
            self.failures += 1
            log.warning("storing a rendered panel failed: %s", type(error).__name__)
            return
        self.stored += stored

    @staticmethod
    def _put(connection: Connection, table_id: str, version: int, key: str, blob: bytes) -> bool:
        if connection.dialect.name == "postgresql":  # this transaction only (LOCAL)
            connection.exec_driver_sql(f"SET LOCAL lock_timeout = {LOCK_WAIT_MS}")
        newest = connection.execute(_NEWEST, {"table_id": table_id}).scalar()
        if newest is not None and newest > version:
            return False  # this process lags behind: nobody will ask for that version
        connection.execute(
            delete(_ROWS).where(_ROWS.c.table_id == table_id, _ROWS.c.version < version)
        )
        insert = postgresql.insert if connection.dialect.name == "postgresql" else sqlite.insert
        values = {"table_id": table_id, "version": version, "key": key, "markup": blob}
        connection.execute(insert(_ROWS).values(**values).on_conflict_do_nothing())
        return True


def after_answer(action: Callable[[], None]) -> None:
    """Run ``action`` once the request's answer has gone out (its response closed),
    or now outside a request. Storing a render is a write transaction (on PostgreSQL
    seven round trips); the phone that asked need not wait for it, and the processes
    that read it meanwhile render the key themselves, as they would without a store.
    A request that fails after the render skips storing: nothing is lost but work."""
    if not has_request_context():
        action()
        return

    def on_close(response: Response) -> Response:
        response.call_on_close(action)
        return response

    after_this_request(on_close)


def contended(error: BaseException) -> bool:
    """Whether ``error`` is another transaction holding the lock the store needs (SQLite's
    "database is locked" or "busy", PostgreSQL's lock not available), not a failure."""
    original = getattr(error, "orig", None) or error
    if isinstance(original, sqlite3.OperationalError):
        text = str(original).lower()
        return "locked" in text or "busy" in text
    return getattr(original, "sqlstate", None) == LOCK_NOT_AVAILABLE


def shared(table_id: str, version: int, rest: Hashable, render: Render) -> tuple[str, bool]:
    """``RenderStore.markup`` of the current app's store; ``render()`` alone when the app
    has none (``PANEL_RENDER_STORE`` off). The step after the process LRU in
    ``live.rendered``."""
    store = for_app(current_app)
    return render() if store is None else store.markup(table_id, version, rest, render)


def for_app(app: Flask) -> RenderStore | None:
    """``app``'s store (made on first use), or None when ``PANEL_RENDER_STORE`` is off."""
    store: RenderStore | None = app.extensions.get(EXTENSION)
    if store is None and app.config.get("PANEL_RENDER_STORE", True):
        store = app.extensions.setdefault(EXTENSION, RenderStore(app.extensions[db.EXTENSION]))
    return store
