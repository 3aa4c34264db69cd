"""Which version each table is at, known per process without a query per request
(private to ``companion.live``: the rest of the app asks ``live.current``).

A phone polls its table every couple of seconds and nearly always hears "nothing changed"
(204). Answering that from the database costs a session, a transaction and a query per
poll; here each process keeps a map ``table id → version`` instead:

* a write committed by this process updates the map at once (``note``, from the write's
  after-commit hook: ``live.announce``); another process's write too when it wakes this
  one (PostgreSQL ``NOTIFY``, SQLite's wake sockets: ``companion.live._wake``);
* what other processes (or servers) committed is otherwise learnt by ONE query for all the tables
  asked about lately, run at most every ``REFRESH_SECONDS`` (0.25 s) — lazily by the
  request that finds the map older than that, or by a background thread once someone
  ``subscribe``\\ s (the push stream wants to hear of changes even when nobody polls);
* a table the map has never seen costs one primary-key lookup.
* a seat taken over changes no version but touches the table row (``updated_at``): a
  refresh that sees the row touched at the same version holds the table open
  (``hold_open``), in every process, so the phone that lost its seat is told.

So a version read here is at most ``REFRESH_SECONDS`` (plus one query, and never more
than ``STALLED`` intervals: past that a stalled refresh sends the caller to the database)
behind the database, in any process on any server, and never ahead of it: the database
stays the truth.

Subscribers (``subscribe``) are called with ``(table_id, version)`` whenever this process
learns of a newer version, by its own write or by a refresh. Callbacks run outside every
lock and must be quick (hand the news on; do not render).

Nothing here holds a lock while it queries, so the module suits gevent's greenlets as well
as threads: one caller refreshes, the others answer from the map meanwhile.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from datetime import UTC, datetime

from flask import Flask, current_app
from sqlalchemy import Engine, bindparam, select

from companion.models import TableRow

log = logging.getLogger(__name__)

EXTENSION = "campfire.versions"
#: How old the map may get before a request refreshes it (seconds).
REFRESH_SECONDS = 0.25
#: A table asked about within this long is refreshed; older ones are forgotten.
WATCH_SECONDS = 30.0
#: A map this many intervals old is not answered from while its refresh still runs (the
#: query stalled: a busy database, a pool with no connection free); the caller asks the
#: database itself, so a poll is never answered from a map older than that.
STALLED = 2
#: Tables per refresh query (SQLite binds at most 32,766 parameters; a bounded statement
#: stays cheap to plan); more tables than this take several queries.
CHUNK = 2000
#: Tables remembered at most (each entry is two small objects).
MAX_TABLES = 100_000
#: How long a table's polls go past the map after a seat was taken over (``hold_open``):
#: long enough for every phone's next poll (every 2 s) to reach a view.
HOLD_OPEN_SECONDS = 30.0

Callback = Callable[[str, int], None]

_TABLES = TableRow.__table__
_ONE = select(_TABLES.c.version, _TABLES.c.updated_at).where(_TABLES.c.id == bindparam("id"))
_MANY = select(_TABLES.c.id, _TABLES.c.version, _TABLES.c.updated_at).where(
    _TABLES.c.id.in_(bindparam("ids", expanding=True))
)


Stamp = tuple[int, datetime | None]


def stamp(version: int, updated_at: datetime | None) -> Stamp:
    """A table row's ``(version, updated_at)``, its time as naive UTC: SQLite gives back
    naive datetimes, PostgreSQL aware ones in the session's zone, a write in Python an
    aware UTC one — the same instant must compare equal."""
    if updated_at is not None and updated_at.tzinfo is not None:
        updated_at = updated_at.astimezone(UTC).replace(tzinfo=None)
    return version, updated_at


class StaleVersions(RuntimeError):
    """The map is due for a refresh and the refresh failed (the database is unreachable):
    the caller asks the database itself (and reports its failure) instead."""


class VersionMap:
    """The versions one app's process knows (see the module docstring)."""

    def __init__(
        self,
        engine: Engine,
        *,
        interval: float = REFRESH_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.engine = engine
        self.interval = interval
        self.clock = clock
        self._versions: dict[str, int] = {}
        self._asked: dict[str, float] = {}  # table id → when it was last asked about
        self._watched: dict[str, int] = {}  # table id → how many watchers hold it
        self._lock = threading.Lock()  # guards the dicts only; never held over a query
        self._refreshing = False
        self._refreshed = clock()
        self._subscribers: list[Callback] = []
        self._open_until: dict[str, float] = {}  # table id → polls go to the view until then
        # table id → (version, updated_at) at the last refresh: a newer ``updated_at`` at the
        # same version is a seat taken over in another process (tables.take_seat).
        self._stamps: dict[str, Stamp] = {}
        self._rechecks: list[Callable[[str], None]] = []  # told when a table is held open
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self.queries = 0  # how many queries this map ran (tests, diagnostics)

    # -- reading ---------------------------------------------------------------------

    def current(self, table_id: str) -> int | None:
        """The table's version as this process knows it (None: no such table, or polls of
        it are held open: see ``hold_open``)."""
        now = self.clock()
        with self._lock:
            self._asked[table_id] = now
            if self._open_until.get(table_id, 0.0) > now:
                return None
            known = self._versions.get(table_id)
            age = now - self._refreshed
            due = age >= self.interval and not self._refreshing
            if due:
                self._refreshing = True
            elif self._refreshing and age >= STALLED * self.interval:
                raise StaleVersions(table_id)  # a stalled refresh: do not answer from it
        if due:
            if not self._refresh():  # the database is unreachable: say so, do not guess
                raise StaleVersions(table_id)
            with self._lock:
                if self._open_until.get(table_id, 0.0) > now:
                    return None  # the refresh saw a seat taken over
                known = self._versions.get(table_id)
        if known is None:
            known = self.lookup(table_id)
        return known

    def lookup(self, table_id: str) -> int | None:
        """The table's version read from the database now (None: no such table); the
        database's error, if any, goes to the caller."""
        with self.engine.connect() as connection:
            row = connection.execute(_ONE, {"id": table_id}).one_or_none()
        self.queries += 1
        if row is None:
            return None
        version, updated_at = row
        with self._lock:
            self._stamps.setdefault(table_id, stamp(version, updated_at))
        self._learn({table_id: version})
        return int(version)

    def refresh(self) -> None:
        """Read every recently asked-about table's version now (one query per ``CHUNK``)."""
        with self._lock:
            if self._refreshing:
                return
            self._refreshing = True
        self._refresh()

    def _refresh(self) -> bool:
        try:
            started = self.clock()
            with self._lock:
                horizon = started - WATCH_SECONDS
                for table_id in [t for t, at in self._asked.items() if at < horizon]:
                    if table_id not in self._watched:
                        del self._asked[table_id]
                        self._versions.pop(table_id, None)
                        self._stamps.pop(table_id, None)
                ids = sorted(set(self._asked) | set(self._watched))
            found: dict[str, int] = {}
            stamps: dict[str, Stamp] = {}
            if ids:
                with self.engine.connect() as connection:
                    for start in range(0, len(ids), CHUNK):
                        for table_id, version, updated_at in connection.execute(
                            _MANY, {"ids": ids[start : start + CHUNK]}
                        ):
                            found[table_id] = version
                            stamps[table_id] = stamp(version, updated_at)
                        self.queries += 1
            with self._lock:
                for table_id in ids:  # a table deleted meanwhile is forgotten
                    if table_id not in found:
                        self._versions.pop(table_id, None)
                        self._stamps.pop(table_id, None)
                taken_over = []  # the row changed, the version did not: a seat changed hands
                for table_id, (version, at) in stamps.items():
                    before = self._stamps.get(table_id)
                    if before is not None and before[0] == version and before[1] != at:
                        taken_over.append(table_id)
                self._stamps.update(stamps)
            self._learn(found)
            for table_id in taken_over:  # told by another process's take_seat
                self.hold_open(table_id, HOLD_OPEN_SECONDS)
            with self._lock:
                self._refreshed = started
            return True
        except Exception as error:  # a failed refresh leaves the map as it was
            log.warning("refreshing table versions failed: %s", type(error).__name__)
            return False
        finally:
            with self._lock:
                self._refreshing = False

    # -- learning --------------------------------------------------------------------

    def hold_open(self, table_id: str, seconds: float, touched: Stamp | None = None) -> None:
        """For ``seconds``, ``current`` does not answer for ``table_id``, so its polls go on
        to the view: what changed is no table change (a seat taken over by another phone)
        and the phone concerned must still be told at its next poll. ``stamp``: the table
        row's ``stamp`` after this process's own take-over, so that its next refresh does
        not take it for another process's."""
        with self._lock:
            if touched is not None:
                self._stamps[table_id] = touched
            now = self.clock()
            self._open_until = {t: u for t, u in self._open_until.items() if u > now}
            if len(self._open_until) < MAX_TABLES:
                self._open_until[table_id] = now + seconds
            rechecks = list(self._rechecks)
        for callback in rechecks:  # open streams ask their phones to poll once
            callback(table_id)

    def subscribe_rechecks(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(table_id)`` whenever a table is held open (``hold_open``)."""
        with self._lock:
            self._rechecks.append(callback)

    def note(self, table_id: str, version: int) -> None:
        """This process committed ``version`` of the table."""
        with self._lock:
            self._asked.setdefault(table_id, self.clock())
        self._learn({table_id: version})

    def _learn(self, found: dict[str, int]) -> None:
        newer: list[tuple[str, int]] = []
        with self._lock:
            for table_id, version in found.items():
                known = self._versions.get(table_id)
                if known is None or version > known:
                    if known is None and len(self._versions) >= MAX_TABLES:
                        continue  # full: such a table is looked up each time instead
                    self._versions[table_id] = version
                    if known is not None or table_id in self._watched:
                        newer.append((table_id, version))
            subscribers = list(self._subscribers)
        for table_id, version in newer:
            for callback in subscribers:
                try:
                    callback(table_id, version)
                except Exception:  # one bad subscriber must not stop the rest
                    log.warning("a version subscriber failed", exc_info=True)

    # -- subscribing -----------------------------------------------------------------

    def subscribe(self, callback: Callback) -> Callable[[], None]:
        """Call ``callback(table_id, version)`` on every newer version this process learns
        of; start the background refresher. Returns the unsubscribe function."""
        with self._lock:
            self._subscribers.append(callback)
        self._start()

        def unsubscribe() -> None:
            with self._lock:
                if callback in self._subscribers:
                    self._subscribers.remove(callback)

        return unsubscribe

    def watch(self, table_id: str) -> Callable[[], None]:
        """Keep refreshing ``table_id`` while watched (a stream is open on it), even when
        no request asks about it. Returns the function that stops watching."""
        with self._lock:
            self._watched[table_id] = self._watched.get(table_id, 0) + 1
            self._asked[table_id] = self.clock()
        done = False

        def unwatch() -> None:
            nonlocal done
            with self._lock:
                if done:
                    return
                done = True
                left = self._watched.get(table_id, 1) - 1
                if left <= 0:
                    self._watched.pop(table_id, None)
                else:
                    self._watched[table_id] = left

        return unwatch

    def _start(self) -> None:
        with self._lock:
            if self._thread is not None:
                return
            self._thread = threading.Thread(target=self._run, name="campfire-versions", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            if self.clock() - self._refreshed >= self.interval:
                self.refresh()

    def stop(self) -> None:
        """Stop the background refresher (tests; a process exiting needs nothing)."""
        self._stop.set()

    def known(self) -> dict[str, int]:
        with self._lock:
            return dict(self._versions)


def for_app(app: Flask) -> VersionMap:
    versions: VersionMap = app.extensions[EXTENSION]
    return versions


def _map(app: Flask | None = None) -> VersionMap:
    return for_app(app if app is not None else current_app)


def current(table_id: str) -> int | None:
    """The table's version (at most ``REFRESH_SECONDS`` behind the database), or None when
    there is no such table."""
    return _map().current(table_id)


def note(table_id: str, version: int) -> None:
    """A write in this process committed ``version``: update the map, tell subscribers."""
    _map().note(table_id, version)


def hold_open(
    table_id: str, seconds: float = HOLD_OPEN_SECONDS, touched: Stamp | None = None
) -> None:
    """Polls of ``table_id`` reach the view for a while (``VersionMap.hold_open``), in this
    process at once; every other process (worker or server) holds it open too at its next
    refresh, when it sees the table row touched at the same version (``touched``)."""
    _map().hold_open(table_id, seconds, touched)


def subscribe(callback: Callback, app: Flask | None = None) -> Callable[[], None]:
    """Call ``callback(table_id, version)`` whenever this process learns of a newer version
    (its own write or a refresh); returns the unsubscribe function."""
    return _map(app).subscribe(callback)


def watch(table_id: str, app: Flask | None = None) -> Callable[[], None]:
    """Keep ``table_id`` refreshed while watched; returns the unwatch function."""
    return _map(app).watch(table_id)


def init_app(app: Flask, engine: Engine | None = None) -> None:
    """Give ``app`` its map (after ``db.init_app``, whose engine it reads)."""
    from companion import db

    app.extensions[EXTENSION] = VersionMap(
        db.single_statements(engine or app.extensions[db.EXTENSION]),
        interval=app.config.get("VERSION_REFRESH_SECONDS", REFRESH_SECONDS),
    )
