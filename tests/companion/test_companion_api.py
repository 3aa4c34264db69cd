"""The JSON API contract (docs/contracts.md "JSON API"): shapes, errors, undo."""

from __future__ import annotations

import pytest

from games.table import COLOURS

PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]


def create(client, game="counters-test", players=PLAYERS, **extra):
    return client.post("/api/v1/tables", json={"game": game, "players": players, **extra})


@pytest.fixture
def table_id(client):
    return create(client).get_json()["id"]


def test_create_returns_contract_shape(client):
    response = create(client)
    assert response.status_code == 201
    body = response.get_json()
    assert set(body) == {"id", "join_code", "url", "version"}
    assert body["version"] == 0
    assert len(body["join_code"]) == 6
    assert body["url"] == f"http://localhost/t/{body['id']}"
    # 24 random bytes: at least 128 bits of entropy in the URL.
    assert len(body["id"]) >= 22


def test_public_url_behind_proxy(tmp_path):
    from companion_testkit import app_config

    from companion import create_app

    app = create_app(app_config(tmp_path, CAMPFIRE_PUBLIC_URL="https://camp.example/"))
    body = create(app.test_client()).get_json()
    assert body["url"] == f"https://camp.example/t/{body['id']}"


def test_get_table_shape(client, table_id):
    body = client.get(f"/api/v1/tables/{table_id}").get_json()
    assert set(body) == {"game", "version", "players", "counters", "state"}
    assert body["game"] == "counters-test"
    assert body["players"] == PLAYERS
    assert body["counters"] == [{"points": 10}, {"points": 10}]


def test_adjust_event_then_undo(client, table_id):
    event = {"type": "adjust", "seat": 1, "counter": "points", "delta": -3}
    response = client.post(f"/api/v1/tables/{table_id}/events", json=event)
    assert response.status_code == 200
    assert response.get_json() == {"version": 1, "state": {"points": [10, 7], "rolls": []}}
    undone = client.post(f"/api/v1/tables/{table_id}/undo")
    assert undone.status_code == 200
    assert undone.get_json() == {"version": 2, "state": {"points": [10, 10], "rolls": []}}
    assert client.get(f"/api/v1/tables/{table_id}").get_json()["version"] == 2


def test_undo_with_nothing_to_undo_is_422(client, table_id):
    response = client.post(f"/api/v1/tables/{table_id}/undo")
    assert response.status_code == 422
    assert response.get_json() == {"error": "there is nothing to undo"}


def test_expected_version_conflict_is_409_and_changes_nothing(client, table_id):
    event = {"type": "adjust", "seat": 0, "counter": "points", "delta": 1}
    ok = client.post(f"/api/v1/tables/{table_id}/events", json={**event, "expected_version": 0})
    assert ok.status_code == 200
    stale = client.post(f"/api/v1/tables/{table_id}/events", json={**event, "expected_version": 0})
    assert stale.status_code == 409
    assert stale.get_json()["version"] == 1
    assert "expected version 0" in stale.get_json()["error"]
    assert client.get(f"/api/v1/tables/{table_id}").get_json()["counters"][0] == {"points": 11}


def test_chance_is_filled_in_and_stored(client, table_id):
    body = client.post(f"/api/v1/tables/{table_id}/events", json={"type": "roll"}).get_json()
    (die,) = body["state"]["rolls"]
    assert 1 <= die <= 6
    # The fold is deterministic: folding again (fresh cache) gives the same die.
    from companion import tables

    tables.clear_cache()
    assert client.get(f"/api/v1/tables/{table_id}").get_json()["state"]["rolls"] == [die]


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (
            {"type": "adjust", "seat": 0, "counter": "points", "delta": 200},
            "points would be 210; it must stay between 0 and 99",
        ),
        (
            {"type": "adjust", "seat": 5, "counter": "points", "delta": 1},
            "seat must be a whole number from 0 to 1, not 5",
        ),
        (
            {"type": "adjust", "seat": 0, "counter": "gold", "delta": 1},
            "unknown counter 'gold'; expected one of: points",
        ),
        (
            {"type": "adjust", "seat": 0, "counter": "points", "delta": "1"},
            'delta must be a whole number, not "1"',
        ),
        (
            {"type": "adjust", "seat": True, "counter": "points", "delta": 1},
            "seat must be a whole number from 0 to 1, not true",
        ),
        ({"seat": 0}, 'an event needs a "type"'),
        ({"type": 3}, 'an event needs a "type"'),
        ({"type": "undo"}, "undo has its own endpoint; it is not an event type"),
        (
            {"type": "adjust", "seat": 0, "counter": "points", "delta": 1, "expected_version": "x"},
            'expected_version must be a whole number (≥ 0), not "x"',
        ),
    ],
)
def test_refused_events_are_422_and_change_nothing(client, table_id, event, message):
    response = client.post(f"/api/v1/tables/{table_id}/events", json=event)
    assert response.status_code == 422
    assert response.get_json() == {"error": message}
    after = client.get(f"/api/v1/tables/{table_id}").get_json()
    assert after["version"] == 0
    assert after["counters"] == [{"points": 10}, {"points": 10}]


