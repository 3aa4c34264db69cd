"""Safety for a web app anyone on the Wi-Fi can reach.

* CSRF: every state-changing form and htmx request carries the token (forms: a hidden
  ``csrf_token`` field; htmx: the ``X-CSRFToken`` header app.js copies from
  ``<meta name="csrf-token">``). The JSON API is exempt but accepts JSON bodies only, which a
  cross-site HTML form cannot send.
* Content-Security-Policy without inline script or style (no 'unsafe-inline'/'unsafe-eval'),
  plus the usual hardening headers. Cookies are SameSite=Lax and HttpOnly.
* Rate limits (Flask-Limiter) on creating tables and on join-code lookups, so join codes
  cannot be guessed by brute force, and per phone on events, undo and history (each costs
  a write or a fold); request bodies are capped (413). The counters live in
  ``RATELIMIT_STORAGE_URI``: per process by default, shared by every process and server
  with Redis (companion.config).
"""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFProtect

csrf = CSRFProtect()
limiter = Limiter(key_func=get_remote_address, default_limits=[])

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)


def create_limit() -> str:
    return current_app.config["CREATE_RATE_LIMIT"]


def join_limit() -> str:
    return current_app.config["JOIN_RATE_LIMIT"]


def event_limit() -> str:
    return current_app.config["EVENT_RATE_LIMIT"]


def undo_limit() -> str:
    return current_app.config["UNDO_RATE_LIMIT"]


def history_limit() -> str:
    return current_app.config["HISTORY_RATE_LIMIT"]


def export_limit() -> str:
    return current_app.config["EXPORT_RATE_LIMIT"]


def _headers(response: Any) -> Any:
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
    # Pages and API answers show a table (seats, secrets of one seat): no cache keeps
    # them, a shared phone's back button or a proxy included. Static files set their own.
    response.headers.setdefault("Cache-Control", "no-store")
    response.headers.pop("Server", None)
    return response


def init_app(app: Flask) -> None:
    csrf.init_app(app)
    limiter.init_app(app)
    app.after_request(_headers)
