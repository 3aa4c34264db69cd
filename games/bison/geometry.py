"""Where things are on a tile (B1): the polygon of each space and room for its marks, in
unit-hex coordinates, so every picture of the board (companion SVG, printed kit) is true.

Glossary
--------
unit hex
    A pointy-top hexagon of radius 1 (centre to corner) centred on (0, 0); x points east,
    y points *down* (SVG's axes), so angles turn clockwise on screen. Corner ``i`` (between
    edges ``i`` and ``i + 1``, B1) lies at angle 30° + 60°·i; the middle of edge ``i`` at
    60°·i. A board hex ``(q, r)`` is centred at ``hex_centre((q, r))`` in the same unit:
    scale everything by the hex radius in pixels.
river band
    The river runs from one river corner to the other through a bend point (the centre,
    pushed away from a narrow land so both lands have room), ``RIVER_WIDTH`` wide.
area
    The polygon of one space: the prairie part, the mountain part, or the river band. The
    three areas tile the hexagon without overlapping.
anchor
    A point inside an area where one mark is drawn: a disc of radius ``MARK_RADIUS`` around
    it stays inside the area and never overlaps another anchor's disc or the tile-id label.
    ``anchors(tile, space, n)`` gives n of them for n ≤ ``MAX_MARKS`` (a space shows at most
    3 animals, one hunter badge with the count, one tent or canoe); the first k of n are
    always the k anchors, so a mark keeps its place when another is added.
label
    Where the printed tile id is written: a disc of radius ``LABEL_RADIUS`` in the larger
    land, clear of every anchor.
tap target
    A space's area is its tap target. Assumption for the phone (360 px wide): a zoomed tile
    is drawn with a hex radius of ``ZOOM_RADIUS_PX`` (180 px: the tile is 312 px wide), where
    every area holds a disc of at least ``MIN_TAP_PX`` (44 px) across — ``tap_disc``.

How the UI uses it: ``areas(tile)`` for the three polygons of a tile as it lies
(``PlacedTile.tile``); ``anchors(tile, space, n)`` for its marks (structure first, then the
hunter badge, then the animals); ``label_point(tile)`` for the id; every point times the hex
radius, plus ``hex_centre(at)`` times the same radius.

Checked-in data: the anchors, tap discs and label points come from grid searches
(``compute_anchors``, ``compute_tap_disc``, ``compute_label``: the source of truth) that
take seconds for all 30 edge strings, which every fresh process (a new server worker's first
board page, each test process) would pay. So ``python -m games.bison.kit.art_build`` runs
them once into ``games/bison/geometry_data.py`` for every edge string a tile can lie with,
and the public functions read it; an edge string missing from it is searched as before.
``tests/games/bison/test_geometry_data.py`` proves the data equals the searches.

Standard library only.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache

from games.bison.geometry_data import SCREEN
from games.bison.hexgrid import Hex
from games.bison.tiles import MOUNTAIN, PRAIRIE, RIVER, SPACES, Tile, check_edges

Point = tuple[float, float]
Polygon = tuple[Point, ...]

RIVER_WIDTH = 0.28  # of the hex radius: 50 px at ZOOM_RADIUS_PX, a river one can tap
MARK_RADIUS = 0.08  # an animal mark, a hunter badge, a tent or canoe
LABEL_RADIUS = 0.13  # room for a tile id such as "B07"
MAX_MARKS = 5  # 3 animals + the hunter badge + a tent or canoe (B1, B5)
ZOOM_RADIUS_PX = 180.0  # a zoomed tile on a 360 px wide phone
MIN_TAP_PX = 44.0
# How far a narrow land pushes the river's bend away from it, by the land's run of edges.
_BEND = {1: 0.32, 2: 0.16, 3: 0.0}
_GRID = 0.02  # candidate spacing for anchors
_MARGIN = 0.01  # a mark's clearance from its area's border


def corner_point(index: int) -> Point:
    """Corner ``index`` of the unit hex (between edges ``index`` and ``index + 1``)."""
    angle = math.radians(30 + 60 * (index % 6))
    return (math.cos(angle), math.sin(angle))


def hex_centre(at: Hex) -> Point:
    """The centre of board hex ``at`` in hex radii (pointy-top axial layout, B1)."""
    q, r = at
    return (math.sqrt(3) * (q + r / 2), 1.5 * r)


def _edges(tile: Tile | str, rotation: int = 0) -> str:
    edges = tile.edges if isinstance(tile, Tile) else check_edges(tile)
    k = rotation % 6
    return edges[-k:] + edges[:-k] if k else edges


def _sub(a: Point, b: Point) -> Point:
    return (a[0] - b[0], a[1] - b[1])


def _cross(a: Point, b: Point) -> float:
    return a[0] * b[1] - a[1] * b[0]


def _intersect(p: Point, d: Point, q: Point, e: Point) -> tuple[float, float] | None:
    """Parameters (t, u) where p + t·d meets q + u·e; None when parallel."""
    den = _cross(d, e)
    if abs(den) < 1e-12:
        return None
    w = _sub(q, p)
    return _cross(w, e) / den, _cross(w, d) / den


def river_line(tile: Tile | str, rotation: int = 0) -> tuple[Point, Point, Point]:
    """The river's centre line: its two end corners and the bend point between them."""
    edges = _edges(tile, rotation)
    a, b = Tile(edges, (0, 0, 0)).river_corners()
    start, end = corner_point(a), corner_point(b)
    narrow = min(edges.count("P"), edges.count("M"))
    mid = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    length = math.hypot(*mid)
    push = _BEND[narrow]
    bend = (0.0, 0.0) if length < 1e-9 else (-push * mid[0] / length, -push * mid[1] / length)
    return start, bend, end


