"""Inline SVG line charts for the game panels (herds, food, VP, bones over the rounds).

One renderer for every game: ``seat_chart(players, values, labels=…, title=…)`` draws one
line per seat from the values the game's rules give per seat (``None`` until there are two
points); ``line_chart(series, labels=…, title=…)`` underneath is a pure function returning
markup (``markupsafe.Markup``) that a template prints as is. It follows the
companion's constraints:

* CSP: no inline ``style`` and no script. Colours come from classes: a series of seat
  colour ``red`` gets ``class="c-red"``, whose ``--seat`` custom property app.css defines;
  text and grid use ``currentColor`` and CSS variables, so dark mode needs nothing here.
* Accessible: ``role="img"``, a ``<title>`` and a ``<desc>`` giving every value in words, so
  a screen reader reads the chart as a sentence; the legend below is plain HTML text.
* Colour is never the only cue: each series also has its own dash pattern and marker, and
  the legend names each line with its last value.
* Phones: a 340-unit-wide ``viewBox`` scaled to the container (``.chart`` is
  ``width: 100%``), so it fits 360 px screens; long x labels are thinned, never overlapped.

Glossary
--------
series
    One line: a name (a player's), a seat colour id and one value per label.
labels
    The x axis: one label per point ("start", "round 1", …), already translated.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup, escape

from games.table import Player

WIDTH = 340
HEIGHT = 190
#: Room for the y labels (left), the x labels (bottom) and the end markers.
LEFT, RIGHT, TOP, BOTTOM = 30, 12, 10, 26
#: At most this many x labels are printed (every k-th otherwise) so they never overlap.
MAX_X_LABELS = 7
#: Dash patterns and marker shapes told apart in grey or by colour-blind players.
DASHES = ("", "7 4", "2 4", "9 3 2 3", "4 2")
MARKERS = ("circle", "square", "diamond", "triangle", "circle")
_COLOUR_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz-")


@dataclass(frozen=True, slots=True)
class Series:
    """One line of the chart."""

    name: str
    values: Sequence[float]
    colour: str = ""  # a seat colour id ("red"); "" draws in the text colour


def seat_chart(
    players: Sequence[Player],
    values: Sequence[Sequence[float]],
    *,
    labels: Sequence[str],
    title: str,
    names: Sequence[str] | None = None,
    legend: bool = True,
    css_class: str = "",
) -> Markup | None:
    """The chart every panel draws: one line per seat (``players[i]``: its ``name`` and
    seat ``color``, or ``names[i]`` when given), ``values[i]`` one value per label, as the
    game's rules compute them. ``None`` while there are fewer than two points to join."""
    if len(labels) < 2:
        return None
    series = [
        Series(names[seat] if names is not None else player.name, list(line), player.color)
        for seat, (player, line) in enumerate(zip(players, values, strict=True))
    ]
    return line_chart(series, labels=labels, title=title, legend=legend, css_class=css_class)


