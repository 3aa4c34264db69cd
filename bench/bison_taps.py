"""Bison board-first: how many taps a whole 4-player game takes on the phones.

Plays one scripted game (the same every run) through the phone pages in headless Chromium
(Debian's ``/usr/bin/chromium``, never a downloaded browser) against the companion on a
loopback server with a temporary SQLite database. Four phones, one per seat, each its own
browser context at 360×640; the player whose turn it is acts on their own phone:

* each round every player places a tile (B4, B6) by tapping a "+" slot, the tile's
  picture, then the picture of it turned as it lies on the table (which places it with
  the preselected space and hunters; without hunters: the preview taps, then the gain);
  16 tiles in all, two of them retail tiles described by taps (river ends, prairie side);
* the other actions from the board page's hunter sheets (the same as on a zoomed tile):
  a tent or canoe by its size chip, a move ("move from here", then the destination), a
  gather ("gather here"), or, when none fits, an action without hunters (gain one animal);
* 7 market buys (a hunter each, by the board page's one-tap button);
* one overflow (B8): before round 2 is scored one player's bison are raised to 15 with the
  stock steppers (taps counted apart, as a scenario, not as play); the scoring page's
  proposal is confirmed;
* every round is scored on the totem holder's phone (score, confirm).

The script reads the rules (``games.bison``) to choose legal moves; every change goes
through the pages. After each round the board drawn on a phone (the SVG's marks) is
compared with the folded state. Counts every tap per player per round and every typed
field during play; prints the figures and, as its last line,
``bison taps: median N per player per round; typed fields M; board matches state: yes|no``.

Run: ``.venv/bin/python bench/bison_taps.py``.
"""

from __future__ import annotations

import re
import statistics
import sys
import tempfile
import threading
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

CHROMIUM = "/usr/bin/chromium"
PLAYERS = (("Yui", "yellow"), ("Ren", "red"), ("Gen", "green"), ("Bea", "blue"))
RETAIL = {(1, 1): (0, 3, 1), (2, 2): (1, 4, 2)}  # (round, seat) -> corner, corner, side
BUYS = {(2, 0), (2, 1), (3, 0), (3, 1), (3, 2), (4, 0), (4, 3)}  # (round, seat): 7 buys
OVERFLOW_ROUND, OVERFLOW_SEAT = 2, 0


