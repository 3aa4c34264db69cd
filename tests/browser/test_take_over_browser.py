"""A seat taken over while the phone that held it slept (issue 33, F8), at 360×640: past
the server's 30 s hold its polls were answered "nothing changed" and it never learnt; now
its first poll after waking asks past the shortcut, and the page says whose seat went
where."""

from __future__ import annotations

from typing import Any

import pytest
from phone_kit import back_at_table, create_table


def test_a_phone_waking_long_after_a_take_over_is_told(
    live_server: str, phone: Any, second_phone: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from companion.live import _versions

    monkeypatch.setattr(_versions, "HOLD_OPEN_SECONDS", 0.0)  # the 30 s are over at once
    ann, other = phone, second_phone
    url = create_table(ann, live_server, "dogs-life")
    other.goto(f"{url}/join")
    other.locator("details.seats-held summary").click()
    other.locator('button[name="seat"][value="0"]').click()
    other.locator('[data-testid="confirm-yes"]').click()
    back_at_table(other)
    # A poll after the take-over (fired as the stream fires one: never skipped), answered
    # "nothing changed" by the version map; no fixed wait for a timed one.
    with ann.expect_response(lambda response: "?v=" in response.url) as polled:
        ann.evaluate(
            "document.body.dispatchEvent(new CustomEvent('campfire:poll', {detail: {push: true}}))"
        )
    assert polled.value.status == 204
    assert ann.locator('[data-testid="lost-seat"]').count() == 0
    assert ann.locator("body[data-my-seat]").count() == 1  # it still thinks it is Ann
    ann.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # it wakes up
    ann.wait_for_selector('[data-testid="lost-seat"]', timeout=8_000)
    assert ann.locator("body[data-my-seat]").count() == 0
