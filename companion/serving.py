"""How the companion answers on the wire: compressed, cacheable static files, a health check,
and database faults that cost a phone a retry instead of an error page.

* **Static files** are read once at start-up from ``companion/static`` — only the kinds a
  browser needs (``STATIC_TYPES``; the icon script and the vendoring notes stay private) —
  and served from memory under a content-hashed name (``app.3f2a1c9d0b.css``) with a year
  of cache: ``url_for('static', filename='app.css')`` gives the hashed name (a
  ``url_defaults`` hook, so templates keep naming the plain file). The plain name still
  answers, revalidated by ETag, for what cannot carry a hash (the manifest's icons).
* **Compression:** HTML, CSS, JavaScript, JSON and the manifest are gzipped when the phone
  accepts it (a 40 KB table page becomes 3–4 KB). Streamed responses are left alone: a
  stream must reach the phone as it is written.
* ``GET /healthz`` answers 200 when the database answers, 503 otherwise (for a proxy or a
  supervisor; no cookie, no rate limit) — and 503 while writes fail for a full disk.
* **Bodies that cannot be read** (a malformed chunked upload: gunicorn's
  ``InvalidChunkSize``, a body cut short) are answered 400 with a sentence on every route,
  never 500 (``ReadableBody``).
* **Bodies that come too slowly** are cut off: in a gevent worker a body must arrive within
  ``CAMPFIRE_BODY_SECONDS`` (10) plus a second per ``BODY_MIN_RATE`` bytes received so
  far, else 408 with a sentence and the connection is closed (``BodyDeadline``): a client
  sending a byte a second held its connection, and a worker's share of them, for good
  (issue 33, F5). gunicorn bounds the headers itself (its keep-alive timeout, 5 s).
* **A full disk** is named as such ("the disk is full", 503), not as a database that
  cannot be reached. Every 503 carries ``Retry-After`` (seconds): the page's own when it
  asked for one (``ask_retry_after``: the print kit's busy page), else ``RETRY_AFTER``;
  a 429 carries the rate limiter's own unless the page asked for one.
* **A statement timeout** (PostgreSQL's ``query_canceled``: a lock held past
  ``db.STATEMENT_TIMEOUT_MS``) is 503 "the database is busy" with ``Retry-After``, never
  run again as a lost connection: the lock that made it wait is most likely still held
  (issue 33, F2: a retried write answered 200 after 47 s instead of 503 at 30 s).
* **Database faults:** a view that fails because the database connection died (a
  PostgreSQL restart, a dropped connection) is run once more when nothing was committed
  yet (``db.commit_started``); if that fails too, or the database is down, the phone gets
  503 with a sentence and retries on its next poll, and the log gets one line.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import hashlib
import logging
import mimetypes
import socket
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar, cast

from flask import Flask, Response, abort, current_app, g, jsonify, request
from flask.typing import ResponseReturnValue
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError, OperationalError, SQLAlchemyError
from werkzeug.exceptions import (
    BadRequest,
    HTTPException,
    InternalServerError,
    RequestTimeout,
    ServiceUnavailable,
)

from companion import db

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

log = logging.getLogger(__name__)

#: What a body read gives: ``read``/``readline`` bytes, ``readlines`` a list of them.
Read = TypeVar("Read", bound=bytes | list[bytes])
#: A view, whose signature ``retrying`` keeps.
View = TypeVar("View", bound=Callable[..., object])

STATIC = Path(__file__).resolve().parent / "static"
#: File name endings a browser may fetch, and their types.
STATIC_TYPES = {
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
    ".webmanifest": "application/manifest+json",
}
#: Types worth compressing (images and fonts are compressed already).
COMPRESSIBLE = {
    "text/html",
    "text/css",
    "text/javascript",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
    "text/plain",
}
#: Below this, gzip's header costs more than it saves.
MIN_COMPRESS = 512
GZIP_LEVEL = 6
ONE_YEAR = 365 * 24 * 3600
HASH_LENGTH = 10
#: Pause before running a view again after its connection died (a restart takes ~1 s).
RETRY_PAUSE = 0.5
ASSETS = "campfire.static_assets"
#: What a 503 asks the phone to wait (seconds): a database restart takes about one.
RETRY_AFTER = 2
#: What a 503 for a statement timeout asks the phone to wait: a lock is held.
BUSY_RETRY_AFTER = 5
#: The request's own Retry-After (``ask_retry_after``), kept in ``flask.g``.
OWN_RETRY_AFTER = "campfire_retry_after"
#: PostgreSQL's SQLSTATE for a cancelled statement (statement_timeout, a cancel request).
QUERY_CANCELED = "57014"
#: The least rate (bytes a second, averaged) a request body must arrive at once its first
#: ``CAMPFIRE_BODY_SECONDS`` are spent: a 4 MB photo over a poor 64 kbit/s link fits.
BODY_MIN_RATE = 8 * 1024
#: How long /healthz reports a full disk after a write failed for it (seconds), unless a
#: later write succeeds first.
DISK_FULL_MEMORY = 60.0


# ---------------------------------------------------------------------------------------
# static files


@dataclass(frozen=True, slots=True)
class Asset:
    name: str  # e.g. "icons/icon-192.png"
    hashed: str  # e.g. "icons/icon-192.1a2b3c4d5e.png"
    content_type: str
    data: bytes
    gzipped: bytes | None  # None: not worth compressing
    etag: str


def hashed_name(name: str, digest: str) -> str:
    stem, dot, suffix = name.rpartition(".")
    return f"{stem}.{digest}.{suffix}" if dot else f"{name}.{digest}"


def load_assets(folder: Path = STATIC) -> dict[str, Asset]:
    """Every servable file under ``folder``, by plain and by hashed name."""
    assets: dict[str, Asset] = {}
    for path in sorted(folder.rglob("*")):
        content_type = STATIC_TYPES.get(path.suffix)
        if content_type is None or not path.is_file():
            continue
        data = path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()[:HASH_LENGTH]
        name = path.relative_to(folder).as_posix()
        compressible = content_type.split(";")[0] in COMPRESSIBLE and len(data) >= MIN_COMPRESS
        asset = Asset(
            name=name,
            hashed=hashed_name(name, digest),
            content_type=content_type,
            data=data,
            etag=digest,
            gzipped=gzip.compress(data, GZIP_LEVEL, mtime=0) if compressible else None,
        )
        assets[asset.name] = asset
        assets[asset.hashed] = asset
    return assets


def _assets() -> dict[str, Asset]:
    if current_app.debug:  # a developer's edits show without a restart
        current_app.extensions[ASSETS] = load_assets()
    assets: dict[str, Asset] = current_app.extensions[ASSETS]
    return assets


def static_file(filename: str) -> Response:
    asset = _assets().get(filename)
    if asset is None:
        abort(404)
    immutable = filename == asset.hashed
    headers = {
        "Cache-Control": f"public, max-age={ONE_YEAR}, immutable" if immutable else "no-cache",
        "Vary": "Accept-Encoding",
    }
    response = Response(status=200, headers=headers, content_type=asset.content_type)
    response.set_etag(asset.etag)
    if request.if_none_match.contains(asset.etag):
        response.status_code = 304
        return response
    if asset.gzipped is not None and accepts_gzip():
        response.set_data(asset.gzipped)
        response.headers["Content-Encoding"] = "gzip"
    else:
        response.set_data(asset.data)
    return response


def _hash_static_urls(endpoint: str, values: dict[str, object]) -> None:
    if endpoint == "static" and "filename" in values:
        asset = current_app.extensions[ASSETS].get(values["filename"])
        if asset is not None:
            values["filename"] = asset.hashed


# ---------------------------------------------------------------------------------------
# compression


def accepts_gzip() -> bool:
    return request.accept_encodings.quality("gzip") > 0


def compress(response: Response) -> Response:
    """Gzip a whole (not streamed) compressible response for a phone that accepts it."""
    if (
        response.is_streamed
        or response.direct_passthrough
        or response.status_code in (204, 304)
        or response.status_code < 200
        or "Content-Encoding" in response.headers
        or response.mimetype not in COMPRESSIBLE
    ):
        return response
    response.vary.add("Accept-Encoding")
    if not accepts_gzip():
        return response
    data = response.get_data()
    if len(data) < MIN_COMPRESS:
        return response
    response.set_data(gzip.compress(data, GZIP_LEVEL, mtime=0))
    response.headers["Content-Encoding"] = "gzip"
    if response.headers.get("ETag"):  # another representation: another tag
        response.headers["ETag"] = response.headers["ETag"].rstrip('"') + '-gz"'
    return response


# ---------------------------------------------------------------------------------------
# bodies that cannot be read


class UnreadableBody(BadRequest):
    """The request's body could not be read (malformed chunked encoding, cut short)."""

    description = "The request's body could not be read."


