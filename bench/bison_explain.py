"""Benchmark: a photographed 4-player round explained as actions (issue 32, item 4).

Each round is played as a table plays it, from a fixed seed: a mid-game board (the start
tiles and 9 more placed by the rules, every player's hunters on it), then every player
takes up to 4 actions in turn order, each a random legal ``play`` applied by the fold:
its tile placed with 1–3 hunters, moves of 1–3 hunters (split among destinations),
a gather, a tent or canoe built from the hunters on its space. The board after the
round is what a perfect photo reads (``explain.as_reading``); ``explain.explain`` of it
(every space in view) is timed. Counts the rounds explained with a correction (none is
expected: every change was made by legal actions) and the players whose proposed food is
more than they really paid (none: the search proposes the cheapest).

Ends with the line
``bison explain: median M ms, max X ms CPU per 4-player round (N rounds); corrections C,
dearer than played D``. Goal: well under a second a round.

    .venv/bin/python bench/bison_explain.py --rounds 40
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from _kit import browser_kits_on_path

from games.bison import explain
from games.bison import fold as table
from games.bison.catalog import DRAW_IDS
from games.bison.table.board import legal_hexes
from games.bison.tiles import SPACES, STRUCTURE_ON
from games.table import Player

browser_kits_on_path()  # tests/support: the round's refused actions skipped as the tests do
from bison_round import applied_or_kept  # noqa: E402

PLAYERS = tuple(
    Player(name, colour)
    for name, colour in (("Yui", "yellow"), ("Ren", "red"), ("Gen", "green"), ("Bea", "blue"))
)


def midgame(rng: random.Random) -> tuple[table.State, list[str]]:
    """9 tiles beyond the start, 2 hunters of each player on free spaces; the tiles left."""
    state = table.new_state(PLAYERS, {})
    tiles = list(DRAW_IDS)
    rng.shuffle(tiles)
    for tile in tiles[:9]:
        at = rng.choice(legal_hexes(state))
        event = {"type": "tile", "at": list(at), "tile": tile, "rotation": rng.randrange(6)}
        state = table.apply(state, event)
    free = [(at, t) for at in sorted(state.board.tiles) for t in SPACES]
    rng.shuffle(free)
    for seat in range(len(PLAYERS)):
        for _ in range(2):
            (q, r), terrain = free.pop()
            event = {"type": "pieces", "at": [q, r], "space": terrain, "seat": seat, "hunters": 1}
            state = table.apply(state, event)
    return state, tiles[9:]


def _ref(state: table.State, space: Any) -> dict[str, Any]:
    return table.space_ref(state, space)


def random_play(
    rng: random.Random, state: table.State, seat: int, action: str, tile: str
) -> dict[str, Any] | None:
    colour = state.colours[seat]
    own = sorted(s for s, p in state.board.pieces.items() if p.player == colour and p.hunters)
    base: dict[str, Any] = {"type": "play", "seat": seat, "action": action}
    if action == "place_tile":
        at = rng.choice(legal_hexes(state))
        supply = state.supplies[seat].hunters_supply
        if not supply:
            return None
        return base | {
            "at": list(at),
            "tile": tile,
            "rotation": rng.randrange(6),
            "space": rng.choice(SPACES),
            "hunters": rng.randint(1, min(3, supply)),
        }
    if not own:
        return None
    if action in ("move_1", "move_3"):
        source = rng.choice(own)
        goals = sorted(table.destinations(state, seat, source, action))
        if not goals:
            return None
        have = state.board.pieces[source].hunters
        picked = rng.sample(goals, min(len(goals), rng.randint(1, min(3, have))))
        moves = [{"from": _ref(state, source), "to": _ref(state, g), "hunters": 1} for g in picked]
        return base | {"moves": moves}
    if action == "gather":
        if len(own) < 2:
            return None
        goal = rng.choice(own)
        source = rng.choice([s for s in own if s != goal])
        gather = {"to": _ref(state, goal), "from": [{"space": _ref(state, source), "hunters": 1}]}
        return base | {"gather": gather}
    fitting = [s for s in own if STRUCTURE_ON[s[1]] == action]
    if not fitting:
        return None
    space = rng.choice(fitting)
    size = rng.randint(1, min(2, state.board.pieces[space].hunters))
    return base | {"builds": [{"space": _ref(state, space), "size": size}]}


def play_round(rng: random.Random) -> tuple[table.State, table.State]:
    before, tiles = midgame(rng)
    state = before
    plans = {
        seat: rng.sample(["move_1", "move_3", "gather", "tent", "canoe"], 3)
        for seat in range(len(PLAYERS))
    }
    for turn in range(4):
        for seat in range(len(PLAYERS)):
            action = "place_tile" if turn == 0 else plans[seat][turn - 1]
            event = random_play(rng, state, seat, action, tiles[seat])
            if event is not None:
                state = applied_or_kept(state, event)
    return before, state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=40)
    parser.add_argument("--seed", type=int, default=32)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    times, corrections, dearer = [], 0, 0
    for _ in range(args.rounds):
        before, after = play_round(rng)
        reading = explain.as_reading(after)
        # CPU time: the figure of an idle machine even on a shared one.
        start = time.process_time()
        result = explain.explain(before, reading, hidden=())
        times.append((time.process_time() - start) * 1000)
        assert explain.reproduces(before, result.steps, reading, hidden=())
        corrections += any(step.event["type"] == "correct" for step in result.steps)
        for seat in range(len(PLAYERS)):
            paid = before.stocks[seat].total - after.stocks[seat].total
            proposed = sum(step.cost for step in result.steps if step.seat == seat)
            dearer += proposed > paid
    print(
        f"bison explain: median {statistics.median(times):.0f} ms, max {max(times):.0f} ms CPU "
        f"per 4-player round ({len(times)} rounds); corrections {corrections}, "
        f"dearer than played {dearer}"
    )


if __name__ == "__main__":
    main()
