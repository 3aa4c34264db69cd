"""A move from the space's sheet over the board (issue 34: one tap there), on two phones
at 360×640 in Japanese: after a live refresh, the table's shared phone sees Ann's hunters'
line on its first screen, taps her prairie on the board (anywhere in the space), the sheet
opens over the board with a row per destination the rules allow (B3) with its cost and a
button per count (1, 2, all 3), all on screen; the "2" on a destination's row: one move
recorded by htmx, the page never reloaded, one hunter staying; Ben's phone shows the hunters
moved by the live refresh."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from bison_kit import LIVE_MS, ON_SCREEN_JS, kept, live_refresh, place_tile, still_kept
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
def test_a_move_from_the_sheet_over_the_board(
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

    line = table.locator('[data-open-sheet="1,-1,prairie"]').first
    assert on_screen(table, line), "the next control is on the first screen"
    shot(table, f"bison_move_row_{lang}_board", full_page=False)
    table.locator('.bison-top a[data-at="1,-1"][data-space="prairie"] circle.tap').click()
    sheet = table.locator('dialog.bison-sheet[data-sheet="1,-1,prairie"][open]')
    sheet.wait_for()
    row = sheet.locator('[data-move-form="move_1:1,-1,prairie"]')
    goal = row.locator("button[data-move-to]").first.get_attribute("data-move-to")
    assert goal and goal != "1,-1,prairie"
    # Issue 34: the destination's row has a button per count (1, 2, all 3): one tap.
    counts = row.locator(f'button[data-move-to="{goal}"]')
    assert [counts.nth(i).get_attribute("data-hunters") for i in range(3)] == ["1", "2", "3"]
    button = row.locator(f'button[data-move-to="{goal}"][data-hunters="2"]')
    assert on_screen(table, button), "the sheet needs no scroll"
    box = button.bounding_box()
    assert box and box["width"] >= 44 and box["height"] >= 44
    shot(table, f"bison_move_row_{lang}_sheet", full_page=False)
    kept(table)
    before = version(table)
    button.click()
    table.wait_for_selector(f'#panel[data-version="{before + 1}"]', timeout=LIVE_MS)
    still_kept(table)
    assert not table.locator(".alert-error").count()
    assert not table.locator("dialog.bison-sheet[open]").count()  # the board again
    assert hunters_at(table, goal) == 2 and hunters_at(table, "1,-1,prairie") == 1
    ben.wait_for_selector(f'#panel[data-version="{before + 1}"]', timeout=LIVE_MS)
    assert hunters_at(ben, goal) == 2 and hunters_at(ben, "1,-1,prairie") == 1


def on_screen(page: Any, locator: Any) -> bool:
    """The control can be tapped where it is: its centre inside the 360×640 window and the
    element there is the control (not under a fold, a sheet or the board's frame)."""
    return not locator.evaluate(ON_SCREEN_JS)
