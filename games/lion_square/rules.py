"""Lion Square's arithmetic: round losses (L2), the deal, the next start player and the end (L3).

Glossary
--------
herd
    A player's gazelles, kept secret on a herd card numbered 1–20 with a clip that starts
    at 20 (群れカード). A round's losses move the clip down.
taken cards
    Cards a player who could not play took from one row or column of the square and keeps
    face down in front of them (penalty cards).
gazelles in hand
    Gazelle cards still in a player's hand when the round ends: each costs one animal.
loss
    What a round costs one herd (L2): the *nearest* cards seen from the player's side,
    plus half the taken cards rounded up, plus the gazelles in hand.
square deck
    The cards not dealt plus the 2 gazelles (スクエア山札).
lions win
    The end where every herd is at 0 or less: no player wins (L3).

Functions here take plain numbers and sides; validating input belongs to ``contract`` and
``table``, which name the offending field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final, TypeVar

from games.errors import N_, RuleError
from games.lion_square.square import Side, Square, card_value

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 4
HERD_START: Final = 20  # the clip starts at 20 on the herd card
HERD_CARD_MAX: Final = 20
ROUNDS: Final = 3
CARNIVORE_CARDS: Final = 30
GAZELLE_CARDS: Final = 2
DECK_CARDS: Final = CARNIVORE_CARDS + GAZELLE_CARDS

# Rulebook: 3 players are dealt 8 cards each, 4 players 7 each.
_DEALT: Final = {3: 8, 4: 7}

Key = TypeVar("Key")


def check_player_count(count: int) -> int:
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise RuleError(N_("Lion Square is for 3 or 4 players, not {count}"), count=count)
    return count


def cards_dealt(player_count: int) -> int:
    """Carnivore cards dealt to each player at the start of a round."""
    return _DEALT[check_player_count(player_count)]


def square_deck_size(player_count: int) -> int:
    """Cards in the square deck: the carnivores left over after the deal, plus 2 gazelles."""
    return CARNIVORE_CARDS - player_count * cards_dealt(player_count) + GAZELLE_CARDS


@dataclass(frozen=True, slots=True)
class Loss:
    """One herd's loss for a round, itemised as L2 counts it."""

    nearest: int  # sum of the nearest card of each line running away from the player
    taken: int  # ⌈cards taken / 2⌉
    gazelles: int  # gazelle cards left in hand

    @property
    def total(self) -> int:
        return self.nearest + self.taken + self.gazelles

    def to_json(self) -> dict[str, int]:
        return {
            "nearest": self.nearest,
            "taken": self.taken,
            "gazelles": self.gazelles,
            "total": self.total,
        }


def taken_penalty(cards_taken: int) -> int:
    """L2 (2): half the taken cards, rounded up."""
    return -(-cards_taken // 2)


def round_loss(square: Square, side: Side, cards_taken: int = 0, gazelles_in_hand: int = 0) -> Loss:
    """L2: what the round costs the herd of the player facing ``side``.

    (1) the numbers of the nearest card in each line running away from the player — with
    fewer than 9 cards that is still the nearest card of each line, an empty line adds 0
    and a gazelle on the square counts 0; (2) ⌈taken / 2⌉; (3) gazelles still in hand.
    """
    if cards_taken < 0 or gazelles_in_hand < 0:
        raise ValueError("card counts are never negative")  # callers validate first
    nearest = sum(card_value(cell) for cell in square.nearest(side))
    return Loss(nearest, taken_penalty(cards_taken), gazelles_in_hand)


def round_losses(
    square: Square, seats: Mapping[Side, Key], taken: Mapping[Key, int], gazelles: Mapping[Key, int]
) -> dict[Key, Loss]:
    """L2 for every seated player, in clockwise side order; missing counts are 0."""
    return {
        player: round_loss(square, side, taken.get(player, 0), gazelles.get(player, 0))
        for side in Side
        if (player := seats.get(side)) is not None
    }


def next_start_side(last_card_side: Side, occupied: Sequence[Side]) -> Side:
    """L3: the next round starts with the player after the one who laid the last card.

    Play runs clockwise, so "after" is the next occupied side clockwise (with 3 players the
    empty side is skipped).
    """
    side = last_card_side.clockwise_next
    while side not in occupied:
        side = side.clockwise_next
    return side


def game_over(herds: Sequence[int], round_number: int) -> bool:
    """L3: the game ends after a round in which any herd reaches 0 or less, or after round 3."""
    return round_number >= ROUNDS or any(herd <= 0 for herd in herds)


def lions_win(herds: Sequence[int]) -> bool:
    """L3: every herd at 0 or less — the lions win and no player does."""
    return all(herd <= 0 for herd in herds)


def winners(herds: Mapping[Key, int]) -> list[Key]:
    """L3: the players with the highest herd (ties share the win); none if the lions win.

    Only meaningful once the game is over; the order of ``herds`` is kept.
    """
    if not herds or lions_win(list(herds.values())):
        return []
    best = max(herds.values())
    return [player for player, herd in herds.items() if herd == best]


def ranking(herds: Mapping[Key, int]) -> list[list[Key]]:
    """L3 as an order: players by herd, largest first; equal herds share a place (one
    group, in the order of ``herds``). When the lions win no player is ranked at all."""
    if herds and lions_win(list(herds.values())):
        return []
    return [
        [player for player, herd in herds.items() if herd == value]
        for value in sorted(set(herds.values()), reverse=True)
    ]


def free_gazelles(square: Square, gazelles_in_hand: Sequence[int]) -> int:
    """Gazelle cards neither on the square nor in a hand (L1: the deck has 2; L2 counts the
    ones on the square as 0 and the ones in hand as 1 each): how many more a hand may still
    be said to hold. Never below 0, even for counts ``check_card_supply`` would refuse."""
    return max(0, GAZELLE_CARDS - square.gazelle_count - sum(gazelles_in_hand))


def check_card_supply(
    square: Square, taken: Sequence[int], gazelles_in_hand: Sequence[int]
) -> None:
    """Refuse counts the deck cannot produce (a typing slip, most likely).

    The square and the hands can hold at most the 2 gazelles between them, and the square,
    the taken piles and the gazelles in hand at most the 32 cards of the deck. Taken piles
    may contain gazelles, so they count only toward the 32.
    """
    on_square = square.gazelle_count
    in_hands = sum(gazelles_in_hand)
    if on_square + in_hands > GAZELLE_CARDS:
        raise RuleError(
            N_(
                "{count} gazelles between the square ({square}) and the hands ({hands}); "
                "the game has only 2"
            ),
            count=on_square + in_hands,
            square=on_square,
            hands=in_hands,
        )
    cards = square.card_count + sum(taken) + in_hands
    if cards > DECK_CARDS:
        raise RuleError(
            N_(
                "the square, the taken cards and the gazelles in hand add up to {count} "
                "cards; the deck has only 32"
            ),
            count=cards,
        )
