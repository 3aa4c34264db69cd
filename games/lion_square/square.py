"""The square (場): the 3×3 grid of cards and what each side of the table sees of it.

Glossary
--------
square
    The cards laid in the middle of the table during a round, at most 3 wide and 3 deep
    (rulebook: 縦に3列、横に3列まで). We record it as a fixed 3×3 grid as the players see it:
    rows run north → south, columns west → east.
cell
    One place of the grid: empty (``None``), a carnivore card given by its number (any whole
    number ≥ 0 — owners of the original deck type what they see, L1), or the gazelle
    (``GAZELLE``, worth 0).
side
    An edge of the square and the seat facing it: ``S``, ``W``, ``N``, ``E``. Listed
    clockwise (seen from above with north up), which is also the order of play and of
    passing cards "to the left": S → W → N → E → S. With 3 players one side faces nobody.
line
    A row or a column. A side looks down the lines running away from it: S and N down
    the three columns, W and E along the three rows.
nearest card
    In one line, the first card met when looking from a side (L2): S takes the
    southernmost card of each column, N the northernmost, W the westernmost of each row,
    E the easternmost. An empty line shows nothing.

Text notation
-------------
``str(square)`` writes the rows north to south separated by ``/``, cells separated by
spaces: a number, ``G`` for the gazelle, ``.`` for empty — ``"3 . 1 / 2 G 0 / . 1 2"``.
``Square.parse`` reads it back (round trip), which keeps tests and examples readable.

Row and column *numbers in messages* are counted from 1 (row 1 is the northern row) since
players read them; grid indices in code and in events are 0-based like every JSON array.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import Enum, StrEnum
from typing import Final

from games.errors import N_, RuleError
from games.fields import show_value

SIZE: Final = 3


class Side(StrEnum):
    """An edge of the square, in clockwise order."""

    S = "S"
    W = "W"
    N = "N"
    E = "E"

    @property
    def clockwise_next(self) -> Side:
        """The side to this side's left: the next in the order of play."""
        order = list(Side)
        return order[(order.index(self) + 1) % len(order)]

    @classmethod
    def parse(cls, raw: object, *, field: str) -> Side:
        """A side from its letter, or a ``RuleError`` naming ``field``."""
        if isinstance(raw, str) and raw in cls.__members__:
            return cls[raw]
        raise RuleError(
            N_("{field}: unknown side {side!r}; expected S, W, N or E"),
            field=field,
            side=raw,
        )


class Gazelle(Enum):
    """The gazelle card on the square: no carnivore, worth 0 (L2)."""

    GAZELLE = "G"

    def __repr__(self) -> str:
        return "GAZELLE"


GAZELLE: Final = Gazelle.GAZELLE

Cell = int | Gazelle | None


def card_value(cell: Cell) -> int:
    """Gazelles that the card in ``cell`` costs a herd: its number; gazelle and empty 0."""
    return cell if isinstance(cell, int) else 0


def parse_cell(
    raw: object, *, field: str, row: int | None = None, column: int | None = None
) -> Cell:
    """A cell from JSON: ``null``, a whole number ≥ 0, or ``"G"``.

    A refusal names ``field`` (an API field: ``grid``, ``card``) and, for a place of a grid,
    its ``row`` and ``column`` counted from 1. Each case has its own sentence, so "row" and
    "column" are translated with it rather than glued into the field's name in English.
    """
    if raw is None:
        return None
    if raw == "G" and isinstance(raw, str):
        return GAZELLE
    place = {} if row is None or column is None else {"row": row, "column": column}
    if isinstance(raw, int) and not isinstance(raw, bool):
        if raw < 0:
            template = (
                N_("{field} row {row}, column {column} is {value}; a card number must be 0 or more")
                if place
                else N_("{field} is {value}; a card number must be 0 or more")
            )
            raise RuleError(template, field=field, value=raw, **place)
        return raw
    template = (
        N_(
            '{field} row {row}, column {column} must be a card number (0 or more), "G" for a '
            "gazelle or null for an empty place; got {value}"
        )
        if place
        else N_(
            '{field} must be a card number (0 or more), "G" for a gazelle or null for an '
            "empty place; got {value}"
        )
    )
    raise RuleError(template, field=field, value=show_value(raw), **place)


