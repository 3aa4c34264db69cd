"""The Bison kit's photo markers as printed (issue 23): read back from the rendered PDF,
left out with ``markers=False`` (``--no-markers``) to the byte."""

from __future__ import annotations

import hashlib

import pytest
from pdfcheck import render
from PIL import Image

from games.bison import markers
from printgen.kit import kit_pieces, render_kit

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


@pytest.mark.parametrize(
    ("kind", "size"), [("hunter", 0)] + [(k, s) for k in ("tent", "canoe") for s in range(1, 5)]
)
def test_a_marked_tokens_icon_is_as_large_as_fits_and_nothing_touches(kind, size):
    # Issue 37: the 4th size diamond no longer touches the owner's shape, and the kind's
    # icon takes the whole strip beside the marker (it was 3.1 mm, a hunter's 2.4 mm). The
    # token and its marker are the photo reader's: 6 mm does not fit beside the marker.
    from printgen.games.bison import marked_layout

    layout = marked_layout(kind, size)
    side = markers.token_size(kind)
    x0, _, x1, _ = layout["icon"]
    assert x1 - x0 >= (3.6 if kind != "hunter" else 2.6)
    assert layout["marker"] == (1.0, 1.0, 11.0, 11.0)  # markers.piece_marker, unchanged
    assert len([k for k in layout if k.startswith("diamond")]) == size
    for name, box in layout.items():
        assert box[0] >= 0.5 and box[2] <= side - 0.5 and box[1] >= 0.5 and box[3] <= side - 0.5
        for other, box2 in layout.items():
            if other != name and not (name.startswith("diamond") and other.startswith("diamond")):
                assert not _overlap(box, box2), (name, other)


@pytest.mark.parametrize("lang", ["en", "ja", "it"])
def test_no_markers_rules_say_nothing_of_the_square_code(lang):
    from printgen import words
    from printgen.messages import text
    from printgen.rules_sheets import _blocks

    def t(message, **params):
        return text(lang, message, **params)

    rule = t(words.BI_MARKER_RULE)
    assert rule in t(words.RULES["bison"]).split("\n")  # the same words in both msgids
    with_markers = [b.text for b in _blocks("bison", t, "rules", True)]
    without = [b.text for b in _blocks("bison", t, "rules", False)]
    assert len(without) == len(with_markers) - 1
    assert not [b for b in without if rule.lstrip("- ") in b]
    if lang == "en":
        from pdfcheck import reader

        def words_of(**kw) -> str:
            pdf = render_kit("bison", only=["bison.rules"], lang=lang, **kw)
            return " ".join(" ".join(p.extract_text().split()) for p in reader(pdf).pages)

        assert "square code" in words_of()
        assert "square code" not in words_of(markers=False)
