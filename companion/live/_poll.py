"""The poll's shortcut (private to ``companion.live``): the busiest request by far.

Every phone asks ``GET /t/<id>?v=<version>`` (htmx) every couple of seconds and nearly
always hears "nothing changed" (204). ``PollShortcut`` answers that 204 before Flask sees
the request (no session cookie, no rate limiter, no database: the version comes from the
process's map, at most a quarter of a second behind the database). Anything else — a
newer version, a bad ``v``, an unknown table, a map that cannot refresh — goes on to the
table's view (``companion.pages.table``), which answers it itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from flask import Flask

from companion import models
from companion.live import _versions

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

#: ``/t/<id>`` asked by htmx (a plain GET with ``?v=`` is the page).
POLL_PATH = re.compile(rf"/t/({models.TABLE_ID_PATTERN})")
VERSION_ARG = re.compile(r"(?:^|&)v=([0-9]{1,9})(?:&|$)")
#: The first poll of a phone back from sleep or from offline (app.js): the view asks
#: whether its seat was taken over meanwhile, however long ago (issue 33, F8).
WAKE_ARG = re.compile(r"(?:^|&)wake=")


class PollShortcut:
    """WSGI middleware: a poll whose table is still at the version it names is answered
    204 here, with one header; every other request goes on to Flask unchanged."""

    def __init__(self, wsgi_app: WSGIApplication, app: Flask) -> None:
        self.wsgi_app = wsgi_app
        self.app = app  # its map is looked up per poll: the app may replace it (tests)

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        if environ.get("REQUEST_METHOD") == "GET":
            match = POLL_PATH.fullmatch(environ.get("PATH_INFO", ""))
            if match and environ.get("HTTP_HX_REQUEST") == "true":
                query = environ.get("QUERY_STRING", "")
                seen = VERSION_ARG.search(query)
                woke = WAKE_ARG.search(query)
                if seen and not woke and self._current(match[1]) == int(seen[1]):
                    start_response("204 No Content", [("Cache-Control", "no-store")])
                    return []
        return self.wsgi_app(environ, start_response)

    def _current(self, table_id: str) -> int | None:
        try:
            return _versions.for_app(self.app).current(table_id)
        except Exception:  # the database is down: the view answers (503) and logs it
            return None


def install(app: Flask) -> None:
    """Put the shortcut in front of ``app`` (before ``serving.init_app`` wraps it)."""
    app.wsgi_app = PollShortcut(app.wsgi_app, app)  # type: ignore[method-assign]
