"""The layout engine on a synthetic component: boxes, bleed, duplex mirroring, fonts, QR."""

from __future__ import annotations

import itertools
from contextlib import contextmanager

import pytest
from pdfcheck import box_mm, qr_texts, reader, render

from printgen import document, fonts
from printgen.document import Document
from printgen.errors import MissingGlyphError, PrintError
from printgen.icons import player_mark
from printgen.kit import every_word
from printgen.layout import (
    BLEED,
    PAPERS,
    SAFE_MARGIN,
    Component,
    Offset,
    Piece,
    Placement,
    parse_offset,
    plan,
)
from printgen.messages import LANGUAGES, text
from printgen.pen import Pen
from printgen.style import Style

URL = "https://campfire.example/t/Q7ZX"


def _front(pen: Pen) -> None:
    pen.rect(-BLEED, -BLEED, 63 + 2 * BLEED, 88 + 2 * BLEED, fill="prairie")
    pen.text(31.5, 70, "Leone ライオン", 12, align="center")


def _back(pen: Pen) -> None:
    pen.rect(-BLEED, -BLEED, 63 + 2 * BLEED, 88 + 2 * BLEED, fill="night")


def _cards(count: int, *, back: bool = True) -> Component:
    pieces = tuple(
        Piece(
            f"C{i:02d}",
            63,
            88,
            _front,
            _back if back else None,
            back_form="test-back" if back else None,
        )
        for i in range(count)
    )
    return Component("test.cards", "cards", pieces)


def _token_art(pen: Pen) -> None:
    pen.rect(-BLEED, -BLEED, 16 + 2 * BLEED, 16 + 2 * BLEED, fill="prairie")


def _tokens(count: int) -> Component:
    return Component(
        "test.tokens", "tokens", tuple(Piece(f"T{i:03d}", 16, 16, _token_art) for i in range(count))
    )


def _pdf(component: Component, duplex: str = "long", paper: str = "a4") -> bytes:
    sheets = plan(component, paper, duplex)
    doc = Document(title="t", lang="en", duplex=duplex, style=Style(), paper=sheets[0].size)
    for sheet in sheets:
        doc.sheet(sheet, "footer")
    return doc.finish()


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("duplex", ["long", "short", "fold"])
@pytest.mark.parametrize("tokens", [False, True])
def test_every_trim_lies_inside_the_safe_margin_and_art_never_overlaps(paper, duplex, tokens):
    for sheet in plan(_tokens(150) if tokens else _cards(20), paper, duplex):
        width, height = sheet.size
        for p in sheet.placements:
            assert p.x >= SAFE_MARGIN - 1e-6 and p.y >= SAFE_MARGIN - 1e-6
            assert p.x + p.piece.width <= width - SAFE_MARGIN + 1e-6
            assert p.y + p.piece.height <= height - SAFE_MARGIN + 1e-6
        cells = [p.bleed_rect() for p in sheet.placements]
        for x0, y0, x1, y1 in cells:
            assert x0 >= -1e-6 and y0 >= -1e-6 and x1 <= width + 1e-6 and y1 <= height + 1e-6
        # Art never covers another piece's trim (bleeds may meet outside both trims).
        trims = [
            (p.x, p.y, p.x + p.piece.width, p.y + p.piece.height, p.side) for p in sheet.placements
        ]
        for a, p in zip(cells, sheet.placements, strict=True):
            for b in trims:
                if b[:4] == trims[sheet.placements.index(p)][:4] or b[4] != p.side:
                    continue
                overlap = min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])
                assert overlap[0] <= 1e-6 or overlap[1] <= 1e-6


