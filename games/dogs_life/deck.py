"""A dog's deck of 13 cards and the catcher's die, with chance kept outside the state.

Glossary
--------
deck
    One dog's 13 cards (numbers 1–13, card 13 is the reshuffle card): the *pile* face down
    (top first) and the *discard*, the cards drawn since the last shuffle. Together they
    always hold each of the 13 cards exactly once.
shuffle
    A new order of all 13 cards. The deck starts unshuffled (empty pile): the first draw
    shuffles it, as the players do at setup (rulebook: よく混ぜて裏返して).
reshuffle card
    Drawing it shuffles all 13 cards (the reshuffle card included) into a new pile and
    draws again; with bad luck several times (運が悪ければ、何度かシャッフル).
shuffler
    Where the shuffles come from. While *preparing* an event a shuffler built on a seeded
    ``random.Random`` makes them and records them; while *applying* a stored event a
    shuffler replays the recorded orders. So the state itself holds no random source and
    folding the same events always gives the same decks.
die
    The catcher's ordinary six-sided die: the van moves exactly the number rolled, 1–6
    (rulebook: ダイスを振ります … ちょうどダイス目の分だけ移動).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from games.dogs_life.catalog import CARDS_PER_DECK, RESHUFFLE
from games.errors import N_, RuleError

ALL_CARDS: Final = tuple(range(1, CARDS_PER_DECK + 1))
DIE_FACES: Final = (1, 2, 3, 4, 5, 6)

Shuffler = Callable[[], tuple[int, ...]]
"""Returns a new order of all 13 cards (top first)."""


@dataclass(frozen=True, slots=True)
class Deck:
    """One dog's cards: ``pile`` face down (top first) and ``discard`` (drawn cards)."""

    pile: tuple[int, ...] = ()
    discard: tuple[int, ...] = ALL_CARDS  # unshuffled at the start: everything to shuffle

    @property
    def cards(self) -> tuple[int, ...]:
        """All 13 cards, wherever they are."""
        return self.pile + self.discard


@dataclass(frozen=True, slots=True)
class Draw:
    """One card drawn (never the reshuffle card) and the shuffles it took to get it."""

    card: int
    shuffles: tuple[tuple[int, ...], ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"card": self.card, "shuffles": [list(order) for order in self.shuffles]}


def draw(deck: Deck, shuffler: Shuffler) -> tuple[Draw, Deck]:
    """Draw the top result card, shuffling when the pile is empty or shows the reshuffle card."""
    pile, discard = deck.pile, deck.discard
    shuffles: list[tuple[int, ...]] = []
    while True:
        if not pile:
            order = shuffler()
            shuffles.append(order)
            pile, discard = order, ()
            continue
        top, pile = pile[0], pile[1:]
        if top == RESHUFFLE:
            # all 13 back together, then a fresh pile on the next pass of the loop
            pile, discard = (), ()
            continue
        return Draw(top, tuple(shuffles)), Deck(pile, (*discard, top))


def draw_many(deck: Deck, count: int, shuffler: Shuffler) -> tuple[tuple[Draw, ...], Deck]:
    """Draw ``count`` cards one after the other (the pound's 2 and 3 card draws, D2)."""
    draws: list[Draw] = []
    for _ in range(count):
        one, deck = draw(deck, shuffler)
        draws.append(one)
    return tuple(draws), deck


def random_shuffler(rng: random.Random) -> Shuffler:
    """Shuffles from ``rng`` (used when preparing an event)."""
    return lambda: tuple(rng.sample(ALL_CARDS, len(ALL_CARDS)))


def replay_shuffler(orders: Sequence[Sequence[int]]) -> Shuffler:
    """Hands out recorded shuffles in order, refusing a missing one or a bad order."""
    remaining = list(orders)

    def next_order() -> tuple[int, ...]:
        if not remaining:
            raise RuleError(N_("the recorded draw needs a shuffle that was not recorded"))
        order = remaining.pop(0)
        if sorted(order) != list(ALL_CARDS):
            raise RuleError(
                N_("a recorded shuffle must hold each card from 1 to {last} once"),
                last=CARDS_PER_DECK,
            )
        return tuple(order)

    return next_order


def replay(deck: Deck, recorded: Draw) -> Deck:
    """The deck after the recorded draw, refusing a record that does not match the deck."""
    shuffler = replay_shuffler(recorded.shuffles)
    drawn, after = draw(deck, shuffler)
    if drawn.shuffles != recorded.shuffles:
        raise RuleError(N_("the recorded draw holds shuffles it did not need"))
    if drawn.card != recorded.card:
        raise RuleError(
            N_("the recorded card {card} is not the top card of the deck"), card=recorded.card
        )
    return after


def roll_die(rng: random.Random) -> int:
    """One roll of the catcher's die."""
    return rng.choice(DIE_FACES)
