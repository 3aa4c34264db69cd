"""Never a 500: every route of the companion, every method, bad input of every kind.

The routes are read from ``app.url_map`` (a new route is fuzzed without editing this
file; a new URL argument fails ``test_every_route_argument_has_fuzz_values`` until it has
values here). Each route is called for a table of each of the four games and for table ids
that do not exist, with forms whose fields (every field name the views read, harvested
from companion/ by ``test_every_form_field_is_fuzzed``) carry hostile values, and the JSON
API gets bad JSON, wrong types, wrong content types and oversized bodies; hypothesis adds
random forms and random JSON events (bounded: the module runs in well under a minute).

Every answer must be below 500; a 4xx answer must say what is wrong (a JSON ``error`` on
the API, a non-empty ``role="alert"`` on a page); and a refused request must leave the
table exactly as it was (same version, same state).
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote_plus

import pytest
from companion_testkit import HTMX, app_config, over_fixtures
from flask import Flask
from hypothesis import given
from hypothesis import strategies as st

from campfire.commands.serve import REQUEST_LINE_LIMIT
from companion import create_app, tables
from companion.tables import transfer

GAMES = {"bison": 3, "lion-square": 3, "hunting-age": 3, "dogs-life": 3}
SETTINGS: dict[str, dict[str, Any]] = {
    "hunting-age": {"edition": "campfire"},
    "bison": {"whatif": True},
}
PLAYERS = [
    {"name": "Ann", "color": "red"},
    {"name": "Ben", "color": "blue"},
    {"name": "Cho", "color": "green"},
]

#: Table ids that name no table: unknown, too long, odd characters, path tricks.
BAD_TABLE_IDS = ["nope", "x" * 300, "ta ble", "%00", "..%2F..", "表", "%F0%9F%94%A5", "%ED%A0%80"]
#: Values for the other URL arguments (any rule argument missing here fails a test).
URL_VALUES: dict[str, list[str]] = {
    "number": ["1", "0", "99", "-1", "x", "²", "1" * 400],
    "action": ["eat", "start-turn", "nope", "%00"],
    "seat": ["0", "1", "7", "99999999999999999999"],
    "filename": ["app.js", "nope.css", "../companion/config.py", "%2e%2e/secret_key"],
    "key": ["0" * 64, "x", "%2e%2e%2fsecret_key", "%00"],  # a print job's key
}

#: Every form/query field a view reads (plus the repeated and prefixed ones).
FIELDS = [
    "seat",
    "before",
    "after",
    "limit",
    "to",
    "back",
    "region",
    "delta",
    "counter",
    "cell",
    "card",
    "line",
    "count",
    "code",
    "game",
    "player",
    "name0",
    "color0",
    "name1",
    "color1",
    "setting.dogs",
    "setting.bones_to_win",
    "setting.timed_minutes",
    "setting.edition",
    "setting.whatif",
    "at",
    "tile",
    "edges",
    "rotation",
    "hunters",
    "first",  # the photo page's signed first reading (issue 32)
    "space",
    "gain",
    "pay.bison",
    "pay.salmon",
    "pay.turkey",
    "override",
    "mode",
    "action",
    "build_at",
    "size",
    "replaces",
    "structure",
    "item",
    "give",
    "get",
    "times",
    "x.0.0.0",
    "x.9.99.0",
    "z",
    "deg",
    "leg",
    "several",
    "kind",
    "face",
    "any.bear",
    "any_kind",
    "any_count",
    "choice.grape",
    "cost.bear",
    "cost.any_food",
    "uncovered_vp",
    "chip",
    "end_game",
    "vp",
    "return.bear",
    "return.mammoth",
    "start_player",
    "days",
    "steps",
    "covers",
    "address",
    "against",
    "reason",
    "score",  # the photo proposal's "Confirm and score the round" (issue 32)
    "section",
    "v",
    "paper",
    "language",
    "duplex",
    "ink_saver",
    "preview",
    "lang",
    "view_side",
    "find",
    "from",
    "force",
    "seq",
    "version",
    "for_seat",
    "location",
    "time_zone",
]
#: Hostile values: empty, signs, huge, non-ASCII digits, markup, NUL, very long, JSON.
BAD_VALUES = [
    "",
    " ",
    "-1",
    "-0",
    "0",
    "+1",
    "1.5",
    "1e9",
    "99999999999999999999",
    "9223372036854775808",  # 2**63: past SQLite's and PostgreSQL's integers (issue 33)
    "-9223372036854775809",
    "9" * 5000,
    "[" * 2000,  # a form's JSON (the photo proposal) nested past every bound
    "²",
    "٣",
    "１",
    "x",
    "NaN",
    "null",
    "[1, 2]",
    '{"a": 1}',
    "true",
    "on",
    "<script>alert(1)</script>",
    "{{7*7}}",
    "\x00",
    "a\x00b",
    "\u202e",
    "🔥" * 50,
    "é" * 3000,
    "9" * 400,
    "9" * 400 + ",0",
    "0,0",
    "-9,-9",
    "0,0,prairie",
    "99,99,river",
    "x.y",
    "G",
    "g",
]
METHODS = ("GET", "POST", "PUT", "DELETE", "PATCH")


# ---------------------------------------------------------------------------------------
# the app and its tables


@pytest.fixture(scope="module")
def fuzz_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Flask]:
    tables.clear_cache()
    app = create_app(
        app_config(
            tmp_path_factory.mktemp("fuzz"),
            CREATE_RATE_LIMIT="100000 per minute",
            JOIN_RATE_LIMIT="100000 per minute",
            PRINT_RATE_LIMIT="100000 per minute",
        )
    )
    yield app
    app.extensions["campfire.db"].dispose()


@pytest.fixture(scope="module")
def game_tables(fuzz_app: Flask) -> dict[str, str]:
    ids = {}
    with fuzz_app.app_context():
        for game, count in GAMES.items():
            ids[game] = tables.create(game, PLAYERS[:count], SETTINGS.get(game)).id
    return ids


def snapshot(app: Flask, table_id: str) -> tuple[int, str] | None:
    with app.app_context():
        try:
            view = tables.get(table_id)
        except tables.TableNotFound:
            return None
        return view.version, json.dumps(view.state_json(), sort_keys=True)


def problems(response: Any, before: Any, after: Any, what: str) -> list[str]:
    """What is wrong with this answer (empty: nothing)."""
    status = response.status_code
    if status >= 500:
        return [f"{what}: {status}"]
    found = []
    if status >= 400:
        if before != after:
            found.append(f"{what}: refused ({status}) but the table changed")
        body = response.get_data(as_text=True)
        if response.is_json:
            message = (response.get_json(silent=True) or {}).get("error")
            if not isinstance(message, str) or not message.strip():
                found.append(f"{what}: {status} JSON without an error message")
        else:
            alert = re.search(r'role="alert"[^>]*>(.*?)</', body, re.S)
            if alert is None or not re.sub(r"<[^>]+>|\s", "", alert.group(1)):
                found.append(f"{what}: {status} page without a message: {body[:200]!r}")
    return found


class Sweep:
    """Each table's snapshot after a sweep's last call: with one client and no other
    writer it is the next call's "before", so each call reads the table once, not twice. A
    table changed behind the sweep's back would show as a change at its next refused call,
    never hide one."""

    def __init__(self, app: Flask) -> None:
        self.app = app
        self.kept: dict[str, tuple[int, str] | None] = {}

    def before(self, table_id: str) -> tuple[int, str] | None:
        if table_id not in self.kept:
            self.kept[table_id] = snapshot(self.app, table_id)
        return self.kept[table_id]

    def after(self, table_id: str) -> tuple[int, str] | None:
        self.kept[table_id] = snapshot(self.app, table_id)
        return self.kept[table_id]


def call(
    app: Flask,
    client: Any,
    method: str,
    url: str,
    table_id: str | None,
    sweep: Sweep | None = None,
    **kwargs: Any,
) -> list[str]:
    """One request and what is wrong with its answer (``sweep``: the snapshots of a sweep
    of many calls)."""
    sweep = sweep or Sweep(app)
    before = sweep.before(table_id) if table_id else None
    response = client.open(url, method=method, **kwargs)
    after = sweep.after(table_id) if table_id else None
    sent = kwargs.get("data") or kwargs.get("json") or kwargs.get("query_string")
    label = f"{method} {url[:80]} {str(sent)[:100]}"
    return problems(response, before, after, label)


def within_request_line(url: str, form: dict[str, str], turn: int) -> dict[str, str]:
    """The fields of a GET's hostile ``form`` that fit its request line: gunicorn answers a
    longer line 414 before the app sees it (``REQUEST_LINE_LIMIT``), so a query string of
    every field at 18 kB each never reaches a view in production (the test client took
    ~200 s of CPU percent-decoding them). The fields are taken from ``turn`` on, so
    successive values start at other fields; a value too long for any line is not sent.
    The line's length is counted field by field, each value quoted once (``urlencode``
    quotes each pair alike: re-encoding the whole query for every field took ~40 % of
    the sweep's CPU)."""
    names = list(form)
    start = turn % len(names) if names else 0
    kept: dict[str, str] = {}
    room = REQUEST_LINE_LIMIT - len(f"GET {url}? HTTP/1.1".encode())
    quoted: dict[str, int] = {}  # a value's length once quoted (the fields share values)
    used = 0
    for name in names[start:] + names[:start]:
        value = form[name]
        if value not in quoted:
            quoted[value] = len(quote_plus(value))
        pair = len(quote_plus(name)) + 1 + quoted[value] + (1 if kept else 0)  # &name=value
        if used + pair <= room:
            kept[name] = value
            used += pair
    return kept


