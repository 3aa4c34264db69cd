"""Bison at a real table, phone by phone: the steps the four-phone browser tests and
``bench/bison_taps.py`` play (one method per kind of action), the selectors they tap (all in
``SEL``: a new control is a change here), and the board drawn on a phone against the state.

A ``BisonTable`` keeps four phones (one per seat, each its own browser context, in its own
language) open on the table page the whole game: changes reach the others by the live
refresh; every page a phone loads is the result of a counted tap or of a counted reload
(``uncounted()`` must stay 0). The script reads the folded state through an app of its own
on the same database to choose legal moves (games.bison); every change goes through the
pages. A flow that does not end in what the player wanted is a ``DeadEnd``: ``strict``
tables (the tests) fail on it; the bench prints it and counts the player's way out.

A plain module (not conftest) so the bench can import it; it needs no pytest.

The single steps below (``place_tile``, ``build``, ``move_from_panel``, ``score_round``,
``pay_with``, ``measure``, ``place_as_seen``, …) are the ones the flow, board and scoring
tests tap one at a time; ``BisonTable`` plays whole games with its own methods.
"""

from __future__ import annotations

import os
import random
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bison_board import board_marks, drawn_marks
from phone_kit import act, back_at_table, create_table, live_companion, table_id_of, version

#: Seconds-scale waits for the other phone's poll (POLL_MS is 2 s by default).
LIVE_MS = 8_000


#: Reads, on the board page, the rendered size (px) of every mark and every digit: the
#: marks' bounding boxes (hunter badges, tents, canoes, animals) and the font size of each
#: count and tile id times the SVG's scale on screen.
MEASURE_JS = """(selector) => {
  const svg = document.querySelector(selector);
  const scale = svg.getScreenCTM().a;
  const marks = [...svg.querySelectorAll('[data-mark]')].map(m => {
    const box = m.getBoundingClientRect();
    return {mark: m.getAttribute('data-mark'), size: Math.min(box.width, box.height)};
  });
  const digits = [...svg.querySelectorAll('text')].map(t => ({
    text: t.textContent, size: parseFloat(getComputedStyle(t).fontSize) * scale}));
  return {marks, digits, width: svg.getBoundingClientRect().width,
          frame: svg.parentElement.clientWidth};
}"""


def measure(page: Any, selector: str = ".bison-top svg.bison-svg") -> dict[str, Any]:
    """What the board on ``page`` shows, measured in CSS px (``MEASURE_JS``); ``selector``
    picks the board (default: the board page's; a zoomed tile's is ``svg.bison-svg``)."""
    result: dict[str, Any] = page.evaluate(MEASURE_JS, selector)
    return result


def check(page: Any) -> None:
    """Fail unless the step ``page`` is on went through (no refusal shown)."""
    refused = page.locator(".alert-error")
    assert not refused.count(), refused.first.inner_text()


def kept(page: Any) -> None:
    """Mark this page's window: a reload or a navigation drops the mark."""
    page.evaluate("window.campfireKept = true")


def still_kept(page: Any) -> None:
    assert page.evaluate("window.campfireKept === true"), "the page was reloaded"


def live_refresh(watcher: Any, changer: Any, seat: int, *, up: bool = True) -> None:
    """``changer`` corrects its own seat's bison by one (one change); ``watcher``'s panel
    is replaced by the poll — a live refresh, no reload — and shows it."""
    changer.wait_for_selector("#panel")
    # The changer first shows what the watcher shows (the watcher's own taps reach it by
    # the poll too), so its one change is the next version.
    changer.wait_for_selector(f'#panel[data-version="{version(watcher)}"]', timeout=LIVE_MS)
    before = version(changer)
    act(changer, f'[data-testid="bison-stock-{seat}-bison-{"up" if up else "down"}"]')
    watcher.wait_for_selector(f'#panel[data-version="{before + 1}"]', timeout=LIVE_MS)


def tap_in_panel(page: Any, selector: str) -> None:
    """A panel control (htmx): the next version is swapped in, the page never reloaded."""
    kept(page)
    act(page, selector)
    assert not page.locator("#panel > .alert-error, [data-beside]").count()
    still_kept(page)


#: Ann and Ben, the players of the two-player Bison tables of the flow tests.
TWO = (("Ann", "red"), ("Ben", "blue"))


def two_player_table(
    new_phone: Callable[..., Any], base: str, *, lang: str = "en", seat: int | None = 0
) -> tuple[Any, str]:
    """A new phone (360×640, one dot a pixel) that creates a Bison table for ``TWO`` in
    ``lang`` and sits at ``seat`` (None: the table's shared phone): the phone, the table's
    URL."""
    phone = new_phone(device_scale_factor=1)
    return phone, create_table(phone, base, "bison", lang=lang, players=TWO, seat=seat)


def tap_to_table(page: Any, selector: str) -> None:
    """A control that posts a page (or a plain form): back at the table, no refusal."""
    page.locator(selector).first.click()
    page.wait_for_load_state()
    refused = page.locator(".alert-error")
    assert not refused.count(), refused.first.inner_text()
    back_at_table(page)


def place_tile(page: Any, at: str, tile: str, hunters: int = 1, turn: int | None = None) -> None:
    """From the board: the "+" at ``at``, the picture of ``tile``, hunters on its first
    space; confirm, or tap the turned picture ``turn`` (it places the tile at once)."""
    page.locator(f'[data-legal="{at}"]').click()
    page.wait_for_url(re.compile(r"/bison/place\?"))
    page.locator(f'a[data-pick="{tile}"]').click()
    page.wait_for_selector(".tile.preview")
    page.locator(f'input[name="hunters"][value="{hunters}"]').check()
    if turn is None:
        page.locator('button[name="mode"][value="action"]').click()
    else:  # on its first space: the space tapped is where the hunters go
        page.locator(sel("turn_space", n=turn, space=SPACES[0])).click()
    page.wait_for_load_state()
    check(page)
    back_at_table(page)


