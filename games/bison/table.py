"""The Bison table for the companion: stocks, actions, market, exchange and rounds as a fold.

Glossary
--------
state
    ``State``: the players, the settings, each seat's ``Stocks`` and ``Supply``, the
    ``Rounds`` (round, totem, action markers) and an optional ``board``.
board
    The board mirror: ``games.bison.board.Board``, the start tiles at first. Pieces on it
    are keyed by the seat's colour (unique at a table), so rule messages name a colour.
supply in step
    ``Supply`` counts each seat's pieces by place (supply, board, market). Board events
    keep it in step with the mirror: pieces put on a space come from the supply (or from
    pieces an earlier counts-only action already moved "to the board" without saying
    where: *unlocated* pieces), pieces taken off go back to the supply.
scoring
    ``score`` scores the mirror (B9; B10 in the last round) region by region in scoring
    order with the B8 cap, the players' chosen 3:1 exchanges applied per region, and ends
    the round. ``log`` keeps every seat's stocks after each scoring (for the chart).
event
    A JSON object with a ``"type"``; see ``apply`` for the types and their fields.
override
    ``"override": true`` on an ``action`` or ``end_round`` event lifts the turn-order check
    (or, for ``end_round``, the "everyone took 4 actions" check): the people at the table
    are the authority, the app only keeps track. No other rule is lifted.

Actions may carry board details: ``place_tile`` with ``at`` (and ``tile`` + ``rotation``
or ``edges`` + ``animals``) and ``space`` places the tile and puts the hunters there; a
tent/canoe ``build`` with ``at`` + ``space`` builds on that space from the hunters there
(B6). Without them an action is counted only, as at a table that keeps no mirror.

This module follows the protocol of ``games/table.py`` (GAME, COUNTERS, new_state, prepare,
apply, counters, to_json, describe). Standard library only.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from games.bison import catalog
from games.bison.board import (
    HUNTERS_OWNED,
    MAX_STRUCTURE,
    Board,
    Pieces,
    Space,
    check_structure_kind,
)
from games.bison.catalog import CatalogTile
from games.bison.economy import (
    ANIMALS,
    COST_TABLE,
    HUNTER_PRICE,
    START_STOCK,
    STOCK_CAP,
    Amounts,
    Overflow,
    Receipt,
    Stocks,
    Structures,
    Supply,
    action_cost,
    check_hunters,
    check_kind,
    check_size,
    default_payment,
    exchange,
    gain,
    overflow_options,
    pay,
    receive,
    structure_price,
)
from games.bison.hexgrid import Hex, neighbours, show
from games.bison.rounds import (
    ACTION_LABELS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    Rounds,
    check_action,
    removed_tiles_for,
)
from games.bison.scoring import RegionScore, score_board, winners
from games.bison.tiles import SPACES, STRUCTURE_ON, Tile
from games.errors import N_, RuleError
from games.table import Player, check_range, parse_adjust

GAME = "bison"
COUNTERS: dict[str, tuple[int, int]] = {animal: (0, STOCK_CAP) for animal in ANIMALS}
DEFAULT_MAX_TOTEM_DISTANCE = 3  # B4: "at most 3 tiles from the totem"
MIN_TOTEM_DISTANCE = 1  # a tile always touches the board: 1 is the nearest setting
MAX_TOTEM_DISTANCE_LIMIT = 10


@dataclass(frozen=True, slots=True)
class Settings:
    """Per-table choices: who starts, the variants (B11), the placement limit (B4)."""

    start_seat: int = 0
    variant_1: bool = False  # one tent/canoe action may build several structures
    variant_2: bool = False  # variant 1, plus shrinking and removing structures
    max_totem_distance: int = DEFAULT_MAX_TOTEM_DISTANCE
    whatif: bool = False  # the app may suggest placements (games/bison/whatif.py)

    @property
    def several_structures(self) -> bool:
        """Variant 2 includes variant 1 (B11)."""
        return self.variant_1 or self.variant_2

    def as_dict(self) -> dict[str, Any]:
        return {"start_seat": self.start_seat, "variant_1": self.variant_1,
                "variant_2": self.variant_2, "max_totem_distance": self.max_totem_distance,
                "whatif": self.whatif}


@dataclass(frozen=True, slots=True)
class State:
    """A Bison table between two events."""

    players: tuple[Player, ...]
    settings: Settings
    stocks: tuple[Stocks, ...]
    supplies: tuple[Supply, ...]
    rounds: Rounds
    board: Board = field(default_factory=Board.new_game)
    log: tuple[ScoreRecord, ...] = ()  # one entry per scoring, oldest first

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(player.name for player in self.players)

    @property
    def colours(self) -> tuple[str, ...]:
        """Each seat's colour: the player id on the board (unique at a table)."""
        return tuple(player.color for player in self.players)

    def seat_of(self, colour: str) -> int:
        return self.colours.index(colour)

    @property
    def final_scored(self) -> bool:
        return bool(self.log) and self.log[-1].final


