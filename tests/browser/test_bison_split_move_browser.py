"""A split move on a phone at 360×640 (B3, B6): Ann sends 2 hunters one way and 1 another
in one move action — "to several spaces", the count chips above the board, then the
destination: five taps, one ``play`` event, the cost of 3 hunters (4). In Italian."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from bison_kit import two_player_table
from bison_move_kit import open_move, split_move
from phone_kit import back_at_table, version


@pytest.mark.parametrize("lang", ["it"])  # one language: test_page_words.py
def test_a_split_move_is_one_action_from_the_board(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any], lang: str
) -> None:
    ann, _ = two_player_table(new_phone, live_server, lang=lang, seat=None)
    # Ann places B16 with 3 hunters on its prairie, then Ben places B07 with 1.
    for at, tile, hunters in (("1,-1", "B16", "3"), ("-1,1", "B07", "1")):
        ann.locator(f'[data-legal="{at}"]').click()
        ann.wait_for_url(re.compile(r"/bison/place\?"))
        ann.locator(f'a[data-pick="{tile}"]').click()
        ann.wait_for_selector(".tile.preview")
        ann.locator(f'input[name="hunters"][value="{hunters}"]').check()
        ann.locator('input[name="space"][value="prairie"]').check()
        ann.locator('button[name="mode"][value="action"]').click()
        back_at_table(ann)
    before = version(ann)

    open_move(ann, "1,-1")
    chips = ann.locator('[data-testid="bison-move-count"]').bounding_box()
    board = ann.locator(".bison-board").bounding_box()
    assert chips is not None and board is not None
    assert chips["y"] < board["y"] and chips["y"] + chips["height"] < 640  # count first
    targets = ann.locator("[data-target]")
    first, second = (targets.nth(i).get_attribute("data-target") for i in (0, 1))
    shot(ann, f"bison_split_move_{lang}_1_count_first", full_page=False)

    def one_left(number: int) -> None:
        assert ann.locator('[data-testid="bison-move-legs"] li').count() == number
        shot(ann, f"bison_split_move_{lang}_2_one_left", full_page=False)

    split_move(ann, [(2, first), (1, second)], after_leg=one_left)

    assert version(ann) == before + 1  # one action, one event
    for target, count in ((first, "2"), (second, "1")):
        q, r, space = target.split(",")
        mark = ann.locator(f'[data-mark="hunters"][data-at="{q},{r}"][data-space="{space}"]')
        assert mark.get_attribute("data-count") == count
    shot(ann, f"bison_split_move_{lang}_3_after", full_page=False)
