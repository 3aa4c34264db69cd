"""Bison: the 21 hex tiles, 4 player boards, tents and canoes, markers, the totem.

Data comes from ``games.bison``: the tile catalog (edges, animals, start tiles and their
totem corners, B1/B4), the cost table (B6), market prices and exchange rate (B7), the food
tracks (B8), the six actions (B6) and the structure sizes. This module adds sizes in
millimetres and the art.

The tiles' geometry (where river, ponds, animals, totem, id label and photo markers lie)
is ``games.bison.kit.tile_art`` and ``games.bison.kit.markers``, shared with the photo reader.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from games import registry
from games.bison import catalog, economy
from games.bison.components import PLAYER_COLOURS
from games.bison.kit import markers
from games.bison.kit import tile_art as geo
from games.bison.kit.tile_art import HEX_RADIUS, RIVER_HALF, TileArt, tile_art
from games.bison.rounds import ACTIONS_PER_ROUND, Action
from games.errors import N_
from printgen import words
from printgen.icons import MARKS, fitted, icon, icon_in, player_mark, player_tag
from printgen.layout import BLEED, Art, Component, Piece
from printgen.linebreak import fit
from printgen.messages import Message
from printgen.pen import MIN_LABEL_PT, Pen
from printgen.plug import Kit
from printgen.style import text_on

if TYPE_CHECKING:
    from printgen.context import Context

Text = Callable[..., str]  # Context.t: a printgen message in the kit's language

GAME = "bison"

# The six actions on a Bison board, by ``games.bison.rounds.Action`` value.
ACTIONS: dict[str, Message] = {
    "place_tile": N_("Place your tile + hunters"),
    "tent": N_("Build / enlarge a tent"),
    "canoe": N_("Build / enlarge a canoe"),
    "gather": N_("Gather hunters"),
    "move_1": N_("Move hunters 1 space"),
    "move_3": N_("Move hunters 1–3 spaces"),
}
BOARD = (185.0, 130.0)
TOKEN = 16.0
SMALL_TOKEN = 12.0
# Player colours of the box (rules/bison.md, Components).
COLOURS = PLAYER_COLOURS
ACTION_LABEL_PT = 8.0  # the action labels' size when all six fit at it
ACTION_PAD = 1.2  # mm between an action cell's edge and its label
ANIMAL_OF_SPACE = {"prairie": "bison", "river": "salmon", "mountain": "turkey"}
# Re-exported: tests and tools read the tile geometry through the printer too.
__all__ = ["HEX_RADIUS", "RIVER_HALF", "TileArt", "components", "tile_art"]


# -- tiles -------------------------------------------------------------------------------

PATTERN_BOX = (-BLEED, -BLEED, geo.TILE[0] + BLEED, geo.TILE[1] + BLEED)


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


def _animals(pen: Pen, kind: str, spots: tuple[geo.Point, ...], radius: float) -> None:
    for x, y in spots:
        size = (radius - 0.5) * 2 * 0.85
        pen.circle(x, y, radius, fill="cream", stroke="line", width=0.15)
        icon(pen, kind, x - size / 2, y - size / 2, size)


def draw_marker(pen: Pen, marker: markers.Marker) -> None:
    """A photo marker (issue 23): its white margin, then its black cells, pure black and
    white in every style (ink saver too: a grey tag reads worse), one form per id."""
    cell = marker.size / 10
    x, y = marker.centre[0] - marker.size / 2, marker.centre[1] - marker.size / 2

    def draw(p: Pen) -> None:
        p.rect(0, 0, 10, 10, fill="paper")
        for col, row in markers.black_cells(marker.id):
            # 0.02-cell overlap: no hairline of paper between touching cells.
            p.ink_rect(1 + col - 0.01, 8 - row - 0.01, 1.02, 1.02, color="#000000")

    with pen.at(x, y, scale=cell):
        pen.form(f"tag36h11-{marker.id}", (0, 0, 10, 10), draw)


def _tile(tile: catalog.CatalogTile, with_markers: bool) -> Piece:
    edges = tile.edges
    a, b = tile.tile.river_corners()

    def front(pen: Pen) -> None:
        w, h = geo.TILE
        grow = BLEED * 2.2  # art runs past every edge into the bleed
        pen.rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, fill="mountain")
        prairie = geo.land_polygon(edges, "P", grow)
        # Each terrain has its pattern, in colour too: hue alone fails in grey and for
        # colour-blind players (issue 24).
        pen.form("pattern-mountain", PATTERN_BOX, _hatch)
        pen.polygon(prairie, fill="prairie")
        with pen.clipped(prairie):
            pen.form("pattern-prairie", PATTERN_BOX, _grass)
        # The reader's own line (issue 32): within the hexagon the river is where a
        # token's space is read from, whatever the bleed. Deep blue with a dashed light
        # current: a grey of its own (40+ levels from both lands printed grey, issue 37).
        river = geo.river_line(a, b, grow)
        pen.polygon(river, stroke="river_deep", width=2 * RIVER_HALF, close=False)
        pen.polygon(river, stroke="river_light", width=0.7, close=False, dash=(2.0, 2.0))
        for corner in (a, b):  # the small ponds at the river's ends
            x, y = geo.corner_at(corner)
            pen.circle(x, y, geo.POND, fill="river_deep", stroke="river_light", width=0.6)
        hexagon = [geo.corner_at(i) for i in range(6)]
        pen.polygon(hexagon, stroke="line", width=0.25)
        art = tile_art(tile.id)
        _animals(pen, "bison", art.animals["prairie"], geo.LAND_MARK)
        _animals(pen, "turkey", art.animals["mountain"], geo.LAND_MARK)
        _animals(pen, "salmon", art.animals["river"], geo.RIVER_MARK)
        if art.totem_at is not None:
            x, y = art.totem_at
            pen.circle(x, y, geo.TOTEM, fill="cream", stroke="gold", width=0.8)
            icon(pen, "totem", x - 5, y - 5, 10)
        x, y = art.id_at
        pen.rect(
            x - geo.ID_BOX[0] / 2, y - geo.ID_BOX[1] / 2, *geo.ID_BOX, fill="cream", radius=1.0
        )
        pen.text(x, y - 1.0, tile.id, 7, color="text", align="center")
        if with_markers:
            for marker in markers.tile_markers(tile.id):
                draw_marker(pen, marker)

    return Piece(tile.id, *geo.TILE, front, shape="hex")


STICKER = (21.0, 24.0)  # mm: a tile marker, its label and where it goes on the tile


def _sticker(marker: markers.Marker, tile_id: str, slot: int) -> Piece:
    """A tile marker to stick on a retail tile (issue 23): the tag, the tile id and slot,
    and a small hexagon (pointy top = the tag's top) with a dot where it goes."""
    w, h = STICKER

    def front(pen: Pen) -> None:
        pen.rect(0, 0, w, h, fill="paper")
        draw_marker(pen, markers.Marker(marker.id, (w / 2, h - 0.6 - marker.size / 2), marker.size))
        pen.text(1.2, 2.2, f"{tile_id} · {slot + 1}/{markers.TILE_SLOTS}", 6, color="text")
        scale = 7.0 / geo.TILE[1]  # a 7 mm tall hexagon at the lower right
        x0, y0 = w - 1.0 - geo.TILE[0] * scale, 1.0
        pen.polygon(
            [(x0 + x * scale, y0 + y * scale) for x, y in (geo.corner_at(i) for i in range(6))],
            stroke="text",
            width=0.2,
        )
        mx, my = marker.centre
        pen.circle(x0 + mx * scale, y0 + my * scale, 0.6, fill="text")

    return Piece(f"sticker-{tile_id}-{slot + 1}", w, h, front)


# -- player boards -----------------------------------------------------------------------


def _board(colour: str, code: tuple[str, str] | None, seat_label: str, t: Text) -> Piece:
    """A player board in the colour of its seat, with the seat's name (``seat_label``) and QR."""

    def front(pen: Pen) -> None:
        w, h = BOARD
        pen.rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, fill="sand")
        pen.rect(-BLEED, h - 14, w + 2 * BLEED, 14 + BLEED, fill=colour)
        pen.text(6, h - 10, t(registry.get(GAME).title), 14, color=text_on(colour))
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
        pen.text(6, y + 1, t(words.BI_COST), 8, color="muted", max_width=80)
        for k, (hunters, cost) in enumerate(sorted(economy.COST_TABLE.items())):
            x = 6 + k * 14.5
            pen.rect(x, y - 17, 13.5, 14, fill="cream", stroke="line", width=0.2)
            icon(pen, "hunter", x + 1, y - 8, 5)
            pen.text(x + 9.5, y - 7.5, str(hunters), 9, align="center")
            label = "+1" if cost < 0 else str(cost)
            pen.text(
                x + 6.75, y - 15, label, 10, align="center", color="red" if cost < 0 else "text"
            )
        pen.text(6, y - 21.5, "+1 = " + t(words.BI_GAIN_ONE), 6.5, color="muted", max_width=85)
        # Market (B7).
        mx = 100
        pen.text(mx, y + 1, t(words.BI_MARKET), 8, color="muted")
        pen.rect(mx, y - 21, 79, 19, fill="cream", stroke="line", width=0.2)
        icon(pen, "hunter", mx + 2, y - 9, 6)
        pen.text(mx + 10, y - 7.5, t(words.BI_HUNTER_PRICE), 7, max_width=66)
        icon(pen, "tent", mx + 2, y - 16, 5.5)
        icon(pen, "canoe", mx + 7.5, y - 16, 5.5)
        pen.text(mx + 15, y - 14.5, t(words.BI_STRUCTURE_PRICE), 7, max_width=60)
        pen.text(mx + 2, y - 20, t(words.BI_EXCHANGE, rate=economy.EXCHANGE_RATE), 7, max_width=70)
        # The six actions (B6), each with a space for an action marker: icon on top, the
        # label on up to three lines, the marker's square below. One size for the six.
        pen.text(6, 41, t(words.BI_ACTIONS), 8, color="muted", max_width=120)
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
            fit(t(ACTIONS[action.value]), *label_box, ACTION_LABEL_PT, MIN_LABEL_PT)[0]
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
            pen.block(
                x + ACTION_PAD, 21.2, *label_box, t(ACTIONS[action.value]), label_pt, label_pt
            )
        pen.seat_code(w - 32, h - 46, 28, code)

    return Piece(f"board-{colour}", *BOARD, front)


