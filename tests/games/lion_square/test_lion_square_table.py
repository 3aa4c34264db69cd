"""The companion's Lion Square fold: settings, the round entry, scoring (L2), rounds (L3)."""

from __future__ import annotations

import json
import random
from functools import reduce
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.errors import HiddenRuleError, RuleError
from games.lion_square import fold as table
from games.lion_square.contract import score
from games.lion_square.square import Side
from games.table import Player

PLAYERS4 = (
    Player("Ann", "red"),
    Player("Ben", "blue"),
    Player("Cho", "green"),
    Player("Dan", "yellow"),
)
PLAYERS3 = PLAYERS4[:3]
GRID = [[3, None, 1], [2, "G", 0], [None, 1, 2]]  # S 5, W 6, N 4, E 3


def fold(state: table.State, *events: dict[str, Any]) -> table.State:
    return reduce(table.apply, events, state)


def refusal(state: table.State, event: dict[str, Any]) -> str:
    """The message with which the rules refuse ``event``."""
    with pytest.raises(RuleError) as refused:
        table.apply(state, event)
    return str(refused.value)


def start(players: tuple[Player, ...] = PLAYERS4, **settings: Any) -> table.State:
    return table.new_state(players, settings)


def play_round(
    state: table.State, grid: list[list[Any]] = GRID, last: int = 0, **entry: Any
) -> table.State:
    events: list[dict[str, Any]] = [{"type": "set_square", "grid": grid}]
    for seat, count in entry.get("taken", {}).items():
        events.append({"type": "set_taken", "seat": seat, "count": count})
    events += [{"type": "set_last", "seat": last}, {"type": "score_round"}]
    return fold(state, *events)


# --- setting up ------------------------------------------------------------------------


def test_defaults_seat_players_clockwise_from_south() -> None:
    four, three = start(), start(PLAYERS3)
    assert four.sides == (Side.S, Side.W, Side.N, Side.E)
    assert three.sides == (Side.S, Side.W, Side.N)  # E faces nobody
    assert four.herds == (20, 20, 20, 20) and four.round == 1 and four.start == 0
    data = table.to_json(three)
    assert (data["cards_dealt"], data["square_deck"]) == (8, 8)
    assert table.to_json(four)["cards_dealt"] == 7
    assert table.counters(three) == [{"herd": 20}] * 3


def test_settings_choose_sides_and_the_first_start_player() -> None:
    state = start(PLAYERS3, sides=["N", "S", "E"], start=2)
    assert state.sides == (Side.N, Side.S, Side.E)
    assert state.start == 2
    assert table.GAME == "lion-square"
    assert table.COUNTERS == {"herd": (0, 20)}


@pytest.mark.parametrize(
    ("players", "settings", "message"),
    [
        (PLAYERS4[:2], {}, "Lion Square is for 3 or 4 players, not 2"),
        (
            PLAYERS3,
            {"sides": ["S", "W"]},
            "sides must list one side (S, W, N or E) for each of the 3 players",
        ),
        (PLAYERS3, {"sides": ["S", "W", "X"]}, "sides: unknown side 'X'; expected S, W, N or E"),
        (
            PLAYERS3,
            {"sides": ["S", "W", "S"]},
            "sides: two players cannot face the same side of the square",
        ),
        (PLAYERS3, {"start": 3}, "start must be a whole number (0–2), not 3"),
        (PLAYERS3, {"herds": 10}, "unknown setting 'herds'; expected sides or start"),
    ],
)
def test_bad_settings(players: tuple[Player, ...], settings: dict[str, Any], message: str) -> None:
    with pytest.raises(RuleError) as refusal:
        table.new_state(players, settings)
    assert str(refusal.value) == message


# --- the round entry and the preview ---------------------------------------------------


def test_preview_is_l2_for_the_typed_square_and_matches_the_contract() -> None:
    state = fold(
        start(),
        {"type": "set_square", "grid": GRID},
        {"type": "set_taken", "seat": 0, "count": 3},
        {"type": "set_gazelles", "seat": 0, "count": 1},
    )
    preview = table.preview(state)
    assert preview[0] == {"nearest": 5, "taken": 2, "gazelles": 1, "total": 8, "herd_after": 12}
    contract = score(
        {
            "seats": {"S": "a", "W": "b", "N": "c", "E": "d"},
            "grid": GRID,
            "taken": {"a": 3},
            "gazelles_in_hand": {"a": 1},
        }
    )
    assert [p["total"] for p in preview] == [v["total"] for v in contract["losses"].values()]
    assert state.herds == (20, 20, 20, 20)  # nothing is lost until the round is scored


