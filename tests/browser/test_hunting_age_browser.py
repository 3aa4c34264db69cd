"""Age of Hunting in a real browser: Debian Chromium at phone size (360×640)
plays a short game through the panel — setup, two developments, a storage overflow, the
end trigger and the final screen — in English and in Japanese, saving a screenshot of each
screen under tests/browser/screenshots/ (look at them).

The harness (the live server, Debian's Chromium, phones, screenshots that check for a
horizontal scroll) is tests/browser/conftest.py.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from phone_kit import act, create_table

SHOTS = Path(__file__).parent / "screenshots"


def step(page: Any, seat: int, counter: str, delta: int, times: int = 1) -> None:
    for _ in range(times):
        act(
            page,
            f'[data-testid="ha-seat-{seat}"] form:has(input[name="counter"]'
            f'[value="{counter}"]):has(input[name="delta"][value="{delta}"]) button',
        )


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_short_game_on_a_phone(
    live_server: str, phone: Any, shot: Callable[..., Any], lang: str
) -> None:
    def snap(page: Any, name: str) -> None:
        shot(page, f"hunting_age_{lang}_{name}")

    page = phone
    # One phone plays every seat: it only watches (a shared phone acts for everyone).
    create_table(page, live_server, "hunting-age", lang=lang, seat=None)

    # Setup helper: Ann starts; the layout is drawn for 3 players.
    page.select_option('select[name="start_player"]', "0")
    act(page, '[data-testid="ha-setup"] button[type="submit"]')
    assert page.locator(".ha-faces li").count() == 7
    snap(page, "1_setup")

    # Development 1: Ann takes 2 bears and a grape, then creates a cave (a chip flips).
    step(page, 0, "bear", 1, times=2)
    step(page, 0, "grape", 1)
    page.locator('[data-testid="ha-dev-cave"]').scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"hunting_age_{lang}_1b_costs.png"))
    page.locator('[data-testid="ha-dev-hut"] > summary').click()  # the card and space list
    page.locator('[data-testid="ha-dev-hut"] .ha-face').first.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"hunting_age_{lang}_1c_huts.png"))
    act(page, '[data-testid="ha-dev-cave"]')
    assert page.locator('[data-testid="ha-seat-0"] .ha-facts dd').nth(5).inner_text() != "—"
    # Storage overflow: 5 bears do not fit in 4 open caves.
    step(page, 0, "bear", 1, times=5)
    assert page.locator('[data-testid="ha-surplus"]').is_visible()
    page.locator('[data-testid="ha-seat-0"] .ha-surplus').scroll_into_view_if_needed()
    snap(page, "2_surplus")
    act(page, '.ha-store button[type="submit"]')
    assert page.locator('[data-testid="ha-surplus"]').count() == 0
    act(page, '[data-testid="ha-end-turn"]')

    # Development 2: Ben adds a subordinate (2 green grain + 1 grape + 1 coin).
    step(page, 1, "green_grain", 1, times=2)
    step(page, 1, "grape", 1)
    step(page, 1, "coins", 1)
    act(page, '[data-testid="ha-dev-subordinate"]')
    snap(page, "3_developed")
    act(page, '[data-testid="ha-end-turn"]')

    # The end trigger: Cho's VP track reaches 10; Cho is the last seat, so it is the last turn.
    step(page, 2, "vp", 1, times=10)
    assert page.locator('[data-testid="ha-end"]').is_visible()
    page.locator('[data-testid="ha-end"]').scroll_into_view_if_needed()
    snap(page, "4_end_trigger")
    act(page, '[data-testid="ha-end-turn"]')

    # The final screen: the winner, the count and the chart.
    assert page.locator('[data-testid="ha-over"]').is_visible()
    assert "Cho" in page.locator('[data-testid="ha-over"]').inner_text()
    assert page.locator('[data-testid="ha-scores"] svg').count() == 1
    if lang == "ja":
        assert "ゲーム終了" in page.locator('[data-testid="ha-over"]').inner_text()
    snap(page, "5_final")
    page.locator('[data-testid="ha-scores"]').scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"hunting_age_{lang}_6_scores.png"))
