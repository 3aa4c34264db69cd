"""The Bison "place a tile" page: GET/POST ``place`` (B4, B6).

Glossary
--------
mirror mode
    ``mode=mirror``: only the tile goes on the board mirror (a ``tile`` event).
action mode
    Otherwise the ``place_tile`` action (B6) for a seat, with its hunters on a space of the
    tile, paid with ``pay.<animal>`` (or an animal gained without hunters).
preview
    The board with the chosen tile drawn at the hex in the chosen rotation.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import request, url_for
from flask_babel import gettext as _

from companion import tables
from companion.i18n import rule_error_message
from companion.panels import _kit as kit
from companion.panels.bison.forms import (
    hex_arg,
    int_field,
    payment_split,
    seat_field,
    tile_fields,
    tile_of,
)
from companion.panels.bison.pages import (
    GAME,
    bp,
    default_seat,
    post_page_event,
    render_page,
)
from companion.panels.bison.view import board_markup
from games.bison import catalog
from games.bison import table as fold
from games.bison.economy import ANIMALS, COST_TABLE, MAX_HUNTERS_PER_ACTION, default_payment
from games.bison.tiles import SPACES
from games.errors import N_, RuleError


def _place_context(table: tables.TableView, values: Mapping[str, str]) -> dict[str, Any]:
    at = hex_arg(values.get("at"))
    fields = tile_fields(values)
    rotation = int_field("rotation", _("rotation"), 0) % 6
    tile = None
    problem = None
    try:
        tile = tile_of(fields)
    except RuleError as error:
        problem = rule_error_message(error)
    state = table.state
    on_board = {p.catalog_id for p in state.board.tiles.values() if p.catalog_id}
    seat = seat_field(table, default_seat(table))
    hunters = min(max(int_field("hunters", _("hunters"), 0), 0), MAX_HUNTERS_PER_ACTION)
    stocks = state.stocks[seat] if 0 <= seat < len(table.players) else state.stocks[0]
    cost = COST_TABLE[hunters]
    try:
        split = default_payment(stocks, cost).as_dict() if cost > 0 else None
    except RuleError:
        split = None
    preview = (at, tile.rotated(rotation)) if tile is not None else None
    params: dict[str, Any] = {"at": f"{at[0]},{at[1]}", "rotation": rotation, "seat": seat,
                              "hunters": hunters, "space": values.get("space") or None}
    if "tile" in fields:
        params["tile"] = fields["tile"]
    elif fields:
        params.update({"edges": fields["edges"], **fields["animals"]})

    def link(**changes: Any) -> str:
        return url_for("bison.place", table_id=table.id, **{**params, **changes})

    return {
        "link": link,
        "at": at, "at_text": f"{at[0]},{at[1]}", "fields": fields, "rotation": rotation,
        "tile_problem": problem, "tile": tile,
        "catalog": [t for t in catalog.DRAW_IDS if t not in on_board],
        "board": board_markup(table, links=False, selected=at, preview=preview),
        "legal": at in fold.legal_hexes(state), "seat_index": seat, "hunters": hunters,
        "cost": cost, "split": split, "spaces": SPACES, "animals": ANIMALS,
        "values": values, "max_hunters": MAX_HUNTERS_PER_ACTION,
        "whatif": state.settings.whatif,
    }


@bp.route("/place", methods=["GET", "POST"])
def place(table_id: str) -> Any:
    table = kit.game_table(table_id, GAME)
    values = request.values
    try:
        context = _place_context(table, values)
    except RuleError as error:
        return render_page("message.html", table, error=rule_error_message(error), status=422)
    if request.method == "GET":
        return render_page("place.html", table, **context)

    def build() -> dict[str, Any]:
        fields = context["fields"]
        if not fields:
            raise RuleError(N_("say which tile: a printed id like B07, or the edges and "
                               "animals of a retail tile"))
        event: dict[str, Any] = {"at": list(context["at"]), "rotation": context["rotation"],
                                 **fields}
        if request.form.get("mode") == "mirror":
            event["type"] = "tile"
        else:
            hunters = int_field("hunters", _("hunters"), 0)
            event.update({"type": "action", "action": "place_tile", "seat": context[
                "seat_index"], "hunters": hunters,
                "override": request.form.get("override") == "on"})
            if hunters:
                event["space"] = request.form.get("space", "")
                payment = payment_split()
                if payment is not None:
                    event["payment"] = payment
            else:
                event["gain"] = request.form.get("gain", "")
        return event

    return post_page_event(table, build, "place.html", context)
