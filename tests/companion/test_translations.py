"""The shipped catalogs (translations/): complete, well-formed, compiled and extracted.

A string added to games/, companion/ or templates/ without being extracted, translated in
both ja and it, and compiled fails here, so an untranslated message cannot reach a player.
The checks read the files the app serves (``translations/<lang>/LC_MESSAGES/messages.mo``)
and re-run the project's own extraction (babel.cfg), so they cannot drift from the build.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po

from games.dogs_life import catalog as dogs_catalog
from games.lion_square import catalog as lion_catalog

ROOT = Path(__file__).resolve().parents[2]
TRANSLATIONS = ROOT / "translations"
LANGUAGES = ("ja", "it")
PLURAL_FORMS = {"ja": 1, "it": 2}

# %(name)s, %(gain)+d …; "%%" is a literal percent sign, not a placeholder.
PERCENT_FIELD = re.compile(r"%\((\w+)\)([-+ #0]*\d*(?:\.\d+)?[sdifr])")


def load_po(lang: str) -> Catalog:
    with (TRANSLATIONS / lang / "LC_MESSAGES" / "messages.po").open("rb") as file:
        return read_po(file, locale=lang)


def load_pot(path: Path = TRANSLATIONS / "messages.pot") -> Catalog:
    with path.open("rb") as file:
        return read_po(file)


def messages(catalog: Catalog) -> Iterator[Message]:
    """Every real message (the header entry has an empty id)."""
    return (message for message in catalog if message.id)


def forms(text: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """A message's id or string as a tuple of forms (one unless it is a plural)."""
    return (text,) if isinstance(text, str) else tuple(text)


def msgid_text(message: Message) -> str:
    return forms(message.id)[0]


def brace_fields(text: str) -> set[str]:
    """``{name}``, ``{value!r}``, ``{gain:+d}`` as written; ``{{`` escapes are skipped.

    ``string.Formatter`` is what ``str.format`` uses, so a translation it cannot parse
    (a stray ``{``) raises here rather than in front of a player.
    """
    fields = set()
    for _literal, name, spec, conversion in string.Formatter().parse(text):
        if name is not None:
            fields.add(
                name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
            )
    return fields


def placeholders(text: str, *, braces: bool) -> set[str]:
    found = {f"%({name}){kind}" for name, kind in PERCENT_FIELD.findall(text)}
    return found | brace_fields(text) if braces else found


@pytest.fixture(scope="module")
def extracted(tmp_path_factory) -> Catalog:
    """What the brief's extraction command finds in the code today (babel.cfg)."""
    out = tmp_path_factory.mktemp("pot") / "messages.pot"
    CommandLineInterface().run(
        [
            "pybabel",
            "-q",
            "extract",
            "-F",
            str(ROOT / "babel.cfg"),
            "-k",
            "N_",
            "-k",
            "_",
            "--no-location",
            "--sort-output",
            "-o",
            str(out),
            str(ROOT),
        ]
    )
    return load_pot(out)


# --- extraction -----------------------------------------------------------------------


def test_the_template_holds_every_string_the_code_marks(extracted):
    """``messages.pot`` equals a fresh extraction: nothing new left out, nothing stale."""
    pot = {message.id for message in messages(load_pot())}
    fresh = {message.id for message in messages(extracted)}
    assert sorted(map(str, fresh - pot)) == [], "re-run pybabel extract (see babel.cfg)"
    assert sorted(map(str, pot - fresh)) == [], "re-run pybabel extract (see babel.cfg)"


def test_the_extraction_reads_only_the_project(extracted):
    """babel.cfg covers games/, companion/ and templates/ and nothing under .venv."""
    pot_text = (TRANSLATIONS / "messages.pot").read_text(encoding="utf-8")
    assert ".venv" not in pot_text and "site-packages" not in pot_text
    assert extracted.get("Campfire") is not None  # templates/
    assert extracted.get("bear") is not None  # games/ (an N_ word)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_catalog_is_updated_from_the_template(lang):
    """The .po has exactly the template's messages: no missing and no obsolete (#~) ones."""
    pot = {message.id for message in messages(load_pot())}
    catalog = load_po(lang)
    assert {message.id for message in messages(catalog)} == pot, "run pybabel update"
    assert list(catalog.obsolete) == [], "remove the obsolete #~ entries"


