"""The printed kit and the app use the same words for the same things.

The app's words are its gettext catalogs (``translations/<lang>/LC_MESSAGES/messages.po``,
reviewed against the rulebooks in the seeds); the kit's are ``printgen.messages``. A player
who taps "テントの設置・拡張" on the phone must find that action on the printed board under
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

from printgen.messages import MESSAGES, text

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("ja", "it")


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
    ("bi_place_tile", "place your tile and hunters", ("ja",), {}),
    ("bi_tent", "build or enlarge a tent", LANGUAGES, {}),
    ("bi_canoe", "build or enlarge a canoe", LANGUAGES, {}),
    ("bi_gather", "gather hunters", LANGUAGES, {}),
    ("bi_move_1", "move hunters 1 space each", ("ja",), {}),
    ("bi_move_3", "move hunters 1 to 3 spaces each", ("ja",), {}),
    ("bi_market", "Market", LANGUAGES, {}),
    ("bi_exchange", "Exchange %(rate)s for 1", LANGUAGES, {"rate": 3}),
    # Lion Square: the herd (L2).
    ("ls_herd", "Herd", LANGUAGES, {}),
    # A Dog's Life: the chart and the card sections (D1).
    ("dl_ap", "%(count)s action points a turn", LANGUAGES, {"count": 7}),
    ("dl_hunger", "Hunger", LANGUAGES, {}),
    ("dl_bladder", "bladder", LANGUAGES, {}),
    ("dl_carry", "Carried (at most %(count)s)", LANGUAGES, {"count": 2}),
    ("dl_buried", "Buried bones", LANGUAGES, {}),
    ("dl_restaurant", "Restaurant", LANGUAGES, {}),
    ("dl_fight", "Fight", LANGUAGES, {}),
    ("dl_catcher", "Dog-catcher", LANGUAGES, {}),
    ("dl_pound", "Pound", LANGUAGES, {}),
    # Age of Hunting: the personal board's rows and the start player (H1).
    ("ha_caves", "Caves", LANGUAGES, {}),
    ("ha_huts", "Huts", LANGUAGES, {}),
    ("ha_start", "Start player", LANGUAGES, {}),
    # The games' own names.
    ("game_bison", "Bison", LANGUAGES, {}),
    ("game_lion-square", "Lion Square", LANGUAGES, {}),
    ("game_hunting-age", "Age of Hunting", LANGUAGES, {}),
    ("game_dogs-life", "A Dog's Life", LANGUAGES, {}),
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
    kit_params = {"n": params["count"]} if key in ("dl_ap", "dl_carry") else params
    assert sentence_case(text(lang, key, **kit_params)) == sentence_case(
        app_text(lang, msgid, **params)
    )


# (kit key, app msgid whose translation the kit's text must contain, format parameters).
SHARED_WORDS = [
    ("bi_place_tile", "hunters", {}),
    ("bi_move_1", "hunters", {}),
    ("bi_move_3", "hunters", {}),
    ("bi_markers", "Hunters", {}),
    ("ls_herds", "herd", {}),
    ("dl_markers", "hunger", {}),
    ("ha_pieces", "Huts", {}),
    ("ha_tokens", "coins", {}),
    ("ha_tokens", "start player", {}),
    ("ha_vp_track", "VP track", {"n": 10}),
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
    ("lang", "prefix", "word"),
    [
        ("it", "", "mandria"),  # the app's Lion Square herd is a "branco"
        ("ja", "bi_", "アクション"),  # Bison's rulebook and app say 行動
        ("ja", "bi_move", "マス"),  # a Bison move counts lands (土地), not squares
    ],
)
def test_retired_words_stay_out_of_the_kit(lang, prefix, word):
    used = {
        key: value
        for key, value in MESSAGES[lang].items()
        if key.startswith(prefix) and word in value.casefold()
    }
    assert used == {}


def test_the_italian_bison_move_labels_say_how_far():
    # The board's cells are too narrow for "… ciascuno"; the distance must still be there.
    assert text("it", "bi_move_1").endswith("di 1 spazio")
    assert text("it", "bi_move_3").endswith("da 1 a 3 spazi")
