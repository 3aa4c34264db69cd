"""Hardening: a server that trusts no header, bounded work and storage per table and per
phone, idempotent writes, and migrations that take turns.

On SQLite (the ``client`` fixtures) and, where it matters, on PostgreSQL (``any_app``)."""

from __future__ import annotations

import re
import threading
from typing import Any

import pytest
from companion_testkit import FAKE, HTMX, app_config
from flask import Flask

from companion import create_app, db, hosts, idempotency, tables

ADJUST = {"type": "adjust", "seat": 0, "counter": "points", "delta": 1}
PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]


def version(app: Flask, table_id: str) -> int:
    with app.app_context():
        return tables.get(table_id).version


# ---------------------------------------------------------------------------------------
# trust no header


@pytest.mark.parametrize(
    "host",
    [
        "a..b",
        "x" * 64 + ".example",
        "-a.example",
        "a-.example",
        "host:99999",
        "host:0",
        "host:8x",
        "host:",
        "[::1",
        "[nope]:80",
        "a b",
        "é.example",
        ".",
        "a/b",
        "a@b",
        "x" * 300,
    ],
)
def test_a_malformed_host_is_refused_before_any_view(
    client: Any, make_table: Any, host: str
) -> None:
    table = make_table()
    for url in ("/", f"/t/{table.id}", f"/t/{table.id}/share", "/api/v1/tables"):
        response = client.get(url, headers={"Host": host})
        assert response.status_code == 400, (url, host)
    response = client.post(f"/api/v1/tables/{table.id}/events", json=ADJUST, headers={"Host": host})
    assert response.status_code == 400
    assert "error" in response.get_json()


def test_the_host_check_is_the_first_before_request_registered_in_order(app: Flask) -> None:
    """The CSRF check, the rate limiter and the idempotency replay all read the host, so
    the Host check comes first — registered first by create_app, never pushed in front
    of a list others filled (issue 36: nothing inserted at index 0)."""
    first, *rest = app.before_request_funcs[None]
    assert first is hosts.check_host
    assert hosts.check_host not in rest and idempotency.check in rest


@pytest.mark.parametrize(
    "host",
    [
        "localhost",
        "localhost:8000",
        "127.0.0.1:80",
        "[::1]:8000",
        "campfire.local",
        "a-b.example.",
        "x" * 63 + ".example",
        "under_score.lan",
    ],
)
def test_a_well_formed_host_is_served(client: Any, host: str) -> None:
    assert client.get("/", headers={"Host": host}).status_code == 200


def test_a_stranger_host_never_reaches_a_link(app: Flask, client: Any, make_table: Any) -> None:
    """The API's url (and the share page, the print kit's QR codes through the same
    helper) name a host of the allow-list, else the LAN address, never the Host header."""
    response = client.post(
        "/api/v1/tables", json={"game": FAKE, "players": PLAYERS}, headers={"Host": "evil.example"}
    )
    url = response.get_json()["url"]
    assert "evil.example" not in url
    assert url.startswith(f"http://{hosts.lan_address()}")
    table_id = response.get_json()["id"]
    share = client.get(f"/t/{table_id}/share", headers={"Host": "evil.example"})
    assert b"evil.example" not in share.data
    own = client.post(
        "/api/v1/tables",
        json={"game": FAKE, "players": PLAYERS},
        headers={"Host": "localhost:8000"},
    )
    assert own.get_json()["url"].startswith("http://localhost:8000/t/")


def new_table_url(app: Flask, host: str) -> str:
    """The link to a table created through the API with the request's Host ``host``."""
    created = app.test_client().post(
        "/api/v1/tables", json={"game": FAKE, "players": PLAYERS}, headers={"Host": host}
    )
    return str(created.get_json()["url"])


def test_extra_allowed_hosts_and_the_public_url(tmp_path: Any) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    allowed = create_app(app_config(tmp_path / "a", CAMPFIRE_ALLOWED_HOSTS="games.lan"))
    assert new_table_url(allowed, "games.lan").startswith("http://games.lan/t/")
    public = create_app(app_config(tmp_path / "b", CAMPFIRE_PUBLIC_URL="https://campfire.example"))
    assert new_table_url(public, "localhost").startswith("https://campfire.example/t/")
    for app in (allowed, public):
        app.extensions[db.EXTENSION].dispose()


