"""Photos of a board read outside the web worker, in processes of their own, bounded
(issue 33, F3, F3b, F4).

Read in the request, a 12 MP photo held the gevent worker's only thread for seconds, a
crafted one for tens (other phones' p99 72 ms → 30 s with 8 such photos), and a photo
the marker detector crashed on (a 1 × 1 PNG: a segmentation fault) took the worker, and
every phone's request on it, down with it. Here:

* **In the web worker, only the header.** ``reader.bison.open_photo`` opens the upload
  with the JPEG, PNG or WebP decoder (never Ghostscript's EPS/PS/PDF, nor any other
  Pillow plugin) and checks its bytes, pixels, short side and shape from the header: a
  file that is no photo is refused in milliseconds, no process started.
* **A process per photo.** The photo is written to the spool folder
  (``CAMPFIRE_PHOTO_FOLDER``, default ``instance/photos``, owner-only) and read by a
  process started with ``spawn`` (never forked from a gevent-patched worker), which
  lowers its priority and sets its CPU-time and memory limits before it imports numpy or
  Pillow (``reader.isolated``), removes the photo file once it has read it, and writes
  its answer as JSON. One process per photo, not a pool of long-lived ones: a photo that
  crashes or is killed takes no other photo with it, and no memory a photo grew outlives
  it (starting one costs ~0.4 s of CPU, a tenth of a reading).
* **Bounded.** At most ``CAMPFIRE_PHOTO_WORKERS`` photos are read at once per server
  (default: one per core but one; lock files ``slot-<n>.lock`` of the spool folder, as
  for print kits), each for at most ``CAMPFIRE_PHOTO_SECONDS`` (wall clock: the process
  is killed past it; CPU seconds: the kernel stops it) and ``CAMPFIRE_PHOTO_MEMORY_MB``
  of address space. At most ``CAMPFIRE_PHOTO_QUEUE`` more photos per worker process wait
  for a slot, each at most ``CAMPFIRE_PHOTO_SECONDS``; beyond, ``PhotoBusy`` (the page
  answers 503 with Retry-After). ``CAMPFIRE_PHOTO_WORKERS = 0`` reads in the request
  (tests; the header checks still come first).
* **Every end is an answer.** A reading, or ``reader.bison.PhotoError`` whose ``kind``
  the page words: the reader's own refusals, ``too-slow`` (killed past its time),
  ``too-much-memory``, ``crashed`` (any other death: a signal, no answer). Never a 500.

Why the request waits for its photo rather than polling a job (the print kits' way): a
proposal is made from the table as it is when the photo is sent, and its crops from the
photo itself (companion.panels.bison.photo); a job answered by a later poll would keep the
photo in the spool between requests (a poll may land on another worker), where now it
lives the few seconds of its reading. The wait is cooperative: the worker waits on the
process's sentinel (``select``, gevent's under ``campfire serve``) and the slot locks by
short sleeps (gevent's), so every other phone of the worker is answered meanwhile.
"""

from __future__ import annotations

import contextlib
import json
import logging
import multiprocessing
import os
import secrets
import select
import signal
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from flask import Flask

from companion import slots
from companion.print_jobs import per_app, workers_of
from reader import bison, isolated

log = logging.getLogger(__name__)

EXTENSION = "campfire.photo_jobs"
#: How long a waiting photo sleeps between tries for a free slot (seconds).
SLOT_PAUSE = 0.05
#: A photo's process runs at this lower CPU priority: the web workers answer first.
NICENESS = 10
#: After a kill, how long the process may take to be gone (seconds).
KILL_GRACE = 5.0
#: A reading's answer is a few KB; a larger file is not one (bytes).
MAX_ANSWER = 4 * 1024 * 1024


class PhotoBusy(Exception):
    """Every slot is reading a photo and too many wait already, or a slot did not come
    free in time: the phone tries again in a moment."""


