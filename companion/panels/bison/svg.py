"""The Bison board mirror as inline SVG: a pure function of the folded board.

Geometry (B1) comes from ``games.bison.geometry``: each tile's prairie, mountain and river
band are its ``areas``; every mark (a tent or canoe, the hunter badge, each animal) sits on
one of the space's ``anchors`` inside its own area, so marks never overlap and never stray
onto another terrain; the printed id sits at ``label_point``. Everything is in unit-hex
coordinates times ``SIZE``.

Links: on the overview a whole tile is one link (``tile_url``: zoom to it); on a zoomed tile
(``focus``) each space is a link (``space_url``); legal empty hexes (B4) link to the tile
picker (``hex_url``); ``targets`` marks spaces a move may reach, with their cost, as links.
So the mirror works without JavaScript. Marks carry ``data-*`` attributes (what they show)
for the tests that compare the picture with the state.

Turned views (``turn``, degrees clockwise): each phone may see the board from its own side
of the table. Every point is turned in Python (``turned``) before it is written, so the
markup holds screen coordinates and the marks and digits stay upright; links and
``data-*`` attributes keep the board's own hexes and edges.

Readable size: at ``READABLE_RADIUS_PX`` a hex radius the digits and marks are at least
``MIN_MARK_PX`` (14 px) on the phone (``min_scale``: the board is then wider than a 360 px
phone and pans in its frame); the mark sizes below are chosen for that.

No rules here: legality, regions and pieces come from ``games.bison``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping
from html import escape

from games.bison import geometry
from games.bison.board import Board, Space
from games.bison.hexgrid import Hex
from games.bison.table.board import tile_label
from games.bison.tiles import MOUNTAIN, PRAIRIE, RIVER, SPACES, Tile

SIZE = 40.0  # hex radius in SVG units
SQRT3 = math.sqrt(3)
MARK = geometry.MARK_RADIUS * SIZE
# A digit fills its badge (its glyph is ~0.72 em tall and ~0.55 em wide: inside 2 × MARK).
DIGIT = MARK * 1.9
MIN_MARK_PX = 14.0
#: The hex radius (px) at which every digit (DIGIT) and mark (2 × MARK) is >= 14 px.
READABLE_RADIUS_PX = 100.0
FILL = {PRAIRIE: "#9bd16b", MOUNTAIN: "#b98f5a", RIVER: "#2f7fd8"}
ANIMAL_DOT = {PRAIRIE: "#5b3716", MOUNTAIN: "#7a1f1f", RIVER: "#e8f1ff"}
COLOUR = {
    "red": "#dc2626",
    "yellow": "#eab308",
    "green": "#15803d",
    "blue": "#1d4ed8",
    "purple": "#9333ea",
    "black": "#262626",
    "white": "#f5f5f5",
    "orange": "#ea580c",
}

Point = tuple[float, float]


def turned(point: Point, turn: int) -> Point:
    """``point`` turned ``turn`` degrees clockwise (on screen: y points down) about the
    origin: how a phone that sees the board from another side of the table draws it."""
    if turn % 360 == 0:
        return point
    a = math.radians(turn)
    x, y = point
    return (x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a))


def screen_angle(edge: int, turn: int) -> int:
    """Where the middle of board edge ``edge`` (B1: E=0 … NE=5) points on a board seen
    turned ``turn`` degrees: degrees clockwise from the screen's right, 0–359."""
    return (60 * edge + turn) % 360


def seen_edges(edges: str, turn: int) -> dict[int, str]:
    """A tile lying with ``edges`` (B1, as on the board) as a phone turned ``turn`` degrees
    shows it: screen angle of each edge's middle -> its terrain letter."""
    return {screen_angle(edge, turn): letter for edge, letter in enumerate(edges)}


def rotation_for(edges: str, seen: Mapping[int, str], turn: int) -> int | None:
    """The board rotation (0–5, B1) of a tile with printed ``edges`` that a player sees
    as ``seen`` (screen angle of an edge's middle -> terrain letter; any of the six may be
    left out) on a board turned ``turn`` degrees; the smallest when several fit, None when
    none does. The place page's pictures are the six rotations drawn turned, so the one a
    player taps is the one this returns for what they saw."""
    for n in range(6):
        shown = seen_edges(edges[-n:] + edges[:-n] if n else edges, turn)
        if all(shown.get(angle % 360) == letter for angle, letter in seen.items()):
            return n
    return None


