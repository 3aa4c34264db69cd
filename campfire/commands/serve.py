"""`campfire serve [--host H] [--port P]` — run the table companion for the phones.

Runs gunicorn in-process (a production server; Werkzeug's debug server is never used)
with gevent workers: each connection is a greenlet, so a phone that waits (a slow network,
a sleeping phone holding its connection, a long-lived stream) costs a little memory and no
thread, and cannot starve the other requests. psycopg's waits are made to yield to
gevent in each worker (it chose its blocking C wait when the master imported it);
SQLite calls never yield, so a write transaction runs to its end within its worker. One
client address holds at most ``--per-address`` connections per worker, and a request
body must keep arriving (companion.serving): slow clients cannot take the workers.
Binds every interface by default so phones on the same Wi-Fi can connect, then prints the
address to open and a QR code of it in the terminal.

Everything that can be checked is checked before the banner: the address and port can be
bound, the database answers and is migrated. Each failure is one line (exit 2 for a bad
argument or setting, 1 for a failure of the moment), never a traceback.
"""

from __future__ import annotations

import argparse
import errno
import os
import socket
import sys
import time
from typing import Any

from games import fields
from games.errors import RuleError

DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 8000
EXIT_INVALID = 2
EXIT_RUNTIME = 1
#: Open connections a worker holds at most (each a greenlet: idle ones cost ~10 KB).
WORKER_CONNECTIONS = 1000
#: Connections one client address may hold at once, per worker: a phone's browser opens
#: six at most, so a household or a café behind one address still fits.
CONNECTIONS_PER_ADDRESS = 64
#: How long a stopping server lets requests in flight finish.
GRACEFUL_SECONDS = 1  # whole seconds (gunicorn)
# The longest request line (method, path and query string) gunicorn reads: a longer one
# is answered 414 before the app sees it. gunicorn's own default, said here so that the
# route fuzz (tests/companion/test_fuzz_routes.py) sends only what can reach the app.
REQUEST_LINE_LIMIT = 4094


