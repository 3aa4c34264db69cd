"""A photographed board explained as actions (issue 23, item 4): the fewest legal actions
that turn the table's board into the board in the photo, each an existing event.

A board change alone is not enough in Bison: actions cost food by the hunters used (B6)
and each takes one of the round's action markers, so every player's change is explained
by actions — a tile placed with its hunters, a tent or canoe built or enlarged, hunters
moved within B3's distance, gathered — each checked by the fold itself (``table.apply``)
with its cost and pre-filled payment (``default_payment``). Where two actions explain the
same change (``move_1`` or ``move_3``, or a gather), the step carries both as ``options``:
the one short question the phone asks. What no action explains becomes a ``correct``
event (a free correction, named so in the history).

Glossary
--------
photographed
    ``Photographed``: the board the photo shows, for this table — its tiles and, space by
    space, one colour's pieces. Pieces the photo could not see (``unseen``: a hand, glare)
    keep what the table had: never read as removed.
contradiction
    What the photo shows that cannot be: two colours on one space (B5), more hunters than a
    player owns, a colour nobody plays, a known tile that moved. It changes nothing; the
    space or player keeps what the table had.
step
    ``Step``: one event to append (``play``, ``tile`` or ``correct``), the seat it is for,
    the hunters used and the animals it costs (B6), the hexes it touches (the phone shows
    a crop of each) and its ``options``.

Standard library only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from games.bison import fold
from games.bison.board import Board, Pieces
from games.bison.catalog import CATALOG
from games.bison.components import HUNTERS_OWNED
from games.bison.economy import MAX_HUNTERS_PER_ACTION, action_cost, default_payment
from games.bison.hexgrid import Hex, neighbours
from games.bison.table_state import State
from games.bison.tiles import SPACES, STRUCTURE_ON
from games.errors import N_, RuleError, Term

Space = tuple[Hex, str]

#: The actions that only move hunters, in the order the phone proposes them: the
#: shortest allowance first (it leaves the longer move for later in the round).
MOVES = ("move_1", "move_3", "gather")


@dataclass(frozen=True)
class Photographed:
    """The board in the photo: tiles by hex (catalog id, rotation) and pieces by space."""

    tiles: Mapping[Hex, tuple[str, int]]
    pieces: Mapping[Space, Pieces]


@dataclass(frozen=True)
class Step:
    """One event explaining part of the change (see the glossary)."""

    event: Mapping[str, Any]
    seat: int | None = None
    hunters: int = 0
    cost: int = 0
    hexes: tuple[Hex, ...] = ()
    options: tuple[Mapping[str, Any], ...] = ()
    reason: RuleError | None = None  # why a correction: what no action explained


@dataclass(frozen=True)
class Explanation:
    steps: tuple[Step, ...] = ()
    contradictions: tuple[RuleError, ...] = ()
    unseen: tuple[tuple[Space, str], ...] = ()  # (space, colour): hidden, kept as it was
    changes: bool = field(default=False)


def as_reading(state: State) -> dict[str, Any]:
    """The table's board in the ``campfire score bison`` format (what the reader takes as
    its prior, and what it would read from a perfect photo)."""
    board = state.board
    return {
        "tiles": [
            {"at": list(at), "tile": placed.catalog_id, "rotation": placed.rotation}
            if placed.catalog_id
            # A retail tile (no markers) by its edges as it lies: the reader places it
            # through the grid all the same (issue 32).
            else {
                "at": list(at),
                "edges": placed.tile.edges,
                "animals": dict(zip(SPACES, placed.tile.animals, strict=True)),
            }
            for at, placed in board.tiles.items()
        ],
        "pieces": [
            {
                "at": list(at),
                "space": terrain,
                "player": pieces.player,
                "hunters": pieces.hunters,
                "structure": pieces.structure,
            }
            for (at, terrain), pieces in board.pieces.items()
        ],
    }


# -- the photo, for this table ------------------------------------------------------------


def _hex(raw: object) -> Hex | None:
    if isinstance(raw, Sequence) and not isinstance(raw, str) and len(raw) == 2:
        q, r = raw
        if isinstance(q, int) and isinstance(r, int):
            return (q, r)
    return None


def photographed(
    state: State, reading: Mapping[str, Any]
) -> tuple[Photographed, tuple[RuleError, ...], tuple[tuple[Space, str], ...]]:
    """The reader's board (``campfire read-board`` JSON: ``tiles``, ``pieces``,
    ``unseen``) for this table: the photographed board, its contradictions and what was
    not visible. Where the photo contradicts itself, the table's pieces stay."""
    board = state.board
    problems: list[RuleError] = []
    tiles: dict[Hex, tuple[str, int]] = {
        at: (placed.catalog_id or "", placed.rotation) for at, placed in board.tiles.items()
    }
    known = {placed.catalog_id: at for at, placed in board.tiles.items() if placed.catalog_id}
    for entry in reading.get("tiles", ()):
        at = _hex(entry.get("at")) if isinstance(entry, Mapping) else None
        tile = entry.get("tile") if isinstance(entry, Mapping) else None
        if at is None or not isinstance(tile, str) or tile not in CATALOG:
            continue
        if tile in known and known[tile] != at:
            problems.append(
                RuleError(N_("tile {tile} seems to have moved; tiles never move"), tile=tile)
            )
            continue
        if at in tiles and tiles[at][0] != tile:
            problems.append(
                RuleError(
                    N_("the photo shows tile {tile} where {other} lies"),
                    tile=tile,
                    other=tiles[at][0] or "?",
                )
            )
            continue
        tiles.setdefault(at, (tile, int(entry.get("rotation", 0)) % 6))
    colours = state.colours
    seen: dict[Space, list[Pieces]] = {}
    for entry in reading.get("pieces", ()):
        if not isinstance(entry, Mapping):
            continue
        at, terrain, colour = _hex(entry.get("at")), entry.get("space"), entry.get("player")
        if at is None or terrain not in SPACES or at not in tiles:
            continue
        if colour not in colours:
            problems.append(
                RuleError(
                    N_("the photo shows {colour} pieces; nobody plays {colour}"),
                    colour=Term(str(colour)),
                )
            )
            continue
        seen.setdefault((at, str(terrain)), []).append(
            Pieces(str(colour), int(entry.get("hunters", 0)), int(entry.get("structure", 0) or 0))
        )
    pieces: dict[Space, Pieces] = {}
    for space, there in seen.items():
        if len({p.player for p in there}) > 1:  # B5: a space holds one player's pieces
            names = ", ".join(sorted(state.names[colours.index(p.player)] for p in there))
            problems.append(RuleError(N_("two colours on one space ({players})"), players=names))
            if space in board.pieces:
                pieces[space] = board.pieces[space]
            continue
        pieces[space] = there[0]
    for colour in colours:
        shown = sum(p.hunters for p in pieces.values() if p.player == colour)
        if shown > HUNTERS_OWNED:
            problems.append(
                RuleError(
                    N_("{player} shows {count} hunters; a player owns {owned}"),
                    player=state.names[colours.index(colour)],
                    count=shown,
                    owned=HUNTERS_OWNED,
                )
            )
            pieces = {s: p for s, p in pieces.items() if p.player != colour}
            pieces.update({s: p for s, p in board.pieces.items() if p.player == colour})
    supply = {c: state.supplies[seat].hunters_supply for seat, c in enumerate(colours)}
    moved = _moved_away(board, pieces, supply)
    hidden: list[tuple[Space, str]] = []
    for entry in reading.get("unseen", ()):
        if not isinstance(entry, Mapping):
            continue
        spot = _hex(entry.get("at"))
        if spot is None or (spot, str(entry.get("space"))) not in board.pieces:
            continue
        space = (spot, str(entry.get("space")))
        before = board.pieces[space]
        now = pieces.get(space)
        if before.player in moved and before.structure <= (now.structure if now else 0):
            continue  # its hunters are all on the board elsewhere: they moved
        if now is None or now.player == before.player:
            # Hidden is not removed: keep the more of what the table had and the photo
            # shows; but a tent or canoe seen grown by n took n of the hunters that stood
            # on its space (B6: they went back to the supply), not hidden ones.
            visible = now or Pieces(before.player)
            grown = max(0, visible.structure - before.structure)
            kept = Pieces(
                before.player,
                max(before.hunters - grown, visible.hunters),
                max(before.structure, visible.structure),
            )
            if kept == visible:
                continue
            pieces[space] = kept
            hidden.append((space, before.player))
    return Photographed(tiles, pieces), tuple(problems), tuple(hidden)


