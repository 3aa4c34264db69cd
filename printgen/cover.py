"""The cover sheet of a kit: what to print, how, a scale check, a duplex test, the join QR."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from printgen import words
from printgen.layout import NO_OFFSET, OFFSET_MAX, PAPER_NAMES, SAFE_MARGIN, Offset
from printgen.linebreak import PT, wrap_lines
from printgen.messages import text
from printgen.pen import Pen

INCH = 25.4
# Where the duplex-test cross sits on the cover (mm from the lower-left corner). Its back is
# drawn where the flip sends it, so a misaligned printer shows as two visible crosses.
DUPLEX_CROSS = (150.0, 62.0)
CROSS_ARM = 8.0
# mm each way on the offset scale around the back's cross: as far as --back-offset goes, so
# every offset the scale reads can be given (issue 24).
SCALE_REACH = int(OFFSET_MAX)
CORNER_INSET = 4.0  # mm inside the hard margin: the corner crosses' centres
CORNER_ARM = 4.0


def _corner_cross(pen: Pen, x: float, y: float, colour: str) -> None:
    pen.line(x - CORNER_ARM, y, x + CORNER_ARM, y, color=colour, width=0.3)
    pen.line(x, y - CORNER_ARM, x, y + CORNER_ARM, color=colour, width=0.3)


@dataclass(frozen=True, slots=True)
class Entry:
    """One line of "what to print": a component, its pages, whether its pieces have backs."""

    title: str
    first: int
    last: int
    two_sided: bool
    count: int = 0  # pieces printed (with --copies); 0: not said


@dataclass(frozen=True, slots=True)
class Cover:
    game: str
    lang: str
    paper: str
    duplex: str
    ink_saver: bool
    entries: Sequence[Entry]
    table_url: str | None = None
    notes: Sequence[str] = ()  # the kit's own lines for "how to print" (kit.cover_notes)
    duplex_end: int = 2  # the last page to print double-sided (long/short)
    last_page: int = 2
    offset: Offset = NO_OFFSET
    margin: float = SAFE_MARGIN  # from the paper edge: the printer's hard margin, at least 5

    def draw(self, pen: Pen, size: tuple[float, float]) -> None:
        width, height = size
        t = self.lang
        left = self.margin + 6
        right = width - self.margin - 6
        y = height - self.margin - 14
        pen.rect(self.margin, height - self.margin - 22, width - 2 * self.margin, 22, fill="night")
        pen.text(
            left,
            y,
            text(t, words.KIT_TITLE, game=self.game),
            20,
            color="paper",
            max_width=right - left,
        )
        y -= 20
        if self.table_url:
            self._join(pen, right, y - 36)
            right -= 48  # the list and the notes run beside the join code
        pen.text(left, y, text(t, words.WHAT_TO_PRINT), 13, color="text")
        y -= 6.5
        # A long list (the four-game kit) gets a tighter line pitch.
        pitch = 5.2 if len(self.entries) <= 14 else (4.3 if len(self.entries) <= 18 else 3.9)
        # The titles name only the pieces; how their backs get printed is said here once.
        sides = text(t, words.TWO_SIDED_FOLD if self.duplex == "fold" else words.TWO_SIDED)
        for entry in self.entries:
            pages = (
                text(t, words.PAGE, first=entry.first)
                if entry.first == entry.last
                else text(t, words.PAGES, first=entry.first, last=entry.last)
            )
            title = text(t, words.COUNTED, title=entry.title, n=entry.count)
            label = (title if entry.count else entry.title) + (
                "  ·  " + sides if entry.two_sided else ""
            )
            pen.text(left + 2, y, "•", 9, color="muted")
            pen.text(left + 7, y, label, 9.5 if pitch > 5 else 8.5, max_width=right - left - 32)
            pen.text(right, y, pages, 9.5 if pitch > 5 else 8.5, color="muted", align="right")
            y -= pitch
        y -= 4
        pen.text(left, y, text(t, words.HOW_TO_PRINT), 13)
        y -= 6.5
        notes = [
            text(t, words.PRINT_SCALE),
            text(t, words.PRINT_PAPER, paper=PAPER_NAMES[self.paper]),
            text(t, words.DUPLEX[self.duplex], last=self.duplex_end),
        ]
        if self.duplex != "fold":
            if self.last_page > self.duplex_end:
                notes.append(
                    text(t, words.SIMPLEX_REST, first=self.duplex_end + 1, last=self.last_page)
                )
            notes.append(text(t, words.DUPLEX_FIRST))
        if self.offset != NO_OFFSET:
            notes.append(text(t, words.BACK_OFFSET, x=f"{self.offset.x:g}", y=f"{self.offset.y:g}"))
        notes.append(text(t, words.CUT_NOTE))
        notes.extend(self.notes)
        if self.ink_saver:
            notes.append(text(t, words.INK_SAVER_NOTE))
        # The notes end above the rulers: a long kit's notes get a smaller size.
        floor = self.margin + 46 + 36
        note_pt = 9.5
        while (
            note_pt > 7.0
            and y
            - sum(
                len(wrap_lines(note, note_pt * PT, right - left - 7)) * note_pt * PT * 1.3 + 1.2
                for note in notes
            )
            < floor
        ):
            note_pt -= 0.5
        for note in notes:
            pen.text(left + 2, y, "•", 9, color="muted")
            y = pen.wrap(left + 7, y, note, note_pt, right - left - 7) - 1.2
        self._rulers(pen, left, self.margin + 46)
        self._duplex_test(pen, front=True)

    def _rulers(self, pen: Pen, x: float, y: float) -> None:
        t = self.lang
        pen.text(x, y + 30, text(t, words.CALIBRATION), 13)
        pen.text(x, y + 24, text(t, words.CALIBRATION_NOTE), 8.5, color="muted", max_width=95)
        # 100 mm with a tick every millimetre, labelled every centimetre.
        pen.line(x, y + 14, x + 100, y + 14, width=0.25)
        for k in range(101):
            length = 4.0 if k % 10 == 0 else (2.8 if k % 5 == 0 else 1.6)
            pen.line(x + k, y + 14, x + k, y + 14 + length, width=0.15)
            if k % 10 == 0:
                pen.text(x + k, y + 19.4, str(k // 10 if k else 0), 6, align="center")
        pen.text(x + 101.5, y + 14.3, "cm", 6.5, color="muted")
        # 4 in with eighths.
        pen.line(x, y + 6, x + 4 * INCH, y + 6, width=0.25)
        for k in range(33):
            length = 4.0 if k % 8 == 0 else (2.8 if k % 4 == 0 else 1.6)
            pen.line(x + k * INCH / 8, y + 6, x + k * INCH / 8, y + 6 - length, width=0.15)
            if k % 8 == 0:
                pen.text(x + k * INCH / 8, y - 1.8, str(k // 8), 6, align="center")
        pen.text(x + 4 * INCH + 1.5, y + 4.3, "in", 6.5, color="muted")

    def _duplex_test(self, pen: Pen, *, front: bool) -> None:
        t = self.lang
        cx, cy = DUPLEX_CROSS
        if self.duplex == "fold":
            return
        if front:
            pen.text(cx - 22, cy + 22, text(t, words.DUPLEX_TEST), 13)
            pen.wrap(cx - 22, cy + 16.5, text(t, words.DUPLEX_TEST_NOTE), 8.5, 48, color="muted")
        pen.circle(cx, cy, CROSS_ARM * 0.7, stroke="line", width=0.3)
        pen.line(cx - CROSS_ARM, cy, cx + CROSS_ARM, cy, width=0.3)
        pen.line(cx, cy - CROSS_ARM, cx, cy + CROSS_ARM, width=0.3)

    def _cross(self, size: tuple[float, float]) -> tuple[float, float]:
        """Where the front's test cross sits on a page of ``size`` (portrait or landscape)."""
        width, height = size
        if width > height:
            return width / 2 + 55, height / 2 - 10
        return DUPLEX_CROSS

    def draw_landscape(self, pen: Pen, size: tuple[float, float]) -> None:
        """The landscape duplex test: most two-sided sheets are landscape, and a printer
        may shift their backs differently from a portrait page's."""
        width, height = size
        t = self.lang
        cx, cy = self._cross(size)
        left = self.margin + CORNER_INSET + CORNER_ARM + 6  # clear of the corner cross
        pen.text(left, height - self.margin - 12, text(t, words.DUPLEX_TEST_LANDSCAPE), 13)
        y = height - self.margin - 20
        for note in (text(t, words.DUPLEX_TEST_NOTE), text(t, words.OFFSET_HOW)):
            y = pen.wrap(left, y, note, 9.5, width / 2 - left) - 2
        pen.circle(cx, cy, CROSS_ARM * 0.7, stroke="line", width=0.3)
        pen.line(cx - CROSS_ARM, cy, cx + CROSS_ARM, cy, width=0.3)
        pen.line(cx, cy - CROSS_ARM, cx, cy + CROSS_ARM, width=0.3)
        for x, y in self._corners(size):  # a skewed or scaled back shows at the corners
            _corner_cross(pen, x, y, "line")

    def _corners(self, size: tuple[float, float]) -> list[tuple[float, float]]:
        """The four corner crosses of the landscape duplex test, inside the hard margin."""
        width, height = size
        inset = self.margin + CORNER_INSET
        return [(x, y) for x in (inset, width - inset) for y in (inset, height - inset)]

    def draw_back(self, pen: Pen, size: tuple[float, float]) -> None:
        """The back of a duplex test page: the cross where the chosen flip puts it, shifted
        by the back offset, on a millimetre scale that reads the offset still needed."""
        width, height = size
        cx, cy = self._cross(size)
        landscape = width > height
        # Portrait paper: the long edge turns left↔right, the short edge top↔bottom;
        # landscape paper the other way round.
        swap_x = (self.duplex == "long") != landscape
        bx, by = (width - cx, cy) if swap_x else (cx, height - cy)
        bx, by = bx + self.offset.x, by + self.offset.y
        if landscape:  # the corner crosses where the flip sends each (issue 37)
            for x, y in self._corners(size):
                mx, my = (width - x, y) if swap_x else (x, height - y)
                _corner_cross(pen, mx + self.offset.x, my + self.offset.y, "red")
        pen.circle(bx, by, CROSS_ARM * 0.7, stroke="red", width=0.5)
        pen.line(bx - CROSS_ARM, by, bx + CROSS_ARM, by, color="red", width=0.5)
        pen.line(bx, by - CROSS_ARM, bx, by + CROSS_ARM, color="red", width=0.5)
        # The scale: a tick every ½ mm, numbered every 5 mm, x to the right and y up as
        # this side is seen; where the front's cross shows through is the offset to give.
        sx, sy = bx, by - SCALE_REACH - 4
        pen.line(sx - SCALE_REACH, sy, sx + SCALE_REACH, sy, width=0.15)
        for k in range(-2 * SCALE_REACH, 2 * SCALE_REACH + 1):
            length = 1.6 if k % 10 == 0 else (1.0 if k % 2 == 0 else 0.6)
            pen.line(sx + k / 2, sy, sx + k / 2, sy + length, width=0.1)
            if k % 10 == 0:
                pen.text(sx + k / 2, sy - 2.4, f"{k // 2:+d}" if k else "0", 5.5, align="center")
        vx = bx + SCALE_REACH + 4
        pen.line(vx, by - SCALE_REACH, vx, by + SCALE_REACH, width=0.15)
        for k in range(-2 * SCALE_REACH, 2 * SCALE_REACH + 1):
            length = 1.6 if k % 10 == 0 else (1.0 if k % 2 == 0 else 0.6)
            pen.line(vx, by + k / 2, vx - length, by + k / 2, width=0.1)
            if k % 10 == 0:
                pen.text(vx + 1.2, by + k / 2 - 0.7, f"{k // 2:+d}" if k else "0", 5.5)
        pen.text(
            bx, sy - 6.5, text(self.lang, words.DUPLEX_TEST_BACK), 8, color="muted", align="center"
        )
        pen.wrap(bx - 35, sy - 10.5, text(self.lang, words.OFFSET_READ), 7, 70, color="muted")

    def _join(self, pen: Pen, right: float, y: float) -> None:
        assert self.table_url is not None
        size = 34.0
        x = right - size
        pen.text(
            x + size / 2,
            y + size + 2,
            text(self.lang, words.JOIN_TABLE),
            12,
            align="center",
            max_width=size + 8,
        )
        pen.qr(x, y, size, self.table_url)
        pen.wrap(x, y - 4, text(self.lang, words.JOIN_NOTE), 7.5, size, color="muted")
