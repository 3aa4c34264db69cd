"""B8 as the rulebooks say it: what a player may do when scoring would push a stock past 15.

Glossary
--------
overflowing animal
    An animal whose stock would pass 15 once the award is added (B8).
exchange
    3 of an overflowing animal — taken from its *whole* stock, not only from the part above
    15 — for 1 of another animal whose stock has room at that moment (B7, B8), any number of
    times.
buy
    A market purchase (B7) paid with the stocks: a hunter costs 1 of each animal, a tent or
    canoe of size n costs n of each. The piece moves from the seat's market to its supply.
choice
    ``Choice``: the exchanges and buys a player makes for one award. Exchanges whose target
    has room are made first, then the buys, then the other exchanges (a buy makes room), so
    the order the player tapped them in never makes a legal choice illegal.
discarded
    What still does not fit after the choice: it is lost (B8). The warning shown before the
    player confirms.
lost
    The food a choice throws away for nothing: the discarded animals and the 2 animals
    every exchange costs (3 given, 1 received). What the market took is not lost: it paid
    for a piece (B8 as amended).
market value
    What the bought pieces cost, all animals added up (a hunter 3, a size-n piece 3n).
proposal
    ``propose`` (B8 as amended): the legal choice that keeps the most food; among those the
    one that keeps the largest smallest stock (the B10 tie-break), then the one that buys
    the most market value (food that would be discarded anyway is free), then the fewest
    steps. A piece bought only with food that would be discarded keeps as much food as
    discarding it, so it is proposed. At the final scoring (B10) a piece is worth nothing:
    ``propose(…, market=False)`` only exchanges. The player may choose otherwise
    (``settle`` checks their choice).

How the companion uses it: when a scoring preview shows a seat's award would pass 15, call
``propose(stocks, award, supply)`` for the pre-filled choice and
``settle(…, Choice.nothing())`` for the warning "if you do nothing, you lose …"; when the
player changes the choice, ``settle`` again (a ``RuleError`` says what is illegal) and show
``Outcome.discarded``. The chosen ``Choice.as_json()`` goes into the ``score`` event's
``overflow`` list.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import product
from typing import Any

from games import fields
from games.bison.economy import (
    ANIMALS,
    EXCHANGE_RATE,
    EXCHANGES,
    HUNTER_PRICE,
    STOCK_CAP,
    Amounts,
    Exchange,
    Stocks,
    Supply,
    check_kind,
    check_size,
    structure_price,
)
from games.errors import N_, Phrase, PhraseList, RuleError, Term

#: The market pieces a buy names: ``hunter``, ``tent`` or ``canoe``.
ITEMS = ("hunter", "tent", "canoe")


@dataclass(frozen=True, slots=True, order=True)
class Buy:
    """One market purchase (B7): a hunter, or a tent or canoe of ``size`` (0 for a hunter)."""

    item: str
    size: int = 0

    @classmethod
    def from_json(cls, raw: object) -> Buy:
        """``{"item": "hunter"}`` or ``{"item": "tent"|"canoe", "size": n}``."""
        if isinstance(raw, Buy):
            return raw
        if not isinstance(raw, Mapping) or raw.get("item") not in ITEMS:
            raise RuleError(
                N_(
                    'a market buy must be an object like {"item": "tent", '
                    '"size": 2} or {"item": "hunter"}'
                )
            )
        item = raw["item"]
        if item == "hunter":
            return cls("hunter")
        return cls(check_kind(item), check_size(raw.get("size")))

    @property
    def price(self) -> Amounts:
        return HUNTER_PRICE if self.item == "hunter" else structure_price(self.size)

    def bought(self, supply: Supply) -> Supply:
        """The supply with this piece moved in from the market; refused when none is left."""
        if self.item == "hunter":
            return supply.buy_hunter()
        return supply.buy_structure(self.item, self.size)

    def as_json(self) -> dict[str, Any]:
        return (
            {"item": "hunter"} if self.item == "hunter" else {"item": self.item, "size": self.size}
        )


@dataclass(frozen=True, slots=True)
class Choice:
    """What a player does with one award that would pass the cap (B8)."""

    exchanges: tuple[Exchange, ...] = ()
    buys: tuple[Buy, ...] = ()

    @classmethod
    def nothing(cls) -> Choice:
        """No exchange, no buy: whatever passes 15 is lost."""
        return cls()

    @classmethod
    def from_json(cls, raw: object) -> Choice:
        """``{"exchanges": [{"give", "get", "times"?}, …], "buys": [{"item", "size"?}, …]}``."""
        if not isinstance(raw, Mapping):
            raise RuleError(N_("an overflow choice must be an object with exchanges and buys"))
        exchanges, buys = raw.get("exchanges", []), raw.get("buys", [])
        if not isinstance(exchanges, list) or not isinstance(buys, list):
            raise RuleError(N_("exchanges and buys must be lists"))
        made: list[Exchange] = []
        for item in exchanges:
            times = item.get("times", 1) if isinstance(item, Mapping) else 1
            fields.whole_number(times, EXCHANGES, 1, 10)
            plain = (
                {k: v for k, v in item.items() if k != "times"}
                if isinstance(item, Mapping)
                else item
            )
            made.extend([Exchange.from_json(plain)] * times)
        return cls(tuple(made), tuple(Buy.from_json(b) for b in buys))

    def as_json(self) -> dict[str, Any]:
        return {
            "exchanges": [e.as_dict() for e in self.exchanges],
            "buys": [b.as_json() for b in self.buys],
        }

    @property
    def steps(self) -> int:
        return len(self.exchanges) + len(self.buys)

    def phrases(self) -> PhraseList:
        """The choice in words, for the one-line summary of an over-15 case: "exchange 6
        bison → 2 salmon; buy a size-4 tent"; "nothing" when there is no step."""
        counted: dict[tuple[str, str], int] = {}
        for made in self.exchanges:
            counted[(made.give, made.get)] = counted.get((made.give, made.get), 0) + 1
        said = [
            Phrase(
                N_("exchange {given} {give} → {got} {get}"),
                given=EXCHANGE_RATE * times,
                give=Term(give),
                got=times,
                get=Term(get),
            )
            for (give, get), times in counted.items()
        ]
        said += [
            Phrase(N_("buy a hunter"))
            if buy.item == "hunter"
            else Phrase(N_("buy a size-{size} {kind}"), size=buy.size, kind=Term(buy.item))
            for buy in self.buys
        ]
        return PhraseList(said or [Phrase(N_("nothing"))])


