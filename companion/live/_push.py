"""Push: every open table page holds one Server-Sent Events stream that says its version
(private to ``companion.live``).

``GET /t/<id>/events/stream`` answers ``text/event-stream``:

* first ``retry: <ms>`` (how soon the browser reconnects) and the table's current version
  (``event: version`` / ``data: <n>``), so a phone that (re)connects catches up at once;
* then one ``version`` event whenever this process learns of a newer version of the table
  (the version map's subscribers: its own commits at once, other processes' as soon as
  they wake it — PostgreSQL ``NOTIFY``, SQLite's wake sockets — or at the map's refresh);
* a heartbeat comment (``: ping``) every ``PUSH_HEARTBEAT_SECONDS`` (default 15) so that
  proxies and NAT boxes keep the idle connection open;
* the stream ends after ``PUSH_STREAM_SECONDS`` (default 55): the browser reconnects by
  itself, which lets a server recycle its workers and bounds what a dead phone holds;
* every stream of the process ends at once when it is told to stop (``end_streams``:
  ``campfire serve``'s worker on SIGTERM), so a server with phones attached stops within
  its short graceful timeout and each phone reconnects to the server that answers next.

The stream carries the version only; the phone then asks its table URL with
``?v=<the version it shows>`` exactly as the poll does (static/push.js), so rendering and
caching stay one path. No message is needed for correctness: the version in the database
is the truth, and a phone whose stream cannot be held (a buffering proxy, a sleeping
phone) keeps polling.

Across processes and servers a commit is announced by ``live.announce`` (one hook in the
write transaction); each process that holds streams hears the others by:

* PostgreSQL: ``LISTEN campfire_tables`` on one connection of its own (``Listener``);
* SQLite (one machine): its wake socket (``companion.live._wake``).

Either way it tells its version map (``VersionMap.note``), which wakes the streams; the
map's background refresh (every quarter of a second for the watched tables) covers a
wake lost. An idle stream waits on an event: under ``campfire serve`` (gevent workers)
that is a greenlet, not a thread.
"""

from __future__ import annotations

import contextlib
import logging
import select
import socket
import threading
import time
import weakref
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from flask import Blueprint, Flask, Response, abort, current_app
from sqlalchemy.engine import make_url

from companion import models
from companion.live import _versions as versions
from companion.live._wake import Wake, folder_for

if TYPE_CHECKING:  # psycopg chooses its wait when imported: not before gevent's patch
    import psycopg

log = logging.getLogger(__name__)

EXTENSION = "campfire.push"
CHANNEL = "campfire_tables"
#: How soon the browser reconnects after a stream ends (milliseconds).
RETRY_MS = 1000
HEARTBEAT_SECONDS = 15.0
STREAM_SECONDS = 55.0
#: Pause before the PostgreSQL listener connects again after losing its connection.
LISTEN_RETRY_SECONDS = 2.0
#: The longest the listener waits on its connection before it looks again (ms): a
#: notification or ``stop`` wakes it at once; this bounds a wait on a silent network.
LISTEN_TIMEOUT_MS = 30_000

#: A table id (``companion.models.TABLE_ID``): a stream or poll of anything else is
#: answered without a lookup.
TABLE_ID = models.TABLE_ID

bp = Blueprint("push", __name__)
#: Every hub of this process (``end_streams`` tells them all).
_HUBS: weakref.WeakSet[Hub] = weakref.WeakSet()


class Waiter:
    """One open stream: the newest version heard and an event to wake it."""

    __slots__ = ("recheck", "table_id", "version", "woken")

    def __init__(self, table_id: str) -> None:
        self.table_id = table_id
        self.version = -1
        self.recheck = False  # say the version again: the phone polls once (a seat moved)
        self.woken = threading.Event()