@dataclass(frozen=True, slots=True)
class ScoreRecord:
    """One scoring: the round, whether it was the final one, the stocks after, what was lost
    to the cap (B8) per seat."""

    round: int
    final: bool
    stocks: tuple[Stocks, ...]
    lost: tuple[int, ...]


def _settings(raw: Mapping[str, Any], players: int) -> Settings:
    if not isinstance(raw, Mapping):
        raise RuleError(N_("settings must be an object"))
    known = Settings.__dataclass_fields__  # the one list of setting names
    for name in raw:
        if name not in known:
            raise RuleError(
                N_("unknown setting {name!r}; expected one of: {names}"),
                name=name, names=", ".join(known),
            )
    for name in ("variant_1", "variant_2", "whatif"):
        if name in raw and not isinstance(raw[name], bool):
            raise RuleError(N_("the setting {name} must be true or false"), name=name)
    start = raw.get("start_seat", 0)
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < players:
        raise RuleError(
            N_("the start seat must be a whole number from 0 to {last}, not {seat!r}"),
            last=players - 1, seat=start,
        )
    distance = raw.get("max_totem_distance", DEFAULT_MAX_TOTEM_DISTANCE)
    if isinstance(distance, bool) or not isinstance(distance, int) or not (
        MIN_TOTEM_DISTANCE <= distance <= MAX_TOTEM_DISTANCE_LIMIT
    ):
        raise RuleError(
            N_("max_totem_distance must be a whole number from 1 to {high}, not {value!r}"),
            high=MAX_TOTEM_DISTANCE_LIMIT, value=distance,
        )
    return Settings(start, raw.get("variant_1", False), raw.get("variant_2", False), distance,
                    raw.get("whatif", False))


def new_state(players: Sequence[Player], settings: Mapping[str, Any]) -> State:
    """Round 1: stocks at 10, 4 hunters and one size-1 and size-2 tent and canoe each."""
    if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
        raise RuleError(
            N_("Bison is played by {low} to {high} players, not {count}"),
            low=MIN_PLAYERS, high=MAX_PLAYERS, count=len(players),
        )
    chosen = _settings(settings, len(players))
    count = len(players)
    return State(
        players=tuple(players),
        settings=chosen,
        stocks=(Stocks.start(),) * count,
        supplies=(Supply.start(),) * count,
        rounds=Rounds.start(count, chosen.start_seat),
    )


def prepare(state: State, event: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """No chance in these events (the tile draw happens at the real table)."""
    return event


# --- event parsing helpers -----------------------------------------------------------


def _flag(event: Mapping[str, Any], name: str) -> bool:
    value = event.get(name, False)
    if not isinstance(value, bool):
        raise RuleError(N_("{name} must be true or false"), name=name)
    return value


def _seat(state: State, event: Mapping[str, Any]) -> int:
    return state.rounds.check_seat(event.get("seat"))


def _not_over(state: State) -> None:
    if state.rounds.finished:
        raise RuleError(N_("the game is over; the stocks are final"))


def _with_seat(state: State, seat: int, *, stocks: Stocks | None = None,
               supply: Supply | None = None) -> tuple[tuple[Stocks, ...], tuple[Supply, ...]]:
    all_stocks, all_supplies = list(state.stocks), list(state.supplies)
    if stocks is not None:
        all_stocks[seat] = stocks
    if supply is not None:
        all_supplies[seat] = supply
    return tuple(all_stocks), tuple(all_supplies)


def _builds(event: Mapping[str, Any], kind: str, hunters: int, settings: Settings
            ) -> list[tuple[int, int]]:
    """The ``builds`` of a tent/canoe action as (size, replaces) pairs, checked (B6, B11)."""
    raw = event.get("builds", [])
    if not isinstance(raw, list):
        raise RuleError(N_("builds must be a list like [{\"size\": 2, \"replaces\": 0}]"))
    if hunters == 0:
        if raw:
            raise RuleError(N_("an action without hunters builds nothing; it gains one "
                               "animal"))
        return []
    if not raw:
        raise RuleError(
            N_("say which {kind} to build: builds needs at least one "
               "{{\"size\": n, \"replaces\": m}}"),
            kind=kind,
        )
    if len(raw) > 1 and not settings.several_structures:
        raise RuleError(
            N_("one action builds or enlarges one {kind} (variant 1 allows several)"),
            kind=kind,
        )
    pairs: list[tuple[int, int]] = []
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, Mapping) or "size" not in item:
            raise RuleError(
                N_("build {number} must be an object like {{\"size\": 2, \"replaces\": 0}}"),
                number=number,
            )
        size = check_size(item["size"], allow_zero=settings.variant_2)
        replaces = check_size(item.get("replaces", 0), allow_zero=True)
        if size <= replaces and not settings.variant_2:
            raise RuleError(
                N_("build {number}: a {kind} can only be built or enlarged, from size "
                   "{replaces} to a larger size, not {size} (variant 2 allows shrinking)"),
                number=number, kind=kind, replaces=replaces, size=size,
            )
        pairs.append((size, replaces))
    used = sum(abs(size - replaces) for size, replaces in pairs)
    if used != hunters:
        raise RuleError(
            N_("these builds use {used} hunters, but the action says {hunters}"),
            used=used, hunters=hunters,
        )
    return pairs


