"""Secrets stay secret: a Lion Square herd and a carried newspaper's address are null in the
JSON API, the events list and the history unless the request carries that seat's token
(``X-Campfire-Seat``) or the game has ended. Also: whose turn it is, and "by X for Y"."""

from __future__ import annotations

from typing import Any

from companion import tables

FOUR = [
    {"name": n, "color": c}
    for n, c in (("Ann", "red"), ("Ben", "blue"), ("Cho", "green"), ("Dan", "yellow"))
]


def create(client: Any, game: str, players: int = 4) -> str:
    answer = client.post("/api/v1/tables", json={"game": game, "players": FOUR[:players]})
    assert answer.status_code == 201
    return answer.get_json()["id"]


def token(client: Any, table_id: str, seat: int) -> str:
    return client.post(f"/api/v1/tables/{table_id}/seats/{seat}").get_json()["token"]


def post(client: Any, table_id: str, event: dict[str, Any], seat_token: str | None = None) -> Any:
    headers = {"X-Campfire-Seat": seat_token} if seat_token else {}
    answer = client.post(f"/api/v1/tables/{table_id}/events", json=event, headers=headers)
    assert answer.status_code == 200, answer.get_json()
    return answer


def read(client: Any, table_id: str, seat_token: str | None = None, path: str = "") -> Any:
    headers = {"X-Campfire-Seat": seat_token} if seat_token else {}
    return client.get(f"/api/v1/tables/{table_id}{path}", headers=headers).get_json()


# --- Lion Square: herds ------------------------------------------------------------------


def test_herds_are_null_without_the_seats_token(any_app):
    client = any_app.test_client()
    table_id = create(client, "lion-square")
    ben = token(client, table_id, 1)
    answer = post(
        client, table_id, {"type": "adjust", "seat": 1, "counter": "herd", "delta": -3}, ben
    )
    assert answer.get_json()["state"]["herds"] == [None, 17, None, None]  # Ben's own answer

    spectator = read(client, table_id)
    assert spectator["counters"] == [{"herd": None}] * 4
    assert spectator["state"]["herds"] == [None] * 4
    assert "17" not in str(spectator["state"]["herd_chart"])

    mine = read(client, table_id, ben)
    assert mine["counters"] == [{"herd": None}, {"herd": 17}, {"herd": None}, {"herd": None}]
    assert read(client, table_id, "not-a-token")["counters"] == [{"herd": None}] * 4

    listed = read(client, table_id, path="/events")
    assert listed[0]["delta"] is None and listed[0]["by_seat"] == 1 and listed[0]["seat"] == 1
    assert read(client, table_id, ben, "/events")[0]["delta"] == -3
    _, entries = tables.history(table_id)
    assert (entries[0].template, entries[0].params) == (
        "{player}'s herd was corrected",
        {"player": "Ben"},
    )
    _, own = tables.history(table_id, viewer=1)
    assert own[0].params["delta"] == "-3"


def test_another_seats_token_does_not_show_a_herd(any_app):
    client = any_app.test_client()
    table_id = create(client, "lion-square")
    ann, ben = token(client, table_id, 0), token(client, table_id, 1)
    post(client, table_id, {"type": "adjust", "seat": 1, "counter": "herd", "delta": -3}, ben)
    assert read(client, table_id, ann)["counters"][1] == {"herd": None}
    assert read(client, table_id, ann)["counters"][0] == {"herd": 20}


def test_every_herd_shows_once_the_game_has_ended(any_app):
    client = any_app.test_client()
    table_id = create(client, "lion-square")
    cho = token(client, table_id, 2)
    post(client, table_id, {"type": "adjust", "seat": 2, "counter": "herd", "delta": -20}, cho)
    post(
        client, table_id, {"type": "set_square", "grid": [[1, None, None], [None] * 3, [None] * 3]}
    )
    post(client, table_id, {"type": "score_round"})
    spectator = read(client, table_id)
    assert spectator["state"]["game_over"] is True
    assert None not in [c["herd"] for c in spectator["counters"]]
    assert read(client, table_id, path="/events")[0]["delta"] == -20


# --- A Dog's Life: the newspaper's address ----------------------------------------------


def test_a_carried_newspapers_address_is_null_for_everyone_but_its_dog(any_app):
    client = any_app.test_client()
    table_id = create(client, "dogs-life", 3)
    ann = token(client, table_id, 0)
    post(client, table_id, {"type": "start_turn", "seat": 0}, ann)
    post(client, table_id, {"type": "pick_up", "seat": 0, "item": "newspaper", "address": 5}, ann)
    address = tables.get(table_id).state.dogs[0].items[0].address  # drawn at random

    def carried(answer: Any) -> Any:
        return answer["state"]["dogs"][0]["items"][0]["address"]

    assert carried(read(client, table_id)) is None
    assert carried(read(client, table_id, token(client, table_id, 1))) is None
    assert carried(read(client, table_id, ann)) == address
    assert read(client, table_id, path="/events")[1]["address"] is None
    assert read(client, table_id, ann, "/events")[1]["address"] == address
    _, entries = tables.history(table_id, viewer=2)
    assert entries[0].template == "{name} took a newspaper at the office"
    assert address not in entries[0].params.values()


# --- whose turn, by X for Y ---------------------------------------------------------------


def test_whose_turn_for_the_games_with_turns(any_app):
    client = any_app.test_client()
    dogs = create(client, "dogs-life", 3)
    post(client, dogs, {"type": "start_turn", "seat": 0})
    assert tables.get(dogs).whose_turn() == 0
    hunting = create(client, "hunting-age", 3)
    assert tables.get(hunting).whose_turn() == 0
    lion = create(client, "lion-square", 3)
    assert tables.get(lion).whose_turn() is None  # the companion does not follow its turns


def test_a_start_turn_from_another_phone_never_wipes_the_current_dogs_points(any_app):
    client = any_app.test_client()
    table_id = create(client, "dogs-life", 3)
    ann, ben = token(client, table_id, 0), token(client, table_id, 1)
    post(client, table_id, {"type": "start_turn", "seat": 0}, ann)
    post(client, table_id, {"type": "move", "seat": 0, "steps": 5}, ann)
    refused = client.post(
        f"/api/v1/tables/{table_id}/events",
        json={"type": "start_turn", "seat": 1},
        headers={"X-Campfire-Seat": ben},
    )
    assert refused.status_code == 422
    assert "Fifi" in refused.get_json()["error"]
    assert tables.get(table_id).state.dogs[0].ap == 2
    post(client, table_id, {"type": "end_turn", "seat": 0}, ben)  # Ben helps Ann: allowed
    listed = read(client, table_id, path="/events")
    assert (listed[-1]["by_seat"], listed[-1]["seat"]) == (1, 0)  # by Ben for Ann


def test_a_table_says_whether_secrets_are_still_hidden(any_app):
    client = any_app.test_client()
    lion = create(client, "lion-square")
    assert tables.get(lion).has_secrets()
    ann = token(client, lion, 0)
    post(client, lion, {"type": "adjust", "seat": 0, "counter": "herd", "delta": -20}, ann)
    post(client, lion, {"type": "set_square", "grid": [[1, None, None], [None] * 3, [None] * 3]})
    post(client, lion, {"type": "score_round"})
    assert not tables.get(lion).has_secrets()  # over: every herd shows
    assert tables.get(create(client, "dogs-life", 3)).has_secrets()
    assert not tables.get(create(client, "hunting-age", 3)).has_secrets()  # none to keep
