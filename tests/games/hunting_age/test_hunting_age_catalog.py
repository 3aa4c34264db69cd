"""H1: the Campfire edition's components — supply, rock chips, personal board, 28 faces."""

from collections import Counter

import pytest

from games.hunting_age import board, cards
from games.hunting_age.components import (
    COIN_CHIPS_VALUE,
    FOODS,
    GOOD_NAMES,
    ROCK_CHIP_COUNTS,
    ROCK_CHIP_GROUPS,
    ROCK_CHIPS,
    SUPPLY_LIMITS,
    Cost,
    Food,
)


def test_supply_limits_are_the_seeds() -> None:
    # H1 components: bear 12, mammoth 8, grape 12, green grain 12, yellow grain 8 (52 pieces)
    assert SUPPLY_LIMITS.as_dict() == {
        "bear": 12,
        "mammoth": 8,
        "grape": 12,
        "green_grain": 12,
        "yellow_grain": 8,
    }
    assert SUPPLY_LIMITS.total == 52
    assert COIN_CHIPS_VALUE == 16 * 1 + 7 * 2 == 30


def test_the_24_rock_chip_backs_exactly_as_listed() -> None:
    # H1: 1 VP ×4 and ten rewards ×2
    assert sum(ROCK_CHIP_COUNTS.values()) == 24
    as_listed = {
        ("vp", 1): 4,
        ("bear", 1): 2,
        ("mammoth", 1): 2,
        ("green_grain", 1): 2,
        ("yellow_grain", 1): 2,
        ("grape", 1): 2,
        ("coins", 1): 2,
        ("bear", 2): 2,
        ("green_grain", 2): 2,
        ("grape", 2): 2,
        ("coins", 2): 2,
    }
    got = {(ROCK_CHIPS[b].good, ROCK_CHIPS[b].amount): n for b, n in ROCK_CHIP_COUNTS.items()}
    assert got == as_listed
    assert ROCK_CHIP_GROUPS == (1, 2, 1)


@pytest.mark.parametrize("good", [*FOODS, "coins", "vp", "any_food", "basic_food", "non_grape"])
def test_every_good_is_named(good: str) -> None:
    # an N_ msgid: its ja/it are in the catalogs (tests/companion/panels/test_hunting_age.py)
    assert GOOD_NAMES[good] and GOOD_NAMES[good] == GOOD_NAMES[good].strip()


# --- personal board (H1) ---------------------------------------------------------------


def test_base_costs_from_the_seed() -> None:
    assert board.BASE_COSTS["cave"] == Cost(Food(bear=2, grape=1))
    assert board.BASE_COSTS["subordinate"] == Cost(Food(green_grain=2, grape=1))


def test_extra_costs_are_cumulative_and_match_the_seed_examples() -> None:
    # 洞穴作成 example: the 2nd creation's extra cost is 1 coin
    assert board.extra_cost("cave", 2) == Cost(coins=1)
    # 部下の追加 examples: extra 1 coin, then 1 coin + 1 grape
    assert board.extra_cost("subordinate", 1) == Cost(coins=1)
    assert board.extra_cost("subordinate", 2) == Cost(Food(grape=1), coins=1)
    # 小屋の建築 example: 1 food of any kind (grape chosen) + 2 coins
    assert board.extra_cost("hut", 3) == Cost(coins=2, any_food=1)
    # cumulative: each step only adds
    for kind, steps in board.EXTRA_STEPS.items():
        for number in range(1, len(steps) + 1):
            assert (
                board.extra_cost(kind, number)
                == board.extra_cost(kind, number - 1) + steps[number - 1]
            )


def test_uncovered_vp_matches_the_seed_scoring_example() -> None:
    # 個人ボードの勝利点 example: caves 3 VP, subordinates 1 VP, huts 1 VP
    assert board.uncovered_vp("cave", 3) == 3
    assert board.uncovered_vp("subordinate", 2) == 1
    assert board.uncovered_vp("hut", 2) == 1
    assert board.LIMITS == {"cave": 3, "subordinate": 4, "hut": 5}
    assert board.PIECES_ON_BOARD_AT_START == 13
    for row in board.UNCOVERED_VP.values():
        assert list(row) == sorted(row)  # later pieces repay more


@pytest.mark.parametrize("kind", board.DEVELOPMENTS)
def test_the_kth_development_costs_about_k_minus_1_foods_extra(kind: str) -> None:
    # the board docstring: early growth is cheap, each step about one food (cards' model)
    for number in range(1, board.LIMITS[kind] + 1):
        extra = cards.cost_value(board.extra_cost(kind, number))
        assert abs(extra - (number - 1)) <= 0.5, (number, extra)


def test_a_fully_developed_board_uncovers_14_vp() -> None:
    # the board docstring: caves 3, subordinates 4, huts 7 — about a VP track near 10
    totals = {kind: board.uncovered_vp(kind, board.LIMITS[kind]) for kind in board.DEVELOPMENTS}
    assert totals == {"cave": 3, "subordinate": 4, "hut": 7}
    assert sum(totals.values()) == 14


# --- hunting-ground cards (H1) -------------------------------------------------------------