# -- tokens ------------------------------------------------------------------------------


Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in the token's mm


def owner_box(size: float, marked: bool = False) -> Box:
    """Where a token's owner shape goes: its upper right corner, on the rim (a marked
    token's a little smaller and further out: clear of the size diamonds, issue 37)."""
    if marked:
        mark = 3.4 if size >= TOKEN else 3.2
        at = size - mark - 0.5
    else:
        mark = 3.6 if size < TOKEN else 4.0  # big enough to read its shape at arm's length
        at = size - mark - 0.6
    return (at, at, at + mark, at + mark)


TALL_ICON = {"hunter": "hunter-tall", "tent": "tipi", "canoe": "canoe-long"}


def marked_layout(kind: str, size: int = 0) -> dict[str, Box]:
    """A token with its photo marker (issue 37): the marker (margin included) in the lower
    left, the owner's shape in the upper right, and the kind's icon and a structure's size
    diamonds in the two strips the marker leaves (above it and at its right), none
    touching another. The token and the marker are the photo reader's
    (:mod:`games.bison.kit.markers`: a larger token hides tile markers, a smaller marker is
    lost at 2 MP), so a strip is 3.7 mm wide (a hunter's 2.7): the icon is drawn tall or
    long (:data:`TALL_ICON`) to run the strip's length, 6 mm and more. A tipi or a hunter
    stands at the right with the diamonds along the top; a canoe lies along the top with
    the diamonds down the right: the two structures differ in outline at a glance.
    Tested, drawn from."""
    marker = markers.piece_marker("red", kind, size)
    side = markers.token_size(kind)
    half = marker.size / 2
    right, top = marker.centre[0] + half, marker.centre[1] + half
    owner = owner_box(side, marked=True)
    gap = 0.4  # mm between two parts of the art
    edge = side - 1.3  # within the cream face, clear of its rounded corners
    if kind == "canoe":  # along the top, the diamonds down the right
        strip: Box = (1.4, top + 0.3, min(right + 0.4, owner[0] - gap), edge)
        diamond_at = [(right + 0.8, 1.4 + k * DIAMOND_STEP) for k in range(size)]
    else:  # standing at the right, the diamonds along the top
        strip = (right + 0.3, 1.5, edge, owner[1] - gap)
        diamond_at = [(1.4 + k * DIAMOND_STEP, top + 0.8) for k in range(size)]
    layout = {
        "marker": (marker.centre[0] - half, marker.centre[1] - half, right, top),
        "icon": fitted(TALL_ICON[kind], strip),
        "owner": owner,
    }
    for k, (x, y) in enumerate(diamond_at, 1):  # one diamond per size step (B6, B11)
        layout[f"diamond-{k}"] = (x, y, x + DIAMOND, y + DIAMOND)
    return layout