def centre(at: Hex, turn: int = 0) -> Point:
    x, y = geometry.hex_centre(at)
    return turned((x * SIZE, y * SIZE), turn)


def corner_point(at: Hex, index: int, scale: float = 1.0, turn: int = 0) -> Point:
    x, y = geometry.hex_centre(at)
    cx, cy = geometry.corner_point(index)
    return turned(((x + cx * scale) * SIZE, (y + cy * scale) * SIZE), turn)


def _at(at: Hex, point: Point, turn: int = 0) -> Point:
    x, y = geometry.hex_centre(at)
    return turned(((x + point[0]) * SIZE, (y + point[1]) * SIZE), turn)


def _pts(points: Collection[Point]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _link(url: str | None, body: str, label: str, data: str) -> str:
    if url is None:
        return f"<g {data}>{body}</g>"
    return (
        f'<a href="{escape(url)}" aria-label="{escape(label)}" {data}>'
        f"<title>{escape(label)}</title>{body}</a>"
    )


def _structure(space: str) -> Callable[[float, float, str], str]:
    """The outline of the structure built on ``space`` at (x, y) in its owner's fill."""
    r = MARK
    if space == RIVER:  # a canoe: a flat boat
        return lambda x, y, fill: (
            f'<path d="M{x - r:.1f},{y - r * 0.4:.1f} h{2 * r:.1f} l{-r * 0.45:.1f},'
            f'{r * 1.1:.1f} h{-r * 1.1:.1f} z" fill="{fill}" stroke="#000" '
            f'stroke-width=".5"/>'
        )
    return lambda x, y, fill: (  # a tent: a triangle
        f'<path d="M{x - r:.1f},{y + r * 0.8:.1f} L{x:.1f},{y - r:.1f} '
        f'L{x + r:.1f},{y + r * 0.8:.1f} z" fill="{fill}" stroke="#000" '
        f'stroke-width=".5"/>'
    )


def _digit(x: float, y: float, value: int, fill: str, halo: str) -> str:
    """A count as large as a mark (``DIGIT``), on a halo of its mark's colour so it reads
    where it spills over the shape (a tent's tip, a canoe's ends)."""
    return (
        f'<text class="count" x="{x:.1f}" y="{y:.1f}" fill="{fill}" stroke="{halo}" '
        f'stroke-width="{MARK * 0.35:.1f}" paint-order="stroke" font-size="{DIGIT:.1f}" '
        f'font-weight="700" text-anchor="middle">{value}</text>'
    )


def _hunters(x: float, y: float, fill: str) -> str:
    """The hunters' badge at (x, y) in its owner's fill."""
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{MARK:.1f}" '
        f'fill="{fill}" stroke="#000" stroke-width=".5"/>'
    )


def _space_marks(
    at: Hex,
    tile: Tile,
    space: str,
    board: Board | None,
    colours: Mapping[str, str],
    turn: int,
) -> str:
    """A space's marks on its anchors: the structure, the hunter badge, the animals."""
    pieces = board.pieces.get((at, space)) if board is not None else None
    structure = pieces.structure if pieces else 0
    hunters = pieces.hunters if pieces else 0
    animals = tile.animals_on(space)
    count = (1 if structure else 0) + (1 if hunters else 0) + animals
    # Anchors turn with their area (``_at``): a mark stays in its space on any view.
    points = iter(geometry.anchors(tile, space, count))
    where = f'data-at="{at[0]},{at[1]}" data-space="{space}"'
    out = []
    if pieces is not None:
        colour = colours.get(pieces.player, pieces.player)
        fill = COLOUR.get(colour, "#888")
        text = "#000" if colour in ("yellow", "white") else "#fff"
        owner = f'data-player="{escape(pieces.player)}"'
        kind = "canoe" if space == RIVER else "tent"
        # Each counted mark (outline, count, how far below its anchor the count sits): the
        # count on a halo of the owner's colour.
        counted = (
            (
                _structure(space),
                structure,
                MARK * 0.5,
                f'data-mark="{kind}" data-size="{structure}"',
            ),
            (_hunters, hunters, DIGIT * 0.35, f'data-mark="hunters" data-count="{hunters}"'),
        )
        for outline, number, lift, mark in counted:
            if number:
                x, y = _at(at, next(points), turn)
                digit = _digit(x, y + lift, number, text, fill)
                out.append(
                    f'<g class="mark" {mark} {owner} {where}>{outline(x, y, fill)}{digit}</g>'
                )
    for _ in range(animals):
        x, y = _at(at, next(points), turn)
        out.append(
            f'<circle class="mark" data-mark="animal" {where} cx="{x:.1f}" '
            f'cy="{y:.1f}" r="{MARK * 0.95:.1f}" fill="{ANIMAL_DOT[space]}" '
            f'stroke="#000" stroke-width=".4"/>'
        )
    return "".join(out)