def test_poker_cards_fill_a_landscape_a4_sheet_eight_at_a_time_with_full_bleed():
    # 16 cards take 2 sheets either way: the wider gutter (3 mm of bleed each) wins.
    sheets = plan(_cards(16), "a4", "long")
    assert [len(s.placements) for s in sheets] == [8, 8, 8, 8]
    assert sheets[0].size == (297.0, 210.0)
    assert [s.is_back for s in sheets] == [False, True, False, True]
    assert all(p.bleed == (BLEED,) * 4 for p in sheets[0].placements)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_poker_cards_fit_one_portrait_sheet_with_a_gutter_of_bleed(paper):
    front, back = plan(_cards(9), paper, "long")
    assert len(front.placements) == 9 and front.size == PAPERS[paper]
    xs = sorted({round(p.x, 3) for p in front.placements})
    ys = sorted({round(p.y, 3) for p in front.placements})
    assert len(xs) == len(ys) == 3
    gutters = [b - a - 63 for a, b in itertools.pairwise(xs)] + [
        b - a - 88 for a, b in itertools.pairwise(ys)
    ]
    assert min(gutters) >= 2 - 1e-6  # each neighbour keeps ≥ 1 mm of bleed in the gutter
    middle = next(p for p in front.placements if round(p.x, 3) == xs[1] and round(p.y, 3) == ys[1])
    assert all(side == pytest.approx(min(gutters) / 2) for side in middle.bleed)
    assert [p.piece.id for p in back.placements] == [p.piece.id for p in front.placements]


def test_small_tokens_are_butted_with_shared_cut_lines_and_outer_bleed_only():
    (sheet,) = plan(_tokens(40), "a4", "long")
    by_spot = {(round(p.x, 3), round(p.y, 3)): p for p in sheet.placements}
    xs = sorted({x for x, _ in by_spot})
    ys = sorted({y for _, y in by_spot})
    assert all(b - a == pytest.approx(16) for a, b in itertools.pairwise(xs))  # trim to trim
    assert all(b - a == pytest.approx(16) for a, b in itertools.pairwise(ys))
    inner = by_spot[(xs[1], ys[-1])]  # the top row, second from the left
    assert inner.bleed == (0.0, 0.0, 0.0, BLEED)  # bleed only over the sheet's outer edge
    corner = by_spot[(xs[0], ys[-1])]
    assert corner.bleed == (BLEED, 0.0, 0.0, BLEED)
    # The shared cut lines are drawn: four edges per token.
    content = reader(_pdf(_tokens(40))).pages[0].get_contents().get_data().decode("latin-1")
    assert content.count(" l S") >= 4 * 40


def test_a_back_offset_shifts_every_back_and_nothing_else():
    plain = plan(_cards(9), "a4", "long")
    shifted = plan(_cards(9), "a4", "long", Offset(0.5, -1.25))
    assert [(p.x, p.y) for p in shifted[0].placements] == [(p.x, p.y) for p in plain[0].placements]
    for a, b in zip(plain[1].placements, shifted[1].placements, strict=True):
        assert (b.x - a.x, b.y - a.y) == pytest.approx((0.5, -1.25))


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("1", "back offset '1' must be two numbers in mm, X,Y (e.g. 0.5,-1)"),
        ("a,b", "back offset 'a,b' must be two numbers in mm, X,Y (e.g. 0.5,-1)"),
        ("0,11", "back offset '0,11' must be within ±10 mm on each axis"),
        ("nan,0", "back offset 'nan,0' must be within ±10 mm on each axis"),
    ],
)
def test_a_bad_back_offset_is_refused_naming_it(value, message):
    with pytest.raises(PrintError) as error:
        parse_offset(value)
    assert str(error.value) == message
    assert parse_offset(" 0.5, -1") == Offset(0.5, -1.0)


@pytest.mark.parametrize(("duplex", "axis"), [("long", "y"), ("short", "x")])
def test_backs_are_mirrored_for_the_chosen_flip_on_landscape_pages(duplex, axis):
    front, back = plan(_cards(8), "a4", duplex)[:2]
    assert front.size == (297.0, 210.0)
    width, height = front.size
    for f, b in zip(front.placements, back.placements, strict=True):
        assert b.piece is f.piece and b.side == "back"
        if axis == "y":  # landscape turned over its long edge: top and bottom swap
            assert b.x == pytest.approx(f.x)
            assert b.y == pytest.approx(height - f.y - f.piece.height)
        else:
            assert b.y == pytest.approx(f.y)
            assert b.x == pytest.approx(width - f.x - f.piece.width)


def test_portrait_long_edge_flip_swaps_left_and_right():
    big = Component("t", "boards", (Piece("B", 180, 120, _front, _back),))
    front, back = plan(big, "a4", "long")
    assert front.size == (210.0, 297.0)
    (f,), (b,) = front.placements, back.placements
    assert b.x == pytest.approx(210 - f.x - 180) and b.y == pytest.approx(f.y)


