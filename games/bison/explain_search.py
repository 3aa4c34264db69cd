"""The cheapest legal explanation of one player's board change (issue 32, item 4; B6a): an
exhaustive search among the action sets the rules allow, every candidate checked by the
fold itself.

A player's change between two photos is explained by the actions that make it (B6): the
tile placed with hunters from the supply, the tents and canoes built or enlarged (from the
hunters on their space, who go back to the supply), and hunters moved by ``move_1``,
``move_3`` (B3: 1 or up to 3 points each, never stopping on another player's space, B5)
and ``gather`` (up to 5 to one space holding one of the player's hunters) — each action at
most once a round, 4 of the 6 markers (B6), at most 5 hunters an action, paid by the cost
table (B6: 1 hunter 0, 2 → 2, 3 → 4, 4 → 7, 5 → 10). What the rules say is asked of the
rules' own modules: where a hunter may go of ``movement.reachable`` (B3, B5), the cost of
``economy.action_cost``, a candidate's legality (markers, turn order lifted, the mandatory
tile, supplies, stocks, B4 placing, B5) of ``fold.apply``; nothing is re-implemented here.

Glossary
--------
unit
    One of the player's hunters, followed through the round: it starts on a space of the
    board before (or comes from the supply with the placed tile) and ends on a space of
    the photo, or goes back to the supply building the tent or canoe on its space (B6).
frame
    The actions taken, in order: the tile placed with ``k`` hunters and on which space
    (``k`` is fixed by the counts: hunters seen + hunters built into structures − hunters
    before), the builds the photo shows (what each space's structure grew by: one action
    per kind, all of a kind's builds in it, several only with variant 1, B11), a subset of
    the three moving actions not marked yet, and the gather's goal.
pattern
    The moving actions of its frame a unit takes part in; a unit may take part in several
    (a hop by ``move_1``, another by ``move_3``: 4 spaces in two actions). Which patterns
    take a unit from its start to its end is read from ``movement.reachable`` on the board
    of that moment (before or after the tile is placed).
plan
    ``Plan``: a frame with each unit's pattern, as ``play`` events applied by the fold,
    with each event's hunters and food (B6). The cheapest plan per set of markers is kept.
answers
    What the player is asked (``answers``): the cheapest plan first (proposed; then the
    fewest actions, then ``move_1`` before ``move_3`` before ``gather``: the shortest
    allowance first leaves the longer move for later in the round), then the next
    dearer food, then the same food with other markers (``move_1`` or ``move_3``), then
    further dearer foods, at most ``MAX_ANSWERS``: the photo shows the same board, so
    the player says which (issue 32, item 4). A plan as dear as one with fewer markers
    is never asked (the same board, the same food). The dearer foods are sought once the
    way to explain the round is chosen (``dearer``): the cheapest's markers played
    dearer (a split move of 2 hunters for 2 food where single moves were free), the
    cheapest's markers with one more moving action (a hunter moved out and back: the
    first search never solves those, as they are never cheaper), then the other marker
    sets found, ``DEARER_LEVELS`` foods each, in ``MAX_DEARER_FRAMES`` frames in all.
    A question asked then offers every other food the board could have cost, the
    cheapest first, up to ``MOST_ANSWERS`` answers (each the plan of exactly that food,
    ``_exactly``, in ``MAX_OTHER_FOOD_FRAMES`` frames in all): a player knows the food
    they paid. A change with one answer is asked nothing.

Bound
-----
At most 4 actions a round (3 moving ones), so per player at most 7 subsets of moving
actions × 24 orders × (3 spaces × the new tiles touching the board) places × the gather's
goals (the spaces the player holds before or after); in a frame, units (≤ 8 hunters + 5
placed) are assigned to ends and patterns (≤ 8) by a memoized search over (unit, ends
left, hunters per action), hunters per action capped at 5, pruned by the frame's fixed
cost (a frame that cannot beat the plan found for its markers, or is dominated by a plan
of fewer markers, is not solved), frames that counting alone rules out are skipped
(``_hopeless``), and ``movement.reachable`` and the hops' chains are memoized per board.
At most ``MAX_FRAMES`` frames are solved for one change (past it the answers found so far
stand: a change no action set explains would otherwise be searched through); the
property test checks the search against a brute force on boards well inside the bound.
A player's tile is sought first among the new tiles they stand on, then those nobody
stands on, then any. ``bench/bison_explain.py`` prints the time of a 4-player round
(every seat placing, moving, gathering and building).

Standard library only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from itertools import combinations, combinations_with_replacement, permutations
from math import inf
from typing import Any

from games.bison import fold
from games.bison.board import Board, Pieces
from games.bison.economy import MAX_HUNTERS_PER_ACTION, action_cost, default_payment
from games.bison.hexgrid import Hex, neighbours
from games.bison.movement import reachable
from games.bison.rounds import Action, takes_marker
from games.bison.table.play import ALLOWANCE
from games.bison.table.state import State
from games.bison.tiles import SPACES, STRUCTURE_ON
from games.errors import RuleError

Space = tuple[Hex, str]

#: The actions that only move hunters, in the order a tie is proposed (see ``answers``).
MOVING = ("move_1", "move_3", "gather")
#: The cost table (B6) by hunters, asked of ``economy.action_cost`` once: the search
#: reads it in its innermost loop.
_COST = tuple(action_cost(n) for n in range(MAX_HUNTERS_PER_ACTION + 1))
#: The most frames solved for one player's change (see Bound): past it the answers
#: found so far stand (a change no action set explains is otherwise searched through).
MAX_FRAMES = 250
#: The most answers one question offers: the cheapest and the next (issue 32: "one
#: question with both answers").
MAX_ANSWERS = 3
#: The answers the search keeps looking for cheaper ones than (``_cap``): the cheapest
#: and the next.
KEPT_CHEAPEST = 2
#: The most answers a question offers with the other foods the change could have cost
#: (``plans``: each food once, the cheapest first), and the frames those are sought in.
MOST_ANSWERS = 8
MAX_OTHER_FOOD_FRAMES = 200
#: The food the moving actions of one round may cost together (B6: a cost of the table
#: each, at most three): 1, 3 and 5 never are, so those are never searched for.
MOVING_FOODS = frozenset(
    sum(costs)
    for n in range(len(MOVING) + 1)
    for costs in combinations_with_replacement(_COST[1:], n)
)
#: How many dearer foods are sought for each set of markers found (see ``answers``).
DEARER_LEVELS = 2
#: The most frames searched for the proposed answer's markers played dearer (see
#: ``answers``): bounded, as the first search is.
MAX_DEARER_FRAMES = 160


@dataclass(frozen=True)
class Plan:
    """One legal explanation of a player's change: its events in order (as the fold
    accepted them), each with the hunters it used and the food it cost (B6), the hexes
    it touched, and the state after it."""

    events: tuple[Mapping[str, Any], ...]
    hunters: tuple[int, ...]
    costs: tuple[int, ...]
    hexes: tuple[tuple[Hex, ...], ...]
    state: State
    rank: int = 0  # the frame's place in the enumeration: ties keep the first (MOVING)
    floor: int = 0  # the least any explanation of this change may cost (a bound)
    #: The only answer of a change (asked nothing): the other foods the same board could
    #: have cost (hunters moved out and back), offered with its payment, not as answers.
    foods: tuple[int, ...] = ()

    @property
    def cost(self) -> int:
        """The food the plan costs (B6)."""
        return sum(self.costs)

    @property
    def markers(self) -> tuple[str, ...]:
        """The action markers it takes, in order."""
        return tuple(str(event["action"]) for event in self.events)


def attempt(state: State, event: Mapping[str, Any]) -> tuple[State, dict[str, Any]]:
    """``event`` applied by the fold; out of turn order only when the turn order alone
    refuses it (a photo taken once a round does not say in which order the actions were
    taken). ``RuleError`` when any other rule refuses it."""
    try:
        return fold.apply(state, event), dict(event)
    except RuleError:
        if not takes_marker(event):
            raise
    overridden = {**event, "override": True}
    return fold.apply(state, overridden), overridden


def paid(state: State, seat: int, event: dict[str, Any], hunters: int) -> dict[str, Any]:
    """The play with its pre-filled payment (B6: ``economy.default_payment``), so the
    phone shows exactly what will be paid."""
    cost = action_cost(hunters)
    if cost <= 0:
        return event
    try:
        split = default_payment(state.stocks[seat], cost)
    except RuleError:
        return event  # the fold refuses it with its own sentence
    return {
        **event,
        "payment": {"bison": split.bison, "salmon": split.salmon, "turkey": split.turkey},
    }


def own(pieces: Mapping[Space, Pieces], colour: str) -> dict[Space, Pieces]:
    return {space: p for space, p in pieces.items() if p.player == colour and not p.empty}


# -- reachability, from the rules ---------------------------------------------------------


class _Reach:
    """``movement.reachable`` for one player, memoized per board (B3, B5)."""

    def __init__(self, colour: str) -> None:
        self.colour = colour
        self.cache: dict[tuple[int, Space, int], frozenset[Space]] = {}
        self.boards: dict[int, Board] = {}
        # Where a unit may be after a chain of hops: (start, ((board, kind, goal), …)).
        self.chains: dict[tuple[Space, tuple[tuple[int, str, Space | None], ...]], frozenset[Space]]
        self.chains = {}

    def __call__(self, board: Board, start: Space, limit: int) -> frozenset[Space]:
        key = (id(board), start, limit)
        found = self.cache.get(key)
        if found is None:
            self.boards[id(board)] = board  # kept alive: ids stay unique while cached
            try:
                spots = reachable(board, self.colour, start, limit)
            except RuleError:
                spots = {}
            found = frozenset(s for s in spots if s != start)
            self.cache[key] = found
        return found


# -- one frame ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Frame:
    order: tuple[str, ...]
    spot: Space | None  # where the placed tile's hunters stand
    goal: Space | None  # the gather's goal


def _windows(order: Sequence[str]) -> list[int]:
    return [j for j, kind in enumerate(order) if kind in MOVING]


def _solve(
    frame: _Frame,
    starts: list[tuple[Space, int]],
    ends: list[tuple[Space, int]],
    boards: Sequence[Board],
    reach: _Reach,
    limit: float,
    avoid: frozenset[int] = frozenset(),
    anchored: bool = False,
) -> tuple[int, list[tuple[int, tuple[int, ...]]]] | None:
    """The cheapest assignment of units to ends and patterns in ``frame`` costing less
    than ``limit`` and none of ``avoid`` (the moving actions' food of the answers found:
    a dearer alternative is distinct in food): the moving actions' food, and for each
    start its end (an index in the sorted ends) and pattern (the moving actions it takes
    part in). ``boards[j]``: the board action ``j`` sees."""
    movers = _windows(frame.order)
    end_keys = sorted(set(ends))
    need = tuple(Counter(ends)[key] for key in end_keys)
    hops: dict[tuple[int, Space], frozenset[Space]] = {}

    def hop(j: int, at: Space) -> frozenset[Space]:
        found = hops.get((j, at))
        if found is None:
            found = hops[(j, at)] = _hop(j, at)
        return found

    def _hop(j: int, at: Space) -> frozenset[Space]:
        kind = frame.order[j]
        if kind == "gather":
            return (
                frozenset() if frame.goal is None or at == frame.goal else frozenset({frame.goal})
            )
        return reach(boards[j], at, ALLOWANCE[Action(kind)])

    patterns: dict[tuple[tuple[Space, int], tuple[Space, int]], list[tuple[int, ...]]] = {}
    for start in set(starts):
        # Where the unit may be after each subset of the moving actions after its start.
        after = [j for j in movers if j > start[1]]
        spread: list[tuple[tuple[int, ...], int, frozenset[Space]]] = []
        for size in range(len(after) + 1):
            for chosen in combinations(after, size):
                # Frames share their chains: memoized by the boards, kinds and goal.
                key = (start[0], tuple((id(boards[j]), frame.order[j], frame.goal) for j in chosen))
                at = reach.chains.get(key)
                if at is None:
                    at = frozenset({start[0]})
                    for j in chosen:
                        at = frozenset(s for a in at for s in hop(j, a))
                        if not at:
                            break
                    reach.chains[key] = at
                if at:
                    pattern = tuple(movers.index(j) for j in chosen)
                    spread.append((pattern, max(chosen, default=-1), at))
        for end in end_keys:
            patterns[(start, end)] = (
                [p for p, top, at in spread if top < end[1] and end[0] in at]
                if end[1] > start[1]
                else []
            )

    units = sorted(starts)
    if any(not any(patterns[(u, e)] for e in end_keys) for u in set(units)) or any(
        not any(patterns[(u, e)] for u in set(units)) for e in end_keys
    ):
        return None  # a unit that can end nowhere, or an end no unit reaches

    # ``anchored``: the gather (B6) goes to a space holding one of the player's hunters
    # at its turn: a unit that takes no part in it and surely stands on the goal then (it
    # started there and moved only after, or it ended there moving only before). Asked
    # when the cheapest assignment's plan was refused for it: another as dear or dearer
    # in the same frame is legal (bench seed 26, round 2: a split move, then a gather).
    gather = frame.order.index("gather") if anchored and "gather" in frame.order else None
    gathering = movers.index(gather) if gather is not None else None

    def anchors(start: tuple[Space, int], end: tuple[Space, int], pattern: tuple[int, ...]) -> bool:
        if gather is None or gathering in pattern or start[1] > gather:
            return False
        if not any(movers[m] < gather for m in pattern):
            return start[0] == frame.goal
        return not any(movers[m] > gather for m in pattern) and end[0] == frame.goal

    @cache
    def best(
        i: int, left: tuple[int, ...], counts: tuple[int, ...], floor: int, held: bool
    ) -> tuple[int, tuple[tuple[int, tuple[int, ...]], ...]] | None:
        if i == len(units):
            if any(n == 0 for n in counts):
                return None  # a moving action with no hunter is not this frame
            if gather is not None and not held:
                return None  # nobody on the gather's goal at its turn
            cost = sum(_COST[n] for n in counts)
            return (cost, ()) if cost < limit and cost not in avoid else None
        start = units[i]
        # Units on one space are alike: the next takes a choice no earlier than this one.
        same_next = i + 1 < len(units) and units[i + 1] == start
        answer = None
        choice = -1
        for e, end in enumerate(end_keys):
            for pattern in patterns[(start, end)]:
                choice += 1
                if choice < floor or not left[e]:
                    continue
                moved = list(counts)
                for m in pattern:
                    moved[m] += 1
                if max(moved, default=0) > MAX_HUNTERS_PER_ACTION:
                    continue
                # The food so far can only grow (each action will move one hunter or more).
                if sum(_COST[max(n, 1)] for n in moved) >= limit:
                    continue
                rest = best(
                    i + 1,
                    (*left[:e], left[e] - 1, *left[e + 1 :]),
                    tuple(moved),
                    choice if same_next else 0,
                    held or anchors(start, end, pattern),
                )
                if rest is not None and (answer is None or rest[0] < answer[0]):
                    answer = (rest[0], ((e, pattern), *rest[1]))
        return answer

    solved = best(0, need, (0,) * len(movers), 0, False)
    if solved is None:
        return None
    return solved[0], list(solved[1])


def _path(
    start: Space, end: Space, hops: Sequence[int], step: Callable[[int, Space], frozenset[Space]]
) -> list[Space]:
    """One concrete path through ``hops`` from ``start`` to ``end`` (it exists)."""
    layers = [{start: start}]
    for j in hops:
        layer: dict[Space, Space] = {}
        for at in layers[-1]:
            for nxt in sorted(step(j, at)):
                layer.setdefault(nxt, at)
        layers.append(layer)
    path = [end]
    for layer in reversed(layers[1:]):
        path.append(layer[path[-1]])
    return path[::-1]


# -- the search ---------------------------------------------------------------------------


def plans(
    state: State,
    seat: int,
    target: Mapping[Space, Pieces],
    new: Mapping[Hex, tuple[str, int]],
    budget: int = MAX_FRAMES,
    dearer: bool = True,
    exact: int | None = None,
) -> list[Plan]:
    """The answers (see the glossary) explaining the seat's change from ``state`` to the
    seat's pieces in ``target`` (spaces of other colours are ignored), cheapest first;
    ``new``: the photo's tiles not on the board yet (the seat's tile may be one). Empty
    when no legal action set explains it. ``dearer``: the dearer answers sought too (the
    cheapest is the same either way: an explanation comparing ways leaves them out until
    it has chosen one). ``exact``: only the plan costing exactly that food, the fewest
    markers first (the food a player says they paid for a question's line: issue 32,
    item 5), at most one."""
    colour = state.colours[seat]
    now = own(state.board.pieces, colour)
    goal = own(target, colour)
    if now == goal:
        return []
    growth: dict[Space, int] = {}
    for space in set(now) | set(goal):
        old = now.get(space, Pieces(colour)).structure
        size = goal.get(space, Pieces(colour)).structure
        if size < old:
            return []  # a structure shrank or went: variant 2 only (B11), a correction
        if size > old:
            growth[space] = size - old
    # A gain's marker is not held: the fold moves it when an action needs it (B6b).
    taken = {str(a) for a in state.rounds.held(seat)}
    kinds: dict[str, list[Space]] = {}
    for space in sorted(growth):
        kinds.setdefault(STRUCTURE_ON[space[1]], []).append(space)
    for kind, spaces in kinds.items():
        if kind in taken or sum(growth[s] for s in spaces) > MAX_HUNTERS_PER_ACTION:
            return []
        if len(spaces) > 1 and not state.settings.several_structures:
            return []  # one build an action (B6); several with variant 1 (B11)
    before = sum(p.hunters for p in now.values())
    placed = sum(p.hunters for p in goal.values()) + sum(growth.values()) - before
    if placed < 0 or placed > MAX_HUNTERS_PER_ACTION:
        return []  # hunters went back to the supply without building: no action does that
    spots: list[Space | None] = [None]
    tiles: dict[Hex, State] = {}
    if placed:
        if "place_tile" in taken:
            return []
        for at in sorted(new, key=lambda h: (h[1], h[0])):
            if not any(n in state.board.tiles for n in neighbours(at)):
                continue
            tile, rotation = new[at]
            try:
                tiles[at] = fold.apply(
                    state, {"type": "tile", "at": list(at), "tile": tile, "rotation": rotation}
                )
            except RuleError:
                continue  # B4: not here
        # Where the seat stands after the round first: the likelier spots are tried first.
        spots = [
            (at, terrain)
            for at in tiles
            for terrain in sorted(SPACES, key=lambda t: -goal.get((at, t), Pieces(colour)).hunters)
        ]
        if not spots:
            return []
    fixed = ["place_tile"] if placed else []
    fixed += sorted(kinds)
    fixed_cost = (action_cost(placed) if placed else 0) + sum(
        action_cost(sum(growth[s] for s in spaces)) for spaces in kinds.values()
    )
    # Hunters that must leave the spaces they stood on (a bound on the moving actions).
    leaving = sum(
        max(0, p.hunters - goal.get(s, Pieces(colour)).hunters - growth.get(s, 0))
        for s, p in now.items()
    )
    free = [a for a in MOVING if a not in taken]
    left = state.rounds.actions_left(seat)
    reach = _Reach(colour)
    found: dict[frozenset[str], Plan] = {}
    rank = solved = 0
    # Where a gather may go: a space holding a hunter before, or holding the player's
    # pieces after (the gathered hunters stay there, or built there, B6), or the placed
    # tile's space (its hunters are the one the gather needs there).
    goals = sorted({*(s for s, p in now.items() if p.hunters), *goal})

    def frames(moving: tuple[str, ...], exact: bool = False) -> Iterator[tuple[int, _Frame]]:
        """The frames of the moving actions ``moving`` (with the fixed ones), numbered
        as enumerated, those counting alone rules out skipped (``exact``: those only
        dearer than another kept too: hunters moved out and back)."""
        nonlocal rank
        for order in dict.fromkeys(permutations([*fixed, *moving])):
            if not _tile_early(order):
                continue
            for spot in spots:
                aims = sorted({*goals, spot}) if spot is not None else goals
                for aim in aims if "gather" in moving else [None]:
                    rank += 1
                    frame = _Frame(order, spot, aim)
                    if not _hopeless(frame, placed, now, goal, growth, kinds, exact):
                        yield rank, frame

    job = _Job(state, seat, (now, goal, growth, kinds), placed, (new, tiles), reach)

    def solve(
        frame: _Frame, limit: float, avoid: frozenset[int] = frozenset(), anchored: bool = False
    ) -> Plan | None:
        return _frame_plan(job, frame, limit, avoid, anchored)

    def exactly(food: int, most: int) -> tuple[list[Plan], int]:
        """The plan of exactly ``food`` within ``most`` frames, and the frames solved."""
        candidates = _exact_frames(food, fixed, fixed_cost, free, left, leaving, frames)
        return _exactly(food, fixed_cost, candidates, solve, most)

    if exact is not None:
        return exactly(exact, budget)[0]
    for size in range(len(free) + 1):
        for moving in combinations(free, size):
            if solved > budget:
                break
            kinds_used = [*fixed, *moving]
            if not kinds_used or len(kinds_used) > left:
                continue
            markers = frozenset(kinds_used)
            floor = fixed_cost + _least(leaving, len(moving))
            if floor >= _cap(found, markers):
                continue
            for number, frame in frames(moving):
                solved += 1
                if solved > budget:
                    break
                cap = _cap(found, markers)
                if floor >= cap:
                    break
                plan = solve(frame, cap - fixed_cost)
                if plan is None:
                    continue
                plan = replace(plan, rank=number)
                kept = found.get(markers)
                if kept is None or plan.cost < kept.cost:
                    found[markers] = plan
    if found:
        # The cheapest assignment's gather may come before a hunter holds its goal (the
        # fold refuses it, the frame is dropped) where another order of the same units
        # is legal: a move_3 onto S2's mountain, a gather there, a move_1 on, for no
        # food, proposed as 2 (found by the property test's brute force). Each food
        # below the cheapest found is tried exactly, as a player's said food is.
        cheapest = min(plan.cost for plan in found.values())
        for food in range(fixed_cost, cheapest):
            cheaper = exactly(food, budget)[0]
            if cheaper:
                found[frozenset(cheaper[0].markers)] = cheaper[0]
                break
    most = min(len(free), left - len(fixed))
    bound = fixed_cost + (_least(leaving, most) if leaving and most > 0 else 0)
    if not found:
        return []
    if not dearer:
        return [replace(plan, floor=bound) for plan in answers(list(found.values()))]
    # The marker sets found played dearer (a split move for food where single moves were
    # free, hunters moved out and back): a photo shows the same board, so the player is
    # asked which food they paid (issue 32, item 4). Each set's next dearer costs, the
    # cheapest sets first, within ``MAX_DEARER_FRAMES`` frames in all.
    pool = list(found.values())
    tried = 0
    sets = sorted(found, key=lambda m: (found[m].cost, len(m), found[m].rank))
    top = sets[0]
    # The cheapest's markers with one more moving action (a hunter moved out and back:
    # dearer, more markers; never cheaper, so the first search never solved them).
    # Only when the cheapest moves hunters at all (a tile placed alone is asked nothing).
    moves = bool(set(top) & set(MOVING))
    wider = [
        top | {kind}
        for kind in MOVING
        if moves and kind not in top and kind in free and len(top) < left
    ]
    for markers in [top, *(m for m in wider if m not in found), *sets[1:]]:
        moving = tuple(kind for kind in MOVING if kind in markers)
        known = {found[markers].cost - fixed_cost} if markers in found else set()
        for _level in range(DEARER_LEVELS + (markers not in found)):
            next_dearer: Plan | None = None
            for number, frame in frames(moving):
                if tried >= MAX_DEARER_FRAMES:
                    break
                tried += 1
                limit = next_dearer.cost - fixed_cost if next_dearer else inf
                plan = solve(frame, limit, frozenset(known))
                if plan is not None and (next_dearer is None or plan.cost < next_dearer.cost):
                    next_dearer = replace(plan, rank=number)
            if next_dearer is None:
                break
            pool.append(next_dearer)
            known.add(next_dearer.cost - fixed_cost)
    ranked = answers(pool)
    # A question asked (the change has other answers): every other food it could have
    # cost too, the cheapest first, up to ``MOST_ANSWERS``. A player knows the food they
    # paid, not the route the search found; a food no answer offered cost 3–4 taps typed
    # on the line (bench/bison_photo_taps.py, seed 26, round 2: a move_1 of 2 hunters
    # beside two single moves, 2 food, where the dearer search offered 0 and 4). Each is
    # the fold's own plan of exactly that food (``_exactly``), within
    # ``MAX_OTHER_FOOD_FRAMES`` in all. A change with one answer stays unasked: its
    # other foods (moves the photo cannot see, hunters out and back) go with its payment.
    offered = {plan.cost for plan in ranked}
    asked = len(ranked) > 1
    # At most the stocks (B6), and what the moving actions left cost with every hunter
    # of the player in each (the hunters on the board and the tile's).
    carried = _COST[min(before + placed, MAX_HUNTERS_PER_ACTION)]
    most = carried * min(len(free), left - len(fixed))
    ceiling = min(state.stocks[seat].total, fixed_cost + most)
    budget_left = MAX_OTHER_FOOD_FRAMES
    foods: list[int] = []
    for food in range(ranked[0].cost + 1, ceiling + 1):
        if len(ranked) + len(foods) >= MOST_ANSWERS or budget_left <= 0:
            break
        if food in offered:
            continue
        other, solved = exactly(food, budget_left)
        budget_left -= solved
        if other and asked:
            ranked.append(other[0])
        elif other:
            foods.append(food)
        offered.add(food)
    first, *rest = ranked
    rest.sort(key=lambda plan: plan.cost)  # the dearer answers by food, as a player reads them
    first = replace(first, foods=tuple(foods))
    return [replace(plan, floor=bound) for plan in [first, *rest]]


def _exactly(
    food: int,
    fixed_cost: int,
    candidates: Iterator[tuple[int, _Frame]],
    solve: Callable[[_Frame, float, frozenset[int], bool], Plan | None],
    budget: int,
) -> tuple[list[Plan], int]:
    """The plan costing exactly ``food`` (``plans(exact=…)``) among the ``candidates``
    frames (``_exact_frames``: the fewest markers first), empty when none is found
    within ``budget`` frames, and the frames solved. Each frame is solved for its moving
    actions' food below ``food`` + 1 avoiding every lesser amount: what is left is the
    amount itself."""
    lesser = frozenset(range(food - fixed_cost))
    solved = 0
    for number, frame in candidates:
        solved += 1
        if solved > budget:
            break
        plan = solve(frame, food - fixed_cost + 1, lesser, True)
        if plan is not None and plan.cost == food:
            return [replace(plan, rank=number)], solved
    return [], solved


def _exact_frames(
    food: int,
    fixed: Sequence[str],
    fixed_cost: int,
    free: Sequence[str],
    left: int,
    leaving: int,
    frames: Callable[[tuple[str, ...], bool], Iterator[tuple[int, _Frame]]],
) -> Iterator[tuple[int, _Frame]]:
    """The frames that may cost exactly ``food``, the fewest markers first: none when
    no moving actions cost what it leaves beside the fixed ones (B6, ``MOVING_FOODS``),
    or it is less than their least."""
    if food - fixed_cost not in MOVING_FOODS:
        return
    for size in range(len(free) + 1):
        for moving in combinations(free, size):
            if not [*fixed, *moving] or len(fixed) + len(moving) > left:
                continue
            if fixed_cost + _least(leaving, len(moving)) > food:
                continue
            yield from frames(moving, True)


def _hopeless(
    frame: _Frame,
    placed: int,
    now: Mapping[Space, Pieces],
    goal: Mapping[Space, Pieces],
    growth: Mapping[Space, int],
    kinds: Mapping[str, list[Space]],
    exact: bool = False,
) -> bool:
    """Whether ``frame`` cannot give an answer, by counting alone (a pruning: the search
    solves the others). A moving action where no hunter needs to go elsewhere only adds
    a marker (a plan without it is as cheap; kept when an ``exact`` food is sought: the
    hunters moved out and back are what it costs); hunters placed and never moved after stay
    on the tile's space; a gather needs one of the player's hunters on its goal (B6) —
    there from the start, or placed there, when no move comes before it — and, as the
    last moving action, leaves two hunters there unless a build takes them."""
    order = frame.order
    movers = [j for j, kind in enumerate(order) if kind in MOVING]

    def demand(space: Space) -> int:
        return goal[space].hunters + growth.get(space, 0) if space in goal else 0

    if movers and not exact:
        supply = {s: p.hunters for s, p in now.items()}
        if frame.spot is not None:
            supply[frame.spot] = supply.get(frame.spot, 0) + placed
        if all(n <= demand(s) for s, n in supply.items()):
            return True
    at_place = order.index("place_tile") if "place_tile" in order else None
    late = at_place is not None and not any(j > at_place for j in movers)
    if frame.spot is not None and late and demand(frame.spot) < placed:
        return True
    if frame.goal is not None and "gather" in order:
        at = order.index("gather")
        anchored = frame.goal in now and now[frame.goal].hunters > 0
        anchored |= frame.goal == frame.spot and at_place is not None and at_place < at
        if not anchored and not any(j < at for j in movers):
            return True
        built_after = any(
            frame.goal in spaces and order.index(kind) > at for kind, spaces in kinds.items()
        )
        last = not any(j > at for j in movers)
        stays = goal[frame.goal].hunters if frame.goal in goal else 0
        if last and not built_after and stays < 2:
            return True
    return False


def _tile_early(order: Sequence[str]) -> bool:
    """Whether the tile is placed first or right after a build: the orders searched. A
    tile placed after a moving action may as well be placed before it (the same board
    after, the same food; the move sees more tiles, B3, and no piece of the new tile
    blocks it, B5; the tile rule of the last action holds all the more, B6), but not
    before a build whose hunters went back to the supply it may take (B6)."""
    if "place_tile" not in order:
        return True
    at = order.index("place_tile")
    return at == 0 or order[at - 1] in STRUCTURE_ON.values()


def _cap(found: Mapping[frozenset[str], Plan], markers: frozenset[str]) -> float:
    """What a plan of ``markers`` must cost less than to be an answer: the plans found
    with these markers, or fewer of them (one costing as much with more markers is
    beaten), and the ``MAX_ANSWERS``-th cheapest found with as many markers or fewer (the
    answers are ranked by food, then markers, then as found)."""
    size = len(markers)
    beaten = min(
        (
            plan.cost
            for other, plan in found.items()
            if other == markers or len(plan.markers) < size
        ),
        default=inf,
    )
    ranked = sorted(plan.cost for plan in found.values() if len(plan.markers) <= size)
    if len(ranked) >= KEPT_CHEAPEST:
        return min(beaten, ranked[KEPT_CHEAPEST - 1])
    return beaten


def _least(leaving: int, actions: int) -> int:
    """The least food ``actions`` moving actions cost when ``leaving`` hunters must leave
    their spaces (B6: each action at least 1 hunter; the cost table is convex, so an even
    split is cheapest): a bound, never more than a frame costs."""
    if not actions:
        return 0
    total = max(leaving, actions)
    share, extra = divmod(total, actions)
    if share + (1 if extra else 0) > MAX_HUNTERS_PER_ACTION:
        return 0  # the frame fails on its own; no bound needed
    return extra * action_cost(share + 1) + (actions - extra) * action_cost(share)


def answers(found: Sequence[Plan]) -> list[Plan]:
    """The answers of one question, at most ``MAX_ANSWERS``: the cheapest plan first (then
    the fewest actions, then the first enumerated: ``MOVING`` order); then the next dearer
    food (the fewest actions for it): what a player tells apart is the food they paid
    (B6); then the plans as cheap as another with other markers that no plan beats in
    food and in the number of markers both (``move_1`` or ``move_3``); then the further
    dearer foods. A plan as dear as one with fewer markers is never asked (it leaves the
    same board and the same food)."""
    order = sorted(found, key=lambda p: (p.cost, len(p.markers), p.rank))
    by_food: dict[int, Plan] = {}
    for plan in order:
        by_food.setdefault(plan.cost, plan)
    foods = list(by_food.values())  # the cheapest, then each dearer food
    others = [
        plan
        for plan in order
        if not any(
            other.cost <= plan.cost and len(other.markers) < len(plan.markers) for other in found
        )
    ]
    kept: list[Plan] = []
    seen: set[tuple[int, tuple[str, ...]]] = set()
    for plan in [*foods[:2], *others, *foods[2:]]:
        key = (plan.cost, tuple(sorted(plan.markers)))
        if key not in seen:
            seen.add(key)
            kept.append(plan)
    return kept[:MAX_ANSWERS]


#: A seat's change as ``_Job`` holds it: its pieces before and
#: after, what each structure grew by, and the builds by kind.
_SeatChange = tuple[
    Mapping[Space, Pieces], Mapping[Space, Pieces], Mapping[Space, int], Mapping[str, list[Space]]
]
#: The new tiles (hex → tile id and turn) and the state with each laid.
_Laying = tuple[Mapping[Hex, tuple[str, int]], Mapping[Hex, State]]


@dataclass(frozen=True)
class _Job:
    """What every frame of one seat's search shares: the ``state`` before, the ``seat``,
    its ``change`` (its pieces before and after, what each structure grew by, the builds
    by kind), the hunters ``placed`` with its tile, the ``laying`` (the new tiles and the
    state with each laid) and its hunters' ``reach``."""

    state: State
    seat: int
    change: _SeatChange
    placed: int
    laying: _Laying
    reach: _Reach


