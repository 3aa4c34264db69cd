"""Bison's economy: food stocks, the action cost table, the market, 3:1 exchange, the cap.

Glossary
--------
animal
    One of ``ANIMALS``: ``bison`` (prairie), ``salmon`` (river), ``turkey`` (mountain).
stock
    A player's food track for one animal, 0 to 15 (B8); every stock starts at 10.
amounts
    Some number (≥ 0) of each animal: a payment, a price, gains from scoring.
cost table (B6)
    What an action costs by the number of hunters it uses: 0 hunters *gains* one animal of
    the player's choice, 1 costs nothing, then 2, 4, 7, 10 animals for 2 to 5 hunters,
    split freely across the three stocks.
split
    How a payment is divided across the stocks, e.g. ``{"bison": 1, "turkey": 3}``.
market (B7)
    Where a player's spare pieces wait to be bought: a hunter costs one of each animal, a
    tent or canoe of size n costs n of each. Buying moves the piece from the market into
    the player's supply. No action marker is used.
exchange (B7)
    Three of one animal for one of another, at any time.
surplus (B8)
    What a stock would hold above 15 after scoring. Whole triples of surplus may be
    exchanged 3:1 into other stocks with room; whatever is left over is lost.
supply
    A player's pieces at hand, ready to use; as opposed to the pieces on the board and the
    pieces still in the market. Each player owns 8 hunters (4 in supply, 4 in the market at
    the start) and tents and canoes of sizes 1, 1, 2, 2, 3, 4 each (one size-1 and one
    size-2 of each in supply at the start, the rest in the market).

Everything here is a pure function of frozen values; refusals raise ``RuleError``, with
the animals and structure kinds in them as ``Term``s (marked in ``tiles.TERMS``) so the
companion translates them with the sentence.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import product
from typing import Any, TypeGuard

from games import fields
from games.errors import N_, Phrase, RuleError, Term

# Re-exported: the print kit counts the pieces it draws from here.
from .components import HUNTERS_OWNED as HUNTERS_OWNED
from .components import STRUCTURE_SIZES as STRUCTURE_SIZES

ANIMALS = ("bison", "salmon", "turkey")
STOCK_CAP = 15
START_STOCK = 10
MAX_HUNTERS_PER_ACTION = 5
EXCHANGE_RATE = 3  # give 3 of one animal, get 1 of another (B7)

# B6: hunters used -> animals paid. The rulebooks print "+1" for 0 hunters: a negative
# cost, i.e. the player *gains* one animal of their choice.
COST_TABLE: Mapping[int, int] = {0: -1, 1: 0, 2: 2, 3: 4, 4: 7, 5: 10}
MAX_COST = max(COST_TABLE.values())  # the dearest action: 10 animals for 5 hunters
# A full stock (15) pays for at most 5 exchanges at once: the most one exchange asks for.
MOST_EXCHANGES = STOCK_CAP // EXCHANGE_RATE

START_HUNTERS = 4
STRUCTURE_KINDS = ("tent", "canoe")
START_STRUCTURES = (1, 2)


def check_animal(animal: object) -> str:
    """Return ``animal`` if it names one of the three animals, else refuse."""
    return fields.one_of(
        animal, ANIMALS, N_("unknown animal {animal!r}; expected one of: {names}"), "animal"
    )


#: The fields of an economy refusal, in the players' words (issue 26).
STRUCTURE_SIZE = Term(N_("the structure size"))
EXCHANGES = Term(N_("the number of exchanges"))


def _whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Amounts:
    """Some number (≥ 0) of each animal: a payment, a price, gains, losses."""

    bison: int = 0
    salmon: int = 0
    turkey: int = 0

    def __post_init__(self) -> None:
        for animal in ANIMALS:
            fields.whole_number(
                getattr(self, animal), Phrase(N_("the number of {animal}"), animal=Term(animal))
            )

    @classmethod
    def of(cls, animal: str, count: int) -> Amounts:
        """``count`` of one animal and none of the others."""
        return cls(**{check_animal(animal): count})

    @classmethod
    def each(cls, count: int) -> Amounts:
        """``count`` of every animal (a market price)."""
        return cls(count, count, count)

    @classmethod
    def from_mapping(cls, raw: object, *, what: str = "amounts") -> Amounts:
        """Read ``{"bison": 1, …}`` (missing animals are 0); refuse anything else."""
        if isinstance(raw, Amounts):
            return cls(raw.bison, raw.salmon, raw.turkey)
        if not isinstance(raw, Mapping):
            raise RuleError(
                N_('{what} must be an object like {{"bison": 1, "salmon": 0, "turkey": 2}}'),
                what=what,
            )
        for key in raw:
            check_animal(key)
        return cls(**{animal: raw.get(animal, 0) for animal in ANIMALS})

    def get(self, animal: str) -> int:
        return int(getattr(self, check_animal(animal)))

    @property
    def total(self) -> int:
        return self.bison + self.salmon + self.turkey

    def as_dict(self) -> dict[str, int]:
        return {animal: getattr(self, animal) for animal in ANIMALS}


@dataclass(frozen=True, slots=True)
class Stocks(Amounts):
    """A player's three food stocks, each 0 to 15 (B8)."""

    def __post_init__(self) -> None:
        for animal in ANIMALS:
            fields.whole_number(
                getattr(self, animal),
                Phrase(N_("the {animal} stock"), animal=Term(animal)),
                0,
                STOCK_CAP,
            )

    @classmethod
    def start(cls) -> Stocks:
        """10 of each animal, the stocks at the start of the game (B8)."""
        return cls(START_STOCK, START_STOCK, START_STOCK)

    @property
    def smallest(self) -> int:
        """The smallest stock: the final tie-break (B10) compares it."""
        return min(self.bison, self.salmon, self.turkey)

    def room(self, animal: str) -> int:
        """How many more of ``animal`` fit before the cap."""
        return STOCK_CAP - self.get(animal)

    def plus(self, amounts: Amounts) -> Stocks:
        """Add ``amounts``; refuse when a stock would pass 15 (use ``receive`` to cap)."""
        for animal in ANIMALS:
            if amounts.get(animal) > self.room(animal):
                raise RuleError(
                    N_("{animal} would be {value}; a stock holds at most {cap}"),
                    animal=Term(animal),
                    value=self.get(animal) + amounts.get(animal),
                    cap=STOCK_CAP,
                )
        return Stocks(*(self.get(a) + amounts.get(a) for a in ANIMALS))

    def minus(self, amounts: Amounts) -> Stocks:
        """Take ``amounts`` away; refuse when a stock would go below 0."""
        for animal in ANIMALS:
            if amounts.get(animal) > self.get(animal):
                raise RuleError(
                    N_("you have only {have} {animal}, not the {need} needed"),
                    have=self.get(animal),
                    animal=Term(animal),
                    need=amounts.get(animal),
                )
        return Stocks(*(self.get(a) - amounts.get(a) for a in ANIMALS))


