"""Bison: the 21 hex tiles, 4 player boards, tents and canoes, markers, the totem.

Data comes from ``games.bison``: the tile catalog (edges, animals, start tiles and their
totem corners, B1/B4), the cost table (B6), market prices and exchange rate (B7), the food
tracks (B8), the six actions (B6) and the structure sizes. This module adds sizes in
millimetres and the art.

Tile geometry (B1): pointy-top hexagons; edge *i* (E, SE, SW, W, NW, NE clockwise) lies
between corners *i − 1* and *i*; corner *i* sits at −30° − 60°·*i*. The river runs between
the two corners where the edge letter changes; its ends are the small ponds.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.bison import catalog, economy
from games.bison.components import PLAYER_COLOURS
from games.bison.rounds import ACTIONS_PER_ROUND, Action
from printgen.icons import MARKS, icon, player_mark, player_tag
from printgen.layout import BLEED, Art, Component, Piece
from printgen.linebreak import fit
from printgen.pen import MIN_LABEL_PT, Pen
from printgen.style import text_on

if TYPE_CHECKING:
    from printgen.context import Context

Text = Callable[..., str]  # Context.t: a printgen message in the kit's language

GAME = "bison"
HEX_RADIUS = 40.0  # mm, centre to corner: 80 mm tall, 69.3 mm across the flats
TILE = (math.sqrt(3) * HEX_RADIUS, 2 * HEX_RADIUS)
BOARD = (185.0, 130.0)
TOKEN = 16.0
SMALL_TOKEN = 12.0
# Player colours of the box (rules/bison.md, Components).
COLOURS = PLAYER_COLOURS
ACTION_LABEL_PT = 8.0  # the action labels' size when all six fit at it
ACTION_PAD = 1.2  # mm between an action cell's edge and its label
ANIMAL_OF_SPACE = {"prairie": "bison", "river": "salmon", "mountain": "turkey"}


def title(lang: str) -> str:
    from printgen.messages import text

    return text(lang, "game_" + GAME)


# -- tiles -------------------------------------------------------------------------------


def _corner(i: int, radius: float = HEX_RADIUS) -> tuple[float, float]:
    a = math.radians(-30 - 60 * i)
    return TILE[0] / 2 + radius * math.cos(a), TILE[1] / 2 + radius * math.sin(a)


def _river_path(a: int, b: int, radius: float) -> list[tuple[float, float]]:
    """A smooth curve from corner ``a`` through the middle to corner ``b`` (sampled)."""
    (x0, y0), (x2, y2) = _corner(a, radius), _corner(b, radius)
    cx, cy = TILE[0] / 2, TILE[1] / 2
    return [
        (
            (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x2,
            (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y2,
        )
        for t in (k / 24 for k in range(25))
    ]


def _land_polygon(edges: str, letter: str, grow: float) -> list[tuple[float, float]]:
    """The prairie (``P``) or mountain (``M``) side: its edges' corners, closed along the
    river's curve."""
    start = next(i for i in range(6) if edges[i] == letter and edges[i - 1] != letter)
    run = edges.count(letter)
    corners = [(start - 1 + k) % 6 for k in range(run + 1)]
    outline = [_corner(c, HEX_RADIUS + grow) for c in corners]
    return outline + _river_path(corners[-1], corners[0], HEX_RADIUS + grow)[1:-1]


Point = tuple[float, float]
LAND_MARK = 4.5  # mm: radius of a bison's or a turkey's disc
RIVER_MARK = 3.6  # mm: a salmon's disc, narrow enough to stay on the river
RIVER_HALF = 3.5  # mm: half the river's drawn width
POND = 5.2  # mm: radius of the pond at each river end
TOTEM = 6.5  # mm: radius of the totem's disc on a start tile
ID_BOX = (9.0, 4.2)  # mm: the tile id's label
GRID = 2.0  # mm between the candidate points for a mark


@dataclass(frozen=True, slots=True)
class TileArt:
    """Where a tile's marks go: the animals' disc centres per space, the id label's centre
    and the totem's centre (start tiles). Each animal lies inside its own terrain: a land
    animal's disc clear of the hex edge, the river and the ponds; a salmon on the river."""

    animals: dict[str, tuple[Point, ...]]
    id_at: Point
    totem_at: Point | None


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _polyline_distance(p: Point, line: list[Point]) -> float:
    return min(_segment_distance(p, a, b) for a, b in itertools.pairwise(line))


