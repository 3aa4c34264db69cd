"""The picture of a tile (B1): areas that tile the hexagon, marks inside their own area and
never overlapping, a free place for the tile id, tap targets of at least 44 px."""

from __future__ import annotations

import math
from itertools import combinations

import pytest

from games.bison import geometry as g
from games.bison.catalog import CATALOG
from games.bison.tiles import MOUNTAIN, PRAIRIE, RIVER, SPACES

SHAPES = sorted({CATALOG[t].tile.rotated(k).edges for t in CATALOG for k in range(6)})
HEX_AREA = 3 * math.sqrt(3) / 2


def shoelace(polygon: tuple[g.Point, ...]) -> float:
    return (
        abs(
            sum(
                x1 * y2 - x2 * y1
                for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True)
            )
        )
        / 2
    )


def test_every_edge_string_is_covered() -> None:
    assert len(SHAPES) == 30  # 5 prairie runs × 6 rotations


@pytest.mark.parametrize("edges", SHAPES)
def test_the_three_areas_tile_the_hexagon(edges: str) -> None:
    shapes = g.areas(edges)
    assert math.isclose(sum(shoelace(p) for p in shapes.values()), HEX_AREA, rel_tol=1e-9)
    hexagon = tuple(g.corner_point(i) for i in range(6))
    for polygon in shapes.values():
        for point in polygon:  # every vertex on or inside the hexagon
            assert g.contains(hexagon, point) or g.border_distance(hexagon, point) < 1e-9
    # No point of the hexagon lies in two areas.
    for i in range(-20, 21):
        for j in range(-20, 21):
            point = (i / 20 + 0.0013, j / 20 + 0.0017)
            assert sum(g.contains(p, point) for p in shapes.values()) <= 1


@pytest.mark.parametrize("edges", SHAPES)
def test_each_edge_belongs_to_its_terrain_and_the_river_runs_corner_to_corner(
    edges: str,
) -> None:  # B1: what the picture shows is the tile
    shapes = g.areas(edges)
    for i, letter in enumerate(edges):
        angle = math.radians(60 * i)
        near_edge = (0.8 * math.cos(angle), 0.8 * math.sin(angle))
        assert g.contains(shapes[PRAIRIE if letter == "P" else MOUNTAIN], near_edge)
    start, _bend, end = g.river_line(edges)
    assert start in shapes[RIVER] and end in shapes[RIVER]


@pytest.mark.parametrize("edges", SHAPES)
def test_marks_stay_inside_their_area_apart_and_clear_of_the_label(edges: str) -> None:
    shapes = g.areas(edges)
    label = g.label_point(edges)
    larger = PRAIRIE if edges.count("P") >= 3 else MOUNTAIN
    assert g.contains(shapes[larger], label)
    assert g.border_distance(shapes[larger], label) >= g.LABEL_RADIUS
    every = []
    for space in SPACES:
        points = g.anchors(edges, space, g.MAX_MARKS)
        assert len(points) == g.MAX_MARKS
        for k in range(g.MAX_MARKS + 1):  # the first k marks keep their places
            assert g.anchors(edges, space, k) == points[:k]
        for point in points:
            assert g.contains(shapes[space], point)
            assert g.border_distance(shapes[space], point) >= g.MARK_RADIUS
            assert math.dist(point, label) >= g.LABEL_RADIUS + g.MARK_RADIUS
        every.extend(points)
    for a, b in combinations(every, 2):
        assert math.dist(a, b) >= 2 * g.MARK_RADIUS


@pytest.mark.parametrize("edges", SHAPES)
def test_every_space_is_a_44_px_tap_target_when_zoomed(edges: str) -> None:
    for space in SPACES:
        centre, radius = g.tap_disc(edges, space)
        assert g.contains(g.areas(edges)[space], centre)
        assert 2 * radius * g.ZOOM_RADIUS_PX >= g.MIN_TAP_PX


def test_rotation_turns_the_picture() -> None:
    tile = CATALOG["B12"].tile
    assert g.areas(tile, 2) == g.areas(tile.rotated(2))
    assert g.hex_centre((1, 0)) == (math.sqrt(3), 0.0)
    assert g.hex_centre((0, 1)) == (math.sqrt(3) / 2, 1.5)
