"""The photo markers of the Bison print kit (issue 23): which AprilTag 36h11 id each tile
and token carries and where, in the piece's own millimetres. One layout, shared by the
printer (``printgen.games.bison`` draws it) and the photo reader (``reader`` finds it).

Glossary
--------
marker
    An AprilTag of the 36h11 family: an 8 × 8-cell black-bordered square (6 × 6 data cells)
    inside a one-cell white margin, 10 cells across in all. ``size`` below is the whole
    10 cells, margin included; the black square is ``0.8 × size``.
tile slot
    Each tile carries three markers (slots 0, 1, 2), spread near its rim where they cover
    no art (animal, id label, river, pond, totem), so a hand over one part of a tile still
    leaves one to read. Any one marker gives the tile's id, place and rotation.
piece marker
    One per hunter, tent and canoe token. Its id encodes colour × kind × size; the two
    copies of a size share it (they are interchangeable in play).

Id ranges (stable: a printed kit must stay readable by later versions):
``0 … 3·21 − 1`` tiles (``catalog index × 3 + slot``), ``PIECE_BASE …`` pieces
(``PIECE_BASE + colour index × 16 + kind code``: hunter 0, tent 1–4, canoe 9–12 by
size). Ids past ``LAST_ID`` belong to no Bison kit (another game's or another maker's).
Standard library only (games/ rule).
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass

from games.bison import catalog
from games.bison.components import MAX_STRUCTURE
from games.bison.kit.tag36h11 import CODES
from games.bison.kit.tile_art import (
    HEX_RADIUS,
    ID_BOX,
    LAND_MARK,
    POND,
    RIVER_HALF,
    RIVER_MARK,
    TILE,
    TOTEM,
    Point,
    TileArt,
    compute_tile_art,
    corner_at,
    inside,
    river_path,
    tile_art,
)

FAMILY = "tag36h11"
TILE_SLOTS = 3
TILE_MARKER = 12.5  # mm, margin included: a 10 mm black square at 1.25 mm a cell
TOKEN_MARKER = 10.0  # mm, margin included: an 8 mm black square at 1 mm a cell
HUNTER_TOKEN = 15.0  # mm: a hunter token grows from 12 mm to carry its marker
STRUCTURE_TOKEN = 16.0  # mm: tents and canoes, as before
TOKEN_RIM = 1.0  # mm of the owner's colour around the marker's white margin
PIECE_BASE = 100
COLOURS: tuple[str, ...] = (  # games.table.COLOURS, frozen here: ids must never shift
    "red",
    "yellow",
    "green",
    "blue",
    "purple",
    "black",
    "white",
    "orange",
)
KINDS = ("hunter", "tent", "canoe")
_KIND_CODE = {"hunter": 0, "tent": 0, "canoe": 8}
CLEARANCE = 0.6  # mm between a tile marker's margin and any art
RIM_GAP = 1.0  # mm between a tile marker's margin and the hex edge (cutting slack)
_STEP = 1.0  # mm between candidate marker centres


@dataclass(frozen=True, slots=True)
class Marker:
    """One printed marker: its id, its centre (x right, y up, mm from the piece's lower
    left corner, as the printer draws) and its size (margin included). Markers are never
    turned on their piece: the tag's own orientation is the piece's."""

    id: int
    centre: Point
    size: float


@dataclass(frozen=True, slots=True)
class TileMarker:
    tile: str
    slot: int


@dataclass(frozen=True, slots=True)
class PieceMarker:
    colour: str
    kind: str  # "hunter", "tent" or "canoe"
    size: int  # structure size 1–4; 0 for a hunter


def tile_marker_id(tile_id: str, slot: int) -> int:
    return list(catalog.CATALOG).index(tile_id) * TILE_SLOTS + slot


def piece_marker_id(colour: str, kind: str, size: int = 0) -> int:
    if kind == "hunter":
        size = 0
    return PIECE_BASE + COLOURS.index(colour) * 16 + _KIND_CODE[kind] + size


LAST_ID = piece_marker_id(COLOURS[-1], "canoe", MAX_STRUCTURE)


def decode(marker_id: int) -> TileMarker | PieceMarker | None:
    """What a marker id names, or None for an id no Bison kit prints."""
    tiles = list(catalog.CATALOG)
    if 0 <= marker_id < len(tiles) * TILE_SLOTS:
        return TileMarker(tiles[marker_id // TILE_SLOTS], marker_id % TILE_SLOTS)
    colour_index, code = divmod(marker_id - PIECE_BASE, 16)
    if marker_id < PIECE_BASE or colour_index >= len(COLOURS):
        return None
    colour = COLOURS[colour_index]
    if code == 0:
        return PieceMarker(colour, "hunter", 0)
    kind, size = ("tent", code) if code < 8 else ("canoe", code - 8)
    if 1 <= size <= MAX_STRUCTURE:
        return PieceMarker(colour, kind, size)
    return None


def _square_distance(p: Point, centre: Point, half: float) -> float:
    """Distance from point ``p`` to an axis-aligned square (0 inside it)."""
    dx = max(abs(p[0] - centre[0]) - half, 0.0)
    dy = max(abs(p[1] - centre[1]) - half, 0.0)
    return math.hypot(dx, dy)


def _dense(path: list[Point], step: float = 0.5) -> list[Point]:
    """``path`` resampled every ``step`` mm, so a point test along it is a curve test."""
    out = [path[0]]
    for a, b in itertools.pairwise(path):
        n = max(1, math.ceil(math.dist(a, b) / step))
        out += [
            (a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n) for k in range(1, n + 1)
        ]
    return out


def art_obstacles(
    tile_id: str, art: TileArt | None = None
) -> tuple[list[tuple[Point, float]], list[Point], float]:
    """What a tile marker must not cover: discs (animals, ponds, totem, the id label's
    circumscribed disc), the river's centre line (densely sampled) and its half width.
    ``art``: the tile's marks (default: the checked-in :func:`tile_art`)."""
    art = tile_art(tile_id) if art is None else art
    tile = catalog.CATALOG[tile_id]
    a, b = tile.tile.river_corners()
    discs: list[tuple[Point, float]] = [(corner_at(a), POND), (corner_at(b), POND)]
    for space, spots in art.animals.items():
        radius = RIVER_MARK if space == "river" else LAND_MARK
        discs += [(p, radius) for p in spots]
    if art.totem_at is not None:
        discs.append((art.totem_at, TOTEM))
    discs.append((art.id_at, math.hypot(*ID_BOX) / 2))
    return discs, _dense(river_path(a, b, HEX_RADIUS)), RIVER_HALF


