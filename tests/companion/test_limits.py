"""Issue 27, hardening II: what a crafted import may carry, tables at the event limit,
reads whose cost grows with the log, and the smaller faults (bodies, numbers, cookies,
disk, 503s, names). Every test here failed on the code before the fix it guards."""

from __future__ import annotations

import io
import json
import os
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest
from companion_testkit import FAKE, app_config
from flask import Flask
from sqlalchemy import text

from companion import create_app, db, serving, tables
from games.errors import RuleError

PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]
ADJUST = {"type": "adjust", "seat": 0, "counter": "points", "delta": 1}


def _export(app: Flask, events: int = 1) -> dict[str, Any]:
    table = tables.create(FAKE, PLAYERS)
    for _ in range(events):
        tables.append(table.id, ADJUST)
    return tables.export(table.id)


def _utc(stamp: str) -> datetime:
    moment = datetime.fromisoformat(stamp)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


# ---------------------------------------------------------------------------------------
# F4: imports within bounds, reads that never fail


@pytest.mark.parametrize(
    "stamp",
    ["9999-12-31T23:59:59-14:00", "0001-01-01T00:00:00+14:00", "1999-12-31T23:59:59", "2100-01-01"],
)
@pytest.mark.parametrize("where", ["table", "event"])
def test_an_import_refuses_a_date_out_of_bounds(any_app: Flask, stamp: str, where: str) -> None:
    document = _export(any_app)
    (document if where == "table" else document["events"][0])["created_at"] = stamp
    with pytest.raises(RuleError, match="created_at must be a date from 2000 to 2099"):
        tables.import_table(document)
    with db.reading() as session:
        assert session.execute(text("SELECT count(*) FROM tables")).scalar() == 1


def test_an_imported_time_is_stored_in_utc(any_app: Flask) -> None:
    document = _export(any_app)
    document["created_at"] = "2020-01-01T09:00:00+09:00"
    document["events"][0]["created_at"] = "2020-06-01T12:30:00-02:00"
    copy = tables.export(tables.import_table(document).id)
    assert _utc(copy["created_at"]) == datetime(2020, 1, 1, 0, 0, tzinfo=UTC)
    assert _utc(copy["events"][0]["created_at"]) == datetime(2020, 6, 1, 14, 30, tzinfo=UTC)


@pytest.fixture
def tokyo() -> Iterator[None]:
    before = os.environ.get("TZ")
    os.environ["TZ"] = "Asia/Tokyo"
    time.tzset()
    yield
    if before is None:
        del os.environ["TZ"]
    else:
        os.environ["TZ"] = before
    time.tzset()


def test_history_reads_a_time_at_the_end_of_the_calendar(
    app: Flask, client: Any, tokyo: None
) -> None:
    """What an older server accepted (a naive 9999-12-31 on SQLite) still reads: the
    page shows it in UTC instead of overflowing Tokyo's zone."""
    with app.app_context():
        table = tables.create(FAKE, PLAYERS)
        tables.append(table.id, ADJUST)
        with db.writing() as session:
            session.execute(text("UPDATE events SET created_at = '9999-12-31 23:59:59.000000'"))
    page = client.get(f"/t/{table.id}/history")
    assert page.status_code == 200
    assert b"9999" in page.data


def test_the_recent_tables_list_leaves_out_a_row_it_cannot_read(
    any_app: Flask,
) -> None:
    client = any_app.test_client()
    good = tables.create(FAKE, PLAYERS)
    bad = tables.create(FAKE, PLAYERS)
    with client.session_transaction() as session:
        session["recent"] = [bad.id, good.id]
    with db.writing() as session:
        session.execute(
            text("UPDATE tables SET players = :players WHERE id = :id"),
            {"players": json.dumps([{"nom": "Ann"}]), "id": bad.id},
        )
    tables.clear_cache()
    home = client.get("/")
    assert home.status_code == 200
    assert f"/t/{good.id}".encode() in home.data


def test_a_far_date_stored_on_postgresql_leaves_the_home_page_up(
    pg_url: str, tmp_path: Any
) -> None:
    tables.clear_cache()
    app = create_app(app_config(tmp_path, DATABASE_URL=pg_url))
    try:
        client = app.test_client()
        with app.app_context():
            good = tables.create(FAKE, PLAYERS)
            bad = tables.create(FAKE, PLAYERS)
            with db.writing() as session:
                session.execute(
                    text(
                        "UPDATE tables SET created_at = '9999-12-31T23:59:59-14:00' WHERE id = :id"
                    ),
                    {"id": bad.id},
                )
        tables.clear_cache()
        with client.session_transaction() as session:
            session["recent"] = [bad.id, good.id]
        home = client.get("/")
        assert home.status_code == 200
        assert f"/t/{good.id}".encode() in home.data
    finally:
        app.extensions[db.EXTENSION].dispose()