def rule_urls(app: Flask, game_tables: dict[str, str]) -> Iterator[tuple[Any, str, str]]:
    """(rule, url, table id) for every rule, with every game's table and bad ids."""
    for rule in app.url_map.iter_rules():
        choices: list[dict[str, str]] = [{}]
        for argument in sorted(rule.arguments):
            values = (
                list(game_tables.values()) + BAD_TABLE_IDS
                if argument == "table_id"
                else URL_VALUES[argument]
            )
            choices = [{**c, argument: v} for c in choices for v in values]
        for values in choices:
            url = rule.rule
            for name, value in values.items():
                url = re.sub(rf"<(?:[^:<>]+:)?{name}>", value, url)
            yield rule, url, values.get("table_id", "")


# ---------------------------------------------------------------------------------------
# the sweep


def test_every_route_argument_has_fuzz_values(fuzz_app: Flask) -> None:
    for rule in fuzz_app.url_map.iter_rules():
        missing = rule.arguments - {"table_id"} - set(URL_VALUES)
        assert not missing, f"{rule.rule}: add fuzz values for {missing}"


def test_every_form_field_is_fuzzed() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in Path("companion").rglob("*.py"))
    read = set(re.findall(r'request\.(?:form|values|args)\.get(?:list)?\(\s*"([^"]+)"', source))
    read |= set(re.findall(r'(?:_int_field|form_int|_count|_int)\(\s*"([^"]+)"', source))
    assert read, "the harvest found nothing: the pattern is stale"
    # not fields: the entry names Lion Square's ``_count("taken", …)`` builds events of
    assert read - set(FIELDS) <= {"eat", "move", "bury", "taken", "gazelles"}


