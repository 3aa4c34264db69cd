"""The live panel of a table and the one event path every panel form and the API take.

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
    ``post_event``: read the table once, build the event from the form (or take the API's
    JSON body), append it in one transaction (``tables.append``) as the acting seat,
    answer with the fresh panel (a fragment to htmx, else a redirect to the table) or the
    422 refusal — or, for the API, the JSON the caller's ``answer``/``refused``/``stale``
    hooks make. ``post_undo`` is the same path for undo (``tables.undo``).
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Hashable
from functools import partial
from typing import Any

from flask import abort, current_app, g, redirect, render_template, request, session, url_for
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from companion import registry, security, tables
from companion.i18n import bound_gettext, rule_error_message, translate
from companion.live import CSRF_PLACEHOLDER, KEY_PLACEHOLDER, personalise
from companion.live import _store as render_store  # until panel_markup asks live.rendered
from companion.live._renders import RenderCache
from companion.pages.base import confirm_page, current_seat, is_htmx, load_table, small_number
from games.errors import N_, RuleError

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
    app.extensions[PANEL_CACHE] = RenderCache(app.config.get("PANEL_CACHE_SIZE", PANEL_CACHE_SIZE))
    app.extensions[PANEL_VARIANTS] = {}
    app.extensions[REFUSAL_WORDING] = {}
    app.extensions[PANEL_VIEWS] = {}


def panel_context(table: tables.TableView, error: str | None = None) -> dict[str, Any]:
    """What ``_panel.html`` reads, ``view`` included: the game's view model, computed here
    and passed in (``panel_view``). ``viewer`` is this phone's seat: a view model may show
    that seat's secrets (it calls ``base.current_seat``; the cache key holds the seat); the
    markup's highlighting of "my seat" is still done per phone (companion.panel_cache)."""
    game_dir = registry.template_dir(table.game)
    view = current_app.extensions[PANEL_VIEWS].get(table.game)
    return {
        "view": view(table) if view is not None else None,
        "table": table,
        "state": table.state,
        "players": table.players,
        "counters": table.counters_for(current_seat(table)),
        "seat": None,
        "viewer": current_seat(table),
        "error": error,
        "game_dir": game_dir,
        "panel_templates": [f"games/{game_dir}/panel.html", "games/_counters.html"],
    }


def panel_view(app: Any, game: str, view: Callable[[tables.TableView], Any]) -> None:
    """Declare ``game``'s view model: what its ``panel.html`` reads as ``view``."""
    app.extensions[PANEL_VIEWS][game] = view


