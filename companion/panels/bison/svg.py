"""The Bison board mirror as inline SVG: a pure function of the folded board.

Geometry (B1): pointy-top hexes on the axial grid of ``games.bison.hexgrid``; hex corner
``i`` (between edges ``i`` and ``i + 1``) lies at 30° + 60°·i, clockwise from east (SVG's y
axis points down, so angles turn clockwise on screen). A tile is drawn as its prairie
(the corners along its P edges), its mountain (along its M edges) and the river between
them, from one river corner to the other. Every space, and every legal empty hex (B4), can
be a link (``space_url`` / ``hex_url``), so the mirror works without JavaScript; the links
carry ``data-*`` attributes for the browser tests.

No rules here: legality, regions and pieces come from ``games.bison``.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection, Mapping
from html import escape

from games.bison.board import Board
from games.bison.hexgrid import Hex
from games.bison.tiles import MOUNTAIN, PRAIRIE, RIVER, Tile

SIZE = 40.0  # hex radius in SVG units
SQRT3 = math.sqrt(3)
FILL = {PRAIRIE: "#9bd16b", MOUNTAIN: "#b98f5a", RIVER: "#2f7fd8"}
ANIMAL_DOT = {PRAIRIE: "#5b3716", MOUNTAIN: "#7a1f1f", RIVER: "#e8f1ff"}
COLOUR = {"red": "#dc2626", "yellow": "#eab308", "green": "#15803d", "blue": "#1d4ed8",
          "purple": "#9333ea", "black": "#262626", "white": "#f5f5f5", "orange": "#ea580c"}

Point = tuple[float, float]


def centre(at: Hex) -> Point:
    q, r = at
    return (SIZE * SQRT3 * (q + r / 2), SIZE * 1.5 * r)


def corner_point(at: Hex, index: int, scale: float = 1.0) -> Point:
    x, y = centre(at)
    angle = math.radians(30 + 60 * index)
    return (x + SIZE * scale * math.cos(angle), y + SIZE * scale * math.sin(angle))


def _pts(points: list[Point]) -> str:
    return " ".join(f"{x:.1f},{y:.1f}" for x, y in points)


def _land(at: Hex, tile: Tile, letter: str) -> list[Point]:
    """The polygon of the land owning edges ``letter``: from the river corner where its run
    starts, around its edges, to the corner where it ends, then back through the centre."""
    edges = tile.edges
    start = next(i for i in range(6) if edges[i] == letter and edges[i - 1] != letter)
    run = []
    i = start
    while edges[i % 6] == letter:
        run.append(i % 6)
        i += 1
    points = [corner_point(at, run[0] - 1)]
    points += [corner_point(at, e) for e in run]
    return [*points, _river_bend(at, tile)]


def _river_bend(at: Hex, tile: Tile) -> Point:
    """Where the river passes the tile's middle (pulled towards the narrower land)."""
    a, b = tile.river_corners()
    (ax, ay), (bx, by) = corner_point(at, a), corner_point(at, b)
    cx, cy = centre(at)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    return ((mx + cx) / 2, (my + cy) / 2)


def _centroid(points: list[Point]) -> Point:
    return (sum(x for x, _ in points) / len(points), sum(y for _, y in points) / len(points))


def space_anchor(at: Hex, tile: Tile, space: str) -> Point:
    """Where a space's animals and pieces are drawn."""
    if space == RIVER:
        bend = _river_bend(at, tile)
        cx, cy = centre(at)
        return ((bend[0] * 2 + cx) / 3, (bend[1] * 2 + cy) / 3)
    polygon = _land(at, tile, "P" if space == PRAIRIE else "M")
    cx, cy = _centroid(polygon)
    hx, hy = centre(at)
    return ((cx * 3 + hx) / 4, (cy * 3 + hy) / 4)


def _link(url: str | None, body: str, label: str, data: str) -> str:
    if url is None:
        return body
    return (f'<a href="{escape(url)}" aria-label="{escape(label)}" {data}>'
            f"<title>{escape(label)}</title>{body}</a>")


