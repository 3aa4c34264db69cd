"""Live-sync load: 200 phones polling, one change per table per second.

Starts the companion the way ``campfire serve`` does (gunicorn, gevent workers, the same
options) on 127.0.0.1 with a fresh temporary SQLite database, in a child process running
this file with ``--serve``. The served app is the real one plus one route of the benchmark
only, ``/bench/bare``: a bare 204, the floor any poll could reach on this server.

Then, for ``--seconds`` (default 20):

* ``--tables`` tables (default 40) of A Dog's Life with ``--phones`` seats (default 5),
  created through the JSON API;
* every phone polls ``/t/<id>/poll?v=<version>`` every ``--interval`` s (default 2), as
  app.js and htmx do (``HX-Request: true``), and when the answer is a fresh panel reads
  its new ``data-version``;
* every table gets one change per second: ``POST /api/v1/tables/<id>/events`` with the
  generic ``adjust`` (hunger −1 / +1 in turn).

Last, a side-by-side phase (``--saturate`` s, default 5): ``--clients`` connections ask the
poll endpoint (version unchanged: 204 after one indexed read) as fast as they can while as
many ask the bare 204, at the same time on the same server; the ratio of their throughputs
is what the poll's database read and routing cost.

Prints p50/p99 latency of polls and of changes, error counts, the size of the fresh panels
the polls got, and the throughputs and ratio.
Loopback only; every loop is bounded by time; the server is stopped at the end.
Run: ``.venv/bin/python bench/sync_load.py [--seconds 20]``.

The load generator is stdlib threads with ``http.client`` keep-alive connections, on the
same machine as the server: on a small machine the client's own CPU share caps the
side-by-side throughputs (both equally), so read the ratio, not the absolute numbers.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
VERSION = re.compile(rb'data-version="(\d+)"')
NAMES = ["Ann", "Ben", "Cho", "Dan", "Eve", "Fay"]
COLOURS = ["red", "blue", "green", "yellow", "purple", "orange"]


# ---------------------------------------------------------------------------------------
# the server (child process)


def bench_app(database: str) -> Any:
    """The companion as ``campfire serve`` builds it, plus the benchmark's bare 204."""
    from flask import Response

    from companion import create_app

    app = create_app({
        "SECRET_KEY": "sync-load-benchmark-secret-key-0123456789",
        "DATABASE_URL": f"sqlite:///{database}",
        "CREATE_RATE_LIMIT": "100000 per minute",
        "JOIN_RATE_LIMIT": "100000 per minute",
    })
    app.debug = False
    app.add_url_rule("/bench/bare", "bench_bare",
                     lambda: Response(status=204, headers={"Cache-Control": "no-store"}))
    return app


def serve(port: int, database: str, workers: int, connections: int) -> None:
    from campfire.commands.serve import build_server, gunicorn_options

    options = gunicorn_options(argparse.Namespace(host=HOST, port=port, workers=workers,
                                                  connections=connections))
    bench_app(database).extensions["campfire.db"].dispose()  # migrate once, before workers
    build_server(lambda: bench_app(database), options).run()


# ---------------------------------------------------------------------------------------
# the load (parent process)


@dataclass
class Samples:
    """Latencies (seconds) and errors of one kind of request, shared by many threads."""

    latencies: list[float] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)  # bytes of the fresh panels (polls)
    errors: int = 0
    error_kinds: dict[str, int] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def ok(self, seconds: float, size: int | None = None) -> None:
        with self.lock:
            self.latencies.append(seconds)
            if size is not None:
                self.sizes.append(size)

    def fail(self, kind: str) -> None:
        with self.lock:
            self.errors += 1
            self.error_kinds[kind] = self.error_kinds.get(kind, 0) + 1


