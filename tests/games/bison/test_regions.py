"""B2 regions on hand-built boards: land joins and borders, rivers at shared corners only."""

from __future__ import annotations

from games.bison.board import Board
from games.bison.catalog import CATALOG
from games.bison.hexgrid import corner
from games.bison.regions import find_regions, region_index
from games.bison.tiles import MOUNTAIN, PRAIRIE, RIVER

from .builders import layout, tile


def regions_of(board: Board) -> set[tuple[str, tuple]]:
    return {(r.terrain, r.hexes) for r in find_regions(board)}


def river_to(corner_index: int, animals=(1, 1, 1)):
    """A ``PPPMMM`` tile (river corners 2 and 5) turned so a river end is at ``corner_index``."""
    return tile("PPPMMM", *animals).rotated(corner_index - 2)


def test_land_joins_across_equal_edges() -> None:
    # (0,0)'s E edge is P; (1,0)'s W edge is P: the prairies join, the mountains do not.
    board = layout({(0, 0): tile("PPPMMM", 1, 1, 1), (1, 0): tile("MMMPPP", 2, 0, 1)})
    assert regions_of(board) == {
        (PRAIRIE, ((0, 0), (1, 0))),
        (MOUNTAIN, ((0, 0),)),
        (MOUNTAIN, ((1, 0),)),
        (RIVER, ((0, 0),)),
        (RIVER, ((1, 0),)),
    }
    (prairie,) = [r for r in find_regions(board) if r.terrain == PRAIRIE]
    assert prairie.animals == 3


def test_prairie_next_to_mountain_does_not_join_until_rotated() -> None:
    board = layout({(0, 0): tile("PPPMMM", 1, 1, 1), (1, 0): tile("PPPMMM", 1, 1, 1)})
    assert len(find_regions(board)) == 6  # E is P on (0,0), W is M on (1,0): a border
    turned = layout({(0, 0): tile("PPPMMM", 1, 1, 1), (1, 0): tile("PPPMMM", 1, 1, 1).rotated(3)})
    assert (PRAIRIE, ((0, 0), (1, 0))) in regions_of(turned)


def test_mountains_join_across_several_edges() -> None:
    # A ring of three: (0,0) SE edge M meets (0,1) NW; (0,1) NE M meets (1,0) SW.
    board = layout(
        {
            (0, 0): tile("PMMMPP", 1, 1, 1),
            (0, 1): tile("PMMMMM", 1, 1, 1),
            (1, 0): tile("MMMPPP", 1, 1, 1),
        }
    )
    assert (MOUNTAIN, ((0, 0), (0, 1), (1, 0))) in regions_of(board)


def test_rivers_join_at_a_corner_shared_by_two_tiles() -> None:
    vertex = corner((0, 0), 0)  # between (0,0), (1,0) and (0,1)
    board = layout({(0, 0): river_to(0), (1, 0): river_to(2)})
    assert vertex == corner((1, 0), 2)
    assert (RIVER, ((0, 0), (1, 0))) in regions_of(board)
    (river,) = [r for r in find_regions(board) if r.terrain == RIVER]
    assert river.animals == 2


def test_rivers_join_at_a_corner_shared_by_three_tiles() -> None:
    board = layout({(0, 0): river_to(0), (1, 0): river_to(2), (0, 1): river_to(4)})
    assert (RIVER, ((0, 0), (0, 1), (1, 0))) in regions_of(board)
    # The start tiles do the same at the totem.
    assert (RIVER, ((0, 0), (0, 1), (1, 0))) in regions_of(Board.new_game())


def test_only_rivers_ending_at_the_corner_join() -> None:
    # (0,1) touches the vertex but its river ends elsewhere (corners 1 and 4 -> 3 and 0).
    board = layout({(0, 0): river_to(0), (1, 0): river_to(2), (0, 1): river_to(3)})
    assert (RIVER, ((0, 0), (1, 0))) in regions_of(board)
    assert (RIVER, ((0, 1),)) in regions_of(board)


def test_rivers_never_join_through_an_edge() -> None:
    # Both rivers touch the shared E/W edge, but at its two different ends.
    board = layout({(0, 0): tile("PPPMMM", 1, 1, 1), (1, 0): tile("PPPMMM", 1, 1, 1)})
    assert 5 in board.tiles[(0, 0)].tile.river_corners()  # top end of (0,0)'s E edge
    assert 2 in board.tiles[(1, 0)].tile.river_corners()  # bottom end of (1,0)'s W edge
    assert {r.hexes for r in find_regions(board) if r.terrain == RIVER} == {((0, 0),), ((1, 0),)}


def test_rotation_decides_river_joins() -> None:
    base = {(0, 0): river_to(0)}
    assert (RIVER, ((0, 0), (1, 0))) in regions_of(layout({**base, (1, 0): river_to(2)}))
    assert (RIVER, ((0, 0), (1, 0))) not in regions_of(
        layout({**base, (1, 0): river_to(2).rotated(1)})
    )


def test_regions_are_listed_prairie_mountain_river_and_indexed() -> None:
    board = Board.new_game().place((2, 0), CATALOG["B16"])
    regions = find_regions(board)
    terrains = [r.terrain for r in regions]
    assert terrains == sorted(terrains, key=[PRAIRIE, MOUNTAIN, RIVER].index)
    index = region_index(regions)
    assert len(index) == 3 * len(board.tiles)
    assert all(space in regions[i].spaces for space, i in index.items())
