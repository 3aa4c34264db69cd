"""Where each square of the city is drawn: the one geometry of the printed poster and the
phone's map (``printgen.games.dogs_life_city`` and ``companion.panels.dogs_life.board``).

All lengths are millimetres on the poster, origin at its lower-left corner, y up (as the
PDF pen draws); the phone's SVG flips y (``svg_y``) and draws at the same sizes, so a
feature, an arrow or an address plate sits in the same corner on paper and on screen.

Glossary
--------
frame
    ``FRAME`` mm of border around the grid of ``CELL_MM`` squares; ``POSTER`` is the whole.
corner spots
    The four 7 mm spots of a street square that hold its features (trash can, lamppost,
    fountain), in that order, from the top left; the address plate takes the first free
    spot (from the bottom right) that no entrance arrow touches.
"""

from __future__ import annotations

from typing import Final

from games.dogs_life.city import CELL_MM, CITY, Entrance, Feature, Square

FRAME: Final = 4.0  # mm of frame around the grid
POSTER: Final = (CITY.width * CELL_MM + 2 * FRAME, CITY.height * CELL_MM + 2 * FRAME)
ADDRESS: Final = (9.6, 7.2)  # mm: a delivery address plate
ARROW_DISC: Final = 3.3  # mm: the radius of an entrance arrow's disc
FEATURES: Final = (Feature.TRASH_CAN, Feature.LAMPPOST, Feature.FOUNTAIN)

Box = tuple[float, float, float, float]


def cell_origin(cell: tuple[int, int]) -> tuple[float, float]:
    """Lower-left corner of a grid cell on the poster (row 0 at the top)."""
    col, row = cell
    return FRAME + col * CELL_MM, POSTER[1] - FRAME - (row + 1) * CELL_MM


def bbox(square: Square) -> Box:
    """(x0, y0, x1, y1) of a square: one cell, or the cells of a whole place."""
    xs = [cell_origin(c)[0] for c in square.cells]
    ys = [cell_origin(c)[1] for c in square.cells]
    return min(xs), min(ys), max(xs) + CELL_MM, max(ys) + CELL_MM


def corner_spots(square: Square) -> list[tuple[float, float]]:
    """The lower-left corners of the four corner spots of a street square (top left, top
    right, bottom left, bottom right), each a 7 mm feature disc's box."""
    x, y = cell_origin(square.cells[0])
    c = CELL_MM
    return [
        (x + 1.2, y + c - 8.2),
        (x + c - 8.2, y + c - 8.2),
        (x + 1.2, y + 1.2),
        (x + c - 8.2, y + 1.2),
    ]


def feature_spots(square: Square) -> list[tuple[Feature, float, float]]:
    """Each feature of a street square and the middle of its disc."""
    spots = corner_spots(square)
    shown = [f for f in FEATURES if f in square.features]
    return [(f, spots[k][0] + 3.5, spots[k][1] + 3.5) for k, f in enumerate(shown)]


def arrow_spot(entrance: Entrance) -> tuple[float, float, float]:
    """Where an entrance arrow goes: on the street square's edge against the place."""
    street = CITY.squares[entrance.street]
    x, y = cell_origin(street.cells[0])
    cx, cy = x + CELL_MM / 2, y + CELL_MM / 2
    dx, dy = {"e": (-1, 0), "w": (1, 0), "n": (0, -1), "s": (0, 1)}[entrance.side]
    return cx + dx * (CELL_MM / 2 - 3.2), cy + dy * (CELL_MM / 2 - 3.2), ARROW_DISC


def touches(box: Box, disc: tuple[float, float, float]) -> bool:
    x0, y0, x1, y1 = box
    cx, cy, r = disc
    dx, dy = max(x0 - cx, 0.0, cx - x1), max(y0 - cy, 0.0, cy - y1)
    return dx * dx + dy * dy < (r + 0.4) ** 2


def address_spot(square: Square) -> tuple[float, float]:
    """The lower-left corner of ``square``'s address plate: the first corner, from the
    bottom right, that no feature takes and no entrance arrow touches."""
    features = sum(1 for f in FEATURES if f in square.features)
    corners = corner_spots(square)
    free = [corners[k] for k in (3, 2, 1, 0) if k >= features]
    w, h = ADDRESS
    discs = [arrow_spot(e) for e in CITY.entrances if e.street == square.id]
    for fx, fy in free:
        box = (fx + 3.5 - w / 2, fy + 3.5 - h / 2, fx + 3.5 + w / 2, fy + 3.5 + h / 2)
        if not any(touches(box, disc) for disc in discs):
            return box[0], box[1]
    fx, fy = free[0]
    return fx + 3.5 - w / 2, fy + 3.5 - h / 2


def svg_y(y: float) -> float:
    """A poster y (up, from the bottom) as an SVG y (down, from the top)."""
    return POSTER[1] - y
