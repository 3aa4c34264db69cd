"""Age of Hunting: the Campfire edition's 14 double-sided hunting-ground cards (H1).

Glossary
--------
hunting-ground card (狩場カード)
    14 cards, each printed on both sides: 4 *basic* cards (基本, marked ⑤ on the card) and
    10 *new land* cards (新天地). A *face* is one side; faces are named by card and side:
    ``B1a``/``B1b`` … ``B4b`` and ``N01a`` … ``N10b`` (28 faces).
hunting space (狩りスペース)
    A face's row of spaces, filled from the left; the chief stands in front (right) of its
    subordinates, so more subordinates reach spaces further right. Each hunting space has a
    *harvest area* (収穫エリア) the chief's owner performs.
build space (建築スペース)
    Where one hut may stand (one hut per space). It shows the VP the hut scores at the end
    and its own harvest area, performed whenever the hut's owner places or retrieves a
    chief on that card. On an end-game card the space shows an end-game icon instead of VP.
build cost (建築コスト)
    Printed once per face: the base cost of a hut built on any of its spaces.
icon (アイコン)
    The rulebook's vocabulary, four families:

    * ``gain`` (獲得): take goods from the supply — a food kind, ``coins``, ``vp`` (one step
      on the VP track), ``any_food`` (任意の食料コマ, never coins), ``basic_food`` (one of
      grape / green grain / bear; the rulebook's 2-of-3 icon gains 2 of them, mixed freely).
    * ``convert`` (変換): pay the left side to the supply for the right side, up to
      ``times`` times: any food → any food; any food → 2 coins (twice); grape → 2 food that
      are not grape (``non_grape``); 4 coins → 1 VP.
    * ``special`` (特殊): ``copy_chief`` (perform the harvest of any chief on a hunting
      space, huts not included) and ``copy_hut`` (perform the harvest of any built hut; one
      on an end-game space does nothing).
    * ``end_game`` (終了時得点): a hut on it scores at the end instead of a number:
      ``mammoth_yellow`` (1 VP per mammoth or yellow grain in the owner's cave),
      ``coins_5`` (1 VP per 5 coins), ``flat_6`` / ``flat_5`` (6 or 5 VP).
    An empty harvest area does nothing (アイコンがない収穫エリア…何も起こりません).

Why these numbers — the balance model
-------------------------------------
One *food value* unit is a bear, a grape or a green grain (12 of each in the supply, and
the base costs are made of them). Mammoth and yellow grain are scarcer (8 each) and feed
the ``mammoth_yellow`` card: 1.5. A coin is 0.5 (the rulebook converts 1 food into 2
coins). A VP is 2 (4 coins buy 1 VP). A free choice is worth a little more than the
cheapest kind: ``any_food`` and ``non_grape`` 1.25, ``basic_food`` 1. A conversion is worth
its net gain per use but at least 0.5 (the choice itself is useful); a copy icon 1.5.
``harvest_value`` computes this, and the tests hold every face to these rules:

* hunting space *i* (0 = leftmost) is worth 1 + 0.5·i, ± 0.5, never less than the space to
  its left: a chief alone earns about one food, each subordinate behind it about half more,
  so a fully developed tribe (5 subordinates) reaches 3.5 on a 6-space card;
* a build space's VP + its harvest value lies between 2 and 4: a hut with a rich harvest
  scores few VP, a hut that harvests nothing scores 3;
* a face's build cost is worth 2.5–4, an end-game face's 3.5–5.5 (6 VP flat, or up to
  6 VP from a full cave, must cost more);
* the 4 basic cards use gain icons only, so the base game teaches itself; on the new
  lands the *a* sides bring the rulebook's other ideas, one per card: a convert
  (``N01a``–``N04a``), a special (``N05a``, ``N06a``) or an end-game card (``N08a``,
  ``N09a``, ``N10a``); every *b* side, and ``N07`` (the great herd) on both sides, uses
  gain icons only, so a table that turns up b sides plays close to the basic game;
* basic cards have 5 hunting spaces and 3 build spaces (they are always on the table and
  must hold most huts: 5 players × 5 huts); new lands 4–6 hunting and 2–3 build spaces.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from games.errors import N_
from games.hunting_age.components import Cost, Food

ICON_FAMILIES: Final = ("gain", "convert", "special", "end_game")
GAIN_GOODS: Final = (
    "bear",
    "mammoth",
    "grape",
    "green_grain",
    "yellow_grain",
    "coins",
    "vp",
    "any_food",
    "basic_food",
    "non_grape",
)
#: The special icons' and the end-game cards' names: N_ msgids, their ja/it in the catalogs.
SPECIALS: Final[Mapping[str, str]] = {
    "copy_chief": N_("Copy a chief's harvest"),
    "copy_hut": N_("Copy a hut's harvest"),
}
END_GAME_CARDS: Final[Mapping[str, str]] = {
    "mammoth_yellow": N_("1 VP per mammoth or yellow grain in your cave"),
    "coins_5": N_("1 VP per 5 coins"),
    "flat_6": N_("6 VP"),
    "flat_5": N_("5 VP"),
}

VALUES: Final[Mapping[str, float]] = {
    "bear": 1.0,
    "grape": 1.0,
    "green_grain": 1.0,
    "mammoth": 1.5,
    "yellow_grain": 1.5,
    "coins": 0.5,
    "vp": 2.0,
    "any_food": 1.25,
    "basic_food": 1.0,
    "non_grape": 1.25,
}
SPECIAL_VALUE: Final = 1.5
MIN_CONVERT_VALUE: Final = 0.5


@dataclass(frozen=True, slots=True)
class Icon:
    """One icon of a harvest area (see the glossary for the families)."""

    family: str
    gives: tuple[tuple[str, int], ...] = ()
    pays: tuple[tuple[str, int], ...] = ()
    times: int = 1
    special: str = ""
    end_game: str = ""

    def as_dict(self) -> dict[str, object]:
        data: dict[str, object] = {"family": self.family}
        if self.gives:
            data["gives"] = dict(self.gives)
        if self.pays:
            data["pays"] = dict(self.pays)
        if self.times != 1:
            data["times"] = self.times
        if self.special:
            data["special"] = self.special
        if self.end_game:
            data["end_game"] = self.end_game
        return data


Harvest = tuple[Icon, ...]


@dataclass(frozen=True, slots=True)
class BuildSpace:
    """A build space: the hut's end-game VP (or end-game card) and its harvest area."""

    vp: int | None
    harvest: Harvest = ()
    end_game: str | None = None


