"""The Bison table's ``buy`` and ``exchange`` events: the market and the 3:1 exchange (B7).

Glossary
--------
market
    Hunters, tents and canoes for sale; a piece bought moves from the seat's market to its
    supply and costs the same number of each animal (``economy.HUNTER_PRICE``,
    ``economy.structure_price``).
exchange
    Three of one animal for one of another, any number of times, at any time (B7).

Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.bison.economy import (
    ANIMALS,
    HUNTER_PRICE,
    check_kind,
    check_size,
    exchange,
    structure_price,
)
from games.bison.table.fields import event_seat, not_over
from games.bison.table.state import State, with_seat
from games.errors import N_, RuleError


def on_buy(state: State, event: Mapping[str, Any]) -> State:
    """``{"type": "buy", "seat", "item": "hunter"|"tent"|"canoe", "size"?}`` (B7).

    Not tied to turn order: the rulebooks allow buying at any time on your turn, and a
    player's turn includes the moment after their action, when the app already shows the
    next player.
    """
    seat = event_seat(state, event)
    not_over(state)
    item = event.get("item")
    supply = state.supplies[seat]
    if item == "hunter":
        supply, price = supply.buy_hunter(), HUNTER_PRICE
    elif item in ("tent", "canoe"):
        size = check_size(event.get("size"))
        supply, price = supply.buy_structure(check_kind(item), size), structure_price(size)
    else:
        raise RuleError(N_("the market sells a hunter, a tent or a canoe, not {item!r}"), item=item)
    if any(state.stocks[seat].get(a) < price.get(a) for a in ANIMALS):
        raise RuleError(
            N_(
                "this costs {each} of each animal; you have {bison} bison, {salmon} salmon "
                "and {turkey} turkey"
            ),
            each=price.bison,
            **state.stocks[seat].as_dict(),
        )
    stocks = state.stocks[seat].minus(price)
    all_stocks, all_supplies = with_seat(state, seat, stocks=stocks, supply=supply)
    return replace(state, stocks=all_stocks, supplies=all_supplies)


def on_exchange(state: State, event: Mapping[str, Any]) -> State:
    """``{"type": "exchange", "seat", "give", "get", "times"?}`` — 3:1, any time (B7)."""
    seat = event_seat(state, event)
    not_over(state)
    stocks = exchange(
        state.stocks[seat], event.get("give"), event.get("get"), event.get("times", 1)
    )
    return replace(state, stocks=with_seat(state, seat, stocks=stocks)[0])
