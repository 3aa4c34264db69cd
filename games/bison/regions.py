"""Regions (B2): maximal sets of joined spaces of one terrain.

Glossary
--------
join
    Two land spaces on neighbouring tiles join when their shared edge has the same letter
    on both sides (P–P, M–M); prairie next to mountain does not join. Two river spaces join
    when both rivers end at the same grid vertex (up to three tiles meet at a vertex, and all
    of their rivers that end there join). Rivers never join through an edge.
region
    A maximal joined set of spaces of one terrain; its animals are the sum over its spaces.

Regions are listed in scoring order (B9): prairie, then mountain, then river; within a
terrain by their smallest hex, so the order is stable for a given board.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .board import Board, Space
from .hexgrid import Hex, Vertex, corner
from .tiles import LETTER_TERRAIN, RIVER, SCORING_ORDER


@dataclass(frozen=True, slots=True)
class Region:
    """A region: its terrain, the hexes of its spaces (sorted) and its animal count."""

    terrain: str
    hexes: tuple[Hex, ...]
    animals: int

    @property
    def spaces(self) -> tuple[Space, ...]:
        return tuple((at, self.terrain) for at in self.hexes)


# Directions E, SE, SW: each shared edge is visited once, from the tile on its W/NW/NE side.
_FORWARD = ((0, (1, 0)), (1, (0, 1)), (2, (-1, 1)))


def find_regions(board: Board) -> tuple[Region, ...]:
    """Every region of ``board`` in scoring order (B2, B9)."""
    parent: dict[Space, Space] = {}

    def find(space: Space) -> Space:
        root = space
        while parent[root] != root:
            root = parent[root]
        while parent[space] != root:  # path compression keeps later finds short
            parent[space], space = root, parent[space]
        return root

    def union(a: Space, b: Space) -> None:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[rb] = ra

    tiles = board.tiles
    for space in board.spaces():
        parent[space] = space

    river_ends: dict[Vertex, list[Hex]] = {}
    for at, placed in tiles.items():
        edges = placed.tile.edges
        q, r = at
        for direction, (dq, dr) in _FORWARD:
            other = tiles.get((q + dq, r + dr))
            if other is None:
                continue
            mine, theirs = edges[direction], other.tile.edges[direction + 3]
            if mine == theirs:  # B2: P–P and M–M join; P–M is only a border
                terrain = LETTER_TERRAIN[mine]
                union((at, terrain), ((q + dq, r + dr), terrain))
        for index in placed.tile.river_corners():
            river_ends.setdefault(corner(at, index), []).append(at)

    for hexes in river_ends.values():  # B2: rivers ending at one vertex join
        for joined in hexes[1:]:
            union((hexes[0], RIVER), (joined, RIVER))

    members: dict[Space, list[Hex]] = {}
    for space in parent:
        members.setdefault(find(space), []).append(space[0])
    regions = [
        Region(
            root[1], tuple(sorted(hexes)), sum(tiles[at].tile.animals_on(root[1]) for at in hexes)
        )
        for root, hexes in members.items()
    ]
    order = {terrain: i for i, terrain in enumerate(SCORING_ORDER)}
    regions.sort(key=lambda region: (order[region.terrain], region.hexes[0]))
    return tuple(regions)


def region_index(regions: tuple[Region, ...]) -> Mapping[Space, int]:
    """Space → index of its region in ``regions``."""
    return {space: i for i, region in enumerate(regions) for space in region.spaces}
