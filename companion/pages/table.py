"""One table's pages: the shell around the live panel, the panel itself and its poll,
the generic counter stepper, undo and the history.

Live sync: the panel container asks ``/t/<id>?v=<version>`` (htmx) on the
``campfire:poll`` event app.js fires every ``POLL_MS`` (config, ``data-poll-ms``) while the
page is visible; the table answers 204 while the version is unchanged, else the fresh
panel, which replaces the container (and so carries the new version). A phone's own change
answers with the fresh panel at once; a refusal answers 422 with the same panel plus a
translated alert.

The poll is the busiest request by far (every phone, every two seconds) and nearly always
hears "nothing changed"; ``companion.live`` answers that 204 before Flask sees the request
(its poll shortcut: no session cookie, no rate limiter, no database). Anything else — a
newer version, a bad ``v``, an unknown table, a map that cannot refresh — comes to the
views below.
"""

from __future__ import annotations

from flask import Response, abort, current_app, render_template, request, session
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from companion import live, security, tables
from companion.pages.base import (
    bp,
    current_seat,
    forget_seat_cache,
    form_int,
    is_htmx,
    load_table,
    local_time,
    remember_recent,
    seat_lost,
    small_number,
)
from companion.pages.panel import (
    panel_markup,
    post_event,
    table_page,
    undo_confirmation,
    undo_from_form,
)


@bp.get("/t/<table_id>")
def table(table_id: str) -> ResponseReturnValue:
    """The table: the whole page; to htmx asking with ``?v=<version>`` (the panel's poll),
    the panel alone, or 204 while the table is still at that version."""
    if is_htmx() and "v" in request.args:
        return _poll(table_id)
    view = load_table(table_id)
    remember_recent(view.id)
    return table_page(view, notice=_lost_seat_notice(view))


def _lost_seat_notice(view: tables.TableView) -> str | None:
    """ "Another phone took over Ann's seat": said once, then the phone watches."""
    if current_seat(view) is not None:
        return None
    lost = seat_lost(view.id)
    if lost is None or lost >= len(view.players):
        return None
    seats = {k: v for k, v in session.get("seats", {}).items() if k != view.id}
    session["seats"] = seats
    forget_seat_cache(view.id)
    return _(
        "Another phone took over %(name)s's seat; this phone is now watching.",
        name=view.players[lost].name,
    )


def _poll(table_id: str) -> ResponseReturnValue:
    """204 while the table is at version ``v``; otherwise the fresh panel."""
    seen = small_number(request.args.get("v"))
    if seen is None:
        abort(400, _("The poll needs the version the page shows, as ?v=<number>."))
    woke = "wake" in request.args  # a phone back from sleep or offline: ask the seat too
    if not woke and tables.TABLE_ID.fullmatch(table_id) and live.current(table_id) == seen:
        # Answered from the version map (the shortcut in front of Flask answers most of
        # these before this view runs): a lost seat is told at the table's next change.
        return Response(status=204, headers=NO_STORE)
    view = load_table(table_id)  # the database's own answer: the map may lag behind it
    if seat_lost(table_id) is not None:
        # Told at its next refresh: the whole page says whose seat went where.
        return Response(status=204, headers={"HX-Refresh": "true", **NO_STORE})
    if view.version == seen:
        return Response(status=204, headers=NO_STORE)
    response = current_app.make_response(panel_markup(view))
    response.headers["Cache-Control"] = "no-store"
    return response


NO_STORE = {"Cache-Control": "no-store"}


@bp.post("/t/<table_id>/adjust")
def adjust(table_id: str) -> ResponseReturnValue:
    """The generic counter stepper (the ``adjust`` event of docs/contracts.md)."""
    return post_event(
        table_id,
        lambda _table: {
            "type": "adjust",
            "seat": form_int("seat", label=_("player")),
            "counter": request.form.get("counter", ""),
            "delta": form_int("delta", label=_("change")),
        },
    )


@bp.route("/t/<table_id>/undo", methods=["GET", "POST"])
@security.limiter.limit(security.history_limit, methods=["GET"])
def undo(table_id: str) -> ResponseReturnValue:
    """GET: the confirmation naming the change (``?seq=<n>``: that history line, else this
    seat's last change in effect); POST (from it): the undo."""
    if request.method == "GET":
        return undo_confirmation(table_id, small_number(request.args.get("seq")))
    return undo_from_form(table_id)


#: Lines on one history page: the page costs the same on a table of 20,000 events.
HISTORY_PAGE = 100


@bp.get("/t/<table_id>/history")
@security.limiter.limit(security.history_limit)
def history(table_id: str) -> str:
    """The newest ``HISTORY_PAGE`` lines (``?before=<seq>``: those older than that line),
    with a link to the older ones and back to the newest."""
    before = small_number(request.args.get("before"))
    view, entries = tables.history(
        table_id,
        viewer=current_seat(load_table(table_id)),
        before=before or None,
        limit=HISTORY_PAGE,
    )
    older = entries[-1].seq if entries and entries[-1].seq > 1 else None
    return render_template(
        "history.html",
        table=view,
        entries=entries,
        seat=current_seat(view),
        local_time=local_time,
        older=older,
        paged=before is not None,
        takeovers=[] if before is not None else tables.takeovers(view.id),
    )