def _land(
    first: int, last: int, line: tuple[Point, Point, Point]
) -> tuple[list[Point], list[Point]]:
    """The land whose edges run clockwise from river corner ``first`` to ``last``, cut from
    the river by half its width: its border points (on the hex) and its river side (from
    the ``last`` end back to the ``first`` end)."""
    h = RIVER_WIDTH / 2
    run = (last - first) % 6
    corners = [corner_point(first + k) for k in range(1, run)]
    start, bend, end = line
    if math.dist(corner_point(first), start) > 1e-9:  # walk from ``first`` to ``last``
        start, end = end, start
    # Each half of the river is offset towards the hex corner next to its end on this
    # land's side, which is surely on that side of it.
    offsets = []
    for (u, v), towards in (
        ((start, bend), corner_point(first + 1)),
        ((bend, end), corner_point(last - 1)),
    ):
        d = _sub(v, u)
        n = (-d[1] / math.hypot(*d), d[0] / math.hypot(*d))
        if _cross(d, _sub(towards, u)) * _cross(d, n) < 0:
            n = (-n[0], -n[1])
        offsets.append(((u[0] + h * n[0], u[1] + h * n[1]), d))
    (p1, d1), (p2, d2) = offsets
    # Where each offset line meets the hex border next to its river end.
    first_edge = (corner_point(first), _sub(corner_point(first + 1), corner_point(first)))
    last_edge = (corner_point(last), _sub(corner_point(last - 1), corner_point(last)))
    hit_first = _intersect(p1, d1, *first_edge)
    hit_last = _intersect(p2, d2, *last_edge)
    assert hit_first is not None and hit_last is not None
    a_star = (
        first_edge[0][0] + hit_first[1] * first_edge[1][0],
        first_edge[0][1] + hit_first[1] * first_edge[1][1],
    )
    b_star = (
        last_edge[0][0] + hit_last[1] * last_edge[1][0],
        last_edge[0][1] + hit_last[1] * last_edge[1][1],
    )
    meet = _intersect(p1, d1, p2, d2)
    if meet is None:  # a straight river
        join = [(p1[0] + d1[0], p1[1] + d1[1])]
    elif 0 <= meet[0] <= 1 and 0 <= meet[1] <= 1:  # the inside of the bend
        join = [(p1[0] + meet[0] * d1[0], p1[1] + meet[0] * d1[1])]
    else:  # the outside of the bend: bevel
        join = [(p2[0], p2[1]), (p1[0] + d1[0], p1[1] + d1[1])]
    return [a_star, *corners, b_star], join


@lru_cache(maxsize=256)
def _areas(edges: str) -> dict[str, Polygon]:
    tile = Tile(edges, (0, 0, 0))
    a, b = tile.river_corners()
    line = river_line(edges)
    border_ab, join_ab = _land(a, b, line)  # edges a+1 … b
    border_ba, join_ba = _land(b, a, line)  # edges b+1 … a
    side_ab, side_ba = (*border_ab, *join_ab), (*border_ba, *join_ba)
    prairie, mountain = (side_ab, side_ba) if edges[(a + 1) % 6] == "P" else (side_ba, side_ab)
    # The band between the two lands, touching the hex at both river corners.
    river = (
        corner_point(a),
        border_ab[0],
        *reversed(join_ab),
        border_ab[-1],
        corner_point(b),
        border_ba[0],
        *reversed(join_ba),
        border_ba[-1],
    )
    return {PRAIRIE: prairie, MOUNTAIN: mountain, RIVER: river}


def areas(tile: Tile | str, rotation: int = 0) -> dict[str, Polygon]:
    """The polygon of each space of ``tile`` (edges as it lies, turned ``rotation`` more),
    in unit-hex coordinates: ``{"prairie": …, "river": …, "mountain": …}``."""
    return _areas(_edges(tile, rotation))


