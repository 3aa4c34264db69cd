"""A Dog's Life's city map with the Flask test client (issue 38, issue 34 item 5): every new
route (move to a square, the van's stop, the zoom, the side it is seen from, a square's
page) and its bad input — a clear message, never a 500, nothing changed — and what each
phone is offered: the squares its dog can reach with their cost, the van's stops as
chips, what can be done where the dog stands, a start button only for the dog whose turn
comes, a carried newspaper's address only on its owner's phone."""

from __future__ import annotations

import re
from typing import Any

import pytest
from companion_testkit import get, poster, refused, send, text
from dogs_life_panel import carry_newspaper

from companion import tables
from games.dogs_life import game as rules
from games.dogs_life.city import CITY

post = poster("dogs-life")


@pytest.fixture
def table(make_table) -> tables.TableView:
    return make_table("dogs-life", 3, {})


def sit(client: Any, table_id: str, seat: int) -> None:
    assert client.post(f"/t/{table_id}/seat", data={"seat": str(seat)}).status_code == 303


def test_the_player_whose_turn_comes_taps_a_square_and_the_turn_starts(app, client, table):
    sit(client, table.id, 0)
    body = client.get(f"/t/{table.id}").get_data(as_text=True)
    reach = rules.reachable(table.state, 0)
    assert reach and all(f'data-testid="dl-reach-{s}"' in body for s in reach)
    assert 'data-dl-to="den-2"' not in body  # a rival's den is never offered
    target = min(reach, key=lambda s: (reach[s], s))
    response = post(client, table.id, "move", {"seat": 0, "to": target})
    assert response.status_code == 200
    state = get(app, table.id).state
    assert state.board.dogs[0] == target and state.current == 0
    assert state.dogs[0].ap == 7 - reach[target]  # Fifi: 7 AP, the way's cost paid
    assert f'data-testid="dl-pawn-0" data-square="{target}"' in response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"seat": 0, "to": "nowhere"}, "To must be a square of the city"),
        ({"seat": 0, "to": "den-2"}, "A dog never enters a rival's den"),
        ({"seat": 0, "to": "pound"}, "No dog walks into the pound"),
        ({"seat": 0, "to": "den-1"}, "The dog is already there"),
        ({"seat": "x", "to": "c05r06"}, "seat"),
        ({"seat": 9, "to": "c05r06"}, "seat"),
    ],
)
def test_a_bad_move_is_refused_and_changes_nothing(app, client, table, fields, message):
    sit(client, table.id, 0)
    response = post(client, table.id, "move", fields)
    assert response.status_code in (403, 422), response.status_code
    assert message.lower() in text(response).lower()
    assert get(app, table.id).version == 0


def test_a_square_too_far_for_the_action_points_is_refused(app, client, table):
    sit(client, table.id, 0)
    far = next(s for s, cost in sorted(CITY.distances("den-1", 1).items()) if cost > 7)
    response = post(client, table.id, "move", {"seat": 0, "to": far})
    refused(response, "action points")
    assert get(app, table.id).version == 0


def _rolled(app, table_id: str) -> tables.TableView:
    return send(app, table_id, {"type": "start_turn", "seat": 0}, {"type": "roll_die", "seat": 0})


def test_the_van_stops_only_where_its_roll_allows_offered_as_chips(app, client, table):
    sit(client, table.id, 0)
    rolled = _rolled(app, table.id)  # the companion rolls the die (prepare)
    stops = rules.van_stops(rolled.state)
    assert stops and len(stops) <= 4
    page = client.get(f"/t/{table.id}")
    body = page.get_data(as_text=True)
    assert all(f'data-testid="dl-van-chip-{stop}"' in body for stop in stops)
    assert body.count('data-testid="dl-van-chip-') == len(stops)
    assert re.search(r"\d (west|east)(, \d (north|south))?: ", text(page))  # the way there
    for bad in ("c09r01", "", "den-1", "x" * 300):  # the van's own square: never back
        refused(post(client, table.id, "van", {"seat": 0, "to": bad}), "cannot stop there")
    assert get(app, table.id).version == rolled.version
    stop = sorted(stops)[0]
    assert post(client, table.id, "van", {"seat": 0, "to": stop}).status_code == 200
    after = get(app, table.id).state
    assert after.board.van == stop and after.board.van_from == stops[stop]
    assert not after.board.van_due
    refused(post(client, table.id, "van", {"seat": 0, "to": stop}), "after the catcher's die")


