"""The square as each player sees it from their own side of the table, and back.

Glossary
--------
north-up grid
    How the square is stored and scored (``square.Square``, DESIGN's ``grid``): rows run
    north → south, columns west → east. South sits at the bottom edge.
view of a side
    The same square turned so that ``side`` is at the bottom edge, as the player on that
    side sees the cards on the table in front of them: rows run away from them (far row
    first), columns from their left to their right. South's view is the north-up grid;
    North's is it turned upside down; West's and East's are turned a quarter.

A phone shows and takes the square in its player's view; ``to_view`` and ``from_view``
turn a whole grid, ``cell_from_view`` one tapped place, ``line_from_view`` one row or
column of the view (a line of a view is a line of the grid, perhaps of the other kind).
They are exact inverses (a property test holds them to it), and the nearest cards a side
sees (L2) are the bottom cards of its view's columns.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, TypeVar

from games.lion_square.square import SIZE, Side

T = TypeVar("T")
Grid = Sequence[Sequence[T]]

#: Quarter turns clockwise that bring each side to the bottom edge (a quarter turn
#: clockwise moves what lay east to the south).
_TURNS: Final = {Side.S: 0, Side.E: 1, Side.N: 2, Side.W: 3}


def _turn(grid: Grid[Any]) -> list[list[Any]]:
    """A quarter turn clockwise: what lay north now lies east."""
    return [[grid[SIZE - 1 - c][r] for c in range(SIZE)] for r in range(SIZE)]


def _check(grid: Grid[Any]) -> None:
    if len(grid) != SIZE or any(len(row) != SIZE for row in grid):
        raise ValueError("a square grid is 3 rows of 3 cells")


def _turned(grid: Grid[T], quarter_turns: int) -> list[list[T]]:
    _check(grid)
    turned = [list(row) for row in grid]
    for _ in range(quarter_turns % 4):
        turned = _turn(turned)
    return turned


def to_view(grid: Grid[T], side: Side) -> list[list[T]]:
    """The north-up ``grid`` as the player on ``side`` sees it (their side at the bottom)."""
    return _turned(grid, _TURNS[Side(side)])


def from_view(grid: Grid[T], side: Side) -> list[list[T]]:
    """A grid seen from ``side`` back to north-up (the inverse of ``to_view``)."""
    return _turned(grid, -_TURNS[Side(side)])


def _cell(row: int, column: int, quarter_turns: int) -> tuple[int, int]:
    """Where the cell ``(row, column)`` of a grid turned ``quarter_turns`` came from."""
    if not (0 <= row < SIZE and 0 <= column < SIZE):
        raise ValueError("row and column are 0 to 2")
    marks = [[(r, c) for c in range(SIZE)] for r in range(SIZE)]
    found: tuple[int, int] = _turned(marks, quarter_turns)[row][column]
    return found


def cell_from_view(row: int, column: int, side: Side) -> tuple[int, int]:
    """The north-up place of the cell at ``(row, column)`` of ``side``'s view."""
    return _cell(row, column, _TURNS[Side(side)])


def cell_to_view(row: int, column: int, side: Side) -> tuple[int, int]:
    """Where the north-up cell ``(row, column)`` appears in ``side``'s view."""
    return _cell(row, column, -_TURNS[Side(side)])


def line_from_view(line: str, index: int, side: Side) -> tuple[str, int]:
    """The north-up line (``"row"`` or ``"column"``, index) that is line ``index`` of
    ``side``'s view: West's and East's rows are columns of the grid."""
    if line not in ("row", "column"):
        raise ValueError('a line is a "row" or a "column"')
    ends = [(index, c) if line == "row" else (c, index) for c in (0, 1)]
    (row, column), (next_row, _) = (cell_from_view(*place, side) for place in ends)
    return ("row", row) if row == next_row else ("column", column)
