"""Safety over every game and every screen, not one sample page.

* CSRF: every state-changing form route (every POST rule outside the JSON API, read from
  ``app.url_map``) refuses a post without a token, and a token of another phone's session,
  for each game's table, and changes nothing.
* Headers on every HTML answer (pages, fragments, error pages): a CSP with no
  'unsafe-inline'/'unsafe-eval' and ``frame-ancestors 'none'``, nosniff, Referrer-Policy.
* Rendered markup of every screen of every game, parsed: no inline ``<script>``, no
  ``<style>`` element or ``style=`` attribute, no ``on…=`` handler, no ``javascript:`` URL.
* Players named ``<script>…``, ``{{7*7}}`` and an attribute breaker are shown as text
  everywhere (panels, history, board SVG, charts, print page), never as markup.
* ``campfire serve`` never runs in debug mode.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from companion_testkit import HTMX, app_config, send

from companion import create_app, tables

HOSTILE = ["<script>alert(1)</script>", "{{7*7}}", "\"'><img src=x onerror=alert(1)>"]
PLAYERS = [
    {"name": name, "color": colour}
    for name, colour in zip(HOSTILE, ("red", "blue", "green"), strict=True)
]
GAMES = {"bison": 3, "lion-square": 3, "hunting-age": 3, "dogs-life": 3}
SETTINGS = {"hunting-age": {"edition": "campfire"}, "bison": {"whatif": True}}
#: A few accepted events per game, so that history, charts and boards have content.
EVENTS: dict[str, list[dict[str, Any]]] = {
    "lion-square": [
        {"type": "set_cell", "row": 0, "column": 0, "card": 3},
        {"type": "set_taken", "seat": 1, "count": 1},
        {"type": "score_round"},
    ],
    "dogs-life": [
        {"type": "start_turn", "seat": 0},
        {"type": "eat", "seat": 0, "days": 1},
        {"type": "adjust", "seat": 1, "counter": "bones", "delta": 1},
    ],
    "hunting-age": [{"type": "adjust", "seat": 0, "counter": "bear", "delta": 1}],
    "bison": [{"type": "adjust", "seat": 0, "counter": "bison", "delta": -1}],
}


@pytest.fixture
def hostile_tables(app: Any) -> dict[str, str]:
    ids = {}
    for game, count in GAMES.items():
        with app.app_context():
            table_id = tables.create(game, PLAYERS[:count], SETTINGS.get(game)).id
        assert send(app, table_id, *EVENTS[game]).version == len(EVENTS[game])
        ids[game] = table_id
    return ids


def screens(game: str, table_id: str) -> list[str]:
    base = f"/t/{table_id}"
    paths = [
        base,
        f"{base}/history",
        f"{base}/join",
        f"{base}/print",
        f"{base}/s/1",
        f"{base}/s/99",
        f"{base}?v=0",
    ]
    if game == "bison":
        paths += [
            f"{base}/bison/{page}"
            for page in (
                "place?at=0,1",
                "place?at=1,0&tile=B07",
                "space?at=0,0&space=prairie",
                "action",
                "market",
                "score",
                "whatif?tile=B07",
            )
        ]
    return paths


class Markup(HTMLParser):
    """Everything in a page that could run script or carry inline style."""

    def __init__(self) -> None:
        super().__init__()
        self.problems: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        names = dict(attrs)
        if tag == "script" and not names.get("src"):
            self.problems.append("inline <script>")
        if tag == "style":
            self.problems.append("<style> element")
        if tag == "img" and names.get("src") == "x":
            self.problems.append("injected <img>")
        for name, value in attrs:
            if name == "style":
                self.problems.append(f"style= on <{tag}>")
            if name.startswith("on"):
                self.problems.append(f"{name}= on <{tag}>")
            if value and value.strip().lower().startswith("javascript:"):
                self.problems.append(f"javascript: URL in {name}")

    def handle_data(self, data: str) -> None:
        self.text.append(data)


def test_the_markup_check_catches_each_kind() -> None:
    parser = Markup()
    parser.feed(
        '<script>x()</script><script src="/s.js"></script><style></style>'
        '<p style="color:red" onclick="x()"><a href=" JavaScript:x()">'
        "<img src=x onerror=alert(1)>"
    )
    assert parser.problems == [
        "inline <script>",
        "<style> element",
        "style= on <p>",
        "onclick= on <p>",
        "javascript: URL in href",
        "injected <img>",
        "onerror= on <img>",
    ]


def check_html(response: Any, path: str) -> str:
    """The page's text, after checking its headers and markup."""
    headers = response.headers
    csp = headers.get("Content-Security-Policy", "")
    assert "script-src 'self'" in csp and "style-src 'self'" in csp, path
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp, path
    assert "frame-ancestors 'none'" in csp, path
    assert headers.get("X-Content-Type-Options") == "nosniff", path
    assert headers.get("Referrer-Policy") == "same-origin", path
    parser = Markup()
    parser.feed(response.get_data(as_text=True))
    assert parser.problems == [], (path, parser.problems)
    return "".join(parser.text)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_screen_is_inert_with_hostile_names(
    client: Any, hostile_tables: dict[str, str], game: str
) -> None:
    table_id = hostile_tables[game]
    shown = 0
    for path in screens(game, table_id):
        for headers in ({}, HTMX, {"Accept-Language": "ja"}):
            response = client.get(path, headers=headers)
            assert response.status_code < 500, path
            if response.mimetype != "text/html" or not response.data:
                continue
            text = check_html(response, path)
            # A name is shown as the very characters typed: nothing evaluated it.
            shown += sum(name in text for name in HOSTILE[: GAMES[game]])
            # {{7*7}} evaluated would read 49; a clock's or a date's parts ("1:49 AM",
            # "30/11/26": the history's times, format_datetime) are not names.
            numbers = re.findall(r"(?<![\d:/])\d+(?![\d:/])", text)
            assert "49" not in numbers or "{{7*7}}" in text, path
    assert shown > 0
    export = client.get(f"/t/{table_id}/export")
    if game in ("dogs-life", "lion-square"):  # secrets still hidden: no export yet
        assert export.status_code == 409 and export.mimetype == "text/html"
        return
    assert export.mimetype == "application/json"
    assert "attachment" in export.headers["Content-Disposition"]
    assert "<" not in export.headers["Content-Disposition"]


