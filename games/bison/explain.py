"""A photographed board explained as actions (issues 23 and 32): the cheapest legal actions
that turn the table's board into the board in the photo, each an existing event.

A board change alone is not enough in Bison: actions cost food by the hunters used (B6)
and each takes one of the round's action markers, so every player's change is explained
by actions — a tile placed with its hunters, a tent or canoe built or enlarged, hunters
moved within B3's distance (split among destinations too), gathered — found by an
exhaustive search among the legal action sets (``explain_search``), each checked by the
fold itself with its cost and pre-filled payment. The cheapest in food is proposed; where
other action sets explain the same change for other food or other markers, the player's
change carries one ``Question`` with the answers and their costs. What no action explains
becomes a ``correct`` event (a free correction, named so in the history). A proposed line
is fixed in place through ``explain_lines`` (the same rules checks as the tapped flow).

Glossary
--------
photographed
    ``Photographed``: the board the photo shows, for this table — its tiles and, space by
    space, one colour's pieces. What the photo does not show on a space in view was
    removed or moved; only a space the reader reports hidden (``hidden``: a hand, glare,
    a tile whose markers were not read) keeps what the table had, and says so.
contradiction
    What the photo shows that cannot be: two colours on one space (B5), more hunters than a
    player owns, a colour nobody plays, a known tile that moved. It changes nothing; the
    space or player keeps what the table had.
step
    ``Step``: one event to append (``play``, ``tile``, ``correct``, or a ``buy`` the board
    shows was made: ``explain_market``), the seat it is for,
    the hunters used and the animals it costs (B6), the hexes it touches (the phone shows
    a crop of each), its ``question`` (an index in ``Explanation.questions``) and, when
    every answer is one action, the same question as ``options``.
question
    ``Question``: a player's change explained by other action sets too (B6: other food,
    other markers) — its ``answers``, cheapest first (the first is in the steps), each
    with its steps, its food and its markers. ``answered`` swaps the chosen one in.

Standard library only.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from games.bison import explain_market as market
from games.bison import explain_search as search
from games.bison import fold
from games.bison.board import Board, Pieces
from games.bison.catalog import CATALOG
from games.bison.components import HUNTERS_OWNED
from games.bison.economy import MAX_HUNTERS_PER_ACTION, action_cost
from games.bison.explain_lines import (
    Line as Line,
)
from games.bison.explain_lines import (
    check_line as check_line,
)
from games.bison.explain_lines import (
    counted,
    without_gains,
)
from games.bison.explain_lines import (
    default_gain as default_gain,
)
from games.bison.explain_lines import (
    free_markers as free_markers,
)
from games.bison.explain_lines import (
    line_event as line_event,
)
from games.bison.hexgrid import Hex, neighbours
from games.bison.rounds import takes_marker
from games.bison.table.play import parse_ref
from games.bison.table.state import State
from games.bison.tiles import SPACES
from games.errors import N_, RuleError, Term

Space = tuple[Hex, str]

#: The actions that only move hunters, in the order a tie is proposed: the shortest
#: allowance first (it leaves the longer move for later in the round).
MOVES = search.MOVING

#: The photo's contradictions of the table's tiles: the one wording of each, said here
#: (``photographed``), by the photo page (the reader's own doubts) and counted there (two
#: are another table's board). Tiles never move; two tiles never share a hex.
TILE_MOVED = N_("tile {tile} seems to have moved; tiles never move")
TILE_CLASH = N_("the photo shows tile {tile} where {other} lies")
TILE_CONTRADICTIONS = frozenset({TILE_MOVED, TILE_CLASH})


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
    question: int | None = None  # its player's question (``Explanation.questions``)
    #: A change asked nothing, on its first step: the other foods its board could have
    #: cost (``explain_search.Plan.foods``), offered with its payment.
    foods: tuple[int, ...] = ()


@dataclass(frozen=True)
class Answer:
    """One way to explain a player's change: its steps, the food they cost (B6) and the
    action markers they take, in order."""

    steps: tuple[Step, ...]
    cost: int
    markers: tuple[str, ...]


@dataclass(frozen=True)
class Question:
    """The one question of a player's change: ``answers`` cheapest first; the first's
    steps are ``Explanation.steps[first : first + len(answers[0].steps)]``."""

    seat: int
    first: int
    answers: tuple[Answer, ...]


@dataclass(frozen=True)
class Explanation:
    steps: tuple[Step, ...] = ()
    contradictions: tuple[RuleError, ...] = ()
    unseen: tuple[tuple[Space, str], ...] = ()  # (space, colour): hidden, kept as it was
    changes: bool = field(default=False)
    questions: tuple[Question, ...] = ()


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


def hidden_spaces(
    reading: Mapping[str, Any], hidden: Iterable[Hex | Space] | None = None
) -> frozenset[Space]:
    """The spaces the reader reports hidden (issue 32, item 1), each space of a hex given
    alone. ``hidden`` when given (an empty one: the whole board was in view); else the
    reading's ``hidden`` entries (``{"at": [q, r], "space"?: …}``) when it has them; else
    (a reading from before the reader said what it sees) the spaces of its ``unseen``
    entries."""
    if hidden is None:
        entries = reading.get("hidden")
        if not isinstance(entries, list):
            entries = reading.get("unseen", ())
        given: list[Hex | Space] = []
        for entry in entries if isinstance(entries, list | tuple) else ():
            at = _hex(entry.get("at")) if isinstance(entry, Mapping) else None
            if at is None:
                continue
            terrain = entry.get("space")
            given.append((at, terrain) if terrain in SPACES else at)
        hidden = given
    spaces: set[Space] = set()
    for item in hidden:
        if len(item) == 2 and isinstance(item[1], str):
            at = _hex(item[0])
            if at is not None and item[1] in SPACES:
                spaces.add((at, item[1]))
        else:
            at = _hex(item)
            if at is not None:
                spaces.update((at, terrain) for terrain in SPACES)
    return frozenset(spaces)


def photographed(
    state: State,
    reading: Mapping[str, Any],
    hidden: Iterable[Hex | Space] | None = None,
) -> tuple[Photographed, tuple[RuleError, ...], tuple[tuple[Space, str], ...]]:
    """The reader's board (``campfire read-board`` JSON: ``tiles``, ``pieces``,
    ``unseen``, ``hidden``?) for this table: the photographed board, its contradictions
    and what was not visible. A piece missing from a space in view was removed or moved;
    only a space in ``hidden_spaces(reading, hidden)`` keeps what the table had (its
    hunters seen elsewhere moved, ``_moved_away``). Where the photo contradicts itself,
    the table's pieces stay."""
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
            problems.append(RuleError(TILE_MOVED, tile=tile))
            continue
        if at in tiles and tiles[at][0] != tile:
            problems.append(RuleError(TILE_CLASH, tile=tile, other=tiles[at][0] or "?"))
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
    kept: list[tuple[Space, str]] = []
    covered = hidden_spaces(reading, hidden)
    for space in sorted(covered & set(board.pieces), key=lambda s: (s[0][1], s[0][0], s[1])):
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
            keep = Pieces(
                before.player,
                max(before.hunters - grown, visible.hunters),
                max(before.structure, visible.structure),
            )
            if keep == visible:
                continue
            pieces[space] = keep
            kept.append((space, before.player))
    return Photographed(tiles, pieces), tuple(problems), tuple(kept)


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