def contains(polygon: Sequence[Point], point: Point) -> bool:
    """Whether ``point`` lies inside ``polygon`` (even-odd rule)."""
    x, y = point
    inside = False
    n = len(polygon)
    for i in range(n):
        (x1, y1), (x2, y2) = polygon[i], polygon[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def border_distance(polygon: Sequence[Point], point: Point) -> float:
    """The distance from ``point`` to the nearest side of ``polygon``."""
    best = math.inf
    n = len(polygon)
    for i in range(n):
        a, b = polygon[i], polygon[(i + 1) % n]
        d = _sub(b, a)
        length2 = d[0] ** 2 + d[1] ** 2
        t = (
            0.0
            if length2 == 0
            else max(0.0, min(1.0, ((point[0] - a[0]) * d[0] + (point[1] - a[1]) * d[1]) / length2))
        )
        best = min(best, math.hypot(point[0] - a[0] - t * d[0], point[1] - a[1] - t * d[1]))
    return best


@lru_cache(maxsize=256)
def _grid(edges: str, space: str) -> tuple[tuple[Point, float], ...]:
    """Grid points inside the space's area with their distance to its border."""
    polygon = _areas(edges)[space]
    xs = [p[0] for p in polygon]
    ys = [p[1] for p in polygon]
    points = []
    for i in range(int((max(xs) - min(xs)) / _GRID) + 2):
        for j in range(int((max(ys) - min(ys)) / _GRID) + 2):
            p = (min(xs) + i * _GRID, min(ys) + j * _GRID)
            if contains(polygon, p):
                points.append((p, border_distance(polygon, p)))
    return tuple(points)


@lru_cache(maxsize=256)
def compute_tap_disc(edges: str, space: str) -> tuple[Point, float]:
    """The search behind ``tap_disc`` (the source of ``geometry_data.SCREEN``'s discs)."""
    return max(_grid(edges, space), key=lambda c: c[1])


Screen = tuple[tuple[tuple[Point, ...], ...], tuple[tuple[Point, float], ...], Point]


def _screen(edges: str) -> Screen:
    """The checked-in row of ``edges`` (anchors, tap discs, label: ``geometry_data``), or
    the searches' answer for an edge string the data does not hold."""
    stored = SCREEN.get(edges)
    if stored is not None:
        return stored
    return (
        tuple(compute_anchors(edges, space) for space in SPACES),
        tuple(compute_tap_disc(edges, space) for space in SPACES),
        compute_label(edges),
    )


def tap_disc(tile: Tile | str, space: str, rotation: int = 0) -> tuple[Point, float]:
    """The largest disc (near enough: on a 0.02 grid) inside the space's area: its centre
    and radius in hex radii. At ``ZOOM_RADIUS_PX`` its diameter is at least ``MIN_TAP_PX``."""
    return _screen(_edges(tile, rotation))[1][SPACES.index(space)]


@lru_cache(maxsize=64)
def compute_label(edges: str) -> Point:
    """The search behind ``label_point`` (the source of ``geometry_data.SCREEN``'s labels)."""
    land = PRAIRIE if edges.count("P") >= 3 else MOUNTAIN
    grid = _grid(edges, land)
    centre = max(grid, key=lambda c: c[1])[0]
    # The id sits towards the border of the larger land, like a printed corner mark.
    room = [c for c in grid if c[1] >= LABEL_RADIUS + _MARGIN]
    return max(room, key=lambda c: math.dist(c[0], centre))[0]


def label_point(tile: Tile | str, rotation: int = 0) -> Point:
    """Where the tile id is written (centre of a ``LABEL_RADIUS`` disc), clear of marks."""
    return _screen(_edges(tile, rotation))[2]


@lru_cache(maxsize=256)
def compute_anchors(edges: str, space: str) -> tuple[Point, ...]:
    """The search behind ``anchors``: all ``MAX_MARKS`` of them (the source of
    ``geometry_data.SCREEN``'s anchors)."""
    label = compute_label(edges)
    free = [
        (p, d)
        for p, d in _grid(edges, space)
        if d >= MARK_RADIUS + _MARGIN
        and math.dist(p, label) >= LABEL_RADIUS + MARK_RADIUS + _MARGIN
    ]
    if not free:
        raise ValueError(f"no room for a mark on the {space} of {edges}")
    apart = 2 * MARK_RADIUS + _MARGIN
    # Marks kept together near the middle of the area (room counts too), or, where that
    # packs too loosely for all of them, spread as far apart as the area allows.
    for cap, room in ((1.3 * apart, 0.5), (math.inf, 0.0)):
        chosen = [max(free, key=lambda c: c[1])[0]]  # the roomiest point first
        while len(chosen) < MAX_MARKS:
            scored = [
                (min(min(math.dist(p, c) for c in chosen), cap) + room * d, p)
                for p, d in free
                if all(math.dist(p, c) >= apart for c in chosen)
            ]
            if not scored:
                break
            chosen.append(max(scored)[1])
        if len(chosen) == MAX_MARKS:
            return tuple(chosen)
    raise ValueError(f"no room for {MAX_MARKS} marks on the {space} of {edges}")


def anchors(tile: Tile | str, space: str, count: int, rotation: int = 0) -> tuple[Point, ...]:
    """``count`` (≤ ``MAX_MARKS``) points inside the space's area where marks of radius
    ``MARK_RADIUS`` are drawn without overlapping each other, the area's border or the
    label; the first k of them are always the same k."""
    if space not in SPACES:
        raise ValueError(f"unknown space {space!r}")
    if not 0 <= count <= MAX_MARKS:
        raise ValueError(f"a space shows 0 to {MAX_MARKS} marks, not {count}")
    return _screen(_edges(tile, rotation))[0][SPACES.index(space)][:count]
