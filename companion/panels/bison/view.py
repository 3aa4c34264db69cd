"""The Bison panel's view model: what ``panel.html`` shows (passed to it
as ``view``), the board as SVG and the live standings.

Glossary
--------
view
    ``view(table)``: the plain dict ``panel.html`` reads.
standings
    Every region with pieces, its ranking and awards (B9), and each seat's total "if the
    round ended now" with the cap (B8); the panel and the space and score pages show it.
zoom
    The board's zoom level for this phone and table, kept in the session so the poll
    re-renders it the same: 1 the whole board in the phone's width, 2 (the default)
    readable — every digit and mark at least 14 px (``svg.READABLE_RADIUS_PX``), the
    board pans in its frame —, 3 larger still.
turn
    The side of the table this phone sees the board from (degrees clockwise, ``TURNS``),
    kept in the session per table; by default the side of the phone's seat
    (``seat_side``). The board page, the zoomed tile, a space and the place page all draw
    it so, and the place page's turned pictures with it.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TypedDict

from flask import url_for
from flask_babel import gettext as _
from markupsafe import Markup

from companion import charts, tables
from companion.i18n import translate
from companion.pages.base import current_seat
from companion.panels import board_view
from companion.panels.bison import overflows, svg
from companion.panels.bison.names import action_name, animal_name, hex_name
from companion.panels.bison.sheets import Sheet, own_sheets
from games.bison import fold, scoring
from games.bison.board import Space
from games.bison.economy import ANIMALS, STOCK_CAP
from games.bison.hexgrid import Hex
from games.bison.rounds import ACTIONS_PER_ROUND, Action, Rounds
from games.bison.tiles import Tile

ZOOMS = board_view.ZOOMS
DEFAULT_ZOOM = board_view.DEFAULT_ZOOM
#: Pixels per SVG unit at least, by zoom level (None: the board fits the phone's width).
ZOOM_SCALE: dict[int, float | None] = {
    1: None,
    2: svg.READABLE_RADIUS_PX / svg.SIZE,
    3: 1.5 * svg.READABLE_RADIUS_PX / svg.SIZE,
}
#: The sides a phone may see the board from: every seat's side at 2, 3 or 4 players.
TURNS = (0, 90, 120, 180, 240, 270)


def _names(table: tables.TableView) -> dict[str, str]:
    """Board player id (colour) -> the player's name."""
    return {p.color: p.name for p in table.players}


def zoom_of(table_id: str) -> int:
    return board_view.remembered("bison_zoom", table_id, ZOOMS, DEFAULT_ZOOM)


