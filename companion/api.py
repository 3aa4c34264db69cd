"""The JSON API under ``/api/v1``, exactly as docs/contracts.md specifies.

Errors are JSON ``{"error": "…"}`` in the reader's language (Accept-Language): 400 for a
body that is not a JSON object, 404 for an unknown table, 409 for a stale
``expected_version`` or a seat another phone holds, 415 for a non-JSON body, 422 when the
rules refuse (state unchanged).

A request may carry a seat token (``X-Campfire-Seat``, from ``POST …/seats/<n>``): the
secrets of that seat (a Lion Square herd, a carried newspaper's address) are then shown;
every other seat's are ``null`` until the game ends, and the changes it makes are made by
that seat (``by_seat`` in the events listing).

Changes take the one change path (``companion.events.apply_change``) and its outcome is
turned into JSON here (``answer``); the API imports nothing from the pages.
"""

from __future__ import annotations

from flask import Blueprint, Flask, Response, jsonify, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from companion import events, hosts, idempotency, security, tables
from companion.i18n import rule_error_message
from companion.numbers import small_number
from games import fields
from games.changes import JSONObject
from games.errors import RuleError

bp = Blueprint("api", __name__, url_prefix="/api/v1")


def error(message: str, status: int) -> tuple[Response, int]:
    return jsonify(error=message), status


def table_url(table_id: str) -> str:
    return hosts.absolute_url("web.table", table_id=table_id)


class BadBody(Exception):
    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def json_body(*, allow_empty: bool = False) -> JSONObject:
    """The request body as a JSON object, or ``BadBody`` with a clear message."""
    if allow_empty and not request.get_data(cache=True):
        return {}
    if not request.is_json:
        raise BadBody(_("Send the body as JSON (Content-Type: application/json)."), 415)
    try:
        body = tables.loads(request.get_data(cache=True))
    except RuleError:  # nested too deep: the refusal names the depth (a 422)
        raise
    except ValueError:  # not JSON, NaN/Infinity
        body = None
    if body is None:
        raise BadBody(_("The body is not valid JSON."), 400)
    if not isinstance(body, dict):
        raise BadBody(_("The body must be a JSON object."), 400)
    return body


def expected_version(body: JSONObject) -> int | None:
    value = body.pop("expected_version", None)
    return None if value is None else fields.whole_number(value, "expected_version")


@bp.errorhandler(BadBody)
def _bad_body(exc: BadBody) -> tuple[Response, int]:
    return error(exc.message, exc.status)


@bp.errorhandler(RuleError)
def _rule_error(exc: RuleError) -> tuple[Response, int]:
    return error(rule_error_message(exc), 422)


@bp.errorhandler(tables.TableNotFound)
def _not_found(_exc: tables.TableNotFound) -> tuple[Response, int]:
    return error(_("No table with this id."), 404)


@bp.errorhandler(tables.VersionConflict)
def _version_conflict(exc: tables.VersionConflict) -> tuple[Response, int]:
    return stale(exc.expected, exc.actual)


def stale(expected: int, actual: int) -> tuple[Response, int]:
    """409 with the table's version: the client's ``expected_version`` is behind."""
    return jsonify(
        error=_(
            "The table changed meanwhile: expected version %(expected)s, it is at "
            "version %(actual)s.",
            expected=expected,
            actual=actual,
        ),
        version=actual,
    ), 409


SEAT_HEADER = idempotency.SEAT_HEADER


def viewer(table_id: str) -> int | None:
    """The seat whose token the request carries, or None (a spectator, or a stale token;
    no token: not even a query)."""
    token = request.headers.get(SEAT_HEADER)
    return tables.seat_of(table_id, token) if token else None


def table_json(view: tables.TableView, seat: int | None = None) -> dict[str, object]:
    return {
        "game": view.game,
        "version": view.version,
        "players": [{"name": p.name, "color": p.color} for p in view.players],
        "counters": view.counters_for(seat),
        "state": view.state_json_for(seat),
    }


def answer(outcome: events.Outcome) -> ResponseReturnValue:
    """A change's outcome as JSON: 200 ``{"version", "state"}`` (the state as the request's
    seat may see it); 422 ``{"error"}`` when the rules said no (worded by the game's panel,
    in the reader's language); 409 ``{"error", "version"}`` for a stale version."""
    if isinstance(outcome, events.Changed):
        view = outcome.table
        return jsonify(version=view.version, state=view.state_json_for(viewer(view.id)))
    if isinstance(outcome, events.Refused):
        return error(outcome.message(page=False), 422)
    return stale(outcome.expected, outcome.actual)


