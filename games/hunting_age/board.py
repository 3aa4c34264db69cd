"""Age of Hunting: the Campfire edition's personal board (H1) — costs and uncovered VP.

Glossary
--------
development (発展)
    One of three kinds, at most one per turn: ``cave`` (洞穴作成: flip the next rock-chip
    group, one more open cave), ``subordinate`` (部下の追加: the next subordinate comes off
    the board into the hand), ``hut`` (小屋の建築: the next hut goes onto a build space).
    Each kind always develops its *leftmost* remaining piece (chip) on the board.
base cost (発展基本コスト)
    Printed left of each row: cave 2 bears + 1 grape; subordinate 2 green grain + 1 grape
    (both from the seed); hut: the build cost printed on the hunting-ground card.
extra cost (発展追加コスト)
    Printed above each piece. It is *cumulative* (追加コストは累計される): developing the
    k-th piece of a row costs the base cost plus every extra printed above pieces 1…k.
    ``EXTRA_STEPS`` holds what is printed above each piece; ``extra_cost`` sums them.
uncovered VP
    The number printed under each piece, visible once the piece has left the board and
    scored at the end of the game (H2).

Why these numbers (the seed does not print them — H1)
-----------------------------------------------------
The seed's worked examples fix a few: the 2nd cave creation costs an extra 1 coin; the 1st
subordinate an extra 1 coin and the 2nd an extra 1 coin + 1 grape; the hut in the example
(the 3rd in our row) an extra 1 food of any kind + 2 coins; and the scoring example's
player uncovered 3 VP from caves, 1 from subordinates and 1 from huts (here: all 3 caves,
2 subordinates, 2 huts). We keep all of
these, and then:

* each step adds about one food's worth (a coin is half a food, see ``cards``), so the
  k-th development of a row costs roughly base + (k - 1) foods: early growth is cheap,
  the last pieces are a real decision;
* uncovered VP grow along each row (0, 1, 2 …): the later, dearer pieces repay more;
* totals: caves 3 VP, subordinates 4 VP, huts 7 VP — 14 VP for a fully developed board,
  about the same as a VP track near its end trigger (10), so developing and harvesting
  VP are equally good roads, which is what the seed's two end triggers suggest.
"""

from __future__ import annotations

from typing import Final

from games.hunting_age.components import Cost, Food

DEVELOPMENTS: Final = ("cave", "subordinate", "hut")

BASE_COSTS: Final = {
    "cave": Cost(Food(bear=2, grape=1)),
    "subordinate": Cost(Food(green_grain=2, grape=1)),
    # "hut": the hunting-ground card's build cost (cards.Face.build_cost)
}

# What is printed above each piece, left to right (cumulative: see extra_cost).
EXTRA_STEPS: Final[dict[str, tuple[Cost, ...]]] = {
    "cave": (Cost(), Cost(coins=1), Cost(any_food=1)),
    "subordinate": (Cost(coins=1), Cost(Food(grape=1)), Cost(coins=1), Cost(any_food=1)),
    "hut": (Cost(), Cost(coins=1), Cost(coins=1, any_food=1), Cost(coins=1), Cost(any_food=1)),
}

# The VP printed under each piece (under each cave's rock chips for caves).
UNCOVERED_VP: Final[dict[str, tuple[int, ...]]] = {
    "cave": (0, 1, 2),
    "subordinate": (0, 1, 1, 2),
    "hut": (0, 1, 1, 2, 3),
}

# How many of each can be developed: 3 closed caves (rock chips in groups 1-2-1),
# 4 subordinates and 5 huts waiting on the board (seed, 各プレイヤーの準備).
LIMITS: Final = {kind: len(steps) for kind, steps in EXTRA_STEPS.items()}
OPEN_CAVES_AT_START: Final = 3
PIECES_ON_BOARD_AT_START: Final = 4 + LIMITS["subordinate"] + LIMITS["hut"]  # 4 chips


def extra_cost(kind: str, number: int) -> Cost:
    """The cumulative extra cost of the ``number``-th development (1-based) of ``kind``."""
    total = Cost()
    for step in EXTRA_STEPS[kind][:number]:
        total = total + step
    return total


def uncovered_vp(kind: str, done: int) -> int:
    """The VP visible on a row once its first ``done`` pieces have left the board."""
    return sum(UNCOVERED_VP[kind][:done])
