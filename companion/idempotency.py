"""Idempotent writes: a request repeated with the same ``Idempotency-Key`` gets the first
answer and changes nothing.

Glossary
--------
key
    What the client sends with a state-changing request (POST, PUT, PATCH, DELETE): the
    ``Idempotency-Key`` header (the API; app.js adds one to every htmx request) or the
    hidden form field ``idempotency_key`` (the app's forms, for phones without
    JavaScript). 1 to 200 printable ASCII characters; anything else is a 400.
scope
    A key is stored hashed with the request's method and path and with its *caller*: the
    seat token the request carries (``X-Campfire-Seat``) and the phone's session (its CSRF
    secret, when the request brings a session cookie). So a repeat answers only the caller
    that made the first request; another caller with the same key (an API client that
    picked a predictable one, a stranger replaying it) is a new request (issue 27, F3).
    The panel's markup, form keys included, is shared by every phone at one version, yet
    two phones never collide on a key. A view whose answer hands its caller a secret (the
    API's seat token, ``caller_only``) honours a key only from a caller with a token or a
    session: without one, nothing tells the first caller from a stranger. A caller with
    neither (an API client without a seat token) has its key scoped by the request's body
    too (its SHA-256): two such clients picking one key share nothing but the answer to
    the very same request; another body with that key is a new request (issue 33, F9).
claim
    The first write transaction of the request stores the key (``db.writing`` calls
    ``claim``), so the key is committed exactly when the change is: a request that was
    refused or failed before its commit stored no key and may be sent again. A second
    request with the key finds it (SQLite: after waiting for the write lock; PostgreSQL:
    the primary key makes a concurrent insert wait for the first and then fail) and is
    answered ``Replayed``.
answer
    Once the first request's answer is known it is added to the key's row (status, the
    headers that matter, the body). A repeat gets it byte for byte; a repeat that comes
    when the change committed but the answer was never stored (the server died between)
    gets 200 (API) or a redirect to the table (pages), and nothing changes either way.
bound
    Keys older than ``KEEP`` (24 h) are deleted by the writes that store new keys.
"""

from __future__ import annotations

import hashlib
import logging
import re
import secrets
from collections.abc import Callable
from datetime import timedelta
from typing import TypeVar

from flask import (
    Flask,
    Response,
    abort,
    current_app,
    g,
    has_request_context,
    jsonify,
    redirect,
    request,
    session,
)
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from sqlalchemy import Connection, Engine, delete, select
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Session
from werkzeug.wrappers import (
    Response as WerkzeugResponse,
)  # what redirect() gives: Flask's Response is a subclass

from companion import db
from companion.models import TABLE_ID_PATTERN, IdempotencyKeyRow, utcnow

log = logging.getLogger(__name__)

HEADER = "Idempotency-Key"
FIELD = "idempotency_key"
KEY = re.compile(r"[\x21-\x7e]{1,200}")
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
#: How long a key is remembered.
KEEP = timedelta(hours=24)
#: The headers a stored answer keeps (the rest are made again for the repeat).
KEPT_HEADERS = (
    "Content-Type",
    "Content-Encoding",
    "Location",
    "HX-Retarget",
    "HX-Reswap",
    "HX-Redirect",
    "Vary",
)
TABLE_PATH = re.compile(rf"/t/({TABLE_ID_PATTERN})(/|$)")
#: The API's seat token header (a caller's identity for the scope).
SEAT_HEADER = "X-Campfire-Seat"
#: The attribute ``caller_only`` sets on a view.
CALLER_ONLY = "campfire_idempotent_for_caller_only"

View = TypeVar("View", bound=Callable[..., object])


def caller_only(view: View) -> View:
    """Mark a view whose answer hands its caller a secret (a seat token): a key is
    honoured only from a caller known by a seat token or a session (see "scope")."""
    setattr(view, CALLER_ONLY, True)
    return view


def _caller() -> str:
    """Who sends this request, as far as it says: its seat token and its session's CSRF
    secret ("" for neither). Hashed with the key, never stored as it is."""
    token = request.headers.get(SEAT_HEADER, "")
    secret = ""
    if request.cookies.get(current_app.config["SESSION_COOKIE_NAME"]):
        # Only with a cookie: reading the session marks the answer "Vary: Cookie".
        secret = str(session.get("csrf_token", ""))
    return f"{token}\0{secret}" if token or secret else ""


def _for_caller_only() -> bool:
    view = current_app.view_functions.get(request.endpoint or "")
    return bool(getattr(view, CALLER_ONLY, False))


class Replayed(Exception):
    """This request's key was used already: answer what the first request answered."""


