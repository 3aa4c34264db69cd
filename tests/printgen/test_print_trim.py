"""Trimmer ticks, the printer's hard margin, the duplex scale's reach and the bench's needs
(issue 24, item 5)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from pdfcheck import reader, render
from PIL import Image

from campfire.cli import main
from printgen.errors import PrintError
from printgen.kit import Context, kit_components, render_kit
from printgen.layout import OFFSET_MAX, plan
from printgen.style import Style

DPI = 100
PX = DPI / 25.4  # pixels per mm


def _dark_columns(png: Path, strip_mm: float) -> list[int]:
    """The x pixels with ink in the top ``strip_mm`` of the page (a tick reaching the edge)."""
    with Image.open(png) as image:
        grey = image.convert("L")
        rows = range(int(strip_mm * PX))
        return [x for x in range(grey.width) if any(grey.getpixel((x, y)) < 128 for y in rows)]


@pytest.mark.parametrize("ticks", [False, True])
def test_trim_ticks_run_to_the_paper_edge_on_every_cut_line(ticks, tmp_path):
    pdf = render_kit("lion-square", only=["lion-square.herds"], duplex="fold", trim_ticks=ticks)
    (png,) = render(pdf, tmp_path, dpi=DPI)
    dark = _dark_columns(png, 2.0)  # the top 2 mm: inside any printer's hard margin
    if not ticks:
        assert dark == []
        return
    (component,) = [
        c for c in kit_components("lion-square", Context("en", Style())) if c.key.endswith("herds")
    ]
    (sheet,) = plan(component, "a4", "fold")
    cuts = {p.x for p in sheet.placements if p.side == "front"}
    cuts |= {p.x + p.piece.width for p in sheet.placements if p.side == "front"}
    for x in cuts:
        assert any(abs(column - x * PX) <= 1.5 for column in dark), x


def test_trim_ticks_leave_the_footer_readable():
    pdf = render_kit("lion-square", only=["lion-square.cards"], trim_ticks=True)
    assert "Lion Square · cards" in reader(pdf).pages[0].extract_text()


@pytest.mark.parametrize("game", ["lion-square", "hunting-age"])
def test_a_hard_margin_keeps_every_trim_and_footer_inside_it(game):
    margin = 8.0
    for component in kit_components(game, Context("en", Style())):
        for sheet in plan(component, "letter", "long", margin=margin):
            width, height = sheet.size
            for p in sheet.placements:
                assert p.x >= margin - 1e-6 and p.y >= margin - 1e-6, p.piece.id
                assert p.x + p.piece.width <= width - margin + 1e-6
                assert p.y + p.piece.height <= height - margin + 1e-6
            assert sheet.footer is not None
            assert sheet.footer.x >= margin and sheet.footer.y >= margin


def test_the_cover_prints_nothing_inside_the_hard_margin(tmp_path):
    margin = 8.0
    pdf = render_kit("lion-square", only=["cover"], margin=margin)
    for png in render(pdf, tmp_path, dpi=DPI):
        with Image.open(png) as image:
            grey = image.convert("L")
            w, h = grey.size
            m = int((margin - 0.5) * PX)
            inner = (m, m, w - m, h - m)
            outside = [
                (x, y)
                for x in range(0, w, 2)
                for y in range(0, h, 2)
                if not (inner[0] <= x < inner[2] and inner[1] <= y < inner[3])
                and grey.getpixel((x, y)) < 250
            ]
            assert outside == [], (png.name, outside[:5])


def test_a_part_that_no_longer_fits_the_margin_is_refused_with_a_sentence():
    with pytest.raises(PrintError) as error:
        render_kit("dogs-life", only=["dogs-life.city"], margin=15)
    assert "give a smaller --margin, or leave dogs-life.city out with --only" in str(error.value)


@pytest.mark.parametrize("argv", [["--margin", "16"], ["--margin", "nan"], ["--margin", "x"]])
def test_a_bad_margin_is_one_line_and_exit_2(argv, capsys, tmp_path):
    with pytest.raises(SystemExit) as exit_info:
        raise SystemExit(main(["print", "bison", *argv, "--out", str(tmp_path / "x.pdf")]))
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("error: ")


def test_the_duplex_scale_reads_as_far_as_the_back_offset_goes():
    pdf = render_kit("bison", only=["cover"])
    for back in (1, 3):  # the backs of the portrait and the landscape duplex tests
        words = reader(pdf).pages[back].extract_text().split()
        assert f"+{OFFSET_MAX:g}" in words and f"-{OFFSET_MAX:g}" in words


def test_the_bench_runs_without_the_test_extra():
    # The README's set-up installs no pypdf: the bench must count pages without it.
    code = (
        "import sys; sys.modules['pypdf'] = None; sys.path.insert(0, 'bench');"
        "import print_kit; from printgen.kit import render_kit;"
        "print(print_kit.sheets(render_kit('lion-square'), 'lion-square', 'a4', 'en'))"
    )
    root = Path(__file__).resolve().parents[2]
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True
    )
    pages = len(reader(render_kit("lion-square")).pages)
    # Two-sided: the 4 cover pages and the 4 card sheets' 8 pages, two to a sheet of paper.
    assert out.stdout.strip() == f"({pages}, {12 // 2 + pages - 12})"


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_hex_cut_ticks_stop_short_of_the_neighbours_point(paper):
    # Issue 37: a hex's radial tick ran its full 3 mm, 1 mm into the next hex's point.
    from printgen.context import Context
    from printgen.document import CUT_MARK_GAP, hex_ticks
    from printgen.kit import components
    from printgen.layout import plan
    from printgen.style import Style

    (tiles,) = [c for c in components("bison", Context("en", Style())) if c.key == "bison.tiles"]
    ticks = 0
    for sheet in plan(tiles, paper, "long"):
        for p in sheet.placements:
            w, h = p.piece.width, p.piece.height
            # In a 2 mm gutter a tick has 1 mm: only the corners with room keep theirs.
            assert hex_ticks(w, h, p.bleed), p.piece.id
            for x, y, reach in hex_ticks(w, h, p.bleed):
                ux, uy = (x - w / 2) / (h / 2), (y - h / 2) / (h / 2)
                end = (p.x + x + ux * reach, p.y + y + uy * reach)
                assert reach > CUT_MARK_GAP
                for q in sheet.placements:
                    x0, y0, x1, y1 = (
                        q.bleed_rect()
                        if q is p
                        else (q.x, q.y, q.x + q.piece.width, q.y + q.piece.height)
                    )
                    inside = x0 - 1e-6 <= end[0] <= x1 + 1e-6 and y0 - 1e-6 <= end[1] <= y1 + 1e-6
                    assert inside == (q is p), (p.piece.id, q.piece.id, end)
                ticks += 1
    assert ticks >= 21
