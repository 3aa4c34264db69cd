"""Fewer taps on a phone at 360×640 (issue 26, item 8), in English: a retail tile by
its shape (one tap, then its turned picture places it), an action without hunters in one
tap on the panel, a move to one space in two taps (the rest stay), "to several spaces" as
a mode, and a round with nothing to choose scored from the panel in one tap."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from bison_kit import (
    LIVE_MS,
    ON_SCREEN_JS,
    kept,
    open_sheet,
    still_kept,
    two_player_table,
    unfold_gains,
)
from phone_kit import back_at_table, sit, version


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
    # Issue 34: its animals next, on the first screen (no split chosen before, no scroll)
    ann.wait_for_selector('[data-testid="bison-splits"]')
    assert not ann.locator("[data-turn]").count()
    assert not ann.locator('a[data-split="2-1-0"]').evaluate(ON_SCREEN_JS)
    ann.locator('a[data-split="2-1-0"]').click()
    ann.wait_for_selector('a[data-split="2-1-0"][aria-current="true"]')
    assert not ann.locator('button[data-turn-space="0,prairie"]').evaluate(ON_SCREEN_JS)
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


def test_a_tile_is_laid_in_one_tap_on_its_turned_picture(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any]
) -> None:
    """Issue 34 on two 360×640 phones: after the "+" and the tile's picture, the lay screen
    shows the hunter count (1 preset: it costs no food, B6) and the six turned pictures with
    a ≥44 px button per space on the first screen; one tap on "river" beside the picture
    turned 2 × 60° lays the tile so turned with the one hunter there (B4). Ben's phone shows
    the tile and the hunter by the live refresh, never reloaded."""
    ann, url = two_player_table(new_phone, live_server, seat=0)
    ben = new_phone(device_scale_factor=1)
    sit(ben, url, 1, "en")
    kept(ben)
    ann.locator('[data-legal="1,-1"]').click()
    ann.wait_for_url(re.compile(r"/bison/place\?"))
    ann.locator('a[data-pick="B16"]').click()
    ann.wait_for_selector("[data-turn]")
    assert ann.locator('input[name="hunters"][value="1"]').is_checked()
    button = ann.locator('button[data-turn-space="2,river"]')
    assert not button.evaluate(ON_SCREEN_JS), "the tap needs no scroll"
    for n in range(6):  # every turned picture's buttons are full-size targets
        for space in ("prairie", "river", "mountain"):
            box = ann.locator(f'button[data-turn-space="{n},{space}"]').bounding_box()
            assert box and box["width"] >= 44 and box["height"] >= 44, (n, space, box)
    shot(ann, "bison_taps_en_5_lay", full_page=False)
    before = version(ben)
    button.click()
    back_at_table(ann)
    assert not ann.locator(".alert-error").count()
    ben.wait_for_selector(f'#panel[data-version="{before + 1}"]', timeout=LIVE_MS)
    still_kept(ben)
    for phone in (ann, ben):
        assert phone.locator('.bison-top g.tile[data-hex="1,-1"]').count() == 1
        mark = phone.locator('.bison-top [data-mark="hunters"][data-at="1,-1"][data-space="river"]')
        assert mark.first.get_attribute("data-count") == "1"


def test_the_five_retail_shapes_are_on_the_first_screen(
    live_server: str, new_phone: Callable[..., Any]
) -> None:
    """Issue 34: under the bag's pictures, the five shapes of a retail tile on one row, on
    the first screen of a 360×640 phone (the fifth was a scroll below), each >= 44 px."""
    ann, _ = two_player_table(new_phone, live_server, lang="en", seat=0)
    ann.locator('[data-legal="1,-1"]').click()
    ann.wait_for_url(re.compile(r"/bison/place\?"))
    shapes = ann.locator("a[data-shape]")
    assert shapes.count() == 5
    for n in range(5):
        assert not shapes.nth(n).evaluate(ON_SCREEN_JS), n
        box = shapes.nth(n).bounding_box()
        assert box is not None and min(box["width"], box["height"]) >= 44