class Bench:
    def __init__(self, app: Any, base: str, browser: Any) -> None:
        self.app, self.base, self.browser = app, base, browser
        self.taps: Counter[tuple[int, int]] = Counter()
        self.scenario_taps = 0
        self.typed = 0
        self.mismatches: list[str] = []
        self.phones: list[Any] = []
        self.table_id = ""
        self.kind = ""
        self.by_kind: Counter[str] = Counter()
        self.actions: Counter[str] = Counter()

    # --- reading the table in-process (the script's knowledge of the rules) -------------
    def state(self) -> Any:
        from companion import tables

        with self.app.app_context():
            return tables.get(self.table_id).state

    def tap(
        self, seat: int, round_: int, page: Any, selector: str, *, navigates: bool = True
    ) -> None:
        self.taps[(seat, round_)] += 1
        self.by_kind[self.kind] += 1
        locator = page.locator(selector).first
        if navigates:
            with page.expect_navigation():
                locator.click()
        else:
            locator.click()

    def panel_tap(self, seat: int, round_: int, page: Any, selector: str) -> None:
        """A tap on a live panel's form: htmx swaps the next version in (no navigation)."""
        before = page.get_attribute("#panel", "data-version")
        self.tap(seat, round_, page, selector, navigates=False)
        page.wait_for_selector(f'#panel:not([data-version="{before}"])')

    # --- setup (names typed here are not counted) ---------------------------------------
    def setup(self) -> None:
        settings = {
            "viewport": {"width": 360, "height": 640},
            "device_scale_factor": 1,
            "is_mobile": True,
            "has_touch": True,
        }
        for _ in PLAYERS:
            page = self.browser.new_context(**settings).new_page()
            page.set_default_timeout(15_000)
            self.phones.append(page)
        first = self.phones[0]
        first.goto(f"{self.base}/new?game=bison")
        for index, (name, colour) in enumerate(PLAYERS):
            first.fill(f'input[name="name{index}"]', name)
            first.select_option(f'select[name="color{index}"]', colour)
        first.locator('form button[type="submit"]').last.click()
        first.wait_for_url(re.compile(r"/t/[^/]+/join$"))
        self.table_id = first.url.split("/t/")[1].split("/")[0]
        for seat, page in enumerate(self.phones):
            if seat:
                page.goto(f"{self.base}/t/{self.table_id}/join")
            page.locator(f'button[name="seat"][value="{seat}"]').click()
            page.wait_for_url(re.compile(r"/t/[^/]+$"))

    def table_page(self, page: Any) -> None:
        page.goto(f"{self.base}/t/{self.table_id}")
        page.wait_for_selector("#panel")

    # --- one action ---------------------------------------------------------------------
    def ok(self, event: dict[str, Any]) -> bool:
        from games.bison import table as fold
        from games.errors import RuleError

        try:
            fold.apply(self.state(), event)
        except RuleError:
            return False
        return True

    def place(self, seat: int, round_: int, page: Any) -> None:
        from games.bison import table as fold
        from games.bison.taps import edges_from_taps, tiles_in_bag

        state = self.state()
        retail = RETAIL.get((round_, seat))
        self.kind = "place_tile"
        self.actions[self.kind] += 1
        hunters = 1 if state.supplies[seat].hunters_supply else 0
        extra: dict[str, Any] = (
            {"space": "prairie", "hunters": 1} if hunters else {"gain": "bison", "hunters": 0}
        )
        if retail:
            a, b, side = retail
            tile: dict[str, Any] = {
                "edges": edges_from_taps(a, b, side),
                "animals": {"prairie": 1, "river": 1, "mountain": 1},
            }
        else:
            tile = {"tile": tiles_in_bag(state.board)[0]}
        choice = None
        for at in sorted(fold.legal_hexes(state)):
            for turns in ((round_ + seat) % 3, 0, 1, 2, 3, 4, 5):
                event = {
                    "type": "play",
                    "seat": seat,
                    "action": "place_tile",
                    "at": list(at),
                    "rotation": turns,
                    **tile,
                    **extra,
                }
                if self.ok(event):
                    choice = (at, turns)
                    break
            if choice:
                break
        assert choice, "no legal placement"
        at, turns = choice
        self.tap(seat, round_, page, f'[data-legal="{at[0]},{at[1]}"]')
        if retail:
            a, b, side = retail
            self.tap(seat, round_, page, "[data-retail]")
            self.tap(seat, round_, page, f'[data-corner="{a}"] circle')
            self.tap(seat, round_, page, f'[data-corner="{b}"] circle')
            self.tap(seat, round_, page, f'[data-edge="{side}"] circle')
        else:
            self.tap(seat, round_, page, f'a[data-pick="{tile["tile"]}"]')
        if hunters:  # the picture turned as on the table places it with the chips' hunters
            self.tap(seat, round_, page, f'button[data-turn="{turns}"]')
        else:
            for _ in range(turns):
                self.tap(seat, round_, page, 'a[data-preview="1"] .area')
            self.tap(seat, round_, page, 'button[data-gain="bison"]')

    def other_action(self, seat: int, round_: int, page: Any) -> None:
        from games.bison import table as fold
        from games.bison.tiles import STRUCTURE_ON

        state = self.state()
        colour = state.colours[seat]
        available = [a.value for a in state.rounds.available(seat)]
        own = sorted(
            space for space, p in state.board.pieces.items() if p.player == colour and p.hunters
        )

        def ref(space: Any) -> dict[str, Any]:
            return fold.space_ref(state, space)

        def text(space: Any) -> str:
            (q, r), terrain = space
            return f"{q},{r},{terrain}"

        for action in ("tent", "canoe", "move_3", "move_1", "gather"):
            if action not in available:
                continue
            self.kind = action
            for space in own:
                if action in ("tent", "canoe") and STRUCTURE_ON[space[1]] == action:
                    sizes = fold.build_sizes(state, seat, space)
                    if sizes and self.ok(
                        {
                            "type": "play",
                            "seat": seat,
                            "action": action,
                            "builds": [{"space": ref(space), "size": sizes[0]}],
                        }
                    ):
                        self.actions[action] += 1
                        self.panel_tap(
                            seat,
                            round_,
                            page,
                            f'button[data-build="{text(space)}"][data-size="{sizes[0]}"]',
                        )
                        return
                if action.startswith("move"):
                    reach = fold.destinations(state, seat, space, action)
                    n = min(state.board.pieces[space].hunters, 5)
                    for goal in sorted(reach):
                        if self.ok(
                            {
                                "type": "play",
                                "seat": seat,
                                "action": action,
                                "moves": [{"from": ref(space), "to": ref(goal), "hunters": n}],
                            }
                        ):
                            self.actions[action] += 1
                            self.tap(
                                seat,
                                round_,
                                page,
                                f'a[data-action-link="{action}"][data-from="{text(space)}"]',
                            )
                            self.tap(seat, round_, page, f'[data-target="{text(goal)}"] circle')
                            return
                if action == "gather":
                    sources = fold.destinations(state, seat, space, "gather")
                    left, items = 5, []
                    for source in sorted(sources):
                        n = min(state.board.pieces[source].hunters, left)
                        left -= n
                        if n:
                            items.append({"space": ref(source), "hunters": n})
                    if items and self.ok(
                        {
                            "type": "play",
                            "seat": seat,
                            "action": "gather",
                            "gather": {"to": ref(space), "from": items},
                        }
                    ):
                        self.actions[action] += 1
                        self.panel_tap(
                            seat, round_, page, f'button[data-gather-here="{text(space)}"]'
                        )
                        return
        # No board action fits: an action without hunters gains one animal (B6).
        action = available[0]
        self.kind = "no hunters"
        self.actions[self.kind] += 1
        if action != available[0]:
            self.tap(seat, round_, page, f'input[name="action"][value="{action}"]', navigates=False)
        animal = min(("bison", "salmon", "turkey"), key=lambda a: state.stocks[seat].get(a))
        before = page.get_attribute("#panel", "data-version")
        self.tap(
            seat, round_, page, f'.bison-nohunters button[value="{animal}"]', navigates=False
        )  # the panel posts with htmx and swaps in the fresh panel
        page.wait_for_selector(f'#panel:not([data-version="{before}"])')

    def buy(self, seat: int, round_: int, page: Any) -> None:
        self.kind = "market"
        self.actions[self.kind] += 1
        self.panel_tap(seat, round_, page, '[data-testid="bison-buy-hunter"]')
        assert "/bison/" not in page.url, "the one-tap buy goes back to the board page"

    def overflow_scenario(self, seat: int) -> None:
        page = self.phones[seat]
        self.table_page(page)
        while True:
            value = int(
                page.locator(f'[data-testid="bison-stock-{seat}-bison-value"]').inner_text()
            )
            if value >= 15:
                break
            before = page.get_attribute("#panel", "data-version")
            page.locator(f'[data-testid="bison-stock-{seat}-bison-up"]').click()
            page.wait_for_selector(f'#panel:not([data-version="{before}"])')
            self.scenario_taps += 1

    def score(self, round_: int) -> bool:
        from games.bison import table as fold

        state = self.state()
        seat = state.rounds.start_seat
        page = self.phones[seat]
        self.table_page(page)
        self.kind = "scoring"
        self.actions[self.kind] += 1
        self.tap(seat, round_, page, '[data-testid="bison-score"]')
        overflowed = page.locator("[data-overflow]").count() > 0
        self.tap(seat, round_, page, "[data-confirm-score]")
        assert fold.turn(self.state()).round != round_ or self.state().final_scored
        return overflowed

    # --- the board against the state ----------------------------------------------------
    def check_board(self, round_: int) -> None:
        page = self.phones[0]
        self.table_page(page)
        html = page.content()
        state = self.state()
        shown = marks(html)
        wanted = expected(state)
        if shown != wanted:
            self.mismatches.append(f"round {round_}: shown {shown} != state {wanted}")

    # --- the game -------------------------------------------------------------------------
    def play(self) -> dict[str, Any]:
        from games.bison import table as fold

        self.setup()
        overflows = 0
        buys = 0
        rounds = fold.turn(self.state()).rounds
        for round_ in range(1, rounds + 1):
            while True:
                turn = fold.turn(self.state())
                if turn.seat is None:
                    break
                seat = turn.seat
                page = self.phones[seat]
                self.table_page(page)
                if (round_, seat) in BUYS and turn.action == 1:
                    self.buy(seat, round_, page)
                    buys += 1
                if turn.tile_due:
                    self.place(seat, round_, page)
                else:
                    self.other_action(seat, round_, page)
                if "/bison/" in page.url and page.locator(".alert-error").count():
                    raise SystemExit(f"refused: {page.locator('.alert-error').inner_text()}")
            self.check_board(round_)
            if round_ == OVERFLOW_ROUND:
                self.overflow_scenario(OVERFLOW_SEAT)
            overflows += self.score(round_)
        state = self.state()
        placed = len(state.board.tiles) - len(state.board.start)
        return {"tiles": placed, "buys": buys, "overflows": overflows, "final": state.final_scored}


