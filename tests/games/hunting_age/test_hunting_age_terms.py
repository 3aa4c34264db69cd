"""Every game word in Age of Hunting's refusals and history lines is translated with them.

A fake ``gettext`` "translates" by shouting: it upper-cases a template outside its
placeholders, and ``RuleError.translated`` passes every ``Term`` parameter (a food, a
development, a counter) and every word of a ``TermList`` (a bundle of goods, rock-chip
rewards) through it too. Whatever English game word is still in lower case afterwards came
into the sentence as plain text, which a Japanese or Italian reader would see untranslated.
Hunting-ground faces are named by their id (``B1a``), printed on every card in every
language, so they are not words.
"""

from __future__ import annotations

import inspect
import random
import re
import string
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from translatability import WordsCheck, shout

from games.errors import N_, RuleError, Term, TermList
from games.hunting_age import contract, development, storage
from games.hunting_age import fold as table
from games.hunting_age.board import DEVELOPMENTS, LIMITS
from games.hunting_age.components import (
    FOODS,
    GOOD_NAMES,
    GOOD_TERMS,
    ROCK_CHIPS,
    Cost,
    Food,
    chip_rewards,
    goods_list,
)
from games.hunting_age.tribe import Hut, Supply, Tribe, give_back, take
from games.table import Player

PLAYERS = (Player("Ann", "red"), Player("Ben", "blue"), Player("Cho", "green"))
LAYOUT = ["B1a", "B2a", "B3a", "B4a", "N01a", "N08a", "N10a"]

GAME_WORDS = re.compile(
    r"\b(bears?|mammoths?|grapes?|grains?|green|yellow|coins?|food|any|caves?|creation|"
    r"subordinates?|huts?|chips?|rock|supply|track|nothing|development|space|cards?|turn)\b"
)
# Parameters that quote the API (a field name, the accepted values, an event type) verbatim:
# they are identifiers the client sends, not words of the game, so they stay as they are.
# A value quoted back with ``!r`` is the client's own bad input, likewise.
IDENTIFIERS = {
    "field",
    "names",
    "types",
    "type",
    "cards",
    "kinds",
    "fields",
    "place",
    "key",
    "allowed",
}


def quoted(template: str) -> set[str]:
    """The parameters a template quotes with ``!r`` (bad input shown as typed)."""
    return {
        name
        for _, name, _, conversion in string.Formatter().parse(template)
        if name and conversion == "r"
    }


def untranslated(template: str, params: Mapping[str, Any]) -> list[str]:
    """The lower-case game words left in the shouted message."""
    masked = {
        key: "ID" if key in IDENTIFIERS or key in quoted(template) else value
        for key, value in params.items()
    }
    return GAME_WORDS.findall(RuleError(template, **masked).translated(shout))


def check_message(template: str, params: Mapping[str, Any]) -> None:
    text = template.format(**params)
    assert untranslated(template, params) == [], text


def check_error(error: RuleError) -> None:
    check_message(error.template, error.params)


WORDS = WordsCheck(table, PLAYERS, check_error, check_message)


def test_the_checker_catches_a_plain_english_word() -> None:
    template = N_("you are missing {missing}")
    assert untranslated(template, {"missing": "bear ×2"}) == ["bear"]
    assert untranslated(template, {"missing": TermList([("grape", 1)])}) == ["grape"]
    assert untranslated(template, {"missing": goods_list({"bear": 2})}) == []
    assert untranslated(N_("no {kind} left"), {"kind": "hut"}) == ["hut"]
    assert untranslated(N_("no {kind!r} here"), {"kind": "hut"}) == []  # bad input, quoted


# --- every word a message can carry is a Term marked for Babel ----------------------------


def marked_in_sources() -> set[str]:
    """Every ``N_("…")`` literal in games/hunting_age (what Babel extracts)."""
    folder = Path(table.__file__).parent
    return {
        match
        for path in folder.glob("*.py")
        for match in re.findall(r'N_\("([^"]*)"\)', path.read_text(encoding="utf-8"))
    }


def test_every_term_is_extracted_for_translation() -> None:
    words = [*GOOD_TERMS.values(), *development.KIND_WORDS.values(), *table.COUNTER_NAMES.values()]
    assert all(type(word) is Term for word in words)
    assert set(words) <= marked_in_sources(), set(words) - marked_in_sources()


