"""The one exception printgen raises for input it cannot print."""

from __future__ import annotations


class PrintError(ValueError):
    """A kit cannot be printed as asked (unknown game, bad option, a string without glyphs).

    ``str(error)`` is one English line naming exactly what is wrong; the CLI prints it as is.
    """


class MissingGlyphError(PrintError):
    """A string to be printed has a character the embedded font cannot draw.

    Raised *before* anything is drawn, so a kit never ships with an empty box in place of a
    character (the most common complaint about print-and-play files).
    """

    def __init__(self, text: str, char: str, font: str) -> None:
        self.text = text
        self.char = char
        super().__init__(
            f"the font {font} has no glyph for {char!r} (U+{ord(char):04X}) in the text {text!r}"
        )
