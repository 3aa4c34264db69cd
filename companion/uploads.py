"""Larger uploads for the routes that take them, declared on the route itself.

Every request's body is limited to ``MAX_CONTENT_LENGTH``; a route that takes a file (the
Bison photo, a table import) declares its own limit with ``@upload_limit(size)`` under its
route decorator. ``Request`` (the app's request class, ``create_app``) answers that limit
for a POST to that route the moment anything reads the body — the CSRF check reading the
form comes first of all — and nothing runs for any other request: no ``before_request``
hook, nothing inserted before the app's own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import Request as FlaskRequest
from flask import current_app

#: The view attribute ``upload_limit`` sets (wrappers made with ``functools.wraps`` keep
#: it: companion.serving's retry, the rate limiter).
ATTRIBUTE = "campfire_upload_limit"

View = TypeVar("View", bound=Callable[..., object])


def upload_limit(size: Callable[[], int]) -> Callable[[View], View]:
    """This route's POST body may be up to ``size()`` bytes (asked per request: a limit
    that follows the configuration)."""

    def declare(view: View) -> View:
        setattr(view, ATTRIBUTE, size)
        return view

    return declare


class Request(FlaskRequest):
    """Flask's request, whose ``max_content_length`` is the route's own for a POST to a
    route with an ``upload_limit``."""

    @property
    def max_content_length(self) -> int | None:
        if self._max_content_length is None and self.method == "POST" and self.endpoint:
            size = getattr(current_app.view_functions.get(self.endpoint), ATTRIBUTE, None)
            if size is not None:
                return int(size())
        return super().max_content_length

    @max_content_length.setter
    def max_content_length(self, value: int | None) -> None:
        self._max_content_length = value
