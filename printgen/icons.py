"""Original geometric icons, each drawn once per document as a Form XObject.

Every icon lives in a 10 × 10 mm box (origin lower-left); :func:`icon` scales it to any
size. A few are drawn tall or long in a box of their own (:data:`BOXES`, issue 37: a
marked Bison token's icon shares the token with its photo marker, in a strip 2.4–3.4 mm
wide): :func:`icon_in` fits one into a box of the page. Shapes are simple and distinct in
outline, so they read in grey (ink saver) and for colour-blind players, not only by hue.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from games.dogs_life.layout import ADDRESS  # the board's plate (the legend draws it too)
from printgen import fonts
from printgen.linebreak import PT
from printgen.pen import Pen
from printgen.style import text_on

Draw = Callable[[Pen], None]
ICONS: dict[str, Draw] = {}
BOX = 10.0
BOXES: dict[str, tuple[float, float]] = {}  # an icon's own box (w, h), when not square


def _icon(name: str, box: tuple[float, float] | None = None) -> Callable[[Draw], Draw]:
    def register(draw: Draw) -> Draw:
        ICONS[name] = draw
        if box is not None:
            BOXES[name] = box
        return draw

    return register


def _detailed(draw: Draw) -> Draw:
    def detailed(p: Pen) -> None:
        p.detail = True
        try:
            draw(p)
        finally:
            p.detail = False

    return detailed


def icon(pen: Pen, name: str, x: float, y: float, size: float) -> None:
    """Draw icon ``name`` with its lower-left corner at (x, y), ``size`` mm wide."""
    with pen.at(x, y, scale=size / BOX):
        pen.form(f"icon-{name}", (0, 0, BOX, BOX), _detailed(ICONS[name]))


def fitted(name: str, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """Where icon ``name`` lies when fitted into ``box`` (x0, y0, x1, y1 mm): as large as
    its own box's shape allows, in the box's lower left corner."""
    w, h = BOXES.get(name, (BOX, BOX))
    scale = min((box[2] - box[0]) / w, (box[3] - box[1]) / h)
    return (box[0], box[1], box[0] + w * scale, box[1] + h * scale)


def icon_in(pen: Pen, name: str, box: tuple[float, float, float, float]) -> None:
    """Draw icon ``name`` over the whole of ``box`` (its :func:`fitted` place)."""
    w, h = BOXES.get(name, (BOX, BOX))
    x0, y0, x1, _ = fitted(name, box)
    with pen.at(x0, y0, scale=(x1 - x0) / w):
        pen.form(f"icon-{name}", (0, 0, w, h), _detailed(ICONS[name]))


def _star(
    cx: float, cy: float, outer: float, inner: float, n: int = 5
) -> list[tuple[float, float]]:
    pts = []
    for k in range(2 * n):
        r = outer if k % 2 == 0 else inner
        a = math.radians(90 + 180 * k / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


# -- Bison ----------------------------------------------------------------------------------
@_icon("bison")
def _bison(p: Pen) -> None:
    p.polygon(
        [
            (1, 2),
            (1.5, 6.5),
            (4, 8.3),
            (7, 7.6),
            (9, 5.6),
            (9.2, 3.2),
            (8, 2),
            (7.2, 3.6),
            (3, 3.6),
            (2.6, 2),
        ],
        fill="#5b3a21",
    )
    p.polygon([(7.6, 7.2), (8.6, 8.6), (8.4, 7.0)], fill="#f1e6cf")  # horn
    p.circle(8.3, 5.2, 0.45, fill="#f1e6cf")


@_icon("salmon")
def _salmon(p: Pen) -> None:
    p.polygon([(1, 5), (3, 7), (6.5, 7.2), (8.5, 5.2), (6.5, 3), (3, 3.2)], fill="#e46f5a")
    p.polygon([(1.6, 5), (0.2, 7.2), (0.2, 2.8)], fill="#c4503d")
    p.circle(7.3, 5.6, 0.5, fill="#1d1d1b")


@_icon("turkey")
def _turkey(p: Pen) -> None:
    for k in range(5):
        a = math.radians(200 + 35 * k)
        p.polygon(
            [
                (4, 4),
                (4 + 4.6 * math.cos(a - 0.25), 4.6 - 4.6 * math.sin(a - 0.25)),
                (4 + 4.6 * math.cos(a + 0.25), 4.6 - 4.6 * math.sin(a + 0.25)),
            ],
            fill=("#b5652b", "#e0a92c")[k % 2],
        )
    p.circle(5, 4, 2.6, fill="#6e4a2c")
    p.circle(7.3, 6.4, 1.3, fill="#6e4a2c")
    p.polygon([(8.4, 6.6), (9.8, 6.2), (8.4, 5.9)], fill="#e0a92c")
    p.polygon([(7.9, 5.6), (8.3, 4.4), (7.5, 4.8)], fill="#c8382f")


@_icon("hunter")
def _hunter(p: Pen) -> None:
    p.circle(5, 8, 1.6, fill="#1d1d1b")
    p.polygon([(2, 0.8), (3.4, 6.2), (6.6, 6.2), (8, 0.8)], fill="#1d1d1b")


@_icon("tent")
def _tent(p: Pen) -> None:
    p.polygon([(0.8, 1), (5, 9.2), (9.2, 1)], fill="#e9dcc0", stroke="line", width=0.5)
    p.polygon([(4, 1), (5, 4.5), (6, 1)], fill="#6e4a2c")
    p.line(4.2, 9.8, 5.8, 8.0, width=0.5)


@_icon("canoe")
def _canoe(p: Pen) -> None:
    p.polygon(
        [(0.3, 5.5), (2, 3), (8, 3), (9.7, 5.5), (8, 4.6), (2, 4.6)],
        fill="#8a5a34",
        stroke="line",
        width=0.4,
    )
    p.line(6.5, 2, 3.5, 8.8, width=0.6, color="mountain_dark")


# Tall and long forms of the three for a marked token's strip (issue 37): the hunter with
# a spear, the tent a tipi, the canoe flat on the water. Same colours, same outline weight.
@_icon("hunter-tall", (3.4, 10))
def _hunter_tall(p: Pen) -> None:
    p.circle(1.3, 8.5, 1.15, fill="#1d1d1b")
    p.polygon([(0.1, 0.3), (0.75, 7.0), (1.85, 7.0), (2.5, 0.3)], fill="#1d1d1b")
    p.line(2.95, 0.3, 2.95, 9.0, width=0.35, color="#1d1d1b")  # the spear
    p.polygon([(2.55, 8.6), (2.95, 9.9), (3.35, 8.6)], fill="#1d1d1b")


@_icon("tipi", (4, 10))
def _tipi(p: Pen) -> None:
    p.polygon([(0.25, 0.3), (2, 8.6), (3.75, 0.3)], fill="#e9dcc0", stroke="line", width=0.45)
    p.polygon([(1.45, 0.3), (2, 3.4), (2.55, 0.3)], fill="#6e4a2c")
    p.line(1.3, 9.8, 2.7, 7.6, width=0.4)  # the poles, crossed above the cover
    p.line(2.7, 9.8, 1.3, 7.6, width=0.4)


@_icon("canoe-long", (10, 3.4))
def _canoe_long(p: Pen) -> None:
    p.polygon(
        [(0.2, 2.4), (1.7, 0.4), (8.3, 0.4), (9.8, 2.4), (8.3, 1.7), (1.7, 1.7)],
        fill="#8a5a34",
        stroke="line",
        width=0.35,
    )
    p.line(3.6, 0.2, 6.0, 3.2, width=0.5, color="mountain_dark")  # the paddle


@_icon("diamond")
def _diamond(p: Pen) -> None:
    p.polygon([(5, 9.5), (9.5, 5), (5, 0.5), (0.5, 5)], fill="#1d1d1b")


@_icon("totem")
def _totem(p: Pen) -> None:
    p.rect(3, 0.5, 4, 8, fill="#8a5a34", stroke="line", width=0.3)
    for y, color in ((6.2, "#c8382f"), (3.6, "#2f6fc0"), (1.0, "#3f9b4a")):
        p.rect(3, y, 4, 2.3, fill=color, stroke="line", width=0.2)
        p.circle(4.2, y + 1.3, 0.35, fill="#1d1d1b")
        p.circle(5.8, y + 1.3, 0.35, fill="#1d1d1b")
    p.polygon(
        [(0.5, 8.6), (5, 7.6), (9.5, 8.6), (5, 9.8)], fill="#e0a92c", stroke="line", width=0.3
    )


# -- Age of Hunting --------------------------------------------------------------------------
@_icon("bear")
def _bear(p: Pen) -> None:
    p.circle(2.6, 8, 1.5, fill="#5b3a21")
    p.circle(7.4, 8, 1.5, fill="#5b3a21")
    p.circle(5, 5, 4, fill="#7a4e2d")
    p.circle(5, 3.6, 1.8, fill="#c9a27a")
    p.circle(5, 4.2, 0.6, fill="#1d1d1b")
    p.circle(3.6, 6, 0.45, fill="#1d1d1b")
    p.circle(6.4, 6, 0.45, fill="#1d1d1b")


@_icon("mammoth")
def _mammoth(p: Pen) -> None:
    p.polygon(
        [
            (1, 1),
            (1, 6),
            (3, 8.8),
            (6.5, 9),
            (9, 6.6),
            (9, 2.4),
            (8, 0.8),
            (7.4, 3),
            (6.4, 3),
            (6.4, 1),
            (4.2, 1),
            (4.2, 3),
            (3, 3),
            (3, 1),
        ],
        fill="#7d7468",
    )
    p.polygon([(8.4, 4.2), (9.8, 1.6), (9.3, 1.2), (7.8, 3.6)], fill="#f4efe3")
    p.circle(7.3, 6.8, 0.5, fill="#1d1d1b")


@_icon("grape")
def _grape(p: Pen) -> None:
    for cx, cy in ((3.2, 6.4), (5, 6.4), (6.8, 6.4), (4.1, 4.7), (5.9, 4.7), (5, 3)):
        p.circle(cx, cy, 1.1, fill="#7b4aa8", stroke="#4c2a6d", width=0.2)
    p.polygon([(5, 7.4), (5.6, 9.6), (6.2, 9.4), (5.6, 7.4)], fill="#4f7f2a")
    p.polygon([(5.6, 8.6), (8.6, 9.2), (7.6, 7.6)], fill="#6fae3c")


def _grain(p: Pen, color: str, dark: str) -> None:
    p.line(5, 0.6, 5, 7.8, color=dark, width=0.5)
    for k in range(4):
        y = 2.8 + 1.6 * k
        p.polygon([(5, y), (2.7, y + 1.6), (3.2, y + 0.4)], fill=color, stroke=dark, width=0.2)
        p.polygon([(5, y), (7.3, y + 1.6), (6.8, y + 0.4)], fill=color, stroke=dark, width=0.2)
    p.polygon([(5, 9.8), (4.2, 8), (5, 7.4), (5.8, 8)], fill=color, stroke=dark, width=0.2)


@_icon("green_grain")
def _green_grain(p: Pen) -> None:
    _grain(p, "#6fbf45", "#2f6a1e")


@_icon("yellow_grain")
def _yellow_grain(p: Pen) -> None:
    # Not the green grain in yellow: a sheaf of three ears tied with a band, so the two
    # grains differ in outline as well as hue (ink saver, colour-blind players; issue 24).
    dark, color = "#8a6a10", "#f2c230"
    for tilt in (-28.0, 0.0, 28.0):
        a = math.radians(90 + tilt)
        top = (5 + 4.2 * math.cos(a), 3.4 + 4.2 * math.sin(a))
        p.line(5 - 1.2 * math.cos(a), 3.4 - 3.0 * math.sin(a), *top, color=dark, width=0.45)
        ear = [
            (
                top[0] + 1.9 * math.cos(a) * (1 + math.sin(t)) - 0.85 * math.sin(a) * math.cos(t),
                top[1] + 1.9 * math.sin(a) * (1 + math.sin(t)) + 0.85 * math.cos(a) * math.cos(t),
            )
            for t in (math.radians(k) for k in range(-90, 270, 20))
        ]
        p.polygon(ear, fill=color, stroke=dark, width=0.25)
    p.rect(3.6, 2.6, 2.8, 1.2, fill=dark)  # the band


@_icon("coins")
def _coins(p: Pen) -> None:
    p.circle(5, 5, 4.4, fill="#b9b3a7", stroke="#5e584f", width=0.4)
    p.circle(5, 5, 1.4, fill="paper", stroke="#5e584f", width=0.4)


@_icon("vp")
def _vp(p: Pen) -> None:
    p.polygon(_star(5, 5, 4.8, 2.1), fill="#e0a92c", stroke="#8a6a10", width=0.3)


@_icon("any_food")
def _any_food(p: Pen) -> None:
    colors = ("#7a4e2d", "#7d7468", "#7b4aa8", "#6fbf45", "#f2c230")
    for k, color in enumerate(colors):
        a0, a1 = 90 + 72 * k, 90 + 72 * (k + 1)
        pts = [(5, 5)] + [
            (5 + 4.4 * math.cos(math.radians(a)), 5 + 4.4 * math.sin(math.radians(a)))
            for a in range(a0, a1 + 1, 8)
        ]
        p.polygon(pts, fill=color)
    p.circle(5, 5, 2.0, fill="paper")
    # The question mark is drawn, not typeset: it is art at any icon size.
    hook = [
        (5 + 0.75 * math.cos(math.radians(a)), 5.75 + 0.75 * math.sin(math.radians(a)))
        for a in range(160, -91, -25)
    ]
    p.polygon([*hook, (5, 4.55)], stroke="text", width=0.42, close=False)
    p.circle(5, 3.75, 0.3, fill="text")


def _wedges(p: Pen, outline: list[tuple[float, float]], colors: tuple[str, ...]) -> None:
    """``outline`` (around the centre 5, 5) cut into one wedge of each colour."""
    n = len(colors)
    step = len(outline) // n
    for k, color in enumerate(colors):
        part = (
            outline[k * step : (k + 1) * step + 1]
            if k < n - 1
            else [*outline[k * step :], outline[0]]
        )
        p.polygon([(5, 5), *part], fill=color)
    p.polygon(outline, stroke="line", width=0.35)


def _sampled(corners: list[tuple[float, float]], per_side: int) -> list[tuple[float, float]]:
    """Points along a closed polygon, ``per_side`` per side (so wedges can split sides)."""
    out = []
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1], strict=True):
        out += [
            (x0 + (x1 - x0) * t / per_side, y0 + (y1 - y0) * t / per_side) for t in range(per_side)
        ]
    return out


# The three "food" symbols of Age of Hunting differ in outline, not only in colours, so
# they are told apart in grey and at a glance: any food is round, a basic food (bear, grape,
# green grain) a triangle, any food but grape a square with the grape struck out.
@_icon("basic_food")
def _basic_food(p: Pen) -> None:
    triangle = [(5, 9.6), (0.6, 1.0), (9.4, 1.0)]
    _wedges(p, _sampled(triangle, 4), ("#7a4e2d", "#7b4aa8", "#6fbf45"))
    p.circle(5, 4.2, 1.3, fill="paper")


@_icon("non_grape")
def _non_grape(p: Pen) -> None:
    square = [(1.0, 9.0), (1.0, 1.0), (9.0, 1.0), (9.0, 9.0)]
    _wedges(p, _sampled(square, 4), ("#7a4e2d", "#7d7468", "#6fbf45", "#f2c230"))
    p.circle(7.9, 2.1, 2.0, fill="paper", stroke="red", width=0.5)
    p.circle(7.9, 2.1, 1.0, fill="#7b4aa8")
    p.line(6.6, 0.8, 9.2, 3.4, color="red", width=0.5)


@_icon("hut")
def _hut(p: Pen) -> None:
    p.polygon(
        [(1, 1), (1, 5.5), (5, 9.2), (9, 5.5), (9, 1)], fill="#c9a27a", stroke="line", width=0.4
    )
    p.polygon([(0.2, 5.2), (5, 9.8), (9.8, 5.2), (9, 4.6), (5, 8.4), (1, 4.6)], fill="#8a5a34")
    p.rect(4, 1, 2, 3.2, fill="#3b2a1a")


@_icon("chief")
def _chief(p: Pen) -> None:
    p.circle(5, 7.2, 1.8, fill="#1d1d1b")
    p.polygon([(1.8, 0.6), (3.4, 5.4), (6.6, 5.4), (8.2, 0.6)], fill="#1d1d1b")
    p.polygon([(3.2, 8.6), (5, 10), (6.8, 8.6), (5, 9.2)], fill="#e0a92c")


@_icon("cave")
def _cave(p: Pen) -> None:
    p.polygon(
        [(0.4, 0.6), (1.6, 6), (4, 9), (7, 8.6), (9, 5.6), (9.6, 0.6)],
        fill="#8d8578",
        stroke="line",
        width=0.3,
    )
    p.polygon([(3, 0.6), (3.4, 4), (5, 5.6), (6.6, 4), (7, 0.6)], fill="#2b2622")


# -- A Dog's Life ------------------------------------------------------------------------
@_icon("bone")
def _bone(p: Pen) -> None:
    # Outline pass first, then the same shapes filled without a stroke: one clean outer
    # contour, dark enough to read on the cream cards and the white markers.
    knobs = ((2.0, 6.6), (3.4, 8.0), (8.0, 3.4), (6.6, 2.0))
    shaft = [(2.4, 6.0), (6.0, 2.4), (7.6, 4.0), (4.0, 7.6)]
    for cx, cy in knobs:
        p.circle(cx, cy, 1.55, stroke="#5e4a2e", width=0.9)
    p.polygon(shaft, stroke="#5e4a2e", width=0.9)
    for cx, cy in knobs:
        p.circle(cx, cy, 1.55, fill="#efe3c8")
    p.polygon(shaft, fill="#efe3c8")


@_icon("newspaper")
def _newspaper(p: Pen) -> None:
    p.rect(1, 1.5, 8, 7, fill="#f4f4f4", stroke="line", width=0.4)
    p.rect(2, 6, 6, 1.6, fill="#1d1d1b")
    for y in (4.8, 3.8, 2.8):
        p.line(2, y, 8, y, width=0.3)


@_icon("trash")
def _trash(p: Pen) -> None:
    p.polygon([(2, 1), (1.6, 7), (8.4, 7), (8, 1)], fill="#8a9499", stroke="line", width=0.4)
    p.rect(1, 7, 8, 1.2, fill="#6c767b", stroke="line", width=0.3)
    p.rect(4, 8.2, 2, 0.8, fill="#6c767b", stroke="line", width=0.3)
    for x in (3.4, 5, 6.6):
        p.line(x, 2, x, 6, width=0.3)


@_icon("pee")
def _pee(p: Pen) -> None:
    pts = [(5, 9.6)] + [
        (5 + 3.2 * math.cos(math.radians(a)), 4 + 3.2 * math.sin(math.radians(a)))
        for a in range(20, -200, -20)
    ]
    p.polygon(pts, fill="#f2c230", stroke="#8a6a10", width=0.3)


@_icon("food")
def _food(p: Pen) -> None:
    p.polygon([(1, 5), (2, 1.6), (8, 1.6), (9, 5)], fill="#c8382f", stroke="line", width=0.3)
    p.circle(3.6, 5.8, 1.4, fill="#a9774d")
    p.circle(6.2, 6.2, 1.6, fill="#8a5a34")


@_icon("fang")
def _fang(p: Pen) -> None:
    p.polygon([(2.5, 9), (7.5, 9), (5.2, 0.8)], fill="#f4efe3", stroke="line", width=0.4)


@_icon("run")
def _run(p: Pen) -> None:  # the running dog: an escape
    p.polygon(
        [
            (0.5, 5.5),
            (2.5, 6.8),
            (6.5, 6.8),
            (8, 8.2),
            (9.6, 7.4),
            (8.8, 5.8),
            (8, 5.4),
            (7, 4),
            (9, 2.2),
            (8, 1.6),
            (5.8, 3.6),
            (3.4, 3.8),
            (1.2, 1.6),
            (0.4, 2.4),
            (2.2, 4.6),
        ],
        fill="#3f9b4a",
    )


@_icon("net")
def _net(p: Pen) -> None:  # caught
    p.circle(5, 5, 4.3, fill="#f4efe3", stroke="#c8382f", width=0.6)
    for k in range(-3, 4):
        p.line(5 + 1.3 * k - 2.5, 1.5, 5 + 1.3 * k + 2.5, 8.5, color="#c8382f", width=0.3)


@_icon("cage")
def _cage(p: Pen) -> None:  # the pound
    p.rect(1, 1, 8, 8, fill="#f4efe3", stroke="line", width=0.5)
    for x in (2.8, 4.4, 6.0, 7.6):
        p.line(x, 1, x, 9, width=0.45)
    p.polygon([(0.4, 9), (5, 10), (9.6, 9)], fill="#6c767b")


@_icon("van")
def _van(p: Pen) -> None:
    p.rect(0.5, 2.2, 6.4, 5.4, fill="#f4f4f4", stroke="line", width=0.4)
    p.polygon(
        [(6.9, 2.2), (6.9, 6.2), (8.4, 6.2), (9.6, 4.2), (9.6, 2.2)],
        fill="#c8382f",
        stroke="line",
        width=0.4,
    )
    p.circle(2.4, 2.2, 1.1, fill="#1d1d1b")
    p.circle(7.8, 2.2, 1.1, fill="#1d1d1b")
    for x in (1.6, 3.0, 4.4, 5.8):
        p.line(x, 3.4, x, 6.6, width=0.3)


@_icon("paw")
def _paw(p: Pen) -> None:
    p.circle(5, 3.6, 2.4, fill="#1d1d1b")
    for cx, cy in ((2, 6.4), (4, 8), (6, 8), (8, 6.4)):
        p.circle(cx, cy, 1.1, fill="#1d1d1b")


@_icon("arrow")
def _arrow(p: Pen) -> None:
    p.polygon(
        [(0.5, 3.8), (6, 3.8), (6, 1.5), (9.5, 5), (6, 8.5), (6, 6.2), (0.5, 6.2)], fill="#1d1d1b"
    )


@_icon("lamppost")
def _lamppost(p: Pen) -> None:
    p.rect(3.6, 0.3, 2.8, 1.0, fill="#2b2b2b")
    p.rect(4.55, 1.3, 0.9, 6.0, fill="#2b2b2b")
    p.polygon(
        [(3.0, 7.2), (7.0, 7.2), (6.0, 9.6), (4.0, 9.6)],
        fill="#f2c230",
        stroke="#2b2b2b",
        width=0.45,
    )


@_icon("fountain")
def _fountain(p: Pen) -> None:
    p.polygon(
        [(0.6, 3.6), (9.4, 3.6), (8.2, 0.6), (1.8, 0.6)], fill="#8a9499", stroke="line", width=0.35
    )
    p.rect(4.4, 3.6, 1.2, 2.6, fill="#8a9499", stroke="line", width=0.3)
    for dx in (-1, 1):  # two jets falling into the basin
        p.polygon(
            [
                (5, 6.2),
                (5 + dx * 1.2, 8.8),
                (5 + dx * 3.6, 6.6),
                (5 + dx * 4.0, 3.8),
                (5 + dx * 3.2, 3.8),
                (5 + dx * 2.9, 6.0),
                (5 + dx * 1.0, 7.4),
            ],
            fill="#3f8fd2",
        )


def address_plate(pen: Pen, x: float, y: float, number: str) -> None:
    """A delivery address as the city board prints it; the legend's icon is the same plate
    (issue 24: the legend showed a house the board does not)."""
    w, h = ADDRESS
    pen.rect(x, y, w, h, fill="paper", stroke="blue", width=0.5, radius=1.2)
    if number:
        pen.text(x + w / 2, y + 1.7, number, 12, color="blue", align="center", max_width=w - 1)


@_icon("address")
def _address(p: Pen) -> None:
    x, y = (BOX - ADDRESS[0]) / 2, (BOX - ADDRESS[1]) / 2
    address_plate(p, x, y, "")
    # The plate's number is drawn, not typeset, like any_food's question mark: art at any
    # icon size (a legend row's 4 mm icon would print a 12 pt digit at 4 pt).
    w, h = ADDRESS
    p.polygon(
        [
            (x + w / 2 - 1.5, y + h - 1.6),
            (x + w / 2 + 1.6, y + h - 1.6),
            (x + w / 2 - 0.4, y + 1.4),
        ],
        stroke="blue",
        width=0.7,
        close=False,
    )


# -- player marks -----------------------------------------------------------------------------
# Every player colour also has a shape, printed on that player's boards and pieces, so that
# colours are told apart in grey (ink saver, a mono laser printer) and by colour-blind
# players. Drawn white with a dark outline: readable on the colour and in ink-saver grey.
MARKS: dict[str, list[tuple[float, float]] | None] = {
    "red": None,  # a circle
    "blue": [(1, 1), (9, 1), (9, 9), (1, 9)],
    "yellow": [(5, 9.6), (9.6, 1.2), (0.4, 1.2)],
    "green": [(5, 9.8), (9.8, 5), (5, 0.2), (0.2, 5)],
    "purple": _star(5, 4.7, 5.2, 2.2),
    # An hourglass: a hexagon read as a circle at 3 mm (issue 24's grey comparison).
    "orange": [(0.8, 9.4), (9.2, 9.4), (5.7, 5), (9.2, 0.6), (0.8, 0.6), (4.3, 5)],
    # A table may choose any colour the companion offers (games.table.COLOURS).
    "black": [  # a cross
        (3.4, 0.6),
        (6.6, 0.6),
        (6.6, 3.4),
        (9.4, 3.4),
        (9.4, 6.6),
        (6.6, 6.6),
        (6.6, 9.4),
        (3.4, 9.4),
        (3.4, 6.6),
        (0.6, 6.6),
        (0.6, 3.4),
        (3.4, 3.4),
    ],
    "white": [(0.6, 8.6), (9.4, 8.6), (5, 0.8)],  # a triangle on its point
}


def player_mark(pen: Pen, colour: str, x: float, y: float, size: float) -> None:
    """The shape of player colour ``colour`` in a ``size`` mm box at (x, y)."""
    if colour not in MARKS:
        raise KeyError(f"no player mark for the colour {colour!r}")
    points = MARKS[colour]

    def draw(p: Pen) -> None:
        if points is None:
            p.circle(5, 5, 4.4, fill="paper", stroke="text", width=1.1)
        else:
            p.polygon(points, fill="paper", stroke="text", width=1.1)

    with pen.at(x, y, scale=size / BOX):
        pen.form(f"mark-{colour}", (-1, -1, BOX + 1, BOX + 1), draw)


def player_tag(
    pen: Pen, colour: str, label: str, right: float, y: float, size: float, *, pt: float = 8
) -> None:
    """A board's owner, right-aligned at ``right``: the seat's name (``label``, at most
    ``TAG_WIDTH`` mm) and, left of it, the colour's shape (a ``size`` mm mark whose bottom is
    at ``y``). A long name shifts the shape instead of running over it."""
    ink = text_on(colour)
    baseline = y + size / 2 - pt * PT * 0.35
    width = min(fonts.width(label, pt * PT), TAG_WIDTH) if label else 0.0
    if label:
        pen.text(right, baseline, label, pt, color=ink, align="right", max_width=TAG_WIDTH)
    player_mark(pen, colour, right - width - (size + 2 if label else size), y, size)


TAG_WIDTH = 45.0  # mm: the longest seat label on a board's header
