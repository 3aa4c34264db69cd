"""The one face for "a table changed" (companion.live): one announce, after commit, from
the write's own transaction; SQLite workers wake each other at once; one ``rendered``.

Two apps on one database stand for two workers; one test runs a real second process.
Every wait is bounded (``BOUND``): a wake that never comes fails the test, it never hangs.
What is asserted is that the news arrives, never how fast.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from companion_testkit import FAKE, app_config
from flask import Flask
from sqlalchemy import inspect

from companion import create_app, db, live, tables
from companion.live import _push, _versions, _wake
from companion.models import TableRow

PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]
ADJUST = {"type": "adjust", "seat": 0, "counter": "points", "delta": 1}
BOUND = 20
TESTS = Path(__file__).resolve().parents[1]


class Heard:
    """What a listening wake socket (another worker's) hears, with a bounded wait."""

    def __init__(self) -> None:
        self.items: list[tuple[str, int]] = []
        self.arrived = threading.Condition()

    def __call__(self, table_id: str, version: int) -> None:
        with self.arrived:
            self.items.append((table_id, version))
            self.arrived.notify_all()

    def wait_for(self, count: int) -> list[tuple[str, int]]:
        with self.arrived:
            self.arrived.wait_for(lambda: len(self.items) >= count, BOUND)
            return list(self.items)


@pytest.fixture
def peer(app: Flask) -> Iterator[Heard]:
    """Another worker's wake socket on ``app``'s database, listening."""
    folder = _wake.folder_for(app.config["DATABASE_URL"])
    assert folder is not None
    heard = Heard()
    other = _wake.Wake(folder)
    assert other.listen(heard)
    yield heard
    other.stop()


class Boom(Exception):
    pass


def test_a_rolled_back_write_announces_nothing(app: Flask, make_table: Any, peer: Heard) -> None:
    table = make_table()
    mine: list[tuple[str, int]] = []
    stop = _versions.subscribe(lambda t, v: mine.append((t, v)), app=app)
    _versions.for_app(app).lookup(table.id)  # known first: a refresh announces no old version
    unwatch = _versions.watch(table.id, app=app)
    try:
        with app.app_context():
            with pytest.raises(Boom), db.writing() as session:
                row = session.get(TableRow, table.id)
                assert row is not None
                row.version += 1
                live.announce(session, row)
                raise Boom  # rolled back: nobody may hear of version 1
            assert tables.get(table.id).version == 0
            tables.append(table.id, ADJUST)  # committed: told once, version 1
        assert peer.wait_for(1) == [(table.id, 1)]
        assert mine == [(table.id, 1)]
    finally:
        stop()
        unwatch()
        _push.hub(app).stop()


def test_every_change_is_announced_once_a_seat_taken_over_as_no_version(
    app: Flask, make_table: Any, peer: Heard
) -> None:
    table = make_table()
    with app.app_context():
        tables.append(table.id, ADJUST)
        tables.append(table.id, ADJUST)
        tables.undo(table.id)
        tables.take_seat(table.id, 0)
        tables.take_seat(table.id, 0, force=True)  # no new version: the map holds it open
        assert live.current(table.id) is None
        copy = tables.import_table(tables.export(table.id))
    heard = peer.wait_for(4)
    assert heard == [(table.id, 1), (table.id, 2), (table.id, 3), (copy.id, 3)]


def test_no_listener_is_registered_on_the_table_row_at_import() -> None:
    # The one announce path is ``live.announce``, in the write's transaction.
    mapper = inspect(TableRow)
    assert not mapper.dispatch.after_insert and not mapper.dispatch.after_update
    source = "\n".join(p.read_text() for p in (TESTS.parents[1] / "companion").rglob("*.py"))
    assert "listens_for(TableRow" not in source
    for module in (TESTS.parents[1] / "companion" / "tables").glob("*.py"):
        assert "versions.note(" not in module.read_text(), module.name


def test_the_stream_and_the_shortcut_know_a_table_id_as_tables_does() -> None:
    assert _push.TABLE_ID.pattern == tables.TABLE_ID.pattern


def stream(app: Flask, table_id: str) -> Iterator[str]:
    response = app.test_client().get(f"/t/{table_id}/events/stream", buffered=False)
    assert response.status_code == 200
    for chunk in response.response:
        yield chunk.decode() if isinstance(chunk, bytes) else chunk


def versions_heard(chunks: Iterator[str], until: int) -> list[int]:
    heard: list[int] = []
    for chunk in chunks:
        heard += [int(line[6:]) for line in chunk.splitlines() if line.startswith("data: ")]
        if heard and heard[-1] >= until:
            break
    return heard


def reader_app(tmp_path: Path) -> Flask:
    # Its map never refreshes by itself: only a wake can tell it of another's commit.
    return create_app(app_config(tmp_path, VERSION_REFRESH_SECONDS=3600, PUSH_STREAM_SECONDS=BOUND))


def test_sqlite_another_worker_wakes_the_stream(tmp_path: Path) -> None:
    tables.clear_cache()
    writer = create_app(app_config(tmp_path))
    reader = reader_app(tmp_path)
    try:
        with writer.app_context():
            table = tables.create(FAKE, PLAYERS)
        chunks = stream(reader, table.id)
        assert versions_heard(chunks, until=0) == [0]  # the reader's socket is bound now

        def change() -> None:
            with writer.app_context():
                tables.append(table.id, ADJUST)

        threading.Timer(0.1, change).start()
        assert versions_heard(chunks, until=1) == [1]
        peers = _push.hub(reader).peers
        assert peers is not None and peers.heard >= 1
    finally:
        live.stop(reader)
        for app in (writer, reader):
            app.extensions["campfire.db"].dispose()


#: A second process: it builds its app (imports, create_app: seconds on a loaded machine),
#: says "ready", and appends only when told "go" on stdin.
WRITER = """
import sys
sys.path.insert(0, {tests!r})
from pathlib import Path
from companion_testkit import app_config
from companion import create_app, tables
app = create_app(app_config(Path({folder!r})))
print("ready", flush=True)
if sys.stdin.readline().strip() == "go":
    with app.app_context():
        tables.append({table!r}, {event!r})
"""


def test_sqlite_another_process_wakes_the_stream(tmp_path: Path) -> None:
    tables.clear_cache()
    reader = reader_app(tmp_path)
    try:
        with reader.app_context():
            table = tables.create(FAKE, PLAYERS)
        script = WRITER.format(tests=str(TESTS), folder=str(tmp_path), table=table.id, event=ADJUST)
        # The writer starts before the stream opens: the stream's lifetime (BOUND) is for
        # the wake alone. (Started after, a writer slower to import than BOUND under load
        # let the stream end first, and the test failed with the wake still to come.)
        writer = subprocess.Popen(
            [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        assert writer.stdout is not None and writer.stdin is not None
        try:
            assert writer.stdout.readline().strip() == "ready"
            chunks = stream(reader, table.id)
            assert versions_heard(chunks, until=0) == [0]  # the reader's socket is bound now
            writer.stdin.write("go\n")
            writer.stdin.close()
            assert writer.wait(timeout=120) == 0
        finally:
            writer.kill()  # no-op once it exited
            writer.wait()
        assert versions_heard(chunks, until=1) == [1]
    finally:
        live.stop(reader)
        reader.extensions["campfire.db"].dispose()


def test_a_socket_left_by_a_dead_worker_is_removed(tmp_path: Path) -> None:
    folder = tmp_path / "db.sqlite3.live"
    folder.mkdir(mode=0o700)
    left = folder / "12345-dead.sock"
    dead = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    dead.bind(str(left))
    dead.close()  # a killed process: its socket file stays, nobody is bound to it
    _wake.Wake(folder).send("t", 1)
    assert not left.exists()


def test_a_folder_another_user_could_write_is_not_used(tmp_path: Path) -> None:
    folder = tmp_path / "open.live"
    folder.mkdir(mode=0o777)
    folder.chmod(0o777)
    assert not _wake.Wake(folder).listen(lambda _t, _v: None)


def test_a_long_database_path_wakes_through_a_short_private_folder(tmp_path: Path) -> None:
    deep = tmp_path / ("d" * 120) / "test.sqlite3"
    folder = _wake.folder_for(f"sqlite:///{deep}")
    assert folder is not None and len(str(folder)) <= _wake.MAX_FOLDER
    assert folder == _wake.folder_for(f"sqlite:///{deep}")  # every worker finds the same
    assert _wake.folder_for("sqlite://") is None
    assert _wake.folder_for("postgresql+psycopg://x/y") is None


def test_rendered_renders_a_key_once_for_every_worker(tmp_path: Path) -> None:
    one = create_app(app_config(tmp_path))
    two = create_app(app_config(tmp_path))
    with one.app_context():
        table = tables.create(FAKE, PLAYERS)
    renders: list[str] = []

    def render() -> tuple[str, bool]:
        renders.append("drawn")
        return "<div>panel</div>", True

    key = (table.id, 0, "en", None, None)
    try:
        for app in (one, one, two):
            with app.app_context():
                assert live.rendered(key, render) == "<div>panel</div>"
        assert renders == ["drawn"]  # the LRU, then the store shared on the database
        with two.app_context():
            live.rendered((table.id, 1, "en", None, None), render)
        assert len(renders) == 2  # a new version is a new key
    finally:
        for app in (one, two):
            app.extensions["campfire.db"].dispose()
