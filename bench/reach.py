"""The table in one hand (issue 34): how far the four games' main flows are from a thumb.

Plays each game's main flow through the real pages in headless Chromium (Debian's
``/usr/bin/chromium``, never a downloaded browser) at 360×640, one phone per seat, against
the companion on a loopback server with a temporary SQLite database, and measures every tap:

* **scrolls**: the control was not wholly on screen (under the dock counts as off screen)
  when the player went to tap it, so the player had to scroll first (then it is scrolled to
  and tapped, as a player would); a phone stays where its player left it (nothing scrolls
  it back to the top between turns), and the viewport is the phone's 360×640;
* **smallest target**: the tapped control's box, the smaller of its width and height
  (a radio's or checkbox's label, not the hidden input inside it);
* **focus kept**: after the live update the tap brought (the panel swapped in place),
  focus is still on a control of the page — the one tapped or the one that replaced it —
  not dropped to the page; and once per game a *second* phone's change arrives by the
  live refresh while this phone's focus rests on a control: it must stay there;
* **axe violations**: axe-core (``tests/support/axe.min.js``, vendored; WCAG 2.1 A/AA and
  ``label-content-name-mismatch``, the label-in-name rule) on every page kind a flow
  shows (the table page of each game in en, ja and it; home, new table, invite, join,
  history), each offending element counted once.

The flows (each player taps on their own phone):

* Bison: round 1 of the four-phone game of ``bench/bison_taps.py`` (``bison_kit``), then
  a fresh table's round recorded from one photo (``bench/bison_photo_taps.py``'s round
  and synthetic 12 MP photo): the panel's camera, an animal chip per row without
  hunters on the proposal, "Confirm only" (axe on the proposal too);
* Lion Square: a whole round: turns of the square (a place, its number) until it holds 9
  cards, one of them a taken line; the gazelle in hand, who laid the last card, the losses,
  the next round (L2, L3);
* Age of Hunting: the setup, then six turns (a harvest of one hunting space: its card's
  chip when another card shows, then the space; the store
  when the caves are full, a step on the VP track, the end of the turn);
* A Dog's Life: three dogs' turns on the city map (a tapped square starts the turn, a
  rummage where it ends, the catcher's die, the van's stop, the escape draws).
  A control a flow cannot find (a page redesigned) is reported and skipped, not counted.

Printed: per game the taps, scrolls, the smallest targets, focus kept, the axe rules that
failed (with an example); the last line is ``reach: scrolls S % of taps, smallest target
P px, axe violations V, focus kept K %`` over the four games (goals S ≤ 15 %, P ≥ 44,
V = 0, K = 100).

Run: ``.venv/bin/python bench/reach.py [--games lion-square,hunting-age] [--no-axe]``.
"""

from __future__ import annotations

import argparse
import functools
import logging
import re
import tempfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _kit import CHROMIUM, PHONE, ROOT, browser_kits_on_path

browser_kits_on_path()  # phone_kit, bison_kit
from phone_kit import live_companion  # noqa: E402

AXE = ROOT / "tests" / "support" / "axe.min.js"


@functools.cache
def axe_source() -> str:
    """axe.min.js, read once; evaluated in a page it defines ``axe``."""
    return AXE.read_text(encoding="utf-8") + "\n;void 0"


GAMES = ("bison", "lion-square", "hunting-age", "dogs-life")
NAMES = (("Ann", "red"), ("Ben", "blue"), ("Cho", "green"), ("Dan", "yellow"))
TIMEOUT_MS = 15_000

