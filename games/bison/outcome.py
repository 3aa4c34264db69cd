"""Bison's outcome (B10, ``games.outcome``): over after the final scoring; the score is a
player's total stock; equal totals are decided by the larger smallest stock, then shared."""

from __future__ import annotations

from games.bison.table.scoring import winning_seats
from games.bison.table.state import State
from games.errors import N_, Phrase
from games.outcome import SHARED, SMALLEST_STOCK, Outcome, ranks_from


def outcome(state: State) -> Outcome | None:
    if not state.final_scored:
        return None
    totals = [stocks.total for stocks in state.stocks]
    keys = {seat: (stocks.total, stocks.smallest) for seat, stocks in enumerate(state.stocks)}
    ranking = [
        [seat for seat, key in keys.items() if key == value]
        for value in sorted(set(keys.values()), reverse=True)
    ]
    winners = tuple(winning_seats(state))
    level = [seat for seat, total in enumerate(totals) if total == max(totals)]
    if len(level) == 1:
        tie_break = None
    elif len(winners) < len(level):
        tie_break = SMALLEST_STOCK
    else:
        tie_break = SHARED
    settings = state.settings
    variant = "variant 2" if settings.variant_2 else "variant 1" if settings.variant_1 else None
    board = (
        (Phrase(N_("Variant 2")),)
        if settings.variant_2
        else (Phrase(N_("Variant 1")),)
        if settings.variant_1
        else ()
    )
    return Outcome(
        tuple(totals),
        ranks_from(ranking, len(totals)),
        winners,
        tie_break,
        settings.start_seat,
        variant,
        board=board,
    )
