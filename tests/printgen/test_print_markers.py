"""The Bison kit's photo markers as printed (issue 23): read back from the rendered PDF,
left out with ``markers=False`` (``--no-markers``) to the byte."""

from __future__ import annotations

import hashlib

import pytest
from pdfcheck import render
from PIL import Image

from games.bison.kit import markers
from printgen.games import bison as bison_print
from printgen.kit import kit_of, kit_pieces, render_kit

ART = ["bison.tiles", "bison.structures", "bison.markers"]
# SHA-256 of render_kit("bison", only=ART) before the markers existed (commit 4676d60):
# --no-markers must print exactly that. An intended change to the art updates this pin
# (issue 37: the river deep blue with a dashed current, the prairie lighter, for grey;
# the hex cut ticks inside their own bleed; issue 32: the river drawn along the reader's
# own line, tile_art.river_line).
ART_BEFORE_MARKERS = "2da3bcc3bea3408903a516c5da70387fa627d2cbd74ef5edf9122553cce2be96"


def test_no_markers_prints_the_art_of_before_to_the_byte():
    pdf = render_kit("bison", only=ART, markers=False)
    assert hashlib.sha256(pdf).hexdigest() == ART_BEFORE_MARKERS
    assert b"tag36h11" not in pdf


def test_hunter_tokens_grow_only_with_markers():
    def size(with_markers: bool) -> float:
        (component,) = kit_pieces("bison", only=["hunter-red-1"], markers=with_markers)
        return component.pieces[0].width

    assert size(False) == 12.0
    assert size(True) == markers.HUNTER_TOKEN


@pytest.mark.parametrize("ink_saver", [False, True])  # markers stay pure black in grey
def test_printed_tile_and_token_markers_read_back(tmp_path, ink_saver):
    pytest.importorskip("apriltag")
    numpy = pytest.importorskip("numpy")
    from reader.bison import detect

    pieces = ["B07", "hunter-blue-1", "canoe-red-3a"]
    pdf = render_kit("bison", only=pieces, duplex="fold", ink_saver=ink_saver)
    found = set()
    for png in render(pdf, tmp_path, dpi=150):
        with Image.open(png) as image:
            found |= {s.marker_id for s in detect(numpy.asarray(image.convert("L")))[0]}
    assert found == {
        markers.tile_marker_id("B07", 0),
        markers.tile_marker_id("B07", 1),
        markers.tile_marker_id("B07", 2),
        markers.piece_marker_id("blue", "hunter"),
        markers.piece_marker_id("red", "canoe", 3),
    }


def test_stickers_print_only_when_asked_and_read_back(tmp_path):
    pytest.importorskip("apriltag")
    numpy = pytest.importorskip("numpy")
    from reader.bison import detect

    whole = kit_pieces("bison")
    assert "bison.stickers" not in {c.key for c in whole}  # not in the print-and-play kit
    (stickers,) = kit_pieces("bison", only=["bison.stickers"])
    assert len(stickers.pieces) == 21 * 3
    assert stickers.pieces[0].id == "sticker-S1-1"
    pdf = render_kit("bison", only=["bison.stickers"])
    (png,) = render(pdf, tmp_path, dpi=150)
    with Image.open(png) as image:
        found = {s.marker_id for s in detect(numpy.asarray(image.convert("L")))[0]}
    assert found == set(range(21 * 3))


def test_no_markers_reaches_the_image_export(tmp_path, capsys):
    from campfire.cli import main

    for flag, side in (([], 178), (["--no-markers"], 142)):  # 15 mm, 12 mm at 300 dpi
        folder = tmp_path / str(side)
        argv = ["print", "bison", "--only", "hunter-red-1", "--png", str(folder), *flag]
        assert main(argv) == 0
        with Image.open(folder / "hunter-red-1-front.png") as image:
            assert image.size == (side, side)


def _overlap(a, b, gap: float = 0.2) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


MARKED = [("hunter", 0)] + [(k, s) for k in ("tent", "canoe") for s in range(1, 5)]


