"""The board: B4 placement, B5 occupancy, each player's supply; boards never change."""

from __future__ import annotations

import pytest

from games.bison.board import Board, Pieces, check_structure_kind
from games.bison.catalog import CATALOG
from games.bison.tiles import MOUNTAIN, PRAIRIE, RIVER
from games.errors import RuleError

from .builders import chain


def refused(call, message: str) -> None:
    with pytest.raises(RuleError) as error:
        call()
    assert str(error.value) == message


def test_new_game_lays_the_start_tiles_around_the_totem() -> None:
    board = Board.new_game()
    assert {at: p.catalog_id for at, p in board.tiles.items()} == {
        (0, 0): "S1",
        (1, 0): "S2",
        (0, 1): "S3",
    }
    assert board.start == frozenset({(0, 0), (1, 0), (0, 1)})
    assert board.pieces == {}


def test_place_returns_a_new_board_with_the_tile_turned() -> None:
    board = Board.new_game()
    placed = board.place((2, 0), CATALOG["B07"], 2)
    assert (2, 0) not in board.tiles
    assert placed.tiles[(2, 0)].tile.edges == "MMPPMM"  # "PPMMMM" turned twice
    assert (placed.tiles[(2, 0)].catalog_id, placed.tiles[(2, 0)].rotation) == ("B07", 2)


@pytest.mark.parametrize(
    ("at", "setting", "message"),
    [
        ((1, 0), 3, "[1,0] already holds a tile"),
        (
            (4, 0),
            3,
            "a tile at [4,0] would not touch the board; it must share an edge with a placed tile",
        ),
        (
            (2, -2),
            3,
            "a tile at [2,-2] would not touch the board; it must share an edge with a placed tile",
        ),
    ],
)
def test_placement_refusals(at, setting, message) -> None:
    refused(lambda: Board.new_game().place(at, CATALOG["B01"], max_totem_distance=setting), message)


def test_distance_limit_counts_start_tiles_as_one() -> None:
    board = Board.new_game().place((2, 0), CATALOG["B01"])  # distance 2
    board = board.place((3, 0), CATALOG["B02"])  # distance 3: the limit
    refused(
        lambda: board.place((4, 0), CATALOG["B03"]),
        "[4,0] is 4 tiles from the totem; tiles may lie at most 3 tiles away",
    )
    assert (4, 0) in board.place((4, 0), CATALOG["B03"], max_totem_distance=4).tiles
    refused(
        lambda: Board.new_game().place((2, 0), CATALOG["B01"], max_totem_distance=1),
        "[2,0] is 2 tiles from the totem; tiles may lie at most 1 tiles away",
    )


def test_each_catalog_tile_once_and_start_tiles_first() -> None:
    board = Board.new_game().place((2, 0), CATALOG["B01"])
    refused(lambda: board.place((2, -1), CATALOG["B01"]), "tile B01 is already on the board")
    refused(
        lambda: Board().place((0, 0), CATALOG["B01"]),
        "lay out the start tiles before placing a tile",
    )


def test_one_player_per_space_any_hunters_one_structure() -> None:
    board = Board.new_game().put(((0, 0), RIVER), Pieces("red", 5, 4))
    assert board.pieces[((0, 0), RIVER)] == Pieces("red", 5, 4)
    refused(
        lambda: board.put(((0, 0), RIVER), Pieces("blue", 1)),
        "the river at [0,0] holds red's pieces; a space holds the pieces of one player only",
    )
    # Other spaces of the same tile are free for others.
    shared = board.put(((0, 0), PRAIRIE), Pieces("blue", 1))
    assert shared.pieces[((0, 0), PRAIRIE)].player == "blue"
    # An empty put clears the space.
    assert board.put(((0, 0), RIVER), Pieces("red")).pieces == {}


