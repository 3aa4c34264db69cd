"""`campfire serve [--host H] [--port P]` — run the table companion for the phones.

Runs gunicorn in-process (a production server; Werkzeug's debug server is never used),
with threaded workers: the phones poll a cheap version check every 2 s, so threads suit
the load. Binds every interface by default so phones on the same Wi-Fi can connect, then
prints the address to open and a QR code of it in the terminal.
"""

from __future__ import annotations

import argparse
import os
import socket
from typing import Any

DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 8000


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="run the table companion (phones on the same network join it)",
        description="Run the table companion with gunicorn. SQLite under instance/ by "
                    "default; set DATABASE_URL for PostgreSQL, CAMPFIRE_PUBLIC_URL behind "
                    "a proxy.",
    )
    parser.add_argument("--host", default=DEFAULT_HOST,
                        help=f"interface to listen on (default {DEFAULT_HOST}: all)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"TCP port (default {DEFAULT_PORT})")
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--threads", type=int, default=8,
                        help="threads per worker (default 8)")
    parser.set_defaults(handler=run)


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing route
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def public_url(host: str, port: int) -> str:
    configured = os.environ.get("CAMPFIRE_PUBLIC_URL")
    if configured:
        return configured.rstrip("/") + "/"
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def gunicorn_options(args: argparse.Namespace) -> dict[str, Any]:
    host = f"[{args.host}]" if ":" in args.host else args.host
    return {
        "bind": f"{host}:{args.port}",
        "workers": max(1, args.workers),
        "worker_class": "gthread",
        "threads": max(1, args.threads),
        "timeout": 60,
        "graceful_timeout": 10,
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
        "post_fork": _post_fork,
    }


def _post_fork(_server: Any, worker: Any) -> None:
    # Connections opened by the master (migrations) must not be shared with a child.
    worker.app.application.extensions["campfire.db"].dispose(close=False)


def build_server(app: Any, options: dict[str, Any]) -> Any:
    from gunicorn.app.base import BaseApplication

    class Server(BaseApplication):
        def __init__(self) -> None:
            self.application = app
            super().__init__()

        def load_config(self) -> None:
            for key, value in options.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            return self.application

    return Server()


def run(args: argparse.Namespace) -> int:
    import segno

    from companion import create_app

    if not 0 < args.port < 65536:
        print(f"error: --port must be 1 to 65535, not {args.port}")
        return 2
    app = create_app()  # creates or migrates the database before any worker starts
    app.debug = False
    url = public_url(args.host, args.port)
    print(f"Campfire is running. On each phone (same Wi-Fi), open:\n\n  {url}\n")
    segno.make(url, error="m").terminal(compact=True)
    print("\nPress Ctrl+C to stop.", flush=True)
    build_server(app, gunicorn_options(args)).run()
    return 0
