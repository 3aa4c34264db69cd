"""Configuration from the environment.

``SECRET_KEY``
    Signs the session cookie (seat choice, recent tables) and the CSRF tokens. When unset, a
    random key is generated once and kept in ``instance/secret_key`` so that phones stay
    signed in across restarts.
``DATABASE_URL``
    An SQLAlchemy URL. Default: an SQLite file ``instance/campfire.sqlite3``;
    ``postgresql+psycopg://user:password@host/db`` switches to PostgreSQL.
``CAMPFIRE_PUBLIC_URL``
    The base URL phones use (e.g. ``https://campfire.example``) when the app runs behind a
    proxy; the QR codes and the API's ``url`` are built from it. Default: the request's host.
``CAMPFIRE_ALLOWED_HOSTS``
    Host names (comma-separated) the server may put in absolute URLs besides its own names
    and addresses (companion.hosts); any other Host header gets the LAN address.
``CAMPFIRE_TRUSTED_PROXIES``
    How many reverse proxies stand in front (default 0): their ``X-Forwarded-For`` and
    ``X-Forwarded-Proto`` then name the phone's address and scheme.
``CAMPFIRE_MAX_EVENTS``
    Events one table may hold (default 20,000: a long evening is a few hundred); a table
    at the limit refuses further changes with a message, and an import with more events
    is refused.
``CAMPFIRE_PRINT_WORKERS``, ``CAMPFIRE_PRINT_QUEUE``, ``CAMPFIRE_PRINT_STORE_MB``
    Print kits are drawn outside the request (companion.print_jobs): by this many processes
    per server at once (default one per core but one; 0 draws them in the request), at
    most this many kits filed at once (default 8; more are told the server is busy), and
    the drawn kits kept for an hour up to this many MB (256) in ``CAMPFIRE_PRINT_FOLDER``
    (default ``instance/print_kits``; every worker of a server must see the same folder).
``CAMPFIRE_PHOTO_WORKERS``, ``…_SECONDS``, ``…_MEMORY_MB``, ``…_QUEUE``, ``…_FOLDER``
    Photos of a board are read outside the request (companion.photo_jobs): by this many
    processes per server at once (default one per core but one; 0 reads them in the
    request), each stopped past this many seconds (30) or MB of memory (1024), with at
    most this many more photos per worker waiting for one (4; more are told the server
    is busy). The photo waits in ``CAMPFIRE_PHOTO_FOLDER`` (default ``instance/photos``)
    while it is read, and no longer.
``CAMPFIRE_BODY_SECONDS``
    A request's body must have arrived this many seconds (default 10) after the request
    began, plus a second per 8 KB received so far; a slower one is cut off (408,
    companion.serving).
``RATELIMIT_STORAGE_URI``
    Where rate-limit counters live. Default ``memory://``: per process, so with N workers
    and M servers a limit is N×M times looser. ``redis://host:6379`` shares them between
    every process and server (``pip install 'campfire[redis]'``). When Redis does not
    answer, each process falls back to its own counters instead of failing requests.
``EVENT_RATE_LIMIT``, ``UNDO_RATE_LIMIT``, ``HISTORY_RATE_LIMIT`` (history pages and undo
confirmations), ``EXPORT_RATE_LIMIT`` (and ``CREATE_…``, ``JOIN_…``, ``PRINT_…``,
``PHOTO_…``)
    Per phone (client address) limits, in Flask-Limiter's notation
    (``"240 per minute;6000 per hour"``); over a limit a phone is answered 429 with a
    sentence saying to wait.
``RATELIMIT_KEY_PREFIX``
    Keeps the counters of several companions that share one Redis apart (default: none).

A setting that cannot be read (a garbled rate limit, a number that is none) is not
ignored: ``load`` raises ``ConfigProblem`` naming it, and ``campfire serve`` refuses to
start with that one line (exit status 2). With ``CAMPFIRE_PUBLIC_URL`` on https the
session cookie is ``Secure`` (and so is it on any request that came over HTTPS, directly
or through a trusted proxy's ``X-Forwarded-Proto``), and answers carry HSTS
(companion.security).
"""

from __future__ import annotations

import os
import secrets
from pathlib import Path

from flask import Flask
from limits import parse_many

