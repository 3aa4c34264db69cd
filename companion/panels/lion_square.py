"""Lion Square (らいおんスクエア) at the table: the panel's view model and its form posts.

Every number the panel shows comes from the fold
``games.lion_square.fold`` (the round's L2 losses with their breakdown, the next start
player and the end of the game, L3); this module only turns the folded state into what
``templates/games/lion_square/`` shows, and a submitted form into one of the fold's events.

Glossary
--------
view
    ``view(table)``: a plain dict the templates read (passed to it as ``view``).
picked cell
    The place of the square the next number goes to. The 3×3 editor is one form: the nine
    places are radio buttons, the numbers submit buttons, so "tap a place, tap a number"
    works without any script. After a number is set, the next empty place in the reading
    order of this phone's own view is picked (left to right, far row first, as the square
    is drawn on it), so a whole square is typed as nine taps on numbers.
picker
    The deck's numbers (``catalog.NUMBERS``, 0–4) and, in a second row, every other number
    a retail deck may print (``catalog.TYPED_NUMBERS``): L1 lets owners of the original
    deck type the numbers they see.
take a line
    Rulebook: a player who cannot play takes every card of one row or column. One button
    per line of this phone's view (far / middle / near row, left / middle / right column)
    takes it for the phone's seat in one tap (``take_line``).
secret herd
    Herd cards are secret (L: 群れカード): a herd is sent only to the phone holding its
    seat (``TableView.counters_for``), which still shows it face down until tapped (app.js
    keeps the choice in sessionStorage); every other phone gets a card back, until the
    game is over. The herd chart waits for the end too (its lines are herds).
own side
    Each phone shows and takes the square from its own side (``games.lion_square.view``):
    its side at the bottom edge; a spectator sees it north-up (South's view). The form
    carries the side it was drawn for (``view_side``), so the posted place is turned back
    to north-up exactly as it was shown.
routes (POST, under ``/t/<table_id>/lion-square/``; htmx gets the fresh panel, a refusal is
a 422 panel with the translated message, without JavaScript a 303 back to the table)
    ``cell``      ``cell`` = "row,column" (0–2 each, in the view of ``view_side``),
                  ``card`` = a number, ``G`` or empty (clear the place) → ``set_cell``.
    ``taken``     ``seat``, ``delta`` (−1 or +1: a stepper's tap) → ``add_taken``;
                  ``seat``, ``count`` → ``set_taken``.
    ``gazelles``  ``seat``, ``delta`` → ``add_gazelles``; ``seat``, ``count`` →
                  ``set_gazelles``.
    ``last``      ``seat`` (empty = not known yet) → ``set_last``.
    ``take``      ``seat``, ``line`` = "row,index" or "column,index" (in the view of
                  ``view_side``) → ``take_line``.
    ``score``     → ``score_round`` (L2 applied to every herd).
    ``next``      → ``next_round`` (L3: the player after the last card starts).
The herd steppers post to the platform's generic ``adjust``.
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from markupsafe import Markup

from companion import charts, i18n, tables
from companion.pages import base
from companion.panels import _kit as kit
from games.errors import N_, RuleError
from games.lion_square import catalog, changes, fold, rules
from games.lion_square import view as turned
from games.lion_square.square import GAZELLE, SIZE, Cell, Side

GAME = fold.GAME
bp = kit.blueprint(GAME, __name__)

#: The numbers on the picker (L1): the values the deck holds, then the other values a
#: retail deck may print, which owners of the original deck type as they see them.
PICKER_NUMBERS = catalog.NUMBERS
OTHER_NUMBERS = tuple(n for n in catalog.TYPED_NUMBERS if n not in catalog.NUMBERS)
#: The lines of a phone's view, as its take buttons name them: rows far to near, columns
#: left to right (the square is drawn with the phone's side at the bottom).
VIEW_LINES = (
    ("row", 0, N_("Far row")),
    ("row", 1, N_("Middle row")),
    ("row", 2, N_("Near row")),
    ("column", 0, N_("Left column")),
    ("column", 1, N_("Middle column")),
    ("column", 2, N_("Right column")),
)
#: Where a side's name sits around the square, by the place of the middle of its edge in
#: the drawn view (top, left, right, bottom).
EDGE_MIDDLES = {Side.N: (0, 1), Side.W: (1, 0), Side.E: (1, 2), Side.S: (2, 1)}
VIEW_CLASSES = {(0, 1): "side-n", (1, 0): "side-w", (1, 2): "side-e", (2, 1): "side-s"}
SIDE_NAMES = {Side.S: N_("south"), Side.W: N_("west"), Side.N: N_("north"), Side.E: N_("east")}


# ---------------------------------------------------------------------------------------
# the view


def viewer_side(table: tables.TableView) -> Side:
    """The side this phone sees the square from: its seat's side, South for a spectator."""
    state: fold.State = table.state
    seat = base.current_seat(table)
    return state.sides[seat] if seat is not None and seat < len(state.sides) else Side.S


