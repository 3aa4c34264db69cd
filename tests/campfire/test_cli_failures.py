"""Every failure of the `campfire` command is one line naming the problem and what to do:
exit 2 for what the user gave, 1 for a failure of the moment; never a traceback, and for
`serve` never the "running" banner first.

What needs a process runs as a real one, as a user would: the version, one refusal of
`serve` and one of `print` (nothing else on stderr: no warning, no log line), a server
stopped by Ctrl-C, Ctrl-C during `score` and `print`. Every other refusal runs the same
``main`` in this process (``run_here``: its output captured, the server's start replaced
by a failure): each process cost ~2 s of CPU to start and import the companion (22 of
them, ~40 s), and showed nothing the one real refusal of each command does not."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from server_kit import Server, free_port

PG = "postgresql+psycopg://campfire:campfire@127.0.0.1:5432/campfire_test"


def campfire(
    *args: str, env: dict[str, str] | None = None, cwd: Path | None = None, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "campfire", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        env={**os.environ, **(env or {})},
        cwd=cwd,
        stdin=subprocess.DEVNULL,
    )


@pytest.fixture
def run_here(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> Callable[..., subprocess.CompletedProcess[str]]:
    """``run_here(*args, env=…, cwd=…)``: ``campfire ARGS`` through ``campfire.cli.main`` in
    this process, with ``env`` set and ``cwd`` as the working folder for the call; what it
    printed and returned, as a finished process. A refusal that fails to come would start
    gunicorn: here that is a failure of the test at once, not a server."""
    from campfire import cli
    from campfire.commands import serve

    def no_server(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("serve refused nothing: the server would start")

    monkeypatch.setattr(serve, "build_server", no_server)

    def run(
        *args: str, env: dict[str, str] | None = None, cwd: Path | None = None
    ) -> subprocess.CompletedProcess[str]:
        with monkeypatch.context() as scoped:
            for name, value in (env or {}).items():
                scoped.setenv(name, value)
            if cwd is not None:
                scoped.chdir(cwd)
            capsys.readouterr()
            try:
                status = cli.main(list(args))
            except SystemExit as exit_:  # argparse's refusals
                status = exit_.code if isinstance(exit_.code, int) else 1
            out, err = capsys.readouterr()
        return subprocess.CompletedProcess(list(args), status, out, err)

    return run


def one_line(result: subprocess.CompletedProcess[str], status: int) -> str:
    """The single stderr line of a failed run (and nothing on stdout)."""
    assert result.returncode == status, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert "Campfire is running" not in result.stdout  # the banner never came first
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    return lines[0]


def test_version() -> None:
    result = campfire("--version")
    assert result.returncode == 0
    assert result.stdout.startswith("campfire ")
    assert result.stdout.split()[1][0].isdigit()


# ---------------------------------------------------------------------------------------
# serve: the database


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("garbage", "DATABASE_URL is not a database URL"),
        ("nosuchdb://x/y", "DATABASE_URL is not a database URL"),
        (PG + "?nosuchoption=1", 'invalid connection option "nosuchoption"'),
    ],
)
def test_serve_refuses_a_url_that_is_no_database_url(
    run_here: Callable[..., Any], tmp_path: Path, url: str, says: str
) -> None:
    line = one_line(
        run_here("serve", "--port", str(free_port()), env={"DATABASE_URL": url}, cwd=tmp_path), 2
    )
    assert line.startswith("error: ") and says in line and "DATABASE_URL" in line


def test_a_real_serve_process_refuses_in_one_line(tmp_path: Path) -> None:
    """As a user runs it: the refusal is the only line on stderr (no warning, no log line
    of the app it could not make) and nothing is on stdout."""
    env = {"DATABASE_URL": "garbage"}
    # a loaded machine's start-up: the bound is only there so that a hang fails
    result = campfire("serve", "--port", str(free_port()), env=env, cwd=tmp_path, timeout=180)
    assert one_line(result, 2).startswith("error: DATABASE_URL is not a database URL")
    assert result.stdout == ""


def test_serve_names_an_unreachable_database(run_here: Callable[..., Any], tmp_path: Path) -> None:
    url = f"postgresql+psycopg://campfire:secret@127.0.0.1:{free_port()}/campfire"
    line = one_line(
        run_here("serve", "--port", str(free_port()), env={"DATABASE_URL": url}, cwd=tmp_path), 1
    )
    assert "Connection refused" in line and "DATABASE_URL" in line
    assert "secret" not in line  # the password is never printed


def test_serve_names_a_missing_role(run_here: Callable[..., Any], tmp_path: Path) -> None:
    server = os.environ.get("CAMPFIRE_TEST_PG_URL", PG)
    try:
        import psycopg

        psycopg.connect(server.replace("+psycopg", ""), connect_timeout=3).close()
    except psycopg.Error:
        if os.environ.get("CAMPFIRE_REQUIRE_PG") == "1":
            raise
        pytest.skip("no PostgreSQL server")
    url = server.replace("campfire:campfire@", "nobody_here:pw@")
    line = one_line(
        run_here("serve", "--port", str(free_port()), env={"DATABASE_URL": url}, cwd=tmp_path), 1
    )
    assert 'role "nobody_here" does not exist' in line


def test_serve_names_an_sqlite_folder_that_does_not_exist(
    run_here: Callable[..., Any], tmp_path: Path
) -> None:
    url = f"sqlite:///{tmp_path / 'missing' / 'x.sqlite3'}"
    line = one_line(
        run_here("serve", "--port", str(free_port()), env={"DATABASE_URL": url}, cwd=tmp_path), 1
    )
    assert "unable to open database file" in line and "folder must exist" in line


def test_serve_names_a_rate_limit_store_it_cannot_use(
    run_here: Callable[..., Any], tmp_path: Path
) -> None:
    line = one_line(
        run_here(
            "serve",
            "--port",
            str(free_port()),
            cwd=tmp_path,
            env={"RATELIMIT_STORAGE_URI": "nosuchstore://x"},
        ),
        2,
    )
    assert line.startswith("error: RATELIMIT_STORAGE_URI cannot be used")


def test_serve_gives_up_on_a_database_host_that_never_answers(
    run_here: Callable[..., Any], tmp_path: Path
) -> None:
    """The host accepts the connection (the kernel completes it) and says nothing: serve
    fails after its connect timeout with one line instead of hanging."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen()
        url = f"postgresql+psycopg://campfire:secret@127.0.0.1:{silent.getsockname()[1]}/x"
        env = {"DATABASE_URL": url, "PGCONNECT_TIMEOUT": ""}
        line = one_line(run_here("serve", "--port", str(free_port()), env=env, cwd=tmp_path), 1)
    assert "timeout" in line and "DATABASE_URL" in line and "secret" not in line