def _moved_away(board: Board, seen: Mapping[Space, Pieces], supply: Mapping[str, int]) -> set[str]:
    """The colours whose hunters the photo shows all of, on the board somewhere: as many
    as the table had, less those a tent or canoe seen grown took (B6), or more. A hunter
    missing from its space then moved; otherwise a hand or glare may hide it, and it
    stays where it was. Hunters on new tiles (and those a structure there was built
    from) count but for those the player's own tile may have brought from the supply
    (B6, place tile: up to 5 on ONE space of it, one tile a round; ``supply``: the
    hunters each colour has there, and the builders of what grew went back to it): the
    most the colour has on one space of a new tile, at most that. Counting those too
    dropped a hidden hunter as moved (a miss read as removed; bench/bison_photo.py);
    hunters moved onto that one space while the supply could have brought them leave
    their old space kept as not visible: a miss said so, never a removal."""
    moved = set()
    for colour in {p.player for p in board.pieces.values()}:
        had = sum(p.hunters for p in board.pieces.values() if p.player == colour)
        shown = grown = 0
        on_new: list[int] = []
        for space, p in seen.items():
            if p.player != colour:
                continue
            if space[0] not in board.tiles:
                on_new.append(p.hunters + p.structure)  # a structure there: from hunters
                continue
            shown += p.hunters
            there = board.pieces.get(space)
            old = there.structure if there is not None and there.player == colour else 0
            grown += max(0, p.structure - old)
        # The supply holds what it held, plus the builders of what grew (B6: they went
        # back to it, and may have come out again with the tile).
        room = max(0, supply.get(colour, 0)) + grown
        brought = min(max(on_new, default=0), room, MAX_HUNTERS_PER_ACTION)
        shown += sum(on_new) - brought
        if shown + grown >= had:
            moved.add(colour)
    return moved