def test_other_phones_get_no_van_chips_and_no_dead_start_button(app, client, table):
    sit(client, table.id, 1)
    _rolled(app, table.id)
    body = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert "dl-van-chip-" not in body
    assert 'data-testid="dl-start-1"' not in body and 'data-testid="dl-next-start"' not in body
    refused(post(client, table.id, "van", {"seat": 1, "to": "c07r01"}), "turn")


def test_what_can_be_done_where_the_dog_stands(app, client, table):
    sit(client, table.id, 0)
    post(client, table.id, "move", {"seat": 0, "to": "c03r06"})  # a trash can
    body = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert 'data-testid="dl-here-trash"' in body
    assert post(client, table.id, "draw", {"seat": 0, "section": "trash"}).status_code == 200
    state = get(app, table.id).state
    assert state.board.trash == ("c03r06",)
    page = client.get(f"/t/{table.id}/dogs-life/square?at=c03r06")
    assert page.status_code == 200
    assert "the trash can by" in text(page)


def test_the_square_page_names_the_square_and_offers_the_move(app, client, table):
    sit(client, table.id, 0)
    page = client.get(f"/t/{table.id}/dogs-life/square?at=c05r06")
    assert page.status_code == 200
    assert 'data-testid="dl-square-move"' in page.get_data(as_text=True)
    for bad in ("", "nowhere", "den-99", "<script>"):
        response = client.get(f"/t/{table.id}/dogs-life/square?at={bad}")
        assert response.status_code == 404
        assert "square of the city" in text(response)


@pytest.mark.parametrize(
    ("route", "field", "good", "bads"),
    [
        ("zoom", "z", "3", ("0", "4", "x", "")),
        ("turn", "deg", "180", ("45", "360", "x", "")),
    ],
)
def test_zoom_and_seen_from_are_this_phones_own(app, client, table, route, field, good, bads):
    sit(client, table.id, 0)
    for bad in bads:
        response = post(client, table.id, route, {field: bad})
        assert response.status_code == 422
    assert post(client, table.id, route, {field: good}).status_code == 200
    body = client.get(f"/t/{table.id}").get_data(as_text=True)
    if route == "zoom":
        assert "dl-board zoom-3" in body
    else:
        assert "rotate(180" in body
    assert get(app, table.id).version == 0  # a phone's view is no table change


def test_a_carried_newspapers_address_shows_only_on_its_owners_phone(app, client, table):
    address = carry_newspaper(app, table.id, {"type": "move", "seat": 0, "to": "newspaper-office"})
    sit(client, table.id, 0)
    mine = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert f"Newspaper {address}" in mine
    sit(client, table.id, 1)
    theirs = text(client.get(f"/t/{table.id}"))
    assert f"Newspaper {address}" not in theirs and "Newspaper (face down)" in theirs


def test_an_old_table_moved_by_steps_gets_step_chips(app, client, table):
    sit(client, table.id, 0)
    send(app, table.id, {"type": "start_turn", "seat": 0}, {"type": "move", "seat": 0, "steps": 2})
    body = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert 'data-testid="dl-move-0-5"' in body and 'name="steps"' in body
    assert 'type="number"' not in body.split('data-testid="dl-dog-0"')[1].split("</details>")[0]
    assert "dl-reach-" not in body  # where Fifi is, the phone does not know
    assert post(client, table.id, "move", {"seat": 0, "steps": 1}).status_code == 200


def test_export_and_import_carry_the_positions(app, client, table):
    from companion.tables import transfer

    sit(client, table.id, 0)
    post(client, table.id, "move", {"seat": 0, "to": "c03r06"})
    post(client, table.id, "draw", {"seat": 0, "section": "trash"})
    before = get(app, table.id).state
    with app.app_context():
        document = transfer.export(table.id)
        copy = transfer.import_table(document)
    assert copy.id != table.id
    assert copy.state.board == before.board
    assert copy.state.board.dogs[0] == "c03r06" and copy.state.board.trash == ("c03r06",)


def test_a_shared_table_phone_plays_every_dog_by_the_map(app, client, table):
    client.post(f"/t/{table.id}/seat", data={"seat": ""})  # only watching: acts for all
    body = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert 'data-dl-seat="0"' in body  # Fifi's squares, her turn comes first
    post(client, table.id, "move", {"seat": 0, "to": "c05r06"})
    post(client, table.id, "roll", {"seat": 0})
    body = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert "dl-van-chip-" in body
