"""A finished game's result, as a play keeps it: the game's own ``outcome`` (its rules,
``games.<package>.outcome``: B10, L3, H2, D3), asked through the games this app offers.

A game whose rules give no outcome (a test game) keeps no plays. The outcome's words and
codes are ``games.outcome``'s, named here too for the plays' readers.
"""

from __future__ import annotations

from companion import registry
from games.outcome import (
    CAVE_FOOD,
    LIONS,
    PIECES_LEFT,
    SHARED,
    SMALLEST_STOCK,
    TIE_BREAK_WORDS,
    TIE_BREAKS,
    Outcome,
    ranks_from,
)

__all__ = [
    "CAVE_FOOD",
    "LIONS",
    "PIECES_LEFT",
    "SHARED",
    "SMALLEST_STOCK",
    "TIE_BREAKS",
    "TIE_BREAK_WORDS",
    "Result",
    "ranks_from",
    "result",
]

#: A play's result is the game's outcome.
Result = Outcome


def result(game: str, state: object) -> Outcome | None:
    """``state``'s outcome once the game ``game`` is over, else None (and None for a game
    this app does not offer)."""
    rules = registry.get(game)
    return rules.outcome(state) if rules is not None else None
