"""The words of the pages the browser flows visit, in every language, through the test
client (milliseconds a page, where a phone in Chromium takes seconds).

tests/browser walks each whole flow in one language (the languages spread over the
flows); here the same pages are read in en, ja and it: each says which language it is in
(``<html lang>``), and no phrase of the English page is left untranslated on the Japanese
or Italian one — a string that lost its ``_()`` or its translation shows here, on every
game's table, join, history and new-table pages and on Bison's own pages.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
from flask.testing import FlaskClient

from companion import tables

GAMES = ("lion-square", "dogs-life", "bison", "hunting-age")
TRANSLATED = ("ja", "it")
#: A phrase: a word, then one in lower case, both of three letters or more. A lone word
#: may be a unit, and words in capitals are names that every language keeps: players
#: ("Ann"), dogs ("White Fang"), games ("Lion Square · Campfire"), "(CSV)".
PHRASE = re.compile(r"[A-Za-z]{3,}\W+[a-z]{3,}")
#: Addresses are no words (the join page shows the table's).
ADDRESS = re.compile(r"\S+://\S+")


@functools.cache
def kept(lang: str) -> frozenset[str]:
    """Phrases the catalog translates to themselves on purpose (Italian says "Print and
    play" too)."""
    path = Path(__file__).resolve().parents[3] / "translations" / lang / "LC_MESSAGES"
    with (path / "messages.po").open("rb") as file:
        catalog = read_po(file, locale=lang)
    return frozenset(m.id for m in catalog if isinstance(m.id, str) and m.string == m.id)


def untranslated(page: str, lang: str, english: set[str]) -> list[str]:
    """The English page's phrases that ``page`` (in ``lang``) shows unchanged."""
    return sorted((phrases(page) & english) - kept(lang))


class _Text(HTMLParser):
    """The visible text of a page, one entry per text node (script and style skipped)."""

    def __init__(self) -> None:
        super().__init__()
        self.chunks: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in ("script", "style"):
            self._hidden += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        text = " ".join(data.split())
        if text and not self._hidden:
            self.chunks.append(text)


def phrases(page: str) -> set[str]:
    parser = _Text()
    parser.feed(page)
    return {chunk for chunk in parser.chunks if PHRASE.search(ADDRESS.sub(" ", chunk))}


def read(client: FlaskClient, url: str, lang: str) -> str:
    response = client.get(url, headers={"Accept-Language": lang})
    assert response.status_code == 200, (url, lang, response.status_code)
    page = response.get_data(as_text=True)
    assert f'<html lang="{lang}"' in page, (url, lang)
    return page


def pages(game: str, table_id: str) -> list[str]:
    table = f"/t/{table_id}"
    found = [table, f"{table}/join", f"{table}/history", f"/new?game={game}"]
    if game == "bison":
        bison = f"{table}/bison"
        found += [f"{bison}/market", f"{bison}/action", f"{bison}/score"]
    return found


@pytest.mark.parametrize("game", GAMES)
def test_every_page_of_a_flow_is_in_the_readers_language(
    app: Any, make_table: Callable[..., tables.TableView], game: str
) -> None:
    table = make_table(game, 3)
    for url in pages(game, table.id):
        english = phrases(read(app.test_client(), url, "en"))
        assert english, url  # the check below has something to look for
        for lang in TRANSLATED:
            left = untranslated(read(app.test_client(), url, lang), lang, english)
            assert not left, f"{url} in {lang} keeps English: {left}"


def test_the_plays_page_is_in_the_readers_language(client: FlaskClient) -> None:
    english = phrases(read(client, "/plays", "en"))
    assert english
    for lang in TRANSLATED:
        left = untranslated(read(client, "/plays", lang), lang, english)
        assert not left, f"/plays in {lang} keeps English: {left}"