# -- explaining ---------------------------------------------------------------------------


def _try(state: State, event: dict[str, Any]) -> tuple[State, dict[str, Any]]:
    """``event`` applied; out of turn order only when the turn order alone refuses it (a
    photo taken once per round does not say in which order the actions were taken)."""
    try:
        return fold.apply(state, event), event
    except RuleError:
        if event.get("type") not in ("play", "action"):
            raise
    overridden = {**event, "override": True}
    return fold.apply(state, overridden), overridden


def _paid(state: State, seat: int, event: dict[str, Any], hunters: int) -> dict[str, Any]:
    """The play with its pre-filled payment (B6: one animal at a time from the largest
    stock), so the phone shows exactly what will be paid."""
    cost = action_cost(hunters)
    if cost <= 0:
        return event
    split = default_payment(state.stocks[seat], cost)
    return {
        **event,
        "payment": {"bison": split.bison, "salmon": split.salmon, "turkey": split.turkey},
    }


def _own(pieces: Mapping[Space, Pieces], colour: str) -> dict[Space, Pieces]:
    return {space: p for space, p in pieces.items() if p.player == colour}


def _matching(
    units_from: list[Space], units_to: list[Space], reach: Mapping[Space, set[Space]]
) -> list[tuple[Space, Space]] | None:
    """Each moved hunter from a source to a sink it can reach (a bipartite matching,
    Kuhn's augmenting paths: a handful of hunters), or None."""
    owner: list[int | None] = [None] * len(units_to)

    def augment(i: int, tried: set[int]) -> bool:
        for j, sink in enumerate(units_to):
            if j in tried or sink not in reach.get(units_from[i], set()):
                continue
            tried.add(j)
            holder = owner[j]
            if holder is None or augment(holder, tried):
                owner[j] = i
                return True
        return False

    for i in range(len(units_from)):
        if not augment(i, set()):
            return None
    return [(units_from[i], units_to[j]) for j, i in enumerate(owner) if i is not None]