def _token(
    piece_id: str,
    colour: str,
    draw: Art,
    size: float = TOKEN,
    marker: markers.Marker | None = None,
) -> Piece:
    def front(pen: Pen) -> None:
        pen.rect(-BLEED, -BLEED, size + 2 * BLEED, size + 2 * BLEED, fill=colour)
        pen.rect(1.2, 1.2, size - 2.4, size - 2.4, fill="cream", radius=1.5)
        draw(pen)
        if marker is not None:
            draw_marker(pen, marker)
        if colour in MARKS:  # the owner's shape too: colours told apart in grey
            x0, y0, x1, _ = owner_box(size, marked=marker is not None)
            player_mark(pen, colour, x0, y0, x1 - x0)

    return Piece(piece_id, size, size, front)


def _icon_art(name: str, at: float, size: float) -> Art:
    def draw(pen: Pen) -> None:
        icon(pen, name, at, at, size)

    return draw


DIAMOND, DIAMOND_STEP = 2.4, 2.6  # mm: a size diamond and its pitch


def _diamonds(pen: Pen, size: int, x: float, y: float) -> None:
    for k in range(size):  # one diamond per size step (B6, B11)
        icon(pen, "diamond", x + k * DIAMOND_STEP, y, DIAMOND)


def _marked_art(kind: str, size: int = 0) -> Art:
    """The icon and diamonds of a marked token (:func:`marked_layout`)."""
    layout = marked_layout(kind, size)

    def draw(pen: Pen) -> None:
        icon_in(pen, TALL_ICON[kind], layout["icon"])
        for k in range(1, size + 1):
            x0, y0, _, _ = layout[f"diamond-{k}"]
            icon(pen, "diamond", x0, y0, DIAMOND)

    return draw


