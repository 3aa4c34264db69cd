"""A phone records its own tile and its own buys out of turn order (issue 32: a photo
round records on its player's own phone what the photo cannot read — a retail tile, a
buy), on two phones at 360×640: Ben's phone lays his tile or buys a hunter while the
table is at Ann's turn, the page saying whose turn it is; Ann's phone sees it arrive
live and still says "Your turn"."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bison_kit import LIVE_MS, ON_SCREEN_JS, SPACES, place_tile, two_player_table
from phone_kit import back_at_table, sit, small_targets, version

ANN, BEN = 0, 1


def test_bens_phone_lays_bens_tile_while_it_is_anns_turn(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any]
) -> None:
    ann, url = two_player_table(new_phone, live_server, seat=ANN)
    ben = new_phone(device_scale_factor=1)
    sit(ben, url, BEN, "en")
    turn = ann.locator('[data-testid="bison-your-turn"]')
    assert turn.get_attribute("data-turn-seat") == str(ANN) and turn.is_visible()
    at = ben.locator("[data-legal]").first.get_attribute("data-legal")
    tile = "B05"
    ben.locator(f'[data-legal="{at}"]').click()
    ben.locator(f'a[data-pick="{tile}"]').click()
    said = ben.locator('[data-testid="bison-place-out-of-turn"]')
    assert "Ann" in said.inner_text()  # whose turn the table is at
    ben.locator("h2", has_text="Ben places it").wait_for()
    shot(ben, "bison_own_tile_en", full_page=False)
    ben.go_back()
    ben.go_back()
    place_tile(ben, at, tile, hunters=2, turn=0)
    # Ann's phone: Ben's tile and his 2 hunters, live; still Ann's turn, her first action.
    hunters = ann.locator(f'[data-mark="hunters"][data-at="{at}"][data-space="{SPACES[0]}"]')
    hunters.wait_for(timeout=LIVE_MS)
    assert hunters.get_attribute("data-count") == "2"
    assert hunters.get_attribute("data-player") == "blue"  # Ben's colour, not Ann's red
    assert ben.locator(f'[data-mark="hunters"][data-at="{at}"]').get_attribute("data-count")
    turn = ann.locator('[data-testid="bison-your-turn"]')
    assert turn.get_attribute("data-turn-seat") == str(ANN) and turn.is_visible()
    assert "action 1 of 4" in turn.inner_text()


def test_the_tables_phone_lays_the_tile_of_the_seat_it_taps(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any]
) -> None:
    """The table's phone (no seat) lays Ben's tile while it is Ann's turn: "Whose tile:"
    Ben (one tap, 44 px), then the turned picture; the board says Ben's."""
    table, _url = two_player_table(new_phone, live_server, seat=None)
    at = table.locator("[data-legal]").first.get_attribute("data-legal")
    table.locator(f'[data-legal="{at}"]').click()
    table.locator('a[data-pick="B05"]').click()
    # Ann's (the seat in turn's) six turned pictures stay on the first screen (issue 34):
    # "Whose tile" stands below them.
    last = table.locator('[data-turn="5"]').bounding_box()
    assert last is not None and last["y"] + last["height"] <= 640
    chip = table.locator(f'[data-place-seat="{BEN}"]')
    box = chip.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    chip.click()
    table.locator("h2", has_text="Ben places it").wait_for()
    assert table.locator(f'[data-place-seat="{BEN}"][aria-current="true"]').count() == 1
    assert not small_targets(table)
    shot(table, "bison_tables_phone_whose_tile_en", full_page=False)
    table.locator('button[data-turn-space="0,prairie"]').click()
    back_at_table(table)
    hunters = table.locator(f'[data-mark="hunters"][data-at="{at}"][data-space="prairie"]')
    assert hunters.get_attribute("data-count") == "1"
    turn = table.locator('[data-testid="bison-your-turn"]')
    assert turn.get_attribute("data-turn-seat") == str(ANN)  # still Ann's first action
    assert hunters.get_attribute("data-player") == "blue"  # Ben's colour


