"""Getting phones to a table: the home page, creating a table, finding one by its join
code, the invite page (link and QR code) and choosing a seat there or by a printed seat
link (printgen.seatlinks).

A phone holds its seat (``tables.take_seat``: a secret token in its session cookie);
taking a seat another phone holds asks to confirm first, and that phone is told at its
next refresh (``companion.pages.table``)."""

from __future__ import annotations

import functools
from typing import TypedDict

import segno
from flask import abort, redirect, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from companion import registry, security, tables
from companion.i18n import rule_error_message
from companion.pages.base import (
    absolute_url,
    bp,
    confirm_page,
    current_seat,
    forget_seat_cache,
    load_table,
    remember_recent,
    seat_token,
    small_number,
)
from companion.plugs import helpers_of
from games.errors import N_, RuleError
from games.table import COLOURS
from printgen.seatlinks import SEAT_SEGMENT

FORM_ROWS = 6
SEATS_MAX = 30


# The invite's URL is the same for every phone that joins a table: its QR code (segno,
# ~40 ms a code) is made once per URL and process.
@functools.lru_cache(maxsize=256)
def qr_svg(url: str) -> str:
    # Dark modules on an explicit light background: the code must scan in dark mode too.
    return segno.make(url, error="m").svg_inline(
        scale=8,
        border=3,
        dark="#000",
        light="#fff",
        omitsize=True,
        svgclass="qr",
        title=url,
    )


@bp.get("/")
def home() -> str:
    recent = tables.existing(session.get("recent", []))
    return render_template("home.html", recent=recent, games=registry.games())


def seats_of(game: str | None) -> tuple[int, int, tuple[str, ...]]:
    """A game's player range and colours, for the create form: the game's own (its
    ``Rules``' ``seats`` and ``colours``), or 1–6 in every colour while no game is chosen."""
    rules = registry.get(game) if game else None
    low, high = rules.seats if rules is not None and rules.seats is not None else (1, FORM_ROWS)
    return low, high, rules.colours if rules is not None else COLOURS


def _players_from_form(game: str | None) -> list[dict[str, str]]:
    players = []
    for index in range(seats_of(game)[1]):
        name = request.form.get(f"name{index}", "").strip()
        color = request.form.get(f"color{index}", "")
        if name:
            players.append({"name": name, "color": color})
    return players


def _settings_from_form() -> dict[str, object]:
    """``setting.<name>`` fields (templates/games/<game>/settings.html): whole numbers
    become ints, checkboxes booleans, the rest stays text; a field sent several times
    (one per player) is the list of its non-empty values; the game validates them."""
    settings: dict[str, object] = {}
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
def create() -> ResponseReturnValue:
    games = registry.games()
    game = request.values.get("game")
    if request.method == "GET":
        if game is not None and game not in games:
            abort(404)
        return render_template(
            "create.html",
            games=games,
            game=game,
            error=None,
            **_form_rows(game),
            **helpers_of(game),
        )
    players = _players_from_form(game if game in games else None)
    try:
        if not players:
            raise RuleError(N_("Enter at least one player's name."))
        table = tables.create(
            game,
            players,
            _settings_from_form(),
            location=request.form.get("location", ""),
            time_zone=request.form.get("time_zone"),
        )
    except RuleError as error:
        known = game if game in games else None
        form = _form_rows(known)
        form["rows"] = players + form["rows"][len(players) :]
        return render_template(
            "create.html",
            games=games,
            game=known,
            error=rule_error_message(error),
            **form,
            **helpers_of(known),
        ), 422
    remember_recent(table.id)
    return redirect(url_for("web.share", table_id=table.id), code=303)


class FormRows(TypedDict):
    """The create form's rows (``_form_rows``)."""

    rows: list[dict[str, str]]
    colours: tuple[str, ...]
    needed: int
    most: int
    game_dir: str | None


def _form_rows(game: str | None) -> FormRows:
    """The create form's player rows (as many as the game seats, each with its own colour
    preselected), its colours and how many names it needs."""
    low, high, colours = seats_of(game)
    rows = [{"name": "", "color": colours[i % len(colours)]} for i in range(high)]
    game_dir = registry.template_dir(game) if game else None  # its settings' folder
    return {"rows": rows, "colours": colours, "needed": low, "most": high, "game_dir": game_dir}


@bp.route("/join", methods=["GET", "POST"])
@security.limiter.limit(security.join_limit, methods=["POST"])
def join() -> ResponseReturnValue:
    if request.method == "GET":
        return render_template("join.html", error=None, code="")
    code = tables.normalize_join_code(request.form.get("code", ""))
    if len(code) != tables.JOIN_CODE_LENGTH:
        message = _("A join code has 6 letters and digits, like %(example)s.", example="K7M4XR")
        return render_template("join.html", error=message, code=code[:12]), 422
    try:
        table_id = tables.find_by_code(code)
    except tables.TableNotFound:
        # Six characters, but no table: say so, naming the code (not its format).
        message = _(
            "No table has the join code %(code)s. Check it with the table's host.", code=code
        )
        return render_template("join.html", error=message, code=code), 404
    # Straight to "Who are you?": a phone that joins by code is there to take a seat.
    return redirect(url_for("web.share", table_id=table_id), code=303)


