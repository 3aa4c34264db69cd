"""Slow and idle clients against a served companion: do the other requests still answer?

Starts the companion the way ``campfire serve`` does (gevent workers), opens N slow
clients — half send a request one byte a second and never finish it, half connect and say
nothing — and meanwhile times ordinary requests (a table page, a poll, /healthz) from a
few phones. The same run against the previous configuration (gthread, 2 workers × 8
threads) shows what the worker model changed. Loopback only; bounded in time.

    .venv/bin/python bench/slow_clients.py [--slow 100] [--requests 400] [--postgres URL]

The last line reads ``slow clients: S open; other requests p99 M ms (gevent), …``.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import os
import signal
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from _kit import start_server

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = [
    {"name": n, "color": c}
    for n, c in [("Ann", "red"), ("Ben", "blue"), ("Cho", "green"), ("Dan", "yellow")]
]
#: The configuration before the gevent worker: threads held by waiting sockets.
GTHREAD = {"worker_class": "gthread", "threads": 8, "timeout": 60}

SERVER = """
import sys
from campfire.commands import serve
from companion import create_app
options = serve.gunicorn_options(serve.argparse.Namespace(
    host="127.0.0.1", port=int(sys.argv[1]), workers=2, connections=1000))
options.update({extra})
serve.prepare()
serve.build_server(create_app, options).run()
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def call(
    port: int,
    method: str,
    path: str,
    body: Any = None,
    headers: dict[str, str] | None = None,
    timeout: float = 10,
) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        connection.request(
            method,
            path,
            None if body is None else json.dumps(body),
            {"Content-Type": "application/json", **(headers or {})},
        )
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def start(extra: dict[str, Any], database_url: str, folder: Path) -> tuple[Any, int]:
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": "b" * 40}
    process = start_server(
        [sys.executable, "-c", SERVER.format(extra=repr(extra)), str(port)],
        folder,
        env,
        lambda: call(port, "GET", "/healthz", timeout=2)[0] == 200,
        "server",
    )
    return process, port


class SlowClients:
    """Half trickle a request that never ends, half connect and stay silent."""

    def __init__(self, port: int, count: int) -> None:
        self.sockets: list[socket.socket] = []
        self.stop = threading.Event()
        for n in range(count):
            try:
                sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            except OSError:
                continue
            if n % 2 == 0:
                sock.sendall(b"GET / HTTP/1.1\r\nHost: bench\r\n")
            self.sockets.append(sock)
        self.thread = threading.Thread(target=self._trickle, daemon=True)
        self.thread.start()

    def _trickle(self) -> None:
        while not self.stop.wait(1.0):
            for n, sock in enumerate(self.sockets):
                if n % 2 == 0:
                    with contextlib.suppress(OSError):
                        sock.sendall(b"X")

    def close(self) -> int:
        self.stop.set()
        alive = 0
        for sock in self.sockets:
            try:
                sock.sendall(b"")
                alive += 1
            except OSError:
                pass
            sock.close()
        return alive


def measure(port: int, table_id: str, total: int, phones: int = 4) -> tuple[list[float], int]:
    paths = [
        (f"/t/{table_id}", {}),
        (f"/t/{table_id}?v=0", {"HX-Request": "true"}),
        ("/healthz", {}),
    ]
    times: list[float] = []
    errors = 0
    lock = threading.Lock()

    def phone(k: int) -> None:
        nonlocal errors
        failed = 0
        for n in range(total // phones):
            if failed >= 5:  # a starved server: five 5-s timeouts per phone say enough
                break
            path, headers = paths[(k + n) % len(paths)]
            began = time.perf_counter()
            try:
                status, _body = call(port, "GET", path, headers=headers, timeout=5)
                ok = status < 500
            except OSError:
                ok = False
            with lock:
                if ok:
                    times.append((time.perf_counter() - began) * 1000)
                else:
                    errors += 1
                    failed += 1

    threads = [threading.Thread(target=phone, args=(k,)) for k in range(phones)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times, errors


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(name: str, extra: dict[str, Any], args: argparse.Namespace, folder: Path) -> str:
    database_url = args.postgres or f"sqlite:///{folder / (name + '.sqlite3')}"
    process, port = start(extra, database_url, folder)
    try:
        _status, body = call(port, "POST", "/api/v1/tables", {"game": "bison", "players": PLAYERS})
        table_id = json.loads(body)["id"]
        measure(port, table_id, 40)  # warm up: first renders, connection pools
        quiet, _ = measure(port, table_id, args.requests // 2)
        slow = SlowClients(port, args.slow)
        time.sleep(1.5)  # let every slow client be accepted and start trickling
        times, errors = measure(port, table_id, args.requests)
        still_open = slow.close()
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=30)
    line = (
        f"{name:8} without slow clients p50 {statistics.median(quiet):6.1f} ms "
        f"p99 {percentile(quiet, 0.99):6.1f} ms | with {still_open} slow clients open: "
        f"{len(times)} answered, {errors} failed or timed out (5 s), "
        f"p50 {statistics.median(times) if times else float('nan'):6.1f} ms "
        f"p99 {percentile(times, 0.99):6.1f} ms"
    )
    print(line, flush=True)
    return f"p99 {percentile(times, 0.99):.0f} ms with {errors} failed ({name})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow", type=int, default=100, help="slow clients (default 100)")
    parser.add_argument(
        "--requests", type=int, default=400, help="timed requests per configuration (default 400)"
    )
    parser.add_argument(
        "--postgres",
        metavar="URL",
        help="a PostgreSQL DATABASE_URL of a "
        "database (or search_path) of its own: the schema is created there "
        "(default: a fresh SQLite file)",
    )
    parser.add_argument("--only-gevent", action="store_true", help="skip the gthread comparison")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        results = [run("gevent", {}, args, Path(folder))]
        if not args.only_gevent:
            results.append(run("gthread", GTHREAD, args, Path(folder)))
    print(f"slow clients: {args.slow} open; other requests " + ", ".join(results))


if __name__ == "__main__":
    main()
