"""H1 developments, rock chips and storage; H2 end trigger; setup — worked cases and properties."""

import contextlib
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from refusals import refused

from games.errors import RuleError
from games.hunting_age import board, cards, development, scoring, setup, storage
from games.hunting_age.components import (
    FOODS,
    ROCK_CHIP_COUNTS,
    ROCK_CHIPS,
    SUPPLY_LIMITS,
    Cost,
    Food,
)
from games.hunting_age.tribe import Hut, Supply, Tribe, give_back, least_missed, take

RICH = Tribe(food=Food(bear=5, mammoth=2, grape=5, green_grain=5, yellow_grain=2), coins=10)


# --- H1: next cost --------------------------------------------------------------------------


def test_first_cave_costs_the_base_only() -> None:
    assert development.next_cost(Tribe(), "cave") == Cost(Food(bear=2, grape=1))


def test_second_cave_worked_example() -> None:
    # H1, seed 洞穴作成 example: base 2 bears + 1 grape, extra 1 coin; the two chips flipped
    # are 1 VP and 2 coins: track +1, 2 coins from the supply.
    tribe = replace(RICH, caves_created=1, revealed_chips=("grape_1",))
    assert development.next_cost(tribe, "cave") == Cost(Food(bear=2, grape=1), coins=1)
    after, supply, lost = development.create_cave(tribe, Supply(), flipped=["vp_1", "coins_2"])
    assert after.food == RICH.food - Food(bear=2, grape=1)
    assert after.coins == RICH.coins - 1 + 2
    assert after.track == 1
    assert after.caves_created == 2 and after.open_caves == 5
    assert after.revealed_chips == ("grape_1", "vp_1", "coins_2")
    assert after.board_vp == 1  # the 2nd cave uncovers 1 VP on the Campfire board
    assert supply.food == SUPPLY_LIMITS + Food(bear=2, grape=1)
    assert lost == Food()


def test_second_subordinate_worked_example() -> None:
    # H1, seed 部下の追加 example: base 2 green grain + 1 grape, extra 1 coin + 1 grape
    tribe = replace(RICH, subordinates_added=1)
    cost = development.next_cost(tribe, "subordinate")
    assert cost == Cost(Food(green_grain=2, grape=2), coins=1)
    after, supply = development.add_subordinate(tribe, Supply())
    assert after.subordinates_in_hand == 3
    assert after.food == RICH.food - Food(green_grain=2, grape=2)
    assert after.coins == RICH.coins - 1
    assert supply.food == SUPPLY_LIMITS + Food(green_grain=2, grape=2)


def test_third_hut_worked_example() -> None:
    # H1, seed 小屋の建築 example: the card's cost yellow grain + green grain + grape, plus
    # the extra "1 food (grape chosen) + 2 coins"
    card_cost = Cost(Food(yellow_grain=1, green_grain=1, grape=1))
    tribe = replace(RICH, huts=(Hut(1), Hut(2)))
    cost = development.next_cost(tribe, "hut", card_cost)
    assert cost == Cost(Food(yellow_grain=1, green_grain=1, grape=1), coins=2, any_food=1)
    after, _ = development.build_hut(
        tribe, Supply(), Hut(3, face="B2a", space=2), cost=cost, any_food=Food(grape=1)
    )
    assert after.food == RICH.food - Food(yellow_grain=1, green_grain=1, grape=2)
    assert after.coins == RICH.coins - 2
    assert after.huts[-1] == Hut(3, face="B2a", space=2)
    assert after.board_vp == 1  # the 3rd hut uncovers 1 VP


@pytest.mark.parametrize(
    ("develop", "tribe", "message"),
    [
        (
            development.add_subordinate,
            replace(RICH, subordinates_added=4),
            "no subordinate is left to develop: all 4 are done",
        ),
        (
            development.create_cave,
            replace(RICH, caves_created=3),
            "no cave creation is left to develop: all 3 are done",
        ),
    ],
)
def test_a_typed_cost_cannot_develop_past_the_row(develop: Any, tribe: Tribe, message: str) -> None:
    # original edition: the cost and the uncovered VP are typed, the row still ends (H1)
    with pytest.raises(RuleError) as error:
        develop(
            tribe,
            Supply(),
            cost=Cost(),
            uncovered=0,
            **({"flipped": ["vp_1"]} if develop is development.create_cave else {}),
        )
    assert str(error.value) == message


