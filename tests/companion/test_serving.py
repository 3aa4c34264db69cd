"""companion.serving: compressed answers, hashed static names with long caching, only the
files a browser needs, /healthz, a lost database connection costing a retry (one run
again, or 503 with a sentence) instead of a traceback, a statement timeout answered 503
"busy" without a retry, and a request body read against a deadline."""

from __future__ import annotations

import gzip
import hashlib
import logging
import re
import socket
from typing import Any

import pytest
from companion_testkit import app_config, text
from sqlalchemy.exc import OperationalError, ProgrammingError

from companion import create_app, db, serving
from companion.live._renders import RenderCache

GZIP = {"Accept-Encoding": "gzip, deflate, br"}
HASHED = re.compile(r"/static/([\w/.-]+)\.([0-9a-f]{10})\.(\w+)")


def links(client: Any) -> list[str]:
    page = client.get("/").get_data(as_text=True)
    return re.findall(r'(?:href|src)="(/static/[^"]+)"', page)


# ---------------------------------------------------------------------------------------
# compression


def test_a_table_page_is_gzipped_for_a_phone_that_accepts_it(client: Any, make_table: Any) -> None:
    table = make_table("dogs-life", players=5)
    plain = client.get(f"/t/{table.id}")
    packed = client.get(f"/t/{table.id}", headers=GZIP)
    assert plain.status_code == packed.status_code == 200
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed.headers["Vary"]
    body = gzip.decompress(packed.get_data())
    assert len(packed.get_data()) < len(body) / 4
    # The same page, apart from the per-request CSRF tokens (signed with the second they
    # were made in: two requests a second apart differ) and form idempotency keys.
    token = re.compile(rb'content="[^"]{40,}"|name="(?:idempotency_key|csrf_token)" value="[^"]+"')
    assert token.sub(b"", body) == token.sub(b"", plain.get_data())


def test_json_is_gzipped_and_small_answers_are_not(client: Any, make_table: Any) -> None:
    table = make_table("bison", players=4)
    big = client.get(f"/api/v1/tables/{table.id}", headers=GZIP)
    assert big.headers.get("Content-Encoding") == "gzip"
    assert gzip.decompress(big.get_data()).startswith(b"{")
    small = client.get("/healthz", headers=GZIP)
    assert "Content-Encoding" not in small.headers  # gzip would make 30 bytes bigger


def test_streamed_answers_are_left_alone(app: Any) -> None:
    @app.get("/stream-probe")
    def probe() -> Any:
        def chunks() -> Any:
            yield "data: 1\n\n" * 200

        return app.response_class(chunks(), mimetype="text/html")

    response = app.test_client().get("/stream-probe", headers=GZIP)
    assert "Content-Encoding" not in response.headers
    assert response.get_data(as_text=True).startswith("data: 1")


# ---------------------------------------------------------------------------------------
# static files


def test_pages_link_static_files_by_content_hash_cached_for_a_year(client: Any) -> None:
    found = links(client)
    assert len(found) >= 5
    for link in found:
        assert HASHED.fullmatch(link), link
        response = client.get(link)
        assert response.status_code == 200
        assert response.headers["Cache-Control"] == "public, max-age=31536000, immutable"


def test_the_hash_follows_the_content(client: Any, app: Any) -> None:
    link = next(link for link in links(client) if link.endswith(".css"))
    name = HASHED.fullmatch(link)
    assert name is not None
    assets = app.extensions[serving.ASSETS]
    asset = assets[f"{name.group(1)}.{name.group(3)}"]
    assert name.group(2) == hashlib.sha256(asset.data).hexdigest()[:10]


def test_plain_names_still_answer_but_are_revalidated(client: Any) -> None:
    response = client.get("/static/app.css")
    assert response.status_code == 200
    assert response.headers["Cache-Control"] == "no-cache"
    again = client.get("/static/app.css", headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304
    assert again.get_data() == b""


def test_static_files_are_sent_gzipped(client: Any) -> None:
    link = next(link for link in links(client) if "htmx" in link)
    response = client.get(link, headers=GZIP)
    assert response.headers["Content-Encoding"] == "gzip"
    assert b"htmx" in gzip.decompress(response.get_data())
    assert response.headers["Content-Type"].startswith("text/javascript")


@pytest.mark.parametrize(
    "path",
    [
        "/static/VENDORED.md",
        "/static/icons/draw_icons.py",
        "/static/../__init__.py",
        "/static/icons/",
        "/static/nothing.css",
        "/static/app.0000000000.css",
    ],
)
def test_only_what_a_browser_needs_is_served(client: Any, path: str) -> None:
    assert client.get(path).status_code == 404


def test_the_manifest_has_its_type(client: Any) -> None:
    response = client.get("/static/manifest.webmanifest")
    assert response.headers["Content-Type"] == "application/manifest+json"


# ---------------------------------------------------------------------------------------
# health


def test_healthz_checks_the_database(client: Any) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "database": "ok"}
    assert "Set-Cookie" not in response.headers