def test_an_upload_with_a_far_date_is_refused_with_a_sentence(app: Flask, client: Any) -> None:
    with app.app_context():
        document = _export(app)
    document["created_at"] = "9999-12-31T23:59:59-14:00"
    response = client.post(
        "/import",
        data={"file": (io.BytesIO(json.dumps(document).encode()), "t.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 422
    assert b"created_at must be a date from 2000 to 2099" in response.data


# ---------------------------------------------------------------------------------------
# F8, F9: no stuck tables; reads bounded and rate-limited


@pytest.fixture
def small_limit(tmp_path: Any) -> Iterator[Flask]:
    """A companion whose tables hold 6 changes and whose requests are capped at 4 KB, far
    below an export at the limit."""
    tables.clear_cache()
    app = create_app(app_config(tmp_path, CAMPFIRE_MAX_EVENTS=6, MAX_CONTENT_LENGTH=4096))
    yield app
    app.extensions[db.EXTENSION].dispose()


def _padded(delta: int) -> dict[str, Any]:
    """An adjust of the largest size an event may have (the test game takes any field)."""
    event = {**ADJUST, "delta": delta, "note": ""}
    event["note"] = "x" * (tables.MAX_EVENT_BYTES - len(tables.compact(event).encode()))
    return event


def test_undo_is_allowed_at_the_limit_and_the_export_imports(small_limit: Flask) -> None:
    client = small_limit.test_client()
    table_id = client.post("/api/v1/tables", json={"game": FAKE, "players": PLAYERS}).get_json()[
        "id"
    ]
    for _ in range(6):
        assert client.post(f"/api/v1/tables/{table_id}/events", json=_padded(1)).status_code == 200
    assert client.post(f"/api/v1/tables/{table_id}/events", json=ADJUST).status_code == 422
    for _ in range(6):  # every change undone, one by one, at the limit
        assert client.post(f"/api/v1/tables/{table_id}/undo", json={}).status_code == 200
    assert client.post(f"/api/v1/tables/{table_id}/events", json=ADJUST).status_code == 422
    exported = client.get(f"/t/{table_id}/export")
    assert exported.status_code == 200 and len(exported.data) > 4096
    imported = client.post(
        "/import",
        data={"file": (io.BytesIO(exported.data), "t.json")},
        content_type="multipart/form-data",
    )
    assert imported.status_code == 303, imported.data[-300:]
    new_id = imported.headers["Location"].rsplit("/", 1)[-1]
    with small_limit.app_context():
        assert tables.get(new_id).version == 12
        assert len(exported.data) <= tables.import_bytes()


def test_an_event_past_the_size_bound_is_refused(app: Flask, client: Any) -> None:
    table_id = client.post("/api/v1/tables", json={"game": FAKE, "players": PLAYERS}).get_json()[
        "id"
    ]
    big = _padded(1)
    big["note"] += "y"
    answer = client.post(f"/api/v1/tables/{table_id}/events", json=big)
    assert answer.status_code == 422
    assert "at most 1024 bytes" in answer.get_json()["error"]
    assert client.post(f"/api/v1/tables/{table_id}/events", json=_padded(1)).status_code == 200


def _long_table(app: Flask, changes: int) -> str:
    """A table of ``changes`` adjusts (+1/-1 in turn), made by one import."""
    events: list[dict[str, Any]] = []
    for number in range(changes):
        delta = 1 if number % 2 == 0 else -1
        events.append(
            {
                "seq": len(events) + 1,
                "seat": 0,
                "created_at": "2024-01-01T00:00:00+00:00",
                "event": {**ADJUST, "delta": delta},
            }
        )
    with app.app_context():
        document = {**_export(app, 0), "events": events}
        return tables.import_table(document).id


def test_the_history_is_paged(app: Flask, client: Any, monkeypatch: Any) -> None:
    table_id = _long_table(app, 250)
    module = app.config["GAMES"][FAKE].rules().fold
    described = []
    monkeypatch.setattr(
        module, "describe", lambda e, p, real=module.describe: described.append(1) or real(e, p)
    )
    page = client.get(f"/t/{table_id}/history").get_data(as_text=True)
    assert "#250" in page and "#151" in page and "#150" not in page
    assert len(described) == 100
    assert f'/t/{table_id}/history?before=151"' in page
    older = client.get(f"/t/{table_id}/history?before=151").get_data(as_text=True)
    assert "#150" in older and "#51" in older and "#50 " not in older and "#251" not in older
    last = client.get(f"/t/{table_id}/history?before=51").get_data(as_text=True)
    assert "#1 " in last and 'data-testid="history-older"' not in last
    assert 'data-testid="history-newest"' in last


def test_the_undo_confirmation_describes_one_change(
    app: Flask, client: Any, monkeypatch: Any
) -> None:
    table_id = _long_table(app, 250)
    module = app.config["GAMES"][FAKE].rules().fold
    described = []
    monkeypatch.setattr(
        module, "describe", lambda e, p, real=module.describe: described.append(1) or real(e, p)
    )
    assert client.get(f"/t/{table_id}/undo?seq=5").status_code == 200
    assert client.get(f"/t/{table_id}/undo").status_code == 200
    assert len(described) == 2


def test_the_events_listing_is_paged(app: Flask, client: Any) -> None:
    table_id = _long_table(app, 25)
    first = client.get(f"/api/v1/tables/{table_id}/events?limit=10")
    assert [e["seq"] for e in first.get_json()] == list(range(1, 11))
    assert 'after=10&limit=10>; rel="next"' in first.headers["Link"]
    last = client.get(f"/api/v1/tables/{table_id}/events?after=20&limit=10")
    assert [e["seq"] for e in last.get_json()] == list(range(21, 26))
    assert "Link" not in last.headers
    whole = client.get(f"/api/v1/tables/{table_id}/events").get_json()
    assert len(whole) == 25
    bad = client.get(f"/api/v1/tables/{table_id}/events?limit=0")
    assert bad.status_code == 400 and "limit" in bad.get_json()["error"]


@pytest.mark.parametrize(
    ("setting", "path"),
    [("EXPORT_RATE_LIMIT", "/t/{id}/export"), ("HISTORY_RATE_LIMIT", "/t/{id}/undo")],
)
def test_expensive_reads_are_rate_limited(tmp_path: Any, setting: str, path: str) -> None:
    tables.clear_cache()
    app = create_app(app_config(tmp_path, **{setting: "2 per minute"}))
    try:
        table_id = _long_table(app, 3)
        client = app.test_client()
        url = path.format(id=table_id)
        assert [client.get(url).status_code for _ in range(3)] == [200, 200, 429]
    finally:
        app.extensions[db.EXTENSION].dispose()


# ---------------------------------------------------------------------------------------
# the smaller items


class BrokenChunks(io.BytesIO):
    """A request body as gunicorn reads a malformed chunked one: reading raises."""

    def read(self, *_args: Any) -> bytes:
        from gunicorn.http.errors import InvalidChunkSize

        raise InvalidChunkSize(b"zz")

    readline = readinto = read


@pytest.mark.parametrize(
    ("path", "kind"),
    [
        ("/api/v1/tables", "application/json"),
        ("/api/v1/tables/{id}/events", "application/json"),
        ("/t/{id}/adjust", "application/x-www-form-urlencoded"),
        ("/import", "multipart/form-data; boundary=x"),
        ("/new", "application/x-www-form-urlencoded"),
    ],
)
def test_a_malformed_chunked_body_is_400_with_a_sentence(
    app: Flask, client: Any, path: str, kind: str
) -> None:
    with app.app_context():
        table = tables.create(FAKE, PLAYERS)
    answer = client.post(
        path.format(id=table.id),
        input_stream=BrokenChunks(),
        content_type=kind,
        headers={"Transfer-Encoding": "chunked"},
        environ_overrides={"wsgi.input_terminated": True},
    )
    assert answer.status_code == 400
    assert b"body could not be read" in answer.data


class ServerBody:
    """A request body as gunicorn hands it: ``read`` and ``readline``, no ``readinto``."""

    def __init__(self, data: bytes) -> None:
        self._data = io.BytesIO(data)
        self.read = self._data.read
        self.readline = self._data.readline

        self.tell = self._data.tell  # what the test client measures the body with
        self.seek = self._data.seek


def test_a_body_without_readinto_still_reads(client: Any) -> None:
    """The guard around the body reads it as the server hands it (werkzeug prefers
    ``readinto`` when the stream has one)."""
    body = json.dumps({"game": FAKE, "players": PLAYERS}).encode()
    answer = client.post(
        "/api/v1/tables",
        input_stream=ServerBody(body),
        content_type="application/json",
        content_length=len(body),
    )
    assert answer.status_code == 201


def test_a_garbled_rate_limit_refuses_to_start(tmp_path: Any) -> None:
    from companion import config

    with pytest.raises(config.ConfigProblem, match="EVENT_RATE_LIMIT is not a rate limit"):
        create_app(app_config(tmp_path, EVENT_RATE_LIMIT="240 a minute"))


def _set_cookie_and_hsts(app: Flask, **headers: str) -> tuple[str, str | None]:
    with app.app_context():
        table = tables.create(FAKE, PLAYERS)
    answer = app.test_client().get(f"/t/{table.id}", headers=headers)
    return answer.headers["Set-Cookie"], answer.headers.get("Strict-Transport-Security")


def test_behind_https_the_cookie_is_secure_and_hsts_is_sent(tmp_path: Any) -> None:
    tables.clear_cache()
    public = create_app(app_config(tmp_path, CAMPFIRE_PUBLIC_URL="https://campfire.example"))
    cookie, hsts = _set_cookie_and_hsts(public)
    assert "Secure" in cookie and hsts == "max-age=31536000"
    public.extensions[db.EXTENSION].dispose()
    proxied = create_app(app_config(tmp_path, CAMPFIRE_TRUSTED_PROXIES=1))
    cookie, hsts = _set_cookie_and_hsts(proxied, **{"X-Forwarded-Proto": "https"})
    assert "Secure" in cookie and hsts == "max-age=31536000"
    cookie, hsts = _set_cookie_and_hsts(proxied)  # plain HTTP on the LAN
    assert "Secure" not in cookie and hsts is None
    proxied.extensions[db.EXTENSION].dispose()


def test_a_full_disk_is_named_and_healthz_says_503(app: Flask, client: Any) -> None:
    from sqlalchemy import event

    with app.app_context():
        table = tables.create(FAKE, PLAYERS)
        engine = db.engine()
        engine.dispose()

        @event.listens_for(engine, "connect")
        def _full(connection: Any, _record: Any) -> None:  # no page may be added
            pages = connection.execute("PRAGMA page_count").fetchone()[0]
            connection.execute(f"PRAGMA max_page_count = {pages}")

    try:
        assert client.get("/healthz").status_code == 200
        answers = []
        for number in range(200):  # until the last page is full
            answers.append(
                client.post(
                    f"/api/v1/tables/{table.id}/events",
                    json={**ADJUST, "delta": 1 if number % 2 == 0 else -1},
                )
            )
            if answers[-1].status_code != 200:
                break
        full = answers[-1]
        assert full.status_code == 503
        assert "disk is full" in full.get_json()["error"]
        assert full.headers["Retry-After"] == "2"
        health = client.get("/healthz")
        assert health.status_code == 503 and "disk is full" in health.get_json()["database"]
        assert health.headers["Retry-After"] == "2"
    finally:
        # The memory of a full disk is the process's (a worker's): the next test in this
        # process starts with a disk that has room (a later healthz test answered 503).
        serving.writes_succeed()


@pytest.mark.parametrize(
    ("method", "path", "target"),
    [("get", "/t/{id}", "get"), ("post", "/api/v1/tables/{id}/events", "append_all")],
)
def test_every_503_carries_retry_after_in_seconds(
    app: Flask, client: Any, monkeypatch: Any, method: str, path: str, target: str
) -> None:
    from sqlalchemy.exc import OperationalError

    with app.app_context():
        table = tables.create(FAKE, PLAYERS)
    ok = client.post(f"/api/v1/tables/{table.id}/events", json=ADJUST)
    assert "Retry-After" not in ok.headers  # not the rate limiter's on an answered write

    def down(*_args: Any, **_kwargs: Any) -> None:
        raise OperationalError("SELECT 1", {}, Exception("server closed the connection"))

    monkeypatch.setattr(tables, target, down)
    monkeypatch.setattr("companion.serving.RETRY_PAUSE", 0)
    answer = getattr(client, method)(path.format(id=table.id), json=ADJUST)
    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == "2"


def test_a_replayed_form_post_says_so(client: Any, app: Flask) -> None:
    with app.app_context():
        table = tables.create(FAKE, PLAYERS)
    client.get(f"/t/{table.id}")
    form = {"seat": 0, "counter": "points", "delta": 1, "idempotency_key": "form-1"}
    first = client.post(f"/t/{table.id}/adjust", data=form)
    with app.app_context(), db.writing() as session:  # the answer was never stored
        session.execute(text("UPDATE idempotency_keys SET status = NULL"))
    again = client.post(f"/t/{table.id}/adjust", data=form)
    assert first.status_code == again.status_code == 303
    assert again.headers["Idempotent-Replay"] == "true"


@pytest.mark.parametrize(
    ("names", "shown"),
    [
        (["A\u202enna", "Ben"], ["Anna", "Ben"]),  # a right-to-left override
        (["Ann\u200b", "B\u0001e\u0007n"], ["Ann", "Ben"]),  # zero-width, controls
        (["Zoe\u0301", "Ben  \u2066 Jr"], ["Zo\u00e9", "Ben Jr"]),  # NFC; spaces; isolate
    ],
)
def test_player_names_are_cleaned(app: Flask, names: list[str], shown: list[str]) -> None:
    players = [{"name": n, "color": c} for n, c in zip(names, ("red", "blue"), strict=True)]
    with app.app_context():
        assert [p.name for p in tables.create(FAKE, players).players] == shown


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["Ann", "ANN"], "two players cannot share a name"),
        (["Zo\u00e9", "Zoe\u0301"], "two players cannot share a name"),
        (["Ann\u200b", "Ann"], "two players cannot share a name"),
        (["\u200b\u202e", "Ben"], "player 1 needs a name of 1 to 40 characters"),
    ],
)
def test_duplicate_or_empty_names_are_refused(app: Flask, names: list[str], message: str) -> None:
    players = [{"name": n, "color": c} for n, c in zip(names, ("red", "blue"), strict=True)]
    with app.app_context(), pytest.raises(RuleError, match=message):
        tables.create(FAKE, players)


