"""The Bison table for the companion: stocks, actions, market, exchange and rounds as a fold.

Glossary
--------
state
    ``State``: the players, the settings, each seat's ``Stocks`` and ``Supply``, the
    ``Rounds`` (round, totem, action markers) and an optional ``board``.
board
    The seam for the board mirror (a later issue): ``None`` for now; helper A's ``Board``
    fills it, and board events (tiles, pieces, region scoring) then fold into it. Until
    then hunters, tents and canoes are tracked as counts by place (``Supply``).
event
    A JSON object with a ``"type"``; see ``apply`` for the types and their fields.
override
    ``"override": true`` on an ``action`` or ``end_round`` event lifts the turn-order check
    (or, for ``end_round``, the "everyone took 4 actions" check): the people at the table
    are the authority, the app only keeps track. No other rule is lifted.

This module follows the protocol of ``games/table.py`` (GAME, COUNTERS, new_state, prepare,
apply, counters, to_json, describe). Standard library only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.bison.economy import (
    ANIMALS,
    COST_TABLE,
    HUNTER_PRICE,
    START_STOCK,
    STOCK_CAP,
    Amounts,
    Stocks,
    Supply,
    action_cost,
    check_hunters,
    check_kind,
    check_size,
    default_payment,
    exchange,
    gain,
    pay,
    receive,
    structure_price,
)
from games.bison.rounds import (
    ACTION_LABELS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    Rounds,
    check_action,
    removed_tiles_for,
)
from games.bison.scoring import winners
from games.errors import N_, RuleError
from games.table import Player, check_range, parse_adjust

GAME = "bison"
COUNTERS: dict[str, tuple[int, int]] = {animal: (0, STOCK_CAP) for animal in ANIMALS}
DEFAULT_MAX_TOTEM_DISTANCE = 3  # B4: "at most 3 tiles from the totem"
MAX_TOTEM_DISTANCE_LIMIT = 10


@dataclass(frozen=True, slots=True)
class Settings:
    """Per-table choices: who starts, the variants (B11), the placement limit (B4)."""

    start_seat: int = 0
    variant_1: bool = False  # one tent/canoe action may build several structures
    variant_2: bool = False  # variant 1, plus shrinking and removing structures
    max_totem_distance: int = DEFAULT_MAX_TOTEM_DISTANCE

    @property
    def several_structures(self) -> bool:
        """Variant 2 includes variant 1 (B11)."""
        return self.variant_1 or self.variant_2

    def as_dict(self) -> dict[str, Any]:
        return {"start_seat": self.start_seat, "variant_1": self.variant_1,
                "variant_2": self.variant_2, "max_totem_distance": self.max_totem_distance}


@dataclass(frozen=True, slots=True)
class State:
    """A Bison table between two events."""

    players: tuple[Player, ...]
    settings: Settings
    stocks: tuple[Stocks, ...]
    supplies: tuple[Supply, ...]
    rounds: Rounds
    board: Any = None  # the later board mirror (helper A's Board); None until then

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(player.name for player in self.players)


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
    for name in ("variant_1", "variant_2"):
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
        1 <= distance <= MAX_TOTEM_DISTANCE_LIMIT
    ):
        raise RuleError(
            N_("max_totem_distance must be a whole number from 1 to {high}, not {value!r}"),
            high=MAX_TOTEM_DISTANCE_LIMIT, value=distance,
        )
    return Settings(start, raw.get("variant_1", False), raw.get("variant_2", False), distance)


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

    if action is Action.PLACE_TILE:
        supply = supply.deploy(hunters)
    elif action in (Action.TENT, Action.CANOE):
        kind = action.value
        supply = supply.rebuild(kind, _builds(event, kind, hunters, state.settings))
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
    return replace(state, stocks=all_stocks, supplies=all_supplies, rounds=rounds)


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


EVENTS = {
    "adjust": _adjust,
    "action": _action,
    "buy": _buy,
    "exchange": _exchange,
    "award": _award,
    "end_round": _end_round,
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
        # The board mirror (a later issue) will add its own JSON form here.
        "board": None,
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
    if kind == "end_round":
        if event.get("override"):
            return N_("the round was ended by the table before all actions were taken"), {}
        return N_("the round ended"), {}
    return N_("unknown event {type}"), {"type": kind}


__all__ = [
    "COUNTERS",
    "GAME",
    "START_STOCK",
    "Settings",
    "State",
    "apply",
    "counters",
    "describe",
    "new_state",
    "prepare",
    "to_json",
]