#: The box of the element a tap lands on, whether it is wholly in the 360×640 viewport,
#: above the dock, not covered by a sticky bar (its middle hits it), and within the frame
#: it scrolls in, if any.
#: A radio or checkbox hidden for looks is tapped through its label.
BOX = """e => {
  const t = (e.matches('input[type=radio], input[type=checkbox]') && e.closest('label')) || e;
  const r = t.getBoundingClientRect();
  const dock = document.querySelector('.dock');
  const bottom = dock ? dock.getBoundingClientRect().top : innerHeight;
  let shown = r.top >= 0 && r.bottom <= bottom && r.left >= 0 && r.right <= innerWidth &&
    r.width > 0;
  // not covered (a sticky bar over it): the middle of the box is the control's own
  if (shown) {
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    shown = !!hit && (t.contains(hit) || hit === t);
  }
  // inside a frame that scrolls (A Dog's Life's zoomed city): wholly within its box
  for (let a = t.parentElement; a && shown; a = a.parentElement) {
    const s = getComputedStyle(a);
    if (/auto|scroll/.test(s.overflowX + s.overflowY) && a !== document.scrollingElement) {
      const c = a.getBoundingClientRect();
      shown = r.top >= c.top && r.bottom <= c.bottom && r.left >= c.left && r.right <= c.right;
    }
  }
  return {w: r.width, h: r.height, shown: shown};
}"""

#: Focus is kept when it rests on a control inside the page, not on the body.
FOCUSED = """() => {
  const a = document.activeElement;
  return !!a && a !== document.body && a.isConnected &&
    !!a.closest('a, button, input, select, textarea, summary, [tabindex]');
}"""

#: axe-core's run: WCAG 2.1 A and AA, plus label-in-name (an "experimental" rule axe
#: leaves off unless asked). Each violation as (rule, its help, one element per node).
AXE_RUN = """async () => {
  const result = await axe.run(document, {
    runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']},
    rules: {'label-content-name-mismatch': {enabled: true}},
    resultTypes: ['violations'],
  });
  return result.violations.map(v => [v.id, v.help, v.nodes.map(n => n.target.join(' '))]);
}"""


@dataclass
class Tally:
    """The figures of one game's flow."""

    taps: int = 0
    scrolls: int = 0
    sizes: list[tuple[float, str]] = field(default_factory=list)
    focus: list[bool] = field(default_factory=list)
    missing: Counter[str] = field(default_factory=Counter)
    lost_focus: Counter[str] = field(default_factory=Counter)
    scrolled: Counter[str] = field(default_factory=Counter)


@dataclass
class Reach:
    """The taps of every flow and the axe findings of every page kind."""

    browser: Any
    base: str
    tallies: dict[str, Tally] = field(default_factory=dict)
    axe: dict[tuple[str, str], set[str]] = field(default_factory=dict)
    axe_help: dict[str, str] = field(default_factory=dict)
    use_axe: bool = True
    game: str = ""

    @property
    def tally(self) -> Tally:
        return self.tallies.setdefault(self.game, Tally())

    def phone(self) -> Any:
        page = self.browser.new_context(**PHONE).new_page()
        page.set_default_timeout(TIMEOUT_MS)
        return page

    # --- one tap ----------------------------------------------------------------------
    def measure(self, page: Any, selector: str) -> Any:
        """Count one tap on ``selector`` (scroll, size) and return its locator, or None
        when the page has no such control (reported)."""
        locator = page.locator(selector).first
        if not locator.count():
            self.tally.missing[selector] += 1
            return None
        box = locator.evaluate(BOX)
        self.tally.taps += 1
        self.tally.sizes.append((min(box["w"], box["h"]), selector))
        if not box["shown"]:
            self.tally.scrolls += 1
            self.tally.scrolled[re.sub(r"\d+", "N", selector)] += 1
            locator.scroll_into_view_if_needed()
        return locator

    def tap(self, page: Any, selector: str) -> bool:
        """A tap that changes the table: the fresh panel swapped in, focus checked."""
        locator = self.measure(page, selector)
        if locator is None:
            return False
        before = version(page)
        locator.click()
        page.wait_for_selector(f'#panel[data-version="{before + 1}"]')
        page.wait_for_timeout(50)  # htmx settles the swap on the next frame
        kept = bool(page.evaluate(FOCUSED))
        self.tally.focus.append(kept)
        if not kept:
            self.tally.lost_focus[selector] += 1
        return True

    def choose(self, page: Any, selector: str) -> bool:
        """A tap that changes only this page (a chip, a place of the square)."""
        locator = self.measure(page, selector)
        if locator is not None:
            locator.click()
        return locator is not None

    def live_focus(self, watcher: Any, resting: str, changer: Any, change: str) -> None:
        """``watcher``'s focus rests on ``resting`` while ``changer`` taps ``change``: after
        the live refresh brings it, focus is still on a control of ``watcher``'s page."""
        target = watcher.locator(resting).first
        if not target.count():
            self.tally.missing[resting] += 1
            return
        target.focus()
        before = version(watcher)
        changer.locator(change).first.click()
        watcher.wait_for_selector(f'#panel[data-version="{before + 1}"]', timeout=20_000)
        watcher.wait_for_timeout(100)
        kept = bool(watcher.evaluate(FOCUSED))
        self.tally.focus.append(kept)
        if not kept:
            self.tally.lost_focus[f"live refresh on {resting}"] += 1

    # --- axe-core -----------------------------------------------------------------------
    def check(self, page: Any, kind: str) -> None:
        """axe-core on the page as it is; each offending element is counted once per
        page kind (a flow shows the same page many times)."""
        if not self.use_axe:
            return
        # Evaluated, not added as a <script>: the site's CSP refuses inline scripts.
        if not page.evaluate("typeof axe !== 'undefined'"):
            page.evaluate(axe_source())
        for rule, help_, nodes in page.evaluate(AXE_RUN):
            self.axe_help[rule] = help_
            self.axe.setdefault((kind, rule), set()).update(nodes)

    def kinds(self, page: Any, url: str) -> None:
        """The table's page in en, ja and it, and its history."""
        for lang in ("en", "ja", "it"):
            page.goto(f"{url}?lang={lang}")
            page.wait_for_selector("#panel")
            self.check(page, f"{self.game} table ({lang})")
        page.goto(f"{url}/history")
        self.check(page, "history")
        page.goto(f"{url}?lang=en")
        page.wait_for_selector("#panel")


