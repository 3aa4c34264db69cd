"""Every page and fragment of the platform with the Flask test client, bad input on every
form (4xx with a clear message, state unchanged), seats, recent tables, live-sync poll,
security headers, CSRF, rate limits and error pages in the reader's language."""

from __future__ import annotations

import io
import json
import re

import pytest
from companion_testkit import FAKE, HTMX, app_config, text

from companion import create_app, tables


@pytest.fixture
def table(make_table):
    return make_table()


def version_of(app, table_id):
    with app.app_context():
        return tables.get(table_id).version


# -- pages ------------------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/new", f"/new?game={FAKE}", "/join", "/import"])
def test_static_pages_render(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert b'<meta name="csrf-token"' in response.data


def test_table_pages_render(client, table):
    for path in ("", "/join", "/history"):
        response = client.get(f"/t/{table.id}{path}")
        assert response.status_code == 200, path
    page = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert 'id="panel"' in page
    assert f'hx-get="/t/{table.id}?v=0"' in page  # the panel polls the table's own URL
    assert 'hx-trigger="campfire:poll from:body"' in page
    assert table.join_code in page


def test_share_page_has_qr_of_the_table_url(client, table):
    page = client.get(f"/t/{table.id}/join").get_data(as_text=True)
    assert "<svg" in page and 'class="qr"' in page
    assert f"http://localhost/t/{table.id}" in page


@pytest.mark.parametrize("path", ["", "/join", "/history", "?v=0", "/export"])
def test_unknown_table_is_404_page(client, path):
    response = client.get(f"/t/no-such-table{path}")
    assert response.status_code == 404
    assert b"There is no such page or table here" in response.data


def test_404_page_in_japanese(client):
    response = client.get("/nowhere", headers={"Accept-Language": "ja,en;q=0.5"})
    assert response.status_code == 404
    assert "そのページやテーブルはありません" in text(response)


def test_language_switch_is_remembered(client):
    response = client.get("/?lang=it")
    assert 'lang="it"' in response.get_data(as_text=True)
    assert "lang=it" in response.headers["Set-Cookie"]
    assert "SameSite=Lax" in response.headers["Set-Cookie"]
    assert "Nuovo tavolo" in client.get("/").get_data(as_text=True)
    assert "新しいテーブル" in client.get("/?lang=ja").get_data(as_text=True)


def test_unsupported_language_falls_back(client):
    assert 'lang="en"' in client.get("/?lang=xx").get_data(as_text=True)


# -- create -----------------------------------------------------------------------------


def create_form(**fields):
    form = {"game": FAKE, "name0": "Ann", "color0": "red", "name1": "Ben", "color1": "blue"}
    form.update(fields)
    return form


def test_create_table_from_form(client, app):
    response = client.post("/new", data=create_form(**{"setting.start": "5"}))
    assert response.status_code == 303
    table_id = re.search(r"/t/([^/]+)/join", response.headers["Location"]).group(1)
    with app.app_context():
        view = tables.get(table_id)
    assert [p.name for p in view.players] == ["Ann", "Ben"]
    assert view.settings == {"start": 5}
    assert view.counters() == [{"points": 5}, {"points": 5}]
    # The new table is among "my recent tables".
    assert f"/t/{table_id}" in client.get("/").get_data(as_text=True)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name0": "", "name1": ""}, "Enter at least one player&#39;s name."),
        ({"name1": ""}, "this game needs 2 to 4 players, not 1"),
        ({"color1": "red"}, "two players cannot share a colour"),
        ({"color1": "pink"}, "player 2: colour must be one of"),
        ({"name1": "x" * 41}, "player 2 needs a name of 1 to 40 characters"),
        ({"game": "chess"}, "unknown game &#39;chess&#39;"),
        ({"setting.start": "500"}, "start would be 500"),
    ],
)
def test_create_bad_input_is_422_and_creates_nothing(client, app, fields, message):
    response = client.post("/new", data=create_form(**fields))
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    with app.app_context():
        from companion import db
        from companion.models import TableRow

        with db.reading() as session:
            assert session.query(TableRow).count() == 0


def test_create_unknown_game_page_is_404(client):
    assert client.get("/new?game=chess").status_code == 404


def test_create_error_in_japanese(client):
    response = client.post("/new?lang=ja", data=create_form(color1="red"))
    assert "2人のプレイヤーが同じ色を使うことはできません" in text(response)