@dataclass(frozen=True, slots=True)
class Outcome:
    """A choice carried out: the stocks and supply after it, what it spent at the market,
    what was discarded (the warning) and the food lost (see the glossary)."""

    choice: Choice
    stocks: Stocks
    supply: Supply
    spent: Amounts
    discarded: Amounts
    lost: int

    def key(self) -> tuple[int, int, int, int]:
        """The proposal's order (B8 as amended): most food kept, largest smallest stock,
        most market value, fewest steps; smaller is better."""
        return _key(self.stocks.total, self.stocks.smallest, self.spent.total, self.choice.steps)


def _key(kept: int, smallest: int, value: int, steps: int) -> tuple[int, int, int, int]:
    """``Outcome.key`` from its numbers, so the search can rank a choice before making it."""
    return (-kept, -smallest, -value, steps)


def overflowing(stocks: Stocks, gains: Amounts | Mapping[str, Any]) -> tuple[str, ...]:
    """The animals whose stock would pass 15 with ``gains`` (B8); empty when all fits."""
    gains = Amounts.from_mapping(gains, what="the gains")
    return tuple(a for a in ANIMALS if stocks.get(a) + gains.get(a) > STOCK_CAP)


def settle(
    stocks: Stocks,
    gains: Amounts | Mapping[str, Any],
    supply: Supply,
    choice: Choice | Mapping[str, Any] | None = None,
) -> Outcome:
    """Receive ``gains`` with the player's ``choice`` (B8); ``RuleError`` when illegal.

    Exchanges may only give an overflowing animal (3 from its whole stock) and need room in
    the stock received at that moment; buys need the piece in the seat's market and every
    stock able to pay. ``None`` means "nothing": whatever passes 15 is lost.
    """
    gains = Amounts.from_mapping(gains, what="the gains")
    if choice is None:
        choice = Choice.nothing()
    elif not isinstance(choice, Choice):
        choice = Choice.from_json(choice)
    over = overflowing(stocks, gains)
    if choice.steps and not over:
        raise RuleError(
            N_("nothing passes {cap} here, so there is nothing to exchange or buy with"),
            cap=STOCK_CAP,
        )
    value = {a: stocks.get(a) + gains.get(a) for a in ANIMALS}
    deferred: list[tuple[int, Exchange]] = []

    def exchange(number: int, made: Exchange) -> None:
        if made.give not in over:
            raise RuleError(
                N_(
                    "exchange {number}: only an animal that passes {cap} can be exchanged "
                    "here, and {animal} does not"
                ),
                number=number,
                cap=STOCK_CAP,
                animal=Term(made.give),
            )
        if value[made.give] < EXCHANGE_RATE:
            raise RuleError(
                N_("exchange {number}: you have only {have} {animal} left, not {rate}"),
                number=number,
                have=value[made.give],
                animal=Term(made.give),
                rate=EXCHANGE_RATE,
            )
        made.make(value, number)

    # Exchanges into stocks with room first, then the buys (which make room), then the
    # rest: the most permissive order, so no legal set of steps is refused for its order.
    for number, made in enumerate(choice.exchanges, start=1):
        if value[made.get] < STOCK_CAP:
            exchange(number, made)
        else:
            deferred.append((number, made))
    spent = dict.fromkeys(ANIMALS, 0)
    for buy in choice.buys:
        supply = buy.bought(supply)
        price = buy.price
        short = [a for a in ANIMALS if value[a] < price.get(a)]
        if short:
            raise RuleError(
                N_("buying this costs {each} of each animal; you would have only {have} {animal}"),
                each=price.get(ANIMALS[0]),
                have=value[short[0]],
                animal=Term(short[0]),
            )
        for a in ANIMALS:
            value[a] -= price.get(a)
            spent[a] += price.get(a)
    for number, made in deferred:
        exchange(number, made)
    discarded = Amounts(**{a: max(0, value[a] - STOCK_CAP) for a in ANIMALS})
    kept = Stocks(**{a: min(value[a], STOCK_CAP) for a in ANIMALS})
    market = Amounts(**spent)
    lost = stocks.total + gains.total - kept.total - market.total
    return Outcome(choice, kept, supply, market, discarded, lost)


