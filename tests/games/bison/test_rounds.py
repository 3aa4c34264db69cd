"""Bison round flow: rounds by player count (B4), action markers and turn order (B6)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from refusals import refused

from games.bison.rounds import (
    ACTION_LABELS,
    Action,
    Rounds,
    removed_tiles_for,
    rounds_for,
)
from games.errors import RuleError

NAMES = ("Ann", "Ben", "Cho", "Dan")


@pytest.mark.parametrize(("players", "rounds", "removed"), [(2, 6, 6), (3, 5, 3), (4, 4, 2)])
def test_rounds_and_removed_tiles_by_player_count_b4(
    players: int, rounds: int, removed: int
) -> None:
    assert rounds_for(players) == rounds
    assert removed_tiles_for(players) == removed
    # Every drawn tile is placed: one per player per round uses up the pile of 18.
    assert players * rounds + removed == 18
    assert Rounds.start(players).rounds == rounds


@pytest.mark.parametrize("players", [0, 1, 5])
def test_bad_player_counts(players: int) -> None:
    with refused(f"Bison is played by 2 to 4 players, not {players}"):
        rounds_for(players)
    with refused(f"Bison is played by 2 to 4 players, not {players}"):
        Rounds.start(players)


def test_start_seat_must_be_a_seat() -> None:
    with refused("start_seat must be a whole number (0–2), not 3"):
        Rounds.start(3, 3)


def test_the_six_actions_have_ids_and_labels() -> None:
    assert [a.value for a in Action] == [
        "place_tile",
        "tent",
        "canoe",
        "gather",
        "move_1",
        "move_3",
    ]
    assert set(ACTION_LABELS) == set(Action)


def test_turn_order_is_one_action_at_a_time_clockwise_from_the_start_player() -> None:
    rounds = Rounds.start(3, start_seat=1)
    order = []
    while rounds.next_seat is not None:
        seat = rounds.next_seat
        order.append(seat)
        # Each seat takes the first action still open: place, tent, canoe, gather.
        rounds = rounds.take(seat, rounds.available(seat)[0])
    assert order == [1, 2, 0] * 4
    assert rounds.round_complete
    assert all(rounds.actions_left(seat) == 0 for seat in range(3))


def test_refusals_when_taking_an_action() -> None:
    rounds = Rounds.start(2).take(0, "place_tile").take(1, "tent")
    with refused("it is not your turn: Ann takes the next action"):
        rounds.take(1, "canoe", names=NAMES)
    with refused("it is not your turn: seat 0 takes the next action"):
        rounds.take(1, "canoe")
    with refused(
        "you have already taken “place your tile and hunters” this round; each action "
        "once per round"
    ):
        rounds.take(0, "place_tile")
    with refused(
        "unknown action 'hunt'; expected one of: place_tile, tent, canoe, gather, move_1, move_3"
    ):
        rounds.take(0, "hunt")
    with refused("seat must be a whole number from 0 to 1, not 2"):
        rounds.take(2, "tent")


def test_override_lifts_only_turn_order() -> None:
    rounds = Rounds.start(2).take(1, "gather", override=True)
    assert rounds.markers == ((), (Action.GATHER,))
    assert rounds.next_seat == 0  # Ann has taken fewer actions, so she is next
    with refused("you have already taken “gather hunters” this round; each action once per round"):
        rounds.take(1, "gather", override=True)


def test_a_gains_marker_moves_when_the_same_player_takes_that_action() -> None:  # B6b
    # Ben records an animal gained without hunters before the round's photo, counted as
    # "gather"; the photo then shows his gather: the gain's marker moves to a free action.
    rounds = Rounds.start(2).take(1, "gather", override=True, gain=True)
    assert rounds.held(1) == () and Action.GATHER in rounds.available(1)
    assert Action.GATHER not in rounds.unmarked(1)  # another gain counts elsewhere
    with refused("you have already taken “gather hunters” this round; each action once per round"):
        rounds.take(1, "gather", override=True, gain=True)  # a gain moves no other gain
    rounds = rounds.take(1, "gather", override=True)
    assert rounds.markers[1] == (Action.TENT, Action.GATHER)  # the first free, not the tile
    assert rounds.gains_of(1) == (Action.TENT,) and rounds.held(1) == (Action.GATHER,)
    with refused("you have already taken “gather hunters” this round; each action once per round"):
        rounds.take(1, "gather", override=True)  # taken with hunters: held
    # Another seat's gain never moves for it; the round's end clears them.
    assert rounds.take(0, "tent").gains_of(0) == ()
    assert rounds.end_round(override=True).gains == ()


def test_mandatory_tile_reminds_then_refuses_on_the_last_action() -> None:
    rounds = Rounds.start(2)
    for action in ("tent", "canoe", "gather"):
        assert rounds.tile_due(0)
        rounds = rounds.take(0, action, override=True)
    assert rounds.available(0) == (Action.PLACE_TILE,)
    with refused("you must place your tile this round, and this is your last action"):
        rounds.take(0, "move_1", override=True)
    rounds = rounds.take(0, "place_tile", override=True)
    assert not rounds.tile_due(0)
    assert rounds.actions_left(0) == 0
    assert rounds.available(0) == ()
    with refused("you have already taken all 4 actions this round"):
        rounds.take(0, "move_3", override=True)


def test_end_round_clears_markers_and_passes_the_totem() -> None:
    rounds = Rounds.start(3, start_seat=2)
    with refused("the round is not over: Cho still has 4 of 4 actions to take"):
        rounds.end_round(names=NAMES)
    forced = rounds.end_round(override=True)
    assert (forced.round, forced.start_seat) == (2, 0)  # the totem wraps to seat 0
    for seat in (2, 0, 1) * 4:
        rounds = rounds.take(seat, rounds.available(seat)[0])
    ended = rounds.end_round()
    assert ended.round == 2
    assert ended.start_seat == 0
    assert ended.markers == ((), (), ())
    assert ended.next_seat == 0


def test_the_game_ends_after_the_last_round() -> None:
    rounds = Rounds.start(4, start_seat=1)
    totems = []
    for _ in range(4):
        totems.append(rounds.start_seat)
        rounds = rounds.end_round(override=True)
    assert totems == [1, 2, 3, 0]
    assert rounds.finished
    assert rounds.round == 4
    assert rounds.next_seat is None
    assert not rounds.tile_due(0)
    with refused("the game is over; no more actions can be taken"):
        rounds.take(0, "tent", override=True)
    with refused("the game is over; there is no round to end"):
        rounds.end_round(override=True)


@given(
    st.integers(2, 4),
    st.integers(0, 3),
    st.lists(
        st.tuples(st.integers(0, 3), st.sampled_from(list(Action)), st.booleans(), st.booleans()),
        max_size=40,
    ),
)
def test_markers_stay_consistent_whatever_is_tried(
    players: int, start: int, attempts: list[tuple[int, Action, bool, bool]]
) -> None:
    rounds = Rounds.start(players, start % players)
    overridden = False
    for seat, action, override, gain in attempts:
        before = rounds.next_seat
        taken_before = [len(m) for m in rounds.markers]
        try:
            rounds = rounds.take(seat, action, override=override, gain=gain)
        except RuleError:
            continue
        assert override or seat == before
        assert [len(m) for m in rounds.markers] == [
            n + (s == seat) for s, n in enumerate(taken_before)
        ]
        overridden = overridden or seat != before
        for s, marks in enumerate(rounds.markers):
            assert len(marks) == len(set(marks)) <= 4
            if len(marks) == 4:
                assert Action.PLACE_TILE in marks
            # B6b: a gain's marker is one of the seat's markers, never the tile's.
            assert set(rounds.gains_of(s)) <= set(marks) - {Action.PLACE_TILE}
            assert sorted(rounds.held(s) + rounds.gains_of(s)) == sorted(marks)
        if not overridden:
            # In turn order everyone is within one action of everyone else.
            counts = [len(m) for m in rounds.markers]
            assert max(counts) - min(counts) <= 1


def test_the_action_in_a_refusal_is_translated_with_the_sentence() -> None:
    italian = {"place your tile and hunters": "piazza la tessera e i cacciatori"}
    rounds = Rounds.start(2).take(0, "place_tile").take(1, "tent")
    with pytest.raises(RuleError) as error:
        rounds.take(0, "place_tile")
    assert "piazza la tessera e i cacciatori" in error.value.translated(
        lambda text: italian.get(text, text)
    )


@pytest.mark.parametrize("players", [2.0, "2", None, True])
def test_player_count_must_be_a_whole_number(players: object) -> None:
    # 2.0 == 2 and hashes alike: without a type check it would pass the table lookup and
    # then fail with a TypeError.
    with pytest.raises(RuleError, match=r"^Bison is played by 2 to 4 players, not "):
        Rounds.start(players)  # type: ignore[arg-type]