@pytest.mark.parametrize(("kind", "size"), MARKED)
def test_a_marked_tokens_icon_runs_6_mm_and_nothing_touches(kind, size):
    # Issue 37: with markers on, the kind's icon was 3.1 mm (a hunter's 2.4 mm) and the 4th
    # size diamond touched the owner's shape. The token and its marker are the photo
    # reader's (a larger token hides tile markers; a token cell is 1.8-2.2 px at 2 MP): the
    # icon is drawn tall (tipi, hunter) or long (canoe) along a strip beside the marker.
    from printgen.games.bison import marked_layout

    layout = marked_layout(kind, size)
    side = markers.token_size(kind)
    x0, y0, x1, y1 = layout["icon"]
    assert max(x1 - x0, y1 - y0) >= 6.0
    assert min(x1 - x0, y1 - y0) >= (3.3 if kind != "hunter" else 2.3)  # the strip's width
    assert layout["marker"] == (1.0, 1.0, 11.0, 11.0)  # markers.piece_marker, unchanged
    assert len([k for k in layout if k.startswith("diamond")]) == size
    for name, box in layout.items():
        assert box[0] >= 0.5 and box[2] <= side - 0.5 and box[1] >= 0.5 and box[3] <= side - 0.5
        for other, box2 in layout.items():
            if other != name and not (name.startswith("diamond") and other.startswith("diamond")):
                assert not _overlap(box, box2), (name, other)


def test_tent_and_canoe_differ_in_outline_not_only_in_icon():
    from printgen.games.bison import marked_layout

    tent, canoe = marked_layout("tent", 4), marked_layout("canoe", 4)
    tall = tent["icon"][3] - tent["icon"][1] > tent["icon"][2] - tent["icon"][0]
    long = canoe["icon"][2] - canoe["icon"][0] > canoe["icon"][3] - canoe["icon"][1]
    assert tall and long
    # The diamonds run along the top of a tent, down the right of a canoe.
    assert len({tent[f"diamond-{k}"][1] for k in range(1, 5)}) == 1
    assert len({canoe[f"diamond-{k}"][0] for k in range(1, 5)}) == 1


@pytest.mark.parametrize(("kind", "size"), [("hunter", 0), ("tent", 4), ("canoe", 4)])
def test_the_printed_icon_fills_its_place(tmp_path, capsys, kind, size):
    # The art is drawn from marked_layout: its ink, read back from the 300 dpi face,
    # spans the icon's place (6 mm and more).
    from campfire.cli import main
    from printgen.games.bison import marked_layout

    piece = "hunter-red-1" if kind == "hunter" else f"{kind}-red-{size}a"
    assert main(["print", "bison", "--only", piece, "--png", str(tmp_path)]) == 0
    with Image.open(tmp_path / f"{piece}-front.png") as image:
        grey = image.convert("L")
    px = grey.width / markers.token_size(kind)  # pixels a mm
    x0, y0, x1, y1 = marked_layout(kind, size)["icon"]
    box = (
        round(x0 * px),
        grey.height - round(y1 * px),
        round(x1 * px),
        grey.height - round(y0 * px),
    )
    ink = grey.crop(box).point(lambda v: 255 if v < 140 else 0).getbbox()
    assert ink is not None
    across, high = (ink[2] - ink[0]) / px, (ink[3] - ink[1]) / px
    assert max(across, high) >= 6.0 * 0.95, (across, high)


@pytest.mark.parametrize("lang", ["en", "ja", "it"])
def test_no_markers_rules_say_nothing_of_the_square_code(lang):
    from printgen.messages import text
    from printgen.rules_sheets import _blocks

    def t(message, **params):
        return text(lang, message, **params)

    rule = t(bison_print.MARKER_RULE)
    assert rule in t(kit_of("bison").rules).split("\n")  # the same words in both msgids
    with_markers = [b.text for b in _blocks(kit_of("bison"), t, "rules", True)]
    without = [b.text for b in _blocks(kit_of("bison"), t, "rules", False)]
    assert len(without) == len(with_markers) - 1
    assert not [b for b in without if rule.lstrip("- ") in b]
    if lang == "en":
        from pdfcheck import reader

        def words_of(**kw) -> str:
            pdf = render_kit("bison", only=["bison.rules"], lang=lang, **kw)
            return " ".join(" ".join(p.extract_text().split()) for p in reader(pdf).pages)

        assert "square code" in words_of()
        assert "square code" not in words_of(markers=False)
