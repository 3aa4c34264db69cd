"""The "web" blueprint and the helpers its pages and the game panels (companion/panels/)
share: this phone's seat, the table or a 404, small numbers from URLs and forms, and the
live panel: rendering it (cached, companion.panel_cache) and answering a panel form with it.

The pages themselves register their views on ``bp``: companion.pages_join (home, create,
join, invite, seats), companion.pages_table (table shell, panel, poll, adjust, undo,
history), companion.pages_transfer (export, import) and companion.pages_print (print kit).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Hashable
from datetime import UTC, datetime
from typing import Any

from babel.dates import format_datetime
from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    g,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from companion import registry, tables
from companion.i18n import bound_gettext, rule_error_message
from companion.panel_cache import CSRF_PLACEHOLDER, RenderCache, personalise
from games.errors import N_, RuleError
from printgen import kit as printkit

bp = Blueprint("web", __name__)
log = logging.getLogger(__name__)

#: Colour names for the create form (the stored value stays the English id).
COLOUR_NAMES = {
    "red": N_("red"), "yellow": N_("yellow"), "green": N_("green"), "blue": N_("blue"),
    "purple": N_("purple"), "black": N_("black"), "white": N_("white"),
    "orange": N_("orange"),
}
RECENT_MAX = 8
#: Rendered panels kept per process: the latest versions of the busy tables, in each
#: language read at them (a 5-dog panel is ~70 KB, so at most ~20 MB).
PANEL_CACHE_SIZE = 256
PANEL_CACHE = "campfire.panel_cache"
PANEL_VARIANTS = "campfire.panel_variants"
#: Blank lines and indentation in rendered panel markup (no <pre> or <textarea> there).
INDENTATION = re.compile(r"\n\s+")



def is_htmx() -> bool:
    return request.headers.get("HX-Request") == "true"


def absolute_url(endpoint: str, **values: Any) -> str:
    """A URL a phone can open: behind a proxy, CAMPFIRE_PUBLIC_URL decides the host."""
    public = current_app.config.get("CAMPFIRE_PUBLIC_URL")
    if public:
        return public + url_for(endpoint, **values)
    return url_for(endpoint, _external=True, **values)


def current_seat(table: tables.TableView) -> int | None:
    """This phone's seat at ``table`` ("I am …"), or None."""
    seat = session.get("seats", {}).get(table.id)
    if isinstance(seat, int) and 0 <= seat < len(table.players):
        return seat
    return None


def load_table(table_id: str) -> tables.TableView:
    """The table, or a 404 page."""
    try:
        return tables.get(table_id)
    except tables.TableNotFound:
        abort(404)


#: A short whole number as a URL or a form carries one: ASCII digits only ("²" and "٣" are
#: digits to ``str.isdigit`` but not to ``int``), at most 9 of them (``int`` refuses more
#: than 4300, and no seat, version or zoom needs 10).
SMALL_NUMBER = re.compile(r"[0-9]{1,9}")


def small_number(raw: str | None) -> int | None:
    """``raw`` as a whole number from 0 to 999 999 999, or None."""
    if raw is None or not SMALL_NUMBER.fullmatch(raw):
        return None
    return int(raw)


def form_int(name: str, *, label: str | None = None) -> int:
    """A whole number from the submitted form, or a ``RuleError`` naming the field."""
    raw = request.form.get(name, "").strip()
    try:
        return int(raw)
    except ValueError:
        raise RuleError(N_("{field} must be a whole number"), field=label or name) from None


def panel_context(table: tables.TableView, error: str | None = None) -> dict[str, Any]:
    """What ``_panel.html`` reads. No ``seat``: the panel is the same on every phone (it is
    cached, companion.panel_cache); the shell page says whose phone it is."""
    game_dir = registry.template_dir(table.game)
    return {
        "table": table,
        "state": table.state,
        "players": table.players,
        "counters": table.counters(),
        "seat": None,
        "error": error,
        "game_dir": game_dir,
        "panel_templates": [f"games/{game_dir}/panel.html", "games/_counters.html"],
    }


def panel_variant(app: Any, game: str, variant: Callable[[tables.TableView], Hashable]
                  ) -> None:
    """Declare what else ``game``'s panel markup depends on besides the table, its version
    and the language (part of the render cache's key; see companion.panel_cache)."""
    app.extensions[PANEL_VARIANTS][game] = variant


