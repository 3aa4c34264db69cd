"""What every page of the companion shares: the "web" blueprint, this phone's seat, the
table or a 404, numbers from URLs and forms, one absolute URL helper, the recent tables and
local times.

Glossary
--------
bp
    The blueprint of the pages: endpoints ``web.<view>`` (``web.table``); the page modules
    of this package add their routes to it, ``companion.pages.init_app`` registers it.
seat
    This phone's seat at a table ("I am …"): the session cookie keeps the secret token
    ``tables.take_seat`` gave this phone (``seat_token``); the seat is the one that token
    still holds (``tables.seat_of``), so a phone whose seat was taken over is a spectator.
small number
    A whole number in a URL (a version, a seat link, a zoom): ASCII digits only.
form number
    A whole number in a submitted form: a bad one is a ``RuleError`` naming the field.
"""

from __future__ import annotations

from datetime import UTC, datetime

from babel.dates import format_datetime
from flask import Blueprint, Response, g, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale

from companion import tables
from companion.hosts import absolute_url as absolute_url  # re-exported: the pages read it here
from companion.numbers import small_number as small_number  # re-exported: the pages read it here
from games.errors import N_
from games.fields import read_whole

bp = Blueprint("web", __name__)

#: Colour names for the create form (the stored value stays the English id).
COLOUR_NAMES = {
    "red": N_("red"),
    "yellow": N_("yellow"),
    "green": N_("green"),
    "blue": N_("blue"),
    "purple": N_("purple"),
    "black": N_("black"),
    "white": N_("white"),
    "orange": N_("orange"),
}
RECENT_MAX = 8


def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def seat_token(table_id: str) -> str | None:
    """The seat token this phone keeps for ``table_id`` (its session cookie), or None."""
    seats = session.get("seats", {})
    token = seats.get(table_id) if isinstance(seats, dict) else None
    return token if isinstance(token, str) else None  # an int: a cookie from before tokens


def current_seat(table: tables.TableView) -> int | None:
    """This phone's seat at ``table`` ("I am …"): the seat its token still holds, or None.
    Read once per request (the token row may change only through this request's own
    ``take_seat``, which calls ``forget_seat_cache``)."""
    cache = g.setdefault("campfire_seats", {})
    if table.id not in cache:
        token = seat_token(table.id)
        held = tables.seat_of(table.id, token) if token else None
        cache[table.id] = held if held is not None and 0 <= held < len(table.players) else None
    seat: int | None = cache[table.id]
    return seat


def seat_lost(table_id: str) -> int | None:
    """The seat this phone held at ``table_id`` until another phone took it over, or
    None (its token still holds its seat, it held none, or it let it go)."""
    token = seat_token(table_id)
    return tables.lost_seat(table_id, token) if token else None


def lost_seat_answer(table_id: str) -> ResponseReturnValue:
    """The answer to a tap from a phone whose seat was taken over meanwhile (issue 33,
    F8): nothing is changed; the table's page, which says whose seat went where, instead
    of a refusal worded for a phone without a seat (htmx: reload it; else: go there)."""
    if is_htmx():
        return Response(status=204, headers={"HX-Refresh": "true", "Cache-Control": "no-store"})
    return redirect(url_for("web.table", table_id=table_id), code=303)


def forget_seat_cache(table_id: str) -> None:
    g.setdefault("campfire_seats", {}).pop(table_id, None)


def load_table(table_id: str) -> tables.TableView:
    """The table; ``tables.TableNotFound`` when there is none, which the app answers with
    the 404 page (the API with its JSON 404)."""
    return tables.get(table_id)


def form_int(name: str, *, label: str | None = None, default: int | None = None) -> int:
    """A whole number from the submitted form (or the query string), ``default`` when the
    field is empty and there is one, else a ``RuleError`` naming the field (``label``)."""
    raw = request.values.get(name, "").strip()
    if raw == "" and default is not None:
        return default
    return read_whole(raw, label or name)


def remember_recent(table_id: str) -> None:
    recent = [t for t in session.get("recent", []) if t != table_id and isinstance(t, str)]
    session["recent"] = [table_id, *recent][:RECENT_MAX]
    session.permanent = True


def local_time(moment: datetime) -> str:
    """A stored time in the server's local time zone (everyone sits at the same table)."""
    if moment.tzinfo is None:  # SQLite gives back naive UTC
        moment = moment.replace(tzinfo=UTC)
    try:
        local = moment.astimezone()
    except (OverflowError, ValueError, OSError):  # a time the local zone cannot reach
        local = moment.astimezone(UTC)
    return format_datetime(local, "short", locale=str(get_locale()))


def confirm_page(
    *,
    title: str,
    message: str,
    action: str,
    label: str,
    cancel: str,
    fields: list[tuple[str, object]] | None = None,
    detail: str | None = None,
    testid: str | None = None,
    status: int = 200,
) -> tuple[str, int]:
    """A confirmation naming what it confirms, answered by one POST to ``action`` with the
    hidden ``fields``: to htmx the fragment that replaces the panel, else a whole page."""
    confirm = {
        "title": title,
        "message": message,
        "detail": detail,
        "action": action,
        "fields": fields or [],
        "label": label,
        "cancel": cancel,
        "testid": testid,
    }
    template = "_confirm.html" if is_htmx() else "confirm.html"
    return render_template(template, confirm=confirm), status
