"""Print kits drawn outside the request: a bounded process pool and a spool of results.

A 20-copy kit is seconds of pure CPU in ReportLab (11–14 s in issue 27; A Dog's Life ~8 s
of CPU on an idle core). Drawn inside the request it held the gevent worker's only thread,
so every other phone of that worker waited with it (four such kits: ~25 s for a poll that
takes 6 ms). Here the request only files a job and answers; the drawing happens in a
process pool and the phone polls the job's page.

* **Where a job lives.** Everything is a file in one spool folder (``CAMPFIRE_PRINT_FOLDER``,
  default ``instance/print_kits``) named by the job's key: the SHA-256 of the kit's
  arguments and of printgen's sources (``kit_key``). ``<key>.job`` while it is drawn,
  ``<key>.pdf`` once drawn, ``<key>.error`` when printgen refused it. Every worker process
  of a server shares the folder, so a poll finds the job whichever worker it lands on; a
  poll that lands on another server (its own folder) finds nothing and files the job
  there (the job's URL carries the kit's options). Equal options give equal keys: a kit
  asked for twice is drawn once and served byte-identical (ReportLab's invariant mode).
* **Bounded concurrency.** Each worker process has a ``ProcessPoolExecutor`` of
  ``CAMPFIRE_PRINT_WORKERS`` processes (default: one per core but one, at least one),
  started with ``spawn`` (never forked from a gevent-patched worker) at a lower CPU
  priority. A render takes one of ``CAMPFIRE_PRINT_WORKERS`` lock files
  (``slot-<n>.lock``) first, so however many gunicorn workers a server runs, at most that
  many kits are drawn at once. A pool process ends when its worker is gone.
  ``CAMPFIRE_PRINT_WORKERS = 0`` draws in the request (the old way: tests, and the
  bench's baseline).
* **Bounded queue.** At most ``CAMPFIRE_PRINT_QUEUE`` jobs are filed at once per server
  (``QueueFull`` beyond); a job file older than ``PRINT_JOB_SECONDS``, or filed by a worker
  process that is gone (its pid is the file's first word: a restarted server), belongs to
  a render that died and no longer counts.
* **A full disk.** A job whose file or PDF cannot be written for want of space leaves
  nothing behind (its part file removed), and for ``DISK_FULL_PAUSE`` seconds the worker
  process files no kit (``DiskFull``: the page answers 503 with Retry-After, never 500;
  issue 33, F6), rather than drawing the same kit again at every poll.
* **Per-address quota.** One client address has at most half the queue (``per_address``,
  at least one) filed at once (``QuotaFull`` beyond; the address is the file's second
  word): a phone without cookies escapes the one-kit-per-phone rule, and one address
  asking at the rate limit's 10 kits a minute kept the queue full for everyone (issue 33,
  F7).
* **Bounded storage.** Results are kept ``PRINT_KEEP_SECONDS``; when they take more than
  ``CAMPFIRE_PRINT_STORE_MB`` the oldest go first. Clean-up runs whenever a job is filed.

The per-phone rule (one kit in flight per phone) is the page's: it keeps the phone's job
in its session (companion.pages.print_kit).
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import errno
import functools
import hashlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict, TypeVar

from flask import Config, Flask, current_app

from companion import fingerprint
from companion.slots import held as slots_held

if TYPE_CHECKING:  # printgen is imported by the pool process's first job, not here
    from games.table import Player
    from printgen.layout import Offset


class KitArguments(TypedDict):
    """``printgen.kit.render_kit``'s arguments for one job: the kit and this table's
    links and players (``companion.pages.print_kit.kit_job`` makes them)."""

    game: str
    paper: str
    lang: str
    duplex: str
    ink_saver: bool
    table_url: str
    seat_urls: tuple[str, ...]
    players: tuple[Player, ...]
    only: tuple[str, ...] | None
    copies: int
    back_offset: Offset


log = logging.getLogger(__name__)

EXTENSION = "campfire.print_jobs"
#: How long a render waits between tries for a free slot (seconds; inside a pool process).
SLOT_PAUSE = 0.1
#: What a job's failure file holds when the render failed for a reason printgen did not
#: name (a crashed pool process): the page says "something went wrong".
UNEXPECTED = ""
#: printgen's sources, whose digest is part of every key.
PRINTGEN = Path(__file__).resolve().parents[1] / "printgen"


class State(Enum):
    MISSING = "missing"  # never filed here, expired, or its render died
    RUNNING = "running"  # filed: waiting for a slot or being drawn
    READY = "ready"
    FAILED = "failed"


class QueueFull(Exception):
    """This server has ``CAMPFIRE_PRINT_QUEUE`` kits in hand already."""


class DiskFull(Exception):
    """The spool's disk is full: no kit can be written now."""