# --- the events ----------------------------------------------------------------------


def _adjust(state: State, event: Mapping[str, Any]) -> State:
    adjust = parse_adjust(event, len(state.players), COUNTERS)
    stocks = state.stocks[adjust.seat]
    value = check_range(adjust.counter, stocks.get(adjust.counter) + adjust.delta,
                        COUNTERS[adjust.counter])
    changed = replace(stocks, **{adjust.counter: value})
    return replace(state, stocks=_with_seat(state, adjust.seat, stocks=changed)[0])


def _action(state: State, event: Mapping[str, Any]) -> State:
    """``{"type": "action", "seat", "action", "hunters", "payment"?, "gain"?, "builds"?,
    "override"?}`` — one of the six actions (B6)."""
    seat = _seat(state, event)
    override = _flag(event, "override")
    action = check_action(event.get("action"))
    hunters = check_hunters(event.get("hunters"))
    rounds = state.rounds.take(seat, action, override=override, names=state.names)
    stocks, supply = state.stocks[seat], state.supplies[seat]

    if hunters == 0:
        if event.get("payment"):
            raise RuleError(N_("an action without hunters costs nothing; it gains one "
                               "animal"))
        if event.get("gain") is None:
            raise RuleError(
                N_("choose the animal you gain for an action without hunters: {names}"),
                names=", ".join(ANIMALS),
            )
        stocks = gain(stocks, event["gain"])
    else:
        if event.get("gain") is not None:
            raise RuleError(N_("only an action without hunters gains an animal"))
        cost = action_cost(hunters)
        split = event.get("payment")
        stocks = pay(stocks, default_payment(stocks, cost) if split is None else split,
                     cost=cost)

    board = state.board
    if action is Action.PLACE_TILE:
        if "at" in event:
            board = _place_tile_on_board(state, seat, event, hunters)
        supply = supply.deploy(hunters)
    elif action in (Action.TENT, Action.CANOE):
        kind = action.value
        pairs = _builds(event, kind, hunters, state.settings)
        raw = event.get("builds", [])
        if any(isinstance(item, Mapping) and "at" in item for item in raw):
            # The space says most precisely what is wrong, so it is checked first.
            board = _build_on_board(state, board, seat, kind, raw, pairs)
        supply = supply.rebuild(kind, pairs)
    else:
        # Counts only: the board will check which hunters can reach where (B3).
        needed = hunters + 1 if action is Action.GATHER and hunters else hunters
        if supply.hunters_board < needed:
            if action is Action.GATHER:
                raise RuleError(
                    N_("gathering {hunters} hunters needs {needed} of your hunters on the "
                       "board (one to gather at); you have {have}"),
                    hunters=hunters, needed=needed, have=supply.hunters_board,
                )
            raise RuleError(
                N_("you have only {have} hunters on the board, not {need}"),
                have=supply.hunters_board, need=hunters,
            )
    all_stocks, all_supplies = _with_seat(state, seat, stocks=stocks, supply=supply)
    return replace(state, stocks=all_stocks, supplies=all_supplies, rounds=rounds,
                   board=board)


def _buy(state: State, event: Mapping[str, Any]) -> State:
    """``{"type": "buy", "seat", "item": "hunter"|"tent"|"canoe", "size"?}`` (B7).

    Not tied to turn order: the rulebooks allow buying at any time on your turn, and a
    player's turn includes the moment after their action, when the app already shows the
    next player.
    """
    seat = _seat(state, event)
    _not_over(state)
    item = event.get("item")
    supply = state.supplies[seat]
    if item == "hunter":
        supply, price = supply.buy_hunter(), HUNTER_PRICE
    elif item in ("tent", "canoe"):
        size = check_size(event.get("size"))
        supply, price = supply.buy_structure(check_kind(item), size), structure_price(size)
    else:
        raise RuleError(N_("the market sells a hunter, a tent or a canoe, not {item!r}"),
                        item=item)
    if any(state.stocks[seat].get(a) < price.get(a) for a in ANIMALS):
        raise RuleError(
            N_("this costs {each} of each animal; you have {bison} bison, {salmon} salmon "
               "and {turkey} turkey"),
            each=price.bison, **state.stocks[seat].as_dict(),
        )
    stocks = state.stocks[seat].minus(price)
    all_stocks, all_supplies = _with_seat(state, seat, stocks=stocks, supply=supply)
    return replace(state, stocks=all_stocks, supplies=all_supplies)


