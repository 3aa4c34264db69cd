"""What-if (games/bison/whatif.py): best placements by the immediate change in standing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.bison import catalog, whatif
from games.bison.board import Board, Pieces
from games.bison.economy import COST_TABLE
from games.bison.tiles import Tile
from games.errors import RuleError


def test_the_best_options_for_three_bison_next_to_my_tent() -> None:
    # Red's tent on S1's prairie: B16 (3 bison, prairie run 5) joined to it is worth 3 more.
    board = Board.new_game().put(((0, 0), "prairie"), Pieces("red", 0, 1))
    before = whatif.standing(board, "red")
    found = whatif.options(
        board, catalog.get("B16"), "red", hunters_available=4, max_totem_distance=3
    )
    no_hunters = [o for o in found if o.hunters == 0]
    assert no_hunters[0].space is None
    assert no_hunters[0].gain == 3 and no_hunters[0].net == 4  # 0 hunters gains an animal
    placed = board.place(no_hunters[0].at, catalog.get("B16"), no_hunters[0].rotation)
    assert whatif.standing(placed, "red") == before + 3
    # Better still: one free hunter (B6) alone on the tile's river joined to the start
    # tiles' rivers takes all their salmon (B9).
    top = found[0]
    assert (top.hunters, top.space, top.cost, top.gain) == (1, "river", 0, 6)


def test_options_cover_every_legal_hex_rotation_space_and_hunter_count() -> None:
    board = Board.new_game()
    found = whatif.options(
        board, catalog.get("B08"), "red", hunters_available=2, max_totem_distance=3
    )
    hexes = {o.at for o in found}
    assert len(hexes) == 9  # the ring around the start tiles (B4)
    # B08 has no symmetry: 6 rotations × (1 without hunters + 3 spaces × 2 counts).
    assert len(found) == 9 * 6 * (1 + 3 * 2)
    assert {o.cost for o in found} == {COST_TABLE[0], COST_TABLE[1], COST_TABLE[2]}
    nets = [o.net for o in found]
    assert nets == sorted(nets, reverse=True)


def test_a_hunter_alone_in_a_new_region_takes_it_all() -> None:
    board = Board.new_game()
    tile = Tile.make("PMMMMM", {"mountain": 3})
    top = whatif.best(board, tile, "red", hunters_available=1, max_totem_distance=3, limit=1)
    # 1 hunter costs nothing (B6) and, alone in a mountain, takes its turkeys (B9).
    assert top[0].hunters == 1 and top[0].space == "mountain" and top[0].gain >= 3


def test_no_options_when_the_tile_is_already_on_the_board_or_nothing_is_in_reach() -> None:
    board = Board.new_game()
    assert (
        whatif.options(board, catalog.get("S1"), "red", hunters_available=4, max_totem_distance=3)
        == []
    )
    assert (
        whatif.options(board, catalog.get("B01"), "red", hunters_available=4, max_totem_distance=1)
        == []
    )


def test_negative_hunters_refused() -> None:
    with pytest.raises(RuleError, match=r"^hunters cannot be negative$"):
        whatif.options(
            Board.new_game(), catalog.get("B01"), "red", hunters_available=-1, max_totem_distance=3
        )


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(catalog.DRAW_IDS), st.integers(0, 5))
def test_every_option_gain_is_what_playing_it_gives(tile_id: str, hunters: int) -> None:
    board = Board.new_game().put(((0, 0), "river"), Pieces("blue", 1, 1))
    before = whatif.standing(board, "red")
    for option in whatif.options(
        board, catalog.get(tile_id), "red", hunters_available=hunters, max_totem_distance=3
    )[:12]:
        placed = board.place(option.at, catalog.get(tile_id), option.rotation)
        if option.space:
            placed = placed.put((option.at, option.space), Pieces("red", option.hunters))
        assert whatif.standing(placed, "red") - before == option.gain
