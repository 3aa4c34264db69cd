"""Issue 27's and 33's attack harness, against a served companion on loopback.

Starts the companion the way ``campfire serve`` does (gevent, ONE worker: whatever blocks
it blocks every phone, and the per-process rate limits count exactly) on PostgreSQL (a
schema of its own in the local test database, dropped at the end; ``--postgres URL`` for
another), and, as phones and an attacker would:

* **hostile photos** (issue 33, F3/F4): 8 phones upload crafted photos at once to the Bison
  photo route (``POST /t/<id>/bison/photo``, with their session and CSRF token as a
  browser sends them): 49 MP PNGs of tiled noise (~250 KB: just under the reader's pixel
  bound, a marker detector's worst case) and a tiny EPS (``{} loop``) that loops forever in
  Ghostscript. Meanwhile 4 other phones (another table) read their page, poll, a static
  file and /healthz; their latencies while the photos are in hand give P (p99). A
  request that fails counts as REQUEST_TIMEOUT. A 1000×2 PNG (a worker's segfault on the
  reader of the day) is sent after, and the server asked whether it still answers;
* **a PostgreSQL lock** (F2): a row of one table is locked (``SELECT … FOR UPDATE`` in
  another session) for ``--lock`` seconds (40) while 4 of its phones post a change each
  (they wait; a statement timeout answers 503 and they post again after its
  Retry-After) and 4 phones of another table read as above: their p99 is W;
* **fuzzing** (F6): N requests to every route of the app (a table of each game, a seat
  claimed) with hostile values — integers past 2**63, NaN, NUL, width-folded names,
  "[" * 50000, JSON nested 100,000 deep, oversized fields — from many loopback
  addresses (the rate limits are per address), counting the 500s (F) and the dropped
  connections;
* with ``--limit-table``, issue 27's parts first: a table at the event limit (20,000
  changes, made by one import), the reads whose cost grows with the log, an import of its
  export, a malformed chunked body to every kind of POST route.

Loopback only; every loop is bounded, every request has a timeout, the server (and any
child it started) is stopped at the end. About 3 minutes; ``--quick`` (2 photos, a 5 s
lock, 300 fuzzed requests) for iterating.

    .venv/bin/python bench/attack.py [--quick] [--lock 40] [--fuzz 1000] [--postgres URL]

The last line reads ``attack: other phones p99 P ms with 8 hostile photos, W ms during a
40 s PostgreSQL lock; 500s F in N fuzzed requests`` (goals: P ≤ 150, W ≤ 150, F = 0).
"""

from __future__ import annotations

import argparse
import http.client
import io
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from _kit import percentile, start_app

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SERVER = """
import sys
from campfire.commands import serve
from companion import create_app
options = serve.gunicorn_options(serve.argparse.Namespace(
    host="127.0.0.1", port=int(sys.argv[1]), workers=1, connections=1000, per_address=None))
serve.prepare()
serve.build_server(create_app, options).run()
"""
PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]
ADJUST = {"type": "adjust", "seat": 0, "counter": "salmon", "delta": 1}
#: Requests in a row per expensive read (the issue's figure: 70 of 70 answered).
BURST = 70


#: The local PostgreSQL the tests use (scripts/test.sh): the bench makes a schema there.
PG_DEFAULT = "postgresql+psycopg://campfire:campfire@127.0.0.1:5432/campfire_test"
#: What a phone waits at most for one answer (seconds); a failed request counts as this.
REQUEST_TIMEOUT = 10.0


def call(
    port: int,
    method: str,
    path: str,
    body: bytes | None = None,
    headers: dict[str, str] | None = None,
    source: str = "127.0.0.1",
    timeout: float = 120,
) -> tuple[int, bytes, dict[str, str], float]:
    """status, body, headers and seconds of one request from the loopback address
    ``source`` (127.0.0.0/8 is all loopback: a phone of its own to the rate limits)."""
    connection = http.client.HTTPConnection(
        "127.0.0.1", port, timeout=timeout, source_address=(source, 0)
    )
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


def start(database_url: str, folder: Path, env: dict[str, str]) -> tuple[Any, int]:
    return start_app(SERVER, database_url, folder, env, _healthy)