def test_healthz_says_when_the_database_is_gone(tmp_path: Any) -> None:
    app = create_app(app_config(tmp_path))
    try:
        app.extensions[db.EXTENSION].dispose()
        (tmp_path / "test.sqlite3").rename(tmp_path / "moved")
        (tmp_path / "test.sqlite3").mkdir()  # a folder where the file was: cannot open
        response = app.test_client().get("/healthz")
        assert response.status_code == 503
        assert response.get_json()["status"] == "unavailable"
        assert "unable to open database file" in response.get_json()["database"]
    finally:
        app.extensions[db.EXTENSION].dispose()


# ---------------------------------------------------------------------------------------
# database faults


def lost_connection() -> OperationalError:
    return OperationalError(
        "SELECT 1", {}, Exception("server closed the connection"), connection_invalidated=True
    )


def flaky_view(app: Any, failures: int, *, commit: bool = False) -> list[int]:
    """A view (wrapped like every view) that fails ``failures`` times with a lost
    connection; ``commit`` marks the write as committing before it fails."""
    calls: list[int] = []

    def view() -> str:
        calls.append(1)
        if commit:
            from flask import g

            g.campfire_commit_started = True
        if len(calls) <= failures:
            raise lost_connection()
        return "done"

    app.add_url_rule("/flaky", endpoint="flaky", view_func=serving.retrying(view))
    return calls