def test_pages_and_api_answers_are_not_stored_and_name_no_server(
    client: Any, make_table: Any
) -> None:
    table = make_table()
    for url in (
        f"/t/{table.id}",
        f"/api/v1/tables/{table.id}",
        f"/t/{table.id}/history",
        f"/api/v1/tables/{table.id}/events",
        "/",
    ):
        response = client.get(url)
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "no-store", url
        assert "Server" not in response.headers
    static = client.get("/static/app.css")
    assert "no-store" not in static.headers["Cache-Control"]


# ---------------------------------------------------------------------------------------
# bounded storage and work


def test_a_table_holds_at_most_max_events(tmp_path: Any) -> None:
    app = create_app(app_config(tmp_path, CAMPFIRE_MAX_EVENTS=3))
    client = app.test_client()
    try:
        table_id = client.post(
            "/api/v1/tables", json={"game": FAKE, "players": PLAYERS}
        ).get_json()["id"]
        for _ in range(3):
            assert client.post(f"/api/v1/tables/{table_id}/events", json=ADJUST).status_code == 200
        refused = client.post(f"/api/v1/tables/{table_id}/events", json=ADJUST)
        assert refused.status_code == 422
        assert "limit of 3 changes" in refused.get_json()["error"]
        japanese = client.post(
            f"/api/v1/tables/{table_id}/events", json=ADJUST, headers={"Accept-Language": "ja"}
        )
        assert japanese.status_code == 422 and "3" in japanese.get_json()["error"]
        page = client.post(
            f"/t/{table_id}/adjust", data={"seat": 0, "counter": "points", "delta": 1}, headers=HTMX
        )
        assert page.status_code == 422 and b"limit of 3 changes" in page.data
        assert version(app, table_id) == 3
        with app.app_context():
            exported = tables.export(table_id)
            exported["events"].append({**exported["events"][0], "seq": 4})
            with pytest.raises(tables.RuleError, match="limit of 3 changes"):
                tables.import_table(exported)
    finally:
        app.extensions[db.EXTENSION].dispose()


@pytest.mark.parametrize(
    "limit, url, body",
    [
        ("EVENT_RATE_LIMIT", "/api/v1/tables/{id}/events", ADJUST),
        ("UNDO_RATE_LIMIT", "/api/v1/tables/{id}/undo", {}),
    ],
)
def test_events_and_undo_are_rate_limited_per_phone(
    tmp_path: Any, limit: str, url: str, body: dict[str, Any]
) -> None:
    app = create_app(app_config(tmp_path, **{limit: "2 per minute"}))
    client = app.test_client()
    try:
        table_id = client.post(
            "/api/v1/tables", json={"game": FAKE, "players": PLAYERS}
        ).get_json()["id"]
        with app.app_context():
            for _ in range(4):
                tables.append(table_id, ADJUST)
        before = version(app, table_id)
        answers = [client.post(url.format(id=table_id), json=body) for _ in range(3)]
        assert [a.status_code for a in answers][2] == 429
        assert "wait" in answers[2].get_json()["error"]
        assert version(app, table_id) == before + 2
    finally:
        app.extensions[db.EXTENSION].dispose()


def test_history_and_form_events_are_rate_limited(tmp_path: Any) -> None:
    app = create_app(
        app_config(tmp_path, EVENT_RATE_LIMIT="1 per minute", HISTORY_RATE_LIMIT="1 per minute")
    )
    client = app.test_client()
    try:
        table_id = client.post(
            "/api/v1/tables", json={"game": FAKE, "players": PLAYERS}
        ).get_json()["id"]
        form = {"seat": 0, "counter": "points", "delta": 1}
        assert client.post(f"/t/{table_id}/adjust", data=form, headers=HTMX).status_code == 200
        assert client.post(f"/t/{table_id}/adjust", data=form, headers=HTMX).status_code == 429
        assert client.get(f"/t/{table_id}/history").status_code == 200
        assert client.get(f"/t/{table_id}/history").status_code == 429
        assert version(app, table_id) == 1
    finally:
        app.extensions[db.EXTENSION].dispose()


