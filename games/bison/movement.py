"""Hunter movement (B3): what a move between two spaces costs a player.

Glossary
--------
step
    A move of one movement point between two adjacent spaces:
    on one tile, prairie ↔ river and mountain ↔ river (prairie → mountain is two steps,
    through the river); to a neighbouring tile, land ↔ land (any terrain) across the shared
    edge, or river ↔ river through a river corner both rivers end at. Nothing else crosses
    from one tile to another.
blocked
    A space holding another player's pieces: a hunter may pass through it but may not stop
    there (B3, B5). The start space may be anything.
cost
    The fewest steps from one space to another. Every step costs 1, so breadth-first search
    is Dijkstra's algorithm here.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from .board import Board, Space, check_space
from .hexgrid import Vertex, corner, neighbour, opposite
from .tiles import MOUNTAIN, PRAIRIE, RIVER


def steps(board: Board, space: Space) -> Iterator[Space]:
    """The spaces one movement point away from ``space``."""
    at, terrain = space
    tile = board.tiles[at].tile
    if terrain == RIVER:
        yield (at, PRAIRIE)
        yield (at, MOUNTAIN)
        for index in tile.river_corners():
            vertex = corner(at, index)
            for other in vertex - {at}:
                placed = board.tiles.get(other)
                if placed is not None and _river_ends_at(
                    other, placed.tile.river_corners(), vertex
                ):
                    yield (other, RIVER)
        return
    yield (at, RIVER)
    for direction in range(6):
        if tile.terrain(direction) != terrain:
            continue
        other = neighbour(at, direction)
        placed = board.tiles.get(other)
        if placed is not None:
            yield (other, placed.tile.terrain(opposite(direction)))


def _river_ends_at(at: tuple[int, int], corners: tuple[int, int], vertex: Vertex) -> bool:
    return any(corner(at, index) == vertex for index in corners)


def reachable(
    board: Board, player: str, start: Space, limit: int | None = None
) -> dict[Space, int]:
    """Every space ``player`` may stop on from ``start``, with its cost (≤ ``limit``).

    Blocked spaces are passed through but left out of the answer; ``start`` is in it at 0.
    ``RuleError`` when ``start`` is not a space of the board.
    """
    check_space(board.tiles, start)
    costs = {start: 0}
    queue = deque([start])
    while queue:
        space = queue.popleft()
        cost = costs[space] + 1
        if limit is not None and cost > limit:
            continue
        for nxt in steps(board, space):
            if nxt not in costs:
                costs[nxt] = cost
                queue.append(nxt)
    pieces = board.pieces
    return {
        space: cost
        for space, cost in costs.items()
        if space == start or space not in pieces or pieces[space].player == player
    }


def move_cost(board: Board, player: str, start: Space, goal: Space) -> int | None:
    """The cheapest cost for ``player``'s hunter from ``start`` to ``goal``.

    ``None`` when ``goal`` cannot be reached or holds another player's pieces.
    """
    return reachable(board, player, start).get(goal)