def version(page: Any) -> int:
    return int(page.get_attribute("#panel", "data-version"))


def new_table(
    reach: Reach, game: str, players: int, fill: Callable[[Any], None] | None = None
) -> tuple[list[Any], str]:
    """A ``game`` table for ``players`` made through the form on the first phone (the page
    kinds home, new table, invite checked on the way); each phone sits at its seat."""
    first = reach.phone()
    first.goto(f"{reach.base}/?lang=en")
    reach.check(first, "home")
    first.goto(f"{reach.base}/new?game={game}&lang=en")
    for index, (name, colour) in enumerate(NAMES[:players]):
        first.fill(f'input[name="name{index}"]', name)
        first.select_option(f'select[name="color{index}"]', colour)
    if fill:
        fill(first)
    reach.check(first, "new table")
    first.locator('form button[type="submit"]').last.click()
    first.wait_for_url(re.compile(r"/t/[^/]+/join$"))
    invite = first.url
    reach.check(first, "join")
    phones = [first] + [reach.phone() for _ in range(players - 1)]
    for seat, page in enumerate(phones):
        if seat:
            page.goto(f"{invite}?lang=en")
        page.locator(f'button[name="seat"][value="{seat}"]').click()
        page.wait_for_selector("#panel")
    url = first.url.split("?")[0]
    first.goto(f"{url}/share")
    reach.check(first, "invite")
    first.goto(url)
    first.wait_for_selector("#panel")
    return phones, url


def sync(phones: list[Any]) -> None:
    """Every phone shows the latest version (the live refresh brings it)."""
    latest = max(version(p) for p in phones)
    for page in phones:
        page.wait_for_selector(f'#panel[data-version="{latest}"]', timeout=20_000)


# --- the flows ------------------------------------------------------------------------------