def _key_hash() -> str | None:
    """The scoped hash of this request's key, None when it carries none."""
    if request.method not in WRITES:
        return None
    raw = request.headers.get(HEADER)
    if raw is None and request.mimetype in (
        "application/x-www-form-urlencoded",
        "multipart/form-data",
    ):
        # A form's key sits in panel markup every phone shares (one render per version):
        # the phone's own session (the caller) tells two phones apart.
        raw = request.form.get(FIELD)
    if raw is None or raw == "":
        return None
    if not KEY.fullmatch(raw):
        abort(400, _("Idempotency-Key must be 1 to 200 printable ASCII characters."))
    caller = _caller()
    if not caller and _for_caller_only():
        return None  # a new request: its answer is a secret for a caller nobody can tell
    if not caller:  # nobody to tell apart: the request itself is the scope (F9)
        caller = "body\0" + _body_digest()
    scope = "\0".join((request.method, request.path, caller, raw))
    return hashlib.sha256(scope.encode()).hexdigest()


def _body_digest() -> str:
    """The SHA-256 of the request's body: a form's fields and files as parsed (the key's
    own field aside), any other body's bytes."""
    digest = hashlib.sha256()
    if request.mimetype in ("application/x-www-form-urlencoded", "multipart/form-data"):
        for name, value in sorted(request.form.items(multi=True)):
            if name != FIELD:
                digest.update(f"{len(name)}:{name}{len(value)}:{value}".encode())
        for name, upload in sorted(request.files.items(multi=True), key=lambda i: i[0]):
            digest.update(f"file {len(name)}:{name}".encode())
            digest.update(upload.stream.read())  # spooled already, within the body's limit
            upload.stream.seek(0)
    else:
        digest.update(request.get_data(cache=True))
    return digest.hexdigest()


def _stored_answer(key_hash: str) -> WerkzeugResponse | None:
    with db.reading() as reading:
        row = reading.get(IdempotencyKeyRow, key_hash)
        if row is None:
            return None
        status, headers, body = row.status, dict(row.headers or {}), row.body
    if status is None:  # committed, but its answer never stored (see the glossary)
        table = TABLE_PATH.match(request.path)
        if table and not request.path.startswith("/api/"):
            response = redirect(f"/t/{table.group(1)}", code=303)
        else:
            response = jsonify(replayed=True)
    else:
        response = Response(body or b"", status=status)
        for name, value in headers.items():
            response.headers[name] = value
    response.headers["Idempotent-Replay"] = "true"
    return response


def check() -> WerkzeugResponse | None:
    """``before_request``: a repeated key answers at once, before any view."""
    key_hash = _key_hash()
    g.campfire_idempotency = key_hash
    g.campfire_idempotency_claimed = False  # g outlives a request inside a test's context
    if key_hash is None:
        return None
    return _stored_answer(key_hash)


def claim(session_: Session) -> None:
    """Store this request's key in the write transaction ``session_`` (``db.writing``):
    ``Replayed`` when another request stored it first."""
    if not has_request_context():  # a write outside a request has no key
        return
    key_hash = g.get("campfire_idempotency")
    if key_hash is None or g.get("campfire_idempotency_claimed"):
        return
    if session_.get(IdempotencyKeyRow, key_hash) is not None:
        raise Replayed
    now = utcnow()
    session_.execute(delete(IdempotencyKeyRow).where(IdempotencyKeyRow.created_at < now - KEEP))
    session_.add(IdempotencyKeyRow(key_hash=key_hash, created_at=now))
    try:
        session_.flush()
    except IntegrityError:  # PostgreSQL: a concurrent request with this key committed
        raise Replayed from None


def claimed() -> None:
    """Called by ``db.writing`` once the transaction that stored the key committed."""
    if has_request_context() and g.get("campfire_idempotency"):
        g.campfire_idempotency_claimed = True


def replayed(_error: Replayed) -> ResponseReturnValue:
    answer = _stored_answer(g.campfire_idempotency)
    return answer if answer is not None else (jsonify(replayed=True), 200)


def remember(response: Response) -> Response:
    """``after_request``: add the answer to the key the request stored."""
    if not g.get("campfire_idempotency_claimed") or response.is_streamed:
        return response
    if response.status_code >= 500:
        return response
    try:
        with db.writing() as writing:
            row = writing.get(IdempotencyKeyRow, g.campfire_idempotency)
            if row is not None and row.status is None:
                row.status = response.status_code
                row.headers = {
                    name: response.headers[name]
                    for name in KEPT_HEADERS
                    if name in response.headers
                }
                row.body = response.get_data()
    except SQLAlchemyError as error:  # the change is stored; only its replay is poorer
        log.warning("could not store the answer of an idempotent request: %s", error)
    return response


def count(target: Engine | Connection) -> int:
    with Session(target) as session_:
        return len(session_.scalars(select(IdempotencyKeyRow.key_hash)).all())


def init_app(app: Flask) -> None:
    db.on_write(app, db.WriteHook(begin=claim, committed=claimed))
    # A fresh key per rendered form: a form sent twice (a double tap, a resent page) is
    # carried out once.
    app.jinja_env.globals["idempotency_key"] = lambda: secrets.token_urlsafe(16)
    app.before_request(check)
    app.register_error_handler(Replayed, replayed)
    app.after_request(remember)
