"""Sheet layout: where each piece goes on the paper, and where its back goes.

Glossary
--------
trim
    The piece's final outline after cutting (a card's 63 × 88 mm). Sizes come from the
    catalogs in ``games/``.
bleed
    Up to 3 mm of art beyond the trim, so a slightly-off cut shows art, not paper. Each side
    of a placed piece has its own bleed: the full 3 mm on the outside of the printed block,
    half the gutter between two neighbours, none where two pieces are butted.
gutter
    The space between the trims of two neighbours. Cards and tiles keep a gutter filled with
    both neighbours' bleed: the widest of :data:`GUTTERS` that needs no more sheets than a
    narrower one (9 poker cards a sheet on A4 and Letter with a 2 mm gutter).
butted
    Small pieces (tokens, markers, chips: :func:`butted`) touch trim to trim and share their
    cut lines, drawn on the sheet: one cut separates two rows; bleed only on the outside.
safe margin
    The printer-safe area: trims stay :data:`SAFE_MARGIN` mm inside the paper edge (home
    printers print to 3–5 mm); only outer bleed may reach into the margin. The margins of a
    sheet are what is left around its centred block, and the sheet's footer goes into the
    widest of them (bottom, else along a side), never onto the art.
duplex
    ``long`` / ``short``: a two-sided component's fronts fill a page and its backs the next
    page, mirrored so that after the printer flips the sheet on the long / short edge each
    back lands behind its front. ``fold``: fronts and backs share one single-sided page,
    mirrored across a fold line; the player folds, glues and then cuts. A back offset
    (:class:`Offset`) shifts every back for printers that print the back side off-centre.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Literal

from printgen.errors import PrintError

if TYPE_CHECKING:
    from printgen.pen import Pen

BLEED = 3.0  # mm
SAFE_MARGIN = 5.0  # mm between the paper edge and any trim, cut mark or text
FOOTER = 3.2  # mm: the band a sheet footer needs (6.5 pt text and a little air)
FOLD_GUTTER = 8.0  # mm between the front half and the back half of a fold sheet
# Gutters tried between cards and tiles, widest first: a full bleed each, then narrower.
GUTTERS = (2 * BLEED, 4.0, 2.0)
# Pieces no larger than this (mm, both sides) and rectangular are butted (tokens, chips,
# markers, pawns, the van); cards, tiles and boards keep a gutter.
BUTT_MAX = 45.0
# The most a back may be shifted (mm): more means the printer needs repair, not an offset.
OFFSET_MAX = 10.0
# The widest hard margin (mm, ``--margin``) a kit is laid out for: printers that cannot print
# closer to the edge than this are broken, not careful.
MARGIN_MAX = 15.0


def check_margin(margin: float) -> float:
    """A printer's hard margin in mm (the edge it cannot print), or ``PrintError``."""
    if not 0 <= margin <= MARGIN_MAX:  # also refuses nan
        raise PrintError(
            f"the margin must be a number of millimetres from 0 to {MARGIN_MAX:g}, got {margin!r}"
        )
    return margin


def safe_margin(margin: float | None) -> float:
    """How far trims, marks and text stay from the paper edge for a printer whose hard margin
    is ``margin`` mm (None: unknown): never less than :data:`SAFE_MARGIN`."""
    return SAFE_MARGIN if margin is None else max(SAFE_MARGIN, check_margin(margin))


PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}
DUPLEX_MODES = ("long", "short", "fold")

Shape = Literal["rect", "hex"]
Art = Callable[["Pen"], None]
Box = tuple[float, float, float, float]
Sides = tuple[float, float, float, float]  # left, bottom, right, top (mm)


@dataclass(frozen=True, slots=True)
class Offset:
    """How far every back is shifted (mm, x to the right and y up as the back is seen)."""

    x: float = 0.0
    y: float = 0.0


NO_OFFSET = Offset()


def parse_offset(value: str) -> Offset:
    """``"X,Y"`` in mm (e.g. ``"0.5,-1"``) → :class:`Offset`, or ``PrintError`` naming it."""
    parts = value.split(",")
    try:
        x, y = (float(part) for part in parts)
    except ValueError:
        raise PrintError(
            f"back offset {value!r} must be two numbers in mm, X,Y (e.g. 0.5,-1)"
        ) from None
    if not all(abs(v) <= OFFSET_MAX for v in (x, y)) or x != x or y != y:
        raise PrintError(f"back offset {value!r} must be within ±{OFFSET_MAX:g} mm on each axis")
    return Offset(x, y)


