"""Small board builders shared by the Bison tests."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from games.bison.board import Board, Pieces, PlacedTile
from games.bison.hexgrid import Hex
from games.bison.tiles import MOUNTAIN, PRAIRIE, RIVER, SPACES, Tile

# A row of these tiles (at (0,0), (1,0), …) joins exactly one chain of this terrain.
CHAIN_EDGES = {
    PRAIRIE: "PPPPMM",   # E and W edges are prairie: the prairies join along the row
    MOUNTAIN: "MMMMPP",  # E and W edges are mountain
    RIVER: "MPPMMM",     # rivers end at corners 0 and 2, the corners shared along the row
}


def tile(edges: str, prairie: int = 0, river: int = 0, mountain: int = 0) -> Tile:
    return Tile.make(edges, {"prairie": prairie, "river": river, "mountain": mountain})


def filled(edges: str, terrain: str, count: int) -> Tile:
    """A tile with ``count`` animals on ``terrain`` and the rest of the 3 on other spaces."""
    counts = dict.fromkeys(SPACES, 0)
    counts[terrain] = count
    rest = 3 - count
    for space in SPACES:
        if space != terrain and rest:
            counts[space] = rest
            rest = 0
    return Tile.make(edges, counts)


def chain(terrain: str, animals: Sequence[int]) -> Board:
    """A row of tiles whose ``terrain`` spaces form one region with these animals."""
    return Board.layout({
        (i, 0): filled(CHAIN_EDGES[terrain], terrain, n) for i, n in enumerate(animals)
    })


def with_pieces(board: Board, pieces: Iterable[tuple[Hex, str, str, int, int]]) -> Board:
    """Put ``(at, space, player, hunters, structure)`` entries on ``board``."""
    for at, space, player, hunters, structure in pieces:
        board = board.put((at, space), Pieces(player, hunters, structure))
    return board


def layout(tiles: dict[Hex, Tile]) -> Board:
    return Board.layout({at: PlacedTile(t) for at, t in tiles.items()})