@dataclass(frozen=True, slots=True)
class Face:
    """One side of a hunting-ground card."""

    id: str
    name: str  # an N_ msgid: the card's name, translated by the reader's gettext
    build_cost: Cost
    hunting: tuple[Harvest, ...]
    build: tuple[BuildSpace, ...]

    @property
    def card(self) -> str:
        return self.id[:-1]

    @property
    def side(self) -> str:
        return self.id[-1]

    @property
    def basic(self) -> bool:
        return self.id.startswith("B")

    @property
    def end_game(self) -> bool:
        return any(space.end_game for space in self.build)


# --- icon shorthands (keep the card table below readable) --------------------------------


def gain(**goods: int) -> Icon:
    return Icon("gain", gives=tuple(goods.items()))


def convert(pays: Mapping[str, int], gives: Mapping[str, int], times: int = 1) -> Icon:
    return Icon("convert", gives=tuple(gives.items()), pays=tuple(pays.items()), times=times)


COPY_CHIEF: Final = Icon("special", special="copy_chief")
COPY_HUT: Final = Icon("special", special="copy_hut")
ANY_TO_ANY: Final = convert({"any_food": 1}, {"any_food": 1})
FOOD_TO_COINS: Final = convert({"any_food": 1}, {"coins": 2}, times=2)
GRAPE_TO_TWO: Final = convert({"grape": 1}, {"non_grape": 2})
COINS_TO_VP: Final = convert({"coins": 4}, {"vp": 1})


def h(*icons: Icon) -> Harvest:
    return tuple(icons)


def vp(points: int, *icons: Icon) -> BuildSpace:
    return BuildSpace(points, tuple(icons))


def end(name: str) -> BuildSpace:
    return BuildSpace(None, (Icon("end_game", end_game=name),), name)


def cost(coins: int = 0, **food: int) -> Cost:
    return Cost(Food(**food), coins)


def _face(
    id_: str,
    name: str,
    build_cost: Cost,
    hunting: Sequence[Harvest],
    build: Sequence[BuildSpace],
) -> Face:
    return Face(id_, name, build_cost, tuple(hunting), tuple(build))