#: How often (seconds) a visible table page asks whether its table changed. app.js polls
#: every 2 s; the value is shown to templates so the two never disagree.
POLL_INTERVAL_SECONDS = 2

#: The rate limits the environment may set (companion.security).
RATE_LIMITS = (
    "EVENT_RATE_LIMIT",
    "UNDO_RATE_LIMIT",
    "HISTORY_RATE_LIMIT",
    "EXPORT_RATE_LIMIT",
    "CREATE_RATE_LIMIT",
    "JOIN_RATE_LIMIT",
    "PRINT_RATE_LIMIT",
    "PHOTO_RATE_LIMIT",
)
#: Events one table may hold (CAMPFIRE_MAX_EVENTS).
MAX_EVENTS = 20_000

PACKAGE = Path(__file__).resolve().parent


class ConfigProblem(ValueError):
    """A setting that cannot be used; the message names it (one line)."""


def data_dir(name: str) -> Path:
    """``templates`` or ``translations``: inside the package in an installed wheel
    (setup.py copies them there), at the top of the source tree in a checkout."""
    installed = PACKAGE / name
    return installed if installed.is_dir() else PACKAGE.parent / name


def default_config(instance_path: Path) -> dict[str, object]:
    return {
        "DATABASE_URL": f"sqlite:///{instance_path / 'campfire.sqlite3'}",
        "CAMPFIRE_PUBLIC_URL": None,
        "CAMPFIRE_ALLOWED_HOSTS": None,
        "CAMPFIRE_MAX_EVENTS": MAX_EVENTS,
        "CAMPFIRE_TRUSTED_PROXIES": 0,
        "CAMPFIRE_BODY_SECONDS": 10,  # then 8 KB a second (companion.serving.BodyDeadline)
        "POLL_INTERVAL_SECONDS": POLL_INTERVAL_SECONDS,
        # An exported table is a few hundred KB at most; anything bigger is refused (413).
        "MAX_CONTENT_LENGTH": 1024 * 1024,
        "MAX_FORM_MEMORY_SIZE": 1024 * 1024,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_HTTPONLY": True,
        "PERMANENT_SESSION_LIFETIME": 60 * 60 * 24 * 90,
        "WTF_CSRF_TIME_LIMIT": None,  # a table page stays open for a whole evening
        "WTF_CSRF_SSL_STRICT": False,  # LAN use over plain HTTP behind varied hosts
        "RATELIMIT_STORAGE_URI": "memory://",
        # A shared store that is down must not turn into errors: count in memory meanwhile.
        "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
        "RATELIMIT_SWALLOW_ERRORS": True,
        "RATELIMIT_HEADERS_ENABLED": True,
        "CREATE_RATE_LIMIT": "20 per minute;200 per day",
        "JOIN_RATE_LIMIT": "30 per minute",
        # A print kit is CPU work (about half a second per game), so each phone gets a few.
        "PRINT_RATE_LIMIT": "10 per minute;100 per day",
        # Print kits are drawn in a process pool (companion.print_jobs): None is one
        # process per core but one; 0 draws them in the request (the old way).
        "CAMPFIRE_PRINT_WORKERS": None,
        "CAMPFIRE_PRINT_QUEUE": 8,  # kits filed at once per server; more: "busy, retry"
        "CAMPFIRE_PRINT_STORE_MB": 256,  # drawn kits kept at most (oldest go first)
        "PRINT_KEEP_SECONDS": 3600,  # a drawn kit is downloadable this long
        "PRINT_JOB_SECONDS": 600,  # a job not done by then belongs to a dead render
        "CAMPFIRE_PRINT_FOLDER": None,  # None: instance/print_kits
        # A photo of the board is seconds of CPU (companion.photo_jobs): a player sends
        # one a turn, a few more when one is refused.
        "PHOTO_RATE_LIMIT": "12 per minute;300 per day",
        "CAMPFIRE_PHOTO_WORKERS": None,  # None: one per core but one; 0: in the request
        # A 12 MP photo: ~4 s of CPU, ~8 s on a busy 2-core server; a crafted one: past 60.
        "CAMPFIRE_PHOTO_SECONDS": 30,
        "CAMPFIRE_PHOTO_MEMORY_MB": 1024,  # a 12 MP photo: ~210 MB of address space
        "CAMPFIRE_PHOTO_QUEUE": 4,  # photos waiting per worker process; more: "busy"
        "CAMPFIRE_PHOTO_FOLDER": None,  # None: instance/photos
        # Per phone (address): a fast player taps a stepper a few times a second at most.
        "EVENT_RATE_LIMIT": "240 per minute;6000 per hour",
        "UNDO_RATE_LIMIT": "60 per minute",
        # A history page, an undo confirmation or an events page reads up to a page of the
        # log: a few per minute is plenty for a person.
        "HISTORY_RATE_LIMIT": "60 per minute",
        # An export reads the whole log (up to a few MB at the event limit).
        "EXPORT_RATE_LIMIT": "10 per minute",
        "LANGUAGES": ("en", "ja", "it"),
        "BABEL_DEFAULT_LOCALE": "en",
        "BABEL_TRANSLATION_DIRECTORIES": str(data_dir("translations")),
        "GAMES": None,  # None = every game of games.registry
        "POLL_MS": 2000,  # how often an open table asks for changes (base.html data-poll-ms)
    }


