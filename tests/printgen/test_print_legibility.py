"""Legibility: contrast of every printed label, tile marks inside their terrain, distinct
icons, text inside its box, terrains told apart in ink-saver."""

from __future__ import annotations

import functools
import math

import pytest
from bison_board import tile_outline
from pdfcheck import reader, render
from PIL import Image

from games.bison import catalog as bison_catalog
from games.bison.kit import tile_art as tile_geo
from printgen import pen as pen_module
from printgen.document import Document
from printgen.games import bison as bison_print
from printgen.icons import icon
from printgen.kit import ALL, Context, components, render_kit
from printgen.layout import plan
from printgen.messages import LANGUAGES
from printgen.style import MIN_CONTRAST, Style, contrast, readable, text_on

TABLE = "https://campfire.example/t/K7Q2ZX"


@functools.cache
def labels(lang: str, ink_saver: bool) -> tuple[pen_module.Label, ...]:
    recorded: list[pen_module.Label] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pen_module, "LABELS", recorded)
        render_kit(ALL, lang=lang, ink_saver=ink_saver, table_url=TABLE, seat_urls=[TABLE + "/s/1"])
    return tuple(recorded)


def test_the_contrast_formula_is_wcag():
    black, white = Style().fill("#000000"), Style().fill("#ffffff")
    assert contrast(black, white) == pytest.approx(21.0)
    assert contrast(white, white) == pytest.approx(1.0)
    # The reviewer's yellow numbers on cream: about 1.5 : 1.
    assert contrast(Style().fill("yellow"), Style().fill("cream")) == pytest.approx(1.55, abs=0.02)


@pytest.mark.parametrize("ink_saver", [False, True])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_printed_label_has_enough_contrast_with_what_it_sits_on(lang, ink_saver):
    drawn = labels(lang, ink_saver)
    assert len(drawn) > 1000  # it sees the kit's text
    poor = sorted(
        {
            (
                label.text,
                label.ink.hexval(),
                label.background.hexval(),
                round(contrast(label.ink, label.background), 2),
            )
            for label in drawn
            if contrast(label.ink, label.background) < MIN_CONTRAST
        }
    )
    assert poor == []


def test_readable_keeps_the_hue_and_reaches_the_minimum():
    ochre = Style().fill(readable("yellow"))
    assert contrast(ochre, Style().fill("cream")) >= MIN_CONTRAST
    assert ochre.red > ochre.green > ochre.blue  # still a yellow-orange, not grey
    assert text_on("yellow") == "text" and text_on("night") == "paper"


# -- Bison tiles: every mark inside its terrain (B1) ------------------------------------------


@pytest.mark.parametrize("tile_id", list(bison_catalog.CATALOG))
def test_tile_animals_lie_inside_their_terrain_and_clear_of_the_id(tile_id):
    tile = bison_catalog.CATALOG[tile_id]
    art = bison_print.tile_art(tile_id)
    river, hexagon = tile_outline(tile_id)
    for space, letter in (("prairie", "P"), ("mountain", "M")):
        land = tile_geo.land_polygon(tile.edges, letter, 0.0)
        assert len(art.animals[space]) == tile.animals[space]
        for spot in art.animals[space]:
            assert tile_geo.inside(land, spot), (space, spot)
            # The whole disc on its land: off the river band and inside the hex.
            assert (
                tile_geo.polyline_distance(spot, river)
                >= bison_print.RIVER_HALF + tile_geo.LAND_MARK
            )
            assert tile_geo.polyline_distance(spot, [*hexagon, hexagon[0]]) >= tile_geo.LAND_MARK
    for spot in art.animals["river"]:  # salmon sit on the river's line, narrower than it
        assert tile_geo.polyline_distance(spot, river) < 0.05
    assert tile_geo.RIVER_MARK <= bison_print.RIVER_HALF + 0.2
    discs = [
        (spot, tile_geo.LAND_MARK)
        for space in ("prairie", "mountain")
        for spot in art.animals[space]
    ]
    discs += [(spot, tile_geo.RIVER_MARK) for spot in art.animals["river"]]
    for i, (p, r) in enumerate(discs):  # no two marks overlap
        for q, s in discs[i + 1 :]:
            assert math.dist(p, q) >= r + s
    # The id's label covers no animal.
    (x, y), (w, h) = art.id_at, tile_geo.ID_BOX
    for (cx, cy), r in discs:
        nearest = (min(max(cx, x - w / 2), x + w / 2), min(max(cy, y - h / 2), y + h / 2))
        assert math.dist(nearest, (cx, cy)) >= r, tile_id


# -- Age of Hunting -------------------------------------------------------------------------


