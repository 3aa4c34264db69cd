"""`campfire serve`: gunicorn (not Werkzeug), LAN address + QR, auto-migrated database."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from campfire.cli import build_parser
from campfire.commands import serve


def test_serve_is_a_subcommand_with_defaults():
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port) == ("0.0.0.0", 8000)
    options = serve.gunicorn_options(args)
    assert options["bind"] == "0.0.0.0:8000"
    assert options["worker_class"] == "gevent"


def test_public_url_prefers_configured(monkeypatch):
    monkeypatch.setenv("CAMPFIRE_PUBLIC_URL", "https://camp.example/")
    assert serve.public_url("0.0.0.0", 8000) == "https://camp.example/"
    monkeypatch.delenv("CAMPFIRE_PUBLIC_URL")
    assert serve.public_url("127.0.0.1", 8123) == "http://127.0.0.1:8123/"
    assert serve.public_url("0.0.0.0", 80).startswith("http://")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_serve_runs_gunicorn_and_migrates(tmp_path: Path):
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'serve.sqlite3'}",
        "SECRET_KEY": "x" * 40,
    }
    env.pop("CAMPFIRE_PUBLIC_URL", None)
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "campfire",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            "1",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        env=env,
        text=True,
        start_new_session=True,
    )
    try:
        response = None
        for _attempt in range(100):  # bounded wait for the server to answer
            try:
                response = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        assert response is not None and response.status == 200
        # gunicorn answers, and names no server (no banner to aim an attack at).
        assert "Server" not in response.headers
        assert response.headers["Cache-Control"] == "no-store"
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        output = process.communicate(timeout=20)[0]
    assert f"http://127.0.0.1:{port}/" in output
    assert "█" in output or "▀" in output  # the terminal QR code
    assert (tmp_path / "serve.sqlite3").exists()


def test_slow_and_idle_clients_cannot_starve_the_server(tmp_path: Path):
    """60 connections that never finish a request (half silent, half mid-headers) are
    open on a one-worker server; an ordinary request still gets its answer. (A threaded
    worker gives each waiting socket a thread: 8 of these starved it.)"""
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'slow.sqlite3'}",
        "SECRET_KEY": "x" * 40,
    }
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "campfire",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            "1",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
        start_new_session=True,
    )
    slow: list[socket.socket] = []
    try:
        for _attempt in range(150):  # bounded wait for the server to answer
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2)
                break
            except OSError:
                time.sleep(0.2)
        for n in range(60):
            sock = socket.create_connection(("127.0.0.1", port), timeout=5)
            if n % 2:
                sock.sendall(b"GET / HTTP/1.1\r\nHost: slow\r\nX-Slow: ")
            slow.append(sock)
        time.sleep(0.5)  # every slow connection accepted and waiting
        response = urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=20)
        assert response.status == 200
    finally:
        for sock in slow:
            sock.close()
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=20)