def test_error_pages_carry_the_headers(client: Any) -> None:
    for path, method in (
        ("/nowhere", "GET"),
        ("/", "PUT"),
        ("/t/nope", "GET"),
        ("/t/nope/history", "GET"),
    ):
        response = client.open(path, method=method)
        assert response.status_code in (404, 405)
        check_html(response, path)


def test_the_print_kit_download_carries_no_player_string(
    client: Any, hostile_tables: dict[str, str]
) -> None:
    # The form sends the phone to the kit's job page (drawn in the request in tests).
    job = client.get(
        f"/t/{hostile_tables['lion-square']}/print?download=1&paper=a4&language=en&duplex=long",
        follow_redirects=True,
    )
    check_html(job, "print job")
    link = html.unescape(re.search(r'href="([^"]*/kit\.pdf[^"]*)"', job.get_data(as_text=True))[1])
    response = client.get(link)
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    disposition = response.headers["Content-Disposition"]
    assert disposition == 'attachment; filename="lion-square-en-a4.pdf"'
    assert b"<script>" not in response.data


# ---------------------------------------------------------------------------------------
# CSRF on every state-changing route


@pytest.fixture
def csrf_app(tmp_path: Any) -> Any:
    tables.clear_cache()
    app = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True))
    yield app
    app.extensions["campfire.db"].dispose()


def form_posts(app: Any) -> list[Any]:
    return [
        rule
        for rule in app.url_map.iter_rules()
        if "POST" in rule.methods and not rule.endpoint.startswith("api.")
    ]