_try = search.attempt
_paid = search.paid
_own = search.own


def _steps_of(plan: search.Plan, seat: int) -> list[Step]:
    return [
        Step(event, seat, hunters, cost, hexes, foods=plan.foods if k == 0 else ())
        for k, (event, hunters, cost, hexes) in enumerate(
            zip(plan.events, plan.hunters, plan.costs, plan.hexes, strict=True)
        )
    ]


def _placing(
    state: State, seat: int, target: Mapping[Space, Pieces], new: Mapping[Hex, tuple[str, int]]
) -> tuple[State, Step, Hex] | None:
    """The seat's tile with the hunters that came from its supply, where most of its
    hunters stand on a new tile after the round: what is sure when nothing explains the
    whole change (its marker, its cost); the correction says the rest."""
    colour = state.colours[seat]
    mine = _own(target, colour)
    surplus = sum(p.hunters for p in mine.values()) - sum(
        p.hunters for p in _own(state.board.pieces, colour).values()
    )
    if not 0 < surplus <= MAX_HUNTERS_PER_ACTION:
        return None
    spots = sorted(
        ((at, t) for at in new for t in SPACES),
        key=lambda s: (-mine.get(s, Pieces(colour)).hunters, s[0][1], s[0][0]),
    )
    for at, terrain in spots:
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
            after, event = _try(state, _paid(state, seat, event, surplus))
        except RuleError:
            continue
        return after, Step(event, seat, surplus, action_cost(surplus), (at,)), at
    return None


class _Memo(dict[Any, list[search.Plan]]):
    """The plans searched for one explanation, by the search's arguments; ``dearer``:
    whether the dearer answers are sought (only once the way to explain the round is
    chosen: the ways compared need the cheapest alone)."""

    dearer: bool = False


