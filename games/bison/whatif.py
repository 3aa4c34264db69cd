"""What-if: the best placements for the tile a player holds, by the immediate change in
that player's standing.

Glossary
--------
standing
    What a player would receive from the board if the round ended now: the sum of their
    awards over every region (B9), all animals together, before the stock cap.
option
    One way to play the held tile with the ``place_tile`` action (B6): a legal hex (B4),
    a rotation, and the hunters (0–5) put on one of its spaces.
gain
    The player's standing after the option minus their standing now.
cost
    The action's cost for those hunters (B6): 0 hunters *gain* one animal (cost -1).
net
    ``gain - cost``: what the option is worth right now, the number the options are
    ranked by (best first; fewer hunters, then hex and rotation, break ties so the
    answer is stable).

Only the immediate change is counted: no look-ahead, no opponents' replies. Adding hunters
to a space never changes which spaces join (regions depend on tiles only, B2), so each
layout's regions are found once and only the region of the chosen space is scored again
for each number of hunters; that keeps a whole tile well under 100 ms (bench/bison_whatif.py).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.errors import N_, RuleError

from .board import Board, Pieces
from .catalog import CatalogTile
from .economy import COST_TABLE, MAX_HUNTERS_PER_ACTION
from .hexgrid import Hex, neighbours
from .regions import Region, find_regions, region_index
from .scoring import score_board, score_region
from .tiles import SPACES, Tile


@dataclass(frozen=True, slots=True)
class Option:
    """One way to play the held tile and what it changes for the player."""

    at: Hex
    rotation: int
    space: str | None  # None when no hunter goes on the tile
    hunters: int
    gain: int
    cost: int

    @property
    def net(self) -> int:
        return self.gain - self.cost


def standing(board: Board, player: str) -> int:
    """The player's total awards if the round ended now (B9)."""
    return sum(
        s.award for score in score_board(board) for s in score.standings if s.player == player
    )


def _award(board: Board, region: Region, player: str) -> int:
    return sum(s.award for s in score_region(board, region).standings if s.player == player)


def options(
    board: Board,
    tile: Tile | CatalogTile,
    player: str,
    *,
    hunters_available: int,
    max_totem_distance: int,
) -> list[Option]:
    """Every option for ``tile``, best first (see the glossary for the order)."""
    if hunters_available < 0:
        raise RuleError(N_("hunters cannot be negative"))
    most = min(MAX_HUNTERS_PER_ACTION, hunters_available)
    before = standing(board, player)
    plain = tile.tile if isinstance(tile, CatalogTile) else tile
    seen_edges: set[str] = set()
    rotations = []
    for rotation in range(6):  # a symmetric tile would repeat itself: count each look once
        edges = plain.rotated(rotation).edges
        if edges not in seen_edges:
            seen_edges.add(edges)
            rotations.append(rotation)
    found: list[Option] = []
    hexes = sorted({n for at in board.tiles for n in neighbours(at)} - set(board.tiles))
    for at in hexes:
        for rotation in rotations:
            try:
                placed = board.place(at, tile, rotation, max_totem_distance=max_totem_distance)
            except RuleError:
                break  # B4 does not depend on the rotation: the hex is not legal
            regions = find_regions(placed)
            where = region_index(regions)
            awards = [_award(placed, region, player) for region in regions]
            base = sum(awards)
            found.append(Option(at, rotation, None, 0, base - before, COST_TABLE[0]))
            for space in SPACES:
                index = where[(at, space)]
                for hunters in range(1, most + 1):
                    try:
                        with_hunters = placed.put((at, space), Pieces(player, hunters))
                    except RuleError:
                        break  # the player's 8 hunters are all out already
                    after = base - awards[index] + _award(with_hunters, regions[index], player)
                    found.append(
                        Option(at, rotation, space, hunters, after - before, COST_TABLE[hunters])
                    )
    found.sort(key=lambda o: (-o.net, o.hunters, o.at, o.rotation, o.space or ""))
    return found


def best(
    board: Board,
    tile: Tile | CatalogTile,
    player: str,
    *,
    hunters_available: int,
    max_totem_distance: int,
    limit: int = 5,
) -> list[Option]:
    """The ``limit`` best options for ``tile`` (fewer when there are fewer)."""
    return options(
        board,
        tile,
        player,
        hunters_available=hunters_available,
        max_totem_distance=max_totem_distance,
    )[:limit]
