"""Every kind of Bison control keeps working after live refreshes (issue 26, item 2).

Two phones at 360×640: the table's shared phone (seated as nobody, acting for whoever's
turn it is) and Ben's. Before each tap on the shared phone, Ben corrects his own stock, so
the shared phone's panel is replaced by the poll (a live refresh, no reload); then the
shared phone taps one kind of control: the one-tap buy, a tile, a move, an action without
hunters, a gather, a build, a correction, an undo, the round's scoring. Each works; the
panel controls work without the page ever reloading. (Before the fix, a refreshed panel's
plain forms had lost their CSRF token: the buy answered "This form has expired".) A
refused panel change shows its sentence beside the control tapped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from bison_kit import (
    describe_retail,
    gain,
    kept,
    live_refresh,
    move_from_panel,
    place_tile,
    score_round,
    still_kept,
    tap_in_panel,
    two_player_table,
    undo_last,
)
from phone_kit import back_at_table, sit


@pytest.mark.parametrize("lang", ["it"])  # one language: test_page_words.py
def test_every_kind_of_control_works_after_live_refreshes(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any], lang: str
) -> None:
    table, url = two_player_table(new_phone, live_server, lang=lang, seat=None)
    ben = new_phone(device_scale_factor=1)
    sit(ben, url, 1, lang)
    flips = iter(range(100))

    def refresh() -> None:  # Ben's bison up, then down: a change on the other phone
        live_refresh(table, ben, 1, up=next(flips) % 2 == 0)

    ann_card = table.locator('article[data-seat="0"]')
    refresh()
    kept(table)
    refresh()  # any number of live refreshes
    still_kept(table)
    tap_in_panel(table, '[data-testid="bison-buy-hunter"]')  # Ann buys a hunter (B7)
    assert "5" in ann_card.locator("p.small").first.inner_text()
    refresh()
    place_tile(table, "1,-1", "B16", 3)  # Ann: her tile, 3 hunters on its prairie
    refresh()
    place_tile(table, "-1,1", "B07", 3)  # Ben
    refresh()
    move_from_panel(table, "1,-1,prairie", 1)  # Ann moves one hunter
    refresh()
    gain(table, "move_3", "salmon")  # Ben: an action without hunters
    refresh()
    tap_in_panel(table, '[data-quick="1,-1,prairie"] button[data-gather-here]')  # Ann gathers
    refresh()
    tap_in_panel(table, '#panel button[data-build="-1,1,prairie"][data-size="1"]')  # Ben
    refresh()
    tap_in_panel(table, '#panel button[data-build="1,-1,prairie"][data-size="1"]')  # Ann
    refresh()
    gain(table, "move_1", "turkey")  # Ben's fourth action: the round is complete
    refresh()
    tap_in_panel(table, '[data-testid="bison-stock-0-bison-up"]')  # a correction
    refresh()
    undo_last(table)
    refresh()
    score_round(table)
    round_line = table.locator(".bison-round strong").first.inner_text()
    assert re.findall(r"\d+", round_line)[0] == "2", round_line  # the next round began

    # A refusal after a live refresh: the sentence sits beside the button tapped. The
    # player to act cannot pay for a hunter with no turkeys left (B7).
    seat = table.get_attribute('[data-testid="bison-turn"]', "data-turn-seat")
    turkeys = table.locator(f'[data-testid="bison-stock-{seat}-turkey-value"]')
    while turkeys.inner_text() != "0":
        tap_in_panel(table, f'[data-testid="bison-stock-{seat}-turkey-down"]')
    refresh()
    kept(table)
    before = table.get_attribute("#panel", "data-version")
    table.locator('[data-testid="bison-buy-hunter"]').click()
    beside = table.locator("[data-beside]")
    beside.wait_for()
    assert table.get_attribute("#panel", "data-version") == before  # nothing changed
    buy = table.locator('[data-testid="bison-buy-hunter"]')
    assert buy.evaluate("b => b.form.nextElementSibling.hasAttribute('data-beside')")
    assert beside.is_visible() and beside.bounding_box()["y"] < 640
    still_kept(table)
    shot(table, f"bison_flows_{lang}_refusal_beside_the_buy", full_page=False)


def test_a_retail_tile_of_2_1_0_and_a_refusal_beside_the_button_on_the_tile_page(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any]
) -> None:
    """B1: a retail tile with 2 bison and 1 salmon is described by taps, one of them the
    picture of its split. A refused placement (more hunters than Ann has) shows its
    sentence beside the button tapped, in view, with the description kept."""
    ann, _ = two_player_table(new_phone, live_server, lang="en")
    describe_retail(ann, "1,-1", (0, 3), 1, "2-1-0")
    shot(ann, "bison_flows_en_retail_2_1_0")
    ann.locator('input[name="hunters"][value="5"]').check()  # Ann has 4 hunters
    ann.locator('[data-testid="bison-confirm"]').click()
    ann.wait_for_load_state()
    beside = ann.locator("[data-beside]")
    beside.wait_for()
    confirm = ann.locator('[data-testid="bison-confirm"]')
    assert confirm.evaluate("b => b.nextElementSibling.hasAttribute('data-beside')")
    box = beside.bounding_box()
    assert box is not None and 0 <= box["y"] < 640  # in view, not at the top of the page
    assert ann.locator('a[data-split="2-1-0"][aria-current="true"]').count() == 1
    shot(ann, "bison_flows_en_refusal_beside_the_confirm", full_page=False)
    ann.locator('input[name="hunters"][value="1"]').check()
    ann.locator('[data-testid="bison-confirm"]').click()
    back_at_table(ann)
    salmon = ann.locator('[data-hex="1,-1"] [data-mark="animal"][data-space="river"]')
    bison = ann.locator('[data-hex="1,-1"] [data-mark="animal"][data-space="prairie"]')
    assert (bison.count(), salmon.count()) == (2, 1)


def test_an_expired_form_is_said_beside_the_control_and_leads_back_to_the_table(
    live_server: str, new_phone: Callable[..., Any]
) -> None:
    """A phone whose session no longer matches its page (a server's new secret key): the
    panel's tap says so beside the control, not silently or at the top; a plain form's
    400 page leads back to the table, not home."""
    ann, url = two_player_table(new_phone, live_server, lang="en")
    ann.evaluate("document.querySelector('meta[name=csrf-token]').content = 'stale'")
    kept(ann)
    before = ann.get_attribute("#panel", "data-version")
    ann.locator('[data-testid="bison-buy-hunter"]').click()
    beside = ann.locator("[data-beside]")
    beside.wait_for()
    assert "This form has expired" in beside.inner_text()
    buy = ann.locator('[data-testid="bison-buy-hunter"]')
    assert buy.evaluate("b => b.form.nextElementSibling.hasAttribute('data-beside')")
    assert ann.get_attribute("#panel", "data-version") == before
    still_kept(ann)
    # Without JavaScript's header: a plain post with a stale token, then back to the table.
    ann.goto(f"{url}/bison/market")
    ann.evaluate("document.querySelectorAll('input[name=csrf_token]').forEach(i => i.value = 'x')")
    ann.evaluate("document.querySelector('meta[name=csrf-token]').remove()")
    ann.locator("button[data-buy='hunter']").click()
    ann.wait_for_selector('[data-testid="back-to-table"]')
    ann.locator('[data-testid="back-to-table"]').click()
    back_at_table(ann)