def _plans(
    state: State,
    seat: int,
    target: Mapping[Space, Pieces],
    tiles: Mapping[Hex, tuple[str, int]],
    memo: dict[Any, list[search.Plan]] | None,
    budget: int = search.MAX_FRAMES,
) -> list[search.Plan]:
    """``explain_search.plans``, memoized for one explanation: a player tried again on
    the same board (put off, tried first, after the mirrored tiles) is not searched
    again."""
    if memo is None:
        return search.plans(state, seat, target, tiles, budget)
    dearer = memo.dearer if isinstance(memo, _Memo) else True
    colour = state.colours[seat]
    key = (
        seat,
        tuple(sorted(state.board.pieces.items())),
        tuple(sorted((at, p.catalog_id, p.rotation) for at, p in state.board.tiles.items())),
        state.rounds.markers[seat],
        state.rounds.held(seat),
        state.stocks[seat],
        state.supplies[seat],
        tuple(sorted(_own(target, colour).items())),
        tuple(sorted(tiles.items())),
        budget,
        dearer,
    )
    if key not in memo:
        memo[key] = search.plans(state, seat, target, tiles, budget, dearer)
    return memo[key]


def _seat_steps(
    state: State,
    seat: int,
    target: Mapping[Space, Pieces],
    new: Mapping[Hex, tuple[str, int]],
    *,
    last: bool = True,
    memo: dict[Any, list[search.Plan]] | None = None,
) -> tuple[State, list[Step], Hex | None, tuple[search.Plan, ...]] | None:
    """The seat's change by its cheapest legal explanation (``explain_search.plans``),
    with the other answers (the question) when there are; the hex of the tile it placed.
    None when nothing explains it yet, or only dearer than its bound (unless ``last``):
    try again once the other players' tiles lie and their pieces moved (their paths may
    cross them, B3, B5). At the ``last`` try the cheapest found is taken, else the tile
    and its hunters are placed and the correction says the rest."""
    colour = state.colours[seat]
    if _own(state.board.pieces, colour) == _own(target, colour):
        return state, [], None, ()
    # Its tile first among the new tiles it stands on after the round, then among those
    # nobody stands on (its hunters placed, then all moved off), then any.
    standing = {at: t for at, t in new.items() if any(s[0] == at for s in _own(target, colour))}
    empty = {at: t for at, t in new.items() if not any(s[0] == at for s in target)}
    found: list[search.Plan] = []
    tried: list[Mapping[Hex, tuple[str, int]]] = []
    for tiles in (standing, empty, new):
        if (tiles or tiles is new) and tiles not in tried:
            tried.append(tiles)
            # The first try gets the whole budget; later ones (rarer) a third each.
            budget = search.MAX_FRAMES if len(tried) == 1 else search.MAX_FRAMES // 3
            found = _plans(state, seat, target, tiles, memo, budget)
        if found:
            break
    if found and found[0].cost > found[0].floor and not last:
        # Dearer than the change could cost: another player's pieces may be in the way
        # (B5) until their own actions move them; explained after theirs.
        return None
    if found:
        plan = found[0]
        placed = next(
            (
                (int(e["at"][0]), int(e["at"][1]))
                for e in plan.events
                if e["action"] == "place_tile"
            ),
            None,
        )
        return plan.state, _steps_of(plan, seat), placed, tuple(found)
    if not last:
        return None
    fallback = _placing(state, seat, target, new)
    if fallback is None:
        return state, [], None, ()
    after, step, at = fallback
    return after, [step], at, ()


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


def _question(seat: int, first: int, found: Sequence[search.Plan], index: int) -> Question:
    answers = tuple(
        Answer(
            tuple(replace(s, question=index) for s in _steps_of(plan, seat)),
            plan.cost,
            plan.markers,
        )
        for plan in found
    )
    return Question(seat, first, answers)


def _explained(
    state: State,
    photo: Photographed,
    turn: Sequence[int],
    mirrored: set[Hex],
    dear: set[int] | None = None,
    eager: int | None = None,
    memo: dict[Any, list[search.Plan]] | None = None,
    assign: Mapping[int, Hex] | None = None,
) -> tuple[State, list[Step], dict[Hex, tuple[str, int]], list[Question]]:
    """The tiles in ``mirrored`` on the mirror first, then each player's change in turn
    order, again while a player waits for a tile another placed (B4: tiles touch the
    board) or a space another left (B5); the new tiles no player placed; the questions.
    ``assign``: which new tile each seat placed (a seat not in it placed none), when
    given (``_assignments``); else each seat's tile is sought among all new tiles."""
    new = {at: t for at, t in photo.tiles.items() if at not in state.board.tiles}
    state, steps = _mirror_tiles(state, {at: new.pop(at) for at in sorted(mirrored) if at in new})
    questions: list[Question] = []
    waiting, last = list(turn), False
    while waiting:
        later = []
        for seat in waiting:
            pool = new
            if assign is not None:
                mine = assign.get(seat)
                pool = {mine: new[mine]} if mine is not None and mine in new else {}
            done = _seat_steps(
                state, seat, photo.pieces, pool, last=last or seat == eager, memo=memo
            )
            if done is None:
                later.append(seat)
                continue
            state, more, placed, found = done
            if last and dear is not None and (not found or found[0].cost > found[0].floor):
                dear.add(seat)  # dearer than it could be, or not explained: try it first
            if len(found) > 1:
                question = _question(seat, len(steps), found, len(questions))
                questions.append(question)
                more = list(question.answers[0].steps)
                markers = [answer.markers for answer in question.answers]
                if all(len(answer.steps) == 1 for answer in question.answers) and len(
                    set(markers)
                ) == len(markers):
                    # The question as one step's options too (one chip per action); else
                    # the page asks it as one line of answers (``Question``).
                    options = tuple(answer.steps[0].event for answer in question.answers)
                    more = [replace(more[0], options=options)]
            steps += more
            if placed is not None:
                new.pop(placed)
        if last:
            break
        last = len(later) == len(waiting)  # no progress: the last try
        waiting = later
    return state, steps, new, questions


