"""Whole kits: every game in en/ja/it, sizes, boxes, strings, QR codes, reproducibility."""

from __future__ import annotations

import pytest
from pdfcheck import SEATS, TABLE, box_mm, linked_kit, qr_texts, reader, render

from games.bison import catalog as bison_catalog
from games.dogs_life import catalog as dog_catalog
from games.hunting_age import board as hunting_board
from games.hunting_age import cards as hunting_cards
from games.hunting_age import components as hunting_parts
from games.lion_square import catalog as lion_catalog
from printgen.errors import PrintError
from printgen.games import bison as bison_print
from printgen.games import hunting_age as hunting_print
from printgen.icons import MARKS
from printgen.kit import Context, components, games_with_kit, kit_components, render_kit
from printgen.layout import BLEED, FOOTER, PAPERS, SAFE_MARGIN, plan
from printgen.style import Style


@pytest.mark.parametrize("game", games_with_kit())
@pytest.mark.parametrize("paper", list(PAPERS))
def test_every_page_is_the_paper_size_and_boxes_nest(game, paper):
    width, height = PAPERS[paper]
    for page in reader(linked_kit(game, paper=paper)).pages:
        media = box_mm(page.mediabox)
        assert sorted(media[2:]) == pytest.approx(sorted((width, height)), abs=0.01)
        trim, bleed = box_mm(page.trimbox), box_mm(page.bleedbox)
        assert media[0] <= bleed[0] <= trim[0] and media[1] <= bleed[1] <= trim[1]
        assert trim[2] <= bleed[2] <= media[2] and trim[3] <= bleed[3] <= media[3]


EXPECTED_SIZES = {
    "lion-square.cards": (63.0, 88.0),
    "lion-square.herds": (63.0, 88.0),
    "bison.tiles": (69.28, 80.0),
    "bison.boards": (185.0, 130.0),
    "hunting-age.boards": (190.0, 100.0),
    "hunting-age.cards": (127.0, 89.0),
    "hunting-age.chips": (18.0, 18.0),
    "dogs-life.charts": (150.0, 100.0),
    "dogs-life.cards": (63.0, 88.0),
    "dogs-life.dens": (63.0, 88.0),
}


@pytest.mark.parametrize("game", games_with_kit())
def test_every_piece_has_its_catalog_size_to_a_fifth_of_a_millimetre(game):
    context = Context("en", Style(), TABLE, tuple(SEATS))
    for component in components(game, context):
        expected = EXPECTED_SIZES.get(component.key)
        for piece in component.pieces:
            if expected:
                assert (piece.width, piece.height) == pytest.approx(expected, abs=0.2)
        # The packer never resizes: every placement is its piece's trim, and the page's
        # TrimBox spans exactly the trims it holds.
        for sheet in plan(component, "a4", "long"):
            x0, y0, x1, y1 = sheet.trim_box() or (0, 0, 0, 0)
            assert all(
                x0 - 1e-6 <= p.x
                and p.x + p.piece.width <= x1 + 1e-6
                and y0 - 1e-6 <= p.y
                and p.y + p.piece.height <= y1 + 1e-6
                for p in sheet.placements
            )


def test_a_board_page_has_its_two_boards_as_its_trim_box():
    pdf = linked_kit("bison", paper="letter")  # Letter holds two boards a page, one above the other
    pages = [p for p in reader(pdf).pages if "player boards" in p.extract_text()]
    boards = [box_mm(p.trimbox) for p in pages if box_mm(p.trimbox) != box_mm(p.mediabox)]
    assert len(boards) == 2
    for x0, y0, x1, y1 in boards:
        assert x1 - x0 == pytest.approx(185.0, abs=0.01)
        # Two 130 mm boards and a gutter of their two bleeds.
        assert y1 - y0 == pytest.approx(2 * 130 + 2 * BLEED, abs=0.01)


def test_lion_square_has_32_cards_with_one_shared_back_form():
    context = Context("en", Style())
    cards, _herds = components("lion-square", context)
    assert [p.id for p in cards.pieces] == [c.id for c in lion_catalog.DECK]
    assert {p.back_form for p in cards.pieces} == {"lion-square-back"}


def test_bison_prints_every_catalog_tile_once():
    tiles = components("bison", Context("en", Style()))[0]
    assert [p.id for p in tiles.pieces] == list(bison_catalog.CATALOG)
    assert {p.shape for p in tiles.pieces} == {"hex"}


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", ["Lion Square", "jackal", "Herd", "Print at 100 %"]),
        ("ja", ["らいおんスクエア", "ジャッカル", "群れ", "倍率100％"]),
        ("it", ["Lion Square", "sciacallo", "Branco", "Stampa al 100 %"]),
    ],
)
def test_expected_strings_are_in_the_pdf_text(lang, expected):
    text = "\n".join(page.extract_text() for page in reader(linked_kit("lion-square", lang)).pages)
    for word in expected:
        assert word in text


