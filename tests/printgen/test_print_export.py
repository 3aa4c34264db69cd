"""`campfire print GAME --png DIR` and `--tts DIR` (issue 24, item 6): one PNG per piece face
at 300 dpi named by piece id and side, Tabletop Simulator deck sheets of 10 × 7 with a back
image per deck, byte-identical on rebuild; bad input is one line and exit 2."""

from __future__ import annotations

import math

import pytest
from PIL import Image

from campfire.cli import main
from printgen import export

MM_AT_300 = 300 / 25.4


def _run(argv: list[str]) -> int:
    try:
        return main(argv)
    except SystemExit as exit_info:
        return int(exit_info.code or 0)


def test_png_writes_each_face_at_300_dpi_named_by_piece_and_side(tmp_path, capsys):
    out = tmp_path / "png"
    assert _run(["print", "lion-square", "--only", "B01,H1", "--png", str(out)]) == 0
    names = sorted(p.name for p in out.iterdir())
    assert names == ["B01-back.png", "B01-front.png", "H1-front.png"]
    with Image.open(out / "B01-front.png") as image:
        assert image.size == (math.ceil(63 * MM_AT_300), math.ceil(88 * MM_AT_300))
    assert capsys.readouterr().out.strip() == f"wrote 3 images into {out}"
    # Rebuilt: byte for byte the same files.
    again = tmp_path / "again"
    assert _run(["print", "lion-square", "--only", "B01,H1", "--png", str(again)]) == 0
    for name in names:
        assert (out / name).read_bytes() == (again / name).read_bytes(), name


def test_tts_writes_a_10_by_7_face_sheet_and_one_back_per_deck(tmp_path):
    out = tmp_path / "tts"
    assert _run(["print", "lion-square", "--only", "B01,B02,B03", "--tts", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "lion-square.cards-back.png",
        "lion-square.cards-faces-1.png",
    ]
    with Image.open(out / "lion-square.cards-faces-1.png") as sheet:
        width, height = sheet.size
        # Ten cards across, seven down: each cell one card at the sheet's resolution.
        assert width / height == pytest.approx((10 * 63) / (7 * 88), abs=0.002)
        assert max(sheet.size) <= export.TTS_MAX_PX
    again = tmp_path / "again"
    assert _run(["print", "lion-square", "--only", "B01,B02,B03", "--tts", str(again)]) == 0
    for path in out.iterdir():
        assert path.read_bytes() == (again / path.name).read_bytes(), path.name


def test_decks_with_their_own_backs_get_a_back_sheet():
    from printgen.kit import kit_pieces

    components = kit_pieces("hunting-age", only=["hunting-age.cards"])
    names = [image.name for image in export.tts_images(components)]
    assert names == ["hunting-age.cards-faces-1", "hunting-age.cards-backs-1"]


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda tmp: tmp / "file.txt", "that is a file, not a folder"),
        (lambda tmp: tmp / "missing" / "deeper", "does not exist"),
    ],
)
def test_a_bad_folder_is_one_line_and_exit_2(make, message, tmp_path, capsys):
    (tmp_path / "file.txt").write_text("x")
    target = make(tmp_path)
    assert _run(["print", "lion-square", "--only", "H1", "--png", str(target)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: cannot write into") and message in err


def test_png_and_tts_together_or_without_pdftoppm_are_refused(tmp_path, capsys, monkeypatch):
    both = ["print", "lion-square", "--png", str(tmp_path), "--tts", str(tmp_path)]
    assert _run(both) == 2
    assert capsys.readouterr().err.count("\n") == 1
    monkeypatch.setattr(export.shutil, "which", lambda name: None)
    assert _run(["print", "lion-square", "--only", "H1", "--png", str(tmp_path / "p")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "needs pdftoppm" in err
    assert not (tmp_path / "p").exists()


def test_a_game_without_a_deck_says_so(tmp_path, capsys):
    assert _run(["print", "lion-square", "--only", "H1", "--tts", str(tmp_path / "t")]) == 2
    assert "no deck of two-sided cards" in capsys.readouterr().err
    assert not (tmp_path / "t").exists()
