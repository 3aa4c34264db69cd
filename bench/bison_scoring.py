"""Benchmark: score a full 4-player Bison board of 19 tiles with pieces (goal ≤ 1 ms).

Prints the median time per call, over many runs, of
  * regions alone (``find_regions``),
  * region scoring (``score_board``: regions + B9 for every region),
  * final scoring (``final_scoring``: B9 + B8 cap per region + B10 winners),
  * the whole ``campfire score bison`` contract on a JSON document (validation included).

Run: ``.venv/bin/python bench/bison_scoring.py``
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable

from games.bison.board import Board, Pieces
from games.bison.catalog import CATALOG, DRAW_IDS
from games.bison.components import STRUCTURE_SIZES
from games.bison.contract import score
from games.bison.hexgrid import distance
from games.bison.regions import find_regions
from games.bison.scoring import final_scoring, score_board
from games.bison.tiles import RIVER

PLAYERS = ("yellow", "red", "green", "blue")


def full_board(seed: int = 2006) -> Board:
    """Start tiles plus 16 draw tiles filling the 19 hexes within 2 steps of (0,0)."""
    rng = random.Random(seed)
    board = Board.new_game()
    ring = sorted(
        ((q, r) for q in range(-2, 3) for r in range(-2, 3) if distance((q, r), (0, 0)) <= 2),
        key=lambda at: (distance(at, (0, 0)), at),
    )
    ids = iter(DRAW_IDS)
    for at in ring:
        if at not in board.tiles:
            board = board.place(at, CATALOG[next(ids)], rng.randrange(6))
    assert len(board.tiles) == 19
    # Each player: 8 hunters and their 6 tents and 6 canoes spread over free spaces.
    spaces = list(board.spaces())
    rng.shuffle(spaces)
    stock = {
        p: {"hunters": 8, "tent": list(STRUCTURE_SIZES), "canoe": list(STRUCTURE_SIZES)}
        for p in PLAYERS
    }
    for i, space in enumerate(spaces):
        player = PLAYERS[i % 4]
        kind = "canoe" if space[1] == RIVER else "tent"
        size = stock[player][kind].pop() if stock[player][kind] and rng.random() < 0.6 else 0
        hunters = min(stock[player]["hunters"], rng.randrange(3))
        stock[player]["hunters"] -= hunters
        if size or hunters:
            board = board.put(space, Pieces(player, hunters, size))
    return board


def document(board: Board) -> dict:
    return {
        "players": list(PLAYERS),
        "tiles": [
            {"at": list(at), "tile": p.catalog_id, "rotation": p.rotation}
            for at, p in board.tiles.items()
        ],
        "pieces": [
            {
                "at": list(at),
                "space": space,
                "player": p.player,
                "hunters": p.hunters,
                "structure": p.structure,
            }
            for (at, space), p in board.pieces.items()
        ],
        "final": True,
    }


def median_ms(call: Callable[[], object], runs: int = 2000) -> float:
    for _ in range(50):
        call()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    board = full_board()
    doc = json.loads(json.dumps(document(board)))
    print(
        f"board: {len(board.tiles)} tiles, {len(board.pieces)} occupied spaces "
        f"of {3 * len(board.tiles)}, {len(find_regions(board))} regions, 4 players"
    )
    rows = [
        ("regions alone (find_regions)", lambda: find_regions(board)),
        ("region scoring (score_board)", lambda: score_board(board)),
        ("final scoring with B8 cap and winners", lambda: final_scoring(board, PLAYERS)),
        ("contract: validate + score JSON document", lambda: score(doc)),
    ]
    for label, call in rows:
        print(f"{label:45} median {median_ms(call):7.3f} ms")


if __name__ == "__main__":
    main()
