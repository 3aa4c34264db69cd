"""Every game word in A Dog's Life's messages is translated with them, and dogs are named in a
``dog`` parameter.

A fake ``gettext`` "translates" by shouting: it upper-cases a template outside its
placeholders, and ``RuleError.translated`` passes every ``Term`` parameter through it too.
Whatever English game word is still in lower case afterwards came into the sentence as
plain text, which a Japanese or Italian reader would see untranslated.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from translatability import WordsCheck, shout

from games.dogs_life import fold as table
from games.dogs_life import game as rules
from games.dogs_life import terms
from games.dogs_life.catalog import DOGS, Section, localized
from games.dogs_life.deck import Deck, draw
from games.dogs_life.dog import BONE, newspaper
from games.dogs_life.game import Game
from games.errors import N_, RuleError, Term

from .table_play import PLAYERS, adjusts, draws

DOG_NAMES = {d.name for d in DOGS.values()}

GAME_WORDS = re.compile(
    r"\b(move|moved|eat|drink|pee|pick|drop|deliver|bury|rummage|beg|fight|catcher|trash|"
    r"restaurant|newspaper|bone|bones|food|hunger|bladder|pound|item|items|section|card)\b"
)
# Parameters that quote the API (a field name, the accepted values, a bad input) verbatim:
# they are identifiers the client sends, not words of the game, so they stay as they are.
IDENTIFIERS = {"field", "names", "type", "value"}


def untranslated(template: str, params: Mapping[str, Any]) -> list[str]:
    """The lower-case game words left in the shouted message."""
    masked = {key: "ID" if key in IDENTIFIERS else value for key, value in params.items()}
    return GAME_WORDS.findall(RuleError(template, **masked).translated(shout))


def check_message(template: str, params: Mapping[str, Any]) -> None:
    text = template.format(**params)
    assert untranslated(template, params) == [], text
    # a dog is named only through ``dog``, and ``dog`` only ever holds a catalog name
    if "dog" in params:
        assert params["dog"] in DOG_NAMES, text
    for key, value in params.items():
        if key != "dog" and isinstance(value, str):
            assert not any(name in value for name in DOG_NAMES), (key, text)


def check_error(error: RuleError) -> None:
    check_message(error.template, error.params)


WORDS = WordsCheck(table, PLAYERS, check_error, check_message)


def test_the_checker_catches_a_plain_english_word() -> None:
    assert untranslated(N_("you cannot {action} now"), {"action": "drink"}) == ["drink"]
    assert untranslated(N_("you cannot {action} now"), {"action": Term(N_("drink"))}) == []


# --- refusals ------------------------------------------------------------------------------


def no_shuffle() -> tuple[int, ...]:
    raise AssertionError("no shuffle expected")


def drawer(seat: int, deck: Deck):
    return draw(deck, no_shuffle)


def edit(game: Game, seat: int, **changes: Any) -> Game:
    state = replace(game.dogs[seat], **changes)
    return replace(game, dogs=(*game.dogs[:seat], state, *game.dogs[seat + 1 :]))


# Each action tried by Fifi (seat 0), given her chart before the attempt.
ATTEMPTS: dict[Term, Callable[[Game], object]] = {
    terms.MOVE: lambda g: rules.move(g, 0, 1),
    terms.EAT: lambda g: rules.eat(g, 0, 1),
    terms.DRINK: lambda g: rules.drink(g, 0),
    terms.PEE: lambda g: rules.pee(g, 0),
    terms.PICK_UP: lambda g: rules.pick_up(g, 0, BONE),
    terms.DROP: lambda g: rules.drop(edit(g, 0, items=(BONE,)), 0, BONE),
    terms.DELIVER: lambda g: rules.draw(
        edit(g, 0, items=(newspaper(3),)), 0, Section.NEWSPAPER, drawer, address=3
    ),
    terms.BURY: lambda g: rules.bury(edit(g, 0, items=(BONE,)), 0),
    terms.RUMMAGE: lambda g: rules.draw(g, 0, Section.TRASH, drawer),
    terms.BEG: lambda g: rules.draw(g, 0, Section.RESTAURANT, drawer),
    terms.FIGHT: lambda g: rules.draw(g, 0, Section.FIGHT, drawer, against=1),
    terms.MEET_CATCHER: lambda g: rules.draw(g, 0, Section.CATCHER, drawer),
}


def test_every_action_term_is_tried() -> None:
    assert set(ATTEMPTS) == set(terms.ACTIONS)


@pytest.mark.parametrize("action", terms.ACTIONS)
def test_an_action_refused_in_the_pound_is_a_term(action: Term) -> None:
    game = edit(rules.new_game(["fifi", "butch", "bruno"]), 0, pound=2)
    with pytest.raises(RuleError) as error:
        ATTEMPTS[action](game)
    assert error.value.template == "{dog} is in the pound and cannot {action}"
    assert error.value.params["action"] is action and type(action) is Term
    check_error(error.value)


# Meeting the catcher costs nothing and eating is not paid for: no "too few points" refusal.
PAID = [action for action in terms.ACTIONS if action not in (terms.EAT, terms.MEET_CATCHER)]


@pytest.mark.parametrize("action", PAID)
def test_an_action_refused_for_want_of_points_is_a_term(action: Term) -> None:
    game = rules.new_game(["white-fang", "butch", "bruno"])  # turn not started: 0 action points
    with pytest.raises(RuleError) as error:
        ATTEMPTS[action](game)
    assert error.value.params["action"] is action
    assert str(error.value).startswith("White Fang has 0 action points left this turn")
    check_error(error.value)


ITEM_REFUSALS: list[tuple[Callable[[Game], object], str]] = [
    (lambda g: rules.drop(g, 0, BONE), "Fifi does not carry a bone"),
    (lambda g: rules.drop(g, 0, newspaper(2)), "Fifi does not carry newspaper 2"),
    (
        lambda g: rules.draw(g, 0, Section.NEWSPAPER, drawer, address=5),
        "Fifi does not carry newspaper 5",
    ),
    (
        lambda g: rules.pick_up(edit(g, 0, items=(newspaper(4),)), 0, newspaper(4)),
        "Fifi already carries newspaper 4",
    ),
    (
        lambda g: rules.pick_up(edit(g, 1, items=(newspaper(4),)), 0, newspaper(4)),
        "newspaper 4 is carried by Butch",
    ),
    (lambda g: rules.send_to_pound(edit(g, 1, pound=1), 1), "Butch is already in the pound"),
    (lambda g: DOGS["fifi"].cards[0].find(Section.FIGHT), "the fight section has no find"),
    (lambda g: DOGS["fifi"].cards[0].find(Section.POUND), "the pound section has no find"),
]


@pytest.mark.parametrize(("action", "message"), ITEM_REFUSALS)
def test_items_and_sections_have_sentences_of_their_own(
    action: Callable[[Game], object], message: str
) -> None:
    game, _ = rules.start_turn(rules.new_game(["fifi", "butch", "bruno"]), 0, drawer)
    with pytest.raises(RuleError) as error:
        action(game)
    assert str(error.value) == message
    assert "item" not in error.value.params and "section" not in error.value.params
    check_error(error.value)


@pytest.mark.parametrize(
    ("event", "text"),
    [
        (
            {"type": "adjust", "seat": 0, "counter": "hunger", "delta": 1},
            "HUNGER WOULD BE 5; IT MUST STAY BETWEEN 0 AND 4",
        ),
        (
            {"type": "adjust", "seat": 0, "counter": "bones", "delta": -1},
            "BURIED BONES WOULD BE -1; IT MUST STAY BETWEEN 0 AND 30",
        ),
    ],
)
def test_counter_names_in_refusals_are_translated(event: dict[str, Any], text: str) -> None:
    state = table.new_state(PLAYERS, {})
    with pytest.raises(RuleError) as error:
        table.apply(state, event)
    assert error.value.translated(shout) == text


def test_an_unknown_dog_is_a_value_not_a_dog() -> None:
    with pytest.raises(RuleError) as error:
        rules.new_game(["fifi", "White Fang", "bruno"])
    assert "dog" not in error.value.params
    assert str(error.value).startswith("unknown dog 'White Fang'; expected one of: fifi, ")


# --- random play ---------------------------------------------------------------------------

seats = st.sampled_from(["me", "me", 0, 1, 2])
EVENTS = st.one_of(
    st.builds(lambda s: {"type": "start_turn", "seat": s}, seats),
    st.builds(
        lambda t, s: {"type": t, "seat": s},
        st.sampled_from(["drink", "pee", "to_pound", "roll_die"]),
        seats,
    ),
    st.builds(lambda s, n: {"type": "move", "seat": s, "steps": n}, seats, st.integers(0, 9)),
    st.builds(lambda s, n: {"type": "eat", "seat": s, "days": n}, seats, st.integers(0, 4)),
    st.builds(
        lambda t, s, i, a: {"type": t, "seat": s, "item": i, "address": a},
        st.sampled_from(["pick_up", "drop"]),
        seats,
        st.sampled_from(["bone", "newspaper", "stick"]),
        st.integers(0, 3),
    ),
    st.builds(lambda s, n: {"type": "bury", "seat": s, "count": n}, seats, st.integers(0, 3)),
    draws(
        seats,
        st.sampled_from([*(s.value for s in Section), "kitchen"]),
        st.integers(1, 3),
        st.integers(0, 3),
    ),
    adjusts(seats, st.integers(-5, 5)),
    st.just({"type": "end_game"}),
)


@settings(max_examples=100, deadline=None)
@given(events=st.lists(EVENTS, max_size=40), seed=st.integers(), timed=st.booleans())
def test_every_message_of_random_play_is_fully_translatable(
    events: list[dict[str, Any]], seed: int, timed: bool
) -> None:
    extra = {"timed_minutes": 30} if timed else {}
    state = table.new_state(PLAYERS, {"dogs": ["white-fang", "butch", "houdini"], **extra})
    WORDS.play(state, events, random.Random(seed), lambda state: state.current or 0)


# --- describe ------------------------------------------------------------------------------


def described_events() -> list[dict[str, Any]]:
    """At least one event for every history template."""
    events: list[dict[str, Any]] = [
        {"type": "start_turn", "seat": 0, "outcome": outcome}
        for outcome in ("hungry", "starved", "escaped", "stays", "freed", None)
    ]
    for section, outcome in table._FINDS:
        for trash_day in (False, True):
            events.append(
                {
                    "type": "draw",
                    "seat": 0,
                    "section": section,
                    "outcome": outcome,
                    "trash_day": trash_day,
                    "address": 7,
                    "against": 1,
                }
            )
    events += [
        {"type": "draw", "seat": 0, "section": section.value, "address": 7, "against": 1}
        for section in Section
    ]
    for count in (1, 3):
        events += [
            {"type": "move", "seat": 1, "steps": count},
            {"type": "eat", "seat": 1, "days": count},
            {"type": "bury", "seat": 1, "count": count},
        ]
    for kind in ("pick_up", "drop"):
        events += [
            {"type": kind, "seat": 2, "item": "bone"},
            {"type": kind, "seat": 2, "item": "newspaper", "address": 12},
        ]
    events += [
        {"type": "drink", "seat": 0},
        {"type": "roll_die", "seat": 0, "die": 6},
        {"type": "pee", "seat": 0},
        {"type": "pee", "seat": 0, "covers": 2},
        {"type": "to_pound", "seat": 0, "reason": "caught"},
        {"type": "to_pound", "seat": 0, "reason": "fight"},
        {"type": "end_game"},
        {"type": "bark", "seat": 0},
        *({"type": "adjust", "seat": 0, "counter": c, "delta": -1} for c in table.COUNTERS),
    ]
    return events


def test_every_history_line_is_fully_translatable() -> None:
    templates = WORDS.history(described_events())
    every = {
        *table._FINDS.values(),
        *table._TRASH_DAY.values(),
        *table._TURNS.values(),
        *table._SIMPLE.values(),
        *table._SIMPLE_ONE.values(),
        *table._DRAWN.values(),
    }
    assert every <= templates, every - templates


@pytest.mark.parametrize(
    ("event", "text"),
    [
        ({"type": "adjust", "seat": 1, "counter": "bladder", "delta": 1}, "Ben: BLADDER +1"),
        (
            {"type": "draw", "seat": 0, "section": "newspaper", "address": 7, "outcome": "bone"},
            "Ann DELIVERED NEWSPAPER 7 AND GOT A BONE",
        ),
    ],
)
def test_history_lines_translate_their_terms(event: dict[str, Any], text: str) -> None:
    template, params = table.describe(event, PLAYERS)
    assert RuleError(template, **params).translated(shout) == text


@pytest.mark.parametrize(
    ("event", "text"),
    [
        ({"type": "move", "seat": 0, "steps": 1}, "Ann moved 1 space"),
        ({"type": "eat", "seat": 0, "days": 1}, "Ann ate 1 day of food"),
        ({"type": "eat", "seat": 0, "days": 2}, "Ann ate 2 days of food"),
        ({"type": "draw", "seat": 0, "section": "fight", "against": 2}, "Ann attacked Cho"),
        (
            {"type": "draw", "seat": 0, "section": "newspaper", "address": 4},
            "Ann delivered newspaper 4",
        ),
    ],
)
def test_history_singulars_and_draws_without_an_outcome(event: dict[str, Any], text: str) -> None:
    template, params = table.describe(event, PLAYERS)
    assert template.format(**params) == text


# --- dogs in other languages ---------------------------------------------------------------


def test_localized_names_the_dog_in_the_readers_language() -> None:
    game = rules.new_game(["white-fang", "butch", "bruno"])
    with pytest.raises(RuleError) as error:
        rules.drink(game, 0)
    params = error.value.params
    assert params["dog"] == "White Fang"  # the English catalog name, a msgid

    def japanese(message: str) -> str:  # a reader's gettext (the catalogs' word)
        return {"White Fang": "ホワイトファング", "Rex": "レックス"}.get(message, message)

    assert localized(params, japanese) == {**params, "dog": "ホワイトファング"}
    assert localized(params, str) == dict(params)
    # only a catalog dog is translated: a name typed by a player is left as it is
    assert localized({"dog": "Rex", "count": 2}, japanese) == {"dog": "Rex", "count": 2}
    assert localized({"name": "Ann"}, japanese) == {"name": "Ann"}