#: How long a worker process files no kit after one failed for a full disk (seconds).
DISK_FULL_PAUSE = 30.0


def disk_full(error: BaseException) -> bool:
    """Whether ``error`` says the disk (or the user's quota) is full."""
    return isinstance(error, OSError) and error.errno in (errno.ENOSPC, errno.EDQUOT)


class QuotaFull(Exception):
    """This client address has its share of the queue in hand already."""


@dataclass(frozen=True, slots=True)
class Status:
    state: State
    error: str | None = None  # FAILED: printgen's reason (English), or UNEXPECTED


@functools.cache
def printgen_fingerprint() -> str:
    """A digest of printgen's sources: a kit drawn by other code is another kit."""
    return fingerprint.of_files(sorted(PRINTGEN.rglob("*.py")))


def kit_key(arguments: KitArguments) -> str:
    """The job key of ``printgen.kit.render_kit(**arguments)``: its ``repr`` holds only
    strings, numbers, booleans, tuples and an ``Offset``, all with a stable ``repr``."""
    text = f"{printgen_fingerprint()}\0{sorted(arguments.items())!r}"
    return hashlib.sha256(text.encode()).hexdigest()


def default_workers() -> int:
    """One pool process per core but one (the web workers keep a core), at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


def workers_of(config: Config, key: str) -> int:
    """The pool's processes as the setting ``key`` says, else ``default_workers``."""
    workers = config.get(key)
    return default_workers() if workers is None else int(workers)


Jobs = TypeVar("Jobs")


def per_app(app: Flask | None, extension: str, make: Callable[[Flask], Jobs]) -> Jobs:
    """The app's ``extension`` (``make(app)`` on first use in each process: a pool is not
    shared across a fork)."""
    app = app or current_app
    jobs: Jobs | None = app.extensions.get(extension)
    if jobs is None:
        jobs = app.extensions.setdefault(extension, make(app))
    return jobs


# ---------------------------------------------------------------------------------------
# inside a pool process


#: The pool processes' niceness: they yield the CPU to the web workers, so a poll waits
#: for no kit. Set first thing in the new process (``os.nice`` as the pool's initializer),
#: before the imports of its first job.
NICENESS = 10


_watching: list[int] = []  # the worker this pool process watches (once started)


def _outlive_no_worker() -> None:
    """A pool process ends when the worker process that started it is gone (killed after
    gunicorn's graceful timeout, say): it would otherwise wait on its queue forever, since
    it holds both ends of it. The worker is ``parent_process()``, not ``getppid()``: by
    the first job the worker may be gone already (its pool process is then init's)."""
    worker = multiprocessing.parent_process()
    if _watching or worker is None or worker.pid is None:
        return  # watching already, or drawing in the request (no pool)
    _watching.append(worker.pid)

    def watch() -> None:
        while os.getppid() == worker.pid:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="print-pool-watch", daemon=True).start()


def render_job(folder: str, key: str, arguments: KitArguments, slots: int) -> None:
    """Draw one kit into ``<key>.pdf`` (``<key>.error`` when printgen refuses it), then
    remove ``<key>.job``. Runs in a pool process (or in the request when the pool is
    off); ``slots`` 0 takes no slot."""
    from printgen import kit as printkit
    from printgen.errors import PrintError

    spool = Path(folder)
    if slots:
        _outlive_no_worker()
    try:
        with slots_held(spool, slots, pause=SLOT_PAUSE) if slots else contextlib.nullcontext():
            if not (spool / f"{key}.pdf").exists():  # drawn meanwhile by another worker
                try:
                    pdf = printkit.render_kit(**arguments)
                except PrintError as error:
                    _write(spool / f"{key}.error", str(error).encode())
                else:
                    _write(spool / f"{key}.pdf", pdf)
    finally:
        (spool / f"{key}.job").unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)  # no signal: only asks whether the process exists
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's: it exists
        return True
    return True


