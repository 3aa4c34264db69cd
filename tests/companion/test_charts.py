"""companion.charts: the one inline SVG line chart renderer."""

from __future__ import annotations

import itertools
import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.charts import (
    HEIGHT,
    MAX_X_LABELS,
    WIDTH,
    Series,
    describe,
    line_chart,
    seat_chart,
)
from games.table import Player

SVG = "{http://www.w3.org/2000/svg}"
LABELS = ["start", "round 1", "round 2"]


def svg_of(markup: str) -> ET.Element:
    return ET.fromstring(markup[: markup.index("</svg>") + 6])


def points(element: ET.Element) -> list[tuple[float, float]]:
    return [tuple(map(float, p.split(","))) for p in element.get("points").split()]


def test_one_line_per_series_with_accessible_title_and_description():
    chart = line_chart(
        [Series("Ann", [20, 14, 9], "red"), Series("Ben", [20, 17, 12], "blue")],
        labels=LABELS,
        title="Herds per round",
    )
    svg = svg_of(chart)
    assert svg.get("role") == "img" and svg.get("aria-label") == "Herds per round"
    assert svg.find(f"{SVG}title").text == "Herds per round"
    assert svg.find(f"{SVG}desc").text == (
        "Ann: start 20, round 1 14, round 2 9; Ben: start 20, round 1 17, round 2 12"
    )
    lines = svg.findall(f".//{SVG}polyline")
    assert [line.find(f"{SVG}title").text for line in lines] == ["Ann", "Ben"]
    groups = svg.findall(f"{SVG}g")
    assert [g.get("class") for g in groups] == ["series c-red", "series c-blue"]


def test_no_inline_style_and_colours_come_from_classes():
    chart = line_chart([Series("Ann", [1, 2, 3], "red")], labels=LABELS, title="t")
    assert "style" not in chart and "<script" not in chart
    assert "#" not in chart  # no hard-coded colour: dark mode is the stylesheet's job


def test_values_map_to_heights_top_is_the_largest():
    chart = line_chart([Series("A", [0, 10, 5])], labels=LABELS, title="t")
    (xy0, xy1, xy2) = points(svg_of(chart).find(f".//{SVG}polyline"))
    assert xy1[1] < xy2[1] < xy0[1]  # SVG y grows downward
    assert xy0[0] < xy1[0] < xy2[0] <= WIDTH
    assert xy0[1] <= HEIGHT


def test_y_axis_ends_at_a_round_number():
    chart = line_chart([Series("A", [20, 13, 7])], labels=LABELS, title="t")
    ticks = [t.text for t in svg_of(chart).findall(f"{SVG}text")][:3]
    assert ticks == ["0", "10", "20"]


def test_legend_names_every_series_with_its_last_value():
    chart = line_chart(
        [Series("Ann", [20, 14, 9], "red"), Series("Ben", [20, 17, 12])], labels=LABELS, title="t"
    )
    legend = chart[chart.index("</svg>") :]
    assert re.findall(r"</span>(\w+) <strong>(\d+)</strong>", legend) == [
        ("Ann", "9"),
        ("Ben", "12"),
    ]
    assert "chart-legend" not in line_chart(
        [Series("A", [1, 2, 3])], labels=LABELS, title="t", legend=False
    )


def test_every_user_string_is_escaped():
    chart = line_chart(
        [Series("<b>x</b>", [1, 2, 3], 'red" onload="x')],
        labels=["<i>", "a&b", "c"],
        title="<script>",
    )
    assert "<b>" not in chart and "<i>" not in chart and "<script>" not in chart
    assert "onload" not in chart  # a colour that is not a colour id is dropped
    svg_of(chart)  # still well-formed XML


def test_series_are_told_apart_without_colour():
    chart = line_chart([Series(n, [1, 2, 3], "black") for n in "ABC"], labels=LABELS, title="t")
    svg = svg_of(chart)
    dashes = [line.get("stroke-dasharray") for line in svg.findall(f".//{SVG}polyline")]
    assert len(set(dashes)) == 3