# --- B6: the cost table and paying for an action --------------------------------------


def check_hunters(hunters: object) -> int:
    """Return ``hunters`` if an action may use that many (0–5, B6), else refuse."""
    if not _whole(hunters) or not 0 <= hunters <= MAX_HUNTERS_PER_ACTION:
        raise RuleError(
            N_("an action uses 0 to {most} hunters, not {hunters!r}"),
            most=MAX_HUNTERS_PER_ACTION,
            hunters=hunters,
        )
    return hunters


def action_cost(hunters: int) -> int:
    """Animals paid for an action using ``hunters`` hunters (B6).

    ``-1`` for 0 hunters: the player gains one animal of their choice instead of paying.
    More than 5 hunters is refused.
    """
    return COST_TABLE[check_hunters(hunters)]


def pay(stocks: Stocks, split: Amounts | Mapping[str, Any], *, cost: int) -> Stocks:
    """Pay ``cost`` animals divided as ``split``; refuse a wrong total or a missing animal."""
    if stocks.total < cost:
        raise RuleError(
            N_("this costs {cost} animals but you have only {total}"),
            cost=cost,
            total=stocks.total,
        )
    amounts = Amounts.from_mapping(split, what="the payment")
    if amounts.total != cost:
        raise RuleError(
            N_("the payment must add up to {cost} animals, not {given}"),
            cost=cost,
            given=amounts.total,
        )
    return stocks.minus(amounts)


