"""Less paper, print what you need, no unembedded font: whole-kit properties of the layout.

Baseline before butted tokens, 9-up cards and computed margins: the four-game A4 kit took
86 pages (19 of them blank) and the 78 dog cards 10 sheets of fronts.
"""

from __future__ import annotations

import pytest
from pdfcheck import box_mm, drawn_kit, reader, render
from PIL import Image

from games.dogs_life import catalog as dog_catalog
from printgen.errors import PrintError
from printgen.kit import (
    ALL,
    Context,
    component_ids,
    components,
    games_with_kit,
    kit_components,
    render_kit,
)
from printgen.layout import PAPERS, SAFE_MARGIN, Offset, plan
from printgen.messages import LANGUAGES
from printgen.style import Style

MM = 25.4


def kit(game: str, lang: str = "en", paper: str = "a4", duplex: str = "long") -> bytes:
    return drawn_kit(game, lang, paper, duplex)


def _plan(game: str, key: str, paper: str = "a4", duplex: str = "long"):
    (component,) = [c for c in components(game, Context("en", Style())) if c.key == key]
    return component, plan(component, paper, duplex)


def test_the_full_a4_kit_takes_fewer_pages_than_before_and_no_blank_one():
    pages = reader(kit(ALL)).pages
    assert len(pages) < 86
    for number, page in enumerate(pages[4:], 5):  # after the cover and the duplex tests
        # Every sheet holds pieces: its TrimBox is not the whole page.
        assert box_mm(page.trimbox) != box_mm(page.mediabox), number


def test_78_dog_cards_on_9_a4_sheets_of_fronts_with_at_most_two_dogs_a_sheet():
    component, sheets = _plan("dogs-life", "dogs-life.cards")
    assert len(component.pieces) == 78
    fronts = [s for s in sheets if not s.is_back]
    assert len(fronts) <= 9
    dogs = [{p.piece.id.rsplit("-", 1)[0] for p in s.placements} for s in fronts]
    assert sum(len(d) == 1 for d in dogs) == len(dog_catalog.DOGS)  # a sheet per dog…
    assert all(len(d) <= 2 for d in dogs)  # …and the last four of two dogs together


@pytest.mark.parametrize("paper", list(PAPERS))
def test_age_of_hunting_cards_fit_at_least_three_a_sheet(paper):
    _, sheets = _plan("hunting-age", "hunting-age.cards", paper)
    fronts = [s for s in sheets if not s.is_back]
    assert all(len(s.placements) >= 3 for s in fronts[:-1])
    assert len(fronts) <= 5


@pytest.mark.parametrize("paper", list(PAPERS))
def test_fold_mode_is_no_longer_two_cards_a_sheet(paper):
    _, sheets = _plan("dogs-life", "dogs-life.cards", paper, "fold")
    assert len(sheets[0].placements) == 8  # 4 fronts and their 4 backs
    assert len(sheets) == -(-78 // 4)  # no sheet more than 78 cards 4 a sheet need


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_font_of_every_kit_is_embedded(lang):
    for duplex in ("long", "fold"):
        pdf = kit(ALL, lang, "letter" if lang == "it" else "a4", duplex)
        assert b"Helvetica" not in pdf
        for page in reader(pdf).pages:
            fonts = page["/Resources"].get("/Font", {})
            assert fonts, "every page shows at least its footer"
            for font in (f.get_object() for f in fonts.values()):
                descendant = (
                    font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
                )
                assert "/FontFile2" in descendant["/FontDescriptor"], font["/BaseFont"]


def _dark_runs(values: list[int]) -> list[float]:
    """Centres (in pixels) of the runs of dark pixels along a line."""
    runs, start = [], None
    for i, v in enumerate([*values, 255]):
        if v < 80 and start is None:
            start = i
        elif v >= 80 and start is not None:
            runs.append((start + i - 1) / 2)
            start = None
    return runs


def test_a_dog_card_measures_63_by_88_mm_between_its_cut_marks(tmp_path):
    dpi = 600
    pdf = render_kit("dogs-life", only=["cards"])
    _, sheets = _plan("dogs-life", "dogs-life.cards")
    front = sheets[0]
    (png,) = render(pdf, tmp_path, dpi=dpi, first=1, last=1)
    x0, _, _, y1 = front.trim_box()
    top = max(p.y + p.piece.height for p in front.placements)
    left = min(p.x for p in front.placements)
    with Image.open(png) as image:
        grey = image.convert("L")
        width, height = grey.size
        px = dpi / MM
        # Along a line 2 mm above the top row: the marks of the vertical cut lines.
        row = round((front.size[1] - top - 2) * px)
        xs = _dark_runs([grey.getpixel((i, row)) for i in range(width)])
        # Along a line 2 mm left of the left column: the marks of the horizontal ones.
        col = round((left - 2) * px)
        ys = _dark_runs([grey.getpixel((col, j)) for j in range(height)])
    assert len(xs) == 6 and len(ys) == 6  # 3 columns and 3 rows, two lines each
    widths = [(xs[k + 1] - xs[k]) / px for k in range(0, 6, 2)]
    heights = [(ys[k + 1] - ys[k]) / px for k in range(0, 6, 2)]
    assert widths == pytest.approx([63.0] * 3, abs=0.1)
    assert heights == pytest.approx([88.0] * 3, abs=0.1)
    assert xs[0] / px == pytest.approx(x0, abs=0.1) and y1 > 0


def test_only_prints_the_named_components_and_copies_them():
    pdf = render_kit("lion-square", only=["herds"], copies=3)
    pages = reader(pdf).pages
    assert len(pages) == 2  # no cover; 12 herd cards on 2 sheets
    assert sum(p.extract_text().count("Herd") for p in pages) == 12


def test_a_piece_id_prints_one_replacement_piece():
    pdf = render_kit("bison", only=["B07"])
    (page,) = reader(pdf).pages
    trim = box_mm(page.trimbox)
    assert trim[3] - trim[1] == pytest.approx(80.0, abs=0.01)


def test_only_help_lists_the_cover_and_every_component():
    assert component_ids("lion-square") == [
        "cover",
        "lion-square.cards",
        "lion-square.herds",
        "lion-square.rules",
    ]
    # The whole kit: A Dog's Life's city poster and every game's rules and aids too.
    assert len(component_ids(ALL)) == 1 + sum(
        len(kit_components(g, Context("en", Style()))) for g in games_with_kit()
    )
    assert {"dogs-life.city", "bison.rules", "dogs-life.rules"} <= set(component_ids(ALL))


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"only": ["dice"]},
            "unknown component 'dice' for bison: expected one of cover, "
            "bison.tiles, bison.boards, bison.structures, bison.markers, bison.stickers, "
            "bison.rules (or a piece id)",
        ),
        ({"only": [" "]}, "--only needs at least one component id"),
        ({"copies": 0}, "copies must be a whole number (1–20), not 0"),
        ({"copies": 21}, "copies must be a whole number (1–20), not 21"),
    ],
)
def test_bad_choices_are_refused_naming_them(kwargs, message):
    with pytest.raises(PrintError) as error:
        render_kit("bison", **kwargs)
    assert str(error.value) == message


