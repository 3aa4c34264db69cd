"""The Bison board page's next controls on the first screen (issue 34), two phones at
360×640:

* the buy of a hunter (B7) beside the turn line: on the first screen of the phone in turn
  (however long its hunters' lines), at least 44×44 px, absent on the other phone; pressed
  from the keyboard it buys in one tap (htmx, no reload) and focus stays on a control of
  the fresh panel, not on the page;
* a live update from the other phone keeps the keyboard's focus on a control;
* the orange "+" at the readable zoom: when the player's tile is due, one "+" is in view
  inside the board's frame without panning, after the live refresh that gave them the turn;
* the space's line packed two controls to a row, each at least 44 px tall; three to a
  row at 360 px, and the action without hunters' caption beside its "As another action…"
  fold, so that the line and the row without hunters are above the dock;
* the score page's confirm stays on screen (a bar fixed at the bottom) with the regions
  scrolled above it;
* the turn arriving by a live refresh brings a scrolled page's turn line back on screen,
  never mid-turn; on a page left at its top, the turn line comes to the top of the screen
  (the table's heading above it), so the next controls and an orange "+" stand above the
  dock.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bison_kit import ON_SCREEN_JS, kept, place_tile, set_view, still_kept, two_player_table
from phone_kit import sit, version

#: Focus rests on a control of the page (not the body) once the panel is swapped.
FOCUSED = """() => {
  const a = document.activeElement;
  return !!a && a !== document.body && a.isConnected &&
    !!a.closest('#panel') && !!a.closest('a, button, input, select, summary, [tabindex]');
}"""

#: How many of the board's orange "+" are in view: their centre inside the frame's box on
#: screen, above the dock, and the "+" itself what a finger there would hit.
LEGAL_IN_VIEW_JS = """() => {
  const frame = document.querySelector('.bison-top .bison-board').getBoundingClientRect();
  const dock = document.querySelector('.dock').getBoundingClientRect().top;
  return [...document.querySelectorAll('.bison-top [data-legal]')].filter(a => {
    const r = a.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
    if (x < frame.left || x > frame.right || y < Math.max(frame.top, 0) ||
        y > Math.min(frame.bottom, dock)) return false;
    const hit = document.elementFromPoint(x, y);
    return !!hit && a.contains(hit);
  }).length;
}"""


def on_screen(page: Any, selector: str) -> bool:
    return not page.locator(selector).first.evaluate(ON_SCREEN_JS)


def test_the_buy_beside_the_turn_line_by_keyboard_and_the_plus_in_view(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any]
) -> None:
    ann, url = two_player_table(new_phone, live_server, lang="en", seat=0)
    ben = new_phone(device_scale_factor=1)
    sit(ben, url, 1, "en")
    buy = '[data-testid="bison-buy-hunter"]'
    assert on_screen(ann, buy)
    box = ann.locator(buy).bounding_box()
    assert box is not None and box["width"] >= 44 and box["height"] >= 44
    assert not ben.locator(buy).is_visible()  # Ann's turn: Ben's phone has no buy
    # Ann's tile at the readable zoom: a "+" in view in the frame, no panning needed.
    set_view(ann, "bison-zoom-2")
    assert ann.evaluate(LEGAL_IN_VIEW_JS) >= 1
    shot(ann, "bison_next_en_1_turn_line", full_page=False)

    # From the keyboard: the buy focused, Enter; one change, no reload, focus kept.
    kept(ann)
    before = version(ann)
    ann.locator(buy).focus()
    ann.keyboard.press("Enter")
    ann.wait_for_selector(f'#panel[data-version="{before + 1}"]')
    assert soon(ann, lambda: ann.evaluate(FOCUSED))  # htmx settles the swap a frame later
    still_kept(ann)
    hunters = ann.locator('article[data-seat="0"] p.small').first.inner_text()
    assert "5 in supply" in hunters, hunters  # 4 + the one bought (B7)

    # Ann places her tile; Ben's phone, at the readable zoom, gets the turn by the live
    # refresh: one of the "+" is in view in its frame.
    # Ben's keyboard rests on his zoom chip meanwhile: after the live update focus is on
    # a control of his fresh panel, not on the page.
    set_view(ben, "bison-zoom-2")
    ben.wait_for_selector(f'#panel[data-version="{version(ann)}"]')  # Ann's buy arrived
    ben.locator('[data-testid="bison-zoom-2"]').focus()
    kept(ben)
    seen = version(ben)
    place_tile(ann, "1,-1", "B16", 2)
    ben.wait_for_selector(f'#panel[data-version="{seen + 1}"]')
    ben.wait_for_selector('[data-testid="bison-your-turn"]:visible')
    assert soon(ben, lambda: ben.evaluate(FOCUSED))
    still_kept(ben)
    assert ben.evaluate(LEGAL_IN_VIEW_JS) >= 1
    shot(ben, "bison_next_en_2_plus_in_view", full_page=False)

    # Ben places his; Ann's line for her prairie: its controls two to a row, >= 44 px.
    place_tile(ben, "-1,1", "B07", 1)
    ann.wait_for_selector(".bison-mine-space:visible")
    controls = ann.locator(".bison-mine-space:visible").first.locator("button, a.btn")
    sizes = [controls.nth(i).bounding_box() for i in range(controls.count())]
    assert sizes and all(s is not None and s["height"] >= 44 for s in sizes)
    assert all(s is not None and s["width"] >= 44 for s in sizes)
    tops = sorted({round(s["y"]) for s in sizes if s is not None})
    assert len(tops) < len(sizes)  # two side by side on at least one row
    shot(ann, "bison_next_en_3_space_line", full_page=False)


def test_the_line_packs_three_to_a_row_and_the_fold_beside_the_caption(
    live_server: str, new_phone: Callable[..., Any]
) -> None:
    """Issue 34, fewer scrolls: a space's line three controls to a row at 360 px, the
    caption of the action without hunters and "As another action…" on one line, the
    line's own row of animals under them, all of it above the dock; unfolded, the other
    actions' rows come below that row."""
    ann, url = two_player_table(new_phone, live_server, lang="en", seat=0)
    ben = new_phone(device_scale_factor=1)
    sit(ben, url, 1, "en")
    place_tile(ann, "1,-1", "B16", 3)
    place_tile(ben, "-1,1", "B07", 1)
    ann.wait_for_selector(".bison-mine-space:visible")
    controls = ann.locator(".bison-mine-space:visible").first.locator("button, a.btn")
    sizes = [controls.nth(i).bounding_box() for i in range(controls.count())]
    assert len(sizes) >= 3 and all(s is not None and s["height"] >= 44 for s in sizes)
    tops = [round(s["y"]) for s in sizes if s is not None]
    assert max(tops.count(top) for top in tops) == 3, tops  # three side by side
    caption = ann.locator(".bison-nohunters:visible > p").bounding_box()
    fold = ann.locator(".bison-nohunters:visible .bison-gain-more > summary").bounding_box()
    row = ann.locator(".bison-nohunters:visible [data-gain-default]").bounding_box()
    assert caption and fold and row
    assert fold["y"] < caption["y"] + caption["height"] and fold["x"] > caption["x"]
    assert row["y"] >= fold["y"] + fold["height"] - 1  # the row under the fold's line
    assert on_screen(ann, ".bison-nohunters:visible [data-gain-default] button")
    assert on_screen(ann, ".bison-mine-space:visible a.btn")
    ann.locator(".bison-nohunters:visible .bison-gain-more > summary").click()
    other = ann.locator(".bison-gain-more[open] [data-gain-action]").first.bounding_box()
    assert other and other["y"] > row["y"] + row["height"] - 1  # unfolded: below the row