def test_every_route_every_method_every_table_with_hostile_forms(
    fuzz_app: Flask, game_tables: dict[str, str]
) -> None:
    client = fuzz_app.test_client()
    found: list[str] = []
    sweep = Sweep(fuzz_app)
    panels = {game.replace("-", "_"): table_id for game, table_id in game_tables.items()}
    for rule, url, table_id in rule_urls(fuzz_app, game_tables):
        blueprint = rule.endpoint.partition(".")[0]
        # A game's own routes get the hostile forms at its own table; at another game's
        # table (and at an unknown id or with a method the route lacks) one empty call
        # must answer 404/405 with a message.
        known = table_id in game_tables.values() and panels.get(blueprint, table_id) == table_id
        for method in METHODS:
            if not known or method not in rule.methods:
                found += call(fuzz_app, client, method, url, table_id or None, sweep)
                continue
            # A game's own routes get every value; the shared routes (which no game
            # owns) deal the values out over the four games' tables, so each value
            # reaches each route once and each game's screens see a quarter of them.
            shares = len(game_tables) if blueprint not in panels else 1
            turn = list(game_tables.values()).index(table_id) if shares > 1 else 0
            forms = [
                {},
                *({field: value for field in FIELDS} for value in BAD_VALUES[turn::shares]),
            ]
            for index, form in enumerate(forms):
                headers = HTMX if index % 2 else {}
                if method == "GET":
                    query = within_request_line(url, form, index * 7)
                    if form and not query:
                        continue
                    found += call(
                        fuzz_app,
                        client,
                        method,
                        url,
                        table_id,
                        sweep,
                        query_string=query,
                        headers=headers,
                    )
                else:
                    found += call(
                        fuzz_app, client, method, url, table_id, sweep, data=form, headers=headers
                    )
    assert not found, "\n".join(found[:40])
    for table_id in game_tables.values():  # whatever was accepted, every screen renders
        for path in ("", "/history", "/export", "/join", "/print"):
            # the export waits for the end of a game that still hides something (409)
            assert client.get(f"/t/{table_id}{path}").status_code in (200, 409), path
        assert client.get(f"/api/v1/tables/{table_id}").status_code == 200


