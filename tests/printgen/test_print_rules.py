"""The rules in the kit: a rules summary and one player aid per seat for every game, in
en/ja/it, with the icon legend; Japanese lines break by kinsoku; Age of Hunting's rock
chips print their amount as a number."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from pdfcheck import box_mm, drawn_kit, page_texts, reader

from games import registry
from games.hunting_age import components as hunting_parts
from printgen import rules_sheets, words
from printgen.games import hunting_age as hunting_print
from printgen.icons import ICONS
from printgen.kit import Context, games_with_kit, kit_components, kit_of
from printgen.layout import PAPERS, plan
from printgen.linebreak import CANNOT_END, CANNOT_START, PT
from printgen.messages import LANGUAGES, game_title, text
from printgen.style import Style


def kit(game: str, lang: str) -> bytes:
    return drawn_kit(game, lang)


def rules_components(game: str, lang: str = "en"):
    """The rules component, split into (rules pages, player aids) by their sizes."""
    found = {c.key: c for c in kit_components(game, Context(lang, Style()))}
    component = found[f"{game}.rules"]
    rules = [p for p in component.pieces if p.id.startswith("rules-")]
    aids = [p for p in component.pieces if p.id.startswith("aid-")]
    assert len(rules) + len(aids) == len(component.pieces)
    return component, rules, aids


def test_markup_is_parsed_into_headings_items_and_paragraphs():
    blocks = rules_sheets.parse("# Goal\nWin.\n- one\n2. two\n\n  ")
    assert [(b.kind, b.text, b.mark) for b in blocks] == [
        ("heading", "Goal", ""),
        ("para", "Win.", ""),
        ("item", "one", "•"),
        ("item", "two", "2."),
    ]


@pytest.mark.parametrize("game", games_with_kit())
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_game_has_a_rules_summary_and_one_aid_per_seat(game, lang):
    _, rules, aids = rules_components(game, lang)
    assert 1 <= len(rules) <= 2  # a summary, not a rulebook
    assert {(p.width, p.height) for p in rules} == {rules_sheets.RULES}
    assert len(aids) == registry.get(game).rules().seats[1]
    assert {(p.width, p.height) for p in aids} == {rules_sheets.AID}


@pytest.mark.parametrize("paper", list(PAPERS))
def test_rules_pages_fit_one_sheet_and_aids_go_four_to_a_sheet(paper):
    component, rules, _ = rules_components("dogs-life")
    fronts = [s for s in plan(component, paper, "long") if not s.is_back]
    # One sheet per rules page, then the six aids on two sheets.
    assert len(fronts) == len(rules) + 2
    assert all(len(s.placements) == 1 for s in fronts[: len(rules)])


@pytest.mark.parametrize(
    ("game", "lang", "words"),
    [
        ("dogs-life", "en", ["Trash day", "The pound", "exactly that many road squares"]),
        ("dogs-life", "ja", ["喧嘩", "収容車", "ゴミの日", "はらぺこ"]),
        ("dogs-life", "it", ["Giorno della spazzatura", "canile"]),
        ("bison", "en", ["0 → gain 1 animal of your choice", "larger smallest stock"]),
        ("bison", "ja", ["トーテムポール", "地域"]),
        ("lion-square", "ja", ["スクエア山札", "切り上げ"]),
        ("lion-square", "it", ["mazzo della piazza", "gazzella"]),
        ("hunting-age", "en", ["1, then 2, then 1", "Icons"]),
        ("hunting-age", "ja", ["族長", "勝利点"]),
    ],
)
def test_the_rules_are_in_the_pdf_in_the_kit_language(game, lang, words):
    # Compared without white space: a phrase may wrap onto the next line.
    pdf_text = "".join("".join(page.split()) for page in page_texts(game, lang))
    for word in words:
        assert "".join(word.split()) in pdf_text


@pytest.mark.parametrize("game", games_with_kit())
def test_every_legend_icon_exists_and_every_label_is_translated(game):
    for name, label in kit_of(game).legend:
        assert name in ICONS
        for lang in LANGUAGES:
            assert text(lang, label)


@pytest.mark.parametrize("game", games_with_kit())
@pytest.mark.parametrize("key", ["rules", "aid"])
def test_japanese_lines_obey_kinsoku(game, key):
    blocks = rules_sheets.parse(
        text("ja", (kit_of(game).rules if key == "rules" else kit_of(game).aid))
    )
    lines = rules_sheets.lay_out(blocks, 81.0, rules_sheets.BODY_PT)
    assert lines
    for line in lines:
        assert line.text[:1] not in CANNOT_START, line.text
        assert line.text[-1:] not in CANNOT_END, line.text


def test_no_rules_line_is_wider_than_its_column():
    from printgen import fonts

    for game in games_with_kit():
        for lang in LANGUAGES:
            blocks = rules_sheets.parse(text(lang, kit_of(game).rules))
            for line in rules_sheets.lay_out(blocks, 81.0, rules_sheets.BODY_PT):
                assert fonts.width(line.text, line.size * PT) <= 81.0 - line.x + 0.01


def test_a_heading_never_ends_a_column():
    lines = rules_sheets.lay_out(rules_sheets.parse("# A\nx\n# B\ny"), 80, 8.5)
    columns = rules_sheets.paginate(lines, [lines[0].height + lines[1].height + 1, 100])
    assert [line.text for line in columns[0]] == ["A", "x"]
    assert [line.text for line in columns[1]] == ["B", "y"]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rules_pages_are_their_size_in_the_pdf(lang):
    title = text(lang, words.RULES_TITLE, game=game_title(lang, "lion-square"))
    texts = page_texts("lion-square", lang)
    pages = [
        p for n, p in enumerate(reader(kit("lion-square", lang)).pages) if n and title in texts[n]
    ]
    assert pages
    for page in pages:
        x0, y0, x1, y1 = box_mm(page.trimbox)
        assert (x1 - x0, y1 - y0) == pytest.approx(rules_sheets.RULES, abs=0.05)


class _Recorder:
    """A stand-in pen that records the text drawn and ignores the rest."""

    def __init__(self) -> None:
        self.texts: list[str] = []
        self.detail = False

    def text(self, x, y, value, size, **kwargs):
        self.texts.append(value)
        return size

    @contextmanager
    def at(self, *args, **kwargs):
        yield self

    def form(self, name, bbox, draw):
        draw(self)

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


@pytest.mark.parametrize("back", list(hunting_parts.ROCK_CHIPS))
def test_every_rock_chip_back_prints_its_amount(back):
    chip = hunting_parts.ROCK_CHIPS[back]
    piece = hunting_print._chip(1, chip)
    pen = _Recorder()
    piece.back(pen)
    assert pen.texts == [str(chip.amount)]


def test_the_vp_chip_says_one_vp():
    pen = _Recorder()
    hunting_print._chip(1, hunting_parts.ROCK_CHIPS["vp_1"]).back(pen)
    assert pen.texts == ["1"]


def _fonts(page) -> list:
    fonts = page["/Resources"].get("/Font", {})
    return [f.get_object() for f in fonts.values()]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_rules_and_city_pages_embed_their_font(lang):
    pages = reader(kit("dogs-life", lang)).pages
    texts = page_texts("dogs-life", lang)  # each page's text extracted once, not twice
    title = text(lang, words.RULES_TITLE, game=game_title(lang, "dogs-life"))
    chosen = [p for n, p in enumerate(pages) if n and title in texts[n]]
    chosen += [p for n, p in enumerate(pages) if n and text(lang, words.CITY_TITLE) in texts[n]]
    assert len(chosen) >= 2
    for page in chosen:
        # ReportLab splits a TrueType font into subsets of 256 glyphs: Japanese pages
        # carry several, each must be embedded.
        subsets = [f for f in _fonts(page) if "IPAexGothic" in f["/BaseFont"]]
        assert subsets
        for font in subsets:
            descendant = (
                font["/DescendantFonts"][0].get_object() if "/DescendantFonts" in font else font
            )
            assert "/FontFile2" in descendant["/FontDescriptor"]