@dataclass(frozen=True, slots=True)
class Piece:
    """One thing to cut out: trim size in mm, art for the front and maybe the back.

    ``front``/``back`` draw with the origin at the lower-left corner of the trim and may
    paint up to ``BLEED`` mm beyond it. ``back_form`` names a back shared by many pieces
    (drawn once per document as a Form XObject).
    """

    id: str
    width: float
    height: float
    front: Art
    back: Art | None = None
    back_form: str | None = None
    shape: Shape = "rect"
    # Pieces of one non-empty group stay on one sheet when the group is no larger than a
    # sheet: a group starting near the end of a sheet moves to the next one.
    group: str = ""


def butted(piece: Piece) -> bool:
    """Whether ``piece`` is laid out butted to its neighbours (small and rectangular)."""
    return piece.shape == "rect" and max(piece.width, piece.height) <= BUTT_MAX


@dataclass(frozen=True, slots=True)
class Component:
    """A group of pieces printed together (e.g. "Lion Square · cards")."""

    key: str
    title: str
    pieces: tuple[Piece, ...]

    @property
    def two_sided(self) -> bool:
        return any(piece.back is not None for piece in self.pieces)


@dataclass(frozen=True, slots=True)
class Placement:
    piece: Piece
    x: float  # lower-left corner of the trim on the page, mm
    y: float
    side: Literal["front", "back"] = "front"
    bleed: Sides = (BLEED, BLEED, BLEED, BLEED)

    def bleed_rect(self) -> Box:
        left, bottom, right, top = self.bleed
        return (
            self.x - left,
            self.y - bottom,
            self.x + self.piece.width + right,
            self.y + self.piece.height + top,
        )


@dataclass(frozen=True, slots=True)
class Footer:
    """Where a sheet's footer line goes: its anchor (centre of the baseline), its rotation
    (0: along the bottom; 90: up the left side) and the length it may take."""

    x: float
    y: float
    rotate: float
    length: float


@dataclass(slots=True)
class Sheet:
    """One page of a component: its size and what sits where."""

    size: tuple[float, float]
    placements: list[Placement] = field(default_factory=list)
    fold: tuple[float, float, float, float] | None = None  # fold line x1, y1, x2, y2
    is_back: bool = False
    footer: Footer | None = None

    def trim_box(self) -> Box | None:
        """The smallest rectangle holding every trim on the page (mm), or None if empty."""
        if not self.placements:
            return None
        return (
            min(p.x for p in self.placements),
            min(p.y for p in self.placements),
            max(p.x + p.piece.width for p in self.placements),
            max(p.y + p.piece.height for p in self.placements),
        )

    def bleed_box(self) -> Box | None:
        """Every placement's bleed, within the paper (mm), or None if empty."""
        if not self.placements:
            return None
        rects = [p.bleed_rect() for p in self.placements]
        width, height = self.size
        return (
            max(min(r[0] for r in rects), 0.0),
            max(min(r[1] for r in rects), 0.0),
            min(max(r[2] for r in rects), width),
            min(max(r[3] for r in rects), height),
        )


def paper_size(paper: str) -> tuple[float, float]:
    """Portrait size (mm) of a paper name, or ``PrintError`` naming the choices."""
    if paper not in PAPERS:
        raise PrintError(f"unknown paper {paper!r}: expected one of {', '.join(PAPERS)}")
    return PAPERS[paper]


def check_duplex(duplex: str) -> str:
    if duplex not in DUPLEX_MODES:
        raise PrintError(
            f"unknown duplex mode {duplex!r}: expected one of {', '.join(DUPLEX_MODES)}"
        )
    return duplex


# -- packing ------------------------------------------------------------------------------

Spot = tuple[Piece, float, float]


def _spacing(a: Piece, b: Piece, gutter: float) -> float:
    """The gap between the trims of two neighbours: none between butted pieces."""
    return 0.0 if butted(a) and butted(b) else gutter


