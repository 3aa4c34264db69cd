"""What a "nothing changed" poll costs next to the framework floor, and what reading a long
game costs after another process changed it.

* **Poll cost.** Two servers on the same configuration as ``campfire serve`` (gunicorn,
  gevent workers, 2 workers) and the same database: the companion, and an *anchor*: a
  bare Flask app that answers 204 after one primary-key SELECT of the table's version.
  The same load (keep-alive connections polling as fast as they can, on 127.0.0.1 only)
  is run against each in turn, twice; P is the companion's 204 throughput over the
  anchor's (the better of the two rounds each).
* **Phones.** N phones (default 2,000) each poll the companion every 2 s for a while, while
  W changes a second (default 10) are made to other tables through the API; the
  latencies' p50/p99 are printed, beside the p99 inside the workers (gunicorn's access
  log) and the load generator's own loop lag (a starved generator adds it to what it
  measures).
* **Fold after 3000 events.** A table with 3,000 events; a second app on the same database
  (another process) appends one; the first app, whose cache lacks that version, reads the
  table: M is the median time of that read (the snapshot path), beside the full re-fold it
  replaces.
* **Render after a change.** A Dog's Life with 5 dogs; the first worker changes it and
  renders the panel; the second worker's poll is timed rendering the panel itself (the
  shared render store off), then reading the first one's render from the store.
* **Import.** A 5,000-pair adjust/undo export imported once (the time is printed).

    .venv/bin/python bench/poll_cost.py [--postgres URL] [--phones 2000] [--writes 10]
        [--seconds 5]

``measure(...)`` returns the summary line (bench/sync_load.py prints it too):
``poll cost: ratio P (poll / bare-app 204 throughput, same server config); fold after 3000
events M ms``.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from _kit import percentile, start_server, stop_server

ROOT = Path(__file__).resolve().parents[1]
DOG_COLOURS = ["red", "blue", "green", "yellow", "purple"]
PLAYERS = [
    {"name": n, "color": c}
    for n, c in [("Ann", "red"), ("Ben", "blue"), ("Cho", "green"), ("Dan", "yellow")]
]
SERVER = """
import sys
from campfire.commands import serve
options = serve.gunicorn_options(serve.argparse.Namespace(
    host="127.0.0.1", port=int(sys.argv[1]), workers=2, connections=1000))
if len(sys.argv) > 3:  # each request's time in the worker, in microseconds
    options.update(accesslog=sys.argv[3], access_log_format="%(m)s %(D)s")
if sys.argv[2] == "anchor":
    options.pop("post_worker_init")  # the floor has no print pool to start
    sys.path.insert(0, {bench!r})
    from poll_cost import anchor_app as make
else:
    from companion import create_app as make
    serve.prepare()
serve.build_server(make, options).run()
"""


def anchor_app() -> Any:
    """The floor: Flask answering 204 after one primary-key SELECT on the same database
    (the companion's engine set-up: the same pool, WAL, busy timeout)."""
    from flask import Flask, Response
    from sqlalchemy import text

    from companion import db

    app = Flask("anchor")
    engine = db.make_engine(os.environ["DATABASE_URL"])
    query = text("SELECT version FROM tables WHERE id = :id")

    @app.get("/t/<table_id>")
    def poll(table_id: str) -> Response:
        with engine.connect() as connection:
            connection.execute(query, {"id": table_id}).scalar()
        return Response(status=204)

    return app


# ---------------------------------------------------------------------------------------
# servers


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start(
    kind: str, database_url: str, folder: Path, access_log: Path | None = None
) -> tuple[Any, int]:
    """A server (``anchor`` or ``companion``) and its port; ``access_log``: a file for the
    time of each request within the worker (costs a write per request)."""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "SECRET_KEY": "b" * 40,
        "PYTHONPATH": str(ROOT),
        "EVENT_RATE_LIMIT": "1000000 per minute",  # the phones run's writer is one address
    }
    argv = [sys.executable, "-c", SERVER.format(bench=str(ROOT / "bench")), str(port), kind]
    if access_log:
        argv.append(str(access_log))
    process = start_server(argv, folder, env, lambda: listening(port), f"{kind} server")
    return process, port