class Client:
    """One keep-alive connection (a phone), reopened after a failure."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.conn: http.client.HTTPConnection | None = None

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict[str, str] | None = None) -> tuple[int, bytes]:
        # gunicorn closes a keep-alive connection idle for 2 s, the poll interval, so a
        # reused connection may be gone: like a browser, retry once on a fresh one.
        reused = self.conn is not None
        try:
            return self._send(method, path, body, headers)
        except (OSError, http.client.HTTPException):
            self.close()
            if not reused:
                raise
        try:
            return self._send(method, path, body, headers)
        except (OSError, http.client.HTTPException):
            self.close()
            raise

    def _send(self, method: str, path: str, body: bytes | None,
              headers: dict[str, str] | None) -> tuple[int, bytes]:
        if self.conn is None:
            self.conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
        self.conn.request(method, path, body=body, headers=headers or {})
        response = self.conn.getresponse()
        return response.status, response.read()

    def close(self) -> None:
        if self.conn is not None:
            self.conn.close()
            self.conn = None


def post_json(client: Client, path: str, document: dict[str, Any]) -> tuple[int, Any]:
    status, body = client.request("POST", path, json.dumps(document).encode(),
                                  {"Content-Type": "application/json"})
    return status, json.loads(body) if body else None


def wait_for_server(port: int, process: subprocess.Popen[bytes], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(f"the server exited with code {process.returncode}")
        try:
            status, _ = Client(port).request("GET", "/bench/bare")
            if status == 204:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise SystemExit(f"the server did not answer within {timeout:.0f} s")


def create_tables(port: int, count: int, phones: int) -> list[str]:
    client = Client(port)
    players = [{"name": NAMES[i], "color": COLOURS[i]} for i in range(phones)]
    ids = []
    for _ in range(count):
        status, body = post_json(client, "/api/v1/tables",
                                 {"game": "dogs-life", "players": players})
        if status != 201:
            raise SystemExit(f"creating a table answered {status}: {body}")
        ids.append(body["id"])
    client.close()
    return ids


def phone(port: int, table_id: str, start: float, offset: float, interval: float,
          stop: float, samples: Samples) -> None:
    """Polls like app.js: every ``interval`` s, with the version the page shows."""
    client, version, tick = Client(port), 0, 0
    while True:
        due = start + offset + tick * interval
        if due >= stop:
            break
        time.sleep(max(0.0, due - time.monotonic()))
        tick += 1
        began = time.perf_counter()
        try:
            status, body = client.request("GET", f"/t/{table_id}/poll?v={version}",
                                          headers={"HX-Request": "true"})
        except (OSError, http.client.HTTPException) as error:
            samples.fail(type(error).__name__)
            continue
        elapsed = time.perf_counter() - began
        if status == 204:
            samples.ok(elapsed)
        elif status == 200 and (found := VERSION.search(body)):
            version = int(found.group(1))
            samples.ok(elapsed, len(body))
        else:
            samples.fail(f"HTTP {status}")
    client.close()


def changer(port: int, table_id: str, start: float, offset: float, stop: float,
            samples: Samples) -> None:
    """One change per second on the table: the generic adjust, hunger −1 then +1."""
    client, tick = Client(port), 0
    while True:
        due = start + offset + tick
        if due >= stop:
            break
        time.sleep(max(0.0, due - time.monotonic()))
        delta = -1 if tick % 2 == 0 else 1
        tick += 1
        event = {"type": "adjust", "seat": 0, "counter": "hunger", "delta": delta}
        began = time.perf_counter()
        try:
            status, _ = post_json(client, f"/api/v1/tables/{table_id}/events", event)
        except (OSError, http.client.HTTPException, ValueError) as error:
            samples.fail(type(error).__name__)
            continue
        if status == 200:
            samples.ok(time.perf_counter() - began)
        else:
            samples.fail(f"HTTP {status}")
    client.close()


def hammer(port: int, path: str, stop: float, counts: list[int], errors: list[int],
           index: int) -> None:
    """Ask ``path`` back to back until ``stop``; expects 204."""
    client = Client(port)
    while time.monotonic() < stop:
        try:
            status, _ = client.request("GET", path)
        except (OSError, http.client.HTTPException):
            errors[index] += 1
            continue
        if status == 204:
            counts[index] += 1
        else:
            errors[index] += 1
    client.close()


def run_threads(threads: list[threading.Thread], stop: float) -> None:
    for thread in threads:
        thread.start()
    for thread in threads:
        # bounded: every loop ends at ``stop``; a request has a 30 s socket timeout
        thread.join(timeout=max(0.0, stop - time.monotonic()) + 35)


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def report(name: str, samples: Samples, seconds: float) -> None:
    values = samples.latencies
    if not values:
        print(f"{name:<8} no successful request; errors {samples.errors} {samples.error_kinds}")
        return
    print(f"{name:<8} {len(values):>6} ok  {len(values) / seconds:7.1f}/s  "
          f"p50 {percentile(values, .50) * 1000:7.1f} ms  "
          f"p99 {percentile(values, .99) * 1000:7.1f} ms  "
          f"max {max(values) * 1000:7.1f} ms  mean {statistics.fmean(values) * 1000:6.1f} ms  "
          f"errors {samples.errors}{' ' + str(samples.error_kinds) if samples.errors else ''}")


def side_by_side(port: int, table_id: str, version: int, clients: int,
                 seconds: float) -> None:
    paths = [f"/t/{table_id}/poll?v={version}", "/bench/bare"]
    counts = [0] * (2 * clients)
    errors = [0] * (2 * clients)
    stop = time.monotonic() + seconds
    threads = [threading.Thread(target=hammer, args=(port, paths[i % 2], stop, counts, errors, i),
                                daemon=True) for i in range(2 * clients)]
    run_threads(threads, stop)
    poll = sum(counts[0::2]) / seconds
    bare = sum(counts[1::2]) / seconds
    print(f"side by side, {clients}+{clients} connections for {seconds:.0f} s:")
    print(f"  poll (unchanged, 204) {poll:8.1f} req/s  errors {sum(errors[0::2])}")
    print(f"  bare 204              {bare:8.1f} req/s  errors {sum(errors[1::2])}")
    if bare:
        print(f"  ratio poll / bare     {poll / bare:8.2f}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return probe.getsockname()[1]


def stop_server(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)  # gunicorn: graceful shutdown
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=5)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="load duration (20)")
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--phones", type=int, default=5, help="phones per table, 2-6 (5)")
    parser.add_argument("--interval", type=float, default=2.0, help="poll interval (2 s)")
    parser.add_argument("--saturate", type=float, default=5.0,
                        help="side-by-side poll vs bare 204 phase (5 s; 0 skips it)")
    parser.add_argument("--clients", type=int, default=8,
                        help="connections per endpoint in the side-by-side phase (8)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (as serve)")
    parser.add_argument("--connections", type=int, default=1000,
                        help="connections per worker (as serve)")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, default=0, help=argparse.SUPPRESS)
    parser.add_argument("--db", default="", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.port, args.db, args.workers, args.connections)
        return 0
    if not 2 <= args.phones <= 6 or args.tables < 1 or not 0 < args.seconds <= 3600:
        parser.error("--phones 2-6, --tables >= 1, --seconds 0-3600")

    with tempfile.TemporaryDirectory(prefix="campfire-bench-") as folder:
        port = free_port()
        database = str(Path(folder) / "bench.sqlite3")
        command = [sys.executable, str(Path(__file__).resolve()), "--serve",
                   "--port", str(port), "--db", database,
                   "--workers", str(args.workers), "--connections", str(args.connections)]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        process = subprocess.Popen(command, cwd=ROOT, env=env)
        try:
            wait_for_server(port, process, timeout=60)
            ids = create_tables(port, args.tables, args.phones)
            print(f"gunicorn gevent {args.workers} workers × {args.connections} connections on "
                  f"{HOST}:{port}, SQLite; {len(ids)} tables × {args.phones} phones = "
                  f"{len(ids) * args.phones} phones polling every {args.interval:g} s, "
                  f"1 change/table/s, {args.seconds:g} s", flush=True)
            polls, changes = Samples(), Samples()
            start = time.monotonic() + 0.5
            stop = start + args.seconds
            threads = []
            phones = len(ids) * args.phones
            for t, table_id in enumerate(ids):
                threads.append(threading.Thread(
                    target=changer, daemon=True,
                    args=(port, table_id, start, t / len(ids), stop, changes)))
                for p in range(args.phones):
                    offset = args.interval * (t * args.phones + p) / phones  # spread out
                    threads.append(threading.Thread(
                        target=phone, daemon=True,
                        args=(port, table_id, start, offset, args.interval, stop, polls)))
            run_threads(threads, stop)
            report("polls", polls, args.seconds)
            if polls.sizes:
                print(f"         {len(polls.sizes)} answered with a fresh panel of "
                      f"{statistics.fmean(polls.sizes) / 1024:.1f} KB on average")
            report("changes", changes, args.seconds)
            print(f"errors   {polls.errors + changes.errors}")
            if args.saturate > 0:
                status, body = Client(port).request("GET", f"/api/v1/tables/{ids[0]}")
                version = json.loads(body)["version"] if status == 200 else 0
                side_by_side(port, ids[0], version, args.clients, args.saturate)
        finally:
            stop_server(process)
    return 0


if __name__ == "__main__":
    sys.exit(main())