# ---------------------------------------------------------------------------------------
# the JSON API: bodies of every wrong kind


BAD_BODIES: list[tuple[str, str | bytes]] = [
    ("application/json", ""),
    ("application/json", "{"),
    ("application/json", "null"),
    ("application/json", "[]"),
    ("application/json", '"adjust"'),
    ("application/json", "12"),
    ("application/json", '{"type": NaN}'),
    ("application/json", '{"type": "adjust", "seat": NaN, "counter": "herd", "delta": 1}'),
    ("application/json", '{"type": "adjust", "seat": 0, "counter": "x", "delta": Infinity}'),
    ("application/json", "[" * 100_000 + "]" * 100_000),
    ("application/json", '{"a":' * 5000 + "1" + "}" * 5000),
    ("application/json", b"\xff\xfe{}"),
    ("application/json", '{"type": "adjust", "seat": 0, "delta": 1' + "9" * 5000 + "}"),
    ("application/json", '{"type": "\\ud800"}'),
    ("application/json", '{"type": "adjust\\u0000"}'),
    ("text/plain", '{"type": "adjust"}'),
    ("application/x-www-form-urlencoded", "type=adjust&seat=0"),
    ("multipart/form-data; boundary=x", "--x--"),
    ("application/json", '{"x": "' + "a" * (1024 * 1024 + 10) + '"}'),
]


def api_urls(table_id: str) -> list[str]:
    return [
        "/api/v1/tables",
        f"/api/v1/tables/{table_id}/events",
        f"/api/v1/tables/{table_id}/undo",
    ]


def test_api_bad_bodies(fuzz_app: Flask, game_tables: dict[str, str]) -> None:
    client = fuzz_app.test_client()
    found: list[str] = []
    sweep = Sweep(fuzz_app)
    for table_id in [*game_tables.values(), "nope"]:
        for url in api_urls(table_id):
            for content_type, body in BAD_BODIES:
                found += call(
                    fuzz_app,
                    client,
                    "POST",
                    url,
                    table_id,
                    sweep,
                    data=body,
                    content_type=content_type,
                )
    assert not found, "\n".join(found)


def _event_fields() -> st.SearchStrategy[Any]:
    scalars = (
        st.none()
        | st.booleans()
        | st.integers()
        | st.floats()
        | st.text(max_size=30)
        | st.sampled_from(["herd", "bison", "hunger", "vp"])
    )
    return st.recursive(
        scalars,
        lambda inner: (
            st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
        ),
        max_leaves=8,
    )


EVENT_TYPES = [
    "adjust",
    "set_cell",
    "set_taken",
    "set_gazelles",
    "set_last",
    "score_round",
    "next_round",
    "start_turn",
    "eat",
    "move",
    "drink",
    "pee",
    "pick_up",
    "drop",
    "bury",
    "to_pound",
    "draw",
    "roll_die",
    "end_game",
    "setup",
    "develop",
    "store",
    "end_turn",
    "tile",
    "pieces",
    "action",
    "buy",
    "exchange",
    "score",
    "undo",
    "",
]
FIELD_NAMES = [
    "seat",
    "counter",
    "delta",
    "row",
    "column",
    "card",
    "count",
    "days",
    "steps",
    "item",
    "address",
    "section",
    "against",
    "reason",
    "kind",
    "face",
    "space",
    "at",
    "tile",
    "rotation",
    "hunters",
    "action",
    "gain",
    "payment",
    "builds",
    "give",
    "get",
    "times",
    "exchanges",
    "return",
    "start_player",
    "expected_version",
    "override",
    "edges",
    "animals",
    "structure",
    "covers",
]


