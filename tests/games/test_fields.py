"""games.fields: one reader and one message for a whole number, a pair and a seat (issue 22
item 5), and a guard that no module words a whole-number refusal of its own."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from games import fields
from games.errors import N_, Phrase, RuleError, Term

ROOT = Path(__file__).resolve().parents[2]
#: The only msgids of the catalog that speak of whole numbers: games/fields.py's.
FIELDS_MESSAGES = {fields.WHOLE_NUMBER, fields.SEAT, fields.PAIR}
#: Source strings that may word a whole number themselves: a server setting read at start
#: (companion/config.py, not a player's or a program's refusal).
OWN_WORDING_ALLOWED = {"companion/config.py"}


def catalog_msgids() -> list[str]:
    """The msgids of translations/messages.pot, continuation lines joined."""
    text = (ROOT / "translations" / "messages.pot").read_text(encoding="utf-8")
    ids: list[str] = []
    for block in re.findall(r'^msgid ((?:".*"\n)+)', text, flags=re.M):
        ids.append("".join(ast.literal_eval(line) for line in block.splitlines()))
    return ids


def test_the_catalog_words_whole_numbers_only_in_games_fields() -> None:
    wording = {m for m in catalog_msgids() if re.search(r"whole number|integer", m, re.I)}
    assert wording == FIELDS_MESSAGES


def test_no_source_string_words_a_whole_number_refusal_itself() -> None:
    found = []
    for package in ("games", "companion", "printgen", "campfire"):
        for path in sorted((ROOT / package).rglob("*.py")):
            name = path.relative_to(ROOT).as_posix()
            if name == "games/fields.py" or name in OWN_WORDING_ALLOWED:
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (
                    isinstance(node, ast.Constant)
                    and isinstance(node.value, str)
                    and re.search(r"must be (a|two) whole number", node.value)
                ):
                    found.append(f"{name}:{node.lineno}")
    assert found == []


@pytest.mark.parametrize(
    ("value", "low", "high", "message"),
    [
        (True, 0, None, "count must be a whole number (≥ 0), not true"),
        (None, 0, 5, "count must be a whole number (0–5), not null"),
        ("3", None, None, 'count must be a whole number, not "3"'),
        (-1, 0, None, "count must be a whole number (≥ 0), not -1"),
        (6, None, 5, "count must be a whole number (≤ 5), not 6"),
        (1.0, 1, 3, "count must be a whole number (1–3), not 1.0"),
        ([1] * 20, 0, None, "count must be a whole number (≥ 0), not a list"),
        ({"n": "x" * 40}, 0, None, "count must be a whole number (≥ 0), not an object"),
        (10**60, 0, 9, "count must be a whole number (0–9), not a number of 61 digits"),
    ],
)
def test_one_whole_number_message_shows_the_value_as_json(value, low, high, message) -> None:
    with pytest.raises(RuleError) as error:
        fields.whole_number(value, "count", low, high)
    assert str(error.value) == message
    assert error.value.template == fields.WHOLE_NUMBER


def test_whole_numbers_in_range_pass() -> None:
    assert fields.whole_number(0, "count") == 0
    assert fields.whole_number(-4, "delta", low=None) == -4
    assert fields.read_whole(" 12 ", "copies", 1, 20) == 12


def test_a_typed_field_shows_the_text_as_typed() -> None:
    with pytest.raises(RuleError, match=r'^copies must be a whole number \(1–20\), not "x1"$'):
        fields.read_whole("x1", "copies", 1, 20)


def test_a_player_word_names_the_field_in_the_readers_language() -> None:
    with pytest.raises(RuleError) as error:
        fields.whole_number(-1, Term(N_("days of food")))
    italian = {
        fields.WHOLE_NUMBER: "{field}: serve un numero intero{span}, non {value}",
        "days of food": "giorni di cibo",
    }
    assert (
        error.value.translated(lambda text: italian.get(text, text))
        == "giorni di cibo: serve un numero intero (≥ 0), non -1"
    )
    phrase = Phrase(N_("the {animal} stock"), animal=Term(N_("bison")))
    with pytest.raises(RuleError, match=r"^the bison stock must be a whole number \(0–15\)"):
        fields.whole_number(16, phrase, 0, 15)


@pytest.mark.parametrize("value", [3, -1, True, "0", None])
def test_one_seat_message(value) -> None:
    with pytest.raises(RuleError) as error:
        fields.seat(value, 3)
    assert error.value.template == fields.SEAT
    assert (
        str(error.value)
        == f"seat must be a whole number from 0 to 2, not {fields.show_value(value)}"
    )


def test_a_pair_is_two_whole_numbers() -> None:
    assert fields.pair([1, -2], '"at"') == (1, -2)
    for bad, shown in (([1], "[1]"), ([1, True], "[1, true]"), ("1,2", '"1,2"'), (None, "null")):
        with pytest.raises(RuleError) as error:
            fields.pair(bad, '"at"')
        assert str(error.value) == f'"at" must be [q, r], two whole numbers, not {shown}'


def test_one_unknown_key_message() -> None:
    fields.known_keys({"bear": 1}, ("bear", "grape"), "cost")
    with pytest.raises(RuleError) as error:
        fields.known_keys({"bear": 1, "gold": 2}, ("bear", "grape"), "cost", Term(N_("item")))
    assert str(error.value) == 'cost: unknown item "gold"; expected one of: bear, grape'
    assert error.value.template == fields.UNKNOWN_KEY


def test_one_not_an_object_message() -> None:
    assert fields.object_of({"bear": 1}, ("bear",), "cost") == {"bear": 1}
    with pytest.raises(RuleError) as error:
        fields.object_of([1], ("bear", "grape"), "cost")
    assert str(error.value) == "cost must be an object (keys: bear, grape), not [1]"
    assert error.value.template == fields.NOT_AN_OBJECT
    with pytest.raises(RuleError, match=r'^cost: unknown key "x"; expected one of: bear$'):
        fields.object_of({"x": 1}, ("bear",), "cost")


@pytest.mark.parametrize(
    "text, depth",
    [("1", 0), ("[]", 1), ('{"a": [1, {"b": []}]}', 4), ("[[], [[]], []]", 3), ('"[[["', 0)],
)
def test_json_nested_up_to_the_bound_is_read(text: str, depth: int) -> None:
    assert fields.load_json(text, depth) == fields.load_json(text, depth + 5)
    if depth:
        with pytest.raises(RuleError) as error:
            fields.load_json(text, depth - 1)
        assert error.value.template == fields.TOO_DEEP
        assert str(error.value) == f"the data nests deeper than {depth - 1} levels"


@pytest.mark.parametrize("text", ["[" * 50_000, "[" * 50_000 + "]" * 50_000, '{"a":' * 9000])
def test_json_past_the_parsers_reach_is_the_one_refusal(text: str) -> None:
    """Issue 33, F6: the parser raises RecursionError (no ValueError) this deep."""
    with pytest.raises(RuleError, match=r"^the data nests deeper than 16 levels$"):
        fields.load_json(text, 16)


@pytest.mark.parametrize("text", ["", "{", "NaN", '{"a": Infinity}', "[-Infinity]", "\xff"])
def test_text_that_is_no_json_is_a_plain_value_error(text: str) -> None:
    with pytest.raises(ValueError) as error:
        fields.load_json(text, 16)
    assert not isinstance(error.value, RuleError)
