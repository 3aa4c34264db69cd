"""B8 as amended: exchanges from the whole stock, market buys, the proposal and the warning."""

from __future__ import annotations

import re
from itertools import combinations, product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.bison.economy import ANIMALS, Amounts, Exchange, Stocks, Structures, Supply
from games.bison.overflow import Buy, Choice, overflowing, propose, settle
from games.errors import RuleError


def refused(message: str) -> pytest.RaisesContext[RuleError]:
    return pytest.raises(RuleError, match="^" + re.escape(message) + "$")


START = Supply.start()


def choice(*pairs: tuple[str, str], buys: tuple[Buy, ...] = ()) -> Choice:
    return Choice(tuple(Exchange(g, t) for g, t in pairs), buys)


def test_nothing_to_choose_when_the_award_fits() -> None:
    assert overflowing(Stocks(10, 10, 10), {"bison": 5}) == ()
    outcome = propose(Stocks(10, 10, 10), {"bison": 5}, START)
    assert outcome.stocks == Stocks(15, 10, 10) and outcome.lost == 0
    with refused("nothing passes 15 here, so there is nothing to exchange or buy with"):
        settle(Stocks(10, 10, 10), {"bison": 5}, START, choice(("bison", "salmon")))


def test_exchange_from_the_whole_stock_not_only_the_surplus() -> None:  # B8
    # 15 + 2 bison: the old rule lost 2 (no whole triple of surplus); now 3 of the 17 may
    # become 1 salmon, and the smallest stock (salmon, 3) grows: same loss, larger smallest.
    outcome = propose(Stocks(15, 3, 15), {"bison": 2}, START)
    assert outcome.choice == choice(("bison", "salmon"))
    assert outcome.stocks == Stocks(14, 4, 15)
    assert outcome.discarded == Amounts() and outcome.lost == 2
    assert settle(Stocks(15, 3, 15), {"bison": 2}, START).discarded == Amounts(bison=2)


def test_the_issue_round_four_animals_kept() -> None:  # B8: the IT rulebook's 3:1 trade
    # 14 + 6 bison = 20: doing nothing loses 5 bison; two exchanges keep 14/11/11 (2 animals
    # go in each exchange, none is discarded).
    stocks, award = Stocks(14, 10, 10), Amounts(bison=6)
    assert settle(stocks, award, START).discarded == Amounts(bison=5)  # doing nothing
    outcome = propose(stocks, award, START)
    assert outcome.stocks == Stocks(14, 11, 11) and outcome.discarded == Amounts()
    assert outcome.lost == 4


def test_a_market_buy_paid_with_the_overflow() -> None:  # B7, B8
    stocks, award = Stocks(15, 10, 10), Amounts(bison=2)
    outcome = settle(stocks, award, START, {"buys": [{"item": "tent", "size": 2}]})
    assert outcome.stocks == Stocks(15, 8, 8) and outcome.discarded == Amounts()
    assert outcome.spent == Amounts.each(2)
    assert outcome.supply.tents.supply == (1, 2, 2) and outcome.supply.tents.market == (1, 3, 4)
    assert outcome.choice.as_json() == {"exchanges": [], "buys": [{"item": "tent", "size": 2}]}


def test_a_buy_makes_room_for_an_exchange_whatever_the_order() -> None:  # B8
    # Salmon and turkey full: an exchange needs room, which buying a hunter makes.
    stocks, award = Stocks(15, 15, 15), Amounts(bison=4)
    tapped = choice(("bison", "salmon"), buys=(Buy("hunter"),))
    outcome = settle(stocks, award, START, tapped)
    assert outcome.stocks == Stocks(15, 15, 14) and outcome.discarded == Amounts()


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (
            {"exchanges": [{"give": "salmon", "get": "bison"}]},
            "exchange 1: only an animal that passes 15 can be exchanged here, and salmon does not",
        ),
        (
            {"exchanges": [{"give": "bison", "get": "turkey"}]},
            "exchange 1: your turkey stock is full at 15",
        ),
        (
            {"exchanges": [{"give": "bison", "get": "salmon", "times": 6}]},
            "exchange 6: you have only 2 bison left, not 3",
        ),
        (
            {"buys": [{"item": "tent", "size": 2}] * 3},
            "there is no size-2 tent of yours left in the market",
        ),
        (
            {"buys": [{"item": "canoe", "size": 4}]},
            "buying this costs 4 of each animal; you would have only 3 salmon",
        ),
        (
            {"buys": [{"item": "boat"}]},
            'a market buy must be an object like {"item": "tent", "size": 2} or {"item": "hunter"}',
        ),
        ([], "an overflow choice must be an object with exchanges and buys"),
    ],
)
def test_illegal_choices_are_refused(raw: Any, message: str) -> None:
    with refused(message):
        settle(Stocks(15, 3, 15), {"bison": 2}, START, raw)