def test_long_label_lists_are_thinned_but_keep_the_last():
    labels = [f"r{i}" for i in range(30)]
    chart = line_chart([Series("A", list(range(30)))], labels=labels, title="t")
    shown = [t.text for t in svg_of(chart).findall(f"{SVG}text") if t.text.startswith("r")]
    assert len(shown) <= MAX_X_LABELS + 1 and shown[0] == "r0" and shown[-1] == "r29"


@pytest.mark.parametrize("count", range(2, 61))
@pytest.mark.parametrize("last", ["now", "ora", "fine", "end"])
def test_x_labels_never_overlap(count, last):
    # issue 21: the label before the last ("24" beside "ora") drew over it. Widths as
    # drawn at font-size 11: about 6.2 units a character (0.56 em).
    labels = ["inizio", *(str(n) for n in range(2, count)), last][-count:]
    chart = line_chart([Series("A", [0] * count)], labels=labels, title="t")
    spans = []
    for text in svg_of(chart).findall(f"{SVG}text"):
        if text.get("font-size") != "11":
            continue
        x, width = float(text.get("x")), 6.2 * len(text.text)
        start = {"start": x, "end": x - width}.get(text.get("text-anchor"), x - width / 2)
        spans.append((start, start + width))
    spans.sort()
    assert all(a_end <= b_start for (_a, a_end), (b_start, _b) in itertools.pairwise(spans))


def test_a_single_point_is_drawn_in_the_middle():
    chart = line_chart([Series("A", [20])], labels=["start"], title="t")
    [(x, _y)] = points(svg_of(chart).find(f".//{SVG}polyline"))
    assert 0 < x < WIDTH


def test_negative_values_extend_the_axis_below_zero():
    chart = line_chart([Series("A", [3, -2, 1])], labels=LABELS, title="t")
    ys = [y for _x, y in points(svg_of(chart).find(f".//{SVG}polyline"))]
    assert max(ys) <= HEIGHT and ys[1] == max(ys)


@pytest.mark.parametrize(
    ("series", "labels"),
    [
        ([], ["a"]),
        ([Series("A", [])], []),
        ([Series("A", [1, 2])], ["a", "b", "c"]),
    ],
)
def test_programming_slips_raise_value_error(series, labels):
    with pytest.raises(ValueError):
        line_chart(series, labels=labels, title="t")


def test_describe_reads_fractions_with_one_decimal():
    assert describe([Series("A", [1.25, 2])], labels=["x", "y"]) == "A: x 1.2, y 2"


@given(st.lists(st.lists(st.integers(-50, 500), min_size=4, max_size=4), min_size=1, max_size=6))
def test_every_point_lies_inside_the_view_box(rows):
    chart = line_chart(
        [Series(f"S{i}", row, "red") for i, row in enumerate(rows)],
        labels=["a", "b", "c", "d"],
        title="t",
    )
    for line in svg_of(chart).findall(f".//{SVG}polyline"):
        for x, y in points(line):
            assert 0 <= x <= WIDTH and 0 <= y <= HEIGHT


def axis_labels(markup: str) -> list[str]:
    # The y axis labels are the texts that carry no font-size of their own (x labels do).
    return [
        text.text for text in svg_of(markup).findall(f"{SVG}text") if text.get("font-size") is None
    ]


def test_whole_number_series_get_whole_number_ticks_only():
    # One bone buried: the axis runs 0..1 and must not show "0.5" bones.
    chart = line_chart([Series("Fifi", [0, 0, 1], "red")], labels=LABELS, title="Bones")
    assert axis_labels(chart) == ["0", "1"]


def test_fractional_series_keep_the_middle_tick():
    chart = line_chart([Series("Ann", [0, 0.5, 1], "red")], labels=LABELS, title="Average")
    assert axis_labels(chart) == ["0", "0.5", "1"]


def test_seat_chart_draws_one_line_per_seat_once_there_are_two_points():
    players = [Player("Ann", "red"), Player("Ben", "blue")]
    assert seat_chart(players, [[20], [20]], labels=["start"], title="Herds") is None
    markup = seat_chart(
        players,
        [[20, 15], [20, 18]],
        labels=["start", "round 1"],
        title="Herds",
        names=["Ann (lion)", "Ben"],
    )
    assert markup is not None
    assert "c-red" in markup and "c-blue" in markup
    assert "Ann (lion)" in markup and "Ben" in markup
