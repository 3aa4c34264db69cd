"""Getting a phone to its seat (issue 26, item 6): the create form offers each game's own
player range and colours (from games/, one source), and the table's QR code, link and join
code lead to "Who are you?" with the free seats first."""

from __future__ import annotations

import re

import pytest
from companion_testkit import FAKE

#: The boxes (rulebooks, rules/*.md): players from–to and the player colours.
BOXES = {
    "bison": (2, 4, ["blue", "red", "yellow", "green"]),  # B4, Components
    "hunting-age": (3, 5, ["red", "yellow", "green", "blue", "purple"]),  # 5 colours
    "dogs-life": (3, 6, ["purple", "red", "blue", "green", "orange", "yellow"]),  # the dogs
    "lion-square": (
        3,
        4,
        ["red", "yellow", "green", "blue", "purple", "black", "white", "orange"],
    ),  # no player pieces: any colour
}


def rows_of(page: str) -> list[tuple[bool, list[str], str]]:
    """The create form's player rows: required?, the colour options, the selected one."""
    rows = []
    for number in range(12):
        name = re.search(rf'<input name="name{number}"[^>]*>', page)
        select = re.search(rf'<select name="color{number}">(.*?)</select>', page, re.S)
        if not name or not select:
            break
        options = re.findall(r'<option value="(\w+)"', select.group(1))
        chosen = re.search(r'<option value="(\w+)" selected', select.group(1))
        rows.append(("required" in name.group(0), options, chosen.group(1) if chosen else ""))
    return rows


@pytest.mark.parametrize("game", sorted(BOXES))
def test_the_create_form_offers_the_games_own_players_and_colours(client, game):
    low, high, colours = BOXES[game]
    page = client.get(f"/new?game={game}").get_data(as_text=True)
    rows = rows_of(page)
    assert len(rows) == high
    assert [required for required, _o, _c in rows] == [True] * low + [False] * (high - low)
    assert all(options == colours for _r, options, _c in rows)
    assert [chosen for _r, _o, chosen in rows] == colours[:high]  # a colour each, no clash


def test_a_refused_form_keeps_the_games_rows(client):
    response = client.post(
        "/new", data={"game": "bison", "name0": "Ann", "color0": "red", "name1": "Ben"}
    )
    assert response.status_code == 422  # Ben's colour is missing
    rows = rows_of(response.get_data(as_text=True))
    assert len(rows) == 4 and rows[0][2] == "red"


def test_a_game_without_a_box_keeps_the_general_form(client):
    assert len(rows_of(client.get(f"/new?game={FAKE}").get_data(as_text=True))) == 6


def who_first(page: str) -> bool:
    return page.index('data-testid="who-are-you"') < page.index('data-testid="invite"')


def test_the_qr_code_and_link_lead_to_who_are_you(client, make_table):
    table = make_table("bison", 4)
    page = client.get(f"/t/{table.id}/join").get_data(as_text=True)
    join_url = f"http://localhost/t/{table.id}/join"
    assert f"<title>{join_url}</title>" in page  # the QR code says where it leads
    assert f'href="{join_url}"' in page
    # A phone without a seat: "Who are you?" first, every free seat in it.
    assert who_first(page)
    assert len(re.findall(r'<button class="btn btn-block seat', page)) == 4
    # Once seated, the same page shows the invite first (to show the QR code around).
    client.post(f"/t/{table.id}/seat", data={"seat": "0"})
    assert not who_first(client.get(f"/t/{table.id}/join").get_data(as_text=True))


def test_seats_held_by_other_phones_fold_away(app, make_table):
    table = make_table("bison", 4)
    host, newcomer = app.test_client(), app.test_client()
    host.post(f"/t/{table.id}/seat", data={"seat": "0"})
    page = newcomer.get(f"/t/{table.id}/join").get_data(as_text=True)
    first, _sep, folded = page.partition('<details class="seats-held">')
    assert 'name="seat" value="0"' not in first.split('data-testid="invite"')[0]
    assert 'name="seat" value="0"' in folded  # still there: taking it over asks first
    assert all(f'name="seat" value="{seat}"' in first for seat in (1, 2, 3))


def test_the_join_code_leads_to_who_are_you(client, make_table):
    table = make_table("bison", 4)
    response = client.post("/join", data={"code": table.join_code}, follow_redirects=True)
    assert who_first(response.get_data(as_text=True))
