"""Fixtures for the companion tests (platform and panels).

``app`` is a fresh companion on a temporary SQLite file with CSRF off (the CSRF tests turn
it back on) and the real games plus the test game ``counters-test``
(companion_fake_game.py). ``client`` is its test client; ``make_table`` creates a table
through the service; ``csrf_client`` is a client of an app with CSRF on.
The configuration and the request helpers the tests import are companion_testkit.py.
``pg_url`` is a PostgreSQL database URL for the concurrency tests (skips when no server
answers, unless CAMPFIRE_REQUIRE_PG=1). ``any_app`` is the companion on SQLite, then on
PostgreSQL, inside an app context.
"""

from __future__ import annotations

import os
import subprocess
import uuid
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from companion_testkit import FAKE, app_config
from flask import Flask
from flask.testing import FlaskClient

from companion import create_app, tables

PG_DEFAULT = "postgresql+psycopg://campfire:campfire@127.0.0.1:5432/campfire_test"


@pytest.fixture
def app(tmp_path: Any) -> Iterator[Flask]:
    tables.clear_cache()
    app = create_app(app_config(tmp_path))
    yield app
    app.extensions["campfire.db"].dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def make_table(app: Flask) -> Callable[..., tables.TableView]:
    """``make_table(game="counters-test", players=2, settings=None)``."""

    def make(
        game: str = FAKE,
        players: int | list[dict[str, str]] = 2,
        settings: dict[str, Any] | None = None,
    ) -> tables.TableView:
        if isinstance(players, int):
            names = ["Ann", "Ben", "Cho", "Dan", "Eve", "Fay"]
            colours = ["red", "blue", "green", "yellow", "purple", "black"]
            players = [{"name": names[i], "color": colours[i]} for i in range(players)]
        with app.app_context():
            return tables.create(game, players, settings)

    return make


# ---------------------------------------------------------------------------------------
# PostgreSQL


def _pg_reachable(url: str) -> bool:
    import psycopg

    try:
        psycopg.connect(url.replace("postgresql+psycopg", "postgresql"), connect_timeout=3).close()
    except psycopg.Error:
        return False
    return True


def _pg_bootstrap() -> None:
    """Create the test role and database (as the postgres superuser, via the socket)."""
    sql = (
        "DO $$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'campfire') THEN "
        "CREATE ROLE campfire LOGIN PASSWORD 'campfire'; END IF; END $$;"
    )
    for statement in (sql, "CREATE DATABASE campfire_test OWNER campfire;"):
        # SQL on stdin: no shell quoting of the $$ body.
        subprocess.run(
            ["su", "postgres", "-c", "psql -q"],
            input=statement,
            text=True,
            capture_output=True,
            timeout=30,
            check=False,
        )


@pytest.fixture(scope="session")
def pg_server_url() -> str:
    url = os.environ.get("CAMPFIRE_TEST_PG_URL", PG_DEFAULT)
    if not _pg_reachable(url) and os.geteuid() == 0:
        _pg_bootstrap()
    if not _pg_reachable(url):
        message = f"PostgreSQL not reachable at {url.split('@')[-1]}"
        if os.environ.get("CAMPFIRE_REQUIRE_PG") == "1":
            pytest.fail(message + " and CAMPFIRE_REQUIRE_PG=1")
        pytest.skip(message)
    return url


@pytest.fixture
def pg_url(pg_server_url: str) -> Iterator[str]:
    """The test database with an empty schema of its own for this test."""
    import psycopg

    schema = "t_" + uuid.uuid4().hex[:12]
    raw = pg_server_url.replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(raw, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")
    # libpq "options" puts every connection of this URL into the test's own schema.
    yield f"{pg_server_url}?options=-csearch_path%3D{schema}"
    with psycopg.connect(raw, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture(params=["sqlite", "postgresql"])
def any_app(request: Any, tmp_path: Any) -> Iterator[Flask]:
    """The companion on SQLite, then on PostgreSQL (skipped when no server answers), with
    an app context pushed."""
    extra = {}
    if request.param == "postgresql":
        extra["DATABASE_URL"] = request.getfixturevalue("pg_url")
    tables.clear_cache()
    app = create_app(app_config(tmp_path, **extra))
    with app.app_context():
        yield app
    app.extensions["campfire.db"].dispose()