def _side_arg(raw: str | None) -> Side:
    """The ``view_side`` a form was drawn for (South when missing: the north-up view)."""
    try:
        return Side((raw or "S").strip().upper())
    except ValueError:
        raise RuleError(
            N_("view_side must be one of S, W, N, E; got {value!r}"), value=(raw or "")[:10]
        ) from None


def _posted_cell() -> tuple[int, int] | None:
    """The place the form posted, turned back to north-up."""
    if request.method != "POST":
        return None
    place = _cell_arg(request.form.get("cell"))
    if place is None:
        return None
    try:
        side = _side_arg(request.form.get("view_side"))
    except RuleError:
        return None
    return turned.cell_from_view(*place, side)


def _picked(state: fold.State, side: Side) -> tuple[int, int] | None:
    """The place the next number goes to (north-up): the first empty place in the reading
    order of ``side``'s view, counted from the place just posted (so typing moves on the
    way the phone shows the square, not north-up); None when the square is full."""
    cells = [turned.cell_from_view(r, c, side) for r in range(SIZE) for c in range(SIZE)]
    start = 0
    posted = _posted_cell()
    if posted is not None:  # just filled: it is skipped below; refused or cleared: kept
        start = cells.index(posted)
    for offset in range(len(cells)):
        row, column = cells[(start + offset) % len(cells)]
        if state.square.rows[row][column] is None:
            return row, column
    return posted


def picked_place(table: tables.TableView) -> tuple[int, int] | None:
    """The picked place of the table's square; None once the round is scored."""
    state: fold.State = table.state
    if state.round_scored or state.game_over:
        return None
    return _picked(state, viewer_side(table))


def _chart(state: fold.State) -> Markup | None:
    if not state.game_over:  # the lines are herds: secret until the end
        return None
    labels = [_("start"), *(_("round %(number)s", number=r.round) for r in state.history)]
    return charts.seat_chart(
        state.players,
        fold.herd_chart(state),
        labels=labels,
        title=_("Herds after each round"),
        css_class="ls-chart",
    )