def _move_event(
    state: State, seat: int, action: str, pairs: list[tuple[Space, Space]]
) -> dict[str, Any]:
    if action == "gather":
        (goal,) = {to for _, to in pairs}
        taken = Counter(source for source, _ in pairs)
        gather = {
            "to": fold.space_ref(state, goal),
            "from": [
                {"space": fold.space_ref(state, s), "hunters": n} for s, n in sorted(taken.items())
            ],
        }
        return {
            "type": "play",
            "seat": seat,
            "action": action,
            "gather": gather,
            "hunters": len(pairs),
        }
    hops = Counter(pairs)
    moves = [
        {"from": fold.space_ref(state, a), "to": fold.space_ref(state, b), "hunters": n}
        for (a, b), n in sorted(hops.items())
    ]
    return {"type": "play", "seat": seat, "action": action, "moves": moves, "hunters": len(pairs)}


def _moves(
    state: State, seat: int, before: Mapping[Space, int], after: Mapping[Space, int]
) -> list[dict[str, Any]]:
    """The single actions that move the seat's hunters from ``before`` to ``after`` (same
    total), in the order of ``MOVES``, each legal now (empty when none is)."""
    spaces = set(before) | set(after)
    units_from = [
        s for s in sorted(spaces) for _ in range(max(0, before.get(s, 0) - after.get(s, 0)))
    ]
    units_to = [
        s for s in sorted(spaces) for _ in range(max(0, after.get(s, 0) - before.get(s, 0)))
    ]
    if not units_from or len(units_from) > MAX_HUNTERS_PER_ACTION:
        return []
    found = []
    for action in MOVES:
        if action in state.rounds.markers[seat]:
            continue
        reach = {s: set(fold.destinations(state, seat, s, action)) for s in set(units_from)}
        if action == "gather" and len(set(units_to)) != 1:
            continue
        pairs = _matching(units_from, units_to, reach)
        if pairs is None:
            continue
        event = _paid(state, seat, _move_event(state, seat, action, pairs), len(pairs))
        try:
            found.append(_try(state, event)[1])
        except RuleError:
            continue
    return found


def _builds(
    state: State, seat: int, target: Mapping[Space, Pieces]
) -> tuple[dict[Space, int], list[tuple[str, list[tuple[Space, int]]]]]:
    """Where the seat's tents and canoes grew, as the hunters each needed on its space
    (a size-n build takes n − old hunters there, B6) and the builds grouped by kind."""
    colour = state.colours[seat]
    need: dict[Space, int] = {}
    kinds: dict[str, list[tuple[Space, int]]] = {}
    for space, p in _own(target, colour).items():
        there = state.board.pieces.get(space)
        old = there.structure if there is not None and there.player == colour else 0
        if p.structure > old:
            need[space] = p.structure - old
            kinds.setdefault(STRUCTURE_ON[space[1]], []).append((space, p.structure))
    return need, sorted(kinds.items())


