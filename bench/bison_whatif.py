"""Benchmark: what-if best placements per held tile (goal ≤ 100 ms per tile).

A mid-game 3-player board (the start tiles and 9 more, pieces of every player) is built
by legal placements; then, for every draw tile not on the board, ``whatif.options`` is
timed. Prints the figures; asserts nothing (times depend on the machine).

    .venv/bin/python bench/bison_whatif.py
"""

from __future__ import annotations

import statistics
import time

from games.bison import catalog, whatif
from games.bison.board import Board, Pieces
from games.errors import RuleError

PLACED = ("B01", "B04", "B08", "B12", "B16", "B05", "B09", "B13", "B17")
PIECES = (
    ("red", "prairie", 2, 1),
    ("blue", "river", 1, 1),
    ("green", "mountain", 3, 2),
    ("red", "mountain", 1, 0),
    ("blue", "prairie", 2, 2),
    ("green", "river", 1, 0),
)


def midgame() -> Board:
    board = Board.new_game()
    for tile_id in PLACED:
        for at in sorted(
            {
                (q + dq, r + dr)
                for q, r in board.tiles
                for dq, dr in ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
            }
        ):
            try:
                board = board.place(at, catalog.get(tile_id), len(board.tiles) % 6)
                break
            except RuleError:
                continue
    for (player, space, hunters, size), at in zip(PIECES, sorted(board.tiles), strict=False):
        board = board.put((at, space), Pieces(player, hunters, size))
    return board


def main() -> None:
    board = midgame()
    held = [t for t in catalog.DRAW_IDS if t not in PLACED]
    print(f"board: {len(board.tiles)} tiles, {len(board.pieces)} spaces with pieces")
    times = []
    for tile_id in held:
        start = time.perf_counter()
        found = whatif.options(
            board, catalog.get(tile_id), "red", hunters_available=5, max_totem_distance=3
        )
        elapsed = (time.perf_counter() - start) * 1000
        times.append(elapsed)
        top = found[0]
        print(
            f"{tile_id}: {elapsed:6.1f} ms  {len(found):4d} options  best: {top.at} "
            f"rot {top.rotation} {top.space or '-'} ×{top.hunters} net {top.net:+d}"
        )
    print(
        f"per tile: median {statistics.median(times):.1f} ms, max {max(times):.1f} ms "
        f"(goal ≤ 100 ms)"
    )


if __name__ == "__main__":
    main()
