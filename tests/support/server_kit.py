"""Real companion processes for the tests that need more than a Flask test client.

``Server`` is one `campfire serve` (gunicorn) process group on a loopback port of its own:
started, waited for until it answers, stopped or killed. ``start_together`` starts several
companion apps at one instant on one database (the migration race at start-up).

A plain module in tests/support, which pyproject.toml puts on pytest's path: its users sit
in tests/ and in tests/companion, and neither folder is on the path of the other's tests
(``conftest`` is no place for it: see tests/companion/companion_testkit.py). Standard
library only; every wait is bounded and every server listens on 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Mapping, Sequence
from pathlib import Path
from types import TracebackType
from typing import IO, Any

#: How the tests run the `campfire` command: this interpreter, this source tree.
CAMPFIRE: tuple[str, ...] = (sys.executable, "-m", "campfire")
#: What a started server is given to answer /healthz: the workers import the app first.
WAIT_ATTEMPTS = 300
WAIT_PAUSE = 0.1


def free_port() -> int:
    """A loopback port nothing listens on (the OS picks it; free again once probed)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def post_json(url: str, body: Any, timeout: float = 10) -> Any:
    """POST ``body`` as JSON to ``url`` (the API); its JSON answer. An error status raises
    ``urllib.error.HTTPError``."""
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=timeout) as answer:
        return json.loads(answer.read())


