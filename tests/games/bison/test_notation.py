"""The compact board notation round-trips and names the bad line."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from refusals import refused

from games.bison.board import Board, Pieces
from games.bison.catalog import CATALOG
from games.bison.notation import dump, parse
from games.bison.scoring import score_board
from games.bison.tiles import PRAIRIE, RIVER
from games.errors import RuleError

from .builders import boards

JP_EXAMPLE_1 = """\
0,0 PPPPMM:111 P=yellow/0/2
1,0 PPPPMM:120 P=red/1/1
2,0 PPPPMM:300 P=red/0/1
3,0 PPPPMM:012 P=green/3/1
4,0 PPPPMM:201 P=blue/1/0
"""


def test_jp_example_in_notation_scores_as_the_rulebook() -> None:
    (prairie,) = [s for s in score_board(parse(JP_EXAMPLE_1)) if s.region.terrain == PRAIRIE]
    assert prairie.awards == {"yellow": 7, "red": 3, "green": 0, "blue": 2}
    assert dump(parse(JP_EXAMPLE_1)) == JP_EXAMPLE_1


def test_catalog_tiles_rotation_and_comments() -> None:
    board = parse("# the opening\n0,0 S1  R=red/2/1\n\n1,0 S2\n0,1 S3\n2,0 B07/2  # turned\n")
    assert board.tiles[(2, 0)].tile == CATALOG["B07"].tile.rotated(2)
    assert board.pieces == {((0, 0), RIVER): Pieces("red", 2, 1)}
    assert dump(board) == "0,0 S1 R=red/2/1\n1,0 S2\n0,1 S3\n2,0 B07/2\n"


@settings(max_examples=60, deadline=None)
@given(boards())
def test_round_trip(board: Board) -> None:
    again = parse(dump(board))
    assert dict(again.tiles) == dict(board.tiles)
    assert dict(again.pieces) == dict(board.pieces)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("0,0", 'line 1: expected "<q>,<r> <tile> [pieces]", not "0,0"'),
        ("\nx,0 S1", 'line 2: expected "<q>,<r> <tile> [pieces]", not "x,0 S1"'),
        ("0,0 S1\n0,0 S2", "line 2: a tile already lies at 0,0"),
        ("0,0 B19", 'line 1: unknown tile "B19"; the catalog has S1–S3 and B01–B18'),
        ("0,0 B01/7", "line 1: rotation must be 0 to 5, not 7"),
        ("0,0 PPXMMM:111", 'line 1: edges "PPXMMM" must use only P and M'),
        ("0,0 PPPMMM:112", "line 1: animals: a tile shows exactly 3 animals, not 4"),
        (
            "0,0 tile",
            'line 1: "tile" is not a tile; write a catalog id like B07 or B07/2, or '
            "edges and animals like PPPMMM:111",
        ),
        (
            "0,0 S1 R=red",
            'line 1: "R=red" is not pieces; write it like R=red/2/1 '
            "(space=player/hunters/structure)",
        ),
        ("0,0 S1 R=red/9/0", "line 1: red would have 9 hunters on the board; a player owns 8"),
        ("0,0 S1 R=red/1/0\n1,0 S2 R=blue/1/5", "line 2: a canoe has size 1 to 4, not 5"),
    ],
)
def test_bad_notation(text, message) -> None:
    with refused(message):
        parse(text)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        # Python refuses to turn more than 4300 digits into an int: a ValueError, not a
        # RuleError, unless the notation bounds its numbers first.
        (
            "0,0 S1 R=red/" + "9" * 5000 + "/0",
            '"R=red/' + "9" * 5000 + '/0" is not pieces; '
            "write it like R=red/2/1 (space=player/hunters/structure)",
        ),
        ("9" * 5000 + ",0 S1", 'expected "<q>,<r> <tile> [pieces]", not "' + "9" * 5000 + ',0 S1"'),
    ],
    ids=["5000-digit-hunters", "5000-digit-q"],
)
def test_huge_numbers_are_refused_not_crashed_on(text, message) -> None:
    with pytest.raises(RuleError) as error:
        parse(text)
    assert str(error.value) == "line 1: " + message


@pytest.mark.parametrize("name", ["Ann Lee", "a/b", "x=y", "#1", ""])
def test_dump_refuses_a_name_the_notation_cannot_write(name) -> None:
    board = Board.new_game().put(((0, 0), RIVER), Pieces(name, 1))
    with pytest.raises(RuleError) as error:
        dump(board)
    assert str(error.value) == (
        f"the notation cannot write the player name {json.dumps(name)}: use a name without "
        "spaces, /, = or #"
    )