@pytest.fixture
def quick_retry(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(serving, "RETRY_PAUSE", 0)


def test_a_lost_connection_is_retried_once(app: Any, quick_retry: None) -> None:
    calls = flaky_view(app, failures=1)
    response = app.test_client().get("/flaky")
    assert response.status_code == 200 and response.get_data() == b"done"
    assert len(calls) == 2


def test_a_second_loss_is_a_503_with_a_sentence_and_one_log_line(
    app: Any, quick_retry: None, caplog: pytest.LogCaptureFixture
) -> None:
    calls = flaky_view(app, failures=5)
    with caplog.at_level(logging.WARNING):
        response = app.test_client().get("/flaky", headers={"Accept-Language": "it"})
    assert len(calls) == 2
    assert response.status_code == 503
    assert "Riprova tra qualche secondo" in response.get_data(as_text=True)
    assert not any(record.exc_info for record in caplog.records)  # no traceback logged


def test_a_write_that_started_committing_is_not_run_again(app: Any, quick_retry: None) -> None:
    calls = flaky_view(app, failures=1, commit=True)
    response = app.test_client().get("/flaky")
    assert response.status_code == 503  # the outcome is unknown: the phone looks again
    assert len(calls) == 1


def test_a_bad_statement_is_not_retried(app: Any, quick_retry: None) -> None:
    calls: list[int] = []

    def view() -> str:
        calls.append(1)
        raise ProgrammingError("SELECT nonsense", {}, Exception("syntax error"))

    app.add_url_rule("/bug", endpoint="bug", view_func=serving.retrying(view))
    response = app.test_client().get("/bug")
    assert response.status_code == 500
    assert len(calls) == 1


def test_htmx_polls_get_the_sentence_in_the_flash_area(app: Any, quick_retry: None) -> None:
    flaky_view(app, failures=5)
    response = app.test_client().get("/flaky", headers={"HX-Request": "true"})
    assert response.status_code == 503
    assert response.headers["HX-Retarget"] == "#flash"
    assert "database" in response.get_data(as_text=True)


def timed_out_statement() -> OperationalError:
    """What SQLAlchemy raises when PostgreSQL cancels a statement (statement_timeout)."""
    import psycopg

    return OperationalError(
        "UPDATE tables", {}, psycopg.errors.QueryCanceled("canceling statement due to timeout")
    )


def test_a_statement_timeout_is_503_busy_with_its_retry_after_and_never_run_again(
    app: Any, quick_retry: None, caplog: pytest.LogCaptureFixture
) -> None:
    calls: list[int] = []

    def view() -> str:
        calls.append(1)
        raise timed_out_statement()

    app.add_url_rule("/slow-lock", endpoint="slow_lock", view_func=serving.retrying(view))
    with caplog.at_level(logging.WARNING):
        response = app.test_client().get("/slow-lock", headers={"Accept-Language": "ja"})
    assert len(calls) == 1  # a retry would wait for the same lock as long again
    assert response.status_code == 503
    assert response.headers["Retry-After"] == str(serving.BUSY_RETRY_AFTER)
    assert "データベースがいま混み合っています" in text(response)
    assert not any(record.exc_info for record in caplog.records)
    assert not serving.connection_lost(timed_out_statement())
    assert serving.connection_lost(lost_connection())


def test_a_pages_own_retry_after_is_kept_on_its_503_and_429(app: Any) -> None:
    def busy(code: int) -> Any:
        serving.ask_retry_after(10)
        return "busy", code, {"Retry-After": "86400"}  # as the rate limiter would set it

    app.add_url_rule("/busy/<int:code>", endpoint="busy", view_func=busy)
    client = app.test_client()
    assert client.get("/busy/503").headers["Retry-After"] == "10"
    assert client.get("/busy/429").headers["Retry-After"] == "10"
    assert "Retry-After" not in client.get("/busy/200").headers


def test_every_registered_view_is_wrapped(app: Any) -> None:
    for endpoint, view in app.view_functions.items():
        if endpoint not in ("static", "healthz"):
            assert hasattr(view, "__wrapped__"), endpoint


# ---------------------------------------------------------------------------------------
# the render cache's memory bound


def test_the_render_cache_keeps_at_most_its_character_budget() -> None:
    cache = RenderCache(size=100, max_chars=10_000)
    for key in range(50):
        cache.get(key, lambda: ("x" * 1_000, True))
    assert cache.chars <= 10_000
    assert len(cache) == 10
    assert cache.get(49, lambda: ("new", True)) == "x" * 1_000  # the newest stayed
    cache.get("huge", lambda: ("y" * 20_000, True))  # bigger than the budget: not kept
    assert "huge" not in cache._items and cache.chars <= 10_000


# ---------------------------------------------------------------------------------------
# the body's deadline


class Trickle:
    """A ``wsgi.input`` that gives ``step`` bytes a read, each after ``pause`` seconds of
    gevent sleep (a client sending slowly, seen from a gevent worker)."""

    def __init__(self, total: int, step: int, pause: float) -> None:
        self.left, self.step, self.pause = total, step, pause

    def read(self, size: int = -1) -> bytes:
        import gevent

        gevent.sleep(self.pause)
        give = min(self.left, self.step if size < 0 else min(size, self.step))
        self.left -= give
        return b"x" * give


def read_all(body: serving.ReadableBody) -> int:
    received = 0
    while chunk := body.read(4096):
        received += len(chunk)
    return received


def test_a_body_that_keeps_its_pace_is_read_whole() -> None:
    # Each 100 bytes, after 10 ms, buy 100 ms more: a wide margin on a loaded machine.
    deadline = serving.BodyDeadline(5, rate=1000)
    assert read_all(serving.ReadableBody(Trickle(4000, 100, 0.01), deadline)) == 4000


def test_a_body_too_slow_is_408_and_the_socket_stops_reading() -> None:
    shut: list[int] = []

    class Socket:
        def shutdown(self, how: int) -> None:
            shut.append(how)

    sock = Socket()
    # gevent is imported before the clock starts: its first import inside the first read
    # (Trickle imports it) took longer than the whole deadline on a loaded machine.
    import gevent  # noqa: F401

    # A byte each 30 ms buys 1 ms: the deadline (200 ms) runs out after about 7 bytes.
    deadline = serving.BodyDeadline(0.2, sock, rate=1000)
    with pytest.raises(serving.BodyTooSlow) as refused:
        read_all(serving.ReadableBody(Trickle(10_000, 1, 0.03), deadline))
    assert refused.value.code == 408
    assert 0 < deadline.received < 10
    assert shut == [socket.SHUT_RD]


def test_a_body_too_slow_is_a_sentence_not_an_error_page(app: Any) -> None:
    def slow_body(environ: dict[str, Any], start_response: Any) -> Any:
        # Its first byte comes after the whole deadline: never read in time, however
        # loaded the machine (a 50 ms pause against 100 ms was a race the body won).
        environ["wsgi.input"] = serving.ReadableBody(
            Trickle(10_000, 1, 0.5), serving.BodyDeadline(0.1)
        )
        return inner(environ, start_response)

    inner = app.wsgi_app
    app.wsgi_app = slow_body
    response = app.test_client().post(
        "/api/v1/tables", data=b"{}", headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 408
    assert "too slowly" in response.get_json()["error"]
