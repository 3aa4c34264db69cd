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
# --no-markers must print exactly that. An intended change to the art updates this pin.
ART_BEFORE_MARKERS = "02402ba160be97bcf5b7880927a689723de1458809c8ae1ed5f52b50e93f9702"


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
