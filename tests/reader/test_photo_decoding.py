"""Only the JPEG, PNG and WebP decoders see a photo, and only a photo of a size a board can
have reaches the marker detector (issue 33, F3, F3b): an EPS, a PostScript or a PDF file
is refused without Ghostscript or any other process; a 1 × 1, 1000 × 2 or 24,000,000 × 2
PNG (the detector crashed the process on each) is refused with one line, exit 2."""

from __future__ import annotations

import io

import pytest
from bison_photos import placed, white_png
from hostile_photos import HOSTILE, Spawned, forbid_processes
from PIL import Image

from campfire.cli import main
from reader import bison


@pytest.mark.parametrize(("name", "make", "kind"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_file_is_refused_from_its_header_and_starts_no_process(
    monkeypatch, name, make, kind
):
    content = make()
    forbid_processes(monkeypatch)
    with pytest.raises(bison.PhotoError) as refused:
        bison.read(content)
    assert refused.value.kind == kind
    assert "\n" not in str(refused.value)


def test_the_process_guard_catches_ghostscript_and_spawns():
    """The guard the tests above rely on: Pillow's own EPS opener, let loose on an EPS,
    reaches Ghostscript (or says it is missing) — caught."""
    import subprocess

    with pytest.MonkeyPatch.context() as patch:
        forbid_processes(patch)
        with pytest.raises(Spawned):
            subprocess.run(["true"], check=False)
        with pytest.raises(Spawned):
            Image.open(io.BytesIO(HOSTILE[1][1]())).load()


def test_a_board_sized_webp_is_decoded_and_a_jpeg_reads():
    buffer = io.BytesIO()
    Image.new("RGB", (800, 700), "white").save(buffer, "WEBP")
    with pytest.raises(bison.PhotoError) as refused:
        bison.read(buffer.getvalue())
    assert refused.value.kind == "no-board"  # decoded: read, and no board in it
    assert bison.read(placed("red")).tiles


@pytest.mark.parametrize(
    ("size", "kind"),
    [((640, 640), "no-board"), ((639, 2000), "too-small"), ((2560, 640), "no-board")],
)
def test_the_size_bounds_are_inclusive(size, kind):
    with pytest.raises(bison.PhotoError) as refused:
        bison.read(white_png(*size))
    assert refused.value.kind == kind


@pytest.mark.parametrize(("name", "make", "kind"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_read_board_on_a_hostile_file_is_one_line_and_exit_2(
    tmp_path, capsys, monkeypatch, name, make, kind
):
    photo = tmp_path / "photo.png"
    photo.write_bytes(make())
    forbid_processes(monkeypatch)
    code = main(["read-board", "bison", str(photo)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and str(photo) in err and "Traceback" not in err


def test_a_16_bit_grey_png_of_a_board_is_read_not_refused_as_no_board():
    # Pillow's "L" clips a 16-bit grey image to white: the board vanished (issue 32).
    import numpy as np

    grey = np.asarray(Image.open(io.BytesIO(placed("red"))).convert("L"))
    buffer = io.BytesIO()
    Image.fromarray(grey.astype(np.uint16) * 257).save(buffer, "PNG")
    assert Image.open(io.BytesIO(buffer.getvalue())).mode.startswith("I")
    assert bison.load_grey(buffer.getvalue()).max() > 200 > bison.load_grey(buffer.getvalue()).min()
    assert len(bison.read(buffer.getvalue()).tiles) == len(bison.read(placed("red")).tiles)