def _silhouette(name: str, tmp_path) -> set[tuple[int, int]]:
    doc = Document(title="t", lang="en", duplex="long", style=Style(ink_saver=True), paper=(12, 12))
    doc.page((12, 12), lambda pen: icon(pen, name, 1, 1, 10))
    (tmp_path / name).mkdir()
    (png,) = render(doc.finish(), tmp_path / name, dpi=150)
    with Image.open(png) as image:
        grey = image.convert("L")
        return {
            (x, y)
            for x in range(grey.width)
            for y in range(grey.height)
            if grey.getpixel((x, y)) < 250
        }


def test_the_three_food_symbols_differ_in_outline_not_only_in_colour(tmp_path):
    shapes = {name: _silhouette(name, tmp_path) for name in ("any_food", "basic_food", "non_grape")}
    names = list(shapes)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            overlap = len(shapes[a] & shapes[b]) / len(shapes[a] | shapes[b])
            assert overlap < 0.8, (a, b, overlap)


def test_n02a_times_two_stays_inside_its_hunting_space():
    recorded: list[pen_module.Label] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pen_module, "LABELS", recorded)
        render_kit("hunting-age", only=["N02"])
    (component,) = [
        c for c in components("hunting-age", Context("en", Style())) if c.key == "hunting-age.cards"
    ]
    card = next(p for p in component.pieces if p.id == "N02")
    (front, _back) = plan(component.__class__(component.key, "", (card,)), "a4", "long")
    (placement,) = front.placements
    times = [label for label in recorded if label.text == "×2"]
    assert times
    count = 5  # hunting spaces on N02a
    cell = (card.width - 10) / count
    for label in times:
        left = label.box[0] - placement.x
        if placement.y + 42 <= label.box[1] <= placement.y + 74:  # a hunting space's row
            k = int((left - 5) // cell)
            assert label.box[2] - placement.x <= 5 + k * cell + cell - 1.5 + 1e-6
    assert any(placement.y + 42 <= t.box[1] for t in times)


# -- Ink saver: terrains differ by pattern ----------------------------------------------------


def test_ink_saver_tells_prairie_from_mountain_by_pattern(tmp_path):
    pdf = render_kit("bison", only=["S1"], ink_saver=True)
    forms = reader(pdf).pages[0]["/Resources"]["/XObject"]
    assert {"/FormXob.pattern-prairie", "/FormXob.pattern-mountain"} <= set(forms)
    prairie = forms["/FormXob.pattern-prairie"].get_object().get_data()
    mountain = forms["/FormXob.pattern-mountain"].get_object().get_data()
    assert prairie != mountain
    # On paper: both terrains carry ink strokes over their grey, not a flat grey.
    (png,) = render(pdf, tmp_path, dpi=150)
    (component,) = [
        c for c in components("bison", Context("en", Style())) if c.key == "bison.tiles"
    ]
    tile = next(p for p in component.pieces if p.id == "S1")
    (sheet,) = plan(component.__class__(component.key, "", (tile,)), "a4", "long")
    (placement,) = sheet.placements
    art = bison_print.tile_art("S1")
    px = 150 / 25.4
    with Image.open(png) as image:
        grey = image.convert("L")
        for space in ("prairie", "mountain"):
            sx, sy = art.animals[space][0]
            # A 10 mm patch beside the animal's disc, still inside its terrain.
            cx = placement.x + sx + (7 if space == "prairie" else -7)
            cy = sheet.size[1] - (placement.y + sy)
            patch = [
                grey.getpixel((round((cx + dx / 2) * px), round((cy + dy / 2) * px)))
                for dx in range(-5, 6)
                for dy in range(-5, 6)
            ]
            assert max(patch) - min(patch) > 60, space  # pattern ink on the grey fill
    plain = reader(render_kit("bison", only=["S1"])).pages[0]["/Resources"]["/XObject"]
    # Issue 24: in colour too (hue alone fails colour-blind players).
    assert "/FormXob.pattern-prairie" in plain


# -- typesetting in the printed kits ----------------------------------------------------------


@pytest.mark.parametrize("lang", ["ja", "it"])
def test_no_printed_line_ends_with_an_opening_bracket_or_cuts_a_word(lang):
    lines = [label.text for label in labels(lang, False)]
    assert not [line for line in lines if line.rstrip().endswith(("(", "（", "「", "«"))]
    if lang == "ja":  # the reviewer's ハ/ンター and 切り/直して
        assert not [
            line
            for line in lines
            if line.endswith(("ハ", "切り", "切"))
            or line.startswith(("ンター", "直して", "り直して"))
        ]
        assert any("切り直して" in line for line in lines)
