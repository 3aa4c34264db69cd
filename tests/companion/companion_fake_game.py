"""A tiny game fold for the platform tests: one ``points`` counter per seat (0–99).

It follows games/table.py like the real games, so the platform can be tested without
depending on any one game's rules. Events: ``adjust`` (generic), ``roll`` (chance: the
die is filled in by ``prepare``) and ``boom`` (always refused).
"""

from __future__ import annotations

import random
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from games.errors import N_, RuleError
from games.registry import Game
from games.table import Player, Rules, check_range, parse_adjust, player_count

GAME = "counters-test"
TITLE = "Counters"
COUNTERS: dict[str, tuple[int, int]] = {"points": (0, 99)}


@dataclass(frozen=True, slots=True)
class State:
    players: tuple[Player, ...]
    points: tuple[int, ...]
    start: int
    rolls: tuple[int, ...] = ()


def new_state(players: Sequence[Player], settings: Mapping[str, Any]) -> State:
    player_count(len(players), 2, 4)
    start = settings.get("start", 10)
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start <= 99:
        raise RuleError(
            N_("{counter} would be {value}; it must stay between {low} and {high}"),
            counter="start",
            value=start,
            low=0,
            high=99,
        )
    return State(tuple(players), (start,) * len(players), start)


def prepare(state: State, event: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    if event.get("type") == "roll" and "die" not in event:
        return {**event, "die": rng.randint(1, 6)}
    return event


def apply(state: State, event: Mapping[str, Any]) -> State:
    kind = event.get("type")
    if kind == "adjust":
        change = parse_adjust(event, len(state.players), COUNTERS)
        value = check_range(
            change.counter, state.points[change.seat] + change.delta, COUNTERS[change.counter]
        )
        points = list(state.points)
        points[change.seat] = value
        return replace(state, points=tuple(points))
    if kind == "roll":
        die = event.get("die")
        if isinstance(die, bool) or not isinstance(die, int) or not 1 <= die <= 6:
            raise RuleError(N_("delta must be a whole number"))
        return replace(state, rolls=(*state.rolls, die))
    if kind == "boom":
        raise RuleError(N_("there is nothing to undo"))
    raise RuleError(
        N_("unknown counter {counter!r}; expected one of: {names}"),
        counter=kind,
        names="adjust, roll",
    )


def counters(state: State) -> list[dict[str, int]]:
    return [{"points": value} for value in state.points]


def to_json(state: State) -> dict[str, Any]:
    return {"points": list(state.points), "rolls": list(state.rolls)}


def describe(event: Mapping[str, Any], players: Sequence[Player]) -> tuple[str, dict[str, Any]]:
    if event.get("type") == "adjust":
        return (
            N_("{counter} of {name} minus one")
            if event["delta"] < 0
            else N_("{counter} of {name} plus one"),
            {"counter": event["counter"], "name": players[event["seat"]].name},
        )
    return N_("a change"), {}


#: The game as the test companion offers it (``app.config["GAMES"]``): no optional hooks,
#: so it runs on ``Rules``' defaults (the create form's general rows), and no panel: the
#: generic counters.
RULES = Rules(fold=sys.modules[__name__], source=Path(__file__))
ENTRY = Game(GAME, "counters_test", TITLE, lambda: RULES)
