"""Bison steps on a phone, for the browser tests to compose (a whole game on four phones
is these steps in turn): make another phone's panel refresh live, then tap one kind of
control — a buy, a gain, a tile, a build, a move, a gather, a correction, an undo, the
round's scoring — and see it take effect.

``kept(page)`` marks the page's window; ``still_kept(page)`` asserts the page was never
reloaded since (a control that works only after a reload is what this kit catches).
"""

from __future__ import annotations

import re
from typing import Any

from phone_kit import act, back_at_table, version

#: Seconds-scale waits for the other phone's poll (POLL_MS is 2 s by default).
LIVE_MS = 8_000


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


def place_tile(page: Any, at: str, tile: str, hunters: int) -> None:
    """The orange + at ``at``, the tile's picture, ``hunters`` on its first space."""
    page.locator(f'[data-legal="{at}"]').click()
    page.wait_for_url(re.compile(r"/bison/place\?"))
    page.locator(f'a[data-pick="{tile}"]').click()
    page.wait_for_selector(".tile.preview")
    page.locator(f'input[name="hunters"][value="{hunters}"]').check()
    tap_to_table(page, 'button[name="mode"][value="action"]')


def move_from_panel(page: Any, source: str, hunters: int, action: str = "move_1") -> None:
    """The board page's "move from here", ``hunters`` of them, the first destination."""
    page.locator(f'#panel a[data-action-link="{action}"][data-from="{source}"]').click()
    page.wait_for_url(re.compile(r"/bison/move\?"))
    page.locator(f'input[name="hunters"][value="{hunters}"]').check()
    tap_to_table(page, "[data-target] circle")


def score_round(page: Any) -> None:
    """The round's scoring page, confirmed as proposed."""
    page.locator('[data-testid="bison-score"]').click()
    page.wait_for_url(re.compile(r"/bison/score"))
    tap_to_table(page, "button[data-confirm-score]")


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
