"""A Dog's Life's city board: a true-size poster of glued tiles, every tile on A4 and Letter,
its assembled size on the cover, and the kit's "you also need" lines."""

from __future__ import annotations

import pytest
from pdfcheck import box_mm, drawn_kit, reader, render

from games.dogs_life import layout
from games.dogs_life.city import CELL_MM, CITY
from printgen.games import dogs_life_city as city
from printgen.icons import ADDRESS
from printgen.kit import Context, kit_components, kit_of, render_kit
from printgen.layout import BLEED, PAPERS, SAFE_MARGIN, plan
from printgen.messages import LANGUAGES
from printgen.style import Style


def kit(lang: str = "en", paper: str = "a4", duplex: str = "long") -> bytes:
    return drawn_kit("dogs-life", lang, paper, duplex)


def tiles(lang: str = "en"):
    (component,) = [
        c for c in kit_components("dogs-life", Context(lang, Style())) if c.key == "dogs-life.city"
    ]
    return component


def test_the_poster_is_the_city_grid_in_24_mm_squares_inside_its_frame():
    assert CELL_MM == 24.0
    assert city.assembled_size() == pytest.approx(
        (CITY.width * 24 + 2 * city.FRAME, CITY.height * 24 + 2 * city.FRAME)
    )


def test_tiles_cover_the_poster_exactly_and_overlap_by_the_glue_strip():
    pieces = {p.id: p for p in tiles().pieces}
    assert sorted(pieces) == ["city-A1", "city-A2", "city-B1", "city-B2"]
    (a_w, b_w), (one_h, two_h) = city.OWN_WIDTHS, city.OWN_HEIGHTS
    width, height = city.assembled_size()
    # Own parts tile the poster: two columns and two rows.
    assert a_w + b_w == pytest.approx(width)
    assert one_h + two_h == pytest.approx(height)
    # A tile with a right / lower neighbour carries a glue strip of GLUE mm there.
    assert (pieces["city-A1"].width, pieces["city-A1"].height) == pytest.approx(
        (a_w + city.GLUE, one_h + city.GLUE)
    )
    assert (pieces["city-B1"].width, pieces["city-B1"].height) == pytest.approx(
        (b_w, one_h + city.GLUE)
    )
    assert (pieces["city-A2"].width, pieces["city-A2"].height) == pytest.approx(
        (a_w + city.GLUE, two_h)
    )
    assert (pieces["city-B2"].width, pieces["city-B2"].height) == pytest.approx((b_w, two_h))
    # Assembled: the widths of one row minus the overlaps give the poster's width.
    row = pieces["city-A1"].width + pieces["city-B1"].width - city.GLUE
    column = pieces["city-A1"].height + pieces["city-A2"].height - city.GLUE
    assert (row, column) == pytest.approx((width, height))
    assert city.GLUE >= 8  # room for a glue stick


@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("duplex", ["long", "fold"])
def test_each_tile_fits_one_sheet_of_a4_and_letter(paper, duplex):
    sheets = plan(tiles(), paper, duplex)
    assert len(sheets) == len(tiles().pieces)
    for sheet in sheets:
        (placement,) = sheet.placements
        w, h = sheet.size
        assert placement.x - BLEED >= SAFE_MARGIN - 1e-6
        assert placement.x + placement.piece.width + BLEED <= w - SAFE_MARGIN + 1e-6
        assert placement.y - BLEED >= SAFE_MARGIN - 1e-6
        assert placement.y + placement.piece.height + BLEED <= h - SAFE_MARGIN + 1e-6


@pytest.mark.parametrize("paper", list(PAPERS))
def test_tile_pages_are_true_size(paper):
    # The TrimBox of a tile page is the tile itself: printed at 100 % it measures the
    # same in millimetres, so the assembled board is the size the cover states.
    expected = sorted((round(p.width, 1), round(p.height, 1)) for p in tiles().pieces)
    found = []
    for page in reader(kit(paper=paper)).pages[1:]:  # not the cover's list
        if "city board" in page.extract_text():
            x0, y0, x1, y1 = box_mm(page.trimbox)
            found.append((round(x1 - x0, 1), round(y1 - y0, 1)))
    assert len(found) == len(expected)
    for (w, h), (ew, eh) in zip(sorted(found), expected, strict=True):
        assert (w, h) == pytest.approx((ew, eh), abs=0.05)


@pytest.mark.parametrize(
    ("lang", "size", "need"),
    [
        ("en", "46.4 × 34.4 cm", "six-sided die (d6)"),
        ("ja", "46.4 × 34.4 cm", "6面ダイス"),
        ("it", "46.4 × 34.4 cm", "dado a sei facce"),
    ],
)
def test_the_cover_states_the_assembled_size_and_the_die(lang, size, need):
    cover = reader(kit(lang)).pages[0].extract_text().replace("\n", "")
    assert size in cover
    assert need in cover