@functools.cache
def tile_markers(tile_id: str) -> tuple[Marker, ...]:
    """The three markers of ``tile_id``, read from the checked-in data
    (:mod:`games.bison.kit.art_data`, made by :func:`compute_tile_markers`; a test proves the
    two agree): the first photo read costs what the others do."""
    from games.bison.kit.art_data import TILE_MARKERS  # literals only: no import cycle

    return tuple(
        Marker(tile_marker_id(tile_id, slot), p, TILE_MARKER)
        for slot, p in enumerate(TILE_MARKERS[tile_id])
    )


def compute_tile_markers(tile_id: str) -> tuple[Marker, ...]:
    """The three markers of ``tile_id``: free spots (no art under the marker or its margin,
    the whole square inside the hexagon) chosen far apart and near the rim, so one hand
    rarely hides all three and any one fixes the tile's pose. Slow (a grid search over the
    art of :func:`games.bison.kit.tile_art.compute_tile_art`): run by
    ``python -m games.bison.kit.art_data`` only."""
    half = TILE_MARKER / 2
    # A square lies inside a convex hexagon when its corners do: test them against the
    # hexagon shrunk by the rim gap (its apothem shorter by RIM_GAP).
    shrunk = [corner_at(i, HEX_RADIUS - RIM_GAP * 2 / math.sqrt(3)) for i in range(6)]
    discs, river, river_half = art_obstacles(tile_id, compute_tile_art(tile_id))
    centre = (TILE[0] / 2, TILE[1] / 2)
    far = half * math.sqrt(2)  # centre to corner: beyond this, nothing can touch

    def clear_of(line: list[Point], p: Point, room: float) -> bool:
        near = [q for q in line if math.dist(q, p) < far + room]
        return all(_square_distance(q, p, half) >= room for q in near)

    def free(p: Point) -> bool:
        corners = [(p[0] + sx * half, p[1] + sy * half) for sx in (-1, 1) for sy in (-1, 1)]
        if not all(inside(shrunk, c) for c in corners):
            return False
        if not clear_of(river, p, river_half + CLEARANCE):
            return False
        return all(_square_distance(c, p, half) >= r + CLEARANCE for c, r in discs)

    candidates = [
        (x * _STEP, y * _STEP)
        for y in range(int(TILE[1] / _STEP) + 1)
        for x in range(int(TILE[0] / _STEP) + 1)
    ]
    spots = [p for p in candidates if math.dist(p, centre) > half and free(p)]
    chosen: list[Point] = []
    for _ in range(TILE_SLOTS):
        # Farthest-point choice (ties to the rim): spread first, then near the edge.
        pool = [
            p
            for p in spots
            if all(max(abs(p[0] - q[0]), abs(p[1] - q[1])) > 2 * half for q in chosen)
        ]
        if not pool:
            raise ValueError(f"no room for {TILE_SLOTS} markers on tile {tile_id}")
        best = max(
            pool,
            key=lambda p: (
                min((math.dist(p, q) for q in chosen), default=0.0) + 0.5 * math.dist(p, centre)
            ),
        )
        chosen.append(best)
    return tuple(
        Marker(tile_marker_id(tile_id, slot), p, TILE_MARKER) for slot, p in enumerate(chosen)
    )


def token_size(kind: str) -> float:
    return HUNTER_TOKEN if kind == "hunter" else STRUCTURE_TOKEN


def piece_marker(colour: str, kind: str, size: int = 0) -> Marker:
    """The marker of a hunter, tent or canoe token: in its lower left corner just inside
    the colour rim; the owner's shape goes to the upper right, a structure's size
    diamonds along the top and its kind's icon at the right (printgen draws those)."""
    at = TOKEN_RIM + TOKEN_MARKER / 2
    return Marker(piece_marker_id(colour, kind, size), (at, at), TOKEN_MARKER)


def all_ids() -> tuple[int, ...]:
    """Every id a Bison kit prints (tiles, then pieces)."""
    tiles = tuple(tile_marker_id(t, s) for t in catalog.CATALOG for s in range(TILE_SLOTS))
    pieces = tuple(
        piece_marker_id(colour, kind, size)
        for colour in COLOURS
        for kind in KINDS
        for size in ((0,) if kind == "hunter" else range(1, MAX_STRUCTURE + 1))
    )
    return tiles + pieces


def black_cells(marker_id: int) -> tuple[tuple[int, int], ...]:
    """The black cells of a marker's 8 × 8 black-bordered square as (column, row), row 0 at
    the top: the border ring, then the tag's 36h11 data bits (``tag36h11.CODES``)."""
    code = CODES[marker_id]
    cells = [(c, r) for r in range(8) for c in range(8) if r in (0, 7) or c in (0, 7)]
    for k in range(36):
        if code >> (35 - k) & 1:
            cells.append((1 + k % 6, 1 + k // 6))
    return tuple(cells)