def bounds(hexes: Collection[Hex], turn: int = 0) -> tuple[float, float, float, float]:
    """The viewBox (x, y, width, height) around ``hexes`` as seen turned ``turn``."""
    corners = [corner_point(h, i, 1.05, turn) for h in hexes or [(0, 0)] for i in range(6)]
    xs = [x for x, _y in corners]
    ys = [y for _x, y in corners]
    return (min(xs) - 2, min(ys), max(xs) - min(xs) + 4, max(ys) - min(ys))


def tile_picture(
    tile: Tile,
    *,
    label: str | None = None,
    title: str = "",
    turn: int = 0,
    data: str = "",
) -> str:
    """One tile alone (the picker's pictures, the place page's turned pictures): its areas
    and animals, seen turned ``turn``; never a target itself."""
    x0, y0, width, height = bounds([(0, 0)], turn)
    body = _tile_body((0, 0), tile, label, None, {}, None, {}, preview=False, turn=turn)
    return (
        f'<svg class="bison-tile-pic" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'viewBox="{x0:.1f} {y0:.1f} {width:.1f} {height:.1f}" {data}'
        f'aria-label="{escape(title)}">{body}</svg>'
    )


def _tile_body(
    at: Hex,
    tile: Tile,
    label: str | None,
    board: Board | None,
    colours: Mapping[str, str],
    space_url: Callable[[Hex, str], str] | None,
    labels: Mapping[str, str],
    *,
    preview: bool,
    turn: int = 0,
    name: str = "",
) -> str:
    shapes = geometry.areas(tile)
    out = []
    for space in (PRAIRIE, MOUNTAIN, RIVER):
        polygon = [_at(at, p, turn) for p in shapes[space]]
        body = f'<polygon class="area" points="{_pts(polygon)}" fill="{FILL[space]}"/>'
        url = None if preview or space_url is None else space_url(at, space)
        if url is not None:  # the largest disc inside the area: a finger's spot
            (dx, dy), radius = geometry.tap_disc(tile, space)
            x, y = _at(at, (dx, dy), turn)
            body += (
                f'<circle class="tap" data-tap="{at[0]},{at[1]},{space}" cx="{x:.1f}" '
                f'cy="{y:.1f}" r="{radius * SIZE:.1f}" fill="transparent"/>'
            )
        text = labels.get(space, "{at}").format(at=name or label or "")
        out.append(_link(url, body, text, f'data-space="{space}" data-at="{at[0]},{at[1]}"'))
    outline = [corner_point(at, i, turn=turn) for i in range(6)]
    out.append(
        f'<polygon points="{_pts(outline)}" fill="none" stroke="#3b2f22" '
        f'stroke-width="1.2" pointer-events="none"/>'
    )
    # Marks never take a tap: the space underneath is the link.
    out.append('<g pointer-events="none">')
    for space in SPACES:
        out.append(_space_marks(at, tile, space, board, colours, turn))
    if label:
        x, y = _at(at, geometry.label_point(tile), turn)
        size = geometry.LABEL_RADIUS * SIZE * 1.1  # "B07" fits its label disc
        out.append(
            f'<text class="tile-id" data-tile-id="{escape(label)}" x="{x:.1f}" '
            f'y="{y + size * 0.35:.1f}" font-size="{size:.1f}" font-weight="700" '
            f'text-anchor="middle" fill="#1d1a16">{escape(label)}</text>'
        )
    out.append("</g>")
    return "".join(out)


