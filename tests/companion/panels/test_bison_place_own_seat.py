"""A phone places its own seat's tile, whoever's turn the table is at (issue 32, B6).

In a photo round the table plays on the real board and the companion is at the round's
start until the photo: a retail tile (no markers, the photo cannot read it) is recorded
first on its player's own phone. The place page placed it as the tile of the seat whose
turn the companion was at — Yui's hunters on Gen's tile, Gen's tile still due — and the
photo then explained the round around that wrong board."""

from __future__ import annotations

import re
from typing import Any

import pytest
from bison_panel import FOUR, base, retail
from companion_testkit import get, refused, text

from companion.pages.panel import FOR_FIELD
from games.bison import fold

YUI, GEN, BEA = 0, 2, 3
ANIMALS = ("bison", "salmon", "turkey")  # B6: the three stocks


def seated(client: Any, table_id: str, seat: int) -> None:
    assert client.post(f"/t/{table_id}/seat", data={"seat": str(seat)}).status_code == 303


def turned_step(client: Any, table_id: str) -> str:
    """The place page at the step of the turned pictures: a retail tile of shape 2, 2/1/0."""
    picker = client.get(f"{base(table_id)}/place?at=1,-1").get_data(as_text=True)
    shape = re.search(r'<a href="([^"]+)" data-shape="2"', picker).group(1)
    page = client.get(shape.replace("&amp;", "&")).get_data(as_text=True)
    split = re.search(r'<a href="([^"]+)" data-split="2-1-0"', page).group(1)
    return client.get(split.replace("&amp;", "&")).get_data(as_text=True)


def test_a_phone_places_its_own_tile_out_of_turn_order(client, make_table, app):  # B6
    table = make_table("bison", FOUR)
    seated(client, table.id, GEN)
    assert fold.turn(get(app, table.id).state).seat == YUI  # the companion is at Yui's turn
    page = turned_step(client, table.id)
    assert re.search(r'name="seat" value="(\d+)"', page).group(1) == str(GEN)
    assert "Gen places it" in page and "Yui places it" not in page
    said = re.search(r'data-testid="bison-place-out-of-turn">([^<]*)<', page).group(1)
    assert "Yui" in said  # whose turn the table is at, said on the page
    supply = get(app, table.id).state.supplies[GEN].hunters_supply
    before = get(app, table.id).version
    answer = client.post(
        f"{base(table.id)}/place",
        data=retail(
            "1,-1", "PPMMMM", (2, 1, 0), seat=str(GEN), hunters="2", turn="3", space="prairie"
        ),
    )
    assert answer.status_code == 303, text(answer)
    after = get(app, table.id)
    assert after.version == before + 1
    state = after.state
    pieces = state.board.pieces[((1, -1), "prairie")]
    assert pieces.player == "green" and pieces.hunters == 2  # Gen's hunters, not Yui's
    assert state.supplies[GEN].hunters_supply == supply - 2
    paid = [30 - sum(state.stocks[s].get(a) for a in ANIMALS) for s in (YUI, GEN)]
    assert paid == [0, 2]  # Gen paid for 2 hunters (B6), Yui nothing
    assert not state.rounds.tile_due(GEN) and state.rounds.tile_due(YUI)
    assert fold.turn(state).seat == YUI  # the turn order stays where the table is


def test_a_phone_whose_tile_is_down_places_the_tile_of_the_seat_in_turn(client, make_table, app):
    table = make_table("bison", FOUR)
    seated(client, table.id, GEN)
    answer = client.post(
        f"{base(table.id)}/place",
        data=retail(
            "1,-1", "PPMMMM", (2, 1, 0), seat=str(GEN), hunters="1", turn="0", space="prairie"
        ),
    )
    assert answer.status_code == 303, text(answer)
    page = client.get(f"{base(table.id)}/place?at=-1,2&tile=B04").get_data(as_text=True)
    assert re.search(r'name="seat" value="(\d+)"', page).group(1) == str(YUI)
    assert "bison-place-out-of-turn" not in page  # Yui's own turn: nothing to say


