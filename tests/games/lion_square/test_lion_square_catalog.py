"""L1: the Campfire edition's deck, and the balance claim in its docstring (by simulation)."""

from __future__ import annotations

import random
import re
import statistics
from collections import Counter

import pytest

from games.lion_square import catalog, rules, simulate


def test_l1_thirty_carnivores_and_two_gazelles() -> None:
    assert len(catalog.CARNIVORES) == rules.CARNIVORE_CARDS == 30
    assert len(catalog.GAZELLES) == rules.GAZELLE_CARDS == 2
    assert len(catalog.DECK) == rules.DECK_CARDS
    assert len(catalog.BY_ID) == 32  # ids are unique
    assert all(card.is_gazelle and card.number is None for card in catalog.GAZELLES)


def test_l1_three_colours_of_ten_with_the_same_numbers() -> None:
    by_colour = Counter(card.colour for card in catalog.CARNIVORES)
    assert by_colour == {"red": 10, "yellow": 10, "blue": 10}
    for colour in by_colour:
        numbers = sorted(c.number for c in catalog.CARNIVORES if c.colour == colour)
        assert numbers == [0, 1, 1, 1, 2, 2, 2, 3, 3, 4]


def test_l1_a_number_always_shows_the_same_animal() -> None:
    animals = {card.number: card.animal for card in catalog.CARNIVORES}
    assert len(animals) == len(set(animals.values())) == 5
    assert animals[4] == "lion"


def test_every_card_and_clan_is_named_by_an_english_msgid() -> None:
    # the ja/it words are in the gettext catalogs (tests/companion/test_translations.py)
    assert set(catalog.ANIMALS) == set(catalog.ANIMAL_BY_NUMBER.values()) | {"gazelle"}
    assert all(catalog.ANIMALS.values()) and all(c.name for c in catalog.COLOURS)
    assert catalog.BY_ID["R10"].name == "lion"
    assert catalog.BY_ID["G1"].name == "gazelle"
    assert [c.name for c in catalog.COLOURS] == ["red", "yellow", "blue"]


def test_colours_have_printable_hex_values() -> None:
    for colour in catalog.COLOURS:
        assert re.fullmatch(r"#[0-9A-F]{6}", colour.hex), colour


# --- the simulation follows the rules ----------------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_a_simulated_round_ends_as_the_rulebook_says(players: int) -> None:
    rng = random.Random(2024)
    for _ in range(50):
        playout = simulate.play_round(rng, players)
        square = playout.square
        # The round ends with 9 cards, or when the player to move has none (rare).
        assert 1 <= square.card_count <= 9
        assert square.full == (square.card_count == 9)
        assert square.gazelle_count + sum(playout.gazelles_in_hand) <= 2
        rules.check_card_supply(square, list(playout.taken), list(playout.gazelles_in_hand))
        numbers = Counter(c for c in square.cells() if isinstance(c, int))
        assert all(n <= 3 * catalog.NUMBERS_PER_COLOUR.count(k) for k, n in numbers.items())
        assert 0 <= playout.last_card < players


def test_the_same_seed_plays_the_same_round() -> None:
    first = simulate.play_round(random.Random(5), 4)
    again = simulate.play_round(random.Random(5), 4)
    assert first == again


def test_gazelles_reach_the_square_only_after_taking_three() -> None:
    # Gazelles start in the square deck, drawn only by a player who took exactly 3 cards.
    rng = random.Random(11)
    seen = 0
    for _ in range(300):
        playout = simulate.play_round(rng, 3)
        if playout.square.gazelle_count or any(playout.gazelles_in_hand):
            seen += 1
            assert max(playout.taken) >= 3
    assert seen > 0  # the case does come up, so the check above is exercised


# --- L1 balance: a round usually costs a herd 4–9 animals ------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_l1_a_round_typically_costs_a_herd_4_to_9(players: int) -> None:
    rng = random.Random(1)  # seeded: the same rounds every run
    losses = [loss.total for _ in range(400) for loss in simulate.play_round(rng, players).losses()]
    low, median, high = statistics.quantiles(losses, n=4)
    assert low >= 4 and high <= 9, (low, median, high)  # the middle half
    assert 5 <= median <= 7
    share = sum(4 <= loss <= 9 for loss in losses) / len(losses)
    assert share >= 0.8, share  # "usually"
