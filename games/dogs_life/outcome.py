"""A Dog's Life's outcome (D3, ``games.outcome``): over when a dog buried the bones to win
(or, timed, when time is up: most bones); the score is the buried bones; equal counts
share the win; each player's role is their dog, shown in the dog's colour (the table's);
the start player is the dog whose turn came first."""

from __future__ import annotations

from games.dogs_life import game as rules
from games.dogs_life.catalog import dog as dog_catalog
from games.dogs_life.fold import game_over
from games.errors import N_, Phrase
from games.outcome import Outcome, ranks_from, shared_or_none


def outcome(state: rules.Game) -> Outcome | None:
    if not game_over(state):
        return None
    bones = tuple(dog.buried for dog in state.dogs)
    winners = tuple(rules.winners(state))
    settings = state.settings
    variants, board = [], []
    if settings.timed_minutes is not None:
        variants.append(f"timed {settings.timed_minutes} min")
        board.append(Phrase(N_("timed, {minutes} min"), minutes=settings.timed_minutes))
    if settings.bones_to_win != rules.Settings().bones_to_win:
        variants.append(f"{settings.bones_to_win} bones")
        board.append(Phrase(N_("{count} bones to win"), count=settings.bones_to_win))
    dogs = [dog_catalog(d.dog) for d in state.dogs]
    return Outcome(
        bones,
        ranks_from(rules.ranking(state), len(bones)),
        winners,
        shared_or_none(winners),
        state.first,  # the dog whose turn came first (turns then go clockwise)
        ", ".join(variants) or None,
        roles=tuple(d.name for d in dogs),
        colours=tuple(d.colour for d in dogs),
        board=tuple(board),
    )
