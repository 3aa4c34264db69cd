"""A move in one or two taps from the board page's hunter row (issue 26, item 8), on two
phones at 360×640 in Japanese: after a live refresh, the table's shared phone taps the
count chip "2" of Ann's three hunters (all three preset), then a destination button (the
spaces B3 allows): one move recorded by htmx, the page never reloaded, one hunter staying;
Ben's phone shows the hunters moved by the live refresh."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from bison_kit import LIVE_MS, kept, live_refresh, place_tile, still_kept
from phone_kit import create_table, sit, version

TWO = (("Ann", "red"), ("Ben", "blue"))


def hunters_at(page: Any, space: str) -> int:
    """The count of the hunters mark on ``space`` (``q,r,terrain``) of the board drawn."""
    q, r, terrain = space.split(",")
    mark = page.locator(
        f'.bison-top [data-mark="hunters"][data-at="{q},{r}"][data-space="{terrain}"]'
    )
    return int(mark.first.get_attribute("data-count")) if mark.count() else 0


@pytest.mark.parametrize("lang", ["ja"])  # one language: test_page_words.py
def test_a_move_is_two_taps_from_the_hunter_row(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any], lang: str
) -> None:
    table = new_phone(device_scale_factor=1)
    url = create_table(table, live_server, "bison", lang=lang, players=TWO, seat=None)
    ben = new_phone(device_scale_factor=1)
    sit(ben, url, 1, lang)
    place_tile(table, "1,-1", "B16", 3)  # Ann: 3 hunters on her tile's prairie
    live_refresh(table, ben, 1)
    place_tile(table, "-1,1", "B07", 1)  # Ben
    live_refresh(table, ben, 1, up=False)  # a live refresh before the move's taps

    row = table.locator('[data-move-form="move_1:1,-1,prairie"]')
    assert row.locator('input[name="hunters"][value="3"]').is_checked()  # all preset
    goal = row.locator("button[data-move-to]").first.get_attribute("data-move-to")
    assert goal and goal != "1,-1,prairie"
    kept(table)
    before = version(table)
    row.locator('label.chip:has(> input[value="2"])').click()
    row.locator(f'button[data-move-to="{goal}"]').click()
    table.wait_for_selector(f'#panel[data-version="{before + 1}"]', timeout=LIVE_MS)
    still_kept(table)
    assert not table.locator(".alert-error").count()
    assert hunters_at(table, goal) == 2 and hunters_at(table, "1,-1,prairie") == 1
    ben.wait_for_selector(f'#panel[data-version="{before + 1}"]', timeout=LIVE_MS)
    assert hunters_at(ben, goal) == 2 and hunters_at(ben, "1,-1,prairie") == 1
    table.evaluate("window.scrollTo(0, 0)")
    shot(table, f"bison_move_row_{lang}_board", full_page=False)
    table.locator('[data-testid="bison-own"]').scroll_into_view_if_needed()
    shot(table, f"bison_move_row_{lang}_hunters", full_page=False)
