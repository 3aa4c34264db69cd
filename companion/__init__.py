"""The Flask table companion (docs/architecture.md): ``create_app`` wires the subsystems."""

from __future__ import annotations

import logging

from flask import Flask, jsonify, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException, InternalServerError, NotFound

from companion import (
    api,
    config,
    db,
    hosts,
    i18n,
    idempotency,
    live,
    pages,
    panels,
    registry,
    security,
    serving,
    tables,
    uploads,
)
from companion.commits import subscribe
from companion.plays import store as plays

TEMPLATES = config.data_dir("templates")
log = logging.getLogger(__name__)


def create_app(test_config: dict[str, object] | None = None) -> Flask:
    """The companion app. ``test_config`` replaces the environment (tests, tools)."""
    # static_folder=None: companion.serving serves the static files (hashed, compressed).
    app = Flask(
        __name__, instance_relative_config=True, template_folder=str(TEMPLATES), static_folder=None
    )
    app.request_class = uploads.Request  # a route's own upload limit (@upload_limit)
    config.load(app, test_config)
    app.jinja_env.autoescape = True  # every template, whatever its extension
    registry.init_app(app)
    db.init_app(app)
    i18n.init_app(app)
    hosts.init_app(app)  # before security: its Host check is the first before_request
    security.init_app(app)
    idempotency.init_app(app)
    pages.init_app(app)
    api.init_app(app)
    panels.register_panels(app)
    live.init_app(app)  # the version map, the stream, the poll's shortcut, the renders
    # The one commit hook (companion.commits): what hears of every table change, in order.
    subscribe(app, plays.changed)  # a finished game's play, in the change's transaction
    subscribe(app, live.changed)  # after the commit: this process's phones, then the others
    _register_errors(app)
    serving.init_app(app)  # last: it wraps every view registered above
    return app


def http_error_message(error: HTTPException) -> str:
    """What went wrong, for a player, in their language."""
    if isinstance(error, serving.UnreadableBody):
        return _("The request's body could not be read (a broken upload). Please send it again.")
    if isinstance(error, serving.BodyTooSlow):
        return _("The request came too slowly and was stopped. Please send it again.")
    if isinstance(error, serving.DatabaseBusy):
        return _("The database is busy just now. Try again in a few seconds.")
    if isinstance(error, serving.DiskFull):
        return _("The server's disk is full: nothing can be saved until space is freed.")
    if isinstance(error, CSRFError):
        return _("This form has expired or came from elsewhere. Reload the page and try again.")
    code = error.code or 500
    messages = {
        400: _("The request was not understood."),
        404: _("There is no such page or table here. Check the link or the join code."),
        405: _("This address does not accept that kind of request."),
        413: _(
            "That is too big: requests and uploads are limited to %(size)s KB.",
            size=(request.max_content_length or 0) // 1024,
        ),
        415: _("Send the body as JSON (Content-Type: application/json)."),
        429: _("Too many attempts. Please wait a minute and try again."),
        503: _("The server cannot reach its database just now. Try again in a few seconds."),
    }
    if code == 400 and error.description and error.description != type(error).description:
        return error.description  # a specific message given to abort(400, …)
    return messages.get(code, _("Something went wrong on our side. Please try again."))


def _back(code: int) -> str | None:
    """The table an error on one of its pages leads back to (an expired form on a table's
    page must not strand the player on the home page); None elsewhere, or when the table
    itself is what was not found."""
    table_id = (request.view_args or {}).get("table_id")
    if not isinstance(table_id, str) or code == 404:
        return None
    return url_for("web.table", table_id=table_id)


def _register_errors(app: Flask) -> None:
    def render(error: HTTPException) -> ResponseReturnValue:
        code = error.code or 500
        message = http_error_message(error)
        if request.path.startswith("/api/"):
            return jsonify(error=message), code
        if pages.base.is_htmx():
            # Shown in the page's flash area instead of replacing the panel.
            return (
                render_template("_flash.html", message=message),
                code,
                {"HX-Retarget": "#flash", "HX-Reswap": "innerHTML"},
            )
        return render_template("error.html", code=code, message=message, back=_back(code)), code

    app.register_error_handler(HTTPException, render)
    # The event path reads the table itself and lets "no such table" through: the API
    # answers it in JSON (its own handler), every page with the 404 page.
    app.register_error_handler(tables.TableNotFound, lambda _error: render(NotFound()))

    @app.errorhandler(Exception)
    def _unexpected(error: Exception) -> ResponseReturnValue:
        log.exception("unexpected error", exc_info=error)
        return render(InternalServerError())
