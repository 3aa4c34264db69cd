"""Drawing in millimetres on a ReportLab canvas, with glyph-checked text and shared forms.

A :class:`Pen` is handed to every piece's art function with the origin at the lower-left
corner of the piece's *trim* and one unit = 1 mm. Text sizes are in points (what designers
think in); everything else is in millimetres.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from reportlab.lib.colors import Color, white
from reportlab.lib.units import mm

from printgen import fonts
from printgen.errors import PrintError
from printgen.linebreak import PT, fit, wrap_lines
from printgen.style import Style

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

# Error correction of every printed QR code: M (15 %) or better, so a crease or a coffee
# ring does not make a seat's code unreadable (segno may boost it when it costs no size).
QR_ERROR = "m"
QR_QUIET_ZONE = 4  # modules of white around the code (ISO/IEC 18004)

# The smallest printed text (pt), checked on every kit by tests/printgen. Words are read at
# arm's length across a table: below 6.5 pt the strokes of kanji such as 移動 or 拡張 run
# together on a home inkjet, and a Latin x-height drops under 1.1 mm. Piece ids, numbers
# and single symbols are only matched or looked up, never read in play: 5.5 pt.
MIN_LABEL_PT = 6.5
MIN_ID_PT = 5.5

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Label:
    """A drawn text with its ink and the fill under the middle of it (for contrast tests)."""

    text: str
    ink: Color
    background: Color
    box: tuple[float, float, float, float]  # on the page, mm: left, bottom, right, top


# Set to a list to record every text drawn as a :class:`Label` (tests/printgen does, to
# check contrast); None (the default) records nothing and costs nothing.
LABELS: list[Label] | None = None


class Pen:
    """Millimetre drawing helpers over a canvas already scaled to millimetres."""

    def __init__(self, canvas: Canvas, style: Style, forms: set[str]) -> None:
        self.canvas = canvas
        self.style = style
        self._forms = forms
        self.detail = False  # True while drawing icons: ink-saver fills stay darker
        # With LABELS on: the fills drawn so far on this page, in page coordinates.
        # Each with the clip polygons active when it was drawn: a fill clipped away (a city
        # tile draws the whole board inside its own outline) is not under a label.
        self._fills: list[
            tuple[list[Point] | tuple[Point, float], Color, tuple[list[Point], ...]]
        ] = []
        self._clips: list[list[Point]] = []
        self._in_form = False

    # -- contrast record -----------------------------------------------------------------
    def _page_point(self, x: float, y: float) -> Point:
        a, b, c, d, e, f = self.canvas._currentMatrix  # user space → PDF points
        return (a * x + c * y + e) / mm, (b * x + d * y + f) / mm

    def _note_fill(self, shape: list[Point] | tuple[Point, float]) -> None:
        """Remember a filled shape (a polygon, or a circle as (centre, radius))."""
        if LABELS is None or self._in_form:
            return
        color = self.canvas._fillColorObj
        clips = tuple(self._clips)
        if isinstance(shape, list):
            self._fills.append(([self._page_point(x, y) for x, y in shape], color, clips))
        else:
            (cx, cy), r = shape
            a, b, c, d, _, _ = self.canvas._currentMatrix
            self._fills.append(
                ((self._page_point(cx, cy), r * abs(a * d - b * c) ** 0.5 / mm), color, clips)
            )

    def _background(self, x: float, y: float) -> Color:
        """The colour of the topmost fill under the page point (x, y): paper if none."""
        for shape, color, clips in reversed(self._fills):
            if not all(_inside(clip, x, y) for clip in clips):
                continue
            if isinstance(shape, tuple):
                (cx, cy), r = shape
                if (x - cx) ** 2 + (y - cy) ** 2 <= r * r:
                    return color
            elif _inside(shape, x, y):
                return color
        return white

    # -- state ---------------------------------------------------------------------------
    @contextmanager
    def at(self, x: float, y: float, rotate: float = 0.0, scale: float = 1.0) -> Iterator[Pen]:
        """Draw with the origin moved to (x, y), optionally rotated (degrees) and scaled."""
        c = self.canvas
        c.saveState()
        c.translate(x, y)
        if rotate:
            c.rotate(rotate)
        if scale != 1.0:
            c.scale(scale, scale)
        try:
            yield self
        finally:
            c.restoreState()

    @contextmanager
    def clipped(self, points: Sequence[tuple[float, float]]) -> Iterator[Pen]:
        """Draw inside the polygon ``points`` only."""
        c = self.canvas
        c.saveState()
        c.clipPath(self._path(points), stroke=0, fill=0)
        if LABELS is not None:
            self._clips.append([self._page_point(x, y) for x, y in points])
        try:
            yield self
        finally:
            c.restoreState()
            if LABELS is not None:
                self._clips.pop()

    # -- shapes --------------------------------------------------------------------------
    def _set_fill(self, color: Color) -> None:
        """Fill with ``color``; in ink-saver mode as DeviceGray (``g``), which a printer
        lays with black ink alone, where an RGB grey is mixed from the colour inks."""
        c = self.canvas
        if self.style.ink_saver:
            c.setFillGray(color.red)
            c._fillColorObj = color  # the label checks read the fill as a colour
        else:
            c.setFillColor(color)

    def _set_stroke(self, color: Color) -> None:
        """Stroke with ``color``: DeviceGray (``G``) in ink-saver mode, as :meth:`_set_fill`."""
        c = self.canvas
        if self.style.ink_saver:
            c.setStrokeGray(color.red)
            c._strokeColorObj = color
        else:
            c.setStrokeColor(color)

    def _paint(self, fill: str | None, stroke: str | None, width: float) -> tuple[int, int]:
        c = self.canvas
        if fill is not None:
            self._set_fill(self.style.fill(fill, detail=self.detail))
        if stroke is not None:
            self._set_stroke(self.style.ink(stroke))
            c.setLineWidth(width)
        return (1 if fill is not None else 0, 1 if stroke is not None else 0)

    def _path(self, points: Sequence[tuple[float, float]], close: bool = True) -> Any:
        path = self.canvas.beginPath()
        path.moveTo(*points[0])
        for point in points[1:]:
            path.lineTo(*point)
        if close:
            path.close()
        return path

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 0.3,
        radius: float = 0.0,
    ) -> None:
        f, s = self._paint(fill, stroke, width)
        if f:
            self._note_fill([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
        if radius:
            self.canvas.roundRect(x, y, w, h, radius, stroke=s, fill=f)
        else:
            self.canvas.rect(x, y, w, h, stroke=s, fill=f)

    def ink_rect(self, x: float, y: float, w: float, h: float, color: str = "text") -> None:
        """A small solid mark in an *ink* colour (stays dark in ink-saver mode)."""
        self._set_fill(self.style.ink(color))
        self._note_fill([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
        self.canvas.rect(x, y, w, h, stroke=0, fill=1)

    def circle(
        self,
        cx: float,
        cy: float,
        r: float,
        *,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 0.3,
    ) -> None:
        f, s = self._paint(fill, stroke, width)
        if f:
            self._note_fill(((cx, cy), r))
        self.canvas.circle(cx, cy, r, stroke=s, fill=f)

    def polygon(
        self,
        points: Sequence[tuple[float, float]],
        *,
        fill: str | None = None,
        stroke: str | None = None,
        width: float = 0.3,
        close: bool = True,
        dash: tuple[float, float] | None = None,
    ) -> None:
        """A polygon (or, ``close=False``, a polyline); ``dash``: (on, off) mm of stroke."""
        f, s = self._paint(fill, stroke, width)
        if f and close:
            self._note_fill(list(points))
        if dash is None:
            self.canvas.drawPath(self._path(points, close), stroke=s, fill=f if close else 0)
            return
        c = self.canvas
        c.saveState()
        c.setDash(list(dash))
        c.drawPath(self._path(points, close), stroke=s, fill=f if close else 0)
        c.restoreState()

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        *,
        color: str = "line",
        width: float = 0.3,
        dash: Sequence[float] | None = None,
    ) -> None:
        c = self.canvas
        c.saveState()
        self._set_stroke(self.style.ink(color))
        c.setLineWidth(width)
        if dash:
            c.setDash(list(dash))
        c.line(x1, y1, x2, y2)
        c.restoreState()

    # -- text ----------------------------------------------------------------------------
    def text(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        *,
        color: str = "text",
        align: str = "left",
        max_width: float | None = None,
    ) -> float:
        """Draw one line at baseline ``y``; shrink it to ``max_width`` mm if needed.

        Returns the size (pt) used. Raises ``MissingGlyphError`` before drawing anything
        when the font lacks a character of ``text``.
        """
        fonts.check(text)
        size_mm = size * PT
        if max_width is not None:
            natural = fonts.width(text, size_mm)
            if natural > max_width > 0:
                size_mm *= max_width / natural
        c = self.canvas
        c.setFont(fonts.register(), size_mm)
        self._set_fill(self.style.ink(color))
        if LABELS is not None and not self._in_form and text.strip():
            width = fonts.width(text, size_mm)
            left = {"center": x - width / 2, "right": x - width}.get(align, x)
            px, py = self._page_point(left + width / 2, y + 0.35 * size_mm)
            visible = all(_inside(clip, px, py) for clip in self._clips)
            corners = [
                self._page_point(cx, cy)
                for cx in (left, left + width)
                for cy in (y - 0.12 * size_mm, y + 0.88 * size_mm)
            ]
            box = (
                min(p[0] for p in corners),
                min(p[1] for p in corners),
                max(p[0] for p in corners),
                max(p[1] for p in corners),
            )
            if visible:  # a label clipped away is not printed
                LABELS.append(Label(text, c._fillColorObj, self._background(px, py), box))
        if align == "center":
            c.drawCentredString(x, y, text)
        elif align == "right":
            c.drawRightString(x, y, text)
        else:
            c.drawString(x, y, text)
        return size_mm / PT

    def wrap(
        self,
        x: float,
        y: float,
        text: str,
        size: float,
        width: float,
        *,
        color: str = "text",
        leading: float = 1.3,
    ) -> float:
        """Draw ``text`` as a paragraph from baseline ``y`` down; return the next baseline.

        Lines break as :mod:`printgen.linebreak` allows (Latin words whole, kinsoku).
        """
        fonts.check(text)
        for line in wrap_lines(text, size * PT, width):
            self.text(x, y, line, size, color=color)
            y -= size * PT * leading
        return y

    def block(
        self,
        x: float,
        y: float,
        width: float,
        height: float,
        text: str,
        size: float,
        min_size: float,
        *,
        color: str = "text",
        align: str = "center",
        max_lines: int = 3,
        leading: float = 1.15,
    ) -> float:
        """Draw ``text`` on up to ``max_lines`` lines, centred in the box (x, y, width,
        height) mm, at the largest size from ``size`` down to ``min_size`` pt that fits.

        Returns the size used. Raises ``PrintError`` when even ``min_size`` does not fit
        (see :func:`printgen.linebreak.fit`) and ``MissingGlyphError`` for a missing glyph.
        """
        fonts.check(text)
        pt, lines = fit(text, width, height, size, min_size, max_lines=max_lines, leading=leading)
        size_mm = pt * PT
        pitch = size_mm * leading
        # Centre the ink: a line's glyphs sit about 0.88 em above to 0.12 em below the
        # baseline in IPAexGothic, so the block's middle is 0.38 em above the last baseline.
        block = pitch * (len(lines) - 1)
        baseline = y + height / 2 + block / 2 - 0.38 * size_mm
        anchor = {"center": x + width / 2, "right": x + width}.get(align, x)
        for line in lines:
            self.text(anchor, baseline, line, pt, color=color, align=align)
            baseline -= pitch
        return pt

    # -- shared art ----------------------------------------------------------------------
    def form(
        self, name: str, bbox: tuple[float, float, float, float], draw: Callable[[Pen], None]
    ) -> None:
        """Draw ``draw`` here, recorded once per document as a Form XObject named ``name``.

        Repeated art (card backs, icons) then costs one reference per use. ``bbox`` is the
        art's extent in its own millimetre coordinates.
        """
        c = self.canvas
        if name not in self._forms:
            c.beginForm(name, *bbox)
            self._in_form = True
            try:
                draw(self)
            finally:
                self._in_form = False
            c.endForm()
            self._forms.add(name)
        c.doForm(name)

    def seat_code(self, x: float, y: float, size: float, code: tuple[str, str] | None) -> None:
        """A seat's QR code (``(url, caption)`` or None: nothing) with its caption below."""
        if code is None:
            return
        url, caption = code
        self.qr(x, y, size, url)
        self.text(
            x + size / 2,
            y - 2.6,
            caption,
            MIN_LABEL_PT,
            color="muted",
            align="center",
            max_width=size + 4,
        )

    def qr(self, x: float, y: float, size: float, data: str) -> None:
        """A QR code for ``data`` as vector squares, ``size`` mm wide including quiet zone."""
        if not data:
            raise PrintError("a QR code needs a non-empty URL")
        import segno  # here, not at import: most kits print no QR code (start-up, issue 37)

        code = segno.make(data, error=QR_ERROR, micro=False)
        matrix = code.matrix
        modules = len(matrix) + 2 * QR_QUIET_ZONE
        unit = size / modules
        c = self.canvas
        c.saveState()
        self._set_fill(self.style.fill("paper"))
        c.rect(x, y, size, size, stroke=0, fill=1)
        # Pure black whatever the ink mode: a grey code decodes badly on cheap printers.
        self._set_fill(Color(0, 0, 0))
        path = c.beginPath()
        for row_index, row in enumerate(matrix):
            top = y + size - (row_index + QR_QUIET_ZONE) * unit
            col = 0
            while col < len(row):
                if row[col]:
                    start = col
                    while col < len(row) and row[col]:
                        col += 1
                    path.rect(
                        x + (start + QR_QUIET_ZONE) * unit, top - unit, (col - start) * unit, unit
                    )
                else:
                    col += 1
        c.drawPath(path, stroke=0, fill=1)
        c.restoreState()


def _inside(polygon: list[Point], x: float, y: float) -> bool:
    """Whether (x, y) lies inside ``polygon`` (even-odd rule, like the PDF fill)."""
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def points(value_mm: float) -> float:
    """Millimetres to PDF points."""
    return float(value_mm * mm)
