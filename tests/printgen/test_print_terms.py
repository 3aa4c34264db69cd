"""The printed kit and the app use the same words for the same things.

The app's words are its gettext catalogs (``translations/<lang>/LC_MESSAGES/messages.po``,
reviewed against the rulebooks in the seeds); the kit's are ``printgen.words``, translated
from the same catalogs (the game names are the registry's titles, the app's by construction).
A player who taps "テントの設置・拡張" on the phone must find that action on the printed board under
the same name, and a herd is a "branco" on the herd card as in the app. These tests read the
shipped .po files with Babel, so a term changed on one side only fails here.

Where a board cell is too narrow for the app's whole phrase (the Italian Bison moves), the
kit prints a shorter label; the second table then pins the app's word inside it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from printgen import words
from printgen.games import bison as bison_print
from printgen.games import dogs_life as dogs_print
from printgen.kit import every_word, kit_of
from printgen.messages import text

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("ja", "it")
# The Bison board's words, and its two moves.
BISON = [value for name, value in vars(words).items() if name.startswith("BI_")]
BISON += bison_print.ACTIONS.values()
MOVES = [bison_print.ACTIONS["move_1"], bison_print.ACTIONS["move_3"]]


def _load(lang: str) -> Catalog:
    with (ROOT / "translations" / lang / "LC_MESSAGES" / "messages.po").open("rb") as file:
        return read_po(file, locale=lang)


CATALOGS = {lang: _load(lang) for lang in LANGUAGES}


def app_text(lang: str, msgid: str, **params: object) -> str:
    """The app's translation of ``msgid``, %-formatted like gettext's callers do."""
    message = CATALOGS[lang].get(msgid)
    assert message is not None and message.string, f"the app has no {lang} {msgid!r}"
    return message.string % params if params else message.string


def sentence_case(words: str) -> str:
    """A label starts with a capital where a sentence fragment in the app may not."""
    return words[:1].upper() + words[1:]


# (kit key, app msgid, the languages where the whole text matches, format parameters).
SAME_WORDS = [
    # Bison: the six actions (B6) as the rulebook and the app name them, market, exchange (B7).
    (bison_print.ACTIONS["place_tile"], "place your tile and hunters", ("ja",), {}),
    (bison_print.ACTIONS["tent"], "build or enlarge a tent", LANGUAGES, {}),
    (bison_print.ACTIONS["canoe"], "build or enlarge a canoe", LANGUAGES, {}),
    (bison_print.ACTIONS["gather"], "gather hunters", LANGUAGES, {}),
    (bison_print.ACTIONS["move_1"], "move hunters 1 space each", ("ja",), {}),
    (bison_print.ACTIONS["move_3"], "move hunters 1 to 3 spaces each", ("ja",), {}),
    (words.BI_MARKET, "Market", LANGUAGES, {}),
    (words.BI_EXCHANGE, "Exchange %(rate)s for 1", LANGUAGES, {"rate": 3}),
    # Lion Square: the herd (L2).
    (words.LS_HERD, "Herd", LANGUAGES, {}),
    # A Dog's Life: the chart and the card sections (D1).
    (words.DL_AP, "%(count)s action points a turn", LANGUAGES, {"count": 7}),
    (words.DL_HUNGER, "Hunger", LANGUAGES, {}),
    (words.DL_BLADDER, "bladder", LANGUAGES, {}),
    (words.DL_CARRY, "Carried (at most %(count)s)", LANGUAGES, {"count": 2}),
    (words.DL_BURIED, "Buried bones", LANGUAGES, {}),
    (words.DL_RESTAURANT, "Restaurant", LANGUAGES, {}),
    (dogs_print.SECTIONS["fight"], "Fight", LANGUAGES, {}),
    (dogs_print.SECTIONS["catcher"], "Dog-catcher", LANGUAGES, {}),
    (dogs_print.SECTIONS["pound"], "Pound", LANGUAGES, {}),
    # Age of Hunting: the personal board's rows and the start player (H1).
    (words.HA_CAVES, "Caves", LANGUAGES, {}),
    (words.HA_HUTS, "Huts", LANGUAGES, {}),
    (words.HA_START, "Start player", LANGUAGES, {}),
    # The games' own names.
]


@pytest.mark.parametrize(
    ("key", "msgid", "lang", "params"),
    [
        pytest.param(key, msgid, lang, params, id=f"{key}-{lang}")
        for key, msgid, langs, params in SAME_WORDS
        for lang in langs
    ],
)
def test_the_kit_prints_the_apps_words(key, msgid, lang, params):
    kit_params = {"n": params["count"]} if key in (words.DL_AP, words.DL_CARRY) else params
    assert sentence_case(text(lang, key, **kit_params)) == sentence_case(
        app_text(lang, msgid, **params)
    )


# (kit key, app msgid whose translation the kit's text must contain, format parameters).
SHARED_WORDS = [
    (bison_print.ACTIONS["place_tile"], "hunters", {}),
    (bison_print.ACTIONS["move_1"], "hunters", {}),
    (bison_print.ACTIONS["move_3"], "hunters", {}),
    (words.BI_MARKERS, "Hunters", {}),
    (words.LS_HERDS, "herd", {}),
    (words.DL_MARKERS, "hunger", {}),
    (words.HA_PIECES, "Huts", {}),
    (words.HA_TOKENS, "coins", {}),
    (words.HA_TOKENS, "start player", {}),
    (words.HA_VP_TRACK, "VP track", {"n": 10}),
]


@pytest.mark.parametrize(
    ("key", "msgid", "lang", "params"),
    [
        pytest.param(key, msgid, lang, params, id=f"{key}-{msgid}-{lang}")
        for key, msgid, params in SHARED_WORDS
        for lang in LANGUAGES
    ],
)
def test_the_kit_uses_the_apps_word(key, msgid, lang, params):
    assert app_text(lang, msgid).casefold() in text(lang, key, **params).casefold()


@pytest.mark.parametrize(
    ("lang", "where", "word"),
    [
        ("it", every_word(), "mandria"),  # the app's Lion Square herd is a "branco"
        ("ja", BISON, "アクション"),  # Bison's rulebook and app say 行動
        ("ja", MOVES, "マス"),  # a Bison move counts lands (土地), not squares
    ],
    ids=["herd", "bison-action", "bison-move"],
)
def test_retired_words_stay_out_of_the_kit(lang, where, word):
    used = [text(lang, message) for message in where]
    assert [value for value in used if word in value.casefold()] == []


def test_the_italian_bison_move_labels_say_how_far():
    # The board's cells are too narrow for "… ciascuno"; the distance must still be there.
    assert text("it", bison_print.ACTIONS["move_1"]).endswith("di 1 spazio")
    assert text("it", bison_print.ACTIONS["move_3"]).endswith("da 1 a 3 spazi")


def test_the_italian_bison_kit_says_stagione_as_its_rulebook():
    # Issue 37: the Italian Bison rulebook (seeds/004) plays "stagioni", never "round".
    import re

    bison = [kit_of("bison").rules, kit_of("bison").aid, *BISON]
    printed = " ".join(text("it", message) for message in bison)
    assert not re.search(r"\bround\b", printed)
    assert "stagione" in text("it", kit_of("bison").rules)
