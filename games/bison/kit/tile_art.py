"""The printed geometry of a Bison tile, in millimetres: where the river, ponds, animals,
totem and id label lie. Pure data (standard library only), so the printer
(``printgen.games.bison``) draws it and the photo reader (``reader``) and the marker layout
(:mod:`games.bison.kit.markers`) read the same spots.

Tile geometry (B1): pointy-top hexagons; edge *i* (E, SE, SW, W, NW, NE clockwise) lies
between corners *i − 1* and *i*; corner *i* sits at −30° − 60°·*i*. The river runs between
the two corners where the edge letter changes; its ends are the small ponds. Coordinates:
x right, y up from the tile's bounding box's lower left corner (ReportLab's).
"""

from __future__ import annotations

import functools
import itertools
import math
from dataclasses import dataclass

from games.bison import catalog
from games.bison.tiles import Tile

HEX_RADIUS = 40.0  # mm, centre to corner: 80 mm tall, 69.3 mm across the flats
TILE = (math.sqrt(3) * HEX_RADIUS, 2 * HEX_RADIUS)


def corner_at(i: int, radius: float = HEX_RADIUS) -> tuple[float, float]:
    a = math.radians(-30 - 60 * i)
    return TILE[0] / 2 + radius * math.cos(a), TILE[1] / 2 + radius * math.sin(a)


