"""The one face for "a table changed": announcing it, the version a phone compares with,
the stream that tells phones, and the panels rendered once per change.

The rest of the companion knows only this module:

* ``changed(session, change)``: the subscriber ``create_app`` gives the one commit hook
  (``companion.commits``): every change of a table is ``announce(session, row)``d,
  inside the write's transaction, last. That registers the write's one after-commit
  hook: after the commit this process's version map learns the new version (open streams wake, the
  poll
  shortcut answers it) and the other processes are woken (PostgreSQL: the ``NOTIFY`` put
  into the same transaction, delivered on commit; SQLite: a datagram to each other
  process's wake socket). A write that rolls back announces nothing.
  ``seat_moved=True``: a seat was taken over (no new version): the table's polls go past
  the map for a while and its streams say their version again, so the phone that lost
  its seat is told.
* ``current(table_id)``: the table's version as this process knows it (at most a refresh
  behind the database, never ahead), or None when it cannot say (no such table, polls
  held open, the database unreachable): the caller then asks the database itself.
* the stream ``GET /t/<id>/events/stream`` and the poll's shortcut (a 204 before Flask),
  both installed by ``init_app``; ``end_streams()`` for a stopping server.
* ``rendered(key, render)``: a panel's placeholder-bearing markup for ``key`` = (table id,
  version, *rest): this process's LRU, then the render store shared by every process on
  the database, then ``render()`` (stored and kept when it may be); ``personalise`` makes
  it one phone's.

Behind it, private modules with one job each: ``_versions`` (the per-process version
map), ``_push`` (the stream and the PostgreSQL listener), ``_wake`` (SQLite's wake
sockets), ``_poll`` (the shortcut), ``_renders`` (the LRU and ``personalise``),
``_store`` (the shared render store).
"""

from __future__ import annotations

import logging
from collections.abc import Hashable
from functools import partial

from flask import Flask, current_app
from sqlalchemy import event, text
from sqlalchemy.orm import Session

from companion.commits import Change
from companion.live import _poll, _push, _renders, _store, _versions
from companion.live._renders import CSRF_PLACEHOLDER, KEY_PLACEHOLDER, personalise
from companion.models import TableRow

__all__ = [
    "CSRF_PLACEHOLDER",
    "KEY_PLACEHOLDER",
    "PANEL_CACHE",
    "announce",
    "changed",
    "current",
    "end_streams",
    "init_app",
    "personalise",
    "rendered",
    "stop",
]

log = logging.getLogger(__name__)

#: The process's LRU of rendered panels (``app.extensions``): the latest versions of the
#: busy tables, in each language read at them.
PANEL_CACHE = "campfire.panel_cache"
PANEL_CACHE_SIZE = 256


def init_app(app: Flask) -> None:
    """The version map, the render cache, the stream and the poll's shortcut (after
    ``db.init_app``, whose engine it reads; before ``serving.init_app``, which wraps
    every view and the WSGI app)."""
    _versions.init_app(app)
    app.extensions[PANEL_CACHE] = _renders.RenderCache(
        app.config.get("PANEL_CACHE_SIZE", PANEL_CACHE_SIZE)
    )
    _push.init_app(app)
    _poll.install(app)


# -- announcing ----------------------------------------------------------------------


def announce(session: Session, row: TableRow, *, seat_moved: bool = False) -> None:
    """The write in ``session`` changes ``row``'s table: tell everyone once it commits.

    Call it in the write's transaction (``db.writing``), once; the version announced is
    the row's at commit. Nothing is told if the transaction rolls back."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    if not seat_moved and session.get_bind().dialect.name == "postgresql":
        # In the transaction itself: PostgreSQL delivers it on commit and drops it on
        # rollback, so a listener never hears of a version it cannot read.
        event.listen(session, "before_commit", partial(_notify, row), once=True)
    event.listen(session, "after_commit", partial(_committed, app, row, seat_moved), once=True)


def changed(session: Session, change: Change) -> None:
    """The commit hook's subscriber (``companion.commits``): ``change`` is announced."""
    announce(session, change.row, seat_moved=change.seat_moved)


def _notify(row: TableRow, session: Session) -> None:
    session.execute(
        text("SELECT pg_notify(:channel, :payload)"),
        {"channel": _push.CHANNEL, "payload": f"{row.id} {row.version}"},
    )


def _committed(app: Flask, row: TableRow, seat_moved: bool, _session: Session) -> None:
    """The after-commit hook: this process's map first, then the other processes."""
    try:
        versions = _versions.for_app(app)
        if seat_moved:
            touched = _versions.stamp(row.version, row.updated_at)
            versions.hold_open(row.id, _versions.HOLD_OPEN_SECONDS, touched)
            return
        versions.note(row.id, row.version)
        peers = _push.hub(app).peers
        if peers is not None:
            peers.send(row.id, row.version)
    except Exception:  # committed already: a phone then hears of it at the next refresh
        log.warning("announcing a table change failed", exc_info=True)


# -- reading -------------------------------------------------------------------------


def current(table_id: str) -> int | None:
    """The table's version as this process knows it, or None when it cannot say (no such
    table, its polls held open after a seat was taken over, the database unreachable)."""
    try:
        return _versions.for_app(current_app).current(table_id)
    except _versions.StaleVersions:
        return None


def rendered(key: tuple[Hashable, ...], render: _store.Render) -> str:
    """The markup of ``key`` = (table id, version, *rest): kept in this process, else the
    render stored by any process on the database, else ``render()``, which returns the
    markup and whether it may be kept (then stored and kept). One render per key at a
    time in a process (the others asking wait for it)."""
    table_id, version = str(key[0]), key[1]
    if not isinstance(version, int):
        raise TypeError("a render key is (table id, version, …)")
    cache: _renders.RenderCache = current_app.extensions[PANEL_CACHE]
    return cache.get(key, lambda: _store.shared(table_id, version, key[2:], render))


# -- the process ---------------------------------------------------------------------


def end_streams() -> None:
    """End every open stream of this process at once (its server is stopping). Safe in a
    signal handler: it only sets flags and events."""
    _push.end_streams()


def stop(app: Flask) -> None:
    """Stop ``app``'s background work: the map's refresher, the listener (tests; an
    exiting process needs nothing)."""
    _push.hub(app).stop()
