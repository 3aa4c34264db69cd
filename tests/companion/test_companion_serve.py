"""`campfire serve`: gunicorn (not Werkzeug), LAN address + QR, auto-migrated database."""

from __future__ import annotations

import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from server_kit import Server, post_json

from campfire.cli import build_parser
from campfire.commands import serve


def test_serve_is_a_subcommand_with_defaults():
    args = build_parser().parse_args(["serve"])
    assert (args.host, args.port) == ("0.0.0.0", 8000)
    options = serve.gunicorn_options(args)
    assert options["bind"] == "0.0.0.0:8000"
    from gunicorn.workers.ggevent import GeventWorker

    assert issubclass(options["worker_class"], GeventWorker)


def test_one_address_holds_64_connections_per_worker_unless_behind_a_proxy(monkeypatch):
    """The bound per client address (issue 33, F5): 64 by default, the flag or
    CAMPFIRE_CONNECTIONS_PER_ADDRESS otherwise; off behind a trusted proxy (every
    connection comes from it); a number that is none refuses to start (exit 2)."""
    monkeypatch.delenv("CAMPFIRE_CONNECTIONS_PER_ADDRESS", raising=False)
    monkeypatch.delenv("CAMPFIRE_TRUSTED_PROXIES", raising=False)
    parse = build_parser().parse_args
    worker = serve.gunicorn_options(parse(["serve"]))["worker_class"]
    assert worker.connections_per_address == serve.CONNECTIONS_PER_ADDRESS == 64
    assert serve.connections_per_address(parse(["serve", "--per-address", "3"])) == 3
    monkeypatch.setenv("CAMPFIRE_TRUSTED_PROXIES", "1")
    assert serve.connections_per_address(parse(["serve"])) == 0
    monkeypatch.setenv("CAMPFIRE_CONNECTIONS_PER_ADDRESS", "8")
    assert serve.connections_per_address(parse(["serve"])) == 8
    for bad in ("many", "-1", "²"):
        monkeypatch.setenv("CAMPFIRE_CONNECTIONS_PER_ADDRESS", bad)
        with pytest.raises(serve.ServeError, match="CAMPFIRE_CONNECTIONS_PER_ADDRESS") as caught:
            serve.connections_per_address(parse(["serve"]))
        # The one whole-number refusal (games.fields): the value as read, text quoted.
        shown = bad if bad == "-1" else f'"{bad}"'
        assert caught.value.status == serve.EXIT_INVALID and f"not {shown}" in str(caught.value)


def test_public_url_prefers_configured(monkeypatch):
    monkeypatch.setenv("CAMPFIRE_PUBLIC_URL", "https://camp.example/")
    assert serve.public_url("0.0.0.0", 8000) == "https://camp.example/"
    monkeypatch.delenv("CAMPFIRE_PUBLIC_URL")
    assert serve.public_url("127.0.0.1", 8123) == "http://127.0.0.1:8123/"
    assert serve.public_url("0.0.0.0", 80).startswith("http://")


def test_serve_runs_gunicorn_and_migrates(tmp_path: Path):
    server = Server(
        f"sqlite:///{tmp_path / 'serve.sqlite3'}",
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        server.wait_until_up()
        response = urllib.request.urlopen(server.url + "/", timeout=2)
        assert response.status == 200
        # gunicorn answers, and names no server (no banner to aim an attack at).
        assert "Server" not in response.headers
        assert response.headers["Cache-Control"] == "no-store"
    finally:
        output = server.stop()[0]
    assert f"http://127.0.0.1:{server.port}/" in output
    assert "█" in output or "▀" in output  # the terminal QR code
    assert (tmp_path / "serve.sqlite3").exists()


def test_slow_and_idle_clients_cannot_starve_the_server(tmp_path: Path):
    """60 connections that never finish a request (half silent, half mid-headers) are
    open on a one-worker server; an ordinary request still gets its answer. (A threaded
    worker gives each waiting socket a thread: 8 of these starved it.)"""
    slow: list[socket.socket] = []
    with Server(f"sqlite:///{tmp_path / 'slow.sqlite3'}", stderr=subprocess.DEVNULL) as server:
        try:
            server.wait_until_up()
            for n in range(60):
                sock = socket.create_connection(("127.0.0.1", server.port), timeout=5)
                if n % 2:
                    sock.sendall(b"GET / HTTP/1.1\r\nHost: slow\r\nX-Slow: ")
                slow.append(sock)
            time.sleep(0.5)  # every slow connection accepted and waiting
            response = urllib.request.urlopen(server.url + "/", timeout=20)
            assert response.status == 200
        finally:
            for sock in slow:
                sock.close()


def test_serve_ends_open_push_streams_when_stopped(tmp_path: Path):
    """Issue 21: a phone's open version stream does not hold a stopping server to its
    graceful timeout; the stream is ended cleanly (the phone reconnects), not cut off,
    and the server exits by itself. The time it took is printed, never asserted."""
    import http.client

    server = Server(f"sqlite:///{tmp_path / 'stop.sqlite3'}", stderr=subprocess.PIPE)
    try:
        server.wait_until_up()
        players = [
            {"name": n, "color": c} for n, c in (("A", "red"), ("B", "blue"), ("C", "green"))
        ]
        table_id = post_json(
            server.url + "/api/v1/tables", {"game": "lion-square", "players": players}
        )["id"]
        stream = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
        stream.request("GET", f"/t/{table_id}/events/stream")
        response = stream.getresponse()
        assert response.status == 200
        assert response.readline().startswith(b"retry:")  # the stream is open and held
        began = time.monotonic()
        server.process.send_signal(signal.SIGTERM)  # to the master, as a supervisor stops it
        rest = response.read()  # a stream cut off raises IncompleteRead here
        stream.close()
        _out, err = server.stop()
        print(f"serve stopped {time.monotonic() - began:.2f} s after SIGTERM")
    finally:
        server.stop()
    assert b"event: version" in rest
    assert server.process.returncode == 0
    assert "graceful timeout" not in err