# ---------------------------------------------------------------------------------------
# idempotent writes


def test_a_repeated_api_event_is_answered_once(any_app: Flask) -> None:
    client = any_app.test_client()
    table_id = tables.create(FAKE, PLAYERS).id
    key = {"Idempotency-Key": "phone-1-change-1"}
    first = client.post(f"/api/v1/tables/{table_id}/events", json=ADJUST, headers=key)
    again = client.post(f"/api/v1/tables/{table_id}/events", json=ADJUST, headers=key)
    assert first.status_code == again.status_code == 200
    assert again.get_json() == first.get_json() == {**first.get_json(), "version": 1}
    assert again.headers["Idempotent-Replay"] == "true"
    assert tables.get(table_id).version == 1
    other = client.post(
        f"/api/v1/tables/{table_id}/events",
        json=ADJUST,
        headers={"Idempotency-Key": "phone-1-change-2"},
    )
    assert other.get_json()["version"] == 2
    # The same key on another route is another request.
    undone = client.post(f"/api/v1/tables/{table_id}/undo", json={}, headers=key)
    assert undone.get_json()["version"] == 3
    assert (
        client.post(f"/api/v1/tables/{table_id}/undo", json={}, headers=key).get_json()["version"]
        == 3
    )
    assert tables.get(table_id).version == 3


def test_a_refused_request_stores_no_key(client: Any, app: Flask, make_table: Any) -> None:
    table = make_table()
    key = {"Idempotency-Key": "k1"}
    bad = {**ADJUST, "delta": -500}
    assert (
        client.post(f"/api/v1/tables/{table.id}/events", json=bad, headers=key).status_code == 422
    )
    assert (
        client.post(f"/api/v1/tables/{table.id}/events", json=ADJUST, headers=key).status_code
        == 200
    )
    assert version(app, table.id) == 1


def test_a_repeated_form_post_changes_nothing(client: Any, app: Flask, make_table: Any) -> None:
    table = make_table()
    client.get(f"/t/{table.id}")  # the phone's session (its CSRF secret scopes form keys)
    form = {"seat": 0, "counter": "points", "delta": 1, "idempotency_key": "form-1"}
    first = client.post(f"/t/{table.id}/adjust", data=form)
    again = client.post(f"/t/{table.id}/adjust", data=form)
    assert first.status_code == again.status_code == 303
    assert again.headers["Location"] == first.headers["Location"]
    htmx = client.post(
        f"/t/{table.id}/adjust", data={**form, "idempotency_key": "f2"}, headers=HTMX
    )
    again = client.post(
        f"/t/{table.id}/adjust", data={**form, "idempotency_key": "f2"}, headers=HTMX
    )
    assert htmx.status_code == again.status_code == 200
    assert again.data == htmx.data
    assert version(app, table.id) == 2
    # The panel's forms carry a fresh key for phones without JavaScript.
    page = client.get(f"/t/{table.id}").get_data(as_text=True)
    keys = re.findall(r'name="idempotency_key" value="([^"]+)"', page)
    assert keys and len(set(keys)) == len(keys)  # one fresh key per form
    reload = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert not set(keys) & set(re.findall(r'name="idempotency_key" value="([^"]+)"', reload))
    assert "__campfire" not in page


def test_two_phones_never_share_a_key(app: Flask, make_table: Any) -> None:
    """Keys are scoped to the phone's session: the cached panel markup (one per version)
    hands the same form key to every phone, and both changes must count."""
    table = make_table()
    phones = [app.test_client(), app.test_client()]
    for phone in phones:
        with phone.session_transaction() as session:
            session["csrf_token"] = f"secret-of-{id(phone)}"
        phone.post(
            f"/t/{table.id}/adjust",
            data={"seat": 0, "counter": "points", "delta": 1, "idempotency_key": "same"},
        )
    assert version(app, table.id) == 2


