"""A whole Bison round played by the rules (``games.bison.fold``), seeded: each player's
four actions in turn — the round's tile with its hunters first, then moves (one hunter or
a split), tents, canoes and gathers where the rules and stocks allow, else an action
without hunters (B6) — for the photo proposal's tests (issue 32, item 6): the proposal
of a 4-player round is ``explain.explain(before, explain.as_reading(after))``, what a
perfect photo of the round's board gives, without the cost of a photo."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.bison import fold
from games.bison.catalog import CATALOG
from games.bison.economy import action_cost, default_payment
from games.bison.rounds import ACTIONS_PER_ROUND
from games.errors import RuleError

#: The actions tried without hunters when no board action fits (B6).
GAINS = ("move_1", "move_3", "gather", "tent", "canoe", "place_tile")


def applied_or_kept(state: fold.State, event: Mapping[str, Any]) -> fold.State:
    """``state`` after ``event`` played with the referee's override (a random action need
    not be the seat's turn), or ``state`` as it was when the fold still refuses it."""
    try:
        return fold.apply(state, {**event, "override": True})
    except RuleError:
        return state


def _candidates(state: fold.State, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    colour, taken, ref = state.colours[seat], state.rounds.markers[seat], fold.space_ref
    if "place_tile" not in taken:
        used = {p.catalog_id for p in state.board.tiles.values()}
        bag = sorted(t for t in CATALOG if t not in used and not CATALOG[t].start)
        at = rng.choice(fold.legal_hexes(state))
        return [
            {
                "action": "place_tile",
                "at": list(at),
                "tile": rng.choice(bag),
                "rotation": rng.randrange(6),
                "space": space,
                "hunters": rng.randint(1, 2),
            }
            for space in ("prairie", "mountain", "river")
        ]
    mine = [s for s, p in sorted(state.board.pieces.items()) if p.player == colour]
    out: list[dict[str, Any]] = []
    for source in mine:
        here = state.board.pieces[source].hunters
        for action in ("move_1", "move_3"):
            goals = sorted(fold.destinations(state, seat, source, action)) if here else []
            if action in taken or not goals:
                continue
            goal = rng.choice(goals)
            out.append(
                {
                    "action": action,
                    "moves": [{"from": ref(state, source), "to": ref(state, goal), "hunters": 1}],
                }
            )
            if here >= 2 and len(goals) >= 2:  # a split move
                a, b = rng.sample(goals, 2)
                moves = [
                    {"from": ref(state, source), "to": ref(state, g), "hunters": 1} for g in (a, b)
                ]
                out.append({"action": action, "moves": moves})
        kind = "canoe" if source[1] == "river" else "tent"
        if kind not in taken:
            for size in fold.build_sizes(state, seat, source)[:1]:
                out.append(
                    {"action": kind, "builds": [{"space": ref(state, source), "size": size}]}
                )
    if "gather" not in taken and len(mine) > 1:
        goal, source = mine[0], mine[1]
        if state.board.pieces[goal].hunters and state.board.pieces[source].hunters:
            hunters = state.board.pieces[source].hunters
            out.append(
                {
                    "action": "gather",
                    "gather": {
                        "to": ref(state, goal),
                        "from": [{"space": ref(state, source), "hunters": hunters}],
                    },
                }
            )
    rng.shuffle(out)
    return out


def play_round(state: fold.State, seed: int) -> fold.State:
    """The board after one whole round played by the rules (every seat four actions)."""
    rng = random.Random(seed)
    players = len(state.players)
    for _ in range(ACTIONS_PER_ROUND):
        for offset in range(players):
            seat = (state.rounds.start_seat + offset) % players
            for action in _candidates(state, seat, rng):
                event = {"type": "play", "seat": seat, "override": True, **action}
                try:
                    cost = action_cost(fold.hunters_used(state, event))
                    if cost > 0:
                        event["payment"] = default_payment(state.stocks[seat], cost).as_dict()
                    state = fold.apply(state, event)
                    break
                except RuleError:
                    continue
            else:
                for action in GAINS:
                    gain = {
                        "type": "action",
                        "seat": seat,
                        "action": action,
                        "hunters": 0,
                        "gain": rng.choice(("bison", "salmon", "turkey")),
                        "override": True,
                    }
                    try:
                        state = fold.apply(state, gain)
                        break
                    except RuleError:
                        continue
    return state
