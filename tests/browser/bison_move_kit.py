"""Bison phone steps for a move action (B3, B6), for the browser tests that play a round:
a move with all the hunters of a space, or a split move (some here, some there) in one
action, the count chosen on the chips above the board before the destination is tapped.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from bison_kit import zoom_to
from phone_kit import back_at_table


def open_move(page: Any, at: str, space: str = "prairie", action: str = "move_3") -> None:
    """From the table: zoom the tile at ``at`` and tap "move from here" on ``space``."""
    zoom_to(page, at)
    page.locator(f'a[data-action-link="{action}"][data-from="{at},{space}"]').click()
    page.wait_for_url(re.compile(r"/bison/move\?"))


def split_move(
    page: Any, legs: Sequence[tuple[int, str]], after_leg: Callable[[int], None] | None = None
) -> None:
    """On the move page: with more than one leg, "to several spaces" first; then for each
    leg, tap the count chip, then the destination (``data-target`` ``"q,r,space"``); the
    last leg (all the hunters left, or the only one) records the action. One tap per chip
    and one per destination, no confirmation. ``after_leg(n)`` runs on the page that asks
    where the others go (a screenshot, a check)."""
    if len(legs) > 1:
        page.locator('[data-testid="bison-move-several"]').click()
        page.wait_for_selector('[data-testid="bison-move-several"][aria-pressed="true"]')
    for number, (count, target) in enumerate(legs, start=1):
        chip = page.locator(f'[data-testid="bison-move-count"] input[value="{count}"]')
        if not chip.is_checked():
            chip.locator("xpath=..").click()
        page.locator(f'[data-target="{target}"] circle').click()
        if number < len(legs):
            page.wait_for_selector(f'input[name="leg"][value="{target}:{count}"]', state="attached")
            if after_leg is not None:
                after_leg(number)
    back_at_table(page)