# -- join -------------------------------------------------------------------------------


def test_join_by_code_any_case_and_spacing(client, table):
    code = table.join_code
    typed = f" {code[:3].lower()} {code[3:]} "
    response = client.post("/join", data={"code": typed})
    assert response.status_code == 303
    # straight to "Who are you?"
    assert response.headers["Location"].endswith(f"/t/{table.id}/join")


@pytest.mark.parametrize(
    ("code", "status", "message"),
    [
        ("", 422, "A join code has 6 letters and digits"),
        ("ABC", 422, "A join code has 6 letters and digits"),
        # six characters but no table (O is not in the alphabet): the code is named
        ("OOOOOO", 404, "No table has the join code OOOOOO"),
        ("<b>XX", 422, "A join code has 6 letters and digits"),
        ("777777", 404, "No table has the join code 777777"),
    ],
)
def test_join_bad_codes(client, table, code, status, message):
    response = client.post("/join", data={"code": code})
    assert response.status_code == status
    assert message in response.get_data(as_text=True)
    assert "<b>XX" not in response.get_data(as_text=True)  # escaped


def test_join_code_alphabet_is_unambiguous():
    for confusable in "0O1IL5S2Z8BUV":
        assert confusable not in tables.JOIN_ALPHABET


# -- seats ------------------------------------------------------------------------------


def test_choose_seat_is_remembered_per_table(client, table, make_table):
    other = make_table()
    assert client.post(f"/t/{table.id}/seat", data={"seat": "1"}).status_code == 303
    page = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert "I am Ben" in page
    assert re.search(r'<body class="has-dock"[^>]* data-my-seat="1"[ >]', page)  # app.css
    assert 'data-seat="1"' in page
    assert "I am Ben" not in client.get(f"/t/{other.id}").get_data(as_text=True)
    client.post(f"/t/{table.id}/seat", data={"seat": ""})  # only watching
    assert "I am Ben" not in client.get(f"/t/{table.id}").get_data(as_text=True)


@pytest.mark.parametrize("seat", ["2", "-1", "x", "1.5"])
def test_choose_bad_seat_is_422(client, table, seat):
    response = client.post(f"/t/{table.id}/seat", data={"seat": seat})
    assert response.status_code == 422
    assert "Choose one of the seats at this table." in response.get_data(as_text=True)


def test_session_cookie_is_samesite_lax_httponly(client, table):
    response = client.post(f"/t/{table.id}/seat", data={"seat": "0"})
    cookie = response.headers["Set-Cookie"]
    assert "SameSite=Lax" in cookie and "HttpOnly" in cookie


# -- changes, poll, undo ----------------------------------------------------------------


def test_adjust_with_htmx_returns_fresh_panel(client, app, table):
    response = client.post(
        f"/t/{table.id}/adjust",
        headers={"HX-Request": "true"},
        data={"seat": "0", "counter": "points", "delta": "1"},
    )
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert html.lstrip().startswith('<section id="panel"')
    assert f'hx-get="/t/{table.id}?v=1"' in html
    assert version_of(app, table.id) == 1


def test_adjust_without_js_redirects(client, table):
    response = client.post(
        f"/t/{table.id}/adjust", data={"seat": "0", "counter": "points", "delta": "1"}
    )
    assert response.status_code == 303


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"seat": "0", "counter": "points", "delta": "200"},
            "points would be 210; it must stay between 0 and 99",
        ),
        (
            {"seat": "x", "counter": "points", "delta": "1"},
            "player must be a whole number, not &#34;x&#34;",
        ),
        (
            {"seat": "0", "counter": "points", "delta": ""},
            "change must be a whole number, not &#34;&#34;",
        ),
        (
            {"seat": "9", "counter": "points", "delta": "1"},
            "seat must be a whole number from 0 to 1",
        ),
        ({"seat": "0", "counter": "gold", "delta": "1"}, "unknown counter &#39;gold&#39;"),
    ],
)
@pytest.mark.parametrize("htmx", [True, False])
def test_adjust_refused_is_422_with_alert(client, app, table, data, message, htmx):
    headers = {"HX-Request": "true"} if htmx else {}
    response = client.post(f"/t/{table.id}/adjust", data=data, headers=headers)
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert 'class="alert alert-error" role="alert"' in html
    assert message in html
    assert version_of(app, table.id) == 0