@bp.route("/t/<table_id>/join", methods=["GET"])
def share(table_id: str) -> ResponseReturnValue:
    return share_page(load_table(table_id))


def remember_seat(view: tables.TableView, seat: int | None, *, force: bool = False) -> None:
    """Make this phone hold ``seat`` at ``view`` (``tables.take_seat``; None: "I am only
    watching", which lets its seat go). The cookie keeps the tokens of the last
    ``SEATS_MAX`` tables. ``tables.SeatHeld`` when another phone holds the seat and not
    ``force``."""
    mine = seat_token(view.id)
    seats = {k: v for k, v in session.get("seats", {}).items() if k != view.id}
    if seat is None:
        if mine:
            tables.release_seat(view.id, mine)
    else:
        token = tables.take_seat(view.id, seat, token=mine, force=force)
        kept = list(seats.items())[-(SEATS_MAX - 1) :]
        seats = {**dict(kept), view.id: token}
    session["seats"] = seats
    session.permanent = True
    forget_seat_cache(view.id)
    remember_recent(view.id)


def take_over_page(
    view: tables.TableView, seat: int, action: str, *, held: bool
) -> tuple[str, int]:
    """ "Take Ann's seat on this phone?" (a seat link), or, when another phone holds it,
    "Ann's seat is open on another phone — take it over?": one POST takes it."""
    name = view.players[seat].name
    if held:
        message = _("%(name)s's seat is open on another phone — take it over?", name=name)
        title = _("Take over %(name)s's seat?", name=name)
    else:
        message = _("Take %(name)s's seat on this phone?", name=name)
        title = message
    return confirm_page(
        title=title,
        message=message,
        action=action,
        testid="confirm-seat",
        fields=[("seat", seat), *([("force", "1")] if held else [])],
        status=409 if held else 200,
        label=_("Yes, I am %(name)s", name=name),
        detail=_("The other phone becomes a spectator.") if held else None,
        cancel=url_for("web.share", table_id=view.id),
    )


def share_page(
    view: tables.TableView, *, error: str | None = None, status: int = 200
) -> tuple[str, int]:
    """The table's invite and "Who are you?". The QR code and the link lead here (not to
    the table, where a new phone would only watch), and so does the join code: a phone
    without a seat sees "Who are you?" first, the free seats on the first screen (seats
    other phones hold fold away below: taking one over asks first); a phone with a seat
    sees the invite first, to show the QR code to the others."""
    url = absolute_url("web.share", table_id=view.id)
    seat = current_seat(view)
    held = tables.held_seats(view.id) - ({seat} if seat is not None else set())
    seats = [(index, player) for index, player in enumerate(view.players)]
    return render_template(
        "share.html",
        table=view,
        url=url,
        qr=qr_svg(url),
        seat=seat,
        free=[(i, p) for i, p in seats if i not in held],
        held=[(i, p) for i, p in seats if i in held],
        error=error,
    ), status


@bp.post("/t/<table_id>/seat")
def choose_seat(table_id: str) -> ResponseReturnValue:
    view = load_table(table_id)
    raw = request.form.get("seat", "").strip()
    seat = small_number(raw)
    if raw == "":
        remember_seat(view, None)
    elif seat is not None and seat < len(view.players):
        try:
            remember_seat(view, seat, force=request.form.get("force") == "1")
        except tables.SeatHeld:
            return take_over_page(
                view, seat, url_for("web.choose_seat", table_id=view.id), held=True
            )
    else:
        return share_page(view, error=_("Choose one of the seats at this table."), status=422)
    return redirect(url_for("web.table", table_id=view.id), code=303)


@bp.route(f"/t/<table_id>/{SEAT_SEGMENT}/<number>", methods=["GET", "POST"])
def seat_link(table_id: str, number: str) -> ResponseReturnValue:
    """A seat link (printgen.seatlinks: the QR code on a printed player board). Opening it
    only asks "Take Ann's seat on this phone?" (a link in a chat must not move a player out
    of their seat); the POST of that page takes the seat (taking it over from another phone
    when it said so) and lands on the clean table URL."""
    view = load_table(table_id)
    seat = small_number(number)
    if seat is not None and 1 <= seat <= len(view.players):
        if current_seat(view) == seat - 1:
            return redirect(url_for("web.table", table_id=view.id), code=303)
        if request.method == "GET":
            held = tables.is_held(view.id, seat - 1)
            page, _status = take_over_page(
                view, seat - 1, url_for("web.seat_link", table_id=view.id, number=seat), held=held
            )
            return page
        try:
            remember_seat(view, seat - 1, force=request.form.get("force") == "1")
        except tables.SeatHeld:
            return take_over_page(view, seat - 1, request.path, held=True)
        return redirect(url_for("web.table", table_id=view.id), code=303)
    # Nothing remembered; the invite page lets the phone pick a seat that exists.
    message = _(
        "This table has no seat %(seat)s: its seats are 1 to %(count)s. Choose yours below.",
        seat=number[:12],
        count=len(view.players),
    )
    return share_page(view, error=message, status=404)