def explain(
    state: State,
    reading: Mapping[str, Any],
    hidden: Iterable[Hex | Space] | None = None,
    gained: Mapping[int, Mapping[str, int]] | None = None,
) -> Explanation:
    """The steps that turn the table's board into the one the reader saw (``reading``:
    the ``campfire read-board`` JSON; ``hidden``: the spaces or hexes the reader reports
    hidden, see ``photographed``), with the photo's contradictions, what it hid and the
    questions.

    Players are explained in turn order from the one whose turn it is; each player's
    change by its cheapest legal action set (``explain_search``), the other answers as
    one question; tiles no player's hunters explain go on the mirror first; the rest by
    corrections.

    ``gained``: the animals each seat gained without hunters this round, recorded on
    their phones before the photo (B6b). The photo does not say when: the payments are
    pre-filled as if those gains came after its actions (an animal without hunters is
    what a player takes when no hunter action is left, most often last), unless the
    stocks without them explain less of the photo than the stocks as they are."""
    if gained:
        lowered = without_gains(state, gained)
        if lowered is not None:
            found = _explain(lowered, reading, hidden)
            if not _unexplained(found):
                return found
            # Explained less on the lower stocks: the stocks as they are, when those
            # explain more (else the gains stay last: corrections the board needs anyway).
            now = _explain(state, reading, hidden)
            return now if _unexplained(now) < _unexplained(found) else found
    return _explain(state, reading, hidden)


def _unexplained(found: Explanation) -> int:
    """How much of the photo ``found`` leaves to corrections or calls unexplained."""
    corrections = sum(1 for step in found.steps if step.event.get("type") == "correct")
    return corrections + sum(1 for c in found.contradictions if c.template == UNEXPLAINED)


def gains_this_round(events: Iterable[Mapping[str, Any]]) -> dict[int, dict[str, int]]:
    """The animals each seat gained without hunters since the round began, from the
    table's history oldest first (``companion.tables.events``: undone changes flagged),
    for ``explain``'s ``gained`` (B6b: recorded on the phones before the photo)."""
    gained: dict[int, dict[str, int]] = {}
    for event in events:
        if event.get("undone") or event.get("type") == "undo":
            continue
        if event.get("type") in ("score", "end_round"):
            gained = {}  # a round ended: only the one after it counts
            continue
        seat, animal = event.get("seat"), event.get("gain")
        if takes_marker(event) and isinstance(seat, int) and isinstance(animal, str):
            mine = gained.setdefault(seat, {})
            mine[animal] = mine.get(animal, 0) + 1
    return gained