def test_refusal_is_translated(client, table):
    response = client.post(
        f"/t/{table.id}/adjust?lang=ja",
        headers={"HX-Request": "true"},
        data={"seat": "0", "counter": "points", "delta": "200"},
    )
    assert "pointsが210になってしまいます" in text(response)


def test_poll_204_until_something_changes(client, table):
    first = client.get(f"/t/{table.id}?v=0", headers=HTMX)
    assert first.status_code == 204
    assert first.data == b""
    client.post(f"/t/{table.id}/adjust", data={"seat": "1", "counter": "points", "delta": "-1"})
    changed = client.get(f"/t/{table.id}?v=0", headers=HTMX)
    assert changed.status_code == 200
    assert "?v=1" in changed.get_data(as_text=True)
    assert changed.headers["Cache-Control"] == "no-store"
    assert client.get(f"/t/{table.id}?v=1", headers=HTMX).status_code == 204


@pytest.mark.parametrize("query", ["?v=", "?v=abc", "?v=-1", "?v=1234567890"])
def test_poll_bad_version_is_400(client, table, query):
    response = client.get(f"/t/{table.id}{query}", headers=HTMX)
    assert response.status_code == 400
    assert "?v=&lt;number&gt;" in response.get_data(as_text=True)


def test_undo_from_the_page(client, app, table):
    client.post(f"/t/{table.id}/adjust", data={"seat": "0", "counter": "points", "delta": "4"})
    response = client.post(f"/t/{table.id}/undo", headers={"HX-Request": "true"})
    assert response.status_code == 200
    with app.app_context():
        view = tables.get(table.id)
    assert view.version == 2
    assert view.counters()[0] == {"points": 10}
    nothing = client.post(f"/t/{table.id}/undo", headers={"HX-Request": "true"})
    assert nothing.status_code == 422
    assert "there is nothing to undo" in nothing.get_data(as_text=True)
    assert version_of(app, table.id) == 2


def test_history_lists_changes_with_seat_in_english_and_japanese(client, table):
    client.post(f"/t/{table.id}/seat", data={"seat": "1"})
    # Ben helps Ann: confirmed once (for_seat), then no more questions this turn.
    client.post(
        f"/t/{table.id}/adjust",
        data={"seat": "0", "counter": "points", "delta": "1", "for_seat": "0"},
    )
    client.post(f"/t/{table.id}/adjust", data={"seat": "0", "counter": "points", "delta": "-1"})
    client.post(f"/t/{table.id}/undo")
    english = client.get(f"/t/{table.id}/history").get_data(as_text=True)
    assert "Undone: points of Ann minus one" in english
    assert "<s>points of Ann minus one</s>" in english
    assert "points of Ann plus one" in english
    assert english.count("by Ben for Ann") == 2  # who did each change, for whom
    assert english.count("· Ben<") == 1  # the undo
    japanese = client.get(f"/t/{table.id}/history?lang=ja").get_data(as_text=True)
    # The test game's own sentences have no translation; the platform's words do.
    assert "取り消し：points of Ann minus one" in japanese
    assert "<h1>履歴</h1>" in japanese


def test_history_of_a_real_game_in_japanese(client, make_table):
    pytest.importorskip("games.lion_square.fold")
    table = make_table("lion-square", players=3)
    client.post(f"/t/{table.id}/seat", data={"seat": "2"})  # a herd is its seat's to change
    client.post(f"/t/{table.id}/adjust", data={"seat": "2", "counter": "herd", "delta": "-3"})
    client.post(f"/t/{table.id}/seat", data={"seat": ""})  # watching: no seat
    spectator = client.get(f"/t/{table.id}/history?lang=ja").get_data(as_text=True)
    lines = spectator.split('class="stack history"')[1].split("</ol>")[0]
    # The amount is a secret: the list's words are searched, not its markup (a line's
    # undo link holds the random table id, its <time> the date: 2026-11-30 holds "-3").
    words = re.sub(r"<[^>]*>", " ", lines)
    assert "Choの群れが修正されました" in words and "-3" not in words
    client.post(f"/t/{table.id}/seat", data={"seat": "2"})  # "I am Cho": Cho's own herd
    japanese = client.get(f"/t/{table.id}/history?lang=ja").get_data(as_text=True)
    assert "Choの群れが-3変わりました" in japanese
    english = client.get(f"/t/{table.id}/history?lang=en").get_data(as_text=True)
    assert "Cho's herd changed by -3" in english.replace("&#39;", "'")