def line_chart(
    series: Sequence[Series],
    *,
    labels: Sequence[str],
    title: str,
    y_label: str = "",
    legend: bool = True,
    css_class: str = "",
) -> Markup:
    """An inline SVG line chart with one line per series, plus an HTML legend.

    ``labels`` has one entry per point; every series has exactly that many values. The y
    axis starts at 0 (or below, for negative values) and ends at a round number at or
    above the largest value. Raises ``ValueError`` for a programming slip (no series, no
    labels, or a length mismatch) — the panels build these from folded state.
    """
    if not series or not labels:
        raise ValueError("a chart needs at least one series and one label")
    for line in series:
        if len(line.values) != len(labels):
            raise ValueError(
                f"series {line.name!r} has {len(line.values)} values for {len(labels)} labels"
            )
    low = min(0.0, *(v for line in series for v in line.values))
    high = _nice_ceiling(max(1.0, *(v for line in series for v in line.values)))
    steps = max(1, len(labels) - 1)

    def x(index: int) -> float:
        if len(labels) == 1:
            return (LEFT + WIDTH - RIGHT) / 2
        return LEFT + (WIDTH - LEFT - RIGHT) * index / steps

    def y(value: float) -> float:
        return TOP + (HEIGHT - TOP - BOTTOM) * (high - value) / (high - low)

    classes = " ".join(filter(None, ("chart", css_class)))
    out = [
        f'<svg class="{escape(classes)}" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" aria-label="{escape(title)}">',
        f"<title>{escape(title)}</title>",
        f"<desc>{escape(describe(series, labels=labels))}</desc>",
    ]
    # Counts (bones, herds, animals) are whole numbers: a "0.5" tick would suggest otherwise.
    whole = all(float(v).is_integer() for line in series for v in line.values)
    for tick in _y_ticks(low, high, whole=whole):
        out.append(
            f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(tick):.1f}" '
            f'y2="{y(tick):.1f}"/><text x="{LEFT - 5}" y="{y(tick) + 4:.1f}" '
            f'text-anchor="end">{_number(tick)}</text>'
        )
    if y_label:
        out.append(
            f'<text class="axis-label" x="{LEFT}" y="{TOP - 1}" '
            f'font-size="10">{escape(y_label)}</text>'
        )
    every = math.ceil(len(labels) / MAX_X_LABELS)
    last = len(labels) - 1
    for index, label in enumerate(labels):
        if index != last and (index % every or 0 < last - index < every):
            # thinned out; and never a label closer to the last one ("now", "fine") than
            # the thinning step, where the two would overlap (issue 21)
            continue
        anchor = (
            "start"
            if index == 0 and len(labels) > 1
            else "end"
            if index == len(labels) - 1 and len(labels) > 1
            else "middle"
        )
        out.append(
            f'<text x="{x(index):.1f}" y="{HEIGHT - 8}" text-anchor="{anchor}" '
            f'font-size="11">{escape(label)}</text>'
        )
    for number, line in enumerate(series):
        colour = _colour_class(line.colour)
        dash = DASHES[number % len(DASHES)]
        points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(line.values))
        out.append(
            f'<g class="series {colour}"><polyline class="line" fill="none" '
            f'stroke-width="3" stroke-linejoin="round" points="{points}"'
            + (f' stroke-dasharray="{dash}"' if dash else "")
            + f"><title>{escape(line.name)}</title></polyline>"
        )
        shape = MARKERS[number % len(MARKERS)]
        out.extend(_marker(shape, x(i), y(v)) for i, v in enumerate(line.values))
        out.append("</g>")
    out.append("</svg>")
    if legend:
        out.append('<ul class="chart-legend">')
        for line in series:
            out.append(
                f'<li><span class="swatch {_colour_class(line.colour)}"></span>'
                f"{escape(line.name)} <strong>{_number(line.values[-1])}</strong></li>"
            )
        out.append("</ul>")
    return Markup("".join(out))


def describe(series: Sequence[Series], *, labels: Sequence[str]) -> str:
    """The chart in words (its ``<desc>``): "Ann: start 20, round 1 14; Ben: …"."""
    return "; ".join(
        f"{line.name}: "
        + ", ".join(
            f"{label} {_number(value)}" for label, value in zip(labels, line.values, strict=True)
        )
        for line in series
    )


def _colour_class(colour: str) -> str:
    # A colour id becomes a class name; anything else (typed by nobody, but still) is dropped.
    if colour and set(colour) <= _COLOUR_CHARS:
        return f"c-{colour}"
    return ""


def _marker(shape: str, cx: float, cy: float) -> str:
    if shape == "square":
        return f'<rect class="dot" x="{cx - 3.5:.1f}" y="{cy - 3.5:.1f}" width="7" height="7"/>'
    if shape == "diamond":
        return f'<path class="dot" d="M{cx:.1f},{cy - 5:.1f} l5,5 l-5,5 l-5,-5 z"/>'
    if shape == "triangle":
        return f'<path class="dot" d="M{cx:.1f},{cy - 5:.1f} l5,8.5 h-10 z"/>'
    return f'<circle class="dot" cx="{cx:.1f}" cy="{cy:.1f}" r="4"/>'


def _nice_ceiling(value: float) -> float:
    """The smallest of 1, 2, 2.5, 5 × 10ⁿ at or above ``value`` (≥ 1)."""
    power = 10 ** math.floor(math.log10(value))
    for step in (1, 2, 2.5, 5, 10):
        if step * power >= value:
            return float(step * power)
    return float(10 * power)  # pragma: no cover - the loop always returns


def _y_ticks(low: float, high: float, *, whole: bool = False) -> list[float]:
    """0 (or the low end), the middle and the top of the axis; only whole ticks if ``whole``."""
    ticks = sorted({low, 0.0, (low + high) / 2, high}) if low < 0 else [0.0, high / 2, high]
    if whole:
        ticks = [tick for tick in ticks if float(tick).is_integer()]
    return ticks


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"
