"""Actions recorded from the board (B6): a zoomed tile, a move's destinations, a gather,
and the one ``play`` event each confirms.

Glossary
--------
tile page
    GET ``tile?at=q,r``: one tile drawn large (hex radius about 180 px on a 360 px phone),
    its three spaces as tap targets (each holds a 44 px disc, ``games.bison.geometry``).
actor
    The seat whose action it is (``turn(state).seat``); the sheets offer that seat's
    actions. Nobody's turn (round complete, game over): no actions, only correction.
space text
    ``"q,r,space"``: a space in a link or a form field.
move page
    GET ``move?from=q,r,space&action=move_1|move_3&leg=…``: the count chips (how many
    hunters go next, chosen first), then the board with every legal destination
    (``destinations``) ringed with its cost. Tapping a destination with all the hunters left
    records the action; with fewer, it adds a leg and the page asks where the others go
    (a split move, B6: one action, its cost by the hunters moved in all). Without
    JavaScript the tap opens a confirmation (``to``).
go
    ``"n:q,r,space"``: a sheet's one-tap move (issue 34), n hunters to that space: the
    count and the destination carried by the one button tapped.
leg
    ``"q,r,space:n"``: n hunters of the move's source go to that space; a move action may
    have several (the rulebooks: "together or separately").
gather page
    GET ``gather?to=q,r,space``: the seat's other spaces with hunters, chips for how many
    come (at most 5 in all, B6), then confirm.
play post
    POST ``play``: ``seat``, ``action`` and, by action, ``space`` + ``size`` (tent/canoe),
    ``from`` + ``leg``… and/or ``to`` + ``hunters`` or ``go`` (move), ``to`` +
    ``from.<q>,<r>,<space>`` (gather), or
    ``gain`` (an action without hunters). One ``play`` event: cost, board change, marker.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import suppress
from typing import NotRequired, TypedDict

from flask import request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from companion import tables
from companion.pages.base import current_seat
from companion.panels import _kit as kit
from companion.panels.bison.forms import hex_arg, int_field, payment_split
from companion.panels.bison.names import space_label
from companion.panels.bison.pages import GAME, bp, post_page_event, refusal, render_page
from companion.panels.bison.sheets import sheet_for
from companion.panels.bison.view import board_markup
from games.bison import fold
from games.bison.board import Space
from games.bison.economy import (
    ANIMALS,
    COST_TABLE,
    MAX_HUNTERS_PER_ACTION,
    PAYMENT_WAYS,
    payment_way,
)
from games.bison.rounds import Action
from games.bison.table.fields import FieldError
from games.bison.tiles import SPACES
from games.errors import N_, RuleError
from games.fields import read_whole


def space_arg(raw: str | None, what: str) -> Space:
    """``"q,r,space"`` from a link or a form field as a space."""
    parts = (raw or "").split(",")
    if len(parts) != 3:
        raise FieldError(
            N_("{what} must be written q,r,space, not {value!r}"),
            N_("that is not a space of a tile; tap the prairie, the river or the mountain"),
            what=what,
            value=raw or "",
        )
    return (hex_arg(f"{parts[0]},{parts[1]}"), fold.parse_space(parts[2]))


def _go_leg(raw: str) -> tuple[Space, int]:
    """A sheet button's ``go`` value, ``"n:q,r,space"``: (where, how many hunters)."""
    count, colon, where = raw.strip().partition(":")
    if not colon:
        raise RuleError(N_("the move {value} is not understood"), value=raw)
    return space_arg(where, _("to")), read_whole(count, _("hunters"))


def space_text(space: Space) -> str:
    (q, r), terrain = space
    return f"{q},{r},{terrain}"


def actor(table: tables.TableView) -> int:
    """The seat whose action it is; a refusal when nobody's is."""
    seat = fold.turn(table.state).seat
    if seat is None:
        raise RuleError(N_("nobody has an action left this round: score the round"))
    return seat


def own_hunters(table: tables.TableView, seat: int, space: Space) -> int:
    there = table.state.board.pieces.get(space)
    return there.hunters if there and there.player == table.state.colours[seat] else 0


def _message(table: tables.TableView, error: RuleError) -> ResponseReturnValue:
    return render_page("message.html", table, error=refusal(error), status=422)


@bp.get("/tile")
def tile(table_id: str) -> ResponseReturnValue:
    table = kit.game_table(table_id, GAME)
    try:
        at = hex_arg(request.args.get("at"))
        placed = table.state.board.tiles.get(at)
        if placed is None:
            raise RuleError(N_("there is no tile there: tap a tile on the board"))
    except RuleError as error:
        return _message(table, error)
    state = table.state
    spaces = []
    for terrain in SPACES:
        pieces = state.board.pieces.get((at, terrain))
        owner = state.seat_of(pieces.player) if pieces else None
        spaces.append(
            {
                "space": terrain,
                "label": space_label(table, (at, terrain)),
                "pieces": pieces,
                "owner": owner,
                "sheet": sheet_for(table, at, terrain),
                "url": url_for(
                    "bison.space", table_id=table.id, at=f"{at[0]},{at[1]}", space=terrain
                ),
            }
        )
    start = (
        at in state.board.start
        and placed.catalog_id is not None
        and not any(s[0] == at for s in state.board.pieces)
        and not state.locked
    )
    return render_page(
        "tile.html",
        table,
        at=at,
        placed=placed,
        spaces=spaces,
        board=board_markup(table, focus=at),
        describe_start=start,
        turn=fold.turn(state),
    )