def _secret_key(instance_path: Path) -> str:
    path = instance_path / "secret_key"
    try:
        key = path.read_text(encoding="ascii").strip()
        if len(key) >= 32:
            return key
    except FileNotFoundError:
        pass
    key = secrets.token_hex(32)
    # Created readable by the owner only: the key signs every session cookie.
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="ascii") as handle:
        handle.write(key + "\n")
    return key


def load(app: Flask, test_config: dict[str, object] | None) -> None:
    """Fill ``app.config``: defaults, then the environment, then ``test_config``."""
    instance_path = Path(app.instance_path)
    instance_path.mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(default_config(instance_path))
    if test_config is None:
        for name in (
            "SECRET_KEY",
            "DATABASE_URL",
            "CAMPFIRE_PUBLIC_URL",
            "CAMPFIRE_ALLOWED_HOSTS",
            "RATELIMIT_STORAGE_URI",
            "RATELIMIT_KEY_PREFIX",
            "CAMPFIRE_PRINT_FOLDER",
            "CAMPFIRE_PHOTO_FOLDER",
            *RATE_LIMITS,
        ):
            if os.environ.get(name):
                app.config[name] = os.environ[name]
        for number, least in (
            ("CAMPFIRE_MAX_EVENTS", 1),
            ("CAMPFIRE_TRUSTED_PROXIES", 0),
            ("CAMPFIRE_PRINT_WORKERS", 0),
            ("CAMPFIRE_PRINT_QUEUE", 1),
            ("CAMPFIRE_PRINT_STORE_MB", 1),
            ("CAMPFIRE_PHOTO_WORKERS", 0),
            ("CAMPFIRE_PHOTO_SECONDS", 1),
            ("CAMPFIRE_PHOTO_MEMORY_MB", 256),
            ("CAMPFIRE_PHOTO_QUEUE", 0),
            ("CAMPFIRE_BODY_SECONDS", 1),
        ):
            if os.environ.get(number):
                app.config[number] = _whole(number, os.environ[number], least)
    else:
        app.config.from_mapping(test_config)
    for name in RATE_LIMITS:
        try:
            parse_many(str(app.config[name]))
        except ValueError:
            raise ConfigProblem(
                f"{name} is not a rate limit like '240 per minute;6000 per hour': "
                f"{app.config[name]!r}"
            ) from None
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(instance_path)
    public = app.config.get("CAMPFIRE_PUBLIC_URL")
    if public:
        app.config["CAMPFIRE_PUBLIC_URL"] = public.rstrip("/")
        if public.lower().startswith("https://"):  # phones reach it over HTTPS only
            app.config["SESSION_COOKIE_SECURE"] = True


def _whole(name: str, raw: str, least: int) -> int:
    """``raw`` as a whole number of ``least`` or more (``int`` under ``try``: "²" is a digit
    to ``str.isdigit`` but no number)."""
    try:
        value = int(raw.strip())
    except ValueError:
        value = least - 1
    if value < least:
        raise ConfigProblem(f"{name} must be a whole number of {least} or more, not {raw!r}")
    return value
