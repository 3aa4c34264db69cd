"""The PDF file: pages with TrimBox/BleedBox, viewer preferences, deterministic bytes.

ReportLab's ``invariant=1`` fixes the creation date and the document id, so the same inputs
give byte-identical files (tested). ``PrintScaling=None`` asks the viewer's print dialog
for 100 % scale and ``Duplex`` preselects the flip the layout was made for.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from printgen import fonts
from printgen.layout import BLEED, SAFE_MARGIN, Footer, Placement, Sheet, butted
from printgen.pen import Pen
from printgen.style import Style

DUPLEX_PREFERENCE = {
    "long": "DuplexFlipLongEdge",
    "short": "DuplexFlipShortEdge",
    "fold": "Simplex",
}

CUT_MARK_GAP = 0.8  # mm between the trim and the start of a cut mark
CUT_MARK_WIDTH = 0.2  # mm (≈ 0.57 pt): thin enough to cut on, thick enough to see
CUT_LINE_WIDTH = 0.15  # mm: the shared cut lines between butted pieces
MIN_MARK = 1.0  # mm: a shorter mark (in a narrow gutter) is not drawn


class Document:
    """A kit PDF being written; pages are added in order, then :meth:`finish` gives bytes."""

    def __init__(
        self,
        *,
        title: str,
        lang: str,
        duplex: str,
        style: Style,
        paper: tuple[float, float],
        trim_ticks: bool = False,
    ) -> None:
        self._buffer = io.BytesIO()
        self.style = style
        self.trim_ticks = trim_ticks
        self.lang = lang
        self.page_count = 0
        # ReportLab opens every page with its initial font selected: Helvetica unless told
        # otherwise, a reference to a font that is not embedded, which a print shop's
        # preflight rejects. The kit's own embedded font is the initial one instead.
        name = fonts.register()
        c = Canvas(
            self._buffer,
            pagesize=(paper[0] * mm, paper[1] * mm),
            invariant=1,
            pageCompression=1,
            lang=lang,
            initialFontName=name,
        )
        c.setTitle(title)
        c.setAuthor("Campfire")
        c.setCreator("Campfire printgen")
        c.setSubject(title)
        c.setViewerPreference("PrintScaling", "None")
        c.setViewerPreference("Duplex", DUPLEX_PREFERENCE[duplex])
        self.canvas = c
        self._forms: set[str] = set()

    def page(
        self,
        size: tuple[float, float],
        draw: Callable[[Pen], None],
        *,
        trim: tuple[float, float, float, float] | None = None,
        bleed: tuple[float, float, float, float] | None = None,
    ) -> None:
        """Add one page of ``size`` mm; ``draw`` paints it in millimetres.

        ``trim``/``bleed`` (mm) become the page's TrimBox/BleedBox; a page without pieces
        (the cover) gets its whole media as both.
        """
        c = self.canvas
        width, height = size
        media = (0.0, 0.0, width, height)
        c.setPageSize((width * mm, height * mm))
        c.setTrimBox(tuple(v * mm for v in (trim or media)))
        c.setBleedBox(tuple(v * mm for v in (bleed or trim or media)))
        c.saveState()
        c.scale(mm, mm)
        draw(Pen(c, self.style, self._forms))
        c.restoreState()
        c.showPage()
        self.page_count += 1

    def sheet(self, sheet: Sheet, footer: str) -> None:
        """Add a page holding the pieces of ``sheet`` with their cut marks and cut lines."""

        def draw(pen: Pen) -> None:
            for placement in sheet.placements:
                draw_piece(pen, placement)
            if not sheet.is_back:
                for placement in sheet.placements:
                    if placement.side == "front":
                        _cut_marks(pen, placement)
                        if butted(placement.piece):
                            _cut_lines(pen, placement)
            if self.trim_ticks and not sheet.is_back:
                _trim_ticks(pen, sheet)
            if sheet.fold is not None:
                x1, y1, x2, y2 = sheet.fold
                pen.line(x1, y1, x2, y2, color="muted", width=0.25, dash=(2, 1.5))
            spot = sheet.footer
            if spot is None:
                spot = Footer(
                    sheet.size[0] / 2, SAFE_MARGIN + 1.0, 0.0, sheet.size[0] - 2 * SAFE_MARGIN
                )
            with pen.at(spot.x, spot.y, rotate=spot.rotate):
                pen.text(0, 0, footer, 6.5, color="muted", align="center", max_width=spot.length)

        self.page(sheet.size, draw, trim=sheet.trim_box(), bleed=sheet.bleed_box())

    def finish(self) -> bytes:
        self.canvas.save()
        return self._buffer.getvalue()


def draw_piece(pen: Pen, placement: Placement) -> None:
    piece = placement.piece
    w, h = piece.width, piece.height
    b = BLEED
    left, bottom, right, top = placement.bleed
    art = piece.front if placement.side == "front" else piece.back
    assert art is not None
    # Each side's own bleed: the art stops at a butted neighbour's trim or half-way across
    # a gutter, so it never covers a neighbour.
    with (
        pen.at(placement.x, placement.y),
        pen.clipped(
            [(-left, -bottom), (w + right, -bottom), (w + right, h + top), (-left, h + top)]
        ),
    ):
        if placement.side == "back" and piece.back_form:
            pen.form(piece.back_form, (-b, -b, w + b, h + b), art)
        else:
            art(pen)


def hex_corners(width: float, height: float, grow: float = 0.0) -> list[tuple[float, float]]:
    """Corners of the pointy-top hexagon inscribed in a ``width`` × ``height`` trim (B1)."""
    cx, cy = width / 2, height / 2
    radius = height / 2 + grow
    return [
        (
            cx + radius * math.cos(math.radians(90 - 60 * k)),
            cy + radius * math.sin(math.radians(90 - 60 * k)),
        )
        for k in range(6)
    ]


def hex_ticks(
    width: float, height: float, bleed: tuple[float, float, float, float]
) -> list[tuple[float, float, float]]:
    """A hex's cut ticks: (corner x, corner y, reach) for each corner whose radial tick has
    room, the reach (mm from the corner) ending inside the hex's own bleed, so a tick never
    runs into the gutter's other half, where the neighbour's point is (issue 37)."""
    left, bottom, right, top = bleed
    out = []
    for x, y in hex_corners(width, height):
        ux, uy = (x - width / 2) / (height / 2), (y - height / 2) / (height / 2)
        room = [BLEED]
        if ux > 1e-9:
            room.append((width + right - x) / ux)
        if ux < -1e-9:
            room.append((x + left) / -ux)
        if uy > 1e-9:
            room.append((height + top - y) / uy)
        if uy < -1e-9:
            room.append((y + bottom) / -uy)
        reach = min(room)
        if reach >= CUT_MARK_GAP + MIN_MARK:
            out.append((x, y, reach))
    return out


def _tick(pen: Pen, x1: float, y1: float, x2: float, y2: float) -> None:
    # A white halo under a black line: the mark stays visible on dark art and on white paper.
    pen.line(x1, y1, x2, y2, color="paper", width=CUT_MARK_WIDTH * 3.5)
    pen.line(x1, y1, x2, y2, color="#000000", width=CUT_MARK_WIDTH)


def _cut_lines(pen: Pen, placement: Placement) -> None:
    """A butted piece's trim drawn as thin lines: neighbours share them ("cut along the
    lines"), so one cut separates two rows."""
    w, h = placement.piece.width, placement.piece.height
    with pen.at(placement.x, placement.y):
        for x1, y1, x2, y2 in ((0, 0, w, 0), (w, 0, w, h), (0, h, w, h), (0, 0, 0, h)):
            pen.line(x1, y1, x2, y2, color="#000000", width=CUT_LINE_WIDTH)