def _shelf(pieces: Sequence[Piece], area: Box, gutter: float) -> tuple[list[Spot], list[Piece]]:
    """Pack trims left to right, top to bottom into ``area``; return placed and leftovers.

    Pieces keep their order (ids read in order on the sheet); a row is as tall as its
    tallest piece, and butted pieces start a new row when their height changes, so rows
    of equal pieces share their cut lines. ``area`` bounds the trims; the outer bleed goes
    beyond it (see :func:`_fits_paper`).
    """
    x0, y0, x1, y1 = area
    placed: list[Spot] = []
    x, top, row_height = x0, y1, 0.0
    row: list[Piece] = []
    for index, piece in enumerate(pieces):
        w, h = piece.width, piece.height
        if w > x1 - x0 + 1e-6 or h > y1 - y0 + 1e-6:
            if not placed:
                raise PrintError(
                    f"{piece.id} ({piece.width:g} × {piece.height:g} mm) does not fit on the "
                    "paper inside the safe margin"
                )
            return placed, list(pieces[index:])
        if row:
            last = row[-1]
            step = _spacing(last, piece, gutter)
            new_row = x + step + w > x1 + 1e-6 or (
                butted(piece) and butted(last) and abs(last.height - h) > 1e-6
            )
            if new_row:
                below = max(_spacing(p, piece, gutter) for p in row)
                if any(abs(p.height - h) > 1e-6 for p in row):
                    below = max(below, gutter)  # rows of different heights share no line
                x, top, row_height, row = x0, top - row_height - below, 0.0, []
            else:
                x += step
        if top - h < y0 - 1e-6:
            return placed, list(pieces[index:])
        placed.append((piece, x, top - h))
        row.append(piece)
        x += w
        row_height = max(row_height, h)
    return placed, []


def _centre(placed: list[Spot], area: Box) -> list[Spot]:
    """Shift a packed block so it sits centred in ``area`` (even margins are easier to cut,
    and a back mirrored across either middle line of the page lands on the same block)."""
    if not placed:
        return placed
    left = min(x for _, x, _ in placed)
    right = max(x + p.width for p, x, _ in placed)
    bottom = min(y for _, _, y in placed)
    top = max(y + p.height for p, _, y in placed)
    dx = (area[0] + area[2]) / 2 - (left + right) / 2
    dy = (area[1] + area[3]) / 2 - (bottom + top) / 2
    return [(p, x + dx, y + dy) for p, x, y in placed]


def _run(group: str, pieces: Sequence[Piece]) -> int:
    """How many of ``pieces``, from the first, belong to ``group``."""
    return sum(1 for _ in itertools.takewhile(lambda piece: piece.group == group, pieces))


def _pack(pieces: Sequence[Piece], area: Box, gutter: float) -> list[list[Spot]]:
    pages = []
    rest = list(pieces)
    while rest:
        placed, left = _shelf(rest, area, gutter)
        group = left[0].group if left else ""
        if group:  # the sheet ends inside a group: move its start to the next sheet…
            split = _run(group, [spot[0] for spot in reversed(placed)])
            size = split + _run(group, left)
            # …when it fits on one, and this sheet stays at least half full.
            if 0 < split <= len(placed) / 2 and size <= len(placed):
                placed = placed[:-split]
                left = rest[len(placed) :]
        pages.append(_centre(placed, area))
        rest = left
    return pages


def _area(size: tuple[float, float], footer_band: bool, margin: float = SAFE_MARGIN) -> Box:
    """Where trims may go: inside the safe ``margin``, plus clear of a footer band at the top
    and bottom when ``footer_band`` (symmetric, so a mirrored back stays inside too)."""
    width, height = size
    band = FOOTER + BLEED if footer_band else 0.0
    return (margin, margin + band, width - margin, height - margin - band)


def _orientations(paper: tuple[float, float]) -> list[tuple[float, float]]:
    return [paper, (paper[1], paper[0])]


def _mirror(
    x: float, y: float, piece: Piece, axis: Literal["x", "y"], at: float
) -> tuple[float, float]:
    """Where the back of a piece at (x, y) goes when the sheet turns over the line ``at``."""
    if axis == "x":  # turned over a vertical line: left and right swap
        return 2 * at - x - piece.width, y
    return x, 2 * at - y - piece.height


def _half(room: float) -> float:
    return max(min(BLEED, room / 2), 0.0)


