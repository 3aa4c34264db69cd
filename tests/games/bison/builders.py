"""Small board builders and the four players of the rulebook's example, shared by the
Bison tests."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable, Sequence

from hypothesis import strategies as st

from games.bison.board import Board, Pieces, PlacedTile
from games.bison.hexgrid import Hex, neighbours
from games.bison.tiles import MOUNTAIN, PRAIRIE, RIVER, SPACES, Tile
from games.errors import RuleError
from games.table import Player

#: The rulebook example's players, seat by seat (the seat colours of its pictures).
FOUR = (
    Player("Yui", "yellow"),
    Player("Ren", "red"),
    Player("Gen", "green"),
    Player("Bea", "blue"),
)
YELLOW, RED, GREEN, BLUE = range(4)

# A row of these tiles (at (0,0), (1,0), …) joins exactly one chain of this terrain.
CHAIN_EDGES = {
    PRAIRIE: "PPPPMM",  # E and W edges are prairie: the prairies join along the row
    MOUNTAIN: "MMMMPP",  # E and W edges are mountain
    RIVER: "MPPMMM",  # rivers end at corners 0 and 2, the corners shared along the row
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
    return Board.layout(
        {(i, 0): filled(CHAIN_EDGES[terrain], terrain, n) for i, n in enumerate(animals)}
    )


def with_pieces(board: Board, pieces: Iterable[tuple[Hex, str, str, int, int]]) -> Board:
    """Put ``(at, space, player, hunters, structure)`` entries on ``board``."""
    for at, space, player, hunters, structure in pieces:
        board = board.put((at, space), Pieces(player, hunters, structure))
    return board


def layout(tiles: dict[Hex, Tile]) -> Board:
    return Board.layout({at: PlacedTile(t) for at, t in tiles.items()})


# -- hypothesis: random boards ------------------------------------------------------

EDGES = sorted(
    {
        ("P" * n + "M" * (6 - n))[k:] + ("P" * n + "M" * (6 - n))[:k]
        for n in range(1, 6)
        for k in range(6)
    }
)
SPLITS = [(p, r, 3 - p - r) for p in range(4) for r in range(4 - p)]
PLAYERS = ("red", "yellow", "green", "blue")


@st.composite
def boards(draw) -> Board:
    count = draw(st.integers(1, 14))
    hexes = [(0, 0)]
    while len(hexes) < count:
        frontier = sorted({n for h in hexes for n in neighbours(h)} - set(hexes))
        hexes.append(draw(st.sampled_from(frontier)))
    board = Board.layout(
        {at: Tile(draw(st.sampled_from(EDGES)), draw(st.sampled_from(SPLITS))) for at in hexes}
    )
    for at in hexes:
        for space in SPACES:
            if not draw(st.booleans()):
                continue
            pieces = Pieces(
                draw(st.sampled_from(PLAYERS)), draw(st.integers(0, 3)), draw(st.integers(0, 4))
            )
            with contextlib.suppress(RuleError):  # over the supply: leave the space empty
                board = board.put((at, space), pieces)
    return board


# --- events shared by the table tests --------------------------------------------------

#: A retail tile's fields as the place page sends them (B4: the tile ``R1`` at [1,-1]).
RETAIL_R1: dict[str, object] = {
    "at": [1, -1],
    "edges": "PPPMMM",
    "animals": {"prairie": 2, "river": 1},
    "rotation": 3,
    "label": "R1",
}
#: A correction of one space (B5): Ann's hunter on the river at [0,1], no canoe.
ANN_ON_THE_RIVER: dict[str, object] = {
    "type": "pieces",
    "seat": 0,
    "at": [0, 1],
    "space": "river",
    "hunters": 1,
    "structure": 0,
}