def test_the_tables_phone_places_the_tile_of_the_seat_it_chooses(client, make_table, app):
    """A phone without a seat (the table's phone) places the tile of the seat in turn, or
    of the seat it taps among those whose tile is due: one tap, the page again for that
    seat (its hunters, its food), out of turn order."""
    table = make_table("bison", FOUR)
    page = turned_step(client, table.id)
    assert re.search(r'name="seat" value="(\d+)"', page).group(1) == str(YUI)
    assert "bison-place-out-of-turn" not in page
    seats = dict(re.findall(r'<a class="chip[^"]*" href="([^"]+)" data-place-seat="(\d)"', page))
    assert sorted(seats.values()) == ["0", "1", "2", "3"]  # every tile is due
    assert re.search(r'data-place-seat="0" aria-current="true"', page)
    gens = next(url for url, seat in seats.items() if seat == str(GEN))
    page = client.get(gens.replace("&amp;", "&")).get_data(as_text=True)
    assert re.search(r'name="seat" value="(\d+)"', page).group(1) == str(GEN)
    assert "Gen places it" in page and 'data-place-seat="2" aria-current="true"' in page
    assert "Yui" in re.search(r'data-testid="bison-place-out-of-turn">([^<]*)<', page).group(1)
    # the page's other links (another split, the preview turned) keep Gen
    chips = set(re.findall(r'href="([^"]+)" data-place-seat', page))
    others = set(re.findall(r'href="([^"]*/place\?[^"]*edges=[^"]*)"', page)) - chips
    assert len(others) >= 10 and all(url.endswith("seat=2") for url in others)
    answer = client.post(
        f"{base(table.id)}/place",
        data=retail(
            "1,-1", "PPMMMM", (2, 1, 0), seat=str(GEN), hunters="1", turn="3", space="prairie"
        ),
    )
    assert answer.status_code == 303, text(answer)
    state = get(app, table.id).state
    assert state.board.pieces[((1, -1), "prairie")].player == "green"
    assert not state.rounds.tile_due(GEN) and fold.turn(state).seat == YUI
    page = turned_step(client, table.id)  # Gen's tile is down: three seats left to choose
    assert sorted(re.findall(r'data-place-seat="(\d)"', page)) == ["0", "1", "3"]


def test_a_seat_whose_tile_is_down_is_not_chosen_by_the_address(client, make_table, app):
    """A hand-made ``seat`` naming a seat whose tile is down, or none, is the seat in turn."""
    table = make_table("bison", FOUR)
    for asked in ("9", "x", "-1"):
        page = client.get(f"{base(table.id)}/place?at=1,-1&tile=B04&seat={asked}")
        assert page.status_code == 200
        seat = re.search(r'name="seat" value="(\d+)"', page.get_data(as_text=True)).group(1)
        assert seat == str(YUI)


def test_another_seats_tile_out_of_turn_is_refused_and_changes_nothing(client, make_table, app):
    """Only a phone's own seat is placed out of turn: a post for Bea from Gen's phone asks
    first (another seat's things), and made for Bea it is refused in words (B6: not Bea's
    turn), nothing recorded."""
    table = make_table("bison", FOUR)
    seated(client, table.id, GEN)
    before = get(app, table.id).version
    form = retail(
        "1,-1", "PPMMMM", (2, 1, 0), seat=str(BEA), hunters="1", turn="0", space="prairie"
    )
    asked = client.post(f"{base(table.id)}/place", data=form)
    assert asked.status_code == 409 and "Make this change for Bea?" in text(asked)
    refused(client.post(f"{base(table.id)}/place", data={**form, FOR_FIELD: BEA}), "turn")
    assert get(app, table.id).version == before


@pytest.mark.parametrize(
    ("lang", "said"), [("ja", "手番外：いまはYuiの手番です。"), ("it", "Fuori turno: tocca a Yui.")]
)
def test_out_of_turn_is_said_in_japanese_and_italian(client, make_table, lang, said):
    table = make_table("bison", FOUR)
    seated(client, table.id, GEN)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = lang
    page = turned_step(client, table.id)
    assert re.search(r'data-testid="bison-place-out-of-turn">([^<]*)<', page).group(1) == said


def test_every_other_seat_has_its_own_buy_beside_the_turn_line(client, make_table, app):  # B7
    """The panel's turn line carries the buy of the seat in turn and, for its phone only
    (bison.css), each other seat's own; tapped from Gen's phone it is Gen's buy."""
    table = make_table("bison", FOUR)
    seated(client, table.id, GEN)
    page = client.get(f"/t/{table.id}").get_data(as_text=True)
    own = re.findall(r'data-buy-seat="(\d)" data-testid="bison-buy-own"', page)
    assert sorted(own) == ["1", "2", "3"]  # not Yui's: hers is the turn's button
    assert re.findall(r'data-buy-seat="(\d)" data-testid="bison-buy-hunter"', page) == ["0"]
    before = get(app, table.id).state.supplies[GEN].hunters_supply
    answer = client.post(
        f"{base(table.id)}/buy", data={"seat": str(GEN), "item": "hunter", "back": "table"}
    )
    assert answer.status_code == 303, text(answer)
    assert get(app, table.id).state.supplies[GEN].hunters_supply == before + 1
