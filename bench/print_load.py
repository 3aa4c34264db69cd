"""Heavy print kits against a served companion: do the other phones still get answers?

Starts ``campfire serve`` (gevent workers, tests/support/server_kit.py) on a fresh SQLite
file, makes a table, times the other phones' requests (the table page, its htmx poll,
/healthz) while idle, then while ``--kits`` phones each ask for a ``--copies``-copy kit
(each its own options, so none is served from another's result) and follow the
"preparing your kit" page to the download. Run once with kits drawn in the print pool
(companion.print_jobs, the default) and once drawn inside the request
(``CAMPFIRE_PRINT_WORKERS=0``: how every kit was drawn before). The other phones are timed
until every kit is downloaded or ``--seconds`` have passed (a busy machine starves the
pool's lower-priority processes). Loopback only; bounded in time.

    .venv/bin/python bench/print_load.py [--game dogs-life] [--copies 20] [--kits 4]
                                          [--phones 4] [--workers 2] [--only-pool]

Goal: other phones' p99 ≤ 100 ms with 4 kits of 20 copies in flight. The last line reads
``print load: other phones p99 P ms with K kits of C copies in flight (pool), I ms (inline)``.
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

from slow_clients import call, percentile

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "support"))

from server_kit import Server  # noqa: E402  (tests/support is no package)

PLAYERS = [
    {"name": n, "color": c}
    for n, c in [("Ann", "red"), ("Ben", "blue"), ("Cho", "green"), ("Dan", "yellow")]
]
#: One set of options per kit phone: no two kits share a result.
KIT_OPTIONS = [
    "language=en&paper=a4",
    "language=ja&paper=a4",
    "language=it&paper=a4",
    "language=en&paper=letter",
    "language=ja&paper=letter",
    "language=it&paper=letter",
]
#: A kit phone's patience for one answer (seconds): a kit drawn in the request takes long.
KIT_TIMEOUT = 600
#: How long an ordinary request may take before it counts as failed (seconds).
REQUEST_TIMEOUT = 60


class Phones:
    """Ordinary phones polling the table until stopped; their answer times (ms)."""

    def __init__(self, port: int, table_id: str, count: int) -> None:
        self.port = port
        self.paths = [
            (f"/t/{table_id}", {}),
            (f"/t/{table_id}?v=0", {"HX-Request": "true"}),
            ("/healthz", {}),
        ]
        self.times: list[float] = []
        self.slowest: list[tuple[float, float, str]] = []  # (ms, began, path)
        self.errors = 0
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.threads = [threading.Thread(target=self._phone, args=(k,)) for k in range(count)]

    def _phone(self, k: int) -> None:
        n = k
        while not self.stop.is_set():
            path, headers = self.paths[n % len(self.paths)]
            n += 1
            began = time.perf_counter()
            try:
                status, _body = call(
                    self.port, "GET", path, headers=headers, timeout=REQUEST_TIMEOUT
                )
                ok = status < 500
            except OSError:
                ok = False
            with self.lock:
                if ok:
                    took = (time.perf_counter() - began) * 1000
                    self.times.append(took)
                    self.slowest = sorted([*self.slowest, (took, began, path)])[-3:]
                else:
                    self.errors += 1
            self.stop.wait(0.05)  # a phone's pause between requests

    def run_for(self, seconds: float) -> list[float]:
        self.start()
        time.sleep(seconds)
        return self.finish()

    def start(self) -> None:
        for thread in self.threads:
            thread.start()

    def finish(self) -> list[float]:
        self.stop.set()
        for thread in self.threads:
            thread.join()
        return self.times


#: What ``took`` holds for a kit that failed, and for one still drawn when time was up.
FAILED = -1.0
UNFINISHED = -2.0


def ask_for_kit(
    base: str, table_id: str, query: str, copies: int, took: list[float], stop: threading.Event
) -> None:
    """One phone (its own cookies) asks for a kit, follows its page, downloads it; the
    seconds that took go to ``took``, or FAILED (a worker blocked for longer than
    gunicorn's timeout is killed with the requests it held), or UNFINISHED."""
    try:
        took.append(_kit(base, table_id, query, copies, stop))
    except (OSError, ValueError) as error:
        if not stop.is_set():
            print(f"  a kit failed: {type(error).__name__}: {str(error)[:80]}", flush=True)
            took.append(FAILED)


def _kit(base: str, table_id: str, query: str, copies: int, stop: threading.Event) -> float:
    phone = urllib.request.build_opener(
        urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
    )
    began = time.perf_counter()
    url = f"{base}/t/{table_id}/print?download=pdf&copies={copies}&{query}"
    with phone.open(url, timeout=KIT_TIMEOUT) as answer:  # the form's 303, followed
        job_url, page = answer.url, answer.read().decode()
    while 'data-state="running"' in page:
        if stop.wait(1.0):
            return UNFINISHED
        page = phone.open(job_url, timeout=KIT_TIMEOUT).read().decode()
    if 'data-state="ready"' not in page:
        raise ValueError(f"not drawn: {page[:200]}")
    link = page.split('data-testid="print-download"')[0].rpartition('href="')[2].split('"')[0]
    with phone.open(base + link.replace("&amp;", "&"), timeout=KIT_TIMEOUT) as pdf:
        if not pdf.read().startswith(b"%PDF-"):
            raise ValueError("the download is not a PDF")
    return time.perf_counter() - began


def kind(path: str) -> str:
    if path == "/healthz":
        return "healthz"
    return "poll" if "?v=" in path else "table page"


def run(name: str, print_workers: str | None, args: argparse.Namespace, folder: Path) -> float:
    env = {
        "CAMPFIRE_PRINT_FOLDER": str(folder / f"{name}-kits"),
        "PRINT_RATE_LIMIT": "1000 per minute",
        "CREATE_RATE_LIMIT": "1000 per minute",
    }
    if print_workers is not None:
        env["CAMPFIRE_PRINT_WORKERS"] = print_workers
    database = f"sqlite:///{folder / (name + '.sqlite3')}"
    with Server(database, cwd=folder, workers=args.workers, env=env) as server:
        server.wait_until_up()
        body = {"game": args.game, "players": PLAYERS}
        _status, answer = call(server.port, "POST", "/api/v1/tables", body)
        table_id = json.loads(answer)["id"]
        Phones(server.port, table_id, args.phones).run_for(2)  # warm up
        quiet = Phones(server.port, table_id, args.phones).run_for(args.quiet)
        phones = Phones(server.port, table_id, args.phones)
        took: list[float] = []
        stop = threading.Event()
        kits = [
            threading.Thread(
                target=ask_for_kit,
                args=(server.url, table_id, KIT_OPTIONS[k % len(KIT_OPTIONS)], args.copies),
                kwargs={"took": took, "stop": stop},
                daemon=True,  # a kit drawn in the request may outlive the run: let it go
            )
            for k in range(args.kits)
        ]
        phones.start()
        began = time.perf_counter()
        for kit in kits:
            kit.start()
        for kit in kits:
            kit.join(max(0.0, args.seconds - (time.perf_counter() - began)))
        stop.set()
        loaded = phones.finish()
        finished = list(took)  # the kits still drawn may add theirs as the server stops
    p99 = percentile(loaded, 0.99)
    drawn = [seconds for seconds in finished if seconds >= 0]
    slowest = ", ".join(
        f"{ms:.0f} ms at +{at - began:.1f} s ({kind(path)})"
        for ms, at, path in reversed(phones.slowest)
    )
    failed = finished.count(FAILED)
    print(
        f"{name:6} idle: p50 {statistics.median(quiet):6.1f} ms p99 {percentile(quiet, 0.99):6.1f}"
        f" ms | {len(took)} kits of {args.copies} copies ({args.game}) in flight: "
        f"{len(loaded)} answered, {phones.errors} failed, p50 {statistics.median(loaded):6.1f} ms"
        f" p99 {p99:7.1f} ms, max {max(loaded):7.1f} ms | kits: {len(drawn)} downloaded "
        f"(after {min(drawn, default=0):.0f}–{max(drawn, default=0):.0f} s), {failed} failed, "
        f"{args.kits - len(drawn) - failed} still drawn after {args.seconds:.0f} s | slowest: "
        f"{slowest}",
        flush=True,
    )
    return p99


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="dogs-life", help="the table's game (default dogs-life)")
    parser.add_argument("--copies", type=int, default=20, help="copies per kit (default 20)")
    parser.add_argument("--kits", type=int, default=4, help="phones asking for kits (default 4)")
    parser.add_argument("--phones", type=int, default=4, help="other phones (default 4)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    parser.add_argument("--quiet", type=float, default=5, help="idle timing, seconds (default 5)")
    parser.add_argument(
        "--seconds",
        type=float,
        default=180,
        help="time the other phones while the kits are drawn, at most (default 180)",
    )
    parser.add_argument(
        "--only-pool", action="store_true", help="skip the run with kits drawn in the request"
    )
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        pool = run("pool", None, args, Path(folder))
        inline = None if args.only_pool else run("inline", "0", args, Path(folder))
    before = "" if inline is None else f", {inline:.0f} ms drawn in the request (before)"
    print(
        f"print load: other phones p99 {pool:.0f} ms with {args.kits} kits of {args.copies} "
        f"copies in flight (pool){before}; goal ≤ 100 ms"
    )


if __name__ == "__main__":
    main()