def _explain(
    state: State,
    reading: Mapping[str, Any],
    hidden: Iterable[Hex | Space] | None = None,
) -> Explanation:
    """``explain`` on ``state`` as it stands."""
    photo, problems, kept = photographed(state, reading, hidden)
    # What only the market explains (B7), bought first: the actions are explained after.
    state, buys = market.bought(state, photo.pieces)
    rounds = state.rounds
    first = rounds.next_seat if rounds.next_seat is not None else 0
    turn = [(first + i) % len(state.players) for i in range(len(state.players))]
    dear: set[int] = set()
    memo = _Memo()

    def rank(found: tuple[list[Step], list[RuleError], list[Question]]) -> tuple[int, ...]:
        # What the steps leave unlike the photo first: a way that lays a tile nowhere (no
        # order put it beside the board) and so corrects nothing on it scored as perfect
        # (bench/bison_taps.py --photo, seed 2, round 1: Gen's tile and tent dropped).
        return (_unlaid(state, photo, found[0]), *_score(found[0]))

    best = _in_turn(state, photo, turn, dear, None, memo)
    # How the best was found, to find it again with the dearer answers (the questions).
    again: Callable[[], tuple[list[Step], list[RuleError], list[Question]]] | None
    again = functools.partial(_in_turn, state, photo, turn, set(), None, memo)
    # A player explained dearer than their change could cost, or not at all, may have
    # lost their tile to a player before them (both placed hunters, then moved them
    # off) or met pieces in the way (B5): explained first, once each; the cheaper kept.
    for seat in sorted(dear)[:RETRIES]:
        order = [seat, *(s for s in turn if s != seat)]
        trial = _in_turn(state, photo, order, set(), seat, memo)
        if rank(trial) < rank(best):
            best = trial
            again = functools.partial(_in_turn, state, photo, order, set(), seat, memo)
    # Two players who placed tiles and moved off them both (or a tile taken by the first
    # player whose change it fits) leave the new tiles to the wrong players, and the one
    # whose tile was taken is explained by a correction (free: its food is lost). Every
    # way of giving the new tiles to the players is then tried (bench/bison_taps.py
    # --photo, seed 26, round 3: B12 given to the player who placed B14).
    if rank(best)[:2] != (0, 0):
        for assign in _assignments(state, photo)[:MOST_ASSIGNMENTS]:
            trial = _in_turn(state, photo, turn, set(), None, memo, assign)
            if rank(trial) < rank(best):
                best = trial
                again = functools.partial(_in_turn, state, photo, turn, set(), None, memo, assign)
    # Players whose actions interleaved (one moved onto a space another left later in
    # the round, B5, or onto another's tile) wait on each other for ever when explained
    # one after the other: each explained alone on the board as the others leave it,
    # their actions then taken in turn as the rules allow them (seed 26, round 4).
    if rank(best)[:2] != (0, 0):
        # (no new tile: the one way of giving none, a swap on the old tiles)
        for assign in (_assignments(state, photo) or [{}])[:MOST_INTERLEAVED]:
            trial = _interleaved(state, photo, turn, assign, memo)
            if rank(trial) < rank(best):
                best = trial
                # Again with the dearer answers: each player's cheapest alone is the
                # same, the others asked where their actions stand together.
                again = functools.partial(_interleaved, state, photo, turn, assign, memo)
    if again is not None:  # the way chosen, again with the dearer answers asked
        memo.dearer = True
        best = again()
    steps, refused, questions = best
    missed = _missed(state, photo, steps)
    if missed:  # never silently: the board after Confirm would not be the photo's
        refused = [*refused, RuleError(UNEXPLAINED, count=missed)]
    if buys:  # the buys' lines first: each question's steps start that much later
        steps = [*(Step(b, b["seat"], cost=market.price(b).total) for b in buys), *steps]
        questions = [replace(q, first=q.first + len(buys)) for q in questions]
    return Explanation(tuple(steps), (*problems, *refused), kept, bool(steps), tuple(questions))


#: The most players tried first again (each a whole explanation more).
RETRIES = 2
#: The most ways of giving the new tiles to the players tried (``_assignments``; 4 tiles
#: among 4 players who may each place one: the 24 that give every tile).
MOST_ASSIGNMENTS = 24


#: The most ways of giving the tiles tried with the players' actions interleaved.
MOST_INTERLEAVED = 6


def _relaxed(state: State, photo: Photographed, seat: int, mine: Hex | None) -> State:
    """The board one player's change is explained on when the players' actions
    interleave: the new tiles not theirs already laid (a ``tile`` event each), and the
    other players' pieces gone from every space whose pieces change (they leave it at
    some point of the round; B5 then lets this player stop there)."""
    others = {at: t for at, t in photo.tiles.items() if at not in state.board.tiles and at != mine}
    state, hanging = _laid(state, others)
    if hanging and mine is not None and mine in photo.tiles and mine not in state.board.tiles:
        # Tiles that touch the board only through this player's own (laid after it, B4;
        # bench/reach.py's photo round: three tiles hung off Ann's B07, so her move onto
        # one of them had no tile to go to): laid with hers there for the moment, which
        # the plan then lays itself.
        with_mine, left = _laid(state, {mine: photo.tiles[mine]})
        if not left:
            with_mine, _ = _laid(with_mine, {at: others[at] for at in hanging})
            tiles = {at: t for at, t in with_mine.board.tiles.items() if at != mine}
            board = Board(MappingProxyType(tiles), with_mine.board.pieces, with_mine.board.start)
            state = replace(with_mine, board=board)
    colour = state.colours[seat]
    pieces = {
        space: p
        for space, p in state.board.pieces.items()
        if p.player == colour or photo.pieces.get(space) == p
    }
    return replace(state, board=replace(state.board, pieces=pieces))


def _laid(state: State, tiles: Mapping[Hex, tuple[str, int]]) -> tuple[State, list[Hex]]:
    """``state`` with ``tiles`` laid on the mirror (``tile`` events) in an order where
    each touches the board (B4), and the hexes of those that could not be laid."""
    left = []
    for at in _tile_order(state, tiles):
        tile, rotation = tiles[at]
        try:
            state = fold.apply(
                state, {"type": "tile", "at": list(at), "tile": tile, "rotation": rotation}
            )
        except RuleError:
            left.append(at)
    return state, left


