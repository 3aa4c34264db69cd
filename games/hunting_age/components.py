"""Age of Hunting (狩猟の時代): the goods, the shared supply and the rock chips.

Glossary
--------
food piece (食料コマ)
    One of five kinds: ``bear`` (くま), ``mammoth`` (マンモス), ``grape`` (ぶどう),
    ``green_grain`` (穀物(緑)), ``yellow_grain`` (穀物(黄)). Food must be stored in an open
    cave at the end of a turn (see ``storage``).
stone coin (石貨)
    Money, not food: it needs no cave. Chips of value 1 (×16) and 2 (×7).
supply (ストック)
    The shared stock in the middle of the table. Food in it is limited (H1 components):
    bear 12, mammoth 8, grape 12, green grain 12, yellow grain 8. A player cannot take a
    piece the supply no longer has (rulebook, 獲得アクション: ストックにコマが無い場合は獲得
    することはできません).
coin supply — decision
    Coins are **not** limited. The seed says so for the coin icon: ストックにチップがない場合、
    別の物で代用してください (when the supply has no coin chip, use something else instead).
    The 30 value of printed chips (16×1 + 7×2) is only what the box holds; the Campfire kit
    prints a spare coin sheet. Apps therefore never refuse coins for want of chips; a coin
    counter is only bounded by ``COIN_COUNTER_MAX`` to catch typos.
rock chip (岩チップ)
    24 chips whose backs carry a reward (H1): 1 VP ×4, 1 bear ×2, 1 mammoth ×2,
    1 green grain ×2, 1 yellow grain ×2, 1 grape ×2, 1 coin ×2, 2 bears ×2,
    2 green grain ×2, 2 grapes ×2, 2 coins ×2. Four are dealt face down to each player in
    groups 1-2-1 over the closed caves; the three cave creations flip 1, 2, 1 of them.
cost
    What a development takes from a player: named food, coins and ``any_food`` pieces of
    the payer's choice (the rulebook's hut example pays 食料コマ1個(ぶどう): one food piece
    of any kind, grape chosen).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, fields
from typing import Final

from games.errors import N_, Term, TermList

FOODS: Final = ("bear", "mammoth", "grape", "green_grain", "yellow_grain")

COIN_CHIPS: Final = ((1, 16), (2, 7))  # (value, count) printed in the box
COIN_CHIPS_VALUE: Final = sum(value * count for value, count in COIN_CHIPS)  # 30
COIN_COUNTER_MAX: Final = 99  # typo guard only; coins are not limited (see glossary)


# Each good's name is an N_ msgid: its ja/it words (the rulebooks') are in the gettext
# catalogs (translations/*/LC_MESSAGES/messages.po), the one store of the project's words;
# the companion translates them with gettext, the print kit with ``printgen.messages.text``.
GOOD_NAMES: Final[Mapping[str, str]] = {
    "bear": N_("bear"),
    "mammoth": N_("mammoth"),
    "grape": N_("grape"),
    "green_grain": N_("green grain"),
    "yellow_grain": N_("yellow grain"),
    "coins": N_("coin"),
    "vp": N_("VP"),
    "any_food": N_("any food"),
    "basic_food": N_("bear, grape or green grain"),
    "non_grape": N_("any food but grape"),
}
#: Each good's name as a ``Term`` for a message parameter (one English source: GOOD_NAMES).
GOOD_TERMS: Final[Mapping[str, Term]] = {good: Term(name) for good, name in GOOD_NAMES.items()}


@dataclass(frozen=True, slots=True)
class Food:
    """A count of food pieces by kind (never coins)."""

    bear: int = 0
    mammoth: int = 0
    grape: int = 0
    green_grain: int = 0
    yellow_grain: int = 0

    @classmethod
    def of(cls, counts: Mapping[str, int]) -> Food:
        """Build from a mapping of already validated kind -> count (missing kinds are 0)."""
        return cls(**{kind: counts.get(kind, 0) for kind in FOODS})

    def __getitem__(self, kind: str) -> int:
        return int(getattr(self, kind))

    def __iter__(self) -> Iterator[tuple[str, int]]:
        return ((kind, self[kind]) for kind in FOODS)

    def __add__(self, other: Food) -> Food:
        return Food(*(self[k] + other[k] for k in FOODS))

    def __sub__(self, other: Food) -> Food:
        # May go negative: callers check ``covers`` first and explain what is missing.
        return Food(*(self[k] - other[k] for k in FOODS))

    @property
    def total(self) -> int:
        """How many pieces, all kinds together."""
        return sum(self[k] for k in FOODS)

    def covers(self, other: Food) -> bool:
        """Whether every kind here is at least as many as in ``other``."""
        return all(self[k] >= other[k] for k in FOODS)

    def shortfall(self, other: Food) -> Food:
        """What is missing here to cover ``other`` (0 for kinds that suffice)."""
        return Food(*(max(0, other[k] - self[k]) for k in FOODS))

    def capped(self, limit: Food) -> Food:
        """Each kind limited to ``limit``'s count of it."""
        return Food(*(min(self[k], limit[k]) for k in FOODS))

    def replace(self, kind: str, count: int) -> Food:
        """The same counts with ``kind`` set to ``count``."""
        return Food.of({**self.as_dict(), kind: count})

    def as_dict(self) -> dict[str, int]:
        """Every kind, zeros included (JSON-ready)."""
        return {kind: self[kind] for kind in FOODS}


