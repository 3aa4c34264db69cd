"""Round trips to PostgreSQL on the live path, counted by libpq's own trace.

Two apps on one database stand for two server processes. For each of 20 changes made
through the first app's JSON API, two phones of the second app ask for the table's panel
with the version they show (``?v=``), as a pushed phone does: the first renders the new
version in that process, the second is served from its cache. Every connection of both
apps writes libpq's trace (``PQtrace``); a round trip is a message that asks the server
to answer (``Sync`` after an extended query, or a simple ``Query``). Printed: the round
trips per change of the change itself, the first phone's fetch, the storing of its render
once its answer went out, and the second phone's fetch.

    .venv/bin/python bench/pg_round_trips.py [--postgres URL]

A schema of its own is made in the database and dropped at the end.
"""

from __future__ import annotations

import argparse
import logging
import sys
import tempfile
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PG_DEFAULT = "postgresql+psycopg://campfire:campfire@127.0.0.1:5432/campfire_test"
PLAYERS = [
    {"name": n, "color": c}
    for n, c in [("Ann", "red"), ("Ben", "blue"), ("Cho", "green"), ("Dan", "yellow")]
]
CHANGES = 20
HTMX = {"HX-Request": "true"}


def round_trips(trace: Path) -> int:
    count = 0
    for line in trace.read_text().splitlines():
        fields = line.split("\t")
        if len(fields) > 2 and fields[0] == "F" and fields[2].startswith(("Sync", "Query")):
            count += 1
    return count


def measure(url: str, trace: Path) -> dict[str, float]:
    from psycopg import pq
    from sqlalchemy import event

    from companion import create_app

    config = {"SECRET_KEY": "round-trips-bench-secret-key-0123456789", "DATABASE_URL": url}
    apps = [create_app({**config, "TESTING": True}) for _ in range(2)]
    out = trace.open("w")
    for app in apps:
        engine = app.extensions["campfire.db"]
        engine.dispose()  # the connections made while migrating: not traced

        @event.listens_for(engine, "connect")
        def traced(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.pgconn.trace(out.fileno())
            dbapi_connection.pgconn.set_trace_flags(
                pq.Trace.SUPPRESS_TIMESTAMPS | pq.Trace.REGRESS_MODE
            )

    api = apps[0].test_client()
    created = api.post("/api/v1/tables", json={"game": "lion-square", "players": PLAYERS})
    table_id = created.get_json()["id"]
    phones = [apps[1].test_client(), apps[1].test_client()]
    for phone in phones:
        phone.get(f"/t/{table_id}")
    totals = dict.fromkeys(("change", "first phone", "storing its render", "second phone"), 0)

    def now() -> int:
        out.flush()
        return round_trips(trace)

    for turn in range(CHANGES):
        start = now()
        event_ = {"type": "set_taken", "seat": turn % 4, "count": (turn // 4) % 2}
        version = api.post(f"/api/v1/tables/{table_id}/events", json=event_).get_json()["version"]
        changed = now()
        answer = phones[0].get(f"/t/{table_id}?v={version - 1}", headers=HTMX)
        first = now()
        answer.close()  # the answer went out: its render is stored now
        stored = now()
        phones[1].get(f"/t/{table_id}?v={version - 1}", headers=HTMX, buffered=True)
        second = now()
        totals["change"] += changed - start
        totals["first phone"] += first - changed
        totals["storing its render"] += stored - first
        totals["second phone"] += second - stored
    for app in apps:
        app.extensions["campfire.db"].dispose()
    out.close()
    return {name: total / CHANGES for name, total in totals.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--postgres", metavar="URL", default=PG_DEFAULT)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    logging.disable(logging.WARNING)
    import psycopg

    raw = args.postgres.replace("postgresql+psycopg", "postgresql")
    schema = "rt_" + uuid.uuid4().hex[:10]
    with psycopg.connect(raw, autocommit=True) as connection:
        connection.execute(f"CREATE SCHEMA {schema}")
    joiner = "&" if "?" in args.postgres else "?"
    try:
        with tempfile.TemporaryDirectory() as folder:
            found = measure(
                f"{args.postgres}{joiner}options=-csearch_path%3D{schema}",
                Path(folder) / "libpq.trace",
            )
    finally:
        with psycopg.connect(raw, autocommit=True) as connection:
            connection.execute(f"DROP SCHEMA {schema} CASCADE")
    print(
        "round trips per change: "
        + ", ".join(f"{name} {count:.1f}" for name, count in found.items())
        + f" ({CHANGES} changes)"
    )


if __name__ == "__main__":
    main()
