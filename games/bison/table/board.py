"""The Bison table's board mirror: ``tile`` and ``pieces`` events, actions that say where,
and the legal hexes (B4, B5, B6).

Glossary
--------
board
    The mirror: ``games.bison.board.Board``, the start tiles at first. Pieces on it are
    keyed by the seat's colour (unique at a table), so rule messages name a colour.
legal hexes
    The empty hexes where a tile may be placed now (B4), asked of ``Board.place`` itself.
supply in step
    Board events keep each seat's ``Supply`` in step with the mirror: pieces put on a space
    come from pieces an earlier counts-only action already moved "to the board" without
    saying where (*unlocated* pieces), then from the supply; pieces taken off go back to
    the supply.

Standard library only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace

from games.bison.board import (
    Board,
    Pieces,
    Space,
    check_structure_kind,
)
from games.bison.changes import Pieces as PiecesChange
from games.bison.changes import Placement, PlaceTile
from games.bison.economy import Structures, Supply
from games.bison.hexgrid import Hex, neighbours, show
from games.bison.table.fields import not_over, parse_hex, parse_space
from games.bison.table.state import State, with_seat
from games.bison.tiles import STRUCTURE_ON, Tile
from games.errors import N_, RuleError, Term


def tile_label(board: Board, at: tuple[int, int]) -> str | None:
    """A tile as the board shows it: its printed id ("B07"), or on a retail tile (no id)
    "R" and its number among the retail tiles in the order they were placed ("R2"), so
    no player reads coordinates. None when no tile lies at ``at``."""
    placed = board.tiles.get(at)
    if placed is None:
        return None
    if placed.catalog_id:
        return placed.catalog_id
    retail = [hex_ for hex_, tile in board.tiles.items() if not tile.catalog_id]
    return f"R{retail.index(at) + 1}"


def next_retail_label(board: Board) -> str:
    """The label ``tile_label`` gives the next retail tile placed ("R3"): the companion
    writes it into the placing event, so the history names the tile as the board does."""
    return f"R{sum(1 for placed in board.tiles.values() if not placed.catalog_id) + 1}"


def _place(state: State, placement: Placement) -> tuple[Board, Hex]:
    at = placement.at
    rotation = 0 if placement.rotation is None else placement.rotation
    board = state.board.place(
        at, placement.piece(), rotation, max_totem_distance=state.settings.max_totem_distance
    )
    # ``label``: the name the history gives a retail tile ("R2"), written by the companion;
    # it must be the one the board gives it, so History and the board never disagree.
    if placement.label is not None and placement.label != tile_label(board, at):
        raise RuleError(
            N_("this tile is labelled {label} on the board, not {given}"),
            label=tile_label(board, at),
            given=placement.label[:20],
        )
    return board, at


def legal_hexes(state: State) -> list[Hex]:
    """The empty hexes where a tile may be placed now (B4), asked of ``Board.place`` itself
    so the rule lives in one place."""
    board = state.board
    candidates = sorted({n for at in board.tiles for n in neighbours(at)} - set(board.tiles))
    probe = Tile("PPPMMM", (1, 1, 1))
    legal = []
    for at in candidates:
        try:
            board.place(at, probe, max_totem_distance=state.settings.max_totem_distance)
        except RuleError:
            continue
        legal.append(at)
    return legal


def _located(board: Board, colour: str) -> tuple[int, dict[str, Counter[int]]]:
    """A colour's hunters and structure sizes that the mirror shows on a space."""
    hunters = 0
    sizes: dict[str, Counter[int]] = {"tent": Counter(), "canoe": Counter()}
    for (_, terrain), pieces in board.pieces.items():
        if pieces.player == colour:
            hunters += pieces.hunters
            if pieces.structure:
                sizes[STRUCTURE_ON[terrain]][pieces.structure] += 1
    return hunters, sizes


