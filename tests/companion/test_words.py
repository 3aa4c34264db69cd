"""The words a player reads, against the rulebooks' own terms (issue 26, item 7): the undo
dialog's two buttons cannot be mistaken for each other in any game or language, counts
take their plural form from gettext (``ngettext``), Bison's diamonds are «rombi» and its
Japanese counts use the rulebook's counters (バイソン7頭, 七面鳥4匹, 動物4個)."""

from __future__ import annotations

import re

import pytest
from flask_babel import force_locale, ngettext

from companion import registry, tables
from companion.panels.bison.names import animal_count
from games.errors import RuleError

LANGS = ("en", "ja", "it")


def button_labels(page: str) -> tuple[str, str]:
    yes = re.search(r'data-testid="confirm-yes"[^>]*>(.*?)</button>', page, re.S)
    no = re.search(r'data-testid="confirm-no"[^>]*>(.*?)</a>', page, re.S)
    assert yes and no, page
    return yes.group(1).strip().lower(), no.group(1).strip().lower()


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", ["bison", "lion-square", "hunting-age", "dogs-life"])
def test_the_undo_dialog_says_undo_and_go_back_apart(client, app, make_table, game, lang):
    table = make_table(game, 3)
    with app.app_context():
        counter = next(iter(registry.get(game).COUNTERS))
        for delta in (-1, 1):  # a counter at its top or at its bottom
            try:
                event = {"type": "adjust", "seat": 0, "counter": counter, "delta": delta}
                tables.append(table.id, event)
                break
            except RuleError:
                continue
    page = client.get(f"/t/{table.id}/undo?seq=1&lang={lang}").get_data(as_text=True)
    yes, no = button_labels(page)
    # Neither button's words hide inside the other's ("Sì, annulla" / "Annulla" did).
    assert no not in yes and yes not in no, (yes, no)


@pytest.mark.parametrize(
    ("lang", "count", "words"),
    [
        ("it", 1, ["1 bisonte", "1 salmone", "1 tacchino"]),
        ("it", 4, ["4 bisonti", "4 salmoni", "4 tacchini"]),
        ("en", 1, ["1 bison", "1 salmon", "1 turkey"]),
        ("en", 4, ["4 bison", "4 salmon", "4 turkeys"]),
        ("ja", 4, ["バイソン4頭", "魚4匹", "七面鳥4匹"]),  # the rulebook's counters
    ],
)
def test_animals_are_counted_with_their_plural_form(app, lang, count, words):
    with app.test_request_context(), force_locale(lang):
        assert [animal_count(a, count) for a in ("bison", "salmon", "turkey")] == words


@pytest.mark.parametrize(("count", "word"), [(1, "1 cacciatore"), (3, "3 cacciatori")])
def test_hunters_are_counted_with_their_plural_form(app, count, word):
    with app.test_request_context(), force_locale("it"):
        assert ngettext("%(num)s hunter", "%(num)s hunters", count) == word


def test_bison_pages_count_in_the_plural_form(client, make_table, app):
    table = make_table("bison", 2)
    with app.app_context():
        tables.append(table.id, {"type": "adjust", "seat": 0, "counter": "turkey", "delta": -9})
    market = client.get(f"/t/{table.id}/bison/market?lang=it").get_data(as_text=True)
    assert "1 tacchino" in market and "1 tacchini" not in market
    assert "rombo" in market and "quadrato" not in market  # the rulebook's «rombi»


def test_japanese_counts_animals_as_the_rulebook_does(app):
    """動物4個 (rulebook: 「動物4個」「2個の動物」), never 匹 for animals in general."""
    with app.test_request_context(), force_locale("ja"):
        line = ngettext(
            "Doing nothing throws away %(num)s animal.",
            "Doing nothing throws away %(num)s animals.",
            4,
        )
    assert "動物4個" in line and "匹" not in line


def test_japanese_counts_hunters_as_the_rulebook_does(app):
    """ハンターを3個 (rulebook: 「5個までのハンター」), not 人."""
    with app.test_request_context(), force_locale("ja"):
        assert ngettext("%(num)s hunter", "%(num)s hunters", 3) == "ハンター3個"
