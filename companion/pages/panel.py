"""The live panel of a table and the one event path every panel form takes.

Glossary
--------
panel
    ``_panel.html`` around ``templates/games/<package>/panel.html``: the same markup on
    every phone (cached per table version, language and variant, companion.panel_cache),
    then given this session's CSRF token and seat.
variant
    What else a game's panel markup depends on (Bison: this phone's zoom), declared by the
    game's panel module (``panel_variant``).
refusal wording
    How a game's panel words a ``RuleError`` (A Dog's Life names dogs in the reader's
    language); ``rule_error_message`` unless the panel module declares its own
    (``refusal_wording``).
event path
    ``post_event``: read the table once, build the event from the form, append it in one
    transaction (``tables.append``) as this phone's seat, answer with the fresh panel (a
    fragment to htmx, else a redirect to the table) or the 422 refusal. ``post_undo`` is
    the same path for undo (``tables.undo``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Hashable
from typing import Any

from flask import abort, current_app, g, redirect, render_template, url_for
from flask_babel import get_locale
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from companion import registry, security, tables
from companion.i18n import bound_gettext, rule_error_message
from companion.pages.base import current_seat, is_htmx, load_table
from companion.panel_cache import CSRF_PLACEHOLDER, KEY_PLACEHOLDER, RenderCache, personalise
from games.errors import RuleError

log = logging.getLogger(__name__)

#: Rendered panels kept per process: the latest versions of the busy tables, in each
#: language read at them (a 5-dog panel is ~70 KB, so at most ~20 MB).
PANEL_CACHE_SIZE = 256
PANEL_CACHE = "campfire.panel_cache"
PANEL_VARIANTS = "campfire.panel_variants"
REFUSAL_WORDING = "campfire.refusal_wording"
PANEL_VIEWS = "campfire.panel_views"
#: Blank lines and indentation in rendered panel markup (no <pre> or <textarea> there).
INDENTATION = re.compile(r"\n\s+")

#: What a page answers: a response, or markup (and a status).
Answer = Any
Refused = Callable[[tables.TableView, str], Answer]


def init_app(app: Any) -> None:
    app.extensions[PANEL_CACHE] = RenderCache(
        app.config.get("PANEL_CACHE_SIZE", PANEL_CACHE_SIZE))
    app.extensions[PANEL_VARIANTS] = {}
    app.extensions[REFUSAL_WORDING] = {}
    app.extensions[PANEL_VIEWS] = {}


def panel_context(table: tables.TableView, error: str | None = None) -> dict[str, Any]:
    """What ``_panel.html`` reads, ``view`` included: the game's view model, computed here
    and passed in (``panel_view``). No ``seat``: the panel is the same on every phone (it
    is cached, companion.panel_cache); the shell page says whose phone it is."""
    game_dir = registry.template_dir(table.game)
    view = current_app.extensions[PANEL_VIEWS].get(table.game)
    return {
        "view": view(table) if view is not None else None,
        "table": table,
        "state": table.state,
        "players": table.players,
        "counters": table.counters(),
        "seat": None,
        "error": error,
        "game_dir": game_dir,
        "panel_templates": [f"games/{game_dir}/panel.html", "games/_counters.html"],
    }


def panel_view(app: Any, game: str, view: Callable[[tables.TableView], Any]) -> None:
    """Declare ``game``'s view model: what its ``panel.html`` reads as ``view``."""
    app.extensions[PANEL_VIEWS][game] = view


def panel_variant(app: Any, game: str, variant: Callable[[tables.TableView], Hashable]
                  ) -> None:
    """Declare what else ``game``'s panel markup depends on besides the table, its version
    and the language (part of the render cache's key; see companion.panel_cache)."""
    app.extensions[PANEL_VARIANTS][game] = variant


def refusal_wording(app: Any, game: str, wording: Callable[[RuleError], str]) -> None:
    """Declare how ``game``'s panel words a refusal (default: ``rule_error_message``)."""
    app.extensions[REFUSAL_WORDING][game] = wording


def refusal_message(game: str, error: RuleError) -> str:
    """``error`` in the reader's language, worded by ``game``'s panel."""
    wording = current_app.extensions[REFUSAL_WORDING].get(game, rule_error_message)
    return str(wording(error))


def _render_panel(table: tables.TableView, error: str | None = None) -> tuple[str, bool]:
    """The panel with the CSRF placeholder, and whether it may be cached: not if a
    template slipped the session's real token in (a macro imported without context)."""
    markup = render_template("_panel.html", **panel_context(table, error),
                             **bound_gettext(), csrf_token=lambda: CSRF_PLACEHOLDER,
                             idempotency_key=lambda: KEY_PLACEHOLDER)
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
                   status: int = 200) -> Answer:
    """The answer to a panel form post: the fresh panel fragment for htmx; without
    JavaScript, a redirect back to the table (or the whole page with the alert)."""
    if is_htmx():
        return panel_markup(table, error), status
    if error is None:
        return redirect(url_for("web.table", table_id=table.id), code=303)
    return table_page(table, error=error), status


def game_table(table_id: str, game: str | None = None) -> tables.TableView:
    """The table, or a 404 page when there is none or it plays another game than ``game``."""
    table = load_table(table_id)
    if game is not None and table.game != game:
        abort(404)
    return table


def post_event(table_id: str, build_event: Callable[[tables.TableView], dict[str, Any]], *,
               game: str | None = None, table: tables.TableView | None = None,
               answer: Callable[[tables.TableView], Answer] | None = None,
               refused: Refused | None = None) -> Answer:
    """The one event path of the pages: read the table once (404 when there is none, or
    it plays another game than ``game``; ``table`` when the route has read it already),
    build the event from the form (``build_event(table)``), append it as this phone's seat
    in one transaction.

    Answers ``answer(new table)``, by default the fresh panel (``panel_response``). A
    refusal of the form or of the rules (``RuleError``; nothing stored) answers
    ``refused(table, message)``, by default the panel with the message (422); the message
    is worded by the game's panel (``refusal_wording``).
    """
    with security.limiter.limit(security.event_limit):  # 429 past the limit
        pass
    if table is None:
        table = game_table(table_id, game)
    try:
        event = build_event(table)
        changed = tables.append(table_id, event, seat=current_seat(table))
    except tables.TableNotFound:
        abort(404)
    except RuleError as error:
        message = refusal_message(table.game, error)
        if refused is not None:
            return refused(table, message)
        return panel_response(table, error=message, status=422)
    return answer(changed) if answer is not None else panel_response(changed)


def post_undo(table_id: str) -> Answer:
    """Undo this phone's seat's last change in effect (``tables.undo``): the same answers
    as ``post_event``."""
    with security.limiter.limit(security.undo_limit):
        pass
    table = game_table(table_id)
    try:
        changed = tables.undo(table_id, seat=current_seat(table))
    except tables.TableNotFound:
        abort(404)
    except RuleError as error:
        return panel_response(table, error=refusal_message(table.game, error), status=422)
    return panel_response(changed)
