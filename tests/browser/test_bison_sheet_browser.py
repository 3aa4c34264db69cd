"""The Bison board page in one hand (issue 34), on two phones at 360×640 in en, ja and it:

* the place page: the bag's tiles on about one screen; beside each turned picture one
  button per space, at least 44×44 px, all six turns on the first screen, named by the
  space first (the turn after it for a screen reader); a tap on one places the tile so
  turned with the hunters there;
* the board page of the player in turn: the space's line (the next control) on the first
  screen, every prairie and mountain of the board at the readable zoom a target at least
  44 px across (a river band at least 24 px);
  a tap anywhere in the space on the board opens its sheet over the board, whose build
  button records the tent (htmx, no reload); the other phone sees the tent by the live
  refresh;
* a finished game: the scores right under the winner line, on the first screen.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from bison_kit import LIVE_MS, ON_SCREEN_JS, kept, still_kept, two_player_table
from phone_kit import back_at_table, sit, version

#: The point of a space's area (the polygon ``selector`` names) farthest from its tap disc
#: that a finger landing there hits the area itself: the area's own geometry, read from the
#: page (games.bison.geometry drew it), sampled every 3 px.
FAR_POINT_JS = """([selector, disc]) => {
  const area = document.querySelector(selector);
  const box = area.getBoundingClientRect();
  const c = document.querySelector(disc).getBoundingClientRect();
  const cx = c.x + c.width / 2, cy = c.y + c.height / 2;
  let best = null;
  for (let x = box.left + 1; x < box.right; x += 3) {
    for (let y = box.top + 1; y < box.bottom; y += 3) {
      if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      if (document.elementFromPoint(x, y) !== area) continue;
      const d = Math.hypot(x - cx, y - cy);
      if (!best || d > best.d) best = {x, y, d};
    }
  }
  return best;
}"""


def on_screen(page: Any, selector: str) -> bool:
    return not page.locator(selector).first.evaluate(ON_SCREEN_JS)


def boxes(page: Any, selector: str) -> list[dict[str, float]]:
    return [
        box
        for box in page.eval_on_selector_all(
            selector,
            "els => els.map(e => { const r = e.getBoundingClientRect();"
            " return {w: r.width, h: r.height}; })",
        )
        if box["w"] or box["h"]
    ]


@pytest.mark.parametrize("lang", ["ja"])  # one language: test_page_words.py
def test_the_board_page_in_one_hand(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any], lang: str
) -> None:
    ann, url = two_player_table(new_phone, live_server, lang=lang, seat=0)
    ben = new_phone(device_scale_factor=1)
    sit(ben, url, 1, lang)

    # Ann places B16 with 3 hunters, by the prairie button beside its first turn.
    ann.locator('[data-legal="1,-1"]').click()
    ann.wait_for_url(re.compile(r"/bison/place\?"))
    shot(ann, f"bison_sheet_{lang}_1_bag", full_page=False)
    assert all(b["w"] >= 44 and b["h"] >= 44 for b in boxes(ann, "a[data-pick]"))
    ann.locator('a[data-pick="B16"]').click()
    ann.wait_for_selector("[data-turn]")
    ann.locator('label.chip:has(> input[name="hunters"][value="3"])').click()
    shot(ann, f"bison_sheet_{lang}_2_turned", full_page=False)
    turned = boxes(ann, "button[data-turn-space]")
    assert len(turned) == 18 and all(b["w"] >= 44 and b["h"] >= 44 for b in turned)
    assert all(on_screen(ann, f'[data-turn="{n}"] button[data-turn-space]') for n in range(6))
    # the picture only illustrates: no control inside another, the space's name first
    assert not ann.locator("button[data-turn-space] button, button[data-turn-space] a").count()
    assert not ann.locator("[data-turn] svg a, [data-turn] svg [tabindex]").count()
    prairie = ann.locator('button[data-turn-space="0,prairie"]')
    name = prairie.evaluate("b => b.textContent.trim()")  # its accessible name
    shown = prairie.evaluate("b => b.firstChild.textContent.trim()")  # the sr-only after it
    assert shown and name.startswith(shown) and "60" in name, (shown, name)
    with ann.expect_navigation():
        prairie.click()
    back_at_table(ann)
    mark = '.bison-top [data-mark="hunters"][data-at="1,-1"][data-space="prairie"]'
    assert ann.get_attribute(mark, "data-count") == "3"
    ben.wait_for_selector(mark, timeout=LIVE_MS)  # the second phone, by the live refresh

    # Ben: an action without hunters, one tap on his first screen.
    ben.wait_for_selector('[data-testid="bison-your-turn"]', state="visible", timeout=LIVE_MS)
    assert on_screen(ben, "[data-gain-default] button")
    before = version(ben)
    ben.locator("[data-gain-default] button").first.click()
    ben.wait_for_selector(f'#panel[data-version="{before + 1}"]')

    # Ann's turn again: her space's line is on the first screen; the board's spaces are
    # targets of at least 44 px at the readable zoom.
    ann.wait_for_selector(f'#panel[data-version="{before + 1}"]', timeout=LIVE_MS)
    assert on_screen(ann, '[data-open-sheet="1,-1,prairie"]')
    # (A river band is narrower: its disc is >= 24 px, WCAG 2.5.8; 44 px needs a hex
    # radius of about 160 px, games.bison.geometry.ZOOM_RADIUS_PX on the zoomed tile.)
    for space, least in (("prairie", 44), ("mountain", 44), ("river", 24)):
        discs = boxes(ann, f'.bison-top a[data-space="{space}"] circle.tap')
        assert discs and min(min(b["w"], b["h"]) for b in discs) >= least, (space, discs)
    small = [
        b
        for b in boxes(ann, ".bison-mine a, .bison-mine button, .bison-mine summary")
        if b["h"] < 44
    ]
    assert not small, small
    shot(ann, f"bison_sheet_{lang}_3_board", full_page=False)

    # A tap anywhere in the prairie on the board opens its sheet over the board.
    board_area = '.bison-top a[data-at="1,-1"][data-space="prairie"] polygon'
    ann.locator(board_area).scroll_into_view_if_needed()
    far = ann.evaluate(FAR_POINT_JS, [board_area, '.bison-top a[data-at="1,-1"] .tap'])
    assert far, "some of the prairie is on screen"
    kept(ann)
    ann.mouse.click(far["x"], far["y"])
    sheet = ann.locator('dialog.bison-sheet[data-sheet="1,-1,prairie"][open]')
    sheet.wait_for()
    assert sheet.locator("[data-move-to]").count() >= 1  # its moves, with their costs
    shot(ann, f"bison_sheet_{lang}_4_sheet", full_page=False)
    tent = 'dialog[open] button[data-build="1,-1,prairie"][data-size="1"]'
    assert on_screen(ann, tent)
    before = version(ann)
    ann.locator(tent).click()
    ann.wait_for_selector(f'#panel[data-version="{before + 1}"]')
    still_kept(ann)
    assert not ann.locator("dialog.bison-sheet[open]").count()
    tent_mark = '.bison-top [data-mark="tent"][data-at="1,-1"][data-space="prairie"]'
    ben.wait_for_selector(tent_mark, timeout=LIVE_MS)  # the second phone sees it
    assert ann.locator(tent_mark).count() == 1


@pytest.mark.parametrize("lang", ["it"])  # one language: test_page_words.py
def test_the_final_scores_stand_under_the_winner_line(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any], lang: str
) -> None:
    page, url = two_player_table(new_phone, live_server, lang=lang, seat=None)
    for _round in range(6):  # every round scored early ("end the round anyway")
        page.goto(f"{url}/bison/score")
        page.locator('input[name="override"]').check()
        page.locator("button[data-confirm-score]").click()
        back_at_table(page)
    page.wait_for_selector('[data-testid="bison-final"]')
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, f"bison_sheet_{lang}_5_final", full_page=False)
    assert on_screen(page, '[data-testid="bison-final"] li:last-child')
