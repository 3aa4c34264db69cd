"""The load parts of issue 27's attack harness, against a served companion on loopback.

Builds a table at the event limit (20,000 changes, made in-process by one import), starts
the companion the way ``campfire serve`` does (gevent, one worker so the per-process rate
limits count exactly) and, as one phone would:

* asks for a change at the limit (refused, 422) and an undo there (allowed, 200);
* times the reads whose cost grows with the log — the undo confirmation, the export, a
  history page, a page of the events listing — and sends each 70 times in a row, counting
  the 429s of their rate limits;
* imports the export of the table at the limit through the import page (303 expected);
* sends a malformed chunked body (gunicorn's ``InvalidChunkSize``) to every kind of POST
  route, counting the answers that are 400 with a sentence.

The fast parts are tests (tests/companion/test_limits.py). Loopback only; every loop is
bounded in count and the server is stopped at the end.

    .venv/bin/python bench/attack.py [--events 20000] [--postgres URL]

The last line reads ``attack: …`` with every figure.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

from _kit import start_server

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SERVER = """
import sys
from campfire.commands import serve
from companion import create_app
options = serve.gunicorn_options(serve.argparse.Namespace(
    host="127.0.0.1", port=int(sys.argv[1]), workers=1, connections=1000))
serve.prepare()
serve.build_server(create_app, options).run()
"""
PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]
ADJUST = {"type": "adjust", "seat": 0, "counter": "salmon", "delta": 1}
#: Requests in a row per expensive read (the issue's figure: 70 of 70 answered).
BURST = 70


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def call(
    port: int,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
) -> tuple[int, bytes, dict[str, str], float]:
    """status, body, headers and seconds of one request."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    began = time.perf_counter()
    try:
        connection.request(method, path, body, headers or {})
        response = connection.getresponse()
        data = response.read()
        return response.status, data, dict(response.getheaders()), time.perf_counter() - began
    finally:
        connection.close()


def long_table(database_url: str, events: int) -> str:
    """A Bison table (no secrets: it may be exported) of ``events`` corrections of a
    stock, +1/-1 in turn, made by one import into the server's database before it starts."""
    os.environ["DATABASE_URL"] = database_url
    from companion import create_app, tables

    app = create_app()
    with app.app_context():
        document = {
            "format": tables.EXPORT_FORMAT,
            "format_version": tables.EXPORT_VERSION,
            "game": "bison",
            "players": PLAYERS,
            "settings": {},
            "created_at": "2026-01-01T00:00:00+00:00",
            "events": [
                {
                    "seq": seq,
                    "seat": 0,
                    "created_at": "2026-01-01T00:00:00+00:00",
                    "event": {**ADJUST, "delta": 1 if seq % 2 else -1},
                }
                for seq in range(1, events + 1)
            ],
        }
        table_id = tables.import_table(document).id
    app.extensions["campfire.db"].dispose()
    return table_id


def start(database_url: str, folder: Path) -> tuple[subprocess.Popen[bytes], int]:
    port = free_port()
    env = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": "a" * 40}
    process = start_server(
        [sys.executable, "-c", SERVER, str(port)],
        folder,
        env,
        lambda: call(port, "GET", "/healthz")[0] == 200,
        "server",
    )
    return process, port


def burst(port: int, path: str) -> tuple[float, int, int]:
    """The first answer's milliseconds, then how many of BURST were answered and 429."""
    statuses, seconds = [], []
    for _ in range(BURST):
        status, _body, _headers, took = call(port, "GET", path)
        statuses.append(status)
        if status == 200:
            seconds.append(took)
    first = 1000 * seconds[0] if seconds else float("nan")
    return first, statuses.count(200), statuses.count(429)


def import_file(port: int, data: bytes) -> int:
    """POST the file to the import page as a browser would (its session and CSRF token)."""
    status, page, headers, _ = call(port, "GET", "/import")
    cookie = headers.get("Set-Cookie", "").split(";")[0]
    token = re.search(rb'name="csrf_token"[^>]*value="([^"]+)"', page)
    boundary = uuid.uuid4().hex
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n'.encode()
        + (token[1] if token else b"")
        + b"\r\n",
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.json"\r\n'
        "Content-Type: application/json\r\n\r\n".encode()
        + data
        + b"\r\n",
        f"--{boundary}--\r\n".encode(),
    ]
    status, _body, _headers, _ = call(
        port,
        "POST",
        "/import",
        b"".join(parts),
        {"Content-Type": f"multipart/form-data; boundary={boundary}", "Cookie": cookie},
    )
    return status


