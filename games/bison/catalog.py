"""The 21 terrain tiles of the Campfire print edition of Bison: ``S1``–``S3`` and ``B01``–``B18``.

Glossary
--------
catalog tile
    A printed tile: its id, its ``Tile`` (edge string in the unrotated orientation the
    printer draws, animals per space), whether it is a start tile and, for start tiles, the
    corner that shows the totem.
start tile
    ``S1``–``S3`` lie face up from the start around one grid vertex, the totem vertex
    (B4). Each shows the totem at one corner; placed as ``START_LAYOUT`` says (unrotated)
    those three corners meet at ``TOTEM_VERTEX``.
draw tile
    ``B01``–``B18``, shuffled face down; some are removed unseen by player count (B4).

Design choices (the printer and the app draw exactly this data):

- Shapes. Only the length of the prairie run matters for a tile's shape (rotation does
  the rest), so every draw tile's edge string is written from E clockwise: ``P`` × n then
  ``M``. Prairie runs of 1, 2, 3, 4 and 5 edges appear 3, 4, 4, 4 and 3 times: wide prairies,
  wide mountains and even splits are all common enough to plan around.
- Animals. Every tile shows 3 animals; all ten ways to split 3 over prairie, river and
  mountain appear, including the three "all on one space" tiles (``B16`` 3 bison, ``B07``
  3 salmon, ``B02`` 3 turkeys) that players fight over. Animals mostly follow the land
  (a wide prairie carries at least as many bison as turkeys, a wide mountain at least as
  many turkeys as bison) except ``B14``, a wide prairie without bison, so shape alone
  never tells value.
- Balance. The 21 tiles carry 21 bison, 21 salmon and 21 turkeys, so no food is scarce
  by design; tile removal (B4) makes each game's board a little different.
- Start tiles. Each start tile has a prairie run of 3, shows 1 of each animal and has a
  river end at its totem corner, so the three rivers meet at the totem: the first river
  region is shared by all. Around the totem, ``S1``'s prairie meets ``S2``'s prairie and
  ``S1``'s mountain meets ``S3``'s mountain, while ``S2`` and ``S3`` meet prairie to
  mountain (no join, B2): the opening board already has one joined prairie, one joined
  mountain and one border.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from games.errors import N_, RuleError

from .hexgrid import Hex, Vertex, corner
from .tiles import Tile


@dataclass(frozen=True, slots=True)
class CatalogTile:
    """One printed tile. ``totem_corner`` is set on start tiles only."""

    id: str
    tile: Tile
    start: bool = False
    totem_corner: int | None = None

    @property
    def edges(self) -> str:
        return self.tile.edges

    @property
    def animals(self) -> dict[str, int]:
        """Animals per space, e.g. ``{"prairie": 1, "river": 1, "mountain": 1}``."""
        return self.tile.animals_json()


def _tile(
    id_: str, edges: str, prairie: int, river: int, mountain: int, totem_corner: int | None = None
) -> CatalogTile:
    tile = Tile(edges, (prairie, river, mountain))
    return CatalogTile(id_, tile, start=totem_corner is not None, totem_corner=totem_corner)


_TILES: tuple[CatalogTile, ...] = (
    # Start tiles: river ends at the totem corner (0, 2, 4 around the totem vertex).
    _tile("S1", "PMMMPP", 1, 1, 1, totem_corner=0),
    _tile("S2", "MMMPPP", 1, 1, 1, totem_corner=2),
    _tile("S3", "PPMMMP", 1, 1, 1, totem_corner=4),
    # Prairie run 1: mountain country.
    _tile("B01", "PMMMMM", 0, 1, 2),
    _tile("B02", "PMMMMM", 0, 0, 3),
    _tile("B03", "PMMMMM", 1, 1, 1),
    # Prairie run 2.
    _tile("B04", "PPMMMM", 1, 0, 2),
    _tile("B05", "PPMMMM", 0, 2, 1),
    _tile("B06", "PPMMMM", 1, 1, 1),
    _tile("B07", "PPMMMM", 0, 3, 0),
    # Prairie run 3: even splits.
    _tile("B08", "PPPMMM", 1, 1, 1),
    _tile("B09", "PPPMMM", 2, 0, 1),
    _tile("B10", "PPPMMM", 1, 2, 0),
    _tile("B11", "PPPMMM", 1, 0, 2),
    # Prairie run 4.
    _tile("B12", "PPPPMM", 2, 1, 0),
    _tile("B13", "PPPPMM", 1, 1, 1),
    _tile("B14", "PPPPMM", 0, 1, 2),
    _tile("B15", "PPPPMM", 1, 2, 0),
    # Prairie run 5: prairie country.
    _tile("B16", "PPPPPM", 3, 0, 0),
    _tile("B17", "PPPPPM", 2, 1, 0),
    _tile("B18", "PPPPPM", 1, 1, 1),
)

#: Every printed tile by id, in print order (S1–S3, then B01–B18).
CATALOG: Mapping[str, CatalogTile] = MappingProxyType({t.id: t for t in _TILES})
START_IDS: tuple[str, ...] = ("S1", "S2", "S3")
DRAW_IDS: tuple[str, ...] = tuple(t.id for t in _TILES if not t.start)
#: Where the start tiles lie (unrotated) at the beginning of every game.
START_LAYOUT: Mapping[str, Hex] = MappingProxyType({"S1": (0, 0), "S2": (1, 0), "S3": (0, 1)})
#: The grid vertex where the three start tiles' totem corners meet.
TOTEM_VERTEX: Vertex = corner((0, 0), 0)


def get(tile_id: object) -> CatalogTile:
    """The catalog tile ``tile_id``; ``RuleError`` naming the valid ids otherwise."""
    if not isinstance(tile_id, str) or tile_id not in CATALOG:
        raise RuleError(
            N_('unknown tile "{tile}"; the catalog has S1–S3 and B01–B18'),
            tile=tile_id if isinstance(tile_id, str) else str(tile_id),
        )
    return CATALOG[tile_id]