def test_tapping_cells_builds_the_square() -> None:
    state = fold(
        start(),
        {"type": "set_cell", "row": 2, "column": 1, "card": 4},
        {"type": "set_cell", "row": 1, "column": 1, "card": "G"},
        {"type": "set_cell", "row": 0, "column": 0, "card": 2},
        {"type": "set_cell", "row": 0, "column": 0, "card": None},
    )
    assert str(state.square) == ". . . / . G . / . 4 ."
    assert table.to_json(state)["cards_on_square"] == 2


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (
            {"type": "juggle"},
            "unknown event type 'juggle'; expected one of: adjust, "
            "set_square, set_cell, set_taken, add_taken, set_gazelles, add_gazelles, set_last, "
            "take_line, score_round, next_round",
        ),
        (
            {"type": "set_cell", "row": 3, "column": 0, "card": 1},
            "row must be a whole number (0–2), not 3",
        ),
        (
            {"type": "set_cell", "row": 0, "column": True, "card": 1},
            "column must be a whole number (0–2), not true",
        ),
        (
            {"type": "set_cell", "row": 0, "column": 0, "card": -2},
            "card is -2; a card number must be 0 or more",
        ),
        (
            {"type": "set_cell", "row": 0, "column": 0},
            'card is missing: a number, "G" for a gazelle or null to clear',
        ),
        (
            {"type": "set_square", "grid": [[1, 2, 3, 4], [], []]},
            "grid row 1 has 4 cells; expected 3",
        ),
        (
            {"type": "set_taken", "seat": 4, "count": 1},
            "seat must be a whole number from 0 to 3, not 4",
        ),
        (
            {"type": "set_taken", "seat": 0, "count": -1},
            "count must be a whole number (≥ 0), not -1",
        ),
        (
            {"type": "set_taken", "seat": 0, "count": 33},
            "count must be at most 32, the cards in the deck",
        ),
        (
            {"type": "set_gazelles", "seat": 1, "count": 2},
            "3 gazelles between the square (1) and the hands (2); the game has only 2",
        ),
        ({"type": "set_last", "seat": "Ann"}, 'seat must be a whole number, not "Ann"'),
        (
            {"type": "adjust", "seat": 0, "counter": "herd", "delta": 1},
            "herd would be 21; it must stay between 0 and 20",
        ),
        (
            {"type": "adjust", "seat": 0, "counter": "food", "delta": 1},
            "unknown counter 'food'; expected one of: herd",
        ),
        (
            {"type": "adjust", "seat": 0, "counter": ["herd"], "delta": 1},
            "unknown counter ['herd']; expected one of: herd",
        ),
        ({"type": "next_round"}, "score round 1 before starting the next"),
        ([1], "an event must be an object with a type"),
    ],
)
def test_refused_events_name_the_problem(event: Any, message: str) -> None:
    before = fold(start(), {"type": "set_square", "grid": GRID})
    with pytest.raises(RuleError) as refusal:
        table.apply(before, event)
    assert str(refusal.value) == message


def test_taking_a_line_clears_it_and_adds_its_cards_to_the_taken_pile() -> None:
    """Rulebook: a player who cannot play takes all cards of one row or column. One event
    clears the line and counts its cards (a gazelle too) into the seat's taken pile."""
    state = fold(
        start(), {"type": "set_square", "grid": GRID}, {"type": "set_taken", "seat": 1, "count": 2}
    )
    took = table.apply(state, {"type": "take_line", "seat": 1, "line": "row", "index": 1})
    assert str(took.square) == "3 . 1 / . . . / . 1 2"  # 2, G and 0 left the square
    assert took.taken == (0, 5, 0, 0)
    took = table.apply(took, {"type": "take_line", "seat": 0, "line": "column", "index": 2})
    assert str(took.square) == "3 . . / . . . / . 1 ." and took.taken == (2, 5, 0, 0)
    assert table.preview(took)[0]["taken"] == 1  # L2: ⌈2/2⌉


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ({"line": "row", "index": 0, "seat": 0}, ""),
        (
            {"line": "diagonal", "index": 0, "seat": 0},
            'line must be "row" or "column"; got \'diagonal\'',
        ),
        ({"line": "row", "index": 3, "seat": 0}, "index must be a whole number (0–2), not 3"),
        (
            {"line": "column", "index": 1, "seat": 4},
            "seat must be a whole number from 0 to 3, not 4",
        ),
    ],
)
def test_taking_a_line_refuses_an_empty_or_unknown_line(
    event: dict[str, Any], message: str
) -> None:
    state = fold(start(), {"type": "set_cell", "row": 2, "column": 2, "card": 4})
    expected = message or "that line of the square is empty: there are no cards to take"
    assert refusal(state, {"type": "take_line", **event}) == expected
    scored = fold(state, {"type": "score_round"})
    assert refusal(scored, {"type": "take_line", "seat": 0, "line": "row", "index": 2}) == (
        "round 1 is already scored; start the next round"
    )


