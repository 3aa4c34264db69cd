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

import math
from collections.abc import Callable

from games.bison import catalog, economy
from games.bison.rounds import ACTIONS_PER_ROUND, Action
from printgen.icons import icon, player_mark
from printgen.layout import BLEED, Component, Piece
from printgen.linebreak import fit
from printgen.pen import MIN_LABEL_PT, Pen

Text = Callable[..., str]  # Context.t: a printgen message in the kit's language

GAME = "bison"
HEX_RADIUS = 40.0  # mm, centre to corner: 80 mm tall, 69.3 mm across the flats
TILE = (math.sqrt(3) * HEX_RADIUS, 2 * HEX_RADIUS)
BOARD = (185.0, 130.0)
TOKEN = 16.0
SMALL_TOKEN = 12.0
# Player colours of the box (rules/bison.md, Components).
COLOURS = ("blue", "red", "yellow", "green")
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
    return [((1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x2,
             (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y2)
            for t in (k / 24 for k in range(25))]


def _land_polygon(edges: str, letter: str, grow: float) -> list[tuple[float, float]]:
    """The prairie (``P``) or mountain (``M``) side: its edges' corners, closed along the
    river's curve."""
    start = next(i for i in range(6) if edges[i] == letter and edges[i - 1] != letter)
    run = edges.count(letter)
    corners = [(start - 1 + k) % 6 for k in range(run + 1)]
    outline = [_corner(c, HEX_RADIUS + grow) for c in corners]
    return outline + _river_path(corners[-1], corners[0], HEX_RADIUS + grow)[1:-1]


def _space_centre(edges: str, letter: str) -> tuple[float, float]:
    """Where a land space's animals go: out from the middle towards its own edges."""
    start = next(i for i in range(6) if edges[i] == letter and edges[i - 1] != letter)
    run = edges.count(letter)
    mids = [_centroid([_corner(e - 1), _corner(e)]) for e in
            ((start + k) % 6 for k in range(run))]
    tx, ty = _centroid(mids)
    cx, cy = TILE[0] / 2, TILE[1] / 2
    dx, dy = tx - cx, ty - cy
    length = math.hypot(dx, dy) or 1.0
    reach = HEX_RADIUS * (0.62 if run in (2, 3, 4) else 0.7)
    if run == 5:  # the wide space: its middle is opposite the narrow one's
        reach = HEX_RADIUS * 0.45
    return cx + dx / length * reach, cy + dy / length * reach


def _river_centre(a: int, b: int) -> tuple[float, float]:
    path = _river_path(a, b, HEX_RADIUS)
    return path[len(path) // 2]


def _centroid(points: list[tuple[float, float]]) -> tuple[float, float]:
    return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


def _animals(pen: Pen, kind: str, count: int, at: tuple[float, float]) -> None:
    size = 8.0
    offsets = {0: [], 1: [(0, 0)], 2: [(-0.6, 0), (0.6, 0)],
               3: [(-0.6, -0.5), (0.6, -0.5), (0, 0.55)]}[count]
    for ox, oy in offsets:
        x, y = at[0] + ox * size * 1.05, at[1] + oy * size * 1.05
        pen.circle(x, y, size / 2 + 0.5, fill="cream", stroke="line", width=0.15)
        icon(pen, kind, x - size / 2 * 0.85, y - size / 2 * 0.85, size * 0.85)


def _tile(tile: catalog.CatalogTile) -> Piece:
    edges = tile.edges
    a, b = tile.tile.river_corners()

    def front(pen: Pen) -> None:
        w, h = TILE
        grow = BLEED * 2.2  # art runs past every edge into the bleed
        pen.rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, fill="mountain")
        pen.polygon(_land_polygon(edges, "P", grow), fill="prairie")
        river = _river_path(a, b, HEX_RADIUS + grow)
        pen.polygon(river, stroke="river", width=7.0, close=False)
        pen.polygon(river, stroke="river_light", width=1.0, close=False)
        for corner in (a, b):  # the small ponds at the river's ends
            x, y = _corner(corner)
            pen.circle(x, y, 5.2, fill="river", stroke="river_light", width=0.6)
        hexagon = [_corner(i) for i in range(6)]
        pen.polygon(hexagon, stroke="line", width=0.25)
        counts = tile.animals
        prairie_at = _space_centre(edges, "P")
        mountain_at = _space_centre(edges, "M")
        _animals(pen, "bison", counts["prairie"], prairie_at)
        _animals(pen, "turkey", counts["mountain"], mountain_at)
        _animals(pen, "salmon", counts["river"], _river_centre(a, b))
        if tile.totem_corner is not None:
            x, y = _corner(tile.totem_corner, HEX_RADIUS - 9)
            pen.circle(x, y, 6.5, fill="cream", stroke="gold", width=0.8)
            icon(pen, "totem", x - 5, y - 5, 10)
        pen.text(w / 2, h / 2 - 14, tile.id, 7, color="paper", align="center")

    return Piece(tile.id, *TILE, front, shape="hex")


# -- player boards -----------------------------------------------------------------------

def _board(seat: int, colour: str, code: tuple[str, str] | None, t: Text) -> Piece:
    def front(pen: Pen) -> None:
        w, h = BOARD
        pen.rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, fill="sand")
        pen.rect(-BLEED, h - 14, w + 2 * BLEED, 14 + BLEED, fill=colour)
        pen.text(6, h - 10, t("game_bison"), 14, color="paper")
        player_mark(pen, colour, w - 27, h - 11, 7)
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
            pen.text(x + 6.75, y - 15, label, 10, align="center",
                     color="red" if cost < 0 else "text")
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
        pen.text(mx + 2, y - 20, t("bi_exchange", rate=economy.EXCHANGE_RATE), 7,
                 max_width=70)
        # The six actions (B6), each with a space for an action marker: icon on top, the
        # label on up to three lines, the marker's square below. One size for the six.
        pen.text(6, 41, t("bi_actions"), 8, color="muted", max_width=120)
        icons = {Action.PLACE_TILE: "hunter", Action.TENT: "tent", Action.CANOE: "canoe",
                 Action.GATHER: "hunter", Action.MOVE_1: "hunter", Action.MOVE_3: "hunter"}
        cell = (w - 12) / 6
        label_box = (cell - 2 - 2 * ACTION_PAD, 9.0)
        label_pt = min(fit(t("bi_" + action.value), *label_box, ACTION_LABEL_PT,
                           MIN_LABEL_PT)[0] for action in Action)
        for k, action in enumerate(Action):
            x = 6 + k * cell
            pen.rect(x, 5, cell - 2, 33, fill="cream", stroke="line", width=0.25, radius=1.5)
            pen.rect(x + (cell - 2) / 2 - 7, 6.5, 14, 14, stroke=colour, width=0.5, radius=1)
            icon(pen, icons[action], x + 2, 30.5, 6.5)
            pen.text(x + 10, 32, {Action.MOVE_1: "1", Action.MOVE_3: "1–3",
                                  Action.GATHER: "→"}.get(action, ""), 8)
            pen.block(x + ACTION_PAD, 21.2, *label_box, t("bi_" + action.value),
                      label_pt, label_pt)
        pen.seat_code(w - 32, h - 46, 28, code)
        pen.text(w - 4, h - 10, t("seat", n=seat + 1), 8, color="paper", align="right")

    return Piece(f"board-{colour}", *BOARD, front)


# -- tokens ------------------------------------------------------------------------------

def _token(piece_id: str, colour: str, draw, size: float = TOKEN) -> Piece:
    def front(pen: Pen) -> None:
        pen.rect(-BLEED, -BLEED, size + 2 * BLEED, size + 2 * BLEED, fill=colour)
        pen.rect(1.2, 1.2, size - 2.4, size - 2.4, fill="cream", radius=1.5)
        draw(pen)
        if colour in COLOURS:  # the owner's shape too: colours told apart in grey
            mark = 2.8 if size < TOKEN else 3.2
            player_mark(pen, colour, size - mark - 0.6, size - mark - 0.6, mark)
    return Piece(piece_id, size, size, front)


def _structure(kind: str, colour: str, size: int, copy: int) -> Piece:
    def draw(pen: Pen) -> None:
        icon(pen, kind, 2.8, 5.6, 9)
        width = size * 2.6
        for k in range(size):  # one diamond per size step (B6, B11)
            icon(pen, "diamond", TOKEN / 2 - width / 2 + k * 2.6, 2.2, 2.4)
    return _token(f"{kind}-{colour}-{size}{'ab'[copy]}", colour, draw)


def components(context) -> list[Component]:
    t = context.t
    tiles = tuple(_tile(tile) for tile in catalog.CATALOG.values())
    boards = tuple(_board(seat, colour, context.seat_code(seat), t)
                   for seat, colour in enumerate(COLOURS))
    structures = []
    for colour in COLOURS:
        for kind in economy.STRUCTURE_KINDS:
            seen: dict[int, int] = {}
            for size in economy.STRUCTURE_SIZES:
                structures.append(_structure(kind, colour, size, seen.get(size, 0)))
                seen[size] = seen.get(size, 0) + 1
    markers: list[Piece] = []
    for colour in COLOURS:
        for n in range(economy.HUNTERS_OWNED):
            markers.append(_token(f"hunter-{colour}-{n + 1}", colour,
                                  lambda pen: icon(pen, "hunter", 1.6, 1.6, 7.6),
                                  SMALL_TOKEN))
        for animal in economy.ANIMALS:
            markers.append(_token(f"food-{colour}-{animal}", colour,
                                  lambda pen, a=animal: icon(pen, a, 1.4, 1.4, 7.4),
                                  SMALL_TOKEN))
        for n in range(ACTIONS_PER_ROUND):  # one action marker per action of a round (B6)
            markers.append(_token(f"action-{colour}-{n + 1}", colour,
                                  lambda pen: pen.circle(5.4, 5.4, 3.0, fill="night"),
                                  SMALL_TOKEN))
    markers.append(_token("totem", "gold", lambda pen: icon(pen, "totem", 3, 3, 24), 30.0))
    return [Component("bison.tiles", t("bi_tiles"), tiles),
            Component("bison.boards", t("bi_boards"), boards),
            Component("bison.structures", t("bi_structures"), tuple(structures)),
            Component("bison.markers", t("bi_markers"), tuple(markers))]