def leg_arg(raw: str) -> tuple[Space, int]:
    """``"q,r,space:n"`` (a leg of a split move) as its destination and hunters."""
    where, _sep, count = raw.rpartition(":")
    try:
        hunters = int(count)
    except ValueError:
        hunters = 0
    if hunters < 1:
        raise RuleError(N_("say how many hunters go to each space"))
    return space_arg(where, _("to")), hunters


def _legs() -> list[tuple[Space, int]]:
    return [leg_arg(raw) for raw in request.values.getlist("leg")]


def _leg_text(space: Space, hunters: int) -> str:
    return f"{space_text(space)}:{hunters}"


@bp.get("/move")
def move(table_id: str) -> ResponseReturnValue:
    table = kit.game_table(table_id, GAME)
    state = table.state
    try:
        source = space_arg(request.args.get("from"), _("from"))
        action = request.args.get("action", "")
        seat = actor(table)
        reach = fold.destinations(state, seat, source, action)
        legs = _legs()
        goal = space_arg(request.args["to"], _("to")) if request.args.get("to") else None
        for space in [leg for leg, _count in legs] + ([goal] if goal else []):
            if space not in reach:
                raise RuleError(
                    N_("your hunters on {start} cannot reach {goal} with this action"),
                    start=space_label(table, source),
                    goal=space_label(table, space),
                )
        have = min(own_hunters(table, seat, source), MAX_HUNTERS_PER_ACTION)
        sent = sum(count for _space, count in legs)
        if sent > have:
            raise RuleError(
                N_("{space} has {have} of your hunters, not {need}"),
                space=space_label(table, source),
                have=have,
                need=sent,
            )
    except RuleError as error:
        return _message(table, error)
    done = [_leg_text(space, count) for space, count in legs]
    # "To several spaces" (or a leg already chosen): a destination tapped with fewer than
    # all the hunters adds a leg; otherwise it records the move at once, the rest staying
    # (one tap, issue 26; undo is the safety net).
    several = bool(legs) or request.args.get("several") == "1"
    here: MoveQuery = {"from": space_text(source), "action": action, "leg": done}
    if several:
        here["several"] = 1
    targets = {
        space: (cost, url_for("bison.move", table_id=table.id, **here, to=space_text(space)))
        for space, cost in reach.items()
    }
    board = board_markup(
        table,
        links=False,
        highlight=[source, *(space for space, _count in legs)] + ([goal] if goal else []),
        targets=None if goal else targets,
    )
    return render_page(
        "move.html",
        table,
        source=space_text(source),
        source_label=space_label(table, source),
        action=action,
        seat_index=seat,
        goal=space_text(goal) if goal else None,
        goal_label=space_label(table, goal) if goal else None,
        cost=reach.get(goal) if goal else None,
        legs=[
            {
                "text": text,
                "label": space_label(table, space),
                "hunters": count,
                "undo": url_for(
                    "bison.move", table_id=table.id, **(here | {"leg": done[:i] + done[i + 1 :]})
                ),
            }
            for i, (text, (space, count)) in enumerate(zip(done, legs, strict=True))
        ],
        more_url=url_for("bison.move", table_id=table.id, **here),
        several=several,
        several_url=url_for("bison.move", table_id=table.id, **_several_toggled(here)),
        sent=sent,
        left=have - sent,
        board=board,
        costs=COST_TABLE,
        reachable=len(reach),
    )


@bp.get("/gather")
def gather(table_id: str) -> ResponseReturnValue:
    table = kit.game_table(table_id, GAME)
    state = table.state
    try:
        goal = space_arg(request.args.get("to"), _("to"))
        seat = actor(table)
        sources = fold.destinations(state, seat, goal, "gather")
        if not sources:
            raise RuleError(N_("none of your other spaces holds hunters to gather here"))
    except RuleError as error:
        return _message(table, error)
    left = MAX_HUNTERS_PER_ACTION
    rows = []
    for space in sorted(sources):
        have = own_hunters(table, seat, space)
        chosen = min(have, left)
        left -= chosen
        rows.append(
            {
                "space": space_text(space),
                "label": space_label(table, space),
                "have": have,
                "chosen": chosen,
            }
        )
    board = board_markup(table, links=False, highlight=[goal, *sources])
    return render_page(
        "gather.html",
        table,
        goal=space_text(goal),
        goal_label=space_label(table, goal),
        rows=rows,
        seat_index=seat,
        board=board,
        most=MAX_HUNTERS_PER_ACTION,
    )


