"""A finished game's result, read from its folded state: per seat the score and rank, the
winners, what decided between equal scores, the start player and the variant; per seat
the role played (A Dog's Life's dog) and the colour as the table shows it; the board
(edition or variants) in words (``Phrase``s, translated where shown; issue 35).

Each game says in its own rules when it is over and who won; this module only reads
that out, one reader per game id, and answers None while the game runs (so nothing a
game keeps hidden is read before its end):

* Bison (B10): over after the final scoring; the score is a player's total stock; equal
  totals are decided by the larger smallest stock, then shared.
* Lion Square (L3): over when a herd is at 0 or less or after round 3; the score is the
  herd as L2 left it, below 0 too (``fold.final_herds``: the counter stops at 0, "0 or
  less" herds rank by their values); equal herds share the win; when every herd is 0 or
  less the lions win and nobody is ranked.
* Age of Hunting (H2): over at the end of the last turn; the score is the final count;
  equal totals are decided by fewer pieces left, then more cave food, then shared.
* A Dog's Life (D3): over when a dog buried the bones to win (or, timed, when time is
  up: most bones); the score is the buried bones; equal counts share the win; each
  player's role is their dog, shown in the dog's colour (the table's); the start player
  is the dog whose turn came first.

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
from games.dogs_life.catalog import dog as dog_catalog
from games.errors import N_, Phrase
from games.hunting_age import fold as hunting_age
from games.lion_square import fold as lion_square

#: What may decide between equal scores (``tie_break``); None: the score alone decided.
SMALLEST_STOCK = "smallest_stock"  # B10
PIECES_LEFT = "pieces_left"  # H2
CAVE_FOOD = "cave_food"  # H2
SHARED = "shared"  # equal on everything: the win is shared
LIONS = "lions"  # L3: every herd at 0, the lions win and no player does
TIE_BREAKS = (SMALLEST_STOCK, PIECES_LEFT, CAVE_FOOD, SHARED, LIONS)
#: What decided between equal scores, in the words the game's own end screen uses (the
#: play's comment for BG Stats, in English; "Our plays", translated).
TIE_BREAK_WORDS = {
    SMALLEST_STOCK: N_("Equal totals: the larger smallest stock won."),
    PIECES_LEFT: N_("Decided by the tie-break: fewer pieces left on the personal board."),
    CAVE_FOOD: N_("Decided by the second tie-break: more food in the cave."),
    SHARED: N_("The win is shared."),
    LIONS: N_("The lions win! No herd survived."),
}


@dataclass(frozen=True, slots=True)
class Result:
    """A finished game, seat by seat (indexes are seats)."""

    scores: tuple[int | None, ...]
    ranks: tuple[int | None, ...]  # 1 = first; equal places share a rank (1, 1, 3)
    winners: tuple[int, ...]
    tie_break: str | None
    start_player: int | None
    variant: str | None
    #: Per seat: the role played (an ``N_`` msgid: a dog's name), or None.
    roles: tuple[str | None, ...] = ()
    #: Per seat: the colour as the table shows it, when it is not the one chosen at create.
    colours: tuple[str | None, ...] = ()
    #: The edition or variants in words (empty: the game as printed).
    board: tuple[Phrase, ...] = ()


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
    board = (
        (Phrase(N_("Variant 2")),)
        if settings.variant_2
        else (Phrase(N_("Variant 1")),)
        if settings.variant_1
        else ()
    )
    return Result(
        tuple(totals),
        ranks_from(ranking, len(totals)),
        winners,
        tie_break,
        settings.start_seat,
        variant,
        board=board,
    )


def _lion_square(state: Any) -> Result | None:
    if not lion_square.game_over(state):
        return None
    herds = tuple(lion_square.final_herds(state))  # below 0 kept (L3)
    winners = tuple(state.winners)
    first = state.history[0].start if state.history else state.start
    tie_break = LIONS if state.lions_win else _shared_or_none(winners)
    return Result(
        herds, ranks_from(lion_square.ranking(state), len(herds)), winners, tie_break, first, None
    )


#: Age of Hunting's editions in words (the table's ``edition`` setting).
EDITIONS = {"campfire": N_("Campfire edition"), "original": N_("Original edition")}
_HUNTING_TIE_BREAKS = {"total": None, "pieces_left": PIECES_LEFT, "cave_food": CAVE_FOOD}


def _hunting_age(state: Any) -> Result | None:
    if not state.over:
        return None
    final = hunting_age.scores(state)
    scores = tuple(int(score["total"]) for score in final["scores"])
    tie_break = _HUNTING_TIE_BREAKS.get(final["decided_by"], SHARED)
    edition = EDITIONS.get(state.edition)
    return Result(
        scores,
        ranks_from(final["ranking"], len(scores)),
        tuple(final["winners"]),
        tie_break,
        state.start_player,
        state.edition,
        board=(Phrase(edition),) if edition else (),
    )


def _dogs_life(state: Any) -> Result | None:
    if not dogs_life.game_over(state):
        return None
    bones = tuple(dog.buried for dog in state.dogs)
    winners = tuple(dogs_rules.winners(state))
    settings = state.settings
    variants, board = [], []
    if settings.timed_minutes is not None:
        variants.append(f"timed {settings.timed_minutes} min")
        board.append(Phrase(N_("timed, {minutes} min"), minutes=settings.timed_minutes))
    if settings.bones_to_win != dogs_rules.Settings().bones_to_win:
        variants.append(f"{settings.bones_to_win} bones")
        board.append(Phrase(N_("{count} bones to win"), count=settings.bones_to_win))
    dogs = [dog_catalog(d.dog) for d in state.dogs]
    return Result(
        bones,
        ranks_from(dogs_rules.ranking(state), len(bones)),
        winners,
        _shared_or_none(winners),
        state.first,  # the dog whose turn came first (turns then go clockwise)
        ", ".join(variants) or None,
        roles=tuple(d.name for d in dogs),
        colours=tuple(d.colour for d in dogs),
        board=tuple(board),
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
