"""Fewer taps on a phone at 360×640 (issue 26, item 8), in English: a retail tile by
its shape (one tap, then its turned picture places it), an action without hunters in one
tap on the panel, a move to one space in two taps (the rest stay), "to several spaces" as
a mode, and a round with nothing to choose scored from the panel in one tap."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from bison_kit import open_sheet, two_player_table, unfold_gains
from phone_kit import back_at_table, version


def in_view(page: Any, selector: str) -> None:
    page.locator(selector).first.scroll_into_view_if_needed()


@pytest.mark.parametrize("lang", ["en"])  # one language: test_page_words.py
def test_fewer_taps_on_a_phone(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any], lang: str
) -> None:
    ann, _ = two_player_table(new_phone, live_server, lang=lang, seat=None)

    # Ann: a retail tile with 2 prairie edges, 2/1/0 animals, 3 hunters on its prairie.
    ann.locator('[data-legal="1,-1"]').click()
    ann.wait_for_url(re.compile(r"/bison/place\?"))
    in_view(ann, '[data-testid="bison-shapes"]')
    shot(ann, f"bison_taps_{lang}_1_shapes", full_page=False)
    ann.locator('a[data-shape="2"]').click()
    ann.wait_for_selector("[data-turn]")
    ann.locator('a[data-split="2-1-0"]').click()
    ann.wait_for_selector('a[data-split="2-1-0"][aria-current="true"]')
    ann.locator('label.chip:has(> input[name="hunters"][value="3"])').click()
    in_view(ann, "[data-turn]")
    shot(ann, f"bison_taps_{lang}_2_turned", full_page=False)
    ann.locator('button[data-turn-space="0,prairie"]').click()
    back_at_table(ann)

    # Ben: an action without hunters, one tap on the panel (the panel swapped in place).
    unfold_gains(ann, "move_1")
    shot(ann, f"bison_taps_{lang}_3_gains", full_page=False)
    before = version(ann)
    ann.locator('.bison-mine [data-gain-action="move_1"] button[value="turkey"]').click()
    ann.wait_for_selector(f'#panel[data-version="{before + 1}"]')

    # Ann: 2 of her 3 hunters to one space: "move from here", the chip, the destination.
    open_sheet(ann, "1,-1,prairie").locator(
        'a[data-action-link="move_3"][data-from="1,-1,prairie"]'
    ).click()
    ann.wait_for_url(re.compile(r"/bison/move\?"))
    assert ann.locator('[data-testid="bison-move-several"]').is_visible()
    ann.locator('[data-testid="bison-move-count"] label:has(input[value="2"])').click()
    shot(ann, f"bison_taps_{lang}_4_move", full_page=False)
    goal = ann.locator("[data-target]").first.get_attribute("data-target")
    ann.locator(f'[data-target="{goal}"] circle').click()
    back_at_table(ann)
    q, r, space = goal.split(",")
    moved = ann.locator(f'[data-mark="hunters"][data-at="{q},{r}"][data-space="{space}"]')
    assert moved.get_attribute("data-count") == "2"
    stay = ann.locator('[data-mark="hunters"][data-at="1,-1"][data-space="prairie"]')
    assert stay.get_attribute("data-count") == "1"
