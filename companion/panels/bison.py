"""Bison at the table: the panel (stocks, actions, round flow, the board mirror, live
standings), its pages (place a tile, a space's pieces and region, the action helper, the
market, the round's scoring, what-if) and their form posts.

Every rule comes from ``games.bison`` (B1–B11): this module turns the folded state into
what the templates under ``templates/games/bison/`` show, and a submitted form into an
event that the fold judges. A refused form re-renders its page with the translated
reason (422) and changes nothing.

Glossary
--------
view
    ``view(table)``: the plain dict ``panel.html`` reads (template global ``bison_view``).
page
    A full page for a step that must not be wiped by the live poll (the poll only
    replaces ``#panel``): ``place``, ``space``, ``action``, ``market``, ``score``,
    ``whatif``. Its form posts answer 303 back to the table, or the page again with the
    refusal (422).
zoom
    The board's zoom level (1–3) for this phone and table, kept in the session so the
    poll re-renders it the same; the board scrolls (drag to pan) inside its frame.
routes (under ``/t/<table_id>/bison/``)
    GET/POST ``place`` (``at``, ``tile`` or ``edges`` + ``prairie``/``river``/``mountain``,
    ``rotation``; with ``mode=action`` also ``seat``, ``hunters``, ``space``, ``gain``,
    ``pay.<animal>``, ``override``), GET/POST ``space`` (``at``, ``space``, ``seat``,
    ``hunters``, ``structure``), GET/POST ``action`` (``seat``, ``action``, ``hunters``,
    ``gain``, ``pay.<animal>``, ``build_at``, ``size``, ``replaces``, ``override``),
    GET ``market``, POST ``buy`` / ``exchange``, GET/POST ``score`` (``x.<seat>.<region>.<n>``
    = the animal the n-th triple of surplus becomes, empty = lost; ``override``),
    GET ``whatif`` (``seat``, ``tile``), POST ``zoom`` (``z``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from companion import charts, tables, web
from companion.i18n import rule_error_message, translate
from companion.panels import _kit as kit
from companion.panels import bison_svg
from games.bison import catalog, scoring, whatif
from games.bison import table as fold
from games.bison.board import HUNTERS_OWNED, MAX_STRUCTURE
from games.bison.economy import (
    ANIMALS,
    COST_TABLE,
    EXCHANGE_RATE,
    HUNTER_PRICE,
    MAX_COST,
    MAX_HUNTERS_PER_ACTION,
    MOST_EXCHANGES,
    STOCK_CAP,
    default_payment,
    structure_price,
)
from games.bison.regions import find_regions, region_index
from games.bison.rounds import ACTION_LABELS, ACTIONS_PER_ROUND, MAX_PLAYERS, Action
from games.bison.tiles import (
    ANIMAL_OF,
    ANIMALS_PER_TILE,
    SCORING_ORDER,
    SPACES,
    STRUCTURE_ON,
    Tile,
)
from games.errors import N_, RuleError

GAME = fold.GAME
bp = kit.blueprint(GAME, __name__)

ANIMAL_NAMES = {"bison": N_("bison"), "salmon": N_("salmon"), "turkey": N_("turkey")}
SPACE_NAMES = {"prairie": N_("prairie"), "river": N_("river"), "mountain": N_("mountain")}
KIND_NAMES = {"tent": N_("tent"), "canoe": N_("canoe")}
ZOOMS = (1, 2, 3)
MAX_WHATIF = 6


#: The rule numbers the forms bound their fields with, all from ``games.bison``.
LIMITS: dict[str, Any] = {
    "seats": range(MAX_PLAYERS),  # B4: the start player is one of at most 4
    "totem_distance": (fold.MIN_TOTEM_DISTANCE, fold.MAX_TOTEM_DISTANCE_LIMIT,
                       fold.DEFAULT_MAX_TOTEM_DISTANCE),
    "animals_per_tile": ANIMALS_PER_TILE,  # a space shows 0–3 of a tile's 3 animals
    "max_structure": MAX_STRUCTURE,  # B5: tents and canoes of size 1–4
    "hunters_owned": HUNTERS_OWNED,  # a space cannot hold more hunters than one owns
    "max_cost": MAX_COST,  # B6: 5 hunters cost 10 animals
    "cost_table": COST_TABLE,  # B6: hunters used -> animals paid (-1: gain one instead)
    "exchanges": MOST_EXCHANGES,  # B7: a full stock pays for at most 5 at once
    "cap": STOCK_CAP,  # B8
    "actions_per_round": ACTIONS_PER_ROUND,  # B6
}


def limits() -> dict[str, Any]:
    """The rule numbers the forms bound their fields with (template global
    ``bison_limits``; the create form's settings have no table to read them from)."""
    return LIMITS


def animal_name(animal: str) -> str:
    return _(ANIMAL_NAMES.get(animal, animal))


def space_name(space: str) -> str:
    return _(SPACE_NAMES.get(space, space))


def kind_name(kind: str) -> str:
    return _(KIND_NAMES.get(kind, kind))


def action_name(action: str) -> str:
    try:
        return _(ACTION_LABELS[Action(action)])
    except ValueError:
        return action


# ---------------------------------------------------------------------------------------
# reading the form


def _hex_arg(raw: str | None) -> tuple[int, int]:
    """``"q,r"`` from a link or a form field as a hex."""
    parts = (raw or "").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        return (int(parts[0]), int(parts[1]))
    except ValueError:
        raise RuleError(N_("the hex must be written q,r (two whole numbers), not {value!r}"),
                        value=raw or "") from None


def _int_field(name: str, label: str, default: int | None = None) -> int:
    raw = request.values.get(name, "").strip()
    if raw == "" and default is not None:
        return default
    try:
        return int(raw)
    except ValueError:
        raise RuleError(N_("{field} must be a whole number"), field=label) from None


def _seat_field(table: tables.TableView, default: int | None = None) -> int:
    return _int_field("seat", _("player"), default)


def _payment() -> dict[str, int] | None:
    """``pay.<animal>`` fields as a split, or None when the form sent none."""
    if not any(f"pay.{animal}" in request.form for animal in ANIMALS):
        return None
    return {animal: _int_field(f"pay.{animal}", animal_name(animal), 0) for animal in ANIMALS}


def _tile_fields(values: Mapping[str, str]) -> dict[str, Any]:
    """The tile the place page names: a printed id, or a retail tile's edges + animals."""
    tile_id = values.get("tile", "").strip().upper()
    if tile_id:
        return {"tile": tile_id}
    edges = values.get("edges", "").strip().upper()
    if edges:
        animals = {}
        for space in SPACES:
            raw = values.get(space, "0").strip() or "0"
            try:
                animals[space] = int(raw)
            except ValueError:
                raise RuleError(N_("{field} must be a whole number"),
                                field=space_name(space)) from None
        return {"edges": edges, "animals": animals}
    return {}


def _tile_of(fields: Mapping[str, Any]) -> Tile | None:
    if not fields:
        return None
    chosen = fold.parse_tile(fields)
    return chosen.tile if isinstance(chosen, catalog.CatalogTile) else chosen


# ---------------------------------------------------------------------------------------
# the view model


def _names(table: tables.TableView) -> dict[str, str]:
    """Board player id (colour) -> the player's name."""
    return {p.color: p.name for p in table.players}


def zoom_of(table_id: str) -> int:
    zoom = session.get("bison_zoom", {}).get(table_id, 1)
    return zoom if zoom in ZOOMS else 1


def _labels() -> dict[str, str]:
    return {
        "prairie": _("prairie at {at}: pieces and region"),
        "river": _("river at {at}: pieces and region"),
        "mountain": _("mountain at {at}: pieces and region"),
        "empty": _("empty hex {at}: place a tile here"),
    }


def board_markup(table: tables.TableView, *, links: bool = True,
                 highlight: Any = (), selected: Any = None, preview: Any = None) -> Markup:
    state = table.state
    legal = fold.legal_hexes(state) if not state.rounds.finished else []
    markup = bison_svg.board_svg(
        state.board, legal=legal, colours={p.color: p.color for p in table.players},
        hex_url=(lambda at: url_for("bison.place", table_id=table.id, at=f"{at[0]},{at[1]}"))
        if links else None,
        space_url=(lambda at, space: url_for("bison.space", table_id=table.id,
                                             at=f"{at[0]},{at[1]}", space=space))
        if links else None,
        highlight=highlight, selected=selected, preview=preview, labels=_labels(),
        title=_("The board: tap a highlighted hex to place a tile, a space to set its "
                "pieces"),
    )
    return Markup(markup)  # built from numbers and escaped strings only


def standings(table: tables.TableView) -> dict[str, Any]:
    """The live standings: every region with pieces, its ranking and awards (B9), and each
    seat's total "if the round ended now" (with the cap, B8)."""
    state = table.state
    names = _names(table)
    result = fold.score_now(state)
    regions = []
    for index, score in enumerate(result.regions):
        if not score.standings:
            continue
        regions.append({
            "index": index, "terrain": score.region.terrain, "animal": score.animal,
            "animals": score.region.animals, "spaces": len(score.region.hexes),
            "at": score.region.hexes[0],
            "ranking": [[names.get(p, p) for p in group] for group in score.ranking],
            "standings": [
                {"name": names.get(s.player, s.player), "colour": s.player, "place": s.place,
                 "award": s.award, "structures": s.structures, "hunters": s.hunters,
                 "award_text": translate(*_named(score.award_text(s), names)),
                 "reason_text": translate(*_named(score.reason_text(s), names))
                 if s.reason else ""}
                for s in score.standings
            ],
        })
    seats = [{"name": p.name, "colour": p.color, "awards": result.awards(i).as_dict(),
              "total": result.awards(i).total, "after": result.after[i].as_dict(),
              "lost": result.lost(i).total}
             for i, p in enumerate(table.players)]
    return {"regions": regions, "seats": seats, "final": result.final}


def _named(text: tuple[str, dict[str, Any]] | None, names: Mapping[str, str]
           ) -> tuple[str, dict[str, Any]]:
    """An explanation with colours replaced by names and animals translated."""
    if text is None:
        return "", {}
    template, params = text
    params = dict(params)
    for key in ("player", "above"):
        if key in params:
            params[key] = ", ".join(names.get(p.strip(), p.strip())
                                    for p in str(params[key]).split(","))
    if "animal" in params:
        params["animal"] = animal_name(str(params["animal"]))
    return template, params


def view(table: tables.TableView) -> dict[str, Any]:
    """Everything ``panel.html`` shows."""
    state = table.state
    shown = fold.to_json(state)
    rounds = state.rounds
    names = [p.name for p in table.players]
    seats = []
    for index, player in enumerate(table.players):
        seat = shown["seats"][index]
        seats.append({
            "index": index, "name": player.name, "colour": player.color,
            "stocks": seat["stocks"], "total": seat["total"],
            "actions": [action_name(a) for a in seat["actions"]],
            "actions_left": seat["actions_left"], "tile_due": seat["tile_due"],
            "pieces": seat["pieces"],
        })
    chart = None
    if state.log:
        chart = charts.line_chart(
            [charts.Series(p.name, values, p.color)
             for p, values in zip(table.players, fold.food_chart(state), strict=True)],
            labels=[_("start")] + [(_("final") if r.final else _("round %(n)s", n=r.round))
                                   for r in state.log],
            title=_("Each player's food (all three stocks) after every scoring"),
            legend=False)
    # B10: the final order by total, then by the smallest stock (the tie-break).
    order = scoring.ranking(dict(enumerate(state.stocks)))
    final = [{"name": table.players[i].name, "colour": table.players[i].color,
              "total": state.stocks[i].total, "smallest": state.stocks[i].smallest}
             for group in order for i in group]
    return {
        "final": final,
        "round": rounds.round, "rounds": rounds.rounds, "removed": shown["removed_tiles"],
        "start": names[rounds.start_seat],
        "next": names[rounds.next_seat] if rounds.next_seat is not None else None,
        "next_seat": rounds.next_seat,
        "round_complete": rounds.round_complete, "finished": rounds.finished,
        "final_scored": state.final_scored,
        "winners": [names[s] for s in shown["winners"]] if state.final_scored else [],
        "seats": seats, "board": board_markup(table), "zoom": zoom_of(table.id),
        "zooms": ZOOMS, "standings": standings(table), "whatif": state.settings.whatif,
        "chart": chart, "log": state.log, "cap": STOCK_CAP,
        "actions_per_round": ACTIONS_PER_ROUND,
        "last_round": rounds.round >= rounds.rounds,
    }


# ---------------------------------------------------------------------------------------
# responses


def _page(template: str, table: tables.TableView, *, error: str | None = None,
          status: int = 200, **context: Any) -> Any:
    return render_template(f"games/bison/{template}", table=table, state=table.state,
                           players=table.players, seat=web.current_seat(table),
                           error=error, **context), status


def _back(table_id: str) -> Any:
    return redirect(url_for("web.table", table_id=table_id), code=303)


def _append(table_id: str, event: dict[str, Any]) -> tables.TableView:
    table = kit.game_table(table_id, GAME)
    return tables.append(table_id, event, seat=web.current_seat(table))


def _default_seat(table: tables.TableView) -> int:
    mine = web.current_seat(table)
    if mine is not None:
        return mine
    nxt = table.state.rounds.next_seat
    return nxt if nxt is not None else 0


# ---------------------------------------------------------------------------------------
# place a tile


def _place_context(table: tables.TableView, values: Mapping[str, str]) -> dict[str, Any]:
    at = _hex_arg(values.get("at"))
    fields = _tile_fields(values)
    rotation = _int_field("rotation", _("rotation"), 0) % 6
    tile = None
    problem = None
    try:
        tile = _tile_of(fields)
    except RuleError as error:
        problem = rule_error_message(error)
    state = table.state
    on_board = {p.catalog_id for p in state.board.tiles.values() if p.catalog_id}
    seat = _seat_field(table, _default_seat(table))
    hunters = min(max(_int_field("hunters", _("hunters"), 0), 0), MAX_HUNTERS_PER_ACTION)
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
        return _page("message.html", table, error=rule_error_message(error), status=422)
    if request.method == "GET":
        return _page("place.html", table, **context)
    try:
        fields = context["fields"]
        if not fields:
            raise RuleError(N_("say which tile: a printed id like B07, or the edges and "
                               "animals of a retail tile"))
        event: dict[str, Any] = {"at": list(context["at"]), "rotation": context["rotation"],
                                 **fields}
        if request.form.get("mode") == "mirror":
            event["type"] = "tile"
        else:
            hunters = _int_field("hunters", _("hunters"), 0)
            event.update({"type": "action", "action": "place_tile", "seat": context[
                "seat_index"], "hunters": hunters,
                "override": request.form.get("override") == "on"})
            if hunters:
                event["space"] = request.form.get("space", "")
                payment = _payment()
                if payment is not None:
                    event["payment"] = payment
            else:
                event["gain"] = request.form.get("gain", "")
        _append(table_id, event)
    except RuleError as error:
        return _page("place.html", table, error=rule_error_message(error), status=422,
                     **context)
    return _back(table_id)


# ---------------------------------------------------------------------------------------
# a space: its pieces and its region


def _space_context(table: tables.TableView) -> dict[str, Any]:
    at = _hex_arg(request.values.get("at"))
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
    return {
        "at": at, "at_text": f"{at[0]},{at[1]}", "space": space,
        "kind": STRUCTURE_ON[space], "animal": ANIMAL_OF[space],
        "here": state.board.tiles[at].tile.animals_on(space),
        "there": there, "owner": state.seat_of(there.player) if there else None,
        "region": region, "region_score": shown,
        "board": board_markup(table, highlight=region.spaces, selected=at),
        "sizes": range(0, 5), "default_seat": _default_seat(table),
    }


@bp.route("/space", methods=["GET", "POST"])
def space(table_id: str) -> Any:
    table = kit.game_table(table_id, GAME)
    try:
        context = _space_context(table)
    except (RuleError, KeyError) as error:
        message = (rule_error_message(error) if isinstance(error, RuleError)
                   else _("There is no such space on the board."))
        return _page("message.html", table, error=message, status=422)
    if request.method == "GET":
        return _page("space.html", table, **context)
    try:
        hunters = _int_field("hunters", _("hunters"), 0)
        structure = _int_field("structure", kind_name(context["kind"]), 0)
        raw_seat = request.form.get("seat", "").strip()
        event: dict[str, Any] = {"type": "pieces", "at": list(context["at"]),
                                 "space": context["space"], "hunters": hunters,
                                 "structure": structure}
        if raw_seat:
            event["seat"] = _int_field("seat", _("player"))
        _append(table_id, event)
    except RuleError as error:
        return _page("space.html", table, error=rule_error_message(error), status=422,
                     **context)
    return _back(table_id)


# ---------------------------------------------------------------------------------------
# the action helper (B6)


def _action_context(table: tables.TableView) -> dict[str, Any]:
    state = table.state
    seat = _seat_field(table, _default_seat(table))
    seat = state.rounds.check_seat(seat)
    available = [a.value for a in state.rounds.available(seat)]
    action = request.values.get("action") or (available[0] if available else "")
    hunters = _int_field("hunters", _("hunters"), 1 if action != "place_tile" else 0)
    hunters = min(max(hunters, 0), MAX_HUNTERS_PER_ACTION)
    cost = COST_TABLE[hunters]
    stocks = state.stocks[seat]
    split = None
    if cost > 0:
        try:
            split = default_payment(stocks, cost).as_dict()
        except RuleError as error:
            split = {"problem": rule_error_message(error)}
    colour = state.colours[seat]
    kind = action if action in ("tent", "canoe") else None
    build_spaces = []
    if kind:
        for (at, terrain), pieces in sorted(state.board.pieces.items()):
            if pieces.player == colour and STRUCTURE_ON[terrain] == kind:
                build_spaces.append({"value": f"{at[0]},{at[1]},{terrain}",
                                     "label": f"{space_name(terrain)} [{at[0]},{at[1]}]",
                                     "hunters": pieces.hunters,
                                     "structure": pieces.structure})
    params = {"seat": seat, "action": action, "hunters": hunters}

    def link(**changes: Any) -> str:
        return url_for("bison.action", table_id=table.id, **{**params, **changes})

    return {
        "link": link,
        "seat_index": seat, "actions": [a.value for a in Action], "available": available,
        "action": action, "hunters": hunters, "cost": cost, "split": split,
        "stocks": stocks.as_dict(), "kind": kind, "build_spaces": build_spaces,
        "next_seat": state.rounds.next_seat, "animals": ANIMALS,
        "max_hunters": MAX_HUNTERS_PER_ACTION, "tile_due": state.rounds.tile_due(seat),
        "actions_left": state.rounds.actions_left(seat),
    }


@bp.route("/action", methods=["GET", "POST"])
def action(table_id: str) -> Any:
    table = kit.game_table(table_id, GAME)
    try:
        context = _action_context(table)
    except RuleError as error:
        return _page("message.html", table, error=rule_error_message(error), status=422)
    if request.method == "GET":
        return _page("action.html", table, **context)
    try:
        hunters = _int_field("hunters", _("hunters"))
        event: dict[str, Any] = {
            "type": "action", "seat": context["seat_index"],
            "action": request.form.get("action", ""), "hunters": hunters,
            "override": request.form.get("override") == "on",
        }
        if hunters == 0:
            event["gain"] = request.form.get("gain", "")
        else:
            payment = _payment()
            if payment is not None:
                event["payment"] = payment
        if event["action"] in ("tent", "canoe") and hunters:
            build: dict[str, Any] = {
                "size": _int_field("size", _("size")),
                "replaces": _int_field("replaces", _("replaces"), 0),
            }
            where = request.form.get("build_at", "").strip()
            if where:
                q, r, terrain = ([*where.split(","), "", "", ""])[:3]
                build["at"] = list(_hex_arg(f"{q},{r}"))
                build["space"] = terrain
            event["builds"] = [build]
        _append(table_id, event)
    except RuleError as error:
        return _page("action.html", table, error=rule_error_message(error), status=422,
                     **context)
    return _back(table_id)


# ---------------------------------------------------------------------------------------
# the market and the exchange (B7)


def _market_context(table: tables.TableView, seat: int | None = None) -> dict[str, Any]:
    state = table.state
    if seat is None:
        seat = state.rounds.check_seat(_seat_field(table, _default_seat(table)))
    supply = state.supplies[seat]
    return {"seat_index": seat, "supply": supply.as_dict(), "stocks": state.stocks[seat],
            "hunter_price": HUNTER_PRICE.bison, "animals": ANIMALS, "rate": EXCHANGE_RATE,
            "structure_price": lambda size: structure_price(size).bison,
            "sizes": sorted(set(supply.tents.market) | set(supply.canoes.market)),
            "tent_market": supply.tents.market, "canoe_market": supply.canoes.market}


@bp.get("/market")
def market(table_id: str) -> Any:
    table = kit.game_table(table_id, GAME)
    try:
        return _page("market.html", table, **_market_context(table))
    except RuleError as error:
        return _page("message.html", table, error=rule_error_message(error), status=422)


def _market_post(table_id: str, event_of: Any) -> Any:
    table = kit.game_table(table_id, GAME)
    try:
        _append(table_id, event_of())
    except RuleError as error:
        try:
            context = _market_context(table)
        except RuleError:  # the seat itself was bad: show the default seat's market
            context = _market_context(table, _default_seat(table))
        return _page("market.html", table, error=rule_error_message(error), status=422,
                     **context)
    return redirect(url_for("bison.market", table_id=table_id,
                            seat=request.form.get("seat", "")), code=303)


@bp.post("/buy")
def buy(table_id: str) -> Any:
    def event() -> dict[str, Any]:
        item = request.form.get("item", "")
        built: dict[str, Any] = {"type": "buy", "seat": _int_field("seat", _("player")),
                                 "item": item}
        if item in ("tent", "canoe"):
            built["size"] = _int_field("size", _("size"))
        return built
    return _market_post(table_id, event)


@bp.post("/exchange")
def exchange(table_id: str) -> Any:
    def event() -> dict[str, Any]:
        return {"type": "exchange", "seat": _int_field("seat", _("player")),
                "give": request.form.get("give", ""), "get": request.form.get("get", ""),
                "times": _int_field("times", _("times"), 1)}
    return _market_post(table_id, event)


# ---------------------------------------------------------------------------------------
# the round's scoring (B8, B9, B10)


def _choices_from_form(table: tables.TableView) -> list[dict[str, Any]] | None:
    """``x.<seat>.<region>.<n>`` selects: the animal each triple of surplus becomes."""
    picked: dict[tuple[int, int], list[tuple[int, str]]] = {}
    for key, value in request.form.items():
        if not key.startswith("x."):
            continue
        parts = key.split(".")
        numbers = [web.small_number(p) for p in parts[1:]]
        if len(parts) != 4 or None in numbers:
            raise RuleError(N_("the exchange field {field} is not understood"), field=key)
        seat, region, number = numbers
        picked.setdefault((seat, region), []).append((number, value))
    if not picked:
        return None
    choices = []
    scoring = fold.score_now(table.state)
    for (seat, region), triples in sorted(picked.items()):
        animal = scoring.regions[region].animal if region < len(scoring.regions) else "bison"
        exchanges = [{"give": animal, "get": get} for _n, get in sorted(triples) if get]
        choices.append({"seat": seat, "region": region, "exchanges": exchanges})
    return choices


def _score_context(table: tables.TableView, choices: list[dict[str, Any]] | None
                   ) -> dict[str, Any]:
    state = table.state
    parsed = fold.parse_choices(state, choices)
    result = fold.score_now(state, parsed)
    live = standings(table)
    seats = []
    for index, player in enumerate(table.players):
        overflows = []
        for region_index_, receipt in result.overflows(index):
            score = result.regions[region_index_]
            # B8: the surplus, its whole triples and where they may go (games.bison).
            option = result.overflow(index, region_index_)
            if option is None:
                continue
            chosen = [e.get for e in receipt.exchanges]
            overflows.append({
                "region": region_index_, "terrain": score.region.terrain,
                "animal": option.animal, "award": result.award(index, region_index_).total,
                "surplus": option.surplus,
                "triples": [chosen[k] if k < len(chosen) else ""
                            for k in range(option.triples)],
                "targets": list(option.targets),
                "lost": receipt.lost.total, "kept": receipt.stocks.as_dict(),
            })
        seats.append({"index": index, "name": player.name, "colour": player.color,
                      "before": result.before[index].as_dict(),
                      "awards": result.awards(index).as_dict(),
                      "after": result.after[index].as_dict(),
                      "lost": result.lost(index).total, "overflows": overflows})
    order = {terrain: i for i, terrain in enumerate(SCORING_ORDER)}
    groups = [{"terrain": terrain,
               "regions": [r for r in live["regions"] if r["terrain"] == terrain]}
              for terrain in sorted(order, key=order.__getitem__)]
    rounds = state.rounds
    return {"final": result.final, "groups": groups, "seats": seats,
            "complete": rounds.round_complete or rounds.finished,
            "done": state.final_scored, "choices": choices or [], "cap": STOCK_CAP,
            "rate": EXCHANGE_RATE, "actions_per_round": ACTIONS_PER_ROUND}


@bp.route("/score", methods=["GET", "POST"])
def score(table_id: str) -> Any:
    table = kit.game_table(table_id, GAME)
    try:
        choices = _choices_from_form(table) if request.method == "POST" else None
        context = _score_context(table, choices)
    except RuleError as error:
        context = _score_context(table, None)
        return _page("score.html", table, error=rule_error_message(error), status=422,
                     **context)
    if request.method == "GET" or request.form.get("preview"):
        return _page("score.html", table, **context)
    try:
        event: dict[str, Any] = {"type": "score",
                                 "override": request.form.get("override") == "on"}
        if choices:
            event["exchanges"] = choices
        _append(table_id, event)
    except RuleError as error:
        return _page("score.html", table, error=rule_error_message(error), status=422,
                     **context)
    return _back(table_id)


# ---------------------------------------------------------------------------------------
# what-if (a table setting, off by default)


@bp.get("/whatif")
def whatif_page(table_id: str) -> Any:
    table = kit.game_table(table_id, GAME)
    state = table.state
    if not state.settings.whatif:
        return _page("message.html", table, status=403,
                     error=_("What-if is off for this table (a setting when the table is "
                             "created)."))
    on_board = {p.catalog_id for p in state.board.tiles.values() if p.catalog_id}
    context: dict[str, Any] = {"catalog": [t for t in catalog.DRAW_IDS if t not in on_board],
                               "options": None, "tile_id": "", "seat_index": None}
    try:
        seat = state.rounds.check_seat(_seat_field(table, _default_seat(table)))
        context["seat_index"] = seat
        tile_id = request.args.get("tile", "").strip().upper()
        if tile_id:
            held = catalog.get(tile_id)
            context["tile_id"] = tile_id
            found = whatif.best(state.board, held, state.colours[seat],
                                hunters_available=state.supplies[seat].hunters_supply,
                                max_totem_distance=state.settings.max_totem_distance,
                                limit=MAX_WHATIF)
            context["options"] = [
                {"at": f"{o.at[0]},{o.at[1]}", "rotation": o.rotation,
                 "space": o.space, "hunters": o.hunters, "gain": o.gain, "cost": o.cost,
                 "net": o.net,
                 "url": url_for("bison.place", table_id=table.id, at=f"{o.at[0]},{o.at[1]}",
                                tile=tile_id, rotation=o.rotation, hunters=o.hunters,
                                seat=seat)}
                for o in found
            ]
    except RuleError as error:
        return _page("whatif.html", table, error=rule_error_message(error), status=422,
                     **context)
    return _page("whatif.html", table, **context)


# ---------------------------------------------------------------------------------------
# zoom


@bp.post("/zoom")
def zoom(table_id: str) -> Any:
    table = kit.game_table(table_id, GAME)
    level = web.small_number(request.form.get("z"))
    if level not in ZOOMS:
        return web.refuse(table_id, RuleError(N_("zoom must be 1, 2 or 3")))
    zooms = dict(session.get("bison_zoom", {}))
    zooms[table.id] = level
    session["bison_zoom"] = dict(list(zooms.items())[-20:])
    return web.panel_response(table)


def init_app(app: Any) -> None:
    # The panel shows the board at this phone's zoom (kept in its session).
    kit.register(app, bp, GAME, view, variant=lambda table: zoom_of(table.id),
                 bison_animal=animal_name, bison_space=space_name, bison_kind=kind_name,
                 bison_action=action_name, bison_limits=limits)
