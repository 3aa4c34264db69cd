"""Bison at a real table: a whole 4-player game on four phones (en, ja, it, en), no reloads.

Issue 26's "done when": four phones at 360×640, each in its own language and left open on
the table page the whole game, play 4 rounds through the pages (tiles with random spaces
and hunters, a retail tile, tents, canoes, both moves, gathers, actions without hunters,
an over-15 round (B8), every round scored, the final scoring); the other phones' changes
arrive by the live refresh, and every page a phone loads is the result of a tap (no
reload). After each round the board each phone draws matches the folded state.

The whole game plays the full plan (``BisonTable``'s ``RETAIL``: a retail tile of each
split, 1/1/1, 2/1/0, 0/0/3, 1/0/2, B1; ``BUYS``: market buys by the panel's one-tap htmx
button, each after live refreshes). The flows issue 26 fixed have tests of their own too,
each on a fresh table: the buy after a live refresh (item 2), a 2/1/0 retail tile (item 1),
a split move in one action and paying with turkeys (item 5).

The steps are tests/browser/bison_kit.py (shared with bench/bison_taps.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from bison_kit import BisonTable, sel, serve

LANGS = ("en", "ja", "it", "en")
#: A step that waits for a control the page does not have yet fails after this long.
MISSING_MS = 3_000

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


def round_one(table: MakeTable) -> tuple[BisonTable, int]:
    """A fresh table played from round 1, and the seat whose turn it is."""
    from games.bison import fold

    bison = table()
    bison.round = 1
    seat = fold.turn(bison.state()).seat
    assert seat is not None
    return bison, seat


def fail_fast(bison: BisonTable) -> None:
    """From now on, a step waiting for a control the page does not have fails soon."""
    for page in bison.phones:
        page.set_default_timeout(MISSING_MS)


def test_buy_after_live_refresh(table: MakeTable) -> None:
    bison = table()
    bison.play_until(seat=0, action=2)  # the others' changes arrived live since it loaded
    before = bison.state().supplies[0].hunters_supply
    bison.attempt(0, "market", lambda: bison.buy(0))  # strict: a dead end fails here
    assert bison.state().supplies[0].hunters_supply == before + 1
    assert bison.uncounted() == 0


def test_retail_tile_two_one_none(table: MakeTable) -> None:
    bison, seat = round_one(table)
    fail_fast(bison)
    tiles = set(bison.state().board.tiles)
    bison.attempt(seat, "place (retail 2/1/0)", lambda: bison.place(seat, (2, 1, 0)))
    (at,) = set(bison.state().board.tiles) - tiles
    tile = bison.state().board.tiles[at].tile
    animals = [tile.animals_on(space) for space in ("prairie", "river", "mountain")]
    assert animals == [2, 1, 0]  # B1: 3 animals, as the player described them
    assert bison.uncounted() == 0


def test_split_move_in_one_action(table: MakeTable) -> None:
    from games.bison import fold

    bison, seat = round_one(table)
    bison.attempt(seat, "place", lambda: bison.place(seat, None, hunters=3))
    bison.play_until(seat=seat, action=2)
    state = bison.state()
    colour = state.colours[seat]
    (space,) = [s for s, p in state.board.pieces.items() if p.player == colour and p.hunters]
    goals = sorted(fold.destinations(state, seat, space, "move_3"))[:2]
    assert len(goals) == 2
    fail_fast(bison)
    version = bison.table().version
    bison.attempt(
        seat,
        "move_3",
        lambda: bison.split_move(seat, "move_3", space, [(goals[0], 1), (goals[1], 1)]),
    )
    pieces = bison.state().board.pieces
    assert bison.table().version == version + 1  # one action, one event
    assert [pieces[g].hunters for g in goals] == [1, 1]
    assert pieces[space].hunters == 1


def test_pay_with_turkeys(table: MakeTable) -> None:
    bison, seat = round_one(table)
    fail_fast(bison)
    before = bison.state().stocks[seat]
    bison.attempt(seat, "place", lambda: bison.place(seat, None, hunters=2, paid="turkey"))
    after = bison.state().stocks[seat]
    # B6: 2 hunters cost 2 animals, paid as the player chose.
    assert (after.get("bison"), after.get("salmon"), after.get("turkey")) == (
        before.get("bison"),
        before.get("salmon"),
        before.get("turkey") - 2,
    )


def test_turned_picture_tapped_on_a_space(table: MakeTable) -> None:
    """One tap places the tile and says where the hunters go: the turned picture, tapped on
    its river, records the rotation and the river (no space chip tapped first, B6)."""
    from games.bison import fold
    from games.bison.taps import tiles_in_bag

    bison = table()
    state = bison.state()
    seat = fold.turn(state).seat
    assert seat is not None
    at = sorted(fold.legal_hexes(state))[0]
    page = bison.phones[seat]
    page.set_default_timeout(MISSING_MS)
    page.locator(sel("legal", at=f"{at[0]},{at[1]}")).click()
    page.locator(sel("pick", tile=tiles_in_bag(state.board)[0])).click()
    page.locator(sel("turn_space", n=2, space="river")).click()
    page.wait_for_selector("#panel")
    after = bison.state()
    assert after.board.tiles[at].rotation == 2
    piece = after.board.pieces[(at, "river")]
    assert (piece.player, piece.hunters) == (after.colours[seat], 1)
    assert not after.board.pieces.get((at, "prairie"))