class ServeError(Exception):
    """A failure to report as one line with an exit status."""

    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "serve",
        help="run the table companion (phones on the same network join it)",
        description="Run the table companion with gunicorn. SQLite under instance/ by "
        "default; set DATABASE_URL for PostgreSQL, CAMPFIRE_PUBLIC_URL behind "
        "a proxy.",
    )
    parser.add_argument(
        "--host", default=DEFAULT_HOST, help=f"interface to listen on (default {DEFAULT_HOST}: all)"
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"TCP port (default {DEFAULT_PORT})"
    )
    parser.add_argument("--workers", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument(
        "--connections",
        type=int,
        default=WORKER_CONNECTIONS,
        help=f"open connections per worker at most (default {WORKER_CONNECTIONS})",
    )
    parser.add_argument(
        "--per-address",
        type=int,
        default=None,
        metavar="N",
        help=f"open connections of one client address per worker at most (default "
        f"{CONNECTIONS_PER_ADDRESS}, or 0 — no bound — when CAMPFIRE_TRUSTED_PROXIES is "
        "set: the proxy bounds them; or CAMPFIRE_CONNECTIONS_PER_ADDRESS)",
    )
    parser.add_argument(
        "--print-workers",
        type=int,
        default=None,
        metavar="N",
        help="print kits drawn at once, in processes of their own (default: one per core "
        "but one; 0 draws them in the request); sets CAMPFIRE_PRINT_WORKERS",
    )
    parser.set_defaults(handler=run)


def public_url(host: str, port: int) -> str:
    configured = os.environ.get("CAMPFIRE_PUBLIC_URL")
    if configured:
        return configured.rstrip("/") + "/"
    from companion.hosts import lan_address

    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/"


def gunicorn_options(args: argparse.Namespace) -> dict[str, Any]:
    host = f"[{args.host}]" if ":" in args.host else args.host
    return {
        "bind": f"{host}:{args.port}",
        "workers": max(1, args.workers),
        "worker_class": worker_class(connections_per_address(args)),
        "worker_connections": max(1, args.connections),
        # A worker whose loop is blocked this long (a request stuck in CPU) is replaced.
        "timeout": 30,
        # Stopping waits this long for requests in flight (a change takes milliseconds):
        # push streams end at once (companion.live.end_streams), so a server with phones
        # attached stops within about 2 s (issue 21) instead of holding them to the end.
        "graceful_timeout": GRACEFUL_SECONDS,
        "keepalive": 5,
        "limit_request_line": REQUEST_LINE_LIMIT,
        # gunicorn believes X-Forwarded-Proto (and the like) from 127.0.0.1 by default: it
        # believes none here; ``CAMPFIRE_TRUSTED_PROXIES`` decides (companion.hosts, F11).
        "forwarded_allow_ips": "",
        "secure_scheme_headers": {},
        # Each worker starts its print pool before its first request (companion.print_jobs).
        "post_worker_init": start_print_pool,
        "accesslog": None,
        "errorlog": "-",
        "loglevel": "warning",
    }


def worker_class(per_address: int = 0) -> type[Any]:
    """gunicorn's gevent worker that

    * makes psycopg's waits cooperative right after gevent's patch (psycopg was imported
      by the master, unpatched: ``companion.db.cooperative_driver_waits``);
    * holds at most ``per_address`` connections of one client address at once (0: no
      bound): one more is answered 503 at once and closed, so one address cannot take the
      worker's ``worker_connections`` (issue 33, F5: 2,100 slow connections left other
      phones 8 answers in 40 s). Per worker: N workers hold N times as many;
    * told to stop (SIGTERM), also ends the push streams it holds: they would otherwise
      keep it alive until the graceful timeout ran out."""
    from gunicorn.workers.ggevent import GeventWorker

    class CampfireWorker(GeventWorker):
        connections_per_address = per_address

        def patch(self) -> None:
            super().patch()
            from companion import db

            db.cooperative_driver_waits()

        def handle(self, listener: Any, client: Any, addr: Any) -> None:
            address = addr[0] if isinstance(addr, tuple) and addr else None
            if not self.connections_per_address or address is None:
                super().handle(listener, client, addr)
                return
            held: dict[str, int] = self.__dict__.setdefault("campfire_held", {})
            if held.get(address, 0) >= self.connections_per_address:
                refuse_connection(client)
                return
            held[address] = held.get(address, 0) + 1
            try:
                super().handle(listener, client, addr)
            finally:
                held[address] -= 1
                if not held[address]:
                    del held[address]

        def handle_exit(self, sig: int, frame: Any) -> None:
            super().handle_exit(sig, frame)
            from companion import live

            live.end_streams()

    return CampfireWorker


#: What a connection beyond its address's bound gets before it is closed.
TOO_MANY_BODY = b"Too many connections from your address.\r\n"
TOO_MANY = (
    b"HTTP/1.1 503 Service Unavailable\r\n"
    b"Content-Type: text/plain; charset=utf-8\r\n"
    b"Retry-After: 2\r\n"
    b"Connection: close\r\n"
    + f"Content-Length: {len(TOO_MANY_BODY)}\r\n\r\n".encode()
    + TOO_MANY_BODY
)


def refuse_connection(client: Any) -> None:
    """Answer TOO_MANY and close, never waiting long on a client that does not read. What
    the client sent is read (a second at most) before closing: closed with its request
    unread, the connection is reset and the client may never see the answer."""
    try:
        client.settimeout(1.0)
        client.sendall(TOO_MANY)
        client.shutdown(socket.SHUT_WR)
        deadline = time.monotonic() + 1.0
        while time.monotonic() < deadline and client.recv(65536):
            pass
    except OSError:
        pass
    finally:
        client.close()


def start_print_pool(worker: Any) -> None:
    """gunicorn's ``post_worker_init``: the worker's app (``worker.wsgi``) starts its print
    pool's processes and builds what a kit needs now rather than with its first kit."""
    from companion import print_jobs
    from companion.pages import print_kit

    print_jobs.for_app(worker.wsgi).start()
    print_kit.warm()


def build_server(make_app: Any, options: dict[str, Any]) -> Any:
    """A gunicorn application whose workers each call ``make_app()`` once gevent has
    patched them, so every lock and pool the app makes is a cooperative one."""
    from gunicorn.app.base import BaseApplication

    hide_server_banner()

    class Server(BaseApplication):
        def load_config(self) -> None:
            for key, value in options.items():
                self.cfg.set(key, value)

        def load(self) -> Any:
            app = make_app()
            app.debug = False
            return app

    return Server()


def hide_server_banner() -> None:
    """No ``Server: gunicorn`` line: it tells an attacker what to try (gunicorn writes it
    itself, past the app's reach, so its header list is filtered)."""
    from gunicorn.http import wsgi

    original = wsgi.Response.default_headers
    if getattr(original, "campfire_hidden", False):
        return

    def default_headers(self: Any) -> list[str]:
        return [line for line in original(self) if not line.startswith("Server:")]

    default_headers.campfire_hidden = True  # type: ignore[attr-defined]
    wsgi.Response.default_headers = default_headers


def check_listen(host: str, port: int) -> None:
    """Bind ``host:port`` once and let go, so a bad address or a busy port is one line
    before the banner (gunicorn would retry for 5 s and print its own errors)."""
    if not 0 < port < 65536:
        raise ServeError(f"--port must be 1 to 65535, not {port}", EXIT_INVALID)
    try:
        infos = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except (socket.gaierror, UnicodeError):
        raise ServeError(
            f"--host {host!r} is not an address or a known host name; use "
            "0.0.0.0 for every interface",
            EXIT_INVALID,
        ) from None
    family, kind, proto, _name, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as gunicorn does
        try:
            probe.bind(address)
        except OSError as error:
            if error.errno == errno.EADDRINUSE:
                raise ServeError(
                    f"port {port} is already in use on {host} (another "
                    "server?); stop it or choose another with --port",
                    EXIT_RUNTIME,
                ) from None
            if error.errno == errno.EACCES:
                raise ServeError(
                    f"port {port} needs administrator rights; choose one above 1023 with --port",
                    EXIT_RUNTIME,
                ) from None
            if error.errno == errno.EADDRNOTAVAIL:
                raise ServeError(
                    f"--host {host} is not an address of this machine; use "
                    "0.0.0.0 for every interface",
                    EXIT_INVALID,
                ) from None
            raise ServeError(
                f"cannot listen on {host}:{port}: {error.strerror}", EXIT_RUNTIME
            ) from None


def database_problem(error: BaseException, url: str) -> ServeError:
    """One line for a database that cannot be used at start-up."""
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError, DBAPIError, OperationalError

    if isinstance(error, ArgumentError):
        return ServeError(
            "DATABASE_URL is not a database URL this server can use (e.g. "
            "postgresql+psycopg://user:password@host/db or sqlite:///path)",
            EXIT_INVALID,
        )
    try:
        shown = make_url(url).render_as_string(hide_password=True) if url else "(default)"
    except ArgumentError:
        shown = "in DATABASE_URL"
    reason = (
        str(getattr(error, "orig", None) or error) if isinstance(error, DBAPIError) else str(error)
    )
    # libpq's "connection failed: connection to server at …, port … failed: FATAL: why"
    reason = reason.splitlines()[0].rsplit(" failed: ", 1)[-1].replace("FATAL:", "")
    advice = (
        "check DATABASE_URL: its folder must exist and be writable"
        if url.startswith("sqlite")
        else "check DATABASE_URL and that the database server is running"
    )
    # OperationalError: the server did not answer or refused us (the moment, or its
    # set-up); any other driver error at connect time is a URL it cannot take.
    status = EXIT_RUNTIME if isinstance(error, OperationalError) else EXIT_INVALID
    return ServeError(
        f"the database {shown} cannot be used: {' '.join(reason.split())}; " + advice, status
    )


def connections_per_address(args: argparse.Namespace) -> int:
    """``--per-address``, else ``CAMPFIRE_CONNECTIONS_PER_ADDRESS``, else the default: 0
    behind a trusted proxy (every connection comes from the proxy's address; its own
    ``limit_conn`` bounds the clients, see the README), else CONNECTIONS_PER_ADDRESS."""
    value = getattr(args, "per_address", None)
    if value is not None:
        if value < 0:
            raise ServeError(f"--per-address must be 0 or more, not {value}", EXIT_INVALID)
        return int(value)
    raw = os.environ.get("CAMPFIRE_CONNECTIONS_PER_ADDRESS", "").strip()
    if not raw:
        proxies = os.environ.get("CAMPFIRE_TRUSTED_PROXIES", "").strip()
        return 0 if proxies not in ("", "0") else CONNECTIONS_PER_ADDRESS
    try:  # the one whole-number refusal (games.fields)
        return fields.read_whole(raw, "CAMPFIRE_CONNECTIONS_PER_ADDRESS", 0)
    except RuleError as error:
        raise ServeError(str(error), EXIT_INVALID) from None


def print_workers(value: int | None) -> None:
    """``--print-workers``: handed to every worker's app through the environment."""
    if value is None:
        return
    if value < 0:
        raise ServeError(f"--print-workers must be 0 or more, not {value}", EXIT_INVALID)
    os.environ["CAMPFIRE_PRINT_WORKERS"] = str(value)


def prepare() -> Any:
    """Create (or migrate) the database once, before any worker starts."""
    from limits.errors import ConfigurationError
    from sqlalchemy.exc import SQLAlchemyError

    from companion import config, create_app

    try:
        app = create_app()
    except config.ConfigProblem as error:
        raise ServeError(str(error), EXIT_INVALID) from None
    except (SQLAlchemyError, ImportError) as error:
        raise database_problem(error, os.environ.get("DATABASE_URL", "")) from None
    except ConfigurationError as error:  # RATELIMIT_STORAGE_URI
        raise ServeError(
            f"RATELIMIT_STORAGE_URI cannot be used: {error} (e.g. "
            "redis://host:6379, with pip install 'campfire[redis]')",
            EXIT_INVALID,
        ) from None
    except OSError as error:  # e.g. the instance folder cannot be made
        raise ServeError(
            f"cannot start: {error.strerror}: {error.filename}", EXIT_RUNTIME
        ) from None
    app.extensions["campfire.db"].dispose()  # the workers open their own connections
    return app


def run(args: argparse.Namespace) -> int:
    import segno

    from companion import create_app

    try:
        print_workers(getattr(args, "print_workers", None))
        connections_per_address(args)
        check_listen(args.host, args.port)
        prepare()
    except ServeError as error:
        print(f"error: {error}", file=sys.stderr)
        return error.status
    url = public_url(args.host, args.port)
    print(f"Campfire is running. On each phone (same Wi-Fi), open:\n\n  {url}\n")
    segno.make(url, error="m").terminal(compact=True)
    print("\nPress Ctrl+C to stop.", flush=True)
    build_server(create_app, gunicorn_options(args)).run()
    return 0