def test_the_score_pages_confirm_stays_on_screen(
    live_server: str, new_phone: Callable[..., Any]
) -> None:
    ann, url = two_player_table(new_phone, live_server, lang="en", seat=0)
    place_tile(ann, "1,-1", "B16", 3)
    ann.goto(url + "/bison/score")
    confirm = "[data-confirm-score]"
    ann.locator(confirm).wait_for()
    assert on_screen(ann, confirm)
    ann.mouse.wheel(0, 400)
    ann.wait_for_timeout(100)
    assert on_screen(ann, confirm)


def soon(page: Any, check: Callable[[], bool]) -> bool:
    """Whether ``check`` holds within 5 s (polled from here: the page's CSP allows no
    string predicate; a fixed wait for htmx's settling lost the race under load)."""
    for _ in range(50):
        if check():
            return True
        page.wait_for_timeout(100)
    return check()


def scrolled_down(page: Any) -> None:
    """The wheel's scroll done (the page's CSP allows no string predicate to poll)."""
    for _ in range(50):
        if page.evaluate("window.scrollY") > 600:
            return
        page.wait_for_timeout(100)
    raise AssertionError("the page did not scroll")


def test_the_turn_line_comes_back_on_screen_when_the_turn_arrives(
    live_server: str, new_phone: Callable[..., Any]
) -> None:
    """Ben has scrolled his page down while Ann plays: when her tile gives him the turn
    (the live refresh), his turn line is back on the first screen; during his own turn
    another phone's change leaves his page where he scrolled it (bison.js)."""
    ann, url = two_player_table(new_phone, live_server, lang="en", seat=0)
    ben = new_phone(device_scale_factor=1)
    sit(ben, url, 1, "en")
    turn_line = '[data-testid="bison-your-turn"]'
    ben.mouse.wheel(0, 1500)
    scrolled_down(ben)
    seen = version(ben)
    place_tile(ann, "1,-1", "B16", 1)
    ben.wait_for_selector(f'#panel[data-version="{seen + 1}"]')
    ben.wait_for_selector(f"{turn_line}:visible")
    assert soon(ben, lambda: on_screen(ben, turn_line))  # htmx settles the swap a frame later
    assert on_screen(ben, '[data-testid="bison-buy-hunter"]')
    # Mid-turn: Ben scrolls down again; Ann corrects her stock (a live change): no jump.
    ben.mouse.wheel(0, 1500)
    scrolled_down(ben)
    scrolled = ben.evaluate("window.scrollY")
    seen = version(ben)
    ann.locator('[data-testid="bison-stock-0-bison-up"]').click()
    ben.wait_for_selector(f'#panel[data-version="{seen + 1}"]')
    ben.wait_for_timeout(200)
    assert abs(ben.evaluate("window.scrollY") - scrolled) < 50