def _animals(x: float, y: float, count: int, space: str) -> str:
    dots = []
    for k in range(count):
        dx = (k - (count - 1) / 2) * 7
        dots.append(f'<circle cx="{x + dx:.1f}" cy="{y - 11:.1f}" r="3" '
                    f'fill="{ANIMAL_DOT[space]}" stroke="#000" stroke-width=".6"/>')
    return "".join(dots)


def _pieces_mark(x: float, y: float, colour: str, hunters: int, structure: int,
                 space: str) -> str:
    fill = COLOUR.get(colour, "#888")
    text = "#000" if colour in ("yellow", "white") else "#fff"
    parts = []
    if structure:
        if space == RIVER:  # a canoe: a flat boat
            shape = (f'<path d="M{x - 11:.1f},{y - 2:.1f} h22 l-5,8 h-12 z" fill="{fill}" '
                     f'stroke="#000" stroke-width="1"/>')
        else:  # a tent: a triangle
            shape = (f'<path d="M{x - 10:.1f},{y + 7:.1f} L{x:.1f},{y - 9:.1f} '
                     f'L{x + 10:.1f},{y + 7:.1f} z" fill="{fill}" stroke="#000" '
                     f'stroke-width="1"/>')
        parts.append(shape)
        parts.append(f'<text x="{x:.1f}" y="{y + 5:.1f}" fill="{text}" font-size="9" '
                     f'font-weight="700" text-anchor="middle">{structure}</text>')
    if hunters:
        hx = x + (13 if structure else 0)
        parts.append(f'<circle cx="{hx:.1f}" cy="{y + 2:.1f}" r="7.5" fill="{fill}" '
                     f'stroke="#000" stroke-width="1"/>')
        parts.append(f'<text x="{hx:.1f}" y="{y + 5.5:.1f}" fill="{text}" font-size="10" '
                     f'font-weight="700" text-anchor="middle">{hunters}</text>')
    return "".join(parts)


def bounds(hexes: Collection[Hex]) -> tuple[float, float, float, float]:
    xs = [centre(h)[0] for h in hexes] or [0.0]
    ys = [centre(h)[1] for h in hexes] or [0.0]
    pad = SIZE * 1.1
    return (min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
            max(ys) - min(ys) + 2 * pad)