def board_svg(
    board: Board,
    *,
    legal: Collection[Hex] = (),
    colours: Mapping[str, str] | None = None,
    hex_url: Callable[[Hex], str] | None = None,
    space_url: Callable[[Hex, str], str] | None = None,
    tile_url: Callable[[Hex], str] | None = None,
    highlight: Collection[Space] = (),
    selected: Hex | None = None,
    preview: tuple[Hex, Tile] | None = None,
    preview_url: str | None = None,
    targets: Mapping[Space, tuple[int, str]] | None = None,
    focus: Hex | None = None,
    labels: Mapping[str, str] | None = None,
    title: str = "",
    turn: int = 0,
    min_scale: float | None = None,
    names: Callable[[Hex], str] | None = None,
) -> str:
    """The board as an ``<svg>`` element (a string of trusted markup).

    ``colours`` maps a board player id to a colour name (the table uses colours as ids);
    ``highlight`` outlines spaces (a region, a chosen space); ``preview`` draws a tile that
    is not placed yet (tapping it follows ``preview_url``: turn it); ``selected`` rings a
    hex; ``targets`` rings spaces a move may reach, each with (cost, url); ``focus`` shows
    one hex large (a zoomed tile); ``labels`` translates link labels (keys ``prairie``,
    ``river``, ``mountain``, ``empty``, ``tile``: format strings with ``{at}``); ``turn``:
    seen from another side of the table (degrees clockwise); ``min_scale``: px per SVG
    unit at least (the frame pans when the board is wider than the phone); ``names``: how
    the link labels name a hex (players never read coordinates)."""
    labels = labels or {}
    colours = colours or {}
    targets = targets or {}
    tiles = dict(board.tiles.items())

    def name_of(at: Hex) -> str:
        if names is not None:
            return names(at)
        return tile_label(board, at) or ""

    all_hexes = set(tiles) | set(legal) | ({preview[0]} if preview else set())
    x0, y0, width, height = bounds([focus] if focus is not None else all_hexes, turn)
    # At a readable zoom the board is drawn this size (at least the frame's width, CSS)
    # and pans in its frame; otherwise CSS fits it to the frame.
    scale = min_scale or 1.0
    # An image may not hold links (axe ``nested-interactive``: an img's children are
    # presentational): a board with links is a named group of them instead.
    linked = any(f is not None for f in (hex_url, space_url, tile_url, preview_url)) or targets
    out = [
        f'<svg class="bison-svg{" bison-focus" if focus is not None else ""}" '
        f'xmlns="http://www.w3.org/2000/svg" role="{"group" if linked else "img"}" '
        f'data-view-turn="{turn % 360}" '
        f'viewBox="{x0:.1f} {y0:.1f} {width:.1f} {height:.1f}" '
        f'width="{width * scale:.0f}" height="{height * scale:.0f}" '
        f'aria-label="{escape(title)}">'
    ]
    for at, placed in sorted(tiles.items()):
        # Zoomed, only the focused tile is named (a neighbour's id may lie out of view).
        label = tile_label(board, at) if focus is None or at == focus else None
        body = _tile_body(
            at,
            placed.tile,
            label,
            board,
            colours,
            space_url if tile_url is None else None,
            labels,
            preview=False,
            turn=turn,
            name=name_of(at),
        )
        group = (
            f'<g class="tile" data-hex="{at[0]},{at[1]}" data-edges="{placed.tile.edges}">'
            f"{body}</g>"
        )
        if tile_url is not None:
            group = _link(
                tile_url(at),
                group,
                labels.get("tile", "{at}").format(at=name_of(at)),
                f'data-tile="{at[0]},{at[1]}"',
            )
        out.append(group)
    if preview is not None:
        at, tile = preview
        body = _tile_body(at, tile, None, None, colours, None, labels, preview=True, turn=turn)
        group = f'<g class="tile preview" data-hex="{at[0]},{at[1]}">{body}</g>'
        out.append(
            _link(preview_url, group, labels.get("turn", ""), 'data-preview="1"')
            if preview_url
            else group
        )
    for at in sorted(set(legal) - set(tiles) - ({preview[0]} if preview else set())):
        cx, cy = centre(at, turn)
        shape = (
            f'<polygon points="{_pts([corner_point(at, i, 0.92, turn) for i in range(6)])}" '
            f'fill="#f97316" fill-opacity=".12" stroke="#f97316" stroke-width="2" '
            f'stroke-dasharray="5 4"/>'
            f'<text x="{cx:.1f}" y="{cy + 7:.1f}" font-size="22" font-weight="700" '
            f'text-anchor="middle" fill="#f97316">+</text>'
        )
        label = labels.get("empty", "{at}").format(at=name_of(at))
        url = hex_url(at) if hex_url else None
        out.append(
            _link(url, f'<g class="legal">{shape}</g>', label, f'data-legal="{at[0]},{at[1]}"')
        )
    for at, space in highlight:
        if at not in tiles:
            continue
        points = [_at(at, p, turn) for p in geometry.areas(tiles[at].tile)[space]]
        out.append(
            f'<polygon class="hl" pointer-events="none" points="{_pts(points)}" '
            f'fill="#facc15" fill-opacity=".35" stroke="#facc15" stroke-width="2.5"/>'
        )
    for (at, space), (cost, url) in sorted(targets.items()):
        if at not in tiles:
            continue
        tile = tiles[at].tile
        points = [_at(at, p, turn) for p in geometry.areas(tile)[space]]
        (dx, dy), _radius = geometry.tap_disc(tile, space)
        x, y = _at(at, (dx, dy), turn)
        body = (
            f'<polygon points="{_pts(points)}" fill="#22c55e" fill-opacity=".35" '
            f'stroke="#166534" stroke-width="2"/><circle cx="{x:.1f}" cy="{y:.1f}" '
            f'r="{MARK * 1.2:.1f}" fill="#166534"/>'
            f"{_digit(x, y + DIGIT * 0.35, cost, '#fff', '#166534')}"
        )
        text = labels.get(space, "{at}").format(at=name_of(at))
        out.append(
            _link(url, body, text, f'data-target="{at[0]},{at[1]},{space}" data-cost="{cost}"')
        )
    if selected is not None:
        out.append(
            f'<polygon pointer-events="none" '
            f'points="{_pts([corner_point(selected, i, turn=turn) for i in range(6)])}" '
            f'fill="none" stroke="#c2410c" stroke-width="3"/>'
        )
    out.append("</svg>")
    return "".join(out)