def marks(html: str) -> dict[str, Any]:
    import xml.etree.ElementTree as ET

    match = re.search(r'<svg class="bison-svg.*?</svg>', html, re.S)
    if not match:
        return {}
    svg = ET.fromstring(match.group(0))
    animals: Counter[tuple[str | None, str | None]] = Counter()
    hunters, structures = {}, {}
    for node in svg.iter():
        mark = node.get("data-mark")
        where = (node.get("data-at"), node.get("data-space"))
        if mark == "animal":
            animals[where] += 1
        elif mark == "hunters":
            hunters[where] = (node.get("data-player"), int(node.get("data-count") or 0))
        elif mark in ("tent", "canoe"):
            structures[where] = (node.get("data-player"), int(node.get("data-size") or 0))
    tiles = {node.get("data-hex") for node in svg.iter() if node.get("class") == "tile"}
    return {"animals": dict(animals), "hunters": hunters, "structures": structures, "tiles": tiles}


def expected(state: Any) -> dict[str, Any]:
    from games.bison.tiles import SPACES

    animals, hunters, structures = {}, {}, {}
    for (q, r), placed in state.board.tiles.items():
        for space in SPACES:
            if placed.tile.animals_on(space):
                animals[(f"{q},{r}", space)] = placed.tile.animals_on(space)
    for ((q, r), space), pieces in state.board.pieces.items():
        if pieces.hunters:
            hunters[(f"{q},{r}", space)] = (pieces.player, pieces.hunters)
        if pieces.structure:
            structures[(f"{q},{r}", space)] = (pieces.player, pieces.structure)
    return {
        "animals": animals,
        "hunters": hunters,
        "structures": structures,
        "tiles": {f"{q},{r}" for q, r in state.board.tiles},
    }