def view(table: tables.TableView) -> dict[str, object]:
    """Everything the Lion Square panel shows, from the folded state."""
    state: fold.State = table.state
    viewer = base.current_seat(table)
    shown = table.counters_for(viewer)  # another seat's herd is None until the end
    names = [player.name for player in state.players]
    preview = fold.preview(state)
    by_side = {side: seat for seat, side in enumerate(state.sides)}
    record = state.history[-1] if state.round_scored else None
    # The stepper stops where check_card_supply would refuse (L1: 2 gazelles in the deck).
    free_gazelles = rules.free_gazelles(state.square, state.gazelles)
    herd_min, herd_max = fold.COUNTERS["herd"]  # the herd card's range (the adjust event)
    seats = []
    for seat, player in enumerate(state.players):
        loss = record.losses[seat].to_json() if record else preview[seat]
        secret = shown[seat]["herd"] is None
        seats.append(
            {
                "index": seat,
                "name": player.name,
                "colour": player.color,
                "side": SIDE_NAMES[state.sides[seat]],
                "herd": shown[seat]["herd"],
                "secret": secret,
                "mine": seat == viewer,
                "herd_min": herd_min,
                "herd_max": herd_max,
                "taken": state.taken[seat],
                "gazelles": state.gazelles[seat],
                "gazelles_max": state.gazelles[seat] + free_gazelles,
                "loss": loss,
                "herd_after": None
                if secret
                else (record.herds_after[seat] if record else preview[seat]["herd_after"]),
                "herd_before": None
                if secret
                else (record.herds_before[seat] if record else state.herds[seat]),
                "starts": seat == state.start,
                "last": seat == state.last,
            }
        )
    picked = picked_place(table)
    side = viewer_side(table)
    # Drawn from this phone's side (its side at the bottom); each place keeps the row and
    # column of that view, which the form posts back with ``view_side``.
    north_up = [
        [
            {
                "card": _show(state.square.rows[r][c]),
                "gazelle": state.square.rows[r][c] is not None
                and not isinstance(state.square.rows[r][c], int),
                "picked": (r, c) == picked,
            }
            for c in range(SIZE)
        ]
        for r in range(SIZE)
    ]
    square = [
        [{"row": r, "column": c, **cell} for c, cell in enumerate(row)]
        for r, row in enumerate(turned.to_view(north_up, side))
    ]
    places = {s: turned.cell_to_view(*EDGE_MIDDLES[s], side) for s in Side}
    winners = [names[seat] for seat in state.winners]
    return {
        "round": state.round,
        "rounds": rules.ROUNDS,
        "start": names[state.start],
        "next_start": names[state.next_start] if state.next_start is not None else None,
        "last": state.last,
        "scored": state.round_scored,
        "over": state.game_over,
        "lions_win": state.lions_win,
        "winners": winners,
        # 「Ann、Ben」 in Japanese, "Ann, Ben" in English (CLDR lists, not a fixed ", ").
        "winners_text": i18n.join_names(winners),
        "separator": i18n.list_separator(),
        "cards_dealt": rules.cards_dealt(len(names)),
        "square_deck": rules.square_deck_size(len(names)),
        "cards_on_square": state.square.card_count,
        # The round's end comes first once the square is full (Play: the round ends).
        "square_full": state.square.full,
        "square": square,
        "picked": picked,
        "view_side": side.value,
        "sides": [
            {
                "class": VIEW_CLASSES[places[s]],
                "name": names[by_side[s]] if s in by_side else None,
                "colour": state.players[by_side[s]].color if s in by_side else "",
            }
            for s in (Side.N, Side.W, Side.E, Side.S)
        ],
        "seats": seats,
        "numbers": PICKER_NUMBERS,
        "other_numbers": OTHER_NUMBERS,
        # One tap takes a line for this phone's seat; a spectator phone has no seat to take.
        "lines": [
            {
                "value": f"{line},{index}",
                "label": _(label),
                "cards": sum(bool(cell["card"]) for cell in _view_line(square, line, index)),
            }
            for line, index, label in VIEW_LINES
        ]
        if viewer is not None
        else [],
        "seat": viewer,
        # L3: equal herds share a place; nobody is ranked when the lions win.
        "ranking": [[seats[seat] for seat in group] for group in fold.ranking(state)],
        "chart": _chart(state),
        "history": [
            {
                "round": r.round,
                "rows": [
                    {
                        "name": names[seat],
                        "loss": r.losses[seat].to_json(),
                        "before": r.herds_before[seat],
                        "after": r.herds_after[seat],
                    }
                    for seat in range(len(names))
                ],
            }
            for r in state.history
        ],
    }


def _view_line(
    square: list[list[dict[str, object]]], line: str, index: int
) -> list[dict[str, object]]:
    """The places of one line of the drawn view (a row, or a column top to bottom)."""
    return square[index] if line == "row" else [row[index] for row in square]


def _show(cell: object) -> str:
    if cell is None:
        return ""
    if isinstance(cell, int):
        return str(cell)
    return "G"


# ---------------------------------------------------------------------------------------
# form posts


def _cell_arg(raw: str | None) -> tuple[int, int] | None:
    """``"row,column"`` with both 0–2, or None."""
    parts = [base.small_number(part) for part in (raw or "").split(",")]
    if len(parts) != 2:
        return None
    row, column = parts
    if row is not None and column is not None and row < SIZE and column < SIZE:
        return row, column
    return None


def _card_arg(raw: str) -> Cell:
    raw = raw.strip()
    if raw == "":
        return None
    if raw.upper() == "G":
        return GAZELLE
    if raw.isascii() and raw.isdigit() and len(raw) <= 3:
        return int(raw)
    raise RuleError(
        N_('card must be a number, "G" for a gazelle or empty to clear the place; got {value!r}'),
        value=raw[:20],
    )