def test_good_terms_and_catalog_names_share_one_english_source() -> None:
    assert set(GOOD_TERMS) == set(GOOD_NAMES)
    assert all(GOOD_TERMS[good] == name for good, name in GOOD_NAMES.items())
    assert set(table.COUNTER_NAMES) == set(table.COUNTERS)
    assert set(development.KIND_WORDS) == set(DEVELOPMENTS)


# --- refusals ------------------------------------------------------------------------------

FULL_BOARD = Tribe(
    caves_created=LIMITS["cave"],
    subordinates_added=LIMITS["subordinate"],
    huts=(Hut(1),) * LIMITS["hut"],
)
RICH = Tribe(food=Food(bear=3, grape=1), coins=5)

REFUSALS: list[tuple[Callable[[], object], str, str]] = [
    (
        lambda: development.pay(Tribe(food=Food(bear=1)), Supply(), Cost(Food(bear=2, grape=1))),
        "you cannot afford it: it costs bear ×2, grape ×1; you are missing bear ×1, grape ×1",
        "YOU CANNOT AFFORD IT: IT COSTS BEAR ×2, GRAPE ×1; YOU ARE MISSING BEAR ×1, GRAPE ×1",
    ),
    (
        lambda: development.pay(RICH, Supply(), Cost(Food(bear=2), coins=6, any_food=2)),
        # the two pieces beyond the named bears pay the any-food part: only a coin is missing
        "you cannot afford it: it costs bear ×2, coin ×6, any food ×2; you are missing coin ×1",
        "YOU CANNOT AFFORD IT: IT COSTS BEAR ×2, COIN ×6, ANY FOOD ×2; YOU ARE MISSING COIN ×1",
    ),
    (
        lambda: development.pay(RICH, Supply(), Cost(any_food=2), Food(mammoth=2)),
        "you cannot afford it: it costs any food ×2; you are missing mammoth ×2",
        "YOU CANNOT AFFORD IT: IT COSTS ANY FOOD ×2; YOU ARE MISSING MAMMOTH ×2",
    ),
    (
        lambda: development.check_chips_exist(["vp_1"] * 5),
        "only 4 rock chips show VP ×1, but 5 were revealed",
        "ONLY 4 ROCK CHIPS SHOW VP ×1, BUT 5 WERE REVEALED",
    ),
    (
        lambda: development.check_chips_exist(["green_grain_2"] * 3),
        "only 2 rock chips show green grain ×2, but 3 were revealed",
        "ONLY 2 ROCK CHIPS SHOW GREEN GRAIN ×2, BUT 3 WERE REVEALED",
    ),
    (
        lambda: take(Tribe(), Supply(Food()), Food(yellow_grain=1)),
        "the supply has only 0 yellow grain left, not 1",
        "THE SUPPLY HAS ONLY 0 YELLOW GRAIN LEFT, NOT 1",
    ),
    (
        lambda: give_back(Tribe(), Supply(), Food(grape=2)),
        "you have only 0 grape, not 2 to return",
        "YOU HAVE ONLY 0 GRAPE, NOT 2 TO RETURN",
    ),
    (
        lambda: storage.store(Tribe(food=Food(bear=5)), Supply(), Food()),
        "5 food pieces do not fit in 3 open caves: return 2 more to the supply",
        "",
    ),
    *(
        (
            lambda kind=kind: development.check_can_develop(FULL_BOARD, kind),
            f"no {word} is left to develop: all {LIMITS[kind]} are done",
            f"NO {word.upper()} IS LEFT TO DEVELOP: ALL {LIMITS[kind]} ARE DONE",
        )
        for kind, word in development.KIND_WORDS.items()
    ),
    (
        lambda: development.check_can_develop(Tribe(), "tent"),
        "unknown development 'tent'; expected cave, subordinate or hut",
        "",
    ),
    (
        lambda: contract.parse(
            {
                "players": {
                    name: {
                        "huts": [],
                        "board_vp": 0,
                        "track": 0,
                        "cave": {"mammoth": 3},
                        "coins": 0,
                        "pieces_left_on_board": 13,
                    }
                    for name in ("A", "B", "C")
                }
            }
        ),
        "the caves hold 9 mammoth in all, but the game has only 8",
        "THE CAVES HOLD 9 MAMMOTH IN ALL, BUT THE GAME HAS ONLY 8",
    ),
]