FACES: Final[tuple[Face, ...]] = (
    # --- basic cards: gain icons only ----------------------------------------------------
    _face(
        "B1a",
        N_("Bear Den"),
        cost(1, grape=1, green_grain=1),
        [
            h(gain(bear=1)),
            h(gain(bear=1, coins=1)),
            h(gain(bear=2)),
            h(gain(bear=2, coins=1)),
            h(gain(bear=2, mammoth=1)),
        ],
        [vp(1, gain(bear=1)), vp(2, gain(bear=1)), vp(3)],
    ),
    _face(
        "B1b",
        N_("Birch Wood"),
        cost(bear=1, mammoth=1),
        [
            h(gain(green_grain=1)),
            h(gain(grape=1, coins=1)),
            h(gain(green_grain=1, grape=1)),
            h(gain(basic_food=2, coins=1)),
            h(gain(green_grain=2, coins=2)),
        ],
        [vp(1, gain(green_grain=1)), vp(2, gain(coins=2)), vp(3)],
    ),
    _face(
        "B2a",
        N_("Mammoth Steppe"),
        cost(bear=1, grape=1, green_grain=1),
        [
            h(gain(coins=2)),
            h(gain(mammoth=1)),
            h(gain(mammoth=1, coins=1)),
            h(gain(mammoth=1, bear=1)),
            h(gain(mammoth=2)),
        ],
        [vp(0, gain(mammoth=1, bear=1)), vp(1, gain(mammoth=1)), vp(3)],
    ),
    _face(
        "B2b",
        N_("Frozen River"),
        cost(1, grape=2),
        [
            h(gain(bear=1)),
            h(gain(coins=3)),
            h(gain(yellow_grain=1, coins=1)),
            h(gain(bear=1, mammoth=1)),
            h(gain(vp=1, coins=2)),
        ],
        [vp(1, gain(coins=2)), vp(2, gain(bear=1)), vp(2, gain(mammoth=1))],
    ),
    _face(
        "B3a",
        N_("Wild Vineyard"),
        cost(1, bear=1, green_grain=1),
        [
            h(gain(grape=1)),
            h(gain(grape=1, coins=1)),
            h(gain(grape=2)),
            h(gain(grape=2, coins=1)),
            h(gain(grape=3)),
        ],
        [vp(1, gain(grape=1)), vp(2, gain(grape=1)), vp(3)],
    ),
    _face(
        "B3b",
        N_("Berry Thicket"),
        cost(green_grain=1, mammoth=1),
        [
            h(gain(coins=2)),
            h(gain(grape=1, coins=1)),
            h(gain(basic_food=2)),
            h(gain(grape=1, yellow_grain=1)),
            h(gain(basic_food=2, coins=2)),
        ],
        [vp(1, gain(grape=1, coins=1)), vp(2, gain(coins=1)), vp(3)],
    ),
    _face(
        "B4a",
        N_("Green Meadow"),
        cost(1, bear=1, grape=1),
        [
            h(gain(green_grain=1)),
            h(gain(green_grain=1, coins=1)),
            h(gain(green_grain=2)),
            h(gain(green_grain=2, coins=1)),
            h(gain(green_grain=3)),
        ],
        [vp(1, gain(green_grain=1)), vp(2, gain(green_grain=1)), vp(3)],
    ),
    _face(
        "B4b",
        N_("Golden Field"),
        cost(bear=1, grape=1, green_grain=1),
        [
            h(gain(coins=2)),
            h(gain(yellow_grain=1)),
            h(gain(yellow_grain=1, coins=1)),
            h(gain(yellow_grain=1, green_grain=1)),
            h(gain(yellow_grain=2)),
        ],
        [vp(0, gain(yellow_grain=1, green_grain=1)), vp(1, gain(yellow_grain=1)), vp(3)],
    ),
    # --- new land: the a sides' ideas (convert, special, end game); b sides gain only -----
    _face(
        "N01a",
        N_("Trading Rock"),
        cost(1, grape=1, green_grain=1),
        [
            h(gain(coins=2)),
            h(gain(bear=1), ANY_TO_ANY),
            h(gain(any_food=1), ANY_TO_ANY),
            h(gain(any_food=2)),
        ],
        [vp(1, convert({"any_food": 1}, {"any_food": 1}, times=2)), vp(2, gain(any_food=1)), vp(3)],
    ),
    _face(
        "N01b",
        N_("Salt Flats"),
        cost(bear=1, grape=1, green_grain=1),
        [
            h(gain(bear=1)),
            h(gain(coins=3)),
            h(gain(yellow_grain=1, coins=1)),
            h(gain(yellow_grain=1, bear=1)),
        ],
        [vp(1, gain(coins=2)), vp(2, gain(yellow_grain=1))],
    ),
    _face(
        "N02a",
        N_("Shell Beach"),
        cost(2, bear=1, grape=1),
        [
            h(gain(coins=2)),
            h(gain(coins=3)),
            h(gain(grape=1), FOOD_TO_COINS),
            h(gain(coins=3, bear=1)),
            h(gain(vp=1, coins=2)),
        ],
        [vp(1, gain(coins=2)), vp(2, FOOD_TO_COINS), vp(3)],
    ),
    _face(
        "N02b",
        N_("Lagoon"),
        cost(1, green_grain=2),
        [
            h(gain(grape=1)),
            h(gain(bear=1, coins=1)),
            h(gain(mammoth=1, coins=1)),
            h(gain(bear=1, grape=1, coins=1)),
            h(gain(mammoth=2)),
        ],
        [vp(1, gain(bear=1)), vp(1, gain(grape=1, coins=1)), vp(3)],
    ),
    _face(
        "N03a",
        N_("Harvest Altar"),
        cost(2, bear=1, green_grain=1),
        [
            h(gain(grape=1)),
            h(gain(grape=1, coins=1)),
            h(GRAPE_TO_TWO, gain(coins=1)),
            h(gain(grape=1), GRAPE_TO_TWO),
        ],
        [vp(1, gain(grape=1)), vp(2, GRAPE_TO_TWO), vp(3)],
    ),
    _face(
        "N03b",
        N_("Orchard Valley"),
        cost(bear=1, yellow_grain=1),
        [
            h(gain(grape=1)),
            h(gain(green_grain=1, coins=1)),
            h(gain(grape=1, green_grain=1)),
            h(gain(basic_food=2, coins=1)),
            h(gain(grape=1, green_grain=1, bear=1)),
            h(gain(grape=2, mammoth=1)),
        ],
        [vp(1, gain(green_grain=1)), vp(2, gain(grape=1)), vp(3)],
    ),
    _face(
        "N04a",
        N_("Chieftain's Hill"),
        cost(bear=1, grape=1, green_grain=1),
        [
            h(gain(coins=2)),
            h(gain(coins=3)),
            h(gain(coins=4)),
            h(gain(coins=5)),
            h(gain(vp=1), COINS_TO_VP),
        ],
        [vp(1, gain(coins=2)), vp(2, COINS_TO_VP), vp(3)],
    ),
    _face(
        "N04b",
        N_("Lookout Crag"),
        cost(mammoth=1, grape=1),
        [h(gain(coins=2)), h(gain(bear=1, coins=1)), h(gain(vp=1)), h(gain(vp=1, coins=1))],
        [vp(2, gain(coins=1)), vp(3)],
    ),
    _face(
        "N05a",
        N_("Echo Cave"),
        cost(1, grape=1, green_grain=1),
        [
            h(gain(bear=1)),
            h(COPY_CHIEF),
            h(COPY_CHIEF, gain(coins=1)),
            h(gain(mammoth=1, coins=2)),
            h(COPY_CHIEF, gain(grape=1, coins=1)),
        ],
        [vp(1, COPY_CHIEF), vp(2, gain(coins=1)), vp(3)],
    ),
    _face(
        "N05b",
        N_("Misty Gorge"),
        cost(1, bear=2),
        [
            h(gain(green_grain=1)),
            h(gain(mammoth=1)),
            h(gain(green_grain=1, grape=1)),
            h(gain(mammoth=1, green_grain=1)),
            h(gain(yellow_grain=1, mammoth=1)),
        ],
        [vp(1, gain(mammoth=1)), vp(2, gain(green_grain=1)), vp(3)],
    ),
    _face(
        "N06a",
        N_("Gathering Fire"),
        cost(bear=1, grape=1, green_grain=1),
        [
            h(gain(coins=2)),
            h(COPY_HUT),
            h(COPY_HUT, gain(coins=1)),
            h(gain(bear=1, yellow_grain=1)),
            h(COPY_HUT, gain(coins=3)),
        ],
        [vp(0, COPY_HUT, gain(coins=1)), vp(2, gain(coins=2)), vp(3)],
    ),
    _face(
        "N06b",
        N_("Ash Plain"),
        cost(1, grape=1, green_grain=1),
        [h(gain(bear=1)), h(gain(bear=1, coins=1)), h(gain(bear=2)), h(gain(bear=1, vp=1))],
        [vp(1, gain(bear=1)), vp(2, gain(bear=1))],
    ),
    _face(
        "N07a",
        N_("Great Herd Pass"),
        cost(1, bear=1, grape=1, green_grain=1),
        [
            h(gain(coins=2)),
            h(gain(mammoth=1)),
            h(gain(mammoth=1, coins=1)),
            h(gain(mammoth=1, bear=1)),
            h(gain(mammoth=2)),
            h(gain(mammoth=2, coins=1)),
        ],
        [vp(0, gain(mammoth=1, coins=1)), vp(1, gain(mammoth=1)), vp(2, gain(mammoth=1))],
    ),
    _face(
        "N07b",
        N_("Tundra"),
        cost(grape=1, green_grain=2),
        [
            h(gain(bear=1)),
            h(gain(yellow_grain=1)),
            h(gain(bear=1, yellow_grain=1)),
            h(gain(vp=1, bear=1)),
        ],
        [vp(1, gain(bear=1)), vp(3)],
    ),
    _face(
        "N08a",
        N_("Ivory Graveyard"),
        cost(2, bear=1, grape=1, green_grain=1),
        [
            h(gain(coins=2)),
            h(gain(mammoth=1)),
            h(gain(yellow_grain=1, coins=1)),
            h(gain(mammoth=1, yellow_grain=1)),
            h(gain(mammoth=2)),
        ],
        [end("mammoth_yellow"), end("mammoth_yellow")],
    ),
    _face(
        "N08b",
        N_("Reed Marsh"),
        cost(bear=1, mammoth=1),
        [
            h(gain(green_grain=1)),
            h(gain(grape=1, coins=1)),
            h(gain(basic_food=2)),
            h(gain(basic_food=2, coins=1)),
            h(gain(basic_food=3)),
        ],
        [vp(1, gain(basic_food=1)), vp(2, gain(green_grain=1)), vp(3)],
    ),
    _face(
        "N09a",
        N_("Stone Market"),
        cost(bear=1, grape=1, green_grain=1, yellow_grain=1),
        [h(gain(coins=2)), h(gain(coins=3)), h(gain(coins=4)), h(gain(coins=5)), h(gain(coins=6))],
        [end("coins_5"), end("coins_5")],
    ),
    _face(
        "N09b",
        N_("Flint Quarry"),
        cost(2, grape=1, green_grain=1),
        [
            h(gain(coins=2)),
            h(gain(bear=1, coins=1)),
            h(gain(any_food=1, coins=1)),
            h(gain(any_food=2)),
        ],
        [vp(1, gain(any_food=1)), vp(3)],
    ),
    _face(
        "N10a",
        N_("Sacred Circle"),
        cost(bear=1, grape=1, green_grain=1, mammoth=1),
        [
            h(gain(bear=1)),
            h(gain(grape=1, coins=1)),
            h(gain(green_grain=1, bear=1)),
            h(gain(vp=1, coins=1)),
        ],
        [end("flat_6"), end("flat_5")],
    ),
    _face(
        "N10b",
        N_("Sunrise Ridge"),
        cost(1, green_grain=1, yellow_grain=1),
        [
            h(gain(grape=1)),
            h(gain(coins=3)),
            h(gain(bear=1, coins=2)),
            h(gain(vp=1, coins=1)),
            h(gain(vp=1, grape=1)),
            h(gain(vp=1, mammoth=1)),
        ],
        [vp(1, gain(coins=2)), vp(2, gain(grape=1))],
    ),
)

FACES_BY_ID: Final[Mapping[str, Face]] = {face.id: face for face in FACES}
BASIC_CARDS: Final = tuple(sorted({f.card for f in FACES if f.basic}))
NEW_LAND_CARDS: Final = tuple(sorted({f.card for f in FACES if not f.basic}))


def harvest_value(harvest: Harvest) -> float:
    """The balance model's worth of a harvest area, in food-value units (module docstring)."""
    total = 0.0
    for icon in harvest:
        if icon.family == "gain":
            total += sum(VALUES[good] * n for good, n in icon.gives)
        elif icon.family == "convert":
            net = sum(VALUES[g] * n for g, n in icon.gives) - sum(
                VALUES[g] * n for g, n in icon.pays
            )
            total += icon.times * max(MIN_CONVERT_VALUE, net)
        elif icon.family == "special":
            total += SPECIAL_VALUE
        # end_game icons score at the end: no harvest value
    return total


def cost_value(price: Cost) -> float:
    """The balance model's worth of a cost."""
    return (
        sum(VALUES[kind] * n for kind, n in price.food)
        + VALUES["coins"] * price.coins
        + VALUES["any_food"] * price.any_food
    )