class Server:
    """One `campfire serve` process group on 127.0.0.1 and a free port.

    The process starts at once; ``wait_until_up`` waits for it to answer, so that several
    can be started before any is waited for. Its environment is the test run's with the
    database URL, a secret key and ``env`` on top, less ``CAMPFIRE_PUBLIC_URL`` (the banner
    names the loopback address). ``stdout`` and ``stderr`` are ``subprocess`` targets
    (``PIPE`` to read them: ``stop`` returns what they held). As a context manager it is
    stopped on leaving."""

    def __init__(
        self,
        database_url: str,
        *,
        cwd: Path | None = None,
        workers: int = 1,
        env: Mapping[str, str] | None = None,
        program: Sequence[str | Path] = CAMPFIRE,
        stdout: int | IO[Any] | None = subprocess.DEVNULL,
        stderr: int | IO[Any] | None = subprocess.PIPE,
    ) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        environment = {
            **os.environ,
            "DATABASE_URL": database_url,
            "SECRET_KEY": "k" * 40,
            **(env or {}),
        }
        environment.pop("CAMPFIRE_PUBLIC_URL", None)
        self.process = subprocess.Popen(
            [
                *program,
                "serve",
                "--host",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--workers",
                str(workers),
            ],
            stdout=stdout,
            stderr=stderr,
            env=environment,
            cwd=cwd,
            text=True,
            start_new_session=True,  # one process group: master and workers stop together
        )
        self._printed: tuple[str, str] | None = None

    def wait_until_up(self) -> None:
        """Return once /healthz answers 200. Fail with what the server printed if it exits
        first, or (stopping it) if it has not answered after a bounded wait."""
        for _attempt in range(WAIT_ATTEMPTS):
            if self.process.poll() is not None:
                out, err = self.stop()
                raise AssertionError(f"campfire serve exited: {err or out}")
            try:
                with urllib.request.urlopen(self.url + "/healthz", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:  # not listening yet, or an error answer
                pass
            time.sleep(WAIT_PAUSE)
        out, err = self.stop()
        raise AssertionError(f"campfire serve on port {self.port} never answered: {err or out}")

    def kill(self) -> None:
        """SIGKILL to master and workers at once: no chance to finish anything."""
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=20)

    def stop(self) -> tuple[str, str]:
        """SIGTERM to the group (SIGKILL if it lingers); what it printed on the streams
        given as ``PIPE`` ("" for the others). Stopping again returns the same."""
        if self._printed is None:
            if self.process.poll() is None:
                os.killpg(self.process.pid, signal.SIGTERM)
            try:
                out, err = self.process.communicate(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                out, err = self.process.communicate()
            self._printed = (out or "", err or "")
        return self._printed

    def __enter__(self) -> Server:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.stop()


#: Companion apps started at given instants, one after another, in one process: it imports
#: the companion once (the seconds a start spends importing are no part of the race), says
#: so by writing ``ready<pid>``, then for each database URL in argv[2:] waits for the file
#: ``go<trial>`` and builds the app there (which migrates), and writes what happened to
#: ``trial<trial>-<pid>``: "" when the app started, else the traceback.
STARTER = """
import os, sys, time, traceback
from pathlib import Path
folder = Path(sys.argv[1])
from companion import create_app
(folder / f"ready{os.getpid()}").touch()
for trial, url in enumerate(sys.argv[2:]):
    go = folder / f"go{trial}"
    while not go.exists():  # start together: every process is waiting for this file
        time.sleep(0.002)
    os.environ["DATABASE_URL"] = url
    try:
        create_app().extensions["campfire.db"].dispose()
        outcome = ""
    except BaseException:
        outcome = traceback.format_exc()
    (folder / f"trial{trial}-{os.getpid()}.part").write_text(outcome)
    (folder / f"trial{trial}-{os.getpid()}.part").rename(folder / f"trial{trial}-{os.getpid()}")
"""
#: The longest wait (seconds) for the starters' imports, and for one trial's starts: a
#: start that hangs fails the test. Bounds only: on a loaded machine an import takes long.
TRIAL_WAIT = 300


def _wait_for(name: str, starters: Sequence[subprocess.Popen[str]], folder: Path) -> None:
    """Until every starter has written the file ``<name><its pid>`` in ``folder``; fails if
    one exits before writing it or the wait runs past ``TRIAL_WAIT``."""
    deadline = time.monotonic() + TRIAL_WAIT
    waiting = list(starters)
    while waiting:
        waiting = [s for s in waiting if not (folder / f"{name}{s.pid}").exists()]
        if any(s.poll() is not None for s in waiting) or time.monotonic() > deadline:
            for starter in starters:
                starter.kill()
                starter.wait()
            errors = [(folder / f"server{n}" / "stderr").read_text() for n in range(len(starters))]
            raise AssertionError(f"a starter exited or hung: {errors}")
        time.sleep(0.005)


def start_trials(
    folder: Path, database_urls: Sequence[str], count: int = 2
) -> list[list[tuple[int, str]]]:
    """For each of ``database_urls`` in turn, start ``count`` companion apps on it at one
    instant, each in a process of its own (the same ``count`` processes for every trial,
    each with a folder of its own under ``folder``); each trial's list of (0, "") for an
    app that started, (1, its traceback) for one that failed. Every process must also end
    cleanly, having printed nothing on stderr."""
    folder.mkdir(exist_ok=True)
    env = {**os.environ, "SECRET_KEY": "k" * 40}
    env.pop("DATABASE_URL", None)
    starters = []
    for n in range(count):
        home = folder / f"server{n}"
        home.mkdir()
        with (home / "stderr").open("w") as stderr:  # a file: no pipe to fill up
            starters.append(
                subprocess.Popen(
                    [sys.executable, "-c", STARTER, str(folder), *database_urls],
                    cwd=home,
                    env=env,
                    stderr=stderr,
                    text=True,
                )
            )
    _wait_for("ready", starters, folder)
    results = []
    for trial in range(len(database_urls)):
        (folder / f"go{trial}").touch()
        _wait_for(f"trial{trial}-", starters, folder)
        outcomes = [(folder / f"trial{trial}-{s.pid}").read_text() for s in starters]
        results.append([(1 if outcome else 0, outcome) for outcome in outcomes])
    ends = [
        (starter.wait(timeout=TRIAL_WAIT), (folder / f"server{n}" / "stderr").read_text())
        for n, starter in enumerate(starters)
    ]
    assert ends == [(0, "")] * count, ends
    return results


def start_together(folder: Path, database_url: str, count: int = 2) -> list[tuple[int, str]]:
    """Start ``count`` companion apps on ``database_url`` at one instant (each in a process
    and a folder of its own under ``folder``); each one's (0, "") or (1, traceback)."""
    return start_trials(folder, [database_url], count)[0]