@pytest.mark.parametrize(("action", "english", "shouted"), REFUSALS)
def test_refusals_name_their_game_words_as_terms(
    action: Callable[[], object], english: str, shouted: str
) -> None:
    with pytest.raises(RuleError) as error:
        action()
    assert str(error.value) == english
    if shouted:
        assert error.value.translated(shout) == shouted
    check_error(error.value)


@pytest.mark.parametrize(
    ("event", "shouted"),
    [
        (
            {"type": "adjust", "seat": 0, "counter": "bear", "delta": -1},
            "BEAR WOULD BE -1; IT MUST STAY BETWEEN 0 AND 12",
        ),
        (
            {"type": "adjust", "seat": 0, "counter": "green_grain", "delta": 13},
            "GREEN GRAIN WOULD BE 13; IT MUST STAY BETWEEN 0 AND 12",
        ),
        (
            {"type": "adjust", "seat": 0, "counter": "coins", "delta": 100},
            "COINS WOULD BE 100; IT MUST STAY BETWEEN 0 AND 99",
        ),
        (
            {"type": "adjust", "seat": 0, "counter": "vp", "delta": -1},
            "VP TRACK WOULD BE -1; IT MUST STAY BETWEEN 0 AND 50",
        ),
    ],
)
def test_counter_names_in_refusals_are_translated(event: dict[str, Any], shouted: str) -> None:
    with pytest.raises(RuleError) as error:
        table.apply(table.new_state(PLAYERS, {}), event)
    assert error.value.translated(shout) == shouted


def test_a_refused_development_translates_its_goods() -> None:
    state = table.new_state(PLAYERS, {})
    with pytest.raises(RuleError) as error:
        table.apply(state, {"type": "develop", "seat": 0, "kind": "subordinate"})
    assert error.value.translated(shout) == (
        "YOU CANNOT AFFORD IT: IT COSTS GRAPE ×1, GREEN GRAIN ×2, COIN ×1; "
        "YOU ARE MISSING GRAPE ×1, GREEN GRAIN ×2, COIN ×1"
    )


# --- random play ---------------------------------------------------------------------------

seats = st.sampled_from(["me", "me", 0, 1, 2, 5])
goods = st.dictionaries(
    st.sampled_from([*FOODS, "coins", "any_food", "gold"]), st.integers(-1, 3), max_size=3
)
EVENTS = st.one_of(
    st.builds(
        lambda s, c, d: {"type": "adjust", "seat": s, "counter": c, "delta": d},
        seats,
        st.sampled_from([*table.COUNTERS, "fish"]),
        st.integers(-3, 8),
    ),
    st.builds(lambda s: {"type": "setup", "start_player": s}, st.integers(0, 3)),
    st.builds(
        lambda s, k, a: {"type": "develop", "seat": s, "kind": k, "any_food": a},
        seats,
        st.sampled_from(["cave", "subordinate", "hut", "tent"]),
        goods,
    ),
    st.builds(
        lambda s, k: {"type": "develop", "seat": s, "kind": k},
        seats,
        st.sampled_from(["cave", "subordinate"]),
    ),
    st.builds(
        lambda s, f, n: {"type": "develop", "seat": s, "kind": "hut", "face": f, "space": n},
        seats,
        st.sampled_from([*LAYOUT, "N02b", "Z9"]),
        st.integers(-1, 3),
    ),
    st.builds(
        lambda s, c: {"type": "develop", "seat": s, "kind": "cave", "chips": c},
        seats,
        st.lists(st.sampled_from([*ROCK_CHIPS, "gold_1"]), max_size=3),
    ),
    st.builds(
        lambda s, k, c, v, e: {
            "type": "develop",
            "seat": s,
            "kind": k,
            "cost": c,
            "uncovered_vp": v,
            "vp": v,
            "end_game": e,
        },
        seats,
        st.sampled_from(["cave", "subordinate", "hut"]),
        goods,
        st.integers(-1, 3),
        st.sampled_from(["flat_6", "coins_5", "gold"]),
    ),
    st.builds(lambda s: {"type": "store", "seat": s}, seats),
    st.builds(lambda s, r: {"type": "store", "seat": s, "return": r}, seats, goods),
    st.builds(lambda s: {"type": "end_turn", "seat": s}, seats),
    st.just({"type": "end_turn"}),
    st.just({"type": "dance"}),
)