def test_the_cover_has_a_landscape_duplex_test_whose_back_carries_the_offset():
    plain = reader(kit("lion-square")).pages
    assert box_mm(plain[2].mediabox)[2:] == pytest.approx((297.0, 210.0), abs=0.01)
    assert "Duplex test, landscape sheets" in plain[2].extract_text()
    shifted = render_kit("lion-square", back_offset=Offset(1.5, -2))
    assert "Backs shifted by 1.5 mm across and -2 mm up" in reader(shifted).pages[0].extract_text()
    # Rebuilt with the same options: the same bytes.
    assert shifted == render_kit("lion-square", back_offset=Offset(1.5, -2))


def test_the_cover_ruler_measures_100_mm(tmp_path):
    dpi = 600
    pdf = render_kit("lion-square", only=["cover"], duplex="fold")
    (png,) = render(pdf, tmp_path, dpi=dpi, first=1, last=1)
    px = dpi / MM
    # The centimetre ticks (4 mm) are the only ones reaching 3.4 mm above the ruler's line.
    line_y = SAFE_MARGIN + 46 + 14
    with Image.open(png) as image:
        grey = image.convert("L")
        row = round((PAPERS["a4"][1] - line_y - 3.4) * px)
        ticks = _dark_runs([grey.getpixel((i, row)) for i in range(round(130 * px))])
    assert len(ticks) == 11
    assert (ticks[-1] - ticks[0]) / px == pytest.approx(100.0, abs=0.1)


def test_a_sheet_of_two_dogs_backs_shows_one_colour_around_every_back(tmp_path):
    # The last four cards of two dogs share a sheet: their backs have one frame, so a back
    # printed a little off never shows the other dog's colour at its edge.
    _, sheets = _plan("dogs-life", "dogs-life.cards")
    index = next(
        i
        for i, s in enumerate(sheets)
        if s.is_back and len({p.piece.id.rsplit("-", 1)[0] for p in s.placements}) == 2
    )
    back = sheets[index]
    pdf = render_kit("dogs-life", only=["cards"])
    dpi = 100
    (png,) = render(pdf, tmp_path, dpi=dpi, first=index + 1, last=index + 1)
    px = dpi / MM
    colours = set()
    with Image.open(png) as image:
        rgb = image.convert("RGB")
        for p in back.placements:
            for x, y in (
                (p.x - 0.7, p.y + 40),
                (p.x + 63.7, p.y + 40),
                (p.x + 30, p.y - 0.7),
                (p.x + 30, p.y + 88.7),
            ):
                colours.add(rgb.getpixel((round(x * px), round((back.size[1] - y) * px))))
    assert len(colours) == 1, colours


def test_the_landscape_duplex_test_has_a_cross_in_each_corner_front_and_back(tmp_path):
    # Issue 37: a back printed skewed or scaled shows at the corners, not only the middle.
    from pdfcheck import render
    from PIL import Image

    from printgen.kit import render_kit

    pdf = render_kit("lion-square", only=["cover"], duplex="long")
    pages = render(pdf, tmp_path, dpi=50)
    for png, ink in ((pages[2], (0, 0, 0)), (pages[3], (255, 0, 0))):
        with Image.open(png) as image:
            rgb = image.convert("RGB")
            w, h = rgb.size
            ppm = 50 / 25.4
            for fx, fy in ((0, 0), (1, 0), (0, 1), (1, 1)):
                # The cross's centre 9 mm in from each edge (5 mm margin + 4 mm inset).
                x = round(9 * ppm if fx == 0 else w - 9 * ppm)
                y = round(9 * ppm if fy == 0 else h - 9 * ppm)
                near = [
                    rgb.getpixel((x + dx, y + dy)) for dx in range(-3, 4) for dy in range(-3, 4)
                ]
                assert any(
                    sum(abs(a - b) for a, b in zip(p, ink, strict=True)) < 200 for p in near
                ), (png, fx, fy)


def test_the_cover_counts_each_component(tmp_path):
    from pdfcheck import reader

    from printgen.kit import render_kit

    pdf = render_kit("bison", duplex="fold")
    cover = " ".join(reader(pdf).pages[0].extract_text().split())
    assert "terrain tiles (S1–S3, B01–B18): 21" in cover
    assert "tents and canoes: 48" in cover
