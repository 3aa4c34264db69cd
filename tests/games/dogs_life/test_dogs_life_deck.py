"""The deck model: draws, the reshuffle card, recorded shuffles, the catcher's die."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st
from refusals import refused

from games.dogs_life.catalog import RESHUFFLE
from games.dogs_life.deck import (
    ALL_CARDS,
    DIE_FACES,
    Deck,
    Draw,
    draw,
    draw_many,
    random_shuffler,
    replay,
    replay_shuffler,
    roll_die,
)


def no_shuffle() -> tuple[int, ...]:
    raise AssertionError("no shuffle expected")


def test_the_first_draw_shuffles_the_fresh_deck() -> None:
    order = (5, *[c for c in ALL_CARDS if c != 5])
    drawn, deck = draw(Deck(), replay_shuffler([order]))
    assert drawn == Draw(5, (order,))
    assert deck == Deck(order[1:], (5,))


def test_drawing_takes_the_top_card_without_shuffling() -> None:
    deck = Deck((3, 1, 13), (2, 4, 5, 6, 7, 8, 9, 10, 11, 12))
    drawn, deck = draw(deck, no_shuffle)
    assert drawn == Draw(3)
    assert deck.pile == (1, 13) and deck.discard[-1] == 3


def test_the_reshuffle_card_shuffles_all_13_and_draws_again() -> None:
    deck = Deck((13, 4), (1, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12))
    first = (13, 7, *[c for c in ALL_CARDS if c not in (7, 13)])  # unlucky: 13 on top again
    second = (9, *[c for c in ALL_CARDS if c != 9])
    drawn, deck = draw(deck, replay_shuffler([first, second]))
    assert drawn == Draw(9, (first, second))
    assert deck == Deck(second[1:], (9,))


def test_pound_draws_take_several_cards() -> None:
    deck = Deck((1, 2, 3, 4), tuple(range(5, 14)))
    draws, deck = draw_many(deck, 3, no_shuffle)
    assert [d.card for d in draws] == [1, 2, 3]
    assert deck.pile == (4,)


def test_replay_accepts_exactly_what_was_drawn() -> None:
    deck = Deck()
    drawn, after = draw(deck, random_shuffler(random.Random(7)))
    assert replay(deck, drawn) == after


@pytest.mark.parametrize(
    ("record", "message"),
    [
        (Draw(2), "the recorded card 2 is not the top card of the deck"),
        (Draw(1, (ALL_CARDS,)), "the recorded draw holds shuffles it did not need"),
    ],
)
def test_replay_refuses_a_record_that_does_not_match(record: Draw, message: str) -> None:
    deck = Deck((1, 2), tuple(range(3, 14)))
    with refused(message):
        replay(deck, record)


@pytest.mark.parametrize(
    ("orders", "message"),
    [
        ([], "the recorded draw needs a shuffle that was not recorded"),
        (
            [(1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12)],
            "a recorded shuffle must hold each card from 1 to 13 once",
        ),
    ],
)
def test_bad_recorded_shuffles(orders: list[tuple[int, ...]], message: str) -> None:
    with refused(message):
        draw(Deck(), replay_shuffler(orders))


def test_the_catchers_die_is_an_ordinary_d6() -> None:
    rng = random.Random(3)
    assert {roll_die(rng) for _ in range(200)} == set(DIE_FACES) == {1, 2, 3, 4, 5, 6}


@given(seed=st.integers(), count=st.integers(1, 60))
def test_the_deck_is_always_a_permutation_of_the_13_cards(seed: int, count: int) -> None:
    rng = random.Random(seed)
    deck = Deck()
    since_shuffle: list[int] = []
    for _ in range(count):
        drawn, deck = draw(deck, random_shuffler(rng))
        assert sorted(deck.cards) == list(ALL_CARDS)
        assert drawn.card != RESHUFFLE
        if drawn.shuffles:
            since_shuffle = []
        since_shuffle.append(drawn.card)
        # between reshuffles no card comes twice: the discard is what was drawn
        assert list(deck.discard) == since_shuffle
        assert len(set(since_shuffle)) == len(since_shuffle)


@given(seed=st.integers(), count=st.integers(1, 40))
def test_same_seed_same_draws(seed: int, count: int) -> None:
    first = draw_many(Deck(), count, random_shuffler(random.Random(seed)))
    again = draw_many(Deck(), count, random_shuffler(random.Random(seed)))
    assert first == again


@given(seed=st.integers(), count=st.integers(1, 40))
def test_replaying_recorded_draws_rebuilds_the_deck(seed: int, count: int) -> None:
    draws, deck = draw_many(Deck(), count, random_shuffler(random.Random(seed)))
    replayed = Deck()
    for one in draws:
        replayed = replay(replayed, one)
    assert replayed == deck
