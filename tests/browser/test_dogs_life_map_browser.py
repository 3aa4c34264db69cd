"""A Dog's Life by the city map in a real browser (issue 38, issue 34 item 5): three
360×640 phones, one per dog, play a whole game to the goal by tapping the map, the van's
stops and what can be done where the dog stands — no field is typed during play. A second
phone sees the first one's move (its pawn on the new square) by the live update; no phone
ever shows a start button for its own dog while another dog's turn runs. Screenshots in
en, ja and it (tests/browser/screenshots/dogs_life_map_<lang>_*.png; look at them).
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from dogs_life_kit import MapGame

pytestmark = pytest.mark.slow


def _table(live_server: str, phones: list[Any], lang: str, goal: int) -> str:
    a = phones[0]
    a.goto(f"{live_server}/new?game=dogs-life&lang={lang}")
    for index, (name, colour) in enumerate((("Ann", "red"), ("Ben", "blue"), ("Cho", "green"))):
        a.fill(f'input[name="name{index}"]', name)
        a.select_option(f'select[name="color{index}"]', colour)
    a.fill('input[name="setting.bones_to_win"]', str(goal))  # the settings, before play
    a.locator('form button[type="submit"]').last.click()
    a.wait_for_url(re.compile(r"/t/[^/]+/join$"))
    invite = a.url
    for seat, page in enumerate(phones):
        if seat:
            page.goto(f"{invite}?lang={lang}")
        page.locator(f'button[name="seat"][value="{seat}"]').click()
        page.wait_for_selector("#panel")
    return a.url


@pytest.mark.parametrize("lang", ["en"])  # one language: test_page_words.py
def test_a_whole_game_by_the_map_on_three_phones(
    live_server: str, new_phone: Any, shot: Any, lang: str
) -> None:
    phones = [new_phone() for _ in range(3)]
    a, b = phones[0], phones[1]
    _table(live_server, phones, lang, goal=1)
    name = f"dogs_life_map_{lang}"
    shot(a, f"{name}_1_start", full_page=False)
    game = MapGame(phones, random.Random(7))
    # the first move: Ann taps a square; Ben's phone shows her pawn there
    game.step()
    moved_to = a.get_attribute('[data-testid="dl-pawn-0"]', "data-square")
    b.wait_for_selector(
        f'[data-testid="dl-pawn-0"][data-square="{moved_to}"]', state="attached", timeout=8000
    )
    shot(a, f"{name}_2_moved", full_page=False)
    for page in phones[1:]:  # issue 34 item 5: no dead start button on the others' phones
        assert page.locator('[data-testid^="dl-start-"]').count() == 0
        assert page.locator('[data-testid="dl-next-start"]').count() == 0
    seen_van = False
    for _ in range(400):
        if game.over():
            break
        if not seen_van:
            for page in phones:
                if page.locator('[data-testid^="dl-van-chip-"]').count():
                    shot(page, f"{name}_3_van", full_page=False)
                    seen_van = True
        assert game.step(), game.log[-10:]
    assert game.over()
    assert game.typed == 0
    assert a.locator('input[type="number"]:visible, input[type="text"]:visible').count() == 0
    shot(a, f"{name}_4_over", full_page=False)
    for page in phones:
        page.wait_for_selector('[data-testid="dl-winner"]', timeout=8000)
