"""A table as the views see it (``TableView``), a history line (``HistoryEntry``), and
who asks (``Viewer``: a phone's seat, None, or ``EVERYTHING`` for the CLI and imports)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import Any

from companion import registry
from companion.models import TableRow
from games.errors import N_, RuleError
from games.table import GameRules, Player


@dataclass(frozen=True, slots=True)
class TableView:
    """A table as the views see it: its players, settings, version and folded state."""

    id: str
    join_code: str
    game: str
    module: GameRules
    players: tuple[Player, ...]
    settings: Mapping[str, object]
    version: int
    state: Any
    created_at: datetime

    def counters(self) -> list[dict[str, int]]:
        counters: list[dict[str, int]] = self.module.counters(self.state)
        return counters

    def state_json(self) -> dict[str, object]:
        data: dict[str, object] = self.module.to_json(self.state)
        return data

    def counters_for(self, viewer: int | None) -> list[dict[str, object]]:
        """The counters as seat ``viewer`` may see them (None: a spectator): another
        seat's secret counters are ``None`` until the game ends."""
        return self.module.view_counters(self.state, viewer)

    def state_json_for(self, viewer: int | None) -> dict[str, object]:
        """``state_json`` as seat ``viewer`` may see it (secrets of other seats ``None``)."""
        return self.module.view_json(self.state, viewer)

    def event_for(self, event: Mapping[str, object], viewer: int | None) -> dict[str, object]:
        """A stored event as seat ``viewer`` may see it."""
        return self.module.view_event(self.state, event, viewer)

    def subject_seat(self, event: Mapping[str, object]) -> int | None:
        """The seat ``event`` is about (the acting seat is stored beside it)."""
        return self.module.subject_seat(event)

    def acts_for(self, event: Mapping[str, object], seat: int | None) -> int | None:
        """The other seat a change from ``seat``'s phone would be made for (its subject,
        when that is not ``seat``), or None: when to ask "make this change for Ben?"."""
        subject = self.subject_seat(event)
        return subject if subject is not None and subject != seat else None

    def has_secrets(self) -> bool:
        """Whether some value is still hidden from other seats (a game with secrets that
        has not ended): an export holds every secret, so a page offers it only when not."""
        return self.module.hides(self.state)

    def whose_turn(self) -> int | None:
        """The seat whose turn it is, or None (no turns in this game, or none running)."""
        return self.module.whose_turn(self.state)


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    seq: int
    seat: int | None  # the acting seat: the phone that made the change (None: unknown)
    created_at: datetime
    template: str
    params: Mapping[str, object]
    is_undo: bool
    undone: bool  # a change cancelled by a later undo
    subject: int | None = None  # the seat the change is about ("by <seat> for <subject>")
    undoes: int | None = None  # for an undo: the seq it cancelled


def rules_of(game_id: str) -> GameRules:
    module = registry.get(game_id)
    if module is None:
        raise RuleError(
            N_("unknown game {game!r}; expected one of: {names}"),
            game=game_id,
            names=", ".join(registry.games()) or "-",
        )
    return module


def players_of(row: TableRow) -> tuple[Player, ...]:
    return tuple(Player(p["name"], p["color"]) for p in row.players)


def view_of(row: TableRow, state: object) -> TableView:
    return TableView(
        id=row.id,
        join_code=row.join_code,
        game=row.game,
        module=rules_of(row.game),
        players=players_of(row),
        settings=dict(row.settings),
        version=row.version,
        state=state,
        created_at=row.created_at,
    )


class _Sees(Enum):
    """``append``'s and ``undo``'s default ``viewer``: a caller that may see every secret
    (the CLI, an import, a test); a phone's request names its seat instead."""

    ALL = "all"


#: Who asks for a change: a phone's seat (None: a phone without one), or ``EVERYTHING``.
Viewer = int | _Sees | None


EVERYTHING = _Sees.ALL
