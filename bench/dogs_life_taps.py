"""A Dog's Life at a real table by the city map: how many taps a whole 3-dog game takes.

Plays one game (seeded: ``--seed``, 7 by default; the companion's card draws and die
rolls are seeded too) through the phone pages in headless Chromium (Debian's
``/usr/bin/chromium``, never a downloaded browser) against the companion on a loopback
server with a temporary SQLite database. Three phones at 360×640, one per dog, each left
open on the table page; the other phones see each change by the live update. The steps
are ``tests/browser/dogs_life_kit.py`` (shared with the browser test): a dog with a bone
walks home and buries it, otherwise it walks to the nearest trash can or restaurant and
draws there; then the catcher's die and a random one of the van's stops; a dog next to
the van draws to escape. Nothing is typed during play (the goal is set on the settings
form before play: ``--goal``, 2 by default).

Counted: taps per turn (the turn's player's taps, plus the escape draws its van asked
for), taps on a control not on the first screen (a scroll). The last line is
``dogs life taps: median M per turn, max X; typed fields 0; scrolls S %``
(goals M ≤ 4, X ≤ 8, S ≤ 15 %).

Run: ``.venv/bin/python bench/dogs_life_taps.py [--seed N] [--goal N]``.
"""

from __future__ import annotations

import argparse
import logging
import random
import statistics
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from _kit import CHROMIUM, PHONE, browser_kits_on_path

browser_kits_on_path()  # dogs_life_kit, phone_kit
from dogs_life_kit import MapGame  # noqa: E402
from phone_kit import live_companion  # noqa: E402


def seed_the_companion(seed: int) -> None:
    """The companion draws cards and rolls dice with ``random.SystemRandom``; here, with
    one seeded generator instead, so the whole game is the same every run."""
    from companion.tables import changes

    chance = random.Random(seed)

    class Seeded:
        Random = random.Random

        @staticmethod
        def SystemRandom() -> random.Random:  # the name it replaces
            return random.Random(chance.getrandbits(64))

    changes.random = Seeded  # type: ignore[assignment]


def table(phones: list[Any], base: str, goal: int) -> None:
    a = phones[0]
    a.goto(f"{base}/new?game=dogs-life&lang=en")
    for index, (name, colour) in enumerate((("Ann", "red"), ("Ben", "blue"), ("Cho", "green"))):
        a.fill(f'input[name="name{index}"]', name)
        a.select_option(f'select[name="color{index}"]', colour)
    a.fill('input[name="setting.bones_to_win"]', str(goal))
    a.locator('form button[type="submit"]').last.click()
    a.wait_for_url("**/join")
    invite = a.url
    for seat, page in enumerate(phones):
        if seat:
            page.goto(invite)
        page.locator(f'button[name="seat"][value="{seat}"]').click()
        page.wait_for_selector("#panel")


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7, help="the game's random choices")
    parser.add_argument("--goal", type=int, default=2, help="buried bones to win")
    args = parser.parse_args()
    seed_the_companion(args.seed)
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # one line per request: noise
    folder = Path(tempfile.mkdtemp(prefix="dogs-life-taps-"))
    with live_companion(folder) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        try:
            phones = []
            for _ in range(3):
                page = browser.new_context(**PHONE).new_page()
                page.set_default_timeout(15_000)
                phones.append(page)
            table(phones, base, args.goal)
            # a shared machine can be slow: a phone's live update waits up to 30 s
            game = MapGame(phones, random.Random(args.seed), sync_ms=30_000)
            game.play(most=600)
        finally:
            browser.close()
    turns = [t for t in game.taps if t]
    print(f"turns {len(turns)}, taps {game.total}: per turn {turns}")
    print("taps by kind: " + ", ".join(f"{k} {n}" for k, n in Counter(game.log).most_common()))
    scrolled = Counter(game.scrolled).most_common()
    print("scrolls by kind: " + (", ".join(f"{k} {n}" for k, n in scrolled) or "none"))
    share = 100 * game.scrolls / max(game.total, 1)
    print(
        f"dogs life taps: median {statistics.median(turns):g} per turn, max {max(turns)}; "
        f"typed fields {game.typed}; scrolls {share:.0f} %"
    )


if __name__ == "__main__":
    main()
