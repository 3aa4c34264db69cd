"""A Dog's Life: the city board, printed true to size as a poster of glued tiles.

Everything on the board comes from ``games.dogs_life.city`` (squares, places, entrances,
features, the van's start); this module only draws it.

Glossary
--------
poster
    The whole board: the city's grid of 24 mm squares inside a 4 mm frame
    (``POSTER`` mm).
tile
    One printed piece of the poster: its *own* part of the board, plus a *glue strip* on
    its right and/or bottom edge when a neighbour goes there. Tiles are named by column
    letter and row number (A1 top left). The tiles are the same for every paper: each
    one fits inside the printable area of landscape A4 and Letter.
glue strip
    ``GLUE`` mm beyond the tile's own part, printed grey and hatched, with alignment
    marks where the board's grid lines cross the seam. The neighbouring tile is trimmed on
    its cut line and laid on the strip, its edge on the seam, its grid lines on the marks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from games.dogs_life.city import CELL_MM, CITY, MAP, Feature, Kind, Square
from games.dogs_life.layout import (
    ARROW_DISC,
    FRAME,
    POSTER,
    address_spot,
    arrow_spot,
    feature_spots,
)
from games.dogs_life.layout import bbox as _bbox
from games.dogs_life.layout import cell_origin as _cell_origin
from printgen import words
from printgen.icons import address_plate, icon
from printgen.layout import BLEED, Component, Piece
from printgen.pen import MIN_LABEL_PT, Pen
from printgen.style import readable

if TYPE_CHECKING:
    from printgen.context import Context

Text = Callable[..., str]

COLUMNS, ROWS = 2, 2
GLUE = 10.0  # mm
# Where the seams run: on grid lines, never through a column or a row of squares (a seam
# through a square splits a pawn's space). Poster x of the vertical seam, y (from the top)
# of the horizontal one: the first tile takes the larger half.
SEAM_X = FRAME + -(-CITY.width // COLUMNS) * CELL_MM
SEAM_Y = FRAME + -(-CITY.height // ROWS) * CELL_MM
#: Each tile's own part (mm), by column and by row.
OWN_WIDTHS = (SEAM_X, POSTER[0] - SEAM_X)
OWN_HEIGHTS = (SEAM_Y, POSTER[1] - SEAM_Y)

ROAD = "#c9c7c0"
PATH = "#ead9b0"
GROUND = "#cfe3b0"
HOUSE = "#d7a27a"
# The den is dark enough for its white name and number (contrast ≥ 4.5 : 1).
PLACE_FILL = {
    Kind.DEN: "#8f6640",
    Kind.RESTAURANT: "#f4d9c6",
    Kind.NEWSPAPER_OFFICE: "#dbe6f2",
    Kind.POUND: "#d8d8d8",
}
PLACE_ICON = {
    Kind.DEN: "paw",
    Kind.RESTAURANT: "food",
    Kind.NEWSPAPER_OFFICE: "newspaper",
    Kind.POUND: "cage",
}
FEATURE_ICON = {
    Feature.TRASH_CAN: "trash",
    Feature.LAMPPOST: "lamppost",
    Feature.FOUNTAIN: "fountain",
}
ARROW_ROTATION = {"e": 180.0, "w": 0.0, "n": 270.0, "s": 90.0}  # arrows point inward


def assembled_size() -> tuple[float, float]:
    """The board's size once the tiles are glued (mm)."""
    return POSTER


