"""Trust no Host header: a malformed one is refused, and absolute URLs never echo a
stranger's.

Glossary
--------
well-formed host
    ``name[:port]``: a DNS name (labels of 1 to 63 letters, digits, ``-`` or ``_``, not
    starting or ending with ``-``; 253 characters at most), an IPv4 address or a bracketed
    IPv6 address; the port, when given, 1 to 65535. Anything else (``a..b``, a 64-character
    label, ``host:99999``) is answered 400 before any view runs: werkzeug and the IDNA
    codec would otherwise raise deep inside ``url_for``.
allow-list
    The names this server answers to, built once at start: ``localhost``, the loopback
    addresses, the machine's host names and its addresses (the LAN address among them),
    plus ``CAMPFIRE_ALLOWED_HOSTS`` (comma-separated) for names a DNS or proxy gives it.
trusted proxies
    ``CAMPFIRE_TRUSTED_PROXIES=N``: the last N ``X-Forwarded-For``/``-Proto`` hops are
    believed (the phone's address for the rate limits); ``X-Forwarded-Host`` never is.
    With 0 (the default) no forwarded header is believed from anyone, 127.0.0.1 included:
    they are removed before the app (``untrusted_forwarding``) and ``campfire serve``
    tells gunicorn to believe none either (issue 33, F11).
absolute URL
    What leaves the screen (the QR codes of the print kit, the share page's links, the
    API's ``url``): built on ``CAMPFIRE_PUBLIC_URL`` when set; else on the request's host
    when it is in the allow-list; else on the LAN address (the one ``campfire serve``
    prints) and the port the request really came in on.
"""

from __future__ import annotations

import contextlib
import ipaddress
import re
import socket
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from flask import Flask, Response, current_app, jsonify, request, url_for
from flask_babel import gettext as _
from werkzeug.middleware.proxy_fix import ProxyFix

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment

ALLOWED = "campfire.allowed_hosts"
#: One DNS label (underscores are tolerated: some LAN names carry them).
LABEL = re.compile(r"(?!-)[A-Za-z0-9_-]{1,63}(?<!-)")
PORT = re.compile(r"[0-9]{1,5}")
MAX_NAME = 253


def split_host(host: str) -> tuple[str, str | None] | None:
    """``(name, port)`` of a well-formed Host header, else None."""
    if not host or len(host) > MAX_NAME + 8 or not host.isascii():
        return None
    if host.startswith("["):  # [IPv6]:port
        name, bracket, rest = host[1:].partition("]")
        if not bracket:
            return None
        try:
            ipaddress.IPv6Address(name)
        except ValueError:
            return None
        if rest and not rest.startswith(":"):
            return None
        port = rest[1:] if rest else None
    else:
        name, colon, port_text = host.partition(":")
        port = port_text if colon else None
        labels = name[:-1].split(".") if name.endswith(".") else name.split(".")
        if len(name) > MAX_NAME or not all(LABEL.fullmatch(label) for label in labels):
            return None
    if port is not None and (not PORT.fullmatch(port) or not 0 < int(port) < 65536):
        return None
    return name.lower().rstrip("."), port


def lan_address() -> str:
    """This machine's address on the local network (no packet is sent)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: only picks the outgoing route
            return str(probe.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def own_names(extra: str | None = None) -> frozenset[str]:
    """The allow-list: this machine's names and addresses, and ``extra``."""
    names = {"localhost", "127.0.0.1", "::1", lan_address()}
    for name in (socket.gethostname(), socket.getfqdn()):
        if name:
            names.add(name.lower())
            with contextlib.suppress(OSError, UnicodeError):
                names.update(str(info[4][0]) for info in socket.getaddrinfo(name, None))
    names.update(n.strip().lower() for n in (extra or "").split(",") if n.strip())
    return frozenset(names)


def check_host() -> Response | None:
    """``before_request``: a malformed Host header is a 400, before any view. The answer
    is plain (text, or JSON on the API): Flask could not build a URL adapter for such a
    host, so a page (which names its style sheet with ``url_for``) cannot be rendered."""
    if (
        split_host(request.environ.get("HTTP_HOST") or request.environ.get("SERVER_NAME", ""))
        is not None
    ):
        return None
    message = _("The request was not understood.")
    if request.path.startswith("/api/"):
        response = jsonify(error=message)
    else:
        response = Response(message, mimetype="text/plain")
    response.status_code = 400
    return response


def absolute_url(endpoint: str, **values: Any) -> str:
    """A URL a phone can open (see the module's glossary)."""
    public = current_app.config.get("CAMPFIRE_PUBLIC_URL")
    path = url_for(endpoint, **values)
    if public:
        return str(public) + path
    parts = split_host(request.host)
    allowed = current_app.extensions.get(ALLOWED, frozenset())
    if parts is not None and parts[0] in allowed:
        return url_for(endpoint, _external=True, **values)
    host = lan_address()
    port = request.environ.get("SERVER_PORT") or "80"
    default = "443" if request.scheme == "https" else "80"
    return f"{request.scheme}://{host}{'' if port == default else ':' + port}{path}"


#: The headers a proxy adds to say who asked and how (``HTTP_`` names, as WSGI has them).
FORWARDED = re.compile(
    r"HTTP_(X_FORWARDED_[A-Z_]+|FORWARDED|X_REAL_IP|X_SCHEME|X_URL_SCHEME|FRONT_END_HTTPS)"
)


def untrusted_forwarding(wsgi_app: WSGIApplication) -> WSGIApplication:
    """``wsgi_app`` without any forwarded header: no proxy is trusted, so none reaches a
    view, the rate limiter or an extension that would believe it."""

    def app(environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        for name in [name for name in environ if FORWARDED.fullmatch(name)]:
            del environ[name]
        return wsgi_app(environ, start_response)

    return app


def init_app(app: Flask) -> None:
    app.extensions[ALLOWED] = own_names(app.config.get("CAMPFIRE_ALLOWED_HOSTS"))
    proxies = int(app.config.get("CAMPFIRE_TRUSTED_PROXIES") or 0)
    if proxies > 0:  # the phone's address (rate limits) and scheme from that many proxies
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app,
            x_for=proxies,
            x_proto=proxies,
            x_host=0,
            x_port=0,
            x_prefix=0,
        )
    else:
        app.wsgi_app = untrusted_forwarding(app.wsgi_app)  # type: ignore[method-assign,assignment]
    # The first before_request of all (create_app calls this before security.init_app):
    # the CSRF check, the rate limiter and the views would all read the host.
    app.before_request(check_host)