def _healthy(port: int) -> bool:
    return call(port, "GET", "/healthz", timeout=2)[0] == 200


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


def limit_table_part(url: str, folder: Path, events: int) -> str:
    """Issue 27's parts at the event limit, on a server of their own; their summary."""
    began = time.perf_counter()
    table_id = long_table(url, events)
    print(f"table of {events} changes made in {time.perf_counter() - began:.1f} s")
    process, port = start(url, folder, {})
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
        exported = call(port, "GET", f"/t/{table_id}/export")
        export_burst = burst(port, f"/t/{table_id}/export")
        print(
            f"undo confirmation: {confirm[0]:.0f} ms; {confirm[1]}/{BURST} answered, "
            f"{confirm[2]} 429; history page {len(history[1]) / 1024:.0f} KB in "
            f"{1000 * history[3]:.0f} ms, {history_burst[2]}/{BURST} 429; export "
            f"{len(exported[1]) / 1e6:.2f} MB in {1000 * exported[3]:.0f} ms, "
            f"{export_burst[2]}/{BURST} 429"
        )
        imported = import_file(port, exported[1])
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
    finally:
        stop(process)
    summary = (
        f"{events} events: change {change[0]}, undo {again[0]}, import of the export "
        f"{imported}, malformed bodies 400 with a sentence on {sentences}/{len(routes)} routes"
    )
    print("limit table: " + summary)
    return summary


def stop(process: Any) -> None:
    """The server's whole group (its workers, and any child a worker started: a
    Ghostscript an EPS photo launched), TERM then KILL."""
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            break
        try:
            process.wait(timeout=20)
            if sig == signal.SIGTERM:
                time.sleep(0.5)  # then KILL whatever of the group is left
        except subprocess.TimeoutExpired:
            continue


# ---------------------------------------------------------------------------------------
# phones


class Phone:
    """A browser-like phone: its own loopback address, the session cookie it is given,
    the CSRF token of the last page it read."""

    def __init__(self, port: int, source: str) -> None:
        self.port = port
        self.source = source
        self.cookie = ""
        self.token = ""

    def ask(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: dict[str, str] | None = None,
        timeout: float = REQUEST_TIMEOUT,
    ) -> tuple[int, bytes, float]:
        sent = {**(headers or {})}
        if self.cookie:
            sent["Cookie"] = self.cookie
        if self.token and method != "GET":
            sent.setdefault("X-CSRFToken", self.token)
        status, data, answer, took = call(self.port, method, path, body, sent, self.source, timeout)
        cookie = answer.get("Set-Cookie", "")
        if cookie.startswith("session="):
            self.cookie = cookie.split(";")[0]
        found = re.search(rb'name="csrf-token" content="([^"]+)"', data)
        if found:
            self.token = found[1].decode()
        return status, data, took

    def form(self, path: str, fields: dict[str, str]) -> tuple[int, bytes, float]:
        from urllib.parse import urlencode

        body = urlencode({"csrf_token": self.token, **fields}).encode()
        return self.ask("POST", path, body, {"Content-Type": "application/x-www-form-urlencoded"})

    def upload(self, path: str, name: str, data: bytes, kind: str) -> tuple[int, bytes, float]:
        boundary = uuid.uuid4().hex
        body = b"".join(
            [
                f'--{boundary}\r\nContent-Disposition: form-data; name="csrf_token"\r\n\r\n'
                f"{self.token}\r\n".encode(),
                f'--{boundary}\r\nContent-Disposition: form-data; name="photo"; '
                f'filename="{name}"\r\nContent-Type: {kind}\r\n\r\n'.encode(),
                data,
                f"\r\n--{boundary}--\r\n".encode(),
            ]
        )
        return self.ask(
            "POST",
            path,
            body,
            {"Content-Type": f"multipart/form-data; boundary={boundary}"},
            timeout=120,
        )


def create_table(port: int, game: str, players: list[dict[str, str]]) -> str | None:
    status, data, _headers, _took = call(
        port,
        "POST",
        "/api/v1/tables",
        json.dumps({"game": game, "players": players}).encode(),
        {"Content-Type": "application/json"},
        source="127.0.9.1",
    )
    return str(json.loads(data)["id"]) if status == 201 else None


