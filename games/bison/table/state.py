"""The Bison table's state between two events, and the per-table settings (B4, B11).

Glossary
--------
Settings
    The choices made when the table is created: the start seat, variants 1 and 2 (B11),
    the placement limit from the totem (B4), whether what-if suggestions are on.
State
    A Bison table between two events: the players, the settings, each seat's ``Stocks``
    and ``Supply``, the ``Rounds`` (round, totem, action markers), the ``board`` mirror
    and the ``log`` of scorings.
ScoreRecord
    One scoring in the log: the round, whether it was the final one (B10), every seat's
    stocks after it and what the cap took (B8).
with_seat
    The seats' stocks and supplies with one seat's replaced: how a handler writes a seat.
finished
    After the final scoring (B10) the table is *locked*: it refuses every change but
    ``reopen``, which goes back to the table just before that scoring (``before_final``).
    Final scorings recorded before the lock existed (no ``lock`` and no ``overflow``
    field) do not lock, so the events that followed them still replay.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from games import fields
from games.bison.board import Board
from games.bison.components import (
    DEFAULT_MAX_TOTEM_DISTANCE,
    MAX_TOTEM_DISTANCE_LIMIT,
    MIN_TOTEM_DISTANCE,
)
from games.bison.economy import Stocks, Supply
from games.bison.rounds import Rounds
from games.errors import N_, RuleError
from games.table import Player


@dataclass(frozen=True, slots=True)
class Settings:
    """Per-table choices: who starts, the variants (B11), the placement limit (B4)."""

    start_seat: int = 0
    variant_1: bool = False  # one tent/canoe action may build several structures
    variant_2: bool = False  # variant 1, plus shrinking and removing structures
    max_totem_distance: int = DEFAULT_MAX_TOTEM_DISTANCE
    whatif: bool = False  # the app may suggest placements (games/bison/whatif.py)

    @property
    def several_structures(self) -> bool:
        """Variant 2 includes variant 1 (B11)."""
        return self.variant_1 or self.variant_2

    def as_dict(self) -> dict[str, Any]:
        return {
            "start_seat": self.start_seat,
            "variant_1": self.variant_1,
            "variant_2": self.variant_2,
            "max_totem_distance": self.max_totem_distance,
            "whatif": self.whatif,
        }


@dataclass(frozen=True, slots=True)
class State:
    """A Bison table between two events."""

    players: tuple[Player, ...]
    settings: Settings
    stocks: tuple[Stocks, ...]
    supplies: tuple[Supply, ...]
    rounds: Rounds
    board: Board = field(default_factory=Board.new_game)
    log: tuple[ScoreRecord, ...] = ()  # one entry per scoring, oldest first
    # The table just before the final scoring (B10), which a ``reopen`` event goes back to.
    before_final: State | None = None
    locked: bool = False  # finished and scored: every change refused until reopened

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(player.name for player in self.players)

    @property
    def colours(self) -> tuple[str, ...]:
        """Each seat's colour: the player id on the board (unique at a table)."""
        return tuple(player.color for player in self.players)

    def seat_of(self, colour: str) -> int:
        return self.colours.index(colour)

    @property
    def final_scored(self) -> bool:
        return bool(self.log) and self.log[-1].final


@dataclass(frozen=True, slots=True)
class ScoreRecord:
    """One scoring: the round, whether it was the final one, the stocks after, what was lost
    to the cap (B8) per seat."""

    round: int
    final: bool
    stocks: tuple[Stocks, ...]
    lost: tuple[int, ...]


def parse_settings(raw: Mapping[str, Any], players: int) -> Settings:
    if not isinstance(raw, Mapping):
        raise RuleError(N_("settings must be an object"))
    known = Settings.__dataclass_fields__  # the one list of setting names
    for name in raw:
        fields.one_of(name, known, N_("unknown setting {name!r}; expected one of: {names}"), "name")
    for name in ("variant_1", "variant_2", "whatif"):
        if name in raw and not isinstance(raw[name], bool):
            raise RuleError(N_("the setting {name} must be true or false"), name=name)
    start = fields.whole_number(raw.get("start_seat", 0), "start_seat", 0, players - 1)
    distance = fields.whole_number(
        raw.get("max_totem_distance", DEFAULT_MAX_TOTEM_DISTANCE),
        "max_totem_distance",
        MIN_TOTEM_DISTANCE,
        MAX_TOTEM_DISTANCE_LIMIT,
    )
    return Settings(
        start,
        raw.get("variant_1", False),
        raw.get("variant_2", False),
        distance,
        raw.get("whatif", False),
    )


def with_seat(
    state: State, seat: int, *, stocks: Stocks | None = None, supply: Supply | None = None
) -> tuple[tuple[Stocks, ...], tuple[Supply, ...]]:
    all_stocks, all_supplies = list(state.stocks), list(state.supplies)
    if stocks is not None:
        all_stocks[seat] = stocks
    if supply is not None:
        all_supplies[seat] = supply
    return tuple(all_stocks), tuple(all_supplies)
