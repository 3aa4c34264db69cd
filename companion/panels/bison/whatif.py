"""The Bison what-if page: GET ``whatif``, the best placements of a held tile for a seat
(``games.bison.whatif``; a table setting, off by default).

Glossary
--------
option
    A placement (hex, rotation, space, hunters) with what it gains, costs and nets, linked
    to the place page filled in.
"""

from __future__ import annotations

from flask import request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from companion.panels import _kit as kit
from companion.panels.bison.forms import seat_field
from companion.panels.bison.names import hex_name
from companion.panels.bison.pages import (
    GAME,
    bp,
    default_seat,
    refusal,
    render_context,
    render_page,
)
from games.bison import catalog, whatif
from games.errors import RuleError

MAX_WHATIF = 6


@bp.get("/whatif")
def whatif_page(table_id: str) -> ResponseReturnValue:
    table = kit.game_table(table_id, GAME)
    state = table.state
    if not state.settings.whatif:
        return render_page(
            "message.html",
            table,
            status=403,
            error=_("What-if is off for this table (a setting when the table is created)."),
        )
    on_board = {p.catalog_id for p in state.board.tiles.values() if p.catalog_id}
    context: dict[str, object] = {
        "catalog": [t for t in catalog.DRAW_IDS if t not in on_board],
        "options": None,
        "tile_id": "",
        "seat_index": None,
    }
    try:
        seat = state.rounds.check_seat(seat_field(table, default_seat(table)))
        context["seat_index"] = seat
        tile_id = request.args.get("tile", "").strip().upper()
        if tile_id:
            held = catalog.get(tile_id)
            context["tile_id"] = tile_id
            found = whatif.best(
                state.board,
                held,
                state.colours[seat],
                hunters_available=state.supplies[seat].hunters_supply,
                max_totem_distance=state.settings.max_totem_distance,
                limit=MAX_WHATIF,
            )
            context["options"] = [
                {
                    "at": f"{o.at[0]},{o.at[1]}",
                    "where": hex_name(table.state.board, o.at),
                    "rotation": o.rotation,
                    "space": o.space,
                    "hunters": o.hunters,
                    "gain": o.gain,
                    "cost": o.cost,
                    "net": o.net,
                    "url": url_for(
                        "bison.place",
                        table_id=table.id,
                        at=f"{o.at[0]},{o.at[1]}",
                        tile=tile_id,
                        rotation=o.rotation,
                        hunters=o.hunters,
                        seat=seat,
                    ),
                }
                for o in found
            ]
    except RuleError as error:
        return render_context("whatif.html", table, context, error=refusal(error), status=422)
    return render_context("whatif.html", table, context)
