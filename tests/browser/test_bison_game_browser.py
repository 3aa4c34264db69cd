"""Bison at a real table: a whole 4-player game on four phones (en, ja, it, en), no reloads.

Issue 26's "done when": four phones at 360×640, each in its own language and left open on
the table page the whole game, play 4 rounds through the pages (tiles with random spaces
and hunters, a retail tile, tents, canoes, both moves, gathers, actions without hunters,
an over-15 round (B8), every round scored, the final scoring); the other phones' changes
arrive by the live refresh, and every page a phone loads is the result of a tap (no
reload). After each round the board each phone draws matches the folded state.

The whole game plays the full plan (``BisonTable``'s ``RETAIL``: a retail tile of each
split, 1/1/1, 2/1/0, 0/0/3, 1/0/2, B1; ``BUYS``: market buys by the panel's one-tap htmx
button, each after live refreshes). The flows issue 26 fixed are tested one by one on two
phones, each in a module of its own (a fresh four-phone table for each cost ~10 s and
proved nothing more): the buy after a live refresh (item 2) and a 2/1/0 retail tile (item
1) in test_bison_flows_browser.py, a split move in one action in
test_bison_split_move_browser.py, paying with turkeys (item 5, B6) in
test_bison_scoring_browser.py, the turned picture tapped on a space in
test_bison_taps_browser.py (the rotation it records: test_bison_readable_browser.py).

The steps are tests/browser/bison_kit.py (shared with bench/bison_taps.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from bison_kit import BisonTable, serve

LANGS = ("en", "ja", "it", "en")

MakeTable = Callable[..., BisonTable]


@pytest.fixture
def table(tmp_path: Path, new_phone: Callable[..., Any]) -> Iterator[MakeTable]:
    """``table(**plan)``: a 4-player Bison table, created and joined on four phones in
    ``LANGS``, played by a strict ``BisonTable`` (a dead end fails the test)."""
    with serve(tmp_path) as (base, reader):

        def make(**plan: Any) -> BisonTable:
            bison = BisonTable(reader, base, strict=True, **plan)
            bison.setup(new_phone, LANGS)
            return bison

        yield make


def test_whole_game_on_four_phones(table: MakeTable, shot: Callable[..., Any]) -> None:
    bison = table()  # every retail split and the market buys (RETAIL, BUYS)
    for seat, lang in enumerate(LANGS):
        assert bison.phones[seat].get_attribute("html", "lang") == lang

    result = bison.play()

    assert (result["tiles"], result["final"]) == (16, True)
    assert result["overflows"] >= 1  # the over-15 round's scoring showed an overflow (B8)
    kinds = {k.split(" (")[0] for k in bison.actions}
    assert kinds >= {"place", "tent", "canoe", "move_1", "move_3", "gather", "no hunters"}
    assert kinds >= {"scoring", "market"}
    assert set(bison.splits) == {"1/1/1", "2/1/0", "0/0/3", "1/0/2"}  # B1, by split pictures
    assert not bison.dead_ends
    assert not bison.mismatches, bison.mismatches[0]  # every phone's board, every round
    assert bison.reloads == 0
    assert bison.uncounted() == 0  # no page loaded but by a tap
    assert bison.typed == 0
    for seat, page in enumerate(bison.phones):
        page.wait_for_selector(".banner-win")  # the final result reached every phone live
        page.evaluate("window.scrollTo(0, 0)")
        shot(page, f"bison_game_{seat}_{LANGS[seat]}_final", full_page=False)