def test_bens_phone_buys_a_hunter_in_one_tap_while_it_is_anns_turn(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any]
) -> None:
    """B7 (a photo round's buys, a buy after one's action): Ben's own "Buy a hunter"
    beside the turn line on his first screen, one tap; Ann's phone shows only hers."""
    ann, url = two_player_table(new_phone, live_server, seat=ANN)
    ben = new_phone(device_scale_factor=1)
    sit(ben, url, BEN, "en")
    own = ben.locator('[data-testid="bison-buy-own"][data-buy-seat="1"]')
    assert own.is_visible() and not own.evaluate(ON_SCREEN_JS)  # no scroll: first screen
    box = own.bounding_box()
    assert box is not None and box["height"] >= 44
    assert not ann.locator('[data-testid="bison-buy-own"]').first.is_visible()
    assert not ben.locator('[data-testid="bison-buy-hunter"]').is_visible()  # Ann's, hers
    shot(ben, "bison_own_buy_en", full_page=False)
    before = version(ben)
    own.click()
    ben.wait_for_selector(f'#panel[data-version="{before + 1}"]')
    ann.wait_for_selector(f'#panel[data-version="{before + 1}"]', timeout=LIVE_MS)
    seat = ann.locator(f'article.seat[data-seat="{BEN}"]')
    assert "Hunters: 5 in supply" in seat.inner_text()  # Ben's, seen on Ann's phone
    turn = ann.locator('[data-testid="bison-your-turn"]')
    assert turn.get_attribute("data-turn-seat") == str(ANN) and turn.is_visible()


def test_bens_phone_gains_an_animal_without_hunters_while_it_is_anns_turn(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any]
) -> None:
    """B6b (a photo round: no photo shows an animal gained without hunters): Ben's own
    "+1 salmon" on his first screen, one tap, out of turn; Ann's phone sees his salmon
    arrive live, shows no such row, and it is still her turn."""
    ann, url = two_player_table(new_phone, live_server, seat=ANN)
    ben = new_phone(device_scale_factor=1)
    sit(ben, url, BEN, "en")
    salmon = ben.locator(
        '[data-testid="bison-gain-own"][data-turn-seat="1"] [data-gain-own="salmon"]'
    )
    assert salmon.is_visible() and not salmon.evaluate(ON_SCREEN_JS)  # first screen
    box = salmon.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    assert not ann.locator('[data-testid="bison-gain-own"]').first.is_visible()
    shot(ben, "bison_own_gain_en", full_page=False)
    value = f'[data-testid="bison-stock-{BEN}-salmon-value"]'
    before = int(ann.locator(value).inner_text())
    version_before = version(ben)
    salmon.click()
    ben.wait_for_selector(f'#panel[data-version="{version_before + 1}"]')
    ann.wait_for_selector(f'#panel[data-version="{version_before + 1}"]', timeout=LIVE_MS)
    assert int(ann.locator(value).inner_text()) == before + 1
    turn = ann.locator('[data-testid="bison-your-turn"]')
    assert turn.get_attribute("data-turn-seat") == str(ANN) and turn.is_visible()
    assert "action 1 of 4" in turn.inner_text()


def test_the_photo_is_sent_after_gains_tapped_on_both_phones(
    live_server: str, new_phone: Callable[..., Any]
) -> None:
    """B6b at the table: Ann taps her "+1" (her panel swapped by her own tap), Ben his on
    his turn (Ann's panel swapped by a live update), then Ann takes the photo without
    reloading: it is sent as taken and its proposal comes (the camera's listener used to
    stay on the form drawn first, and the photo went nowhere: bench/reach.py)."""
    from bison_photos import READ_MS, placed

    ann, url = two_player_table(new_phone, live_server, seat=ANN)
    ben = new_phone(device_scale_factor=1)
    sit(ben, url, BEN, "en")
    start = version(ann)
    ann.locator('[data-testid="bison-nohunters"] [data-gain-default] button[value="bison"]').click()
    ann.wait_for_selector(f'#panel[data-version="{start + 1}"]')
    # Ann's action done, it is Ben's turn: his phone, once updated, shows the turn's row
    # (clicking his out-of-turn row raced that live swap, which removes it).
    ben.wait_for_selector(f'#panel[data-version="{start + 1}"]', timeout=LIVE_MS)
    ben.locator(
        '[data-testid="bison-nohunters"] [data-gain-default] button[value="salmon"]'
    ).click()
    ann.wait_for_selector(f'#panel[data-version="{start + 2}"]', timeout=LIVE_MS)
    ann.set_input_files(
        '[data-testid="bison-photo-file"]',
        files=[{"name": "board.jpg", "mimeType": "image/jpeg", "buffer": placed("red")}],
    )
    ann.wait_for_selector('[data-testid="bison-photo-line"]', timeout=READ_MS)
    assert "B08" in ann.locator('[data-testid="bison-photo-line"]').first.inner_text()
