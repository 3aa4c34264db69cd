"""The schema is created and migrated automatically; an old database keeps its tables."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from companion_testkit import FAKE, app_config
from sqlalchemy import create_engine, inspect, text

from companion import create_app, db, tables
from companion.models import Base


def test_fresh_database_matches_the_models(tmp_path):
    app = create_app(app_config(tmp_path, migrated=False))  # Alembic's 9 migrations, for real
    engine = app.extensions["campfire.db"]
    with engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
        version = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
    assert diff == []
    assert version == ScriptDirectory.from_config(db.alembic_config(None)).get_current_head()
    engine.dispose()


def test_second_start_on_a_database_from_migration_0001(tmp_path):
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    old = db.make_engine(url)
    db.upgrade(old, "0001")  # the schema as the first release created it
    with old.begin() as connection:
        connection.execute(
            text(
                "INSERT INTO tables (id, join_code, game, players, settings, version, created_at)"
                " VALUES ('old-table-id', 'K7M4XR', :game, :players, '{}', 1,"
                " '2024-01-01 10:00:00')"
            ),
            {
                "game": FAKE,
                "players": '[{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]',
            },
        )
        connection.execute(
            text(
                "INSERT INTO events (table_id, seq, type, payload, seat, created_at) VALUES"
                " ('old-table-id', 1, 'adjust', :payload, 0, '2024-01-01 10:01:00')"
            ),
            {"payload": '{"type": "adjust", "seat": 1, "counter": "points", "delta": 5}'},
        )
    assert "updated_at" not in {c["name"] for c in inspect(old).get_columns("tables")}
    old.dispose()

    for _start in range(2):  # the upgrade runs on start, and a further start is a no-op
        app = create_app(app_config(tmp_path, DATABASE_URL=url))
        engine = app.extensions["campfire.db"]
        assert "updated_at" in {c["name"] for c in inspect(engine).get_columns("tables")}
        tables.clear_cache()
        with app.app_context():
            table = tables.get("old-table-id")
            assert table.counters() == [{"points": 10}, {"points": 15}]
            assert tables.find_by_code("k7m4xr") == "old-table-id"
        engine.dispose()
    with app.app_context():
        table = tables.append(
            "old-table-id", {"type": "adjust", "seat": 0, "counter": "points", "delta": 1}
        )
    assert table.version == 2
    create_engine(url).dispose()


def test_postgresql_schema_matches_the_models(tmp_path, pg_url):
    app = create_app(app_config(tmp_path, DATABASE_URL=pg_url))
    engine = app.extensions["campfire.db"]
    with engine.connect() as connection:
        diff = compare_metadata(MigrationContext.configure(connection), Base.metadata)
    assert diff == []
    engine.dispose()