@pytest.mark.parametrize(
    ("name", "value", "says"),
    [
        ("EVENT_RATE_LIMIT", "240 a minute", "EVENT_RATE_LIMIT is not a rate limit"),
        ("HISTORY_RATE_LIMIT", "sixty per minute", "HISTORY_RATE_LIMIT is not a rate limit"),
        ("CAMPFIRE_MAX_EVENTS", "\u00b2", "CAMPFIRE_MAX_EVENTS must be a whole number"),
        ("CAMPFIRE_TRUSTED_PROXIES", "one", "CAMPFIRE_TRUSTED_PROXIES must be a whole number"),
    ],
)
def test_serve_refuses_a_garbled_setting(
    run_here: Callable[..., Any], tmp_path: Path, name: str, value: str, says: str
) -> None:
    line = one_line(
        run_here("serve", "--port", str(free_port()), env={name: value}, cwd=tmp_path), 2
    )
    assert line.startswith("error: ") and says in line


# ---------------------------------------------------------------------------------------
# serve: the address


def test_serve_names_a_busy_port(run_here: Callable[..., Any], tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        line = one_line(
            run_here("serve", "--host", "127.0.0.1", "--port", str(port), cwd=tmp_path), 1
        )
    assert f"port {port} is already in use" in line and "--port" in line


@pytest.mark.parametrize(
    ("host", "says"),
    [
        ("no-such-host.invalid", "not an address or a known host name"),
        ("192.0.2.77", "not an address of this machine"),  # TEST-NET-1: never ours
        ("999.1.1.1", "not an address or a known host name"),
    ],
)
def test_serve_names_a_bad_host_before_the_banner(
    run_here: Callable[..., Any], tmp_path: Path, host: str, says: str
) -> None:
    line = one_line(run_here("serve", "--host", host, "--port", str(free_port()), cwd=tmp_path), 2)
    assert says in line


@pytest.mark.parametrize("port", ["0", "70000"])
def test_serve_refuses_a_port_out_of_range(
    run_here: Callable[..., Any], tmp_path: Path, port: str
) -> None:
    assert "--port must be 1 to 65535" in one_line(
        run_here("serve", "--port", port, cwd=tmp_path), 2
    )


def test_serve_stops_quietly_on_ctrl_c(tmp_path: Path) -> None:
    server = Server(f"sqlite:///{tmp_path / 'c.sqlite3'}", cwd=tmp_path, stdout=subprocess.PIPE)
    try:
        server.wait_until_up()
        server.process.send_signal(signal.SIGINT)  # Ctrl-C, to the master
        out, err = server.process.communicate(timeout=30)
    finally:
        server.stop()
    assert server.process.returncode == 0
    assert "Traceback" not in out + err


# ---------------------------------------------------------------------------------------
# Ctrl-C during score and print


def blocked_reading_stdin(pid: int) -> bool:
    """Whether the process sits in read(0, …) (Linux: /proc/PID/syscall)."""
    try:
        fields = Path(f"/proc/{pid}/syscall").read_text().split()
    except OSError:
        return False
    return len(fields) > 1 and fields[0] == "0" and int(fields[1], 16) == 0


def default_sigint() -> None:
    """In the child, before the program starts: Ctrl-C's default action. A suite started
    as a background job without job control runs with SIGINT ignored, and a child would
    inherit that: the test would then check the launcher, not the program."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_during_score_is_one_line(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "campfire", "score", "bison", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_sigint,
    )
    try:
        for _attempt in range(300):
            if blocked_reading_stdin(process.pid):
                break
            time.sleep(0.05)
        else:
            pytest.skip("cannot see the process waiting on stdin")
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        process.kill()
    assert process.returncode == 1
    assert err.strip().splitlines() == [err.strip()] and "interrupted" in err
    assert "Traceback" not in err and out == ""


def test_ctrl_c_during_print_leaves_no_file(tmp_path: Path) -> None:
    out = tmp_path / "kit.pdf"
    process = subprocess.Popen(
        [sys.executable, "-m", "campfire", "print", "all", "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=default_sigint,
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline()  # a progress line: the kit is being drawn
        assert first.strip()
        process.send_signal(signal.SIGINT)
        _rest, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 1
    assert len(err.strip().splitlines()) == 1 and "interrupted" in err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []  # neither the PDF nor a partial file


# ---------------------------------------------------------------------------------------
# print --out


def test_print_out_into_a_missing_folder_is_refused_and_nothing_is_made(tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "kit.pdf"
    line = one_line(campfire("print", "bison", "--out", str(target)), 2)
    assert "does not exist" in line
    assert not (tmp_path / "no").exists()


def test_print_out_in_an_unwritable_folder(run_here: Callable[..., Any], tmp_path: Path) -> None:
    if os.geteuid() == 0:
        target = Path("/proc/kit.pdf")  # root may write anywhere else
    else:
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        target = locked / "kit.pdf"
    result = run_here("print", "bison", "--out", str(target))
    line = one_line(result, 2)
    assert line.startswith(f"error: cannot write {target}")


def test_print_out_naming_a_folder(run_here: Callable[..., Any], tmp_path: Path) -> None:
    assert "give a file name" in one_line(run_here("print", "bison", "--out", str(tmp_path)), 2)
