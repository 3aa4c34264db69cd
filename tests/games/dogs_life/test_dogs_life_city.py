"""The Campfire city can be played: every place the rules use is on it and reachable, the
van always has a legal move, and no den is favoured."""

from __future__ import annotations

import statistics

import pytest

from games.dogs_life import dog, game
from games.dogs_life.city import CITY, Feature, Kind

DENS = range(1, game.MAX_PLAYERS + 1)
DIE = range(1, 7)


def test_the_board_has_every_place_the_rules_use():
    assert sorted(s.den for s in CITY.of_kind(Kind.DEN)) == list(DENS)
    assert sorted(s.address for s in CITY.squares.values() if s.address) == list(
        range(1, dog.NEWSPAPERS + 1)
    )
    assert len(CITY.of_kind(Kind.NEWSPAPER_OFFICE)) == 1
    assert len(CITY.of_kind(Kind.POUND)) == 1
    assert len(CITY.of_kind(Kind.RESTAURANT)) >= 2
    assert CITY.with_feature(Feature.FOUNTAIN)
    assert len(CITY.with_feature(Feature.LAMPPOST)) >= 6
    # D3: trash day comes when the last of the 15 markers is placed, so there must be
    # more cans than markers (else every can is marked and no one can rummage).
    assert len(CITY.with_feature(Feature.TRASH_CAN)) > game.TRASH_MARKERS


def test_features_and_addresses_are_on_street_squares_only():
    for square in CITY.squares.values():
        if square.features or square.address:
            assert square.is_street, square.id


def test_every_place_has_an_entrance_arrow_on_a_street_square_touching_it():
    places = [s for s in CITY.squares.values() if not s.is_street]
    for place in places:
        doors = [e for e in CITY.entrances if e.place == place.id]
        assert doors, place.id
        for door in doors:
            assert CITY.squares[door.street].is_street
            assert door.street in CITY.neighbours(place.id)
    # The only ways into a place are its arrows.
    for place in places:
        assert set(CITY.neighbours(place.id)) == {
            e.street for e in CITY.entrances if e.place == place.id
        }


@pytest.mark.parametrize("den", DENS)
def test_from_every_den_a_dog_reaches_every_square_but_rival_dens_and_the_pound(den):
    reached = CITY.distances(f"den-{den}", den)
    expected = {
        s.id
        for s in CITY.squares.values()
        if s.kind is not Kind.POUND and (s.den is None or s.den == den)
    }
    assert set(reached) == expected


def test_a_freed_dog_leaves_the_pound_and_reaches_its_den():
    # D2: a freed dog stands on the pound's square and acts at once.
    for den in DENS:
        assert f"den-{den}" in CITY.distances("pound", den)


LAMPPOSTS = [s.id for s in CITY.with_feature(Feature.LAMPPOST)]


@pytest.mark.parametrize("first", LAMPPOSTS)
def test_no_two_marked_lampposts_cut_the_town(first):
    # A rival's pee marker stops a dog (seed: 街灯を嗅ぐ). Even two marked lampposts must
    # never wall a den off from any address, restaurant, fountain or the newspaper office.
    goals = (
        {CITY.address(n).id for n in range(1, dog.NEWSPAPERS + 1)}
        | {s.id for s in CITY.of_kind(Kind.RESTAURANT)}
        | {s.id for s in CITY.with_feature(Feature.FOUNTAIN)}
        | {"newspaper-office"}
    )
    for second in LAMPPOSTS:
        blocked = {first, second}
        for den in DENS:
            reached = CITY.distances(f"den-{den}", den, blocked=blocked)
            assert goals - blocked <= set(reached), (den, blocked, goals - set(reached))


def test_the_van_starts_on_the_road_at_the_pound_exit():
    start = CITY.squares[CITY.van_start]
    assert start.kind is Kind.ROAD
    assert any(e.place == "pound" and e.street == start.id for e in CITY.entrances)


def test_roads_are_one_network_with_crossings():
    roads = {s.id for s in CITY.of_kind(Kind.ROAD)}
    seen, todo = {CITY.van_start}, [CITY.van_start]
    while todo:
        for n in CITY.road_neighbours(todo.pop()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == roads
    assert len(CITY.crossings()) >= 4


@pytest.mark.parametrize("roll", DIE)
def test_the_van_has_a_legal_route_for_every_roll_from_every_road_and_heading(roll):
    # Seed 3: the van moves exactly the number rolled, never back the way it came, on
    # roads only. From every road square, arriving from any neighbouring road (or at the
    # start, from nowhere), some route of exactly `roll` squares exists.
    for square in CITY.of_kind(Kind.ROAD):
        for came_from in (None, *CITY.road_neighbours(square.id)):
            assert CITY.van_routes(square.id, came_from, roll), (square.id, came_from)


def test_the_van_never_leaves_the_road():
    for square in CITY.of_kind(Kind.ROAD):
        for roll in DIE:
            for stop in CITY.van_routes(square.id, None, roll):
                assert CITY.squares[stop].kind is Kind.ROAD


def test_the_van_can_reach_the_entrance_of_every_place_but_the_dens_doors_off_road():
    # A dog inside a place is threatened only from its arrow square; at least the
    # restaurants on the roads' side must be reachable by the van somewhere.
    reachable = set()
    for roll in DIE:
        reachable |= CITY.van_routes(CITY.van_start, None, roll)
    assert len(reachable) >= 6
    assert any(
        CITY.squares[e.street].kind is Kind.ROAD
        for e in CITY.entrances
        if e.place == "newspaper-office"
    )


def _nearest(distances: dict[str, int], ids: set[str]) -> int:
    return min(distances[i] for i in ids)


def test_dens_are_fairly_placed():
    """Every den is about as far from what a dog needs as every other: the nearest
    restaurant, trash can, fountain and lamppost, the newspaper office, the addresses."""
    kinds = {
        "restaurant": {s.id for s in CITY.of_kind(Kind.RESTAURANT)},
        "trash": {s.id for s in CITY.with_feature(Feature.TRASH_CAN)},
        "fountain": {s.id for s in CITY.with_feature(Feature.FOUNTAIN)},
        "lamppost": {s.id for s in CITY.with_feature(Feature.LAMPPOST)},
        "office": {"newspaper-office"},
    }
    table = {den: CITY.distances(f"den-{den}", den) for den in DENS}
    for name, ids in kinds.items():
        spread = [_nearest(table[den], ids) for den in DENS]
        assert max(spread) - min(spread) <= 1, (name, spread)
        assert max(spread) <= 5, (name, spread)  # reachable in the first turn (AP 6–8)
    means = [
        statistics.mean(table[den][CITY.address(n).id] for n in range(1, dog.NEWSPAPERS + 1))
        for den in DENS
    ]
    assert max(means) - min(means) <= 1.0, means


def test_no_den_is_next_to_another():
    for den in DENS:
        near = CITY.distances(f"den-{den}", den)
        for other in DENS:
            if other != den:
                doors = {e.street for e in CITY.entrances if e.place == f"den-{other}"}
                assert _nearest(near, doors) + 1 >= 4, (den, other)  # den to den ≥ 4 AP


def test_addresses_spread_over_the_town():
    # A newspaper should send a dog on a real errand: no address is at a den's door.
    for den in DENS:
        distances = CITY.distances(f"den-{den}", den)
        assert min(distances[CITY.address(n).id] for n in range(1, 13)) >= 2
