"""Helpers for printgen tests: draw a kit once per process, parse a PDF with pypdf, render
it with pdftoppm, read QR codes."""

from __future__ import annotations

import functools
import io
import subprocess
from pathlib import Path
from typing import Any

import made_once
import zxingcpp
from PIL import Image
from pypdf import PdfReader

MM = 72 / 25.4  # points per millimetre


@functools.cache
def drawn_kit(game: str, lang: str = "en", paper: str = "a4", duplex: str = "long") -> bytes:
    """``render_kit(game, lang=…, paper=…, duplex=…)``, drawn once per checkout and kept
    (tests/support/made_once.py: keyed by every file of printgen and games), read once per
    process: test_print_city, test_print_paper and test_print_rules read the same kits on
    both xdist workers (and the determinism tests draw theirs afresh with ``render_kit``)."""
    from printgen.kit import render_kit

    return made_once.value(
        made_once.key(__file__, "drawn_kit", game, lang, paper, duplex),
        lambda: render_kit(game, lang=lang, paper=paper, duplex=duplex),
    )


#: The table and seat links of ``linked_kit``'s kits.
TABLE = "https://campfire.example/t/K7Q2ZX"
SEATS = [f"https://campfire.example/t/K7Q2ZX/seat/{n}" for n in range(1, 7)]


@functools.cache
def linked_kit(game: str, lang: str = "en", **options: Any) -> bytes:
    """The kit of ``game`` with a table's links (``options``: ``render_kit``'s paper,
    duplex, ink saver), drawn once per checkout and kept (tests/support/made_once.py),
    read once per process: test_print_kits and test_print_sizes read the same kits (each
    drew its own: twelve kits, ~40 s of CPU on a fresh checkout)."""
    from printgen.kit import render_kit

    return made_once.value(
        made_once.key(__file__, "linked_kit", game, lang, sorted(options.items())),
        lambda: render_kit(game, lang=lang, table_url=TABLE, seat_urls=SEATS, **options),
    )


@functools.cache
def page_texts(game: str, lang: str = "en") -> tuple[str, ...]:
    """The text of each page of ``drawn_kit(game, lang)``, extracted once per checkout
    (kept as the kit is): pypdf's extraction is slow (seconds a kit, more in Japanese) and
    several tests read the same kit's words."""
    return made_once.value(
        made_once.key(__file__, "page_texts", game, lang),
        lambda: tuple(page.extract_text() for page in reader(drawn_kit(game, lang)).pages),
    )


def reader(pdf: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(pdf))


def box_mm(box) -> tuple[float, ...]:
    return tuple(round(float(v) / MM, 2) for v in box)


def render(
    pdf: bytes, tmp_path: Path, *, dpi: int = 200, first: int | None = None, last: int | None = None
) -> list[Path]:
    """Render pages with pdftoppm (failing the test on any error); return the PNG paths."""
    source = tmp_path / "kit.pdf"
    source.write_bytes(pdf)
    args = ["pdftoppm", "-r", str(dpi), "-png"]
    if first is not None:
        args += ["-f", str(first)]
    if last is not None:
        args += ["-l", str(last)]
    result = subprocess.run(
        [*args, str(source), str(tmp_path / "page")], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "Error" not in result.stderr, result.stderr
    return sorted(tmp_path.glob("page-*.png"))


def qr_texts(png: Path) -> list[str]:
    with Image.open(png) as image:
        return sorted(code.text for code in zxingcpp.read_barcodes(image.convert("L")))


def text_sizes(pdf: bytes) -> list[tuple[float, int, str]]:
    """Every shown string with its size as printed (pt), page number (1-based) and text.

    The size is the Tf size scaled by the text and transformation matrices in force, so
    text inside scaled forms (icons) and scaled pages counts at the size it comes out.
    """
    shown: list[tuple[float, int, str]] = []
    for number, page in enumerate(reader(pdf).pages, 1):

        def visit(text, cm, tm, _font, size, number=number):
            if not text.strip():
                return
            a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
            c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
            shown.append((size * abs(a * d - b * c) ** 0.5, number, text.strip()))

        page.extract_text(visitor_text=visit)
    return shown