def lion_square(reach: Reach) -> None:
    """A whole round as a table plays it (L2, L3): turn by turn a place and its number until
    the square holds 9 cards; on the fourth turn the player cannot play, takes a line (one
    tap) and then lays a card; at the end the player holding a gazelle counts it, whoever
    laid the last card says so, applies the losses and starts the next round."""
    phones, url = new_table(reach, "lion-square", 3)
    reach.check(phones[0], "lion-square table")
    empty = '.square label.cell:not(.filled):has(input[name="cell"])'
    turn = 0
    while True:
        seat = turn % 3
        page = phones[seat]
        sync(phones)
        if not page.locator(empty).count():
            break
        if turn == 3:  # cannot play: takes the first line holding cards, then lays one
            reach.tap(page, '[data-testid="ls-take"] button:not([disabled])')
        if turn == 4:  # a second phone's focus rests on a number while this turn lands
            watcher = phones[(seat + 1) % 3]
            cell = page.locator(empty).first.get_attribute("data-cell")
            reach.choose(page, f'label.cell[data-cell="{cell}"]')
            change = f'[data-testid="ls-square"] button[data-card="{turn % 5}"]'
            reach.measure(page, change)
            reach.live_focus(
                watcher, '[data-testid="ls-square"] button[data-card="4"]', page, change
            )
        else:
            cell = page.locator(empty).first.get_attribute("data-cell")
            reach.choose(page, f'label.cell[data-cell="{cell}"]')
            reach.tap(page, f'[data-testid="ls-square"] button[data-card="{turn % 5}"]')
        turn += 1
    last = phones[(turn - 1) % 3]  # who laid the last card ends the round on their phone
    holder = phones[turn % 3]  # kept a gazelle in hand (L2)
    reach.tap(holder, '[data-testid="ls-end-gazelles"] form:last-of-type button')
    sync(phones)
    laid = f'input[name="seat"][value="{(turn - 1) % 3}"]'
    reach.tap(last, f'[data-testid="ls-last"] form:has({laid}) button')
    reach.tap(last, '[data-testid="ls-score"]')
    reach.check(last, "lion-square table (scored)")
    reach.tap(last, '[data-testid="ls-next"]')
    reach.kinds(phones[0], url)


#: The + of a seat's VP track stepper (Age of Hunting).
VP = '[data-testid="ha-seat-{seat}"] .ha-counter:has(input[value="vp"]) form:last-of-type button'


def hunting_age(reach: Reach) -> None:
    phones, url = new_table(reach, "hunting-age", 3)
    first = phones[0]
    reach.check(first, "hunting-age table (setup)")
    first.select_option('select[name="start_player"]', "0")
    reach.tap(first, '[data-testid="ha-setup"] button[type="submit"]')
    faces = [f.inner_text() for f in first.locator(".ha-faces li strong").all()]
    reach.check(first, "hunting-age table")
    for turn in range(6):
        seat = turn % 3
        page = phones[seat]
        sync(phones)
        me = f'[data-testid="ha-seat-{seat}"]'
        face = faces[turn % 2]
        # the card's chip first, when another card's spaces show (one card at a time)
        chip = page.locator(f'{me} label.ha-pick-face[data-face="{face}"]')
        if chip.count() and not chip.locator("input").is_checked():
            reach.choose(page, f'{me} label.ha-pick-face[data-face="{face}"]')
        reach.tap(page, f'{me} [data-testid="ha-harvest-{face}-{turn % 4}"]')
        if page.locator(f"{me} .ha-store").count():
            reach.tap(page, f'{me} .ha-store button[type="submit"]')
        reach.tap(page, VP.format(seat=seat))
        if turn == 4:
            reach.live_focus(phones[0], VP.format(seat=0), page, VP.format(seat=seat))
        reach.tap(page, f'{me} [data-testid="ha-end-turn"]')
    reach.kinds(first, url)


