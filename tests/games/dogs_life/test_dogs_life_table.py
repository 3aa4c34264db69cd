"""The companion fold for A Dog's Life: settings, prepare/apply, adjust, describe, to_json, and
hypothesis properties over random play."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from refusals import refused

from games.dogs_life import fold as table
from games.dogs_life.deck import ALL_CARDS
from games.dogs_life.dog import PEE_MARKERS
from games.dogs_life.game import Game, winners
from games.errors import RuleError
from games.table import Player

from .table_play import PLAYERS, adjusts, draws, new, play, refusal

# --- new_state -------------------------------------------------------------------------


def test_new_state_defaults_to_the_catalog_order_and_four_bones() -> None:
    state = table.new_state(PLAYERS, {})
    assert [d.dog for d in state.dogs] == ["fifi", "butch", "white-fang"]
    assert state.settings.bones_to_win == 4 and state.settings.timed_minutes is None


@pytest.mark.parametrize(
    ("players", "settings_", "message"),
    [
        (
            PLAYERS,
            {"colour": "red"},
            "unknown setting 'colour'; expected one of: bones_to_win, timed_minutes, dogs",
        ),
        (PLAYERS, {"dogs": ["fifi"]}, "dogs must be a list with one dog per player (3)"),
        (
            PLAYERS,
            {"dogs": ["fifi", "butch", "rex"]},
            "unknown dog 'rex'; expected one of: fifi, butch, white-fang, vagabond, houdini, bruno",
        ),
        (PLAYERS, {"bones_to_win": "4"}, 'bones_to_win must be a whole number, not "4"'),
        (PLAYERS, {"bones_to_win": 11}, "bones_to_win must be from 1 to 10, not 11"),
        (PLAYERS, {"timed_minutes": True}, "timed_minutes must be a whole number, not true"),
        (PLAYERS[:1], {}, "this game needs 3 to 6 players, not 1"),
        (PLAYERS * 3, {}, "this game needs 3 to 6 players, not 9"),
        (PLAYERS, [], "settings must be an object"),
    ],
)
def test_bad_settings(players: tuple[Player, ...], settings_: Any, message: str) -> None:
    with refused(message):
        table.new_state(players, settings_)


# --- events and their refusals ---------------------------------------------------------


def test_a_turn_at_the_table() -> None:
    state, stored = play(
        new(),
        {"type": "start_turn", "seat": 0},
        {"type": "move", "seat": 0, "steps": 2},
        {"type": "drink", "seat": 0},
        {"type": "pee", "seat": 0},
        {"type": "pick_up", "seat": 0, "item": "newspaper", "address": 9},
        {"type": "draw", "seat": 0, "section": "restaurant"},
    )
    fifi = table.to_json(state)["dogs"][0]
    assert fifi["hunger"] >= 3 and fifi["bladder"] == 1 and fifi["lampposts"] == 1
    assert fifi["ap"] == 7 - 2 - 1 - 1 - 1 - 1
    # the newspaper was taken at random: the address sent was replaced by prepare's draw
    address = stored[-2]["address"]
    assert {"kind": "newspaper", "address": address} in fifi["items"]
    assert fifi["last_draw"]["section"] == "restaurant"
    assert stored[-1]["draws"][0]["seat"] == 0
    state, stored = play(state, {"type": "roll_die", "seat": 0})
    assert stored[-1]["die"] in range(1, 7)
    assert table.to_json(state)["dogs"][0]["ap"] == 0  # the die ends the actions


REFUSED = [
    (
        {"type": "adjust", "seat": 0, "counter": "hunger", "delta": 1},
        "hunger would be 5; it must stay between 0 and 4",
    ),
    (
        {"type": "adjust", "seat": 0, "counter": "bladder", "delta": -2},
        "bladder would be -1; it must stay between 0 and 2",
    ),
    (
        {"type": "adjust", "seat": 0, "counter": "bones", "delta": -1},
        "buried bones would be -1; it must stay between 0 and 30",
    ),
    (
        {"type": "adjust", "seat": 0, "counter": "fleas", "delta": 1},
        "unknown counter 'fleas'; expected one of: hunger, bladder, bones",
    ),
    (
        {"type": "adjust", "seat": 3, "counter": "hunger", "delta": -1},
        "seat must be a whole number from 0 to 2, not 3",
    ),
    (
        {"type": "bark", "seat": 0},
        "unknown event type 'bark'; expected one of: adjust, start_turn, end_turn, move, van, "
        "rummage, beg, eat, drink, pee, pick_up, drop, bury, to_pound, draw, roll_die, end_game",
    ),
    # a seat that is no number is refused by its shape (games.dogs_life.changes), before
    # the table: its seats are named for a number past them (above)
    ({"type": "drink", "seat": "0"}, 'seat must be a whole number, not "0"'),
    (
        {"type": "drink", "seat": 0},
        "Fifi has 0 action points left this turn, not the 1 needed to drink",
    ),
    ({"type": "eat", "seat": 0}, "days is missing"),
    ({"type": "eat", "seat": 0, "days": 2.5}, "days must be a whole number, not 2.5"),
    ({"type": "pick_up", "seat": 0, "item": "stick"}, "item must be bone or newspaper"),
    (
        {"type": "drop", "seat": 0, "item": "newspaper", "address": 0},
        "a newspaper address must be from 1 to 12, not 0",
    ),
    (
        {"type": "pick_up", "seat": 0, "item": "newspaper", "from": "roof"},
        "from must be office or street",
    ),
    (
        {"type": "rummage", "seat": 0, "find": "gold"},
        "find must be one of: nothing, food-1, food-2, food-3, bone",
    ),
    (
        {"type": "rummage", "seat": 0},
        "Fifi has 0 action points left this turn, not the 1 needed to rummage a trash can",
    ),
    ({"type": "end_turn", "seat": 0}, "no turn has started yet"),
    ({"type": "roll_die", "seat": 0}, "no turn has started yet"),
    (
        {"type": "draw", "seat": 0, "section": "kitchen"},
        "section must be one of: trash, restaurant, newspaper, fight, catcher, pound",
    ),
    ({"type": "draw", "seat": 0, "section": "fight"}, "say which dog is attacked (against)"),
    (
        {"type": "draw", "seat": 0, "section": "fight", "against": 7},
        "against must be a whole number (0–2), not 7",
    ),
    ({"type": "pee", "seat": 0, "covers": "Ben"}, 'covers must be a whole number, not "Ben"'),
    ({"type": "pee", "seat": 0, "covers": 5}, "covers must be a whole number (0–2), not 5"),
    ({"type": "to_pound", "seat": 0, "reason": "bored"}, "reason must be caught or fight"),
    ({"type": "end_game"}, "this game has no time limit; the first dog to bury 4 bones wins"),
]


@pytest.mark.parametrize(("event", "message"), REFUSED)
def test_refused_events(event: dict[str, Any], message: str) -> None:
    assert refusal(new(), event) == message


def test_an_event_that_is_not_an_object_is_refused() -> None:
    assert table.prepare(new(), ["drink"], random.Random(0)) == ["drink"]  # type: ignore[arg-type]
    with pytest.raises(RuleError, match=r"^an event must be an object with a type$"):
        table.apply(new(), ["drink"])  # type: ignore[arg-type]


def test_an_unprepared_draw_is_refused() -> None:
    state, _ = play(new(), {"type": "start_turn", "seat": 0})
    event = {"type": "draw", "seat": 0, "section": "trash"}
    with pytest.raises(RuleError, match=r"^this event needs a card draw; it was not prepared$"):
        table.apply(state, event)
    with pytest.raises(RuleError, match=r"^this event needs a die roll; it was not prepared$"):
        table.apply(state, {"type": "roll_die", "seat": 0})


def test_prepare_replaces_a_chosen_card_and_apply_refuses_a_tampered_one() -> None:
    state, _ = play(new(), {"type": "start_turn", "seat": 0})
    chosen = {
        "type": "draw",
        "seat": 0,
        "section": "trash",
        "draws": [{"seat": 0, "card": 4, "shuffles": [list(ALL_CARDS)]}],
    }
    prepared = table.prepare(state, chosen, random.Random(5))
    assert prepared["draws"] != chosen["draws"]
    table.apply(state, prepared)  # the prepared record replays
    record = prepared["draws"][0]
    other = next(c for c in ALL_CARDS if c not in (record["card"], 13))
    order = [record["card"], *[c for c in ALL_CARDS if c != record["card"]]]
    tampered = {**prepared, "draws": [{"seat": 0, "card": other, "shuffles": [order]}]}
    with pytest.raises(RuleError) as error:
        table.apply(state, tampered)
    assert str(error.value) == f"the recorded card {other} is not the top card of the deck"
    extra = {**prepared, "draws": [*prepared["draws"], record]}
    with pytest.raises(RuleError, match=r"^this event records more card draws than it needs$"):
        table.apply(state, extra)
    wrong_seat = {**prepared, "draws": [{**record, "seat": 1}]}
    with pytest.raises(RuleError, match=r"^draw 1 was recorded for seat 1, not seat 0$"):
        table.apply(state, wrong_seat)
    made_by_prepare = r"^draws must be the list of seat, card and shuffles records made by prepare$"
    with pytest.raises(RuleError, match=made_by_prepare):
        table.apply(state, {**prepared, "draws": "ace"})


def test_bladder_adjust_keeps_the_markers_accounted_for() -> None:
    state, _ = play(new(), {"type": "adjust", "seat": 0, "counter": "bladder", "delta": 1})
    fifi = state.dogs[0]
    assert (fifi.bladder, fifi.supply) == (2, 6)


def test_adjusting_bones_to_the_goal_wins_and_counters_show_it() -> None:
    state, _ = play(
        new(bones_to_win=2), {"type": "adjust", "seat": 1, "counter": "bones", "delta": 2}
    )
    assert table.counters(state)[1] == {"hunger": 4, "bladder": 1, "bones": 2}
    view = table.to_json(state)
    assert view["winners"] == [1] and view["game_over"] is True


def test_timed_game_ends_with_shared_winners() -> None:
    state, _ = play(
        new(timed_minutes=30),
        {"type": "adjust", "seat": 0, "counter": "bones", "delta": 1},
        {"type": "adjust", "seat": 2, "counter": "bones", "delta": 1},
        {"type": "end_game"},
    )
    assert table.to_json(state)["winners"] == [0, 2]
    assert refusal(state, {"type": "start_turn", "seat": 1}) == "the game is over"


def test_bones_history_records_each_turn_start() -> None:
    state, _ = play(
        new(),
        {"type": "start_turn", "seat": 0},
        {"type": "adjust", "seat": 0, "counter": "bones", "delta": 1},
        {"type": "end_turn", "seat": 0},
        {"type": "start_turn", "seat": 1},
    )
    assert table.to_json(state)["bones_history"] == [[0, 0, 0], [1, 0, 0], [1, 0, 0]]


def test_to_json_is_json_and_keeps_the_deck_order_secret() -> None:
    state, _ = play(
        new(), {"type": "start_turn", "seat": 0}, {"type": "draw", "seat": 0, "section": "trash"}
    )
    view = json.loads(json.dumps(table.to_json(state)))
    fifi = view["dogs"][0]
    assert fifi["name"] == "Fifi" and fifi["breed"] == "poodle"  # msgids (issue 22 item 5)
    assert fifi["markers"] == 7 and fifi["pound"] == 0 and fifi["action_points"] == 7
    assert len(fifi["discard"]) == 1 and "pile" not in json.dumps(view)
    assert view["trash_markers"] == 1 and view["trash_markers_total"] == 15


# --- describe --------------------------------------------------------------------------

DESCRIBED = [
    {"type": "start_turn", "seat": 0},
    {"type": "rummage", "seat": 0, "find": "food-2"},
    {"type": "beg", "seat": 0, "find": "bone"},
    {"type": "bury", "seat": 0},
    {"type": "move", "seat": 0, "steps": 1},
    {"type": "eat", "seat": 0, "days": 1},
    {"type": "drink", "seat": 0},
    {"type": "pee", "seat": 0},
    {"type": "pick_up", "seat": 0, "item": "bone"},
    {"type": "pick_up", "seat": 0, "item": "newspaper", "address": 3},
    {"type": "drop", "seat": 0, "item": "newspaper", "address": 3},
    {"type": "bury", "seat": 0},
    {"type": "draw", "seat": 0, "section": "trash"},
    {"type": "draw", "seat": 0, "section": "restaurant"},
    {"type": "draw", "seat": 0, "section": "fight", "against": 2},
    {"type": "roll_die", "seat": 0},
    {"type": "start_turn", "seat": 1},
    {"type": "end_turn", "seat": 1},
    {"type": "draw", "seat": 1, "section": "catcher"},
    {"type": "adjust", "seat": 1, "counter": "hunger", "delta": -1},
    {"type": "to_pound", "seat": 1, "reason": "fight"},
    {"type": "end_game"},
]


def test_describe_every_event_of_a_played_game() -> None:
    state = new(timed_minutes=30)
    rng = random.Random(11)
    seen = set()
    for event in DESCRIBED:
        prepared = table.prepare(state, event, rng)
        try:
            state = table.apply(state, prepared)
        except RuleError:
            continue  # e.g. the fight sent Fifi to the pound; describe the rest anyway
        template, params = table.describe(prepared, PLAYERS)
        text = template.format(**params)
        assert "{" not in text and "None" not in text and "?" not in text, text
        if "seat" in prepared:
            assert PLAYERS[prepared["seat"]].name in text
        seen.add(prepared["type"])
    assert {
        "start_turn",
        "draw",
        "roll_die",
        "adjust",
        "end_game",
        "bury",
        "rummage",
        "beg",
        "end_turn",
    } <= seen


@pytest.mark.parametrize(
    ("event", "text"),
    [
        (
            {"type": "start_turn", "seat": 2, "outcome": "freed"},
            "Cho was let out of the pound; hunger set to 2",
        ),
        (
            {"type": "draw", "seat": 0, "section": "trash", "outcome": "food-2", "trash_day": True},
            "Ann found 2 days of food in the last trash can: trash day!",
        ),
        (
            {"type": "draw", "seat": 0, "section": "newspaper", "address": 7, "outcome": "bone"},
            "Ann delivered newspaper 7 and got a bone",
        ),
        (
            {"type": "draw", "seat": 0, "section": "fight", "against": 1, "outcome": "won"},
            "Ann attacked Ben and won: Ben goes to the pound",
        ),
        (
            {"type": "pee", "seat": 1, "covers": 0},
            "Ben peed over Ann's marker, which goes back to Ann",
        ),
        ({"type": "bury", "seat": 1, "count": 2}, "Ben buried 2 bones"),
        ({"type": "adjust", "seat": 1, "counter": "bones", "delta": 1}, "Ben: buried bones +1"),
    ],
)
def test_describe_texts(event: dict[str, Any], text: str) -> None:
    template, params = table.describe(event, PLAYERS)
    assert template.format(**params) == text


# --- properties ------------------------------------------------------------------------

# "me" is the dog whose turn it is: most actions come from it, as at a real table
seats = st.sampled_from(["me", "me", "me", 0, 1, 2])
EVENTS = st.one_of(
    st.builds(lambda s: {"type": "start_turn", "seat": s}, seats),
    st.builds(lambda s, n: {"type": "move", "seat": s, "steps": n}, seats, st.integers(-1, 4)),
    st.builds(lambda s, n: {"type": "eat", "seat": s, "days": n}, seats, st.integers(0, 4)),
    st.builds(lambda s: {"type": "drink", "seat": s}, seats),
    st.builds(
        lambda s, c: {"type": "pee", "seat": s, "covers": c}, seats, st.none() | st.integers(0, 2)
    ),
    st.builds(
        lambda t, s, a: {"type": t, "seat": s, "item": "newspaper", "address": a},
        st.sampled_from(["pick_up", "drop"]),
        seats,
        st.integers(1, 4),
    ),
    st.builds(
        lambda t, s: {"type": t, "seat": s, "item": "bone"},
        st.sampled_from(["pick_up", "drop"]),
        seats,
    ),
    st.builds(lambda s, n: {"type": "bury", "seat": s, "count": n}, seats, st.integers(1, 2)),
    st.builds(lambda s: {"type": "to_pound", "seat": s}, seats),
    draws(
        seats,
        st.sampled_from(["trash", "restaurant", "newspaper", "fight", "catcher"]),
        st.integers(1, 4),
        st.integers(0, 2),
    ),
    st.builds(lambda s: {"type": "roll_die", "seat": s}, seats),
    adjusts(seats, st.integers(-3, 3)),
    st.just({"type": "end_game"}),
)


def with_seat(event: dict[str, Any], state: Game) -> dict[str, Any]:
    if event.get("seat") == "me":
        return {**event, "seat": state.current or 0}
    return event


def check_invariants(state: Game) -> None:
    for d in state.dogs:
        assert 0 <= d.hunger <= 4
        assert 0 <= d.bladder <= 2
        assert d.supply + d.bladder + d.lampposts == PEE_MARKERS
        assert min(d.supply, d.lampposts) >= 0
        assert len(d.items) <= 2
        assert 0 <= d.pound <= 4
        assert sorted(d.deck.cards) == list(ALL_CARDS)
    assert 0 <= state.trash_markers < 15


def play_random(
    state: Game,
    events: list[dict[str, Any]],
    rng: random.Random,
    after_each: Callable[[Game], None] = lambda state: None,
) -> tuple[Game, list[dict[str, Any]]]:
    """Fold random events as the companion does; the events it stored, and the end state.

    Refused events are skipped; every accepted state passes ``after_each`` and serialises.
    """
    stored: list[dict[str, Any]] = []
    for event in events:
        prepared = table.prepare(state, with_seat(event, state), rng)
        try:
            state = table.apply(state, prepared)
        except RuleError:
            continue
        stored.append(prepared)
        after_each(state)
        json.dumps(table.to_json(state))
    return state, stored


@settings(max_examples=150, deadline=None)
@given(events=st.lists(EVENTS, max_size=60), seed=st.integers(), timed=st.booleans())
def test_random_play_keeps_every_invariant_and_replays(
    events: list[dict[str, Any]], seed: int, timed: bool
) -> None:
    start = new(timed_minutes=30) if timed else new()
    state, stored = play_random(start, events, random.Random(seed), after_each=check_invariants)
    replayed = start
    for event in stored:  # the companion's fold: same stored events, same state
        replayed = table.apply(replayed, event)
    assert replayed == state


@settings(max_examples=50, deadline=None)
@given(events=st.lists(EVENTS, max_size=30), seed=st.integers())
def test_same_seed_same_table(events: list[dict[str, Any]], seed: int) -> None:
    def run() -> tuple[Game, list[dict[str, Any]]]:
        return play_random(new(), events, random.Random(seed))

    assert run() == run()


names = st.text(min_size=1, max_size=10).filter(str.strip)


@given(
    bones=st.lists(st.integers(0, 5), min_size=3, max_size=3),
    new_names=st.tuples(names, names, names),
    perm=st.permutations([0, 1, 2]),
    timed=st.booleans(),
)
def test_winners_do_not_depend_on_names_or_seat_order(
    bones: list[int], new_names: tuple[str, str, str], perm: list[int], timed: bool
) -> None:
    dogs = ["fifi", "butch", "vagabond"]

    def final(players: tuple[Player, ...], order: list[int]) -> Game:
        extra = {"timed_minutes": 30} if timed else {}
        state = table.new_state(players, {"dogs": [dogs[i] for i in order], **extra})
        for seat, i in enumerate(order):
            if bones[i]:
                state = table.apply(
                    state, {"type": "adjust", "seat": seat, "counter": "bones", "delta": bones[i]}
                )
        if timed and not winners(state):  # reaching the goal already ended the game
            state = table.apply(state, {"type": "end_game"})
        return state

    base = final(PLAYERS, [0, 1, 2])
    renamed = tuple(Player(n, p.color) for n, p in zip(new_names, PLAYERS, strict=True))
    assert winners(final(renamed, [0, 1, 2])) == winners(base)
    shuffled = final(tuple(PLAYERS[i] for i in perm), perm)
    assert sorted(perm[s] for s in winners(shuffled)) == sorted(winners(base))
