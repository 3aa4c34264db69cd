"""Live sync under load: push (the version stream) beside polling, on SQLite and PostgreSQL.

For each database (a fresh SQLite file; PostgreSQL in a schema of its own, skipped when no
server answers) two companion servers run as ``campfire serve`` runs them (gunicorn, one
gevent worker each, the same options) on 127.0.0.1, on one database: two server processes,
so every change made on one must reach the phones of the other. Then:

1. **push**: ``--tables`` tables (default 50) of Lion Square with ``--phones`` phones in all
   (default 200), split between the servers. Each phone holds the version stream
   (``/t/<id>/events/stream``) and, when it says a newer version, asks its table URL with
   ``?v=<shown>`` as static/push.js does (again after 150 ms while still behind). Each table
   gets a change every ``--change-every`` s (default 5: 10 changes a second in all) through
   the JSON API, on either server in turn. **Propagation** is, for every acknowledged change
   and every phone on its table, the time from the change's answer to the moment that phone
   holds a panel of that version or later (the panel a browser would swap in: the DOM-
   visible version, less the swap itself). A few real Chromium phones (``--browsers``,
   default 2; 0 to skip) join and record when the version appears in their DOM. Meanwhile
   one client asks other pages (the table page, the history) one after another: their
   latency is the **other requests** figure.
2. **poll**: the same, the phones polling every 2 s (app.js) instead of streaming.
3. **idle**: ``--idle`` phones (default 500) hold their streams on quiet tables while the
   other requests are measured; then the same number of phones poll every 2 s instead.

Then the poll-cost line of ``bench/poll_cost.py`` (its ``measure()``, when present) and, last:
``sync: push p95 N ms with P phones; idle phones I with other requests p99 M ms`` (the worse
of the databases measured).

Loopback only; every loop is bounded by time; the servers are stopped at the end. The
clients are one asyncio loop in this process (a real phone is one connection for the
stream and one for requests, here too).

    .venv/bin/python bench/sync_load.py [--seconds 15] [--postgres URL] [--no-poll-cost]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _kit import launch_chromium, open_phone, percentile

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
VERSION = re.compile(rb'id="panel"[^>]*data-version="(\d+)"|data-version="(\d+)"')
PLAYERS = [
    {"name": n, "color": c}
    for n, c in [("Ann", "red"), ("Ben", "blue"), ("Cho", "green"), ("Dan", "yellow")]
]
PG_DEFAULT = "postgresql+psycopg://campfire:campfire@127.0.0.1:5432/campfire_test"
RETRY_S = 0.15  # push.js asks again this soon while the panel is behind the stream
RETRIES = 12
POLL_S = 2.0


# ---------------------------------------------------------------------------------------
# the servers (child processes)


def app_config(url: str) -> dict[str, Any]:
    return {
        "SECRET_KEY": "sync-load-benchmark-secret-key-0123456789",
        "DATABASE_URL": url,
        "CREATE_RATE_LIMIT": "100000 per minute",
        "JOIN_RATE_LIMIT": "100000 per minute",
    }


def serve(port: int, url: str) -> None:
    from campfire.commands.serve import build_server, gunicorn_options
    from companion import create_app

    # per_address=0: every phone here comes from 127.0.0.1, which serve's bound of one
    # address's connections (64 a worker, issue 33 F5) would refuse past 64 phones.
    options = gunicorn_options(
        argparse.Namespace(host=HOST, port=port, workers=1, connections=2000, per_address=0)
    )
    build_server(lambda: create_app(app_config(url)), options).run()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def start_servers(url: str, count: int = 2) -> tuple[list[int], list[subprocess.Popen[bytes]]]:
    from companion import create_app

    create_app(app_config(url)).extensions["campfire.db"].dispose()  # migrate once, first
    ports, processes = [], []
    for _ in range(count):
        port = free_port()
        processes.append(
            subprocess.Popen(
                [sys.executable, __file__, "--serve", str(port), url],
                cwd=ROOT,
                start_new_session=True,
            )
        )
        ports.append(port)
    deadline = time.monotonic() + 60
    for port, process in zip(ports, processes, strict=True):
        while True:
            if process.poll() is not None:
                raise SystemExit(f"a server exited with code {process.returncode}")
            try:
                with socket.create_connection((HOST, port), timeout=1) as sock:
                    sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                    if sock.recv(64).startswith(b"HTTP/1.1 200"):
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise SystemExit("a server did not answer within 60 s")
            time.sleep(0.1)
    return ports, processes


def stop_servers(processes: list[subprocess.Popen[bytes]]) -> None:
    for process in processes:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)


# ---------------------------------------------------------------------------------------
# a minimal HTTP/1.1 client (keep-alive, Content-Length or chunked)


class Connection:
    def __init__(self, port: int) -> None:
        self.port = port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(
        self, method: str, path: str, body: bytes = b"", headers: dict[str, str] | None = None
    ) -> tuple[int, bytes]:
        for attempt in (0, 1):  # a kept-alive connection the server closed: open anew
            reused = self.writer is not None
            try:
                return await asyncio.wait_for(self._send(method, path, body, headers), 30)
            except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError):
                self.close()
                if not reused or attempt:
                    raise
        raise OSError("unreachable")

    async def _send(
        self, method: str, path: str, body: bytes, headers: dict[str, str] | None
    ) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(HOST, self.port)
        # This request's own ends: a timed-out request's close() may clear the attributes.
        reader, writer = self.reader, self.writer
        assert reader is not None
        lines = [
            f"{method} {path} HTTP/1.1",
            f"Host: {HOST}:{self.port}",
            f"Content-Length: {len(body)}",
        ]
        lines += [f"{k}: {v}" for k, v in (headers or {}).items()]
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + body)
        status, length, chunked, close = await read_head(reader)
        if chunked:
            data = b"".join([chunk async for chunk in read_chunks(reader)])
        else:
            data = await reader.readexactly(length) if length else b""
        if close:
            self.close()
        return status, data

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


async def read_head(reader: asyncio.StreamReader) -> tuple[int, int, bool, bool]:
    status_line = await reader.readline()
    if not status_line:
        raise asyncio.IncompleteReadError(b"", None)
    status = int(status_line.split()[1])
    length, chunked, close = 0, False, False
    while True:
        line = (await reader.readline()).strip()
        if not line:
            break
        name, _, value = line.decode("latin-1").partition(":")
        name, value = name.lower(), value.strip().lower()
        if name == "content-length":
            length = int(value)
        elif name == "transfer-encoding" and "chunked" in value:
            chunked = True
        elif name == "connection" and value == "close":
            close = True
    return status, length, chunked, close


async def read_chunks(reader: asyncio.StreamReader) -> Any:
    while True:
        size = int((await reader.readline()).strip().split(b";")[0], 16)
        if size == 0:
            await reader.readline()
            return
        yield await reader.readexactly(size)
        await reader.readexactly(2)


# ---------------------------------------------------------------------------------------
# phones


@dataclass
class Phone:
    table_id: str
    port: int
    shown: int = 0
    wanted: int = 0
    seen_at: dict[int, float] = field(default_factory=dict)  # version → first shown (wall)
    errors: int = 0
    fetching: bool = False

    def show(self, version: int) -> None:
        now = time.time()
        for v in range(self.shown + 1, version + 1):
            self.seen_at.setdefault(v, now)
        self.shown = max(self.shown, version)


async def fetch(phone: Phone, connection: Connection) -> int:
    status, body = await connection.request(
        "GET", f"/t/{phone.table_id}?v={phone.shown}", headers={"HX-Request": "true"}
    )
    if status == 200 and (found := VERSION.search(body)):
        phone.show(int(found.group(1) or found.group(2)))
    elif status != 204:
        phone.errors += 1
    return status


async def push_phone(phone: Phone, stop: float, *, listen_only: bool = False) -> None:
    """Holds the stream; on a newer version asks for the panel as push.js does."""
    connection = Connection(phone.port)
    running: set[asyncio.Future[None]] = set()

    async def catch_up() -> None:
        try:
            for _ in range(RETRIES):
                await fetch(phone, connection)
                if phone.shown >= phone.wanted or time.monotonic() > stop:
                    break
                await asyncio.sleep(RETRY_S)
        except (TimeoutError, OSError, asyncio.IncompleteReadError):
            phone.errors += 1
        finally:
            phone.fetching = False

    while time.monotonic() < stop:
        try:
            reader, writer = await asyncio.open_connection(HOST, phone.port)
        except OSError:
            phone.errors += 1
            await asyncio.sleep(1)
            continue
        try:
            writer.write(
                f"GET /t/{phone.table_id}/events/stream HTTP/1.1\r\n"
                f"Host: {HOST}\r\nAccept: text/event-stream\r\n\r\n".encode()
            )
            status, _, _, _ = await read_head(reader)
            if status != 200:
                phone.errors += 1
                await asyncio.sleep(1)
                continue
            text = ""
            chunks = read_chunks(reader)
            while time.monotonic() < stop:
                try:
                    chunk = await asyncio.wait_for(
                        chunks.__anext__(), max(0.01, stop - time.monotonic())
                    )
                except (TimeoutError, StopAsyncIteration):
                    break  # the stream ended (the browser reconnects) or the phase did
                text += chunk.decode()
                while "\n\n" in text:
                    message, text = text.split("\n\n", 1)
                    for line in message.splitlines():
                        if line.startswith("data: ") and not listen_only:
                            phone.wanted = max(phone.wanted, int(line[6:]))
                if phone.wanted > phone.shown and not phone.fetching:
                    phone.fetching = True  # before the task runs: one request at a time
                    task = asyncio.ensure_future(catch_up())
                    running.add(task)
                    task.add_done_callback(running.discard)
        except (OSError, asyncio.IncompleteReadError, ValueError):
            phone.errors += 1
        finally:
            writer.close()
    connection.close()


async def poll_phone(phone: Phone, stop: float, offset: float) -> None:
    """Polls every 2 s with the version it shows, as app.js does."""
    connection = Connection(phone.port)
    tick = time.monotonic() + offset
    while tick < stop:
        await asyncio.sleep(max(0.0, tick - time.monotonic()))
        try:
            await fetch(phone, connection)
        except (TimeoutError, OSError, asyncio.IncompleteReadError):
            phone.errors += 1
        tick += POLL_S
    connection.close()


# ---------------------------------------------------------------------------------------
# changes and other requests


@dataclass
class Change:
    table_id: str
    version: int
    acked: float  # wall clock, when the answer arrived


async def changer(
    table_id: str,
    ports: list[int],
    start: float,
    stop: float,
    every: float,
    changes: list[Change],
    latencies: list[float],
) -> None:
    connections = [Connection(port) for port in ports]
    tick, turn = start + random.uniform(0, every), 0
    while tick < stop:
        await asyncio.sleep(max(0.0, tick - time.monotonic()))
        event = {
            "type": "set_taken",
            "seat": turn % 4,
            "count": 1 if (turn // 4) % 2 == 0 else 0,
        }  # public: a herd is changed by its own seat's phone only (issue 27)
        began = time.monotonic()
        try:
            status, body = await connections[turn % len(connections)].request(
                "POST",
                f"/api/v1/tables/{table_id}/events",
                json.dumps(event).encode(),
                {"Content-Type": "application/json"},
            )
            if status == 200:
                changes.append(Change(table_id, json.loads(body)["version"], time.time()))
                latencies.append(time.monotonic() - began)
        except (TimeoutError, OSError, asyncio.IncompleteReadError):
            pass
        turn += 1
        tick += every
    for connection in connections:
        connection.close()


async def other_requests(
    table_ids: list[str], ports: list[int], stop: float, latencies: list[float], every: float = 0.05
) -> None:
    """Another phone browsing: the table page and its history, one after another."""
    connections = [Connection(port) for port in ports]
    turn = 0
    while time.monotonic() < stop:
        table_id = table_ids[turn % len(table_ids)]
        path = f"/t/{table_id}" if turn % 2 == 0 else f"/t/{table_id}/history"
        began = time.monotonic()
        try:
            status, _ = await connections[turn % len(connections)].request("GET", path)
            if status == 200:
                latencies.append(time.monotonic() - began)
        except (TimeoutError, OSError, asyncio.IncompleteReadError):
            pass
        turn += 1
        await asyncio.sleep(every)
    for connection in connections:
        connection.close()


async def create_tables(port: int, count: int) -> list[str]:
    connection = Connection(port)
    ids = []
    for _ in range(count):
        status, body = await connection.request(
            "POST",
            "/api/v1/tables",
            json.dumps({"game": "lion-square", "players": PLAYERS}).encode(),
            {"Content-Type": "application/json"},
        )
        if status != 201:
            raise SystemExit(f"creating a table answered {status}: {body[:200]!r}")
        ids.append(json.loads(body)["id"])
    connection.close()
    return ids


# ---------------------------------------------------------------------------------------
# real phones (Chromium): when the version shows in the DOM

WATCH = """
window.__seen = {};
document.addEventListener("htmx:afterSwap", function () {
  var panel = document.getElementById("panel");
  var v = panel && panel.getAttribute("data-version");
  if (v !== null && !(v in window.__seen)) { window.__seen[v] = Date.now(); }
});
"""


async def browsers(
    count: int,
    ports: list[int],
    table_ids: list[str],
    mode: str,
    ready: asyncio.Event,
    done: asyncio.Event,
) -> dict[str, dict[int, float]]:
    """``count`` Chromium phones on the first tables; version → when it showed (wall)."""
    seen: dict[str, dict[int, float]] = {}
    if count <= 0:
        ready.set()
        return seen
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await launch_chromium(playwright)
        pages = []
        for index in range(count):
            page = await open_phone(browser, WATCH)
            if mode == "poll":  # a blocked stream: the phone polls as before
                await page.route("**/events/stream", lambda route: route.abort())
            table_id = table_ids[index % len(table_ids)]
            await page.goto(f"http://{HOST}:{ports[index % len(ports)]}/t/{table_id}")
            pages.append((table_id, page))
        ready.set()
        await done.wait()
        for table_id, page in pages:
            found = await page.evaluate("window.__seen")
            seen.setdefault(table_id, {})
            for version, at in found.items():
                seen[table_id].setdefault(int(version), at / 1000)
        await browser.close()
    return seen


# ---------------------------------------------------------------------------------------
# phases


def spread(values: list[float]) -> str:
    return (
        f"p50 {percentile(values, 0.5) * 1000:.0f} / p95 {percentile(values, 0.95) * 1000:.0f}"
        f" / p99 {percentile(values, 0.99) * 1000:.0f} ms"
    )


def propagation(
    changes: list[Change], seen: dict[str, list[dict[int, float]]]
) -> tuple[list[float], int]:
    delays, missed = [], 0
    for change in changes:
        for phone_seen in seen.get(change.table_id, []):
            at = min((t for v, t in phone_seen.items() if v >= change.version), default=None)
            if at is None:
                missed += 1
            else:
                delays.append(max(0.0, at - change.acked))
    return delays, missed


async def live_phase(
    mode: str,
    ports: list[int],
    table_ids: list[str],
    phones: int,
    seconds: float,
    every: float,
    chromium: int,
) -> dict[str, Any]:
    crowd = [Phone(table_ids[i % len(table_ids)], ports[i % len(ports)]) for i in range(phones)]
    ready, done = asyncio.Event(), asyncio.Event()
    real = asyncio.ensure_future(browsers(chromium, ports, table_ids, mode, ready, done))
    await ready.wait()
    stop = time.monotonic() + seconds + 3
    tasks = [
        asyncio.ensure_future(
            push_phone(p, stop)
            if mode == "push"
            else poll_phone(p, stop, random.uniform(0, POLL_S))
        )
        for p in crowd
    ]
    await asyncio.sleep(1.5)  # streams open, first polls out
    for p in crowd:  # what a phone shows when the measured changes begin
        p.seen_at.clear()
    changes: list[Change] = []
    change_latency: list[float] = []
    other: list[float] = []
    start = time.monotonic()
    end_changes = start + seconds
    jobs = [
        changer(t, ports, start, end_changes, every, changes, change_latency) for t in table_ids
    ]
    jobs.append(other_requests(table_ids, ports, end_changes, other))
    await asyncio.gather(*jobs)
    await asyncio.sleep(max(0.0, stop - time.monotonic()))  # let the last changes arrive
    await asyncio.gather(*tasks)
    done.set()
    dom_seen = await real
    by_table: dict[str, list[dict[int, float]]] = {}
    for p in crowd:
        by_table.setdefault(p.table_id, []).append(p.seen_at)
    delays, missed = propagation(changes, by_table)
    dom_delays, dom_missed = propagation(
        [c for c in changes if c.table_id in dom_seen], {t: [s] for t, s in dom_seen.items()}
    )
    return {
        "delays": delays,
        "missed": missed,
        "changes": len(changes),
        "change_latency": change_latency,
        "other": other,
        "errors": sum(p.errors for p in crowd),
        "dom": dom_delays,
        "dom_missed": dom_missed,
    }


async def idle_phase(
    mode: str, ports: list[int], table_ids: list[str], phones: int, seconds: float
) -> dict[str, Any]:
    crowd = [Phone(table_ids[i % len(table_ids)], ports[i % len(ports)]) for i in range(phones)]
    stop = time.monotonic() + seconds + 2
    tasks = [
        asyncio.ensure_future(
            push_phone(p, stop, listen_only=True)
            if mode == "push"
            else poll_phone(p, stop, random.uniform(0, POLL_S))
        )
        for p in crowd
    ]
    await asyncio.sleep(2)  # every stream open
    other: list[float] = []
    await other_requests(table_ids, ports, time.monotonic() + seconds, other, every=0.02)
    await asyncio.gather(*tasks)
    return {"other": other, "errors": sum(p.errors for p in crowd)}


async def measure_database(name: str, url: str, args: argparse.Namespace) -> tuple[float, float]:
    ports, processes = start_servers(url)
    try:
        table_ids = await create_tables(ports[0], args.tables)
        quiet = await create_tables(ports[1], args.tables)
        results = {}
        for mode in ("push", "poll"):
            r = await live_phase(
                mode, ports, table_ids, args.phones, args.seconds, args.change_every, args.browsers
            )
            results[mode] = r
            print(
                f"{name} {mode}: {args.phones} phones on {args.tables} tables, 2 server "
                f"processes, {r['changes']} changes: propagation {spread(r['delays'])} "
                f"(missed {r['missed']}); DOM on {args.browsers} Chromium phones "
                f"{spread(r['dom'])} (missed {r['dom_missed']}); change answered "
                f"{spread(r['change_latency'])}; other requests {spread(r['other'])}; "
                f"phone errors {r['errors']}",
                flush=True,
            )
        idle = {}
        for mode in ("push", "poll"):
            r = await idle_phase(mode, ports, quiet, args.idle, args.idle_seconds)
            idle[mode] = r
            how = "holding streams" if mode == "push" else "polling every 2 s"
            print(
                f"{name} idle {mode}: {args.idle} phones {how}: other requests "
                f"{spread(r['other'])} ({len(r['other'])} asked); phone errors "
                f"{r['errors']}",
                flush=True,
            )
        return (
            percentile(results["push"]["delays"], 0.95) * 1000,
            percentile(idle["push"]["other"], 0.99) * 1000,
        )
    finally:
        stop_servers(processes)


def postgres_url(given: str | None) -> tuple[str | None, str | None]:
    """(a URL with a schema of its own, the schema to drop) or (None, None)."""
    base = given or os.environ.get("CAMPFIRE_TEST_PG", PG_DEFAULT)
    try:
        import psycopg

        schema = "bench_" + uuid.uuid4().hex[:10]
        raw = base.replace("postgresql+psycopg", "postgresql")
        with psycopg.connect(raw, autocommit=True, connect_timeout=3) as conn:
            conn.execute(f"CREATE SCHEMA {schema}")
        joiner = "&" if "?" in base else "?"
        return f"{base}{joiner}options=-csearch_path%3D{schema}", schema
    except Exception as error:
        print(f"PostgreSQL skipped: {type(error).__name__}: {error}".splitlines()[0])
        return None, None


def drop_schema(given: str | None, schema: str) -> None:
    import psycopg

    raw = (given or os.environ.get("CAMPFIRE_TEST_PG", PG_DEFAULT)).replace(
        "postgresql+psycopg", "postgresql"
    )
    with psycopg.connect(raw, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA {schema} CASCADE")


def poll_cost_line(postgres: str | None) -> str | None:
    sys.path.insert(0, str(ROOT / "bench"))
    try:
        import poll_cost  # type: ignore[import-not-found]
    except ImportError:
        return None
    line: str = poll_cost.measure(postgres)
    return line


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--serve", nargs=2, metavar=("PORT", "URL"), help=argparse.SUPPRESS)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--phones", type=int, default=200)
    parser.add_argument("--idle", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=15.0, help="of changes per phase")
    parser.add_argument("--idle-seconds", type=float, default=8.0)
    parser.add_argument(
        "--change-every", type=float, default=5.0, help="seconds between changes of one table"
    )
    parser.add_argument("--browsers", type=int, default=2, help="real Chromium phones")
    parser.add_argument(
        "--postgres",
        metavar="URL",
        help="PostgreSQL DATABASE_URL "
        f"(default $CAMPFIRE_TEST_PG or {PG_DEFAULT}); a schema is made",
    )
    parser.add_argument("--no-postgres", action="store_true")
    parser.add_argument("--no-poll-cost", action="store_true")
    args = parser.parse_args()
    if args.serve:
        serve(int(args.serve[0]), args.serve[1])
        return
    sys.path.insert(0, str(ROOT))
    p95s, p99s = [], []
    with tempfile.TemporaryDirectory() as folder:
        databases = [("SQLite", f"sqlite:///{Path(folder) / 'sync.sqlite3'}", None)]
        if not args.no_postgres:
            url, schema = postgres_url(args.postgres)
            if url:
                databases.append(("PostgreSQL", url, schema))
        try:
            for name, url, _schema in databases:
                p95, p99 = asyncio.run(measure_database(name, url, args))
                p95s.append(p95)
                p99s.append(p99)
            line = (
                None
                if args.no_poll_cost
                else poll_cost_line(databases[-1][1] if len(databases) > 1 else None)
            )
        finally:
            for _name, _url, schema in databases:
                if schema:
                    drop_schema(args.postgres, schema)
    if line:
        print(line)
    print(
        f"sync: push p95 {max(p95s):.0f} ms with {args.phones} phones; idle phones "
        f"{args.idle} with other requests p99 {max(p99s):.0f} ms"
    )


if __name__ == "__main__":
    main()
