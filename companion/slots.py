"""Lock-file slots: at most N of a kind of work at once per server, whichever worker
process does it (the print kits' pool and the photos' processes).

Each slot is a file ``slot-<n>.lock`` in the work's spool folder, held by an exclusive
``flock``: the lock goes with the process that holds it, so a worker that dies frees its
slot. Waiting sleeps between tries (gevent's sleep in a served worker: the other phones of
that worker are answered meanwhile).
"""

from __future__ import annotations

import contextlib
import fcntl
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO


@contextlib.contextmanager
def held(
    folder: Path,
    slots: int,
    *,
    pause: float = 0.1,
    deadline: float | None = None,
    busy: type[Exception] = TimeoutError,
) -> Iterator[None]:
    """Hold one of ``slots`` lock files of ``folder``, waiting for one; ``busy`` raised
    when none is free by ``deadline`` (``time.monotonic()``; None: wait as long as it
    takes)."""
    while True:
        for n in range(slots):
            handle: IO[bytes] = open(folder / f"slot-{n}.lock", "a+b")  # noqa: SIM115 (held below)
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                handle.close()
                continue
            try:
                yield
            finally:
                handle.close()  # closing lets go of the lock
            return
        if deadline is not None and time.monotonic() >= deadline:
            raise busy
        time.sleep(pause)