def _render_panel(table: tables.TableView, error: str | None = None) -> tuple[str, bool]:
    """The panel with the CSRF placeholder, and whether it may be cached: not if a
    template slipped the session's real token in (a macro imported without context)."""
    markup = render_template("_panel.html", **panel_context(table, error),
                             **bound_gettext(), csrf_token=lambda: CSRF_PLACEHOLDER)
    # The templates' indentation is a tenth of a big panel; a newline keeps the spacing.
    markup = INDENTATION.sub("\n", markup)
    token = g.get(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))
    if isinstance(token, str) and token in markup:
        log.error("the %s panel holds a session's CSRF token; not cached", table.game)
        return markup, False
    return markup, True


def panel_markup(table: tables.TableView, error: str | None = None) -> Markup:
    """The live panel for this phone: rendered once per (table, version, language,
    variant) per process, then given this session's CSRF token and seat."""
    if error is None:
        variant = current_app.extensions[PANEL_VARIANTS].get(table.game)
        key = (table.id, table.version, str(get_locale()),
               variant(table) if variant is not None else None)
        markup = current_app.extensions[PANEL_CACHE].get(key, lambda: _render_panel(table))
    else:  # a refusal is one phone's answer: not worth keeping
        markup, _kept = _render_panel(table, error)
    return Markup(personalise(markup, csrf_token=generate_csrf(), seat=current_seat(table),
                              form_tokens=not is_htmx()))


def table_page(table: tables.TableView, *, error: str | None = None) -> str:
    """The table shell (whole page) around the live panel."""
    return render_template("table.html", table=table, players=table.players,
                           seat=current_seat(table), panel=panel_markup(table, error))


def panel_response(table: tables.TableView, *, error: str | None = None,
                   status: int = 200) -> Response | tuple[str, int]:
    """The answer to a panel form post: the fresh panel fragment for htmx; without
    JavaScript, a redirect back to the table (or the whole page with the alert)."""
    if is_htmx():
        return panel_markup(table, error), status
    if error is None:
        return redirect(url_for("web.table", table_id=table.id), code=303)
    return table_page(table, error=error), status


def apply_event(table_id: str, event: dict[str, Any]) -> Response | tuple[str, int]:
    """Append ``event`` to the table as this phone's seat and answer with the panel:
    200 with the new state, or 422 with the translated refusal (nothing stored)."""
    table = load_table(table_id)
    try:
        table = tables.append(table_id, event, seat=current_seat(table))
    except tables.TableNotFound:
        abort(404)
    except RuleError as error:
        return panel_response(tables.get(table_id), error=rule_error_message(error),
                              status=422)
    return panel_response(table)


def refuse(table_id: str, error: RuleError) -> Response | tuple[str, int]:
    """A panel form whose input is refused before it became an event (422)."""
    return panel_response(load_table(table_id), error=rule_error_message(error), status=422)


def remember_recent(table_id: str) -> None:
    recent = [t for t in session.get("recent", []) if t != table_id and isinstance(t, str)]
    session["recent"] = [table_id, *recent][:RECENT_MAX]
    session.permanent = True


def local_time(moment: datetime) -> str:
    """A stored time in the server's local time zone (everyone sits at the same table)."""
    if moment.tzinfo is None:  # SQLite gives back naive UTC
        moment = moment.replace(tzinfo=UTC)
    return format_datetime(moment.astimezone(), "short", locale=str(get_locale()))

def init_app(app: Any) -> None:
    # The pages import this module's helpers, so they are imported here, once it is
    # loaded; importing them adds their views to ``bp``, which must precede registering.
    from companion import pages_join, pages_print, pages_table, pages_transfer  # noqa: F401

    app.register_blueprint(bp)
    app.extensions[PANEL_CACHE] = RenderCache(
        app.config.get("PANEL_CACHE_SIZE", PANEL_CACHE_SIZE))
    app.extensions[PANEL_VARIANTS] = {}

    @app.context_processor
    def _helpers() -> dict[str, Any]:
        return {"game_title": lambda game_id: _(registry.title(game_id)),
                "colour_name": lambda colour: _(COLOUR_NAMES.get(colour, colour)),
                "has_print_kit": lambda game_id: game_id in printkit.GAMES,
                "is_htmx": is_htmx}
