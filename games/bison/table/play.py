"""Actions recorded from the board (B6): the ``play`` and ``correct`` events, the legal
destinations of a move, and space references as the board shows them.

Glossary
--------
play
    One action with its board change in one event: the hunters used (so the cost, B6),
    the tile placed or the structures built or the hunters moved or gathered, and the
    action marker — applied all or nothing. The number of hunters used is read from the
    board change, never typed.
space reference
    ``{"at": [q, r], "space": "prairie", "tile": "B07"?}``: a space as the board shows it.
    ``tile`` (the tile's label: its printed id, or "R2" for the second retail tile placed,
    ``tile_label``) is optional; when given it must be the tile lying there, so the history
    can name the space exactly, never by coordinates (``space_ref`` writes it).
move
    ``{"from": ref, "to": ref, "hunters": n}``: n of the seat's hunters from one space to
    another within the action's movement allowance (``move_1``: 1, ``move_3``: 3), by the
    cheapest way that never stops on another player's space (B3). Each hunter moves once per
    action, so a move takes only hunters that stood on its space before the action.
gather
    ``{"to": ref, "from": [{"space": ref, "hunters": n}, …]}``: up to 5 of the seat's
    hunters from anywhere on the board to a space already holding one of its hunters (B6);
    no distance applies.
build
    ``{"space": ref, "size": n}``: the tent or canoe on that space becomes size n (from the
    seat's supply, B5); it grows from the seat's hunters there (B6); with variant 2 it may
    shrink or go (size 0, B11).
correct
    A free correction of the mirror, outside the rules of actions: each listed space holds
    exactly the given pieces. The history says it was a correction.
start tile
    A table playing with retail tiles describes its own start tiles (``start_tile``).

Standard library only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

from games import fields
from games.bison.board import Board, Pieces, PlacedTile, Space, check_structure_kind
from games.bison.changes import Correct, Placement, Play, StartTile, Unread
from games.bison.changes import Pieces as PiecesChange
from games.bison.economy import (
    MAX_HUNTERS_PER_ACTION,
    Supply,
    check_hunters,
    check_size,
)
from games.bison.movement import reachable
from games.bison.rounds import Action, check_action
from games.bison.table.actions import _builds, marked, paid
from games.bison.table.board import (
    _sync_supply,
    build_on_board,
    on_pieces,
    place_tile_on_board,
    tile_label,
)
from games.bison.table.fields import parse_hex, parse_space
from games.bison.table.state import State, with_seat
from games.bison.tiles import STRUCTURE_ON
from games.errors import N_, Phrase, RuleError, Term

#: How far each hunter may go in one action (B6).
ALLOWANCE: Mapping[Action, int] = {Action.MOVE_1: 1, Action.MOVE_3: 3}


def space_ref(state: State, space: Space) -> dict[str, Any]:
    """A space as events and the history name it: ``{"at", "space", "tile"?}``.

    The UI writes every space of a ``play`` or ``correct`` event with this, so the history
    reads "the prairie of B07" (or "of R2", a retail tile) rather than coordinates."""
    (q, r), terrain = space
    ref: dict[str, Any] = {"at": [q, r], "space": terrain}
    label = tile_label(state.board, (q, r))
    if label is not None:
        ref["tile"] = label
    return ref


def space_name(state: State, space: Space) -> Phrase:
    """A space named as the board shows it, for a message: "the prairie of B07", or "of
    R2" on a retail tile (the same words as the history's)."""
    (q, r), terrain = space
    label = tile_label(state.board, (q, r))
    if label is not None:
        return Phrase(N_("the {terrain} of {tile}"), terrain=Term(terrain), tile=label)
    return Phrase(N_("the {terrain} at {at}"), terrain=Term(terrain), at=f"[{q},{r}]")


def parse_ref(state: State, raw: object, what: str = "space") -> Space:
    """A space reference, checked against the board (the tile there, its id if given)."""
    if not isinstance(raw, Mapping):
        raise RuleError(
            N_('{what} must be an object like {{"at": [0, 1], "space": "prairie"}}'), what=what
        )
    at = parse_hex(raw.get("at"))
    terrain = parse_space(raw.get("space"))
    placed = state.board.tiles.get(at)
    if placed is None:
        raise RuleError(N_("there is no tile at {at}"), at=f"[{at[0]},{at[1]}]")
    if "tile" in raw and raw["tile"] != tile_label(state.board, at):
        raise RuleError(
            N_("the tile at {at} is {actual}, not {named}"),
            at=f"[{at[0]},{at[1]}]",
            actual=tile_label(state.board, at) or "?",
            named=str(raw["tile"]),
        )
    return (at, terrain)