class Readers:
    """``count`` phones of one table reading as phones do — the table page, a poll, a
    static file, /healthz — in turn, until stopped; every request's start (monotonic) and
    milliseconds (a failure counts as REQUEST_TIMEOUT)."""

    def __init__(self, port: int, table_id: str, count: int, subnet: int) -> None:
        self.port = port
        self.paths = [
            (f"/t/{table_id}", {}),
            (f"/t/{table_id}?v=0", {"HX-Request": "true"}),
            ("/static/app.css", {}),
            ("/healthz", {}),
        ]
        self.times: list[tuple[float, float]] = []
        self.failed: list[float] = []
        self.stopping = threading.Event()
        self.threads = [
            threading.Thread(target=self._read, args=(f"127.0.{subnet}.{k + 1}",), daemon=True)
            for k in range(count)
        ]

    def _read(self, source: str) -> None:
        n = 0
        while not self.stopping.is_set():
            path, headers = self.paths[n % len(self.paths)]
            n += 1
            began = time.perf_counter()
            try:
                status = call(self.port, "GET", path, None, headers, source, REQUEST_TIMEOUT)[0]
                ok = status < 500
            except OSError:
                ok = False
            took = time.perf_counter() - began
            self.times.append((began, 1000 * (took if ok else max(took, REQUEST_TIMEOUT))))
            if not ok:
                self.failed.append(began)
            time.sleep(0.05)  # a phone, not a load generator

    def between(self, start: float, end: float) -> tuple[list[float], int]:
        """The milliseconds of the requests sent from ``start`` to ``end`` (perf_counter),
        and how many of them failed (call once the readers are stopped)."""
        times = [ms for began, ms in self.times if start <= began <= end]
        return times, sum(1 for began in self.failed if start <= began <= end)

    def __enter__(self) -> Readers:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *_exc: object) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=REQUEST_TIMEOUT + 5)


# ---------------------------------------------------------------------------------------
# hostile photos

#: How long the readers read before the attack (their own pace, for comparison).
QUIET_SECONDS = 3.0
#: A tiny EPS whose PostScript loops forever (Ghostscript spins until killed).
EPS_LOOP = b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\n{} loop\nshowpage\n%%EOF\n"
#: Just under the reader's bound of 50 MP: a marker detector's worst case.
HOSTILE_SIDE = 7000


def png(pixels: Any) -> bytes:
    from PIL import Image

    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, "PNG")
    return buffer.getvalue()


def noise_png(side: int, seed: int) -> bytes:
    """A ``side``² grey PNG tiled with 4-px noise cells: ~250 KB at 7000 px, and every
    cell edge a candidate for the marker detector."""
    import numpy as np

    cells = (np.random.default_rng(seed).random((64, 64)) > 0.5).astype(np.uint8) * 255
    tile = np.kron(cells, np.ones((4, 4), np.uint8))
    reps = side // tile.shape[0] + 1
    return png(np.ascontiguousarray(np.tile(tile, (reps, reps))[:side, :side]))


def hostile_photos(count: int, side: int) -> list[tuple[str, bytes, str]]:
    """``count`` uploads: one EPS, the rest noise PNGs (one made, sent under each name)."""
    noise = noise_png(side, 1)
    photos = [("board.eps", EPS_LOOP, "application/postscript")]
    photos += [(f"board{n}.png", noise, "image/png") for n in range(count - 1)]
    return photos[:count]