def _bleeds(placements: list[Placement]) -> list[Placement]:
    """Give each side of each placement half the space to the facing neighbour, at most
    ``BLEED``: art never spills onto a neighbour, and butted sides get none."""
    # Every page of every packing candidate goes through here (issue 37: most of the
    # plan's time). Only a neighbour closer than 2 × BLEED can shorten a bleed, so each
    # placement looks only at those starting in its band of x (sorted, bisected).
    rects = [(p.x, p.y, p.x + p.piece.width, p.y + p.piece.height, p.side) for p in placements]
    order = sorted(range(len(rects)), key=lambda k: rects[k][0])
    starts = [rects[k][0] for k in order]
    widest = max((r[2] - r[0] for r in rects), default=0.0)
    eps, reach = 1e-6, 2 * BLEED
    out = []
    for i, (x0, y0, x1, y1, side) in enumerate(rects):
        left = bottom = right = top = reach
        lo = bisect.bisect_left(starts, x0 - reach - widest - eps)
        hi = bisect.bisect_right(starts, x1 + reach + eps)
        for j in order[lo:hi]:
            qx0, qy0, qx1, qy1, qside = rects[j]
            if j == i or qside != side:
                continue
            if min(y1, qy1) - max(y0, qy0) > eps:  # side by side
                if qx1 <= x0 + eps and x0 - qx1 < left:
                    left = x0 - qx1
                if qx0 >= x1 - eps and qx0 - x1 < right:
                    right = qx0 - x1
            if min(x1, qx1) - max(x0, qx0) > eps:  # one above the other
                if qy1 <= y0 + eps and y0 - qy1 < bottom:
                    bottom = y0 - qy1
                if qy0 >= y1 - eps and qy0 - y1 < top:
                    top = qy0 - y1
        bleed = (_half(left), _half(bottom), _half(right), _half(top))
        out.append(replace(placements[i], bleed=bleed))
    return out


def _footer(
    size: tuple[float, float], block: Box | None, margin: float = SAFE_MARGIN
) -> Footer | None:
    """The footer's place on a sheet whose art covers ``block``: the bottom margin when it
    is deep enough, else the widest side margin; None when neither is."""
    width, height = size
    if block is None:
        return Footer(width / 2, margin + 1.0, 0.0, width - 2 * margin)
    bottom = min(block[1], height - block[3])
    side = min(block[0], width - block[2])
    if bottom >= margin + FOOTER - 1e-6:
        return Footer(width / 2, margin + 1.0, 0.0, width - 2 * margin)
    if side >= margin + FOOTER - 1e-6:
        return Footer(margin + FOOTER - 1.0, height / 2, 90.0, height - 2 * margin)
    return None


def _art_box(placements: list[Placement]) -> Box | None:
    if not placements:
        return None
    rects = [p.bleed_rect() for p in placements]
    return (
        min(r[0] for r in rects),
        min(r[1] for r in rects),
        max(r[2] for r in rects),
        max(r[3] for r in rects),
    )


def _outer_box(page: Sequence[Spot]) -> Box | None:
    """``_art_box(_bleeds(page))`` without the pairwise work (every candidate packing asks
    it): a page's outermost side always has nothing beyond it, so it keeps the full
    ``BLEED`` (a piece is wider than a bleed), whatever its inner sides share."""
    if not page:
        return None
    return (
        min(x for _, x, _ in page) - BLEED,
        min(y for _, _, y in page) - BLEED,
        max(x + p.width for p, x, _ in page) + BLEED,
        max(y + p.height for p, _, y in page) + BLEED,
    )


def _candidates(
    pieces: Sequence[Piece], portrait: tuple[float, float], margin: float = SAFE_MARGIN
) -> list[tuple[list[list[Spot]], tuple[float, float], float]]:
    """Every way to pack ``pieces`` whose sheets all have room for a footer."""
    out = []
    for size in _orientations(portrait):
        for band in (False, True):
            for gutter in GUTTERS:
                try:
                    pages = _pack(pieces, _area(size, band, margin), gutter)
                except PrintError:
                    continue
                ok = True
                for page in pages:
                    box = _outer_box(page)
                    if _footer(size, box, margin) is None or (
                        box is not None
                        and (
                            box[0] < -1e-6
                            or box[1] < -1e-6
                            or box[2] > size[0] + 1e-6
                            or box[3] > size[1] + 1e-6
                        )
                    ):
                        ok = False
                        break
                if ok:
                    out.append((pages, size, gutter))
    return out


def _best(
    candidates: list[tuple[list[list[Spot]], tuple[float, float], float]],
) -> tuple[list[list[Spot]], tuple[float, float], float]:
    """Fewest sheets; then the widest gutter; then the first orientation (portrait)."""
    return min(candidates, key=lambda c: (len(c[0]), -c[2]))