def _own(board: Board, colour: str, space: Space) -> Pieces:
    there = board.pieces.get(space)
    return there if there is not None and there.player == colour else Pieces(colour)


def destinations(state: State, seat: int, source: Space, action: Action | str) -> dict[Space, int]:
    """Where the seat's hunters on ``source`` may go with ``action``, each with its cost in
    movement points: the spaces to highlight after "move from here" (B3, B6).

    ``move_1`` / ``move_3``: every space within 1 / 3 points that holds no other player's
    pieces (other players' spaces may be passed, B3). ``gather``: the seat's other spaces
    holding one of its hunters (cost 0: gathering has no distance). Empty when ``source``
    holds none of the seat's hunters, or for other actions. Call it with the current
    action (``turn(state)`` says whose turn it is) and a space the seat tapped.
    """
    action = check_action(action)
    colour = state.colours[seat]
    board = state.board
    if _own(board, colour, source).hunters == 0:
        return {}
    if action is Action.GATHER:
        return {
            space: 0
            for space, pieces in board.pieces.items()
            if pieces.player == colour and pieces.hunters and space != source
        }
    limit = ALLOWANCE.get(action)
    if limit is None:
        return {}
    return {
        space: cost
        for space, cost in reachable(board, colour, source, limit).items()
        if space != source
    }


def build_sizes(state: State, seat: int, space: Space) -> tuple[int, ...]:
    """The sizes the seat's tent (prairie, mountain) or canoe (river) on ``space`` may
    become in one build: the size chips of the space's sheet (B5, B6, B11).

    A size from the seat's supply, larger than what stands there, grown from the seat's
    hunters on the space (at most 5 per action); with variant 2 also smaller sizes, 0
    removing it. Empty when the space holds another player's pieces."""
    colour = state.colours[seat]
    there = state.board.pieces.get(space)
    if there is not None and there.player != colour:
        return ()
    own = _own(state.board, colour, space)
    held = state.supplies[seat].structures(STRUCTURE_ON[space[1]])
    grow = min(own.hunters, MAX_HUNTERS_PER_ACTION)
    sizes = {size for size in held.supply if own.structure < size <= own.structure + grow}
    if state.settings.variant_2 and own.structure:
        sizes |= {size for size in (*held.supply, 0) if size < own.structure}
    return tuple(sorted(sizes))


def _count(raw: object, what: Phrase) -> int:
    """A number of hunters (at least 1); ``what`` names the move or source in the reader's
    language (never an English field name inside a translated refusal)."""
    return fields.whole_number(raw, Phrase(N_("{what}: the number of hunters"), what=what), 1)


def _shifted(state: State, colour: str, taken: Counter[Space], added: Counter[Space]) -> Board:
    """The board with hunters taken off and put on spaces (structures stay)."""
    board = state.board
    for space in [*taken, *added]:
        before = _own(board, colour, space)
        if before.hunters < taken[space]:
            raise RuleError(
                N_("{space} has {have} of your hunters, not {need}"),
                space=space_name(state, space),
                have=before.hunters,
                need=taken[space],
            )
    for space in dict.fromkeys([*taken, *added]):
        before = _own(board, colour, space)
        hunters = before.hunters - taken[space] + added[space]
        board = board.put(space, Pieces(colour, hunters, before.structure))
    return board