def default_payment(stocks: Stocks, cost: int) -> Amounts:
    """The split pre-filled for the player: one animal at a time from the largest stock.

    Each animal is taken from whichever stock is largest at that moment (ties: bison, then
    salmon, then turkey), so a payment levels the stocks instead of draining one. That keeps
    the smallest stock high, which is what the final tie-break rewards (B10), and keeps
    every animal available for market prices that need one of each (B7).
    """
    if cost < 0:
        raise RuleError(N_("a payment cannot be negative ({cost})"), cost=cost)
    if stocks.total < cost:
        raise RuleError(
            N_("this costs {cost} animals but you have only {total}"),
            cost=cost,
            total=stocks.total,
        )
    left = stocks.as_dict()
    taken = dict.fromkeys(ANIMALS, 0)
    for _ in range(cost):
        # max() keeps the first of equal stocks: ANIMALS order breaks ties.
        animal = max(ANIMALS, key=lambda a: left[a])
        left[animal] -= 1
        taken[animal] += 1
    return Amounts(**taken)


#: The ways to pay a player may choose before the cost is known (a one-tap build or
#: gather): ``level`` (``default_payment``), ``first.<animal>`` (as much of that animal as
#: it allows, the rest levelled), ``spare.<animal>`` (none of it, the rest levelled).
PAYMENT_WAYS = ("level", *(f"first.{a}" for a in ANIMALS), *(f"spare.{a}" for a in ANIMALS))


def payment_way(stocks: Stocks, cost: int, way: object) -> Amounts:
    """The split of ``cost`` that ``way`` (one of ``PAYMENT_WAYS``) says; refused when the
    way is unknown or the stocks cannot pay it so (sparing an animal may leave too few)."""
    if way not in PAYMENT_WAYS:
        raise RuleError(N_("the payment {value} is not understood"), value=way)
    kind, _dot, animal = str(way).partition(".")
    if kind == "first":
        first = min(stocks.get(animal), cost)
        rest = default_payment(stocks.minus(Amounts.of(animal, first)), cost - first)
        return Amounts(**{a: rest.get(a) + (first if a == animal else 0) for a in ANIMALS})
    if kind == "spare":
        return default_payment(
            Stocks(*(0 if a == animal else stocks.get(a) for a in ANIMALS)), cost
        )
    return default_payment(stocks, cost)


def payment_options(stocks: Stocks, cost: int) -> tuple[Amounts, ...]:
    """The splits of ``cost`` a phone offers as one-tap chips (B6: "split freely"),
    ``default_payment`` first (pre-filled), none the stocks cannot pay, no split twice.

    A cost of 2 has only six splits, all offered. Larger costs have up to 66, too many to
    tap through, so the chips are the splits of the ``PAYMENT_WAYS`` a player reaches for
    at a table. Empty when the stocks cannot pay."""
    if cost <= 0 or stocks.total < cost:
        return ()
    chosen = [default_payment(stocks, cost)]
    if cost <= 2:
        chosen += [
            Amounts(*split)
            for split in product(range(cost + 1), repeat=len(ANIMALS))
            if sum(split) == cost
        ]
    for way in PAYMENT_WAYS:
        try:
            chosen.append(payment_way(stocks, cost, way))
        except RuleError:
            continue  # sparing this animal leaves too few to pay
    payable = [split for split in chosen if all(split.get(a) <= stocks.get(a) for a in ANIMALS)]
    return tuple(dict.fromkeys(payable))


def gain(stocks: Stocks, animal: object) -> Stocks:
    """The 0-hunter action: one animal of the player's choice (B6)."""
    animal = check_animal(animal)
    if stocks.room(animal) == 0:
        raise RuleError(
            N_("your {animal} stock is already full at {cap}; choose another animal"),
            animal=Term(animal),
            cap=STOCK_CAP,
        )
    return stocks.plus(Amounts.of(animal, 1))


# --- B7: market prices and the 3:1 exchange ------------------------------------------


def check_kind(kind: object) -> str:
    """Return ``kind`` if it is ``tent`` or ``canoe``, else refuse."""
    if kind not in STRUCTURE_KINDS:
        raise RuleError(
            N_("unknown structure {kind!r}; expected tent or canoe"),
            kind=kind,
        )
    return kind


def check_size(size: object, *, allow_zero: bool = False) -> int:
    """Return ``size`` if it is a structure size (1–4; 0 = none when allowed)."""
    low = 0 if allow_zero else 1
    return fields.whole_number(size, STRUCTURE_SIZE, low, max(STRUCTURE_SIZES))


HUNTER_PRICE = Amounts.each(1)


def structure_price(size: int) -> Amounts:
    """A tent or canoe of size n costs n of each animal (B7): a size-3 tent is 9 animals."""
    return Amounts.each(check_size(size))


def market_price(size: int | None) -> Amounts:
    """What the market asks (B7): a hunter (no ``size``), or a tent or canoe of ``size``."""
    return HUNTER_PRICE if size is None else structure_price(size)


