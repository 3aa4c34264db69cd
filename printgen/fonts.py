"""The one typeface of every kit: IPAexGothic, a TrueType font with glyf outlines.

It covers Latin (English, Italian accents) and Japanese, so one embedded subset serves all
three languages. It comes from the ``matplotlib-fontja`` wheel (MIT + IPA Font License),
which ships ``ipaexg.ttf``; we only read the file and never import matplotlib. No system
font is looked up, so the output is the same on every machine.

Every string goes through :func:`check` before it is drawn: a character without a glyph
raises :class:`~printgen.errors.MissingGlyphError` naming the string and the character.
"""

from __future__ import annotations

import functools
import importlib.util
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printgen.errors import MissingGlyphError, PrintError

FONT_NAME = "IPAexGothic"
_PACKAGE = "matplotlib_fontja"

# Characters that are layout, not ink: a missing glyph for them is harmless.
_NO_INK = {"\n", "\t"}


def font_path() -> Path:
    """Where the installed wheel put ``ipaexg.ttf`` (found without importing the package)."""
    spec = importlib.util.find_spec(_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise PrintError(
            f"the font package {_PACKAGE.replace('_', '-')} is not installed "
            "(pip install matplotlib-fontja)"
        )
    path = Path(next(iter(spec.submodule_search_locations))) / "fonts" / "ipaexg.ttf"
    if not path.is_file():
        raise PrintError(f"the font file {path} is missing")
    return path


@functools.cache
def register() -> str:
    """Register the font with ReportLab once per process; return its name.

    ReportLab embeds TrueType fonts as subsets holding only the glyphs a document uses.
    """
    pdfmetrics.registerFont(TTFont(FONT_NAME, str(font_path())))
    return FONT_NAME


@functools.cache
def _coverage() -> frozenset[int]:
    register()
    return frozenset(pdfmetrics.getFont(FONT_NAME).face.charToGlyph)


def check(text: str) -> str:
    """Return ``text`` unchanged, or raise ``MissingGlyphError`` for its first bad character."""
    covered = _coverage()
    for char in text:
        if ord(char) not in covered and char not in _NO_INK:
            raise MissingGlyphError(text, char, FONT_NAME)
    return text


def width(text: str, size: float) -> float:
    """Advance width of ``text`` at ``size`` (same unit as ``size``)."""
    return float(pdfmetrics.stringWidth(text, register(), size))
