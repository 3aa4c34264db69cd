"""Every game word in Lion Square's messages and history lines is translated with them.

A fake ``gettext`` "translates" by shouting: it upper-cases a template outside its
placeholders, and ``RuleError.translated`` passes every ``Term`` parameter through it too.
Whatever English game word is still in lower case afterwards came into the sentence as
plain text, which a Japanese or Italian reader would see untranslated.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from translatability import shout

from games.errors import N_, RuleError, Term
from games.lion_square import fold as table
from games.lion_square.contract import score
from games.lion_square.square import Square
from games.table import Player

PLAYERS = (
    Player("Ann", "red"),
    Player("Ben", "blue"),
    Player("Cho", "green"),
    Player("Dan", "yellow"),
)

GAME_WORDS = re.compile(
    r"\b(herds?|gazelles?|square|rows?|columns?|cards?|round|sides?|taken|hands?|lions?|"
    r"jackal|hyena|leopard|wild dog|red|yellow|blue|list|object|empty|cleared)\b"
)
# Parameters that quote the API (a field name, the accepted values, a bad key or side
# letter) verbatim: identifiers the client sends, not words of the game.
IDENTIFIERS = {
    "field",
    "fields",
    "name",
    "names",
    "type",
    "types",
    "side",
    "first",
    "second",
    "example",
}


def untranslated(template: str, params: Mapping[str, Any]) -> list[str]:
    """The lower-case game words left in the shouted message."""
    masked = {key: "ID" if key in IDENTIFIERS else value for key, value in params.items()}
    return GAME_WORDS.findall(RuleError(template, **masked).translated(shout))


def check_error(error: RuleError) -> None:
    assert untranslated(error.template, error.params) == [], str(error)


def test_the_checker_catches_a_plain_english_word() -> None:
    where = "grid row 2, column 3"  # the old way: English words glued into a parameter
    assert untranslated(N_("{where} is {value}"), {"where": where, "value": 1}) == ["row", "column"]
    assert untranslated(N_("got {value}"), {"value": Term(N_("a list"))}) == []


# --- refusals ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("event", "english", "shouted"),
    [
        (
            {"type": "set_cell", "row": 0, "column": 0, "card": [1] * 20},
            'card must be a card number (0 or more), "G" for a gazelle or null for an empty '
            "place; got a list",
            'card MUST BE A CARD NUMBER (0 OR MORE), "G" FOR A GAZELLE OR NULL FOR AN EMPTY '
            "PLACE; GOT A LIST",
        ),
        (
            {"type": "set_cell", "row": 0, "column": 0, "card": -2},
            "card is -2; a card number must be 0 or more",
            "card IS -2; A CARD NUMBER MUST BE 0 OR MORE",
        ),
        (
            {"type": "set_square", "grid": [[0, 0, 0], [0, {"n": "x" * 40}, 0], [0, 0, 0]]},
            'grid row 2, column 2 must be a card number (0 or more), "G" for a gazelle or null '
            "for an empty place; got an object",
            'grid ROW 2, COLUMN 2 MUST BE A CARD NUMBER (0 OR MORE), "G" FOR A GAZELLE OR NULL '
            "FOR AN EMPTY PLACE; GOT AN OBJECT",
        ),
        (
            {"type": "set_square", "grid": [[0, 0, -1], [0, 0, 0], [0, 0, 0]]},
            "grid row 1, column 3 is -1; a card number must be 0 or more",
            "grid ROW 1, COLUMN 3 IS -1; A CARD NUMBER MUST BE 0 OR MORE",
        ),
        (
            {"type": "adjust", "seat": 0, "counter": "herd", "delta": 1},
            "herd would be 21; it must stay between 0 and 20",
            "HERD WOULD BE 21; IT MUST STAY BETWEEN 0 AND 20",
        ),
    ],
)
def test_refusals_translate_row_column_herd_and_json_kinds(
    event: dict[str, Any], english: str, shouted: str
) -> None:
    with pytest.raises(RuleError) as error:
        table.apply(table.new_state(PLAYERS, {}), event)
    assert str(error.value) == english
    assert error.value.translated(shout) == shouted
    check_error(error.value)


def test_the_text_notation_names_the_place_in_its_own_sentence() -> None:
    with pytest.raises(RuleError) as error:
        Square.parse(". . . / . -1 . / . . .")
    assert str(error.value) == "square row 2, column 2 is -1; a card number must be 0 or more"
    assert error.value.params == {"field": "square", "value": -1, "row": 2, "column": 2}


@pytest.mark.parametrize(
    "document",
    [
        {"seats": {"S": "ann", "W": "ben", "N": "cho"}, "grid": [[0, 0, 0], [0, [], 0], [0, 0, 0]]},
        {
            "seats": {"S": "ann", "W": "ben", "N": "cho"},
            "grid": [[0] * 3] * 3,
            "herds": {"ann": {"x": 1}},
        },
        {"seats": {"S": "ann", "W": "ben", "N": "cho"}, "grid": [[0] * 3] * 3, "round": [2]},
        {"seats": {"S": "ann", "W": "ben", "N": "cho", "X": "dan"}, "grid": [[0] * 3] * 3},
        {"seats": {"S": "ann", "W": "ben"}, "grid": [[0] * 3] * 3},
        {
            "seats": {"S": "ann", "W": "ben", "N": "cho"},
            "grid": [["G", "G", "G"], [0] * 3, [0] * 3],
        },
    ],
)
def test_contract_refusals_are_fully_translatable(document: dict[str, Any]) -> None:
    with pytest.raises(RuleError) as error:
        score(document)
    check_error(error.value)


# --- random table play ---------------------------------------------------------------------

json_values = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.just("G"),
    st.just("x"),
    st.just([1]),
    st.just({"a": 1}),
)
EVENTS = st.one_of(
    st.fixed_dictionaries(
        {
            "type": st.just("set_cell"),
            "row": st.integers(-1, 3),
            "column": st.integers(0, 2),
            "card": json_values,
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.just("set_square"),
            "grid": st.lists(st.lists(json_values, min_size=2, max_size=4), min_size=2, max_size=4),
        }
    ),
    st.fixed_dictionaries(
        {
            "type": st.sampled_from(["set_taken", "set_gazelles"]),
            "seat": st.integers(0, 4),
            "count": json_values,
        }
    ),
    st.fixed_dictionaries({"type": st.just("set_last"), "seat": st.none() | st.integers(0, 4)}),
    st.fixed_dictionaries({"type": st.sampled_from(["score_round", "next_round", "deal"])}),
    st.fixed_dictionaries(
        {
            "type": st.just("adjust"),
            "seat": st.integers(0, 4),
            "counter": st.sampled_from(["herd", "flock"]),
            "delta": st.integers(-25, 25),
        }
    ),
)


@settings(max_examples=100, deadline=None)
@given(events=st.lists(EVENTS, max_size=40))
def test_every_message_of_random_play_is_fully_translatable(events: list[dict[str, Any]]) -> None:
    state = table.new_state(PLAYERS, {})
    for event in events:
        try:
            state = table.apply(state, event)
        except RuleError as error:
            check_error(error)
            continue
        template, params = table.describe(event, PLAYERS)
        assert untranslated(template, params) == [], template.format(**params)


def test_every_history_line_is_fully_translatable() -> None:
    events: list[dict[str, Any]] = [
        {"type": "adjust", "seat": 1, "counter": "herd", "delta": -2},
        {"type": "set_square", "grid": [[3, None, 1], [2, "G", 0], [None, 1, 2]]},
        *({"type": "set_cell", "row": 1, "column": 2, "card": card} for card in (None, "G", 4)),
        {"type": "set_taken", "seat": 2, "count": 3},
        {"type": "set_gazelles", "seat": 3, "count": 1},
        {"type": "set_last", "seat": 0},
        {"type": "set_last", "seat": None},
        {"type": "score_round"},
        {"type": "next_round"},
        {"type": "deal"},
    ]
    for event in events:
        template, params = table.describe(event, PLAYERS)
        assert untranslated(template, params) == [], template.format(**params)