@dataclass
class PhotoJobs:
    """The spool and the limits of one worker process (see the module docstring)."""

    folder: Path
    workers: int
    seconds: float
    memory_mb: int
    queue: int
    in_hand: int = field(default=0, init=False)  # photos this process reads or waits for

    def __post_init__(self) -> None:
        self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)

    def read(self, data: bytes, prior: Mapping[str, object] | None) -> bison.Reading:
        """The board in the photo ``data`` against ``prior`` (``reader.bison.read``'s
        arguments): a reading, or ``PhotoError`` / ``PhotoBusy``."""
        bison.open_photo(data).close()  # the header's refusals, before any process
        if self.workers == 0:
            return bison.read(data, prior)
        self.clean()
        if self.in_hand >= self.workers + self.queue:
            raise PhotoBusy
        self.in_hand += 1
        try:
            with slots.held(
                self.folder,
                self.workers,
                pause=SLOT_PAUSE,
                deadline=time.monotonic() + self.seconds,
                busy=PhotoBusy,
            ):
                return self._read_apart(data, prior)
        finally:
            self.in_hand -= 1

    def _read_apart(self, data: bytes, prior: Mapping[str, object] | None) -> bison.Reading:
        token = secrets.token_hex(16)
        photo = self.folder / f"{token}.photo"
        answer = self.folder / f"{token}.json"
        limits = isolated.Limits(
            cpu_seconds=max(1, round(self.seconds)),
            memory_bytes=self.memory_mb * 1024 * 1024,
            niceness=NICENESS,
        )
        process: multiprocessing.process.BaseProcess | None = None
        try:
            with os.fdopen(os.open(photo, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "wb") as f:
                f.write(data)
            process = multiprocessing.get_context("spawn").Process(
                target=isolated.run,
                args=(str(photo), str(answer), prior, limits),
                name="campfire-photo",
                daemon=True,
            )
            try:
                process.start()
            except OSError as error:  # no process to be had (a process or memory limit)
                log.error("photo: no process to read it: %s", error)
                raise PhotoBusy from None
            killed = not _ended(process.sentinel, self.seconds)
            if killed:
                process.kill()
                _ended(process.sentinel, KILL_GRACE)
            process.join(KILL_GRACE)
            return self._answer(answer, process.exitcode, killed)
        finally:
            if process is not None and process.pid is not None and process.exitcode is None:
                with contextlib.suppress(OSError, ValueError):
                    process.kill()  # the request ended some other way: the reading with it
            photo.unlink(missing_ok=True)  # read (the process removed it) or not: gone
            answer.unlink(missing_ok=True)
            answer.with_name(f"{answer.name}.part").unlink(missing_ok=True)
            if process is not None and process.exitcode is not None:
                process.close()

    def clean(self) -> None:
        """Remove what a worker killed mid-reading left in the spool (a photo, an answer):
        any such file older than a reading may last."""
        now = time.time()
        for path in self.folder.iterdir():
            if path.suffix in (".photo", ".json", ".part"):
                with contextlib.suppress(FileNotFoundError):
                    if now - path.stat().st_mtime > 2 * self.seconds + KILL_GRACE:
                        path.unlink()

    def _answer(self, answer: Path, exitcode: int | None, killed: bool) -> bison.Reading:
        if killed or exitcode == -signal.SIGXCPU:
            log.warning("photo: stopped after %s s", self.seconds)
            raise bison.PhotoError(
                "too-slow",
                f"reading the photo took too long (more than {self.seconds:g} s): it was stopped",
            )
        try:
            if answer.stat().st_size > MAX_ANSWER:
                raise ValueError("an answer no reading makes")
            result = json.loads(answer.read_text("utf-8"))
        except (OSError, ValueError):
            log.error("photo: the reading process ended without an answer (%s)", exitcode)
            raise bison.PhotoError(
                "crashed", "the reader stopped on this photo without an answer"
            ) from None
        if "reading" in result:
            return isolated.reading_from_json(result["reading"])
        raise bison.PhotoError(str(result.get("refused")), str(result.get("sentence")))


def _ended(sentinel: int, seconds: float) -> bool:
    """Whether the process whose ``sentinel`` this is ended within ``seconds`` (its
    sentinel turns readable then). ``select.select`` is looked up at the call: gevent's
    in a served worker, so the wait yields to the worker's other requests."""
    deadline = time.monotonic() + seconds
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        ready, _, _ = select.select([sentinel], [], [], left)
        if ready:
            return True


def for_app(app: Flask | None = None) -> PhotoJobs:
    """The app's photo jobs (made on first use in each process)."""
    return per_app(app, EXTENSION, _photo_jobs)


def _photo_jobs(app: Flask) -> PhotoJobs:
    config = app.config
    return PhotoJobs(
        Path(config.get("CAMPFIRE_PHOTO_FOLDER") or Path(app.instance_path) / "photos"),
        workers=workers_of(config, "CAMPFIRE_PHOTO_WORKERS"),
        seconds=float(config["CAMPFIRE_PHOTO_SECONDS"]),
        memory_mb=int(config["CAMPFIRE_PHOTO_MEMORY_MB"]),
        queue=int(config["CAMPFIRE_PHOTO_QUEUE"]),
    )