@dataclass(frozen=True, slots=True)
class Square:
    """A 3×3 grid of cells, rows north → south, columns west → east."""

    rows: tuple[tuple[Cell, ...], ...] = ((None,) * SIZE,) * SIZE

    def __post_init__(self) -> None:
        # A programming error, not a player's: every public constructor validates first.
        assert len(self.rows) == SIZE and all(len(row) == SIZE for row in self.rows)

    # --- building --------------------------------------------------------------------

    @classmethod
    def from_json(cls, raw: object, *, field: str = "grid") -> Square:
        """Validate the JSON grid (a list of 3 rows of 3 cells)."""
        if not isinstance(raw, list):
            raise RuleError(
                N_("{field} must be a list of 3 rows (north to south) of 3 cells each"),
                field=field,
            )
        if len(raw) != SIZE:
            raise RuleError(
                N_("{field} has {count} rows; expected 3 (a line holds at most 3 cards)"),
                field=field,
                count=len(raw),
            )
        rows: list[tuple[Cell, ...]] = []
        for r, row in enumerate(raw, start=1):
            if not isinstance(row, list):
                raise RuleError(
                    N_("{field} row {row} must be a list of 3 cells"), field=field, row=r
                )
            if len(row) != SIZE:
                raise RuleError(
                    N_("{field} row {row} has {count} cells; expected 3"),
                    field=field,
                    row=r,
                    count=len(row),
                )
            rows.append(
                tuple(
                    parse_cell(cell, field=field, row=r, column=c)
                    for c, cell in enumerate(row, start=1)
                )
            )
        return cls(tuple(rows))

    @classmethod
    def parse(cls, text: str) -> Square:
        """Read the text notation (see the module docstring); refusals name the place."""

        def value(token: str) -> object:
            if token == ".":
                return None
            return int(token) if token.lstrip("-").isdecimal() else token

        raw = [[value(token) for token in line.split()] for line in text.split("/")]
        return cls.from_json(raw, field="square")

    def with_cell(self, row: int, column: int, cell: Cell) -> Square:
        """This square with one cell replaced (0-based indices)."""
        rows = [list(r) for r in self.rows]
        rows[row][column] = cell
        return Square(tuple(tuple(r) for r in rows))

    # --- reading ---------------------------------------------------------------------

    def to_json(self) -> list[list[int | str | None]]:
        return [["G" if cell is GAZELLE else cell for cell in row] for row in self.rows]

    def __str__(self) -> str:
        def token(cell: Cell) -> str:
            return "." if cell is None else "G" if cell is GAZELLE else str(cell)

        return " / ".join(" ".join(token(cell) for cell in row) for row in self.rows)

    def cells(self) -> Iterator[Cell]:
        for row in self.rows:
            yield from row

    @property
    def card_count(self) -> int:
        """Cards on the square (gazelles included)."""
        return sum(cell is not None for cell in self.cells())

    @property
    def full(self) -> bool:
        """Every place holds a card: the round ends (Play)."""
        return self.card_count == SIZE * SIZE

    @property
    def gazelle_count(self) -> int:
        return sum(cell is GAZELLE for cell in self.cells())

    def lines_from(self, side: Side) -> tuple[tuple[Cell, ...], ...]:
        """The three lines running away from ``side``, nearest cell first.

        Lines are listed from the player's left to their right (S: west → east, W: north →
        south, N: east → west, E: south → north), so turning the square and the players
        together leaves every view exactly as it was.
        """
        columns = tuple(zip(*self.rows, strict=True))
        if side is Side.S:
            return tuple(column[::-1] for column in columns)
        if side is Side.W:
            return self.rows
        if side is Side.N:
            return columns[::-1]
        return tuple(row[::-1] for row in self.rows[::-1])

    def nearest(self, side: Side) -> tuple[Cell, ...]:
        """The nearest card of each line seen from ``side``, left to right (``None``: empty)."""
        return tuple(_first_card(line) for line in self.lines_from(side))

    def rotated(self) -> Square:
        """The square turned 90° clockwise: what lay north now lies east.

        A player who moves one side clockwise with it (``Side.clockwise_next``) sees
        exactly what they saw before — the symmetry the property tests rely on.
        """
        return Square(
            tuple(tuple(self.rows[SIZE - 1 - c][r] for c in range(SIZE)) for r in range(SIZE))
        )


def _first_card(line: Sequence[Cell]) -> Cell:
    return next((cell for cell in line if cell is not None), None)