def test_adjust_corrects_a_herd_within_the_card() -> None:
    state = fold(start(), {"type": "adjust", "seat": 2, "counter": "herd", "delta": -20})
    assert state.herds == (20, 20, 0, 20)
    assert refusal(state, {"type": "adjust", "seat": 2, "counter": "herd", "delta": -1}) == (
        "herd would be -1; it must stay between 0 and 20"
    )


def test_a_refused_herd_correction_names_the_herd_to_its_seat_only() -> None:
    """Issue 27, F1: "herd would be 117" tells the herd; another phone reads the rule."""
    state = fold(start(), {"type": "adjust", "seat": 1, "counter": "herd", "delta": -3})
    with pytest.raises(HiddenRuleError) as refused:
        table.apply(state, {"type": "adjust", "seat": 1, "counter": "herd", "delta": 100})
    assert refused.value.seat == 1
    assert str(refused.value.for_seat(1)) == "herd would be 117; it must stay between 0 and 20"
    for other in (0, None):
        assert str(refused.value.for_seat(other)) == "Ben's herd must stay between 0 and 20"


def test_only_its_seat_may_correct_a_hidden_herd() -> None:
    """Issue 27, F1: a correction is allowed or refused by the herd itself, so it is the
    herd's seat's alone while herds are hidden; nothing else depends on a herd."""
    correction = {"type": "adjust", "seat": 2, "counter": "herd", "delta": -1}
    secret = table.secret_refusal(start(), correction)
    assert secret is not None and secret.seat == 2
    assert str(secret) == (
        "Cho's herd is hidden from this phone: only Cho's phone can change it until the game ends"
    )
    others = [{"type": "set_square", "grid": GRID}, {"type": "score_round"}, {"type": "next_round"}]
    assert [table.secret_refusal(start(), event) for event in others] == [None] * 3
    over = fold(start(), {**correction, "delta": -20}, *[{"type": "set_square", "grid": GRID}])
    over = fold(over, {"type": "score_round"})
    assert over.game_over and table.secret_refusal(over, correction) is None  # all shown


# --- scoring (L2) and rounds (L3) ------------------------------------------------------


def test_l2_scoring_applies_every_loss_once() -> None:
    state = play_round(start(), taken={1: 3})
    assert state.herds == (15, 12, 16, 17)  # 5, 6 + ⌈3/2⌉, 4, 3
    assert state.round_scored and not state.game_over
    record = state.history[0]
    assert [loss.total for loss in record.losses] == [5, 8, 4, 3]
    assert record.herds_before == (20, 20, 20, 20)
    for again in ({"type": "score_round"}, {"type": "set_cell", "row": 0, "column": 1, "card": 1}):
        assert refusal(state, again) == "round 1 is already scored; start the next round"


def test_an_empty_square_is_not_scored() -> None:
    with pytest.raises(RuleError) as refusal:
        table.apply(start(), {"type": "score_round"})
    assert str(refusal.value) == ("the square is empty; enter its cards before scoring the round")


def test_l3_the_player_after_the_last_card_starts_the_next_round() -> None:
    scored = play_round(start(PLAYERS3), last=2)  # Cho at N; E is empty, so S = Ann
    assert scored.next_start == 0
    following = table.apply(scored, {"type": "next_round"})
    assert (following.round, following.start, following.last) == (2, 0, None)
    assert following.square.card_count == 0 and following.taken == (0, 0, 0)
    assert following.herds == scored.herds