@over_fixtures(120)
@given(
    game=st.sampled_from(sorted(GAMES)),
    event=st.fixed_dictionaries(
        {"type": st.sampled_from(EVENT_TYPES) | _event_fields()},
        optional={name: _event_fields() for name in FIELD_NAMES},
    ),
)
def test_api_random_events(
    fuzz_app: Flask, game_tables: dict[str, str], game: str, event: dict[str, Any]
) -> None:
    client = fuzz_app.test_client()
    table_id = game_tables[game]
    found = call(
        fuzz_app, client, "POST", f"/api/v1/tables/{table_id}/events", table_id, json=event
    )
    assert not found, found


@over_fixtures(60)
@given(
    game=st.sampled_from(sorted(GAMES)),
    players=_event_fields(),
    settings_=_event_fields(),
    name=st.text(max_size=60),
    colour=st.sampled_from(["red", "blue", "pink", ""]),
)
def test_api_random_tables(
    fuzz_app: Flask, game: str, players: Any, settings_: Any, name: str, colour: str
) -> None:
    client = fuzz_app.test_client()
    for body in (
        {"game": game, "players": players, "settings": settings_},
        {"game": game, "players": [{"name": name, "color": colour}] * 3, "settings": settings_},
    ):
        response = client.post("/api/v1/tables", json=body)
        assert problems(response, None, None, str(body)[:200]) == []


@over_fixtures(150)
@given(data=st.data())
def test_random_forms_on_game_routes(
    fuzz_app: Flask, game_tables: dict[str, str], data: st.DataObject
) -> None:
    client = fuzz_app.test_client()
    game = data.draw(st.sampled_from(sorted(GAMES)))
    table_id = game_tables[game]
    rules = [
        r
        for r in fuzz_app.url_map.iter_rules()
        if "table_id" in r.arguments and r.endpoint != "web.print_page"
    ]
    rule = data.draw(st.sampled_from(rules), label="rule")
    url = data.draw(
        st.sampled_from(
            [u for r, u, t in rule_urls(fuzz_app, {game: table_id}) if r is rule and t == table_id]
        ),
        label="url",
    )
    values = st.sampled_from(BAD_VALUES) | st.text(max_size=12) | st.integers().map(str)
    form = data.draw(st.dictionaries(st.sampled_from(FIELDS), values, max_size=8))
    method = "POST" if "POST" in rule.methods else "GET"
    headers = data.draw(st.sampled_from([{}, HTMX]))
    kwargs = {"query_string": form} if method == "GET" else {"data": form}
    found = call(fuzz_app, client, method, url, table_id, headers=headers, **kwargs)
    assert not found, found


def exported(
    game: str = "lion-square",
    players: list[Any] = PLAYERS,
    created_at: str = "2024-01-01T00:00:00",
    events: tuple[dict[str, Any], ...] = (),
) -> dict[str, object]:
    """An export of a Lion Square table without events, or as the arguments say."""
    return transfer.export_document(game, players, {}, created_at, list(events))


def import_file(client: Any, content: bytes) -> Any:
    return client.post(
        "/import",
        data={"file": (io.BytesIO(content), "t.json")},
        content_type="multipart/form-data",
    )


def test_import_hostile_files(fuzz_app: Flask) -> None:
    client = fuzz_app.test_client()
    files = [
        b"",
        b"{",
        b"\xff\xfe",
        b"[" * 50_000,
        b'{"format": "campfire-table"}',
        b'{"format": "campfire-table", "format_version": NaN}',
        json.dumps(exported(game="bison", created_at="x")).encode(),
        json.dumps(
            exported(
                events=(
                    {
                        "seq": 1,
                        "created_at": "2024-01-01T00:00:00",
                        "event": {
                            "type": "adjust",
                            "seat": 0,
                            "counter": "herd",
                            "delta": "\ud800",
                        },
                    },
                    {"seq": 2, "undoes": [1]},
                ),
            )
        ).encode(),
        json.dumps(exported(players=[{"name": "a\x00", "color": "red"}] * 3)).encode(),
    ]
    found = []
    for content in files:
        response = import_file(client, content)
        found += problems(response, None, None, f"import {content[:60]!r}")
    assert not found, "\n".join(found)


