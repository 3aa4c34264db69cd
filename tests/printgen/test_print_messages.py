"""The kit's own words: every word is printed somewhere, every printed word is translated
in ja/it, and the cover says once how two-sided pieces are printed."""

from __future__ import annotations

from gettext import NullTranslations

import pytest
from pdfcheck import reader

from games.table import Player
from printgen import messages, words
from printgen.kit import ALL, every_word, render_kit
from printgen.layout import Offset
from printgen.messages import Message, pgettext, text

TABLE = "https://campfire.example/t/K7Q2ZX"
# Two seat URLs: boards 1–2 say "your seat", the others fall back to "join the table".
SEATS = [f"{TABLE}/seat/{n}" for n in (1, 2)]
PLAYERS = (Player("Ann", "red"), Player("Ben", "blue"))
# Printed as in English and not in the catalogs: a game's own name and a list's punctuation.
SAME = {"Bison", "Lion Square", "{game}: {items}", "; "}


class _Recording(NullTranslations):
    """English that remembers which words were looked up."""

    def __init__(self, seen: set[Message]) -> None:
        super().__init__()
        self.seen = seen

    def gettext(self, message: str) -> str:
        self.seen.add(message)
        return message

    def pgettext(self, context: str, message: str) -> str:
        self.seen.add(pgettext(context, message))
        return message


@pytest.fixture(scope="module")
def printed_words() -> set[Message]:
    """Words looked up while rendering the four-game kit in every mode that words differ in:
    long (ink-saver, table and seat codes), short, fold."""
    seen: set[Message] = set()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(messages, "catalog", lambda lang: _Recording(seen))
        render_kit(ALL, duplex="long", ink_saver=True, table_url=TABLE, seat_urls=SEATS)
        # A table's seats: named boards ("Ann · Seat 1").
        render_kit("bison", duplex="fold", only=["bison.boards"], players=PLAYERS)
        render_kit(ALL, duplex="short", back_offset=Offset(0.5, -1))
        render_kit(ALL, duplex="fold")
    return seen


def test_every_word_is_printed_somewhere(printed_words):
    assert set(every_word()) - printed_words == set()


@pytest.mark.parametrize("lang", ["ja", "it"])
def test_every_printed_word_is_translated(printed_words, lang):
    # The game names too: the registry's titles, looked up in the same catalogs.
    # A word is translated when the compiled catalog holds it (an empty msgstr is not
    # compiled): the same word may be right in Italian ("husky", "Tundra", a dog's name).
    compiled = translated_msgids(lang)
    untranslated = [
        word
        for word in printed_words
        if isinstance(word, str) and word not in compiled and word not in SAME
    ]
    assert untranslated == []


def translated_msgids(lang: str) -> set[str]:
    """The msgids (without a context) of ``lang``'s compiled catalog."""
    catalog = messages.catalog(lang)
    return {key for key in getattr(catalog, "_catalog", {}) if isinstance(key, str)}


def test_a_word_missing_from_a_catalog_is_untranslated():
    assert "Tundra" in translated_msgids("it") and "husky" in translated_msgids("it")
    assert "a word no catalog holds" not in translated_msgids("it")


def _cover(lang: str, duplex: str) -> str:
    pdf = render_kit("hunting-age", lang=lang, duplex=duplex)
    return reader(pdf).pages[0].extract_text()


@pytest.mark.parametrize(
    ("lang", "duplex", "line"),
    [
        ("en", "long", "hunting-ground cards: 14  ·  two-sided"),
        ("en", "fold", "hunting-ground cards: 14  ·  two-sided: fold and glue"),
        ("ja", "short", "狩場カード：14  ·  両面印刷"),
        ("ja", "fold", "狩場カード：14  ·  両面：折って貼る"),
        ("it", "long", "carte terreno di caccia: 14  ·  fronte-retro"),
        ("it", "fold", "carte terreno di caccia: 14  ·  fronte-retro: piega e incolla"),
    ],
)
def test_the_cover_says_once_that_a_component_is_two_sided(lang, duplex, line):
    cover = _cover(lang, duplex)
    assert line in cover.splitlines()
    # Was "狩場カード（両面） · 両面": the titles no longer say it themselves.
    for old in (
        "both faces",
        "front and back",
        "（両面）",
        "（表と裏）",
        "entrambe le facce",
        "fronte e retro",
    ):
        assert old not in cover
    marked = [row for row in cover.splitlines() if "  ·  " in row]
    assert len(marked) == 2  # the cards and the rock chips
    for row in marked:
        title = row.split("  ·  ")[0]
        assert text(lang, words.TWO_SIDED) not in title and "両面" not in title