def test_hut_cost_needs_the_card() -> None:
    with pytest.raises(RuleError, match=r"^a hut's cost needs the build cost of its card$"):
        development.next_cost(Tribe(), "hut")


@pytest.mark.parametrize(
    ("tribe", "kind", "message"),
    [
        (
            replace(RICH, caves_created=3),
            "cave",
            "no cave creation is left to develop: all 3 are done",
        ),
        (
            replace(RICH, subordinates_added=4),
            "subordinate",
            "no subordinate is left to develop: all 4 are done",
        ),
        (replace(RICH, huts=(Hut(1),) * 5), "hut", "no hut is left to develop: all 5 are done"),
        (RICH, "tent", "unknown development 'tent'; expected cave, subordinate or hut"),
    ],
)
def test_a_finished_row_cannot_develop(tribe: Tribe, kind: str, message: str) -> None:
    with refused(message):
        development.next_cost(tribe, kind, Cost())


def test_unaffordable_development_is_refused_naming_what_is_missing() -> None:
    poor = Tribe(food=Food(bear=1, grape=1))
    with pytest.raises(RuleError) as error:
        development.create_cave(poor, Supply(), flipped=["vp_1"])
    assert str(error.value) == (
        "you cannot afford it: it costs bear ×2, grape ×1; you are missing bear ×1"
    )


def test_missing_coins_and_any_food_are_named() -> None:
    tribe = Tribe(food=Food(yellow_grain=1, green_grain=1, grape=1), coins=1)
    cost = Cost(Food(yellow_grain=1, green_grain=1, grape=1), coins=2, any_food=1)
    with pytest.raises(RuleError) as error:
        development.pay(tribe, Supply(), cost)
    assert str(error.value) == (
        "you cannot afford it: it costs grape ×1, green grain ×1, "
        "yellow grain ×1, coin ×2, any food ×1; you are missing "
        "any food ×1, coin ×1"
    )


def test_any_food_choice_must_match_the_cost() -> None:
    with pytest.raises(RuleError) as error:
        development.pay(RICH, Supply(), Cost(any_food=1), Food(bear=1, grape=1))
    assert str(error.value) == "this cost includes 1 food of your choice; you chose 2"


def test_any_food_default_choice_keeps_the_named_part() -> None:
    # 2 bear are named; the free piece comes from what is left, the kind held most
    tribe = Tribe(food=Food(bear=2, grape=1, green_grain=2))
    after, _ = development.pay(tribe, Supply(), Cost(Food(bear=2), any_food=1))
    assert after.food == Food(grape=1, green_grain=1)


def test_refusal_changes_nothing() -> None:
    tribe = Tribe(food=Food(bear=1, grape=1))
    supply = Supply()
    with pytest.raises(RuleError):
        development.create_cave(tribe, supply, flipped=["vp_1"])
    assert tribe == Tribe(food=Food(bear=1, grape=1)) and supply == Supply()


# --- H1: rock chips ------------------------------------------------------------------------


def test_cave_creations_flip_one_two_one() -> None:
    tribe = replace(RICH, hidden_chips=("vp_1", "bear_2", "grape_1", "coins_1"))
    supply = Supply()
    flipped = []
    for _ in range(3):
        before = len(tribe.revealed_chips)
        tribe, supply, _ = development.create_cave(tribe, supply)
        flipped.append(len(tribe.revealed_chips) - before)
    assert flipped == [1, 2, 1]
    assert tribe.open_caves == 6 and tribe.chips_on_board == 0
    assert tribe.board_vp == 3  # 0 + 1 + 2


@pytest.mark.parametrize(
    ("flipped", "message"),
    [
        (["vp_1", "bear_1"], "cave creation number 1 flips 1 rock chip(s), not 2"),
        (
            ["gold_9"],
            "unknown rock chip 'gold_9'; expected one of: vp_1, bear_1, mammoth_1, "
            "green_grain_1, yellow_grain_1, grape_1, coins_1, bear_2, green_grain_2, "
            "grape_2, coins_2",
        ),
    ],
)
def test_bad_flips_are_refused(flipped: list[str], message: str) -> None:
    with refused(message):
        development.create_cave(RICH, Supply(), flipped=flipped)


def test_unknown_chips_must_be_typed() -> None:
    with pytest.raises(RuleError, match=r"^say which rock chips you flipped$"):
        development.create_cave(RICH, Supply())


