"""A Dog's Life played by the map on several phones (issue 38): shared by the browser test
(tests/browser/test_dogs_life_map_browser.py) and the bench (bench/dogs_life_taps.py).

Each phone sits at its own seat and is left open on the table page. The player whose phone
shows a control acts, as at a table: only that phone shows it (``dl-next``: the escape
draw, the van's stops, the start of a turn, the roll; the city's squares to tap; what can
be done where the dog stands). Nothing is typed. A dog with a bone walks home and buries
it; otherwise it walks to the nearest trash can or restaurant and draws there; then the
catcher's die and the van's stop, chosen at random (``rng``).

Counted: taps per turn (the turn's own player's taps, plus the escape draws the van's stop
asks for), taps on a control that was not on screen (scrolls), typed fields (always 0:
this kit never types).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from games.dogs_life.city import CITY, Feature, Kind

SYNC_MS = 8_000
SEARCH = {
    s.id
    for s in CITY.squares.values()
    if Feature.TRASH_CAN in s.features or s.kind is Kind.RESTAURANT
}

#: Each reachable square's link: its square and its box on the page (as Playwright's
#: ``bounding_box``: the viewport's coordinates, None when it is not laid out).
REACH_JS = """links => links.map(a => {
  const r = a.getBoundingClientRect();
  const box = r.width || r.height ? {x: r.x, y: r.y, width: r.width, height: r.height} : null;
  return [a.getAttribute('data-dl-to'), box];
})"""


def version(page: Any) -> int:
    return int(page.get_attribute("#panel", "data-version"))


@dataclass
class MapGame:
    """The phones (``phones[seat]``) of one table, and what playing it cost."""

    phones: list[Any]
    rng: random.Random
    taps: list[int] = field(default_factory=list)  # per turn
    scrolls: int = 0
    typed: int = 0
    table_version: int = 0
    searched: bool = False  # the dog in turn drew at a trash can or restaurant this turn
    log: list[str] = field(default_factory=list)
    scrolled: list[str] = field(default_factory=list)  # what each scroll tapped
    last: int = 0  # the seat that tapped last: asked first (its phone is up to date)
    sync_ms: int = SYNC_MS

    @property
    def total(self) -> int:
        return sum(self.taps)

    def sync(self, page: Any) -> None:
        """Wait until ``page`` shows the table's latest version (the live update)."""
        shown = f'#panel[data-version="{self.table_version}"]'
        page.wait_for_selector(shown, timeout=self.sync_ms, state="attached")
        self.settled(page)

    def settled(self, page: Any) -> None:
        """Wait until the zoomed city is centred for the panel shown (dogs_life.js, after
        the swap settles): the player looks at the settled page, not a half-swapped one."""
        if page.locator(".dl-board").count():
            page.wait_for_function(
                "() => { const p = document.getElementById('panel'),"
                " f = document.querySelector('.dl-board');"
                " return !f || (p && f.getAttribute('data-centred') === p.dataset.version); }",
                timeout=self.sync_ms,
            )

    def tap(self, page: Any, locator: Any, what: str) -> None:
        """Tap ``locator`` (counting a scroll when it was not on the first screen) and wait
        for the fresh panel."""
        target = locator.first
        box = target.bounding_box()
        on_screen = self._in(box, self.screen(page))
        if on_screen and target.evaluate("e => !!e.closest('.dl-board')"):
            on_screen = self._in(box, page.locator(".dl-board").bounding_box())
        if not on_screen:
            self.scrolls += 1
            self.scrolled.append(what)
        before = version(page)
        target.click()
        page.wait_for_selector(
            f'#panel[data-version="{before + 1}"]', timeout=self.sync_ms, state="attached"
        )
        self.settled(page)
        self.table_version = before + 1
        if not self.taps:
            self.taps.append(0)
        self.taps[-1] += 1
        self.log.append(what)

    @staticmethod
    def screen(page: Any) -> dict[str, float]:
        """What the player sees of the page: the viewport above the dock (Undo, History)."""
        return dict(
            page.evaluate(
                "() => { const d = document.querySelector('.dock');"
                " return {x: 0, y: 0, width: innerWidth,"
                " height: d ? d.getBoundingClientRect().top : innerHeight}; }"
            )
        )

    def over(self) -> bool:
        """Whether the game has ended, as the phone that tapped last shows it (its tap
        waited for the fresh panel; another phone may not have the winning burial yet)."""
        return self.phones[self.last].locator('[data-testid="dl-winner"]').count() > 0

    def step(self) -> bool:
        """One tap by the player whose phone shows a control; False when none does. The
        phone that tapped last is asked first: it shows the latest version already, the
        others wait for their live update only when it has nothing to do."""
        seats = range(len(self.phones))
        for seat in sorted(seats, key=lambda s: s != self.last):
            page = self.phones[seat]
            self.sync(page)
            if self._act(seat, page):
                self.last = seat
                return True
        return False

    def _new_turn(self) -> None:
        self.taps.append(0)
        self.searched = False

    def _act(self, seat: int, page: Any) -> bool:
        nxt = page.locator('[data-testid="dl-next"]')
        if not nxt.count():  # a finished game has no next control
            return False
        escape = nxt.locator(f'[data-testid="dl-escape-{seat}"]')
        if escape.count():
            self.tap(page, escape, "escape")
            return True
        chips = nxt.locator('[data-testid^="dl-van-chip-"]')
        if chips.count():
            self.tap(page, chips.nth(self.rng.randrange(chips.count())), "van")
            return True
        here = page.locator("#dl-here")
        if here.count():
            for key in ("bury", "deliver"):
                offer = here.locator(f'[data-testid="dl-here-{key}"]')
                if offer.count():
                    self.tap(page, offer, key)
                    return True
            if not self.searched and not self._has_bone(page, seat):
                for key in ("trash", "beg"):
                    offer = here.locator(f'[data-testid="dl-here-{key}"]')
                    if offer.count():
                        self.searched = True
                        self.tap(page, offer, key)
                        return True
        links = page.locator("a.dl-reach")
        starts = nxt.get_attribute("data-starts") == "1"
        if links.count() and (starts or not self.searched):
            square = self._pick(page, seat, links)
            if square is not None:
                if starts:
                    self._new_turn()
                self.tap(page, page.locator(f'[data-testid="dl-reach-{square}"]'), "move")
                return True
        start = nxt.locator('[data-testid="dl-next-start"]')
        if start.count():
            self._new_turn()
            self.tap(page, start, "start")
            return True
        roll = nxt.locator('[data-testid="dl-next-roll"]')
        if roll.count():
            self.tap(page, roll, "roll")
            return True
        return False

    def _has_bone(self, page: Any, seat: int) -> bool:
        return page.locator(f'[data-testid="dl-items-{seat}"] [data-kind="bone"]').count() > 0

    def _pick(self, page: Any, seat: int, links: Any) -> str | None:
        """The reachable square that brings the dog nearest its goal: its den with a bone,
        else the nearest trash can or restaurant (not the square it stands on)."""
        pawn = page.locator(f'[data-testid="dl-pawn-{seat}"]')
        here = pawn.get_attribute("data-square") if pawn.count() else None
        # Every link's square and box in one call (two calls a link cost seconds a game).
        reach = links.evaluate_all(REACH_JS)
        den = seat + 1
        goals = {f"den-{den}"} if self._has_bone(page, seat) else SEARCH - {here}
        frame = page.locator(".dl-board").bounding_box()
        screen = self.screen(page)
        best: tuple[int, int, str] | None = None
        for square, box in reach:
            if square is None:
                continue
            near = CITY.distances(square, den)
            cost = min((near[g] for g in goals if g in near), default=99)
            # of two squares as good, a player taps the one in sight
            hidden = 0 if self._in(box, frame) and self._in(box, screen) else 1
            if best is None or (cost, hidden, square) < best:
                best = (cost, hidden, square)
        if best is None or (here is not None and best[0] >= 99):
            return None
        return best[2]

    @staticmethod
    def _in(box: Any, frame: Any) -> bool:
        return (
            box is not None
            and frame is not None
            and frame["y"] <= box["y"]
            and box["y"] + box["height"] <= frame["y"] + frame["height"]
            and frame["x"] <= box["x"]
            and box["x"] + box["width"] <= frame["x"] + frame["width"]
        )

    def play(self, most: int = 400) -> None:
        """Tap until the game is over (at most ``most`` taps)."""
        for _ in range(most):
            if self.over():
                return
            if not self.step():
                raise AssertionError("no phone shows a control: " + " ".join(self.log[-12:]))
        raise AssertionError(f"not over after {most} taps")
