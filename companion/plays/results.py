"""A finished game's result, read from its folded state: per seat the score and rank, the
winners, what decided between equal scores, the start player and the variant.

Each game says in its own rules when it is over and who won; this module only reads
that out, one reader per game id, and answers None while the game runs (so nothing a
game keeps hidden is read before its end):

* Bison (B10): over after the final scoring; the score is a player's total stock; equal
  totals are decided by the larger smallest stock, then shared.
* Lion Square (L3): over when a herd is at 0 or after round 3; the score is the herd;
  equal herds share the win; when every herd is 0 the lions win and nobody is ranked.
* Age of Hunting (H2): over at the end of the last turn; the score is the final count;
  equal totals are decided by fewer pieces left, then more cave food, then shared.
* A Dog's Life (D3): over when a dog buried the bones to win (or, timed, when time is
  up: most bones); the score is the buried bones; equal counts share the win.

A game without a reader here (a test game) keeps no plays.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.bison import fold as bison
from games.bison.table_scoring import winning_seats
from games.dogs_life import fold as dogs_life
from games.dogs_life import game as dogs_rules
from games.hunting_age import fold as hunting_age
from games.lion_square import fold as lion_square

#: What may decide between equal scores (``tie_break``); None: the score alone decided.
SMALLEST_STOCK = "smallest_stock"  # B10
PIECES_LEFT = "pieces_left"  # H2
CAVE_FOOD = "cave_food"  # H2
SHARED = "shared"  # equal on everything: the win is shared
LIONS = "lions"  # L3: every herd at 0, the lions win and no player does
TIE_BREAKS = (SMALLEST_STOCK, PIECES_LEFT, CAVE_FOOD, SHARED, LIONS)


@dataclass(frozen=True, slots=True)
class Result:
    """A finished game, seat by seat (indexes are seats)."""

    scores: tuple[int | None, ...]
    ranks: tuple[int | None, ...]  # 1 = first; equal places share a rank (1, 1, 3)
    winners: tuple[int, ...]
    tie_break: str | None
    start_player: int | None
    variant: str | None


def ranks_from(ranking: Sequence[Sequence[int]], seats: int) -> tuple[int | None, ...]:
    """Competition ranks from groups of seats, best first: [[1], [0, 2]] → (2, 1, 2)."""
    ranks: list[int | None] = [None] * seats
    place = 1
    for group in ranking:
        for seat in group:
            ranks[seat] = place
        place += len(group)
    return tuple(ranks)


def _shared_or_none(winners: Sequence[int]) -> str | None:
    return SHARED if len(winners) > 1 else None


def _bison(state: Any) -> Result | None:
    if not state.final_scored:
        return None
    totals = [stocks.total for stocks in state.stocks]
    keys = {seat: (stocks.total, stocks.smallest) for seat, stocks in enumerate(state.stocks)}
    ranking = [
        [seat for seat, key in keys.items() if key == value]
        for value in sorted(set(keys.values()), reverse=True)
    ]
    winners = tuple(winning_seats(state))
    level = [seat for seat, total in enumerate(totals) if total == max(totals)]
    if len(level) == 1:
        tie_break = None
    elif len(winners) < len(level):
        tie_break = SMALLEST_STOCK
    else:
        tie_break = SHARED
    settings = state.settings
    variant = "variant 2" if settings.variant_2 else "variant 1" if settings.variant_1 else None
    return Result(
        tuple(totals),
        ranks_from(ranking, len(totals)),
        winners,
        tie_break,
        settings.start_seat,
        variant,
    )


def _lion_square(state: Any) -> Result | None:
    if not lion_square.game_over(state):
        return None
    herds = tuple(state.herds)
    winners = tuple(state.winners)
    first = state.history[0].start if state.history else state.start
    tie_break = LIONS if state.lions_win else _shared_or_none(winners)
    return Result(
        herds, ranks_from(lion_square.ranking(state), len(herds)), winners, tie_break, first, None
    )


_HUNTING_TIE_BREAKS = {"total": None, "pieces_left": PIECES_LEFT, "cave_food": CAVE_FOOD}


def _hunting_age(state: Any) -> Result | None:
    if not state.over:
        return None
    final = hunting_age.scores(state)
    scores = tuple(int(score["total"]) for score in final["scores"])
    tie_break = _HUNTING_TIE_BREAKS.get(final["decided_by"], SHARED)
    return Result(
        scores,
        ranks_from(final["ranking"], len(scores)),
        tuple(final["winners"]),
        tie_break,
        state.start_player,
        state.edition,
    )


def _dogs_life(state: Any) -> Result | None:
    if not dogs_life.game_over(state):
        return None
    bones = tuple(dog.buried for dog in state.dogs)
    winners = tuple(dogs_rules.winners(state))
    settings = state.settings
    variants = []
    if settings.timed_minutes is not None:
        variants.append(f"timed {settings.timed_minutes} min")
    if settings.bones_to_win != dogs_rules.Settings().bones_to_win:
        variants.append(f"{settings.bones_to_win} bones")
    return Result(
        bones,
        ranks_from(dogs_rules.ranking(state), len(bones)),
        winners,
        _shared_or_none(winners),
        None,  # the rules name no start player (every dog plays from its den)
        ", ".join(variants) or None,
    )


READERS: dict[str, Callable[[Any], Result | None]] = {
    bison.GAME: _bison,
    lion_square.GAME: _lion_square,
    hunting_age.GAME: _hunting_age,
    dogs_life.GAME: _dogs_life,
}


def result(game: str, state: Any) -> Result | None:
    """``state``'s result once the game ``game`` is over, else None (and None for a game
    without a reader)."""
    reader = READERS.get(game)
    return reader(state) if reader is not None else None
