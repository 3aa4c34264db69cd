"""The JSON API exactly as docs/contracts.md "JSON API" says, for each of the four games.

Create (201 with exactly ``id``, ``join_code``, ``url``, ``version: 0``; an id of at least
128 bits, a 6-character join code in the unambiguous alphabet, an absolute URL), read
(exactly ``game``, ``version``, ``players``, ``counters``, ``state``; one counters object
per seat with exactly docs/contracts.md's counter names), the generic ``adjust`` event (200 with
exactly ``version`` and ``state``), a refused out-of-range adjust (422 with exactly
``error``, nothing changed), a stale ``expected_version`` (409), undo (200 with exactly
``version`` and ``state``).
"""

from __future__ import annotations

import math
import re

import pytest

from companion import registry, tables

#: docs/contracts.md "JSON API": the generic counters of each game, in this order.
COUNTERS = {
    "bison": ["bison", "salmon", "turkey"],
    "lion-square": ["herd"],
    "hunting-age": ["bear", "mammoth", "grape", "green_grain", "yellow_grain", "coins", "vp"],
    "dogs-life": ["hunger", "bladder", "bones"],
}
PLAYERS = [
    {"name": "Ann", "color": "red"},
    {"name": "Ben", "color": "blue"},
    {"name": "Cho", "color": "green"},
]
AMBIGUOUS = set("0O1IL2Z5S8BUVQD")


def create(client, game):
    return client.post("/api/v1/tables", json={"game": game, "players": PLAYERS})


def test_the_counter_names_are_the_games_own(app):
    with app.app_context():
        for game, names in COUNTERS.items():
            assert list(registry.get(game).COUNTERS) == names, game


def test_the_join_alphabet_is_unambiguous():
    assert not AMBIGUOUS & set(tables.JOIN_ALPHABET)
    assert len(set(tables.JOIN_ALPHABET)) == len(tables.JOIN_ALPHABET)


@pytest.mark.parametrize("game", sorted(COUNTERS))
def test_create_answers_exactly_the_contract(client, game):
    response = create(client, game)
    assert response.status_code == 201
    body = response.get_json()
    assert set(body) == {"id", "join_code", "url", "version"}
    assert body["version"] == 0
    # token_urlsafe: 6 random bits per character.
    assert re.fullmatch(r"[A-Za-z0-9_-]+", body["id"])
    assert len(body["id"]) * 6 >= 128
    assert len(body["join_code"]) == 6
    assert set(body["join_code"]) <= set(tables.JOIN_ALPHABET)
    assert body["url"] == f"http://localhost/t/{body['id']}"
    assert client.get(body["url"]).status_code == 200


@pytest.mark.parametrize("game", sorted(COUNTERS))
def test_get_adjust_refuse_conflict_undo(client, game):
    table_id = create(client, game).get_json()["id"]
    url = f"/api/v1/tables/{table_id}"
    # Seat 1's phone: its own secret counters (a Lion Square herd) are shown to it only.
    seat = {"X-Campfire-Seat": client.post(f"{url}/seats/1").get_json()["token"]}
    table = client.get(url, headers=seat).get_json()
    assert set(table) == {"game", "version", "players", "counters", "state"}
    assert table["game"] == game and table["version"] == 0
    assert table["players"] == PLAYERS
    assert isinstance(table["state"], dict)
    assert len(table["counters"]) == len(PLAYERS)
    for index, counters in enumerate(table["counters"]):
        assert set(counters) == set(COUNTERS[game])  # a JSON object: its order means nothing
        secret = index != 1 and game == "lion-square"  # another seat's herd: null
        assert all(
            v is None if secret else isinstance(v, int) and not isinstance(v, bool)
            for v in counters.values()
        )

    counter = COUNTERS[game][0]
    start = table["counters"][1][counter]
    low, high = registry.discover()[game].rules().COUNTERS[counter]
    step = 1 if start < high else -1
    adjust = {"type": "adjust", "seat": 1, "counter": counter}

    done = client.post(
        f"{url}/events", json={**adjust, "delta": step, "expected_version": 0}, headers=seat
    )
    assert done.status_code == 200
    assert set(done.get_json()) == {"version", "state"}
    assert done.get_json()["version"] == 1
    after = client.get(url, headers=seat).get_json()
    assert after["counters"][1][counter] == start + step
    assert after["state"] == done.get_json()["state"]

    for delta in (high - low + 1, -(high - low + 1), 10**30):
        refused = client.post(f"{url}/events", json={**adjust, "delta": delta}, headers=seat)
        assert refused.status_code == 422
        assert set(refused.get_json()) == {"error"}
        assert f"between {low} and {high}" in refused.get_json()["error"]
    stale = client.post(f"{url}/events", json={**adjust, "delta": step, "expected_version": 0})
    assert stale.status_code == 409
    assert "error" in stale.get_json() and stale.get_json()["version"] == 1
    assert client.get(url, headers=seat).get_json() == after

    undone = client.post(f"{url}/undo", headers=seat)
    assert undone.status_code == 200
    assert set(undone.get_json()) == {"version", "state"}
    assert undone.get_json()["version"] == 2
    assert client.get(url, headers=seat).get_json()["counters"] == table["counters"]


@pytest.mark.parametrize(
    "body, status, message",
    [
        (
            {"type": "adjust", "seat": 0, "counter": "herd", "delta": 1, "expected_version": -1},
            422,
            "expected_version must be a whole number of 0 or more.",
        ),
        (
            {"type": "adjust", "seat": 0, "counter": "herd", "delta": 1, "expected_version": True},
            422,
            "expected_version must be a whole number of 0 or more.",
        ),
        (
            {"type": "adjust", "seat": 0, "counter": "herd", "delta": 1.5},
            422,
            "delta must be a whole number",
        ),
        (
            {"type": "adjust", "seat": 3, "counter": "herd", "delta": 1},
            422,
            "seat must be a whole number from 0 to 2",
        ),
        (
            {"type": "adjust", "seat": 0, "counter": "bones", "delta": 1},
            422,
            "unknown counter 'bones'; expected one of: herd",
        ),
        (
            {"type": "adjust", "seat": 0, "counter": "herd", "delta": math.inf},
            400,
            "The body is not valid JSON.",
        ),
    ],
)
def test_bad_events_are_refused_by_name(client, body, status, message):
    table_id = create(client, "lion-square").get_json()["id"]
    before = client.get(f"/api/v1/tables/{table_id}").get_json()
    if status == 400:  # Infinity is no JSON: sent as Python's json writes it
        import json

        response = client.post(
            f"/api/v1/tables/{table_id}/events",
            data=json.dumps(body),
            content_type="application/json",
        )
    else:
        response = client.post(f"/api/v1/tables/{table_id}/events", json=body)
    assert (response.status_code, response.get_json()) == (status, {"error": message})
    assert client.get(f"/api/v1/tables/{table_id}").get_json() == before