def plan(
    component: Component,
    paper: str,
    duplex: str,
    offset: Offset = NO_OFFSET,
    margin: float | None = None,
) -> list[Sheet]:
    """The sheets of ``component`` on ``paper`` for the ``duplex`` mode; ``offset`` shifts
    every back (long and short flips only: a fold sheet has its backs on the front page).
    ``margin``: the printer's hard margin (mm): trims, marks and the footer stay inside it
    (:func:`safe_margin`); a component that no longer fits is refused with a sentence."""
    portrait = paper_size(paper)
    check_duplex(duplex)
    safe = safe_margin(margin)
    pieces = list(component.pieces)
    try:
        if component.two_sided and duplex == "fold":
            return _plan_fold(pieces, portrait, safe)
        candidates = _candidates(pieces, portrait, safe)
        if not candidates:
            _pack(pieces, _area(portrait, False, safe), GUTTERS[-1])  # raises, naming it
            raise PrintError(f"{component.key} does not fit on {PAPER_NAMES[paper]}")
    except PrintError as error:
        if safe == SAFE_MARGIN:
            raise
        raise PrintError(
            f"{error} with a {safe:g} mm margin: give a smaller --margin, or leave "
            f"{component.key} out with --only"
        ) from None
    pages, size, _ = _best(candidates)
    sheets: list[Sheet] = []
    for page in pages:
        placements = _bleeds([Placement(p, x, y) for p, x, y in page])
        front = Sheet(size, placements, footer=_footer(size, _art_box(placements), safe))
        sheets.append(front)
        if component.two_sided:
            sheets.append(_duplex_back(front, duplex, offset))
    return sheets


def _duplex_back(front: Sheet, duplex: str, offset: Offset) -> Sheet:
    width, height = front.size
    landscape = width > height
    # Turning over the long edge of a portrait page swaps left and right; of a landscape
    # page, top and bottom. The short edge is the other way round.
    long_edge_axis: Literal["x", "y"] = "y" if landscape else "x"
    short_edge_axis: Literal["x", "y"] = "x" if landscape else "y"
    axis = long_edge_axis if duplex == "long" else short_edge_axis
    at = width / 2 if axis == "x" else height / 2
    back = Sheet(front.size, is_back=True, footer=front.footer)
    for placement in front.placements:
        if placement.piece.back is None:
            continue
        x, y = _mirror(placement.x, placement.y, placement.piece, axis, at)
        left, bottom, right, top = placement.bleed
        bleed = (right, bottom, left, top) if axis == "x" else (left, top, right, bottom)
        back.placements.append(
            Placement(placement.piece, x + offset.x, y + offset.y, "back", bleed)
        )
    return back


def _plan_fold(
    pieces: list[Piece], portrait: tuple[float, float], margin: float = SAFE_MARGIN
) -> list[Sheet]:
    """Fronts on one half, backs mirrored on the other half across a dashed fold line."""
    best: tuple[list[list[Spot]], tuple[float, float], str, float] | None = None
    for size in _orientations(portrait):
        for gutter in GUTTERS:
            x0, y0, x1, y1 = _area(size, True, margin)
            # Fold across the longer side of the page so each half is as square as possible.
            if size[0] >= size[1]:
                axis, at = "x", size[0] / 2
                area = (x0, y0, at - FOLD_GUTTER / 2, y1)
            else:
                axis, at = "y", size[1] / 2
                area = (x0, at + FOLD_GUTTER / 2, x1, y1)
            try:
                pages = _pack(pieces, area, gutter)
            except PrintError:
                continue
            if best is None or (len(pages), -gutter) < (len(best[0]), -best[3]):
                best = (pages, size, axis, gutter)
    if best is None:
        raise PrintError(
            f"{pieces[0].id} ({pieces[0].width:g} × {pieces[0].height:g} mm) is "
            "too large for the fold layout; use --duplex long or short"
        )
    pages, size, axis, _ = best
    x0, y0, x1, y1 = _area(size, True, margin)
    at = size[0] / 2 if axis == "x" else size[1] / 2
    fold = (at, y0, at, y1) if axis == "x" else (x0, at, x1, at)
    sheets = []
    for page in pages:
        fronts = _bleeds([Placement(p, x, y) for p, x, y in page])
        placements = list(fronts)
        for f in fronts:
            if f.piece.back is not None:
                bx, by = _mirror(f.x, f.y, f.piece, axis, at)  # type: ignore[arg-type]
                left, bottom, right, top = f.bleed
                bleed = (right, bottom, left, top) if axis == "x" else (left, top, right, bottom)
                placements.append(Placement(f.piece, bx, by, "back", bleed))
        sheet = Sheet(size, placements, fold=fold)
        sheet.footer = _footer(size, _art_box(placements), margin)
        sheets.append(sheet)
    return sheets
