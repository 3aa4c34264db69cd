"""The one typeface of every kit: IPAexGothic, a TrueType font with glyf outlines.

It covers Latin (English, Italian accents) and Japanese, so one embedded subset serves all
three languages. The file ships with the package (``printgen/font/ipaexg.ttf``, IPAexGothic
00401, unmodified) beside its licence (``IPA_Font_License_Agreement_v1.0.txt``, which allows
redistributing the font unchanged with that text) and the font's readme. No system font is
looked up, so the output is the same on every machine.

Every string goes through :func:`check` before it is drawn: a character without a glyph
raises :class:`~printgen.errors.MissingGlyphError` naming the string and the character.
"""

from __future__ import annotations

import functools
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from printgen.errors import MissingGlyphError, PrintError

FONT_NAME = "IPAexGothic"
#: The vendored font file (package data of printgen: see pyproject.toml).
FONT_FILE = Path(__file__).resolve().parent / "font" / "ipaexg.ttf"
#: Its licence, which must travel with it wherever the font goes.
LICENCE_FILE = FONT_FILE.parent / "IPA_Font_License_Agreement_v1.0.txt"

# Characters that are layout, not ink: a missing glyph for them is harmless.
_NO_INK = {"\n", "\t"}


def font_path() -> Path:
    """The TrueType file of IPAexGothic shipped with printgen."""
    if not FONT_FILE.is_file():
        raise PrintError(f"the font file {FONT_FILE} is missing: reinstall campfire")
    return FONT_FILE


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


def printable(text: str) -> str:
    """``text`` without the characters the font cannot draw: for what a person typed (a
    player's name with an emoji), which must not stop the kit from printing."""
    covered = _coverage()
    return "".join(char for char in text if ord(char) in covered)


def width(text: str, size: float) -> float:
    """Advance width of ``text`` at ``size`` (same unit as ``size``)."""
    return float(pdfmetrics.stringWidth(text, register(), size))
