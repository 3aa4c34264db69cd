"""Slow clients against a served companion: do the other phones still get answers?

Starts the companion the way ``campfire serve`` does (gevent, 2 workers of 1000
connections each) and opens S slow connections from ONE loopback address (127.0.0.2):
each sends a form POST's headers, then its body one byte a second (issue 33, F5: 2,100 of
them left other phones 8 answers in 40 s; slow or missing headers gunicorn ends itself
after its keep-alive timeout, 5 s). Once the server has had ``--settle`` seconds with them (past its
body deadline, ``CAMPFIRE_BODY_SECONDS`` = 10), four phones (127.0.0.1) read a table page,
a poll and /healthz for ``--seconds`` seconds. Then the bench counts the slow connections
the server still holds.

Run twice: as served (``bounded``: a body read against its deadline, at most
``CAMPFIRE_CONNECTIONS_PER_ADDRESS`` = 64 connections of one address per worker) and with
both bounds off (``unbounded``: the server before issue 33). Loopback only; bounded in
time (about a minute and a half at full size).

    .venv/bin/python bench/slow_clients.py [--slow 2100] [--seconds 15] [--postgres URL]

The last line reads ``slow clients: S from one address; other phones bounded: A answered,
F failed, p99 M ms; unbounded: …; slow connections still held: X bounded, Y unbounded``.
"""

from __future__ import annotations

import argparse
import contextlib
import http.client
import json
import socket
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from _kit import percentile, start_app, stop_server

ROOT = Path(__file__).resolve().parents[1]
PLAYERS = [
    {"name": n, "color": c}
    for n, c in [("Ann", "red"), ("Ben", "blue"), ("Cho", "green"), ("Dan", "yellow")]
]
#: The server before issue 33: no body deadline to speak of, no bound per address.
UNBOUNDED = {"CAMPFIRE_BODY_SECONDS": "1000000", "CAMPFIRE_CONNECTIONS_PER_ADDRESS": "0"}
ATTACKER = "127.0.0.2"
PHONES = "127.0.0.1"
#: What a phone waits for one answer (seconds); a failure counts as this in the p99.
TIMEOUT = 5.0

SERVER = """
import sys
from campfire.commands import serve
from companion import create_app
options = serve.gunicorn_options(serve.argparse.Namespace(
    host="127.0.0.1", port=int(sys.argv[1]), workers=2, connections=1000, per_address=None))
serve.prepare()
serve.build_server(create_app, options).run()
"""


def call(
    port: int, method: str, path: str, body: Any = None, headers: dict[str, str] | None = None
) -> tuple[int, bytes]:
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=TIMEOUT, source_address=(PHONES, 0)
    )
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


def start(env: dict[str, str], database_url: str, folder: Path) -> tuple[Any, int]:
    return start_app(SERVER, database_url, folder, env, _healthy)


def _healthy(port: int) -> bool:
    return call(port, "GET", "/healthz")[0] == 200


class SlowClients:
    """From one address, each a POST whose body comes a byte a second, until closed."""

    #: A form post: its CSRF check reads the body before anything else answers.
    BODY = (
        b"POST /new HTTP/1.1\r\nHost: bench\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\n"
        b"Content-Length: 100000\r\n\r\ngame="
    )

    def __init__(self, port: int, count: int) -> None:
        self.sockets: list[socket.socket] = []
        self.stop = threading.Event()
        for _connection in range(count):
            try:
                sock = socket.create_connection(
                    ("127.0.0.1", port), timeout=5, source_address=(ATTACKER, 0)
                )
                sock.sendall(self.BODY)
            except OSError:
                continue
            self.sockets.append(sock)
        self.thread = threading.Thread(target=self._trickle, daemon=True)
        self.thread.start()

    def _trickle(self) -> None:
        while not self.stop.wait(1.0):
            for sock in self.sockets:
                with contextlib.suppress(OSError):
                    sock.sendall(b"x")

    def held(self) -> int:
        """How many the server still holds open: nothing to read yet (no answer, no end)."""
        held = 0
        for sock in self.sockets:
            try:
                sock.setblocking(False)  # (with a timeout, recv would wait for it first)
                sock.recv(1, socket.MSG_PEEK)
            except BlockingIOError:
                held += 1
            except OSError:
                pass
        return held

    def close(self) -> None:
        self.stop.set()
        self.thread.join(timeout=5)
        for sock in self.sockets:
            sock.close()


