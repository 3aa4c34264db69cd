"""Plays in a real browser: two phones sit at a Lion Square table, play it to its end
(L3: a herd at 0 after a scored round), and both find the game under "Our plays" with
the stats per player, from the finished table's link — in English, Japanese and Italian
(screenshots under tests/browser/screenshots/). Harness: conftest.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from phone_kit import act, back_at_table, create_table, type_square

# Round 1: a square of 4s costs each of Ann (S), Ben (W) and Cho (N) 12: herds 8.
ROUND_1 = [["4"] * 3] * 3
# Round 2, typed on Ben's phone, which shows the square from his (west) side: the north
# row is his left column. Ann's nearest cards (south row) cost 12 and Ben's (west column)
# 9: herds 0; Cho's (north row) cost 3: Cho ends with 5 and wins (L3).
ROUND_2 = [["1", "4", "4"], ["1", "4", "4"], ["1", "4", "4"]]
WORDS = {
    "en": ("Our plays", "Plays: 1", "Wins: 1"),
    "ja": ("わたしたちのプレイ記録", "プレイ数：1", "勝利数：1"),
    "it": ("Le nostre partite", "Partite: 1", "Vittorie: 1"),
}


@pytest.mark.parametrize("lang", ["it"])  # one language: test_page_words.py
def test_two_phones_finish_a_game_and_both_find_it_under_our_plays(
    live_server: str, phone: Any, second_phone: Any, shot: Callable[..., Any], lang: str
) -> None:
    title, plays, wins = WORDS[lang]
    ann, ben = phone, second_phone
    url = create_table(ann, live_server, "lion-square", lang=lang)  # "I am Ann"
    table_id = url.rsplit("/", 1)[1]
    ben.goto(f"{url}/join?lang={lang}")
    ben.locator('button[name="seat"][value="1"]').click()  # "I am Ben"
    back_at_table(ben)

    type_square(ann, ROUND_1)
    act(ann, '[data-testid="ls-score"]')
    act(ann, '[data-testid="ls-last"] form:has(input[name="seat"][value="0"]) button')
    act(ann, '[data-testid="ls-next"]')
    assert ann.locator('[data-testid="play-links"]').count() == 0  # not over yet

    ben.reload()
    type_square(ben, ROUND_2)
    act(ben, '[data-testid="ls-score"]')
    assert ben.locator('[data-testid="ls-over"]').is_visible()
    ann.locator('[data-testid="ls-over"]').wait_for()  # the end reaches Ann's phone live

    for page in (ann, ben):
        link = page.locator('[data-testid="bgstats-link"]')
        assert link.get_attribute("href").startswith(
            "https://app.bgstatsapp.com/createPlay.html?data="
        )
        page.locator('[data-testid="our-plays-link"]').click()
        page.wait_for_url(re.compile(r"/plays$"))
        assert page.locator("h1").inner_text() == title
        assert page.locator(f'[data-testid="play"][data-table="{table_id}"]').count() == 1
        cho = page.locator('[data-testid="stats-row"][data-player="cho"]')
        assert plays in cho.inner_text() and wins in cho.inner_text()
        ann_row = page.locator('[data-testid="stats-row"][data-player="ann"]')
        assert plays in ann_row.inner_text()
    shot(ben, f"plays_{lang}_our_plays")
