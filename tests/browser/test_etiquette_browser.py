"""Table etiquette on two phones at 360×640: the undo race (Ann mis-taps, Ben records, Ann
taps Undo: Ann's change goes, Ben's stays, on both phones) and the hidden herd (Ben's
phone never shows Ann's herd), with screenshots of the confirmations (each in en or ja)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from phone_kit import act, back_at_table, create_table, sit


def value(page: Any, testid: str) -> str:
    return page.locator(f'[data-testid="{testid}"]').inner_text().strip()


def ann_and_ben(live_server: str, ann: Any, ben: Any, lang: str) -> str:
    """Ann's phone creates a Lion Square table ("I am Ann"), Ben's takes seat 1: its URL."""
    url = create_table(ann, live_server, "lion-square", lang=lang)
    sit(ben, url, 1, lang)
    return url


@pytest.mark.parametrize("lang", ["ja"])  # one language: test_page_words.py
def test_undo_undoes_this_phones_change_not_the_latest(
    live_server: str, phone: Any, second_phone: Any, shot: Callable[..., Any], lang: str
) -> None:
    ann, ben = phone, second_phone
    url = ann_and_ben(live_server, ann, ben, lang)
    act(ann, '[data-testid="ls-taken-0-up"]')  # Ann's mis-tap
    ben.reload()
    act(ben, '[data-testid="ls-taken-1-up"]')  # Ben records his cards
    ann.reload()
    assert value(ann, "ls-taken-1-value") == "1"

    ann.locator('[data-testid="undo"]').click()  # asks first, naming Ann's change
    ann.wait_for_selector('[data-testid="confirm-undo"]')
    shot(ann, f"etiquette_{lang}_undo_confirm", full_page=False)
    ann.locator('[data-testid="confirm-yes"]').click()
    ann.wait_for_selector('#panel[data-version="3"]')
    assert value(ann, "ls-taken-0-value") == "0"  # Ann's change undone
    assert value(ann, "ls-taken-1-value") == "1"  # Ben's stays
    ben.wait_for_selector('#panel[data-version="3"]')  # Ben's phone catches up by the poll
    assert value(ben, "ls-taken-1-value") == "1"
    assert value(ben, "ls-taken-0-value") == "0"

    ann.goto(f"{url}/history?lang={lang}")
    shot(ann, f"etiquette_{lang}_history")
    assert ann.locator('[data-testid="undo-line-2"]').is_visible()


@pytest.mark.parametrize("lang", ["en"])  # one language: test_page_words.py
def test_ben_never_sees_anns_herd(
    live_server: str, phone: Any, second_phone: Any, shot: Callable[..., Any], lang: str
) -> None:
    ann, ben = phone, second_phone
    ann_and_ben(live_server, ann, ben, lang)
    ann.locator('[data-testid="ls-seat-0"] [data-reveal]').click()
    act(ann, '[data-testid="ls-seat-0"] .secret-block button[aria-label*="Ann"]:has-text("−")')
    assert value(ann, "ls-herd-0") == "19"
    ben.reload()
    ben.wait_for_selector('#panel[data-version="1"]')
    assert ben.locator('[data-testid="ls-herd-0"]').count() == 0
    assert ben.locator('[data-testid="ls-herd-hidden-0"]').is_visible()
    assert "19" not in ben.locator('[data-testid="ls-seat-0"]').inner_text()
    assert not re.search(r">\s*19\s*<", ben.content())  # not even hidden in the markup
    ben.locator('[data-testid="ls-seat-0"]').scroll_into_view_if_needed()
    shot(ben, f"etiquette_{lang}_hidden_herd", full_page=False)
    # Ben sits West: his square is drawn from his side (his name at the bottom edge).
    assert "Ben" in ben.locator(".square-wrap .side-s").inner_text()
    ben.locator('[data-testid="ls-square"]').scroll_into_view_if_needed()
    shot(ben, f"etiquette_{lang}_square_from_west", full_page=False)


@pytest.mark.parametrize("lang", ["ja"])  # one language: test_page_words.py
def test_taking_a_held_seat_asks_first(
    live_server: str, phone: Any, second_phone: Any, shot: Callable[..., Any], lang: str
) -> None:
    ann, other = phone, second_phone
    url = create_table(ann, live_server, "dogs-life", lang=lang)
    other.goto(f"{url}/join?lang={lang}")
    other.locator("details.seats-held summary").click()  # held seats fold away (issue 26)
    other.locator('button[name="seat"][value="0"]').click()
    other.wait_for_selector('[data-testid="confirm-seat"]')
    shot(other, f"etiquette_{lang}_take_over")
    other.locator('[data-testid="confirm-yes"]').click()
    back_at_table(other)
    # Ann's phone is told at its next refresh (the poll reloads the page), untouched.
    ann.wait_for_selector('[data-testid="lost-seat"]', timeout=8_000)
    assert ann.locator("body[data-my-seat]").count() == 0
    shot(ann, f"etiquette_{lang}_seat_lost", full_page=False)


def test_back_on_the_undo_confirmation_returns_to_the_table(live_server: str, phone: Any) -> None:
    """Issue 21: Back on "Undo …?" closes the question and shows the table, instead of
    leaving the table for the invite page; once a question is answered, Back leaves the
    table as before (no step left behind)."""
    url = create_table(phone, live_server, "lion-square")  # came from the invite page
    act(phone, '[data-testid="ls-taken-0-up"]')
    phone.locator('[data-testid="undo"]').click()
    phone.wait_for_selector('[data-testid="confirm-undo"]')
    phone.go_back()
    phone.wait_for_selector('#panel[data-version="1"]')
    assert phone.url == url and phone.locator('[data-testid="confirm-undo"]').count() == 0
    assert value(phone, "ls-taken-0-value") == "1"  # nothing undone

    phone.locator('[data-testid="undo"]').click()  # Cancel is Back too
    phone.wait_for_selector('[data-testid="confirm-undo"]')
    phone.locator('[data-testid="confirm-no"]').click()
    phone.wait_for_selector('#panel[data-version="1"]')
    assert phone.url == url

    phone.locator('[data-testid="undo"]').click()  # answered: the table, one step
    phone.wait_for_selector('[data-testid="confirm-undo"]')
    phone.locator('[data-testid="confirm-yes"]').click()
    phone.wait_for_selector('#panel[data-version="2"]')
    phone.go_back()
    phone.wait_for_url(re.compile(r"/join$"))