def _inside(polygon: list[Point], p: Point) -> bool:
    x, y = p
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _along(path: list[Point], counts: int, spacing: float) -> tuple[Point, ...]:
    """``counts`` points on ``path``, ``spacing`` mm apart along it, centred on its middle."""
    lengths = [0.0]
    for a, b in itertools.pairwise(path):
        lengths.append(lengths[-1] + math.dist(a, b))
    middle = lengths[-1] / 2
    out = []
    for k in range(counts):
        at = middle + (k - (counts - 1) / 2) * spacing
        i = max(j for j in range(len(lengths) - 1) if lengths[j] <= at)
        t = (at - lengths[i]) / (lengths[i + 1] - lengths[i])
        (x0, y0), (x1, y1) = path[i], path[i + 1]
        out.append((x0 + t * (x1 - x0), y0 + t * (y1 - y0)))
    return tuple(out)


@functools.cache
def tile_art(tile_id: str) -> TileArt:
    """Place the marks of ``tile_id``: each animal at the spot of its terrain farthest from
    everything it must not touch (largest clearance first), then the id where it covers
    nothing. Cached: the search runs once per tile and process."""
    tile = catalog.CATALOG[tile_id]
    edges = tile.edges
    a, b = tile.tile.river_corners()
    hexagon = [_corner(i) for i in range(6)]
    river = _river_path(a, b, HEX_RADIUS)
    ponds = [_corner(a), _corner(b)]
    totem = None if tile.totem_corner is None else _corner(tile.totem_corner, HEX_RADIUS - 9)
    discs: list[tuple[Point, float]] = [(p, POND) for p in ponds]
    if totem is not None:
        discs.append((totem, TOTEM))
    grid = [
        (x * GRID, y * GRID)
        for y in range(int(TILE[1] / GRID) + 1)
        for x in range(int(TILE[0] / GRID) + 1)
    ]
    grid = [p for p in grid if _inside(hexagon, p)]
    outline = [*hexagon, hexagon[0]]
    # Distances to the hex edge and to the river, once per candidate point.
    fixed = {p: (_polyline_distance(p, outline), _polyline_distance(p, river)) for p in grid}

    def slack(p: Point, r: float) -> float:
        edge, water = fixed[p]
        room = min(edge - r - 0.8, water - RIVER_HALF - r - 0.4)
        for centre, radius in discs:
            room = min(room, math.dist(p, centre) - radius - r - 0.6)
        return room

    animals: dict[str, tuple[Point, ...]] = {}
    salmon = _along(river, tile.animals["river"], 2 * RIVER_MARK + 1.0)
    animals["river"] = salmon
    discs += [(p, RIVER_MARK) for p in salmon]
    for space, letter in (("prairie", "P"), ("mountain", "M")):
        land = _land_polygon(edges, letter, 0.0)
        inside = [p for p in grid if _inside(land, p)]
        spots: list[Point] = []
        for _ in range(tile.animals[space]):
            best = max(inside, key=lambda p: slack(p, LAND_MARK))
            spots.append(best)
            discs.append((best, LAND_MARK))
        animals[space] = tuple(spots)
    # The id: a small label, anywhere on the tile where it covers no mark and no river.
    half = math.hypot(*ID_BOX) / 2
    id_at = max(
        grid,
        key=lambda p: (
            min(slack(p, half), 4.0) - 0.01 * math.dist(p, (TILE[0] / 2, TILE[1] / 2 - 14))
        ),
    )
    return TileArt(animals, id_at, totem)


PATTERN_BOX = (-BLEED, -BLEED, TILE[0] + BLEED, TILE[1] + BLEED)


def _hatch(pen: Pen) -> None:
    """Mountain: diagonal hatching every 3 mm."""
    x0, y0, x1, y1 = PATTERN_BOX
    span = (x1 - x0) + (y1 - y0)
    for k in range(int(span / 3) + 1):
        d = k * 3.0
        pen.line(x0 + d, y0, x0 + d - (y1 - y0), y1, color="mountain_dark", width=0.2)


def _grass(pen: Pen) -> None:
    """Prairie: tufts of three short strokes on a staggered 6 mm grid."""
    x0, y0, x1, y1 = PATTERN_BOX
    for row in range(int((y1 - y0) / 5) + 1):
        for col in range(int((x1 - x0) / 6) + 2):
            x = x0 + col * 6 + (3 if row % 2 else 0)
            y = y0 + row * 5
            for dx, top in ((-0.7, 1.1), (0.0, 1.6), (0.7, 1.1)):
                pen.line(x + dx * 0.4, y, x + dx, y + top, color="prairie_dark", width=0.2)


def _animals(pen: Pen, kind: str, spots: tuple[Point, ...], radius: float) -> None:
    for x, y in spots:
        size = (radius - 0.5) * 2 * 0.85
        pen.circle(x, y, radius, fill="cream", stroke="line", width=0.15)
        icon(pen, kind, x - size / 2, y - size / 2, size)