def _interleaved(
    state: State,
    photo: Photographed,
    turn: Sequence[int],
    assign: Mapping[int, Hex],
    memo: dict[Any, list[search.Plan]],
) -> tuple[list[Step], list[RuleError], list[Question]]:
    """Each player's change explained alone (``_relaxed``, the cheapest plan), then all
    the players' actions taken in turn order, each as soon as the rules allow it on the
    real board; the tiles given to nobody on the mirror first; corrections for the
    rest (a plan whose next action never fits stops there)."""
    new = {at: t for at, t in photo.tiles.items() if at not in state.board.tiles}
    given = set(assign.values())
    now, steps = _mirror_tiles(state, {at: t for at, t in new.items() if at not in given})
    queues: dict[int, list[Step]] = {}
    plans_of: dict[int, list[search.Plan]] = {}
    for seat in turn:
        colour = now.colours[seat]
        if _own(now.board.pieces, colour) == _own(photo.pieces, colour):
            continue
        mine = assign.get(seat)
        alone = _relaxed(now, photo, seat, mine)
        tiles = {mine: new[mine]} if mine is not None and mine in new else {}
        found = _plans(alone, seat, photo.pieces, tiles, memo)
        if found:
            queues[seat] = _steps_of(found[0], seat)
            plans_of[seat] = found
    moved = True
    while moved and any(queues.values()):
        moved = False
        for seat in turn:
            queue = queues.get(seat, [])
            # Its actions in its plan's order where the rules allow; else the first
            # one they allow now (another's piece still on the space the first goes to).
            for k, step in enumerate(queue):
                try:
                    now, event = _try(now, dict(step.event))
                except RuleError:
                    continue
                steps.append(replace(queue.pop(k), event=event))
                moved = True
                break
        if not moved and any(queues.values()):
            # Stuck: two players each moving onto the space the other leaves (a swap,
            # B5). At the table one of them stopped on the way with a free marker.
            split = _stop_on_the_way(now, turn, queues)
            if split is not None:
                now, step = split
                steps.append(step)
                moved = True
    now, fixes, refused = _corrections(now, dict(photo.pieces))
    steps = _grouped(state, steps)
    steps, questions = _asked_in_place(state, [*steps, *fixes], plans_of)
    return steps, refused, questions


def _grouped(state: State, steps: list[Step]) -> list[Step]:
    """``steps`` with each player's actions pulled together after their first one wherever
    the fold still takes the whole (B5 only binds the actions that met): a player's
    actions in a row are one line, which can ask their food (``_asked_in_place``: a split
    move paid 2 turkeys beside a free move and gather leaving the same board)."""
    for seat in dict.fromkeys(step.seat for step in steps if step.seat is not None):
        mine = [k for k, step in enumerate(steps) if step.seat == seat]
        if mine == list(range(mine[0], mine[-1] + 1)):
            continue
        others = [step for k, step in enumerate(steps) if k not in mine or k == mine[0]]
        at = others.index(steps[mine[0]])
        trial = [*others[:at], *(steps[k] for k in mine), *others[at + 1 :]]
        if _applies(state, trial):
            steps = trial
    return steps


def _stop_on_the_way(
    now: State, turn: Sequence[int], queues: Mapping[int, list[Step]]
) -> tuple[State, Step] | None:
    """Players' queued moves that wait on each other for ever (bench/bison_taps.py
    --photo, seed 4, round 4: Bea from S1's mountain to S2's prairie, Yui from S2's
    prairie to S1's mountain): one move of one hunter-group cut in two at a space on the
    way, with the player's other move marker still free (B6; 1 hunter a move is free, so
    the cut costs what the moves cost), its first half taken now — chosen where it lets
    another player's queued action go. The second half waits in the queue, where the
    first stood. None when no cut frees anyone."""
    moving = ("move_1", "move_3")
    for seat in turn:
        queue = queues.get(seat, [])
        if not queue or now.rounds.actions_left(seat) < len(queue) + 1:
            continue
        planned = {str(step.event.get("action")) for step in queue}
        held = {str(a) for a in now.rounds.held(seat)}
        for k, step in enumerate(queue):
            event, legs = step.event, step.event.get("moves") or []
            action = str(event.get("action"))
            if action not in moving or len(legs) != 1:
                continue
            spare = [a for a in moving if a not in held and a not in planned]
            if not spare:
                continue
            try:
                source, goal = parse_ref(now, legs[0]["from"]), parse_ref(now, legs[0]["to"])
            except RuleError:
                # Its leg starts or ends on a tile still queued (another player lays it
                # later in the round): there is nowhere on the board now to stop on.
                continue
            hunters = int(legs[0]["hunters"])
            for first, second in ((action, spare[0]), (spare[0], action)):
                for stop in sorted(fold.destinations(now, seat, source, first)):
                    if stop == goal:
                        continue
                    half = _move(now, seat, first, (source, stop), hunters)
                    try:
                        after, taken = _try(now, half)
                    except RuleError:
                        continue
                    rest = _move(after, seat, second, (stop, goal), hunters)
                    if not _reaches(after, seat, stop, goal, second):
                        continue
                    if not _frees_another(after, seat, queues):
                        continue
                    cost = action_cost(hunters)
                    queue[k] = replace(step, event=rest, cost=cost)
                    return after, replace(step, event=taken, cost=cost)
    return None