def photo_part(port: int, bison_id: str, other_id: str, count: int, side: int) -> tuple[float, str]:
    """P (other phones' p99 in ms while ``count`` hostile photos are in hand) and a line."""
    photos = hostile_photos(count, side)
    senders = [Phone(port, f"127.0.2.{n + 1}") for n in range(count)]
    for phone in senders:
        phone.ask("GET", f"/t/{bison_id}/bison/photo")
    answers: list[tuple[int, float]] = []

    def send(phone: Phone, photo: tuple[str, bytes, str]) -> None:
        began = time.perf_counter()
        try:
            answers.append((phone.upload(f"/t/{bison_id}/bison/photo", *photo)[0], 0.0))
        except OSError:
            answers.append((0, 0.0))
        answers[-1] = (answers[-1][0], time.perf_counter() - began)

    with Readers(port, other_id, 4, subnet=3) as readers:
        time.sleep(QUIET_SECONDS)  # the readers' own pace first
        threads = [
            threading.Thread(target=send, args=(phone, photo))
            for phone, photo in zip(senders, photos, strict=True)
        ]
        sent = time.perf_counter()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=150)
        done = time.perf_counter()
    quiet, _ = readers.between(sent - QUIET_SECONDS, sent)
    during, failed = readers.between(sent, done)
    p99 = percentile(during, 0.99)
    statuses = sorted(status for status, _took in answers)
    slowest = max((took for _status, took in answers), default=0.0)
    # A 1000×2 PNG: the reader of issue 33 died of it (SIGSEGV), the worker with it.
    import numpy as np

    tiny = png(np.zeros((2, 1000), np.uint8))
    phone = senders[0]
    try:
        tiny_status = str(
            phone.upload(f"/t/{bison_id}/bison/photo", "thin.png", tiny, "image/png")[0]
        )
    except OSError:
        tiny_status = "dropped"
    after = call(port, "GET", "/healthz", timeout=60)[0]
    line = (
        f"hostile photos: {count} ({len(photos[0][1])}-byte EPS, {side}×{side} noise PNG of "
        f"{len(photos[-1][1]) // 1024} KB) answered {statuses} within {slowest:.1f} s; other "
        f"phones p99 {percentile(quiet, 0.99):.0f} ms before, then {len(during)} requests, "
        f"{failed} failed, p99 {p99:.0f} ms; a 1000×2 PNG: {tiny_status}, then /healthz {after}"
    )
    print(line, flush=True)
    return p99, line


# ---------------------------------------------------------------------------------------
# a PostgreSQL lock


def lock_part(
    port: int, url: str, locked_id: str, other_id: str, seconds: float
) -> tuple[float, str]:
    """W (other phones' p99 in ms while ``locked_id``'s row is locked ``seconds``)."""
    import psycopg

    raw = url.replace("postgresql+psycopg", "postgresql")
    outcomes: list[int] = []
    held = threading.Event()
    held.set()

    def writer(k: int) -> None:
        body = json.dumps({**ADJUST, "delta": 1}).encode()
        while True:
            try:
                status, _data, headers, _took = call(
                    port,
                    "POST",
                    f"/api/v1/tables/{locked_id}/events",
                    body,
                    {"Content-Type": "application/json"},
                    f"127.0.4.{k + 1}",
                    timeout=seconds + 60,
                )
            except OSError:
                status, headers = 0, {}
            outcomes.append(status)
            if status != 503 or not held.is_set():
                return
            time.sleep(float(headers.get("Retry-After", "2")))

    with Readers(port, other_id, 4, subnet=5) as readers:
        time.sleep(QUIET_SECONDS)  # the readers' own pace first
        holder = psycopg.connect(raw)
        holder.execute("SELECT id FROM tables WHERE id = %s FOR UPDATE", (locked_id,))
        locked_at = time.perf_counter()
        writers = [threading.Thread(target=writer, args=(k,), daemon=True) for k in range(4)]
        for thread in writers:
            thread.start()
        time.sleep(max(0.0, seconds - (time.perf_counter() - locked_at)))
        released_at = time.perf_counter()
        holder.rollback()  # the lock goes
        held.clear()
        holder.close()
        for thread in writers:
            thread.join(timeout=60)
    quiet, _ = readers.between(locked_at - QUIET_SECONDS, locked_at)
    during, failed = readers.between(locked_at, released_at)
    p99 = percentile(during, 0.99)
    codes = {code: outcomes.count(code) for code in sorted(set(outcomes))}
    line = (
        f"PostgreSQL lock: {seconds:.0f} s on one table's row; its 4 writers answered "
        f"{codes}; other phones p99 {percentile(quiet, 0.99):.0f} ms before, then "
        f"{len(during)} requests, {failed} failed, p99 {p99:.0f} ms"
    )
    print(line, flush=True)
    return p99, line


