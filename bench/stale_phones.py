"""Stale phones: after pairs of quick changes, does every phone show the latest version?

Starts the companion as ``campfire serve`` does (tests/support/server_kit.py: gunicorn,
gevent workers, 2 processes on a SQLite file), opens 3 Chromium phones (360×640) on one
Lion Square table, then fires pairs of changes through the JSON API, 0.2 s apart (seat 0
takes a card, then puts it back). Per pair it measures, from the second change's answer,
when every phone shows that version (or a later one): the first time each phone's panel
carried it, as the page itself saw it. A stall is a phone still behind after ``STALL_SECONDS``.

    .venv/bin/python bench/stale_phones.py [--pairs 1000] [--workers 2]

The last line reads ``stale: N stalls in M pairs, max X s`` (issue 21: the goal is 0 stalls
in 1,000 pairs, max <= 2 s). Loopback only; every wait is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _kit import launch_chromium, open_phone

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "support"))

from server_kit import Server, post_json  # noqa: E402  (a test helper, not a package)

PHONES = 3
PLAYERS = [{"name": n, "color": c} for n, c in [("Ann", "red"), ("Ben", "blue"), ("Cho", "green")]]
GAP_SECONDS = 0.2
STALL_SECONDS = 2.0
#: How long a phone may stay behind before the bench stops waiting for it.
GIVE_UP_SECONDS = 60.0

#: Each phone notes (its own clock, ms) when a version first shows in its panel.
WATCH = """
window.__seen = {};
function campfireSeen() {
  var panel = document.getElementById("panel");
  var v = panel && panel.getAttribute("data-version");
  if (v !== null && !(v in window.__seen)) { window.__seen[v] = Date.now(); }
}
document.addEventListener("htmx:afterSwap", campfireSeen);
document.addEventListener("DOMContentLoaded", campfireSeen);
"""
SHOWS = "v => Number(document.getElementById('panel').getAttribute('data-version')) >= v"
FIRST_SHOWN = (
    "v => Math.min(...Object.entries(window.__seen)"
    ".filter(([k]) => Number(k) >= v).map(([, t]) => t))"
)


def change(base: str, table_id: str, delta: int) -> int:
    # Seat 0's taken cards (public: a herd is changed by its own seat's phone only, issue
    # 27): -1 takes one, +1 puts it back.
    event = {"type": "set_taken", "seat": 0, "count": 1 if delta < 0 else 0}
    return int(post_json(f"{base}/api/v1/tables/{table_id}/events", event)["version"])


async def behind_for(page: Any, version: int, acked: float) -> float:
    """Seconds from ``acked`` until ``page`` showed ``version`` (or a later one)."""
    from playwright.async_api import TimeoutError as PlaywrightTimeout

    try:
        await page.wait_for_function(SHOWS, arg=version, timeout=GIVE_UP_SECONDS * 1000)
    except PlaywrightTimeout:  # the phone never caught up
        return GIVE_UP_SECONDS
    shown_ms = await page.evaluate(FIRST_SHOWN, version)
    return max(0.0, shown_ms / 1000 - acked)


async def run(pairs: int, workers: int) -> tuple[int, int, float]:
    from playwright.async_api import async_playwright

    with (
        tempfile.TemporaryDirectory() as folder,
        Server(
            f"sqlite:///{Path(folder) / 'stale.sqlite3'}",
            cwd=Path(folder),
            workers=workers,
            stderr=None,
        ) as server,
    ):
        server.wait_until_up()
        table_id = post_json(
            f"{server.url}/api/v1/tables", {"game": "lion-square", "players": PLAYERS}
        )["id"]
        async with async_playwright() as playwright:
            browser = await launch_chromium(playwright)
            pages = []
            for _ in range(PHONES):
                page = await open_phone(browser, WATCH)
                await page.goto(f"{server.url}/t/{table_id}")
                await page.wait_for_selector('body[data-push="open"]')
                pages.append(page)
            stalls, worst = 0, 0.0
            for pair in range(pairs):
                change(server.url, table_id, -1)  # a card taken, then put back
                await asyncio.sleep(GAP_SECONDS)
                final = change(server.url, table_id, 1)
                acked = time.time()
                delays = await asyncio.gather(*(behind_for(p, final, acked) for p in pages))
                worst = max(worst, *delays)
                late = sum(1 for delay in delays if delay > STALL_SECONDS)
                if late:
                    stalls += 1
                    print(f"pair {pair + 1}: {late} phone(s) behind, {max(delays):.2f} s")
                await asyncio.sleep(random.uniform(0.2, 0.6))  # the table's next move
            await browser.close()
    return stalls, pairs, worst


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=1000, help="pairs of changes (1000)")
    parser.add_argument("--workers", type=int, default=2, help="server processes (2)")
    args = parser.parse_args()
    stalls, pairs, worst = asyncio.run(run(max(1, args.pairs), max(1, args.workers)))
    print(f"stale: {stalls} stalls in {pairs} pairs, max {worst:.2f} s")


if __name__ == "__main__":
    main()