def test_fold_layout_puts_each_back_across_the_fold_line_on_the_same_page():
    (sheet, *_) = plan(_cards(4), "a4", "fold")
    assert sheet.fold is not None
    at = sheet.fold[0]
    fronts = [p for p in sheet.placements if p.side == "front"]
    backs = [p for p in sheet.placements if p.side == "back"]
    assert len(fronts) == len(backs) == 4
    for f, b in zip(fronts, backs, strict=True):
        assert f.x + f.piece.width < at < b.x
        assert (f.x + f.piece.width / 2) + (b.x + b.piece.width / 2) == pytest.approx(2 * at)


def test_a_piece_larger_than_the_paper_is_refused_naming_it():
    huge = Component("t", "x", (Piece("HUGE", 300, 300, _front),))
    with pytest.raises(PrintError, match=r"HUGE \(300 × 300 mm\) does not fit"):
        plan(huge, "a4", "long")


@pytest.mark.parametrize(
    ("paper", "duplex", "message"),
    [
        ("a3", "long", "unknown paper 'a3': expected one of a4, letter"),
        ("a4", "both", "unknown duplex mode 'both': expected one of long, short, fold"),
    ],
)
def test_bad_paper_or_duplex_is_refused(paper, duplex, message):
    with pytest.raises(PrintError) as error:
        plan(_cards(1), paper, duplex)
    assert str(error.value) == message


def test_trim_and_bleed_boxes_are_written_on_every_page():
    pdf = _pdf(_cards(8))
    pages = reader(pdf).pages
    sheets = plan(_cards(8), "a4", "long")
    for page, sheet in zip(pages, sheets, strict=True):
        trim, bleed = box_mm(page.trimbox), box_mm(page.bleedbox)
        assert trim == pytest.approx(sheet.trim_box(), abs=0.01)
        assert bleed == pytest.approx(
            [trim[0] - 3, trim[1] - 3, trim[2] + 3, trim[3] + 3], abs=0.01
        )
        assert box_mm(page.mediabox) == pytest.approx((0, 0, 297, 210), abs=0.01)
        # Four 63 mm cards side by side, 2 × 3 mm of bleed between neighbours.
        assert trim[2] - trim[0] == pytest.approx(4 * 63 + 3 * 6, abs=0.2)


@pytest.mark.parametrize(
    ("duplex", "name"),
    [("long", "/DuplexFlipLongEdge"), ("short", "/DuplexFlipShortEdge"), ("fold", "/Simplex")],
)
def test_viewer_preferences_ask_for_actual_size_and_the_layouts_flip(duplex, name):
    prefs = reader(_pdf(_cards(2), duplex)).trailer["/Root"]["/ViewerPreferences"]
    assert prefs["/PrintScaling"] == "/None"
    assert prefs["/Duplex"] == name


def test_a_shared_back_is_one_form_xobject_used_by_every_card():
    pdf = _pdf(_cards(8))
    back_page = reader(pdf).pages[1]
    xobjects = back_page["/Resources"]["/XObject"]
    assert len(xobjects) == 1
    content = back_page.get_contents().get_data().decode("latin-1")
    assert content.count(" Do") == 8


def test_the_font_is_embedded_as_a_truetype_subset():
    page = reader(_pdf(_cards(1))).pages[0]
    (font,) = [
        f.get_object()
        for f in page["/Resources"]["/Font"].values()
        if "IPAexGothic" in f.get_object()["/BaseFont"]
    ]
    descriptor = (
        font["/FontDescriptor"]
        if "/FontDescriptor" in font
        else font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
    )
    assert "/FontFile2" in descriptor  # TrueType (glyf) program embedded
    assert font["/BaseFont"].split("+")[0].isupper()  # subset tag, e.g. AAAAAA+


def test_text_is_extractable_in_japanese():
    text = reader(_pdf(_cards(1))).pages[0].extract_text()
    assert "Leone" in text and "ライオン" in text


def test_identical_inputs_give_identical_bytes():
    assert _pdf(_cards(5)) == _pdf(_cards(5))