def build(page: Any, at: str, space: str, size: int) -> None:
    """From the board: zoom to the tile at ``at``, tap size ``size`` for ``space``."""
    zoom_to(page, at)
    page.locator(f'button[data-build="{at},{space}"][data-size="{size}"]').click()
    page.wait_for_load_state()
    check(page)
    back_at_table(page)


def open_sheet(page: Any, space: str) -> Any:
    """The sheet of ``space`` (``q,r,terrain``) over the board page, by its line above the
    board (issue 34); the open dialog."""
    page.locator(f'[data-open-sheet="{space}"]').first.click()
    sheet = page.locator(f'dialog.bison-sheet[data-sheet="{space}"][open]')
    sheet.wait_for()
    return sheet


def zoom_to(page: Any, at: str) -> None:
    """From the board page: a tap on a space of the tile at ``at`` (its sheet over the board
    when the player in turn has hunters there, else the space's page), then "Zoom to the
    tile" (issue 34: the board's spaces are the links, not its tiles)."""
    page.locator(f'.bison-top a[data-at="{at}"] circle.tap').first.click()
    link = page.locator(f'dialog[open] a[data-tile="{at}"], .bison-space-links a[data-tile="{at}"]')
    link.first.click()
    page.wait_for_url(re.compile(r"/bison/tile\?"))


def move_from_panel(page: Any, source: str, hunters: int, action: str = "move_1") -> None:
    """The board page's sheet of ``source``, its "move from here", ``hunters`` of them, the
    first destination; when some stay behind the page asks where they go, and "move these"
    records the move."""
    open_sheet(page, source).locator(
        f'a[data-action-link="{action}"][data-from="{source}"]'
    ).click()
    page.wait_for_url(re.compile(r"/bison/move\?"))
    page.locator(f'input[name="hunters"][value="{hunters}"]').check()
    with page.expect_navigation():
        page.locator("[data-target] circle").first.click()
    if page.locator(SEL["move_done"]).count():
        tap_to_table(page, SEL["move_done"])
    else:
        check(page)
        back_at_table(page)


def score_round(
    page: Any,
    table_url: str | None = None,
    *,
    override: bool = False,
    change: Callable[[Any], int] | None = None,
) -> int:
    """Open "Score the round" (from the panel's button, or at ``table_url``'s score page),
    (tick "end the round anyway"), optionally ``change`` a proposal (it returns its taps),
    confirm as proposed: back at the table, nothing refused. The taps it took."""
    if table_url is None:
        page.locator('[data-testid="bison-score"]').click()
        page.wait_for_url(re.compile(r"/bison/score"))
    else:
        page.goto(table_url + "/bison/score")
    taps = 1
    if change is not None:
        taps += change(page)
    if override:
        page.locator('input[name="override"]').check()
        taps += 1
    page.locator("button[data-confirm-score]").click()
    page.wait_for_load_state()
    check(page)
    back_at_table(page)
    return taps + 1


def undo_last(page: Any) -> None:
    """Undo on the dock, confirmed: the next version, no reload."""
    kept(page)
    before = version(page)
    page.locator('[data-testid="undo"]').click()
    page.wait_for_selector('[data-testid="confirm-undo"]')
    page.locator('[data-testid="confirm-yes"]').click()
    page.wait_for_selector(f'#panel[data-version="{before + 1}"]')
    still_kept(page)


def gain(page: Any, action: str, animal: str) -> None:
    """The panel's action without hunters (its folded line opened): ``action`` counted,
    one ``animal`` gained."""
    unfold_gains(page, action)
    tap_in_panel(page, sel("gain", action=action, animal=animal))


def unfold_gains(page: Any, action: str) -> None:
    """The row of ``action`` without hunters above the board: the line's own action is
    shown, another one is behind "as another action…" (issue 34), opened here."""
    row = page.locator(sel("gain_row", action=action))
    if not row.is_visible():
        page.locator(SEL["gain_more"]).click()
        row.wait_for()


def describe_retail(page: Any, at: str, ends: tuple[int, int], side: int, split: str) -> None:
    """A retail tile at ``at``: the orange +, "a retail tile", the river's two ends, a
    prairie side, then the picture of its animals' ``split`` ("2-1-0": prairie, river,
    mountain, B1); the tile stands previewed in its slot, nothing refused."""
    page.locator(f'[data-legal="{at}"]').click()
    page.wait_for_url(re.compile(r"/bison/place\?"))
    for selector in (
        "[data-retail]",
        f'[data-corner="{ends[0]}"] circle',
        f'[data-corner="{ends[1]}"] circle',
        f'[data-edge="{side}"] circle',
        f'a[data-split="{split}"]',
    ):
        page.locator(selector).first.click()
        page.wait_for_load_state()
    page.wait_for_selector(f'a[data-split="{split}"][aria-current="true"]')
    assert page.locator(".tile.preview").count() == 1
    assert not page.locator(".alert-error").count()


#: The six turned pictures of the place page: each one's rotation (its button's value)
#: and the screen direction (degrees clockwise from the right) from the picture's centre
#: to the middle of its prairie, as the player sees it.
PRAIRIE_DIRECTIONS_JS = """() => [...document.querySelectorAll('[data-turn]')].map(b => {
  const pic = b.querySelector('svg').getBoundingClientRect();
  const area = b.querySelector('[data-space="prairie"] polygon').getBoundingClientRect();
  const dx = area.x + area.width / 2 - (pic.x + pic.width / 2);
  const dy = area.y + area.height / 2 - (pic.y + pic.height / 2);
  return {turn: +b.getAttribute('data-turn'),
          angle: (Math.atan2(dy, dx) * 180 / Math.PI + 360) % 360};
})"""