def _move(
    state: State, seat: int, action: str, leg: tuple[Space, Space], hunters: int
) -> dict[str, Any]:
    """One move of ``hunters`` of the seat's hunters along ``leg``, paid as pre-filled."""
    source, goal = leg
    event = {"type": "play", "seat": seat, "action": action, "hunters": hunters}
    event["moves"] = [
        {
            "from": fold.space_ref(state, source),
            "to": fold.space_ref(state, goal),
            "hunters": hunters,
        }
    ]
    return search.paid(state, seat, event, hunters)


def _reaches(state: State, seat: int, source: Space, goal: Space, action: str) -> bool:
    """Whether ``action`` takes the seat's hunters on ``source`` to ``goal`` once whoever
    stands on ``goal`` now has left it (B3)."""
    pieces = {space: p for space, p in state.board.pieces.items() if space != goal}
    cleared = replace(state, board=replace(state.board, pieces=pieces))
    return goal in fold.destinations(cleared, seat, source, action)


def _frees_another(state: State, seat: int, queues: Mapping[int, list[Step]]) -> bool:
    """Whether some other player's queued action is one the rules allow on ``state``."""
    for other, queue in queues.items():
        if other == seat:
            continue
        for step in queue:
            try:
                _try(state, dict(step.event))
            except RuleError:
                continue
            return True
    return False


def _asked_in_place(
    state: State, steps: list[Step], plans_of: Mapping[int, Sequence[search.Plan]]
) -> tuple[list[Step], list[Question]]:
    """The questions of the players whose actions, taken in turn as the rules allow,
    stand together (issue 32, item 4: a player who moved out and back, or through a tile
    laid that round, is asked the food they paid even when the players' actions
    interleaved): each other answer (dearer plans, when they were sought) in place of
    theirs, kept when the fold takes the whole proposal with it."""
    questions: list[Question] = []
    for seat, found in plans_of.items():
        mine = [k for k, step in enumerate(steps) if step.seat == seat]
        if len(found) < 2 or not mine or mine != list(range(mine[0], mine[-1] + 1)):
            continue
        first, end = mine[0], mine[-1] + 1
        index = len(questions)
        own = tuple(replace(step, question=index) for step in steps[first:end])
        if tuple(str(step.event.get("action")) for step in own) != found[0].markers:
            continue  # taken in another order than planned: asked by its lines
        answers = [Answer(own, sum(step.cost for step in own), found[0].markers)]
        for plan in found[1:]:
            other = tuple(replace(step, question=index) for step in _steps_of(plan, seat))
            if _applies(state, [*steps[:first], *other, *steps[end:]]):
                answers.append(Answer(other, plan.cost, plan.markers))
        if len(answers) > 1:
            steps = [*steps[:first], *own, *steps[end:]]
            questions.append(Question(seat, first, tuple(answers)))
    return steps, questions


def _applies(state: State, steps: Sequence[Step]) -> bool:
    """Whether the fold takes ``steps`` in order (a turn out of order aside)."""
    try:
        for step in steps:
            state = _try(state, dict(step.event))[0]
    except RuleError:
        return False
    return True


def _assignments(state: State, photo: Photographed) -> list[dict[int, Hex]]:
    """Each way of giving the photo's new tiles to the players whose tile marker is free
    (B4: one tile each a round), a tile given to nobody going on the mirror: the ways
    giving the most tiles first; those where a player stands on their tile after the
    round before the others."""
    new = sorted(
        (at for at in photo.tiles if at not in state.board.tiles), key=lambda h: (h[1], h[0])
    )
    seats = [s for s in range(len(state.players)) if "place_tile" not in state.rounds.markers[s]]
    if not new or not seats:
        return []
    standing = {(state.seat_of(p.player), at) for (at, _), p in photo.pieces.items() if at in new}
    out: list[tuple[int, int, dict[int, Hex]]] = []
    choices: list[int | None] = [*seats, None]

    def give(k: int, taken: tuple[int | None, ...]) -> None:
        if k == len(new):
            assign = {seat: at for seat, at in zip(taken, new, strict=True) if seat is not None}
            fits = sum(1 for seat, at in assign.items() if (seat, at) in standing)
            out.append((-len(assign), -fits, assign))
            return
        for seat in choices:
            if seat is None or seat not in taken:
                give(k + 1, (*taken, seat))

    give(0, ())
    out.sort(key=lambda item: (item[0], item[1]))
    return [assign for _, _, assign in out]


#: Said when even the best explanation leaves part of the photo unlike the board.
UNEXPLAINED = N_(
    "{count} places on the photo match no action and no correction; check the board "
    "after confirming"
)


