"""The live panel of a table, and the pages' door to the one change path (companion.events).

Glossary
--------
panel
    ``_panel.html`` around ``templates/games/<package>/panel.html``: the same markup on
    every phone (cached per table version, language and variant, companion.live),
    then given this session's CSRF token and seat.
variant
    What else a game's panel markup depends on (Bison: this phone's zoom), declared by the
    game's panel module (its ``plugs.Panel``'s ``variant``).
refusal wording
    How a game's panel words a ``RuleError`` (A Dog's Life names dogs in the reader's
    language): its ``plugs.Panel``'s ``refusal`` (``companion.events.refusal_message``).
pages' door
    ``post_event``: read the table once, build the event from the form, ask "make this
    change for Ben?" when it is about another seat, then ``events.apply_change`` as this
    phone's seat, and turn its outcome into a page: the fresh panel (a fragment to htmx,
    else a redirect to the table), the 422 refusal, or the 409 "someone changed the table
    meanwhile". ``undo_from_form`` is the same door for an undo.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Mapping
from functools import partial

from flask import abort, current_app, g, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from companion import events, live, registry, tables
from companion.events import refusal_message
from companion.i18n import bound_gettext, translate
from companion.live import CSRF_PLACEHOLDER, KEY_PLACEHOLDER, personalise
from companion.numbers import small_number
from companion.pages.base import (
    confirm_page,
    current_seat,
    is_htmx,
    load_table,
    lost_seat_answer,
    seat_lost,
)
from companion.plugs import panel_of, scripts_of
from games.changes import Change
from games.errors import N_, RuleError
from games.table import WHOLE_TABLE

log = logging.getLogger(__name__)

#: Rendered panels kept per process: the latest versions of the busy tables, in each
#: language read at them (``companion.live`` also bounds the characters kept).
PANEL_CACHE = live.PANEL_CACHE
#: Blank lines and indentation in rendered panel markup (no <pre> or <textarea> there).
INDENTATION = re.compile(r"\n\s+")

#: What a page answers: a response, or markup (and a status).
Answer = ResponseReturnValue
#: A page's answer to a refusal: the table as read, and the refusal's message.
RefusalPage = Callable[[tables.TableView, str], Answer]


def panel_context(table: tables.TableView, error: str | None = None) -> dict[str, object]:
    """What ``_panel.html`` reads, ``view`` included: the game's view model, computed here
    and passed in (its ``plugs.Panel``'s ``view``), and the names its templates call (its
    ``helpers``). ``viewer`` is this phone's seat: a view
    model may show that seat's secrets (it calls ``base.current_seat``; the cache key holds
    the seat); the markup's highlighting of "my seat" is still done per phone
    (companion.live)."""
    game_dir = registry.template_dir(table.game)
    panel = panel_of(table.game)
    return {
        **(panel.helpers if panel is not None else {}),
        "view": panel.view(table) if panel is not None else None,
        "table": table,
        "state": table.state,
        "players": table.players,
        "counters": table.counters_for(current_seat(table)),
        "seat": None,
        "viewer": current_seat(table),
        "error": error,
        "last_change": last_change(table),
        "game_dir": game_dir,
        "panel_templates": [f"games/{game_dir}/panel.html", "games/_counters.html"],
    }


def last_change(table: tables.TableView) -> str:
    """The newest history line as a spectator reads it (no seat's secret), translated:
    what app.js announces politely to a screen reader when a live update brings a new
    version (issue 34). Empty for a table without events."""
    # The panel's own version, not the database's newest (never a line of a change the
    # panel does not show yet), read without a snapshot: it is rendered on every change.
    entry = tables.newest_entry(table, viewer=None)
    if entry is None:
        return ""
    return translate(entry.template, dict(entry.params))


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
    secrets) — kept in this process (companion.live) and shared with the other
    processes on the database (``companion.live.rendered``) — then given this session's CSRF
    token and seat. ``secrets`` is the seat when that seat sees more than a spectator (its
    herd, its newspaper's address): its panel is its own then (``_secret_key``)."""
    if error is None:
        panel = panel_of(table.game)
        variant = panel.variant if panel is not None else None
        key = (
            table.id,
            table.version,
            str(get_locale()),
            variant(table) if variant is not None else None,
            _secret_key(table),
        )
        render = partial(_render_panel, table)
        markup = live.rendered(key, render)
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
        scripts=scripts_of(table.game),
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


#: A tap kept on the phone while it was offline names the version it was made at when
#: it is sent again (static/app.js): if another phone changed what it touches meanwhile
#: (its target: that seat's counter, that place, that card; issue 35), it is refused
#: (409, with the sentence naming the target) instead of landing on a thing its player
#: has not seen; changes to other things do not stop it.
SEEN_VERSION_HEADER = "X-Campfire-Version"
#: With it, the versions the same phone's taps queued before it made (comma-separated;
#: at most ``MAX_MINE`` read): those are not another phone's changes.
OWN_VERSIONS_HEADER = "X-Campfire-Mine"
MAX_MINE = 200
CHANGED_MEANWHILE = N_(
    "Someone changed the table meanwhile; nothing was changed. Look again, then "
    "try again if you still want to."
)
TARGET_CHANGED_MEANWHILE = N_(
    "Someone changed {target} meanwhile; your tap was not saved. Look again, then "
    "tap again if you still want to."
)
UNDONE_MEANWHILE = N_(
    "Someone changed the table meanwhile; nothing was undone. Look again, then "
    "undo if you still want to."
)


def post_event(
    table_id: str,
    build_event: Callable[[tables.TableView], Mapping[str, object] | Change],
    *,
    game: str | None = None,
    table: tables.TableView | None = None,
    answer: Callable[[tables.TableView], Answer] | None = None,
    refused: RefusalPage | None = None,
) -> Answer:
    """A panel form's change, through the one change path (``events.apply_change``): read
    the table once (``tables.TableNotFound`` when there is none, answered by the 404 page;
    a 404 page when it plays another game than ``game``; ``table`` when the route has read
    it already), build the event (``build_event(table)``), and make it as this phone's
    seat (``current_seat``), which confirms once per turn before changing another seat's
    things. A form may name the version it was made at (``X-Campfire-Version``: a tap sent
    again after the phone was offline): nothing is changed when another phone changed what
    the tap touches since (issue 35).

    Answers ``answer(new table)``, by default the fresh panel (``panel_response``). A
    refusal of the form or of the rules (nothing stored) answers ``refused(table,
    message)``, by default the panel with the message (422); the message is worded by the
    game's panel (its ``plugs.Panel``'s ``refusal``) and tells no secret this phone may not
    see. A stale version answers the fresh panel with "someone changed the table meanwhile" (409).
    """
    if table is None:
        table = game_table(table_id, game)
    seat = current_seat(table)
    if seat is None and seat_lost(table.id) is not None:
        return lost_seat_answer(table.id)
    try:
        built = build_event(table)
    except RuleError as error:
        return page_answer(events.Refused(table, error), refused=refused)
    # A typed change (games.changes) is sent as its JSON: the one path reads it again.
    event = dict(built) if isinstance(built, Mapping) else built.to_json()
    other = _acting_for(table, event, seat)
    if other is not None:
        return _confirm_acting_for(table, seat, other)
    outcome = events.apply_change(
        table,
        events.Append(event),
        by=seat,
        seen_version=small_number(request.headers.get(SEEN_VERSION_HEADER)),
        own_changes=_own_versions(request.headers.get(OWN_VERSIONS_HEADER, "")),
    )
    return page_answer(outcome, answer=answer, refused=refused)


def _own_versions(raw: str) -> frozenset[int]:
    """The versions ``X-Campfire-Mine`` lists (what is not a small number is left out:
    it can only make the check stricter)."""
    parts = raw.split(",", MAX_MINE)[:MAX_MINE]
    return frozenset(v for v in (small_number(part.strip()) for part in parts) if v is not None)


def page_answer(
    outcome: events.Outcome,
    *,
    answer: Callable[[tables.TableView], Answer] | None = None,
    refused: RefusalPage | None = None,
    stale_message: str = CHANGED_MEANWHILE,
) -> Answer:
    """A change's outcome as a page: ``answer(changed table)``, by default the fresh
    panel; a refusal as ``refused(table, message)``, by default the panel with the
    message (422); a stale version as the fresh panel with ``stale_message`` (409,
    translated only then: most changes go through)."""
    if isinstance(outcome, events.Changed):
        return answer(outcome.table) if answer is not None else panel_response(outcome.table)
    if isinstance(outcome, events.Refused):
        message = outcome.message()
        if refused is not None:
            return refused(outcome.table, message)
        return panel_response(outcome.table, error=message, status=422)
    target = outcome.target_name()
    if target is not None and outcome.target != WHOLE_TABLE:
        error = _(TARGET_CHANGED_MEANWHILE).format(target=target)
    else:
        error = _(stale_message)
    return panel_response(tables.get(outcome.table.id), status=409, error=error)


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


def _acting_for(
    table: tables.TableView, event: Mapping[str, object], seat: int | None
) -> int | None:
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
        detail=translate(target.template, dict(target.params)),
        action=url_for("web.undo", table_id=table.id),
        fields=[("seq", target.seq), ("version", table.version)],
        label=_("Yes, undo it"),
        testid="confirm-undo",
        cancel=url_for("web.table", table_id=table.id),
    )


def undo_from_form(table_id: str) -> Answer:
    """A phone's undo (the confirmation's form), through the one change path: the history
    line ``seq`` when the form names one, else this phone's seat's last change in effect,
    at the form's ``version`` (the version the confirmation saw: two phones tapping Undo at
    once undo one change; the second is told the table changed meanwhile, 409)."""
    table = tables.get(table_id)
    seat = current_seat(table)
    if seat is None and seat_lost(table.id) is not None:
        return lost_seat_answer(table.id)
    seq = small_number(request.form.get("seq"))
    outcome = events.apply_change(
        table,
        events.Undo(seq=seq, by_seat=seat if seq is None else None),
        by=seat,
        expected_version=small_number(request.form.get("version")),
    )
    return page_answer(outcome, stale_message=UNDONE_MEANWHILE)