def test_a_replayed_seat_key_never_hands_a_stranger_the_seat_token(
    client: Any, app: Flask, make_table: Any
) -> None:
    """Issue 27, F3: Ben takes his seat with a key and no token; a stranger replaying the
    key (and no token) is a new request: the seat is held, no token is handed out."""
    table = make_table()
    url = f"/api/v1/tables/{table.id}/seats/1"
    key = {"Idempotency-Key": "ben-takes-seat-1"}
    ben = client.post(url, headers=key)
    assert ben.status_code == 200 and "token" in ben.get_json()
    stranger = app.test_client().post(url, headers=key)
    assert stranger.status_code == 409 and "token" not in stranger.get_json()
    assert "Idempotent-Replay" not in stranger.headers
    assert ben.get_json()["token"] not in stranger.get_data(as_text=True)
    # A caller known by its token gets its own repeat: switching to seat 0 and back.
    mine = {**key, "X-Campfire-Seat": ben.get_json()["token"]}
    moved = client.post(f"/api/v1/tables/{table.id}/seats/0", headers=mine)
    again = client.post(f"/api/v1/tables/{table.id}/seats/0", headers=mine)
    assert again.headers["Idempotent-Replay"] == "true" and again.data == moved.data
    assert (
        app.test_client().post(f"/api/v1/tables/{table.id}/seats/0", headers=key).status_code == 409
    )


def test_an_event_key_replayed_by_another_caller_is_a_new_request(
    client: Any, app: Flask, make_table: Any
) -> None:
    """Issue 27, F3: keys are scoped to the caller (seat token, session) as well as the
    method and path: Ben's repeat is answered from his first answer; the same key from a
    phone without his token, or with Ann's, is a change of its own."""
    table = make_table()
    url = f"/api/v1/tables/{table.id}"
    ben = {"X-Campfire-Seat": client.post(f"{url}/seats/1").get_json()["token"]}
    ann = {"X-Campfire-Seat": client.post(f"{url}/seats/0").get_json()["token"]}
    key = {"Idempotency-Key": "change-1"}
    first = client.post(f"{url}/events", json=ADJUST, headers={**ben, **key})
    again = client.post(f"{url}/events", json=ADJUST, headers={**ben, **key})
    assert again.headers["Idempotent-Replay"] == "true" and again.data == first.data
    assert version(app, table.id) == 1
    for other in ({}, ann):
        answer = app.test_client().post(f"{url}/events", json=ADJUST, headers={**other, **key})
        assert answer.status_code == 200 and "Idempotent-Replay" not in answer.headers
    assert version(app, table.id) == 3
    # A browser's session is a caller too: its own key, its own repeat.
    phone = app.test_client()
    phone.get(f"/t/{table.id}")  # the session (its CSRF secret)
    own = phone.post(f"{url}/events", json=ADJUST, headers=key)
    assert own.status_code == 200 and "Idempotent-Replay" not in own.headers
    assert phone.post(f"{url}/events", json=ADJUST, headers=key).data == own.data
    assert version(app, table.id) == 4


@pytest.mark.parametrize("key", ["x" * 201, "a b", "é"])
def test_a_malformed_key_is_refused(client: Any, app: Flask, make_table: Any, key: str) -> None:
    table = make_table()
    response = client.post(
        f"/api/v1/tables/{table.id}/events",
        json=ADJUST,
        headers={"Idempotency-Key": key.encode().decode("latin-1")},
    )
    assert response.status_code == 400
    assert "Idempotency-Key" in response.get_json()["error"]
    assert version(app, table.id) == 0