# ---------------------------------------------------------------------------------------
# fuzzing

HOSTILE_NUMBERS: list[Any] = [
    0,
    -1,
    1,
    2**31,
    2**63,
    2**63 - 1,
    -(2**63) - 1,
    10**30,
    1.5,
    float("inf"),
    "NaN",
    "1e309",
    "٣",
    "²",
    "0x10",
    " 7 ",
]
HOSTILE_TEXT: list[Any] = [
    "",
    "a" * 5000,
    "\x00",
    "Eva\x00",
    "ｅｖａ",
    "<script>",
    "../../etc/passwd",
    "%s%n",
    "[" * 50_000,
    "{}",
    "null",
]
FIELDS = [
    "seat",
    "counter",
    "delta",
    "seq",
    "version",
    "steps",
    "space",
    "tile",
    "animal",
    "amount",
    "action",
    "card",
    "cell",
    "count",
    "name",
    "color",
    "code",
    "hex",
    "rotation",
    "target",
    "choice",
    "payment",
    "page",
    "v",
    "paper",
    "copies",
    "lang",
    "part",
    "offset_x",
    "section",
    "address",
    "against",
    "player",
    "kind",
    "size",
]


def hostile_value(rng: random.Random) -> Any:
    pick = rng.random()
    if pick < 0.45:
        return rng.choice(HOSTILE_NUMBERS)
    if pick < 0.8:
        return rng.choice(HOSTILE_TEXT)
    if pick < 0.9:
        return [rng.choice(HOSTILE_NUMBERS) for _ in range(rng.randint(0, 3))]
    return {rng.choice(FIELDS): rng.choice(HOSTILE_NUMBERS)}