def test_l3_next_round_needs_to_know_who_laid_the_last_card() -> None:
    state = fold(start(), {"type": "set_square", "grid": GRID}, {"type": "score_round"})
    with pytest.raises(RuleError) as refusal:
        table.apply(state, {"type": "next_round"})
    assert str(refusal.value) == (
        "choose who laid the last card of round 1: the player after them starts the next round"
    )
    assert (
        table.apply(fold(state, {"type": "set_last", "seat": 3}), {"type": "next_round"}).start == 0
    )  # E → S


def test_l3_three_rounds_then_the_highest_herd_wins() -> None:
    state = start()
    for _ in range(3):
        state = play_round(state, last=1)
        if state.round < 3:
            state = table.apply(state, {"type": "next_round"})
    assert state.herds == (5, 2, 8, 11)  # 20 - 3 × (5, 6, 4, 3)
    assert state.game_over and state.winners == [3] and not state.lions_win
    data = table.to_json(state)
    assert data["herd_chart"] == [
        [20, 15, 10, 5],
        [20, 14, 8, 2],
        [20, 16, 12, 8],
        [20, 17, 14, 11],
    ]
    assert [r["round"] for r in data["history"]] == [1, 2, 3]
    assert refusal(state, {"type": "next_round"}) == "the game is over; no round follows"
    assert refusal(state, {"type": "score_round"}) == "the game is over"
    assert refusal(state, {"type": "set_last", "seat": 0}) == "the game is over"


def test_l3_a_herd_falling_to_zero_ends_the_game_and_ties_share() -> None:
    state = fold(
        start(PLAYERS3),
        {"type": "adjust", "seat": 0, "counter": "herd", "delta": -16},
        {"type": "adjust", "seat": 1, "counter": "herd", "delta": -1},
    )
    state = play_round(state, grid=[[9, 9, 9], [None, None, None], [1, 1, 1]])
    # S sees 1+1+1 = 3 of its 4; W sees 9+1 = 10 of 19; N sees 27 of 20 → 0 (clipped).
    assert state.herds == (1, 9, 0)
    assert state.history[0].losses[2].total == 27  # the record keeps the whole loss
    assert state.game_over and state.winners == [1] and not state.lions_win


def test_l3_every_herd_gone_the_lions_win() -> None:
    state = play_round(start(PLAYERS3), grid=[[9, 9, 9], [9, 9, 9], [9, 9, 9]])
    assert state.herds == (0, 0, 0)
    data = table.to_json(state)
    assert data["game_over"] and data["lions_win"] and data["winners"] == []


def test_to_json_is_json_and_has_everything_the_phone_shows() -> None:
    data = table.to_json(play_round(start(), taken={0: 1}))
    assert json.loads(json.dumps(data)) == data
    assert {
        "sides",
        "herds",
        "round",
        "rounds",
        "round_scored",
        "start",
        "last",
        "next_start",
        "square",
        "taken",
        "gazelles_in_hand",
        "preview",
        "game_over",
        "winners",
        "lions_win",
        "history",
        "herd_chart",
        "cards_dealt",
        "square_deck",
    } <= set(data)
    assert data["sides"] == ["S", "W", "N", "E"]
    assert data["preview"][0]["total"] == 6 and data["preview"][0]["herd_after"] == 14


@pytest.mark.parametrize(
    ("event", "text"),
    [
        ({"type": "adjust", "seat": 1, "counter": "herd", "delta": -2}, "Ben's herd changed by -2"),
        ({"type": "set_square", "grid": GRID}, "Square entered with 7 cards"),
        ({"type": "set_cell", "row": 0, "column": 2, "card": 3}, "Square row 1, column 3: 3"),
        (
            {"type": "set_cell", "row": 1, "column": 1, "card": "G"},
            "Square row 2, column 2: gazelle",
        ),
        (
            {"type": "set_cell", "row": 2, "column": 0, "card": None},
            "Square row 3, column 1 cleared",
        ),
        ({"type": "set_taken", "seat": 2, "count": 3}, "Cards taken by Cho: 3"),
        ({"type": "set_gazelles", "seat": 3, "count": 1}, "Gazelles in Dan's hand: 1"),
        ({"type": "set_last", "seat": 0}, "Ann laid the last card"),
        ({"type": "set_last", "seat": None}, "Who laid the last card: cleared"),
        (
            {"type": "take_line", "seat": 1, "line": "row", "index": 0},
            "Ben took a row of the square",
        ),
        (
            {"type": "take_line", "seat": 2, "line": "column", "index": 2},
            "Cho took a column of the square",
        ),
        ({"type": "score_round"}, "Round scored: the herds lose their animals"),
        ({"type": "next_round"}, "Next round started"),
    ],
)
def test_describe_every_event(event: dict[str, Any], text: str) -> None:
    template, params = table.describe(event, PLAYERS4)
    assert template.format(**params) == text