def _moves(state: State, seat: int, action: Action, raw: object) -> tuple[Board, int]:
    """A move action's board and hunters used (B3, B6)."""
    if raw is None or raw == []:
        return state.board, 0  # no hunters: the action gains one animal (B6)
    if not isinstance(raw, list):
        raise RuleError(
            N_('say which hunters move: moves needs at least one {{"from", "to", "hunters"}}')
        )
    colour = state.colours[seat]
    limit = ALLOWANCE[action]
    taken: Counter[Space] = Counter()
    added: Counter[Space] = Counter()
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, Mapping):
            raise RuleError(
                N_("move {number} must be an object with from, to and hunters"), number=number
            )
        start = parse_ref(state, item.get("from"), "from")
        goal = parse_ref(state, item.get("to"), "to")
        count = _count(item.get("hunters"), Phrase(N_("move {number}"), number=number))
        cost = destinations(state, seat, start, action).get(goal)
        if cost is None:
            raise RuleError(
                N_(
                    "move {number}: your hunters on {start} cannot reach {goal} within 1 "
                    "space (nor stop on another player's space)"
                )
                if limit == 1
                else N_(
                    "move {number}: your hunters on {start} cannot reach {goal} within "
                    "{limit} spaces (nor stop on another player's space)"
                ),
                number=number,
                start=space_name(state, start),
                goal=space_name(state, goal),
                limit=limit,
            )
        taken[start] += count
        added[goal] += count
    used = sum(taken.values())
    return _shifted(state, colour, taken, added), used


def _gather(state: State, seat: int, raw: object) -> tuple[Board, int]:
    """A gather action's board and hunters used (B6)."""
    if raw is None:
        return state.board, 0  # no hunters: the action gains one animal (B6)
    if not isinstance(raw, Mapping) or not isinstance(raw.get("from"), list) or not raw["from"]:
        raise RuleError(
            N_(
                'say where to gather: gather needs {{"to": space, "from": '
                '[{{"space": space, "hunters": n}}]}}'
            )
        )
    colour = state.colours[seat]
    goal = parse_ref(state, raw.get("to"), "to")
    if _own(state.board, colour, goal).hunters == 0:
        raise RuleError(N_("hunters gather on a space that already holds one of your hunters"))
    taken: Counter[Space] = Counter()
    for number, item in enumerate(raw["from"], start=1):
        if not isinstance(item, Mapping):
            raise RuleError(
                N_("gather source {number} must be an object with space and hunters"), number=number
            )
        start = parse_ref(state, item.get("space"), "space")
        if start == goal:
            raise RuleError(N_("gather source {number} is the space they gather on"), number=number)
        what = Phrase(N_("gather source {number}"), number=number)
        taken[start] += _count(item.get("hunters"), what)
    used = sum(taken.values())
    return _shifted(state, colour, taken, Counter({goal: used})), used


def _board_change(state: State, seat: int, change: Play) -> tuple[Board, Supply, int]:
    """The board and the seat's supply after a ``play`` event's change, and the hunters
    it used (B6)."""
    supply = state.supplies[seat]
    board = state.board
    colour = state.colours[seat]
    action = change.action
    if action is Action.PLACE_TILE:
        used = change.hunters if isinstance(change.hunters, int) else 0
        # ``changes.Play`` reads a placement for every place_tile (none: "at" is missing)
        placement = change.placement or Placement.from_json({})
        board = place_tile_on_board(state, seat, placement, None, 0)
        if used:
            if change.space is None:
                raise RuleError(
                    N_("say on which space of the tile the {hunters} hunters stand"), hunters=used
                )
            space = (placement.at, change.space)
            new = Pieces(colour, used, 0)
            placed = replace(state, board=board)
            supply = _sync_supply(placed, seat, space, new)
            board = board.put(space, new)
    elif action in (Action.TENT, Action.CANOE):
        kind = action.value
        raw = change.builds
        if not isinstance(raw, list):
            raise RuleError(N_('builds must be a list like [{"space": …, "size": 2}]'))
        items: list[dict[str, Any]] = []
        for number, item in enumerate(raw, start=1):
            if not isinstance(item, Mapping):
                raise RuleError(
                    N_("build {number} must be an object with space and size"), number=number
                )
            space = parse_ref(state, item.get("space"), "space")
            have = _own(board, colour, space).structure
            check_structure_kind(space[1], kind)
            items.append(
                {
                    "at": list(space[0]),
                    "space": space[1],
                    "size": check_size(item.get("size"), allow_zero=True),
                    "replaces": have,
                }
            )
        used = check_hunters(sum(abs(i["size"] - i["replaces"]) for i in items))
        pairs = _builds(items, kind, used, state.settings)
        board = build_on_board(state, board, seat, kind, items, pairs)
        supply = supply.rebuild(kind, pairs)
    elif action is Action.GATHER:
        board, used = _gather(state, seat, change.gather)
    else:
        board, used = _moves(state, seat, action, change.moves)
    return board, supply, check_hunters(used)