@pytest.mark.parametrize(
    ("only", "told"),
    [(["cover", "city"], True), (["cover", "dogs-life.cards"], False), (["cover"], False)],
)
def test_the_cover_tells_how_to_glue_the_city_only_when_it_is_printed(only, told):
    cover = reader(render_kit("dogs-life", only=only)).pages[0].extract_text()
    assert ("46.4 × 34.4 cm" in cover.replace("\n", "")) is told
    assert "six-sided die" in cover.replace("\n", " ")  # what else to get: always


@pytest.mark.parametrize(
    ("game", "need"),
    [
        ("lion-square", "4 paper clips"),
        ("bison", "a cup to draw the tiles"),
        ("hunting-age", "a cup to mix the rock chips"),
    ],
)
def test_each_kit_says_what_else_it_needs(game, need):
    cover = reader(render_kit(game)).pages[0].extract_text().replace("\n", " ")
    assert "You also need: " + need in cover


def test_the_four_game_kit_lists_each_games_needs():
    cover = reader(render_kit("all")).pages[0].extract_text().replace("\n", " ")
    assert "Lion Square: 4 paper clips" in cover
    assert "A Dog's Life: one six-sided die (d6)" in cover


@pytest.mark.parametrize("lang", LANGUAGES)
def test_tiles_name_their_neighbours_on_the_glue_strips(lang):
    pages = [p.extract_text() for p in reader(kit(lang)).pages]
    text = "\n".join(pages)
    for over in ("A2", "B1", "B2"):
        assert over in text
    # The places of the rules are labelled on the board in the kit's language.
    words = {
        "en": ["Newspaper office", "Restaurant", "Den", "Pound"],
        "ja": ["新聞屋", "レストラン", "ねぐら", "収容所"],
        "it": ["Edicola", "Ristorante", "Cuccia", "Canile"],
    }[lang]
    for word in words:
        assert word in text


def test_tile_pages_render_and_the_board_is_drawn_to_the_trim(tmp_path):
    pdf = kit()
    pages = reader(pdf).pages
    first = next(i for i, p in enumerate(pages, 1) if i > 1 and "city board" in p.extract_text())
    (png,) = render(pdf, tmp_path, dpi=25, first=first, last=first)
    from PIL import Image

    with Image.open(png) as image:
        colours = image.convert("RGB").getcolors(1 << 20)
    assert colours is not None and len(colours) > 20  # art, not a blank page


def test_city_rebuild_is_byte_identical():
    assert render_kit("dogs-life", lang="it", paper="letter") == kit("it", "letter")


# -- issue 24: the city's cosmetics -----------------------------------------------------------


def test_the_seams_run_on_grid_lines_not_through_a_column_or_row():
    for seam in (city.SEAM_X, city.SEAM_Y):
        assert (seam - city.FRAME) % CELL_MM == 0
    assert 0 < city.SEAM_X < city.POSTER[0] and 0 < city.SEAM_Y < city.POSTER[1]


@pytest.mark.parametrize("vertical", [True, False])
def test_the_glue_target_lies_wholly_on_the_strip(vertical):
    # The strip (x, y, w, h) is covered by the neighbouring tile: so must the target be.
    x, y, w, h = (232.0, 0.0, city.GLUE, 182.0) if vertical else (0.0, 0.0, 232.0, city.GLUE)
    cx, cy = city.glue_target(x, y, w, h, vertical=vertical)
    reach = city.TARGET_REACH
    assert x <= cx - reach and cx + reach <= x + w
    assert y <= cy - reach and cy + reach <= y + h


def test_the_pound_exit_arrow_is_clear_of_the_van_start():
    (exit_,) = [e for e in CITY.entrances if e.place == "pound"]
    assert not layout.touches(city.van_box(), city.arrow_spot(exit_))


def test_no_address_plate_touches_an_entrance_arrow():
    for square in CITY.squares.values():
        if square.address is None:
            continue
        x, y = city.address_spot(square)
        box = (x, y, x + ADDRESS[0], y + ADDRESS[1])
        arrows = [city.arrow_spot(e) for e in CITY.entrances if e.street == square.id]
        assert not any(layout.touches(box, arrow) for arrow in arrows), square.address


def test_the_legend_shows_the_boards_address_plate():
    assert "address" in dict(kit_of("dogs-life").legend)
    pdf = render_kit("dogs-life", only=["dogs-life.rules"])
    forms = set()
    for page in reader(pdf).pages:
        forms |= {str(name) for name in page["/Resources"].get("/XObject", {})}
    assert "/FormXob.icon-address" in forms


def test_the_glue_strip_words_stay_clear_of_the_alignment_marks():
    # Issue 37: the marks ran 7 mm across the 10 mm strip, through its words.
    from printgen.games import dogs_life_city as city
    from printgen.linebreak import PT

    size = city.GLUE_TEXT_PT * PT  # mm: the letters reach 0.88 of it above the baseline
    assert city.GLUE_TEXT_BASE - 0.88 * size >= city.MARK_REACH + 1.0
    assert city.GLUE_TEXT_BASE + 0.12 * size <= city.GLUE - 0.5
