"""Colours, and the ink-saver transformation applied to every one of them.

Art code never calls ReportLab colours directly: it asks the :class:`Style` for a *fill*
(large areas) or *ink* (lines, text, icons). In ink-saver mode every colour becomes a grey of
the same lightness, and fills are pushed towards white so that a kit costs little toner while
lines and text stay crisp and every piece stays readable.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor

# The kit palette: terrain and material colours shared by the four games.
PALETTE: dict[str, str] = {
    "paper": "#ffffff",
    "text": "#1d1d1b",
    "muted": "#6b6257",
    "line": "#2b2622",
    "prairie": "#96c95a",  # issue 37: 40+ grey levels above the mountain, printed grey
    "prairie_dark": "#4f7f2a",
    "river": "#3f8fd2",
    "river_light": "#9fd0f2",
    # The Bison river: deep enough to stand 40+ grey levels below the mountain when a colour
    # kit goes through a mono printer (issue 37; the old #3f8fd2 was 3 levels from it).
    "river_deep": "#123d70",
    "mountain": "#a9774d",
    "mountain_dark": "#6e4a2c",
    "sand": "#efe2c2",
    "cream": "#fbf6ea",
    "night": "#25324a",
    "gold": "#e0a92c",
    "red": "#c8382f",
    "yellow": "#f2c230",
    "green": "#3f9b4a",
    "blue": "#2f6fc0",
    "purple": "#7b4aa8",
    "black": "#2b2b2b",
    "white": "#f4f4f4",
    "orange": "#e07a2c",
    "pink": "#e58fb0",
    "brown": "#8a5a34",
    "grey": "#9a9a9a",
    "teal": "#2a9d8f",
}

# How much of the way to white an ink-saver fill goes (0 = unchanged grey, 1 = white).
_INK_SAVER_FILL_LIGHTEN = 0.72
# The same for the fills of icons and other small art: lightened as much as a background,
# a salmon or a hunter would fade into the token it sits on.
_INK_SAVER_DETAIL_LIGHTEN = 0.2
# Fills lightened less, to stay 40+ grey levels from a neighbour (issue 37): the Bison
# mountain beside the lighter prairie (28 levels apart at the common 0.72).
_INK_SAVER_FILL_LIGHTEN_OF = {"mountain": 0.55}


# The least contrast between a printed label and what it sits on (WCAG 2 "AA" for text).
MIN_CONTRAST = 4.5
# The lightest grey an ink-saver line or text may be: dark enough for MIN_CONTRAST on the
# lightened fills, which stay at least this light.
_INK_SAVER_INK_MAX = 0.3


def _luminance(color: Color) -> float:
    return float(0.2126 * color.red + 0.7152 * color.green + 0.0722 * color.blue)


def relative_luminance(color: Color) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""

    def channel(v: float) -> float:
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return (
        0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
    )


def contrast(a: Color, b: Color) -> float:
    """WCAG 2 contrast ratio of two colours, from 1 (same) to 21 (black on white)."""
    light, dark = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def readable(name_or_hex: str, on: str = "cream") -> str:
    """``name_or_hex`` darkened just enough to be read on ``on`` (MIN_CONTRAST): a clan's
    yellow number on a cream card becomes an ochre of the same hue. Returns a hex colour."""
    color = HexColor(PALETTE.get(name_or_hex, name_or_hex))
    background = HexColor(PALETTE.get(on, on))
    k = 1.0
    while (
        contrast(Color(color.red * k, color.green * k, color.blue * k), background)
        < MIN_CONTRAST + 0.1
        and k > 0
    ):
        k -= 0.02
    r, g, b = (round(max(v * k, 0.0) * 255) for v in (color.red, color.green, color.blue))
    return f"#{r:02x}{g:02x}{b:02x}"


def text_on(background: str) -> str:
    """The palette name of the text colour to print on ``background``: white paper on dark
    fills, dark text on light ones (white on a yellow header cannot be read)."""
    fill = HexColor(PALETTE.get(background, background))
    light, dark = HexColor(PALETTE["paper"]), HexColor(PALETTE["text"])
    return "paper" if contrast(light, fill) >= contrast(dark, fill) else "text"


@functools.cache
def _colour(name_or_hex: str) -> Color:
    """A palette name or ``#rrggbb`` as ReportLab's colour, parsed once per process (tens of
    thousands of fills a kit; ReportLab never changes a colour it is given)."""
    return HexColor(PALETTE.get(name_or_hex, name_or_hex))


@dataclass(frozen=True, slots=True)
class Style:
    """Colour choices for one kit."""

    ink_saver: bool = False

    def _base(self, name_or_hex: str) -> Color:
        return _colour(name_or_hex)

    def fill(self, name_or_hex: str, *, detail: bool = False) -> Color:
        """A colour for large areas (backgrounds, terrain), or for ``detail`` art (icons)."""
        color = self._base(name_or_hex)
        if not self.ink_saver:
            return color
        grey = _luminance(color)
        lighten = (
            _INK_SAVER_DETAIL_LIGHTEN
            if detail
            else _INK_SAVER_FILL_LIGHTEN_OF.get(name_or_hex, _INK_SAVER_FILL_LIGHTEN)
        )
        grey = grey + (1.0 - grey) * lighten
        return Color(grey, grey, grey)

    def ink(self, name_or_hex: str) -> Color:
        """A colour for lines, text and small marks."""
        color = self._base(name_or_hex)
        if not self.ink_saver:
            return color
        # Keep strokes and text dark enough to read on the lightened fills.
        grey = min(_luminance(color), _INK_SAVER_INK_MAX)
        return Color(grey, grey, grey)