def _every_choice(stocks: Stocks, gains: Amounts, supply: Supply, most: int = 10) -> Any:
    """Brute force, independent of the proposal's search: every count (up to ``most``) of
    every exchange and every set of market pieces."""
    over = overflowing(stocks, gains)
    pairs = [(g, t) for g in over for t in ANIMALS if t != g]
    pieces = (
        [Buy("hunter")] * supply.hunters_market
        + [Buy("tent", s) for s in supply.tents.market]
        + [Buy("canoe", s) for s in supply.canoes.market]
    )
    sets = {tuple(sorted(c)) for n in range(len(pieces) + 1) for c in combinations(pieces, n)}
    for counts in product(range(most + 1), repeat=len(pairs)):
        exchanges = tuple(
            Exchange(g, t) for (g, t), n in zip(pairs, counts, strict=True) for _ in range(n)
        )
        for buys in sets:
            yield Choice(exchanges, buys)


stock = st.integers(0, 15)
small_markets = st.builds(
    lambda hunters, tents, canoes: Supply(
        4, 0, hunters, Structures((1,), (), tents), Structures((1,), (), canoes)
    ),
    st.integers(0, 2),
    st.sampled_from([(), (1,), (2,), (1, 3), (4,)]),
    st.sampled_from([(), (1,), (2,), (2, 3)]),
)


def _assert_nothing_beats(
    best: Any, stocks: Stocks, gains: Amounts, supply: Supply, choices: Any
) -> None:
    """B8 as amended, in its order: no legal choice keeps more food; none with as much
    keeps a larger smallest stock; none with both buys more market value."""
    assert best == settle(stocks, gains, supply, best.choice)  # the proposal is legal
    assert (
        best.stocks.total
        >= stocks.total + gains.total - settle(stocks, gains, supply).discarded.total
    )
    for other in choices:
        try:
            outcome = settle(stocks, gains, supply, other)
        except RuleError:
            continue
        order = (outcome.stocks.total, outcome.stocks.smallest, outcome.spent.total)
        assert order <= (best.stocks.total, best.stocks.smallest, best.spent.total), other
        # Whatever the choice, the stocks stay within 0–15 and nothing is created.
        assert outcome.stocks.total + outcome.spent.total <= stocks.total + gains.total
        # "lost" is what goes for nothing: discarded, and 2 per exchange; never the market.
        assert outcome.lost == outcome.discarded.total + 2 * len(other.exchanges)


@settings(max_examples=40, deadline=None)
@given(st.tuples(stock, stock, stock), st.sampled_from(ANIMALS), st.integers(1, 12), small_markets)
def test_no_legal_choice_beats_the_proposal(
    start: tuple[int, int, int], animal: str, over: int, supply: Supply
) -> None:  # B8 as amended, B10
    stocks = Stocks(*start)
    # An award that passes 15 by ``over``: every example has a choice to make.
    gains = Amounts.of(animal, 15 - stocks.get(animal) + over)
    assert overflowing(stocks, gains) == (animal,)
    best = propose(stocks, gains, supply)
    _assert_nothing_beats(best, stocks, gains, supply, _every_choice(stocks, gains, supply))


@settings(max_examples=30, deadline=None)
@given(
    st.tuples(st.integers(12, 15), st.integers(12, 15), st.integers(12, 15)),
    st.tuples(st.integers(1, 6), st.integers(1, 6), st.integers(1, 6)),
    small_markets,
)
def test_several_animals_over_the_cap_buy_with_what_would_be_lost(
    start: tuple[int, int, int], gained: tuple[int, int, int], supply: Supply
) -> None:  # B8 as amended: every stock full, only the market makes room
    stocks, gains = Stocks(*start), Amounts(*gained)
    best = propose(stocks, gains, supply)
    _assert_nothing_beats(best, stocks, gains, supply, _every_choice(stocks, gains, supply, 2))


def test_the_digest_example_buys_a_size_4_piece_instead_of_discarding() -> None:  # B8 amended
    # 15/15/15 receiving 5/5/5: discarding 15 keeps 45 food; a size-4 tent (or canoe) and a
    # hunter cost exactly the 5 of each that would be lost, and keep the same 45.
    stocks, gains = Stocks(15, 15, 15), Amounts.each(5)
    best = propose(stocks, gains, START)
    assert best.stocks == Stocks(15, 15, 15) and best.discarded == Amounts()
    assert best.spent == Amounts.each(5) and best.lost == 0
    assert best.choice == Choice((), (Buy("hunter"), Buy("tent", 4)))
    # The final scoring (B10): a piece is worth no food, so nothing is bought.
    final = propose(stocks, gains, START, market=False)
    assert final.choice == Choice.nothing() and final.discarded == Amounts.each(5)


def test_a_buy_that_costs_food_is_not_proposed() -> None:  # B8 amended: food first
    # 15 + 2 bison with 10 salmon and turkeys: a hunter would cost a salmon and a turkey
    # that fit; the exchange keeps 35 food, the buy only 33.
    best = propose(Stocks(15, 10, 10), Amounts(bison=2), START)
    assert best.choice.buys == () and best.stocks.total == 35
