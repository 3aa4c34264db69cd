"""Age of Hunting: developments (H1) — their cost, paying it, and the rock chips.

Glossary
--------
next cost
    What the next development of a kind costs: its base cost (a hut: the card's build
    cost) plus the cumulative extra cost printed above the piece developed (``board``).
any-food choice
    Which food pieces pay the ``any_food`` part of a cost. The payer names them; when they
    do not, ``least_missed`` chooses (the companion shows that choice before confirming).
flip (裏返す)
    Cave creation number k turns over the k-th rock-chip group (1, 2, 1 chips) and the
    player takes every reward at once: food and coins from the supply, VP on the track.
reward cap — decision
    A food reward the supply can no longer give is lost (capped at what the supply has):
    the seed forbids taking a piece the supply lacks (獲得できません) and gives no
    substitute for food, only for coins (which are unlimited here, see ``components``).
    ``flip_rewards`` reports the pieces lost so the app can say so.
deal
    The Campfire edition deals (or draws, at flip time) the chips digitally from the 24:
    the backs are unseen until flipped, so drawing each group when it is flipped from the
    chips nobody has revealed yet is the same chance as dealing 4 each at setup. Owners of
    printed or original chips type what they flipped instead.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Final

from games.errors import N_, RuleError, Term
from games.fields import one_of
from games.hunting_age.board import BASE_COSTS, LIMITS, extra_cost, uncovered_vp
from games.hunting_age.components import (
    ROCK_CHIP_COUNTS,
    ROCK_CHIP_GROUPS,
    ROCK_CHIPS,
    ROCK_CHIPS_PER_PLAYER,
    Cost,
    Food,
    chip_rewards,
    goods_list,
)
from games.hunting_age.tribe import Hut, Supply, Tribe, least_missed

#: A development kind as a message word ("no {kind} is left to develop"), translated with it.
KIND_WORDS: Final = {
    "cave": Term(N_("cave creation")),
    "subordinate": Term(N_("subordinate")),
    "hut": Term(N_("hut")),
}


def done(tribe: Tribe, kind: str) -> int:
    """How many developments of ``kind`` the tribe has made."""
    return {
        "cave": tribe.caves_created,
        "subordinate": tribe.subordinates_added,
        "hut": len(tribe.huts),
    }[kind]


def check_can_develop(tribe: Tribe, kind: str) -> None:
    """Refuse a development whose row on the personal board is already empty."""
    if kind not in LIMITS:
        raise RuleError(
            N_("unknown development {kind!r}; expected cave, subordinate or hut"), kind=kind
        )
    if done(tribe, kind) >= LIMITS[kind]:
        raise RuleError(
            N_("no {kind} is left to develop: all {limit} are done"),
            kind=KIND_WORDS[kind],
            limit=LIMITS[kind],
        )


def next_cost(tribe: Tribe, kind: str, build_cost: Cost | None = None) -> Cost:
    """H1: base cost (a hut: ``build_cost``, the card's) + cumulative extra cost."""
    check_can_develop(tribe, kind)
    if kind == "hut":
        if build_cost is None:
            raise RuleError(N_("a hut's cost needs the build cost of its card"))
        base = build_cost
    else:
        base = BASE_COSTS[kind]
    return base + extra_cost(kind, done(tribe, kind) + 1)


def next_uncovered_vp(tribe: Tribe, kind: str) -> int:
    """The VP the next development of ``kind`` uncovers on the Campfire board."""
    check_can_develop(tribe, kind)
    count = done(tribe, kind)
    return uncovered_vp(kind, count + 1) - uncovered_vp(kind, count)


def pay(
    tribe: Tribe, supply: Supply, cost: Cost, any_food: Food | None = None
) -> tuple[Tribe, Supply]:
    """Pay ``cost`` to the supply; ``any_food`` names the pieces for its any-food part."""
    missing: dict[str, int]
    if any_food is None:
        spare = tribe.food - tribe.food.capped(cost.food)
        any_food = least_missed(spare, min(cost.any_food, spare.total))
        missing = dict(tribe.food.shortfall(cost.food))
        missing["any_food"] = cost.any_food - any_food.total
    elif any_food.total != cost.any_food:
        raise RuleError(
            N_("this cost includes {need} food of your choice; you chose {chosen}"),
            need=cost.any_food,
            chosen=any_food.total,
        )
    else:
        missing = dict(tribe.food.shortfall(cost.food + any_food))
    missing["coins"] = max(0, cost.coins - tribe.coins)
    if any(missing.values()):
        raise RuleError(
            N_("you cannot afford it: it costs {cost}; you are missing {missing}"),
            cost=goods_list(cost.as_dict()),
            missing=goods_list(missing),
        )
    needed = cost.food + any_food
    return (
        replace(tribe, food=tribe.food - needed, coins=tribe.coins - cost.coins),
        Supply(supply.food + needed),
    )


# --- rock chips ----------------------------------------------------------------------------


def check_chip_backs(backs: Iterable[object]) -> tuple[str, ...]:
    """Refuse a rock-chip back that does not exist."""
    unknown = N_("unknown rock chip {back!r}; expected one of: {names}")
    return tuple(one_of(back, ROCK_CHIPS, unknown, "back") for back in backs)


def check_chips_exist(revealed: Iterable[str]) -> None:
    """Refuse more chips of one back than the 24 hold (H1 components)."""
    for back, count in Counter(revealed).items():
        if count > ROCK_CHIP_COUNTS[back]:
            raise RuleError(
                N_("only {limit} rock chips show {reward}, but {count} were revealed"),
                limit=ROCK_CHIP_COUNTS[back],
                reward=chip_rewards([back]),
                count=count,
            )


def deal_rock_chips(players: int, rng: random.Random) -> tuple[tuple[str, ...], ...]:
    """Deal 4 chips face down to each player from the 24 (the rest go back to the box)."""
    pool = [back for back, count in ROCK_CHIP_COUNTS.items() for _ in range(count)]
    if not 1 <= players * ROCK_CHIPS_PER_PLAYER <= len(pool):
        raise RuleError(
            N_("rock chips can be dealt to 1 to {most} players"),
            most=len(pool) // ROCK_CHIPS_PER_PLAYER,
        )
    rng.shuffle(pool)
    return tuple(
        tuple(pool[i * ROCK_CHIPS_PER_PLAYER : (i + 1) * ROCK_CHIPS_PER_PLAYER])
        for i in range(players)
    )


def draw_rock_chips(count: int, revealed: Sequence[str], rng: random.Random) -> tuple[str, ...]:
    """Draw ``count`` chips at random from those of the 24 not yet ``revealed``."""
    left = Counter(ROCK_CHIP_COUNTS)
    left.subtract(revealed)
    pool = sorted(left.elements())  # sorted: the same rng gives the same draw
    return tuple(rng.sample(pool, count))


def flip_rewards(tribe: Tribe, supply: Supply, backs: Sequence[str]) -> tuple[Tribe, Supply, Food]:
    """Apply the flipped chips' rewards at once; returns the food the supply could not give."""
    gained = Food()
    coins = vp = 0
    for back in backs:
        chip = ROCK_CHIPS[back]
        if chip.good == "coins":
            coins += chip.amount
        elif chip.good == "vp":
            vp += chip.amount
        else:
            gained = gained + Food.of({chip.good: chip.amount})
    given = gained.capped(supply.food)
    tribe = replace(
        tribe, food=tribe.food + given, coins=tribe.coins + coins, track=tribe.track + vp
    )
    return tribe, Supply(supply.food - given), gained - given


# --- the three developments ------------------------------------------------------------------


def create_cave(
    tribe: Tribe,
    supply: Supply,
    *,
    cost: Cost | None = None,
    flipped: Sequence[str] | None = None,
    any_food: Food | None = None,
    uncovered: int | None = None,
) -> tuple[Tribe, Supply, Food]:
    """Create a cave: pay, flip the next chip group, take its rewards (H1).

    ``cost`` and ``uncovered`` default to the Campfire board's; ``flipped`` to the chips
    dealt to the tribe. Returns the new tribe and supply and the food rewards lost to an
    empty supply.
    """
    check_can_develop(tribe, "cave")
    group = ROCK_CHIP_GROUPS[tribe.caves_created]
    if flipped is None:
        start = len(tribe.revealed_chips)
        flipped = tribe.hidden_chips[start : start + group]
        if len(flipped) != group:
            raise RuleError(N_("say which rock chips you flipped"))
    flipped = check_chip_backs(flipped)
    if len(flipped) != group:
        raise RuleError(
            N_("cave creation number {number} flips {group} rock chip(s), not {count}"),
            number=tribe.caves_created + 1,
            group=group,
            count=len(flipped),
        )
    price = next_cost(tribe, "cave") if cost is None else cost
    gain = next_uncovered_vp(tribe, "cave") if uncovered is None else uncovered
    tribe, supply = pay(tribe, supply, price, any_food)
    tribe = replace(
        tribe,
        caves_created=tribe.caves_created + 1,
        revealed_chips=tribe.revealed_chips + tuple(flipped),
        board_vp=tribe.board_vp + gain,
    )
    return flip_rewards(tribe, supply, flipped)


def add_subordinate(
    tribe: Tribe,
    supply: Supply,
    *,
    cost: Cost | None = None,
    any_food: Food | None = None,
    uncovered: int | None = None,
) -> tuple[Tribe, Supply]:
    """Add a subordinate: pay, move the next one from the board to the hand (H1)."""
    check_can_develop(tribe, "subordinate")  # also when cost and uncovered VP are typed
    price = next_cost(tribe, "subordinate") if cost is None else cost
    gain = next_uncovered_vp(tribe, "subordinate") if uncovered is None else uncovered
    tribe, supply = pay(tribe, supply, price, any_food)
    return replace(
        tribe, subordinates_added=tribe.subordinates_added + 1, board_vp=tribe.board_vp + gain
    ), supply


def build_hut(
    tribe: Tribe,
    supply: Supply,
    hut: Hut,
    *,
    cost: Cost,
    any_food: Food | None = None,
    uncovered: int | None = None,
    occupied: Iterable[tuple[str | None, int | None]] = (),
) -> tuple[Tribe, Supply]:
    """Build the next hut on a free build space, paying ``cost`` (see ``next_cost``).

    ``occupied`` lists the (face, space) of every hut already standing at the table: one
    hut per build space (H1).
    """
    check_can_develop(tribe, "hut")
    if hut.face is not None and (hut.face, hut.space) in set(occupied):
        raise RuleError(
            N_("build space {space} of {face} already has a hut"),
            space=(hut.space or 0) + 1,
            face=hut.face,
        )
    gain = next_uncovered_vp(tribe, "hut") if uncovered is None else uncovered
    tribe, supply = pay(tribe, supply, cost, any_food)
    return replace(tribe, huts=(*tribe.huts, hut), board_vp=tribe.board_vp + gain), supply
