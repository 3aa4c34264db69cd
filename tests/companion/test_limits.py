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

from companion import create_app, db, tables
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
