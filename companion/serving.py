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
  supervisor; no cookie, no rate limit).
* **Database faults:** a view that fails because the database connection died (a
  PostgreSQL restart, a dropped connection) is run once more when nothing was committed
  yet (``db.commit_started``); if that fails too, or the database is down, the phone gets
  503 with a sentence and retries on its next poll, and the log gets one line.
"""

from __future__ import annotations

import functools
import gzip
import hashlib
import logging
import mimetypes
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask, Response, abort, current_app, jsonify, request
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError, OperationalError, SQLAlchemyError
from werkzeug.exceptions import InternalServerError, ServiceUnavailable

from companion import db

log = logging.getLogger(__name__)

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
    return current_app.extensions[ASSETS]


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


def _hash_static_urls(endpoint: str, values: dict[str, Any]) -> None:
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
# health


def healthz() -> tuple[Any, int]:
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


def connection_lost(error: BaseException) -> bool:
    """Whether ``error`` says the database could not be reached or the connection died
    (as opposed to a bad statement, which a retry would only repeat)."""
    if isinstance(error, DBAPIError) and error.connection_invalidated:
        return True
    return isinstance(error, OperationalError)


def retrying(view: Callable[..., Any]) -> Callable[..., Any]:
    """Run ``view`` once more when its connection died before it committed anything."""

    @functools.wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
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

    return wrapper


def database_unavailable(error: DBAPIError) -> Any:
    """A database that does not answer: one log line, and 503 for the phone."""
    if not connection_lost(error):  # a real bug: logged with its traceback, answered 500
        log.exception("unexpected database error", exc_info=error)
        return current_app.handle_http_exception(InternalServerError())
    log.warning("database unavailable for %s %s: %s", request.method, request.path, one_line(error))
    return current_app.handle_http_exception(ServiceUnavailable(retry_after=2))


def init_app(app: Flask) -> None:
    """Call last in ``create_app``: it wraps every view registered so far."""
    app.extensions[ASSETS] = load_assets()
    app.add_url_rule("/static/<path:filename>", endpoint="static", view_func=static_file)
    app.url_defaults(_hash_static_urls)
    app.add_url_rule("/healthz", endpoint="healthz", view_func=healthz)
    for endpoint, view in list(app.view_functions.items()):
        if endpoint not in ("static", "healthz"):
            app.view_functions[endpoint] = retrying(view)
    app.register_error_handler(DBAPIError, database_unavailable)
    app.after_request(compress)
    # A guess the standard library may lack on some systems (used by send_file elsewhere).
    mimetypes.add_type("application/manifest+json", ".webmanifest")