def _sync_supply(state: State, seat: int, space: Space, new: Pieces) -> Supply:
    """The seat's ``Supply`` after the mirror's ``space`` changed to ``new``.

    Pieces put down come first from the unlocated ones a counts-only action moved to the
    board, then from the supply; pieces taken off go back to the supply (as far as the
    counts had them on the board)."""
    colour = state.colours[seat]
    supply = state.supplies[seat]
    old = state.board.pieces.get(space)
    old_hunters = old.hunters if old is not None and old.player == colour else 0
    old_size = old.structure if old is not None and old.player == colour else 0
    located_hunters, located_sizes = _located(state.board, colour)
    delta = new.hunters - old_hunters
    if delta > 0:
        unlocated = max(0, supply.hunters_board - located_hunters)
        supply = supply.deploy(delta - min(delta, unlocated))
    elif delta < 0:
        supply = supply.recall(min(-delta, supply.hunters_board))
    if new.structure != old_size:
        kind = STRUCTURE_ON[space[1]]
        held = supply.structures(kind)
        in_supply, on_board = list(held.supply), list(held.board)
        located = located_sizes[kind]
        if old_size:
            located[old_size] -= 1
            if old_size in on_board:
                on_board.remove(old_size)
                in_supply.append(old_size)
        if new.structure:
            loose = Counter(on_board) - located
            if not loose[new.structure]:
                if new.structure not in in_supply:
                    raise RuleError(
                        N_(
                            "you have no size-{size} {kind} in your supply; buy one at the "
                            "market first"
                        ),
                        size=new.structure,
                        kind=Term(kind),
                    )
                in_supply.remove(new.structure)
                on_board.append(new.structure)
        moved = Structures(tuple(sorted(in_supply)), tuple(sorted(on_board)), held.market)
        supply = replace(supply, tents=moved) if kind == "tent" else replace(supply, canoes=moved)
    return supply


def on_tile(state: State, change: PlaceTile) -> State:
    """``tile``: a tile on the mirror without an action (B4 still applies): for a table
    whose actions were counted without the board, or to catch up the mirror."""
    not_over(state)
    board, _at = _place(state, change.placement)
    return replace(state, board=board)


def on_pieces(state: State, change: PiecesChange) -> State:
    """``pieces``: what a space holds (B5): the seat's hunters and tent/canoe size,
    exactly; 0 and 0 clears the space (then ``seat`` may be left out). The supply follows
    (see ``_sync_supply``)."""
    not_over(state)
    hunters = change.hunters or 0
    structure = change.structure or 0
    space = (change.at, change.space)
    if hunters == 0 and structure == 0 and change.seat is None:
        there = state.board.pieces.get(space)
        if there is None:
            return replace(state, board=state.board.put(space, Pieces("", 0, 0)))
        seat = state.seat_of(there.player)
    else:
        seat = state.rounds.check_seat(change.seat)
    new = Pieces(state.colours[seat], hunters, structure)
    board = state.board.put(space, new)  # B5, no such tile, the 8-hunter / sizes limits
    supply = _sync_supply(state, seat, space, new)
    return replace(state, board=board, supplies=with_seat(state, seat, supply=supply)[1])


def place_tile_on_board(
    state: State, seat: int, placement: Placement, terrain: str | None, hunters: int
) -> Board:
    """A ``place_tile`` action that says where: the tile, and the ``hunters`` on one of its
    spaces (``terrain``, B6)."""
    board, at = _place(state, placement)
    if hunters:
        if terrain is None:
            raise RuleError(
                N_("say on which space of the tile the {hunters} hunters stand"), hunters=hunters
            )
        board = board.put((at, terrain), Pieces(state.colours[seat], hunters, 0))
    return board


def build_on_board(
    state: State,
    board: Board,
    seat: int,
    kind: str,
    raw: Sequence[object],
    pairs: Sequence[tuple[int, int]],
) -> Board:
    """Tent/canoe builds that say where: a size-n structure is built from n of the seat's
    hunters on that space, which return to the supply with the replaced structure (B6);
    shrinking (variant 2) puts a hunter there per removed diamond (B11)."""
    colour = state.colours[seat]
    for number, (item, (size, replaces)) in enumerate(zip(raw, pairs, strict=True), start=1):
        if not isinstance(item, Mapping) or "at" not in item:
            continue
        at = parse_hex(item["at"])
        terrain = parse_space(item.get("space"))
        check_structure_kind(terrain, kind)
        there = board.pieces.get((at, terrain))
        have_size = there.structure if there is not None and there.player == colour else 0
        have_hunters = there.hunters if there is not None and there.player == colour else 0
        if have_size != replaces:
            raise RuleError(
                N_(
                    "build {number}: the {terrain} at {at} has your size-{have} {kind}, not "
                    "size {replaces}"
                ),
                number=number,
                terrain=Term(terrain),
                at=show(at),
                have=have_size,
                kind=Term(kind),
                replaces=replaces,
            )
        grow = size - replaces
        if grow > have_hunters:
            raise RuleError(
                N_(
                    "build {number}: a size-{size} {kind} needs {need} of your hunters on the "
                    "{terrain} at {at}; there are {have}"
                ),
                number=number,
                size=size,
                kind=Term(kind),
                need=grow,
                terrain=Term(terrain),
                at=show(at),
                have=have_hunters,
            )
        board = board.put((at, terrain), Pieces(colour, have_hunters - grow, size))
    return board