def on_play(state: State, change: Play) -> State:
    """``play``: one action (B6) with its board change, all or nothing. By action
    (``changes.Play``):

    - ``place_tile``: ``at``, ``tile`` (+ ``rotation``) or ``edges`` + ``animals``, and
      ``hunters`` on ``space`` of the new tile (from the supply);
    - ``tent`` / ``canoe``: ``builds`` ``[{"space": ref, "size": n}]``;
    - ``move_1`` / ``move_3``: ``moves`` ``[{"from": ref, "to": ref, "hunters": n}]``;
    - ``gather``: ``gather`` ``{"to": ref, "from": [{"space": ref, "hunters": n}]}``.

    The hunters used (0–5) come from the board change; they set the cost (B6), paid as
    ``payment`` (default: from the largest stocks) or, with 0 hunters, ``gain`` one animal.
    ``hunters`` may repeat that count (the UI sends what ``hunters_used`` showed, so the
    history can say it); a different number is refused.
    """
    seat = state.rounds.check_seat(change.seat)
    action = change.action
    rounds = marked(state, seat, action, change)
    board, supply, used = _board_change(state, seat, change)
    declared = change.hunters.value if isinstance(change.hunters, Unread) else change.hunters
    if action is not Action.PLACE_TILE and declared is not None and declared != used:
        # The UI writes the count it showed (``hunters_used``); the history repeats it.
        raise RuleError(
            N_("this board change uses {used} hunters, not {declared}"),
            used=used,
            declared=str(declared),
        )
    stocks = paid(state.stocks[seat], used, change.payment, change.gain)
    all_stocks, all_supplies = with_seat(state, seat, stocks=stocks, supply=supply)
    return replace(state, stocks=all_stocks, supplies=all_supplies, rounds=rounds, board=board)


#: What a ``play`` event's count of hunters does not depend on (its cost, paid after).
_PAYING = ("payment", "gain")


def hunters_used(state: State, event: Mapping[str, Any] | Play) -> int:
    """How many hunters a ``play`` event uses, so what it will cost (B6): for the UI's cost
    line before the player confirms (its payment and gain not read). ``RuleError`` when
    the board change is refused."""
    if not isinstance(event, Play):
        event = Play.from_json({k: v for k, v in event.items() if k not in _PAYING})
    seat = state.rounds.check_seat(event.seat)
    return _board_change(state, seat, event)[2]


def on_correct(state: State, change: Correct) -> State:
    """``correct``: a free correction of the mirror: each listed space holds exactly these
    pieces (as the ``pieces`` event, read one after the other; the supplies follow;
    ``tile``, when given, must be the label the board gives the tile there). No action
    marker, no cost; all or nothing. The history names it a correction."""
    for number, item in enumerate(change.spaces, start=1):
        if not isinstance(item, Mapping):
            raise RuleError(
                N_(
                    "correction {number} must be an object with at, space, seat, "
                    "hunters and structure"
                ),
                number=number,
            )
        if "tile" in item:  # named as the board names it (the history's words): checked
            parse_ref(state, item)
        state = on_pieces(state, PiecesChange.from_json(item))
    return state


def on_start_tile(state: State, change: StartTile) -> State:
    """``start_tile``: a start tile described as the table's own (a retail start tile, B1,
    B4): it replaces the tile at one of the three start hexes, while no piece stands on
    it. Described by taps like any retail tile (``taps.edges_from_taps``)."""
    at = change.at
    if at not in state.board.start:
        raise RuleError(
            N_("{at} is not a start tile; the start tiles lie at {starts}"),
            at=f"[{at[0]},{at[1]}]",
            starts=", ".join(f"[{q},{r}]" for q, r in sorted(state.board.start)),
        )
    if any(space[0] == at for space in state.board.pieces):
        raise RuleError(
            N_("pieces stand on the start tile at {at}; take them off first"),
            at=f"[{at[0]},{at[1]}]",
        )
    tile = change.tile
    rotation = 0 if change.rotation is None else change.rotation
    tiles = dict(state.board.tiles)
    tiles[at] = PlacedTile(tile.rotated(rotation), None, rotation)
    board = Board(MappingProxyType(tiles), state.board.pieces, state.board.start)
    return replace(state, board=board)