class Hub:
    """One process's open streams, by table, woken by its version map."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.versions = versions.for_app(app)
        self._streams: dict[str, set[Waiter]] = {}
        self._lock = threading.Lock()
        self._started = False
        self.ending = False  # the process stops: every stream ends now
        self.listener: Listener | None = None
        url = str(app.config.get("DATABASE_URL") or "")
        folder = folder_for(url)
        #: SQLite file: the other processes on the database, woken after each commit.
        self.peers = Wake(folder) if folder is not None else None
        _HUBS.add(self)

    def start(self) -> None:
        """Subscribe to the version map and hear the other processes (LISTEN on
        PostgreSQL, the wake socket on SQLite) once per process.

        Called lazily from a request, never at import or app creation: a server that
        creates the app before forking its workers must not start threads in the parent.
        """
        if self._started:
            return
        with self._lock:
            if self._started:
                return
            self._started = True
        self.versions.subscribe(self.wake)
        self.versions.subscribe_rechecks(self.recheck)
        url = str(self.app.config.get("DATABASE_URL") or "")
        if url.startswith("postgresql"):
            self.listener = Listener(url, self.versions.note)
            self.listener.start()
        elif self.peers is not None:
            self.peers.listen(self.versions.note)

    def stop(self) -> None:
        """Stop listening and refreshing (tests; a process that exits needs nothing)."""
        if self.listener is not None:
            self.listener.stop()
        if self.peers is not None:
            self.peers.stop()
        self.versions.stop()

    def wake(self, table_id: str, version: int) -> None:
        with self._lock:
            waiting = list(self._streams.get(table_id, ()))
        for waiter in waiting:
            if version > waiter.version:
                waiter.version = version
            waiter.woken.set()

    def recheck(self, table_id: str) -> None:
        """Something that is no table change happened (a seat taken over): every stream of
        the table says its version again, and each phone polls once."""
        with self._lock:
            waiting = list(self._streams.get(table_id, ()))
        for waiter in waiting:
            waiter.recheck = True
            waiter.woken.set()

    def end(self) -> None:
        """The process stops: wake every stream, which then ends (the phone reconnects)."""
        self.ending = True
        with self._lock:
            waiting = [waiter for streams in self._streams.values() for waiter in streams]
        for waiter in waiting:
            waiter.woken.set()

    def open(self, table_id: str) -> Waiter:
        waiter = Waiter(table_id)
        with self._lock:
            self._streams.setdefault(table_id, set()).add(waiter)
        return waiter

    def close(self, waiter: Waiter) -> None:
        with self._lock:
            streams = self._streams.get(waiter.table_id)
            if streams is not None:
                streams.discard(waiter)
                if not streams:
                    del self._streams[waiter.table_id]

    def open_streams(self) -> int:
        with self._lock:
            return sum(len(streams) for streams in self._streams.values())


class Listener:
    """LISTEN on one PostgreSQL connection of its own; each notification is a commit of
    another process (or of this one: noting a known version again changes nothing).

    It waits on the connection's socket itself (``select.poll``, looked up at use: gevent's
    in a ``campfire serve`` worker, so the wait is a greenlet's), never inside psycopg,
    whose wait may be the C one that blocks a whole worker (``db.cooperative_driver_waits``),
    and never on a clock: a notification is handed on the moment it arrives (a listener
    that looked every 20 ms added 10 ms on average to every phone of another process).
    ``stop`` wakes the wait through a socket pair of its own."""

    def __init__(self, url: str, note: Callable[[str, int], None]) -> None:
        # psycopg takes the libpq URI; SQLAlchemy's "+psycopg" driver suffix is not part of it
        self.conninfo = (
            make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
        )
        self.note = note
        self.listening = threading.Event()  # set while LISTEN is in force (tests)
        self._stop = threading.Event()
        self._waking: tuple[socket.socket, socket.socket] | None = None
        self.heard = 0
        self.waits = 0  # how many times it waited for the socket (tests, diagnostics)
        self.thread: threading.Thread | None = None

    def start(self) -> None:
        # Made here, not in __init__: in the process (and, under gevent, after the patch)
        # that listens, so its sockets are the ones that wake that process's wait.
        self._waking = socket.socketpair()
        self._waking[0].setblocking(False)
        self.thread = threading.Thread(target=self._run, name="campfire-listen", daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._waking is not None:
            with contextlib.suppress(OSError):  # full (woken already) or closed
                self._waking[0].send(b"x")

    def _run(self) -> None:
        import psycopg

        assert self._waking is not None
        try:
            while not self._stop.is_set():
                try:
                    with psycopg.connect(self.conninfo, autocommit=True) as connection:
                        connection.execute(f"LISTEN {CHANNEL}")
                        self.listening.set()
                        self._listen(connection, self._waking[1])
                except Exception as error:  # the database restarted: the map's refresh
                    # covers the gap; listen again after a pause
                    log.warning("LISTEN %s lost: %s", CHANNEL, type(error).__name__)
                self.listening.clear()
                self._stop.wait(LISTEN_RETRY_SECONDS)
        finally:
            for end in self._waking:
                end.close()

    def _listen(self, connection: psycopg.Connection[Any], waking: socket.socket) -> None:
        poller = select.poll()  # at use: gevent's in a worker (no fd limit, cooperative)
        poller.register(connection.fileno(), select.POLLIN)
        poller.register(waking.fileno(), select.POLLIN)
        while not self._stop.is_set():
            # Take what libpq holds already (read with another answer), then wait for
            # the socket: data there is a notification, or the connection's end (which
            # ``notifies`` raises, and the listener connects again).
            for notice in connection.notifies(timeout=0):
                self._heard(notice.payload)
            self.waits += 1
            poller.poll(LISTEN_TIMEOUT_MS)

    def _heard(self, payload: str) -> None:
        table_id, _, version = payload.partition(" ")
        if version.isdigit():
            self.heard += 1
            self.note(table_id, int(version))


def end_streams() -> None:
    """End every open stream of this process at once (its server is stopping). Safe in a
    signal handler: it only sets flags and events."""
    for each in list(_HUBS):
        each.end()


def hub(app: Flask | None = None) -> Hub:
    found: Hub = (app or current_app).extensions[EXTENSION]
    return found


def events(
    the_hub: Hub,
    table_id: str,
    *,
    heartbeat: float,
    lifetime: float,
    clock: Callable[[], float] = time.monotonic,
) -> Iterator[str]:
    """The stream's text: retry, current version, newer versions, heartbeats, then end."""
    waiter = the_hub.open(table_id)  # before reading the version: no change slips between
    unwatch = the_hub.versions.watch(table_id)
    try:
        deadline = clock() + lifetime
        try:
            current = the_hub.versions.current(table_id)
        except versions.StaleVersions:  # the database is down: wait for the next news
            current = None
        waiter.version = max(waiter.version, current if current is not None else -1)
        yield f"retry: {RETRY_MS}\n\n"
        sent = -1
        while True:
            if waiter.version > sent or (waiter.recheck and sent >= 0):
                waiter.recheck = False
                sent = waiter.version
                yield f"event: version\ndata: {sent}\n\n"
            left = deadline - clock()
            if left <= 0 or the_hub.ending:
                return
            if waiter.woken.wait(min(heartbeat, left)):
                waiter.woken.clear()  # then read waiter.version: a wake after this re-sets
            elif deadline - clock() > 0:
                yield ": ping\n\n"
    finally:
        unwatch()
        the_hub.close(waiter)


