"""One table's pages: the shell around the live panel, the panel itself and its poll,
the generic counter stepper, undo and the history.

Live sync (companion-layout.md): the panel container polls ``/t/<id>/poll?v=<version>``
on the ``campfire:poll`` event app.js fires every 2 s while the page is visible; the poll
answers 204 while the version is unchanged, else the fresh panel, which replaces the
container (and so carries the new version). A phone's own change answers with the fresh
panel at once; a refusal answers 422 with the same panel plus a translated alert.
"""

from __future__ import annotations

from typing import Any

from flask import Response, abort, current_app, render_template, request
from flask_babel import gettext as _

from companion import tables
from companion.i18n import rule_error_message
from companion.web import (
    apply_event,
    bp,
    current_seat,
    form_int,
    load_table,
    local_time,
    panel_markup,
    panel_response,
    refuse,
    remember_recent,
    small_number,
    table_page,
)
from games.errors import RuleError


@bp.get("/t/<table_id>")
def table(table_id: str) -> str:
    view = load_table(table_id)
    remember_recent(view.id)
    return table_page(view)


@bp.get("/t/<table_id>/panel")
def panel(table_id: str) -> Any:
    return panel_markup(load_table(table_id))


@bp.get("/t/<table_id>/poll")
def poll(table_id: str) -> Any:
    """204 while the table is at version ``v``; otherwise the fresh panel."""
    seen = small_number(request.args.get("v"))
    if seen is None:
        abort(400, _("The poll needs the version the page shows, as ?v=<number>."))
    try:
        now = tables.version(table_id)
    except tables.TableNotFound:
        abort(404)
    if now == seen:
        return Response(status=204, headers={"Cache-Control": "no-store"})
    response = current_app.make_response(panel_markup(load_table(table_id)))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/t/<table_id>/adjust")
def adjust(table_id: str) -> Any:
    """The generic counter stepper (DESIGN.md ``adjust`` event)."""
    try:
        event = {"type": "adjust", "seat": form_int("seat"),
                 "counter": request.form.get("counter", ""), "delta": form_int("delta")}
    except RuleError as error:
        return refuse(table_id, error)
    return apply_event(table_id, event)


@bp.post("/t/<table_id>/undo")
def undo(table_id: str) -> Any:
    view = load_table(table_id)
    try:
        view = tables.undo(table_id, seat=current_seat(view))
    except RuleError as error:
        return panel_response(view, error=rule_error_message(error), status=422)
    return panel_response(view)


@bp.get("/t/<table_id>/history")
def history(table_id: str) -> str:
    try:
        view, entries = tables.history(table_id, viewer=current_seat(tables.get(table_id)))
    except tables.TableNotFound:
        abort(404)
    return render_template("history.html", table=view, entries=entries,
                           seat=current_seat(view), local_time=local_time)
