"""B1: the hex grid, tiles (edge strings, rotation, river corners, animals), the catalog."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from refusals import refused

from games.bison import catalog
from games.bison.hexgrid import (
    DIRECTIONS,
    OFFSETS,
    corner,
    corner_index,
    distance,
    neighbour,
    neighbours,
    rotate,
    show,
)
from games.bison.tiles import Tile, check_animals, check_edges
from games.errors import RuleError

VALID_EDGES = {
    ("P" * n + "M" * (6 - n))[-k:] + ("P" * n + "M" * (6 - n))[:-k]
    for n in range(1, 6)
    for k in range(6)
}
hexes = st.tuples(st.integers(-20, 20), st.integers(-20, 20))


def test_directions_clockwise_from_east() -> None:
    assert DIRECTIONS == ("E", "SE", "SW", "W", "NW", "NE")
    assert OFFSETS == ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
    assert neighbours((2, -1)) == ((3, -1), (2, 0), (1, 0), (1, -1), (2, -2), (3, -2))


def test_corner_is_shared_by_the_three_hexes_around_it() -> None:
    # Corner 0 of (0,0) lies between its E and SE edges.
    assert corner((0, 0), 0) == frozenset({(0, 0), (1, 0), (0, 1)})
    assert corner_index((1, 0), corner((0, 0), 0)) == 2
    assert corner_index((0, 1), corner((0, 0), 0)) == 4
    with pytest.raises(ValueError, match="has no corner"):
        corner_index((5, 5), corner((0, 0), 0))


@given(hexes, st.integers(0, 5))
def test_each_corner_seen_from_each_of_its_hexes(at, index) -> None:
    vertex = corner(at, index)
    assert len(vertex) == 3
    for other in vertex:
        assert corner(other, corner_index(other, vertex)) == vertex
    assert corner(neighbour(at, index), index + 2) == vertex


@given(hexes, hexes, st.integers(0, 5))
def test_distance_is_a_metric_kept_by_rotation(a, b, steps) -> None:
    assert distance(a, b) == distance(b, a) >= 0
    assert (distance(a, b) == 0) == (a == b)
    assert distance(rotate(a, steps), rotate(b, steps)) == distance(a, b)
    assert rotate(rotate(a, steps), 6 - steps) == a


def test_distance_examples_and_rotation_turns_directions_clockwise() -> None:
    assert distance((0, 0), (2, -1)) == 2
    assert distance((0, 0), (-3, 3)) == 3
    for i, offset in enumerate(OFFSETS):
        assert rotate(offset) == OFFSETS[(i + 1) % 6]
    assert show((1, -1)) == "[1,-1]"


def test_rotation_moves_each_letter_one_direction_clockwise() -> None:
    tile = Tile.make("PPPMMM", {"prairie": 2, "mountain": 1})
    assert tile.rotated(1).edges == "MPPPMM"  # NE's M moved to E, E's P moved to SE
    assert tile.rotated(6) == tile
    assert tile.rotated(-1).edges == "PPMMMP"
    assert tile.rotated(1).animals == tile.animals


@given(st.sampled_from(sorted(VALID_EDGES)), st.integers(0, 11))
def test_river_corners_are_where_the_letter_changes_and_turn_with_the_tile(edges, k) -> None:
    tile = Tile(edges, (1, 1, 1))
    a, b = tile.river_corners()
    for c in (a, b):
        assert edges[c] != edges[(c + 1) % 6]
    assert sorted((c + k) % 6 for c in (a, b)) == sorted(tile.rotated(k).river_corners())


@given(st.text(alphabet="PMX", max_size=8))
def test_edge_validation_accepts_exactly_one_run_of_each(edges) -> None:
    if edges in VALID_EDGES:
        assert check_edges(edges) == edges
    else:
        with pytest.raises(RuleError, match=f'edges "{edges}"'):
            check_edges(edges)


def test_there_are_thirty_edge_strings() -> None:
    assert len(VALID_EDGES) == 30


@pytest.mark.parametrize(
    ("edges", "message"),
    [
        ("PPXMMM", 'edges "PPXMMM" must use only P and M'),
        ("ppmmmm", 'edges "ppmmmm" must use only P and M'),
        ("PPMMM", 'edges "PPMMM" must have 6 letters (E SE SW W NW NE), not 5'),
        (
            "PPPPPP",
            'edges "PPPPPP" need at least one P and one M: the river always '
            "separates prairie from mountain",
        ),
        (
            "MMMMMM",
            'edges "MMMMMM" need at least one P and one M: the river always '
            "separates prairie from mountain",
        ),
        (
            "PMPMMM",
            'edges "PMPMMM" must form one run of P and one run of M around the '
            "tile, not 2 runs of each",
        ),
        (
            "PMPMPM",
            'edges "PMPMPM" must form one run of P and one run of M around the '
            "tile, not 3 runs of each",
        ),
        (7, "edges must be a string of 6 letters P and M"),
    ],
)
def test_edge_messages(edges, message) -> None:
    with refused(message):
        check_edges(edges)


@pytest.mark.parametrize(
    ("animals", "message"),
    [
        ({"prairie": 1, "river": 1}, "animals: a tile shows exactly 3 animals, not 2"),
        ({"prairie": 4, "river": -1}, "animals.prairie must be a whole number (0–3), not 4"),
        (
            {"prairie": True, "river": 2},
            "animals.prairie must be a whole number (0–3), not true",
        ),
        ({"forest": 3}, 'animals: unknown space "forest"; expected prairie, river or mountain'),
        ([1, 1, 1], 'animals must be an object like {"prairie": 1, "river": 1, "mountain": 1}'),
    ],
)
def test_animal_messages(animals, message) -> None:
    with refused(message):
        check_animals(animals)


def test_catalog_has_the_21_printed_tiles() -> None:
    assert list(catalog.CATALOG) == ["S1", "S2", "S3"] + [f"B{i:02}" for i in range(1, 19)]
    assert tuple(f"B{i:02}" for i in range(1, 19)) == catalog.DRAW_IDS
    for entry in catalog.CATALOG.values():
        assert check_edges(entry.edges) == entry.edges
        assert check_animals(entry.animals) == entry.tile.animals
        assert entry.start == (entry.totem_corner is not None) == entry.id.startswith("S")


def test_catalog_design_promises() -> None:
    draw = [catalog.CATALOG[i].tile for i in catalog.DRAW_IDS]
    assert sorted({t.prairie_run for t in draw}) == [1, 2, 3, 4, 5]
    splits = {t.tile.animals for t in catalog.CATALOG.values()}
    assert len(splits) == 10  # every way to split 3 animals over 3 spaces
    assert {(3, 0, 0), (0, 3, 0), (0, 0, 3)} <= splits
    totals = [sum(t.tile.animals[i] for t in catalog.CATALOG.values()) for i in range(3)]
    assert totals == [21, 21, 21]


def test_start_tiles_meet_at_the_totem_with_their_river_ends() -> None:
    for tile_id, at in catalog.START_LAYOUT.items():
        entry = catalog.CATALOG[tile_id]
        assert corner(at, entry.totem_corner) == catalog.TOTEM_VERTEX
        assert entry.totem_corner in entry.tile.river_corners()
    assert set(catalog.START_LAYOUT.values()) == catalog.TOTEM_VERTEX


def test_unknown_catalog_id() -> None:
    with pytest.raises(RuleError) as error:
        catalog.get("B19")
    assert str(error.value) == 'unknown tile "B19"; the catalog has S1–S3 and B01–B18'


def test_catalog_shapes_as_the_docstring_says() -> None:
    draw = [catalog.CATALOG[i] for i in catalog.DRAW_IDS]
    # Every draw tile is written from E clockwise: P x n, then M.
    for entry in draw:
        n = entry.tile.prairie_run
        assert entry.edges == "P" * n + "M" * (6 - n), entry.id
    runs = [entry.tile.prairie_run for entry in draw]
    assert [runs.count(n) for n in range(1, 6)] == [3, 4, 4, 4, 3]


def test_catalog_animals_follow_the_land_except_b14() -> None:
    # Wide prairies (run 4-5) carry at least as many bison as turkeys, wide mountains
    # (run 1-2) at least as many turkeys as bison; B14 alone breaks the pattern.
    breakers = []
    for tile_id in catalog.DRAW_IDS:
        tile = catalog.CATALOG[tile_id].tile
        bison, _, turkeys = tile.animals
        if (tile.prairie_run >= 4 and bison < turkeys) or (
            tile.prairie_run <= 2 and turkeys < bison
        ):
            breakers.append(tile_id)
    assert breakers == ["B14"]
    ones = {t.tile.animals: t.id for t in catalog.CATALOG.values() if 3 in t.tile.animals}
    assert ones == {(3, 0, 0): "B16", (0, 3, 0): "B07", (0, 0, 3): "B02"}


def test_start_tiles_one_joined_prairie_one_joined_mountain_one_border() -> None:
    from games.bison.board import Board
    from games.bison.regions import find_regions

    for tile_id in catalog.START_IDS:
        assert catalog.CATALOG[tile_id].tile.animals == (1, 1, 1)
        assert catalog.CATALOG[tile_id].tile.prairie_run == 3
    regions = {(r.terrain, r.hexes) for r in find_regions(Board.new_game())}
    s1, s2, s3 = (catalog.START_LAYOUT[i] for i in catalog.START_IDS)
    assert ("prairie", tuple(sorted((s1, s2)))) in regions
    assert ("mountain", tuple(sorted((s1, s3)))) in regions
    assert ("prairie", (s3,)) in regions and ("mountain", (s2,)) in regions
    assert ("river", tuple(sorted((s1, s2, s3)))) in regions
    assert len(regions) == 5