def _exchange(state: State, event: Mapping[str, Any]) -> State:
    """``{"type": "exchange", "seat", "give", "get", "times"?}`` — 3:1, any time (B7)."""
    seat = _seat(state, event)
    _not_over(state)
    stocks = exchange(state.stocks[seat], event.get("give"), event.get("get"),
                      event.get("times", 1))
    return replace(state, stocks=_with_seat(state, seat, stocks=stocks)[0])


def _award(state: State, event: Mapping[str, Any]) -> State:
    """``{"type": "award", "seat", "gains", "exchanges"?}`` — scoring awards under the cap
    (B8); without ``exchanges`` the default overflow policy of ``economy.receive`` applies.

    The cap applies to each award as it comes, so one award per region in scoring order
    (prairie, mountain, river; B9) reproduces the table exactly. Accepted after the game is
    over: that is when the final scoring (B10) is awarded."""
    seat = _seat(state, event)
    exchanges = event.get("exchanges")
    if exchanges is not None and not isinstance(exchanges, list):
        raise RuleError(N_("exchanges must be a list like [{\"give\": \"bison\", "
                           "\"get\": \"salmon\"}]"))
    receipt = receive(state.stocks[seat], Amounts.from_mapping(event.get("gains"),
                                                                 what="gains"), exchanges)
    return replace(state, stocks=_with_seat(state, seat, stocks=receipt.stocks)[0])


def _end_round(state: State, event: Mapping[str, Any]) -> State:
    """``{"type": "end_round", "override"?}`` — markers cleared, totem passed on (B4).

    After the last round the game is over and every stock is set to 0 (B10): the final
    scoring is then awarded from nothing, so leftover food does not count.
    """
    rounds = state.rounds.end_round(override=_flag(event, "override"), names=state.names)
    if rounds.finished:
        empty = Stocks(0, 0, 0)
        return replace(state, rounds=rounds, stocks=(empty,) * len(state.players))
    return replace(state, rounds=rounds)


# --- the board mirror (B4, B5) -------------------------------------------------------


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_hex(raw: object) -> Hex:
    """``[q, r]`` as a hex; refuse anything else."""
    if not (isinstance(raw, (list, tuple)) and len(raw) == 2 and all(_whole(v) for v in raw)):
        raise RuleError(N_("at must be a hex [q, r] of two whole numbers, not {value!r}"),
                        value=raw)
    return (int(raw[0]), int(raw[1]))  # type: ignore[index]


def parse_space(raw: object) -> str:
    if raw not in SPACES:
        raise RuleError(N_("space must be prairie, river or mountain, not {value!r}"),
                        value=raw)
    return raw  # type: ignore[return-value]


def parse_rotation(raw: object) -> int:
    if not _whole(raw) or not 0 <= raw <= 5:  # type: ignore[operator]
        raise RuleError(
            N_("rotation must be a whole number from 0 to 5 (60° steps clockwise), not "
               "{value!r}"), value=raw,
        )
    return raw  # type: ignore[return-value]


def parse_tile(event: Mapping[str, Any]) -> Tile | CatalogTile:
    """The tile an event names: a printed id (``tile``) or a retail tile (``edges`` and
    ``animals``, B1)."""
    if "tile" in event and ("edges" in event or "animals" in event):
        raise RuleError(N_("give either tile (a printed id) or edges and animals, not both"))
    if "tile" in event:
        return catalog.get(event["tile"])
    if "edges" in event or "animals" in event:
        return Tile.make(event.get("edges"), event.get("animals"))
    raise RuleError(N_("say which tile: a printed id like B07, or the edges and animals of "
                       "a retail tile"))


def _place(state: State, event: Mapping[str, Any]) -> tuple[Board, Hex]:
    at = parse_hex(event.get("at"))
    tile = parse_tile(event)
    rotation = parse_rotation(event.get("rotation", 0))
    board = state.board.place(at, tile, rotation,
                              max_totem_distance=state.settings.max_totem_distance)
    return board, at


def legal_hexes(state: State) -> list[Hex]:
    """The empty hexes where a tile may be placed now (B4), asked of ``Board.place`` itself
    so the rule lives in one place."""
    board = state.board
    candidates = sorted({n for at in board.tiles for n in neighbours(at)} - set(board.tiles))
    probe = Tile("PPPMMM", (1, 1, 1))
    legal = []
    for at in candidates:
        try:
            board.place(at, probe, max_totem_distance=state.settings.max_totem_distance)
        except RuleError:
            continue
        legal.append(at)
    return legal


def _located(board: Board, colour: str) -> tuple[int, dict[str, Counter[int]]]:
    """A colour's hunters and structure sizes that the mirror shows on a space."""
    hunters = 0
    sizes: dict[str, Counter[int]] = {"tent": Counter(), "canoe": Counter()}
    for (_, terrain), pieces in board.pieces.items():
        if pieces.player == colour:
            hunters += pieces.hunters
            if pieces.structure:
                sizes[STRUCTURE_ON[terrain]][pieces.structure] += 1
    return hunters, sizes