def panel_variant(app: Any, game: str, variant: Callable[[tables.TableView], Hashable]) -> None:
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
    markup = render_template(
        "_panel.html",
        **panel_context(table, error),
        **bound_gettext(),
        csrf_token=lambda: CSRF_PLACEHOLDER,
        idempotency_key=lambda: KEY_PLACEHOLDER,
    )
    # The templates' indentation is a tenth of a big panel; a newline keeps the spacing.
    markup = INDENTATION.sub("\n", markup)
    token = g.get(current_app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token"))
    if isinstance(token, str) and token in markup:
        log.error("the %s panel holds a session's CSRF token; not cached", table.game)
        return markup, False
    return markup, True


def _secret_key(table: tables.TableView) -> int | None:
    """This phone's seat when it sees a secret a spectator does not, else None (so every
    phone without a secret shares one render)."""
    seat = current_seat(table)
    if seat is None or not table.has_secrets():
        return None
    if table.counters_for(seat) == table.counters_for(None) and table.state_json_for(
        seat
    ) == table.state_json_for(None):
        return None
    return seat


def panel_markup(table: tables.TableView, error: str | None = None) -> Markup:
    """The live panel for this phone: rendered once per (table, version, language,
    secrets) — kept in this process (companion.panel_cache) and shared with the other
    processes on the database (companion.render_store) — then given this session's CSRF
    token and seat. ``secrets`` is the seat when that seat sees more than a spectator (its
    herd, its newspaper's address): its panel is its own then (``_secret_key``)."""
    if error is None:
        variant = current_app.extensions[PANEL_VARIANTS].get(table.game)
        key = (
            table.id,
            table.version,
            str(get_locale()),
            variant(table) if variant is not None else None,
            _secret_key(table),
        )
        render = partial(_render_panel, table)
        markup = current_app.extensions[PANEL_CACHE].get(
            key, lambda: render_store.shared(table.id, table.version, key[2:], render)
        )
    else:  # a refusal is one phone's answer: not worth keeping
        markup, _kept = _render_panel(table, error)
    return Markup(
        personalise(
            markup, csrf_token=generate_csrf(), seat=current_seat(table), form_tokens=not is_htmx()
        )
    )


def table_page(
    table: tables.TableView, *, error: str | None = None, notice: str | None = None
) -> str:
    """The table shell (whole page) around the live panel."""
    return render_template(
        "table.html",
        table=table,
        players=table.players,
        seat=current_seat(table),
        panel=panel_markup(table, error),
        notice=notice,
    )


def panel_response(
    table: tables.TableView, *, error: str | None = None, status: int = 200
) -> Answer:
    """The answer to a panel form post: the fresh panel fragment for htmx; without
    JavaScript, a redirect back to the table (or the whole page with the alert)."""
    if is_htmx():
        return panel_markup(table, error), status
    if error is None:
        return redirect(url_for("web.table", table_id=table.id), code=303)
    return table_page(table, error=error), status


def game_table(table_id: str, game: str | None = None) -> tables.TableView:
    """The table, or a 404 page when there is none (``load_table``) or it plays another
    game than ``game``."""
    table = load_table(table_id)
    if game is not None and table.game != game:
        abort(404)
    return table


#: Who makes a change: the seat of the table ``actor(table)`` returns (None: a phone, or
#: an API client, that holds no seat).
Actor = Callable[[tables.TableView], "int | None"]
#: The answer when ``expected_version`` is not the table's version any more.
Stale = Callable[[tables.VersionConflict], Answer]
#: A tap kept on the phone while it was offline names the version it was made at when
#: it is sent again (static/app.js): if the table moved on meanwhile, it is refused (409,
#: with the sentence) instead of landing on a table its player has not seen.
SEEN_VERSION_HEADER = "X-Campfire-Version"


def post_event(
    table_id: str,
    build_event: Callable[[tables.TableView], dict[str, Any]],
    *,
    game: str | None = None,
    table: tables.TableView | None = None,
    actor: Actor | None = None,
    expected_version: int | None = None,
    answer: Callable[[tables.TableView], Answer] | None = None,
    refused: Refused | None = None,
    stale: Stale | None = None,
) -> Answer:
    """The one event path, for every panel form and the JSON API: read the table once
    (``tables.TableNotFound`` when there is none, answered 404 by the page's or the API's
    error handler; a 404 page when it plays another game than ``game``; ``table`` when
    the route has read it already), build the event (``build_event(table)``), append it in
    one transaction as the acting seat.

    The acting seat is this phone's (``current_seat``), which confirms once per turn before
    changing another seat's things; an ``actor`` names it instead and is not asked (the
    API: the seat of the request's token; a program has no screen to confirm on).
    ``expected_version``: append only at that version, else ``stale(conflict)``; a phone's
    form may name it in the ``X-Campfire-Version`` header (a tap sent again after the phone
    was offline).

    Answers ``answer(new table)``, by default the fresh panel (``panel_response``). A
    refusal of the form or of the rules (``RuleError``; nothing stored) answers
    ``refused(table, message)``, by default the panel with the message (422); the message
    is worded by the game's panel (``refusal_wording``) and tells no secret the acting
    seat's phone may not see (``tables.append``'s ``viewer``).
    """
    with security.limiter.shared_limit(security.event_limit, scope="table-changes"):  # 429 past it
        pass
    if table is None:
        table = game_table(table_id, game)
    if expected_version is None and actor is None:
        expected_version = small_number(request.headers.get(SEEN_VERSION_HEADER))
    seat = current_seat(table) if actor is None else actor(table)
    try:
        event = build_event(table)
    except RuleError as error:
        return _refusal(table, error, refused)
    if actor is None:
        other = _acting_for(table, event, seat)
        if other is not None:
            return _confirm_acting_for(table, seat, other)
    return _outcome(
        table,
        lambda: tables.append(
            table_id, event, seat=seat, expected_version=expected_version, viewer=seat
        ),
        answer=answer,
        refused=refused,
        stale=stale,
        stale_message=N_(
            "Someone changed the table meanwhile; nothing was changed. Look again, then "
            "try again if you still want to."
        ),
    )


def _refusal(table: tables.TableView, error: RuleError, refused: Refused | None) -> Answer:
    """The rules (or the form) said no: ``refused(table, message)``, by default the
    panel with the message, 422; the message worded by the game's panel."""
    message = refusal_message(table.game, error)
    if refused is not None:
        return refused(table, message)
    return panel_response(table, error=message, status=422)


def _outcome(
    table: tables.TableView,
    write: Callable[[], tables.TableView],
    *,
    answer: Callable[[tables.TableView], Answer] | None,
    refused: Refused | None,
    stale: Stale | None,
    stale_message: str,
) -> Answer:
    """Make the change (``write``, one transaction) and answer how it went: the changed
    table, a refusal, or a stale version (``stale``, by default the fresh panel with
    ``stale_message`` translated, 409: translated only then, as most changes go through)."""
    try:
        changed = write()
    except tables.VersionConflict as conflict:
        if stale is not None:
            return stale(conflict)
        return panel_response(tables.get(table.id), status=409, error=_(stale_message))
    except RuleError as error:
        return _refusal(table, error, refused)
    return answer(changed) if answer is not None else panel_response(changed)


# ---------------------------------------------------------------------------------------
# acting for another seat

#: The hidden field a confirmed "make this change for Ben" carries (Ben's seat).
FOR_FIELD = "for_seat"
ACTING_FOR = "acting_for"


def _turn_key(table: tables.TableView) -> str:
    """What "this turn" is for the once-per-turn confirmation: whose turn it is (a new
    turn asks again); games without turns ask once per table."""
    turn = table.whose_turn()
    return "-" if turn is None else str(turn)


def _acting_for(table: tables.TableView, event: dict[str, Any], seat: int | None) -> int | None:
    """The other seat this phone would change, when it must confirm first: the phone holds
    a seat, the change is about another seat (``acts_for``) — or, for a change about no
    seat, it is another seat's turn (a turn belongs to its player) — and this phone has
    not confirmed helping that seat this turn. A phone without a seat (the table's shared
    phone) acts for everyone without asking."""
    if seat is None:
        return None
    other = table.acts_for(event, seat)
    if other is None and table.subject_seat(event) is None:
        turn = table.whose_turn()
        other = turn if turn is not None and turn != seat else None
    if other is None or other >= len(table.players):
        return None
    key = [other, _turn_key(table)]
    if session.get(ACTING_FOR, {}).get(table.id) == key:
        return None
    if request.form.get(FOR_FIELD) == str(other):
        kept = {k: v for k, v in session.get(ACTING_FOR, {}).items() if k != table.id}
        session[ACTING_FOR] = {**kept, table.id: key}
        return None
    return other


def _confirm_acting_for(table: tables.TableView, seat: int | None, other: int) -> Answer:
    """ "Make this change for Ben?": the same form again, with ``for_seat``."""
    name = table.players[other].name
    if table.whose_turn() == other:
        message = _(
            "It is %(name)s's turn. Make this change for %(name)s from your phone?", name=name
        )
    else:
        message = _("This change is for %(name)s, not for you. Make it for %(name)s?", name=name)
    fields = [
        (key, value)
        for key, value in request.form.items(multi=True)
        if key not in ("csrf_token", FOR_FIELD)
    ]
    me = table.players[seat].name if seat is not None else _("someone")
    return confirm_page(
        title=_("Make this change for %(name)s?", name=name),
        message=message,
        detail=_("History will say it was made by %(me)s for %(name)s.", me=me, name=name),
        action=request.path,
        fields=[*fields, (FOR_FIELD, other)],
        label=_("Yes, for %(name)s", name=name),
        testid="confirm-for",
        cancel=url_for("web.table", table_id=table.id),
        status=409,
    )


# ---------------------------------------------------------------------------------------
# undo


def undo_confirmation(table_id: str, seq: int | None = None) -> Answer:
    """ "Undo Ann's change: herd 5 → 4?": what an undo would cancel (this phone's seat's
    last change in effect, or the history line ``seq``), named before it is undone; the
    form carries the table's version, so two phones tapping Undo at once undo one change."""
    table = game_table(table_id)
    seat = current_seat(table)
    try:
        target = tables.undo_target(
            table_id, seat=seat if seq is None else None, seq=seq, viewer=seat
        )
    except RuleError as error:
        return panel_response(table, error=refusal_message(table.game, error), status=422)
    who = (
        table.players[target.seat].name
        if (target.seat is not None and target.seat < len(table.players))
        else _("someone")
    )
    if target.seat is not None and target.seat == seat:
        message = _("Undo your last change?") if seq is None else _("Undo your change?")
    else:
        message = _("Undo this change by %(name)s?", name=who)
    return confirm_page(
        title=_("Undo"),
        message=message,
        detail=translate(target.template, target.params),
        action=url_for("web.undo", table_id=table.id),
        fields=[("seq", target.seq), ("version", table.version)],
        label=_("Yes, undo it"),
        testid="confirm-undo",
        cancel=url_for("web.table", table_id=table.id),
    )


def post_undo(
    table_id: str,
    *,
    seat: int | None,
    seq: int | None,
    by: int | None,
    table: tables.TableView | None = None,
    expected_version: int | None = None,
    answer: Callable[[tables.TableView], Answer] | None = None,
    refused: Refused | None = None,
    stale: Stale | None = None,
) -> Answer:
    """The event path of an undo (``tables.undo``), for the pages and the API: the change
    ``seq``, else ``seat``'s last change in effect, else the table's last, undone by ``by``.
    ``expected_version`` (the version the confirmation or the client saw) makes a stale
    tap ``stale(conflict)`` — by default a 409 panel, "someone changed the table
    meanwhile" — instead of a second undo. The same answers as ``post_event``."""
    with security.limiter.shared_limit(security.undo_limit, scope="table-undos"):  # 429 past it
        pass
    if table is None:
        table = tables.get(table_id)
    return _outcome(
        table,
        lambda: tables.undo(
            table_id, seat=seat, seq=seq, by=by, expected_version=expected_version, viewer=by
        ),
        answer=answer,
        refused=refused,
        stale=stale,
        stale_message=N_(
            "Someone changed the table meanwhile; nothing was undone. Look again, then "
            "undo if you still want to."
        ),
    )


def undo_from_form(table_id: str) -> Answer:
    """A phone's undo (the confirmation's form): the history line ``seq`` when the form
    names one, else this phone's seat's last change in effect, at the form's ``version``."""
    table = tables.get(table_id)
    seat = current_seat(table)
    seq = small_number(request.form.get("seq"))
    return post_undo(
        table_id,
        table=table,
        seat=seat if seq is None else None,
        seq=seq,
        by=seat,
        expected_version=small_number(request.form.get("version")),
    )