def test_rewards_are_capped_by_the_supply() -> None:
    # decision (development glossary): a food reward the supply cannot give is lost
    after, supply, lost = development.flip_rewards(
        Tribe(), Supply(SUPPLY_LIMITS.replace("bear", 1)), ["bear_2", "grape_1"]
    )
    assert after.food == Food(bear=1, grape=1)
    assert lost == Food(bear=1)
    assert supply.food.bear == 0


def test_third_cave_with_an_empty_mammoth_supply() -> None:
    # the 3rd cave costs 2 bears + 1 grape + 1 coin + 1 food of choice (grape here)
    tribe = Tribe(
        food=Food(bear=2, grape=2, mammoth=2),
        coins=1,
        caves_created=2,
        revealed_chips=("vp_1", "coins_1", "grape_1"),
    )
    after, supply, lost = development.create_cave(
        tribe,
        Supply(SUPPLY_LIMITS.replace("mammoth", 0)),
        flipped=["mammoth_1"],
        any_food=Food(grape=1),
    )
    assert lost == Food(mammoth=1)
    assert after.food == Food(mammoth=2) and after.coins == 0
    assert after.open_caves == 6 and after.board_vp == 2
    assert supply.food.mammoth == 0


def test_vp_and_coin_rewards() -> None:
    after, supply, lost = development.flip_rewards(Tribe(), Supply(), ["vp_1", "coins_2"])
    assert (after.track, after.coins, lost, supply) == (1, 2, Food(), Supply())


def test_deal_gives_four_each_from_the_24() -> None:
    hands = development.deal_rock_chips(5, random.Random(3))
    assert [len(hand) for hand in hands] == [4] * 5
    used = Counter(back for hand in hands for back in hand)
    assert all(used[back] <= ROCK_CHIP_COUNTS[back] for back in used)
    assert hands == development.deal_rock_chips(5, random.Random(3))  # seedable
    with pytest.raises(RuleError, match=r"^rock chips can be dealt to 1 to 6 players$"):
        development.deal_rock_chips(7, random.Random(0))


def test_draws_come_from_the_chips_not_yet_revealed() -> None:
    revealed = ["vp_1"] * 4 + ["coins_2"]
    for seed in range(30):
        drawn = development.draw_rock_chips(2, revealed, random.Random(seed))
        assert "vp_1" not in drawn
        assert Counter(drawn)["coins_2"] <= 1


def test_more_chips_of_a_back_than_exist_are_refused() -> None:
    with pytest.raises(RuleError) as error:
        development.check_chips_exist(["coins_2"] * 3)
    assert str(error.value) == "only 2 rock chips show coin ×2, but 3 were revealed"


def test_build_space_takes_one_hut() -> None:
    with pytest.raises(RuleError) as error:
        development.build_hut(
            RICH, Supply(), Hut(2, face="B1a", space=1), cost=Cost(), occupied=[("B1a", 1)]
        )
    assert str(error.value) == "build space 2 of B1a already has a hut"


# --- supply ---------------------------------------------------------------------------------


def test_taking_more_than_the_supply_has_is_refused() -> None:
    supply = Supply(SUPPLY_LIMITS.replace("mammoth", 1))
    with pytest.raises(RuleError) as error:
        take(Tribe(), supply, Food(mammoth=2))
    assert str(error.value) == "the supply has only 1 mammoth left, not 2"


def test_returning_more_than_held_is_refused() -> None:
    with pytest.raises(RuleError) as error:
        give_back(Tribe(food=Food(grape=1)), Supply(), Food(grape=2))
    assert str(error.value) == "you have only 1 grape, not 2 to return"


goods = st.builds(Food, *(st.integers(0, 3) for _ in FOODS))


@given(st.lists(st.tuples(st.booleans(), goods), max_size=30))
def test_supply_never_negative_nor_above_its_limit(moves: list[tuple[bool, Food]]) -> None:
    tribe, supply = Tribe(), Supply()
    for taking, food in moves:
        with contextlib.suppress(RuleError):  # a refusal must leave both unchanged
            tribe, supply = (take if taking else give_back)(tribe, supply, food)
        assert all(0 <= supply.food[k] <= SUPPLY_LIMITS[k] for k in FOODS)
        assert tribe.food + supply.food == SUPPLY_LIMITS  # nothing created or lost


# --- storage ----------------------------------------------------------------------------------