def deep_json(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


def fuzz_requests(
    rng: random.Random, rules: list[tuple[str, str]], tables: dict[str, str]
) -> Callable[[Phone], int]:
    """One fuzzed request (a route of the app, hostile fields) sent by a phone: its status."""
    method, rule = rng.choice(rules)
    game = next((g for g in tables if f"/{g}/" in rule), rng.choice(list(tables)))
    path = rule.replace("<table_id>", tables[game])
    path = re.sub(r"<int:\w+>", str(rng.choice([0, 1, 9, 2**63])), path)
    path = re.sub(r"<(?:path:)?\w+>", rng.choice(["x", "0", "..", "a" * 300]), path)
    fields = {rng.choice(FIELDS): hostile_value(rng) for _ in range(rng.randint(1, 5))}
    query = "&".join(f"{k}={json.dumps(v)[:200]}" for k, v in fields.items() if rng.random() < 0.5)

    def send(phone: Phone) -> int:
        from urllib.parse import quote

        target = path + ("?" + quote(query, safe="=&") if query else "")
        if method == "GET":
            return phone.ask("GET", target)[0]
        if path.startswith("/api/"):
            shape = rng.random()
            if shape < 0.1:
                body = deep_json(100_000)
            else:
                event = {"type": rng.choice(["adjust", "draw", "undo", "x", 7]), **fields}
                body = json.dumps(event if shape < 0.9 else [event]).encode()
            return phone.ask(method, path, body, {"Content-Type": "application/json"})[0]
        form = {k: v if isinstance(v, str) else json.dumps(v) for k, v in fields.items()}
        return phone.form(path, form)[0]

    return send


def fuzz_part(port: int, tables: dict[str, str], count: int, seed: int) -> tuple[int, int, str]:
    """(500s, requests sent, a line): ``count`` fuzzed requests from 16 phones."""
    from companion import create_app  # the routes, from the app itself

    os.environ.setdefault("SECRET_KEY", "a" * 40)
    app = create_app({"DATABASE_URL": "sqlite://", "SECRET_KEY": "a" * 40, "TESTING": True})
    skipped = ("/events/stream", "/static/", "/print/", "/import")
    rules = [
        (method, rule.rule)
        for rule in app.url_map.iter_rules()
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"})
        if not any(part in rule.rule for part in skipped)
    ]
    app.extensions["campfire.db"].dispose()
    rng = random.Random(seed)
    plans = [fuzz_requests(rng, rules, tables) for _ in range(count)]
    statuses: list[int] = []
    lock = threading.Lock()

    def phone_loop(k: int) -> None:
        phone = Phone(port, f"127.0.6.{k + 1}")
        for table_id in tables.values():  # a page (its token), a seat claimed
            phone.ask("GET", f"/t/{table_id}")
            phone.form(f"/t/{table_id}/seat", {"seat": "0"})
        for plan in plans[k::16]:
            try:
                status = plan(phone)
            except OSError:
                status = 0
            with lock:
                statuses.append(status)

    threads = [threading.Thread(target=phone_loop, args=(k,)) for k in range(16)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=600)
    errors = statuses.count(500)
    counts = {code: statuses.count(code) for code in sorted(set(statuses))}
    line = f"fuzzing: {len(statuses)} requests over {len(rules)} routes answered {counts}"
    print(line, flush=True)
    return errors, len(statuses), line


# ---------------------------------------------------------------------------------------


def postgres_schema(url: str) -> tuple[str, Callable[[], None]]:
    """A schema of its own in ``url``'s database: the URL that uses it, and its drop."""
    import psycopg

    schema = "attack_" + uuid.uuid4().hex[:10]
    raw = url.replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(raw, autocommit=True) as conn:
        conn.execute(f"CREATE SCHEMA {schema}")

    def drop() -> None:
        with psycopg.connect(raw, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA {schema} CASCADE")

    joiner = "&" if "?" in url else "?"
    return f"{url}{joiner}options=-csearch_path%3D{schema}", drop


THREE = [*PLAYERS, {"name": "Cho", "color": "green"}]
GAMES = ("bison", "lion-square", "hunting-age", "dogs-life")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="2 photos, a 5 s lock, 300 fuzzed")
    parser.add_argument("--photos", type=int, default=None, help="hostile photos (8)")
    parser.add_argument("--lock", type=float, default=None, help="lock seconds (40)")
    parser.add_argument("--fuzz", type=int, default=None, help="fuzzed requests (1000)")
    parser.add_argument("--seed", type=int, default=33)
    parser.add_argument("--postgres", default=PG_DEFAULT, help="a PostgreSQL URL")
    parser.add_argument(
        "--limit-table",
        type=int,
        nargs="?",
        const=20_000,
        default=0,
        metavar="EVENTS",
        help="also issue 27's parts on a table of EVENTS (20,000) changes",
    )
    args = parser.parse_args()
    photos = args.photos or (2 if args.quick else 8)
    lock_seconds = args.lock or (5.0 if args.quick else 40.0)
    fuzzed = args.fuzz or (300 if args.quick else 1000)
    side = 3000 if args.quick else HOSTILE_SIDE
    url, drop = postgres_schema(args.postgres)
    began = time.perf_counter()
    try:
        with tempfile.TemporaryDirectory() as folder:
            if args.limit_table:
                limit_table_part(url, Path(folder), args.limit_table)
            process, port = start(url, Path(folder), {})
            try:
                tables = {}
                for game in GAMES:
                    made = create_table(port, game, THREE)
                    if made:
                        tables[game] = made
                    else:
                        print(f"(no {game} table: its players were refused)")
                other = create_table(port, "bison", PLAYERS)
                locked = create_table(port, "bison", PLAYERS)
                assert other and locked and "bison" in tables
                p99_photos, _ = photo_part(port, tables["bison"], other, photos, side)
                p99_lock, _ = lock_part(port, url, locked, other, lock_seconds)
                errors, sent, _ = fuzz_part(port, tables, fuzzed, args.seed)
            finally:
                stop(process)
    finally:
        drop()
    print(f"({time.perf_counter() - began:.0f} s in all)")
    print(
        f"attack: other phones p99 {p99_photos:.0f} ms with {photos} hostile photos, "
        f"{p99_lock:.0f} ms during a {lock_seconds:.0f} s PostgreSQL lock; "
        f"500s {errors} in {sent} fuzzed requests"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