def test_every_form_route_is_checked(csrf_app: Any) -> None:
    """The sweep below reaches every POST route outside the JSON API (no exemptions)."""
    rules = form_posts(csrf_app)
    assert {r.endpoint for r in rules} >= {
        "web.create",
        "web.join",
        "web.import_table",
        "web.adjust",
        "web.undo",
        "web.choose_seat",
        "dogs_life.act",
        "lion_square.cell",
        "hunting_age.develop",
        "bison.zoom",
    }
    exempt = csrf_app.extensions["csrf"]._exempt_views | set()
    assert not {r.endpoint for r in rules} & {e.rpartition(".")[2] for e in exempt}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_form_post_needs_this_sessions_token(csrf_app: Any, game: str) -> None:
    with csrf_app.app_context():
        table = tables.create(game, PLAYERS[: GAMES[game]], SETTINGS.get(game))
    ours, theirs = csrf_app.test_client(), csrf_app.test_client()
    page = theirs.get(f"/t/{table.id}").get_data(as_text=True)
    stolen = re.search(r'<meta name="csrf-token" content="([^"]+)"', page).group(1)
    ours.get(f"/t/{table.id}")  # our session exists, with a token of its own
    for rule in form_posts(csrf_app):
        url = re.sub(r"<table_id>", table.id, rule.rule).replace("<action>", "eat")
        data = {
            "seat": "0",
            "counter": "herd",
            "delta": "1",
            "days": "1",
            "z": "2",
            "code": table.join_code,
            "game": game,
            "name0": "A",
            "color0": "red",
        }
        attempts = [
            ({}, data),
            (HTMX, data),
            ({**HTMX, "X-CSRFToken": stolen}, data),
            ({}, {**data, "csrf_token": stolen}),
        ]
        for headers, form in attempts:
            response = ours.post(url, data=form, headers=headers)
            assert response.status_code == 400, (url, headers)
            assert "This form has expired" in response.get_data(as_text=True), url
    with csrf_app.app_context():
        assert tables.get(table.id).version == 0


def test_session_cookie_flags(csrf_app: Any) -> None:
    client = csrf_app.test_client()
    response = client.get("/")
    cookie = response.headers.get("Set-Cookie", "")
    assert "SameSite=Lax" in cookie and "HttpOnly" in cookie


# ---------------------------------------------------------------------------------------
# rate limits, body size, debug


@pytest.mark.parametrize(
    ("path", "kwargs", "key"),
    [
        ("/import", {"data": {}}, "CREATE_RATE_LIMIT"),
        (
            "/api/v1/tables",
            {"json": {"game": "lion-square", "players": PLAYERS}},
            "CREATE_RATE_LIMIT",
        ),
        ("/join", {"data": {"code": "777777"}}, "JOIN_RATE_LIMIT"),
    ],
)
def test_creation_and_join_lookups_are_rate_limited(
    tmp_path: Any, path: str, kwargs: dict[str, Any], key: str
) -> None:
    app = create_app(app_config(tmp_path, **{key: "2 per minute"}))
    client = app.test_client()
    statuses = [client.post(path, **kwargs).status_code for _ in range(3)]
    assert 429 not in statuses[:2] and statuses[2] == 429
    app.extensions["campfire.db"].dispose()


def test_bodies_are_capped(client: Any, hostile_tables: dict[str, str]) -> None:
    assert client.application.config["MAX_CONTENT_LENGTH"] == 1024 * 1024
    big = "x" * (1024 * 1024 + 1)
    for path in ("/new", f"/t/{hostile_tables['dogs-life']}/dogs-life/eat"):
        response = client.post(path, data={"name0": big})
        assert response.status_code == 413, path
    response = client.post(
        f"/api/v1/tables/{hostile_tables['bison']}/events",
        data=f'{{"type": "{big}"}}',
        content_type="application/json",
    )
    assert response.status_code == 413
    assert "limited to 1024 KB" in response.get_json()["error"]


def test_serve_never_runs_in_debug(monkeypatch: pytest.MonkeyPatch, tmp_path: Any) -> None:
    from campfire.commands import serve

    monkeypatch.setenv("FLASK_DEBUG", "1")
    monkeypatch.chdir(tmp_path)
    started: list[Any] = []

    class Server:
        def __init__(self, server: Any) -> None:
            started.append(server.load())  # what each worker serves

        def run(self) -> None:
            pass

    real = serve.build_server
    monkeypatch.setattr(
        serve, "build_server", lambda make_app, options: Server(real(make_app, options))
    )
    monkeypatch.setattr(
        "companion.create_app", lambda: create_app(app_config(tmp_path, DEBUG=True))
    )
    from campfire.cli import build_parser

    args = build_parser().parse_args(["serve", "--host", "127.0.0.1", "--port", "8123"])
    assert serve.run(args) == 0
    assert started and started[0].debug is False