@pytest.mark.parametrize("game", games_with_kit())
def test_rebuilds_are_byte_identical(game):
    assert render_kit(game, lang="ja", table_url=TABLE, seat_urls=SEATS) == linked_kit(game, "ja")


def test_ink_saver_changes_the_output_but_not_the_layout():
    plain, saver = (
        reader(linked_kit("lion-square")),
        reader(linked_kit("lion-square", ink_saver=True)),
    )
    assert len(plain.pages) == len(saver.pages)
    assert linked_kit("lion-square") != linked_kit("lion-square", ink_saver=True)


def test_cover_qr_decodes_to_the_table_url(tmp_path):
    (cover,) = render(linked_kit("lion-square"), tmp_path, first=1, last=1)
    assert qr_texts(cover) == [TABLE]


def test_herd_cards_carry_each_seats_url(tmp_path):
    pdf = linked_kit("lion-square")
    pages = reader(pdf).pages
    herd_page = next(i for i, p in enumerate(pages, 1) if "Herd" in p.extract_text())
    (png,) = render(pdf, tmp_path, first=herd_page, last=herd_page)
    assert qr_texts(png) == SEATS[:4]


@pytest.mark.parametrize("game", games_with_kit())
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_page_renders_with_pdftoppm(game, lang, tmp_path):
    pages = render(linked_kit(game, lang), tmp_path, dpi=30)
    assert len(pages) == len(reader(linked_kit(game, lang)).pages)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        (
            {"game": "chess"},
            "unknown game 'chess': expected one of bison, lion-square, hunting-age, dogs-life, all",
        ),
        ({"game": "bison", "lang": "fr"}, "unknown language 'fr': expected one of en, ja, it"),
        ({"game": "bison", "paper": "a5"}, "unknown paper 'a5': expected one of a4, letter"),
        (
            {"game": "bison", "duplex": "none"},
            "unknown duplex mode 'none': expected one of long, short, fold",
        ),
        (
            {"game": "bison", "table_url": "ftp://x"},
            "the table URL must be an http:// or https:// URL, got 'ftp://x'",
        ),
        (
            {"game": "bison", "seat_urls": ["https://a", ""]},
            "seat URL 2 must be an http:// or https:// URL, got ''",
        ),
    ],
)
def test_bad_arguments_are_refused_with_one_clear_line(kwargs, message):
    game = kwargs.pop("game")
    with pytest.raises(PrintError) as error:
        render_kit(game, **kwargs)
    assert str(error.value) == message


def test_hunting_age_cards_print_both_faces_of_all_14_cards():
    _boards, _pieces, cards, chips, _tokens = components("hunting-age", Context("en", Style()))
    assert len(cards.pieces) == 14 and all(p.back is not None for p in cards.pieces)
    faces = {p.id + side for p in cards.pieces for side in "ab"}
    assert faces == set(hunting_cards.FACES_BY_ID)
    assert len(chips.pieces) == sum(hunting_parts.ROCK_CHIP_COUNTS.values()) == 24


def test_dogs_life_prints_13_cards_per_dog_with_that_dogs_back():
    _charts, cards, dens, *_ = components("dogs-life", Context("en", Style()))
    assert len(cards.pieces) == 6 * 13 and len(dens.pieces) == 6
    for dog in dog_catalog.DOGS.values():
        own = [p for p in cards.pieces if p.id.startswith(dog.id + "-")]
        assert len(own) == 13 and {p.back_form for p in own} == {f"back-{dog.id}"}


@pytest.mark.parametrize("duplex", ["short", "fold"])
def test_other_duplex_modes_render(duplex, tmp_path):
    pdf = linked_kit("hunting-age", "it", duplex=duplex)
    assert len(render(pdf, tmp_path, dpi=20)) == len(reader(pdf).pages)


def test_player_board_qr_codes_carry_the_seat_urls(tmp_path):
    pdf = linked_kit("dogs-life")
    pages = reader(pdf).pages
    first = next(
        i
        for i, p in enumerate(pages, 1)
        if "dog charts" in p.extract_text() and box_mm(p.trimbox) != box_mm(p.mediabox)
    )
    found: list[str] = []
    for png in render(pdf, tmp_path, first=first, last=first + 4):
        found += qr_texts(png)
    assert sorted(found) == sorted(SEATS)


# -- review fixes (R3) ----------------------------------------------------------------------