def prairie_directions(page: Any) -> dict[int, float]:
    """Turned picture (its rotation) -> where its prairie lies on the screen (degrees)."""
    return {p["turn"]: p["angle"] for p in page.evaluate(PRAIRIE_DIRECTIONS_JS)}


def tile_prairie_direction(page: Any, at: str) -> float:
    """Where the prairie of the placed tile at ``at`` lies on this phone's board (degrees
    clockwise from the right, from the tile's centre)."""
    angle: float = page.evaluate(
        """(at) => {
      const tile = document.querySelector(`.bison-top g.tile[data-hex="${at}"]`);
      const hex = tile.getBoundingClientRect();
      const area = tile.querySelector('[data-space="prairie"] polygon').getBoundingClientRect();
      const dx = area.x + area.width / 2 - (hex.x + hex.width / 2);
      const dy = area.y + area.height / 2 - (hex.y + hex.height / 2);
      return (Math.atan2(dy, dx) * 180 / Math.PI + 360) % 360;
    }""",
        at,
    )
    return angle


def angle_apart(a: float, b: float) -> float:
    return abs((a - b + 180) % 360 - 180)


def set_view(page: Any, testid: str) -> None:
    """Tap a board view button (zoom ``bison-zoom-<n>``, turn ``bison-turn-<deg>``): it
    changes no table version, so wait for the swapped panel to show it pressed."""
    page.locator(f'[data-testid="{testid}"]').click()
    page.wait_for_selector(f'[data-testid="{testid}"][aria-pressed="true"]')


def place_as_seen(page: Any, at: str, tile: str, prairie_at: float, hunters: int = 1) -> int:
    """From the board: the "+" at ``at``, the picture of ``tile``, then the turned picture
    whose prairie lies at screen angle ``prairie_at`` (as the player sees the tile on the
    table from their side); it places the tile at once. The rotation tapped."""
    page.locator(f'[data-legal="{at}"]').click()
    page.locator(f'a[data-pick="{tile}"]').click()
    page.wait_for_selector("[data-turn]")
    seen = prairie_directions(page)
    turn = min(seen, key=lambda n: angle_apart(seen[n], prairie_at))
    assert angle_apart(seen[turn], prairie_at) <= 30, seen
    page.locator(f'input[name="hunters"][value="{hunters}"]').check()
    page.locator(sel("turn_space", n=turn, space=SPACES[0])).click()
    page.wait_for_load_state()
    check(page)
    back_at_table(page)
    return turn


def pay_with(page: Any, hunters: int, paid: str) -> int:
    """Tap the "paid with" chip ``paid`` (bison.salmon.turkey, e.g. ``"0.0.4"``) of the
    line the chosen ``hunters`` show (the only visible one), unfolding it first: 2 taps."""
    row = page.locator(f'.bison-paid[data-paid-for="{hunters}"]')
    assert row.is_visible(), "the line of the hunters chosen is shown"
    taps = 0
    if not row.evaluate("e => e.open"):  # folded to one line (issue 34): "change…"
        row.locator("summary").click()
        taps += 1
    row.locator(f'label:has(input[value="{paid}"])').click()
    assert row.locator(f'input[value="{paid}"]').is_checked()
    return taps + 1


def place(
    page: Any,
    at: str,
    tile: str,
    *,
    hunters: int,
    space: str,
    turns: int = 0,
    snap: Callable[[], Any] | None = None,
    paid: str | None = None,
) -> None:
    """Tap a legal "+", tap the tile's picture, tap the preview to turn it, choose the
    space and the hunters (and, with ``paid``, the "paid with" chip, e.g. ``"0.0.4"``),
    confirm: the action of the player whose turn it is."""
    page.locator(f'[data-legal="{at}"]').click()
    page.wait_for_url(re.compile(r"/bison/place\?"))
    page.locator(f'a[data-pick="{tile}"]').click()
    page.wait_for_selector(".tile.preview")
    for _ in range(turns):
        page.locator('a[data-preview="1"]').click()
        page.wait_for_load_state()
    page.locator(f'input[name="space"][value="{space}"]').check()
    page.locator(f'input[name="hunters"][value="{hunters}"]').check()
    if paid is not None:
        pay_with(page, hunters, paid)
    if snap is not None:
        snap()
    page.locator('button[name="mode"][value="action"]').click()
    back_at_table(page)
    assert page.locator(f'[data-hex="{at}"]').count() == 1


PLAYERS = (("Yui", "yellow"), ("Ren", "red"), ("Gen", "green"), ("Bea", "blue"))
#: (round, seat) -> a retail tile's animals (prairie, river, mountain): every split (B1).
RETAIL = {(1, 1): (1, 1, 1), (2, 2): (2, 1, 0), (3, 3): (0, 0, 3), (4, 0): (1, 0, 2)}
BUYS = frozenset({(2, 0), (2, 1), (3, 0), (3, 1), (3, 2), (4, 0), (4, 3)})  # (round, seat)
OVERFLOW_ROUND = 2
Split = tuple[int, int, int]
POLL_MS = 400  # the live refresh, quicker than a table's 2 s only to keep the game short


