"""The platform in a real browser: two phones at one Lion Square table.

Phone A creates the table and sits as Ann; phone B types the join code and sits as Ben.
A changes a herd and B, which has tapped that herd open, sees the new number within 3 s
(the poll), the tap-to-reveal surviving the swap; A undoes it and B follows; B switches to
Japanese. The harness (live server, Chromium, phones, screenshots) is conftest.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from phone_kit import create_table, undo, version
from playwright.sync_api import expect

POLL_WAIT_MS = 3_000  # a change appears on the other phones within the poll


def highlighted(page: Any) -> list[int]:
    """The seats whose card this phone shows in the "my seat" colour (app.css ``--mine``,
    under ``<body data-my-seat>``): what the player sees, not a class name."""
    return page.evaluate("""() => {
        const probe = document.createElement("div");
        probe.style.backgroundColor = "var(--mine)";  // CSSOM: allowed by the CSP
        document.body.append(probe);
        const mine = getComputedStyle(probe).backgroundColor;
        probe.remove();
        return [...document.querySelectorAll("#panel .seat[data-seat]")]
            .filter(card => getComputedStyle(card).backgroundColor === mine)
            .map(card => Number(card.dataset.seat));
    }""")


def test_two_phones_share_a_table_live(
    live_server: str, phone: Any, second_phone: Any, shot: Callable[..., Any]
) -> None:
    a, b = phone, second_phone
    create_table(a, live_server, "lion-square")  # "I am Ann"
    code = a.locator(".row a strong").inner_text().strip()
    assert re.fullmatch(r"[A-Z0-9]{6}", code)
    shot(a, "platform_en_1_table_a")

    # B joins by typing the code (lower case and with a space: the form forgives both).
    b.goto(f"{live_server}/join")
    b.fill('input[name="code"]', f"{code[:3].lower()} {code[3:]}")
    shot(b, "platform_en_2_join_b")
    b.locator('form button[type="submit"]').click()
    b.wait_for_url(re.compile(r"/t/[^/]+/join$"))  # straight to "Who are you?"
    assert b.url == a.url + "/join"
    b.locator('button[name="seat"][value="1"]').click()  # "I am Ben"
    b.wait_for_selector("#panel")
    assert "Ben" in b.locator("main > p.muted").inner_text()
    # One panel markup for every phone (the server renders it once per change); each
    # phone still shows its own seat.
    assert highlighted(b) == [1]
    assert highlighted(a) == [0]

    # A herd shows only on its own phone, face down until tapped; B gets a card back.
    assert b.locator('[data-testid="ls-herd-hidden-0"]').is_visible()
    assert b.locator('[data-testid="ls-herd-0"]').count() == 0
    own_b = b.locator('[data-testid="ls-seat-1"] .secret')
    assert not own_b.locator(".secret-value").is_visible()
    own_b.locator("[data-reveal]").click()
    assert own_b.locator('[data-testid="ls-herd-1"]').inner_text() == "20"

    # A lowers Ann's herd; B sees the new version within the poll, still without the herd,
    # and its own herd still revealed (app.js puts the reveal back on the swapped panel).
    a.locator('[data-testid="ls-seat-0"] [data-reveal]').click()
    before = version(a)
    a.locator('[data-testid="ls-seat-0"] button[aria-label="Herd of Ann minus one"]').click()
    a.wait_for_selector(f'#panel[data-version="{before + 1}"]')
    assert a.locator('[data-testid="ls-herd-0"]').inner_text() == "19"
    b.wait_for_selector(f'#panel[data-version="{before + 1}"]', timeout=POLL_WAIT_MS)
    assert b.locator('[data-testid="ls-herd-0"]').count() == 0
    expect(b.locator('[data-testid="ls-seat-1"] .secret-value')).to_be_visible()
    assert highlighted(b) == [1]
    assert highlighted(a) == [0]
    shot(b, "platform_en_3_change_seen_on_b")

    # Undo on A (itself an event, named and confirmed first): back to 20.
    undo(a)
    assert a.locator('[data-testid="ls-herd-0"]').inner_text() == "20"
    b.wait_for_selector(f'#panel[data-version="{before + 2}"]', timeout=POLL_WAIT_MS)

    # The history lists both changes in plain words.
    a.goto(a.url + "/history")
    history = a.locator("main").inner_text()
    assert "Ann's herd changed by -1" in history
    shot(a, "platform_en_4_history")

    # B switches to Japanese with the language switcher.
    b.locator('header nav a[lang="ja"]').click()
    b.wait_for_selector('html[lang="ja"]')
    b.wait_for_selector("#panel")
    assert "ラウンド 1 / 3" in b.locator("#panel").inner_text()
    assert "群れ" in b.locator('[data-testid="ls-seat-0"]').inner_text()
    shot(b, "platform_ja_5_table_b")
