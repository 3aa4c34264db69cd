"""Age of Hunting: the harvest of one hunting action, read off the printed cards (H1).

Placing or retrieving a chief takes the harvest of the chief's hunting space and of every
hut of the same tribe on that card (the rulebook's turn, step 1). The Campfire edition's
cards are in ``games.hunting_age.cards``, so the companion takes the whole harvest in one
event instead of a tap per piece.

Glossary
--------
yield
    What one harvest gives: fixed food, coins and VP-track steps; *free* picks (the
    ``any_food`` and ``basic_food`` gain icons) the harvester chooses; and the icons the
    players carry out themselves with the counters (``manual``: conversions and copies,
    whose choice depends on what the tribe holds after the harvest).
choice
    The food chosen for the free picks: exactly as many pieces as picks, ``basic_food``
    picks among bear, grape and green grain.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from games.errors import N_, RuleError
from games.hunting_age.cards import Face, Harvest, Icon
from games.hunting_age.components import FOODS, Food

#: The kinds each free-pick icon lets the harvester choose (cards glossary).
FREE_PICKS: Final[Mapping[str, tuple[str, ...]]] = {
    "any_food": FOODS,
    "basic_food": ("bear", "grape", "green_grain"),
}


@dataclass(frozen=True, slots=True)
class Yield:
    """What one harvest gives (glossary)."""

    food: Food = field(default_factory=Food)
    coins: int = 0
    vp: int = 0
    free: tuple[tuple[str, int], ...] = ()  # (free-pick icon, count), icon order
    manual: tuple[Icon, ...] = ()

    @property
    def picks(self) -> int:
        return sum(n for _kind, n in self.free)

    def choices(self) -> tuple[str, ...]:
        """The food kinds every free pick of this yield accepts (a one-kind choice)."""
        kinds = [FREE_PICKS[kind] for kind, _n in self.free]
        return tuple(k for k in FOODS if all(k in allowed for allowed in kinds))


def _areas(face: Face, space: object, hut_spaces: Sequence[int]) -> list[Harvest]:
    if isinstance(space, bool) or not isinstance(space, int) or not 0 <= space < len(face.hunting):
        raise RuleError(
            N_("space must be a hunting space of {face}: 0 to {last}"),
            face=face.id,
            last=len(face.hunting) - 1,
        )
    return [face.hunting[space], *(face.build[i].harvest for i in hut_spaces)]


def harvest_yield(face: Face, space: object, hut_spaces: Sequence[int] = ()) -> Yield:
    """The harvest of a chief on hunting space ``space`` (0-based; anything else is
    refused) of ``face``, with the harvester's huts on build spaces ``hut_spaces`` of the
    same face."""
    food: dict[str, int] = dict.fromkeys(FOODS, 0)
    coins = vp = 0
    free: dict[str, int] = {}
    manual: list[Icon] = []
    for area in _areas(face, space, hut_spaces):
        for icon in area:
            if icon.family == "end_game":
                continue  # scores at the end, harvests nothing
            if icon.family != "gain":
                manual.append(icon)
                continue
            for good, n in icon.gives:
                if good in food:
                    food[good] += n
                elif good == "coins":
                    coins += n
                elif good == "vp":
                    vp += n
                else:
                    free[good] = free.get(good, 0) + n
    return Yield(Food.of(food), coins, vp, tuple(free.items()), tuple(manual))


def default_choice(harvest: Yield, supply: Food) -> Food:
    """The one-kind choice the supply can best give (most pieces left), for a harvest
    event that names none; an empty choice when there are no free picks."""
    if not harvest.picks:
        return Food()
    kinds = harvest.choices()
    kind = max(kinds, key=lambda k: (supply[k], -kinds.index(k)))
    return Food.of({kind: harvest.picks})


def check_choice(harvest: Yield, choice: Food) -> None:
    """Refuse a choice that does not fill exactly the yield's free picks."""
    if choice.total != harvest.picks:
        raise RuleError(
            N_("choose {picks} food pieces for this harvest, not {count}"),
            picks=harvest.picks,
            count=choice.total,
        )
    basic = dict(harvest.free).get("basic_food", 0)
    if sum(choice[k] for k in FREE_PICKS["basic_food"]) < basic:
        raise RuleError(
            N_("{count} of the chosen pieces must be bear, grape or green grain"),
            count=basic,
        )
