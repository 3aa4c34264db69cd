"""Bison steps on a phone, for the browser tests to compose (a whole game on four phones
is these steps in turn): make another phone's panel refresh live, then tap one kind of
control — a buy, a gain, a tile, a build, a move, a gather, a correction, an undo, the
round's scoring — and see it take effect.

It also reads what the board shows at the phone's size (``measure``) and picks the turned
picture a player sees (``place_as_seen``).

``pay_with`` and ``place`` tap the "paid with" chips; ``score_round`` resolves an over-15
round on the scoring page (each says how many taps it took).

``kept(page)`` marks the page's window; ``still_kept(page)`` asserts the page was never
reloaded since (a control that works only after a reload is what this kit catches).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from phone_kit import act, back_at_table, version

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
    before = version(changer)
    act(changer, f'[data-testid="bison-stock-{seat}-bison-{"up" if up else "down"}"]')
    watcher.wait_for_selector(f'#panel[data-version="{before + 1}"]', timeout=LIVE_MS)


def tap_in_panel(page: Any, selector: str) -> None:
    """A panel control (htmx): the next version is swapped in, the page never reloaded."""
    kept(page)
    act(page, selector)
    assert not page.locator("#panel > .alert-error, [data-beside]").count()
    still_kept(page)


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
    else:
        page.locator(f'button[data-turn="{turn}"]').click()
    page.wait_for_load_state()
    check(page)
    back_at_table(page)


def build(page: Any, at: str, space: str, size: int) -> None:
    """From the board: zoom to the tile at ``at``, tap size ``size`` for ``space``."""
    page.locator(f'a[data-tile="{at}"]').click()
    page.wait_for_url(re.compile(r"/bison/tile\?"))
    page.locator(f'button[data-build="{at},{space}"][data-size="{size}"]').click()
    page.wait_for_load_state()
    check(page)
    back_at_table(page)


def move_from_panel(page: Any, source: str, hunters: int, action: str = "move_1") -> None:
    """The board page's "move from here", ``hunters`` of them, the first destination."""
    page.locator(f'#panel a[data-action-link="{action}"][data-from="{source}"]').click()
    page.wait_for_url(re.compile(r"/bison/move\?"))
    page.locator(f'input[name="hunters"][value="{hunters}"]').check()
    tap_to_table(page, "[data-target] circle")


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
    """The panel's action without hunters: ``action`` counted, one ``animal`` gained."""
    page.locator(f'.bison-nohunters input[name="action"][value="{action}"]').check()
    tap_in_panel(page, f'.bison-nohunters button[name="gain"][value="{animal}"]')


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
PRAIRIE_DIRECTIONS_JS = """() => [...document.querySelectorAll('button[data-turn]')].map(b => {
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
    page.wait_for_selector("button[data-turn]")
    seen = prairie_directions(page)
    turn = min(seen, key=lambda n: angle_apart(seen[n], prairie_at))
    assert angle_apart(seen[turn], prairie_at) <= 30, seen
    page.locator(f'input[name="hunters"][value="{hunters}"]').check()
    page.locator(f'button[data-turn="{turn}"]').click()
    page.wait_for_load_state()
    check(page)
    back_at_table(page)
    return turn


def pay_with(page: Any, hunters: int, paid: str) -> int:
    """Tap the "paid with" chip ``paid`` (bison.salmon.turkey, e.g. ``"0.0.4"``) of the
    row the chosen ``hunters`` show (the only visible one); 1 tap."""
    row = page.locator(f'.bison-paid[data-paid-for="{hunters}"]')
    assert row.is_visible(), "the row of the hunters chosen is shown"
    row.locator(f'label:has(input[value="{paid}"])').click()
    assert row.locator(f'input[value="{paid}"]').is_checked()
    return 1


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
