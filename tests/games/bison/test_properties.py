"""Hypothesis properties of B2/B9 scoring on random boards.

Moving the whole board by a hex offset or turning it by 60° changes no award; renaming the
players permutes the result; awards are never negative and never exceed the region; a sole
first place takes the region's animals.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.bison.board import Board, Pieces, PlacedTile
from games.bison.hexgrid import rotate, translate
from games.bison.scoring import SOLE_FIRST, score_board

from .builders import PLAYERS, boards


def transformed(board: Board, offset=(0, 0), steps: int = 0, names=None) -> Board:
    def move(at):
        return translate(rotate(at, steps), offset)

    result = Board.layout(
        {move(at): PlacedTile(p.tile.rotated(steps)) for at, p in board.tiles.items()}
    )
    for (at, space), p in board.pieces.items():
        player = names[p.player] if names else p.player
        result = result.put((move(at), space), Pieces(player, p.hunters, p.structure))
    return result


def summary(board: Board) -> list[tuple]:
    """The scoring without positions: terrain, size, animals and awards of every region."""
    return sorted(
        (s.region.terrain, len(s.region.hexes), s.region.animals, tuple(sorted(s.awards.items())))
        for s in score_board(board)
    )


@settings(max_examples=60, deadline=None)
@given(boards(), st.tuples(st.integers(-30, 30), st.integers(-30, 30)))
def test_moving_the_board_changes_no_award(board, offset) -> None:
    assert summary(transformed(board, offset=offset)) == summary(board)


@settings(max_examples=60, deadline=None)
@given(boards(), st.integers(1, 5))
def test_turning_the_board_changes_no_award(board, steps) -> None:
    assert summary(transformed(board, steps=steps)) == summary(board)


@settings(max_examples=60, deadline=None)
@given(boards(), st.permutations(PLAYERS))
def test_renaming_players_permutes_the_result(board, order) -> None:
    names = dict(zip(PLAYERS, order, strict=True))
    renamed = score_board(transformed(board, names=names))
    original = score_board(board)
    for before, after in zip(original, renamed, strict=True):
        assert after.region == before.region
        assert after.awards == {names[p]: a for p, a in before.awards.items()}
        assert after.ranking == tuple(tuple(names[p] for p in g) for g in before.ranking)


@settings(max_examples=80, deadline=None)
@given(boards())
def test_awards_are_bounded_and_a_sole_first_takes_the_region(board) -> None:
    for score in score_board(board):
        present = {
            p.player
            for (at, space), p in board.pieces.items()
            if space == score.region.terrain and at in score.region.hexes
        }
        assert set(score.awards) == present
        for standing in score.standings:
            assert 0 <= standing.award <= score.region.animals
            if standing.rule == SOLE_FIRST:
                assert standing.award == score.region.animals
        if score.ranking and len(score.ranking[0]) == 1:
            assert score.awards[score.ranking[0][0]] == score.region.animals


@settings(max_examples=60, deadline=None)
@given(boards())
def test_regions_partition_the_spaces(board) -> None:
    spaces = [space for score in score_board(board) for space in score.region.spaces]
    assert sorted(spaces) == sorted(board.spaces())
