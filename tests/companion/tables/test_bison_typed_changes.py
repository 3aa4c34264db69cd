"""Bison's typed changes at the companion's edges (issue 36, item 3): an event posted to
the API or imported is read once by its change class (games/bison/changes.py) and stored
as that change's JSON; an old export's events, fields the fold ignored included, import
and replay as they did."""

from __future__ import annotations

import io
import json

from flask import Flask
from flask.testing import FlaskClient

from companion import tables
from games.bison import changes
from tests.games.bison.builders import RETAIL_R1

PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "yellow"}]


def _bison_table(client: FlaskClient) -> str:
    created = client.post("/api/v1/tables", json={"game": "bison", "players": PLAYERS})
    assert created.status_code == 201
    table_id: str = created.get_json()["id"]
    return table_id


def test_a_place_event_is_stored_in_the_documented_order(app: Flask, client: FlaskClient) -> None:
    """The place page builds the tile's fields first and ``type`` last; what is stored is
    the change's JSON (``type`` first), the same whoever sent it (B4, B6)."""
    table_id = _bison_table(client)
    posted = {
        **RETAIL_R1,
        "type": "play",
        "action": "place_tile",
        "seat": 0,
        "hunters": 0,
        "gain": "salmon",
    }
    answer = client.post(f"/api/v1/tables/{table_id}/events", json=posted)
    assert answer.status_code == 200, answer.get_data(as_text=True)
    with app.app_context():
        stored = tables.export(table_id)["events"][-1]["event"]
    assert stored == posted
    assert json.dumps(stored) == json.dumps(changes.from_json(posted).to_json())
    assert next(iter(stored)) == "type"


def test_an_old_export_with_ignored_fields_imports_and_replays(
    app: Flask, client: FlaskClient
) -> None:
    """A counted action carrying a tile's fields it never placed, and a score whose
    ``lock`` was not read before the last round: taken then, imported now (the ignored
    fields left out of what is stored)."""
    table_id = _bison_table(client)
    first = {"type": "adjust", "seat": 0, "counter": "bison", "delta": 1}
    assert client.post(f"/api/v1/tables/{table_id}/events", json=first).status_code == 200
    with app.app_context():
        document = tables.export(table_id)
    counted = {
        "type": "action",
        "seat": 0,
        "action": "move_1",
        "hunters": 0,
        "gain": "turkey",
        "override": True,
        "at": "somewhere",
        "label": 7,
    }
    score = {"type": "score", "override": True, "lock": "later"}
    template = document["events"][0]
    document["events"] = [
        {**template, "seq": n, "event": event} for n, event in enumerate([counted, score], 1)
    ]
    answer = client.post(
        "/import",
        data={"file": (io.BytesIO(tables.export_text(document).encode()), "t.json")},
        content_type="multipart/form-data",
    )
    assert answer.status_code == 303, answer.get_data(as_text=True)
    imported = answer.headers["Location"].rstrip("/").split("/")[-1]
    events = client.get(f"/api/v1/tables/{imported}/events").get_json()
    assert [event["type"] for event in events] == ["action", "score"]
    assert "at" not in events[0] and "label" not in events[0]
    assert events[1]["lock"] == "later"
    state = client.get(f"/api/v1/tables/{imported}").get_json()["state"]
    assert state["round"] == 2
    assert state["seats"][0]["stocks"]["turkey"] == 11
