"""Time and size of the print-and-play kits (the goal: full kit, A4, ≤ 2 s and ≤ 3 MB).

Run: ``.venv/bin/python bench/print_kit.py [--lang en|ja|it] [--paper a4|letter]``.
Prints one line per game and one for the four-game kit; the best of ``--repeat`` runs
(the first run also pays for loading the font, reported separately).
"""

from __future__ import annotations

import argparse
import time

from printgen import fonts
from printgen.kit import ALL, GAMES, render_kit

GOAL_SECONDS = 2.0
GOAL_BYTES = 3 * 1024 * 1024


def measure(game: str, lang: str, paper: str, repeat: int) -> tuple[float, int, int]:
    best, size, pages = float("inf"), 0, 0
    for _ in range(repeat):
        start = time.perf_counter()
        pdf = render_kit(game, paper=paper, lang=lang, table_url="https://campfire.example/t/X",
                         seat_urls=[f"https://campfire.example/t/X/seat/{n}" for n in range(6)])
        best = min(best, time.perf_counter() - start)
        size, pages = len(pdf), pdf.count(b"/Type /Page\n")
    return best, size, pages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lang", default="en")
    parser.add_argument("--paper", default="a4")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    start = time.perf_counter()
    fonts.register()
    print(f"font load: {time.perf_counter() - start:.3f} s")
    print(f"{'kit':<12} {'seconds':>8} {'KiB':>8} {'pages':>6}")
    for game in [*GAMES, ALL]:
        seconds, size, pages = measure(game, args.lang, args.paper, args.repeat)
        print(f"{game:<12} {seconds:8.3f} {size / 1024:8.0f} {pages:6d}")
    seconds, size, _ = measure(ALL, args.lang, args.paper, 1)
    verdict = "ok" if seconds <= GOAL_SECONDS and size <= GOAL_BYTES else "OVER GOAL"
    print(f"goal ≤ {GOAL_SECONDS} s and ≤ {GOAL_BYTES // 1024 // 1024} MB: {verdict}")


if __name__ == "__main__":
    main()