# ---------------------------------------------------------------------------------------
# text a page or a database cannot carry, and data nested without end


def test_unstorable_text_is_replaced_and_every_screen_renders(fuzz_app: Flask) -> None:
    """A lone surrogate cannot be encoded as UTF-8 (the page would fail half-sent) and
    PostgreSQL refuses a NUL: both become U+FFFD, as a form's undecodable bytes do."""
    client = fuzz_app.test_client()
    raw = (
        '{"game": "lion-square", "players": [{"name": "A\\ud800", "color": "red"}, '
        '{"name": "B\\u0000", "color": "blue"}, {"name": "C\\udc00\\ud83d", '
        '"color": "green"}]}'
    )
    created = client.post("/api/v1/tables", data=raw, content_type="application/json")
    assert created.status_code == 201
    table_id = created.get_json()["id"]
    event = (
        '{"type": "adjust", "seat": 0, "counter": "herd", "delta": -1, "note\\u0000": "\\ud800"}'
    )
    refused = client.post(
        f"/api/v1/tables/{table_id}/events", data=event, content_type="application/json"
    )  # no such field: named, clean
    assert refused.status_code == 422 and "note\ufffd" in refused.get_json()["error"]
    event = '{"type": "adjust", "seat": 0, "counter": "herd", "delta": -1}'
    seat = client.post(f"/api/v1/tables/{table_id}/seats/0").get_json()["token"]
    assert (
        client.post(
            f"/api/v1/tables/{table_id}/events",
            data=event,
            content_type="application/json",
            headers={"X-Campfire-Seat": seat},  # a herd is changed by its own seat (issue 27)
        ).status_code
        == 200
    )
    body = client.get(f"/api/v1/tables/{table_id}").get_json()
    # A NUL is removed from a name (issue 33, F12); a lone surrogate is replaced.
    assert [p["name"] for p in body["players"]] == ["A\ufffd", "B", "C\ufffd\ufffd"]
    for path in ("", "/history", "/export", "/join", "/print"):
        response = client.get(f"/t/{table_id}{path}")
        if path == "/export":  # a Lion Square herd is still hidden: no export yet
            assert response.status_code == 409
            continue
        assert response.status_code == 200, path
        if path != "/print":  # the print form names no player
            assert "\ufffd" in response.get_data(as_text=True), path


@pytest.mark.parametrize(
    "depth, status, message",
    [
        # deep enough to reach the game, which refuses the field x
        (15, 422, "adjust does not take the field(s) x"),
        (16, 422, "the data nests deeper than 16 levels"),
        (900, 422, "the data nests deeper than 16 levels"),
        (5000, 422, "the data nests deeper than 16 levels"),  # past the parser's reach
        (50_000, 422, "the data nests deeper than 16 levels"),
    ],
)
def test_deep_nesting_is_refused_with_a_message(
    fuzz_app: Flask, game_tables: dict[str, str], depth: int, status: int, message: str
) -> None:
    client = fuzz_app.test_client()
    table_id = game_tables["lion-square"]
    before = snapshot(fuzz_app, table_id)
    body = (
        '{"type": "adjust", "seat": 0, "counter": "nope", "delta": -1, "x": '
        + "[" * depth
        + "]" * depth
        + "}"
    )
    response = client.post(
        f"/api/v1/tables/{table_id}/events", data=body, content_type="application/json"
    )
    assert response.status_code == status
    assert response.get_json()["error"].startswith(message)
    assert snapshot(fuzz_app, table_id) == before


def test_table_ids_and_join_codes_outside_their_alphabet_name_nothing(
    fuzz_app: Flask, game_tables: dict[str, str]
) -> None:
    """Never sent to the database (PostgreSQL refuses a NUL in text): a 404 with a
    message, before any query."""
    client = fuzz_app.test_client()
    for path in ("/t/a%00b", "/t/a%00b/history", "/api/v1/tables/a%00b", "/t/" + "a" * 65):
        response = client.get(path)
        assert response.status_code == 404, path
    with fuzz_app.app_context():
        with pytest.raises(tables.TableNotFound):
            tables.find_by_code("K7\x00Q2Z")
        with pytest.raises(tables.TableNotFound):
            tables.version("x" * 65)


# ---------------------------------------------------------------------------------------
# hostile Host headers