def describe_svg(
    ends: tuple[int | None, int | None],
    prairie: int | None,
    corner_url: Callable[[int], str | None],
    edge_url: Callable[[int], str | None],
    labels: Mapping[str, str],
) -> str:
    """A large empty hexagon to describe a retail tile by taps (``taps.edges_from_taps``):
    its six corners (the river's ends) and, once both ends are known, its six sides (the
    prairie side) are tap targets; chosen ones are filled."""
    x0, y0, width, height = bounds([(0, 0)])
    out = [
        f'<svg class="bison-svg bison-describe" xmlns="http://www.w3.org/2000/svg" '
        f'role="group" viewBox="{x0:.1f} {y0:.1f} {width:.1f} {height:.1f}">',
        f'<polygon points="{_pts([corner_point((0, 0), i) for i in range(6)])}" '
        f'fill="#efe7d6" stroke="#3b2f22" stroke-width="1.2"/>',
    ]
    a, b = ends
    if a is not None and b is not None:
        (ax, ay), (bx, by) = corner_point((0, 0), a), corner_point((0, 0), b)
        out.append(
            f'<path d="M{ax:.1f},{ay:.1f} Q0,0 {bx:.1f},{by:.1f}" fill="none" '
            f'stroke="{FILL[RIVER]}" stroke-width="8" stroke-linecap="round"/>'
        )
        for edge in range(6):
            p1, p2 = corner_point((0, 0), edge - 1), corner_point((0, 0), edge)
            mx, my = (p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2
            on = prairie == edge
            body = (
                f'<circle cx="{mx * 0.82:.1f}" cy="{my * 0.82:.1f}" r="7" '
                f'fill="{FILL[PRAIRIE] if on else "#fff"}" stroke="#166534" '
                f'stroke-width="1.5"/>'
            )
            out.append(_link(edge_url(edge), body, labels.get("edge", ""), f'data-edge="{edge}"'))
    for corner in range(6):
        x, y = corner_point((0, 0), corner)
        on = corner in (a, b)
        body = (
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="7" '
            f'fill="{FILL[RIVER] if on else "#fff"}" stroke="{FILL[RIVER]}" '
            f'stroke-width="2"/>'
        )
        out.append(
            _link(corner_url(corner), body, labels.get("corner", ""), f'data-corner="{corner}"')
        )
    out.append("</svg>")
    return "".join(out)