def exchange(stocks: Stocks, give: object, get: object, times: object = 1) -> Stocks:
    """Exchange ``3 × times`` of ``give`` for ``times`` of ``get`` (B7)."""
    give, get = check_animal(give), check_animal(get)
    if give == get:
        raise RuleError(
            N_("exchange one animal for a different one, not {animal} for {animal}"),
            animal=Term(give),
        )
    count = fields.whole_number(times, EXCHANGES, 1)
    need = EXCHANGE_RATE * count
    if stocks.get(give) < need:
        raise RuleError(
            N_("exchanging for {count} {get} needs {need} {give}; you have {have}"),
            count=count,
            get=Term(get),
            need=need,
            give=Term(give),
            have=stocks.get(give),
        )
    if stocks.room(get) < count:
        raise RuleError(
            N_("your {animal} stock has room for only {room} more"),
            animal=Term(get),
            room=stocks.room(get),
        )
    return stocks.minus(Amounts.of(give, need)).plus(Amounts.of(get, count))


# --- B8: receiving scoring awards under the cap --------------------------------------


@dataclass(frozen=True, slots=True)
class Exchange:
    """One 3:1 exchange made with surplus: 3 ``give`` become 1 ``get``."""

    give: str
    get: str

    @classmethod
    def from_json(cls, raw: object) -> Exchange:
        if isinstance(raw, Exchange):
            return raw
        if not isinstance(raw, Mapping) or set(raw) != {"give", "get"}:
            raise RuleError(
                # No parameters, so no str.format: single braces.
                N_('an exchange must be an object like {"give": "bison", "get": "salmon"}')
            )
        give, get = check_animal(raw["give"]), check_animal(raw["get"])
        if give == get:
            raise RuleError(
                N_("exchange one animal for a different one, not {animal} for {animal}"),
                animal=Term(give),
            )
        return cls(give, get)

    def as_dict(self) -> dict[str, str]:
        return {"give": self.give, "get": self.get}

    def make(self, value: dict[str, int], number: int) -> None:
        """Carry it out on the stocks ``value`` (in place): 3 ``give`` become 1 ``get``
        (B7), refused when the ``get`` stock is full at 15 (B8). ``number``: its place
        among the player's exchanges, for the refusal. What may be given is the caller's
        rule (surplus only, or an overflowing animal)."""
        if value[self.get] >= STOCK_CAP:
            raise RuleError(
                N_("exchange {number}: your {animal} stock is full at {cap}"),
                number=number,
                animal=Term(self.get),
                cap=STOCK_CAP,
            )
        value[self.give] -= EXCHANGE_RATE
        value[self.get] += 1


@dataclass(frozen=True, slots=True)
class Receipt:
    """What ``receive`` did: the new stocks, the exchanges made, what was lost per animal."""

    stocks: Stocks
    exchanges: tuple[Exchange, ...]
    lost: Amounts
    buys: tuple[Any, ...] = ()  # market buys paid with the award (``overflow.Buy``, B8)


def receive(
    stocks: Stocks,
    gains: Amounts | Mapping[str, Any],
    exchanges: Iterable[object] | None = None,
) -> Receipt:
    """Add scoring ``gains`` under the 15 cap (B8).

    Surplus (what would pass 15) may be exchanged 3:1, one triple at a time, into another
    stock with room; the rest is lost. ``exchanges`` is the player's own choice, in order;
    only surplus may be given and the stock received must have room at that moment. When
    ``exchanges`` is ``None`` the default policy decides, repeating until nothing more can
    be saved:

    * the source is the animal with the most surplus left (ties: bison, salmon, turkey);
    * the target is the smallest *other* stock that still has room, counted after the
      exchanges already made (ties: bison, salmon, turkey).

    Giving three to get one loses two animals, but the alternative is losing all three.
    """
    if not isinstance(gains, Amounts):  # an Amounts is checked already (and immutable)
        gains = Amounts.from_mapping(gains, what="the gains")
    value = {
        "bison": stocks.bison + gains.bison,
        "salmon": stocks.salmon + gains.salmon,
        "turkey": stocks.turkey + gains.turkey,
    }  # may pass 15 for now
    if exchanges is None and max(value.values()) <= STOCK_CAP:
        # Nothing passes the cap: no surplus, no exchange, nothing lost (the common case
        # while final scoring fills stocks from 0).
        return Receipt(Stocks(**value), (), Amounts())

    def surplus(animal: str) -> int:
        return max(0, value[animal] - STOCK_CAP)

    made: list[Exchange] = []
    if exchanges is None:
        while True:
            sources = [a for a in ANIMALS if surplus(a) >= EXCHANGE_RATE]
            if not sources:
                break
            give = max(sources, key=surplus)
            targets = [a for a in ANIMALS if a != give and value[a] < STOCK_CAP]
            if not targets:
                break
            get = min(targets, key=lambda a: value[a])
            chosen = Exchange(give, get)
            chosen.make(value, len(made) + 1)
            made.append(chosen)
    else:
        for number, raw in enumerate(exchanges, start=1):
            choice = Exchange.from_json(raw)
            if surplus(choice.give) < EXCHANGE_RATE:
                raise RuleError(
                    N_(
                        "exchange {number}: only surplus above {cap} can be exchanged here, "
                        "and {animal} has {surplus} over {cap}, not {rate}"
                    ),
                    number=number,
                    cap=STOCK_CAP,
                    animal=Term(choice.give),
                    surplus=surplus(choice.give),
                    rate=EXCHANGE_RATE,
                )
            choice.make(value, number)
            made.append(choice)
    lost = Amounts(**{a: surplus(a) for a in ANIMALS})
    kept = Stocks(**{a: min(value[a], STOCK_CAP) for a in ANIMALS})
    return Receipt(kept, tuple(made), lost)


