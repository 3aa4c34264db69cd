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


def test_tts_writes_a_sheet_sized_to_the_deck_its_back_and_a_saved_object(tmp_path):
    out = tmp_path / "tts"
    assert _run(["print", "lion-square", "--only", "B01,B02,B03", "--tts", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == [
        "lion-square.cards-back.png",
        "lion-square.cards-faces-1.png",
        "lion-square.json",
    ]
    with (
        Image.open(out / "lion-square.cards-faces-1.png") as sheet,
        Image.open(out / "lion-square.cards-back.png") as back,
    ):
        width, height = sheet.size
        # Three cards and the hidden face: a 2 × 2 grid (issue 37: not 10 × 7, mostly empty).
        assert width / height == pytest.approx((2 * 63) / (2 * 88), abs=0.002)
        assert max(sheet.size) <= export.TTS_MAX_PX
        # The last slot is the hidden face: the deck's back, not a blank.
        hidden = sheet.crop((width // 2, height // 2, width, height)).convert("RGB")
        assert hidden.resize(back.size).getpixel((back.width // 2, back.height // 2)) == (
            back.convert("RGB").getpixel((back.width // 2, back.height // 2))
        )
        assert len(hidden.getcolors(1 << 24) or []) > 10
    again = tmp_path / "again"
    assert _run(["print", "lion-square", "--only", "B01,B02,B03", "--tts", str(again)]) == 0
    for path in out.iterdir():
        if path.suffix == ".png":
            assert path.read_bytes() == (again / path.name).read_bytes(), path.name
    # The saved object names its own folder's images: the same but for the folder.
    assert (out / "lion-square.json").read_text().replace(str(out), "X") == (
        (again / "lion-square.json").read_text().replace(str(again), "X")
    )


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


def test_a_piece_that_is_no_card_is_a_tile_token_or_board_in_the_saved_object(tmp_path):
    # Issue 37: Bison has no deck; its kit goes to Tabletop Simulator all the same.
    out = tmp_path / "t"
    assert _run(["print", "lion-square", "--only", "H1", "--tts", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == ["H1-front.png", "lion-square.json"]


def test_png_bleed_adds_art_past_the_trim(tmp_path, capsys):
    # Issue 37: a print service asks for faces with bleed (a poker card 69 × 94 mm).
    out = tmp_path / "bleed"
    assert _run(["print", "lion-square", "--only", "R05", "--png", str(out), "--bleed", "3"]) == 0
    for side in ("front", "back"):
        with Image.open(out / f"R05-{side}.png") as image:
            width, height = image.size  # pdftoppm rounds a page's pixels up or down
            assert abs(width - 69 * 300 / 25.4) < 1.5 and abs(height - 94 * 300 / 25.4) < 1.5
            corner = image.convert("RGB").getpixel((1, 1))
            assert corner != (255, 255, 255)  # the card's edge colour runs into the bleed


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--png", "P", "--bleed", "4"], "--bleed must be from 0 to 3 mm"),
        (["--png", "P", "--bleed", "nan"], "--bleed must be from 0 to 3 mm"),
        (["--tts", "P", "--bleed", "3"], "--bleed needs --png"),
        (["--bleed", "3"], "--bleed needs --png"),
    ],
)
def test_a_bad_bleed_is_one_line_and_exit_2(flags, message, tmp_path, capsys):
    flags = [str(tmp_path / "p") if f == "P" else f for f in flags]
    assert _run(["print", "lion-square", "--only", "R05", *flags]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert not (tmp_path / "p").exists()