@bp.get("/t/<table_id>/events/stream")
def stream(table_id: str) -> Response:
    """The table's version stream (text/event-stream); 404 for an unknown table."""
    if not TABLE_ID.fullmatch(table_id):
        abort(404)
    the_hub = hub()
    the_hub.start()
    try:
        known = the_hub.versions.current(table_id)
    except versions.StaleVersions:
        known = the_hub.versions.lookup(table_id)  # the database's own answer (or its error)
    if known is None:
        abort(404)
    config = current_app.config
    body = events(
        the_hub,
        table_id,
        heartbeat=float(config.get("PUSH_HEARTBEAT_SECONDS", HEARTBEAT_SECONDS)),
        lifetime=float(config.get("PUSH_STREAM_SECONDS", STREAM_SECONDS)),
    )
    return Response(
        body,
        mimetype="text/event-stream",
        headers={
            "Cache-Control": "no-store",
            "X-Accel-Buffering": "no",  # nginx: pass each event on at once
        },
    )


def _start_hub() -> None:
    # Not under TESTING: the many short-lived test apps start theirs with a stream only,
    # instead of each keeping a refresher thread (and a LISTEN connection) to the end.
    if not current_app.testing:
        hub().start()


def init_app(app: Flask) -> None:
    """Register the stream (before ``serving.init_app``, which wraps every view)."""
    app.extensions[EXTENSION] = Hub(app)
    app.register_blueprint(bp)
    # Every process that serves pages hears of other processes' commits promptly, so the
    # panel a pushed phone then asks for is never answered from a lagging version map.
    app.before_request(_start_hub)