def main() -> None:
    from playwright.sync_api import sync_playwright
    from werkzeug.serving import make_server

    from companion import create_app, tables

    folder = Path(tempfile.mkdtemp(prefix="bison-taps-"))
    tables.clear_cache()
    app = create_app(
        {
            "SECRET_KEY": "bench-secret-key-0123456789abcdef0123456789",
            "DATABASE_URL": f"sqlite:///{folder / 'bench.sqlite3'}",
            "CREATE_RATE_LIMIT": "1000 per minute",
            "JOIN_RATE_LIMIT": "1000 per minute",
        }
    )
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
            )
            bench = Bench(app, f"http://127.0.0.1:{server.server_port}", browser)
            try:
                result = bench.play()
            finally:
                browser.close()
    finally:
        server.shutdown()
    per = defaultdict(list)
    for (seat, _round), count in sorted(bench.taps.items()):
        per[seat].append(count)
    for seat, counts in per.items():
        print(f"{PLAYERS[seat][0]}: taps per round {counts}")
    median = statistics.median(bench.taps.values())
    print(
        f"tiles placed {result['tiles']}, market buys {result['buys']}, "
        f"overflows scored {result['overflows']}, final scored {result['final']}; "
        f"taps in all {sum(bench.taps.values())} (+{bench.scenario_taps} stepper taps "
        f"to set up the overflow)"
    )
    print(
        "taps by step (steps): "
        + ", ".join(
            f"{kind} {bench.by_kind[kind]} ({bench.actions[kind]})" for kind in bench.actions
        )
    )
    for problem in bench.mismatches:
        print(problem)
    print(
        f"bison taps: median {median:g} per player per round; typed fields {bench.typed}; "
        f"board matches state: {'no' if bench.mismatches else 'yes'}"
    )


if __name__ == "__main__":
    main()