def dogs_life(reach: Reach) -> None:
    """Three dogs' turns on the city map (issue 38): whoever's phone offers the start of a
    turn plays it (dogs do not play in seat order): a tap on the reachable square nearest a
    trash can or restaurant (``dogs_life_kit``'s choice) starts it, a rummage there if the
    dog stands on one, the catcher's die, the van's first stop, the escape draws it asks."""
    import random

    from dogs_life_kit import MapGame

    phones, url = new_table(reach, "dogs-life", 3)
    reach.check(phones[0], "dogs-life table")
    chooser = MapGame(phones, random.Random(1))
    for turn in range(3):
        sync(phones)
        seat = next(
            s for s, p in enumerate(phones) if p.locator('[data-testid="dl-next-start"]').count()
        )
        page = phones[seat]
        page.wait_for_selector(".dl-board[data-centred]", state="attached")
        square = chooser._pick(page, seat, page.locator("a.dl-reach"))
        first = f'[data-testid="dl-reach-{square}"]' if square else '[data-testid="dl-next-start"]'
        if turn == 1:  # a second phone's focus rests on its dog while this turn starts
            watcher = phones[(seat + 1) % 3]
            resting = f'[data-testid="dl-dog-{(seat + 1) % 3}"] summary'
            reach.measure(page, first)
            reach.live_focus(watcher, resting, page, first)
        else:
            reach.tap(page, first)
        for offer in ("trash", "beg"):
            if page.locator(f'#dl-here [data-testid="dl-here-{offer}"]').count():
                reach.tap(page, f'[data-testid="dl-here-{offer}"]')
                break
        reach.tap(page, '[data-testid="dl-next-roll"]')
        if page.locator('[data-testid^="dl-van-chip-"]').count():
            reach.tap(page, '[data-testid^="dl-van-chip-"]')
        sync(phones)
        for other, phone in enumerate(phones):
            if phone.locator(f'[data-testid="dl-escape-{other}"]').count():
                reach.tap(phone, f'[data-testid="dl-escape-{other}"]')
                sync(phones)
    reach.kinds(phones[0], url)


def bison(reach: Reach, folder: Path) -> None:
    """Round 1 of ``bench/bison_taps.py``'s game (its taps are navigations to step pages
    and back, so focus is measured on the panel's live taps only)."""
    from bison_kit import BisonTable

    from companion import create_app
    from games.bison import fold

    class Measured(BisonTable):
        def tap(self, seat: int, selector: str, *, navigates: bool = True) -> None:
            reach.measure(self.phones[seat], selector)
            super().tap(seat, selector, navigates=navigates)

    app = create_app({"DATABASE_URL": f"sqlite:///{folder / 'live.sqlite3'}"})
    try:
        bench = Measured(app, reach.base, seed=26, strict=False)
        bench.setup(reach.phone)
        bench.round = 1
        while (seat := fold.turn(bench.state()).seat) is not None:
            bench.turn(seat)
        reach.check(bench.phones[0], "bison table")
        bench.score()
        table_url = f"{reach.base}/t/{bench.table_id}"
        reach.kinds(bench.phones[0], table_url)
        photo_round(reach, app)
    finally:
        app.extensions["campfire.db"].dispose()


def photo_round(reach: Reach, app: Any) -> None:
    """A round recorded from one photo on the first phone of a fresh 4-player table
    (``bench/bison_photo_taps.py``'s round, printed tiles only, and its synthetic 12 MP
    photo): each action without hunters on its player's own phone before the photo
    (B6b), the panel's "Photo of the board", "Confirm only"; axe on the proposal, a page
    kind of its own."""
    import random

    import bison_photo_taps as photo_bench

    from companion import tables

    phones, url = new_table(reach, "bison", 4)
    with app.app_context():
        state = tables.get(url.rsplit("/t/", 1)[1]).state
    photo_bench.RETAIL_ROUNDS = False  # a retail tile is the tapped flow's, measured above
    truth, _played, gains = photo_bench.play_round(state, random.Random(26), 0)
    jpeg = photo_bench.photo_of(truth, 26 * 100 + 1, "12mp")
    left = []  # each action without hunters on its player's own phone first (B6b)
    for gain in gains:
        own = phones[gain["seat"]]
        button = reach.measure(
            own,
            f'[data-testid="bison-gain-own"][data-turn-seat="{gain["seat"]}"] '
            f'[data-gain-own="{gain["gain"]}"]:visible, [data-testid="bison-nohunters"] '
            f'[data-gain-default] button[value="{gain["gain"]}"]:visible',
        )
        if button is None:
            left.append(gain)
            continue
        with own.expect_response(lambda r: r.url.endswith("/bison/play")) as answer:
            button.click()
        if answer.value.status >= 400:
            left.append(gain)
    page = phones[0]
    with app.app_context():  # the live panel after the last gain, as a player waits
        version = tables.get(url.rsplit("/t/", 1)[1]).version
    page.wait_for_selector(f'#panel[data-version="{version}"]', state="attached")
    camera = reach.measure(page, '[data-testid="bison-photo"]')
    if camera is None:
        return
    with page.expect_file_chooser():
        camera.click()
    photo_bench.shoot(page, "bison-photo-file", jpeg, Counter())
    if not page.locator('[data-testid="bison-photo-confirm"]').count():
        reach.tally.missing["the photo's proposal"] += 1
        return
    reach.check(page, "bison photo proposal")
    for gain in left:  # an animal its phone did not take, on the first row still open
        row = (
            f'[data-testid="bison-photo-gain"][data-seat="{gain["seat"]}"]'
            ":not(:has(input[type=radio]:checked))"
        )
        if page.locator(row).count():
            reach.choose(page, f'{row} >> input[value="{gain["gain"]}"]')
    confirm = reach.measure(page, '[data-testid="bison-photo-confirm"]')
    if confirm is not None:
        confirm.click()
        page.wait_for_selector("#panel")