@pytest.mark.parametrize("game", games_with_kit())
@pytest.mark.parametrize("paper", list(PAPERS))
@pytest.mark.parametrize("duplex", ["long", "short", "fold"])
def test_no_art_front_or_back_reaches_into_the_footer_or_past_the_paper(game, paper, duplex):
    # The footer goes where the margins leave room (bottom, else a side); a back mirrored
    # top-to-bottom must not land under it either. Trims keep the printer-safe margin.
    # The whole kit: the city poster's tiles and the rules pages too.
    context = Context("en", Style(), TABLE, tuple(SEATS))
    for component in kit_components(game, context):
        for sheet in plan(component, paper, duplex):
            width, height = sheet.size
            assert sheet.footer is not None
            if sheet.footer.rotate == 0:
                band = (0.0, 0.0, width, SAFE_MARGIN + FOOTER)
            else:
                band = (0.0, 0.0, SAFE_MARGIN + FOOTER, height)
            for p in sheet.placements:
                x0, y0, x1, y1 = p.bleed_rect()
                assert (
                    x1 <= band[0] + 1e-6
                    or x0 >= band[2] - 1e-6
                    or y1 <= band[1] + 1e-6
                    or y0 >= band[3] - 1e-6
                ), (component.key, p.piece.id)
                assert x0 >= -1e-6 and y0 >= -1e-6 and x1 <= width + 1e-6 and y1 <= height + 1e-6
                assert p.x >= SAFE_MARGIN - 1e-6 and p.y >= SAFE_MARGIN - 1e-6
                assert p.x + p.piece.width <= width - SAFE_MARGIN + 1e-6
                assert p.y + p.piece.height <= height - SAFE_MARGIN + 1e-6


PLAYER_COLOURS = {
    "bison": bison_print.COLOURS,
    "hunting-age": hunting_print.COLOURS,
    "dogs-life": tuple(d.colour for d in dog_catalog.DOGS.values()),
}


@pytest.mark.parametrize("game", list(PLAYER_COLOURS))
def test_every_player_colour_has_its_own_shape_on_its_pages(game):
    # Colours alone fail in grey (ink saver, mono printers) and for colour-blind players.
    colours = PLAYER_COLOURS[game]
    assert len({repr(MARKS[c]) for c in colours}) == len(colours)
    used = set()
    for page in reader(linked_kit(game, ink_saver=True)).pages:
        used |= {str(name) for name in page["/Resources"].get("/XObject", {})}
    assert {f"/FormXob.mark-{c}" for c in colours} <= used


@pytest.mark.parametrize(
    ("seats", "caption", "codes"),
    [
        (SEATS, "Scan: your seat", SEATS[:4]),
        ((), "Scan: join the table", [TABLE] * 4),
    ],
)
def test_a_board_code_says_what_it_opens(seats, caption, codes, tmp_path):
    pdf = render_kit("lion-square", table_url=TABLE, seat_urls=seats)
    pages = reader(pdf).pages
    herd_page = next(i for i, p in enumerate(pages, 1) if "Herd" in p.extract_text())
    assert pages[herd_page - 1].extract_text().count(caption) == 4
    (png,) = render(pdf, tmp_path, first=herd_page, last=herd_page)
    assert qr_texts(png) == sorted(codes)


def test_without_urls_boards_have_no_code_and_no_caption():
    text = "\n".join(p.extract_text() for p in reader(render_kit("bison")).pages)
    assert "Scan:" not in text


def test_hunting_age_boards_show_the_open_caves_and_every_development():
    pages = reader(linked_kit("hunting-age")).pages
    text = next(p.extract_text() for p in pages if "personal boards · 1/" in p.extract_text())
    # Two boards on the page: each has its open caves (storage from the first turn).
    assert text.count("open") == 2 * hunting_board.OPEN_CAVES_AT_START


def test_a_rock_chip_covers_a_cave_space():
    assert hunting_print.CHIP <= hunting_print.CELL


def test_dogs_life_dens_are_neutral_and_the_six_pawns_are_printed():
    _charts, _cards, dens, markers, _papers = components("dogs-life", Context("en", Style()))
    # The den is dealt at random (seed setup 4): no dog's name on it.
    assert [p.id for p in dens.pieces] == [f"den-{n}" for n in range(1, 7)]
    pawns = [p.id for p in markers.pieces if p.id.startswith("pawn-")]
    assert pawns == [f"pawn-{d.id}" for d in dog_catalog.DOGS.values()]


def test_cover_tells_which_pages_to_print_double_sided_and_to_test_first():
    pdf = linked_kit("lion-square")
    cover = reader(pdf).pages[0].extract_text()
    # Cover, its back, the landscape test and its back, 4 sheets of cards with backs; then
    # the one-sided herd cards and the rules summary and aids (2 pages), with no blank back.
    assert "Pages 1–12: print double-sided, flipping on the LONG edge." in cover
    assert "Pages 13–15: print single-sided" in cover
    assert len(reader(pdf).pages) == 15
    assert "Print pages 1–4 first" in cover
    fold = reader(linked_kit("lion-square", duplex="fold")).pages[0].extract_text()
    assert "Print pages 1–4 first" not in fold


def test_hunting_age_prints_13_player_pieces_per_colour():
    # Seed components: 2 chiefs, 6 subordinates, 5 huts per colour, 5 colours.
    pieces = components("hunting-age", Context("en", Style()))[1]
    assert pieces.key == "hunting-age.pieces"
    for colour in hunting_print.COLOURS:
        own = [p.id for p in pieces.pieces if f"-{colour}-" in p.id]
        assert len(own) == 13
        assert sum(i.startswith("chief-") for i in own) == 2
        assert sum(i.startswith("subordinate-") for i in own) == 6
