"""One geometry (issue 32, item 2): the printed river, prairie and mountain and the photo
reader's space test are one function (``tile_art.space_at_point``). The tile is printed
(the kit's own PDF, rendered by pdftoppm) and every sampled point's printed colour is
checked against the space the reader gives it; the tiles whose rivers the print once bent
from the bleed's radius (B01–B03, B16–B18: up to 2.85 mm off) among them."""

from __future__ import annotations

import math
from pathlib import Path

import bison_synthetic as synthetic
import pytest
from PIL import Image

from games.bison import catalog
from games.bison.kit import markers
from games.bison.kit import tile_art as geo
from reader import bison

pytest.importorskip("apriltag")

TILES = ("B01", "B03", "B16", "B18", "S1")
PX_PER_MM = 300 / 25.4  # printgen.export's faces


def faces() -> Path:
    """The kit's faces at 300 dpi: the synthetic photos' own (made once, kept:
    tests/support/made_once.py), which hold every tile's."""
    return synthetic.faces()


def _printed(rgb: tuple[int, int, int]) -> str | None:
    """The terrain a printed colour shows (printgen.style: river blue, prairie green,
    mountain brown, each with its darker pattern lines), None for anything else."""
    r, g, b = rgb
    if b > r + 40 and b > g:
        return "river"
    if g > r + 15 and g > b:
        return "prairie"
    if r > g + 15 and r > b:
        return "mountain"
    return None


def _near_art(tile: str, p: tuple[float, float]) -> bool:
    """Points where something is printed over the terrain, or within a pixel's worth of a
    border: not a test of the terrain."""
    discs, river, _ = markers.art_obstacles(tile)
    if any(math.dist(p, c) < r + 1.0 for c, r in discs):
        return True
    for marker in markers.tile_markers(tile):
        half = marker.size / 2 + 1.0
        if abs(p[0] - marker.centre[0]) < half and abs(p[1] - marker.centre[1]) < half:
            return True
    if abs(geo.polyline_distance(p, river) - geo.RIVER_HALF) < 0.8:
        return True
    hexagon = [geo.corner_at(i) for i in range(6)]
    return geo.polyline_distance(p, [*hexagon, hexagon[0]]) < 1.2


@pytest.mark.parametrize("tile", TILES)
def test_every_printed_point_is_on_the_space_the_reader_reads(tile):
    edges = catalog.CATALOG[tile].edges
    with Image.open(faces() / f"{tile}-front.png") as image:
        face = image.convert("RGB")
    checked = 0
    for gy in range(2, int(geo.TILE[1]) - 1):
        for gx in range(2, int(geo.TILE[0]) - 1):
            p = (gx + 0.5, gy + 0.5)
            reader_says = bison.space_of_footprint(edges, [p], "hunter")
            if reader_says is None or _near_art(tile, p):
                continue
            pixel = face.getpixel(
                (round(p[0] * PX_PER_MM), round((geo.TILE[1] - p[1]) * PX_PER_MM))
            )
            printed = _printed(pixel)
            assert printed is not None, (tile, p, pixel)
            assert printed == reader_says, (tile, p, pixel)
            checked += 1
    assert checked > 2500  # most of the tile's 4,150 mm²


def test_a_hunter_is_on_the_space_its_footprint_covers_most():
    # B01's river: a token straddling it is on the river while its centre is within a
    # little of the band; pushed off to one side it is on that land.
    edges = catalog.CATALOG["B01"].edges
    a, b = catalog.CATALOG["B01"].tile.river_corners()
    line = geo.river_line(a, b)
    middle = line[len(line) // 2]
    side = markers.token_size("hunter")

    def footprint(dx: float) -> list[tuple[float, float]]:
        return [(middle[0] + dx + side * u, middle[1] + side * v) for u, v in bison._FOOTPRINT]

    assert bison.space_of_footprint(edges, footprint(0.0), "hunter") == "river"
    left = bison.space_of_footprint(edges, footprint(-10.0), "hunter")
    right = bison.space_of_footprint(edges, footprint(10.0), "hunter")
    assert {left, right} == {"prairie", "mountain"}
    # A tent is never on the river; a canoe always is.
    assert bison.space_of_footprint(edges, footprint(0.0), "tent") in {"prairie", "mountain"}
    assert bison.space_of_footprint(edges, footprint(-10.0), "canoe") == "river"