class BodyTooSlow(RequestTimeout):
    """The request's body did not arrive in time (``BodyDeadline``)."""

    description = "The request's body came too slowly."


class BodyDeadline:
    """When a request's body must have arrived: ``seconds`` after the request began plus
    a second per ``rate`` bytes received so far. Each read runs under a gevent timeout of
    what is left; past it the socket's reading side is shut (gunicorn then closes the
    connection instead of draining the rest) and ``BodyTooSlow`` is raised. Only in a
    gevent worker: there a blocked read is a greenlet waiting, which a timeout can end."""

    def __init__(
        self, seconds: float, sock: socket.socket | None = None, rate: float = BODY_MIN_RATE
    ) -> None:
        self.started = time.monotonic()
        self.seconds = seconds
        self.rate = rate
        self.received = 0
        self.sock = sock

    def left(self) -> float:
        return self.started + self.seconds + self.received / self.rate - time.monotonic()

    def run(self, read: Callable[[], Read]) -> Read:
        import gevent

        left = self.left()
        if left <= 0:
            self.expired()
        timer = gevent.Timeout(left)
        timer.start()
        try:
            data = read()
        except gevent.Timeout as caught:
            if caught is not timer:
                raise
            self.expired()
        finally:
            timer.close()
        self.received += len(data) if isinstance(data, bytes) else sum(map(len, data))
        return data

    def expired(self) -> None:
        log.info("request body too slow: %d bytes in %.0f s", self.received, self.seconds)
        if self.sock is not None:
            with contextlib.suppress(OSError):
                self.sock.shutdown(socket.SHUT_RD)
        raise BodyTooSlow()