@bp.post("/cell")
def cell(table_id: str) -> ResponseReturnValue:
    def build(_table: tables.TableView) -> changes.SetCell:
        place = _cell_arg(request.form.get("cell"))
        if place is None:
            raise RuleError(N_("Tap a place of the square first, then a number."))
        row, column = turned.cell_from_view(*place, _side_arg(request.form.get("view_side")))
        return changes.SetCell(row, column, _card_arg(request.form.get("card", "")))

    return kit.post_event(table_id, build, game=GAME)


@bp.post("/take")
def take(table_id: str) -> ResponseReturnValue:
    def build(_table: tables.TableView) -> changes.TakeLine:
        kind, _comma, index = request.form.get("line", "").partition(",")
        number = base.small_number(index)
        if kind not in changes.LINES or number is None or number >= SIZE:
            raise RuleError(N_("Tap the line to take: a row or a column of the square."))
        line, north_up = turned.line_from_view(
            kind, number, _side_arg(request.form.get("view_side"))
        )
        return changes.TakeLine(base.form_int("seat", label=_("seat")), line, north_up)

    return kit.post_event(table_id, build, game=GAME)


CountChange = changes.AddTaken | changes.AddGazelles | changes.SetTaken | changes.SetGazelles
#: A seat's count of this round: the stepper's tap (``add_<entry>``) and the count itself
#: (``set_<entry>``), by the entry's name.
_COUNTS: dict[
    str,
    tuple[
        type[changes.AddTaken | changes.AddGazelles], type[changes.SetTaken | changes.SetGazelles]
    ],
] = {
    "taken": (changes.AddTaken, changes.SetTaken),
    "gazelles": (changes.AddGazelles, changes.SetGazelles),
}


def _count(entry: str, label: str) -> Callable[[tables.TableView], CountChange]:
    """The change of one seat's count of this round: the stepper's tap is a delta
    (``seat``, ``delta`` = −1 or +1: ``add_<entry>``), so taps kept offline all apply
    (issue 35); a form naming the count itself (``count``) sets it (``set_<entry>``)."""
    add, put = _COUNTS[entry]

    def build(_table: tables.TableView) -> CountChange:
        seat = base.form_int("seat", label=_("seat"))
        if "delta" in request.form:
            return add(seat, base.form_int("delta", label=_(label)))
        return put(seat, base.form_int("count", label=_(label)))

    return build


@bp.post("/taken")
def taken(table_id: str) -> ResponseReturnValue:
    return kit.post_event(table_id, _count("taken", N_("cards taken")), game=GAME)


@bp.post("/gazelles")
def gazelles(table_id: str) -> ResponseReturnValue:
    return kit.post_event(table_id, _count("gazelles", N_("gazelles in hand")), game=GAME)


@bp.post("/last")
def last(table_id: str) -> ResponseReturnValue:
    def build(_table: tables.TableView) -> changes.SetLast:
        if not request.form.get("seat", "").strip():
            return changes.SetLast(None)
        return changes.SetLast(base.form_int("seat", label=_("seat")))

    return kit.post_event(table_id, build, game=GAME)


@bp.post("/score")
def score(table_id: str) -> ResponseReturnValue:
    return kit.post_event(table_id, lambda _table: changes.ScoreRound(), game=GAME)


@bp.post("/next")
def next_round(table_id: str) -> ResponseReturnValue:
    return kit.post_event(table_id, lambda _table: changes.NextRound(), game=GAME)


def start_choices() -> range:
    """The seats that may start round 1 (template helper ``lion_square_seats``): as many
    as the game's most players (the create form has no table yet)."""
    return range(rules.MAX_PLAYERS)


def init_app(app: Flask) -> None:
    # The picked place follows the place just posted (_picked); the square is drawn from
    # this phone's side.
    kit.register(app, bp, GAME, view, variant=_variant, lion_square_seats=start_choices)


def _variant(table: tables.TableView) -> tuple[tuple[int, int] | None, Side]:
    """The panel depends on the picked place and on the side it is drawn from."""
    return picked_place(table), viewer_side(table)