def _unlaid(state: State, photo: Photographed, steps: Sequence[Step]) -> int:
    """The photo's new tiles ``steps`` lay nowhere (each step was applied by the fold
    when it was found; the corrections then set every space of the tiles laid, so a tile
    laid nowhere is what a way can leave unexplained and still count no correction)."""
    laid = {tuple(s.event["at"]) for s in steps if "at" in s.event and "tile" in s.event}
    return sum(1 for at in photo.tiles if at not in state.board.tiles and at not in laid)


def _missed(state: State, photo: Photographed, steps: Sequence[Step]) -> int:
    """How much of the photo ``steps`` leave unexplained: its tiles not laid and its
    spaces whose pieces differ once they are applied to ``state`` (a step the fold
    refuses is skipped, as Confirm would refuse it)."""
    for step in steps:
        try:
            state = _try(state, dict(step.event))[0]
        except RuleError:
            continue
    tiles = sum(1 for at in photo.tiles if at not in state.board.tiles)
    board = {s: p for s, p in state.board.pieces.items() if not p.empty}
    seen = {s: p for s, p in photo.pieces.items() if not p.empty}
    return tiles + sum(1 for s in set(board) | set(seen) if board.get(s) != seen.get(s))


def _score(steps: Sequence[Step]) -> tuple[int, int, int]:
    """Fewer corrections, then less food, then fewer action markers: an explanation
    using more markers than the player did leaves an action without hunters no marker
    (B6; bench seed 27, round 3)."""
    return (
        sum(1 for s in steps if s.event.get("type") == "correct"),
        sum(s.cost for s in steps),
        sum(1 for s in steps if takes_marker(s.event)),
    )


def _in_turn(
    state: State,
    photo: Photographed,
    turn: Sequence[int],
    dear: set[int],
    eager: int | None = None,
    memo: dict[Any, list[search.Plan]] | None = None,
    assign: Mapping[int, Hex] | None = None,
) -> tuple[list[Step], list[RuleError], list[Question]]:
    """The players' changes explained in ``turn`` order (see ``explain``), then the
    corrections; ``dear`` collects the players explained dearer than their bound;
    ``eager``'s change is taken as found, never put off; ``assign``: each seat's tile
    (the tiles given to nobody on the mirror first)."""
    first: set[Hex] = set()
    if assign is not None:
        given = set(assign.values())
        first = {at for at in photo.tiles if at not in state.board.tiles and at not in given}
    now, steps, left, questions = _explained(state, photo, turn, first, dear, eager, memo, assign)
    if left:  # mirror those first, so moves onto them can be explained
        dear.clear()
        now, steps, left, questions = _explained(
            state, photo, turn, first | set(left), dear, eager, memo, assign
        )
    now, fixes, refused = _corrections(now, dict(photo.pieces))
    return [*steps, *fixes], refused, questions


def answered(explanation: Explanation, choices: Mapping[int, int]) -> tuple[Step, ...]:
    """The proposal's steps with its questions answered: ``choices`` maps a question's
    index (``Step.question``) to the answer chosen (an index in ``Question.answers``); a
    question not in it, or a choice it does not offer, keeps its first (cheapest) answer.
    The answers of one question leave the same board (only the stocks and the markers
    differ), so the steps after it stay right."""
    steps = list(explanation.steps)
    for index in sorted(range(len(explanation.questions)), reverse=True):
        question = explanation.questions[index]
        choice = choices.get(index, 0)
        if not 0 < choice < len(question.answers):
            continue
        span = len(question.answers[0].steps)
        steps[question.first : question.first + span] = question.answers[choice].steps
    return tuple(steps)


def reproduces(
    state: State,
    steps: Sequence[Step],
    reading: Mapping[str, Any],
    hidden: Iterable[Hex | Space] | None = None,
) -> bool:
    """Whether ``steps`` applied to ``state`` give the photographed board (tests, and a
    last check before the phone proposes them)."""
    photo, _, _ = photographed(state, reading, hidden)
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


def gained(state: State, seat: int, animal: str | None = None) -> tuple[State, dict[str, Any]]:
    """An action without hunters (B6) with the seat's first free marker the fold accepts,
    and the state after it; ``RuleError`` when none is. It gains ``animal``, or when the
    player has not said (None) ``default_gain``: counting an action never waits on an
    animal chosen first (issue 32, item 5)."""
    refusal = RuleError(N_("no action is left for an animal gained without hunters"))
    for action in GAIN_MARKERS:
        if action in state.rounds.markers[seat]:
            continue
        try:
            return counted(state, seat, action, animal)
        except RuleError as error:
            refusal = error
            continue
    raise refusal


def with_choice(step: Step, choice: int) -> Step:
    """The step with its question answered (``options[choice]``); the same step for a
    choice it does not offer."""
    if not 0 <= choice < len(step.options):
        return step
    return replace(step, event=step.options[choice])