# -- export / import --------------------------------------------------------------------


def test_export_import_round_trip(client, app, table):
    client.post(f"/t/{table.id}/adjust", data={"seat": "0", "counter": "points", "delta": "3"})
    client.post(f"/t/{table.id}/adjust", data={"seat": "1", "counter": "points", "delta": "2"})
    client.post(f"/t/{table.id}/undo")
    exported = client.get(f"/t/{table.id}/export")
    assert exported.status_code == 200
    assert "attachment" in exported.headers["Content-Disposition"]
    document = exported.get_json()
    response = client.post(
        "/import",
        data={"file": (io.BytesIO(exported.data), "table.json")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 303
    new_id = response.headers["Location"].rsplit("/", 1)[-1]
    assert new_id != table.id
    with app.app_context():
        original, copy = tables.get(table.id), tables.get(new_id)
        assert copy.state == original.state
        assert copy.version == original.version == 3
        assert tables.export(new_id)["events"] == document["events"]


def export_of(client, table):
    client.post(f"/t/{table.id}/adjust", data={"seat": "0", "counter": "points", "delta": "3"})
    return client.get(f"/t/{table.id}/export").get_json()


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda d: d.update(format="other"), "this is not a Campfire table export"),
        (lambda d: d.update(format_version=9), "unsupported export format_version; expected 1"),
        (lambda d: d.update(game="chess"), "unknown game &#39;chess&#39;"),
        (lambda d: d.update(players=[]), "this game needs 1 to 8 players, not 0"),
        (lambda d: d.update(created_at="yesterday"), "created_at must be an ISO 8601 date"),
        (lambda d: d.update(events={}), "events must be a list"),
        (lambda d: d["events"][0].update(seq=7), "event 1: seq must be 1"),
        (lambda d: d["events"][0]["event"].update(delta=500), "event 1: points would be 510"),
        (
            lambda d: d["events"][0].update(seat=4),
            "event 1: seat must be a whole number from 0 to 1, not 4",
        ),
        (
            lambda d: d["events"].append(
                {"seq": 2, "seat": None, "created_at": "2024-01-01T00:00:00", "undoes": 9}
            ),
            "event 2: an undo must cancel an earlier change not yet undone",
        ),
    ],
)
def test_import_refuses_bad_files(client, app, table, mutate, message):
    document = export_of(client, table)
    mutate(document)
    data = json.dumps(document).encode()
    response = client.post(
        "/import", data={"file": (io.BytesIO(data), "t.json")}, content_type="multipart/form-data"
    )
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)
    with app.app_context():
        from companion import db
        from companion.models import TableRow

        with db.reading() as session:
            assert session.query(TableRow).count() == 1


@pytest.mark.parametrize(
    ("payload", "message"),
    [
        (b"{oops", "The file is not valid JSON (line 1, column 2)."),
        (b"\xff\xfe", "The file is not UTF-8 text"),
        (None, "Choose an exported table file (.json)."),
    ],
)
def test_import_unreadable_files(client, payload, message):
    data = {} if payload is None else {"file": (io.BytesIO(payload), "t.json")}
    response = client.post("/import", data=data, content_type="multipart/form-data")
    assert response.status_code == 422
    assert message in response.get_data(as_text=True)


def test_import_error_in_japanese(client, table):
    document = export_of(client, table)
    document["events"][0]["event"]["delta"] = 500
    response = client.post(
        "/import?lang=ja",
        data={"file": (io.BytesIO(json.dumps(document).encode()), "t.json")},
        content_type="multipart/form-data",
    )
    assert "イベント1：pointsが510になってしまいます" in text(response)


def test_upload_too_big_is_413(client, app):
    """An import takes the export of any table at the event limit, and no more."""
    with app.test_request_context():
        cap = tables.import_bytes()
    big = io.BytesIO(b" " * (cap + 10))
    response = client.post(
        "/import", data={"file": (big, "t.json")}, content_type="multipart/form-data"
    )
    assert response.status_code == 413
    assert "too big" in response.get_data(as_text=True)
    assert f"{cap // 1024} KB" in response.get_data(as_text=True)