def river_path(a: int, b: int, radius: float) -> list[tuple[float, float]]:
    """A smooth curve from corner ``a`` through the middle to corner ``b`` (sampled)."""
    (x0, y0), (x2, y2) = corner_at(a, radius), corner_at(b, radius)
    cx, cy = TILE[0] / 2, TILE[1] / 2
    return [
        (
            (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x2,
            (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y2,
        )
        for t in (k / 24 for k in range(25))
    ]


def river_line(a: int, b: int, reach: float = 0.0) -> list[tuple[float, float]]:
    """The river's centre line, printed and read (issue 32): the curve from river corner
    ``a`` to ``b`` at the hexagon's own radius, continued straight out past each corner by
    ``reach`` mm (the print runs its art into the bleed). The curve leaves each corner
    along the radius, so the straight run continues it: within the hexagon the printed
    river is this curve whatever the reach (the reader's space test and the print were
    2.85 mm apart when the print bent its curve from a larger radius)."""
    path = river_path(a, b, HEX_RADIUS)
    if reach <= 0:
        return path
    return [corner_at(a, HEX_RADIUS + reach), *path, corner_at(b, HEX_RADIUS + reach)]


def land_polygon(edges: str, letter: str, grow: float) -> list[tuple[float, float]]:
    """The prairie (``P``) or mountain (``M``) side: its edges' corners (pushed out by
    ``grow`` mm, into the bleed), closed along the river's line (:func:`river_line`)."""
    start = next(i for i in range(6) if edges[i] == letter and edges[i - 1] != letter)
    run = edges.count(letter)
    corners = [(start - 1 + k) % 6 for k in range(run + 1)]
    outline = [corner_at(c, HEX_RADIUS + grow) for c in corners]
    back = river_path(corners[-1], corners[0], HEX_RADIUS)
    return outline + (back if grow > 0 else back[1:-1])


Point = tuple[float, float]
LAND_MARK = 4.5  # mm: radius of a bison's or a turkey's disc
RIVER_MARK = 3.6  # mm: a salmon's disc, narrow enough to stay on the river
RIVER_HALF = 3.5  # mm: half the river's drawn width
POND = 5.2  # mm: radius of the pond at each river end
TOTEM = 6.5  # mm: radius of the totem's disc on a start tile
ID_BOX = (9.0, 4.2)  # mm: the tile id's label
GRID = 2.0  # mm between the candidate points for a mark


@dataclass(frozen=True, slots=True)
class TileArt:
    """Where a tile's marks go: the animals' disc centres per space, the id label's centre
    and the totem's centre (start tiles). Each animal lies inside its own terrain: a land
    animal's disc clear of the hex edge, the river and the ponds; a salmon on the river."""

    animals: dict[str, tuple[Point, ...]]
    id_at: Point
    totem_at: Point | None


def segment_distance(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def polyline_distance(p: Point, line: list[Point]) -> float:
    return min(segment_distance(p, a, b) for a, b in itertools.pairwise(line))


def inside(polygon: list[Point], p: Point) -> bool:
    x, y = p
    within = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            within = not within
    return within


def space_at_point(edges: str, p: Point) -> str | None:
    """The space of a tile (its ``edges`` as it lies) under point ``p`` (tile mm) as the
    tile is printed: ``river`` on the river band (:func:`river_line`, ``RIVER_HALF`` each
    side) or a pond, else ``prairie`` or ``mountain``; None off the hexagon. The one
    test the print's edges and the photo reader share (issue 32)."""
    hexagon, river, ponds, prairie = _shapes(edges)
    if not inside(hexagon, p):
        return None
    if polyline_distance(p, river) <= RIVER_HALF or any(math.dist(p, c) <= POND for c in ponds):
        return "river"
    return "prairie" if inside(prairie, p) else "mountain"


@functools.cache
def _shapes(
    edges: str,
) -> tuple[list[Point], list[Point], tuple[Point, Point], list[Point]]:
    """A tile's hexagon, river line, ponds and prairie, once per edge string."""
    a, b = Tile(edges, (0, 0, 0)).river_corners()
    hexagon = [corner_at(i) for i in range(6)]
    return hexagon, river_line(a, b), (corner_at(a), corner_at(b)), land_polygon(edges, "P", 0.0)


def _along(path: list[Point], counts: int, spacing: float) -> tuple[Point, ...]:
    """``counts`` points on ``path``, ``spacing`` mm apart along it, centred on its middle."""
    lengths = [0.0]
    for a, b in itertools.pairwise(path):
        lengths.append(lengths[-1] + math.dist(a, b))
    middle = lengths[-1] / 2
    out = []
    for k in range(counts):
        at = middle + (k - (counts - 1) / 2) * spacing
        i = max(j for j in range(len(lengths) - 1) if lengths[j] <= at)
        t = (at - lengths[i]) / (lengths[i + 1] - lengths[i])
        (x0, y0), (x1, y1) = path[i], path[i + 1]
        out.append((x0 + t * (x1 - x0), y0 + t * (y1 - y0)))
    return tuple(out)


@functools.cache
def tile_art(tile_id: str) -> TileArt:
    """Where the marks of ``tile_id`` go: read from the checked-in data
    (:mod:`games.bison.kit.art_data`, made by :func:`compute_tile_art`; a test proves the two
    agree), so no print and no photo read pays for the search."""
    from games.bison.kit.art_data import TILE_ART  # literals only: no import cycle

    (prairie, river, mountain), id_at, totem_at = TILE_ART[tile_id]
    return TileArt({"river": river, "prairie": prairie, "mountain": mountain}, id_at, totem_at)


def compute_tile_art(tile_id: str) -> TileArt:
    """Place the marks of ``tile_id``: each animal at the spot of its terrain farthest from
    everything it must not touch (largest clearance first), then the id where it covers
    nothing. Slow (a grid search): run by ``python -m games.bison.kit.art_data`` only."""
    tile = catalog.CATALOG[tile_id]
    edges = tile.edges
    a, b = tile.tile.river_corners()
    hexagon = [corner_at(i) for i in range(6)]
    river = river_path(a, b, HEX_RADIUS)
    ponds = [corner_at(a), corner_at(b)]
    totem = None if tile.totem_corner is None else corner_at(tile.totem_corner, HEX_RADIUS - 9)
    discs: list[tuple[Point, float]] = [(p, POND) for p in ponds]
    if totem is not None:
        discs.append((totem, TOTEM))
    grid = [
        (x * GRID, y * GRID)
        for y in range(int(TILE[1] / GRID) + 1)
        for x in range(int(TILE[0] / GRID) + 1)
    ]
    grid = [p for p in grid if inside(hexagon, p)]
    outline = [*hexagon, hexagon[0]]
    # Distances to the hex edge and to the river, once per candidate point.
    fixed = {p: (polyline_distance(p, outline), polyline_distance(p, river)) for p in grid}

    def slack(p: Point, r: float) -> float:
        edge, water = fixed[p]
        room = min(edge - r - 0.8, water - RIVER_HALF - r - 0.4)
        for centre, radius in discs:
            room = min(room, math.dist(p, centre) - radius - r - 0.6)
        return room

    animals: dict[str, tuple[Point, ...]] = {}
    salmon = _along(river, tile.animals["river"], 2 * RIVER_MARK + 1.0)
    animals["river"] = salmon
    discs += [(p, RIVER_MARK) for p in salmon]
    for space, letter in (("prairie", "P"), ("mountain", "M")):
        land = land_polygon(edges, letter, 0.0)
        on_land = [p for p in grid if inside(land, p)]
        spots: list[Point] = []
        for _ in range(tile.animals[space]):
            best = max(on_land, key=lambda p: slack(p, LAND_MARK))
            spots.append(best)
            discs.append((best, LAND_MARK))
        animals[space] = tuple(spots)
    # The id: a small label, anywhere on the tile where it covers no mark and no river.
    half = math.hypot(*ID_BOX) / 2
    id_at = max(
        grid,
        key=lambda p: (
            min(slack(p, half), 4.0) - 0.01 * math.dist(p, (TILE[0] / 2, TILE[1] / 2 - 14))
        ),
    )
    return TileArt(animals, id_at, totem)