#: Hosts no server has: malformed ones are answered 400 before any view.
MALFORMED_HOSTS = [
    "a..b",
    "x" * 64 + ".example",
    "host:99999",
    "host:-1",
    "[::1",
    "a b",
    "évil.example",
    "evil.example:80:80",
    "x" * 300,
    "host\x00name",
]
#: Well-formed hosts that are not this server's: answered, but never echoed in a link.
STRANGER_HOSTS = ["evil.example", "evil.example:4443", "[2001:db8::1]:8080"]


def host_name(host: str) -> str:
    """The name part of a Host header: ``[2001:db8::1]:8080`` -> ``2001:db8::1`` (not
    "2001", which a random id or a year may well contain)."""
    if host.startswith("["):
        return host[1:].partition("]")[0]
    return host.partition(":")[0]


def test_every_route_with_hostile_host_headers(
    fuzz_app: Flask, game_tables: dict[str, str]
) -> None:
    """Every route, every method, for one table of each game and one unknown id: a
    malformed Host is a 400 with a message and changes nothing; a stranger's host is
    answered (below 500) and appears in no body and no Location.

    The malformed hosts are dealt out over the five ids (two at each URL, the deal turned
    by one from route to route): they are refused before any view (companion/hosts.py),
    so each route and method still meets every one of them, at one of its five URLs, and
    each game's table meets every one over the routes (a game's own ``before_request``
    hooks run first). It sent all ten at every URL: 2.6 times the requests. The
    strangers' hosts reach the views, which write links: every URL gets all three."""
    client = fuzz_app.test_client()
    found: list[str] = []
    ids = [*game_tables.values(), "nope"]
    turns = {id(rule): turn for turn, rule in enumerate(fuzz_app.url_map.iter_rules())}
    sweep = Sweep(fuzz_app)
    for rule, url, table_id in rule_urls(fuzz_app, game_tables):
        if table_id not in ids or url.count("/t/") + url.count("/tables/") > 1:
            continue
        deal = (ids.index(table_id) + turns[id(rule)]) % len(ids)
        malformed = MALFORMED_HOSTS[deal :: len(ids)]
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            for host in malformed + STRANGER_HOSTS:
                before = sweep.before(table_id) if table_id else None
                response = client.open(url, method=method, headers={"Host": host})
                after = sweep.after(table_id) if table_id else None
                what = f"{method} {url[:60]} Host={host[:40]!r}"
                body = response.get_data(as_text=True)
                if response.status_code >= 500:
                    found.append(f"{what}: {response.status_code}")
                elif host in MALFORMED_HOSTS:
                    if response.status_code != 400 or not body.strip():
                        found.append(f"{what}: {response.status_code} {body[:80]!r}")
                    if before != after:
                        found.append(f"{what}: the table changed")
                elif host_name(host) in body + response.headers.get("Location", ""):
                    found.append(f"{what}: the stranger's host is echoed")
    assert not found, "\n".join(found[:40])


# ---------------------------------------------------------------------------------------
# integers past every bound, JSON nested past every bound (issue 33, F6)


#: Whole numbers no field of Campfire can hold, as JSON spells them: past 32 bits, past
#: SQLite's and PostgreSQL's 64 bits, far past both, and past what Python reads (4300
#: digits; its parser refuses those).
HUGE_NUMBERS = [
    str(2**31),
    str(2**63),
    str(-(2**63) - 1),
    str(2**64),
    "1" + "0" * 30,
    "-1" + "0" * 30,
    "9" * 4400,
]
#: Every JSON route and the integer fields its body may carry (a game event: every field
#: the fuzz knows, in an event of every type).
JSON_INTEGER_FIELDS: dict[str, list[str]] = {
    "undo": ["seq", "seat", "by_seat", "expected_version"],
    "events": ["expected_version", *FIELD_NAMES],
    "seats/0": ["force"],
}


def _json_number_body(body: dict[str, Any], field: str, number: str) -> str:
    """``body`` with ``field`` set to the JSON number ``number``."""
    text = json.dumps({**body, field: 0})
    return text[: -len("0}")] + f"{number}}}"


