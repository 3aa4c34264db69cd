"""Lion Square in a real browser: a phone plays a whole game through the panel —
type the square by tapping places and numbers, the taken cards and gazelles in hand, the
L2 preview, apply, who laid the last card, the next round (L3), and the end screen with
ranking and chart — in English and Japanese, with a screenshot of each screen under
tests/browser/screenshots/ (look at them). Harness: conftest.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from phone_kit import act, act_for, create_table, version

# Round 1's square, rows north → south: Ann (S) sees 2+1+2, Ben (W) 3+2+1, Cho (N) 3+G+1.
ROUND_1 = [["3", "", "1"], ["2", "G", "0"], ["", "1", "2"]]


def type_square(page: Any, grid: list[list[str]]) -> None:
    """Tap each place, then its number ("G" the gazelle); empty places are skipped."""
    for row, cells in enumerate(grid):
        for column, card in enumerate(cells):
            if not card:
                continue
            page.locator(f'[data-cell="{row},{column}"]').click()
            act(page, f'[data-testid="ls-square"] button[data-card="{card}"]')


def test_a_round_and_the_end_of_the_game(
    live_server: str, phone: Any, shot: Callable[..., Any]
) -> None:
    for lang in ("en", "ja"):
        play(live_server, phone, shot, lang)


def play(base: str, page: Any, shot: Callable[..., Any], lang: str) -> None:
    def snap(name: str, *, full_page: bool = True) -> None:
        shot(page, f"lion_square_{lang}_{name}", full_page=full_page)

    create_table(page, base, "lion-square", lang=lang)  # "I am Ann"
    snap("1_table")

    # Fill the square: tapping a place picks it; after a number the next empty place is
    # picked, so typing in reading order needs only the numbers.
    type_square(page, ROUND_1)
    shown = page.locator("[data-cell] > span[aria-hidden]").all_inner_texts()
    assert [cell.strip() for cell in shown] == [
        "3",
        "",
        "1",
        "2",
        {"en": "G", "ja": "ガゼル"}[lang],
        "0",
        "",
        "1",
        "2",
    ]
    # Ann took 3 cards and holds the other gazelle (one is on the square); Ben took 1.
    act(page, '[data-testid="ls-taken-0-up"]')
    act(page, '[data-testid="ls-taken-0-up"]')
    act(page, '[data-testid="ls-taken-0-up"]')
    act(page, '[data-testid="ls-gazelles-0-up"]')
    act_for(page, '[data-testid="ls-taken-1-up"]')  # Ben's count, from Ann's phone: asks
    # The second gazelle is in Ann's hand: nobody can add a third (the stepper stops).
    assert page.locator('[data-testid="ls-gazelles-0-up"]').is_disabled()
    # L2 preview: Ann 5 + ⌈3/2⌉ + 1 = 8, Ben 6 + 1 = 7, Cho 4.
    assert page.locator('[data-testid="ls-loss-0"] .ls-loss-total').inner_text() == "8"
    assert page.locator('[data-testid="ls-loss-1"] .ls-loss-total').inner_text() == "7"
    assert page.locator('[data-testid="ls-loss-2"] .ls-loss-total').inner_text() == "4"
    page.locator('[data-testid="ls-seat-0"] [data-reveal]').click()
    assert page.locator('[data-testid="ls-seat-0"]').inner_text().count("12") >= 1
    page.locator('[data-testid="ls-square"]').scroll_into_view_if_needed()
    snap("2_square", full_page=False)
    page.locator('[data-testid="ls-seat-0"]').scroll_into_view_if_needed()
    snap("3_preview", full_page=False)

    # Apply: the herds drop; the square closes.
    act(page, '[data-testid="ls-score"]')
    assert page.locator('[data-testid="ls-scored"]').is_visible()
    assert page.locator('[data-testid="ls-herd-0"]').inner_text() == "12"
    assert page.locator('[data-testid="ls-next"]').is_disabled()
    # Cho laid the last card: Ann (after Cho, the east side being empty) starts round 2.
    # Any phone notes that fact in one tap (it is not Cho's own change: no "for Cho?").
    act(page, '[data-testid="ls-last"] form:has(input[name="seat"][value="2"]) button')
    snap("4_scored")
    act(page, '[data-testid="ls-next"]')
    assert page.locator('[data-testid="ls-status"] h2').inner_text() in (
        "Round 2 of 3",
        "ラウンド 2 / 3",
    )

    # Rounds 2 and 3, quickly: a full square of 4s costs everyone 12.
    for _round in (2, 3):
        type_square(page, [["4"] * 3] * 3)
        act(page, '[data-testid="ls-score"]')
        if page.locator('[data-testid="ls-over"]').count():
            break
        act(page, '[data-testid="ls-last"] form:has(input[name="seat"][value="0"]) button')
        act(page, '[data-testid="ls-next"]')

    # The end: herds 12−12=0, 13−12=1, 16−12=4 → the game ends after round 2; Cho wins.
    over = page.locator('[data-testid="ls-over"]')
    assert over.is_visible()
    assert "Cho" in over.locator(".banner").inner_text()
    ranking = page.locator('[data-testid="ls-ranking"] li').all_inner_texts()
    assert [r.split()[0] for r in ranking] == ["Cho", "Ben", "Ann"]
    assert page.locator('[data-testid="ls-chart"] svg polyline').count() == 3
    snap("5_end")
    page.locator('[data-testid="ls-chart"]').scroll_into_view_if_needed()
    snap("6_chart", full_page=False)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_refusal_shows_a_translated_alert(live_server: str, phone: Any, lang: str) -> None:
    page = phone
    page.goto(f"{live_server}/new?game=lion-square&lang={lang}")
    for index, name in enumerate(["Ann", "Ben", "Cho"]):
        page.fill(f'input[name="name{index}"]', name)
    page.locator('form button[type="submit"]').last.click()
    page.wait_for_url(re.compile(r"/t/[^/]+/join$"))
    page.goto(page.url.removesuffix("/join"))
    page.wait_for_selector("#panel")
    page.locator('[data-testid="ls-score"]').click()  # nothing on the square yet
    alert = page.wait_for_selector("#panel .alert-error")
    expected = {"en": "the square is empty", "ja": "場が空です"}[lang]
    assert expected in alert.inner_text()
    assert version(page) == 0
