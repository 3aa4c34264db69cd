"""Whose turn it is at a Bison table, and the start player by name (B4, B6).

Glossary
--------
turn
    ``Turn``: where the table stands for the phones — the round, whose action is next (in
    turn order, B6) and which of their 4 actions it is, whether that player still has to
    place their tile, whether the round is complete (ready to score) and whether the game
    is over and scored (B10). Derived from the state alone, never stored.
start player
    The seat holding the totem in round 1 (the youngest player, B4), chosen at setup by
    name: ``seat_named`` turns the name into the ``start_seat`` setting.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.bison.rounds import ACTIONS_PER_ROUND
from games.bison.table.state import State
from games.errors import N_, RuleError
from games.table import Player


@dataclass(frozen=True, slots=True)
class Turn:
    """Where the table stands: see the module glossary."""

    round: int
    rounds: int
    seat: int | None  # whose action is next; None when nobody's (round complete, or over)
    name: str | None
    action: int  # which of the seat's actions this is, 1–4 (0 when nobody's turn)
    tile_due: bool  # the seat has not placed this round's tile yet
    round_complete: bool  # everyone took their actions: the board can be scored
    finished: bool  # the last round is over
    final_scored: bool  # the final scoring is done
    locked: bool  # ... and locked: nothing changes until reopened (B10)

    def is_turn_of(self, seat: int) -> bool:
        """Whether ``seat``'s phone should say "your turn"."""
        return self.seat == seat


def turn(state: State) -> Turn:
    """Whose turn it is now (B6: one action at a time, clockwise from the totem).

    The phone of ``Turn.seat`` shows "your turn"; every phone names ``Turn.name``."""
    rounds = state.rounds
    seat = rounds.next_seat
    return Turn(
        round=rounds.round,
        rounds=rounds.rounds,
        seat=seat,
        name=None if seat is None else state.names[seat],
        action=0 if seat is None else ACTIONS_PER_ROUND - rounds.actions_left(seat) + 1,
        tile_due=seat is not None and rounds.tile_due(seat),
        round_complete=rounds.round_complete,
        finished=rounds.finished,
        final_scored=state.final_scored,
        locked=state.locked,
    )


def seat_named(players: Sequence[Player], name: object) -> int:
    """The seat of the player called ``name``: the start player chosen by name (B4).

    The first seat with that name when two players share it (the setup form offers seats
    by name and number then)."""
    for seat, player in enumerate(players):
        if player.name == name:
            return seat
    raise RuleError(
        N_("no player is called {name}; the players are {names}"),
        name=str(name),
        names=", ".join(p.name for p in players),
    )
