"""Bison in a real browser: Debian Chromium at phone size (360×640).

A 3-player game: place three tiles with hunters, build a tent, see the live standings,
undo a placement, a second phone sees the board change, resolve an overflow while scoring
the round, then play to the end (winner and chart). In English and Japanese, with a
screenshot of each screen under tests/browser/screenshots/ (look at them).

The harness (the live server, Debian's Chromium, phones, screenshots that check for a
horizontal scroll) is tests/browser/conftest.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from bison_kit import place, zoom_to
from phone_kit import back_at_table, create_table, undo

Shot = Callable[[Any, str], Any]


@pytest.mark.parametrize("lang", ["en"])  # one language: test_page_words.py
def test_three_player_round_on_phones(
    live_server: str, new_phone: Callable[[], Any], shot: Shot, lang: str
) -> None:
    def snap(page: Any, name: str) -> None:
        shot(page, f"bison_{lang}_{name}")

    page = new_phone()
    # One phone records every seat: it only watches (a shared phone acts for everyone).
    table_url = create_table(page, live_server, "bison", lang=lang, seat=None)
    assert page.locator("[data-legal]").count() == 9
    snap(page, "1_table")

    # A second phone watches the same table.
    watcher = new_phone()
    watcher.goto(table_url)
    watcher.wait_for_selector("#panel")

    # Three tiles with hunters, in turn order (B6).
    place(
        page, "1,-1", "B16", hunters=2, space="prairie", turns=1, snap=lambda: snap(page, "2_place")
    )
    place(page, "-1,1", "B07", hunters=1, space="river")
    place(page, "2,0", "B02", hunters=3, space="mountain")
    # The second phone's poll brings the new board.
    watcher.wait_for_selector('[data-hex="2,0"]', timeout=8_000)

    # Undo the last placement, and the second phone sees the tile go; then place it again.
    undo(page)  # names the change and asks first
    page.wait_for_selector('[data-hex="2,0"]', state="detached")
    watcher.wait_for_selector('[data-hex="2,0"]', state="detached", timeout=8_000)
    place(page, "2,0", "B02", hunters=3, space="mountain")
    watcher.wait_for_selector('[data-hex="2,0"]', timeout=8_000)
    snap(watcher, "3_second_phone")

    # A tent from the board: Ann taps B16, its prairie, the size-2 chip (B6): one event.
    zoom_to(page, "1,-1")
    snap(page, "4_tile")
    page.locator('[data-tap="1,-1,prairie"]').click()  # a finger inside the prairie
    page.wait_for_url(re.compile(r"/bison/space\?"))
    assert page.locator('[data-award="red"]').count() == 1  # the region on demand
    snap(page, "5_region")
    page.locator('button[data-size="2"]').click()
    back_at_table(page)
    assert page.locator('[data-hex="1,-1"] [data-mark="tent"][data-size="2"]').count() == 1
    watcher.wait_for_selector('[data-hex="1,-1"] [data-mark="tent"]', timeout=8_000)

    # Live standings, then Ann's bison to the cap so the prairie overflows (B8).
    standings = page.locator(".bison-standings tbody tr").first.inner_text()
    assert re.search(r"\+[1-9]", standings)
    while page.locator('[data-testid="bison-stock-0-bison-value"]').inner_text() != "15":
        before = int(page.get_attribute("#panel", "data-version"))
        page.locator('[data-testid="bison-stock-0-bison-up"]').click()
        page.wait_for_selector(f'#panel[data-version="{before + 1}"]')
    assert page.locator('[data-testid="bison-stock-0-bison-up"]').is_disabled()  # the cap (B8)
    page.evaluate("window.scrollTo(0, 0)")
    snap(page, "6_standings")

    # Score the round: the overflow screen with the default exchange, choose another.
    page.goto(table_url + "/bison/score")
    assert page.locator('[data-overflow^="0-"] [data-warning]').count() == 1  # B8
    page.locator('[data-overflow^="0-"] summary').click()  # one line, opened on demand
    page.locator('[data-overflow^="0-"] input[name$=".x.bison.turkey"][value="1"]').check()
    page.locator('input[name="override"]').check()
    page.locator('button[name="preview"]').click()
    page.wait_for_selector('[data-overflow^="0-"]')
    snap(page, "7_score")
    page.locator('input[name="override"]').check()
    page.locator("[data-confirm-score]").click()
    back_at_table(page)
    assert int(page.locator('[data-testid="bison-stock-0-bison-value"]').inner_text()) <= 15
    assert int(page.locator('[data-testid="bison-stock-0-turkey-value"]').inner_text()) >= 9

    # Play the game out (the table ends each round) to the final scoring and the winner.
    for _ in range(4):
        page.goto(table_url + "/bison/score")
        page.locator('input[name="override"]').check()
        page.locator("[data-confirm-score]").click()
        back_at_table(page)
    assert page.locator(".banner-win").count() == 1
    assert page.locator("svg.chart polyline").count() == 3
    snap(page, "8_final")
    watcher.wait_for_selector(".banner-win", timeout=8_000)
