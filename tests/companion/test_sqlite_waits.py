"""Waiting for SQLite's write lock (companion.db.begin_immediate).

In a gevent worker SQLite's own busy handler sleeps inside C and stalls every greenlet of
the process; there the wait is short tries and cooperative sleeps instead, so a worker
waiting for another process's write still answers its polls. A bounded wait (a render
store's) gives up with SQLAlchemy's usual error, and the connection's normal busy timeout
is back afterwards.
"""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy.exc import OperationalError

from companion import db

ROOT = Path(__file__).resolve().parents[2]


def locked_database(tmp_path: Path) -> tuple[Any, sqlite3.Connection]:
    url = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    engine = db.make_engine(url)
    with engine.begin() as connection:
        connection.exec_driver_sql("CREATE TABLE t (a INTEGER)")
    holder = sqlite3.connect(tmp_path / "w.sqlite3", isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process writing
    return engine, holder


def busy_timeout(connection: Any) -> int:
    raw = connection.connection.driver_connection
    return int(raw.execute("PRAGMA busy_timeout").fetchone()[0])


@pytest.mark.parametrize("yielding", [True, False])
def test_a_bounded_wait_gives_up_with_the_usual_error(tmp_path: Path, yielding: bool) -> None:
    engine, holder = locked_database(tmp_path)
    with engine.connect() as connection:
        with pytest.raises(OperationalError, match="locked"):
            db.begin_immediate(connection, 0.05, yielding=yielding)
        assert busy_timeout(connection) == db.BUSY_TIMEOUT * 1000
    holder.execute("ROLLBACK")
    engine.dispose()


def test_a_bounded_wait_gets_the_lock_once_it_is_free(tmp_path: Path) -> None:
    engine, holder = locked_database(tmp_path)
    got = threading.Event()

    def write() -> None:
        with engine.execution_options(**db.write_options(10)).begin() as connection:
            got.set()
            connection.exec_driver_sql("INSERT INTO t VALUES (1)")

    writer = threading.Thread(target=write)
    writer.start()
    assert not got.wait(0.1)  # waiting: the lock is held
    holder.execute("COMMIT")
    writer.join(timeout=30)
    assert got.is_set()
    with engine.connect() as connection:
        assert connection.exec_driver_sql("SELECT count(*) FROM t").scalar() == 1
    engine.dispose()


GEVENT_WORKER = """
from gevent import monkey; monkey.patch_all()
import json, sqlite3, sys, time
import gevent
from companion import db

path = sys.argv[1]
engine = db.make_engine("sqlite:///" + path)
with engine.begin() as connection:
    connection.exec_driver_sql("CREATE TABLE t (a INTEGER)")
holder = sqlite3.connect(path, isolation_level=None)
holder.execute("BEGIN IMMEDIATE")  # another process's write
ticks_before_lock = []
ticks = 0

def poller():  # the worker's other greenlets: phones polling
    global ticks
    while ticks < 1000:
        ticks += 1
        gevent.sleep(0.001)

def writer():
    with engine.execution_options(**db.WRITE).begin() as connection:
        ticks_before_lock.append(ticks)
        connection.exec_driver_sql("INSERT INTO t VALUES (1)")

def other_process():  # lets go of the lock once the pollers have run a while
    while ticks < 20:
        gevent.sleep(0.001)
    holder.execute("COMMIT")

gevent.joinall([gevent.spawn(poller), gevent.spawn(writer), gevent.spawn(other_process)])
print(json.dumps({"ticks_before_lock": ticks_before_lock}))
"""


def test_a_gevent_worker_waiting_for_the_write_lock_keeps_answering(tmp_path: Path) -> None:
    """With SQLite's busy handler the writer would stall the hub: the pollers could not
    run, the other process would never let go (it waits for them) and the write would
    fail after the whole busy timeout."""
    done = subprocess.run(
        [sys.executable, "-c", GEVENT_WORKER, str(tmp_path / "g.sqlite3")],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        check=True,
    )
    ticks = json.loads(done.stdout.strip().splitlines()[-1])["ticks_before_lock"]
    assert ticks and ticks[0] >= 20  # the pollers ran while the writer waited