def seat_side(seat: int, players: int) -> int:
    """The side of the table seat ``seat`` of ``players`` sits at, as the board turn that
    shows it the board as it sees it: seats sit in turn order to the left (clockwise seen
    from above, B4), so seat 1 of 4 sits at seat 0's left and sees seat 0's left side as
    its far side (the board turned 270°)."""
    return (-seat * 360 // max(players, 1)) % 360


def sides(table: tables.TableView) -> list[dict[str, object]]:
    """Each seat's side of the table: its name and turn (the "turn the board" chips)."""
    return [
        {"name": p.name, "colour": p.color, "turn": seat_side(i, len(table.players))}
        for i, p in enumerate(table.players)
    ]


def turn_of(table: tables.TableView) -> int:
    """This phone's view of the board: the side it chose, else its seat's side, else 0."""
    chosen = board_view.chosen("bison_turn", table.id, TURNS)
    if chosen is not None:
        return chosen
    seat = current_seat(table)
    return seat_side(seat, len(table.players)) if seat is not None else 0


def variant(table: tables.TableView) -> tuple[int, int]:
    """What this phone's panel markup depends on beyond the table: its zoom and turn."""
    return (zoom_of(table.id), turn_of(table))


def _labels() -> dict[str, str]:
    return {
        "prairie": _("prairie of {at}: its pieces and actions"),
        "river": _("river of {at}: its pieces and actions"),
        "mountain": _("mountain of {at}: its pieces and actions"),
        "empty": _("{at}: place a tile here"),
        "tile": _("tile {at}: zoom to its spaces"),
        "turn": _("tap the tile to turn it"),
    }


def board_markup(
    table: tables.TableView,
    *,
    links: bool = True,
    focus: Hex | None = None,
    highlight: Collection[Space] = (),
    selected: Hex | None = None,
    preview: tuple[Hex, Tile] | None = None,
    preview_url: str | None = None,
    targets: Mapping[Space, tuple[int, str]] | None = None,
) -> Markup:
    """The board as SVG, turned to this phone's side (``turn_of``): each space links to its
    page (on the board page bison.js opens its sheet instead) and, on the overview, each
    legal "+" slot to the tile picker, at this phone's zoom; ``focus``: one tile large."""
    state = table.state
    open_ = not state.rounds.finished and not state.locked
    legal = fold.legal_hexes(state) if open_ else []

    def hex_url(at: Hex) -> str:
        return url_for("bison.place", table_id=table.id, at=f"{at[0]},{at[1]}")

    def space_url(at: Hex, space: str) -> str:
        return url_for("bison.space", table_id=table.id, at=f"{at[0]},{at[1]}", space=space)

    markup = svg.board_svg(
        state.board,
        legal=legal if focus is None and links else [],
        colours={p.color: p.color for p in table.players},
        hex_url=hex_url if links and open_ else None,
        # Every space is a link, on the overview too (issue 34): on the board page a tap
        # opens its sheet over the board (bison.js), elsewhere (and without JavaScript)
        # the space's page; the sheet and the space page link the zoomed tile.
        tile_url=None,
        space_url=space_url if links else None,
        highlight=highlight,
        selected=selected,
        preview=preview,
        preview_url=preview_url,
        targets=targets,
        focus=focus,
        turn=turn_of(table),
        names=lambda at: hex_name(state.board, at),
        min_scale=ZOOM_SCALE[zoom_of(table.id)] if focus is None else None,
        labels=_labels(),
        title=_("The board: tap a space for its pieces and actions, an orange + to place a tile"),
    )
    return Markup(markup)  # built from numbers and escaped strings only


class RegionLine(TypedDict):
    """A region with pieces in the live standings: its ranking and awards (B9)."""

    index: int
    terrain: str
    animal: str
    animals: int
    spaces: int
    at: Hex
    ranking: list[list[str]]
    standings: list[dict[str, object]]


class SeatLine(TypedDict):
    """A seat's total "if the round ended now" (with the cap, B8)."""

    name: str
    colour: str
    awards: dict[str, int]
    total: int
    after: dict[str, int]
    lost: int


class Standings(TypedDict):
    """The live standings (``standings``)."""

    regions: list[RegionLine]
    seats: list[SeatLine]
    final: bool


def standings(table: tables.TableView) -> Standings:
    """The live standings: every region with pieces, its ranking and awards (B9), and each
    seat's total "if the round ended now" (with the cap, B8)."""
    state = table.state
    names = _names(table)
    result = fold.score_now(state)
    regions: list[RegionLine] = []
    for index, score in enumerate(result.regions):
        if not score.standings:
            continue
        regions.append(
            {
                "index": index,
                "terrain": score.region.terrain,
                "animal": score.animal,
                "animals": score.region.animals,
                "spaces": len(score.region.hexes),
                "at": score.region.hexes[0],
                "ranking": [[names.get(p, p) for p in group] for group in score.ranking],
                "standings": [
                    {
                        "name": names.get(s.player, s.player),
                        "colour": s.player,
                        "place": s.place,
                        "award": s.award,
                        "structures": s.structures,
                        "hunters": s.hunters,
                        "award_text": translate(*_named(score.award_text(s), names)),
                        "reason_text": translate(*_named(score.reason_text(s), names))
                        if s.reason
                        else "",
                    }
                    for s in score.standings
                ],
            }
        )
    seats: list[SeatLine] = [
        {
            "name": p.name,
            "colour": p.color,
            "awards": result.awards(i).as_dict(),
            "total": result.awards(i).total,
            "after": result.after[i].as_dict(),
            "lost": result.lost(i).total,
        }
        for i, p in enumerate(table.players)
    ]
    return {"regions": regions, "seats": seats, "final": result.final}


def _named(
    text: tuple[str, dict[str, object]] | None, names: Mapping[str, str]
) -> tuple[str, dict[str, object]]:
    """An explanation with colours replaced by names and animals translated."""
    if text is None:
        return "", {}
    template, params = text
    params = dict(params)
    for key in ("player", "above"):
        if key in params:
            params[key] = ", ".join(
                names.get(p.strip(), p.strip()) for p in str(params[key]).split(",")
            )
    if "animal" in params:
        params["animal"] = animal_name(str(params["animal"]))
    return template, params


def view(table: tables.TableView) -> dict[str, object]:
    """Everything ``panel.html`` shows."""
    state = table.state
    shown = fold.to_json(state)
    rounds = state.rounds
    names = [p.name for p in table.players]
    seats = []
    for index, player in enumerate(table.players):
        seat = shown["seats"][index]
        seats.append(
            {
                "index": index,
                "name": player.name,
                "colour": player.color,
                "stocks": seat["stocks"],
                "total": seat["total"],
                "actions": [action_name(a) for a in seat["actions"]],
                "actions_left": seat["actions_left"],
                "tile_due": seat["tile_due"],
                "pieces": seat["pieces"],
                "market_hunters": state.supplies[index].as_dict()["hunters"]["market"],
                # What this seat's own gain without hunters counts for out of turn (a
                # photo round, B6b: the marker moves if an action needs it later).
                "gain_action": next(
                    (a.value for a in rounds.unmarked(index) if a is not Action.PLACE_TILE),
                    None,
                ),
            }
        )
    chart = charts.seat_chart(
        table.players,
        fold.food_chart(state),
        labels=[_("start")]
        + [(_("final") if r.final else _("round %(n)s", n=r.round)) for r in state.log],
        title=_("Each player's food (all three stocks) after every scoring"),
        legend=False,
    )
    # B10: the final order by total, then by the smallest stock (the tie-break).
    order = scoring.ranking(dict(enumerate(state.stocks)))
    final = [
        {
            "name": table.players[i].name,
            "colour": table.players[i].color,
            "total": state.stocks[i].total,
            "smallest": state.stocks[i].smallest,
        }
        for group in order
        for i in group
    ]
    return {
        "animals": ANIMALS,
        "final": final,
        "round": rounds.round,
        "rounds": rounds.rounds,
        "removed": shown["removed_tiles"],
        "start": names[rounds.start_seat],
        "next": names[rounds.next_seat] if rounds.next_seat is not None else None,
        "next_seat": rounds.next_seat,
        "round_complete": rounds.round_complete,
        "finished": rounds.finished,
        # The round's scoring in one tap once every action is taken (issue 26), an
        # award over 15 as proposed (B8 as amended, issue 34): its cases in one line
        # each beside the button; the score page lets the players choose otherwise.
        "score_now": (rounds.round_complete or rounds.finished) and not state.final_scored,
        "over_15": _over_15(table) if not fold.scores_in_one_tap(state) else [],
        "final_scored": state.final_scored,
        "winners": [names[s] for s in shown["winners"]] if state.final_scored else [],
        "seats": seats,
        "board": board_markup(table),
        "zoom": zoom_of(table.id),
        "zooms": ZOOMS,
        "turn_view": turn_of(table),
        "sides": sides(table),
        "standings": standings(table),
        "whatif": state.settings.whatif,
        "chart": chart,
        "log": state.log,
        "cap": STOCK_CAP,
        "actions_per_round": ACTIONS_PER_ROUND,
        "last_round": rounds.round >= rounds.rounds,
        "turn": fold.turn(state),
        "locked": state.locked,
        "own": (own := own_sheets(table)),
        # The action a one-tap gain without hunters counts for (issue 34): the first
        # available one none of the player's hunters could take now (from the sheets the
        # rules gave), else the first available; the others are one fold away.
        "gain_default": _gain_default(rounds, own),
        # The actions a gain without hunters may count for (B6): placing the tile is not
        # one of them here, it needs the tile's own page ("tile_due" says so instead).
        "available": [
            a.value for a in rounds.unmarked(rounds.next_seat) if a is not Action.PLACE_TILE
        ]
        if rounds.next_seat is not None
        else [],
    }


def _over_15(table: tables.TableView) -> list[dict[str, object]]:
    """Each award of the round's scoring that passes 15 (B8), as the proposal settles it:
    the seat's name and colour, the animal and its gain, the choice in words, the food it
    loses (``overflows.overflow_cases``); none before every action is taken."""
    state = table.state
    rounds = state.rounds
    if not (rounds.round_complete or rounds.finished) or state.final_scored:
        return []
    return [
        {"name": table.players[seat].name, "colour": table.players[seat].color, **case}
        for seat, case in overflows.proposed(state)
    ]


def _gain_default(rounds: Rounds, own: list[Sheet]) -> str | None:
    """The action a gain without hunters counts for by default (see ``view``)."""
    if rounds.next_seat is None:
        return None
    available = [a.value for a in rounds.unmarked(rounds.next_seat) if a is not Action.PLACE_TILE]
    used = {m["action"] for s in own for m in s["moves"] if m["goals"]}
    used |= {"gather" for s in own if s["gather"]} | {s["kind"] for s in own if s["sizes"]}
    return next((a for a in available if a not in used), available[0] if available else None)