@dataclass(frozen=True, slots=True)
class Overflow:
    """The choice a stock passing 15 gives its player (B8): ``surplus`` animals above the
    cap, of which each whole triple may become one of ``targets`` (the other animals whose
    stocks still have room); whatever is left over is lost."""

    animal: str
    surplus: int
    targets: tuple[str, ...]

    @property
    def triples(self) -> int:
        """How many 3:1 exchanges the surplus allows (its whole triples)."""
        return self.surplus // EXCHANGE_RATE


def overflow_options(stocks: Stocks, gains: Amounts | Mapping[str, Any]) -> tuple[Overflow, ...]:
    """What receiving ``gains`` on ``stocks`` lets the player choose (B8): one ``Overflow``
    per animal that would pass the cap, in ``ANIMALS`` order; none when everything fits.

    This is what ``receive`` lets a player's own ``exchanges`` give: only surplus, only into
    a stock with room (counted after all of ``gains``, before any exchange).
    """
    gains = Amounts.from_mapping(gains, what="the gains")
    value = {a: stocks.get(a) + gains.get(a) for a in ANIMALS}
    return tuple(
        Overflow(
            animal,
            value[animal] - STOCK_CAP,
            tuple(a for a in ANIMALS if a != animal and value[a] < STOCK_CAP),
        )
        for animal in ANIMALS
        if value[animal] > STOCK_CAP
    )


# --- the pieces: supply, board, market ----------------------------------------------


def _without(pieces: tuple[int, ...], size: int) -> tuple[int, ...]:
    index = pieces.index(size)
    return pieces[:index] + pieces[index + 1 :]


def _with(pieces: tuple[int, ...], size: int) -> tuple[int, ...]:
    return tuple(sorted((*pieces, size)))


@dataclass(frozen=True, slots=True)
class Structures:
    """One player's tents (or canoes) by place; each tuple lists sizes, smallest first."""

    supply: tuple[int, ...]
    board: tuple[int, ...]
    market: tuple[int, ...]

    @classmethod
    def start(cls) -> Structures:
        market = list(STRUCTURE_SIZES)
        for size in START_STRUCTURES:
            market.remove(size)
        return cls(START_STRUCTURES, (), tuple(market))

    def as_dict(self) -> dict[str, list[int]]:
        return {"supply": list(self.supply), "board": list(self.board), "market": list(self.market)}


