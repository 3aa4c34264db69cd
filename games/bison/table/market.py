"""The Bison table's ``buy`` and ``exchange`` events: the market and the 3:1 exchange (B7).

Glossary
--------
market
    Hunters, tents and canoes for sale; a piece bought moves from the seat's market to its
    supply and costs the same number of each animal (``economy.market_price``).
exchange
    Three of one animal for one of another, any number of times, at any time (B7).

Standard library only.
"""

from __future__ import annotations

from dataclasses import replace

from games.bison.changes import Buy, Exchange
from games.bison.economy import ANIMALS, exchange, market_price
from games.bison.table.fields import not_over
from games.bison.table.state import State, with_seat
from games.errors import N_, RuleError


def on_buy(state: State, change: Buy) -> State:
    """``buy``: a hunter, or a tent or canoe of a size, from the market (B7).

    Not tied to turn order: the rulebooks allow buying at any time on your turn, and a
    player's turn includes the moment after their action, when the app already shows the
    next player.
    """
    seat = state.rounds.check_seat(change.seat)
    not_over(state)
    supply = state.supplies[seat]
    if change.size is None:  # a hunter (``changes.Buy``: a tent or canoe has its size)
        supply = supply.buy_hunter()
    else:
        supply = supply.buy_structure(change.item, change.size)
    price = market_price(change.size)
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


def on_exchange(state: State, change: Exchange) -> State:
    """``exchange``: 3:1, any time (B7)."""
    seat = state.rounds.check_seat(change.seat)
    not_over(state)
    times = 1 if change.times is None else change.times
    stocks = exchange(state.stocks[seat], change.give, change.get, times)
    return replace(state, stocks=with_seat(state, seat, stocks=stocks)[0])