def test_racing_repeats_of_one_key_store_one_event(any_app: Flask) -> None:
    """Eight threads send one request with one key at once: one event, eight 200s."""
    table_id = tables.create(FAKE, PLAYERS).id
    answers: list[tuple[int, Any]] = []
    gate = threading.Barrier(8)

    def send() -> None:
        client = any_app.test_client()
        gate.wait()
        response = client.post(
            f"/api/v1/tables/{table_id}/events", json=ADJUST, headers={"Idempotency-Key": "racing"}
        )
        answers.append((response.status_code, response.get_json()))

    threads = [threading.Thread(target=send) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert [status for status, _ in answers] == [200] * 8
    assert tables.get(table_id).version == 1


def test_old_keys_are_forgotten(
    app: Flask, client: Any, make_table: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from datetime import timedelta

    table = make_table()
    client.post(
        f"/api/v1/tables/{table.id}/events", json=ADJUST, headers={"Idempotency-Key": "old"}
    )
    assert idempotency.count(app.extensions[db.EXTENSION]) == 1
    monkeypatch.setattr(idempotency, "KEEP", timedelta(seconds=-1))
    client.post(
        f"/api/v1/tables/{table.id}/events", json=ADJUST, headers={"Idempotency-Key": "new"}
    )
    assert idempotency.count(app.extensions[db.EXTENSION]) == 1


# ---------------------------------------------------------------------------------------
# racing undos


def test_two_undos_on_one_version_undo_one_change(any_app: Flask) -> None:
    """Two phones on version 3 both ask to undo with expected_version 3: one 200, one
    409, and exactly one change is undone."""
    table_id = tables.create(FAKE, PLAYERS).id
    for _ in range(3):
        tables.append(table_id, ADJUST)
    points = tables.get(table_id).counters()[0]["points"]
    answers: list[int] = []
    gate = threading.Barrier(2)

    def undo() -> None:
        client = any_app.test_client()
        gate.wait()
        answers.append(
            client.post(f"/api/v1/tables/{table_id}/undo", json={"expected_version": 3}).status_code
        )

    threads = [threading.Thread(target=undo) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert sorted(answers) == [200, 409]
    view = tables.get(table_id)
    assert view.version == 4 and view.counters()[0]["points"] == points - 1


@pytest.mark.parametrize("proxies, second", [(0, 429), (1, 200)])
def test_forwarded_for_counts_only_from_trusted_proxies(
    tmp_path: Any, proxies: int, second: int
) -> None:
    app = create_app(
        app_config(tmp_path, EVENT_RATE_LIMIT="1 per minute", CAMPFIRE_TRUSTED_PROXIES=proxies)
    )
    client = app.test_client()
    try:
        table_id = client.post(
            "/api/v1/tables", json={"game": FAKE, "players": PLAYERS}
        ).get_json()["id"]
        answers = [
            client.post(
                f"/api/v1/tables/{table_id}/events", json=ADJUST, headers={"X-Forwarded-For": phone}
            ).status_code
            for phone in ("192.0.2.10", "192.0.2.11")
        ]
        assert answers == [200, second]
    finally:
        app.extensions[db.EXTENSION].dispose()


# ---------------------------------------------------------------------------------------
# events keep only the fields their type defines


@pytest.mark.parametrize(
    "game, event",
    [
        ("bison", {"type": "adjust", "seat": 0, "counter": "bison", "delta": 1}),
        ("dogs-life", {"type": "adjust", "seat": 0, "counter": "bones", "delta": 1}),
        ("hunting-age", {"type": "adjust", "seat": 0, "counter": "bear", "delta": 1}),
        ("lion-square", {"type": "adjust", "seat": 0, "counter": "herd", "delta": -1}),
        ("lion-square", {"type": "set_taken", "seat": 0, "count": 1}),
    ],
)
def test_an_unknown_field_is_refused_by_name(
    client: Any, app: Flask, game: str, event: dict[str, Any]
) -> None:
    settings = {"edition": "campfire"} if game == "hunting-age" else None
    with app.app_context():
        table = tables.create(game, [*PLAYERS, {"name": "Cho", "color": "green"}], settings)
    junk = {**event, "junk": "x" * 900_000, "also": 1}
    refused = client.post(f"/api/v1/tables/{table.id}/events", json=junk)
    assert refused.status_code == 422
    message = refused.get_json()["error"]
    assert "also, junk" in message and event["type"] in message.lower()
    assert version(app, table.id) == 0
    # Seat 0's phone: a Lion Square herd is changed by its own seat only (issue 27).
    mine = {
        "X-Campfire-Seat": client.post(f"/api/v1/tables/{table.id}/seats/0").get_json()["token"]
    }
    url = f"/api/v1/tables/{table.id}/events"
    assert client.post(url, json=event, headers=mine).status_code == 200
    with app.app_context():  # an export with a junk field does not come back in either
        exported = tables.export(table.id)
        exported["events"][0]["event"]["junk"] = 1
        with pytest.raises(tables.ImportProblem, match="junk"):
            tables.import_table(exported)
