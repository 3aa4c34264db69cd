"""Bison at a real table: how many taps a whole 4-player game takes on four phones, honestly.

Plays one game (random but seeded: ``--seed``, 26 by default) through the phone pages in
headless Chromium (Debian's ``/usr/bin/chromium``, never a downloaded browser) against the
companion on a loopback server with a temporary SQLite database. Four phones, one per seat,
each its own browser context at 360×640, each left open on the table page the whole game,
as at a table:

* no phone is reloaded behind the player's back: every page load is either the result of a
  counted tap or a counted reload (a player's way out of a dead end); the loads the phones
  saw are compared with those, and any difference is printed as "uncounted reloads";
* between two actions the other phones' changes arrive by the live refresh (the poll swaps
  the panel in place), so every control is tapped on a refreshed panel;
* each tap is counted for the player whose phone it is, chips included (a space, a hunter
  count, an action marker: one tap each when not the one preselected), and a tap on a
  control not on screen at that moment (outside the 360×640 window, or hidden in the
  board's panned frame, a fold or under a sheet) is reported as a scroll (how many, how far
  in screens, and their share of all taps);
* the round's tile at a random one of the player's actions (the first in round 1): random
  legal hexes, turns, spaces and hunter counts (B4, B6); four retail tiles, one of each
  animal split (1/1/1, 2/1/0, 0/0/3, 1/0/2: B1) and of a random shape, described by taps
  (the shape's picture, the split's picture, the turned picture);
* the other actions from the board page (issue 34), chosen at random among those the rules
  allow: a tent or canoe by its size button on the space's line above the board, a gather
  by its button there, a move in the space's sheet over the board (its line opens it, the
  hunter-count chip unless all go, the destination's button); otherwise an action without
  hunters (its folded line, then the animal's button in the action's row); a printed tile
  is placed by tapping its turned picture on the hunters' space, on a "+" in view;
* 7 market buys (a hunter each, by the board page's one-tap button);
* one overflow (B8): before round 2 is scored the stock of an animal the board awards one
  player is raised to 15 with the stock steppers (counted apart, as a scenario, not as
  play); the proposal is confirmed;
* every round is scored on the totem holder's phone by the panel's one tap (an award over
  15 as the panel's line proposes it, B8; issue 34).

A flow that cannot end in what the player wanted (an error page, a refusal, a description
the page drops) is a *dead end*: the bench prints it, counts the player's way out (a
reload, then the action again — or, for a retail split the page cannot take, the tile as
1/1/1) and plays on. After every round the board drawn on each phone (the SVG's marks) is
compared with the folded state. Printed: taps per player per round, by step, the scrolls,
the dead ends and the taps they cost; the last line is
``bison taps: median M per player per round, max X; scrolls S %; typed fields F;
uncounted reloads U; board matches state: yes|no`` (goals, issue 34: M ≤ 6, X ≤ 10,
S ≤ 15 %, F = 0, U = 0).

The steps are ``tests/browser/bison_kit.py`` (shared with the four-phone browser test).
Adapting to new controls: every selector is in its ``SEL``; each kind of action is one
method (``place``, ``describe_animals``, ``build``, ``move``, ``split_move``, ``gather``,
``no_hunters``, ``buy``, ``score``).

Run: ``.venv/bin/python bench/bison_taps.py [--seed N]``; ``--photo [--size 3mp|12mp]
[--verbose]``: one photo a round instead (``bench/bison_photo_taps.py``).
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from collections import defaultdict
from pathlib import Path
from typing import Any

from _kit import CHROMIUM, PHONE, browser_kits_on_path

browser_kits_on_path()  # bison_kit
from bison_kit import PLAYERS, BisonTable, serve  # noqa: E402


def report(bench: BisonTable, result: dict[str, Any]) -> list[str]:
    """The figures, the dead ends, and the summary line last."""
    lines = []
    per = defaultdict(list)
    for (seat, _round), count in sorted(bench.taps.items()):
        per[seat].append(count)
    for seat, counts in per.items():
        lines.append(f"{PLAYERS[seat][0]}: taps per round {counts}")
    lines.append(
        f"tiles placed {result['tiles']} (retail splits {dict(bench.splits)}), "
        f"overflows scored {result['overflows']}, final scored {result['final']}; "
        f"taps in all {sum(bench.taps.values())} (+{bench.scenario_taps} stepper taps to set "
        f"up the overflow); hunters per move {dict(sorted(bench.moved.items()))}"
    )
    lines.append(
        "taps by step (steps): "
        + ", ".join(f"{k} {bench.by_kind[k]} ({bench.actions[k]})" for k in bench.actions)
    )
    lines.append(
        "taps per action, by kind (mean; taps×actions): "
        + "; ".join(
            f"{kind} {sum(n * c for n, c in spread.items()) / sum(spread.values()):.2g} ("
            + ", ".join(f"{n}×{c}" for n, c in sorted(spread.items()))
            + ")"
            for kind, spread in sorted(
                bench.per_action.items(), key=lambda item: -sum(n * c for n, c in item[1].items())
            )
        )
    )
    far = max(bench.scrolls, default=0.0)
    lines.append(
        f"scrolling: {len(bench.scrolls)} of {sum(bench.taps.values())} taps were on a control "
        f"out of view (up to {far:.1f} screens away; by step: "
        + ", ".join(f"{k} {n}" for k, n in bench.scrolled.most_common())
        + f"); counted reloads {bench.reloads}"
    )
    for end, count in bench.dead_ends.items():
        lines.append(f"dead end ×{count}: {end}")
    if bench.lost:
        kept = [count - bench.lost[key] for key, count in bench.taps.items()]
        lines.append(
            f"taps lost to dead ends (the failed tries and the reloads out): "
            f"{sum(bench.lost.values())}; without them: median {statistics.median(kept):g} "
            f"per player per round, max {max(kept)}"
        )
    lines.extend(bench.mismatches)
    uncounted = bench.uncounted()
    values = list(bench.taps.values())
    share = 100 * len(bench.scrolls) / max(sum(values), 1)
    lines.append(
        f"bison taps: median {statistics.median(values):g} per player per round, "
        f"max {max(values)}; scrolls {share:.0f} %; typed fields {bench.typed}; "
        f"uncounted reloads {uncounted}; "
        f"board matches state: {'no' if bench.mismatches else 'yes'}"
    )
    return lines


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=26, help="the game's random choices")
    parser.add_argument("--photo", action="store_true", help="one photo per round instead")
    parser.add_argument("--size", choices=("3mp", "12mp"), default="12mp", help="with --photo")
    parser.add_argument("--verbose", action="store_true", help="with --photo: each repair")
    args = parser.parse_args()
    seed = args.seed
    if args.photo:  # issue 23: bench/bison_photo_taps.py
        from bison_photo_taps import main as photo_main

        photo_main(seed, args.size, args.verbose)
        return
    folder = Path(tempfile.mkdtemp(prefix="bison-taps-"))
    with serve(folder) as (base, reader), sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )

        def new_page() -> Any:
            page = browser.new_context(**PHONE).new_page()
            page.set_default_timeout(15_000)
            return page

        bench = BisonTable(reader, base, seed=seed, strict=False)
        try:
            bench.setup(new_page)
            result = bench.play()
        finally:
            browser.close()
    print("\n".join(report(bench, result)))


if __name__ == "__main__":
    main()