@pytest.mark.parametrize(
    ("data", "content_type", "status", "message"),
    [
        ("{not json", "application/json", 400, "The body is not valid JSON."),
        ("[1, 2]", "application/json", 400, "The body must be a JSON object."),
        ('"text"', "application/json", 400, "The body must be a JSON object."),
        (
            "type=adjust",
            "application/x-www-form-urlencoded",
            415,
            "Send the body as JSON (Content-Type: application/json).",
        ),
    ],
)
def test_bad_bodies(client, table_id, data, content_type, status, message):
    for url in ("/api/v1/tables", f"/api/v1/tables/{table_id}/events"):
        response = client.post(url, data=data, content_type=content_type)
        assert response.status_code == status
        assert response.get_json() == {"error": message}
    assert client.get(f"/api/v1/tables/{table_id}").get_json()["version"] == 0


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"game": "chess", "players": PLAYERS}, "unknown game 'chess'; expected one of: "),
        ({"game": 7, "players": PLAYERS}, "game must be one of: "),
        ({"game": "counters-test", "players": "Ann"}, "players must be a list"),
        (
            {"game": "counters-test", "players": [{"name": "Ann", "color": "red"}]},
            "this game needs 2 to 4 players, not 1",
        ),
        (
            {"game": "counters-test", "players": [{"name": "", "color": "red"}] * 2},
            "player 1 needs a name of 1 to 40 characters",
        ),
        (
            {"game": "counters-test", "players": [PLAYERS[0], {"name": "X", "color": "pink"}]},
            "player 2: colour must be one of " + ", ".join(COLOURS),
        ),
        (
            {"game": "counters-test", "players": [PLAYERS[0], PLAYERS[0]]},
            "two players cannot share a colour",
        ),
        (
            {"game": "counters-test", "players": PLAYERS, "settings": [1]},
            "settings must be an object",
        ),
        (
            {"game": "counters-test", "players": PLAYERS, "settings": {"start": 500}},
            "start would be 500; it must stay between 0 and 99",
        ),
    ],
)
def test_bad_create_is_422_with_message(client, body, message):
    response = client.post("/api/v1/tables", json=body)
    assert response.status_code == 422
    assert response.get_json()["error"].startswith(message)


def test_unknown_table_is_404_everywhere(client):
    for method, url in [
        ("get", "/api/v1/tables/nope"),
        ("post", "/api/v1/tables/nope/events"),
        ("post", "/api/v1/tables/nope/undo"),
    ]:
        kwargs = {"json": {"type": "adjust"}} if url.endswith("events") else {}
        response = getattr(client, method)(url, **kwargs)
        assert response.status_code == 404
        assert response.get_json() == {"error": "No table with this id."}


def test_unknown_api_route_and_method_are_json(client, table_id):
    assert client.get("/api/v1/nothing").get_json() == {
        "error": "There is no such page or table here. Check the link or the join code."
    }
    response = client.delete(f"/api/v1/tables/{table_id}")
    assert response.status_code == 405
    assert "error" in response.get_json()


def test_errors_follow_accept_language(client, table_id):
    response = client.post(f"/api/v1/tables/{table_id}/undo", headers={"Accept-Language": "ja"})
    assert response.status_code == 422
    assert response.get_json()["error"] == "取り消せる変更はありません"


def test_api_is_csrf_exempt_but_json_only(tmp_path):
    from companion_testkit import app_config

    from companion import create_app

    app = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True))
    client = app.test_client()
    assert create(client).status_code == 201
    form = client.post("/api/v1/tables", data={"game": "counters-test"})
    assert form.status_code == 415


def test_bison_counters_contract(client):
    """docs/contracts.md: bison counters are bison, salmon, turkey per seat."""
    pytest.importorskip("games.bison.fold")
    body = create(client, game="bison").get_json()
    table = client.get(f"/api/v1/tables/{body['id']}").get_json()
    assert [sorted(c) for c in table["counters"]] == [["bison", "salmon", "turkey"]] * 2
    before = table["counters"][0]["salmon"]
    response = client.post(
        f"/api/v1/tables/{body['id']}/events",
        json={"type": "adjust", "seat": 0, "counter": "salmon", "delta": 1},
    )
    assert response.status_code == 200
    after = client.get(f"/api/v1/tables/{body['id']}").get_json()["counters"][0]["salmon"]
    assert after == before + 1


def test_lion_square_herd_counter(client):
    """docs/contracts.md: lion-square's counter is the herd (20 at the start, L-digest)."""
    pytest.importorskip("games.lion_square.fold")
    players = [
        {"name": n, "color": c} for n, c in [("Ann", "red"), ("Ben", "blue"), ("Cho", "green")]
    ]
    body = create(client, game="lion-square", players=players).get_json()
    url = f"/api/v1/tables/{body['id']}"
    # a herd is its seat's secret: shown with that seat's token, null without
    ann = {"X-Campfire-Seat": client.post(url + "/seats/0").get_json()["token"]}
    assert client.get(url).get_json()["counters"][0] == {"herd": None}
    assert client.get(url, headers=ann).get_json()["counters"][0] == {"herd": 20}
    ok = client.post(
        url + "/events",
        json={"type": "adjust", "seat": 0, "counter": "herd", "delta": -2},
        headers=ann,
    )
    assert ok.status_code == 200
    refused = client.post(
        url + "/events",
        json={"type": "adjust", "seat": 0, "counter": "herd", "delta": 5},
        headers=ann,
    )
    assert refused.status_code == 422
    assert "herd would be 23" in refused.get_json()["error"]  # Ann's phone: the exact value
    assert client.get(url, headers=ann).get_json()["counters"][0] == {"herd": 18}
