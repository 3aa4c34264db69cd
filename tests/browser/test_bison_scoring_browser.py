"""Bison's scoring and payment at a real table (issue 26), at 360×640 in Japanese:
paying with turkeys is one tap on the placing page, and an over-15 round is resolved in
a few taps on a scoring page a few screens tall, each case one line (B6, B8, B9)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from bison_kit import place, score_round
from phone_kit import create_table
from server_kit import post_json

Shot = Callable[[Any, str], Any]


def api_event(table_url: str, event: dict[str, Any]) -> None:
    """A change made at the table by hand before the test's phone acts (the set-up)."""
    base, table_id = table_url.rstrip("/").split("/t/", 1)
    post_json(f"{base}/api/v1/tables/{table_id}/events", event)


def stock(page: Any, seat: int, animal: str) -> int:
    return int(page.locator(f'[data-testid="bison-stock-{seat}-{animal}-value"]').inner_text())


@pytest.mark.parametrize("lang", ["ja"])  # one language: test_page_words.py
def test_paying_with_turkeys_and_an_over_15_round_in_few_taps(
    live_server: str, new_phone: Callable[[], Any], shot: Shot, lang: str
) -> None:
    page = new_phone()
    table_url = create_table(page, live_server, "bison", lang=lang, seat=None)

    # Ann places B16 with 3 hunters and pays the 4 animals with turkeys: one chip (B6).
    place(
        page,
        "1,-1",
        "B16",
        hunters=3,
        space="prairie",
        paid="0.0.4",
        snap=lambda: shot(page, f"bison_{lang}_paid_with"),
    )
    assert (stock(page, 0, "bison"), stock(page, 0, "turkey")) == (10, 6)
    history = page.goto(table_url + "/history").text()
    assert {"en": "paid turkey ×4", "ja": "七面鳥 ×4", "it": "tacchino ×4"}[lang] in history

    # Ann's salmon at 15 and a hunter on the start rivers: 3 salmon would pass 15 (B8).
    page.goto(table_url)
    api_event(table_url, {"type": "adjust", "seat": 0, "counter": "salmon", "delta": 5})
    api_event(
        table_url,
        {
            "type": "correct",
            "spaces": [{"at": [0, 0], "space": "river", "seat": 0, "hunters": 1, "structure": 0}],
        },
    )
    page.goto(table_url + "/bison/score")
    case = page.locator('[data-overflow^="0-"]')
    assert case.count() == 1 and case.locator("summary").is_visible()
    # One line, closed: the choices open on demand.
    assert not case.locator('input[type="radio"]').first.is_visible()
    shot(page, f"bison_{lang}_score_over_15")
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height <= 5 * 640, f"the scoring page is {height}px tall"

    # The proposal (3 salmon → 1 turkey: the smallest stock grows) taken as it is.
    taps = score_round(page, table_url, override=True)
    assert taps <= 3
    assert (stock(page, 0, "salmon"), stock(page, 0, "turkey")) == (15, 7)