def _frame_plan(
    job: _Job,
    frame: _Frame,
    limit: float,
    avoid: frozenset[int] = frozenset(),
    anchored: bool = False,
) -> Plan | None:
    """The frame's cheapest plan whose moving actions cost less than ``limit`` and none
    of ``avoid``, its events checked by the fold; None when none is. ``anchored``: when
    the fold refuses the cheapest
    assignment's gather, the cheapest whose gather surely finds a hunter on its goal (the
    food a player says they paid: ``plans(exact=…)``; the proposal's own search keeps
    the first answer, as its retries and comparisons were tuned on it)."""
    _new, tiles = job.laying
    before = job.state.board
    order = frame.order
    at_place = order.index("place_tile") if job.placed else None
    laid = tiles[frame.spot[0]].board if frame.spot is not None else before
    boards = [laid if at_place is not None and at_place < j else before for j in range(len(order))]
    starts, ends = _units(job, frame)
    for surely in (False, True) if anchored else (False,):
        solved = _solve(frame, starts, ends, boards, job.reach, limit, avoid, surely)
        if solved is None:
            return None
        plan = _planned(job, frame, boards, solved[1])
        if plan is not None or "gather" not in order:
            return plan
    return None


def _units(job: _Job, frame: _Frame) -> tuple[list[tuple[Space, int]], list[tuple[Space, int]]]:
    """The hunters the frame's actions carry, one unit each: where each starts (its space,
    and the action after which it is there: -1 for the round's start, the tile's placing
    for the hunters placed with it) and where each ends (its space, and the action that
    needs it there: the build it grows, else the round's end)."""
    now, goal, growth, kinds = job.change
    order = frame.order
    starts = [(space, -1) for space, p in now.items() for _ in range(p.hunters)]
    if frame.spot is not None and job.placed:
        starts += [(frame.spot, order.index("place_tile"))] * job.placed
    ends = [(space, len(order)) for space, p in goal.items() for _ in range(p.hunters)]
    for kind, spaces in kinds.items():
        ends += [(space, order.index(kind)) for space in spaces for _ in range(growth[space])]
    return starts, ends