def _tile(tile: catalog.CatalogTile) -> Piece:
    edges = tile.edges
    a, b = tile.tile.river_corners()

    def front(pen: Pen) -> None:
        w, h = TILE
        grow = BLEED * 2.2  # art runs past every edge into the bleed
        pen.rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, fill="mountain")
        prairie = _land_polygon(edges, "P", grow)
        # Each terrain has its pattern, in colour too: hue alone fails in grey and for
        # colour-blind players (issue 24).
        pen.form("pattern-mountain", PATTERN_BOX, _hatch)
        pen.polygon(prairie, fill="prairie")
        with pen.clipped(prairie):
            pen.form("pattern-prairie", PATTERN_BOX, _grass)
        river = _river_path(a, b, HEX_RADIUS + grow)
        pen.polygon(river, stroke="river", width=7.0, close=False)
        pen.polygon(river, stroke="river_light", width=1.0, close=False)
        for corner in (a, b):  # the small ponds at the river's ends
            x, y = _corner(corner)
            pen.circle(x, y, POND, fill="river", stroke="river_light", width=0.6)
        hexagon = [_corner(i) for i in range(6)]
        pen.polygon(hexagon, stroke="line", width=0.25)
        art = tile_art(tile.id)
        _animals(pen, "bison", art.animals["prairie"], LAND_MARK)
        _animals(pen, "turkey", art.animals["mountain"], LAND_MARK)
        _animals(pen, "salmon", art.animals["river"], RIVER_MARK)
        if art.totem_at is not None:
            x, y = art.totem_at
            pen.circle(x, y, TOTEM, fill="cream", stroke="gold", width=0.8)
            icon(pen, "totem", x - 5, y - 5, 10)
        x, y = art.id_at
        pen.rect(x - ID_BOX[0] / 2, y - ID_BOX[1] / 2, *ID_BOX, fill="cream", radius=1.0)
        pen.text(x, y - 1.0, tile.id, 7, color="text", align="center")

    return Piece(tile.id, *TILE, front, shape="hex")


# -- player boards -----------------------------------------------------------------------


def _board(colour: str, code: tuple[str, str] | None, seat_label: str, t: Text) -> Piece:
    """A player board in the colour of its seat, with the seat's name (``seat_label``) and QR."""

    def front(pen: Pen) -> None:
        w, h = BOARD
        pen.rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, fill="sand")
        pen.rect(-BLEED, h - 14, w + 2 * BLEED, 14 + BLEED, fill=colour)
        pen.text(6, h - 10, t("game_bison"), 14, color=text_on(colour))
        player_tag(pen, colour, seat_label, w - 4, h - 11, 7)
        # Food tracks 0–15 (B8): start at 10, never below 0, never above the cap.
        box = 8.0
        for row, animal in enumerate(economy.ANIMALS):
            y = h - 30 - row * 12
            icon(pen, animal, 5, y, 10)
            for n in range(economy.STOCK_CAP + 1):
                x = 18 + n * box
                fill = "gold" if n == economy.START_STOCK else "cream"
                pen.rect(x, y, box - 0.8, 10, fill=fill, stroke="line", width=0.2)
                pen.text(x + (box - 0.8) / 2, y + 3.4, str(n), 8, align="center")
        # Cost table (B6).
        y = h - 62
        pen.text(6, y + 1, t("bi_cost"), 8, color="muted", max_width=80)
        for k, (hunters, cost) in enumerate(sorted(economy.COST_TABLE.items())):
            x = 6 + k * 14.5
            pen.rect(x, y - 17, 13.5, 14, fill="cream", stroke="line", width=0.2)
            icon(pen, "hunter", x + 1, y - 8, 5)
            pen.text(x + 9.5, y - 7.5, str(hunters), 9, align="center")
            label = "+1" if cost < 0 else str(cost)
            pen.text(
                x + 6.75, y - 15, label, 10, align="center", color="red" if cost < 0 else "text"
            )
        pen.text(6, y - 21.5, "+1 = " + t("bi_gain_one"), 6.5, color="muted", max_width=85)
        # Market (B7).
        mx = 100
        pen.text(mx, y + 1, t("bi_market"), 8, color="muted")
        pen.rect(mx, y - 21, 79, 19, fill="cream", stroke="line", width=0.2)
        icon(pen, "hunter", mx + 2, y - 9, 6)
        pen.text(mx + 10, y - 7.5, t("bi_hunter_price"), 7, max_width=66)
        icon(pen, "tent", mx + 2, y - 16, 5.5)
        icon(pen, "canoe", mx + 7.5, y - 16, 5.5)
        pen.text(mx + 15, y - 14.5, t("bi_structure_price"), 7, max_width=60)
        pen.text(mx + 2, y - 20, t("bi_exchange", rate=economy.EXCHANGE_RATE), 7, max_width=70)
        # The six actions (B6), each with a space for an action marker: icon on top, the
        # label on up to three lines, the marker's square below. One size for the six.
        pen.text(6, 41, t("bi_actions"), 8, color="muted", max_width=120)
        icons = {
            Action.PLACE_TILE: "hunter",
            Action.TENT: "tent",
            Action.CANOE: "canoe",
            Action.GATHER: "hunter",
            Action.MOVE_1: "hunter",
            Action.MOVE_3: "hunter",
        }
        cell = (w - 12) / 6
        label_box = (cell - 2 - 2 * ACTION_PAD, 9.0)
        label_pt = min(
            fit(t("bi_" + action.value), *label_box, ACTION_LABEL_PT, MIN_LABEL_PT)[0]
            for action in Action
        )
        for k, action in enumerate(Action):
            x = 6 + k * cell
            pen.rect(x, 5, cell - 2, 33, fill="cream", stroke="line", width=0.25, radius=1.5)
            pen.rect(x + (cell - 2) / 2 - 7, 6.5, 14, 14, stroke=colour, width=0.5, radius=1)
            icon(pen, icons[action], x + 2, 30.5, 6.5)
            pen.text(
                x + 10,
                32,
                {Action.MOVE_1: "1", Action.MOVE_3: "1–3", Action.GATHER: "→"}.get(action, ""),
                8,
            )
            pen.block(x + ACTION_PAD, 21.2, *label_box, t("bi_" + action.value), label_pt, label_pt)
        pen.seat_code(w - 32, h - 46, 28, code)

    return Piece(f"board-{colour}", *BOARD, front)


