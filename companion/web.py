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

import segno
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

from companion import registry, security, tables
from companion.i18n import bound_gettext, rule_error_message
from companion.panel_cache import CSRF_PLACEHOLDER, RenderCache, personalise
from games.errors import N_, RuleError
from games.table import COLOURS
from printgen import kit as printkit
from printgen.seatlinks import SEAT_SEGMENT

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


FORM_ROWS = 6
SEATS_MAX = 30


def qr_svg(url: str) -> str:
    # Dark modules on an explicit light background: the code must scan in dark mode too.
    return segno.make(url, error="m").svg_inline(
        scale=8, border=3, dark="#000", light="#fff", omitsize=True, svgclass="qr",
        title=url,
    )


@bp.get("/")
def home() -> str:
    recent = tables.existing(session.get("recent", []))
    return render_template("home.html", recent=recent, games=registry.games())


def _players_from_form() -> list[dict[str, str]]:
    players = []
    for index in range(FORM_ROWS):
        name = request.form.get(f"name{index}", "").strip()
        color = request.form.get(f"color{index}", "")
        if name:
            players.append({"name": name, "color": color})
    return players


def _settings_from_form() -> dict[str, Any]:
    """``setting.<name>`` fields (templates/games/<game>/settings.html): whole numbers
    become ints, checkboxes booleans, the rest stays text; a field sent several times
    (one per player) is the list of its non-empty values; the game validates them."""
    settings: dict[str, Any] = {}
    for key, value in request.form.items():
        if not key.startswith("setting."):
            continue
        name = key.removeprefix("setting.")
        repeated = [v.strip() for v in request.form.getlist(key) if v.strip()]
        if len(request.form.getlist(key)) > 1:
            if repeated:
                settings[name] = repeated
            continue
        value = value.strip()
        number = small_number(value.removeprefix("-"))
        if number is not None:
            settings[name] = -number if value.startswith("-") else number
        elif value in ("on", "true"):
            settings[name] = True
        elif value == "false":
            settings[name] = False
        elif value:
            settings[name] = value
    return settings


@bp.route("/new", methods=["GET", "POST"])
@security.limiter.limit(security.create_limit, methods=["POST"])
def create() -> Any:
    games = registry.games()
    game = request.values.get("game")
    if request.method == "GET":
        if game is not None and game not in games:
            abort(404)
        return render_template("create.html", games=games, game=game, error=None,
                               rows=_blank_rows(), colours=COLOUR_NAMES)
    players = _players_from_form()
    try:
        if not players:
            raise RuleError(N_("Enter at least one player's name."))
        table = tables.create(game, players, _settings_from_form())
    except RuleError as error:
        rows = players + _blank_rows()[len(players):]
        return render_template(
            "create.html", games=games, game=game if game in games else None,
            error=rule_error_message(error), rows=rows, colours=COLOUR_NAMES,
        ), 422
    remember_recent(table.id)
    return redirect(url_for("web.share", table_id=table.id), code=303)


def _blank_rows() -> list[dict[str, str]]:
    return [{"name": "", "color": COLOURS[i % len(COLOURS)]} for i in range(FORM_ROWS)]


@bp.route("/join", methods=["GET", "POST"])
@security.limiter.limit(security.join_limit, methods=["POST"])
def join() -> Any:
    if request.method == "GET":
        return render_template("join.html", error=None, code="")
    code = tables.normalize_join_code(request.form.get("code", ""))
    if len(code) != tables.JOIN_CODE_LENGTH or any(
        ch not in tables.JOIN_ALPHABET for ch in code
    ):
        message = _("A join code has 6 letters and digits, like %(example)s.",
                    example="K7M4XR")
        return render_template("join.html", error=message, code=code[:12]), 422
    try:
        table_id = tables.find_by_code(code)
    except tables.TableNotFound:
        message = _("No table has the join code %(code)s. Check it with the table's host.",
                    code=code)
        return render_template("join.html", error=message, code=code), 404
    return redirect(url_for("web.table", table_id=table_id), code=303)


@bp.route("/t/<table_id>/join", methods=["GET"])
def share(table_id: str) -> Any:
    return share_page(load_table(table_id))


def remember_seat(view: tables.TableView, seat: int | None) -> None:
    """Make this phone seat ``seat`` at ``view`` (None: "I am only watching"); the cookie
    keeps the seats of the last ``SEATS_MAX`` tables."""
    seats = {k: v for k, v in session.get("seats", {}).items() if k != view.id}
    if seat is not None:
        kept = list(seats.items())[-(SEATS_MAX - 1):]
        seats = {**dict(kept), view.id: seat}
    session["seats"] = seats
    session.permanent = True
    remember_recent(view.id)


def share_page(view: tables.TableView, *, error: str | None = None,
               status: int = 200) -> tuple[str, int]:
    url = absolute_url("web.table", table_id=view.id)
    return render_template("share.html", table=view, url=url, qr=qr_svg(url),
                           seat=current_seat(view), error=error), status


@bp.post("/t/<table_id>/seat")
def choose_seat(table_id: str) -> Any:
    view = load_table(table_id)
    raw = request.form.get("seat", "").strip()
    seat = small_number(raw)
    if raw == "":
        remember_seat(view, None)
    elif seat is not None and seat < len(view.players):
        remember_seat(view, seat)
    else:
        return share_page(view, error=_("Choose one of the seats at this table."), status=422)
    return redirect(url_for("web.table", table_id=view.id), code=303)


@bp.get(f"/t/<table_id>/{SEAT_SEGMENT}/<number>")
def seat_link(table_id: str, number: str) -> Any:
    """A seat link (printgen.seatlinks: the QR code on a printed player board): this phone
    becomes seat ``number`` (counted from 1, as printed) and lands on the clean table URL,
    so the address bar, bookmarks and shares do not carry the seat."""
    view = load_table(table_id)
    seat = small_number(number)
    if seat is not None and 1 <= seat <= len(view.players):
        remember_seat(view, seat - 1)
        return redirect(url_for("web.table", table_id=view.id), code=303)
    # Nothing remembered; the invite page lets the phone pick a seat that exists.
    message = _("This table has no seat %(seat)s: its seats are 1 to %(count)s. "
                "Choose yours below.", seat=number[:12], count=len(view.players))
    return share_page(view, error=message, status=404)


def init_app(app: Any) -> None:
    # The pages import this module's helpers, so they are imported here, once it is
    # loaded; importing them adds their views to ``bp``, which must precede registering.
    from companion import pages_print, pages_table, pages_transfer  # noqa: F401

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
