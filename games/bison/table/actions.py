"""The Bison table's ``action`` and ``end_round`` events: the six actions and the round flow
(B4, B6, B11).

Glossary
--------
action
    One of the six actions (B6) for a seat, with 0–5 hunters: paid from the stocks (or,
    without hunters, one animal gained), marked on the seat's action markers.
builds
    A tent/canoe action's ``[{"size", "replaces", "at"?, "space"?}, …]``: what it builds
    or enlarges; several only with variant 1, shrinking only with variant 2 (B11).
counts only
    An action without board details: the supply counts follow, the mirror does not.
override
    ``"override": true`` lifts the turn-order check (or, for ``end_round``, the "everyone
    took their actions" check); no other rule is lifted.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.bison.economy import (
    ANIMALS,
    Stocks,
    action_cost,
    check_hunters,
    check_size,
    default_payment,
    gain,
    pay,
)
from games.bison.rounds import Action, check_action
from games.bison.table.board import build_on_board, place_tile_on_board
from games.bison.table.fields import event_seat, flag
from games.bison.table.state import Settings, State, with_seat
from games.errors import N_, RuleError, Term


def _builds(
    event: Mapping[str, Any], kind: str, hunters: int, settings: Settings
) -> list[tuple[int, int]]:
    """The ``builds`` of a tent/canoe action as (size, replaces) pairs, checked (B6, B11)."""
    raw = event.get("builds", [])
    if not isinstance(raw, list):
        raise RuleError(N_('builds must be a list like [{"size": 2, "replaces": 0}]'))
    if hunters == 0:
        if raw:
            raise RuleError(N_("an action without hunters builds nothing; it gains one animal"))
        return []
    if not raw:
        raise RuleError(
            N_('say which {kind} to build: builds needs at least one {{"size": n, "replaces": m}}'),
            kind=Term(kind),
        )
    if len(raw) > 1 and not settings.several_structures:
        raise RuleError(
            N_("one action builds or enlarges one {kind} (variant 1 allows several)"),
            kind=Term(kind),
        )
    pairs: list[tuple[int, int]] = []
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, Mapping) or "size" not in item:
            raise RuleError(
                N_('build {number} must be an object like {{"size": 2, "replaces": 0}}'),
                number=number,
            )
        size = check_size(item["size"], allow_zero=settings.variant_2)
        replaces = check_size(item.get("replaces", 0), allow_zero=True)
        if size <= replaces and not settings.variant_2:
            raise RuleError(
                N_(
                    "build {number}: a {kind} can only be built or enlarged, from size "
                    "{replaces} to a larger size, not {size} (variant 2 allows shrinking)"
                ),
                number=number,
                kind=Term(kind),
                replaces=replaces,
                size=size,
            )
        pairs.append((size, replaces))
    used = sum(abs(size - replaces) for size, replaces in pairs)
    if used != hunters:
        raise RuleError(
            N_("these builds use {used} hunters, but the action says {hunters}"),
            used=used,
            hunters=hunters,
        )
    return pairs


def paid(stocks: Stocks, hunters: int, event: Mapping[str, Any]) -> Stocks:
    """``stocks`` after an action with ``hunters`` (B6): the cost table's price, split as
    the event's ``payment`` says (else the default split), or with no hunters the one
    animal its ``gain`` names. Shared by the ``action`` event and the board's ``play``."""
    if hunters == 0:
        if event.get("payment"):
            raise RuleError(N_("an action without hunters costs nothing; it gains one animal"))
        if event.get("gain") is None:
            raise RuleError(
                N_("choose the animal you gain for an action without hunters: {names}"),
                names=", ".join(ANIMALS),
            )
        return gain(stocks, event["gain"])
    if event.get("gain") is not None:
        raise RuleError(N_("only an action without hunters gains an animal"))
    cost = action_cost(hunters)
    split = event.get("payment")
    return pay(stocks, default_payment(stocks, cost) if split is None else split, cost=cost)


def on_action(state: State, event: Mapping[str, Any]) -> State:
    """``{"type": "action", "seat", "action", "hunters", "payment"?, "gain"?, "builds"?,
    "override"?}`` — one of the six actions (B6)."""
    seat = event_seat(state, event)
    override = flag(event, "override")
    action = check_action(event.get("action"))
    hunters = check_hunters(event.get("hunters"))
    rounds = state.rounds.take(seat, action, override=override, names=state.names)
    stocks, supply = paid(state.stocks[seat], hunters, event), state.supplies[seat]

    board = state.board
    if action is Action.PLACE_TILE:
        if "at" in event:
            board = place_tile_on_board(state, seat, event, hunters)
        supply = supply.deploy(hunters)
    elif action in (Action.TENT, Action.CANOE):
        kind = action.value
        pairs = _builds(event, kind, hunters, state.settings)
        raw = event.get("builds", [])
        if any(isinstance(item, Mapping) and "at" in item for item in raw):
            # The space says most precisely what is wrong, so it is checked first.
            board = build_on_board(state, board, seat, kind, raw, pairs)
        supply = supply.rebuild(kind, pairs)
    else:
        # Counts only: the board will check which hunters can reach where (B3).
        needed = hunters + 1 if action is Action.GATHER and hunters else hunters
        if supply.hunters_board < needed:
            if action is Action.GATHER:
                raise RuleError(
                    N_(
                        "gathering {hunters} hunters needs {needed} of your hunters on the "
                        "board (one to gather at); you have {have}"
                    ),
                    hunters=hunters,
                    needed=needed,
                    have=supply.hunters_board,
                )
            raise RuleError(
                N_("you have only {have} hunters on the board, not {need}"),
                have=supply.hunters_board,
                need=hunters,
            )
    all_stocks, all_supplies = with_seat(state, seat, stocks=stocks, supply=supply)
    return replace(state, stocks=all_stocks, supplies=all_supplies, rounds=rounds, board=board)


def on_end_round(state: State, event: Mapping[str, Any]) -> State:
    """``{"type": "end_round", "override"?}`` — markers cleared, totem passed on (B4).

    After the last round the game is over and every stock is set to 0 (B10): the final
    scoring is then awarded from nothing, so leftover food does not count.
    """
    rounds = state.rounds.end_round(override=flag(event, "override"), names=state.names)
    if rounds.finished:
        empty = Stocks(0, 0, 0)
        return replace(state, rounds=rounds, stocks=(empty,) * len(state.players))
    return replace(state, rounds=rounds)