def test_integers_past_every_bound_on_every_json_route(
    any_app: Flask, game_tables_any: dict[str, str]
) -> None:
    """Undo ``{"seq": 9223372036854775808}`` once answered 500 (SQLite cannot bind it):
    every integer a JSON body carries is range-checked, on SQLite and PostgreSQL."""
    client = any_app.test_client()
    found: list[str] = []
    for turn, table_id in enumerate(game_tables_any.values()):
        token = client.post(f"/api/v1/tables/{table_id}/seats/1").get_json()["token"]
        for route, names in JSON_INTEGER_FIELDS.items():
            for index, name in enumerate(names):
                # An event's fields get one number each per table, dealt over the numbers
                # and the event types; an undo's and a seat's get every number.
                if route == "events":
                    numbers = [HUGE_NUMBERS[(index + turn) % len(HUGE_NUMBERS)]]
                    body: dict[str, Any] = {
                        "type": EVENT_TYPES[(index + turn) % len(EVENT_TYPES)],
                        "seat": 0,
                    }
                else:
                    numbers, body = HUGE_NUMBERS, {}
                for number in numbers:
                    found += call(
                        any_app,
                        client,
                        "POST",
                        f"/api/v1/tables/{table_id}/{route}",
                        table_id,
                        data=_json_number_body(body, name, number),
                        content_type="application/json",
                        headers={"X-Campfire-Seat": token},
                    )
        for number in HUGE_NUMBERS[:-1]:
            for query in ({"after": number}, {"limit": number}, {"before": number}):
                found += call(
                    any_app,
                    client,
                    "GET",
                    f"/api/v1/tables/{table_id}/events",
                    table_id,
                    query_string=query,
                )
    for number in HUGE_NUMBERS:
        for setting in ("dogs", "bones_to_win", "timed_minutes"):
            body = {"game": "dogs-life", "players": PLAYERS, "settings": {}}
            text = json.dumps(body)[: -len("}}")] + f'"{setting}": {number}}}}}'
            found += call(
                any_app,
                client,
                "POST",
                "/api/v1/tables",
                None,
                data=text,
                content_type="application/json",
            )
    assert not found, "\n".join(found[:40])


@pytest.fixture
def game_tables_any(any_app: Flask) -> dict[str, str]:
    return {
        game: tables.create(game, PLAYERS[:count], SETTINGS.get(game)).id
        for game, count in GAMES.items()
    }


def test_every_undo_form_and_confirmation_takes_a_huge_seq(
    any_app: Flask, game_tables_any: dict[str, str]
) -> None:
    """The page's undo (its confirmation's ``?seq=`` and the form's ``seq``) as the API's."""
    client = any_app.test_client()
    found: list[str] = []
    for table_id in game_tables_any.values():
        for number in HUGE_NUMBERS[:-1]:
            url = f"/t/{table_id}/undo"
            found += call(any_app, client, "GET", url, table_id, query_string={"seq": number})
            found += call(any_app, client, "POST", url, table_id, data={"seq": str(number)})
    assert not found, "\n".join(found[:40])


@pytest.mark.parametrize("steps", ["[" * 50_000, "[" * 900 + "]" * 900, '{"a":' * 5000 + "1"])
def test_a_photo_proposal_nested_past_every_bound_is_a_sentence(
    fuzz_app: Flask, game_tables: dict[str, str], steps: str
) -> None:
    """The photo's "Confirm" form carries its proposal as JSON: 50,000 brackets once ran
    the parser out of stack (a 500). Now the one bounded reader refuses it, in words."""
    client = fuzz_app.test_client()
    table_id = game_tables["bison"]
    found = call(
        fuzz_app,
        client,
        "POST",
        f"/t/{table_id}/bison/photo/confirm",
        table_id,
        data={"steps": steps, "take.0": "1"},
    )
    assert not found, found
    response = client.post(
        f"/t/{table_id}/bison/photo/confirm", data={"steps": steps, "take.0": "1"}
    )
    assert response.status_code == 422
    assert "proposal could not be read" in response.get_data(as_text=True)


@pytest.mark.parametrize("depth", [16, 17, 900, 50_000])
def test_an_import_nested_past_every_bound_is_a_sentence(fuzz_app: Flask, depth: int) -> None:
    client = fuzz_app.test_client()
    text = json.dumps(exported())[: -len("[]}")] + "[" * depth + "]" * depth + "}"
    response = import_file(client, text.encode())
    assert problems(response, None, None, f"import nested {depth}") == []
    assert response.status_code == 422
