"""Age of Hunting's outcome (H2, ``games.outcome``): over at the end of the last turn; the
score is the final count; equal totals are decided by fewer pieces left, then more cave
food, then shared."""

from __future__ import annotations

from games.errors import N_, Phrase
from games.hunting_age.fold import TableState, scores
from games.outcome import CAVE_FOOD, PIECES_LEFT, SHARED, Outcome, ranks_from

#: The editions in words (the table's ``edition`` setting).
EDITIONS = {"campfire": N_("Campfire edition"), "original": N_("Original edition")}
_TIE_BREAKS = {"total": None, "pieces_left": PIECES_LEFT, "cave_food": CAVE_FOOD}


def outcome(state: TableState) -> Outcome | None:
    if not state.over:
        return None
    final = scores(state)
    totals = tuple(int(score["total"]) for score in final["scores"])
    tie_break = _TIE_BREAKS.get(final["decided_by"], SHARED)
    edition = EDITIONS.get(state.edition)
    return Outcome(
        totals,
        ranks_from(final["ranking"], len(totals)),
        tuple(final["winners"]),
        tie_break,
        state.start_player,
        state.edition,
        board=(Phrase(edition),) if edition else (),
    )