def test_prepare_leaves_events_alone() -> None:
    event = {"type": "score_round"}
    assert table.prepare(start(), event, random.Random(1)) is event


# --- properties ------------------------------------------------------------------------

cards = st.one_of(st.none(), st.just("G"), st.integers(0, 5))
events = st.one_of(
    st.fixed_dictionaries(
        {
            "type": st.just("set_cell"),
            "row": st.integers(0, 2),
            "column": st.integers(0, 2),
            "card": cards,
        }
    ),
    st.fixed_dictionaries(
        {"type": st.just("set_taken"), "seat": st.integers(0, 3), "count": st.integers(0, 6)}
    ),
    st.fixed_dictionaries(
        {"type": st.just("set_gazelles"), "seat": st.integers(0, 3), "count": st.integers(0, 2)}
    ),
    st.fixed_dictionaries({"type": st.just("set_last"), "seat": st.integers(0, 3)}),
    st.just({"type": "score_round"}),
    st.just({"type": "next_round"}),
    st.fixed_dictionaries(
        {
            "type": st.just("adjust"),
            "seat": st.integers(0, 3),
            "counter": st.just("herd"),
            "delta": st.integers(-5, 5),
        }
    ),
)


def run(state: table.State, sequence: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    """(event, before, after) for each event the rules accept; refusals change nothing."""
    steps = []
    for event in sequence:
        try:
            after = table.apply(state, event)
        except RuleError:
            continue
        steps.append((event, state, after))
        state = after
    return steps


@settings(max_examples=150)
@given(st.lists(events, max_size=40))
def test_a_herd_only_drops_through_scoring_and_stays_on_the_card(sequence) -> None:
    for event, before, after in run(start(), sequence):
        assert all(0 <= herd <= 20 for herd in after.herds)
        assert after.round in (1, 2, 3)
        if event["type"] == "score_round":  # applies exactly the preview, never a gain
            assert list(after.herds) == [p["herd_after"] for p in table.preview(before)]
            assert all(a <= b for a, b in zip(after.herds, before.herds, strict=True))
        elif event["type"] != "adjust":  # only a manual correction may change a herd
            assert after.herds == before.herds


def final(state: table.State, sequence: list[dict[str, Any]]) -> table.State:
    steps = run(state, sequence)
    return steps[-1][2] if steps else state


@settings(max_examples=75)
@given(st.lists(events, max_size=40), st.permutations(["Eve", "Fay", "Gus", "Hal"]))
def test_renaming_players_changes_no_result(sequence, names) -> None:
    renamed = tuple(Player(name, p.color) for name, p in zip(names, PLAYERS4, strict=True))
    original = final(start(), sequence)
    other = final(start(renamed), sequence)
    assert table.to_json(other) == table.to_json(original)


scalars = (
    st.none()
    | st.booleans()
    | st.integers(-3, 40)
    | st.floats(allow_nan=False)
    | st.sampled_from(["G", "herd", "S", ""])
)
json_values = (
    scalars
    | st.lists(scalars, max_size=4)
    | st.lists(st.lists(scalars, max_size=4), max_size=4)
    | st.dictionaries(st.text(max_size=2), scalars, max_size=2)
)
fuzzed = st.fixed_dictionaries(
    {"type": st.sampled_from(table.EVENT_TYPES)},
    optional={
        key: json_values
        for key in ("seat", "counter", "delta", "grid", "row", "column", "card", "count")
    },
)


@settings(max_examples=300)
@given(fuzzed)
def test_any_malformed_event_is_refused_with_a_rule_error(event) -> None:
    state = fold(start(), {"type": "set_square", "grid": GRID})
    try:
        table.apply(state, event)
    except RuleError as refused:
        assert str(refused)