def malformed(port: int, path: str, kind: str) -> tuple[int, bytes]:
    """A chunked POST whose chunk size is no hex number."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(
            f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {kind}\r\n"
            "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
            "zz\r\nhello\r\n0\r\n\r\n".encode()
        )
        answer = b""
        while chunk := sock.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=20_000)
    parser.add_argument("--postgres", help="a PostgreSQL URL (default: an SQLite file)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.postgres or f"sqlite:///{Path(folder) / 'attack.sqlite3'}"
        began = time.perf_counter()
        table_id = long_table(url, args.events)
        print(f"table of {args.events} changes made in {time.perf_counter() - began:.1f} s")
        process, port = start(url, Path(folder))
        try:
            adjust = json.dumps(ADJUST)
            json_headers = {"Content-Type": "application/json"}
            change = call(
                port, "POST", f"/api/v1/tables/{table_id}/events", adjust.encode(), json_headers
            )
            undo = call(port, "POST", f"/api/v1/tables/{table_id}/undo", b"{}", json_headers)
            # The first write after the set-up also checkpoints SQLite's log of the import.
            again = call(port, "POST", f"/api/v1/tables/{table_id}/undo", b"{}", json_headers)
            print(
                f"at the limit: a change {change[0]}, undos {undo[0]} {again[0]} "
                f"({1000 * undo[3]:.0f} ms, then {1000 * again[3]:.0f} ms)"
            )

            confirm = burst(port, f"/t/{table_id}/undo")
            history = call(port, "GET", f"/t/{table_id}/history")
            history_burst = burst(port, f"/t/{table_id}/history")
            events = call(port, "GET", f"/api/v1/tables/{table_id}/events")
            exported = call(port, "GET", f"/t/{table_id}/export")
            export_burst = burst(port, f"/t/{table_id}/export")
            print(
                f"undo confirmation: {confirm[0]:.0f} ms; {confirm[1]}/{BURST} answered, "
                f"{confirm[2]} 429"
            )
            print(
                f"history page: {len(history[1]) / 1024:.0f} KB in {1000 * history[3]:.0f} ms; "
                f"{history_burst[1]}/{BURST} answered, {history_burst[2]} 429"
            )
            print(
                f"events listing page: {len(json.loads(events[1]))} events, "
                f"{len(events[1]) / 1024:.0f} KB in {1000 * events[3]:.0f} ms"
            )
            print(
                f"export: {len(exported[1]) / 1e6:.2f} MB in {1000 * exported[3]:.0f} ms; "
                f"{export_burst[1]}/{BURST} more answered, {export_burst[2]} 429"
            )
            imported = import_file(port, exported[1])
            print(f"import of the export at the limit: {imported}")

            routes = [
                ("/api/v1/tables", "application/json"),
                (f"/api/v1/tables/{table_id}/events", "application/json"),
                (f"/t/{table_id}/adjust", "application/x-www-form-urlencoded"),
                ("/import", "multipart/form-data; boundary=x"),
                ("/new", "application/x-www-form-urlencoded"),
            ]
            answered = [malformed(port, path, kind) for path, kind in routes]
            sentences = sum(
                1 for status, body in answered if status == 400 and b"could not be read" in body
            )
            print("malformed chunked bodies: " + ", ".join(str(s) for s, _ in answered))
        finally:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=30)
    print(
        f"attack: {args.events} events; at the limit change {change[0]} undo {again[0]} "
        f"({1000 * again[3]:.0f} ms); "
        f"undo confirmation {confirm[0]:.0f} ms ({confirm[2]}/{BURST} 429); history page "
        f"{len(history[1]) / 1024:.0f} KB {1000 * history[3]:.0f} ms ({history_burst[2]}/{BURST} "
        f"429); export {len(exported[1]) / 1e6:.1f} MB {1000 * exported[3]:.0f} ms "
        f"({export_burst[2]}/{BURST} 429), imports {imported}; malformed bodies 400 with a "
        f"sentence on {sentences}/{len(routes)} routes"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