class ReadableBody:
    """A ``wsgi.input`` whose read errors (the server's own parse errors: gunicorn raises
    ``InvalidChunkSize`` from ``read``) become ``UnreadableBody``, a 400 the app answers
    with a sentence, wherever the body is read (a view, the CSRF check, the form parser);
    with a ``deadline``, a body too slow is ``BodyTooSlow`` (408)."""

    def __init__(self, stream: object, deadline: BodyDeadline | None = None) -> None:
        self._stream = stream
        self._deadline = deadline

    def _guarded(self, method: str, *args: int) -> bytes | list[bytes]:
        read: Callable[[], bytes | list[bytes]] = functools.partial(
            getattr(self._stream, method), *args
        )
        try:
            return read() if self._deadline is None else self._deadline.run(read)
        except HTTPException:
            raise
        except Exception as error:
            log.info("unreadable request body: %s", type(error).__name__)
            raise UnreadableBody() from None

    def read(self, *args: int) -> bytes:
        data = self._guarded("read", *args)
        return data if isinstance(data, bytes) else b"".join(data)

    def readline(self, *args: int) -> bytes:
        data = self._guarded("readline", *args)
        return data if isinstance(data, bytes) else b"".join(data)

    def readinto(self, buffer: bytearray | memoryview) -> int:
        # By read: werkzeug uses readinto when the stream has it, and gunicorn's has not.
        data = self.read(len(buffer))
        buffer[: len(data)] = data
        return len(data)

    def readlines(self, *args: int) -> list[bytes]:
        lines = self._guarded("readlines", *args)
        return [lines] if isinstance(lines, bytes) else lines

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.readline, b"")

    def __getattr__(self, name: str) -> object:  # close() and the server's own extras
        return getattr(self._stream, name)