def test_storage_seed_example_returns_the_chosen_bear() -> None:
    # seed 食料の保管 example: 5 food, 4 caves; the player returns 1 bear
    tribe = Tribe(food=Food(bear=2, mammoth=1, grape=1, green_grain=1), caves_created=1)
    assert storage.surplus(tribe) == 1
    after, supply = storage.store(tribe, Supply(SUPPLY_LIMITS - tribe.food), Food(bear=1))
    assert after.food == Food(bear=1, mammoth=1, grape=1, green_grain=1)
    assert supply.food.bear == 12 - 2 + 1


def test_storage_refuses_keeping_too_much() -> None:
    tribe = Tribe(food=Food(bear=3, grape=2))
    with pytest.raises(RuleError) as error:
        storage.store(tribe, Supply(), Food(grape=1))
    assert str(error.value) == (
        "4 food pieces do not fit in 3 open caves: return 1 more to the supply"
    )


def test_storage_default_returns_from_the_largest_stocks() -> None:
    # 7 pieces, 3 caves: 4 go back, one at a time from the largest stock (bear before
    # grape on a tie), so the tribe keeps one grape, one mammoth, one yellow grain
    tribe = Tribe(food=Food(bear=3, mammoth=1, grape=2, yellow_grain=1))
    assert storage.default_return(tribe) == Food(bear=3, grape=1)


def test_coins_need_no_cave() -> None:
    tribe = Tribe(food=Food(bear=3), coins=25)
    assert storage.surplus(tribe) == 0
    assert storage.store(tribe, Supply(), None)[0] == tribe


@given(goods, goods, st.integers(0, 3))
def test_food_never_exceeds_caves_after_storage(held: Food, extra: Food, caves: int) -> None:
    tribe = Tribe(food=held + extra, caves_created=caves)
    supply = Supply(SUPPLY_LIMITS - tribe.food.capped(SUPPLY_LIMITS))
    after, supply_after = storage.store(tribe, supply)
    assert after.food.total <= after.open_caves
    assert after.food.total == min(tribe.food.total, tribe.open_caves)
    assert supply_after.food + after.food == supply.food + tribe.food


@given(goods, st.integers(0, 12))
def test_least_missed_picks_exactly_from_what_is_held(food: Food, count: int) -> None:
    if count > food.total:
        with pytest.raises(ValueError):
            least_missed(food, count)
        return
    chosen = least_missed(food, count)
    assert chosen.total == count and food.covers(chosen)


# --- H2: end trigger, turns left --------------------------------------------------------------


@pytest.mark.parametrize(
    ("tribe", "triggered"),
    [
        (Tribe(track=9, huts=(Hut(1),) * 4), False),
        (Tribe(track=10), True),
        (Tribe(track=12), True),
        (Tribe(huts=(Hut(1),) * 5), True),
    ],
)
def test_end_trigger(tribe: Tribe, triggered: bool) -> None:
    assert tribe.end_triggered is triggered


@pytest.mark.parametrize(
    ("start", "current", "left"),
    [
        (0, 0, 3),  # start player triggers: the three others still play
        (0, 2, 1),
        (0, 3, 0),  # the player on the start player's right: the game ends after this turn
        (2, 1, 0),
        (2, 2, 3),
        (2, 0, 1),
    ],
)
def test_turns_left_so_all_have_equal_turns(start: int, current: int, left: int) -> None:
    # H2: play continues up to the player on the start player's right (4 players)
    assert scoring.turns_left(4, start, current) == left


def test_pieces_left_on_board() -> None:
    assert Tribe().pieces_left_on_board == 13
    done = Tribe(caves_created=2, subordinates_added=1, huts=(Hut(2),))
    assert done.pieces_left_on_board == 1 + 3 + 4


# --- setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "faces"), [(3, 7), (4, 8), (5, 8)])
def test_layout_has_four_basic_and_three_or_four_new_lands(players: int, faces: int) -> None:
    for seed in range(20):
        layout = setup.choose_layout(players, random.Random(seed))
        assert len(layout) == faces
        cards = [face[:-1] for face in layout]
        assert len(set(cards)) == faces
        assert cards[:4] == ["B1", "B2", "B3", "B4"]
        assert all(face[-1] in "ab" for face in layout)
    assert setup.choose_layout(4, random.Random(9)) == setup.choose_layout(4, random.Random(9))