def _sync_supply(state: State, seat: int, space: Space, new: Pieces) -> Supply:
    """The seat's ``Supply`` after the mirror's ``space`` changed to ``new``.

    Pieces put down come first from the unlocated ones a counts-only action moved to the
    board, then from the supply; pieces taken off go back to the supply (as far as the
    counts had them on the board)."""
    colour = state.colours[seat]
    supply = state.supplies[seat]
    old = state.board.pieces.get(space)
    old_hunters = old.hunters if old is not None and old.player == colour else 0
    old_size = old.structure if old is not None and old.player == colour else 0
    located_hunters, located_sizes = _located(state.board, colour)
    delta = new.hunters - old_hunters
    if delta > 0:
        unlocated = max(0, supply.hunters_board - located_hunters)
        supply = supply.deploy(delta - min(delta, unlocated))
    elif delta < 0:
        supply = supply.recall(min(-delta, supply.hunters_board))
    if new.structure != old_size:
        kind = STRUCTURE_ON[space[1]]
        held = supply.structures(kind)
        in_supply, on_board = list(held.supply), list(held.board)
        located = located_sizes[kind]
        if old_size:
            located[old_size] -= 1
            if old_size in on_board:
                on_board.remove(old_size)
                in_supply.append(old_size)
        if new.structure:
            unlocated = Counter(on_board) - located
            if not unlocated[new.structure]:
                if new.structure not in in_supply:
                    raise RuleError(
                        N_("you have no size-{size} {kind} in your supply; buy one at the "
                           "market first"),
                        size=new.structure, kind=kind,
                    )
                in_supply.remove(new.structure)
                on_board.append(new.structure)
        moved = Structures(tuple(sorted(in_supply)), tuple(sorted(on_board)), held.market)
        supply = replace(supply, **{"tents" if kind == "tent" else "canoes": moved})
    return supply


def _tile(state: State, event: Mapping[str, Any]) -> State:
    """``{"type": "tile", "at": [q, r], "tile": "B07" | "edges" + "animals",
    "rotation"?}`` — a tile on the mirror without an action (B4 still applies): for a
    table whose actions were counted without the board, or to catch up the mirror."""
    _not_over(state)
    board, _at = _place(state, event)
    return replace(state, board=board)


def _pieces(state: State, event: Mapping[str, Any]) -> State:
    """``{"type": "pieces", "at", "space", "seat"?, "hunters", "structure"}`` — what a
    space holds (B5): the seat's hunters and tent/canoe size, exactly; 0 and 0 clears the
    space (then ``seat`` may be left out). The supply follows (see ``_sync_supply``)."""
    _not_over(state)
    at = parse_hex(event.get("at"))
    terrain = parse_space(event.get("space"))
    hunters = event.get("hunters", 0)
    structure = event.get("structure", 0)
    if not _whole(hunters) or not 0 <= hunters <= HUNTERS_OWNED:
        raise RuleError(N_("hunters must be a whole number from 0 to {most}, not {value!r}"),
                        most=HUNTERS_OWNED, value=hunters)
    if not _whole(structure) or not 0 <= structure <= MAX_STRUCTURE:
        raise RuleError(
            N_("the {kind} size must be a whole number from 0 (none) to {most}, not "
               "{value!r}"), kind=STRUCTURE_ON[terrain], most=MAX_STRUCTURE, value=structure,
        )
    space = (at, terrain)
    if hunters == 0 and structure == 0 and event.get("seat") is None:
        there = state.board.pieces.get(space)
        if there is None:
            return replace(state, board=state.board.put(space, Pieces("", 0, 0)))
        seat = state.seat_of(there.player)
    else:
        seat = _seat(state, event)
    new = Pieces(state.colours[seat], hunters, structure)
    board = state.board.put(space, new)  # B5, no such tile, the 8-hunter / sizes limits
    supply = _sync_supply(state, seat, space, new)
    return replace(state, board=board, supplies=_with_seat(state, seat, supply=supply)[1])


def _place_tile_on_board(state: State, seat: int, event: Mapping[str, Any],
                         hunters: int) -> Board:
    """A ``place_tile`` action that says where: the tile, and the hunters on one of its
    spaces (B6)."""
    board, at = _place(state, event)
    if hunters:
        if "space" not in event:
            raise RuleError(N_("say on which space of the tile the {hunters} hunters stand"),
                            hunters=hunters)
        terrain = parse_space(event.get("space"))
        board = board.put((at, terrain), Pieces(state.colours[seat], hunters, 0))
    return board