def test_an_export_with_a_byte_order_mark_imports(app: Flask, client: Any) -> None:
    with app.app_context():
        document = _export(app)
    data = "\ufeff".encode() + json.dumps(document).encode()
    answer = client.post(
        "/import", data={"file": (io.BytesIO(data), "t.json")}, content_type="multipart/form-data"
    )
    assert answer.status_code == 303


def test_an_undo_on_an_imported_long_table_replays_little(app: Flask, monkeypatch: Any) -> None:
    """An import keeps a snapshot every SNAPSHOT_EVERY versions, as play does: undoing
    its latest change replays what follows the nearest one, not the whole file."""
    table_id = _long_table(app, 200)
    module = app.config["GAMES"][FAKE].rules().fold
    applied = []
    monkeypatch.setattr(
        module, "apply", lambda s, e, real=module.apply: applied.append(1) or real(s, e)
    )
    tables.clear_cache()
    with app.app_context():
        tables.undo(table_id)
        with db.reading() as session:
            kept = session.execute(text("SELECT version FROM table_states ORDER BY version"))
            assert [v for (v,) in kept] == [64, 128, 192, 201]
    assert len(applied) <= tables.SNAPSHOT_EVERY


def test_a_migration_brings_a_poisoned_time_back_into_bounds(any_app: Flask) -> None:
    """A table imported before the bounds (year 10000 in UTC on PostgreSQL) reads again
    once migration 0008 has run: its page, its history and the home page answer."""
    from alembic import command

    client = any_app.test_client()
    table = tables.create(FAKE, PLAYERS)
    tables.append(table.id, ADJUST)
    far = (
        "'9999-12-31T23:59:59-14:00'"
        if db.engine().dialect.name == "postgresql"
        else "'9999-12-31 23:59:59.000000'"
    )
    with db.writing() as session:
        session.execute(text(f"UPDATE tables SET created_at = {far}"))
        session.execute(text(f"UPDATE events SET created_at = {far}"))
    with db.engine().begin() as connection:
        command.downgrade(db.alembic_config(connection), "0007")
    db.upgrade(db.engine())
    tables.clear_cache()
    with client.session_transaction() as session:
        session["recent"] = [table.id]
    assert client.get(f"/t/{table.id}").status_code == 200
    history = client.get(f"/t/{table.id}/history")
    assert history.status_code == 200 and b"2099" in history.data
    assert f"/t/{table.id}".encode() in client.get("/").data