# -- tokens ------------------------------------------------------------------------------


def _token(piece_id: str, colour: str, draw: Art, size: float = TOKEN) -> Piece:
    def front(pen: Pen) -> None:
        pen.rect(-BLEED, -BLEED, size + 2 * BLEED, size + 2 * BLEED, fill=colour)
        pen.rect(1.2, 1.2, size - 2.4, size - 2.4, fill="cream", radius=1.5)
        draw(pen)
        if colour in MARKS:  # the owner's shape too: colours told apart in grey
            mark = 3.6 if size < TOKEN else 4.0  # big enough to read its shape at arm's length
            player_mark(pen, colour, size - mark - 0.6, size - mark - 0.6, mark)

    return Piece(piece_id, size, size, front)


def _icon_art(name: str, at: float, size: float) -> Art:
    def draw(pen: Pen) -> None:
        icon(pen, name, at, at, size)

    return draw


def _structure(kind: str, colour: str, size: int, copy: int) -> Piece:
    def draw(pen: Pen) -> None:
        icon(pen, kind, 2.8, 5.6, 9)
        width = size * 2.6
        for k in range(size):  # one diamond per size step (B6, B11)
            icon(pen, "diamond", TOKEN / 2 - width / 2 + k * 2.6, 2.2, 2.4)

    return _token(f"{kind}-{colour}-{size}{'ab'[copy]}", colour, draw)


def components(context: Context) -> list[Component]:
    t = context.t
    tiles = tuple(_tile(tile) for tile in catalog.CATALOG.values())
    colours = context.colours(COLOURS)  # the table's seats' colours (issue 24)
    seats = [context.seat_of(colour, n) for n, colour in enumerate(colours)]
    boards = tuple(
        _board(colour, context.seat_code(seat), context.seat_label(seat), t)
        for seat, colour in zip(seats, colours, strict=True)
    )
    structures = []
    for colour in colours:
        for kind in economy.STRUCTURE_KINDS:
            seen: dict[int, int] = {}
            for size in economy.STRUCTURE_SIZES:
                structures.append(_structure(kind, colour, size, seen.get(size, 0)))
                seen[size] = seen.get(size, 0) + 1
    markers: list[Piece] = []
    for colour in colours:
        for n in range(economy.HUNTERS_OWNED):
            markers.append(
                _token(
                    f"hunter-{colour}-{n + 1}",
                    colour,
                    lambda pen: icon(pen, "hunter", 1.6, 1.6, 7.6),
                    SMALL_TOKEN,
                )
            )
        for animal in economy.ANIMALS:
            markers.append(
                _token(f"food-{colour}-{animal}", colour, _icon_art(animal, 1.4, 7.4), SMALL_TOKEN)
            )
        for n in range(ACTIONS_PER_ROUND):  # one action marker per action of a round (B6)
            markers.append(
                _token(
                    f"action-{colour}-{n + 1}",
                    colour,
                    lambda pen: pen.circle(5.4, 5.4, 3.0, fill="night"),
                    SMALL_TOKEN,
                )
            )
    markers.append(_token("totem", "gold", lambda pen: icon(pen, "totem", 3, 3, 24), 30.0))
    return [
        Component("bison.tiles", t("bi_tiles"), tiles),
        Component("bison.boards", t("bi_boards"), boards),
        Component("bison.structures", t("bi_structures"), tuple(structures)),
        Component("bison.markers", t("bi_markers"), tuple(markers)),
    ]
