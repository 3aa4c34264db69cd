"""A Dog's Life: a turn belongs to its player (start, actions, the catcher's die once), the
real-card rummage and begging cost 1 AP, a newspaper is taken at random face down and its
address stays its player's secret until the game ends, and 3-6 players (seed 003)."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.dogs_life import fold as table
from games.dogs_life.dog import NEWSPAPERS
from games.dogs_life.game import Game
from games.errors import RuleError
from games.table import Player

from .table_play import PLAYERS, new, play, refusal


def started(seat: int = 0) -> Game:
    return play(new(), {"type": "start_turn", "seat": seat})[0]


# --- players -----------------------------------------------------------------------------


@pytest.mark.parametrize("count", [2, 7])
def test_the_box_says_three_to_six_players(count: int) -> None:
    players = tuple(
        Player(f"P{i}", c)
        for i, c in enumerate(["red", "blue", "green", "yellow", "purple", "black", "white"])
    )
    with pytest.raises(RuleError, match=f"this game needs 3 to 6 players, not {count}"):
        table.new_state(players[:count], {})


# --- the turn belongs to its player ------------------------------------------------------


def test_another_dogs_turn_cannot_start_while_the_current_dog_has_points_left() -> None:
    state, _ = play(started(0), {"type": "move", "seat": 0, "steps": 5})  # Fifi: 2 AP left
    assert refusal(state, {"type": "start_turn", "seat": 1}) == (
        "it is still Fifi's turn (2 action points left): its player ends the turn first"
    )
    assert table.whose_turn(state) == 0
    assert table.to_json(state)["dogs"][0]["ap"] == 2  # nothing wiped


def test_the_turn_ends_by_its_player_then_the_next_dog_starts() -> None:
    state, _ = play(started(0), {"type": "move", "seat": 0, "steps": 5})
    assert refusal(state, {"type": "end_turn", "seat": 1}) == "it is Fifi's turn"
    state, _ = play(state, {"type": "end_turn", "seat": 0})
    assert table.whose_turn(state) == 1  # clockwise: the next seat
    assert refusal(state, {"type": "end_turn", "seat": 0}) == "Fifi's turn is already over"
    state, _ = play(state, {"type": "start_turn", "seat": 1})
    assert table.whose_turn(state) == 1 and table.to_json(state)["dogs"][1]["ap"] == 6


def test_spending_every_point_ends_the_turn_by_itself() -> None:
    state, _ = play(started(0), {"type": "move", "seat": 0, "steps": 7})
    assert table.whose_turn(state) == 1
    state, _ = play(state, {"type": "start_turn", "seat": 1})
    assert state.current == 1


def test_the_catchers_die_is_rolled_once_per_turn_by_the_current_player() -> None:
    state = started(0)
    assert refusal(state, {"type": "roll_die", "seat": 1}) == "it is Fifi's turn"
    state, stored = play(state, {"type": "roll_die", "seat": 0})
    assert stored[0]["die"] in range(1, 7)
    assert table.to_json(state)["dogs"][0]["ap"] == 0  # step 3 comes after every action
    assert refusal(state, {"type": "roll_die", "seat": 0}) == (
        "the catcher's die was already rolled this turn"
    )
    state, _ = play(state, {"type": "start_turn", "seat": 1}, {"type": "roll_die", "seat": 1})
    assert state.die is not None and state.rolled


def test_a_dog_in_the_pound_whose_draws_fail_has_no_turn_left() -> None:
    state = new()
    state = table.apply(state, {"type": "to_pound", "seat": 1, "reason": "caught"})
    state, _ = play(
        state,
        {"type": "start_turn", "seat": 0},
        {"type": "end_turn", "seat": 0},
        {"type": "start_turn", "seat": 1},
    )
    # the pound's draw may free Butch (it then acts at once) or not (no points: turn over)
    butch = table.to_json(state)["dogs"][1]
    assert table.whose_turn(state) == (1 if butch["ap"] else 2)


# --- rummaging and begging with the real cards -------------------------------------------


def test_rummaging_costs_one_point_places_a_trash_marker_and_applies_the_find() -> None:
    state, stored = play(started(0), {"type": "rummage", "seat": 0, "find": "food-2"})
    fifi = table.to_json(state)["dogs"][0]
    assert fifi["ap"] == 6 and fifi["hunger"] == 4  # 3 after the tick, +2 capped at 4
    assert state.trash_markers == 1 and stored[0]["outcome"] == "food-2"
    template, params = table.describe(stored[0], PLAYERS)
    assert template.format(**params) == "Ann rummaged a trash can and found 2 days of food"


def test_begging_costs_one_point_and_a_bone_needs_a_free_carrying_space() -> None:
    state, stored = play(started(0), {"type": "beg", "seat": 0, "find": "bone"})
    fifi = table.to_json(state)["dogs"][0]
    assert fifi["ap"] == 6 and fifi["items"] == [{"kind": "bone"}] and state.trash_markers == 0
    assert table.describe(stored[0], PLAYERS)[0] == "{name} begged at a restaurant and got a bone"


def test_food_from_the_real_cards_costs_the_point_of_the_search() -> None:
    assert refusal(new(), {"type": "eat", "seat": 0, "days": 1}) == (
        "Fifi has 0 action points left this turn, not the 1 needed to eat"
    )
    state, _ = play(started(0), {"type": "eat", "seat": 0, "days": 1})
    assert table.to_json(state)["dogs"][0]["ap"] == 6


# --- newspapers: random, face down, secret -----------------------------------------------


def test_a_newspaper_is_taken_at_random_whatever_address_was_sent() -> None:
    addresses = set()
    for seed in range(40):
        _, stored = play(
            started(0), {"type": "pick_up", "seat": 0, "item": "newspaper", "address": 1}, seed=seed
        )
        addresses.add(stored[0]["address"])
    assert len(addresses) > 5 and addresses <= set(range(1, NEWSPAPERS + 1))


def test_a_dropped_newspaper_lies_on_the_street_until_picked_up_again() -> None:
    state, stored = play(started(0), {"type": "pick_up", "seat": 0, "item": "newspaper"})
    address = stored[0]["address"]
    state, _ = play(state, {"type": "drop", "seat": 0, "item": "newspaper", "address": address})
    assert state.street == (address,) and address not in state.office
    state, stored = play(
        state, {"type": "pick_up", "seat": 0, "item": "newspaper", "from": "street"}
    )
    assert stored[0]["address"] == address and state.street == ()
    assert (
        refusal(state, {"type": "pick_up", "seat": 0, "item": "newspaper", "from": "street"})
        == "no newspaper lies on the street"
    )


def test_a_newspaper_left_behind_on_the_way_to_the_pound_lies_on_the_street() -> None:
    state, stored = play(started(0), {"type": "pick_up", "seat": 0, "item": "newspaper"})
    state = table.apply(state, {"type": "to_pound", "seat": 0, "reason": "caught"})
    assert state.street == (stored[0]["address"],)


def test_a_carried_address_is_hidden_from_every_other_seat_until_the_game_ends() -> None:
    state, stored = play(started(0), {"type": "pick_up", "seat": 0, "item": "newspaper"})
    address = stored[0]["address"]
    mine = {"kind": "newspaper", "address": address}
    hidden = {"kind": "newspaper", "address": None}
    assert table.view_json(state, 0)["dogs"][0]["items"] == [mine]
    assert table.view_json(state, 1)["dogs"][0]["items"] == [hidden]
    assert table.view_json(state, None)["dogs"][0]["items"] == [hidden]
    assert table.view_event(state, stored[0], 0)["address"] == address
    shown = table.view_event(state, stored[0], 2)
    assert shown["address"] is None
    template, params = table.describe(shown, PLAYERS)
    assert template.format(**params) == "Ann took a newspaper at the office"
    assert str(address) not in repr(table.describe(shown, PLAYERS))
    over = table.apply(state, {"type": "adjust", "seat": 1, "counter": "bones", "delta": 4})
    assert table.view_json(over, None)["dogs"][0]["items"] == [mine]
    assert table.view_event(over, stored[0], None)["address"] == address


RANDOM_EVENTS = st.one_of(
    st.builds(lambda s: {"type": "start_turn", "seat": s}, st.integers(0, 2)),
    st.builds(lambda s: {"type": "end_turn", "seat": s}, st.integers(0, 2)),
    st.builds(lambda s: {"type": "roll_die", "seat": s}, st.integers(0, 2)),
    st.builds(
        lambda s, n: {"type": "move", "seat": s, "steps": n}, st.integers(0, 2), st.integers(1, 3)
    ),
    st.builds(
        lambda s, f: {"type": "rummage", "seat": s, "find": f},
        st.integers(0, 2),
        st.sampled_from(["nothing", "food-1", "bone"]),
    ),
    st.builds(
        lambda s, w: {"type": "pick_up", "seat": s, "item": "newspaper", "from": w},
        st.integers(0, 2),
        st.sampled_from(["office", "street"]),
    ),
    st.builds(
        lambda s, a: {"type": "drop", "seat": s, "item": "newspaper", "address": a},
        st.integers(0, 2),
        st.integers(1, 12),
    ),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(RANDOM_EVENTS, max_size=40), st.integers(0, 2**16))
def test_random_play_keeps_the_turn_and_the_newspapers_consistent(events, seed) -> None:
    state, rng = new(), random.Random(seed)
    for event in events:
        before = state
        try:
            state = table.apply(state, table.prepare(state, event, rng))
        except RuleError:
            continue
        if event["type"] == "start_turn":  # never wipes a running turn
            assert not (
                before.current is not None
                and not before.ended
                and before.dogs[before.current].ap > 0
            )
        carried = [i.address for d in state.dogs for i in d.items if i.address is not None]
        every = sorted([*carried, *state.street, *state.office])
        assert every == list(range(1, NEWSPAPERS + 1))  # each newspaper in one place
        assert table.whose_turn(state) in (None, 0, 1, 2)
