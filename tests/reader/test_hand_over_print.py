"""A hand over no marker (issue 32, item 1): the print's own colours say it is there.

``bench/bison_photo.py --photos 12`` stored 7 wrong pieces before this: tokens a hand hid
whole, on a new tile it hid whole (no marker of it expected, so nothing near it counted as
covered) or at the far end of a long river whose other end had markers read. The hand
covers the printed prairies and mountains around them; ``reader.cover`` finds it there,
and the spaces near it are hidden; so are the hexes beside the board that look like it or
unlike the table around the board (and the hexes beside those: a round's new tiles may
lie in a row)."""

from __future__ import annotations

import io

import numpy as np
import pytest
from PIL import Image

pytest.importorskip("apriltag")

import bison_synthetic as synthetic

from games.bison import catalog
from games.bison.kit import tile_art as geo
from reader import bison, cover


def test_art_points_see_the_spaces_ink_alone():
    # On the kit's own printed faces, every art point shows its space's ink: none lies on
    # an animal, the id, a marker, the river or the edge (they would stray from the ink).
    chroma: dict[str, list[np.ndarray]] = {"prairie": [], "mountain": []}
    for tile in catalog.CATALOG:
        points, kinds = cover.art_points(tile)
        assert len(points) > 40, tile
        edges = catalog.CATALOG[tile].edges
        assert list(kinds) == [geo.space_at_point(edges, tuple(p)) for p in points]
        face = np.asarray(synthetic._face(tile), dtype=np.float64)
        height, width = face.shape[:2]
        for (x, y), kind in zip(points, kinds, strict=True):
            col, row = round(x / geo.TILE[0] * width), round((1 - y / geo.TILE[1]) * height)
            patch = face[row - 12 : row + 13, col - 12 : col + 13].reshape(-1, 3).mean(axis=0)
            chroma[kind].append(patch / patch.sum())
    for kind, found in chroma.items():
        ink = np.median(found, axis=0)
        assert max(np.linalg.norm(c - ink) for c in found) < cover.FOREIGN / 2, kind


def _looks(rgb: list[tuple[int, int, int]]) -> tuple[np.ndarray, np.ndarray]:
    """``cover.look`` of one 3 × 3 block of each colour, side by side."""
    colour = np.repeat(np.repeat(np.asarray([rgb], dtype=np.uint8), 3, axis=0), 3, axis=1)
    image = np.asarray([(3 * i + 1, 1) for i in range(len(rgb))], dtype=np.float64)
    return cover.look(colour, image)


def test_a_cover_is_a_cluster_of_other_colours_and_a_shadow_is_none():
    green, skin = (151, 201, 90), (190, 146, 117)
    shaded = tuple(round(c * 0.45) for c in green)
    # 20 green points in view, a shaded green one, four skin points side by side (art
    # points 3 mm apart), and a lone skin point far away (a speck).
    rgb = [green] * 20 + [shaded] + [skin] * 4 + [skin]
    board = np.asarray(
        [(3.0 * i, 0.0) for i in range(21)]
        + [(100.0, 0.0), (103.0, 0.0), (100.0, 3.0), (103.0, 3.0), (300.0, 0.0)]
    )
    reference = np.asarray([True] * 20 + [False] * 6)
    found = cover.foreign(*_looks(rgb), ["prairie"] * 26, board, reference)
    assert found.tolist() == [False] * 21 + [True] * 4 + [False]
    # Without enough points certainly in view, nothing is judged.
    few = np.asarray([True] * 5 + [False] * 21)
    assert not cover.foreign(*_looks(rgb), ["prairie"] * 26, board, few).any()


