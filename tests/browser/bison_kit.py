"""Bison phone steps the browser tests share (issue 26): place a tile from the board, pay
with the "paid with" chips, resolve an over-15 round on the scoring page. Each step taps
as a player would and says how many taps it took, so a whole-game test can add them up."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from phone_kit import back_at_table


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


def score_round(
    page: Any, table_url: str, *, override: bool = False, change: Callable[[Any], int] | None = None
) -> int:
    """Open "Score the round", (tick "end the round anyway"), optionally ``change`` a
    proposal (it returns its taps), confirm; the taps it took (the page link counted)."""
    page.goto(table_url + "/bison/score")
    taps = 1
    if change is not None:
        taps += change(page)
    if override:
        page.locator('input[name="override"]').check()
        taps += 1
    page.locator("[data-confirm-score]").click()
    back_at_table(page)
    return taps + 1
