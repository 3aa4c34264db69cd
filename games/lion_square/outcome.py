"""Lion Square's outcome (L3, ``games.outcome``): over when a herd is at 0 or less or after
round 3; the score is the herd as L2 left it, below 0 too (``fold.final_herds``: the
counter stops at 0, "0 or less" herds rank by their values); equal herds share the win;
when every herd is 0 or less the lions win and nobody is ranked."""

from __future__ import annotations

from games.lion_square.fold import State, final_herds, game_over, ranking
from games.outcome import LIONS, Outcome, ranks_from, shared_or_none


def outcome(state: State) -> Outcome | None:
    if not game_over(state):
        return None
    herds = tuple(final_herds(state))  # below 0 kept (L3)
    winners = tuple(state.winners)
    first = state.history[0].start if state.history else state.start
    tie_break = LIONS if state.lions_win else shared_or_none(winners)
    return Outcome(herds, ranks_from(ranking(state), len(herds)), winners, tie_break, first, None)