def _planned(
    job: _Job,
    frame: _Frame,
    boards: Sequence[Board],
    chosen: Sequence[tuple[int, tuple[int, ...]]],
) -> Plan | None:
    """The plan of one assignment of units (``_solve``): its events checked by the fold;
    None when the fold refuses one."""
    state, seat, placed, reach = job.state, job.seat, job.placed, job.reach
    _now, goal, growth, kinds = job.change
    new, _tiles = job.laying
    order = frame.order
    starts, ends = _units(job, frame)
    movers = _windows(order)
    end_keys = sorted(set(ends))
    hops: dict[int, Counter[tuple[Space, Space]]] = {j: Counter() for j in movers}

    def step(j: int, at: Space) -> frozenset[Space]:
        if order[j] == "gather":
            return (
                frozenset() if frame.goal is None or at == frame.goal else frozenset({frame.goal})
            )
        return reach(boards[j], at, ALLOWANCE[Action(order[j])])

    for start, (e, pattern) in zip(sorted(starts), chosen, strict=True):
        used = [movers[m] for m in pattern]
        path = _path(start[0], end_keys[e][0], used, step)
        for j, a, b in zip(used, path, path[1:], strict=False):
            hops[j][(a, b)] += 1
    current = state
    events: list[Mapping[str, Any]] = []
    hunters: list[int] = []
    hexes: list[tuple[Hex, ...]] = []
    touched: tuple[Hex, ...]
    for j, kind in enumerate(order):
        event: dict[str, Any] = {"type": "play", "seat": seat, "action": kind}
        if kind == "place_tile":
            assert frame.spot is not None
            at = frame.spot[0]
            tile, rotation = new[at]
            event |= {"at": list(at), "tile": tile, "rotation": rotation}
            event |= {"space": frame.spot[1], "hunters": placed}
            count, touched = placed, (at,)
        elif kind in kinds:
            spaces = kinds[kind]
            count = sum(growth[s] for s in spaces)
            event["builds"] = [
                {"space": fold.space_ref(current, s), "size": goal[s].structure} for s in spaces
            ]
            event["hunters"] = count
            touched = tuple(sorted({s[0] for s in spaces}))
        else:
            pairs = hops[j]
            count = sum(pairs.values())
            if kind == "gather":
                taken = Counter[Space]()
                for (a, _b), n in pairs.items():
                    taken[a] += n
                assert frame.goal is not None
                event["gather"] = {
                    "to": fold.space_ref(current, frame.goal),
                    "from": [
                        {"space": fold.space_ref(current, s), "hunters": n}
                        for s, n in sorted(taken.items())
                    ],
                }
            else:
                event["moves"] = [
                    {
                        "from": fold.space_ref(current, a),
                        "to": fold.space_ref(current, b),
                        "hunters": n,
                    }
                    for (a, b), n in sorted(pairs.items())
                ]
            event["hunters"] = count
            touched = tuple(sorted({s[0] for pair in pairs for s in pair}))
        try:
            current, applied = attempt(current, paid(current, seat, event, count))
        except RuleError:
            return None
        events.append(applied)
        hunters.append(count)
        hexes.append(touched)
    if own(current.board.pieces, state.colours[seat]) != dict(goal):
        return None
    costs = tuple(action_cost(n) for n in hunters)
    return Plan(tuple(events), tuple(hunters), costs, tuple(hexes), current)