@pytest.mark.parametrize(
    ("space", "pieces", "message"),
    [
        (((9, 9), PRAIRIE), Pieces("red", 1), "there is no tile at [9,9]"),
        (
            ((0, 0), "forest"),
            Pieces("red", 1),
            '"forest" is not a space; expected prairie, river or mountain',
        ),
        (((0, 0), PRAIRIE), Pieces("red", -1), "hunters cannot be negative"),
        (((0, 0), PRAIRIE), Pieces("red", 0, 5), "a tent has size 1 to 4, not 5"),
        (((0, 0), RIVER), Pieces("red", 0, 5), "a canoe has size 1 to 4, not 5"),
        (
            ((0, 0), PRAIRIE),
            Pieces("red", 9),
            "red would have 9 hunters on the board; a player owns 8",
        ),
    ],
)
def test_put_refusals(space, pieces, message) -> None:
    refused(lambda: Board.new_game().put(space, pieces), message)


def test_supply_limits_are_multisets_per_kind() -> None:
    board = chain(PRAIRIE, [0, 0, 0, 0, 0, 0, 0])
    for i, size in enumerate((1, 1, 2, 2, 3, 4)):
        board = board.put(((i, 0), PRAIRIE), Pieces("red", 0, size))
        board = board.put(((i, 0), RIVER), Pieces("red", 0, size))  # canoes are separate
    refused(
        lambda: board.put(((6, 0), MOUNTAIN), Pieces("red", 0, 2)),
        "red would have 3 tents of size 2 on the board; a player owns tents of sizes "
        "1, 1, 2, 2, 3 and 4",
    )
    refused(
        lambda: board.put(((6, 0), RIVER), Pieces("red", 0, 4)),
        "red would have 2 canoes of size 4 on the board; a player owns canoes of sizes "
        "1, 1, 2, 2, 3 and 4",
    )
    # Enlarging in place (replacing the piece on a space) stays within the supply.
    assert board.put(((0, 0), PRAIRIE), Pieces("red", 0, 1)).pieces == board.pieces
    # Another player has their own supply.
    assert board.put(((6, 0), MOUNTAIN), Pieces("blue", 8, 4)).pieces[((6, 0), MOUNTAIN)]


def test_structure_kind_follows_the_terrain() -> None:
    check_structure_kind(PRAIRIE, "tent")
    check_structure_kind(RIVER, "canoe")
    refused(
        lambda: check_structure_kind(RIVER, "tent"), "a tent cannot stand on a river; use a canoe"
    )
    refused(
        lambda: check_structure_kind(MOUNTAIN, "canoe"),
        "a canoe cannot stand on a mountain; use a tent",
    )


def test_layout_checks_pieces_in_one_pass() -> None:
    tiles = Board.new_game().tiles
    board = Board.layout(
        tiles, [(((0, 0), RIVER), Pieces("red", 2, 1)), (((1, 0), RIVER), Pieces("red"))]
    )
    assert board.pieces == {((0, 0), RIVER): Pieces("red", 2, 1)}  # empty pieces left out
    refused(
        lambda: Board.layout(
            tiles, [(((0, 0), RIVER), Pieces("red", 1)), (((0, 0), RIVER), Pieces("red", 1))]
        ),
        "the river at [0,0] is listed twice",
    )
    refused(
        lambda: Board.layout(
            tiles, [(((0, 0), RIVER), Pieces("red", 1)), (((0, 0), RIVER), Pieces("blue", 1))]
        ),
        "the river at [0,0] holds red's pieces; a space holds the pieces of one player only",
    )
    refused(
        lambda: Board.layout(
            tiles, [(((0, 0), PRAIRIE), Pieces("red", 5)), (((1, 0), PRAIRIE), Pieces("red", 4))]
        ),
        "red would have 9 hunters on the board; a player owns 8",
    )


def test_game_words_in_messages_are_translated_with_the_sentence() -> None:
    italian = {
        "a {kind} cannot stand on a {terrain}; use a {other}": (
            "una {kind} non può stare su un {terrain}; usa una {other}"
        ),
        "tent": "tenda",
        "river": "fiume",
        "canoe": "canoa",
    }
    with pytest.raises(RuleError) as error:
        check_structure_kind(RIVER, "tent")
    assert error.value.translated(lambda s: italian.get(s, s)) == (
        "una tenda non può stare su un fiume; usa una canoa"
    )