def listening(port: int) -> bool:
    with socket.create_connection(("127.0.0.1", port), timeout=1):
        return True


# ---------------------------------------------------------------------------------------
# load (a subprocess with gevent: thousands of keep-alive connections, loopback only)

CLIENT = """
from gevent import monkey; monkey.patch_all()
import json, sys
sys.path.insert(0, {bench!r})
from poll_cost import client_main
print(json.dumps(client_main(json.loads(sys.argv[1]))))
"""


def _ask(sock: socket.socket, request: bytes) -> int:
    sock.sendall(request)
    data = b""
    for _ in range(10_000):  # bounded: a response is a few reads
        if b"\r\n\r\n" in data:
            break
        chunk = sock.recv(65536)
        if not chunk:
            raise OSError("closed")
        data += chunk
    head, _sep, rest = data.partition(b"\r\n\r\n")
    status = int(head[9:12])
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _colon, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value)
    for _ in range(100_000):
        if len(rest) >= length:
            break
        chunk = sock.recv(65536)
        if not chunk:
            raise OSError("closed")
        rest += chunk
    return status


def client_main(job: dict[str, Any]) -> dict[str, Any]:
    """Run in the gevent subprocess: ``flood`` (as fast as possible) or ``phones``."""
    import gevent

    port, path, seconds = job["port"], job["path"], job["seconds"]
    request = (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nHX-Request: true\r\n\r\n"
    ).encode()
    statuses: dict[int, int] = {}
    latencies: list[float] = []
    warmup: list[float] = []
    errors = 0
    end = time.monotonic() + seconds

    def connection() -> socket.socket:
        return socket.create_connection(("127.0.0.1", port), timeout=10)

    def flood() -> None:
        nonlocal errors
        sock = connection()
        try:
            while time.monotonic() < end:
                status = _ask(sock, request)
                statuses[status] = statuses.get(status, 0) + 1
        except OSError:
            errors += 1
        finally:
            sock.close()

    def phone(offset: float) -> None:
        nonlocal errors
        gevent.sleep(offset)
        sock = None
        tick = time.monotonic()
        first = True  # the first poll opens the connection: counted apart (warm-up)
        while tick < end:
            began = time.monotonic()
            try:
                if sock is None:
                    sock = connection()
                status = _ask(sock, request)
                statuses[status] = statuses.get(status, 0) + 1
                (warmup if first else latencies).append((time.monotonic() - began) * 1000)
                first = False
            except OSError:
                errors += 1
                if sock is not None:
                    sock.close()
                sock = None
            tick += job["every"]
            gevent.sleep(max(0.0, tick - time.monotonic()))
        if sock is not None:
            sock.close()

    lag: list[float] = []

    def loop_lag() -> None:
        """How late this load generator's own loop wakes (a starved generator adds it to
        every latency it measures)."""
        while time.monotonic() < end:
            began = time.monotonic()
            gevent.sleep(0.005)
            lag.append((time.monotonic() - began - 0.005) * 1000)

    writes: dict[int, int] = {}

    def writer() -> None:
        """Changes to other tables through the API, ``job["writes"]`` a second: the
        workers' writes take turns on the database while the polls are answered."""
        nonlocal errors
        sock, n = None, 0
        tick = time.monotonic()
        while tick < end and job.get("writes"):
            # A public change: a herd is changed by its own seat's phone only (issue 27).
            count = n // len(job["others"]) % 2
            body = json.dumps({"type": "set_taken", "seat": 0, "count": count})
            other = job["others"][n % len(job["others"])]
            post = (
                f"POST /api/v1/tables/{other}/events HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
                f"{body}"
            ).encode()
            try:
                sock = sock or connection()
                status = _ask(sock, post)
                writes[status] = writes.get(status, 0) + 1
            except OSError:
                errors += 1
                sock = None
            n += 1
            tick += 1 / job["writes"]
            gevent.sleep(max(0.0, tick - time.monotonic()))

    if job["mode"] == "flood":
        workers = [gevent.spawn(flood) for _ in range(job["connections"])]
    else:
        count = job["phones"]
        workers = [gevent.spawn(phone, job["every"] * n / count) for n in range(count)]
        workers += [gevent.spawn(loop_lag), gevent.spawn(writer)]
    gevent.joinall(workers, timeout=seconds + 30)
    gevent.killall(workers, timeout=5)
    return {
        "statuses": statuses,
        "latencies": latencies,
        "errors": errors,
        "seconds": seconds,
        "warmup": warmup,
        "lag": percentile(lag, 0.99),
        "writes": writes,
    }