def _build_on_board(state: State, board: Board, seat: int, kind: str,
                    raw: Sequence[Any], pairs: Sequence[tuple[int, int]]) -> Board:
    """Tent/canoe builds that say where: a size-n structure is built from n of the seat's
    hunters on that space, which return to the supply with the replaced structure (B6);
    shrinking (variant 2) puts a hunter there per removed diamond (B11)."""
    colour = state.colours[seat]
    for number, (item, (size, replaces)) in enumerate(zip(raw, pairs, strict=True), start=1):
        if "at" not in item:
            continue
        at = parse_hex(item["at"])
        terrain = parse_space(item.get("space"))
        check_structure_kind(terrain, kind)
        there = board.pieces.get((at, terrain))
        have_size = there.structure if there is not None and there.player == colour else 0
        have_hunters = there.hunters if there is not None and there.player == colour else 0
        if have_size != replaces:
            raise RuleError(
                N_("build {number}: the {terrain} at {at} has your size-{have} {kind}, not "
                   "size {replaces}"),
                number=number, terrain=terrain, at=show(at), have=have_size, kind=kind,
                replaces=replaces,
            )
        grow = size - replaces
        if grow > have_hunters:
            raise RuleError(
                N_("build {number}: a size-{size} {kind} needs {need} of your hunters on the "
                   "{terrain} at {at}; there are {have}"),
                number=number, size=size, kind=kind, need=grow, terrain=terrain,
                at=show(at), have=have_hunters,
            )
        board = board.put((at, terrain), Pieces(colour, have_hunters - grow, size))
    return board


# --- scoring (B8, B9, B10) -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Scoring:
    """A scoring of the mirror: each region's ranking and awards (B9), and for each seat
    the receipts region by region under the cap (B8), from ``before`` to ``after``.

    ``receipts[seat]`` pairs a region's index in ``regions`` with what ``receive`` did.
    ``final`` scores from empty stocks (B10)."""

    final: bool
    colours: tuple[str, ...]
    regions: tuple[RegionScore, ...]
    before: tuple[Stocks, ...]
    receipts: tuple[tuple[tuple[int, Receipt], ...], ...]
    after: tuple[Stocks, ...]

    def awards(self, seat: int) -> Amounts:
        """The seat's raw awards, before the cap."""
        gained = dict.fromkeys(ANIMALS, 0)
        for region in self.regions:
            for standing in region.standings:
                if standing.player == self.colours[seat]:
                    gained[region.animal] += standing.award
        return Amounts(**gained)

    def lost(self, seat: int) -> Amounts:
        lost = dict.fromkeys(ANIMALS, 0)
        for _index, receipt in self.receipts[seat]:
            for animal in ANIMALS:
                lost[animal] += receipt.lost.get(animal)
        return Amounts(**lost)

    def overflows(self, seat: int) -> tuple[tuple[int, Receipt], ...]:
        """The seat's receipts where a stock would have passed 15 (a choice to make)."""
        return tuple((i, r) for i, r in self.receipts[seat] if r.exchanges or r.lost.total)

    def award(self, seat: int, region: int) -> Amounts:
        """What region ``region`` awards the seat, before the cap (B9)."""
        score = self.regions[region]
        return Amounts.of(score.animal, score.awards.get(self.colours[seat], 0))

    def stocks_before(self, seat: int, region: int) -> Stocks:
        """The seat's stocks just before region ``region``'s award comes in: regions are
        received one at a time in scoring order (B9), each under the cap (B8)."""
        current = self.before[seat]
        for index, receipt in self.receipts[seat]:
            if index == region:
                break
            current = receipt.stocks
        return current

    def overflow(self, seat: int, region: int) -> Overflow | None:
        """The B8 choice region ``region``'s award gives the seat: the surplus above 15,
        its whole triples and the stocks they may go to; None when the award fits."""
        options = overflow_options(self.stocks_before(seat, region), self.award(seat, region))
        return options[0] if options else None  # a region awards a single animal


Choices = Mapping[tuple[int, int], Sequence[Any]]


def parse_choices(state: State, raw: object) -> dict[tuple[int, int], list[Any]]:
    """``[{"seat", "region", "exchanges": [{"give", "get"}, …]}, …]``: a seat's own 3:1
    exchanges for its award from one region (B8); unlisted awards use the default policy."""
    if raw is None:
        return {}
    if not isinstance(raw, list):
        raise RuleError(N_("exchanges must be a list like [{\"seat\": 0, \"region\": 2, "
                           "\"exchanges\": [{\"give\": \"bison\", \"get\": \"salmon\"}]}]"))
    choices: dict[tuple[int, int], list[Any]] = {}
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, Mapping) or not isinstance(item.get("exchanges"), list):
            raise RuleError(N_("exchange choice {number} must be an object with seat, region "
                               "and a list of exchanges"), number=number)
        seat = state.rounds.check_seat(item.get("seat"))
        region = item.get("region")
        if not _whole(region) or region < 0:
            raise RuleError(N_("exchange choice {number}: region must be a region number, "
                               "not {value!r}"), number=number, value=region)
        choices[(seat, region)] = list(item["exchanges"])
    return choices