# --- completeness and form -------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated(lang):
    catalog = load_po(lang)
    untranslated = [
        msgid_text(m) for m in messages(catalog) if not all(s.strip() for s in forms(m.string))
    ]
    fuzzy = [msgid_text(m) for m in messages(catalog) if m.fuzzy]
    assert untranslated == []
    assert fuzzy == []


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_messages_have_every_form_of_the_language(lang):
    catalog = load_po(lang)
    assert catalog.num_plurals == PLURAL_FORMS[lang]
    for message in messages(catalog):
        if message.pluralizable:
            assert len(forms(message.string)) == PLURAL_FORMS[lang], msgid_text(message)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_placeholders_are_kept_exactly(lang):
    """Every ``{…}`` and ``%(…)s`` of the English is in the translation, and no other.

    A plural form may leave out what one English form leaves out too ("The rock chip
    you flipped" has no count), but never a placeholder both English forms need, and it
    never adds one.
    """
    problems = []
    for message in messages(load_po(lang)):
        braces = "{" in msgid_text(message)
        sources = [placeholders(text, braces=braces) for text in forms(message.id)]
        needed, allowed = set.intersection(*sources), set.union(*sources)
        for text in forms(message.string):
            try:
                found = placeholders(text, braces=braces)
            except ValueError as error:  # a stray brace str.format would trip on
                problems.append((msgid_text(message), text, str(error)))
                continue
            if not needed <= found <= allowed:
                problems.append((msgid_text(message), text, sorted(allowed ^ found)))
    assert problems == []


def test_the_placeholder_check_catches_a_changed_or_broken_field():
    assert placeholders("{name} ate {count!r}", braces=True) == {"name", "count!r"}
    assert placeholders('{{"size": 2}} {kind}', braces=True) == {"kind"}
    assert placeholders("score %(gain)+d, 100%%", braces=False) == {"%(gain)+d"}
    assert placeholders("{nome} ha mangiato", braces=True) != {"name"}
    with pytest.raises(ValueError):
        placeholders("{name ha mangiato", braces=True)


# --- compiled catalogs ---------------------------------------------------------------


def compiled(catalog: Catalog) -> dict[tuple[str, ...], tuple[str, ...]]:
    """id → translation, plural forms as tuples (read_mo gives lists, read_po tuples)."""
    return {forms(message.id): forms(message.string) for message in messages(catalog)}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compiled_catalog_matches_the_po_file(lang, tmp_path):
    """The served .mo is what compiling today's .po gives (run pybabel compile)."""
    fresh = tmp_path / "messages.mo"
    with fresh.open("wb") as file:
        write_mo(file, load_po(lang))
    with fresh.open("rb") as file:
        expected = compiled(read_mo(file))
    shipped = TRANSLATIONS / lang / "LC_MESSAGES" / "messages.mo"
    assert shipped.exists(), "run pybabel compile -d translations"
    with shipped.open("rb") as file:
        actual = compiled(read_mo(file))
    assert actual == expected, "run pybabel compile -d translations"


# --- game words agree with the catalogs the kit prints ---------------------------------


# The rulebooks' words for the game words games/ names as N_ msgids (issue 22 item 5): the
# catalogs are their one store, and must keep reading as the rulebooks (and the kit) do.
RULEBOOK_WORDS: dict[str, tuple[str, str]] = {
    # Lion Square (L1): the clans' colours and the animals
    "red": ("赤", "rosso"),
    "yellow": ("黄", "giallo"),
    "blue": ("青", "blu"),
    "jackal": ("ジャッカル", "sciacallo"),
    "wild dog": ("リカオン", "licaone"),
    "hyena": ("ハイエナ", "iena"),
    "leopard": ("ヒョウ", "leopardo"),
    "lion": ("ライオン", "leone"),
    "gazelle": ("ガゼル", "gazzella"),
    # A Dog's Life: the six dogs and their breeds
    "Fifi": ("フィフィ", "Fifi"),
    "poodle": ("プードル", "barboncino"),
    "Butch": ("ブッチ", "Butch"),
    "bulldog": ("ブルドッグ", "bulldog"),
    "White Fang": ("ホワイトファング", "Zanna Bianca"),
    "husky": ("ハスキー", "husky"),
    "Vagabond": ("ヴァガボンド", "Vagabondo"),
    "mongrel": ("雑種", "meticcio"),
    "Houdini": ("フーディーニ", "Houdini"),
    "Jack Russell terrier": ("ジャック・ラッセル・テリア", "Jack Russell terrier"),
    "Bruno": ("ブルーノ", "Bruno"),
    "Saint Bernard": ("セント・バーナード", "San Bernardo"),
}


def catalog_names() -> Iterator[str]:
    """The English msgid of every game word games/ names (animals, colours, dogs)."""
    yield from lion_catalog.ANIMALS.values()
    yield from (colour.name for colour in lion_catalog.COLOURS)
    for dog in dogs_catalog.DOGS.values():
        yield dog.name
        yield dog.breed


@pytest.mark.parametrize("lang", LANGUAGES)
def test_game_words_read_as_the_catalog_names(lang):
    """A word the catalogs name (animals, colours, dogs) reads as the rulebook's word.

    Messages carry these words as Terms, panels and the printed kit show them: all of
    them translate the same msgid, whose ja/it words must stay the rulebooks'.
    """
    catalog = load_po(lang)
    checked = 0
    for english in catalog_names():
        message = catalog.get(english)
        assert message is not None, english
        expected = RULEBOOK_WORDS[english][LANGUAGES.index(lang)]
        assert message.string == expected, (english, message.string, expected)
        checked += 1
    assert checked >= 21  # Lion Square's 6 animals and 3 colours, 6 dogs and 6 breeds