def test_the_turn_arriving_brings_the_turn_line_to_the_top(
    live_server: str, new_phone: Callable[..., Any]
) -> None:
    """Issue 34: Ben's page rests at its top (the site's bar, the table's heading and
    links above the panel); when Ann's tile gives him the turn (the live refresh), his turn
    line is at the top of the screen, his next controls under it and, his tile due, an
    orange "+" of the readable board in view above the dock."""
    ann, url = two_player_table(new_phone, live_server, lang="en", seat=0)
    ben = new_phone(device_scale_factor=1)
    sit(ben, url, 1, "en")
    set_view(ben, "bison-zoom-2")
    ben.evaluate("window.scrollTo(0, 0)")
    seen = version(ben)
    place_tile(ann, "1,-1", "B16", 2)
    ben.wait_for_selector(f'#panel[data-version="{seen + 1}"]')
    ben.wait_for_selector('[data-testid="bison-your-turn"]:visible')
    row = ".bison-turn-row"
    assert soon(ben, lambda: 0 <= ben.locator(row).bounding_box()["y"] < 24)
    assert not on_screen(ben, ".table-head h1")  # the heading is one flick up
    assert on_screen(ben, '[data-testid="bison-buy-hunter"]')
    assert ben.evaluate(LEGAL_IN_VIEW_JS) >= 1