#: The actions a board sheet (or the panel's gain) records: all but placing the tile (B6).
BOARD_ACTIONS = frozenset(a.value for a in Action) - {Action.PLACE_TILE.value}


#: The move page's query: the space left, the action, the legs chosen so far, and
#: ``several`` when a tap adds a leg rather than recording the move (``from`` is a keyword).
MoveQuery = TypedDict(
    "MoveQuery",
    {"from": str, "action": str, "leg": list[str], "several": NotRequired[int]},
)


def _several_toggled(here: MoveQuery) -> MoveQuery:
    """The move page's query with "to several spaces" switched the other way."""
    toggled: MoveQuery = {"from": here["from"], "action": here["action"], "leg": here["leg"]}
    if "several" not in here:
        toggled["several"] = 1
    return toggled


def play_event(table: tables.TableView) -> dict[str, object]:
    """The ``play`` event a board sheet's form describes (see the module glossary)."""
    state = table.state
    form = request.form
    seat = int_field("seat", _("player"))
    action = form.get("action", "")
    event: dict[str, object] = {"type": "play", "seat": seat, "action": action}
    gain = form.get("gain", "").strip()
    if action == "place_tile":
        # Placing the tile needs the tile and its hex: its own page (which also gains an
        # animal without hunters, B6); never the developer's "at must be a hex".
        raise RuleError(
            N_(
                "To place your tile, tap an orange + on the board: its page also lets you "
                "gain 1 animal without hunters."
            )
        )
    if action not in BOARD_ACTIONS:
        raise RuleError(N_("Choose which action this is (one of the chips), then tap again."))
    if gain:  # an action without hunters: no board change, one animal gained (B6)
        event["gain"] = gain
        if seat != state.rounds.next_seat and current_seat(table) == seat:
            # A phone's own gain out of turn order (a photo round: the photo cannot show
            # it, B6b); for another seat the fold still says whose turn it is.
            event["override"] = True
        if action in ("tent", "canoe"):
            event["builds"] = []
        return event
    if action in ("tent", "canoe"):
        space = space_arg(form.get("space"), _("space"))
        event["builds"] = [
            {"space": fold.space_ref(state, space), "size": int_field("size", _("size"))}
        ]
    elif action in ("move_1", "move_3"):
        source = fold.space_ref(state, space_arg(form.get("from"), _("from")))
        legs = _legs()  # a split move: the legs chosen so far (B6: one action)
        if form.get("go"):  # the sheet's count-and-destination button (issue 34)
            legs.append(_go_leg(form["go"]))
        elif form.get("to") or not legs:
            legs.append((space_arg(form.get("to"), _("to")), int_field("hunters", _("hunters"))))
        event["moves"] = [
            {"from": source, "to": fold.space_ref(state, space), "hunters": count}
            for space, count in legs
        ]
    else:  # gather
        sources = []
        for key in form:
            if key.startswith("from."):
                count = int_field(key, _("hunters"), 0)
                if count:
                    sources.append(
                        {
                            "space": fold.space_ref(state, space_arg(key[5:], _("from"))),
                            "hunters": count,
                        }
                    )
        event["gather"] = {
            "to": fold.space_ref(state, space_arg(form.get("to"), _("to"))),
            "from": sources,
        }
    event["hunters"] = hunters = fold.hunters_used(state, event)
    payment = payment_split(hunters)  # the "paid with" chip (B6)
    if payment is None and COST_TABLE.get(hunters, 0) > 0 and 0 <= seat < len(state.stocks):
        # A page where the cost is known only at the tap (a one-tap build or gather): the
        # way to pay chosen (default: levelled), written into the event so History names
        # the animals paid.
        cost, way = COST_TABLE[hunters], form.get("paid.way", "level")
        if way not in PAYMENT_WAYS:
            raise RuleError(N_("the payment {value} is not understood"), value=way)
        with suppress(RuleError):  # cannot pay so: the rules refuse with their own sentence
            payment = payment_way(state.stocks[seat], cost, way).as_dict()
    if payment is not None:
        event["payment"] = payment
    return event


def _post(
    table: tables.TableView, build: Callable[[], Mapping[str, object]]
) -> ResponseReturnValue:
    """From the panel (htmx): the fresh panel, or it with the refusal (the one event path's
    own answers); from a page: back to the table, or the refusal on a page."""
    if request.headers.get("HX-Request"):
        return kit.post_event(table.id, lambda _table: build(), table=table)
    return post_page_event(table, build, "message.html", {})


@bp.post("/play")
def play(table_id: str) -> ResponseReturnValue:
    table = kit.game_table(table_id, GAME)
    return _post(table, lambda: play_event(table))


@bp.post("/reopen")
def reopen(table_id: str) -> ResponseReturnValue:
    table = kit.game_table(table_id, GAME)
    return _post(table, lambda: {"type": "reopen"})


#: The animals an action without hunters may gain (B6), for the templates.
GAINS = ANIMALS