def _two_moves(
    state: State, seat: int, before: Mapping[Space, int], after: Mapping[Space, int]
) -> list[dict[str, Any]]:
    """Two actions moving the seat's hunters from ``before`` to ``after`` when one cannot:
    each hunter's hop within 1 space by ``move_1``, the rest by ``move_3`` (B3, B6), at
    most 5 hunters each. Empty when that does not explain it."""
    if any(a in state.rounds.markers[seat] for a in ("move_1", "move_3")):
        return []
    spaces = sorted(set(before) | set(after))
    units_from = [s for s in spaces for _ in range(max(0, before.get(s, 0) - after.get(s, 0)))]
    units_to = [s for s in spaces for _ in range(max(0, after.get(s, 0) - before.get(s, 0)))]
    if len(units_from) > 2 * MAX_HUNTERS_PER_ACTION:
        return []
    near = {s: set(fold.destinations(state, seat, s, "move_1")) for s in set(units_from)}
    far = {s: set(fold.destinations(state, seat, s, "move_3")) for s in set(units_from)}
    pairs = _matching(units_from, units_to, far)
    if pairs is not None:
        short = [pair for pair in pairs if pair[1] in near[pair[0]]]
        long = [pair for pair in pairs if pair[1] not in near[pair[0]]]
        while len(short) > MAX_HUNTERS_PER_ACTION:  # move_3 may take a short hop too
            long.append(short.pop())
        return _in_order(state, seat, [("move_1", short), ("move_3", long)])
    # A hunter moved twice: a hop by one move, then another by the other (B3).
    for first, second in (("move_1", "move_3"), ("move_3", "move_1")):
        reach = near if first == "move_1" else far
        via: dict[tuple[Space, Space], Space] = {}
        for source in set(units_from):
            for mid in reach[source]:
                for goal in fold.destinations(state, seat, mid, second):
                    via.setdefault((source, goal), mid)
        chain = {s: far[s] | {g for (a, g) in via if a == s} for s in set(units_from)}
        pairs = _matching(units_from, units_to, chain)
        if pairs is None:
            continue
        groups: dict[str, list[tuple[Space, Space]]] = {first: [], second: []}
        for source, goal in pairs:
            if goal in far[source]:
                groups["move_3"].append((source, goal))
            else:
                mid = via[(source, goal)]
                groups[first].append((source, mid))
                groups[second].append((mid, goal))
        events = _in_order(state, seat, [(first, groups[first]), (second, groups[second])])
        if events:
            return events
    return []


def _in_order(
    state: State, seat: int, actions: Sequence[tuple[str, list[tuple[Space, Space]]]]
) -> list[dict[str, Any]]:
    """These move actions one after the other, each checked by the fold; empty when one
    is refused, has no hunter or more than 5."""
    events = []
    for action, group in actions:
        if not group or len(group) > MAX_HUNTERS_PER_ACTION:
            return []
        event = _paid(state, seat, _move_event(state, seat, action, group), len(group))
        try:
            state, event = _try(state, event)
        except RuleError:
            return []
        events.append(event)
    return events


def _move_step(event: Mapping[str, Any], seat: int, options: Sequence[Mapping[str, Any]]) -> Step:
    hunters = int(event["hunters"])
    moved = tuple(sorted({(int(ref["at"][0]), int(ref["at"][1])) for ref in _refs(event)}))
    return Step(event, seat, hunters, action_cost(hunters), moved, tuple(options))


def _hunter_steps(
    state: State, seat: int, before: Mapping[Space, int], after: Mapping[Space, int]
) -> tuple[State, list[Step]] | None:
    """The seat's hunters moved from ``before`` to ``after``: one action (with the others
    that explain it as the question's options), else two; None when no move explains it."""
    if dict(before) == dict(after):
        return state, []
    options = _moves(state, seat, before, after)
    if options:
        state, event = _try(state, options[0])
        return state, [_move_step(event, seat, options)]
    steps = []
    for event in _two_moves(state, seat, before, after):
        state, event = _try(state, event)
        steps.append(_move_step(event, seat, ()))
    return (state, steps) if steps else None


def _hunters_on(state: State, colour: str) -> dict[Space, int]:
    return {s: p.hunters for s, p in _own(state.board.pieces, colour).items() if p.hunters}


