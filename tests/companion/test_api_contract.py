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
            "expected_version must be a whole number (≥ 0), not -1",
        ),
        (
            {"type": "adjust", "seat": 0, "counter": "herd", "delta": 1, "expected_version": True},
            422,
            "expected_version must be a whole number (≥ 0), not true",
        ),
        (
            {"type": "adjust", "seat": 0, "counter": "herd", "delta": 1.5},
            422,
            "delta must be a whole number, not 1.5",
        ),
        (
            {"type": "adjust", "seat": 3, "counter": "herd", "delta": 1},
            422,
            "seat must be a whole number from 0 to 2, not 3",
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


# ---------------------------------------------------------------------------------------
# the events listing and undo by seat (issue 22, item 6)

HUNTING_EVENTS = [  # two seats' counters, then a change with no seat field
    {"type": "adjust", "seat": 0, "counter": "bear", "delta": 1},
    {"type": "adjust", "seat": 1, "counter": "coins", "delta": 2},
    {"type": "adjust", "seat": 0, "counter": "vp", "delta": 3},
]


def test_the_events_listing_echoes_each_event_as_posted_and_names_the_phone_apart(client):
    """Each listed event holds the posted event's fields exactly (its ``seat`` is the seat
    it names), plus ``seq``, ``by_seat`` (the seat whose token made it, or null) and
    ``undone``; an undo is ``seq``, ``by_seat``, ``type``, ``undoes``, ``undone``."""
    table_id = create(client, "hunting-age").get_json()["id"]
    url = f"/api/v1/tables/{table_id}"
    ben = {"X-Campfire-Seat": client.post(f"{url}/seats/1").get_json()["token"]}
    assert client.post(f"{url}/events", json=HUNTING_EVENTS[0]).status_code == 200
    assert client.post(f"{url}/events", json=HUNTING_EVENTS[1], headers=ben).status_code == 200
    assert client.post(f"{url}/events", json=HUNTING_EVENTS[2], headers=ben).status_code == 200
    assert client.post(f"{url}/undo", json={"seq": 1}, headers=ben).status_code == 200
    listed = client.get(f"{url}/events").get_json()
    assert listed == [
        {"seq": 1, "by_seat": None, **HUNTING_EVENTS[0], "undone": True},
        {"seq": 2, "by_seat": 1, **HUNTING_EVENTS[1], "undone": False},
        {"seq": 3, "by_seat": 1, **HUNTING_EVENTS[2], "undone": False},
        {"seq": 4, "by_seat": 1, "type": "undo", "undoes": 1, "undone": False},
    ]


def test_undo_by_seat_undoes_the_latest_change_naming_that_seat_as_posted(client):
    """The issue's wart: an event posted without a token naming seat 0, then ``{"seat":
    0}``: that change is undone (it was "this seat has no change to undo")."""
    table_id = create(client, "hunting-age").get_json()["id"]
    url = f"/api/v1/tables/{table_id}"
    for event in HUNTING_EVENTS:
        assert client.post(f"{url}/events", json=event).status_code == 200
    undone = client.post(f"{url}/undo", json={"seat": 0})
    assert undone.status_code == 200 and undone.get_json()["version"] == 4
    assert client.post(f"{url}/undo", json={"seat": 0}).status_code == 200  # then seq 1
    listed = client.get(f"{url}/events").get_json()
    assert [(e["seq"], e["undone"]) for e in listed[:3]] == [(1, True), (2, False), (3, True)]
    assert [e.get("undoes") for e in listed[3:]] == [3, 1]
    nothing = client.post(f"{url}/undo", json={"seat": 0})
    assert (nothing.status_code, nothing.get_json()) == (
        422,
        {"error": "there is no change for Ann to undo"},
    )
    assert client.post(f"{url}/undo", json={"seat": 2}).status_code == 422  # Cho: none
    assert client.get(url).get_json()["version"] == 5


def test_undo_by_by_seat_undoes_the_latest_change_that_seats_phone_made(client):
    """``{"by_seat": N}``: the latest change in effect made with seat N's token (the
    listing's ``by_seat``), whichever seat it names."""
    table_id = create(client, "hunting-age").get_json()["id"]
    url = f"/api/v1/tables/{table_id}"
    ben = {"X-Campfire-Seat": client.post(f"{url}/seats/1").get_json()["token"]}
    client.post(f"{url}/events", json=HUNTING_EVENTS[0], headers=ben)  # Ben for Ann
    client.post(f"{url}/events", json=HUNTING_EVENTS[1])  # a client without a seat
    assert client.post(f"{url}/undo", json={"by_seat": 1}).status_code == 200
    listed = client.get(f"{url}/events").get_json()
    assert [e["undone"] for e in listed] == [True, False, False]
    assert listed[-1]["by_seat"] is None  # the undo itself was made without a token
    again = client.post(f"{url}/undo", json={"by_seat": 1})
    assert (again.status_code, again.get_json()) == (
        422,
        {"error": "this seat has no change to undo"},
    )


def test_the_seat_routes_answer_as_documented(client):
    """docs/contracts.md "JSON API": take a seat (its token), the same token back for the
    seat it holds, another seat lets the first go, 409/force, release, 422/404."""
    table_id = create(client, "lion-square").get_json()["id"]
    seats = f"/api/v1/tables/{table_id}/seats"
    taken = client.post(f"{seats}/0")
    assert taken.status_code == 200 and set(taken.get_json()) == {"seat", "token"}
    token = taken.get_json()["token"]
    assert taken.get_json()["seat"] == 0 and re.fullmatch(r"[A-Za-z0-9_-]{43}", token)
    mine = {"X-Campfire-Seat": token}
    assert client.post(f"{seats}/0", headers=mine).get_json() == {"seat": 0, "token": token}
    moved = client.post(f"{seats}/1", headers=mine).get_json()["token"]  # seat 0 let go
    assert client.post(f"{seats}/0").status_code == 200
    held = client.post(f"{seats}/1")
    assert held.status_code == 409 and set(held.get_json()) == {"error"}
    assert "Ben" in held.get_json()["error"]
    assert client.post(f"{seats}/1", json={"force": 1}).status_code == 422
    forced = client.post(f"{seats}/1", json={"force": True})
    assert forced.status_code == 200
    lost = {"X-Campfire-Seat": moved}
    assert client.delete(seats, headers=lost).get_json() == {"released": False}
    assert client.delete(seats).get_json() == {"released": False}
    again = {"X-Campfire-Seat": forced.get_json()["token"]}
    assert client.delete(seats, headers=again).get_json() == {"released": True}
    assert client.delete(seats, headers=again).get_json() == {"released": False}
    assert client.post(f"{seats}/3").status_code == 422  # three players: seats 0 to 2
    assert client.post("/api/v1/tables/nope/seats/0").status_code == 404
    assert client.delete("/api/v1/tables/nope/seats").status_code == 404


def test_undo_by_seat_reads_past_a_batch_of_changes_naming_other_seats(app, client, monkeypatch):
    """``{"seat": N}`` reads the newest changes a batch at a time: the change naming seat 0
    is found behind more than one batch of changes naming seat 1 (and an undone one)."""
    from companion.tables import changes

    monkeypatch.setattr(changes, "ABOUT_BATCH", 3)
    table_id = create(client, "hunting-age").get_json()["id"]
    with app.app_context():
        tables.append(table_id, HUNTING_EVENTS[0])  # seq 1: seat 0
        tables.append(table_id, {**HUNTING_EVENTS[0], "delta": 2})  # seq 2: seat 0, undone
        tables.undo(table_id, seq=2)  # seq 3
        for _ in range(7):  # seqs 4 to 10: seat 1
            tables.append(table_id, HUNTING_EVENTS[1])
    undone = client.post(f"/api/v1/tables/{table_id}/undo", json={"seat": 0})
    assert undone.status_code == 200
    assert client.get(f"/api/v1/tables/{table_id}/events").get_json()[-1]["undoes"] == 1
