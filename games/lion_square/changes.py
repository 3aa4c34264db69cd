"""Lion Square's changes (``games.changes``): one frozen dataclass per event type, read once
from JSON and carried typed to the fold (``fold.apply_change``).

Each ``from_json`` checks the event's shape (JSON types, a place 0–2, a count 0–32); what
depends on the table (a seat of this table, a round still open, the deck's supply) is the
fold's. The JSON is the one docs/contracts.md documents, unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Final, Self

from games import changes as base
from games.changes import ChangeSet, CounterAdjust, JSONObject, optional_seat, whole
from games.errors import N_, RuleError
from games.lion_square import rules
from games.lion_square.square import GAZELLE, SIZE, Cell, Square, parse_cell

#: The generic counters (``adjust``) and their ranges: the herd card's 0–20.
COUNTERS: Final = {"herd": (0, rules.HERD_CARD_MAX)}
#: The two kinds of line a player may take (a row or a column of the north-up grid).
LINES: Final = ("row", "column")


def _place(raw: Mapping[str, object], key: str) -> int:
    return whole(raw, key, 0, SIZE - 1)


def _count(raw: Mapping[str, object]) -> int:
    count = whole(raw, "count")
    if count > rules.DECK_CARDS:
        raise RuleError(N_("count must be at most 32, the cards in the deck"))
    return count


def _delta(raw: Mapping[str, object]) -> int:
    return whole(raw, "delta", None)


def _cell_json(cell: Cell) -> int | str | None:
    return "G" if cell is GAZELLE else cell if isinstance(cell, int) else None


@dataclass(frozen=True, slots=True)
class Adjust(CounterAdjust):
    """``adjust``: correct a seat's herd by ``delta``."""

    counters: ClassVar[Mapping[str, object]] = COUNTERS


@dataclass(frozen=True, slots=True)
class SetSquare:
    """``set_square``: the whole square at once (rows north → south)."""

    kind: ClassVar[str] = "set_square"
    keys: ClassVar[frozenset[str]] = frozenset({"grid"})
    grid: Square

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Self:
        return cls(Square.from_json(raw.get("grid"), field="grid"))

    def to_json(self) -> JSONObject:
        return {"type": self.kind, "grid": [list(row) for row in self.grid.to_json()]}


@dataclass(frozen=True, slots=True)
class SetCell:
    """``set_cell``: one place of the square (north-up), ``card`` None to clear it."""

    kind: ClassVar[str] = "set_cell"
    keys: ClassVar[frozenset[str]] = frozenset({"row", "column", "card"})
    row: int
    column: int
    card: Cell

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Self:
        row, column = _place(raw, "row"), _place(raw, "column")
        if "card" not in raw:
            raise RuleError(N_('card is missing: a number, "G" for a gazelle or null to clear'))
        return cls(row, column, parse_cell(raw["card"], field="card"))

    def to_json(self) -> JSONObject:
        return {
            "type": self.kind,
            "row": self.row,
            "column": self.column,
            "card": _cell_json(self.card),
        }


@dataclass(frozen=True, slots=True)
class _SeatCount(base.Seated):
    """A seat's count of cards (0–32), set outright."""

    keys: ClassVar[frozenset[str]] = frozenset({"seat", "count"})
    count: int

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        return cls(seat, _count(raw))

    def _fields(self, out: JSONObject) -> None:
        out["count"] = self.count


@dataclass(frozen=True, slots=True)
class _SeatDelta(base.Seated):
    """One tap of a seat's stepper (issue 35: taps sent late all apply)."""

    keys: ClassVar[frozenset[str]] = frozenset({"seat", "delta"})
    delta: int

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        return cls(seat, _delta(raw))

    def _fields(self, out: JSONObject) -> None:
        out["delta"] = self.delta


@dataclass(frozen=True, slots=True)
class SetTaken(_SeatCount):
    """``set_taken``: the cards ``seat`` took this round."""

    kind: ClassVar[str] = "set_taken"


@dataclass(frozen=True, slots=True)
class SetGazelles(_SeatCount):
    """``set_gazelles``: the gazelles left in ``seat``'s hand."""

    kind: ClassVar[str] = "set_gazelles"


@dataclass(frozen=True, slots=True)
class AddTaken(_SeatDelta):
    """``add_taken``: one tap of the taken-cards stepper."""

    kind: ClassVar[str] = "add_taken"


@dataclass(frozen=True, slots=True)
class AddGazelles(_SeatDelta):
    """``add_gazelles``: the same tap for the gazelles in hand."""

    kind: ClassVar[str] = "add_gazelles"


@dataclass(frozen=True, slots=True)
class SetLast:
    """``set_last``: who laid the last card (L3: the next start), None when not known."""

    kind: ClassVar[str] = "set_last"
    keys: ClassVar[frozenset[str]] = frozenset({"seat"})
    seat: int | None

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Self:
        return cls(optional_seat(raw))

    def to_json(self) -> JSONObject:
        return {"type": self.kind, "seat": self.seat}


@dataclass(frozen=True, slots=True)
class TakeLine(base.Seated):
    """``take_line``: ``seat`` takes every card of one line (north-up) in one tap."""

    kind: ClassVar[str] = "take_line"
    keys: ClassVar[frozenset[str]] = frozenset({"seat", "line", "index"})
    line: str
    index: int

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        line = raw.get("line")
        if not isinstance(line, str) or line not in LINES:
            raise RuleError(
                N_('line must be "row" or "column"; got {value!r}'),
                value=str(line)[:20],
            )
        return cls(seat, line, _place(raw, "index"))

    def _fields(self, out: JSONObject) -> None:
        out["line"] = self.line
        out["index"] = self.index


@dataclass(frozen=True, slots=True)
class ScoreRound(base.Bare):
    """``score_round``: L2 applied to every herd."""

    kind: ClassVar[str] = "score_round"


@dataclass(frozen=True, slots=True)
class NextRound(base.Bare):
    """``next_round``: the next round, started by L3's start player."""

    kind: ClassVar[str] = "next_round"


LionChange = (
    Adjust
    | SetSquare
    | SetCell
    | SetTaken
    | AddTaken
    | SetGazelles
    | AddGazelles
    | SetLast
    | TakeLine
    | ScoreRound
    | NextRound
)

#: Every change of Lion Square, in the order docs/contracts.md lists them.
CHANGES: Final[ChangeSet[LionChange]] = ChangeSet.of(LionChange)
#: The change ``raw`` holds, or the ``RuleError`` naming what is wrong.
from_json: Final = CHANGES.from_json
