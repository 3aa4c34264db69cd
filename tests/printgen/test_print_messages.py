"""The kit's own words: every message is printed somewhere, every printed key exists in
en/ja/it, and the cover says once how two-sided pieces are printed."""

from __future__ import annotations

import pytest
from pdfcheck import reader

from games.table import Player
from printgen import messages
from printgen.kit import ALL, render_kit
from printgen.layout import Offset
from printgen.messages import LANGUAGES, MESSAGES

TABLE = "https://campfire.example/t/K7Q2ZX"
# Two seat URLs: boards 1–2 say "your seat", the others fall back to "join the table".
SEATS = [f"{TABLE}/seat/{n}" for n in (1, 2)]
PLAYERS = (Player("Ann", "red"), Player("Ben", "blue"))


class _Recording(dict):
    """A message table that remembers which keys were looked up."""

    def __init__(self, table: dict[str, str], seen: set[str]) -> None:
        super().__init__(table)
        self.seen = seen

    def __getitem__(self, key: str) -> str:
        self.seen.add(key)
        return super().__getitem__(key)


@pytest.fixture(scope="module")
def printed_keys() -> set[str]:
    """Keys looked up while rendering the four-game kit in every mode that words differ in:
    long (ink-saver, table and seat codes), short, fold."""
    seen: set[str] = set()
    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(messages.MESSAGES, "en", _Recording(MESSAGES["en"], seen))
        render_kit(ALL, duplex="long", ink_saver=True, table_url=TABLE, seat_urls=SEATS)
        # A table's seats: named boards ("Ann · Seat 1").
        render_kit("bison", duplex="fold", only=["bison.boards"], players=PLAYERS)
        render_kit(ALL, duplex="short", back_offset=Offset(0.5, -1))
        render_kit(ALL, duplex="fold")
    return seen


def test_every_message_is_printed_somewhere(printed_keys):
    assert set(MESSAGES["en"]) - printed_keys == set()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_printed_key_exists_in_every_language(printed_keys, lang):
    assert printed_keys - set(MESSAGES[lang]) == set()


def _cover(lang: str, duplex: str) -> str:
    pdf = render_kit("hunting-age", lang=lang, duplex=duplex)
    return reader(pdf).pages[0].extract_text()


@pytest.mark.parametrize(
    ("lang", "duplex", "line"),
    [
        ("en", "long", "hunting-ground cards  ·  two-sided"),
        ("en", "fold", "hunting-ground cards  ·  two-sided: fold and glue"),
        ("ja", "short", "狩場カード  ·  両面印刷"),
        ("ja", "fold", "狩場カード  ·  両面：折って貼る"),
        ("it", "long", "carte terreno di caccia  ·  fronte-retro"),
        ("it", "fold", "carte terreno di caccia  ·  fronte-retro: piega e incolla"),
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
        assert MESSAGES[lang]["two_sided"] not in title and "両面" not in title