def _placings(
    state: State, seat: int, target: Mapping[Space, Pieces], new: Mapping[Hex, tuple[str, int]]
) -> list[tuple[Hex, str]]:
    """Where the seat's tile may have gone with its hunters: the new tiles that touch the
    board now, those the seat's hunters stand on first, and their spaces, theirs first."""
    colour = state.colours[seat]
    # Where its hunters stand or built, after the round.
    mine = {space: p.hunters + p.structure for space, p in _own(target, colour).items()}
    ready = [at for at in new if any(n in state.board.tiles for n in neighbours(at))]
    ready.sort(key=lambda at: (-sum(n for s, n in mine.items() if s[0] == at), at[1], at[0]))
    spots = []
    for at in ready:
        spaces = sorted(SPACES, key=lambda t: -mine.get((at, t), 0))
        spots += [(at, terrain) for terrain in spaces]
    return spots


def _seat_steps(
    state: State,
    seat: int,
    target: Mapping[Space, Pieces],
    new: Mapping[Hex, tuple[str, int]],
    *,
    last: bool = True,
) -> tuple[State, list[Step], Hex | None] | None:
    """The seat's tile with its hunters (when hunters came from its supply), its moves,
    then its builds (their hunters stand there before they build); the hex of the tile it
    placed. None when hunters came with no tile to bring them, or (unless ``last``) no
    move explains where they went: try again once the other players' tiles lie (their
    paths may cross them, B3); at the ``last`` try the tile and its hunters are placed
    and the correction says the rest."""
    colour = state.colours[seat]
    need, kinds = _builds(state, seat, target)
    after = {s: p.hunters + need.get(s, 0) for s, p in _own(target, colour).items()}
    after = {s: n for s, n in after.items() if n}
    surplus = sum(after.values()) - sum(_hunters_on(state, colour).values())
    steps: list[Step] = []
    placed: Hex | None = None
    fallback: tuple[State, Step, Hex] | None = None
    best: tuple[tuple[int, int], State, list[Step], Hex] | None = None
    if surplus > 0:
        if surplus > MAX_HUNTERS_PER_ACTION or "place_tile" in state.rounds.markers[seat]:
            return None
        for at, terrain in _placings(state, seat, target, new):
            tile, rotation = new[at]
            event = {
                "type": "play",
                "seat": seat,
                "action": "place_tile",
                "at": list(at),
                "tile": tile,
                "rotation": rotation,
                "space": terrain,
                "hunters": surplus,
            }
            try:
                trial, event = _try(state, _paid(state, seat, event, surplus))
            except RuleError:
                continue
            tile_step = Step(event, seat, surplus, action_cost(surplus), (at,))
            fallback = fallback or (trial, tile_step, at)
            moved = _hunter_steps(trial, seat, _hunters_on(trial, colour), after)
            if moved is None:
                continue
            # The cheapest explanation, then the one with the fewest actions (B6).
            cost = sum(max(0, step.cost) for step in moved[1])
            if best is None or (cost, len(moved[1])) < best[0]:
                best = ((cost, len(moved[1])), moved[0], [tile_step, *moved[1]], at)
        if best is not None:
            _, state, steps, placed = best
        elif fallback is not None and last:
            # The tile and its hunters for sure (its marker, its cost); where they went
            # since is left to the correction.
            state, steps, placed = fallback[0], [fallback[1]], fallback[2]
        else:
            return None
    elif surplus < 0:
        return state, [], None  # hunters went back to the supply: the correction says it
    else:
        moved = _hunter_steps(state, seat, _hunters_on(state, colour), after)
        if moved is None:
            return state, [], None
        state, steps = moved
    several = state.settings.several_structures
    for kind, builds in kinds:
        groups = [builds] if several else [[b] for b in builds]
        for group in groups:
            hunters = sum(need[space] for space, _ in group)
            if hunters > MAX_HUNTERS_PER_ACTION:
                continue
            event = _paid(
                state,
                seat,
                {
                    "type": "play",
                    "seat": seat,
                    "action": kind,
                    "builds": [
                        {"space": fold.space_ref(state, s), "size": size} for s, size in group
                    ],
                    "hunters": hunters,
                },
                hunters,
            )
            try:
                state, event = _try(state, event)
            except RuleError:
                continue
            hexes = tuple(sorted({space[0] for space, _ in group}))
            steps.append(Step(event, seat, hunters, action_cost(hunters), hexes))
    return state, steps, placed


