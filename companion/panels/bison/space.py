"""The Bison space page: GET/POST ``space``, a space's pieces and its region (B5, B9).

Glossary
--------
space
    One terrain of a tile (``at`` + ``space``): a seat's hunters and tent/canoe there.
region
    The connected spaces of one terrain that the space belongs to, highlighted on the
    board, with its live standing.
"""

from __future__ import annotations

from typing import Any

from flask import request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from companion import tables
from companion.panels import _kit as kit
from companion.panels.bison.forms import hex_arg, int_field
from companion.panels.bison.names import kind_name
from companion.panels.bison.pages import (
    GAME,
    bp,
    default_seat,
    post_page_event,
    refusal,
    render_context,
    render_page,
)
from companion.panels.bison.sheets import sheet_for
from companion.panels.bison.view import board_markup, standings
from games.bison import fold
from games.bison.components import HUNTERS_OWNED, MAX_STRUCTURE
from games.bison.regions import find_regions, region_index
from games.bison.tiles import ANIMAL_OF, STRUCTURE_ON
from games.errors import N_, RuleError


def _space_context(table: tables.TableView) -> dict[str, Any]:
    at = hex_arg(request.values.get("at"))
    space = fold.parse_space(request.values.get("space"))
    state = table.state
    if at not in state.board.tiles:
        raise RuleError(N_("there is no tile there: tap a tile on the board"))
    regions = find_regions(state.board)
    index = region_index(regions)[(at, space)]
    region = regions[index]
    live = standings(table)
    shown = next((r for r in live["regions"] if r["index"] == index), None)
    there = state.board.pieces.get((at, space))
    turn = fold.turn(state)
    sheet = sheet_for(table, at, space)
    return {
        "sheet": sheet,
        "turn": turn,
        "hunter_counts": range(0, HUNTERS_OWNED + 1),
        "at": at,
        "at_text": f"{at[0]},{at[1]}",
        "space": space,
        "kind": STRUCTURE_ON[space],
        "animal": ANIMAL_OF[space],
        "here": state.board.tiles[at].tile.animals_on(space),
        "there": there,
        "owner": state.seat_of(there.player) if there else None,
        "region": region,
        "region_score": shown,
        "board": board_markup(table, focus=at, highlight=region.spaces),
        "sizes": range(0, MAX_STRUCTURE + 1),
        "default_seat": default_seat(table),
    }


@bp.route("/space", methods=["GET", "POST"])
def space(table_id: str) -> ResponseReturnValue:
    table = kit.game_table(table_id, GAME)
    try:
        context = _space_context(table)
    except (RuleError, KeyError) as error:
        message = (
            refusal(error)
            if isinstance(error, RuleError)
            else _("There is no such space on the board.")
        )
        return render_page("message.html", table, error=message, status=422)
    if request.method == "GET":
        return render_context("space.html", table, context)

    def build() -> dict[str, object]:
        hunters = int_field("hunters", _("hunters"), 0)
        structure = int_field("structure", kind_name(context["kind"]), 0)
        raw_seat = request.form.get("seat", "").strip()
        # Named as the board names it (``space_ref``: "the river of S1"), so the history
        # never shows a player coordinates (issue 26).
        item: dict[str, object] = {
            **fold.space_ref(table.state, (context["at"], context["space"])),
            "hunters": hunters,
            "structure": structure,
        }
        if raw_seat:
            item["seat"] = int_field("seat", _("player"))
        # A free correction (not an action): the history names it a correction.
        return {"type": "correct", "spaces": [item]}

    return post_page_event(table, build, "space.html", context)
