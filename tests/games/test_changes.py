"""The typed-change protocol (games/changes.py) for every game that lists its changes
(``Rules.changes``): the change set names each event type once, its fields are the game's
``EVENT_FIELDS``, and ``Rules.read`` refuses what is not an event with the domain error."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games import registry
from games.changes import ChangeSet, event_object
from games.errors import RuleError

TYPED = [game for game in registry.GAMES if game.rules().changes is not None]
JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)


def test_lion_square_age_of_hunting_and_bison_are_typed() -> None:
    assert {"lion-square", "hunting-age", "bison"} <= {game.id for game in TYPED}


@pytest.mark.parametrize("game", TYPED, ids=lambda game: game.id)
def test_a_change_set_names_each_type_once(game: registry.Game) -> None:
    rules = game.rules()
    assert rules.changes is not None
    kinds = rules.changes.kinds
    assert len(set(kinds)) == len(kinds)
    assert rules.event_fields == rules.changes.event_fields()
    for cls in rules.changes.classes:
        assert rules.changes.class_of(cls.kind) is cls


@pytest.mark.parametrize("game", TYPED, ids=lambda game: game.id)
@given(raw=st.none() | st.integers() | st.text(max_size=5) | st.lists(st.integers(), max_size=2))
def test_what_is_not_an_event_is_refused(game: registry.Game, raw: object) -> None:
    changes = game.rules().changes
    assert changes is not None
    with pytest.raises(RuleError, match="an event must be an object with a type"):
        changes.from_json(raw)
    if raw not in changes.kinds:
        with pytest.raises(RuleError, match="unknown event type"):
            game.rules().read({"type": raw})


def test_an_unknown_type_lists_the_known_ones() -> None:
    changes = registry.get("lion-square").rules().changes
    assert isinstance(changes, ChangeSet)
    with pytest.raises(RuleError) as refusal:
        changes.from_json({"type": "fly"})
    assert str(refusal.value).startswith("unknown event type 'fly'; expected one of: adjust, ")


def test_event_object_needs_a_string_type() -> None:
    assert event_object({"type": "x"}) == ("x", {"type": "x"})
    with pytest.raises(RuleError, match='an event needs a "type"'):
        event_object({"type": 3})


@pytest.mark.parametrize("game", TYPED, ids=lambda game: game.id)
@given(data=st.data())
def test_bad_json_is_refused_with_the_domain_error(
    game: registry.Game, data: st.DataObject
) -> None:
    """Any fields of any JSON, the game's own names or others: a change, or the domain
    error with a message a player can read (never a TypeError or KeyError)."""
    changes = game.rules().changes
    assert changes is not None
    names = sorted(set().union(*changes.event_fields().values()))
    kind = data.draw(st.sampled_from(changes.kinds))
    keys = st.sampled_from(names) | st.text(max_size=8)
    raw = {**data.draw(st.dictionaries(keys, JSON_VALUES, max_size=5)), "type": kind}
    try:
        change = changes.from_json(raw)
    except RuleError as error:
        assert str(error)
    else:
        assert change.kind == kind
        assert changes.from_json(change.to_json()) == change


@pytest.mark.parametrize("game", TYPED, ids=lambda game: game.id)
@given(raw=JSON_VALUES)
def test_anything_else_is_refused_with_the_domain_error(game: registry.Game, raw: object) -> None:
    changes = game.rules().changes
    assert changes is not None
    with pytest.raises(RuleError):
        changes.from_json(raw if not isinstance(raw, dict) else {**raw, "type": "nope"})


def test_a_dogs_life_is_typed() -> None:
    """A Dog's Life's changes run every property above (games/dogs_life/changes.py)."""
    assert "dogs-life" in {game.id for game in TYPED}