def test_layout_sides_and_cards_vary() -> None:
    layouts = {setup.choose_layout(4, random.Random(seed)) for seed in range(40)}
    assert len(layouts) > 30
    assert {face for layout in layouts for face in layout} >= {"B1a", "B1b", "N10a", "N10b"}


def test_opening_order_counter_clockwise_from_the_start_players_right() -> None:
    # seed スタート狩猟アクション: 4 players, seat 1 starts: seat 0 (on its right) places
    # first, then 3, 2 and the start player last
    assert setup.opening_order(4, 1) == (0, 3, 2, 1)
    assert setup.turn_order(4, 1) == (1, 2, 3, 0)
    assert setup.opening_order(3, 0) == (2, 1, 0)


def test_set_up_draws_a_start_player_unless_chosen() -> None:
    drawn = setup.set_up(5, random.Random(1))
    assert 0 <= drawn.start_player < 5
    assert drawn.opening_order[-1] == drawn.start_player
    assert setup.set_up(5, random.Random(1), start_player=3).start_player == 3


@pytest.mark.parametrize("players", [2, 6, True, "4"])
def test_player_count_is_three_to_five(players: object) -> None:
    with pytest.raises(RuleError) as error:
        setup.check_players(players)
    assert str(error.value) == f"Age of Hunting needs 3 to 5 players, not {players}"


# --- H1: any sequence of developments -------------------------------------------------------

plenty = st.builds(Food, *(st.integers(0, SUPPLY_LIMITS[k]) for k in FOODS))
attempts = st.lists(
    st.tuples(st.sampled_from(board.DEVELOPMENTS), st.sampled_from(cards.FACES), st.integers(0, 2)),
    max_size=14,
)


@given(plenty, st.integers(0, 30), attempts, st.randoms(use_true_random=False))
def test_developments_follow_the_board_and_conserve_food(
    start: Food, coins: int, tries: list[tuple[str, cards.Face, int]], rng: Any
) -> None:
    tribe, supply = Tribe(food=start, coins=coins), Supply(SUPPLY_LIMITS - start)
    for kind, face, space in tries:
        before, food_rewards = tribe, 0
        try:
            if kind == "cave":
                group = (1, 2, 1)[min(tribe.caves_created, 2)]
                chips = development.draw_rock_chips(group, tribe.revealed_chips, rng)
                cost = development.next_cost(tribe, "cave")
                tribe, supply, lost = development.create_cave(tribe, supply, flipped=chips)
                rewards: Counter[str] = Counter()
                for back in chips:
                    rewards[ROCK_CHIPS[back].good] += ROCK_CHIPS[back].amount
                food_rewards = sum(rewards[k] for k in FOODS) - lost.total
                assert tribe.track == before.track + rewards["vp"]
                assert tribe.coins == before.coins - cost.coins + rewards["coins"]
                assert before.pieces_left_on_board - tribe.pieces_left_on_board == group
            elif kind == "subordinate":
                cost = development.next_cost(tribe, "subordinate")
                tribe, supply = development.add_subordinate(tribe, supply)
                assert tribe.coins == before.coins - cost.coins
                assert before.pieces_left_on_board - tribe.pieces_left_on_board == 1
            else:
                spot = face.build[space % len(face.build)]
                hut = Hut(spot.vp, spot.end_game, face.id, space % len(face.build))
                cost = development.next_cost(tribe, "hut", face.build_cost)
                tribe, supply = development.build_hut(
                    tribe, supply, hut, cost=cost, occupied=[(h.face, h.space) for h in tribe.huts]
                )
                assert tribe.coins == before.coins - cost.coins
                assert before.pieces_left_on_board - tribe.pieces_left_on_board == 1
        except RuleError:
            assert tribe == before
            continue
        # food: the cost went back to the supply, the rewards came out of it
        assert tribe.food + supply.food == SUPPLY_LIMITS
        assert all(n >= 0 for _, n in (*tribe.food, *supply.food)) and tribe.coins >= 0
        spent = cost.food.total + cost.any_food
        assert tribe.food.total == before.food.total - spent + food_rewards
        # the board: VP uncovered so far, and what is left on it (H2's tie-break)
        assert tribe.board_vp == sum(
            board.uncovered_vp(k, development.done(tribe, k)) for k in board.DEVELOPMENTS
        )
        assert tribe.pieces_left_on_board == 13 - len(tribe.revealed_chips) - (
            tribe.subordinates_added + len(tribe.huts)
        )