def _refs(event: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Every space reference of a move or gather play (for the crops)."""
    if "gather" in event:
        gather = event["gather"]
        return [gather["to"], *(item["space"] for item in gather["from"])]
    return [ref for move in event.get("moves", ()) for ref in (move["from"], move["to"])]


def _tile_order(state: State, new: Mapping[Hex, tuple[str, int]]) -> list[Hex]:
    """The new tiles in an order where each touches the board when it is placed (B4)."""
    laid, order, left = set(state.board.tiles), [], sorted(new, key=lambda h: (h[1], h[0]))
    while left:
        ready = [at for at in left if any(n in laid for n in neighbours(at))]
        if not ready:
            break
        for at in ready:
            order.append(at)
            laid.add(at)
            left.remove(at)
    return order + left


def _mirror_tiles(state: State, new: Mapping[Hex, tuple[str, int]]) -> tuple[State, list[Step]]:
    """Tiles no player's hunters explain, on the mirror only (a ``tile`` event: the
    animal its placer gained without hunters is theirs to say, B6)."""
    steps: list[Step] = []
    for at in _tile_order(state, new):
        tile, rotation = new[at]
        event = {"type": "tile", "at": list(at), "tile": tile, "rotation": rotation}
        try:
            state = fold.apply(state, event)
        except RuleError:
            continue
        steps.append(Step(event, None, 0, 0, (at,)))
    return state, steps


def _corrections(
    state: State, target: Mapping[Space, Pieces]
) -> tuple[State, list[Step], list[RuleError]]:
    """What no action explained, seat by seat, as free corrections: spaces emptied first
    (another player's pieces may go there next, B5), then each seat's spaces that lose
    pieces before those that gain them (the supply pays for what is put down). A
    correction the fold refuses is returned as a contradiction."""
    steps: list[Step] = []
    refused: list[RuleError] = []
    spaces = sorted(set(state.board.pieces) | set(target), key=lambda s: (s[0][1], s[0][0], s[1]))
    entries: dict[int, list[tuple[int, dict[str, Any]]]] = {}
    for space in spaces:
        now, want = state.board.pieces.get(space), target.get(space)
        if now == want or space[0] not in state.board.tiles:
            continue
        where = {"at": list(space[0]), "space": space[1]}
        if now is not None and (want is None or want.player != now.player):
            cleared = {**where, "seat": state.seat_of(now.player), "hunters": 0, "structure": 0}
            entries.setdefault(-1, []).append((0, cleared))
        if want is not None:
            seat = state.seat_of(want.player)
            had = now if now is not None and now.player == want.player else Pieces(want.player)
            grows = want.hunters - had.hunters + want.structure - had.structure
            entry = {**where, "seat": seat, "hunters": want.hunters, "structure": want.structure}
            entries.setdefault(seat, []).append((grows, entry))
    reason = RuleError(N_("no action explains this change; it is recorded as a correction"))
    for key in sorted(entries):
        listed = [entry for _, entry in sorted(entries[key], key=lambda ge: ge[0])]
        event = {"type": "correct", "spaces": listed}
        try:
            state = fold.apply(state, event)
        except RuleError as error:
            refused.append(error)
            continue
        hexes = tuple(sorted({(e["at"][0], e["at"][1]) for e in listed}))
        steps.append(Step(event, None if key < 0 else key, 0, 0, hexes, (), reason))
    return state, steps, refused


def _explained(
    state: State, photo: Photographed, turn: Sequence[int], mirrored: set[Hex]
) -> tuple[State, list[Step], dict[Hex, tuple[str, int]]]:
    """The tiles in ``mirrored`` on the mirror first, then each player's change in turn
    order, again while a player waits for a tile another placed (B4: tiles touch the
    board); the new tiles no player placed."""
    new = {at: t for at, t in photo.tiles.items() if at not in state.board.tiles}
    state, steps = _mirror_tiles(state, {at: new.pop(at) for at in sorted(mirrored) if at in new})
    waiting, last = list(turn), False
    while waiting:
        later = []
        for seat in waiting:
            done = _seat_steps(state, seat, photo.pieces, new, last=last)
            if done is None:
                later.append(seat)
                continue
            state, more, placed = done
            steps += more
            if placed is not None:
                new.pop(placed)
        if last:
            break
        last = len(later) == len(waiting)  # no progress: the last try
        waiting = later
    return state, steps, new


def explain(state: State, reading: Mapping[str, Any]) -> Explanation:
    """The steps that turn the table's board into the one the reader saw (``reading``:
    the ``campfire read-board`` JSON), with the photo's contradictions and what it hid.

    Players are explained in turn order from the one whose turn it is; each player's
    change by the fewest actions the fold accepts; tiles no player's hunters explain go
    on the mirror first; the rest by corrections."""
    photo, problems, hidden = photographed(state, reading)
    rounds = state.rounds
    first = rounds.next_seat if rounds.next_seat is not None else 0
    turn = [(first + i) % len(state.players) for i in range(len(state.players))]
    now, steps, left = _explained(state, photo, turn, set())
    if left:  # mirror those first, so moves onto them can be explained
        now, steps, left = _explained(state, photo, turn, set(left))
    now, fixes, refused = _corrections(now, dict(photo.pieces))
    steps += fixes
    return Explanation(tuple(steps), (*problems, *refused), hidden, bool(steps))


def reproduces(state: State, steps: Sequence[Step], reading: Mapping[str, Any]) -> bool:
    """Whether ``steps`` applied to ``state`` give the photographed board (tests, and a
    last check before the phone proposes them)."""
    photo, _, _ = photographed(state, reading)
    for step in steps:
        state = _try(state, dict(step.event))[0]
    tiles = {at: (p.catalog_id or "", p.rotation) for at, p in state.board.tiles.items()}
    return tiles == dict(photo.tiles) and dict(state.board.pieces) == dict(photo.pieces)


#: The marker an action without hunters takes, first free first (B6: it gains one
#: animal; which marker is the player's to say, so the one a photo explains least).
GAIN_MARKERS = ("gather", "move_1", "move_3", "canoe", "tent", "place_tile")


def actions_left(state: State, steps: Sequence[Step]) -> tuple[int, ...]:
    """Each seat's actions left this round once ``steps`` are applied (B6): the actions
    without hunters the photo could not show have these slots."""
    for step in steps:
        try:
            state = _try(state, dict(step.event))[0]
        except RuleError:
            continue
    return tuple(state.rounds.actions_left(seat) for seat in range(len(state.players)))


def gained(state: State, seat: int, animal: str) -> tuple[State, dict[str, Any]]:
    """An action without hunters gaining ``animal`` (B6) with the seat's first free
    marker the fold accepts, and the state after it; ``RuleError`` when none is."""
    refusal = RuleError(N_("no action is left for an animal gained without hunters"))
    for action in GAIN_MARKERS:
        if action in state.rounds.markers[seat]:
            continue
        event = {"type": "action", "seat": seat, "action": action, "hunters": 0, "gain": animal}
        try:
            after, event = _try(state, event)
        except RuleError as error:
            refusal = error
            continue
        return after, event
    raise refusal


def with_choice(step: Step, choice: int) -> Step:
    """The step with its question answered (``options[choice]``); the same step for a
    choice it does not offer."""
    if not 0 <= choice < len(step.options):
        return step
    return replace(step, event=step.options[choice])
