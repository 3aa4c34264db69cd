"""Issue 33 ("Hardening III"), the API and table findings: a print kit on a full disk is a
503 with Retry-After (F6); a take-over is told at any later poll and written in History
(F8); API clients without a token never share an Idempotency-Key (F9); forwarded headers
only from trusted proxies (F11); names without NUL, compared width-folded, and join codes
that end with the game (F12). F1 is in test_secret_refusals.py, the integer and depth
bounds in test_fuzz_routes.py."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest
from companion_testkit import ASK, StubPool, app_config, text

from companion import create_app, print_jobs, tables
from printgen import kit as printkit

PLAYERS = [{"name": n, "color": c} for n, c in (("Ann", "red"), ("Ben", "blue"), ("Cho", "green"))]
DISK_FULL = "The server&#39;s disk is full, so the kit cannot be saved. Please try again later."


# ---------------------------------------------------------------------------------------
# F6: a print kit on a full disk


def _no_space(*_args: Any, **_kwargs: Any) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


@pytest.fixture
def in_request(tmp_path: Path) -> Any:
    """(app, table id): kits drawn in the request (no pool)."""
    tables.clear_cache()
    app = create_app(app_config(tmp_path, CAMPFIRE_PRINT_WORKERS=0))
    with app.app_context():
        table = tables.create("lion-square", PLAYERS, None)
    yield app, table.id
    app.extensions["campfire.db"].dispose()


def test_a_kit_drawn_on_a_full_disk_is_a_503_naming_it(
    in_request: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, table_id = in_request
    real_write = Path.write_bytes

    def full(path: Path, data: bytes) -> int:  # the PDF's part file: half written, then full
        real_write(path, data[:10])
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full)
    refused = app.test_client().get(f"/t/{table_id}{ASK}")
    assert refused.status_code == 503
    assert DISK_FULL in refused.get_data(as_text=True)
    assert refused.headers["Retry-After"].isdigit()
    spool = print_jobs.for_app(app).folder
    assert sorted(p.name for p in spool.iterdir() if not p.name.startswith("slot")) == []
    monkeypatch.setattr(Path, "write_bytes", real_write)
    again = app.test_client().get(f"/t/{table_id}{ASK}")  # within the pause: still full
    assert again.status_code == 503 and DISK_FULL in again.get_data(as_text=True)
    print_jobs.for_app(app).full_until = 0.0  # the pause is over
    assert app.test_client().get(f"/t/{table_id}{ASK}").status_code == 303


def test_a_job_file_that_cannot_be_written_is_a_503(
    in_request: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    app, table_id = in_request
    monkeypatch.setattr(print_jobs.os, "fdopen", _no_space)
    refused = app.test_client().get(f"/t/{table_id}{ASK}", headers={"Accept-Language": "ja"})
    assert refused.status_code == 503 and refused.headers["Retry-After"].isdigit()
    assert "ディスク" in text(refused)
    assert not list(print_jobs.for_app(app).folder.glob("*.job"))


def test_a_pool_render_on_a_full_disk_pauses_filing_then_files_again(tmp_path: Path) -> None:
    tables.clear_cache()
    app = create_app(app_config(tmp_path, CAMPFIRE_PRINT_WORKERS=1))
    with app.app_context():
        table_id = tables.create("lion-square", PLAYERS, None).id
    pool = StubPool()
    jobs = print_jobs.for_app(app)
    jobs.executor = pool
    client = app.test_client()
    job_url = client.get(f"/t/{table_id}{ASK}").headers["Location"]
    for future, _function, _args in pool.jobs:  # the pool process found the disk full
        future.set_exception(OSError(errno.ENOSPC, "No space left on device"))
    page = client.get(job_url)  # the job is gone: filed again, refused for the full disk
    assert page.status_code == 503 and DISK_FULL in page.get_data(as_text=True)
    assert len(pool.jobs) == 1 and not list(jobs.folder.glob("*.job"))
    jobs.full_until = 0.0
    assert client.get(job_url).status_code == 200  # filed again: "preparing"
    assert len(pool.jobs) == 2
    app.extensions["campfire.db"].dispose()


def test_another_os_error_is_no_disk_full(in_request: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    app, table_id = in_request

    def denied(*_args: Any, **_kwargs: Any) -> bytes:
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(printkit, "render_kit", denied)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    assert app.test_client().get(f"/t/{table_id}{ASK}").status_code == 500
    assert print_jobs.for_app(app).full_until == 0.0


# ---------------------------------------------------------------------------------------
# F9: API clients without a token never share a key


def test_clients_without_a_token_never_share_an_idempotency_key(any_app: Any) -> None:
    """Two programs without a seat token pick one key: the second's other event was
    answered as a replay of the first's and never applied. The key is now scoped by the
    body too: another event is applied; the very same request is still a repeat (on
    SQLite and PostgreSQL)."""
    table_id = tables.create("lion-square", PLAYERS, None).id
    url = f"/api/v1/tables/{table_id}/events"
    key = {"Idempotency-Key": "change-1"}
    grid = [[1, None, None], [None] * 3, [None] * 3]
    first = any_app.test_client().post(url, json={"type": "set_square", "grid": grid}, headers=key)
    assert first.status_code == 200 and first.get_json()["version"] == 1
    other = any_app.test_client().post(
        url, json={"type": "set_cell", "row": 2, "column": 2, "card": 5}, headers=key
    )
    assert other.status_code == 200 and "Idempotent-Replay" not in other.headers
    assert other.get_json()["version"] == 2
    again = any_app.test_client().post(url, json={"type": "set_square", "grid": grid}, headers=key)
    assert again.headers["Idempotent-Replay"] == "true" and again.data == first.data
    assert tables.get(table_id).version == 2


# ---------------------------------------------------------------------------------------
# F11: forwarded headers only from trusted proxies


FORWARDED = {
    "X-Forwarded-Proto": "https",
    "X-Forwarded-For": "203.0.113.9",
    "Forwarded": "for=203.0.113.9;proto=https",
}


def test_without_trusted_proxies_no_forwarded_header_counts(tmp_path: Path) -> None:
    """``CAMPFIRE_TRUSTED_PROXIES=0``: X-Forwarded-Proto from 127.0.0.1 makes no cookie
    Secure and sends no HSTS; no forwarded header reaches a view."""
    tables.clear_cache()
    app = create_app(app_config(tmp_path, CAMPFIRE_TRUSTED_PROXIES=0))
    seen: dict[str, Any] = {}

    @app.get("/_seen")
    def _seen() -> str:
        from flask import request

        seen.update(
            scheme=request.scheme,
            remote=request.remote_addr,
            headers={k for k in request.headers if "orward" in k},
        )
        return "ok"

    client = app.test_client()
    with app.app_context():
        table_id = tables.create("lion-square", PLAYERS, None).id
    answer = client.get(f"/t/{table_id}", headers=FORWARDED)
    assert "Secure" not in answer.headers["Set-Cookie"]
    assert "Strict-Transport-Security" not in answer.headers
    client.get("/_seen", headers=FORWARDED)
    assert seen == {"scheme": "http", "remote": "127.0.0.1", "headers": set()}
    app.extensions["campfire.db"].dispose()


def test_campfire_serve_tells_gunicorn_to_believe_no_forwarded_header() -> None:
    """gunicorn itself sets the scheme from X-Forwarded-Proto sent from 127.0.0.1 unless
    told otherwise (F11's probe went through ``campfire serve``)."""
    import argparse

    from gunicorn.config import Config

    from campfire.commands import serve

    args = argparse.Namespace(host="127.0.0.1", port=8000, workers=1, connections=100)
    options = serve.gunicorn_options(args)
    config = Config()
    for name in ("forwarded_allow_ips", "secure_scheme_headers"):
        config.set(name, options[name])
    assert config.forwarded_allow_ips == [] and config.secure_scheme_headers == {}


# ---------------------------------------------------------------------------------------
# F12: names without NUL, compared width-folded; join codes end with the game


def test_a_nul_in_a_name_is_removed_not_replaced(client_app: Any) -> None:
    _app, client = client_app
    raw = (
        '{"game": "lion-square", "players": [{"name": "An\\u0000n", "color": "red"}, '
        '{"name": "Ben\\u0000", "color": "blue"}, {"name": "Cho", "color": "green"}]}'
    )
    created = client.post("/api/v1/tables", data=raw, content_type="application/json")
    assert created.status_code == 201
    table_id = created.get_json()["id"]
    names = [p["name"] for p in client.get(f"/api/v1/tables/{table_id}").get_json()["players"]]
    assert names == ["Ann", "Ben", "Cho"]


@pytest.mark.parametrize(
    ("first", "second"),
    [("Eva", "ｅｖａ"), ("Ann", "ANN "), ("ﾕｷ", "ユキ"), ("Mary Ann", "mary　ann")],
)
def test_names_equal_once_width_folded_are_refused_at_one_table(
    client_app: Any, first: str, second: str
) -> None:
    """Issue 33, F12: "Eva" and "ｅｖａ" were two players at one table but one in "Our
    plays"; the table now folds names as the plays do (one function)."""
    from companion.plays import stats
    from games.table import fold_name

    assert stats.fold_name is fold_name
    _app, client = client_app
    players = [{"name": first, "color": "red"}, {"name": second, "color": "blue"}]
    refused = client.post("/api/v1/tables", json={"game": "lion-square", "players": players})
    assert refused.status_code == 422
    assert refused.get_json()["error"] == "two players cannot share a name"
    form = {"game": "lion-square", "name0": first, "color0": "red", "name1": second}
    page = client.post("/new", data={**form, "color1": "blue"})
    assert page.status_code == 422 and "two players cannot share a name" in page.get_data(
        as_text=True
    )


def test_hiragana_and_katakana_stay_two_names(client_app: Any) -> None:
    _app, client = client_app
    players = [{"name": "ゆき", "color": "red"}, {"name": "ユキ", "color": "blue"}, PLAYERS[2]]
    assert (
        client.post("/api/v1/tables", json={"game": "lion-square", "players": players}).status_code
        == 201
    )


def test_a_join_code_ends_with_the_game_and_the_table_stays(any_app: Any) -> None:
    """Join codes are guessable (60 a minute per address): once the game is over its code
    opens nothing; the table's own link (the host's, a seated phone's) still does, and an
    undo that reopens the game makes the code work again."""
    client = any_app.test_client()
    table = tables.create("lion-square", PLAYERS, None)
    joined = client.post("/join", data={"code": table.join_code})
    assert joined.status_code == 303
    cho = client.post(f"/api/v1/tables/{table.id}/seats/2").get_json()["token"]
    for event, token in (
        ({"type": "adjust", "seat": 2, "counter": "herd", "delta": -20}, cho),
        ({"type": "set_square", "grid": [[1, None, None], [None] * 3, [None] * 3]}, None),
        ({"type": "score_round"}, None),
    ):
        headers = {"X-Campfire-Seat": token} if token else {}
        answer = client.post(f"/api/v1/tables/{table.id}/events", json=event, headers=headers)
        assert answer.status_code == 200, answer.get_json()
    assert tables.get(table.id).state_json()["game_over"] is True
    ended = client.post("/join", data={"code": table.join_code})
    assert ended.status_code == 404
    assert f"No table has the join code {table.join_code}" in ended.get_data(as_text=True)
    with pytest.raises(tables.TableNotFound):
        tables.find_by_code(table.join_code)
    assert client.get(f"/t/{table.id}").status_code == 200  # the table's link still works
    assert client.post(f"/api/v1/tables/{table.id}/undo", json={}).status_code == 200
    assert client.post("/join", data={"code": table.join_code}).status_code == 303


@pytest.fixture
def client_app(tmp_path: Path) -> Any:
    tables.clear_cache()
    app = create_app(app_config(tmp_path))
    yield app, app.test_client()
    app.extensions["campfire.db"].dispose()


# ---------------------------------------------------------------------------------------
# F8: a take-over told at any later poll, and at the next tap


@pytest.fixture
def taken_over(client_app: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """(app, table id, Ben's phone, the phone that took his seat over): Ben's phone held
    seat 1 of a Lion Square table; long after (the polls' 30 s hold is over at once
    here) another phone took it over."""
    from companion.live import _versions

    monkeypatch.setattr(_versions, "HOLD_OPEN_SECONDS", 0.0)
    app, _client = client_app
    with app.app_context():
        table_id = tables.create("lion-square", PLAYERS, None).id
    ben, other = app.test_client(), app.test_client()
    assert ben.post(f"/t/{table_id}/seat", data={"seat": "1"}).status_code == 303
    ben.get(f"/t/{table_id}")
    assert ben.get(f"/t/{table_id}?v=0", headers=HTMX).status_code == 204  # the map knows v0
    taken = other.post(f"/t/{table_id}/seat", data={"seat": "1", "force": "1"})
    assert taken.status_code == 303
    return app, table_id, ben, other


HTMX = {"HX-Request": "true"}
TOLD = "Another phone took over Ben&#39;s seat; this phone is now watching."


def test_a_take_over_is_told_at_the_first_poll_after_waking(taken_over: Any) -> None:
    _app, table_id, ben, _other = taken_over
    asleep = ben.get(f"/t/{table_id}?v=0", headers=HTMX)  # past the hold: the map's 204
    assert asleep.status_code == 204 and "HX-Refresh" not in asleep.headers
    woke = ben.get(f"/t/{table_id}?v=0&wake=1", headers=HTMX)
    assert woke.status_code == 204 and woke.headers["HX-Refresh"] == "true"
    assert TOLD in ben.get(f"/t/{table_id}").get_data(as_text=True)


@pytest.mark.parametrize("htmx", [True, False])
def test_the_next_tap_after_a_take_over_is_told_so_and_changes_nothing(
    taken_over: Any, htmx: bool
) -> None:
    """Before, Ben's tap was made as a spectator's and refused with a sentence about
    hidden herds; now it changes nothing and his phone is shown whose seat went where."""
    app, table_id, ben, _other = taken_over
    form = {"seat": "1", "counter": "herd", "delta": "-1"}
    tapped = ben.post(f"/t/{table_id}/adjust", data=form, headers=HTMX if htmx else {})
    if htmx:
        assert tapped.status_code == 204 and tapped.headers["HX-Refresh"] == "true"
    else:
        assert tapped.status_code == 303 and tapped.headers["Location"].endswith(table_id)
    assert "hidden" not in tapped.get_data(as_text=True)
    undo = ben.post(f"/t/{table_id}/undo", data={"version": "0"}, headers=HTMX)
    assert undo.status_code == 204 and undo.headers["HX-Refresh"] == "true"
    with app.app_context():
        assert tables.get(table_id).version == 0
    assert TOLD in ben.get(f"/t/{table_id}").get_data(as_text=True)
    # told once: the phone now watches, and a spectator's tap is answered as one
    refused = ben.post(f"/t/{table_id}/adjust", data=form, headers=HTMX)
    assert refused.status_code == 422


def test_a_take_over_is_written_in_history(taken_over: Any) -> None:
    _app, table_id, ben, other = taken_over
    for phone in (ben, other):  # every phone's History, in every language
        page = phone.get(f"/t/{table_id}/history").get_data(as_text=True)
        assert 'data-testid="takeovers"' in page
        assert "Another phone took over Ben's seat." in page
    ja = other.get(f"/t/{table_id}/history", headers={"Accept-Language": "ja"})
    assert "別のスマートフォンがBenの席を引き継ぎました。" in text(ja)
    it = other.get(f"/t/{table_id}/history", headers={"Accept-Language": "it"})
    assert "Un altro telefono ha preso il posto di Ben." in it.get_data(as_text=True)


def test_history_names_no_take_over_where_none_happened(client_app: Any) -> None:
    app, client = client_app
    with app.app_context():
        table_id = tables.create("lion-square", PLAYERS, None).id
    client.post(f"/t/{table_id}/seat", data={"seat": "1"})
    client.post(f"/t/{table_id}/seat", data={"seat": "2"})  # moved: released, not taken
    assert 'data-testid="takeovers"' not in client.get(f"/t/{table_id}/history").get_data(
        as_text=True
    )