def score_now(state: State, choices: Choices | None = None, *,
              final: bool | None = None) -> Scoring:
    """Score the mirror as it stands: the live standings "if the round ended now", the
    preview of the scoring screen, and what the ``score`` event applies.

    ``final`` defaults to "this is the last round" (B10: stocks go to 0 first)."""
    if final is None:
        final = state.rounds.finished or state.rounds.round >= state.rounds.rounds
    regions = score_board(state.board)
    choices = dict(choices or {})
    for seat, index in choices:
        if index >= len(regions) or not any(
            s.player == state.colours[seat] and s.award for s in regions[index].standings
        ):
            raise RuleError(
                N_("{player} receives nothing from region {region}; there is nothing to "
                   "exchange"), player=state.names[seat], region=index,
            )
    zero = Stocks(0, 0, 0)
    before = tuple(zero for _ in state.players) if final else state.stocks
    current = list(before)
    receipts: list[list[tuple[int, Receipt]]] = [[] for _ in state.players]
    for index, region in enumerate(regions):
        for standing in region.standings:
            if not standing.award:
                continue
            seat = state.seat_of(standing.player)
            receipt = receive(current[seat], Amounts.of(region.animal, standing.award),
                              choices.get((seat, index)))
            current[seat] = receipt.stocks
            receipts[seat].append((index, receipt))
    return Scoring(final, state.colours, regions, before,
                   tuple(tuple(r) for r in receipts), tuple(current))


def food_chart(state: State) -> list[list[int]]:
    """Each seat's food (the three stocks added up) at the start (B8: 10 of each) and
    after every scoring, one list per seat: the panel's chart."""
    start = Stocks.start().total
    return [[start, *(record.stocks[seat].total for record in state.log)]
            for seat in range(len(state.players))]


def _score(state: State, event: Mapping[str, Any]) -> State:
    """``{"type": "score", "exchanges"?, "override"?}`` — score the mirror and end the
    round: B9 region by region (prairie, mountain, river) with the B8 cap and the seats'
    chosen exchanges, markers cleared, the totem passed on. In the last round the stocks
    go to 0 first and this is the final scoring (B10); the game is then over."""
    if state.final_scored:
        raise RuleError(N_("the final scoring is done; the game is over"))
    choices = parse_choices(state, event.get("exchanges"))
    if state.rounds.finished:  # ended without the mirror's scoring: score it once, finally
        rounds, final = state.rounds, True
    else:
        rounds = state.rounds.end_round(override=_flag(event, "override"), names=state.names)
        final = rounds.finished
    result = score_now(state, choices, final=final)
    record = ScoreRecord(state.rounds.round, final, result.after,
                         tuple(result.lost(seat).total for seat in range(len(state.players))))
    return replace(state, stocks=result.after, rounds=rounds, log=(*state.log, record))


EVENTS = {
    "adjust": _adjust,
    "action": _action,
    "buy": _buy,
    "exchange": _exchange,
    "award": _award,
    "end_round": _end_round,
    "tile": _tile,
    "pieces": _pieces,
    "score": _score,
}


def apply(state: State, event: Mapping[str, Any]) -> State:
    """The next state after ``event``; ``RuleError`` (and no change) when refused.

    Event types: ``adjust`` (generic counter), ``action``, ``buy``, ``exchange``,
    ``award``, ``end_round``; each handler's docstring shows its fields.
    """
    if not isinstance(event, Mapping):
        raise RuleError(N_("an event must be an object with a \"type\""))
    kind = event.get("type")
    handler = EVENTS.get(kind)  # type: ignore[arg-type]
    if handler is None:
        raise RuleError(
            N_("unknown event type {type!r}; expected one of: {names}"),
            type=kind, names=", ".join(EVENTS),
        )
    return handler(state, event)


def counters(state: State) -> list[dict[str, int]]:
    """Each seat's three stocks."""
    return [stocks.as_dict() for stocks in state.stocks]


def to_json(state: State) -> dict[str, Any]:
    """The table as JSON-ready data for the app."""
    rounds = state.rounds
    return {
        "round": rounds.round,
        "rounds": rounds.rounds,
        "removed_tiles": removed_tiles_for(rounds.players),
        "start_seat": rounds.start_seat,
        "next_seat": rounds.next_seat,
        "round_complete": rounds.round_complete,
        "finished": rounds.finished,
        # B10 tie-break on the stocks as they stand: final while the final awards come in.
        "winners": _winners(state) if rounds.finished else [],
        "settings": state.settings.as_dict(),
        "seats": [
            {
                "stocks": state.stocks[seat].as_dict(),
                "total": state.stocks[seat].total,
                "actions": [action.value for action in rounds.markers[seat]],
                "actions_left": rounds.actions_left(seat),
                "available": [action.value for action in rounds.available(seat)],
                "tile_due": rounds.tile_due(seat),
                "pieces": state.supplies[seat].as_dict(),
            }
            for seat in range(len(state.players))
        ],
        "board": board_json(state),
        "log": [
            {"round": record.round, "final": record.final,
             "stocks": [stocks.as_dict() for stocks in record.stocks],
             "lost": list(record.lost)}
            for record in state.log
        ],
    }


