"""Bison economy: stocks (B8), the cost table (B6), market and exchange (B7), the cap (B8)."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from refusals import refused

from games.bison.economy import (
    ANIMALS,
    HUNTER_PRICE,
    MAX_COST,
    MOST_EXCHANGES,
    STOCK_CAP,
    Amounts,
    Exchange,
    Overflow,
    Stocks,
    Structures,
    Supply,
    action_cost,
    default_payment,
    exchange,
    gain,
    overflow_options,
    pay,
    receive,
    structure_price,
)
from games.errors import RuleError

stock_values = st.integers(min_value=0, max_value=STOCK_CAP)
stocks_strategy = st.builds(Stocks, stock_values, stock_values, stock_values)
amounts_strategy = st.builds(Amounts, *(st.integers(0, 40),) * 3)


# --- stocks ---------------------------------------------------------------------------


def test_start_stocks_are_ten_of_each() -> None:
    stocks = Stocks.start()
    assert stocks.as_dict() == {"bison": 10, "salmon": 10, "turkey": 10}
    assert stocks.total == 30
    assert stocks.smallest == 10


def test_total_and_smallest_follow_the_it_tie_break_example() -> None:
    # IT 5.0 (B10): yellow 10 bison / 14 turkey / 6 salmon, red 12 / 7 / 11.
    yellow, red = Stocks(bison=10, salmon=6, turkey=14), Stocks(bison=12, salmon=11, turkey=7)
    assert yellow.total == red.total == 30
    assert (yellow.smallest, red.smallest) == (6, 7)


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ((16, 0, 0), "the bison stock must be a whole number (0–15), not 16"),
        ((0, -1, 0), "the salmon stock must be a whole number (0–15), not -1"),
        ((0, 0, True), "the turkey stock must be a whole number (0–15), not true"),
        ((0, 0, "3"), 'the turkey stock must be a whole number (0–15), not "3"'),
        ((1.5, 0, 0), "the bison stock must be a whole number (0–15), not 1.5"),
    ],
)
def test_stocks_refuse_values_off_the_track(values: tuple[object, ...], message: str) -> None:
    with refused(message):
        Stocks(*values)  # type: ignore[arg-type]


def test_plus_and_minus() -> None:
    stocks = Stocks(10, 10, 10)
    assert stocks.plus(Amounts(bison=5)) == Stocks(15, 10, 10)
    assert stocks.minus(Amounts(salmon=10, turkey=1)) == Stocks(10, 0, 9)
    with refused("bison would be 16; a stock holds at most 15"):
        stocks.plus(Amounts(bison=6))
    with refused("you have only 10 turkey, not the 11 needed"):
        stocks.minus(Amounts(turkey=11))


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ({"elk": 1}, "unknown animal 'elk'; expected one of: bison, salmon, turkey"),
        ({"bison": -2}, "the number of bison must be a whole number (≥ 0), not -2"),
        ({"salmon": "2"}, 'the number of salmon must be a whole number (≥ 0), not "2"'),
        ([1, 2, 3], 'the payment must be an object like {"bison": 1, "salmon": 0, "turkey": 2}'),
    ],
)
def test_amounts_from_json_refusals(raw: object, message: str) -> None:
    with refused(message):
        Amounts.from_mapping(raw, what="the payment")


# --- B6: the cost table and payments ------------------------------------------------------


@pytest.mark.parametrize(("hunters", "cost"), [(0, -1), (1, 0), (2, 2), (3, 4), (4, 7), (5, 10)])
def test_cost_table_b6(hunters: int, cost: int) -> None:
    assert action_cost(hunters) == cost


@pytest.mark.parametrize("hunters", [6, -1, True, "2", 2.0, None])
def test_cost_table_refuses_other_hunter_counts(hunters: object) -> None:
    with refused(f"an action uses 0 to 5 hunters, not {hunters!r}"):
        action_cost(hunters)  # type: ignore[arg-type]


def test_pay_with_a_split_jp_example() -> None:
    # JP cost table: 3 hunters cost 4 animals "in any combination".
    assert pay(Stocks(10, 10, 10), {"bison": 1, "turkey": 3}, cost=4) == Stocks(9, 10, 7)
    assert pay(Stocks(10, 10, 10), Amounts(salmon=2), cost=2) == Stocks(10, 8, 10)
    assert pay(Stocks(0, 0, 0), {}, cost=0) == Stocks(0, 0, 0)


@pytest.mark.parametrize(
    ("stocks", "split", "cost", "message"),
    [
        (
            Stocks(3, 2, 1),
            {"bison": 3, "salmon": 2, "turkey": 1},
            7,
            "this costs 7 animals but you have only 6",
        ),
        (Stocks(10, 10, 10), {"bison": 3}, 4, "the payment must add up to 4 animals, not 3"),
        (Stocks(10, 10, 10), {"bison": 5}, 4, "the payment must add up to 4 animals, not 5"),
        (Stocks(1, 10, 10), {"bison": 2}, 2, "you have only 1 bison, not the 2 needed"),
        (
            Stocks(10, 10, 10),
            {"deer": 2},
            2,
            "unknown animal 'deer'; expected one of: bison, salmon, turkey",
        ),
        (
            Stocks(10, 10, 10),
            "bison",
            2,
            'the payment must be an object like {"bison": 1, "salmon": 0, "turkey": 2}',
        ),
    ],
)
def test_pay_refusals(stocks: Stocks, split: object, cost: int, message: str) -> None:
    with refused(message):
        pay(stocks, split, cost=cost)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("stocks", "cost", "expected"),
    [
        (Stocks(10, 10, 10), 7, Amounts(3, 2, 2)),  # ties: bison first, then salmon
        (Stocks(10, 3, 7), 7, Amounts(5, 0, 2)),  # levels bison down to turkey, then both
        (Stocks(0, 0, 4), 4, Amounts(0, 0, 4)),
        (Stocks(5, 5, 5), 0, Amounts()),
    ],
)
def test_default_payment_takes_from_the_largest_stock(
    stocks: Stocks, cost: int, expected: Amounts
) -> None:
    assert default_payment(stocks, cost) == expected


def test_default_payment_refuses_what_cannot_be_paid() -> None:
    with refused("this costs 10 animals but you have only 9"):
        default_payment(Stocks(3, 3, 3), 10)


@given(stocks_strategy, st.sampled_from([0, 2, 4, 7, 10]))
def test_default_payment_is_a_valid_levelling_split(stocks: Stocks, cost: int) -> None:
    if stocks.total < cost:
        with pytest.raises(RuleError):
            default_payment(stocks, cost)
        return
    split = default_payment(stocks, cost)
    left = pay(stocks, split, cost=cost)  # accepted by the same rules as a player's split
    for animal in ANIMALS:
        if split.get(animal):  # only ever took from a stock that was (one of) the largest
            assert all(left.get(animal) + 1 >= left.get(other) for other in ANIMALS)


def test_gain_for_an_action_without_hunters() -> None:
    assert gain(Stocks(10, 10, 10), "salmon") == Stocks(10, 11, 10)
    with refused("your bison stock is already full at 15; choose another animal"):
        gain(Stocks(15, 0, 0), "bison")
    with refused("unknown animal None; expected one of: bison, salmon, turkey"):
        gain(Stocks(1, 1, 1), None)


# --- B7: market and exchange -------------------------------------------------------------


def test_market_prices_b7() -> None:
    assert HUNTER_PRICE.as_dict() == {"bison": 1, "salmon": 1, "turkey": 1}
    assert structure_price(3) == Amounts(3, 3, 3)  # "a size-3 tent = 9 animals"
    assert structure_price(3).total == 9
    assert structure_price(2).total == 6  # JP: a 2-person canoe costs 6 animals
    for size in (0, 5):
        with refused(f"the structure size must be a whole number (1–4), not {size}"):
            structure_price(size)


def test_exchange_three_for_one() -> None:
    # JP/IT: "reduce your bison by 3 and add 1 to your salmon".
    assert exchange(Stocks(12, 2, 5), "bison", "salmon") == Stocks(9, 3, 5)
    assert exchange(Stocks(12, 2, 5), "bison", "turkey", 4) == Stocks(0, 2, 9)


def exchange_refusal(
    stocks: Stocks, message: str, give: str = "bison", get: str = "salmon", times: int = 1
) -> tuple[Stocks, str, str, int, str]:
    """One refused exchange: bison for salmon once unless said otherwise."""
    return stocks, give, get, times, message


@pytest.mark.parametrize(
    ("stocks", "give", "get", "times", "message"),
    [
        exchange_refusal(Stocks(2, 5, 5), "exchanging for 1 salmon needs 3 bison; you have 2"),
        exchange_refusal(
            Stocks(9, 5, 5), "exchanging for 4 salmon needs 12 bison; you have 9", times=4
        ),
        exchange_refusal(Stocks(9, 15, 5), "your salmon stock has room for only 0 more"),
        exchange_refusal(Stocks(9, 14, 5), "your salmon stock has room for only 1 more", times=2),
        exchange_refusal(
            Stocks(9, 5, 5),
            "exchange one animal for a different one, not bison for bison",
            get="bison",
        ),
        exchange_refusal(
            Stocks(9, 5, 5),
            "the number of exchanges must be a whole number (≥ 1), not 0",
            times=0,
        ),
        exchange_refusal(
            Stocks(9, 5, 5),
            "unknown animal 'bear'; expected one of: bison, salmon, turkey",
            give="bear",
        ),
    ],
)
def test_exchange_refusals(stocks: Stocks, give: str, get: str, times: int, message: str) -> None:
    with refused(message):
        exchange(stocks, give, get, times)


# --- B8: the cap and the overflow policy -------------------------------------------------


def test_receive_without_overflow_just_adds() -> None:
    receipt = receive(Stocks(10, 10, 10), {"bison": 4, "turkey": 2})
    assert receipt.stocks == Stocks(14, 10, 12)
    assert receipt.exchanges == ()
    assert receipt.lost == Amounts()


def test_receive_default_policy_saves_whole_triples_into_the_smallest_stock() -> None:
    # 13 + 9 bison = 22: surplus 7 = two triples (to turkey, the smallest) + 1 lost.
    receipt = receive(Stocks(13, 10, 4), {"bison": 9})
    assert receipt.exchanges == (Exchange("bison", "turkey"), Exchange("bison", "turkey"))
    assert receipt.stocks == Stocks(15, 10, 6)
    assert receipt.lost == Amounts(bison=1)


def test_receive_default_policy_moves_on_when_the_smallest_stock_changes() -> None:
    # 4 triples of salmon surplus; turkey (9) and bison (10) take turns as the smallest,
    # bison first when they are equal.
    receipt = receive(Stocks(10, 15, 9), {"salmon": 12})
    assert [e.get for e in receipt.exchanges] == ["turkey", "bison", "turkey", "bison"]
    assert receipt.stocks == Stocks(12, 15, 11)
    assert receipt.lost == Amounts()


def test_receive_default_policy_tie_breaks_by_animal_order() -> None:
    # Equal target stocks: bison before turkey. Equal surplus: bison gives first.
    assert receive(Stocks(5, 15, 5), {"salmon": 3}).exchanges == (Exchange("salmon", "bison"),)
    both = receive(Stocks(15, 15, 0), {"bison": 3, "salmon": 3})
    assert both.exchanges == (Exchange("bison", "turkey"), Exchange("salmon", "turkey"))
    assert both.stocks == Stocks(15, 15, 2)


def test_receive_loses_everything_when_no_stock_has_room() -> None:
    receipt = receive(Stocks(15, 15, 15), {"bison": 7, "turkey": 1})
    assert receipt.exchanges == ()
    assert receipt.lost == Amounts(bison=7, turkey=1)
    assert receipt.stocks == Stocks(15, 15, 15)


def test_receive_with_the_players_own_exchanges() -> None:
    # The player prefers salmon over the default's turkey, and keeps 1 bison surplus lost.
    receipt = receive(
        Stocks(13, 10, 4),
        {"bison": 9},
        [{"give": "bison", "get": "salmon"}, Exchange("bison", "salmon")],
    )
    assert receipt.stocks == Stocks(15, 12, 4)
    assert receipt.lost == Amounts(bison=1)
    # Choosing no exchange at all loses the whole surplus.
    assert receive(Stocks(13, 10, 4), {"bison": 9}, []).lost == Amounts(bison=7)


@pytest.mark.parametrize(
    ("exchanges", "message"),
    [
        (
            [{"give": "salmon", "get": "turkey"}],
            "exchange 1: only surplus above 15 can be exchanged here, and salmon has 0 over 15, "
            "not 3",
        ),
        (
            [{"give": "bison", "get": "turkey"}] * 3,
            "exchange 3: only surplus above 15 can be exchanged here, and bison has 1 over 15, "
            "not 3",
        ),
        ([{"give": "bison", "get": "salmon"}], "exchange 1: your salmon stock is full at 15"),
        (
            [{"give": "bison", "get": "bison"}],
            "exchange one animal for a different one, not bison for bison",
        ),
        (
            [{"give": "bison"}],
            'an exchange must be an object like {"give": "bison", "get": "salmon"}',
        ),
        (["bison"], 'an exchange must be an object like {"give": "bison", "get": "salmon"}'),
    ],
)
def test_receive_refuses_bad_exchanges(exchanges: list[object], message: str) -> None:
    with refused(message):
        receive(Stocks(13, 15, 4), {"bison": 9}, exchanges)  # type: ignore[arg-type]


@given(stocks_strategy, amounts_strategy)
def test_receive_keeps_stocks_on_the_track_and_accounts_for_every_animal(
    stocks: Stocks, gains: Amounts
) -> None:
    receipt = receive(stocks, gains)
    given_away = Counter(e.give for e in receipt.exchanges)
    received = Counter(e.get for e in receipt.exchanges)
    for animal in ANIMALS:
        assert 0 <= receipt.stocks.get(animal) <= STOCK_CAP
        # before + gains = kept + exchanged away - exchanged in + lost
        assert stocks.get(animal) + gains.get(animal) == (
            receipt.stocks.get(animal)
            + 3 * given_away[animal]
            - received[animal]
            + receipt.lost.get(animal)
        )
        # The default policy leaves no whole triple behind that still had somewhere to go.
        if receipt.lost.get(animal) >= 3:
            assert all(receipt.stocks.get(o) == STOCK_CAP for o in ANIMALS if o != animal)
        assert receipt.lost.get(animal) == 0 or receipt.stocks.get(animal) == STOCK_CAP


@given(
    stocks_strategy,
    amounts_strategy,
    st.lists(st.tuples(st.sampled_from(ANIMALS), st.sampled_from(ANIMALS)), max_size=6),
)
def test_receive_own_exchanges_are_either_refused_or_accounted(
    stocks: Stocks, gains: Amounts, choices: list[tuple[str, str]]
) -> None:
    try:
        receipt = receive(stocks, gains, [{"give": g, "get": t} for g, t in choices])
    except RuleError:
        return
    spent = sum(3 * (e.give == a) - (e.get == a) for e in receipt.exchanges for a in ANIMALS)
    assert stocks.total + gains.total == receipt.stocks.total + spent + receipt.lost.total
    assert all(0 <= receipt.stocks.get(a) <= STOCK_CAP for a in ANIMALS)


# --- the pieces: supply, board, market ---------------------------------------------------


def test_start_supply() -> None:
    supply = Supply.start()
    assert (supply.hunters_supply, supply.hunters_board, supply.hunters_market) == (4, 0, 4)
    assert supply.tents == Structures(supply=(1, 2), board=(), market=(1, 2, 3, 4))
    assert supply.canoes == supply.tents


def test_buying_moves_pieces_from_market_to_supply() -> None:
    supply = Supply.start().buy_hunter().buy_structure("canoe", 4)
    assert (supply.hunters_supply, supply.hunters_market) == (5, 3)
    assert supply.canoes.supply == (1, 2, 4)
    assert supply.canoes.market == (1, 2, 3)
    with refused("there is no size-4 canoe of yours left in the market"):
        supply.buy_structure("canoe", 4)
    for _ in range(3):
        supply = supply.buy_hunter()
    with refused("there are no more of your hunters in the market"):
        supply.buy_hunter()


def test_build_and_enlarge_return_hunters_to_the_supply() -> None:
    # JP: 3 hunters on a space, a size-2 tent is built, 2 hunters go back to the supply.
    supply = Supply.start().deploy(3).build("tent", 2)
    assert (supply.hunters_supply, supply.hunters_board) == (3, 1)
    assert supply.tents == Structures(supply=(1,), board=(2,), market=(1, 2, 3, 4))
    # JP: a size-1 tent and 2 hunters become a size-3 tent (bought first).
    supply = Supply.start().deploy(2).build("tent", 1).buy_structure("tent", 3)
    supply = supply.deploy(2).build("tent", 3, replaces=1)
    assert supply.tents.board == (3,)
    assert supply.tents.supply == (1, 2)
    assert (supply.hunters_supply, supply.hunters_board) == (3, 1)


def test_shrinking_puts_hunters_back_on_the_board() -> None:
    supply = Supply.start().deploy(2).build("canoe", 2)
    shrunk = supply.build("canoe", 1, replaces=2)
    assert shrunk.canoes.board == (1,)
    assert (shrunk.hunters_supply, shrunk.hunters_board) == (3, 1)
    removed = supply.build("canoe", 0, replaces=2)
    assert removed.canoes.board == ()
    assert (removed.hunters_supply, removed.hunters_board) == (2, 2)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (
            lambda s: s.deploy(5),
            "you have only 4 hunters in your supply, not 5; buy more at the market",
        ),
        (lambda s: s.recall(1), "you have only 0 hunters on the board, not 1"),
        (
            lambda s: s.deploy(1).build("tent", 3),
            "you have no size-3 tent in your supply; buy one at the market first",
        ),
        (
            lambda s: s.deploy(1).build("tent", 2, replaces=1),
            "you have no size-1 tent on the board",
        ),
        (lambda s: s.build("tent", 1), "you have only 0 hunters on the board, not 1"),
        (
            lambda s: s.build("canoe", 2, replaces=2),
            "a canoe of size 2 cannot be replaced by the same size",
        ),
        (lambda s: s.build("raft", 1), "unknown structure 'raft'; expected tent or canoe"),
        (
            lambda s: s.buy_structure("tent", 7),
            "the structure size must be a whole number (1–4), not 7",
        ),
    ],
)
def test_supply_refusals(make: object, message: str) -> None:
    with refused(message):
        make(Supply.start())  # type: ignore[operator]


@given(
    st.lists(
        st.tuples(
            st.sampled_from(["buy_h", "buy_s", "deploy", "recall", "build"]),
            st.sampled_from(["tent", "canoe"]),
            st.integers(0, 4),
            st.integers(0, 4),
        ),
        max_size=30,
    )
)
def test_pieces_are_never_created_or_destroyed(steps: list[tuple[str, str, int, int]]) -> None:
    supply = Supply.start()
    for step, kind, a, b in steps:
        try:
            if step == "buy_h":
                supply = supply.buy_hunter()
            elif step == "buy_s":
                supply = supply.buy_structure(kind, a)
            elif step == "deploy":
                supply = supply.deploy(a)
            elif step == "recall":
                supply = supply.recall(a)
            else:
                supply = supply.build(kind, a, b)
        except RuleError:
            continue
        assert supply.hunters_supply + supply.hunters_board + supply.hunters_market == 8
        assert min(supply.hunters_supply, supply.hunters_board, supply.hunters_market) >= 0
        for held in (supply.tents, supply.canoes):
            assert sorted(held.supply + held.board + held.market) == [1, 1, 2, 2, 3, 4]


# The companion translates a refusal with ``RuleError.translated``: the game words inside
# (animals, tent/canoe) must be ``Term``s or an Italian sentence would say "bison".
ITALIAN = {
    "bison": "bisonti",
    "salmon": "salmoni",
    "turkey": "tacchini",
    "tent": "tenda",
    "canoe": "canoa",
}


@pytest.mark.parametrize(
    ("call", "word"),
    [
        (lambda: Stocks(16, 0, 0), "bisonti"),
        (lambda: Amounts(0, -1, 0), "salmoni"),
        (lambda: Stocks(0, 0, 15).plus(Amounts.of("turkey", 1)), "tacchini"),
        (lambda: Stocks(0, 0, 0).minus(Amounts.of("bison", 1)), "bisonti"),
        (lambda: gain(Stocks(15, 0, 0), "bison"), "bisonti"),
        (lambda: exchange(Stocks(2, 0, 0), "bison", "salmon"), "bisonti"),
        (lambda: exchange(Stocks(3, 15, 0), "bison", "salmon"), "salmoni"),
        (lambda: exchange(Stocks(3, 0, 0), "bison", "bison"), "bisonti"),
        (lambda: Exchange.from_json({"give": "turkey", "get": "turkey"}), "tacchini"),
        (
            lambda: receive(
                Stocks(15, 0, 0), Amounts.of("bison", 1), [{"give": "bison", "get": "salmon"}]
            ),
            "bisonti",
        ),
        (
            lambda: receive(
                Stocks(15, 15, 0), Amounts.of("bison", 3), [{"give": "bison", "get": "salmon"}]
            ),
            "salmoni",
        ),
        (lambda: Supply.start().buy_structure("tent", 1).buy_structure("tent", 1), "tenda"),
        (lambda: Supply.start().build("canoe", 2, replaces=1), "canoa"),
        (lambda: Supply.start().build("tent", 3), "tenda"),
        (lambda: Supply.start().build("canoe", 1, replaces=1), "canoa"),
    ],
)
def test_game_words_in_refusals_are_translated(call, word) -> None:
    with pytest.raises(RuleError) as error:
        call()
    translated = error.value.translated(lambda text: ITALIAN.get(text, text))
    assert word in translated
    assert not set(ITALIAN) & set(re.findall(r"\w+", translated))


# --- B8: the choice a stock passing 15 gives -------------------------------------------


def test_overflow_options_none_when_everything_fits() -> None:  # B8
    assert overflow_options(Stocks(10, 10, 10), {"bison": 5}) == ()
    assert overflow_options(Stocks(15, 15, 15), {}) == ()


def test_overflow_options_surplus_triples_and_targets_with_room() -> None:  # B8
    # 13 bison + 9 = 22: 7 over 15, two whole triples, into salmon or turkey.
    (option,) = overflow_options(Stocks(13, 10, 4), Amounts.of("bison", 9))
    assert option == Overflow("bison", 7, ("salmon", "turkey"))
    assert option.triples == 2
    # A full stock is no target: its room is 0 (B8 "into other stocks with room").
    (option,) = overflow_options(Stocks(15, 15, 4), {"salmon": 3})
    assert (option.animal, option.surplus, option.triples, option.targets) == (
        "salmon",
        3,
        1,
        ("turkey",),
    )
    # Less than a triple: nothing to exchange, all of it is lost.
    assert overflow_options(Stocks(14, 0, 0), {"bison": 3})[0].triples == 0


def test_overflow_options_one_per_overflowing_animal_in_animal_order() -> None:  # B8
    options = overflow_options(Stocks(15, 15, 0), {"salmon": 4, "bison": 3})
    assert [(o.animal, o.surplus, o.targets) for o in options] == [
        ("bison", 3, ("turkey",)),
        ("salmon", 4, ("turkey",)),
    ]


def test_overflow_options_refuses_bad_gains() -> None:
    with refused("unknown animal 'deer'; expected one of: bison, salmon, turkey"):
        overflow_options(Stocks(10, 10, 10), {"deer": 1})


@given(stocks_strategy, amounts_strategy)
def test_overflow_options_agree_with_receive(stocks: Stocks, gains: Amounts) -> None:  # B8
    """Exactly the options offered are what ``receive`` accepts: as many exchanges as the
    triples into any offered target (while it has room), and the default policy never makes
    more exchanges than the triples."""
    options = {o.animal: o for o in overflow_options(stocks, gains)}
    default = receive(stocks, gains)
    for animal in ANIMALS:
        surplus = max(0, stocks.get(animal) + gains.get(animal) - STOCK_CAP)
        assert (options[animal].surplus if animal in options else 0) == surplus
    given_away = Counter(e.give for e in default.exchanges)
    for animal, count in given_away.items():
        assert count <= options[animal].triples
        assert {e.get for e in default.exchanges if e.give == animal} <= set(
            options[animal].targets
        )
    for option in options.values():
        for target in option.targets:
            receive(
                stocks, gains, [{"give": option.animal, "get": target}] * min(option.triples, 1)
            )  # never refused: surplus there, the target has room


def test_the_dearest_action_and_the_most_exchanges_at_once() -> None:  # B6, B7, B8
    assert MAX_COST == action_cost(5) == 10
    assert MOST_EXCHANGES == 5
    assert exchange(Stocks(15, 0, 0), "bison", "salmon", MOST_EXCHANGES) == Stocks(0, 5, 0)
    with refused("exchanging for 6 salmon needs 18 bison; you have 15"):
        exchange(Stocks(15, 0, 0), "bison", "salmon", MOST_EXCHANGES + 1)