def guard_body(wsgi_app: WSGIApplication, app: Flask | None = None) -> WSGIApplication:
    def guarded(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if "wsgi.input" in environ:
            deadline = None
            if app is not None and db.cooperative():
                seconds = float(app.config["CAMPFIRE_BODY_SECONDS"])
                deadline = BodyDeadline(seconds, environ.get("gunicorn.socket"))
            environ["wsgi.input"] = ReadableBody(environ["wsgi.input"], deadline)
        return wsgi_app(environ, start_response)

    return guarded


# ---------------------------------------------------------------------------------------
# health

_disk_full_at: float | None = None  # monotonic time a write last failed for a full disk


def writes_succeed() -> None:
    """A write committed: the disk has room again (a ``db.on_write`` hook)."""
    global _disk_full_at
    _disk_full_at = None


def disk_full(error: BaseException) -> bool:
    """Whether ``error`` says the disk (or the database's space) is full: SQLite's
    SQLITE_FULL, PostgreSQL's 53100 (disk_full), or ENOSPC."""
    cause = getattr(error, "orig", None) or error
    if getattr(cause, "sqlstate", None) == "53100" or getattr(cause, "errno", None) == 28:
        return True
    return getattr(cause, "sqlite_errorname", None) == "SQLITE_FULL" or "disk is full" in str(cause)


def healthz() -> tuple[Response, int]:
    if _disk_full_at is not None and time.monotonic() - _disk_full_at < DISK_FULL_MEMORY:
        return jsonify(status="unavailable", database="the disk is full: writes fail"), 503
    try:
        with db.engine().connect() as connection:
            connection.execute(text("SELECT 1"))
    except SQLAlchemyError as error:
        return jsonify(status="unavailable", database=one_line(error)), 503
    return jsonify(status="ok", database="ok"), 200


# ---------------------------------------------------------------------------------------
# database faults


def one_line(error: BaseException) -> str:
    """The driver's own first line, without SQLAlchemy's background link."""
    cause = getattr(error, "orig", None) or error
    lines = str(cause).strip().splitlines()
    return " ".join(lines[0].split()) if lines else type(cause).__name__


def statement_timed_out(error: BaseException) -> bool:
    """Whether ``error`` is PostgreSQL's ``query_canceled`` (psycopg's ``QueryCanceled``,
    an ``OperationalError`` like a dropped connection): the statement ran out of
    ``statement_timeout``, most likely waiting for a lock someone still holds."""
    cause = getattr(error, "orig", None) or error
    return getattr(cause, "sqlstate", None) == QUERY_CANCELED


def connection_lost(error: BaseException) -> bool:
    """Whether ``error`` says the database could not be reached or the connection died
    (as opposed to a bad statement, which a retry would only repeat, or a statement that
    timed out, which a retry would make wait as long again)."""
    if isinstance(error, DBAPIError) and error.connection_invalidated:
        return True
    return (
        isinstance(error, OperationalError)
        and not disk_full(error)
        and not statement_timed_out(error)
    )


def retrying(view: View) -> View:
    """Run ``view`` once more when its connection died before it committed anything."""

    @functools.wraps(view)
    def wrapper(*args: object, **kwargs: object) -> object:
        try:
            return view(*args, **kwargs)
        except DBAPIError as error:
            if not connection_lost(error) or db.commit_started():
                raise
            log.warning(
                "database connection lost (%s); running %s again", one_line(error), request.path
            )
        time.sleep(RETRY_PAUSE)
        return view(*args, **kwargs)

    return cast(View, wrapper)


class DiskFull(ServiceUnavailable):
    """A write failed because the disk is full (503, named as such)."""


class DatabaseBusy(ServiceUnavailable):
    """A statement ran out of its time, waiting for a lock (503, named as such)."""


def database_unavailable(error: DBAPIError) -> ResponseReturnValue:
    """A database that does not answer: one log line, and 503 for the phone."""
    global _disk_full_at
    if disk_full(error):
        _disk_full_at = time.monotonic()
        log.error(
            "the disk is full: %s %s failed: %s", request.method, request.path, one_line(error)
        )
        return current_app.handle_http_exception(DiskFull(retry_after=RETRY_AFTER))
    if statement_timed_out(error):
        log.warning(
            "database statement timed out for %s %s: %s",
            request.method,
            request.path,
            one_line(error),
        )
        ask_retry_after(BUSY_RETRY_AFTER)
        return current_app.handle_http_exception(DatabaseBusy(retry_after=BUSY_RETRY_AFTER))
    if not connection_lost(error):  # a real bug: logged with its traceback, answered 500
        log.exception("unexpected database error", exc_info=error)
        return current_app.handle_http_exception(InternalServerError())
    log.warning("database unavailable for %s %s: %s", request.method, request.path, one_line(error))
    return current_app.handle_http_exception(ServiceUnavailable(retry_after=RETRY_AFTER))


def ask_retry_after(seconds: int) -> None:
    """This request's 503 (or 429) asks the phone to wait ``seconds``: kept as it is by
    ``retry_after`` (the print kit's busy page asks for its own poll's pace)."""
    setattr(g, OWN_RETRY_AFTER, seconds)


def retry_after(response: Response) -> Response:
    """Every 503 asks to retry in ``RETRY_AFTER`` seconds, or in the request's own
    (``ask_retry_after``, which a 429 of the page's keeps too); ``Retry-After`` on anything
    but a 429 or a 503 (the rate limiter adds its window's end to every limited answer) is
    dropped: it would tell a phone that could retry now to wait a minute."""
    own = g.get(OWN_RETRY_AFTER)
    if own is not None and response.status_code in (429, 503):
        response.headers["Retry-After"] = str(own)
    elif response.status_code == 503:
        response.headers["Retry-After"] = str(RETRY_AFTER)
    elif response.status_code != 429:
        response.headers.pop("Retry-After", None)
    return response


def init_app(app: Flask) -> None:
    """Call last in ``create_app``: it wraps every view registered so far."""
    app.extensions[ASSETS] = load_assets()
    app.add_url_rule("/static/<path:filename>", endpoint="static", view_func=static_file)
    app.url_defaults(_hash_static_urls)
    app.add_url_rule("/healthz", endpoint="healthz", view_func=healthz)
    db.on_write(app, db.WriteHook(committed=writes_succeed))
    for endpoint, view in list(app.view_functions.items()):
        if endpoint not in ("static", "healthz"):
            app.view_functions[endpoint] = retrying(view)
    app.register_error_handler(DBAPIError, database_unavailable)
    app.after_request(compress)
    app.wsgi_app = guard_body(app.wsgi_app, app)  # type: ignore[method-assign,assignment]
    # A guess the standard library may lack on some systems (used by send_file elsewhere).
    mimetypes.add_type("application/manifest+json", ".webmanifest")
