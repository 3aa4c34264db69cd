"""Age of Hunting: one player's tribe and the shared supply, and moving goods between them.

Glossary
--------
tribe (部族)
    Everything one player owns: food pieces (whether still in hand during a turn or stored
    in a cave), stone coins, the VP track, and the personal board's development progress.
open cave (洞穴)
    A cave space with no rock chip on it; each holds one food piece at the end of a turn.
    3 at the start, one more per cave creation (the middle two chips are stacked on one
    cave, so three creations open three caves: 3 → 6).
pieces in hand (手元)
    2 chiefs and 1 subordinate at the start, plus every subordinate added (H1).
pieces left on the personal board
    Rock chips not yet flipped + subordinates not yet added + huts not yet built
    (4 + 4 + 5 = 13 at the start). Fewer means more developed: the first tie-break (H2).
VP track (勝利点トラック)
    VP earned during play (harvest icons, rock chips); it triggers the end at 10 (H2).
board VP
    The VP numbers uncovered on the personal board so far (see ``board``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Final

from games.errors import N_, RuleError
from games.hunting_age.board import LIMITS, OPEN_CAVES_AT_START
from games.hunting_age.components import (
    GOOD_TERMS,
    ROCK_CHIP_GROUPS,
    ROCK_CHIPS_PER_PLAYER,
    SUPPLY_LIMITS,
    Food,
)

CHIEFS: Final = 2
SUBORDINATES_IN_HAND_AT_START: Final = 1
END_TRACK: Final = 10  # H2: a VP track at 10 or more triggers the end
VP_TRACK_MAX: Final = 50  # typo guard for the counter; the track itself has no top


@dataclass(frozen=True, slots=True)
class Hut:
    """A built hut: where it stands and what it scores.

    ``vp`` is the number printed on its build space (``None`` on an end-game space, whose
    card ``end_game`` names). ``face``/``space`` locate it in the Campfire catalog (face
    id, 0-based build space); both are ``None`` for a hut on original components.
    """

    vp: int | None
    end_game: str | None = None
    face: str | None = None
    space: int | None = None

    @property
    def scored_as(self) -> int | str:
        """What the final count needs: the VP number or the end-game card name."""
        return self.end_game if self.end_game is not None else (self.vp or 0)


@dataclass(frozen=True, slots=True)
class Tribe:
    """One player's state. Build a fresh one with ``Tribe()``."""

    food: Food = field(default_factory=Food)
    coins: int = 0
    track: int = 0
    caves_created: int = 0
    subordinates_added: int = 0
    huts: tuple[Hut, ...] = ()
    hidden_chips: tuple[str, ...] = ()  # dealt face down (digital deal only), left to right
    revealed_chips: tuple[str, ...] = ()
    board_vp: int = 0

    @property
    def open_caves(self) -> int:
        return OPEN_CAVES_AT_START + self.caves_created

    @property
    def chips_on_board(self) -> int:
        return sum(ROCK_CHIP_GROUPS[self.caves_created :])

    @property
    def subordinates_in_hand(self) -> int:
        return SUBORDINATES_IN_HAND_AT_START + self.subordinates_added

    @property
    def pieces_left_on_board(self) -> int:
        return (
            self.chips_on_board
            + LIMITS["subordinate"]
            - self.subordinates_added
            + LIMITS["hut"]
            - len(self.huts)
        )

    @property
    def end_triggered(self) -> bool:
        """H2: all 5 huts built, or the VP track at 10 or more."""
        return len(self.huts) >= LIMITS["hut"] or self.track >= END_TRACK


assert sum(ROCK_CHIP_GROUPS) == ROCK_CHIPS_PER_PLAYER


@dataclass(frozen=True, slots=True)
class Supply:
    """What the shared stock still holds of each food kind (coins are unlimited)."""

    food: Food = SUPPLY_LIMITS


def _check_holds(held: Food, wanted: Food, refusal: str) -> None:
    """Refuse with ``refusal`` (``{have}``, ``{good}``, ``{want}``) the first kind short."""
    for kind, want in wanted:
        if want > held[kind]:
            raise RuleError(refusal, have=held[kind], good=GOOD_TERMS[kind], want=want)


def take(tribe: Tribe, supply: Supply, food: Food) -> tuple[Tribe, Supply]:
    """Move ``food`` from the supply to the tribe; refused if the supply lacks any of it."""
    _check_holds(supply.food, food, N_("the supply has only {have} {good} left, not {want}"))
    return replace(tribe, food=tribe.food + food), Supply(supply.food - food)


def give_back(tribe: Tribe, supply: Supply, food: Food) -> tuple[Tribe, Supply]:
    """Move ``food`` from the tribe back to the supply; refused if the tribe lacks any."""
    _check_holds(tribe.food, food, N_("you have only {have} {good}, not {want} to return"))
    return replace(tribe, food=tribe.food - food), Supply(supply.food + food)


def least_missed(food: Food, count: int) -> Food:
    """A default choice of ``count`` pieces to give up from ``food``.

    Takes one piece at a time from the kind held most, so the tribe keeps variety (every
    development needs a grape plus two of one kind); ties go bear, green grain, grape,
    then the scarce kinds yellow grain and mammoth last (they also score on the
    ``mammoth_yellow`` card). Raises ``ValueError`` if ``food`` has fewer pieces.
    """
    if count > food.total:
        raise ValueError("not enough pieces to choose from")
    preference = ("bear", "green_grain", "grape", "yellow_grain", "mammoth")
    left = food.as_dict()
    chosen = dict.fromkeys(left, 0)
    for _ in range(count):
        kind = max(preference, key=lambda k: (left[k], -preference.index(k)))
        left[kind] -= 1
        chosen[kind] += 1
    return Food.of(chosen)