def _cut_marks(pen: Pen, placement: Placement) -> None:
    """Marks in the bleed, outside the trim, pointing at the cut lines (only where the bleed
    on that side is wide enough to hold one: not between butted pieces)."""
    piece = placement.piece
    w, h = piece.width, piece.height
    g = CUT_MARK_GAP
    left, bottom, right, top = placement.bleed
    with pen.at(placement.x, placement.y):
        if piece.shape == "hex":
            for x, y, reach in hex_ticks(w, h, placement.bleed):
                ux, uy = (x - w / 2) / (h / 2), (y - h / 2) / (h / 2)
                _tick(pen, x + ux * g, y + uy * g, x + ux * reach, y + uy * reach)
            return
        for x, sx, bx in ((0.0, -1, left), (w, 1, right)):
            for y, sy, by in ((0.0, -1, bottom), (h, 1, top)):
                if bx >= g + MIN_MARK:  # extends the horizontal edge into the side bleed
                    _tick(pen, x + sx * g, y, x + sx * bx, y)
                if by >= g + MIN_MARK:  # extends the vertical edge
                    _tick(pen, x, y + sy * g, x, y + sy * by)


TICK_GAP = 1.5  # mm between a trimmer tick and the printed block (or the footer)
TICK_REACH = 14.0  # mm: how far a trimmer tick runs in from the paper edge, at most


def _trim_ticks(pen: Pen, sheet: Sheet) -> None:
    """Trimmer ticks (``--trim-ticks``): every straight cut line of the sheet's fronts
    extended across the margin to the paper edge, so a guillotine or rotary trimmer is lined
    up on the paper's edge, outside the art. A tick stops short of the footer."""
    block = sheet.bleed_box()
    if block is None:
        return
    width, height = sheet.size
    fronts = [p for p in sheet.placements if p.side == "front" and p.piece.shape == "rect"]
    xs = sorted({round(v, 3) for p in fronts for v in (p.x, p.x + p.piece.width)})
    ys = sorted({round(v, 3) for p in fronts for v in (p.y, p.y + p.piece.height)})
    footer = sheet.footer
    # The footer's band across the margin it sits in (bottom: y; along the left side: x).
    band = None
    if footer is not None:
        if footer.rotate == 0:
            band = ("bottom", footer.y - 1.2 - TICK_GAP / 2, footer.y + 2.8 + TICK_GAP / 2)
        else:
            band = ("left", footer.x - 2.8 - TICK_GAP / 2, footer.x + 1.2 + TICK_GAP / 2)

    def runs(side: str, start: float, end: float) -> list[tuple[float, float]]:
        if band is None or band[0] != side:
            return [(start, end)]
        return [(start, band[1]), (band[2], end)]

    # From the paper edge in, up to the block or TICK_REACH: on a page with much white
    # around a small block the ticks stay at the edges, where the trimmer needs them.
    bottom = runs("bottom", 0.0, min(block[1] - TICK_GAP, TICK_REACH))
    left = runs("left", 0.0, min(block[0] - TICK_GAP, TICK_REACH))
    top = (max(block[3] + TICK_GAP, height - TICK_REACH), height)
    right = (max(block[2] + TICK_GAP, width - TICK_REACH), width)
    for x in xs:
        for a, b in [*bottom, top]:
            if b - a >= MIN_MARK:
                _tick(pen, x, a, x, b)
    for y in ys:
        for a, b in [*left, right]:
            if b - a >= MIN_MARK:
                _tick(pen, a, y, b, y)
