"""What the benches share: starting a server subprocess and waiting until it answers, and
Chromium phones for the push benches. Benches import no test module (tests/ is not
installed with the kit), so this sits here; a bench imports it as ``_kit`` (bench/ is the
script's own folder on ``sys.path``)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

#: The checkout's root (bench/..).
ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
PHONE_VIEWPORT = {"width": 360, "height": 640}
#: A Playwright context that acts as a phone: touch, the viewport above, one pixel a dot.
PHONE = {
    "viewport": PHONE_VIEWPORT,
    "device_scale_factor": 1,
    "is_mobile": True,
    "has_touch": True,
}


def browser_kits_on_path() -> None:
    """Put the root, ``tests/browser`` and ``tests/support`` first on ``sys.path``: the
    Bison benches drive the browser tests' own steps (``bison_kit`` and what it imports)."""
    sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser"), str(ROOT / "tests" / "support")]


def percentile(values: list[float], share: float) -> float:
    """The value ``share`` (0.99: the 99th percentile) of the way up ``values``, nearest
    rank; NaN for none."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def start_server(
    argv: Sequence[str], folder: Path, env: dict[str, str], up: Callable[[], bool], what: str
) -> subprocess.Popen[bytes]:
    """``argv`` in its own process group (so that stopping it stops its workers), output
    dropped; back once ``up()`` is true, within 30 s, else the group is stopped and the
    bench exits with "the WHAT did not start"."""
    process = subprocess.Popen(
        list(argv),
        cwd=folder,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    for _attempt in range(300):
        try:
            if up():
                return process
        except OSError:
            pass
        time.sleep(0.1)
    stop_server(process)
    raise SystemExit(f"the {what} did not start")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_app(
    server: str,
    database_url: str,
    folder: Path,
    env: Mapping[str, str],
    healthy: Callable[[int], bool],
) -> tuple[subprocess.Popen[bytes], int]:
    """``python -c server PORT`` on a free port, on ``database_url`` with a fixed secret key
    and ``env``; back with the process and its port once ``healthy(port)``."""
    port = free_port()
    environment = {**os.environ, "DATABASE_URL": database_url, "SECRET_KEY": "b" * 40, **env}
    process = start_server(
        [sys.executable, "-c", server, str(port)],
        folder,
        environment,
        lambda: healthy(port),
        "server",
    )
    return process, port


def stop_server(process: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(process.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    process.wait(timeout=30)


async def launch_chromium(playwright: Any) -> Any:
    return await playwright.chromium.launch(
        executable_path=CHROMIUM,
        args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
    )


async def open_phone(browser: Any, watch: str) -> Any:
    """A new phone-sized page of its own context, with ``watch`` run in every document."""
    context = await browser.new_context(viewport=PHONE_VIEWPORT)
    await context.add_init_script(watch)
    return await context.new_page()
