"""Taps that survive a bad network (issue 35), on phones at 360×640: three taps of Lion
Square's "Cards taken +" made offline add 3 (each is a delta), the banner counts them,
they wait in the phone's storage through a closed tab, and a change another phone made
meanwhile to something else does not stop them. No timing is asserted."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from phone_kit import act, create_table, live_companion

HOUR_MS = 3_600_000
TAKEN_UP = '[data-testid="ls-taken-0-up"]'
PENDING = "[data-offline-pending]"


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_companion(tmp_path_factory.mktemp("offline"), POLL_MS=HOUR_MS) as url:
        yield url


def tap_offline(page: Any, times: int) -> None:
    """Take ``page``'s phone off the network and tap Ann's "Cards taken +" ``times``."""
    page.context.set_offline(True)
    for count in range(1, times + 1):
        page.locator(TAKEN_UP).first.click()
        page.wait_for_selector(f'{PENDING}[data-count="{count}"]', state="visible")


@pytest.mark.parametrize("lang", ["ja"])  # one language: test_page_words.py
def test_three_taps_offline_add_three_through_a_closed_tab(
    base: str, new_phone: Any, second_phone: Any, shot: Any, lang: str
) -> None:
    """A shared table phone (no seat) taps three times offline; the banner says "3 taps
    not saved yet"; the tab is closed; meanwhile another phone adds a card to Ben. Back
    online, the table opened again sends the three in order: Ann has 3, Ben 1."""
    a = new_phone()
    url = create_table(a, base, "lion-square", lang=lang, seat=None)
    b = second_phone
    b.goto(url)
    tap_offline(a, 3)
    banner = a.inner_text(PENDING)
    assert ("3 taps not saved yet" if lang == "en" else "タップが3件") in banner
    shot(a, f"offline_taps_{lang}_1_three_waiting", full_page=False)
    act(b, '[data-testid="ls-taken-1-up"]')  # another thing changed meanwhile
    context = a.context
    a.close()  # the tab is closed with the taps still on the phone
    context.set_offline(False)
    again = context.new_page()
    again.goto(url)  # the taps kept in localStorage are sent, in order
    again.wait_for_selector('#panel[data-version="4"]')
    assert again.inner_text('[data-testid="ls-taken-0-value"]') == "3"
    assert again.inner_text('[data-testid="ls-taken-1-value"]') == "1"
    again.wait_for_selector("[data-offline]", state="hidden")
    b.wait_for_selector('#panel[data-version="4"]')  # the other phone sees them too
    assert b.inner_text('[data-testid="ls-taken-0-value"]') == "3"


def test_taps_on_a_counter_another_phone_changed_are_refused_naming_it(
    base: str, phone: Any, second_phone: Any
) -> None:
    """Ann's phone taps twice offline; another phone changes Ann's cards taken meanwhile:
    both taps are refused with the sentence naming Ann's cards taken (Italian)."""
    a, b = phone, second_phone
    url = create_table(a, base, "lion-square", lang="it")
    b.goto(url)
    tap_offline(a, 2)
    act(b, TAKEN_UP)
    a.context.set_offline(False)
    a.wait_for_selector('#panel[data-version="1"] [role="alert"]')
    assert "carte prese di Ann" in a.inner_text('#panel [role="alert"]')
    a.wait_for_selector("[data-offline]", state="hidden")
    assert a.inner_text('[data-testid="ls-taken-0-value"]') == "1"