@contextmanager
def serve(folder: Path, **config: Any) -> Iterator[tuple[str, Any]]:
    """The companion live on ``folder`` (``live_companion``: no rate limit in the way of a
    quick game; more ``config`` for ``create_app``), and an app of the script's own on the
    same database to read the folded state with: ``(base URL, reader app)``."""
    from companion import create_app

    with live_companion(folder, POLL_MS=POLL_MS, **config) as base:
        reader = create_app({"DATABASE_URL": f"sqlite:///{folder / 'live.sqlite3'}"})
        try:
            yield base, reader
        finally:
            reader.extensions["campfire.db"].dispose()


SPACES = ("prairie", "river", "mountain")

#: Every control the bench taps, by what it is for. ``{…}`` fields are filled per tap.
SEL = {
    "legal": '[data-legal="{at}"]',  # an orange "+" on the board
    "pick": 'a[data-pick="{tile}"]',  # a printed tile's picture in the picker
    "retail": "[data-retail]",  # "a retail tile: describe it by taps"
    "shape": 'a[data-shape="{k}"]',  # a retail tile's shape: k prairie edges (B1)
    "corner": '[data-corner="{n}"] circle',  # a river end
    "edge": '[data-edge="{n}"] circle',  # the prairie's side
    "split": 'a[data-split="{key}"]',  # a retail tile's animals: the split's picture
    "split_chosen": 'a[data-split][aria-current="true"]',  # the split shown (1-1-1 at first)
    "space_chip": 'label.chip:has(> input[name="space"][value="{space}"])',
    "hunters_chip": 'label.chip:has(> input[name="hunters"][value="{n}"])',
    "turn": '[data-turn="{n}"]',  # the tile turned as it lies: its picture and spaces
    # … a space beside it: placed at once so turned with the hunters there (issue 34)
    "turn_space": 'button[data-turn-space="{n},{space}"]',
    "preview": 'a[data-preview="1"] .area',  # turn the preview once
    # no hunter left: the animal gained beside the turned picture, placed at once
    "turn_gain": 'button[data-turn-gain="{n},{animal}"]',
    "place_gain": 'button[data-gain="{animal}"]',  # place without hunters, gaining one
    # the one-tap build and gather on the space's line above the board (issue 34)
    "build": '[data-quick="{space}"] button[data-build="{space}"][data-size="{size}"]',
    "move_from": 'a[data-action-link="{action}"][data-from="{space}"]',
    "move_to": '[data-target="{space}"] circle',
    "gather_here": '[data-quick="{space}"] button[data-gather-here="{space}"]',
    # a space's line above the board: opens its sheet over the board (issue 34)
    "open_sheet": '[data-open-sheet="{space}"]',
    # a move opens the space's sheet at that move (its count chips and destinations)
    "open_move": '[data-open-sheet="{space}"][data-sheet-part="{action}"]',
    # without hunters: the line's own action, others behind "as another action…"
    "gain_default": "[data-gain-default]",
    "gain_row": '.bison-mine [data-gain-action="{action}"]',
    "gain_more": ".bison-gain-more > summary",
    # an action without hunters: its row, the animal gained (one tap, issue 26)
    "gain": '.bison-mine [data-gain-action="{action}"] button[value="{animal}"]',
    "buy_hunter": '[data-testid="bison-buy-hunter"]',
    "score": '[data-testid="bison-score"]',  # the score page (an over-15 case to see)
    # scored in one tap, an award over 15 as proposed (B8, issue 34)
    "score_now": '[data-testid="bison-score-now"]',
    "confirm_score": "[data-confirm-score]",
    "stock_value": '[data-testid="bison-stock-{seat}-{animal}-value"]',
    "stock_up": '[data-testid="bison-stock-{seat}-{animal}-up"]',
    "problem": ".alert-error",  # a refusal shown on the page
    # "paid with" (B6): the chip row of the hunters chosen; value bison.salmon.turkey
    "pay_line": '.bison-paid[data-paid-for="{n}"] > summary',
    "pay_chip": '.bison-paid[data-paid-for="{n}"] label.chip:has(> input[value="{value}"])',
    # the one-tap move in the space's sheet over the board (issue 34): with one hunter
    # there, the destination's button; with more, the count's button on the destination's
    # row (the count and the destination in one tap)
    "move_here": 'dialog[open] [data-move-form="{action}:{space}"] button[data-move-to="{goal}"]',
    "move_go": (
        'dialog[open] [data-move-form="{action}:{space}"] '
        'button[data-move-to="{goal}"][data-hunters="{n}"]'
    ),
    "move_from_sheet": 'dialog[open] a[data-action-link="{action}"][data-from="{space}"]',
    # a 1-space move of all the space's hunters: its destination's chip on the space's line
    "line_move": '.bison-mine [data-line-move="{action}:{space}"][data-move-to="{goal}"]',
    "move_done": '[data-testid="bison-move-done"]',  # a split move that leaves some behind
    "move_several": '[data-testid="bison-move-several"]',  # "to several spaces": legs
}


#: How far (in screens) a control is from being tappable where it is: 0 when its centre is
#: inside the 360×640 window and the element there is the control (not hidden by a
#: scrolled frame such as the board's, a fold or a sheet over it), else the distance to the
#: window (at least a small step: a pan inside the board's frame is a scroll too).
ON_SCREEN_JS = """e => {
  const r = e.getBoundingClientRect(), h = innerHeight, w = innerWidth;
  const x = r.left + r.width / 2, y = r.top + r.height / 2;
  const outside = Math.max(-r.top, r.bottom - h, 0) / h;
  if (x >= 0 && x < w && y >= 0 && y < h) {
    const hit = document.elementFromPoint(x, y);
    if (hit && (hit === e || e.contains(hit) || hit.contains(e) && r.width > 0)) return outside;
  }
  return Math.max(outside, 0.1);
}"""