def load(job: dict[str, Any]) -> dict[str, Any]:
    code = CLIENT.format(bench=str(ROOT / "bench"))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", code, json.dumps(job)],
        env=env,
        capture_output=True,
        text=True,
        timeout=job["seconds"] + 120,
        check=True,
    )
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


# ---------------------------------------------------------------------------------------
# in-process figures: a long game's read after another process's change, an import


def _app(database_url: str, **extra: Any) -> Any:
    from companion import create_app

    return create_app(
        {"SECRET_KEY": "b" * 40, "DATABASE_URL": database_url, "WTF_CSRF_ENABLED": False, **extra}
    )


def _long_export(pairs: int, changes: int) -> dict[str, Any]:
    """A Lion Square export: ``changes`` herd adjusts, then ``pairs`` adjust/undo pairs."""
    from companion.tables.transfer import export_document

    stamp = "2026-01-01T00:00:00+00:00"
    events: list[dict[str, Any]] = []
    for n in range(changes):
        delta = -1 if n % 2 == 0 else 1
        events.append(
            {
                "seq": len(events) + 1,
                "seat": 0,
                "created_at": stamp,
                "event": {"type": "adjust", "seat": n // 2 % 4, "counter": "herd", "delta": delta},
            }
        )
    for _ in range(pairs):
        events.append(
            {
                "seq": len(events) + 1,
                "seat": 0,
                "created_at": stamp,
                "event": {"type": "adjust", "seat": 0, "counter": "herd", "delta": -1},
            }
        )
        events.append(
            {"seq": len(events) + 1, "seat": 0, "created_at": stamp, "undoes": len(events)}
        )
    return export_document("lion-square", list(PLAYERS), {}, stamp, events)


def fold_after(
    database_url: str, events: int = 3000, rounds: int = 15
) -> tuple[float, float, float, float]:
    """(median ms of the read after another process's change, ms of the full re-fold it
    replaces, import ms of 5,000 pairs, median ms of a bare one-query read transaction)."""
    from companion import tables

    reader, writer = _app(database_url), _app(database_url)
    with writer.app_context():
        began = time.perf_counter()
        tables.import_table(_long_export(5000, 0))
        imported = (time.perf_counter() - began) * 1000
        table_id = tables.import_table(_long_export(0, events)).id
    adjust = {"type": "adjust", "seat": 0, "counter": "herd", "delta": 1}
    times = []
    for n in range(rounds):
        with writer.app_context():
            tables.append(table_id, {**adjust, "delta": -1 if n % 2 == 0 else 1})
        tables.clear_cache()  # the reader process never saw this version
        with reader.app_context():
            began = time.perf_counter()
            tables.get(table_id)
            times.append((time.perf_counter() - began) * 1000)
    bare = []
    with reader.app_context():
        for _ in range(rounds):
            began = time.perf_counter()
            tables.version(table_id)
            bare.append((time.perf_counter() - began) * 1000)
    with reader.app_context():
        from companion import db
        from companion.models import EventRow, TableRow
        from companion.tables import fold

        with db.reading() as session:
            row = session.get(TableRow, table_id)
            assert row is not None
            rows = session.query(EventRow).filter_by(table_id=table_id).order_by(EventRow.seq).all()
            began = time.perf_counter()
            fold.fold_events(row, rows)
            full = (time.perf_counter() - began) * 1000
    for app in (reader, writer):
        app.extensions["campfire.db"].dispose()
    return statistics.median(times), full, imported, statistics.median(bare)


def render_after_change(database_url: str, rounds: int = 15) -> tuple[float, float]:
    """(median ms, median ms) of the second worker's answer to a poll after the first
    worker's change, A Dog's Life with 5 dogs: rendering the panel itself (the store off),
    then reading the first worker's render from the shared store. Three apps on one
    database stand for the workers; the fold cache is dropped before each timed poll, as
    the second worker never folded that version."""
    from companion import tables
    from companion.live import _versions as versions

    first, second = _app(database_url), _app(database_url)
    alone = _app(database_url, PANEL_RENDER_STORE=False)  # the second worker, before
    players = [{"name": f"P{n}", "color": c} for n, c in enumerate(DOG_COLOURS)]
    with first.app_context():
        table_id = tables.create("dogs-life", players).id
    htmx = {"HX-Request": "true"}
    before, after = [], []
    for n in range(rounds):
        change = {"type": "adjust", "seat": n % 5, "counter": "hunger", "delta": n // 5 % 2 * 2 - 1}
        with first.app_context():
            version = tables.append(table_id, change).version
        first.test_client().get(f"/t/{table_id}?v={version - 1}", headers=htmx)  # renders it
        for app, times in ((alone, before), (second, after)):
            tables.clear_cache()
            versions.for_app(app).refresh()  # it has heard of the change (its next poll)
            client = app.test_client()
            began = time.perf_counter()
            answer = client.get(f"/t/{table_id}?v={version - 1}", headers=htmx)
            times.append((time.perf_counter() - began) * 1000)
            assert answer.status_code == 200, answer.status_code
    for app in (first, second, alone):
        app.extensions["campfire.db"].dispose()
    return statistics.median(before), statistics.median(after)


# ---------------------------------------------------------------------------------------


def phones_latency(
    database_url: str, folder: Path, path: str, phones: int, seconds: float, writes: float
) -> tuple[Any, ...]:
    """``phones`` phones polling ``path`` every 2 s on a companion server of its own (its
    access log gives each poll's time inside the worker), while ``writes`` changes a
    second are made to 20 other tables through the API: (phones, polls timed, p50, p99,
    errors, first polls' p99, the server's own p99, the load generator's loop lag p99,
    the writes' statuses, the machine's load average), in ms. A p99 far above the
    workers' own, on a machine whose load average exceeds its cores, is the machine's
    (the server and the generator waiting for a CPU), not the server's."""
    from companion import tables

    app = _app(database_url)
    with app.app_context():
        others = [tables.create("lion-square", PLAYERS).id for _ in range(20)]
    app.extensions["campfire.db"].dispose()
    log = folder / "phones-access.log"
    server = start("companion", database_url, folder, access_log=log)
    try:
        result = load(
            {
                "mode": "phones",
                "port": server[1],
                "path": path,
                "seconds": seconds,
                "phones": phones,
                "every": 2.0,
                "writes": writes,
                "others": others,
            }
        )
    finally:
        stop_server(server[0])
    inside = [  # the polls' times (the writes' are their own)
        int(line[4:]) / 1000 for line in log.read_text().splitlines() if line.startswith("GET ")
    ]
    return (
        phones,
        len(result["latencies"]),
        percentile(result["latencies"], 0.5),
        percentile(result["latencies"], 0.99),
        result["errors"],
        percentile(result["warmup"], 0.99),
        percentile(inside, 0.99),
        result["lag"],
        result["writes"],
        os.getloadavg()[0],
    )


def poll_ratio(
    database_url: str,
    folder: Path,
    seconds: float,
    connections: int,
    phones: int,
    writes: float = 0.0,
) -> tuple[float, dict[str, Any]]:
    from companion import tables

    app = _app(database_url)
    with app.app_context():
        table_id = tables.create("lion-square", PLAYERS).id
    app.extensions["campfire.db"].dispose()
    best = {"anchor": 0.0, "companion": 0.0}
    details: dict[str, Any] = {}
    servers = {kind: start(kind, database_url, folder) for kind in ("anchor", "companion")}
    try:
        paths = {"anchor": f"/t/{table_id}", "companion": f"/t/{table_id}?v=0"}
        for kind in best:  # warm up
            load(
                {
                    "mode": "flood",
                    "port": servers[kind][1],
                    "path": paths[kind],
                    "seconds": 1,
                    "connections": 10,
                }
            )
        for _round in range(2):
            for kind in best:
                result = load(
                    {
                        "mode": "flood",
                        "port": servers[kind][1],
                        "path": paths[kind],
                        "seconds": seconds,
                        "connections": connections,
                    }
                )
                ok = result["statuses"].get("204", 0)
                best[kind] = max(best[kind], ok / seconds)
                details[f"{kind} statuses"] = result["statuses"]
    finally:
        for process, _port in servers.values():
            stop_server(process)
    details["throughput"] = best
    if phones:
        details["phones"] = phones_latency(
            database_url, folder, paths["companion"], phones, max(seconds, 6.0), writes
        )
    return best["companion"] / best["anchor"] if best["anchor"] else float("nan"), details


def measure(
    postgres: str | None = None,
    *,
    seconds: float = 4.0,
    connections: int = 50,
    phones: int = 0,
    writes: float = 0.0,
    verbose: bool = False,
) -> str:
    """The summary line, on SQLite (a fresh file) and, given ``postgres`` (a database or
    search_path of its own), on PostgreSQL."""
    ratios: list[float] = []
    folds: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        urls = [("SQLite", f"sqlite:///{Path(folder) / 'poll.sqlite3'}")]
        if postgres:
            urls.append(("PostgreSQL", postgres))
        for name, url in urls:
            ratio, details = poll_ratio(url, Path(folder), seconds, connections, phones, writes)
            fold, full, imported, bare = fold_after(url)
            rendered, shared = render_after_change(url)
            ratios.append(ratio)
            folds.append(fold)
            if verbose:
                anchor, companion = (details["throughput"][k] for k in ("anchor", "companion"))
                print(
                    f"{name}: anchor {anchor:.0f}/s, companion poll {companion:.0f}/s "
                    f"({connections} keep-alive connections) -> ratio {ratio:.2f}; "
                    f"statuses {details.get('companion statuses')}",
                    flush=True,
                )
                if "phones" in details:
                    count, answered, p50, p99, errors, first, inside, lag, wrote, busy = details[
                        "phones"
                    ]
                    print(
                        f"{name}: {count} phones polling every 2 s, {writes:g} changes a "
                        f"second to other tables ({wrote}): {answered} polls "
                        f"after each phone's first, p50 {p50:.1f} ms, p99 {p99:.1f} ms, "
                        f"{errors} errors (first polls, connecting: p99 {first:.0f} ms); "
                        f"inside the workers p99 {inside:.2f} ms; the load generator's "
                        f"loop lag p99 {lag:.1f} ms; load average {busy:.1f} on "
                        f"{os.cpu_count()} cores",
                        flush=True,
                    )
                print(
                    f"{name}: read after another process's change at 3000 events "
                    f"{fold:.2f} ms (a bare one-query read {bare:.2f} ms; the full re-fold "
                    f"it replaces {full:.1f} ms); import of 5,000 "
                    f"adjust/undo pairs {imported:.0f} ms",
                    flush=True,
                )
                print(
                    f"{name}: the second worker's poll after a change (A Dog's Life, 5 dogs): "
                    f"rendering the panel {rendered:.1f} ms, reading the first worker's render "
                    f"from the shared store {shared:.1f} ms (x{rendered / shared:.1f} less)",
                    flush=True,
                )
    # The worst of the databases measured (each is printed above with ``verbose``).
    return (
        f"poll cost: ratio {min(ratios):.2f} (poll / bare-app 204 throughput, same "
        f"server config); fold after 3000 events {max(folds):.1f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--postgres",
        metavar="URL",
        help="a PostgreSQL DATABASE_URL of a database (or search_path) of its own",
    )
    parser.add_argument("--seconds", type=float, default=4.0, help="per throughput round")
    parser.add_argument("--connections", type=int, default=50)
    parser.add_argument(
        "--phones", type=int, default=2000, help="phones polling every 2 s (0: skip)"
    )
    parser.add_argument(
        "--writes",
        type=float,
        default=10.0,
        help="changes a second to other tables while the phones poll (0: none)",
    )
    args = parser.parse_args()
    print(
        measure(
            args.postgres,
            seconds=args.seconds,
            connections=args.connections,
            phones=args.phones,
            writes=args.writes,
            verbose=True,
        )
    )


if __name__ == "__main__":
    main()
