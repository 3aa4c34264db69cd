"""Bison's pages in Italian on a phone at 360×640 (issue 26, item 7): no label is broken
inside a word ("dimensio ne"), and the words a player reads carry no field names or
coordinates."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from phone_kit import back_at_table, create_table
from word_breaks import broken_words

FOUR = (
    ("Annamaria", "blue"),
    ("Bartolomeo", "red"),
    ("Costanza", "yellow"),
    ("Donatella", "green"),
)


@pytest.mark.parametrize("lang", ["it"])
def test_no_word_is_broken_on_bisons_pages(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any], lang: str
) -> None:
    phone = new_phone()
    table_url = create_table(phone, live_server, "bison", lang=lang, players=FOUR, seat=None)
    phone.locator('[data-legal="1,-1"]').click()
    phone.wait_for_url(re.compile(r"/bison/place\?"))
    phone.locator('a[data-pick="B16"]').click()
    phone.wait_for_selector(".tile.preview")
    assert broken_words(phone) == [], "place"
    phone.locator('input[name="hunters"][value="3"]').check()
    phone.locator('button[name="mode"][value="action"]').click()
    back_at_table(phone)
    bison = table_url + "/bison"
    pages = {
        "table": table_url,
        "tile": f"{bison}/tile?at=1,-1",
        "space": f"{bison}/space?at=1,-1&space=prairie",
        "move": f"{bison}/move?from=1,-1,prairie&action=move_3",
        "market": f"{bison}/market",
        "action": f"{bison}/action",
        "tent": f"{bison}/action?action=tent&hunters=2",
        "whatif": f"{bison}/whatif",
        "score": f"{bison}/score",
        "join": f"{table_url}/join",
        "new": f"{live_server}/new?game=bison",
    }
    broken = {}
    for name, url in pages.items():
        phone.goto(url)
        phone.wait_for_load_state()
        found = broken_words(phone)
        if found:
            broken[name] = found
            shot(phone, f"bison_words_{lang}_{name}")
    assert broken == {}
