"""Positions on the city board (issue 38): what the phone offers equals a brute-force search
of the rules' moves, and a move or a van stop does what the rulebook says (D2, D4)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.dogs_life import fold
from games.dogs_life import game as rules
from games.dogs_life import positions as pos
from games.dogs_life.city import CITY, Kind
from games.dogs_life.places import square_name
from games.errors import RuleError
from games.table import Player

PLAYERS = [Player("Ann", "red"), Player("Ben", "blue"), Player("Cat", "green")]
ROADS = sorted(s.id for s in CITY.of_kind(Kind.ROAD))
WALKABLE = sorted(s.id for s in CITY.squares.values() if s.kind is not Kind.POUND)


def _brute_dog(start: str, den: int, ap: int) -> set[str]:
    """Every square at the end of some walk of 1..ap steps, each step to a neighbour that
    is not the pound or a rival's den (the seed's rule, spelled out without distances)."""
    ends: set[str] = set()
    frontier = {start}
    for _ in range(ap):
        frontier = {
            n
            for here in frontier
            for n in CITY.neighbours(here)
            if CITY.squares[n].kind is not Kind.POUND
            and (CITY.squares[n].kind is not Kind.DEN or CITY.squares[n].den == den)
        }
        ends |= frontier
    return ends - {start}


def _brute_van(start: str, came: str | None, roll: int) -> set[str]:
    """Every end of a road walk of exactly ``roll`` squares that never turns back."""
    ends: set[str] = set()

    def walk(here: str, back: str | None, left: int) -> None:
        if left == 0:
            ends.add(here)
            return
        for n in CITY.neighbours(here):
            if CITY.squares[n].kind is Kind.ROAD and n != back:
                walk(n, here, left - 1)

    walk(start, came, roll)
    return ends


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(WALKABLE), st.integers(1, 6), st.integers(0, 8), st.integers(0, 2))
def test_offered_squares_are_the_brute_force_walks(start: str, den: int, ap: int, seat: int):
    square = CITY.squares[start]
    if square.kind is Kind.DEN and square.den != den:
        start = CITY.den(den).id  # a dog never stands in a rival's den
    where = pos.walk(pos.start(6), den - 1, start)
    offered = pos.reachable(where, den - 1, ap)
    assert set(offered) == _brute_dog(start, den, ap)
    for target, cost in offered.items():  # the cost is the fewest steps that get there
        assert target in _brute_dog(start, den, cost)
        assert cost == 1 or target not in _brute_dog(start, den, cost - 1)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(ROADS), st.integers(1, 6), st.data())
def test_offered_van_stops_are_the_brute_force_drives(start: str, roll: int, data: Any):
    came = data.draw(st.sampled_from([None, *CITY.road_neighbours(start)]))
    stops = pos.van_stops(start, came, roll)
    assert set(stops) == _brute_van(start, came, roll)
    for stop, back in stops.items():  # the way in is a road next to the stop, never back
        assert back in CITY.road_neighbours(stop)
        assert stop in _brute_van(back, None, 1)


def test_the_way_the_van_came_is_one_for_every_roll():
    """No two drives of at most 6 squares end on the same square from different sides, so
    recording one way in loses nothing."""
    for start in ROADS:
        for came in [None, *CITY.road_neighbours(start)]:
            for roll in pos.DIE_FACES:
                states = {(start, came)}
                for _ in range(roll):
                    states = {(n, h) for h, b in states for n in CITY.road_neighbours(h) if n != b}
                ends = [here for here, _ in states]
                assert len(ends) == len(set(ends)), (start, came, roll)


def _table() -> tuple[rules.Game, random.Random]:
    return fold.new_state(PLAYERS, {}), random.Random(4)


def _do(state: rules.Game, rng: random.Random, event: dict[str, Any]) -> rules.Game:
    return fold.apply(state, fold.prepare(state, event, rng))


def test_dogs_start_in_their_dens_and_the_van_at_the_pound():
    state, _ = _table()
    assert state.board is not None
    assert state.board.dogs == ("den-1", "den-2", "den-3")
    assert state.board.van == CITY.van_start


def test_move_to_pays_the_shortest_way_and_refuses_too_far():
    state, rng = _table()
    state = _do(state, rng, {"type": "start_turn", "seat": 0})
    ap = state.dogs[0].ap
    costs = rules.reachable(state, 0)
    far = max(costs, key=lambda s: costs[s])
    assert costs[far] == ap  # the reachable squares go up to the AP exactly
    near = min(costs, key=lambda s: costs[s])
    prepared = fold.prepare(state, {"type": "move", "seat": 0, "to": near, "steps": 9}, rng)
    assert prepared["steps"] == 1  # worked out, not taken from the phone
    moved = fold.apply(state, prepared)
    assert moved.board is not None and moved.board.dogs[0] == near
    assert moved.dogs[0].ap == ap - 1
    with pytest.raises(RuleError, match="rival's den"):
        fold.apply(moved, {"type": "move", "seat": 0, "to": "den-2"})
    with pytest.raises(RuleError, match="pound"):
        fold.apply(moved, {"type": "move", "seat": 0, "to": "pound"})
    with pytest.raises(RuleError, match="square of the city"):
        fold.apply(moved, {"type": "move", "seat": 0, "to": "nowhere"})
    too_far = next(s for s, c in CITY.distances(near, 1).items() if c > ap)
    with pytest.raises(RuleError, match="action points"):
        fold.apply(moved, {"type": "move", "seat": 0, "to": too_far})
    with pytest.raises(RuleError, match="recorded steps"):
        fold.apply(state, {"type": "move", "seat": 0, "to": near, "steps": 2})


def test_a_move_by_steps_forgets_the_square_old_tables_keep_working():
    state, rng = _table()
    state = _do(state, rng, {"type": "start_turn", "seat": 0})
    state = _do(state, rng, {"type": "move", "seat": 0, "steps": 2})
    assert state.board is not None and state.board.dogs[0] is None
    assert rules.reachable(state, 0) == {}
    with pytest.raises(RuleError, match="not known"):
        fold.apply(state, {"type": "move", "seat": 0, "to": "c04r06"})


def _van_turn(state: rules.Game, seat: int, die: int) -> rules.Game:
    """``seat``'s turn ends with the catcher's die showing ``die``."""
    state = fold.apply(state, {"type": "start_turn", "seat": seat})
    return fold.apply(state, {"type": "roll_die", "seat": seat, "die": die})


def test_the_van_stops_only_where_its_roll_allows_and_catches_and_asks_to_draw():
    state, rng = _table()
    state = _van_turn(state, 0, 2)
    stops = rules.van_stops(state)
    assert set(stops) == {"c07r01", "c11r01"}
    with pytest.raises(RuleError, match="cannot stop there"):
        fold.apply(state, {"type": "van", "seat": 0, "to": "c08r01"})
    with pytest.raises(RuleError, match="turn"):
        fold.apply(state, {"type": "van", "seat": 1, "to": "c07r01"})
    # put Ben's dog on the stop and Cat's next to it
    assert state.board is not None
    board = pos.walk(pos.walk(state.board, 1, "c07r01"), 2, "c06r01")
    from dataclasses import replace

    state = replace(state, board=board)
    prepared = fold.prepare(state, {"type": "van", "seat": 0, "to": "c07r01", "caught": []}, rng)
    assert prepared["caught"] == [1] and prepared["near"] == [2]
    after = fold.apply(state, prepared)
    assert after.dogs[1].in_pound and after.board is not None
    assert after.board.dogs[1] == pos.POUND
    assert after.board.van == "c07r01" and after.board.van_from == "c08r01"
    assert after.board.to_draw == (2,)
    with pytest.raises(RuleError, match="draws a card to escape"):
        fold.apply(after, {"type": "start_turn", "seat": 1})
    drawn = _do(after, rng, {"type": "draw", "seat": 2, "section": "catcher"})
    assert drawn.board is not None and drawn.board.to_draw == ()
    template, params = fold.describe(prepared, PLAYERS)
    assert "{caught} to the pound" in template and "{near} must draw" in template
    assert params["caught"] == "Ben" and params["near"] == "Cat"
    assert str(params["square"]) == str(square_name("c07r01"))
    # next turn the van never drives back the way it came
    nxt = _van_turn(drawn, 2, 1) if not drawn.dogs[2].in_pound else None
    if nxt is not None:
        assert set(rules.van_stops(nxt)) == {"c06r01"}


def test_a_roll_without_a_van_move_leaves_the_van_unknown():
    state, _ = _table()
    state = _van_turn(state, 0, 3)
    state = fold.apply(state, {"type": "start_turn", "seat": 1})
    assert state.board is not None and state.board.van is None
    state = fold.apply(state, {"type": "roll_die", "seat": 1, "die": 3})
    assert rules.van_stops(state) == {}


def test_pee_covers_the_marker_on_the_lamppost_and_trash_markers_land_on_the_can():
    state, rng = _table()
    from dataclasses import replace

    assert state.board is not None
    lamp = "c03r04"
    state = replace(state, board=pos.walk(pos.walk(state.board, 0, lamp), 1, lamp))
    state = _do(state, rng, {"type": "start_turn", "seat": 0})
    state = _do(state, rng, {"type": "pee", "seat": 0})
    assert state.board is not None and state.board.pee_at(lamp) == 0
    with pytest.raises(RuleError, match="own marker"):
        fold.apply(state, {"type": "pee", "seat": 0})
    state = _do(state, rng, {"type": "end_turn", "seat": 0})
    state = _do(state, rng, {"type": "start_turn", "seat": 1})
    with pytest.raises(RuleError, match="Fifi's"):
        fold.apply(state, {"type": "pee", "seat": 1, "covers": 2})
    state = _do(state, rng, {"type": "pee", "seat": 1})
    assert state.board is not None and state.board.pee_at(lamp) == 1
    assert state.dogs[0].lampposts == 0  # the covered marker went back to its owner
    can = "c03r06"
    state = replace(state, board=pos.walk(state.board, 1, can))
    state = _do(state, rng, {"type": "rummage", "seat": 1})
    assert state.board is not None and state.board.trash == (can,)


def test_a_dropped_newspaper_lies_where_the_dog_stands_and_is_taken_there():
    state, rng = _table()
    state = _do(state, rng, {"type": "start_turn", "seat": 0})
    state = _do(state, rng, {"type": "move", "seat": 0, "to": "c05r06"})
    state = _do(state, rng, {"type": "pick_up", "seat": 0, "item": "newspaper"})
    (address,) = [i.address for i in state.dogs[0].items]
    state = _do(state, rng, {"type": "drop", "seat": 0, "item": "newspaper", "address": address})
    assert state.board is not None and state.board.papers == ((address, "c05r06"),)
    shown = fold.view_json(state, 1)["board"]
    assert shown["papers"] == ["c05r06"]  # face down: where, not which
    state = _do(state, rng, {"type": "move", "seat": 0, "to": "c04r06"})
    with pytest.raises(RuleError, match="street"):
        fold.apply(
            state,
            fold.prepare(
                state, {"type": "pick_up", "seat": 0, "item": "newspaper", "from": "street"}, rng
            ),
        )
    state = _do(state, rng, {"type": "move", "seat": 0, "to": "c05r06"})
    state = _do(state, rng, {"type": "pick_up", "seat": 0, "item": "newspaper", "from": "street"})
    assert state.board is not None and state.board.papers == ()


def test_squares_are_named_as_the_poster_shows_them():
    assert str(square_name("den-3")) == "den 3"
    assert str(square_name("restaurant-c")) == "the north restaurant"
    assert str(square_name("c01r04")) == "address 1"
    assert str(square_name("c03r06")).startswith("the trash can by ")
    assert str(square_name("c04r06")).startswith("the footpath by ")
    names = {str(square_name(s)) for s in CITY.squares}
    assert len(names) > 60  # most squares tell apart
