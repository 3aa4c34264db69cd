"""A Bison round played on two phones by tapping the board (B4, B5, B6), at 360×640.

Ann and Ben each hold their own phone and act on their own turn: a tile (the "+", the
picture, confirm; Ben taps the picture turned as on the table instead), a tent from the
zoomed tile (the size chip), a move (tile, "move from here", a green destination; Ben
starts from the board page's hunter sheet), an action without hunters. The other phone
sees every change; the phone whose turn it is says so. In English and Japanese, with
screenshots of the first screen (above the fold: the board), the turned pictures, the
zoomed tile, the board page's hunter sheet and the move's destinations.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from bison_kit import open_sheet, tap_to_table, two_player_table, zoom_to
from phone_kit import act, sit


@pytest.mark.parametrize("lang", ["ja"])  # one language: test_page_words.py
def test_a_round_on_two_phones_by_tapping_the_board(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any], lang: str
) -> None:
    ann, table_url = two_player_table(new_phone, live_server, lang=lang)
    ben = new_phone(device_scale_factor=1)
    sit(ben, table_url, 1, lang)

    # Board first: at 360×640 the board is on the first screen; Ann's phone says her turn.
    box = ann.locator(".bison-top .bison-board").bounding_box()
    assert box is not None and box["y"] + box["height"] / 2 < 640
    assert ann.locator('[data-testid="bison-your-turn"]').is_visible()
    assert not ben.locator('[data-testid="bison-your-turn"]').is_visible()
    assert ben.locator('[data-testid="bison-turn"]').is_visible()
    shot(ann, f"bison_board_{lang}_1_first_screen", full_page=False)

    def place(page: Any, other: Any, at: str, tile: str, turn: int | None = None) -> None:
        page.locator(f'[data-legal="{at}"]').click()
        page.wait_for_url(re.compile(r"/bison/place\?"))
        page.locator(f'a[data-pick="{tile}"]').click()
        page.wait_for_selector(".tile.preview")
        page.locator('input[name="hunters"][value="3"]').check()
        if turn is None:
            tap_to_table(page, 'button[name="mode"][value="action"]')
        else:  # the picture turned as on the table places it at once
            assert page.locator("[data-turn]").count() == 6
            shot(page, f"bison_board_{lang}_1b_turned_pictures", full_page=False)
            # its prairie button: the hunters go there (turn and space in one tap)
            tap_to_table(page, f'button[data-turn-space="{turn},prairie"]')
        other.wait_for_selector(f'[data-hex="{at}"]', timeout=8_000)  # the other phone

    place(ann, ben, "1,-1", "B16")
    ben.wait_for_selector('[data-testid="bison-your-turn"]', state="visible", timeout=8_000)
    place(ben, ann, "-1,1", "B07", turn=2)
    assert ann.locator('[data-hex="-1,1"]').count()

    def tent(page: Any, other: Any, at: str) -> None:
        zoom_to(page, at)
        tap_to_table(page, f'button[data-build="{at},prairie"][data-size="1"]')
        other.wait_for_selector(f'[data-hex="{at}"] [data-mark="tent"]', timeout=8_000)

    zoom_to(ann, "1,-1")
    shot(ann, f"bison_board_{lang}_2_zoomed_tile", full_page=False)
    ann.go_back()
    ann.wait_for_selector("#panel")
    tent(ann, ben, "1,-1")
    ben.wait_for_selector('[data-testid="bison-your-turn"]', state="visible", timeout=8_000)
    tent(ben, ann, "-1,1")
    ann.wait_for_selector('[data-testid="bison-your-turn"]', state="visible", timeout=8_000)

    def move(page: Any, at: str, snap: bool = False, zoom: bool = True) -> None:
        if zoom:
            zoom_to(page, at)
        else:  # from the space's sheet over the board: "move from here", the destination
            open_sheet(page, f"{at},prairie")
            shot(page, f"bison_board_{lang}_3b_own_sheet")
        page.locator(f'a[data-action-link="move_3"][data-from="{at},prairie"]').click()
        page.wait_for_url(re.compile(r"/bison/move\?"))
        assert page.locator("[data-target]").count() >= 1
        if snap:
            shot(page, f"bison_board_{lang}_3_destinations", full_page=False)
        tap_to_table(page, "[data-target] circle")

    move(ann, "1,-1", snap=True)
    ben.wait_for_selector('[data-testid="bison-your-turn"]', state="visible", timeout=8_000)
    move(ben, "-1,1", zoom=False)
    ann.wait_for_selector('[data-testid="bison-your-turn"]', state="visible", timeout=8_000)
    act(ann, '.bison-nohunters button[value="salmon"]')  # in the panel: htmx
    ben.wait_for_selector('[data-testid="bison-your-turn"]', state="visible", timeout=8_000)
    act(ben, '.bison-nohunters button[value="turkey"]')
    # The round is complete on both phones.
    ann.wait_for_selector(
        '[data-testid="bison-score-now"], [data-testid="bison-score"].btn-primary', timeout=8_000
    )
    assert ann.locator('[data-mark="tent"]').count() == 2
    shot(ann, f"bison_board_{lang}_4_round_done")
