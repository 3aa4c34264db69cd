"""Photo markers of the Bison kit (issue 23, item 1): ids unique and decodable, tile markers
on free spots (no art covered), the 36h11 table right, token markers clear of the owner's
shape and the size diamonds."""

from __future__ import annotations

import math

import pytest
from bison_board import tile_outline

from games.bison import catalog
from games.bison.components import MAX_STRUCTURE
from games.bison.kit import markers
from games.bison.kit import tile_art as geo
from games.bison.kit.tag36h11 import CODES


def test_ids_are_unique_and_decode_to_what_they_encode():
    ids = markers.all_ids()
    assert len(ids) == len(set(ids)) == 21 * 3 + len(markers.COLOURS) * (1 + 2 * MAX_STRUCTURE)
    assert max(ids) == markers.LAST_ID < len(CODES)
    for tile in catalog.CATALOG:
        for slot in range(markers.TILE_SLOTS):
            marker_id = markers.tile_marker_id(tile, slot)
            assert markers.decode(marker_id) == markers.TileMarker(tile, slot)
    for colour in markers.COLOURS:
        assert markers.decode(markers.piece_marker_id(colour, "hunter")) == (
            markers.PieceMarker(colour, "hunter", 0)
        )
        for kind in ("tent", "canoe"):
            for size in range(1, MAX_STRUCTURE + 1):
                marker_id = markers.piece_marker_id(colour, kind, size)
                assert markers.decode(marker_id) == markers.PieceMarker(colour, kind, size)


@pytest.mark.parametrize("marker_id", [63, 99, 105, 108, 113, markers.LAST_ID + 1, 586])
def test_ids_no_bison_kit_prints_decode_to_nothing(marker_id):
    assert marker_id not in markers.all_ids()
    assert markers.decode(marker_id) is None


def test_the_id_layout_is_stable():
    # Printed kits must stay readable: these numbers are a contract (docs/contracts.md).
    assert markers.tile_marker_id("S1", 0) == 0
    assert markers.tile_marker_id("B18", 2) == 62
    assert markers.piece_marker_id("red", "hunter") == 100
    assert markers.piece_marker_id("blue", "canoe", 4) == 100 + 3 * 16 + 12


def _square_points(marker: markers.Marker, step: float = 0.5):
    half = marker.size / 2
    n = int(marker.size / step)
    x0, y0 = marker.centre[0] - half, marker.centre[1] - half
    return [(x0 + i * step, y0 + j * step) for i in range(n + 1) for j in range(n + 1)]


@pytest.mark.parametrize("tile_id", list(catalog.CATALOG))
def test_tile_markers_cover_no_art_and_lie_inside_the_tile(tile_id):
    art = geo.tile_art(tile_id)
    river, hexagon = tile_outline(tile_id)
    a, b = catalog.CATALOG[tile_id].tile.river_corners()
    discs = [(geo.corner_at(a), geo.POND), (geo.corner_at(b), geo.POND)]
    for space, spots in art.animals.items():
        discs += [(p, geo.RIVER_MARK if space == "river" else geo.LAND_MARK) for p in spots]
    if art.totem_at is not None:
        discs.append((art.totem_at, geo.TOTEM))
    placed = markers.tile_markers(tile_id)
    assert [m.id for m in placed] == [markers.tile_marker_id(tile_id, s) for s in range(3)]
    for marker in placed:
        assert marker.size * 0.8 >= 10.0  # the black square, margin aside (issue: >= 10 mm)
        for p in _square_points(marker):
            assert geo.inside(hexagon, p), (tile_id, marker, p)
            assert geo.polyline_distance(p, [*hexagon, hexagon[0]]) >= 0.5
            assert geo.polyline_distance(p, river) >= geo.RIVER_HALF, (tile_id, p)
            for centre, radius in discs:
                assert math.dist(p, centre) >= radius, (tile_id, marker, centre)
            (ix, iy), (w, h) = art.id_at, geo.ID_BOX
            assert abs(p[0] - ix) >= w / 2 or abs(p[1] - iy) >= h / 2  # not on the id label
    for i, m in enumerate(placed):  # no two markers overlap
        for n in placed[i + 1 :]:
            gap = max(abs(m.centre[0] - n.centre[0]), abs(m.centre[1] - n.centre[1]))
            assert gap >= (m.size + n.size) / 2


def test_token_markers_fit_with_the_owner_shape_and_the_diamonds():
    for kind in markers.KINDS:
        marker = markers.piece_marker("red", kind, 0 if kind == "hunter" else MAX_STRUCTURE)
        size = markers.token_size(kind)
        assert marker.size * 0.8 >= 8.0 and marker.size >= 10.0
        right = marker.centre[0] + marker.size / 2
        # Room above and to the right of the marker for the shape (>= 3.5 mm) and the
        # four diamonds (4 × 2.6 mm) along the top.
        assert size - right >= 3.5
        assert size - 2 * markers.TOKEN_RIM >= 4 * 2.6
    assert 14.0 <= markers.token_size("hunter") <= 15.0


def _render(ids, cell=6):
    from PIL import Image, ImageDraw

    image = Image.new("L", (12 * 10 * cell, (len(ids) // 12 + 1) * 10 * cell), 255)
    draw = ImageDraw.Draw(image)
    for n, marker_id in enumerate(ids):
        ox, oy = (n % 12) * 10 * cell + cell, (n // 12) * 10 * cell + cell
        for c, r in markers.black_cells(marker_id):
            box = [ox + c * cell, oy + r * cell, ox + (c + 1) * cell - 1, oy + (r + 1) * cell - 1]
            draw.rectangle(box, fill=0)
    return image


def test_every_printed_marker_is_read_back_by_the_detector():
    pytest.importorskip("apriltag")
    numpy = pytest.importorskip("numpy")
    from reader.bison import detect

    ids = markers.all_ids()
    seen, foreign = detect(numpy.asarray(_render(ids)))
    assert sorted(s.marker_id for s in seen) == sorted(ids) and foreign == []


def test_the_code_table_matches_opencv():
    cv2 = pytest.importorskip("cv2")
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_APRILTAG_36h11)
    assert len(CODES) == dictionary.bytesList.shape[0] == 587
    for marker_id in (0, 1, 62, 100, markers.LAST_ID, 586):
        image = cv2.aruco.generateImageMarker(dictionary, marker_id, 8, borderBits=1)
        black = {(c, r) for r in range(8) for c in range(8) if image[r, c] < 128}
        assert black == set(markers.black_cells(marker_id))