def test_fourteen_double_sided_cards_four_basic() -> None:
    assert len(cards.FACES) == 28 == len(cards.FACES_BY_ID)
    per_card = Counter(face.card for face in cards.FACES)
    assert len(per_card) == 14 and set(per_card.values()) == {2}
    assert len(cards.BASIC_CARDS) == 4 and len(cards.NEW_LAND_CARDS) == 10
    assert {face.side for face in cards.FACES} == {"a", "b"}


@pytest.mark.parametrize("face", cards.FACES, ids=lambda f: f.id)
def test_face_follows_the_balance_model(face: cards.Face) -> None:
    """The rules the module docstring promises, face by face."""
    values = [cards.harvest_value(area) for area in face.hunting]
    for i, value in enumerate(values):
        assert 0.5 + 0.5 * i <= value <= 1.5 + 0.5 * i, (i, value)
        assert i == 0 or value >= values[i - 1]
    for space in face.build:
        if space.end_game is None:
            assert space.vp is not None
            assert 2 <= space.vp + cards.harvest_value(space.harvest) <= 4
    low, high = (3.5, 5.5) if face.end_game else (2.5, 4.0)
    assert low <= cards.cost_value(face.build_cost) <= high
    if face.basic:
        assert (len(face.hunting), len(face.build)) == (5, 3)
        icons = [i for area in (*face.hunting, *(s.harvest for s in face.build)) for i in area]
        assert {icon.family for icon in icons} == {"gain"}
    else:
        assert 4 <= len(face.hunting) <= 6 and 2 <= len(face.build) <= 3
    assert face.name and face.name == face.name.strip()


@pytest.mark.parametrize("face", cards.FACES, ids=lambda f: f.id)
def test_icons_use_the_rulebook_vocabulary(face: cards.Face) -> None:
    for area in (*face.hunting, *(s.harvest for s in face.build)):
        for icon in area:
            assert icon.family in cards.ICON_FAMILIES
            for good, count in (*icon.gives, *icon.pays):
                assert good in cards.GAIN_GOODS and count > 0
            if icon.family == "special":
                assert icon.special in cards.SPECIALS
            if icon.family == "end_game":
                assert icon.end_game in cards.END_GAME_CARDS
            assert icon.as_dict()["family"] == icon.family


def test_the_rulebooks_conversions_and_specials_all_appear() -> None:
    icons = {
        icon
        for face in cards.FACES
        for area in (*face.hunting, *(s.harvest for s in face.build))
        for icon in area
    }
    for icon in (
        cards.ANY_TO_ANY,
        cards.FOOD_TO_COINS,
        cards.GRAPE_TO_TWO,
        cards.COINS_TO_VP,
        cards.COPY_CHIEF,
        cards.COPY_HUT,
    ):
        assert icon in icons
    assert any(("basic_food", 2) in icon.gives for icon in icons)  # the 2-of-3 icon


def families(face: cards.Face) -> set[str]:
    return {
        icon.family for area in (*face.hunting, *(s.harvest for s in face.build)) for icon in area
    }


def test_new_land_ideas_are_on_the_a_sides_one_per_card() -> None:
    # the cards docstring: convert N01a-N04a, special N05a-N06a, end game N08a-N10a;
    # every b side and N07 gain only
    ideas = {face.id: families(face) - {"gain"} for face in cards.FACES if not face.basic}
    expected = {f"N{n:02}{side}": set() for n in range(1, 11) for side in "ab"}
    expected.update({f"N0{n}a": {"convert"} for n in range(1, 5)})
    expected.update(
        {
            "N05a": {"special"},
            "N06a": {"special"},
            "N08a": {"end_game"},
            "N09a": {"end_game"},
            "N10a": {"end_game"},
        }
    )
    assert ideas == expected
    specials = {
        icon.special
        for face in cards.FACES
        for area in face.hunting
        for icon in area
        if icon.special
    }
    assert specials == set(cards.SPECIALS)


def test_a_hut_that_harvests_nothing_scores_three() -> None:
    # the cards docstring's balance rule, on every face
    for face in cards.FACES:
        for space in face.build:
            if not space.harvest:
                assert space.vp == 3, (face.id, space)


def test_end_game_cards() -> None:
    end_faces = {face.id: [s.end_game for s in face.build] for face in cards.FACES if face.end_game}
    assert end_faces == {
        "N08a": ["mammoth_yellow", "mammoth_yellow"],
        "N09a": ["coins_5", "coins_5"],
        "N10a": ["flat_6", "flat_5"],
    }
    # one end-game side per card at most, so the other side is always playable
    assert len({face_id[:-1] for face_id in end_faces}) == 3
    assert set(cards.END_GAME_CARDS) == {"mammoth_yellow", "coins_5", "flat_6", "flat_5"}


def test_harvest_value_model() -> None:
    assert cards.harvest_value(()) == 0
    assert cards.harvest_value((cards.gain(bear=1, coins=1),)) == 1.5
    assert cards.harvest_value((cards.GRAPE_TO_TWO,)) == 1.5  # 2 × 1.25 − 1
    assert cards.harvest_value((cards.COINS_TO_VP,)) == 0.5  # net 0: the floor
    assert cards.harvest_value((cards.FOOD_TO_COINS,)) == 1.0  # twice the floor
    assert cards.harvest_value((cards.COPY_HUT,)) == cards.SPECIAL_VALUE
