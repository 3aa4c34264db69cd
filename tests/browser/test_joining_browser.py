"""Joining on a phone at 360×640 (issue 26, item 6): the table's QR code and its join code
both land on "Who are you?" with every free seat's button on the first screen, in every
game (the largest tables: Bison 4, Age of Hunting 5, A Dog's Life 6) and in en, ja, it."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from phone_kit import back_at_table, create_table

NAMES = ("Ann", "Ben", "Cho", "Dai", "Eva", "Fumi")
GAMES = {
    "bison": ("blue", "red", "yellow", "green"),
    "hunting-age": ("red", "yellow", "green", "blue", "purple"),
    "dogs-life": ("purple", "red", "blue", "green", "orange", "yellow"),
}


def free_seats_on_first_screen(page: Any, seats: int) -> None:
    """ "Who are you?" shows; each free seat's button ends within the first 640 px."""
    assert page.locator('[data-testid="who-are-you"]').is_visible()
    buttons = page.locator('[data-testid="who-are-you"] button.seat:visible')
    assert buttons.count() == seats
    for index in range(seats):
        box = buttons.nth(index).bounding_box()
        assert box is not None and box["y"] + box["height"] <= 640, index


def join_by_qr(page: Any, qr_url: str, seat: int) -> None:
    """A phone scans the table's QR code and taps "I am …" (two steps, no scrolling)."""
    page.goto(qr_url)
    page.locator(f'[data-testid="who-are-you"] button[name="seat"][value="{seat}"]').click()
    back_at_table(page)


@pytest.mark.parametrize(
    ("game", "lang"), [("bison", "ja"), ("hunting-age", "en"), ("dogs-life", "it")]
)
def test_the_qr_code_and_the_join_code_lead_to_who_are_you(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any], game: str, lang: str
) -> None:
    colours = GAMES[game]
    host = new_phone()
    players = tuple(zip(NAMES, colours, strict=False))
    table_url = create_table(host, live_server, game, lang=lang, players=players)
    # The host's Invite page: the QR code (its title is the URL it encodes) and the code.
    host.goto(table_url + "/join")
    qr_url = host.locator("svg.qr title").text_content() or ""
    assert qr_url.endswith("/join")
    code = host.locator(".big-number").inner_text().strip()

    scanner = new_phone()
    scanner.goto(qr_url + f"?lang={lang}")
    free_seats_on_first_screen(scanner, len(colours) - 1)  # the host's seat folds away
    shot(scanner, f"join_{game}_{lang}_1_scanned", full_page=False)

    typer = new_phone()
    typer.goto(f"{live_server}/join?lang={lang}")
    typer.fill('input[name="code"]', code)
    typer.locator('form button[type="submit"]').click()
    typer.wait_for_url(re.compile(r"/t/[^/]+/join$"))
    free_seats_on_first_screen(typer, len(colours) - 1)
    shot(typer, f"join_{game}_{lang}_2_join_code", full_page=False)

    join_by_qr(scanner, qr_url, 1)
    assert scanner.url == table_url
