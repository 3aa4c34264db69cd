"""Issue 26, item 3: the board as each phone sees it — readable at 360 px, zoomed, turned
to the phone's side of the table (B1, B4) — and the turned pictures of the place page
mapping back to the board's rotation."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest
from bison_panel import FOUR, SVG, base, board_of

from companion.panels.bison import svg
from companion.panels.bison.names import hex_name
from companion.panels.bison.view import TURNS, seat_side
from games.bison import catalog
from games.bison.board import Board, PlacedTile
from games.bison.tiles import PRAIRIE, Tile

PHONE_FRAME_PX = 336  # a 360 px phone's board frame (the card's padding aside)
TILES = ("PPPMMM", "PPPPPM", "PMMMMM", "PPMMMM", "PPPPMM")


@pytest.fixture
def table(make_table):
    return make_table("bison", FOUR)


def direction(points: str, centre: tuple[float, float]) -> float:
    """Degrees clockwise from the right, from ``centre`` to the middle of a polygon."""
    pts = [tuple(map(float, p.split(","))) for p in points.split()]
    x = sum(p[0] for p in pts) / len(pts) - centre[0]
    y = sum(p[1] for p in pts) / len(pts) - centre[1]
    return math.degrees(math.atan2(y, x)) % 360


def apart(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)


def prairie_polygon(root: ET.Element, at: str | None = None) -> str:
    for node in root.iter():
        if node.get("data-space") == PRAIRIE and (at is None or node.get("data-at") == at):
            polygon = node.find(f"{SVG}polygon")
            if polygon is not None and polygon.get("class") == "area":
                return polygon.get("points", "")
    raise AssertionError("no prairie drawn")


# --- the pure mapping ------------------------------------------------------------------


def test_each_seat_sees_the_board_from_its_side_of_the_table():
    # Seats sit in turn order to the left (B4): seat 1 of 4 at seat 0's left.
    assert [seat_side(s, 2) for s in range(2)] == [0, 180]
    assert [seat_side(s, 3) for s in range(3)] == [0, 240, 120]
    assert [seat_side(s, 4) for s in range(4)] == [0, 270, 180, 90]
    assert all(seat_side(s, n) in TURNS for n in (2, 3, 4) for s in range(n))


def test_what_a_player_sees_on_a_turned_board_maps_back_to_the_board_rotation():
    # Seen from the side turned 90°, a PPPMMM tile whose prairie is at the top of the
    # screen (its edges' middles at 210°, 270°, 330°) lies with its prairie to the board's
    # west: SW, W, NW (B1) — the printed tile turned twice.
    assert svg.rotation_for("PPPMMM", {210: "P", 270: "P", 330: "P"}, 90) == 2
    assert svg.seen_edges("MMPPPM", 90)[270] == "P"
    # Seen from seat 0's side the edges point elsewhere (W, NW, NE: 180°, 240°, 300°).
    assert svg.rotation_for("PPPMMM", {210: "P", 270: "P", 330: "P"}, 0) is None
    assert svg.rotation_for("PPPMMM", {180: "P", 240: "P", 300: "P"}, 0) == 3
    for edges in TILES:
        for turn in TURNS:
            for n in range(6):
                placed = edges[-n:] + edges[:-n] if n else edges
                found = svg.rotation_for(edges, svg.seen_edges(placed, turn), turn)
                assert found is not None
                again = edges[-found:] + edges[:-found] if found else edges
                assert again == placed, (edges, turn, n)
    assert svg.rotation_for("PPPMMM", {90: "P", 150: "M", 210: "P"}, 0) is None


@pytest.mark.parametrize("turn", TURNS)
def test_the_turned_picture_tapped_is_how_the_tile_then_lies_on_the_turned_board(turn):
    """Each of the six pictures, drawn as the phone sees the board, shows its prairie
    where the placed tile's prairie then lies on that phone's board, which is where
    ``seen_edges`` says its prairie edges point."""
    tile = catalog.get("B08").tile  # PPPMMM, 1/1/1
    for n in range(6):
        turned = tile.rotated(n)
        picture = ET.fromstring(svg.tile_picture(turned, turn=turn))
        on_picture = direction(prairie_polygon(picture), (0.0, 0.0))
        board = ET.fromstring(
            svg.board_svg(_board_with(turned, (2, -1)), turn=turn)  # any hex
        )
        on_board = direction(prairie_polygon(board, "2,-1"), svg.centre((2, -1), turn))
        assert apart(on_picture, on_board) < 1, (turn, n)
        seen = svg.seen_edges(turned.edges, turn)
        prairie = [a for a, letter in seen.items() if letter == "P"]
        mean = math.degrees(
            math.atan2(
                sum(math.sin(math.radians(a)) for a in prairie),
                sum(math.cos(math.radians(a)) for a in prairie),
            )
        )
        assert apart(on_picture, mean) < 20, (turn, n, on_picture, mean)
        assert svg.rotation_for(tile.edges, seen, turn) == n


def _board_with(tile, at):
    return Board(tiles={at: PlacedTile(tile=tile, catalog_id="B08")}, pieces={})


# --- readable at 360 px ------------------------------------------------------------------


def test_the_default_board_draws_every_digit_and_mark_at_14_px_or_more(client, table):
    tid = table.id
    placed = {"at": "1,-1", "tile": "B16", "seat": "0", "space": "prairie", "hunters": "3"}
    assert client.post(f"{base(tid)}/place", data=placed).status_code == 303
    # A tent and a canoe by the free correction (the space page), so every mark is drawn.
    for space in ("prairie", "river"):
        fix = {"at": "1,-1", "space": space, "seat": "0", "hunters": "1", "structure": "2"}
        assert client.post(f"{base(tid)}/space", data=fix).status_code == 303
    root = board_of(client.get(f"/t/{tid}").get_data(as_text=True))
    width = float(root.get("viewBox", "").split()[2])
    scale = max(float(root.get("width", "0")), PHONE_FRAME_PX) / width
    assert scale * svg.SIZE >= svg.READABLE_RADIUS_PX - 0.5
    texts = [t for t in root.iter(f"{SVG}text")]
    assert any(t.get("class") == "count" for t in texts)
    for t in texts:
        assert float(t.get("font-size", "0")) * scale >= svg.MIN_MARK_PX, t.text
    marks = [n for n in root.iter() if n.get("data-mark")]
    assert {m.get("data-mark") for m in marks} >= {"hunters", "animal", "tent", "canoe"}
    for m in marks:
        circle = m if m.tag == f"{SVG}circle" else m.find(f"{SVG}circle")
        if circle is not None:
            assert 2 * float(circle.get("r", "0")) * scale >= svg.MIN_MARK_PX


# --- this phone's zoom and turn ------------------------------------------------------------


def test_zoom_and_turn_are_kept_per_phone_and_bad_values_change_nothing(client, table, app):
    tid = table.id
    page = client.get(f"/t/{tid}").get_data(as_text=True)
    assert re.search(r'aria-pressed="true" data-testid="bison-zoom-2"', page)
    assert 'data-view-turn="0"' in page  # a phone without a seat: seat 0's side
    # Without JavaScript: a plain post, back to the table.
    answer = client.post(f"{base(tid)}/turn", data={"deg": "180"})
    assert answer.status_code == 303
    answer = client.post(f"{base(tid)}/zoom", data={"z": "1"})
    assert answer.status_code == 303
    page = client.get(f"/t/{tid}").get_data(as_text=True)
    assert 'data-view-turn="180"' in page
    root = board_of(page)
    # The whole board: drawn at its own size in SVG units (CSS fits it to the frame).
    assert abs(float(root.get("width", "0")) - float(root.get("viewBox", "").split()[2])) < 1
    assert re.search(r'aria-pressed="true" data-testid="bison-turn-180"', page)
    # Another phone keeps its own view.
    other = app.test_client()
    assert 'data-view-turn="0"' in other.get(f"/t/{tid}").get_data(as_text=True)
    # A side no seat sits at, or no number: a sentence, and the view stays.
    for bad in ("45", "x", ""):
        refused = client.post(f"{base(tid)}/turn", data={"deg": bad})
        assert refused.status_code == 422
        assert "side of the table" in refused.get_data(as_text=True)
    assert 'data-view-turn="180"' in client.get(f"/t/{tid}").get_data(as_text=True)


# --- no coordinates where a player reads ---------------------------------------------------

COORDINATES = re.compile(r"\[?-?\d+,-?\d+\]?")


def readable(html: str) -> str:
    """What a player reads on a page: its text, and the labels and titles a screen reader
    or a long press shows (not the links' and forms' values)."""
    body = html.split("<body", 1)[1]
    labels = re.findall(r'aria-label="([^"]*)"', body)
    titles = re.findall(r"<title>([^<]*)</title>", body)
    body = re.sub(r"<script.*?</script>|<style.*?</style>", "", body, flags=re.S)
    words = re.sub(r"<[^>]+>", " ", body)
    return " ".join([words, *labels, *titles])


def test_hexes_are_named_by_their_tiles_never_by_coordinates(client, table):
    tid = table.id
    placed = {"at": "1,-1", "tile": "B16", "seat": "0", "space": "prairie", "hunters": "3"}
    assert client.post(f"{base(tid)}/place", data=placed).status_code == 303
    pages = {
        "board": f"/t/{tid}",
        "tile": f"{base(tid)}/tile?at=1,-1",
        "space": f"{base(tid)}/space?at=1,-1&space=prairie",
        "place": f"{base(tid)}/place?at=-1,1",
        "place a tile": f"{base(tid)}/place?at=-1,1&tile=B08",
    }
    for name, url in pages.items():
        page = client.get(url)
        assert page.status_code == 200, name
        shown = readable(page.get_data(as_text=True))
        assert not COORDINATES.findall(shown), (name, COORDINATES.findall(shown)[:5])
    place = readable(client.get(pages["place"]).get_data(as_text=True))
    assert "the gap beside" in place
    board = readable(client.get(pages["board"]).get_data(as_text=True))
    assert "B16" in board


def test_a_hex_is_named_by_its_tile_or_the_printed_tiles_beside_it(app):
    printed = catalog.get("B08").tile
    board = Board(
        tiles={
            (0, 0): PlacedTile(tile=printed, catalog_id="S1"),
            (1, 0): PlacedTile(tile=printed, catalog_id="B08"),
            (0, 1): PlacedTile(tile=Tile("PPMMMM", (2, 1, 0))),  # a retail tile
        }
    )
    with app.test_request_context("/"):
        assert hex_name(board, (1, 0)) == "B08"
        assert hex_name(board, (0, 1)) == "R1"  # the first retail tile placed (tile_label)
        assert hex_name(board, (1, -1)) == "the gap beside B08 and S1"
        assert hex_name(board, (5, 5)) == "a gap on the board"
    with app.test_request_context("/?lang=it"):
        assert hex_name(board, (1, -1)) == "la casella vuota accanto a B08 e S1"