def _street(pen: Pen, square: Square) -> None:
    x, y = _cell_origin(square.cells[0])
    c = CELL_MM
    pen.rect(x, y, c, c, fill=ROAD if square.kind is Kind.ROAD else PATH, stroke="paper", width=0.6)
    if square.kind is Kind.ROAD:
        # Lane marks from the middle towards each road neighbour: the van's network, and
        # roads told from footpaths also in ink-saver grey.
        for n in CITY.road_neighbours(square.id):
            ((ncol, nrow),) = CITY.squares[n].cells
            ((col, row),) = square.cells
            dx, dy = ncol - col, row - nrow
            pen.line(
                x + c / 2,
                y + c / 2,
                x + c / 2 + dx * c / 2,
                y + c / 2 + dy * c / 2,
                color="paper",
                width=0.7,
                dash=(2.0, 2.0),
            )
    # Features sit in the corners, so a pawn in the middle leaves them readable.
    for feature, fx, fy in feature_spots(square):
        pen.circle(fx, fy, 3.9, fill="paper", stroke="line", width=0.25)
        icon(pen, FEATURE_ICON[feature], fx - 3, fy - 3, 6)
    if square.address is not None:
        ax, ay = address_spot(square)
        address_plate(pen, ax, ay, str(square.address))


def _place(pen: Pen, square: Square, t: Text) -> None:
    x0, y0, x1, y1 = _bbox(square)
    w, h = x1 - x0, y1 - y0
    pen.rect(
        x0 + 0.6,
        y0 + 0.6,
        w - 1.2,
        h - 1.2,
        fill=PLACE_FILL[square.kind],
        stroke="line",
        width=0.6,
        radius=1.5,
    )
    if square.kind is Kind.RESTAURANT:  # an awning
        stripes = max(int(w // 4), 4)
        for k in range(stripes):
            pen.rect(
                x0 + 0.6 + k * (w - 1.2) / stripes,
                y1 - 4.6,
                (w - 1.2) / stripes,
                4,
                fill="red" if k % 2 == 0 else "paper",
            )
    label = {
        Kind.DEN: t(words.DL_DEN),
        Kind.RESTAURANT: t(words.DL_RESTAURANT),
        Kind.NEWSPAPER_OFFICE: t(words.CITY_OFFICE),
        Kind.POUND: t(words.CITY_POUND),
    }[square.kind]
    if square.kind is Kind.DEN:
        pen.polygon(
            [
                (x0 + 4, y0 + 3),
                (x0 + 4, y0 + 14),
                (x0 + w / 2, y0 + 20),
                (x1 - 4, y0 + 14),
                (x1 - 4, y0 + 3),
            ],
            fill="brown",
            stroke="line",
            width=0.4,
        )
        pen.polygon(
            [
                (x0 + w / 2 - 4, y0 + 3),
                (x0 + w / 2 - 4, y0 + 9),
                (x0 + w / 2, y0 + 12),
                (x0 + w / 2 + 4, y0 + 9),
                (x0 + w / 2 + 4, y0 + 3),
            ],
            fill="night",
        )
        pen.text(x0 + w / 2, y0 + 13.2, str(square.den), 11, color="paper", align="center")
        pen.text(
            x0 + w / 2,
            y1 - 3.2,
            label,
            MIN_LABEL_PT + 0.5,
            color="paper",
            align="center",
            max_width=w - 2,
        )
        return
    top = y1 - (7.5 if square.kind is Kind.RESTAURANT else 5)
    pen.text(x0 + w / 2, top - 1.2, label, 8.5, align="center", max_width=w - 3)
    size = 9.0 if h <= CELL_MM else 12.0
    icon(
        pen,
        PLACE_ICON[square.kind],
        x0 + w / 2 - size / 2,
        y0 + 2 if h <= CELL_MM else y0 + h / 2 - size / 2 - 2,
        size,
    )
    if square.kind is Kind.NEWSPAPER_OFFICE:  # where the newspaper markers are stacked
        for dx in (-1, 1):  # two piles, left and right of the middle, each labelled
            middle = x0 + w / 2 + dx * 30
            pen.rect(middle - 9, y0 + 2.5, 18, 14, stroke="muted", width=0.35)
            pen.text(
                middle,
                y0 + 18,
                t(words.CITY_NEWSPAPERS_HERE),
                MIN_LABEL_PT,
                color="muted",
                align="center",
                max_width=30,
            )


def _arrows(pen: Pen) -> None:
    for entrance in CITY.entrances:
        # Pointing in (out of the pound: nobody walks in).
        ax, ay, _ = arrow_spot(entrance)
        rotation = ARROW_ROTATION[entrance.side] + (180 if entrance.place == "pound" else 0)
        with pen.at(ax, ay, rotate=rotation):
            pen.circle(0, 0, ARROW_DISC, fill="gold", stroke="line", width=0.3)
            icon(pen, "arrow", -2.6, -2.6, 5.2)


def _pound_chart(pen: Pen, t: Text) -> None:
    """The pound's turn spaces (D2): draw 1, 2, 3 cards, then free on the 4th turn."""
    pound = _bbox(CITY.squares["pound"])
    y = pound[1]
    x = pound[0] - 4 * (CELL_MM - 1) - 4
    for k in range(4):
        sx = x + k * (CELL_MM - 1)
        pen.rect(
            sx,
            y + 0.8,
            CELL_MM - 2,
            CELL_MM - 1.6,
            fill="paper",
            stroke="line",
            width=0.35,
            radius=1.5,
        )
        label = t(words.CITY_POUND_FREE) if k == 3 else t(words.CITY_POUND_DRAW, n=k + 1)
        pen.text(sx + 1.5, y + CELL_MM - 5.5, str(k + 1), 9, color="muted")
        pen.block(sx + 1, y + 1.5, CELL_MM - 4, 8.5, label, 7, MIN_LABEL_PT, max_lines=2)
    pen.text(
        x - 2,
        y + CELL_MM / 2 - 1.2,
        t(words.CITY_POUND_CHART),
        8,
        align="right",
        max_width=x - FRAME - 4,
    )


def _supplies(pen: Pen, t: Text) -> None:
    """Spots beside the board for the supplies, and the title."""
    pound = _bbox(CITY.squares["pound"])
    x = pound[2] + 5
    y = pound[1]
    spots = (("trash", t(words.CITY_TRASH_SUPPLY)), ("bone", t(words.CITY_BONE_SUPPLY)))
    for k, (name, label) in enumerate(spots):
        sx = x + k * 34
        pen.rect(sx, y + 1, 30, CELL_MM - 2, stroke="muted", width=0.35, radius=1.5)
        icon(pen, name, sx + 2, y + 8, 8)
        pen.block(
            sx + 11, y + 3, 18, CELL_MM - 6, label, 7, MIN_LABEL_PT, align="left", max_lines=3
        )
    tx = x + 2 * 34 + 2
    pen.text(tx, y + 14, t(words.CITY_TITLE), 13, max_width=POSTER[0] - FRAME - tx - 2)
    pen.text(
        tx,
        y + 6,
        t(words.CITY_SIZE, w=POSTER[0] / 10, h=POSTER[1] / 10),
        7.5,
        color=readable("muted", GROUND),
        max_width=POSTER[0] - FRAME - tx - 2,
    )


def van_box() -> tuple[float, float, float, float]:
    """The van's start mark on the board (mm): low in its square, clear of the pound's exit
    arrow on the square's top edge."""
    x, y = _cell_origin(CITY.squares[CITY.van_start].cells[0])
    return x + 3, y + 5.2, x + CELL_MM - 3, y + 15.6


def _van_start(pen: Pen, t: Text) -> None:
    x, y = _cell_origin(CITY.squares[CITY.van_start].cells[0])
    x0, y0, x1, y1 = van_box()
    pen.rect(x0, y0, x1 - x0, y1 - y0, stroke="red", width=0.5, radius=1.5)
    icon(pen, "van", x + CELL_MM / 2 - 5.5, y0 + 0.2, 11)
    pen.text(
        x + CELL_MM / 2,
        y + 2.4,
        t(words.CITY_VAN_START),
        MIN_LABEL_PT,
        color=readable("red", ROAD),
        align="center",
        max_width=CELL_MM - 2,
    )


def draw_city(pen: Pen, t: Text) -> None:
    """The whole board, origin at the poster's lower-left corner, 1 unit = 1 mm."""
    w, h = POSTER
    pen.rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, fill="night")
    pen.rect(FRAME, FRAME, w - 2 * FRAME, h - 2 * FRAME, fill=GROUND)
    for row, line in enumerate(MAP):
        for col, char in enumerate(line):
            if char == "#":
                x, y = _cell_origin((col, row))
                # A house seen from above: a hipped roof, its ridge along the row.
                a, b, c = x + 1.5, y + 1.5, CELL_MM - 3
                pen.rect(a, b, c, c, fill=HOUSE, stroke="line", width=0.3)
                pen.polygon(
                    [(a, b + c), (a + c, b + c), (a + c - 6, b + c / 2), (a + 6, b + c / 2)],
                    fill="#c98f66",
                )
                pen.line(a + 6, b + c / 2, a + c - 6, b + c / 2, width=0.3)
                for cx, cy, ex in (
                    (a, b, a + 6),
                    (a, b + c, a + 6),
                    (a + c, b, a + c - 6),
                    (a + c, b + c, a + c - 6),
                ):
                    pen.line(cx, cy, ex, b + c / 2, width=0.3)
    for square in CITY.squares.values():
        if square.is_street:
            _street(pen, square)
        else:
            _place(pen, square, t)
    _arrows(pen)
    _pound_chart(pen, t)
    _supplies(pen, t)
    _van_start(pen, t)


def tile_name(col: int, row: int) -> str:
    return f"{'ABCDEFGH'[col]}{row + 1}"


def _tile(col: int, row: int, t: Text) -> Piece:
    """Tile (col, row), row 0 at the top: its own part, and glue strips right / bottom."""
    own_w, own_h = OWN_WIDTHS[col], OWN_HEIGHTS[row]
    glue_right = GLUE if col < COLUMNS - 1 else 0.0
    glue_bottom = GLUE if row < ROWS - 1 else 0.0
    width, height = own_w + glue_right, own_h + glue_bottom
    left = sum(OWN_WIDTHS[:col])
    bottom = POSTER[1] - sum(OWN_HEIGHTS[: row + 1])  # poster y of the own part's lower edge

    def front(pen: Pen) -> None:
        # Drawn in full on every tile (the piece's clip keeps its part): text inside a
        # form would escape the minimum-size check, and a tile is the only copy anyway.
        with pen.at(-left, glue_bottom - bottom):
            draw_city(pen, t)
        if glue_right:
            _glue(
                pen,
                own_w,
                0.0,
                GLUE,
                height,
                vertical=True,
                t=t,
                over=tile_name(col + 1, row),
                seam_y=bottom,
                glue_bottom=glue_bottom,
            )
        if glue_bottom:
            _glue(
                pen,
                0.0,
                0.0,
                own_w,
                GLUE,
                vertical=False,
                t=t,
                over=tile_name(col, row + 1),
                seam_y=left,
                glue_bottom=0.0,
            )
        # The tile's name on the poster's outer frame (every tile of a 2 × 2 poster has a
        # top or bottom frame edge), in the corner by the outer side edge.
        name_y = height - FRAME + 0.9 if row == 0 else 0.9
        if col == 0:
            pen.text(FRAME + 2, name_y, tile_name(col, row), MIN_LABEL_PT, color="paper")
        else:
            pen.text(
                width - FRAME - 2,
                name_y,
                tile_name(col, row),
                MIN_LABEL_PT,
                color="paper",
                align="right",
            )

    return Piece(f"city-{tile_name(col, row)}", width, height, front)


def _glue(
    pen: Pen,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    vertical: bool,
    t: Text,
    over: str,
    seam_y: float,
    glue_bottom: float,
) -> None:
    """A glue strip with its seam line, hatching, words and alignment marks.

    The marks continue the board's grid lines across the seam: the tile laid on top
    shows the same lines reaching its cut edge.
    """
    # The strip and the bleed beyond it are grey: no stray art past the last cut.
    x0, y0 = (x, y - BLEED) if vertical else (x - BLEED, y - BLEED)
    x1, y1 = (x + w + BLEED, y + h + BLEED) if vertical else (x + w + BLEED, y + h)
    pen.rect(x0, y0, x1 - x0, y1 - y0, fill="#e6e6e6")
    step = 4.0
    with pen.clipped([(x, y), (x + w, y), (x + w, y + h), (x, y + h)]):
        for k in range(int((w + h) / step) + 2):
            d = k * step
            pen.line(x + d - h, y, x + d, y + h, color="#b5b5b5", width=0.25)
    if vertical:
        pen.line(x, y, x, y + h, color="#000000", width=0.3)
        # Horizontal grid lines of the board at this seam: poster y = FRAME + k * CELL_MM.
        for k in range(CITY.height + 1):
            py = FRAME + k * CELL_MM - seam_y + glue_bottom
            if glue_bottom + 1 < py < y + h - 1:
                pen.line(x, py, x + MARK_REACH, py, color="#000000", width=0.35)
        # The words run along the strip's outer side, clear of the marks (issue 37).
        with pen.at(x + GLUE_TEXT_BASE, y + h / 2, rotate=90):
            pen.text(
                0,
                0,
                t(words.CITY_GLUE, tile=over),
                GLUE_TEXT_PT,
                color="text",
                align="center",
                max_width=h - 20,
            )
    else:
        pen.line(x, y + h, x + w, y + h, color="#000000", width=0.3)
        for k in range(CITY.width + 1):
            px = FRAME + k * CELL_MM - seam_y
            if x + 1 < px < x + w - 1:
                pen.line(px, y + h, px, y + h - MARK_REACH, color="#000000", width=0.35)
        pen.text(
            x + w / 2,
            y + h - GLUE_TEXT_BASE,
            t(words.CITY_GLUE, tile=over),
            GLUE_TEXT_PT,
            color="text",
            align="center",
            max_width=w - 20,
        )
    # A target at the strip's far end (the other end meets the other strip), wholly on the
    # strip: the tile glued on top covers it all.
    for ex, ey in [glue_target(x, y, w, h, vertical=vertical)]:
        pen.circle(ex, ey, 2.2, stroke="red", width=0.35)
        pen.line(ex - TARGET_REACH, ey, ex + TARGET_REACH, ey, color="red", width=0.3)
        pen.line(ex, ey - TARGET_REACH, ex, ey + TARGET_REACH, color="red", width=0.3)


TARGET_REACH = 3.2  # mm: the glue target's arms from its centre
# Across a glue strip, from its seam: the alignment marks reach MARK_REACH mm; the words'
# baseline lies GLUE_TEXT_BASE mm out, their letters towards the seam (a vertical strip's
# text is turned a quarter left), ending short of the marks.
MARK_REACH = 3.5
GLUE_TEXT_BASE = 8.4
GLUE_TEXT_PT = MIN_LABEL_PT + 1


def glue_target(x: float, y: float, w: float, h: float, *, vertical: bool) -> tuple[float, float]:
    """The centre of a glue strip's target: inside the strip (x, y, w, h) by its reach."""
    inset = TARGET_REACH + 0.4
    return (x + inset, y + h - 6) if vertical else (x + 6, y + h - inset)


def components(context: Context) -> list[Component]:
    t = context.t
    tiles = tuple(_tile(col, row, t) for row in range(ROWS) for col in range(COLUMNS))
    return [Component("dogs-life.city", t(words.DL_CITY, tiles=len(tiles)), tiles)]


def cover_notes(context: Context) -> list[str]:
    """The cover's line on the poster: how many tiles and its assembled size."""
    return [
        context.t(words.CITY_ASSEMBLY, tiles=COLUMNS * ROWS, w=POSTER[0] / 10, h=POSTER[1] / 10)
    ]