def board_svg(
    board: Board,
    *,
    legal: Collection[Hex] = (),
    colours: Mapping[str, str] | None = None,
    hex_url: Callable[[Hex], str] | None = None,
    space_url: Callable[[Hex, str], str] | None = None,
    highlight: Collection[tuple[Hex, str]] = (),
    selected: Hex | None = None,
    preview: tuple[Hex, Tile] | None = None,
    labels: Mapping[str, str] | None = None,
    title: str = "",
) -> str:
    """The board as an ``<svg>`` element (a string of trusted markup).

    ``colours`` maps a board player id to a colour name (the table uses colours as ids);
    ``highlight`` outlines spaces (a region on demand); ``preview`` draws a tile that is not
    placed yet, ``selected`` rings a hex; ``labels`` translates space and hex link labels
    (keys ``prairie``, ``river``, ``mountain``, ``empty``: format strings with ``{at}``)."""
    labels = labels or {}
    tiles = dict(board.tiles.items())
    all_hexes = set(tiles) | set(legal) | ({preview[0]} if preview else set())
    x0, y0, width, height = bounds(all_hexes)
    out = [f'<svg class="bison-svg" xmlns="http://www.w3.org/2000/svg" role="img" '
           f'viewBox="{x0:.1f} {y0:.1f} {width:.1f} {height:.1f}" '
           f'width="{width:.0f}" height="{height:.0f}" aria-label="{escape(title)}">']
    drawn = [(at, placed.tile, placed.catalog_id, False) for at, placed in sorted(tiles.items())]
    if preview is not None:
        drawn.append((preview[0], preview[1], None, True))
    for at, tile, tile_id, is_preview in drawn:
        outline = [corner_point(at, i) for i in range(6)]
        group = [f'<g class="tile{" preview" if is_preview else ""}" data-hex="{at[0]},{at[1]}">']
        for space, letter in ((PRAIRIE, "P"), (MOUNTAIN, "M")):
            polygon = f'<polygon points="{_pts(_land(at, tile, letter))}" fill="{FILL[space]}"/>'
            url = None if is_preview or space_url is None else space_url(at, space)
            label = labels.get(space, "{at}").format(at=f"{at[0]},{at[1]}")
            group.append(_link(url, polygon, label,
                               f'data-space="{space}" data-at="{at[0]},{at[1]}"'))
        a, b = tile.river_corners()
        (ax, ay), (bx, by) = corner_point(at, a), corner_point(at, b)
        mx, my = _river_bend(at, tile)
        river = (f'<path d="M{ax:.1f},{ay:.1f} Q{mx:.1f},{my:.1f} {bx:.1f},{by:.1f}" '
                 f'fill="none" stroke="{FILL[RIVER]}" stroke-width="{SIZE * .28:.1f}" '
                 f'stroke-linecap="round"/>')
        url = None if is_preview or space_url is None else space_url(at, RIVER)
        label = labels.get(RIVER, "{at}").format(at=f"{at[0]},{at[1]}")
        group.append(_link(url, river, label, f'data-space="river" data-at="{at[0]},{at[1]}"'))
        group.append(f'<polygon points="{_pts(outline)}" fill="none" stroke="#3b2f22" '
                     f'stroke-width="1.5"/>')
        # Marks never take a tap: the space underneath is the link.
        group.append('<g pointer-events="none">')
        for space in (PRAIRIE, RIVER, MOUNTAIN):
            x, y = space_anchor(at, tile, space)
            group.append(_animals(x, y, tile.animals_on(space), space))
            pieces = board.pieces.get((at, space))
            if pieces is not None and not is_preview:
                colour = (colours or {}).get(pieces.player, pieces.player)
                group.append(_pieces_mark(x, y, colour, pieces.hunters, pieces.structure,
                                          space))
        if tile_id:
            cx, cy = centre(at)
            group.append(f'<text x="{cx:.1f}" y="{cy + SIZE * .72:.1f}" font-size="8" '
                         f'text-anchor="middle" fill="#1d1a16">{tile_id}</text>')
        group.append("</g></g>")
        out.append("".join(group))
    for at in sorted(set(legal) - set(tiles) - ({preview[0]} if preview else set())):
        cx, cy = centre(at)
        shape = (f'<polygon points="{_pts([corner_point(at, i, .92) for i in range(6)])}" '
                 f'fill="#f97316" fill-opacity=".12" stroke="#f97316" stroke-width="2" '
                 f'stroke-dasharray="5 4"/>'
                 f'<text x="{cx:.1f}" y="{cy + 7:.1f}" font-size="22" font-weight="700" '
                 f'text-anchor="middle" fill="#f97316">+</text>')
        label = labels.get("empty", "{at}").format(at=f"{at[0]},{at[1]}")
        url = hex_url(at) if hex_url else None
        out.append(_link(url, f'<g class="legal">{shape}</g>', label,
                         f'data-legal="{at[0]},{at[1]}"'))
    for at, space in highlight:
        if at not in tiles:
            continue
        tile = tiles[at].tile
        if space == RIVER:
            a, b = tile.river_corners()
            (ax, ay), (bx, by) = corner_point(at, a), corner_point(at, b)
            mx, my = _river_bend(at, tile)
            out.append(f'<path class="hl" pointer-events="none" d="M{ax:.1f},{ay:.1f} '
                       f'Q{mx:.1f},{my:.1f} {bx:.1f},{by:.1f}" fill="none" stroke="#facc15" '
                       f'stroke-width="4" stroke-dasharray="6 3"/>')
        else:
            points = _land(at, tile, "P" if space == PRAIRIE else "M")
            out.append(f'<polygon class="hl" pointer-events="none" points="{_pts(points)}" '
                       f'fill="#facc15" fill-opacity=".35" stroke="#facc15" stroke-width="3"/>')
    if selected is not None:
        out.append(f'<polygon pointer-events="none" '
                   f'points="{_pts([corner_point(selected, i) for i in range(6)])}" '
                   f'fill="none" stroke="#c2410c" stroke-width="4"/>')
    out.append("</svg>")
    return "".join(out)
