"""A random round of Lion Square played by the rulebook, to measure what a round costs.

Glossary
--------
playout
    One round from the deal to the scoring, every choice made at random among the moves
    the rulebook allows (the placement rules [1]–[4], the gazelle's extra turn, taking a
    line when stuck). Real players steer the big carnivores toward their neighbours, which
    moves losses between players but hardly changes what a round costs on average — the
    cards a side sees are the cards the square holds.
position
    A card's place on an unbounded grid while the square grows: ``(row, column)``, the
    first card at ``(0, 0)``. The cards may never span more than 3 rows or 3 columns, and
    wherever the 3×3 ends up, the nearest cards seen from each side are the same, so the
    final layout is shifted into a ``Square`` for scoring.

Used by the catalog test (the Campfire deck's typical loss, L1) and by anyone tuning the
deck. Pure: all chance comes from the ``random.Random`` passed in.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from games.lion_square import rules
from games.lion_square.catalog import CARNIVORES, GAZELLES, Card
from games.lion_square.square import GAZELLE, SIZE, Cell, Side, Square

Position = tuple[int, int]
_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


@dataclass(frozen=True, slots=True)
class Playout:
    """The end of one simulated round."""

    square: Square
    sides: tuple[Side, ...]  # per seat
    taken: tuple[int, ...]
    gazelles_in_hand: tuple[int, ...]
    last_card: int  # seat that laid the last card

    def losses(self) -> list[rules.Loss]:
        return [
            rules.round_loss(self.square, side, taken, gazelles)
            for side, taken, gazelles in zip(
                self.sides, self.taken, self.gazelles_in_hand, strict=True
            )
        ]


def play_round(
    rng: random.Random,
    player_count: int,
    carnivores: Sequence[Card] = CARNIVORES,
    gazelles: Sequence[Card] = GAZELLES,
) -> Playout:
    """Deal, pass, and play one round at random; seats sit clockwise from S."""
    dealt = rules.cards_dealt(player_count)
    deck = list(carnivores)
    rng.shuffle(deck)
    hands = [deck[seat * dealt : (seat + 1) * dealt] for seat in range(player_count)]
    square_deck = deck[player_count * dealt :] + list(gazelles)
    rng.shuffle(square_deck)
    _pass_three_times(rng, hands)

    board: dict[Position, Card] = {}
    taken = [0] * player_count
    seat = rng.randrange(player_count)
    first = hands[seat].pop(rng.randrange(len(hands[seat])))
    board[(0, 0)] = first
    last = seat
    seat = (seat + 1) % player_count
    while len(board) < SIZE * SIZE and hands[seat]:
        hand = hands[seat]
        moves = _legal_moves(board, hand, colour_rules=True)
        if not moves:
            # Stuck: take every card of one line that holds any, draw only after taking
            # exactly 3, then lay any card next to the square, colour rules waived.
            lines = _lines(board)
            line = rng.choice(lines)
            for position in line:
                del board[position]
            taken[seat] += len(line)
            if len(line) == SIZE and square_deck:
                hand.append(square_deck.pop())
            moves = _legal_moves(board, hand, colour_rules=False)
        index, position = rng.choice(moves)
        card = hand.pop(index)
        board[position] = card
        last = seat
        if not card.is_gazelle:
            seat = (seat + 1) % player_count
        # A gazelle gives the same player another turn (the loop checks their hand).
    sides = tuple(list(Side)[:player_count])
    return Playout(
        square=_to_square(board),
        sides=sides,
        taken=tuple(taken),
        gazelles_in_hand=tuple(sum(card.is_gazelle for card in hand) for hand in hands),
        last_card=last,
    )


def _pass_three_times(rng: random.Random, hands: list[list[Card]]) -> None:
    """Three simultaneous passes to the left, each a card of the passer's commonest colour."""
    for _ in range(3):
        chosen = []
        for hand in hands:
            counts = Counter(card.colour for card in hand)
            top = max(counts.values())
            # A gazelle's colour is None: it sorts last (a bare sort cannot compare it).
            colour = rng.choice(
                sorted(
                    (c for c, n in counts.items() if n == top), key=lambda c: (c is None, c or "")
                )
            )
            candidates = [i for i, card in enumerate(hand) if card.colour == colour]
            chosen.append(hand.pop(rng.choice(candidates)))
        for seat, card in enumerate(chosen):
            hands[(seat + 1) % len(hands)].append(card)


def _fits(board: dict[Position, Card], position: Position) -> bool:
    rows = {r for r, _ in board} | {position[0]}
    columns = {c for _, c in board} | {position[1]}
    return max(rows) - min(rows) < SIZE and max(columns) - min(columns) < SIZE


def _neighbours(position: Position) -> list[Position]:
    r, c = position
    return [(r + dr, c + dc) for dr, dc in _STEPS]


def _legal_moves(
    board: dict[Position, Card], hand: Sequence[Card], *, colour_rules: bool
) -> list[tuple[int, Position]]:
    if not board:  # everything was taken: the next card starts a new square
        return [(index, (0, 0)) for index in range(len(hand))]
    spots = {n for p in board for n in _neighbours(p) if n not in board and _fits(board, n)}
    colours = {card.colour for card in board.values() if not card.is_gazelle}
    moves = []
    for index, card in enumerate(hand):
        for spot in spots:
            if colour_rules and not card.is_gazelle:
                # [3] only a colour already on the square; [4] it must touch its colour.
                if card.colour not in colours:
                    continue
                touching = (board.get(n) for n in _neighbours(spot))
                if not any(t is not None and t.colour == card.colour for t in touching):
                    continue
            moves.append((index, spot))
    return sorted(moves)  # a stable order, so a seed always gives the same round


def _lines(board: dict[Position, Card]) -> list[list[Position]]:
    rows = {r for r, _ in board}
    columns = {c for _, c in board}
    return [sorted(p for p in board if p[0] == r) for r in sorted(rows)] + [
        sorted(p for p in board if p[1] == c) for c in sorted(columns)
    ]


def _to_square(board: dict[Position, Card]) -> Square:
    if not board:
        return Square()
    top = min(r for r, _ in board)
    left = min(c for _, c in board)
    grid: list[list[Cell]] = [[None] * SIZE for _ in range(SIZE)]
    for (r, c), card in board.items():
        grid[r - top][c - left] = GAZELLE if card.is_gazelle else card.number
    return Square(tuple(tuple(row) for row in grid))