def _write(path: Path, data: bytes) -> None:
    """Whole or not at all: a reader never sees half a PDF."""
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    try:
        part.write_bytes(data)
        os.replace(part, path)
    except OSError:  # a full disk: no half-written part is left to fill it further
        part.unlink(missing_ok=True)
        raise


# ---------------------------------------------------------------------------------------
# in the web worker


class PrintJobs:
    """The spool and pool of one worker process (see the module docstring)."""

    def __init__(
        self,
        folder: Path,
        *,
        workers: int,
        queue: int,
        keep_seconds: float,
        store_bytes: int,
        job_seconds: float,
        per_address: int | None = None,
    ) -> None:
        self.folder = folder
        self.per_address = max(1, queue // 2) if per_address is None else per_address
        self.workers = workers
        self.queue = queue
        self.keep_seconds = keep_seconds
        self.store_bytes = store_bytes
        self.job_seconds = job_seconds
        self.executor: concurrent.futures.Executor | None = (
            None  # made on first use (tests put a stub here)
        )
        self.full_until = 0.0  # monotonic time until which a full disk refuses kits
        folder.mkdir(parents=True, exist_ok=True)

    def pdf(self, key: str) -> Path:
        return self.folder / f"{key}.pdf"

    def status(self, key: str) -> Status:
        if self.pdf(key).exists():
            return Status(State.READY)
        with contextlib.suppress(FileNotFoundError):
            return Status(State.FAILED, (self.folder / f"{key}.error").read_text("utf-8"))
        if self._running(self.folder / f"{key}.job"):
            return Status(State.RUNNING)
        return Status(State.MISSING)

    def _running(self, job: Path) -> bool:
        """Whether ``job`` belongs to a live render: younger than ``job_seconds``, and the
        worker process that filed it (the file's first word) is still there — a restarted
        server's jobs died with its pool."""
        return self._filer(job) is not None

    def _filer(self, job: Path) -> str | None:
        """The client address (or "") that filed ``job``, if it belongs to a live render."""
        try:
            fresh = time.time() - job.stat().st_mtime < self.job_seconds
            words = job.read_text("ascii").split()
            filer = int(words[0]) if words else 0
        except (FileNotFoundError, ValueError, UnicodeDecodeError):
            return None
        alive = fresh and filer > 0 and _alive(filer)
        return (words[1] if len(words) > 1 else "") if alive else None

    def submit(self, key: str, arguments: KitArguments, address: str = "") -> Status:
        """File the job for the client at ``address`` unless it is drawn or filed already;
        its status. A failed job is filed again (asking again is how a phone retries).
        Raises ``QueueFull``, ``QuotaFull`` when ``address`` has its share filed, and
        ``DiskFull`` when the job cannot be written (or one could not be lately)."""
        status = self.status(key)
        if status.state in (State.READY, State.RUNNING):
            return status
        if time.monotonic() < self.full_until:
            raise DiskFull
        try:
            return self._submit(key, arguments, address)
        except OSError as error:
            if not disk_full(error):
                raise
            self._disk_was_full(key)
            raise DiskFull from error

    def _disk_was_full(self, key: str) -> None:
        log.error("print kit %s: the disk is full", key[:12])
        self.full_until = time.monotonic() + DISK_FULL_PAUSE
        with contextlib.suppress(OSError):
            (self.folder / f"{key}.job").unlink(missing_ok=True)

    def _submit(self, key: str, arguments: KitArguments, address: str) -> Status:
        self.clean()
        (self.folder / f"{key}.error").unlink(missing_ok=True)
        if address and self.in_flight(address) >= self.per_address:
            raise QuotaFull
        if self.in_flight() >= self.queue:
            raise QueueFull
        job = self.folder / f"{key}.job"
        job.unlink(missing_ok=True)  # a dead render's
        try:
            # O_EXCL: of two workers filing one key at once, one files it.
            handle = os.open(job, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            return Status(State.RUNNING)
        with os.fdopen(handle, "w", encoding="ascii") as filed:
            filed.write(f"{os.getpid()} {address}".strip())
        if self.workers == 0:
            render_job(str(self.folder), key, arguments, 0)
            return self.status(key)
        try:
            future = self._executor().submit(
                render_job, str(self.folder), key, arguments, self.workers
            )
        except Exception:
            job.unlink(missing_ok=True)
            raise
        future.add_done_callback(functools.partial(self._finished, key))
        return Status(State.RUNNING)

    def _finished(self, key: str, future: concurrent.futures.Future[None]) -> None:
        """A render that died without a word (a killed pool process) fails its job."""
        error = None if future.cancelled() else future.exception()
        if error is None:
            return
        if disk_full(error):  # nothing written: the next ask after the pause files it again
            self._disk_was_full(key)
            return
        log.error("print kit %s failed: %s", key[:12], type(error).__name__, exc_info=error)
        with contextlib.suppress(OSError):
            _write(self.folder / f"{key}.error", UNEXPECTED.encode())
            (self.folder / f"{key}.job").unlink(missing_ok=True)
        if isinstance(error, concurrent.futures.process.BrokenProcessPool):
            self.executor = None  # the next job starts a new pool

    def start(self) -> None:
        """Start the pool's processes now (a worker at boot, ``campfire serve``): started by
        the first kit, they stalled that worker's every request ~1.5 s on a busy machine
        (``bench/print_load.py``). Each process only imports what a job needs on its first
        job, so an idle one costs little memory."""
        if self.workers > 0:
            executor = self._executor()
            for _process in range(self.workers):
                executor.submit(int)  # a no-op: each submit starts a process while none idles

    def _executor(self) -> concurrent.futures.Executor:
        if self.executor is None:
            self.executor = concurrent.futures.ProcessPoolExecutor(
                self.workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=os.nice,
                initargs=(NICENESS,),
            )
        return self.executor

    def in_flight(self, address: str | None = None) -> int:
        """Live jobs filed, by ``address`` only when given."""
        filers = (self._filer(job) for job in self.folder.glob("*.job"))
        return sum(filer is not None and address in (None, filer) for filer in filers)

    def clean(self) -> None:
        """Remove expired results, dead jobs' files, then the oldest results while they
        take more than ``store_bytes``."""
        now = time.time()
        results: list[tuple[float, int, Path]] = []
        for path in self.folder.iterdir():
            try:
                info = path.stat()
            except FileNotFoundError:
                continue
            age = now - info.st_mtime
            lifetime = {".pdf": self.keep_seconds, ".error": self.keep_seconds}.get(
                path.suffix, self.job_seconds
            )
            if path.suffix in (".pdf", ".error", ".job", ".part") and age > lifetime:
                path.unlink(missing_ok=True)
            elif path.suffix == ".pdf":
                results.append((info.st_mtime, info.st_size, path))
        total = sum(size for _when, size, _path in results)
        for _when, size, path in sorted(results):
            if total <= self.store_bytes:
                break
            path.unlink(missing_ok=True)
            total -= size


def for_app(app: Flask | None = None) -> PrintJobs:
    """The app's jobs (made on first use in each process)."""
    return per_app(app, EXTENSION, _print_jobs)


def _print_jobs(app: Flask) -> PrintJobs:
    config = app.config
    return PrintJobs(
        Path(config.get("CAMPFIRE_PRINT_FOLDER") or Path(app.instance_path) / "print_kits"),
        workers=workers_of(config, "CAMPFIRE_PRINT_WORKERS"),
        queue=int(config["CAMPFIRE_PRINT_QUEUE"]),
        keep_seconds=float(config["PRINT_KEEP_SECONDS"]),
        store_bytes=int(config["CAMPFIRE_PRINT_STORE_MB"]) * 1024 * 1024,
        job_seconds=float(config["PRINT_JOB_SECONDS"]),
    )
