"""Sheet layout: where each piece goes on the paper, and where its back goes.

Glossary
--------
trim
    The piece's final outline after cutting (a card's 63 × 88 mm). Sizes come from the
    catalogs in ``games/``.
bleed
    3 mm of art beyond the trim on every side, so a slightly-off cut shows art, not paper.
cell
    A piece's trim plus its bleed: what the packer places. Cells touch; they never overlap.
safe margin
    ¼ in around the paper edge where nothing is printed (most home printers cannot).
duplex
    ``long`` / ``short``: a two-sided component's fronts fill a page and its backs the next
    page, mirrored so that after the printer flips the sheet on the long / short edge each
    back lands behind its front. ``fold``: fronts and backs share one single-sided page,
    mirrored across a fold line; the player folds, glues and then cuts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from printgen.errors import PrintError

if TYPE_CHECKING:
    from printgen.pen import Pen

BLEED = 3.0  # mm
SAFE_MARGIN = 25.4 / 4  # mm: ¼ in
# mm reserved at the bottom of the printable area for the sheet footer, and at the top too:
# a back mirrored top-to-bottom then lands in the same band, never under the footer.
FOOTER = 4.0
FOLD_GUTTER = 8.0  # mm between the front half and the back half of a fold sheet

PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}
DUPLEX_MODES = ("long", "short", "fold")

Shape = Literal["rect", "hex"]
Art = Callable[["Pen"], None]


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


@dataclass(slots=True)
class Sheet:
    """One page of a component: its size and what sits where."""

    size: tuple[float, float]
    placements: list[Placement] = field(default_factory=list)
    fold: tuple[float, float, float, float] | None = None  # fold line x1, y1, x2, y2
    is_back: bool = False

    def trim_box(self) -> tuple[float, float, float, float] | None:
        """The smallest rectangle holding every trim on the page (mm), or None if empty."""
        if not self.placements:
            return None
        return (
            min(p.x for p in self.placements),
            min(p.y for p in self.placements),
            max(p.x + p.piece.width for p in self.placements),
            max(p.y + p.piece.height for p in self.placements),
        )

    def bleed_box(self) -> tuple[float, float, float, float] | None:
        trim = self.trim_box()
        if trim is None:
            return None
        width, height = self.size
        return (max(trim[0] - BLEED, 0.0), max(trim[1] - BLEED, 0.0),
                min(trim[2] + BLEED, width), min(trim[3] + BLEED, height))


def paper_size(paper: str) -> tuple[float, float]:
    """Portrait size (mm) of a paper name, or ``PrintError`` naming the choices."""
    if paper not in PAPERS:
        raise PrintError(f"unknown paper {paper!r}: expected one of {', '.join(PAPERS)}")
    return PAPERS[paper]


def check_duplex(duplex: str) -> str:
    if duplex not in DUPLEX_MODES:
        raise PrintError(f"unknown duplex mode {duplex!r}: expected one of "
                         f"{', '.join(DUPLEX_MODES)}")
    return duplex


# -- packing ------------------------------------------------------------------------------

def _shelf(pieces: list[Piece], area: tuple[float, float, float, float]
           ) -> tuple[list[tuple[Piece, float, float]], list[Piece]]:
    """Pack cells left to right, top to bottom into ``area``; return placed and leftovers.

    Pieces keep their catalog order (ids read in order on the sheet); a row is as tall as
    its tallest cell.
    """
    x0, y0, x1, y1 = area
    placed: list[tuple[Piece, float, float]] = []
    x, top, row_height = x0, y1, 0.0
    for index, piece in enumerate(pieces):
        cw, ch = piece.width + 2 * BLEED, piece.height + 2 * BLEED
        if cw > x1 - x0 + 1e-6 or ch > y1 - y0 + 1e-6:
            if not placed:
                raise PrintError(
                    f"{piece.id} ({piece.width:g} × {piece.height:g} mm) does not fit on the "
                    "paper inside the safe margin")
            return placed, pieces[index:]
        if x + cw > x1 + 1e-6:  # next row
            x, top, row_height = x0, top - row_height, 0.0
        if top - ch < y0 - 1e-6:
            return placed, pieces[index:]
        placed.append((piece, x + BLEED, top - ch + BLEED))
        x += cw
        row_height = max(row_height, ch)
    return placed, []


def _centre(placed: list[tuple[Piece, float, float]], area: tuple[float, float, float, float]
            ) -> list[tuple[Piece, float, float]]:
    """Shift a packed block so it sits centred in ``area`` (even margins are easier to cut)."""
    if not placed:
        return placed
    left = min(x for _, x, _ in placed) - BLEED
    right = max(x + p.width for p, x, _ in placed) + BLEED
    bottom = min(y for _, _, y in placed) - BLEED
    top = max(y + p.height for p, _, y in placed) + BLEED
    dx = (area[0] + area[2]) / 2 - (left + right) / 2
    dy = (area[1] + area[3]) / 2 - (bottom + top) / 2
    return [(p, x + dx, y + dy) for p, x, y in placed]


def _pack(pieces: list[Piece], area: tuple[float, float, float, float]
          ) -> list[list[tuple[Piece, float, float]]]:
    pages = []
    rest = pieces
    while rest:
        placed, rest = _shelf(rest, area)
        pages.append(_centre(placed, area))
    return pages


def _printable(size: tuple[float, float]) -> tuple[float, float, float, float]:
    """Where cells may go: inside the safe margin, clear of the footer band.

    Symmetric on purpose: the packer centres the block, so a back mirrored across either
    middle line of the page stays inside this area too.
    """
    width, height = size
    return (SAFE_MARGIN, SAFE_MARGIN + FOOTER, width - SAFE_MARGIN,
            height - SAFE_MARGIN - FOOTER)


def _orientations(paper: tuple[float, float]) -> list[tuple[float, float]]:
    return [paper, (paper[1], paper[0])]


def _mirror(x: float, y: float, piece: Piece, axis: Literal["x", "y"], at: float
            ) -> tuple[float, float]:
    """Where the back of a piece at (x, y) goes when the sheet turns over the line ``at``."""
    if axis == "x":  # turned over a vertical line: left and right swap
        return 2 * at - x - piece.width, y
    return x, 2 * at - y - piece.height


def plan(component: Component, paper: str, duplex: str) -> list[Sheet]:
    """The sheets of ``component`` on ``paper`` for the ``duplex`` mode."""
    portrait = paper_size(paper)
    check_duplex(duplex)
    pieces = list(component.pieces)
    if component.two_sided and duplex == "fold":
        return _plan_fold(pieces, portrait)
    best: list[list[tuple[Piece, float, float]]] | None = None
    best_size = portrait
    for size in _orientations(portrait):
        try:
            pages = _pack(pieces, _printable(size))
        except PrintError:
            continue
        if best is None or len(pages) < len(best):
            best, best_size = pages, size
    if best is None:
        _pack(pieces, _printable(portrait))  # raises the error naming the piece
        raise AssertionError("unreachable")
    sheets: list[Sheet] = []
    for page in best:
        front = Sheet(best_size, [Placement(p, x, y) for p, x, y in page])
        sheets.append(front)
        if component.two_sided:
            sheets.append(_duplex_back(front, duplex))
    return sheets


def _duplex_back(front: Sheet, duplex: str) -> Sheet:
    width, height = front.size
    landscape = width > height
    # Turning over the long edge of a portrait page swaps left and right; of a landscape
    # page, top and bottom. The short edge is the other way round.
    long_edge_axis: Literal["x", "y"] = "y" if landscape else "x"
    short_edge_axis: Literal["x", "y"] = "x" if landscape else "y"
    axis = long_edge_axis if duplex == "long" else short_edge_axis
    at = width / 2 if axis == "x" else height / 2
    back = Sheet(front.size, is_back=True)
    for placement in front.placements:
        if placement.piece.back is None:
            continue
        x, y = _mirror(placement.x, placement.y, placement.piece, axis, at)
        back.placements.append(Placement(placement.piece, x, y, "back"))
    return back


def _plan_fold(pieces: list[Piece], portrait: tuple[float, float]) -> list[Sheet]:
    """Fronts on one half, backs mirrored on the other half across a dashed fold line."""
    best: tuple[list[list[tuple[Piece, float, float]]], tuple[float, float], str] | None = None
    for size in _orientations(portrait):
        x0, y0, x1, y1 = _printable(size)
        # Fold across the longer side of the page so each half is as square as possible.
        if size[0] >= size[1]:
            axis, at = "x", size[0] / 2
            area = (x0, y0, at - FOLD_GUTTER / 2, y1)
        else:
            axis, at = "y", (y0 + y1) / 2
            area = (x0, at + FOLD_GUTTER / 2, x1, y1)
        try:
            pages = _pack(pieces, area)
        except PrintError:
            continue
        if best is None or len(pages) < len(best[0]):
            best = (pages, size, axis)
    if best is None:
        raise PrintError(f"{pieces[0].id} ({pieces[0].width:g} × {pieces[0].height:g} mm) is "
                         "too large for the fold layout; use --duplex long or short")
    pages, size, axis = best
    x0, y0, x1, y1 = _printable(size)
    at = size[0] / 2 if axis == "x" else (y0 + y1) / 2
    fold = (at, y0, at, y1) if axis == "x" else (x0, at, x1, at)
    sheets = []
    for page in pages:
        sheet = Sheet(size, fold=fold)
        for piece, x, y in page:
            sheet.placements.append(Placement(piece, x, y))
            if piece.back is not None:
                bx, by = _mirror(x, y, piece, axis, at)  # type: ignore[arg-type]
                sheet.placements.append(Placement(piece, bx, by, "back"))
        sheets.append(sheet)
    return sheets
