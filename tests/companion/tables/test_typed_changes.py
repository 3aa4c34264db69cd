"""Typed changes at the companion's edges (issue 36, item 3): a Lion Square event is read
once by its change class wherever it comes in (the API, an import), what is stored is that
change's JSON, and bad JSON is a refusal naming the problem (422), never a 500. A Dog's
Life's event is stored as its change writes it once the table has prepared it."""

from __future__ import annotations

import io
import json
from collections.abc import Callable

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import tables
from games.lion_square import changes

PLAYERS = [
    {"name": "Ann", "color": "red"},
    {"name": "Ben", "color": "blue"},
    {"name": "Cho", "color": "green"},
]

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**66), 2**66) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)
FIELDS = st.sampled_from(["seat", "count", "delta", "row", "column", "card", "grid", "line"])
EVENTS = st.builds(
    lambda kind, body: {**body, "type": kind},
    st.sampled_from(changes.CHANGES.kinds),
    st.dictionaries(FIELDS, JSON_VALUES, max_size=4),
)
#: One edge where an event comes in: it posts ``event`` to the table.
Edge = Callable[[Flask, FlaskClient, str, dict[str, object]], None]
LENIENT = settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def _lion_table(client: FlaskClient) -> str:
    created = client.post("/api/v1/tables", json={"game": "lion-square", "players": PLAYERS})
    assert created.status_code == 201
    table_id: str = created.get_json()["id"]
    return table_id


def _through_the_api(
    app: Flask, client: FlaskClient, table_id: str, event: dict[str, object]
) -> None:
    response = client.post(f"/api/v1/tables/{table_id}/events", json=event)
    assert response.status_code in (200, 422), response.get_data(as_text=True)
    if response.status_code == 422:
        assert response.get_json()["error"]
        return
    stored = client.get(f"/api/v1/tables/{table_id}/events").get_json()[-1]
    kept = {key: value for key, value in stored.items() if key not in ("seq", "by_seat", "undone")}
    assert kept == changes.from_json(event).to_json()


def test_an_event_is_stored_as_its_change_writes_it(app: Flask, client: FlaskClient) -> None:
    """Posted with its keys in another order, stored in the documented order (``type``
    first): the export of a table is the same whoever typed it."""
    table_id = _lion_table(client)
    posted = {"card": "G", "column": 2, "row": 0, "type": "set_cell"}
    assert client.post(f"/api/v1/tables/{table_id}/events", json=posted).status_code == 200
    with app.app_context():
        stored = tables.export(table_id)["events"][-1]["event"]
    assert json.dumps(stored) == json.dumps(
        {"type": "set_cell", "row": 0, "column": 2, "card": "G"}
    )


def _through_an_import(
    app: Flask, client: FlaskClient, table_id: str, event: dict[str, object]
) -> None:
    ok = {"type": "set_cell", "row": 1, "column": 1, "card": 3}
    assert client.post(f"/api/v1/tables/{table_id}/events", json=ok).status_code == 200
    with app.app_context():  # the page exports a table with secrets only once it ends
        document = tables.export(table_id)
    document["events"][0]["event"] = event
    response = client.post(
        "/import",
        data={"file": (io.BytesIO(tables.export_text(document).encode()), "t.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code in (303, 422), response.status_code
    if response.status_code == 422:
        assert "event 1:" in response.get_data(as_text=True)


@pytest.mark.parametrize("edge", [_through_the_api, _through_an_import])
@LENIENT
@given(event=EVENTS)
def test_each_edge_reads_an_event_once_and_never_fails(
    app: Flask, client: FlaskClient, edge: Edge, event: dict[str, object]
) -> None:
    """Whatever JSON comes in, through the API or in an import, it is stored as its
    change writes it or refused with the problem named (422), never a 500."""
    edge(app, client, _lion_table(client), event)


def test_a_dogs_life_event_is_stored_as_its_change_writes_it(
    app: Flask, client: FlaskClient
) -> None:
    """A Dog's Life's event read at the edge, then prepared: stored in the documented order
    (the event's fields, then what the table recorded), a chance field sent replaced, a
    field its rules never read left out; an import reads it back unchanged."""
    created = client.post("/api/v1/tables", json={"game": "dogs-life", "players": PLAYERS})
    table_id = created.get_json()["id"]
    url = f"/api/v1/tables/{table_id}/events"
    assert client.post(url, json={"type": "start_turn", "seat": 0}).status_code == 200
    posted = {"outcome": "bone", "find": "food-1", "seat": 0, "type": "rummage"}
    assert client.post(url, json=posted).status_code == 200
    bone = {"type": "pick_up", "seat": 0, "item": "bone", "address": 3}
    assert client.post(url, json=bone).status_code == 200
    with app.app_context():
        document = tables.export(table_id)
    stored = [json.dumps(line["event"]) for line in document["events"]]
    assert stored[1:] == [
        json.dumps(
            {
                "type": "rummage",
                "seat": 0,
                "find": "food-1",
                "outcome": "food-1",
                "trash_day": False,
            }
        ),
        json.dumps({"type": "pick_up", "seat": 0, "item": "bone"}),
    ]
    response = client.post(
        "/import",
        data={"file": (io.BytesIO(tables.export_text(document).encode()), "t.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303
    copy_id = response.headers["Location"].rstrip("/").split("/")[-1]
    with app.app_context():
        again = [json.dumps(line["event"]) for line in tables.export(copy_id)["events"]]
    assert again == stored