def measure(port: int, table_id: str, seconds: float, phones: int = 4) -> tuple[list[float], int]:
    """Four phones reading for ``seconds``: every answer's ms (a failure as TIMEOUT), and
    how many failed."""
    paths = [
        (f"/t/{table_id}", {}),
        (f"/t/{table_id}?v=0", {"HX-Request": "true"}),
        ("/healthz", {}),
    ]
    times: list[float] = []
    failed = 0
    lock = threading.Lock()
    until = time.monotonic() + seconds

    def phone(k: int) -> None:
        nonlocal failed
        n = k
        while time.monotonic() < until:
            path, headers = paths[n % len(paths)]
            n += 1
            began = time.perf_counter()
            try:
                ok = call(port, "GET", path, headers=headers)[0] < 500
            except OSError:
                ok = False
            took = 1000 * (time.perf_counter() - began)
            with lock:
                times.append(took if ok else max(took, 1000 * TIMEOUT))
                failed += not ok
            time.sleep(0.05)

    threads = [threading.Thread(target=phone, args=(k,)) for k in range(phones)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return times, failed


def run(name: str, env: dict[str, str], args: argparse.Namespace, folder: Path) -> tuple[str, int]:
    database_url = args.postgres or f"sqlite:///{folder / (name + '.sqlite3')}"
    process, port = start(env, database_url, folder)
    try:
        _status, body = call(port, "POST", "/api/v1/tables", {"game": "bison", "players": PLAYERS})
        table_id = json.loads(body)["id"]
        measure(port, table_id, 2)  # warm up: first renders, connection pools
        quiet, _ = measure(port, table_id, 3)
        slow = SlowClients(port, args.slow)
        opened = len(slow.sockets)
        time.sleep(args.settle)
        times, failed = measure(port, table_id, args.seconds)
        held = slow.held()
        slow.close()
    finally:
        stop_server(process)
    p99 = percentile(times, 0.99)
    print(
        f"{name:9} alone p99 {percentile(quiet, 0.99):6.1f} ms | {opened} slow connections "
        f"opened, after {args.settle:.0f} s: {len(times) - failed} answered, {failed} failed "
        f"or timed out ({TIMEOUT:.0f} s), p99 {p99:6.1f} ms; slow ones still held: {held}",
        flush=True,
    )
    return f"{name}: {len(times) - failed} answered, {failed} failed, p99 {p99:.0f} ms", held


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--slow", type=int, default=2100, help="slow connections (2100)")
    parser.add_argument("--seconds", type=float, default=15, help="phones read this long (15)")
    parser.add_argument(
        "--settle", type=float, default=12, help="seconds the server has with them first (12)"
    )
    parser.add_argument(
        "--postgres",
        metavar="URL",
        help="a PostgreSQL DATABASE_URL of a database (or search_path) of its own "
        "(default: a fresh SQLite file)",
    )
    parser.add_argument("--only-bounded", action="store_true", help="skip the unbounded run")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        results = [run("bounded", {}, args, Path(folder))]
        if not args.only_bounded:
            results.append(run("unbounded", UNBOUNDED, args, Path(folder)))
    print(
        f"slow clients: {args.slow} from one address; other phones "
        + "; ".join(line for line, _held in results)
        + "; slow connections still held: "
        + ", ".join(f"{held} {line.split(':')[0]}" for line, held in results)
    )


if __name__ == "__main__":
    main()