# --- the report -----------------------------------------------------------------------------


def report(reach: Reach) -> list[str]:
    lines = []
    taps = scrolls = 0
    sizes: list[tuple[float, str]] = []
    focus: list[bool] = []
    for game, t in reach.tallies.items():
        taps += t.taps
        scrolls += t.scrolls
        sizes += t.sizes
        focus += t.focus
        small = sorted(set(t.sizes))[:3]
        lines.append(
            f"{game}: {t.taps} taps, {t.scrolls} needed a scroll ({pct(t.scrolls, t.taps)} %); "
            f"smallest targets {', '.join(f'{s:.0f} px {sel}' for s, sel in small)}; "
            f"focus kept {sum(t.focus)}/{len(t.focus)}"
        )
        for sel, n in t.scrolled.most_common():
            lines.append(f"  scrolled to ×{n}: {sel}")
        for sel, n in t.lost_focus.items():
            lines.append(f"  focus dropped ×{n}: {sel}")
        for sel, n in t.missing.items():
            lines.append(f"  not on the page ×{n} (skipped): {sel}")
    violations = 0
    for (kind, rule), nodes in sorted(reach.axe.items()):
        violations += len(nodes)
        example = sorted(nodes)[0]
        lines.append(f"axe {kind}: {rule} ×{len(nodes)} ({reach.axe_help[rule]}; e.g. {example})")
    smallest = min((s for s, _ in sizes), default=0.0)
    kept = pct(sum(focus), len(focus)) if focus else "n/a"  # Bison alone: step pages
    lines.append(
        f"reach: scrolls {pct(scrolls, taps)} % of taps, smallest target {smallest:.0f} px, "
        f"axe violations {violations if reach.use_axe else 'not run'}, focus kept {kept} %"
    )
    return lines


def pct(part: int, whole: int) -> str:
    return f"{100 * part / whole:.0f}" if whole else "0"


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--games", default=",".join(GAMES), help="comma-separated, of " + ", ".join(GAMES)
    )
    parser.add_argument("--no-axe", action="store_true", help="skip axe-core (quicker)")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    unknown = sorted(set(games) - set(GAMES))
    if unknown:
        raise SystemExit(f"unknown game(s): {', '.join(unknown)}; choose among {', '.join(GAMES)}")
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # one line a request otherwise
    folder = Path(tempfile.mkdtemp(prefix="reach-"))
    with live_companion(folder, POLL_MS=1000) as base, sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        reach = Reach(browser, base, use_axe=not args.no_axe)
        flows: dict[str, Callable[[], None]] = {
            "bison": lambda: bison(reach, folder),
            "lion-square": lambda: lion_square(reach),
            "hunting-age": lambda: hunting_age(reach),
            "dogs-life": lambda: dogs_life(reach),
        }
        try:
            for game in games:
                reach.game = game
                flows[game]()
        finally:
            browser.close()
    print("\n".join(report(reach)))


if __name__ == "__main__":
    main()