#: ``ON_SCREEN_JS`` of the first element of each selector given (1 when there is none).
ALL_ON_SCREEN_JS = f"""selectors => selectors.map(s => {{
  const e = document.querySelector(s);
  return e ? ({ON_SCREEN_JS})(e) : 1;
}})"""


def sel(name: str, **fields: Any) -> str:
    return SEL[name].format(**fields)


def paid_value(animal: str, cost: int) -> str:
    """The "paid with" chip value of ``cost`` paid all in ``animal`` (``"0.0.2"``)."""
    return ".".join(str(cost if a == animal else 0) for a in ("bison", "salmon", "turkey"))


def where(space: Any) -> str:
    """A board space as the pages write it: ``q,r,terrain``."""
    (q, r), terrain = space
    return f"{q},{r},{terrain}"


class DeadEnd(Exception):
    """A flow that cannot end in what the player wanted; the message is what they saw."""


class BisonTable:
    def __init__(
        self,
        app: Any,
        base: str,
        *,
        seed: int = 26,
        strict: bool = True,
        retail: dict[tuple[int, int], Split] | None = None,
        buys: frozenset[tuple[int, int]] = BUYS,
        overflow_round: int | None = OVERFLOW_ROUND,
    ) -> None:
        self.app, self.base, self.strict = app, base, strict
        self.retail = RETAIL if retail is None else retail
        self.buys, self.overflow_round = buys, overflow_round
        self.rng = random.Random(seed)
        self.taps: Counter[tuple[int, int]] = Counter()
        self.scenario_taps = 0
        self.typed = 0
        self.loads: Counter[int] = Counter()  # pages each phone loaded (the browser's count)
        self.counted_loads: Counter[int] = Counter()  # … that a counted tap or reload explains
        self.reloads = 0
        self.scrolls: list[float] = []  # per tap on a control out of view: screens away
        self.scrolled: Counter[str] = Counter()  # … by step
        self.mismatches: list[str] = []
        self.dead_ends: Counter[str] = Counter()
        self.phones: list[Any] = []
        self.table_id = ""
        self.round = 0
        self.kind = ""
        self.by_kind: Counter[str] = Counter()
        self.actions: Counter[str] = Counter()
        self.splits: Counter[str] = Counter()
        self.moved: Counter[int] = Counter()  # hunters per move
        self.lost: Counter[tuple[int, int]] = Counter()  # taps of dead ends and reloads
        #: kind -> how many taps each action of that kind took (the bench's breakdown)
        self.per_action: dict[str, Counter[int]] = {}
        self.trail: list[str] = []  # the selectors tapped in the current action

    # --- reading the table in-process (the script's knowledge of the rules) -------------
    def table(self) -> Any:
        from companion import tables

        with self.app.app_context():
            return tables.get(self.table_id)

    def state(self) -> Any:
        return self.table().state

    def ok(self, event: dict[str, Any]) -> bool:
        from games.bison import fold
        from games.errors import RuleError

        try:
            fold.apply(self.state(), event)
        except RuleError:
            return False
        return True

    # --- taps, reloads, the live refresh ------------------------------------------------
    def tap(self, seat: int, selector: str, *, navigates: bool = True) -> None:
        """One finger tap on ``seat``'s phone, counted for that player in this round; a
        control out of view is scrolled to first (reported, not counted)."""
        page = self.phones[seat]
        self.taps[(seat, self.round)] += 1
        self.by_kind[self.kind] += 1
        self.trail.append(selector)
        locator = page.locator(selector).first
        locator.wait_for(state="attached")
        away = locator.evaluate(ON_SCREEN_JS)
        if away > 0:
            self.scrolls.append(away)
            self.scrolled[self.kind] += 1
            self.trail[-1] += f" (scroll {away:.1f})"  # which tap of the action scrolled
        if navigates:
            self.counted_loads[seat] += 1
            with page.expect_navigation():
                locator.click()
        else:
            locator.click()

    def reload(self, seat: int) -> None:
        """The player's way back to the table page: a reload, counted as a tap."""
        self.taps[(seat, self.round)] += 1
        self.by_kind[self.kind] += 1
        self.reloads += 1
        self.counted_loads[seat] += 1
        self.phones[seat].goto(f"{self.base}/t/{self.table_id}")
        self.phones[seat].wait_for_selector("#panel")

    def at_table(self, seat: int) -> bool:
        page = self.phones[seat]
        return page.url.rstrip("/").endswith(f"/t/{self.table_id}") and bool(
            page.locator("#panel").count()
        )

    def seen(self, seat: int) -> str:
        """What a page that is not the table says: its heading and its refusal."""
        page = self.phones[seat]
        parts = [
            page.locator(s).first.inner_text()
            for s in ("h1", "main p", SEL["problem"])
            if page.locator(s).count()
        ]
        return " / ".join(" ".join(p.split()) for p in parts if p.strip())[:160]

    def sync(self) -> None:
        """Every phone shows the table's latest version, brought by the live refresh."""
        version = self.table().version
        for seat, page in enumerate(self.phones):
            if not self.at_table(seat):
                raise DeadEnd(f"phone {seat} left the table page: {page.url}")
            page.wait_for_selector(f'#panel[data-version="{version}"]', timeout=20_000)

    def attempt(
        self,
        seat: int,
        kind: str,
        action: Callable[[], None],
        fallback: Callable[[], None] | None = None,
    ) -> None:
        """Play ``action``; on a dead end, print it, reload (counted) and play ``fallback``
        (the same action again unless given) unless the change was recorded anyway."""
        self.kind = kind
        self.actions[kind] += 1
        before = self.table().version
        tapped = self.taps[(seat, self.round)]
        self.trail = []
        try:
            action()
            if not self.at_table(seat):
                raise DeadEnd(self.seen(seat))
            problem = self.phones[seat].locator(f"#panel {SEL['problem']}")
            if problem.count() and problem.first.is_visible():
                raise DeadEnd(" ".join(problem.first.inner_text().split()))
        except DeadEnd as end:
            self.dead_ends[f"{kind}: {end}"] += 1
            if self.strict:
                raise AssertionError(f"dead end: {kind}: {end}") from end
            self.reload(seat)
            self.lost[(seat, self.round)] += self.taps[(seat, self.round)] - tapped
            if self.table().version == before:
                (fallback or action)()
                if not self.at_table(seat):
                    raise SystemExit(f"{kind}: no way out: {self.seen(seat)}") from end
        spent = self.taps[(seat, self.round)] - tapped
        self.per_action.setdefault(kind, Counter())[spent] += 1
        if os.environ.get("BISON_TAPS_TRAIL"):  # where one action's taps went, for tuning
            print(f"{kind}: {spent} {self.trail}", file=sys.stderr)
        self.sync()

    # --- setup (names typed here are not counted: the table is created once) ------------
    def setup(self, new_page: Callable[[], Any], langs: Sequence[str] = ("en",) * 4) -> None:
        """Four phones from ``new_page``, one per seat in ``langs``: the first creates the
        table, each sits at its seat ("I am …"); the table's URL."""
        from phone_kit import create_table

        for seat in range(len(PLAYERS)):
            page = new_page()
            page.on("load", lambda _page, seat=seat: self.loads.update([seat]))
            self.phones.append(page)
        url = create_table(
            self.phones[0], self.base, "bison", lang=langs[0], players=PLAYERS, seat=0
        )
        self.table_id = table_id_of(url)
        for seat, page in enumerate(self.phones[1:], start=1):
            page.goto(f"{url}/join?lang={langs[seat]}")
            page.locator(f'button[name="seat"][value="{seat}"]').click()
            page.wait_for_url(re.compile(r"/t/[^/]+$"))
            page.wait_for_selector("#panel")
        self.loads.clear()  # from here on, every page load must be explained

    # --- placing the round's tile (B4, B6) ----------------------------------------------
    def place(
        self,
        seat: int,
        split: Split | None,
        *,
        hunters: int | None = None,
        paid: str | None = None,
    ) -> None:
        """Place a tile (``split``: a retail tile with these animals, else a printed one)
        at a random legal hex and turn, with a random space and hunter count (``hunters``
        when given), the cost paid as the page proposes or with ``paid`` (one animal)."""
        from games.bison import fold
        from games.bison.economy import COST_TABLE
        from games.bison.taps import RETAIL_SHAPES, tiles_in_bag

        state = self.state()
        supply = state.supplies[seat].hunters_supply
        if split:
            # Any retail tile is one of the five shapes turned (B1): its turn is random below.
            edges = self.rng.choice(RETAIL_SHAPES)
            tile: dict[str, Any] = {
                "edges": edges,
                "animals": dict(zip(SPACES, split, strict=True)),
            }
        else:
            tile = {"tile": self.rng.choice(tiles_in_bag(state.board))}
        options = []
        for at in fold.legal_hexes(state):
            for turns in range(6):
                for space in SPACES:
                    for n in range(1, min(supply, 5) + 1):
                        if hunters in (None, n):
                            options.append((at, turns, {"space": space, "hunters": n}))
                if not supply:  # B6: no hunter left, the action gains one animal
                    options.append((at, turns, {"gain": self.poorest(seat), "hunters": 0}))
        self.rng.shuffle(options)
        # A player taps a "+" they see: the slots in view first (a random one otherwise).
        # (asked in one call: a round trip to the browser per legal hex was most of a
        # placement's time)
        legal = list(fold.legal_hexes(state))
        away = self.phones[seat].evaluate(
            ALL_ON_SCREEN_JS, [sel("legal", at=f"{at[0]},{at[1]}") for at in legal]
        )
        shown = {at for at, off in zip(legal, away, strict=True) if not off}
        options.sort(key=lambda option: option[0] not in shown)
        base = {"type": "play", "seat": seat, "action": "place_tile", **tile}
        at, turns, extra = next(
            (at, t, x)
            for at, t, x in options
            if self.ok({**base, "at": list(at), "rotation": t, **x})
        )
        self.tap(seat, sel("legal", at=f"{at[0]},{at[1]}"))
        if split:  # its shape among the printed tiles' pictures, then its animals
            self.tap(seat, sel("shape", k=tile["edges"].count("P")))
            self.describe_animals(seat, split)
        else:
            self.tap(seat, sel("pick", tile=tile["tile"]))
        if extra["hunters"]:
            if extra["hunters"] != 1:
                self.tap(seat, sel("hunters_chip", n=extra["hunters"]), navigates=False)
            if paid:
                value = paid_value(paid, COST_TABLE[extra["hunters"]])
                # "paid with" is one line (issue 34): "change…" unfolds its chips
                self.tap(seat, sel("pay_line", n=extra["hunters"]), navigates=False)
                self.tap(seat, sel("pay_chip", n=extra["hunters"], value=value), navigates=False)
            # The turned picture tapped on the space for the hunters: placed at once.
            self.tap(seat, sel("turn_space", n=turns, space=extra["space"]))
        else:  # no hunter left (B6): the animal's button beside the turned picture
            self.tap(seat, sel("turn_gain", n=turns, animal=extra["gain"]))

    def describe_animals(self, seat: int, split: tuple[int, int, int]) -> None:
        """The retail tile's animals (B1): the picture of ``split`` among the splits the
        page shows, one tap, unless it is the one already shown (none after a shape's tap,
        issue 34; 1/1/1 after a description by taps)."""
        page = self.phones[seat]
        key = "-".join(map(str, split))
        chosen = page.locator(SEL["split_chosen"])
        if not chosen.count() or chosen.get_attribute("data-split") != key:
            self.tap(seat, sel("split", key=key))
        if page.locator(SEL["problem"]).count():
            raise DeadEnd(" ".join(page.locator(SEL["problem"]).first.inner_text().split()))
        if page.locator(SEL["split_chosen"]).get_attribute("data-split") != key:
            raise DeadEnd(f"the split {key} is not the one shown")

    # --- the other actions, from the board page's hunter sheets -------------------------
    def board_actions(self, seat: int) -> list[tuple[str, Callable[[], None]]]:
        """Every board action the rules allow now, as (kind, taps): the bench picks one."""
        from games.bison import fold
        from games.bison.tiles import STRUCTURE_ON

        state = self.state()
        colour = state.colours[seat]
        available = [a.value for a in state.rounds.available(seat)]
        own = sorted(s for s, p in state.board.pieces.items() if p.player == colour and p.hunters)
        play = {"type": "play", "seat": seat}
        found: list[tuple[str, Callable[[], None]]] = []
        for space in own:
            ref = fold.space_ref(state, space)
            kind = STRUCTURE_ON[space[1]]
            if kind in available:
                for size in fold.build_sizes(state, seat, space):
                    if self.ok({**play, "action": kind, "builds": [{"space": ref, "size": size}]}):
                        found.append((kind, lambda s=space, n=size: self.build(seat, s, n)))
            have = state.board.pieces[space].hunters
            for action in ("move_3", "move_1"):
                if action not in available:
                    continue
                for goal in fold.destinations(state, seat, space, action):
                    n = self.rng.randint(1, min(have, 5))
                    move = {"from": ref, "to": fold.space_ref(state, goal), "hunters": n}
                    if self.ok({**play, "action": action, "moves": [move]}):
                        found.append(
                            (
                                action,
                                lambda a=action, s=space, g=goal, n=n, h=have: self.move(
                                    seat, a, s, g, n, h
                                ),
                            )
                        )
            if "gather" in available:
                left, items = 5, []
                for source in sorted(fold.destinations(state, seat, space, "gather")):
                    n = min(state.board.pieces[source].hunters, left)
                    left -= n
                    if n:
                        items.append({"space": fold.space_ref(state, source), "hunters": n})
                gather = {"to": ref, "from": items}
                if items and self.ok({**play, "action": "gather", "gather": gather}):
                    found.append(("gather", lambda s=space: self.gather(seat, s)))
        return found

    def build(self, seat: int, space: Any, size: int) -> None:
        """The size button on the space's line above the board (htmx): the action at once."""
        self.tap_live(seat, sel("build", space=where(space), size=size))

    def move(self, seat: int, action: str, space: Any, goal: Any, n: int, have: int) -> None:
        """``n`` of the ``have`` hunters on ``space`` to ``goal``: all of them one space, the
        destination's chip on the space's line; otherwise the line opens the space's sheet
        at that move, then the destination's button (one hunter there) or the count's
        button on the destination's row (htmx: the next version swapped in, the others
        staying)."""
        self.moved[n] += 1
        line = sel("line_move", action=action, space=where(space), goal=where(goal))
        if n == min(have, 5) and self.phones[seat].locator(line).count():
            self.tap_live(seat, line)  # a 1-space move of them all: its chip on the line
            return
        self.tap(seat, sel("open_move", space=where(space), action=action), navigates=False)
        fields = {"action": action, "space": where(space), "goal": where(goal), "n": n}
        self.tap_live(seat, sel("move_go" if have > 1 else "move_here", **fields))

    def split_move(
        self, seat: int, action: str, space: Any, goals: Sequence[tuple[Any, int]]
    ) -> None:
        """One move sending hunters to one or several destinations (issue 26 item 5):
        "move from here", for several "to several spaces", then for each destination its
        count chip (unless it is the preselected "all the hunters left") and the
        destination. One destination: its tap records the move, the rest staying. Several:
        a destination tap with all those left records the move, otherwise the page asks
        where the others go, and "move these" records it with the rest staying (one play
        event either way)."""
        left = self.state().board.pieces[space].hunters
        self.tap(seat, sel("open_sheet", space=where(space)), navigates=False)
        self.tap(seat, sel("move_from_sheet", action=action, space=where(space)))
        if len(goals) > 1:
            self.tap(seat, SEL["move_several"])
        for goal, n in goals:
            if n != left:
                self.tap(seat, sel("hunters_chip", n=n), navigates=False)
            self.tap(seat, sel("move_to", space=where(goal)))
            left -= n
        if left and self.phones[seat].locator(SEL["move_done"]).count():
            self.tap(seat, SEL["move_done"])

    def gather(self, seat: int, space: Any) -> None:
        """ "Gather here" on the space's line (htmx): the proposed sources, at once."""
        self.tap_live(seat, sel("gather_here", space=where(space)))

    def no_hunters(self, seat: int) -> None:
        """An action without hunters gains one animal (B6): the animal's button in the row
        above the board, counted as the action it names (the page's proposal, issue 34;
        htmx swaps the fresh panel in)."""
        action = self.phones[seat].locator(SEL["gain_default"]).get_attribute("data-gain-action")
        self.tap_live(seat, sel("gain", action=action, animal=self.poorest(seat)))

    def poorest(self, seat: int) -> str:
        """The animal of ``seat``'s smallest stock: the one to gain (never a full one, B8)."""
        stocks = self.state().stocks[seat]
        return min(("bison", "salmon", "turkey"), key=stocks.get)

    def buy(self, seat: int) -> None:
        """The panel's one-tap buy (htmx): the next version swapped in, no page load."""
        self.tap_live(seat, SEL["buy_hunter"])

    def tap_live(self, seat: int, selector: str) -> None:
        """A tap on a live panel control (htmx, no page load): ``seat``'s panel shows the
        next version, or the tap was a dead end (what the page says, or "nothing
        happened")."""
        before = self.table().version
        self.tap(seat, selector, navigates=False)
        page = self.phones[seat]
        try:
            page.wait_for_selector(f'#panel[data-version="{before + 1}"]', timeout=5_000)
        except Exception as error:  # playwright's timeout: the tap changed nothing …
            if self.table().version > before:  # … or a loaded machine answered late:
                # the change is recorded, the player waits for it (no dead end, no reload)
                page.wait_for_selector(f'#panel[data-version="{before + 1}"]', timeout=30_000)
                return
            problem = page.locator(SEL["problem"])
            seen = problem.first.inner_text() if problem.count() else "nothing happened"
            raise DeadEnd(" ".join(seen.split())) from error

    # --- the turn, the round's scoring, the board against the state ----------------------
    def turn(self, seat: int) -> None:
        from games.bison import fold

        turn = fold.turn(self.state())
        buy = {"type": "buy", "seat": seat, "item": "hunter"}  # only a buy the rules allow (B7)
        if (self.round, seat) in self.buys and turn.action == 1 and self.ok(buy):
            self.attempt(seat, "market", lambda: self.buy(seat))
        # The round's tile at any of the seat's actions, as players do (the first round's
        # first, so that there are hunters on the board; the fourth at the latest, B6).
        last = turn.action == 4 or self.round == 1
        if turn.tile_due and (last or self.rng.random() < 0.4):
            split = self.retail.get((self.round, seat))
            kind = f"place ({'retail ' + '/'.join(map(str, split)) if split else 'printed'})"
            if split:
                self.splits["/".join(map(str, split))] += 1
            self.attempt(
                seat,
                kind,
                lambda: self.place(seat, split),
                (lambda: self.place(seat, (1, 1, 1))) if split else None,
            )
            return
        found = self.board_actions(seat)
        if found and self.rng.random() < 0.85:
            kind, taps = self.rng.choice(found)
            self.attempt(seat, kind, taps)
        else:
            self.attempt(seat, "no hunters", lambda: self.no_hunters(seat))

    def play_until(self, seat: int, action: int) -> None:
        """Play the current round's turns until ``seat`` is to take its ``action``-th
        action (its phone has then had the others' changes by the live refresh)."""
        from games.bison import fold

        self.round = fold.turn(self.state()).round
        while (turn := fold.turn(self.state())).seat is not None:
            if (turn.seat, turn.action) == (seat, action):
                return
            self.turn(turn.seat)
        raise AssertionError(f"the round ended before seat {seat}'s action {action}")

    def overflow_scenario(self) -> None:
        """Before the round is scored, the first player the board awards animals gets 15 of
        that animal (the stock steppers on their phone, counted apart): an over-15 round."""
        from games.bison.scoring import score_board

        state = self.state()
        seat, animal = next(
            (state.seat_of(standing.player), region.animal)
            for region in score_board(state.board)
            for standing in region.standings
            if standing.award
        )
        page = self.phones[seat]
        while int(page.locator(sel("stock_value", seat=seat, animal=animal)).inner_text()) < 15:
            before = self.table().version
            page.locator(sel("stock_up", seat=seat, animal=animal)).click()
            page.wait_for_selector(f'#panel[data-version="{before + 1}"]')
            self.scenario_taps += 1
        self.sync()

    def score(self) -> bool:
        from games.bison import fold

        seat = self.state().rounds.start_seat
        page = self.phones[seat]
        overflowed = []

        def taps() -> None:
            # One tap, an award over 15 as proposed (B8, issue 34); else the score page
            overflowed.append(not fold.scores_in_one_tap(self.state()))
            if page.locator(SEL["score_now"]).count():
                self.tap_live(seat, SEL["score_now"])
                return
            self.tap(seat, SEL["score"])
            self.tap(seat, SEL["confirm_score"])

        self.attempt(seat, "scoring", taps)
        assert fold.turn(self.state()).round != self.round or self.state().final_scored
        return bool(overflowed and overflowed[0])

    def check_board(self) -> None:
        wanted = board_marks(self.state())
        for seat, page in enumerate(self.phones):
            shown = marks(page.content())
            if shown != wanted:
                self.mismatches.append(f"round {self.round}, phone {seat}: {shown} != {wanted}")

    def uncounted(self) -> int:
        """Pages the phones loaded that no counted tap or reload explains."""
        return sum(self.loads.values()) - sum(self.counted_loads.values())

    def play(self) -> dict[str, Any]:
        """The whole game from the table ``setup`` made, to the final scoring."""
        from games.bison import fold

        overflows = 0
        for round_ in range(1, fold.turn(self.state()).rounds + 1):
            self.round = round_
            while (seat := fold.turn(self.state()).seat) is not None:
                self.turn(seat)
            self.check_board()
            if self.round == self.overflow_round:
                self.overflow_scenario()
            overflows += self.score()
        state = self.state()
        placed = len(state.board.tiles) - len(state.board.start)
        return {"tiles": placed, "overflows": overflows, "final": state.final_scored}


def marks(html: str) -> dict[str, Any]:
    """What a phone's page shows on its board (``{}`` where it draws none)."""
    import xml.etree.ElementTree as ET

    match = re.search(r'<svg class="bison-svg.*?</svg>', html, re.S)
    return drawn_marks(ET.fromstring(match.group(0))) if match else {}
