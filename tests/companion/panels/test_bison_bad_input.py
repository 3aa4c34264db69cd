"""Bad input on every Bison page and form (issue 26, item 3): a sentence in player words,
no field names, no coordinates, nothing changed, never a 500; the API names the field in a
clear sentence."""

from __future__ import annotations

import re
from typing import Any

import pytest
from bison_panel import FOUR, base
from companion_testkit import get, text

from companion import tables

#: What no player may read: field names, the notation of hexes, Python's reprs.
DEVELOPER_WORDS = re.compile(
    r'the field "|\[q, ?r\]|\bq,r\b|\bNone\b|\b(at|space|rotation|from|to|seat|a|b|p) must\b|'
    r"\{|\}|Traceback"
)

PAGES_GET = [
    "place?at=",
    "place?at=x",
    "place?at=1,-1,2",
    "place?at=1,-1&tile=B01&rotation=r",
    "place?at=1,-1&retail=1&a=x",
    "place?at=1,-1&retail=1&a=9",
    "place?at=1,-1&retail=1&a=1&b=1",
    "place?at=1,-1&edges=PPQ&prairie=x",
    "space?at=x&space=river",
    "space?at=0,0&space=lake",
    "space?at=0,0",
    "tile?at=x",
    "tile?at=9,9",
    "move?action=move_9&from=0,0,river",
    "move?action=move_1&from=x",
    "move?action=move_1&from=0,0,lake",
    "move?action=move_1&from=0,0,river&leg=x",
    "gather?to=x",
    "gather?to=0,0,lake",
    "action?action=x",
    "action?action=tent&builds=x",
    "market?seat=x",
    "whatif?seat=x",
    "score?override=x",
]

PAGES_POST = [
    ("place", {"at": "x"}),
    ("place", {"at": "1,-1", "tile": "B01", "space": "lake", "hunters": "1", "mode": "action"}),
    ("place", {"at": "1,-1", "tile": "B01", "hunters": "x", "mode": "action"}),
    ("place", {"at": "1,-1", "tile": "B01", "hunters": "2", "paid.2": "x.y"}),
    ("place", {"at": "1,-1", "tile": "B01", "rotation": "9", "mode": "action"}),
    ("space", {"at": "0,0", "space": "river", "hunters": "x"}),
    ("space", {"at": "0,0", "space": "river", "hunters": "99", "seat": "0"}),
    ("play", {"action": "gain"}),
    ("play", {"action": "move_1", "from": "x", "to": "0,0,river"}),
    ("play", {"action": "place_tile", "gain": "bison"}),
    ("play", {"action": "x"}),
    ("buy", {"seat": "x"}),
    ("exchange", {"give": "x", "get": "y"}),
    ("action", {"action": "tent", "space": "x", "size": "y"}),
    ("score", {"override": "x"}),
    ("zoom", {"zoom": "x"}),
    ("turn", {"deg": "x"}),
    ("reopen", {}),
]


@pytest.fixture
def table(make_table: Any) -> tables.TableView:
    return make_table("bison", FOUR)


def shown(response: Any) -> str:
    words = text(response)
    return words[words.find("Back to the table") :] if "Back to the table" in words else words


@pytest.mark.parametrize("query", PAGES_GET)
def test_pages_answer_bad_links_in_player_words(client, table, app, query):
    before = get(app, table.id).version
    response = client.get(f"{base(table.id)}/{query}")
    assert response.status_code < 500
    found = DEVELOPER_WORDS.search(shown(response))
    assert found is None, (query, found.group(0), shown(response)[:400])
    assert get(app, table.id).version == before


@pytest.mark.parametrize(("route", "data"), PAGES_POST)
def test_forms_refuse_bad_fields_in_player_words(client, table, app, route, data):
    before = get(app, table.id).version
    response = client.post(f"{base(table.id)}/{route}", data=data)
    assert response.status_code < 500
    if response.status_code < 400:
        return  # understood (a default taken): no refusal to read
    found = DEVELOPER_WORDS.search(shown(response))
    assert found is None, (route, found.group(0), shown(response)[:400])
    assert get(app, table.id).version == before


def test_the_api_names_the_field_in_a_sentence(client):
    created = client.post("/api/v1/tables", json={"game": "bison", "players": FOUR}).get_json()
    event = {"type": "play", "seat": 0, "action": "place_tile", "tile": "B01", "at": None}
    response = client.post(f"/api/v1/tables/{created['id']}/events", json=event)
    assert response.status_code == 422
    assert response.get_json() == {"error": '"at" must be [q, r], two whole numbers, not null'}


def test_a_correction_naming_the_wrong_tile_is_refused(client):
    created = client.post("/api/v1/tables", json={"game": "bison", "players": FOUR}).get_json()
    item = {"at": [0, 0], "space": "river", "tile": "B07", "seat": 0, "hunters": 1}
    response = client.post(
        f"/api/v1/tables/{created['id']}/events", json={"type": "correct", "spaces": [item]}
    )
    assert response.status_code == 422
    assert "S1" in response.get_json()["error"]
    item["tile"] = "S1"
    response = client.post(
        f"/api/v1/tables/{created['id']}/events", json={"type": "correct", "spaces": [item]}
    )
    assert response.status_code == 200, response.get_json()