def _structure(kind: str, colour: str, size: int, copy: int, with_markers: bool) -> Piece:
    piece_id = f"{kind}-{colour}-{size}{'ab'[copy]}"
    if with_markers:
        # The marker in the lower left, the owner's shape in the upper right, the kind's
        # icon and the size diamonds in the two strips between (marked_layout).
        marker = markers.piece_marker(colour, kind, size)
        return _token(piece_id, colour, _marked_art(kind, size), markers.token_size(kind), marker)

    def draw(pen: Pen) -> None:
        icon(pen, kind, 2.8, 5.6, 9)
        _diamonds(pen, size, TOKEN / 2 - size * 2.6 / 2, 2.2)

    return _token(piece_id, colour, draw)


def _hunter(colour: str, n: int, with_markers: bool) -> Piece:
    piece_id = f"hunter-{colour}-{n + 1}"
    if with_markers:  # grown from 12 mm to carry its marker; the hunter at its right
        marker = markers.piece_marker(colour, "hunter")
        return _token(piece_id, colour, _marked_art("hunter"), markers.token_size("hunter"), marker)
    return _token(piece_id, colour, _icon_art("hunter", 1.6, 7.6), SMALL_TOKEN)


def components(context: Context) -> list[Component]:
    t = context.t
    tiles = tuple(_tile(tile, context.markers) for tile in catalog.CATALOG.values())
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
                structures.append(
                    _structure(kind, colour, size, seen.get(size, 0), context.markers)
                )
                seen[size] = seen.get(size, 0) + 1
    tokens: list[Piece] = []
    for colour in colours:
        for n in range(economy.HUNTERS_OWNED):
            tokens.append(_hunter(colour, n, context.markers))
        for animal in economy.ANIMALS:
            tokens.append(
                _token(f"food-{colour}-{animal}", colour, _icon_art(animal, 1.4, 7.4), SMALL_TOKEN)
            )
        for n in range(ACTIONS_PER_ROUND):  # one action marker per action of a round (B6)
            tokens.append(
                _token(
                    f"action-{colour}-{n + 1}",
                    colour,
                    lambda pen: pen.circle(5.4, 5.4, 3.0, fill="night"),
                    SMALL_TOKEN,
                )
            )
    tokens.append(_token("totem", "gold", lambda pen: icon(pen, "totem", 3, 3, 24), 30.0))
    stickers = tuple(
        _sticker(marker, tile, slot)
        for tile in catalog.CATALOG
        for slot, marker in enumerate(markers.tile_markers(tile))
    )
    return [
        Component("bison.tiles", t(words.BI_TILES), tiles),
        Component("bison.boards", t(words.BI_BOARDS), boards),
        Component("bison.structures", t(words.BI_STRUCTURES), tuple(structures)),
        Component("bison.markers", t(words.BI_MARKERS), tuple(tokens)),
        # Printed only when asked for (--only bison.stickers): retail boxes (issue 23).
        Component("bison.stickers", t(words.BI_STICKERS), stickers),
    ]