@settings(max_examples=150, deadline=None)
@given(
    events=st.lists(EVENTS, max_size=40),
    seed=st.integers(),
    edition=st.sampled_from(["campfire", "original"]),
)
def test_every_message_of_random_play_is_fully_translatable(
    events: list[dict[str, Any]], seed: int, edition: str
) -> None:
    state = table.new_state(PLAYERS, {"edition": edition})
    WORDS.play(state, events, random.Random(seed), lambda state: state.current)


# --- describe ------------------------------------------------------------------------------


def described_events() -> list[dict[str, Any]]:
    """At least one event for every history template."""
    return [
        *({"type": "adjust", "seat": 0, "counter": c, "delta": -1} for c in table.COUNTERS),
        {"type": "setup", "faces": LAYOUT, "start_player": 1},
        {"type": "develop", "seat": 1, "kind": "cave", "chips": ["bear_2", "vp_1"]},
        {"type": "develop", "seat": 1, "kind": "cave", "chips": []},
        {"type": "develop", "seat": 1, "kind": "subordinate"},
        {"type": "develop", "seat": 2, "kind": "hut", "face": "N08a", "space": 0},
        {"type": "develop", "seat": 2, "kind": "hut", "vp": 3},
        {"type": "store", "seat": 0, "return": {"bear": 1, "yellow_grain": 2}},
        {"type": "store", "seat": 0, "return": {}},
        {"type": "store", "seat": 0, "return": ["bear"]},
        {"type": "harvest", "seat": 0, "face": "B1a", "space": 4},
        {"type": "end_turn", "seat": 2},
        {"type": "dance"},
    ]


def describe_templates() -> set[str]:
    """Every template ``describe`` can return, read from its source."""
    return set(re.findall(r'N_\("([^"]*)"\)', inspect.getsource(table.describe)))


def test_every_history_line_is_fully_translatable() -> None:
    templates = WORDS.history(described_events())
    assert len(describe_templates()) >= 10
    assert describe_templates() <= templates, describe_templates() - templates


@pytest.mark.parametrize(
    ("event", "shouted"),
    [
        (
            {"type": "adjust", "seat": 1, "counter": "yellow_grain", "delta": 2},
            "Ben: YELLOW GRAIN +2",
        ),
        ({"type": "adjust", "seat": 1, "counter": "vp", "delta": 1}, "Ben: VP TRACK +1"),
        (
            {"type": "develop", "seat": 2, "kind": "cave", "chips": ["coins_2", "grape_1"]},
            "Cho CREATED A CAVE AND FLIPPED COIN ×2, GRAPE ×1",
        ),
        (
            {"type": "store", "seat": 0, "return": {"bear": 1, "mammoth": 0, "grape": 2}},
            "Ann STORED FOOD AND RETURNED BEAR ×1, GRAPE ×2",
        ),
        (
            {"type": "store", "seat": 0, "return": {"bear": 0}},
            "Ann STORED FOOD AND RETURNED NOTHING",
        ),
        (
            {"type": "develop", "seat": 0, "kind": "hut", "face": "B1a", "space": 1},
            "Ann BUILT A HUT ON B1a, BUILD SPACE 2",
        ),
        (
            {"type": "harvest", "seat": 1, "face": "B1a", "space": 4},
            "Ben HARVESTED B1a, HUNTING SPACE 5",
        ),
    ],
)
def test_history_lines_translate_their_words(event: dict[str, Any], shouted: str) -> None:
    template, params = table.describe(event, PLAYERS)
    assert RuleError(template, **params).translated(shout) == shouted


def test_chip_rewards_list_each_chip() -> None:
    assert str(chip_rewards(["bear_1", "bear_1", "vp_1"])) == "bear ×1, bear ×1, VP ×1"
    assert chip_rewards([]) == TermList()
