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

from flask import request, url_for
from flask_babel import gettext as _

from companion import tables
from companion.i18n import rule_error_message
from companion.panels import _kit as kit
from companion.panels.bison.forms import hex_arg, int_field
from companion.panels.bison.names import kind_name
from companion.panels.bison.pages import (
    GAME,
    bp,
    default_seat,
    post_page_event,
    render_page,
)
from companion.panels.bison.view import board_markup, standings
from games.bison import table as fold
from games.bison.components import HUNTERS_OWNED, MAX_STRUCTURE
from games.bison.economy import MAX_HUNTERS_PER_ACTION
from games.bison.regions import find_regions, region_index
from games.bison.tiles import ANIMAL_OF, STRUCTURE_ON
from games.errors import N_, RuleError


def sheet_for(table: tables.TableView, at: Any, space: str) -> dict[str, Any]:
    """What the current action allows on a space for the seat whose turn it is (B6): move
    links, a gather link, tent/canoe size chips (``build_sizes``)."""
    state = table.state
    there = state.board.pieces.get((at, space))
    seat = fold.turn(state).seat
    sheet: dict[str, Any] = {"seat": seat, "moves": [], "gather": None, "sizes": (),
                             "kind": STRUCTURE_ON[space],
                             "text": f"{at[0]},{at[1]},{space}"}
    if seat is None or state.locked:
        return sheet
    available = {a.value for a in state.rounds.available(seat)}
    here = (at, space)
    text = sheet["text"]
    mine = there is not None and there.player == state.colours[seat] and there.hunters
    for action in ("move_1", "move_3"):
        if action in available and mine:
            sheet["moves"].append({"action": action, "url": url_for(
                "bison.move", table_id=table.id, action=action, **{"from": text})})
    sources = fold.destinations(state, seat, here, "gather") if mine else {}
    if "gather" in available and sources:
        sheet["gather"] = url_for("bison.gather", table_id=table.id, to=text)
        # One tap gathers the default: hunters from the other spaces in board order, up to
        # 5 in all (B6); the gather page lets the player choose otherwise.
        left, chosen = MAX_HUNTERS_PER_ACTION, []
        for source in sorted(sources):
            count = min(state.board.pieces[source].hunters, left)
            left -= count
            if count:
                (q, r), terrain = source
                chosen.append((f"{q},{r},{terrain}", count))
        sheet["gather_default"] = chosen
    if STRUCTURE_ON[space] in available:
        sheet["sizes"] = fold.build_sizes(state, seat, here)
    return sheet


def own_sheets(table: tables.TableView) -> list[dict[str, Any]]:
    """The panel's one-tap actions: for the seat whose turn it is, each space holding its
    hunters with what the current action allows there (``sheet_for``), so that a build or
    gather is one tap and a move is "from here" then the destination (B6)."""
    from companion.panels.bison.play import space_label  # play imports this module

    state = table.state
    seat = fold.turn(state).seat
    if seat is None or state.locked:
        return []
    colour = state.colours[seat]
    sheets = []
    for (at, terrain), there in sorted(state.board.pieces.items()):
        if there.player != colour or not there.hunters:
            continue
        sheet = sheet_for(table, at, terrain)
        if sheet["moves"] or sheet["gather"] or sheet["sizes"]:
            sheet["label"] = space_label(table, (at, terrain))
            sheet["hunters"] = there.hunters
            sheets.append(sheet)
    return sheets


def _space_context(table: tables.TableView) -> dict[str, Any]:
    at = hex_arg(request.values.get("at"))
    space = fold.parse_space(request.values.get("space"))
    state = table.state
    if at not in state.board.tiles:
        raise RuleError(N_("there is no tile at {at}"), at=f"[{at[0]},{at[1]}]")
    regions = find_regions(state.board)
    index = region_index(regions)[(at, space)]
    region = regions[index]
    live = standings(table)
    shown = next((r for r in live["regions"] if r["index"] == index), None)
    there = state.board.pieces.get((at, space))
    turn = fold.turn(state)
    sheet = sheet_for(table, at, space)
    return {
        "sheet": sheet, "turn": turn, "hunter_counts": range(0, HUNTERS_OWNED + 1),
        "at": at, "at_text": f"{at[0]},{at[1]}", "space": space,
        "kind": STRUCTURE_ON[space], "animal": ANIMAL_OF[space],
        "here": state.board.tiles[at].tile.animals_on(space),
        "there": there, "owner": state.seat_of(there.player) if there else None,
        "region": region, "region_score": shown,
        "board": board_markup(table, focus=at, highlight=region.spaces),
        "sizes": range(0, MAX_STRUCTURE + 1), "default_seat": default_seat(table),
    }


@bp.route("/space", methods=["GET", "POST"])
def space(table_id: str) -> Any:
    table = kit.game_table(table_id, GAME)
    try:
        context = _space_context(table)
    except (RuleError, KeyError) as error:
        message = (rule_error_message(error) if isinstance(error, RuleError)
                   else _("There is no such space on the board."))
        return render_page("message.html", table, error=message, status=422)
    if request.method == "GET":
        return render_page("space.html", table, **context)

    def build() -> dict[str, Any]:
        hunters = int_field("hunters", _("hunters"), 0)
        structure = int_field("structure", kind_name(context["kind"]), 0)
        raw_seat = request.form.get("seat", "").strip()
        item: dict[str, Any] = {"at": list(context["at"]), "space": context["space"],
                                "hunters": hunters, "structure": structure}
        if raw_seat:
            item["seat"] = int_field("seat", _("player"))
        # A free correction (not an action): the history names it a correction.
        return {"type": "correct", "spaces": [item]}

    return post_page_event(table, build, "space.html", context)