# What else to get, for the cover's "You also need".
NEEDS: Message = N_("a cup to draw the tiles from, face down")

# (icon, word) for the legend, in the order a player meets them.
LEGEND: tuple[tuple[str, Message], ...] = (
    ("bison", N_("bison (prairie)")),
    ("salmon", N_("salmon (river)")),
    ("turkey", N_("turkey (mountain)")),
    ("hunter", N_("hunter")),
    ("tent", N_("tent (prairie or mountain)")),
    ("canoe", N_("canoe (river)")),
    ("diamond", N_("one hunter's worth of size in a tent or canoe")),
    ("totem", N_("totem: the start tiles' corner, the start player")),
)

# The rules' line about the photo markers, word for word as in RULES (in each language):
# a kit printed --no-markers leaves it out (issue 37).
MARKER_RULE: Message = N_(
    "- Lay hunters, tents and canoes side by side, never stacked, their square code face "
    "up: the phone reads the board from a photo."
)

RULES: Message = N_(
    "# Goal\n"
    "Lead your hunters to the richest hunting grounds. The most food (bison + salmon + "
    "turkeys) at the end wins.\n"
    "# Setup\n"
    "- Each player: a board, 3 food markers at 10 on the bison, salmon and turkey tracks, "
    "4 hunters in your supply (4 more wait in the market), a size-1 and a size-2 tent, a "
    "size-1 and a size-2 canoe (the others are in the market), 4 action markers.\n"
    "- Lay hunters, tents and canoes side by side, never stacked, their square code face "
    "up: the phone reads the board from a photo.\n"
    "- Lay the start tiles S1–S3 around one corner and stand the totem there.\n"
    "- Shuffle the 18 other tiles face down; remove 6 (2 players), 3 (3 players) or 2 (4 "
    "players) unseen. You play 6, 5 or 4 rounds. The youngest player starts.\n"
    "# A round\n"
    "- From the start player, clockwise, everyone draws one tile and looks at it, keeping "
    "it hidden from the others until placing it. In turn order each player takes one "
    "action at a time until all have taken 4; each of the 6 actions at most once per round "
    "(cover it with an action marker). Placing your tile is one of your 4 actions, every "
    "round.\n"
    "- Place your tile: touching a placed tile along an edge, at most 3 tiles from the "
    "totem (the start tiles count 1); terrain need not match. Put 0–5 hunters from your "
    "supply on one of its spaces.\n"
    "- Tent or canoe: build a size-n tent (prairie or mountain) or canoe (river) on a "
    "space where you have n hunters, or enlarge one by n; the hunters go back to your "
    "supply.\n"
    "- Gather: up to 5 hunters from your supply onto one space you occupy.\n"
    "- Move up to 5 hunters 1 space each, or (the other action) 1–3 spaces each.\n"
    "- Every action costs by the hunters it uses: 0 → gain 1 animal of your choice; 1 → 0; "
    "2 → 2; 3 → 4; 4 → 7; 5 → 10 animals, paid from any of your stocks.\n"
    "- Moving within a tile: prairie↔river and mountain↔river 1, prairie↔mountain 2. "
    "Across a tile edge: land to land 1. River to river only where two rivers meet at a "
    "corner. You may pass other players' pieces but never stop on them.\n"
    "- A space holds one player's pieces: any hunters, plus at most one tent (land) or one "
    "canoe (river).\n"
    "- Market, any time on your turn: a hunter costs 1 bison + 1 salmon + 1 turkey; a "
    "size-n tent or canoe n of each animal. Exchange 3 of one animal for 1 of another at "
    "any time.\n"
    "# Scoring, after every round\n"
    "- A region is all the joined spaces of one terrain: land joins across an edge with "
    "the same terrain on both sides; rivers join where they meet at a corner. Its animals "
    "are those on its spaces.\n"
    "- Score the prairies (bison), then the mountains (turkeys), then the rivers (salmon). "
    "In each region, list each player's tent or canoe sizes, largest first, and compare "
    "them item by item (a longer list wins a tie); only identical lists compare hunters.\n"
    "- Alone in 1st place: all the region's animals. Alone in 2nd: half, rounded down. "
    "Everyone else present: the animals on the spaces they occupy. A tie for 1st: each "
    "gets half, rounded down, and there is no 2nd. A tie for 2nd: each tied player gets "
    "their own spaces' animals.\n"
    "- No stock goes above 15: exchange 3 for 1 or buy at the market at once; what still "
    "does not fit is lost. Then the totem passes left.\n"
    "# End\n"
    "In the last round, after the actions, set every stock to 0, then score the board once "
    "more. The highest total wins; on a tie the larger smallest stock wins; still tied, "
    "you share the win."
)

AID: Message = N_(
    "# A round\n"
    "1. Draw a tile, kept hidden. Take 4 actions, one at a time in turn order, each action "
    "once. Place your tile every round.\n"
    "2. Cost by hunters used: 0 → +1 animal; 1 → 0; 2 → 2; 3 → 4; 4 → 7; 5 → 10.\n"
    "3. Market: hunter = 1 of each animal; size-n tent or canoe = n of each. Exchange 3 : "
    "1.\n"
    "4. Score prairie, mountain, river: 1st all, 2nd half (down), others their own spaces. "
    "Stocks max 15.\n"
    "5. Last round: stocks to 0, then score."
)

#: printgen's side of the game's plug: its ``Game`` in games.registry.GAMES names it (``kit=``).
KIT = Kit(
    components,
    RULES,
    AID,
    NEEDS,
    LEGEND,
    terms=tuple(ACTIONS.values()),
    marker_lines=(MARKER_RULE,),
)
