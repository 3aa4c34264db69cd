"""What the current action allows on a Bison space, for the seat whose turn it is (B6):
the move, gather and build choices shown in a space's sheet and on the board page.

Glossary
--------
sheet
    A space's choices: moves (each with its reachable destinations, B3, for the one-tap
    move buttons, and a link to the move page for a move to several spaces), a gather link
    (and its one-tap default), tent/canoe size chips (``build_sizes``).
"""

from __future__ import annotations

from typing import NotRequired, TypedDict

from flask import url_for

from companion import tables
from companion.panels.bison.names import space_label
from games.bison import fold
from games.bison.economy import MAX_HUNTERS_PER_ACTION
from games.bison.hexgrid import Hex
from games.bison.tiles import STRUCTURE_ON

#: A move page's query naming the space the hunters leave (``from`` is a keyword).
Origin = TypedDict("Origin", {"from": str})


class Goal(TypedDict):
    """A destination of a move: ``"q,r,terrain"``, its words, its movement cost (B3)."""

    text: str
    label: str
    cost: int


class SheetMove(TypedDict):
    """A move the sheet offers from its space: the action, its page, where it may go."""

    action: str
    url: str
    goals: list[Goal]
    hunters: int


class Sheet(TypedDict):
    """What a space's sheet offers (``sheet_for``); the board page's own sheets add where
    the space is and its ways on (``own_sheets``)."""

    seat: int | None
    moves: list[SheetMove]
    gather: str | None
    sizes: tuple[int, ...]
    kind: str
    text: str
    gather_default: NotRequired[list[tuple[str, int]]]
    label: NotRequired[str]
    hunters: NotRequired[int]
    page: NotRequired[str]
    tile: NotRequired[str]
    at: NotRequired[str]


def sheet_for(table: tables.TableView, at: Hex, space: str) -> Sheet:
    """What the current action allows on a space for the seat whose turn it is (B6): move
    links, a gather link, tent/canoe size chips (``build_sizes``)."""
    state = table.state
    there = state.board.pieces.get((at, space))
    seat = fold.turn(state).seat
    sheet: Sheet = {
        "seat": seat,
        "moves": [],
        "gather": None,
        "sizes": (),
        "kind": STRUCTURE_ON[space],
        "text": f"{at[0]},{at[1]},{space}",
    }
    if seat is None or state.locked:
        return sheet
    available = {a.value for a in state.rounds.available(seat)}
    here = (at, space)
    text = sheet["text"]
    origin: Origin = {"from": text}
    mine = there is not None and there.player == state.colours[seat] and there.hunters
    for action in ("move_1", "move_3"):
        if action in available and mine:
            # The destinations the rules allow (B3), nearest first: one tap on one records
            # the move with the count chosen before it (issue 26 item 8).
            reach = fold.destinations(state, seat, here, action)
            goals: list[Goal] = [
                {
                    "text": f"{goal[0][0]},{goal[0][1]},{goal[1]}",
                    "label": space_label(table, goal),
                    "cost": cost,
                }
                for goal, cost in sorted(reach.items(), key=lambda item: (item[1], item[0]))
            ]
            sheet["moves"].append(
                {
                    "action": action,
                    "url": url_for("bison.move", table_id=table.id, action=action, **origin),
                    "goals": goals,
                    "hunters": min(there.hunters, MAX_HUNTERS_PER_ACTION) if there else 0,
                }
            )
    sources = fold.destinations(state, seat, here, "gather") if mine else {}
    if "gather" in available and sources:
        sheet["gather"] = url_for("bison.gather", table_id=table.id, to=text)
        # One tap gathers the default: hunters from the other spaces in board order, up to
        # 5 in all (B6); the gather page lets the player choose otherwise.
        left, chosen = MAX_HUNTERS_PER_ACTION, list[tuple[str, int]]()
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


def own_sheets(table: tables.TableView) -> list[Sheet]:
    """The board page's sheets (issue 34): for the seat whose turn it is, each space holding
    its hunters with what the current action allows there (``sheet_for``), opened over the
    board by a tap on the space or on its line above the board; a build or gather is one
    tap on that line, a move the sheet's destination (B6)."""

    state = table.state
    seat = fold.turn(state).seat
    if seat is None or state.locked:
        return []
    colour = state.colours[seat]
    sheets: list[Sheet] = []
    for (at, terrain), there in sorted(state.board.pieces.items()):
        if there.player != colour or not there.hunters:
            continue
        sheet = sheet_for(table, at, terrain)
        if sheet["moves"] or sheet["gather"] or sheet["sizes"]:
            sheet["label"] = space_label(table, (at, terrain))
            sheet["hunters"] = there.hunters
            # The sheet's ways on: the space's own page (its region, a correction) and the
            # zoomed tile; also where a tap on the space goes without JavaScript.
            where = f"{at[0]},{at[1]}"
            sheet["page"] = url_for("bison.space", table_id=table.id, at=where, space=terrain)
            sheet["tile"] = url_for("bison.tile", table_id=table.id, at=where)
            sheet["at"] = where
            sheets.append(sheet)
    return sheets