def test_each_tile_is_judged_against_its_own_ink_under_mixed_light():
    # A lamp warms one tile, daylight lights the other: its green is another green, not a
    # cover, when it has enough points in view of its own.
    green, warm = (151, 201, 90), (181, 201, 70)
    rgb = [green] * 12 + [warm] * 10
    board = np.asarray([(3.0 * (i % 4), 3.0 * (i // 4)) for i in range(22)])
    reference = np.ones(22, dtype=bool)
    kinds = ["prairie"] * 22
    alone = cover.foreign(*_looks(rgb), kinds, board, reference)
    assert alone[12:].all()  # against the photo's one green, the warm tile is covered
    tiles = [0] * 12 + [1] * 10
    assert not cover.foreign(*_looks(rgb), kinds, board, reference, tiles).any()


def test_the_tables_usual_look_leaves_out_an_arm_over_part_of_it():
    wood, grain, skin = (96, 70, 50), (112, 80, 56), (190, 146, 117)
    chroma, total = _looks([wood] * 10 + [grain] * 6 + [skin] * 2)
    assert cover.usual(chroma, total).tolist() == [True] * 16 + [False] * 2


def test_off_the_print_a_hand_is_known_by_its_colour_and_light():
    skin, wood, lit = (190, 146, 117), (96, 70, 50), (228, 175, 140)
    chroma, total = _looks([skin, wood, lit])
    like = cover.alike(chroma, total, chroma[:1], total[:1])
    # The hand itself, not the wood (its hue, three times darker), a lit part of the hand.
    assert like.tolist() == [True, False, True]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("seed", "size", "conditions", "case"),
    [
        # bench/bison_photo.py --photos 12, 12 MP photo 11: B14 and its two tokens under
        # the hand, no marker of it read, its neighbours' markers all read.
        (1011, "12mp", ("check", "wood"), "new tile"),
        # ... 3 MP photo 11: the same board under warm light and sensor noise.
        (1011, "3mp", ("warm", "noise"), "new tile"),
        # --photos 24, 2 MP photo 7: three new tiles in a row, two under the hand, the
        # third beside them (not beside the board the reader knows), its hunters unread.
        (1007, "2mp", ("turned",), "new tile"),
        # --photos 24, 12 MP photo 17: a hunter on a retail tile (its inks its own, not
        # judged) under the hand in a shadow; the hand also lies over the print beside it.
        (1017, "12mp", ("turned", "shadow"), "retail"),
        # ... 12 MP photo 9: a hunter at the far end of a long river under the hand, the
        # river's other end beside markers read.
        (1009, "12mp", ("glare",), "river"),
    ],
)
def test_tokens_a_hand_hides_over_no_marker_are_said_never_read_as_gone(
    seed, size, conditions, case
):
    shot = synthetic.photo(seed, size, hand=True, conditions=conditions, retail=2)
    prior = synthetic.round_before(shot, seed, new_tiles=3)
    reading = bison.read(shot.jpeg, prior)
    result, _ = synthetic.confirmed(prior, reading)
    hidden = {(tuple(h["at"]), h["space"]) for h in reading.hidden}
    truth, after = synthetic.tokens(shot.pieces), synthetic.tokens(result)
    missed = {key for key in truth.keys() | after.keys() if truth[key] != after[key]}
    assert missed, "the photo no longer hides anything: it tests nothing"
    # Every difference from the truth lies on a space said hidden ("not visible").
    assert {key[:2] for key in missed} <= hidden
    unread_tiles = [t for t in shot.tiles if t not in reading.tiles]
    if case == "new tile":
        assert unread_tiles, "the hand no longer hides a whole new tile"
        for tile in unread_tiles:
            at = tuple(tile["at"])
            assert {(at, s) for s in ("prairie", "river", "mountain")} <= hidden
    elif case == "river":
        assert any(key[1] == "river" for key in missed)
    else:
        retail = {tuple(t["at"]) for t in prior["tiles"] if "edges" in t}
        assert any(key[0] in retail for key in missed)


def test_a_photo_without_a_hand_hides_nothing_more():
    # The same board without the hand: the print's colours find nothing over it, and a
    # space emptied in plain view still reads as gone.
    shot = synthetic.photo(1011, "3mp", conditions=("warm", "noise"), retail=2)
    reading = bison.read(shot.jpeg, {"tiles": shot.tiles, "pieces": shot.pieces})
    colour = bison.load_colour(shot.jpeg)
    assert colour is not None
    assert reading.unseen == [] and reading.gone == []
    assert [h for h in reading.hidden if h["why"] == "covered"] == []


def test_the_colour_look_is_small_upright_and_absent_for_a_grey_photo():
    image = Image.new("RGB", (4000, 3000), (151, 201, 90))
    image.paste((190, 146, 117), (0, 0, 400, 3000))  # a strip at the left edge
    exif = Image.Exif()
    exif[0x0112] = 6  # the phone held upright: turn 90° clockwise
    out = io.BytesIO()
    image.save(out, "JPEG", quality=90, exif=exif)
    colour = bison.load_colour(out.getvalue())
    grey = bison.load_grey(out.getvalue())
    assert colour is not None
    assert colour.shape[:2] == (1000, 750)  # a quarter, upright as the grey one
    assert grey.shape == (4000, 3000)
    assert colour[5, 375, 0] > colour[5, 375, 1]  # the strip on top now: skin, not green
    assert colour[-5, 375, 1] > colour[-5, 375, 0]
    grey_png = io.BytesIO()
    Image.new("L", (800, 800), 128).save(grey_png, "PNG")
    assert bison.load_colour(grey_png.getvalue()) is None
    assert bison.load_colour(b"not a photo") is None
