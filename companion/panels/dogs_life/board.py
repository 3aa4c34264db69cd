"""The city on the phone: an SVG of the printed poster with the dogs, the van and the
markers where they stand, and the squares the dog in turn can walk to.

The geometry is the poster's (``games.dogs_life.layout``, also drawn by
``printgen.games.dogs_life_city``); the colours are the kit's. No rule is computed here:
what is reachable, at what cost, and where the van may stop come from ``games.dogs_life``.

Glossary
--------
turn
    Degrees clockwise the city is turned for this phone (``TURNS``: the four sides of the
    poster), so it reads as from that side of the table.
reach
    A square the dog in turn can walk to: tinted, its AP cost written on it, a link. With
    JavaScript (``dogs_life.js``) a tap posts the move at once; without, the link opens
    the square's page (``square``), whose button posts it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape

from markupsafe import Markup

from games.dogs_life import layout
from games.dogs_life.city import CELL_MM, CITY, MAP, Feature, Kind, Square
from printgen.games.dogs_life_city import GROUND, HOUSE, PATH, PLACE_FILL, ROAD

TURNS = (0, 90, 180, 270)
#: Pixels per mm by zoom level (None: the city fits the phone's width). At 2 a square of
#: 24 mm is 46 px: a target of at least 44 px (WCAG 2.5.5).
ZOOM_SCALE: dict[int, float | None] = {1: None, 2: 46 / CELL_MM, 3: 1.5 * 46 / CELL_MM}
FEATURE_CLASS = {
    Feature.TRASH_CAN: "dl-f-trash",
    Feature.LAMPPOST: "dl-f-lamp",
    Feature.FOUNTAIN: "dl-f-fountain",
}


@dataclass(frozen=True, slots=True)
class Pawn:
    """A dog on the map: its seat, colour class and the letter drawn on it."""

    seat: int
    colour: str
    letter: str
    name: str


@dataclass(frozen=True, slots=True)
class Link:
    """A tappable square: where the link goes, its accessible name, its data attributes,
    and the text drawn on it (its cost)."""

    href: str
    label: str
    data: Mapping[str, str]
    text: str
    kind: str  # "reach" (a dog's move) or "stop" (the van's)


def _f(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _box(square: Square) -> tuple[float, float, float, float]:
    """(x, y, w, h) of a square in SVG units (mm, y down)."""
    x0, y0, x1, y1 = layout.bbox(square)
    return x0, layout.svg_y(y1), x1 - x0, y1 - y0


def centre(square_id: str) -> tuple[float, float]:
    x, y, w, h = _box(CITY.squares[square_id])
    return x + w / 2, y + h / 2


def _frame(turn: int) -> tuple[str, str, float, float]:
    """The viewBox, the turning transform, and the drawn width and height (mm)."""
    w, h = layout.POSTER
    if turn == 90:
        return f"0 0 {_f(h)} {_f(w)}", f"translate({_f(h)} 0) rotate(90)", h, w
    if turn == 180:
        return f"0 0 {_f(w)} {_f(h)}", f"rotate(180 {_f(w / 2)} {_f(h / 2)})", w, h
    if turn == 270:
        return f"0 0 {_f(h)} {_f(w)}", f"translate(0 {_f(w)}) rotate(270)", h, w
    return f"0 0 {_f(w)} {_f(h)}", "", w, h


def _ground() -> list[str]:
    w, h = layout.POSTER
    out = [
        f'<rect class="dl-frame" x="0" y="0" width="{_f(w)}" height="{_f(h)}"/>',
        f'<rect x="{_f(layout.FRAME)}" y="{_f(layout.FRAME)}" width="{_f(w - 2 * layout.FRAME)}"'
        f' height="{_f(h - 2 * layout.FRAME)}" fill="{GROUND}"/>',
    ]
    for row, line in enumerate(MAP):
        for col, char in enumerate(line):
            if char == "#":
                x, y = layout.cell_origin((col, row))
                out.append(
                    f'<rect x="{_f(x + 1.5)}" y="{_f(layout.svg_y(y + CELL_MM) + 1.5)}" '
                    f'width="{_f(CELL_MM - 3)}" height="{_f(CELL_MM - 3)}" fill="{HOUSE}"/>'
                )
    return out


def _street(square: Square) -> list[str]:
    x, y, w, h = _box(square)
    fill = ROAD if square.kind is Kind.ROAD else PATH
    out = [
        f'<rect x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}" fill="{fill}" '
        'stroke="#fff" stroke-width="0.6"/>'
    ]
    for feature, fx, fy in layout.feature_spots(square):
        out.append(
            f'<circle class="{FEATURE_CLASS[feature]}" cx="{_f(fx)}" '
            f'cy="{_f(layout.svg_y(fy))}" r="3.9"/>'
        )
    if square.address is not None:
        ax, ay = layout.address_spot(square)
        aw, ah = layout.ADDRESS
        top = layout.svg_y(ay + ah)
        out.append(
            f'<rect class="dl-plate" x="{_f(ax)}" y="{_f(top)}" width="{_f(aw)}" '
            f'height="{_f(ah)}" rx="1.2"/><text class="dl-plate-n" x="{_f(ax + aw / 2)}" '
            f'y="{_f(top + ah - 1.6)}">{square.address}</text>'
        )
    return out


def _place(square: Square, label: str) -> list[str]:
    x, y, w, h = _box(square)
    out = [
        f'<rect x="{_f(x + 0.6)}" y="{_f(y + 0.6)}" width="{_f(w - 1.2)}" height="{_f(h - 1.2)}"'
        f' rx="1.5" fill="{PLACE_FILL[square.kind]}" stroke="#333" stroke-width="0.6"/>'
    ]
    light = square.kind is Kind.DEN
    size = 9 if square.kind is Kind.DEN else 5  # a den's number at its top: the pawn below
    out.append(
        f'<text class="dl-place{" dl-light" if light else ""}" x="{_f(x + w / 2)}" '
        f'y="{_f(y + size + 1 if light else y + h / 2 + size / 3)}" font-size="{size}">'
        f"{escape(label)}</text>"
    )
    return out


def _arrows() -> list[str]:
    out = []
    for entrance in CITY.entrances:
        ax, ay, r = layout.arrow_spot(entrance)
        out.append(
            f'<circle class="dl-arrow" cx="{_f(ax)}" cy="{_f(layout.svg_y(ay))}" r="{_f(r)}"/>'
        )
    return out


def _markers(
    trash: Sequence[str],
    pee: Mapping[str, int],
    papers: Sequence[str],
    colours: Sequence[str],
) -> list[str]:
    out = []
    for square_id in trash:
        spot = _spot(square_id, Feature.TRASH_CAN)
        if spot:
            cx, cy = spot
            out.append(
                f'<rect class="dl-trash-marker" x="{_f(cx - 3)}" y="{_f(cy - 3)}" '
                'width="6" height="6" rx="1"/>'
            )
    for square_id, seat in pee.items():
        spot = _spot(square_id, Feature.LAMPPOST)
        if spot and 0 <= seat < len(colours):
            cx, cy = spot
            out.append(
                f'<circle class="dl-pee c-{colours[seat]}" cx="{_f(cx + 2.5)}" '
                f'cy="{_f(cy + 2.5)}" r="2.6"/>'
            )
    for k, square_id in enumerate(papers):
        if square_id in CITY.squares:
            cx, cy = centre(square_id)
            out.append(
                f'<rect class="dl-paper" x="{_f(cx - 9 + (k % 3))}" y="{_f(cy + 3)}" '
                'width="8" height="6" rx="0.8"/>'
            )
    return out


def _spot(square_id: str, feature: Feature) -> tuple[float, float] | None:
    square = CITY.squares.get(square_id)
    if square is None:
        return None
    for f, fx, fy in layout.feature_spots(square):
        if f is feature:
            return fx, layout.svg_y(fy)
    return None


def _pawns(dogs: Sequence[str | None], pawns: Sequence[Pawn], current: int | None) -> list[str]:
    out = []
    by_square: dict[str, list[Pawn]] = {}
    for pawn, square_id in zip(pawns, dogs, strict=False):
        if square_id is not None and square_id in CITY.squares:
            by_square.setdefault(square_id, []).append(pawn)
    for square_id, here in by_square.items():
        cx, cy = centre(square_id)
        for k, pawn in enumerate(here):
            dx = (k - (len(here) - 1) / 2) * 8
            ring = " dl-pawn-turn" if pawn.seat == current else ""
            out.append(
                f'<g class="dl-pawn c-{pawn.colour}{ring}" data-testid="dl-pawn-{pawn.seat}" '
                f'data-square="{square_id}"><title>{escape(pawn.name)}</title>'
                f'<circle cx="{_f(cx + dx)}" cy="{_f(cy)}" r="5.5"/>'
                f'<text x="{_f(cx + dx)}" y="{_f(cy + 2.2)}">{escape(pawn.letter)}</text></g>'
            )
    return out


def _van(square_id: str | None, label: str) -> list[str]:
    if square_id is None or square_id not in CITY.squares:
        return []
    cx, cy = centre(square_id)
    return [
        f'<g class="dl-van" data-testid="dl-van" data-square="{square_id}">'
        f"<title>{escape(label)}</title>"
        f'<rect x="{_f(cx - 9)}" y="{_f(cy - 10)}" width="18" height="8" rx="1.5"/>'
        f'<circle cx="{_f(cx - 5)}" cy="{_f(cy - 1.5)}" r="1.8"/>'
        f'<circle cx="{_f(cx + 5)}" cy="{_f(cy - 1.5)}" r="1.8"/></g>'
    ]


def _links(links: Mapping[str, Link]) -> list[str]:
    out = []
    for square_id, link in links.items():
        x, y, w, h = _box(CITY.squares[square_id])
        data = " ".join(f'data-{k}="{escape(v)}"' for k, v in link.data.items())
        # the cost sits in the top middle: clear of the pawn (middle) and the features;
        # the whole square takes the tap (dl-hit: 46 px at zoom 2), the tint sits inside it
        out.append(
            f'<a class="dl-{link.kind}" href="{escape(link.href)}" '
            f'aria-label="{escape(link.label)}" '
            f'data-testid="dl-{link.kind}-{square_id}" {data}>'
            f'<rect class="dl-hit" x="{_f(x)}" y="{_f(y)}" width="{_f(w)}" height="{_f(h)}"/>'
            f'<rect x="{_f(x + 0.8)}" y="{_f(y + 0.8)}" width="{_f(w - 1.6)}" '
            f'height="{_f(h - 1.6)}" rx="2"/>'
            + (
                f'<text x="{_f(x + w / 2)}" y="{_f(y + 9)}">{escape(link.text)}</text>'
                if link.text
                else ""
            )
            + "</a>"
        )
    return out


def city_svg(
    *,
    turn: int,
    zoom: int,
    place_labels: Mapping[str, str],
    dogs: Sequence[str | None],
    pawns: Sequence[Pawn],
    current: int | None,
    van: str | None,
    van_label: str,
    trash: Sequence[str],
    pee: Mapping[str, int],
    papers: Sequence[str],
    links: Mapping[str, Link],
    title: str,
) -> Markup:
    """The whole city as this phone sees it (``turn``, ``zoom``), with what stands where
    and the tappable squares (``links``)."""
    view_box, transform, w, h = _frame(turn if turn in TURNS else 0)
    scale = ZOOM_SCALE.get(zoom)
    size = "" if scale is None else f' width="{round(w * scale)}" height="{round(h * scale)}"'
    parts = _ground()
    for square in CITY.squares.values():
        parts += _street(square) if square.is_street else _place(square, place_labels[square.id])
    parts += _arrows()
    parts += _markers(trash, pee, papers, [p.colour for p in pawns])
    parts += _links(links)
    parts += _van(van, van_label)
    parts += _pawns(dogs, pawns, current)
    body = "".join(parts)
    group = f'<g transform="{transform}">{body}</g>' if transform else body
    return Markup(
        f'<svg class="dl-city-svg" xmlns="http://www.w3.org/2000/svg" viewBox="{view_box}"{size} '
        f'role="group" aria-label="{escape(title)}">{group}</svg>'
    )