def test_a_missing_glyph_is_an_error_naming_the_string_and_the_character():
    with pytest.raises(MissingGlyphError) as error:
        fonts.check("score ≥ 10")
    assert str(error.value) == (
        "the font IPAexGothic has no glyph for '≥' (U+2265) in the text 'score ≥ 10'"
    )


def test_a_missing_glyph_stops_the_drawing():
    def bad(pen: Pen) -> None:
        pen.text(0, 0, "fine, then 𝔘", 10)

    component = Component("t", "x", (Piece("P", 20, 20, bad),))
    with pytest.raises(MissingGlyphError, match="'𝔘'"):
        _pdf(component)


# Words whose Italian is the English (a list's punctuation).
SAME_IN_EVERY_LANGUAGE = {"{game}: {items}", "; ", "{title}: {n}"}


def test_every_language_has_every_message():
    for lang in LANGUAGES:
        for message in every_word():
            printed = text(lang, message)
            fonts.check(printed)
            # Translated: only a word the kit prints as in English may stay the msgid.
            english = text("en", message)
            assert lang == "en" or printed != english or english in SAME_IN_EVERY_LANGUAGE, (
                lang,
                english,
            )


def test_qr_codes_are_vector_paths_that_decode(tmp_path):
    def code(pen: Pen) -> None:
        pen.qr(0, 0, 30, URL)

    pdf = _pdf(Component("t", "x", (Piece("Q", 30, 30, code),)))
    content = reader(pdf).pages[0].get_contents().get_data().decode("latin-1")
    assert " re" in content and "/Im" not in content  # rectangles, no image
    (png,) = render(pdf, tmp_path)
    assert qr_texts(png) == [URL]


class _Lines:
    """A stand-in pen that records the lines drawn (for the cut-mark geometry)."""

    def __init__(self) -> None:
        self.lines: list[tuple[float, float, float, float]] = []
        self.origin = (0.0, 0.0)

    def line(self, x1, y1, x2, y2, **_):
        ox, oy = self.origin
        self.lines.append((x1 + ox, y1 + oy, x2 + ox, y2 + oy))

    @contextmanager
    def at(self, x, y):
        self.origin = (x, y)
        yield self
        self.origin = (0.0, 0.0)


@pytest.mark.parametrize("shape", ["rect", "hex"])
def test_cut_marks_lie_outside_the_trim_and_inside_the_bleed(shape):
    piece = Piece("P", 63, 88, _front, shape=shape)
    pen = _Lines()
    document._cut_marks(pen, Placement(piece, 20.0, 30.0))
    assert pen.lines
    if shape == "rect":
        x0, y0, x1, y1 = 20.0, 30.0, 83.0, 118.0
        for ax, ay, bx, by in pen.lines:
            for x, y in ((ax, ay), (bx, by)):
                # Outside the trim by at least the gap on one axis, never beyond the bleed.
                gap = max(x0 - x, x - x1, y0 - y, y - y1)
                assert document.CUT_MARK_GAP - 1e-6 <= gap <= BLEED + 1e-6
    else:
        cx, cy = 20.0 + 63 / 2, 30.0 + 88 / 2
        for ax, ay, bx, by in pen.lines:
            for x, y in ((ax, ay), (bx, by)):
                beyond = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 - 88 / 2  # past the corner
                assert document.CUT_MARK_GAP - 1e-6 <= beyond <= BLEED + 1e-6


def test_ink_saver_keeps_icon_fills_darker_than_backgrounds():
    saver = Style(ink_saver=True)
    for name in ("river", "#1d1d1b", "red", "prairie"):
        background, detail = saver.fill(name), saver.fill(name, detail=True)
        assert background.red == background.green == background.blue  # grey
        assert detail.red < background.red
    assert Style().fill("red", detail=True) == Style().fill("red")  # colour kit: unchanged


def test_a_player_mark_is_one_shared_form_per_colour():
    def two(pen: Pen) -> None:
        player_mark(pen, "green", 0, 0, 4)
        player_mark(pen, "green", 10, 0, 4)

    page = reader(_pdf(Component("t", "x", (Piece("M", 20, 20, two),)))).pages[0]
    assert list(page["/Resources"]["/XObject"]) == ["/FormXob.mark-green"]
    with pytest.raises(KeyError, match="no player mark for the colour 'teal'"):
        player_mark(Pen(None, Style(), set()), "teal", 0, 0, 4)
