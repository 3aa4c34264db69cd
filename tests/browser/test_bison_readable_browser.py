"""Issue 26, item 3: a board one can read on a 360×640 phone, zoomed and turned per phone.

Two phones (Ann at seat 0, Ben at seat 1, across the table) in English:
- at the default zoom every mark on the board (hunter badges, tents, animals) is at least
  14 px and every digit and tile id at least 14 px, measured as rendered;
- Ben sees the board from his side (turned 180°) without asking; on the place page he taps
  the turned picture that shows the prairie at his far side, and the tile lies so on his
  board, and on Ann's at her near side (the turn maps back to the board's rotation);
- the zoom buttons: "Whole board" fits the phone's width, "Readable" pans; a phone without
  JavaScript zooms and turns with the same buttons (plain form posts).
Screenshots of the first screen at 360×640 are kept. And at four
seats, Ben at Ann's left sees the board turned 270° (flat-topped hexes) and places a tile
as he sees it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from bison_kit import (
    TWO,
    angle_apart,
    build,
    measure,
    place_as_seen,
    place_tile,
    set_view,
    tile_prairie_direction,
    zoom_to,
)
from phone_kit import back_at_table, create_table, sit

MIN_PX = 14.0


def assert_readable(page: Any, selector: str = ".bison-top svg.bison-svg") -> dict[str, Any]:
    shown = measure(page, selector)
    kinds = {m["mark"] for m in shown["marks"]}
    assert {"hunters", "animal", "tent"} <= kinds, kinds
    small = [m for m in shown["marks"] if m["size"] < MIN_PX]
    assert not small, f"marks under {MIN_PX} px: {small[:5]}"
    tiny = [d for d in shown["digits"] if d["size"] < MIN_PX]
    assert not tiny, f"digits under {MIN_PX} px: {tiny[:5]}"
    return shown


@pytest.mark.parametrize("lang", ["en"])  # one language: test_page_words.py
def test_a_readable_board_zoomed_and_turned_per_phone(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any], lang: str
) -> None:
    ann = new_phone()
    table_url = create_table(ann, live_server, "bison", lang=lang, players=TWO)
    ben = new_phone()
    sit(ben, table_url, 1, lang)

    # Each phone sees the board from its seat's side: Ann as printed, Ben turned 180°.
    assert ann.get_attribute(".bison-top svg.bison-svg", "data-view-turn") == "0"
    assert ben.get_attribute(".bison-top svg.bison-svg", "data-view-turn") == "180"
    assert ben.get_attribute('[data-testid="bison-turn-180"]', "aria-pressed") == "true"

    place_tile(ann, "1,-1", "B16", hunters=3)  # 3 bison and 3 hunters on the prairie
    ben.wait_for_selector('.bison-top [data-hex="1,-1"]', timeout=8_000)

    # Ben places B08 as he sees it on the table: the prairie on his far side (the top
    # of his screen). The picture he taps is the rotation recorded.
    ben.locator('[data-legal="-1,1"]').click()
    ben.locator('a[data-pick="B08"]').click()
    ben.wait_for_selector("[data-turn]")
    ben.locator("[data-turn]").first.scroll_into_view_if_needed()
    shot(ben, f"bison_readable_{lang}_1_turned_pictures", full_page=False)
    ben.go_back()
    ben.go_back()
    back_at_table(ben)
    place_as_seen(ben, "-1,1", "B08", prairie_at=270)
    # On Ben's board the prairie is where he saw it; on Ann's, at her side (turned 180°).
    assert angle_apart(tile_prairie_direction(ben, "-1,1"), 270) <= 30
    ann.wait_for_selector('.bison-top [data-hex="-1,1"]', timeout=8_000)
    assert angle_apart(tile_prairie_direction(ann, "-1,1"), 90) <= 30

    build(ann, "1,-1", "prairie", 2)  # a tent of size 2 from 2 of the 3 hunters
    ben.wait_for_selector('.bison-top [data-mark="tent"]', timeout=8_000)
    ann.wait_for_selector('.bison-top [data-mark="tent"]')

    # Readable at the default zoom on both phones, turned or not.
    shown = assert_readable(ann)
    assert shown["width"] > shown["frame"]  # wider than the phone: it pans
    assert_readable(ben)
    shot(ann, f"bison_readable_{lang}_2_board", full_page=False)
    shot(ben, f"bison_readable_{lang}_3_board_turned", full_page=False)
    # The zoomed tile (Ben's, turned) is readable too.
    zoom_to(ben, "1,-1")
    assert ben.get_attribute("svg.bison-svg", "data-view-turn") == "180"
    assert_readable(ben, "svg.bison-svg")
    while not ben.locator("#panel").count():  # back (past a space's page) to the table
        ben.go_back()
    back_at_table(ben)

    # Zoom: the whole board in the phone's width, then readable again (htmx, no reload).
    set_view(ann, "bison-zoom-1")
    whole = measure(ann)
    assert whole["width"] <= whole["frame"] + 1
    shot(ann, f"bison_readable_{lang}_4_whole_board", full_page=False)
    set_view(ann, "bison-zoom-2")
    assert_readable(ann)
    # Ben sees it as Ann does, and back from his side.
    set_view(ben, "bison-turn-0")
    assert ben.get_attribute(".bison-top svg.bison-svg", "data-view-turn") == "0"
    assert angle_apart(tile_prairie_direction(ben, "-1,1"), 90) <= 30
    set_view(ben, "bison-turn-180")

    # Without JavaScript the same buttons are plain forms: a watcher's phone zooms and turns.
    watcher = new_phone(java_script_enabled=False)
    watcher.goto(table_url + f"?lang={lang}")
    watcher.locator('[data-testid="bison-zoom-3"]').click()
    back_at_table(watcher)
    assert watcher.get_attribute('[data-testid="bison-zoom-3"]', "aria-pressed") == "true"
    assert "zoom-3" in (watcher.get_attribute('[data-testid="bison-board"]', "class") or "")
    watcher.locator('[data-testid="bison-turn-180"]').click()
    back_at_table(watcher)
    assert watcher.get_attribute(".bison-top svg.bison-svg", "data-view-turn") == "180"


def test_a_seat_at_the_side_of_the_table_places_a_tile_as_it_sees_it(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any]
) -> None:
    """Four seats: Ben (seat 1) sits at Ann's left and sees the board turned 270° (the
    hexes flat-topped); the picture he taps lies on Ann's board turned back by 270°."""
    four = (("Ann", "red"), ("Ben", "blue"), ("Cho", "green"), ("Dan", "yellow"))
    ann = new_phone()
    table_url = create_table(ann, live_server, "bison", players=four)
    ben = new_phone()
    ben.goto(table_url + "/join")
    ben.locator('button[name="seat"][value="1"]').click()
    back_at_table(ben)
    assert ben.get_attribute(".bison-top svg.bison-svg", "data-view-turn") == "270"
    place_tile(ann, "1,-1", "B16")
    ben.wait_for_selector('[data-testid="bison-your-turn"]', state="visible", timeout=8_000)
    place_as_seen(ben, "-1,1", "B08", prairie_at=270)  # his far side: Ann's right
    assert angle_apart(tile_prairie_direction(ben, "-1,1"), 270) <= 30
    shot(ben, "bison_readable_en_5_board_seen_from_the_left", full_page=False)
    ann.wait_for_selector('.bison-top [data-hex="-1,1"]', timeout=8_000)
    assert angle_apart(tile_prairie_direction(ann, "-1,1"), 0) <= 30