def _price_sets(supply: Supply) -> dict[int, tuple[Buy, ...]]:
    """Every total price (per animal) the seat's market can be bought for, each with the
    fewest pieces that make it; among those the one with the largest piece (a size-4 tent
    is the hardest to build), then the first found (hunters before tents before canoes)."""
    pieces = (
        [Buy("hunter")] * supply.hunters_market
        + [Buy("tent", s) for s in supply.tents.market]
        + [Buy("canoe", s) for s in supply.canoes.market]
    )

    def rank(chosen: tuple[Buy, ...]) -> tuple[int, int]:
        return len(chosen), -max((b.price.bison for b in chosen), default=0)

    best: dict[int, tuple[Buy, ...]] = {0: ()}
    for piece in pieces:
        price = piece.price.bison
        for total, chosen in sorted(best.items()):
            new, made = total + price, (*chosen, piece)
            if new <= STOCK_CAP and (new not in best or rank(best[new]) > rank(made)):
                best[new] = made
    return best


def _flows(start: Mapping[str, int], over: tuple[str, ...]) -> list[list[tuple[str, str, int]]]:
    """For each two animals, the exchanges between them worth weighing: n times one way
    (only from an overflowing animal). Both ways at once only throws 4 animals away per
    round trip, so it is never weighed."""
    flows = []
    for i, first in enumerate(ANIMALS):
        for second in ANIMALS[i + 1 :]:
            options = [("", "", 0)]
            for give, get in ((first, second), (second, first)):
                if give in over:
                    most = start[give] // EXCHANGE_RATE
                    options += [(give, get, n) for n in range(1, most + 1)]
            flows.append(options)
    return flows


def _ranked(
    stocks: Stocks, gains: Amounts, supply: Supply, market: bool
) -> list[tuple[tuple[int, int, int, int], Choice]]:
    """Every choice ``propose`` weighs with the key its outcome would have if legal, best
    first: each count of exchanges from each overflowing animal into each other animal,
    with each total market price (its fewest pieces). Outcomes depend only on those
    numbers, so nothing better is left out."""
    over = overflowing(stocks, gains)
    if not over:
        whole = [stocks.get(a) + gains.get(a) for a in ANIMALS]
        return [(_key(sum(whole), min(whole), 0, 0), Choice.nothing())]
    start = {a: stocks.get(a) + gains.get(a) for a in ANIMALS}
    prices = _price_sets(supply) if market else {0: ()}
    weighed: list[tuple[tuple[int, int, int, int], tuple[tuple[str, str, int], ...], int]] = []
    for flows in product(*_flows(start, over)):
        value = dict(start)
        steps = 0
        for give, get, n in flows:
            if n:
                value[give] -= EXCHANGE_RATE * n
                value[get] += n
                steps += n
        if any(v < 0 for v in value.values()):
            continue
        for price, buys in prices.items():
            final = [value[a] - price for a in ANIMALS]
            if min(final) < 0:
                continue
            kept = [min(v, STOCK_CAP) for v in final]
            key = _key(sum(kept), min(kept), price * len(ANIMALS), steps + len(buys))
            weighed.append((key, flows, price))
    weighed.sort(key=lambda item: item[0])
    return [
        (
            key,
            Choice(
                tuple(Exchange(g, t) for g, t, n in flows for _ in range(n)),
                prices[price],
            ),
        )
        for key, flows, price in weighed
    ]


def propose(
    stocks: Stocks, gains: Amounts | Mapping[str, Any], supply: Supply, *, market: bool = True
) -> Outcome:
    """The choice the app pre-fills (B8 as amended, B10): the most food kept, then the
    largest smallest stock, then the most market value, then the fewest steps; the first
    of those ``settle`` accepts. ``market=False`` (the final scoring) buys nothing."""
    gains = Amounts.from_mapping(gains, what="the gains")
    for _rank, choice in _ranked(stocks, gains, supply, market):
        try:
            return settle(stocks, gains, supply, choice)
        except RuleError:
            continue
    return settle(stocks, gains, supply)  # unreachable: "nothing" is always legal