def board_json(state: State) -> dict[str, Any]:
    """The mirror: tiles as they lie (edges already turned), pieces by seat, legal hexes."""
    board = state.board
    return {
        "tiles": [
            {"at": [q, r], "tile": placed.catalog_id, "rotation": placed.rotation,
             "edges": placed.tile.edges, "animals": placed.tile.animals_json(),
             "start": (q, r) in board.start}
            for (q, r), placed in sorted(board.tiles.items())
        ],
        "pieces": [
            {"at": [at[0], at[1]], "space": terrain, "seat": state.seat_of(pieces.player),
             "hunters": pieces.hunters, "structure": pieces.structure}
            for (at, terrain), pieces in sorted(board.pieces.items())
        ],
        "legal": [[q, r] for q, r in legal_hexes(state)],
    }


def _winners(state: State) -> list[int]:
    """The winning seats (B10); keyed by seat because two players may share a name."""
    best = winners({str(seat): stocks for seat, stocks in enumerate(state.stocks)})
    return [int(seat) for seat in best]


# --- history in plain words ----------------------------------------------------------


def _who(event: Mapping[str, Any], players: Sequence[Player]) -> str:
    seat = event.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        return players[seat].name
    return "?"


def _shown_at(event: Mapping[str, Any]) -> str:
    try:
        return show(parse_hex(event.get("at")))
    except RuleError:
        return "?"


def describe(event: Mapping[str, Any], players: Sequence[Player]) -> tuple[str, dict[str, Any]]:
    """The event in plain words: an ``N_`` template and its parameters.

    ``action`` and ``animal`` parameters are English words the companion may translate
    (action labels are ``N_``-marked in ``rounds.ACTION_LABELS``).
    """
    kind = event.get("type")
    who = _who(event, players)
    if kind == "adjust":
        delta = event.get("delta", 0)
        template = (N_("{player}: {counter} +{delta}") if isinstance(delta, int) and delta >= 0
                    else N_("{player}: {counter} {delta}"))
        return template, {"player": who, "counter": event.get("counter"), "delta": delta}
    if kind == "action":
        try:
            label = ACTION_LABELS[Action(event.get("action"))]
        except ValueError:
            label = str(event.get("action"))
        hunters = event.get("hunters", 0)
        params: dict[str, Any] = {"player": who, "action": label, "hunters": hunters}
        if hunters == 0:
            params["animal"] = event.get("gain")
            return N_("{player}: {action} without hunters, gained 1 {animal}"), params
        params["cost"] = COST_TABLE.get(hunters, "?")
        return N_("{player}: {action} with {hunters} hunters, paid {cost} animals"), params
    if kind == "buy":
        item = event.get("item")
        if item == "hunter":
            return N_("{player} bought a hunter at the market"), {"player": who}
        return (N_("{player} bought a size-{size} {item} at the market"),
                {"player": who, "size": event.get("size"), "item": item})
    if kind == "exchange":
        times = event.get("times", 1)
        return (N_("{player} exchanged {give_count} {give} for {get_count} {get}"),
                {"player": who, "give": event.get("give"), "get": event.get("get"),
                 "give_count": 3 * times if isinstance(times, int) else "?",
                 "get_count": times})
    if kind == "award":
        gains = event.get("gains") or {}
        return (N_("{player} received {bison} bison, {salmon} salmon and {turkey} turkey "
                   "from scoring"),
                {"player": who, **{a: gains.get(a, 0) for a in ANIMALS}})
    if kind == "tile":
        return (N_("tile {tile} placed at {at}"),
                {"tile": event.get("tile") or event.get("edges"), "at": _shown_at(event)})
    if kind == "pieces":
        return (N_("{player}: {hunters} hunters and a size-{structure} {kind} on the {space} "
                   "at {at}"),
                {"player": who, "hunters": event.get("hunters", 0),
                 "structure": event.get("structure", 0), "space": event.get("space"),
                 "kind": STRUCTURE_ON.get(str(event.get("space")), "tent"),
                 "at": _shown_at(event)})
    if kind == "score":
        return N_("the board was scored and the round ended"), {}
    if kind == "end_round":
        if event.get("override"):
            return N_("the round was ended by the table before all actions were taken"), {}
        return N_("the round ended"), {}
    return N_("unknown event {type}"), {"type": kind}


__all__ = [
    "COUNTERS",
    "GAME",
    "START_STOCK",
    "ScoreRecord",
    "Scoring",
    "Settings",
    "State",
    "apply",
    "board_json",
    "counters",
    "describe",
    "food_chart",
    "legal_hexes",
    "new_state",
    "prepare",
    "score_now",
    "to_json",
]
