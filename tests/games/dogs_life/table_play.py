"""Playing a Dog's Life table as the companion does (prepare, then apply), for the tests of
the fold and of the turns."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import strategies as st

from games.dogs_life import fold as table
from games.dogs_life.game import Game
from games.errors import RuleError
from games.table import Player

PLAYERS = (Player("Ann", "red"), Player("Ben", "blue"), Player("Cho", "green"))


def new(**settings_: Any) -> Game:
    """Three players with Fifi, Butch and Vagabond; ``settings_`` on top."""
    return table.new_state(PLAYERS, {"dogs": ["fifi", "butch", "vagabond"], **settings_})


def play(state: Game, *events: dict[str, Any], seed: int = 1) -> tuple[Game, list[dict]]:
    """The state after ``events`` and the events as stored (prepared with one seeded rng)."""
    rng = random.Random(seed)
    stored = []
    for event in events:
        prepared = table.prepare(state, event, rng)
        state = table.apply(state, prepared)
        stored.append(prepared)
    return state, stored


def refusal(state: Game, event: dict[str, Any]) -> str:
    """The English text of the RuleError that ``event`` meets (failing if it is accepted)."""
    with pytest.raises(RuleError) as error:
        table.apply(state, table.prepare(state, event, random.Random(0)))
    return str(error.value)


def draws(
    seats: st.SearchStrategy[Any],
    sections: st.SearchStrategy[str],
    addresses: st.SearchStrategy[int],
    against: st.SearchStrategy[int],
) -> st.SearchStrategy[dict[str, Any]]:
    """Random ``draw`` events (a card drawn at a section's address, maybe against a dog) for
    the random-play properties."""
    return st.builds(
        lambda s, sec, a, o: {
            "type": "draw",
            "seat": s,
            "section": sec,
            "address": a,
            "against": o,
        },
        seats,
        sections,
        addresses,
        against,
    )


def adjusts(
    seats: st.SearchStrategy[Any], deltas: st.SearchStrategy[int]
) -> st.SearchStrategy[dict[str, Any]]:
    """Random ``adjust`` events of a dog's counters (hunger, bladder, bones)."""
    return st.builds(
        lambda s, c, d: {"type": "adjust", "seat": s, "counter": c, "delta": d},
        seats,
        st.sampled_from(["hunger", "bladder", "bones"]),
        deltas,
    )
