"""What a change touches (issue 35, ``games.table.Rules.targets``): two changes meet only
when they share a target, the whole table meets everything, and every game's ``targets``
reads any event without failing (a bad one touches the whole table)."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from games import registry
from games.errors import Phrase
from games.table import WHOLE_TABLE, Player, Target, first_shared, whole_table

PLAYERS = (Player("Ann", "red"), Player("Ben", "blue"), Player("Cho", "green"))


def rules(game: str) -> Any:
    return next(g for g in registry.GAMES if g.id == game).rules()


def target(*key: object) -> Target:
    return Target(key, Phrase("x"))


def test_changes_meet_only_on_a_shared_target() -> None:
    ann, ben = target("counter", 0, "herd"), target("counter", 1, "herd")
    assert first_shared(frozenset({ann}), frozenset({ben})) is None
    assert first_shared(frozenset({ann}), frozenset({ann, ben})) == ann
    assert first_shared(frozenset({ann}), frozenset({WHOLE_TABLE})) == ann
    assert first_shared(frozenset({WHOLE_TABLE}), frozenset({ben})) == ben
    assert first_shared(frozenset(), frozenset({WHOLE_TABLE})) is None


def test_the_default_is_the_whole_table() -> None:
    assert whole_table({"type": "anything"}, PLAYERS) == frozenset({WHOLE_TABLE})


def test_lion_square_names_what_each_tap_touches() -> None:
    """A seat's herd, taken cards and gazelles are three targets; a place of the square is
    one; taking a line touches its three places and the seat's taken cards; scoring
    touches everything (L2 reads every entry)."""
    targets = rules("lion-square").targets
    taken = targets({"type": "add_taken", "seat": 0, "delta": 1}, PLAYERS)
    assert taken == targets({"type": "set_taken", "seat": 0, "count": 4}, PLAYERS)
    assert str(next(iter(taken)).name) == "Ann's cards taken"
    herd = targets({"type": "adjust", "seat": 0, "counter": "herd", "delta": -1}, PLAYERS)
    assert str(next(iter(herd)).name) == "Ann's herd" and herd != taken
    assert taken != targets({"type": "add_taken", "seat": 1, "delta": 1}, PLAYERS)
    cell = targets({"type": "set_cell", "row": 1, "column": 2, "card": 3}, PLAYERS)
    assert str(next(iter(cell)).name) == "the square's row 2, column 3"
    line = targets({"type": "take_line", "seat": 0, "line": "column", "index": 2}, PLAYERS)
    assert cell < line and taken < line and len(line) == 4
    assert targets({"type": "score_round"}, PLAYERS) == frozenset({WHOLE_TABLE})


def test_a_turn_game_s_counter_is_its_own_target() -> None:
    """Bison, Age of Hunting, A Dog's Life: a counter's tap touches that seat's counter;
    a turn's action touches the whole table."""
    for game, counter, name in (
        ("bison", "salmon", "Ann's salmon"),
        ("hunting-age", "coins", "Ann's coins"),
        ("dogs-life", "bones", "Ann's buried bones"),
    ):
        targets = rules(game).targets
        tap = targets({"type": "adjust", "seat": 0, "counter": counter, "delta": 1}, PLAYERS)
        assert [str(t.name) for t in tap] == [name]
        assert first_shared(tap, targets({"type": "end_turn", "seat": 1}, PLAYERS)) is not None


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=8,
)
KINDS = st.sampled_from(
    ["adjust", "set_cell", "take_line", "add_taken", "set_square", "move", "nope"]
)


@given(
    game=st.sampled_from([g.id for g in registry.GAMES]),
    kind=KINDS,
    fields=st.dictionaries(
        st.sampled_from(["seat", "counter", "row", "column", "line", "index"]), JSON
    ),
)
def test_any_event_has_targets(game: str, kind: str, fields: dict[str, Any]) -> None:
    """Whatever a client sends, ``targets`` answers a non-empty set (the check runs
    before the fold refuses a bad event)."""
    found = rules(game).targets({"type": kind, **fields}, PLAYERS)
    assert found and all(isinstance(t, Target) for t in found)
