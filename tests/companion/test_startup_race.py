"""Servers starting at once on an empty database all start: migrations take turns (a
PostgreSQL advisory lock, a file lock beside an SQLite file). 20 trials each, then two real
`campfire serve` processes on one empty database both answer and keep every event."""

from __future__ import annotations

import json
import os
import urllib.request
import uuid
from pathlib import Path
from typing import Any

import psycopg
import pytest
from server_kit import Server, start_trials
from sqlalchemy import create_engine, text

TRIALS = 20


def empty_schema(server_url: str) -> tuple[str, str]:
    schema = "race_" + uuid.uuid4().hex[:12]
    with psycopg.connect(
        server_url.replace("postgresql+psycopg", "postgresql"), autocommit=True
    ) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    return schema, f"{server_url}?options=-csearch_path%3D{schema}"


def drop_schema(server_url: str, schema: str) -> None:
    with psycopg.connect(
        server_url.replace("postgresql+psycopg", "postgresql"), autocommit=True
    ) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


def schema_version(database_url: str) -> str:
    engine = create_engine(database_url)
    try:
        with engine.connect() as connection:
            return str(
                connection.execute(text("SELECT version_num FROM alembic_version")).scalar_one()
            )
    finally:
        engine.dispose()


def test_two_servers_on_an_empty_postgresql_20_times(tmp_path: Path, pg_server_url: str) -> None:
    schemas = [empty_schema(pg_server_url) for _ in range(TRIALS)]
    try:
        trials = start_trials(tmp_path, [url for _schema, url in schemas])
        failures = [(n, r) for n, r in enumerate(trials) if r != [(0, "")] * 2]
        assert not failures, failures[:3]
        assert all(schema_version(url) for _schema, url in schemas)
    finally:
        for schema, _url in schemas:
            drop_schema(pg_server_url, schema)


def test_two_servers_on_an_empty_sqlite_file_20_times(tmp_path: Path) -> None:
    urls = []
    for trial in range(TRIALS):
        (tmp_path / f"trial{trial}").mkdir()
        urls.append(f"sqlite:///{tmp_path / f'trial{trial}' / 'campfire.sqlite3'}")
    trials = start_trials(tmp_path, urls)
    failures = [(n, r) for n, r in enumerate(trials) if r != [(0, "")] * 2]
    assert not failures, failures[:3]
    assert all(schema_version(url) for url in urls)


# ---------------------------------------------------------------------------------------
# real servers


def request(port: int, path: str, body: Any = None, key: str | None = None) -> tuple[int, Any]:
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Idempotency-Key"] = key
    call = urllib.request.Request(
        f"http://127.0.0.1:{port}{path}",
        data=data,
        headers=headers,
        method="POST" if data else "GET",
    )
    try:
        with urllib.request.urlopen(call, timeout=10) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, None


@pytest.mark.parametrize("database", ["sqlite", "postgresql"])
def test_two_real_servers_start_at_once_and_keep_every_event(tmp_path: Path, database: str) -> None:
    schema = None
    if database == "postgresql":
        server_url = os.environ.get(
            "CAMPFIRE_TEST_PG_URL",
            "postgresql+psycopg://campfire:campfire@127.0.0.1:5432/campfire_test",
        )
        try:
            schema, url = empty_schema(server_url)
        except psycopg.Error:
            pytest.skip("PostgreSQL not reachable")
    else:
        url = f"sqlite:///{tmp_path / 'campfire.sqlite3'}"
    servers = [
        Server(url, cwd=tmp_path, env={"EVENT_RATE_LIMIT": "100000 per minute"}) for _ in range(2)
    ]
    ports = [server.port for server in servers]
    try:
        for server in servers:  # both started before either is waited for
            server.wait_until_up()
        status, made = request(
            ports[0],
            "/api/v1/tables",
            {
                "game": "bison",
                "players": [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}],
            },
        )
        assert status == 201
        acknowledged = []
        for n in range(20):
            port = ports[n % 2]
            # Each seat's bison go 0, 1, 0, 1…: always inside the counter's range.
            event = {
                "type": "adjust",
                "seat": n % 2,
                "counter": "bison",
                "delta": 1 if (n // 2) % 2 == 0 else -1,
            }
            status, answer = request(
                port, f"/api/v1/tables/{made['id']}/events", event, key=f"change-{n}"
            )
            assert status == 200
            acknowledged.append(answer["version"])
            # The phone did not hear the answer and sends it again, to the other server.
            again, repeat = request(
                ports[(n + 1) % 2], f"/api/v1/tables/{made['id']}/events", event, key=f"change-{n}"
            )
            assert again == 200 and repeat["version"] == answer["version"]
        status, table = request(ports[1], f"/api/v1/tables/{made['id']}")
        assert sorted(acknowledged) == list(range(1, 21)) and table["version"] == 20
    finally:
        for server in servers:
            server.stop()
        if schema is not None:
            drop_schema(server_url, schema)