assert tuple(f.name for f in fields(Food)) == FOODS  # positional construction relies on it

SUPPLY_LIMITS: Final = Food(bear=12, mammoth=8, grape=12, green_grain=12, yellow_grain=8)


@dataclass(frozen=True, slots=True)
class Cost:
    """What a development costs: named food, coins and food pieces of the payer's choice."""

    food: Food = Food()
    coins: int = 0
    any_food: int = 0

    def __add__(self, other: Cost) -> Cost:
        return Cost(
            self.food + other.food, self.coins + other.coins, self.any_food + other.any_food
        )

    def as_dict(self) -> dict[str, int]:
        """The non-zero parts, e.g. ``{"bear": 2, "grape": 1, "coins": 1}`` (JSON-ready)."""
        parts = {kind: count for kind, count in self.food if count}
        if self.coins:
            parts["coins"] = self.coins
        if self.any_food:
            parts["any_food"] = self.any_food
        return parts


def goods_list(parts: Iterable[tuple[str, int]] | Mapping[str, int]) -> TermList:
    """A bundle as a message parameter, e.g. "bear ×2, grape ×1" (zero counts left out).

    Each good is a ``Term``, so the companion writes the list in the reader's language
    (``games.errors.TermList``); an empty bundle is an empty list, for which callers say
    "nothing" in a sentence of their own. The app renders bundles with icons and
    ``GOOD_NAMES`` itself.
    """
    items = parts.items() if isinstance(parts, Mapping) else parts
    return TermList((GOOD_TERMS[good], count) for good, count in items if count)


# --- rock chips (H1) -------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RockChip:
    """One rock-chip back: its reward (a food kind, ``coins`` or ``vp``) and amount."""

    back: str
    good: str
    amount: int


ROCK_CHIPS: Final[Mapping[str, RockChip]] = {
    chip.back: chip
    for chip in (
        RockChip("vp_1", "vp", 1),
        RockChip("bear_1", "bear", 1),
        RockChip("mammoth_1", "mammoth", 1),
        RockChip("green_grain_1", "green_grain", 1),
        RockChip("yellow_grain_1", "yellow_grain", 1),
        RockChip("grape_1", "grape", 1),
        RockChip("coins_1", "coins", 1),
        RockChip("bear_2", "bear", 2),
        RockChip("green_grain_2", "green_grain", 2),
        RockChip("grape_2", "grape", 2),
        RockChip("coins_2", "coins", 2),
    )
}
# How many chips of each back the box holds (H1 components): 4 + 10 × 2 = 24.
ROCK_CHIP_COUNTS: Final[Mapping[str, int]] = {
    back: (4 if back == "vp_1" else 2) for back in ROCK_CHIPS
}
ROCK_CHIPS_PER_PLAYER: Final = 4
# The chips lie over the closed caves in groups 1, 2, 1 from the left; cave creation
# number k flips group k (the middle two are stacked on one cave: 重ねて配置).
ROCK_CHIP_GROUPS: Final = (1, 2, 1)


def chip_rewards(backs: Iterable[str]) -> TermList:
    """What rock chips show, one entry per chip, e.g. "bear ×2, VP ×1" (known backs only)."""
    chips = [ROCK_CHIPS[back] for back in backs]
    return goods_list((chip.good, chip.amount) for chip in chips)