@bp.post("/tables")
@security.limiter.limit(security.create_limit)
def create_table() -> tuple[Response, int]:
    body = json_body()
    view = tables.create(
        body.get("game"),
        body.get("players"),
        body.get("settings"),
        location=body.get("location"),
        time_zone=body.get("time_zone"),
    )
    return jsonify(
        id=view.id, join_code=view.join_code, url=table_url(view.id), version=view.version
    ), 201


@bp.get("/tables/<table_id>")
def get_table(table_id: str) -> ResponseReturnValue:
    view = tables.get(table_id)
    return jsonify(table_json(view, viewer(table_id)))


#: The most events one answer of ``GET …/events`` lists (``?limit=``, default as many).
EVENTS_PAGE = 1000


@bp.get("/tables/<table_id>/events")
@security.limiter.limit(security.history_limit)
def get_events(table_id: str) -> ResponseReturnValue:
    """The events after ``?after=<seq>`` (default 0), at most ``?limit=<n>`` (1 to
    ``EVENTS_PAGE``, the default); a full page carries ``Link: <next page>; rel="next"``."""
    raw_after = request.args.get("after", "0")
    raw_limit = request.args.get("limit", str(EVENTS_PAGE))
    after, limit = small_number(raw_after), small_number(raw_limit)
    if after is None:
        raise BadBody(rule_error_message(fields.refusal(raw_after, "after")), 400)
    if limit is None or not 1 <= limit <= EVENTS_PAGE:
        raise BadBody(rule_error_message(fields.refusal(raw_limit, "limit", 1, EVENTS_PAGE)), 400)
    view = tables.get(table_id)  # 404 before reading the token
    listed = tables.events(table_id, viewer=viewer(table_id), after=after, limit=limit)
    response = jsonify(listed)
    last = listed[-1]["seq"] if listed else None
    if isinstance(last, int) and last < view.version:
        following = hosts.absolute_url("api.get_events", table_id=table_id, after=last, limit=limit)
        response.headers["Link"] = f'<{following}>; rel="next"'
    return response


@bp.post("/tables/<table_id>/events")
def post_event(table_id: str) -> ResponseReturnValue:
    """One event, through the one change path, made by the request's seat (``viewer``: a
    program has no screen to confirm a change for another seat on, so it is not asked)."""
    body = json_body()
    expected = expected_version(body)
    table = tables.get(table_id)
    change = events.Append(body)
    return answer(
        events.apply_change(table, change, by=viewer(table_id), expected_version=expected)
    )


UNDO_FIELDS = ("seq", "seat", "by_seat")


@bp.post("/tables/<table_id>/undo")
def post_undo(table_id: str) -> ResponseReturnValue:
    """Body ``{}`` (the table's latest change in effect), ``{"seq": K}`` (that change),
    ``{"seat": N}`` (the latest change in effect whose own ``seat`` field is N, as posted
    and as the events listing shows it) or ``{"by_seat": N}`` (the latest change in effect
    made with seat N's token: the listing's ``by_seat``); ``expected_version`` as for
    events. Through the one change path, made by the request's seat."""
    body = json_body(allow_empty=True)
    expected = expected_version(body)
    unknown = [key for key in body if key not in UNDO_FIELDS]
    if unknown:
        raise BadBody(
            _(
                "Unknown field %(name)s: an undo takes seq, seat or by_seat (and "
                "expected_version).",
                name=unknown[0],
            ),
            422,
        )
    table = tables.get(table_id)
    change = events.Undo(seq=body.get("seq"), seat=body.get("seat"), by_seat=body.get("by_seat"))
    return answer(
        events.apply_change(table, change, by=viewer(table_id), expected_version=expected)
    )


@bp.post("/tables/<table_id>/seats/<int:seat>")
@idempotency.caller_only
def take_seat(table_id: str, seat: int) -> ResponseReturnValue:
    """Hold ``seat``: ``{"token"}`` to send as ``X-Campfire-Seat``. 409 when another phone
    holds it, unless the body says ``{"force": true}`` (that phone loses it). The token is
    never replayed to a caller without a token or session (``caller_only``)."""
    body = json_body(allow_empty=True)
    force = body.get("force", False)
    if not isinstance(force, bool):
        raise BadBody(_("force must be true or false."), 422)
    try:
        token = tables.take_seat(
            table_id, seat, token=request.headers.get(SEAT_HEADER), force=force
        )
    except tables.SeatHeld as held:
        return error(rule_error_message(held), 409)
    return jsonify(seat=seat, token=token)


@bp.delete("/tables/<table_id>/seats")
def release_seat(table_id: str) -> ResponseReturnValue:
    """Let go of the seat the request's token holds."""
    released = tables.release_seat(table_id, request.headers.get(SEAT_HEADER))
    return jsonify(released=released)


def init_app(app: Flask) -> None:
    security.csrf.exempt(bp)
    app.register_blueprint(bp)