@dataclass(frozen=True, slots=True)
class Supply:
    """Where one player's 8 hunters, 6 tents and 6 canoes are: supply, board, market.

    Counts only: *which space* a piece is on is the board's business
    (``games/bison/board.py``); this keeps the three places in step so the app can refuse
    "no hunter in your supply" and show what is left to buy.
    """

    hunters_supply: int
    hunters_board: int
    hunters_market: int
    tents: Structures
    canoes: Structures

    @classmethod
    def start(cls) -> Supply:
        return cls(
            START_HUNTERS, 0, HUNTERS_OWNED - START_HUNTERS, Structures.start(), Structures.start()
        )

    def structures(self, kind: str) -> Structures:
        return self.tents if check_kind(kind) == "tent" else self.canoes

    def _with_structures(self, kind: str, structures: Structures) -> Supply:
        if kind == "tent":
            return replace(self, tents=structures)
        return replace(self, canoes=structures)

    def buy_hunter(self) -> Supply:
        """Market → supply (the price is paid separately: ``HUNTER_PRICE``)."""
        if self.hunters_market == 0:
            raise RuleError(N_("there are no more of your hunters in the market"))
        return replace(
            self, hunters_supply=self.hunters_supply + 1, hunters_market=self.hunters_market - 1
        )

    def buy_structure(self, kind: str, size: int) -> Supply:
        """Market → supply for one tent or canoe of ``size``."""
        held = self.structures(kind)
        size = check_size(size)
        if size not in held.market:
            raise RuleError(
                N_("there is no size-{size} {kind} of yours left in the market"),
                size=size,
                kind=Term(kind),
            )
        return self._with_structures(
            kind, replace(held, supply=_with(held.supply, size), market=_without(held.market, size))
        )

    def deploy(self, hunters: int) -> Supply:
        """Supply → board: hunters put on a newly placed tile (B6, place_tile)."""
        if hunters > self.hunters_supply:
            raise RuleError(
                N_(
                    "you have only {have} hunters in your supply, not {need}; "
                    "buy more at the market"
                ),
                have=self.hunters_supply,
                need=hunters,
            )
        return replace(
            self,
            hunters_supply=self.hunters_supply - hunters,
            hunters_board=self.hunters_board + hunters,
        )

    def recall(self, hunters: int) -> Supply:
        """Board → supply: hunters that moved into a tent or canoe go back to the supply."""
        if hunters > self.hunters_board:
            raise RuleError(
                N_("you have only {have} hunters on the board, not {need}"),
                have=self.hunters_board,
                need=hunters,
            )
        return replace(
            self,
            hunters_supply=self.hunters_supply + hunters,
            hunters_board=self.hunters_board - hunters,
        )

    def build(self, kind: str, size: int, replaces: int = 0) -> Supply:
        """Put a ``size`` structure on the board in place of a ``replaces`` one (0 = none).

        Growing by n returns n hunters from the board to the supply (B6); shrinking or
        removing (variant 2, B11) puts one hunter from the supply on the space per diamond
        removed. ``size`` 0 removes the structure.
        """
        return self.rebuild(kind, [(size, replaces)])

    def rebuild(self, kind: str, builds: Sequence[tuple[int, int]]) -> Supply:
        """Several ``(size, replaces)`` builds of one action at once (variants 1 and 2, B11).

        All replaced structures come off the board before any new one is taken from the
        supply, so the order of the builds does not matter: shrinking a 2 to a 1 while
        removing another 1 may reuse that 1, as at the real table. Hunters move by the net
        number of diamonds added (board → supply) or removed (supply → board).
        """
        kind = check_kind(kind)
        held = self.structures(kind)
        supply, board = held.supply, held.board
        checked = []
        for size, replaces in builds:
            size = check_size(size, allow_zero=True)
            replaces = check_size(replaces, allow_zero=True)
            if size == replaces:
                raise RuleError(
                    N_("a {kind} of size {size} cannot be replaced by the same size"),
                    kind=Term(kind),
                    size=size,
                )
            checked.append((size, replaces))
        for _size, replaces in checked:
            if replaces:
                if replaces not in board:
                    raise RuleError(
                        N_("you have no size-{size} {kind} on the board"),
                        size=replaces,
                        kind=Term(kind),
                    )
                supply, board = _with(supply, replaces), _without(board, replaces)
        for size, _replaces in checked:
            if size:
                if size not in supply:
                    raise RuleError(
                        N_(
                            "you have no size-{size} {kind} in your supply; buy one at the "
                            "market first"
                        ),
                        size=size,
                        kind=Term(kind),
                    )
                supply, board = _without(supply, size), _with(board, size)
        moved = self._with_structures(kind, replace(held, supply=supply, board=board))
        diamonds = sum(size - replaces for size, replaces in checked)
        return moved.recall(diamonds) if diamonds >= 0 else moved.deploy(-diamonds)

    def as_dict(self) -> dict[str, Any]:
        return {
            "hunters": {
                "supply": self.hunters_supply,
                "board": self.hunters_board,
                "market": self.hunters_market,
            },
            "tents": self.tents.as_dict(),
            "canoes": self.canoes.as_dict(),
        }
