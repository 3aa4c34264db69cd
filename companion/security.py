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

from collections.abc import Callable

from flask import Flask, Response, current_app, request
from flask.sessions import SecureCookieSessionInterface
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


def configured_limit(setting: str) -> Callable[[], str]:
    """A rate limit read from the app's settings when a request asks (Flask-Limiter calls
    it), so a test or a deployment can change it after the routes are declared."""

    def limit() -> str:
        return str(current_app.config[setting])

    return limit


create_limit = configured_limit("CREATE_RATE_LIMIT")
join_limit = configured_limit("JOIN_RATE_LIMIT")
event_limit = configured_limit("EVENT_RATE_LIMIT")
undo_limit = configured_limit("UNDO_RATE_LIMIT")
history_limit = configured_limit("HISTORY_RATE_LIMIT")
export_limit = configured_limit("EXPORT_RATE_LIMIT")


#: HSTS on an answer that went out over HTTPS: a year, the usual.
HSTS = "max-age=31536000"


def over_https() -> bool:
    """Whether phones reach this server over HTTPS: ``CAMPFIRE_PUBLIC_URL`` on https, or
    this request came so (directly, or by a trusted proxy's ``X-Forwarded-Proto``)."""
    return bool(current_app.config.get("SESSION_COOKIE_SECURE")) or request.is_secure


class SessionInterface(SecureCookieSessionInterface):
    """The session cookie (it holds seat tokens) is ``Secure`` whenever the request came
    over HTTPS, not only when the configuration says so."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return super().get_cookie_secure(app) or request.is_secure


def _headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("X-Frame-Options", "DENY")
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers.setdefault("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
    # Pages and API answers show a table (seats, secrets of one seat): no cache keeps
    # them, a shared phone's back button or a proxy included. Static files set their own.
    response.headers.setdefault("Cache-Control", "no-store")
    response.headers.pop("Server", None)
    if over_https():
        response.headers.setdefault("Strict-Transport-Security", HSTS)
    return response


def init_app(app: Flask) -> None:
    from companion import serving

    app.session_interface = SessionInterface()
    csrf.init_app(app)
    # Registered before the limiter's own hook, so it runs after it (Flask runs them in
    # reverse): the limiter's Retry-After is kept on its 429s only.
    app.after_request(serving.retry_after)
    limiter.init_app(app)
    app.after_request(_headers)