# -- security ---------------------------------------------------------------------------


def test_security_headers(client, table):
    response = client.get(f"/t/{table.id}")
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "style-src 'self'" in csp
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"


def test_no_inline_script_or_style_in_pages(client, table):
    for path in (
        "/",
        f"/new?game={FAKE}",
        f"/t/{table.id}",
        f"/t/{table.id}/join",
        f"/t/{table.id}/history",
        "/import",
        "/join",
        "/nowhere",
    ):
        html = client.get(path).get_data(as_text=True)
        assert re.search(r"<script(?![^>]*\bsrc=)", html) is None, path
        assert "<style" not in html and " style=" not in html, path
        assert re.search(r"\son[a-z]+=", html) is None, path  # no inline handlers


def test_user_strings_are_escaped(client, app):
    response = client.post("/new", data=create_form(name0="<script>alert(1)</script>"))
    table_id = re.search(r"/t/([^/]+)/join", response.headers["Location"]).group(1)
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html


@pytest.fixture
def csrf_client(tmp_path):
    app = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True))
    return app, app.test_client()


def test_csrf_required_on_every_form(csrf_client):
    app, client = csrf_client
    with app.app_context():
        table = tables.create(FAKE, [{"name": "A", "color": "red"}, {"name": "B", "color": "blue"}])
    posts = {
        "/new": create_form(),
        "/join": {"code": table.join_code},
        "/import": {},
        f"/t/{table.id}/adjust": {"seat": "0", "counter": "points", "delta": "1"},
        f"/t/{table.id}/undo": {},
        f"/t/{table.id}/seat": {"seat": "0"},
    }
    for path, data in posts.items():
        response = client.post(path, data=data)
        assert response.status_code == 400, path
        assert "This form has expired" in response.get_data(as_text=True)
    with app.app_context():
        assert tables.get(table.id).version == 0


def test_csrf_token_from_meta_works_for_htmx(csrf_client):
    app, client = csrf_client
    with app.app_context():
        table = tables.create(FAKE, [{"name": "A", "color": "red"}, {"name": "B", "color": "blue"}])
    page = client.get(f"/t/{table.id}").get_data(as_text=True)
    token = re.search(r'<meta name="csrf-token" content="([^"]+)"', page).group(1)
    response = client.post(
        f"/t/{table.id}/adjust",
        headers={"HX-Request": "true", "X-CSRFToken": token},
        data={"seat": "0", "counter": "points", "delta": "1"},
    )
    assert response.status_code == 200
    missing = client.post(
        f"/t/{table.id}/adjust",
        headers={"HX-Request": "true"},
        data={"seat": "0", "counter": "points", "delta": "1"},
    )
    assert missing.status_code == 400
    assert missing.headers["HX-Retarget"] == "#flash"  # shown as an alert, panel kept


@pytest.mark.parametrize(
    ("path", "data", "limit_key"),
    [
        ("/join", {"code": "777777"}, "JOIN_RATE_LIMIT"),
        (
            "/new",
            {"game": FAKE, "name0": "A", "color0": "red", "name1": "B", "color1": "blue"},
            "CREATE_RATE_LIMIT",
        ),
    ],
)
def test_rate_limits(tmp_path, path, data, limit_key):
    app = create_app(app_config(tmp_path, **{limit_key: "3 per minute"}))
    client = app.test_client()
    statuses = [client.post(path, data=data).status_code for _ in range(4)]
    assert statuses[:3] != [429] * 3 and statuses[3] == 429
    refused = client.post(path, data=data, headers={"Accept-Language": "ja"})
    assert "試行回数が多すぎます" in text(refused)


def test_api_create_is_rate_limited(tmp_path):
    app = create_app(app_config(tmp_path, CREATE_RATE_LIMIT="2 per minute"))
    client = app.test_client()
    body = {
        "game": FAKE,
        "players": [{"name": "A", "color": "red"}, {"name": "B", "color": "blue"}],
    }
    statuses = [client.post("/api/v1/tables", json=body).status_code for _ in range(3)]
    assert statuses == [201, 201, 429]
    assert "error" in client.post("/api/v1/tables", json=body).get_json()


def test_method_not_allowed_is_a_page(client):
    response = client.put("/")
    assert response.status_code == 405
    assert b"does not accept" in response.data
