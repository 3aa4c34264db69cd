"""Every table change — a panel form, a Bison tap, the JSON API, an undo from any of them —
takes one change path (``companion.events.apply_change``): one place appends and undoes,
so the rate limit, the refusal wording and the seat are the same whichever door a change
comes in by; each door turns the outcome (a value) into its own answer."""

from __future__ import annotations

import ast
import dataclasses
from pathlib import Path
from typing import Any

import pytest
from companion_testkit import FAKE, HTMX, app_config

from companion import create_app, events, tables

ROOT = Path(__file__).resolve().parents[3]
EVENT_PATH = ROOT / "companion" / "events.py"
TABLES = ROOT / "companion" / "tables"  # the service the event path calls
PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]
ADJUST = {"type": "adjust", "seat": 0, "counter": "points", "delta": 1}
WRITERS = {"append", "append_all", "undo"}  # the table service's changes


def writers(path: Path) -> list[str]:
    """The calls in ``path`` that change a table: ``tables.append``/``append_all``/``undo``
    (or the functions imported from ``companion.tables`` by those names)."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module == "companion.tables":
            found += [f"imports {alias.name}" for alias in node.names if alias.name in WRITERS]
        if not isinstance(node, ast.Call):
            continue
        function = node.func
        if (
            isinstance(function, ast.Attribute)
            and function.attr in WRITERS
            and isinstance(function.value, ast.Name)
            and function.value.id == "tables"
        ):
            found.append(f"tables.{function.attr} (line {node.lineno})")
    return found


def test_the_walker_finds_a_writer(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text("from companion import tables\ntables.append('t', {})\n")
    assert writers(module) == ["tables.append (line 2)"]


def test_only_the_event_path_changes_a_table() -> None:
    outside = {
        str(path.relative_to(ROOT)): writers(path)
        for path in sorted((ROOT / "companion").rglob("*.py"))
        if path != EVENT_PATH and TABLES not in path.parents and writers(path)
    }
    assert outside == {}
    # apply_change appends (one event as a list of one, or several) or undoes
    assert [w.split(" ")[0] for w in writers(EVENT_PATH)] == ["tables.undo", "tables.append_all"]


@pytest.fixture
def limited(tmp_path: Any) -> Any:
    app = create_app(
        app_config(tmp_path, EVENT_RATE_LIMIT="3 per minute", UNDO_RATE_LIMIT="2 per minute")
    )
    with app.app_context():
        table = tables.create(FAKE, PLAYERS)
    return app, table.id


def test_the_api_and_the_panel_share_one_event_limit(limited: Any) -> None:
    """Three changes a minute, from one client through either door: the fourth is 429
    whichever door it takes, and changes nothing."""
    app, table_id = limited
    client = app.test_client()
    form = {"seat": "0", "counter": "points", "delta": "1"}
    assert client.post(f"/api/v1/tables/{table_id}/events", json=ADJUST).status_code == 200
    assert client.post(f"/t/{table_id}/adjust", data=form, headers=HTMX).status_code == 200
    assert client.post(f"/api/v1/tables/{table_id}/events", json=ADJUST).status_code == 200
    api = client.post(f"/api/v1/tables/{table_id}/events", json=ADJUST)
    page = client.post(f"/t/{table_id}/adjust", data=form, headers=HTMX)
    assert (api.status_code, page.status_code) == (429, 429)
    assert "error" in api.get_json()  # the API still answers in JSON
    with app.app_context():
        assert tables.get(table_id).version == 3


def test_the_api_and_the_page_share_one_undo_limit(limited: Any) -> None:
    app, table_id = limited
    client = app.test_client()
    with app.app_context():
        for _ in range(3):
            tables.append(table_id, ADJUST)
    assert client.post(f"/api/v1/tables/{table_id}/undo", json={}).status_code == 200
    assert client.post(f"/t/{table_id}/undo", data={"seq": "2"}, headers=HTMX).status_code == 200
    assert client.post(f"/api/v1/tables/{table_id}/undo", json={}).status_code == 429
    with app.app_context():
        assert tables.get(table_id).version == 5  # three changes, two undos


def test_the_api_answers_a_missing_table_in_json(client: Any) -> None:
    for path, body in (("events", ADJUST), ("undo", {})):
        answer = client.post(f"/api/v1/tables/no-such-table/{path}", json=body)
        assert answer.status_code == 404
        assert answer.get_json() == {"error": "No table with this id."}


def test_a_page_answers_a_missing_table_with_the_404_page(client: Any) -> None:
    form = {"seat": "0", "counter": "points", "delta": "1"}
    for path, data in (("adjust", form), ("undo", {"seq": "1"})):
        answer = client.post(f"/t/no-such-table/{path}", data=data)
        assert answer.status_code == 404
        assert b"There is no such page or table here" in answer.data


def test_the_api_holds_a_stale_version_with_the_tables_version(
    client: Any, make_table: Any
) -> None:
    table = make_table()
    url = f"/api/v1/tables/{table.id}"
    assert client.post(f"{url}/events", json={**ADJUST, "expected_version": 0}).status_code == 200
    stale = client.post(f"{url}/events", json={**ADJUST, "expected_version": 0})
    assert stale.status_code == 409 and stale.get_json()["version"] == 1
    undo = client.post(f"{url}/undo", json={"expected_version": 0})
    assert undo.status_code == 409 and undo.get_json()["version"] == 1
    assert client.get(url).get_json()["version"] == 1


def test_an_api_client_with_a_seat_acts_without_a_confirmation(
    client: Any, make_table: Any
) -> None:
    """A phone holding Ann's seat is asked before changing Ben's counter; an API client
    holding it is not (it has no screen): History says by Ann for Ben all the same."""
    table = make_table()
    token = client.post(f"/api/v1/tables/{table.id}/seats/0").get_json()["token"]
    ben = {**ADJUST, "seat": 1}
    answer = client.post(
        f"/api/v1/tables/{table.id}/events", json=ben, headers={"X-Campfire-Seat": token}
    )
    assert answer.status_code == 200 and answer.get_json()["version"] == 1
    events = client.get(f"/api/v1/tables/{table.id}/events").get_json()
    assert (events[-1]["by_seat"], events[-1]["seat"]) == (0, 1)


def test_a_tap_sent_again_after_the_table_moved_on_is_refused(client: Any, make_table: Any) -> None:
    """Issue 21: a tap kept on a phone while it was offline is sent again naming the
    version it was made at (X-Campfire-Version). At that version it lands; once the table
    moved on it is refused with the sentence (409) and changes nothing."""
    table = make_table()
    form = {"seat": "0", "counter": "points", "delta": "1"}
    seen = {**HTMX, "X-Campfire-Version": "0"}
    assert client.post(f"/t/{table.id}/adjust", data=form, headers=seen).status_code == 200
    stale = client.post(f"/t/{table.id}/adjust", data=form, headers=seen)
    assert stale.status_code == 409
    assert "Someone changed the table meanwhile" in stale.get_data(as_text=True)
    assert client.get(f"/api/v1/tables/{table.id}").get_json()["version"] == 1
    # a tap made on the spot names no version and goes through as before
    assert client.post(f"/t/{table.id}/adjust", data=form, headers=HTMX).status_code == 200


def test_apply_change_answers_with_a_value(app: Any, make_table: Any) -> None:
    """The one change path returns what became of the change; each door words it."""
    table = make_table()
    with app.test_request_context("/", method="POST"):
        done = events.apply_change(table, events.Append(ADJUST), by=None)
        assert isinstance(done, events.Changed) and done.table.version == 1
        with pytest.raises(dataclasses.FrozenInstanceError):
            done.table = table  # type: ignore[misc]
        too_far = events.apply_change(table, events.Append({**ADJUST, "delta": -99}), by=None)
        assert isinstance(too_far, events.Refused) and too_far.table is table
        assert "points" in too_far.message()
        stale = events.apply_change(table, events.Append(ADJUST), by=None, expected_version=0)
        assert stale == events.Stale(table, expected=0, actual=1)
        undone = events.apply_change(done.table, events.Undo(seat=0), by=None)
        assert isinstance(undone, events.Changed) and undone.table.version == 2
        nothing = events.apply_change(undone.table, events.Undo(by_seat=1), by=None)
        assert isinstance(nothing, events.Refused)
        assert tables.get(table.id).version == 2


def test_a_form_refused_before_the_change_path_is_not_counted(tmp_path: Any) -> None:
    """The rate limit counts the changes that reach the change path: a form the page
    refuses first (a bad number) does not use up the phone's budget."""
    app = create_app(app_config(tmp_path, EVENT_RATE_LIMIT="1 per minute"))
    with app.app_context():
        table = tables.create(FAKE, PLAYERS)
    client = app.test_client()
    bad = {"seat": "0", "counter": "points", "delta": "many"}
    assert client.post(f"/t/{table.id}/adjust", data=bad, headers=HTMX).status_code == 422
    form = {"seat": "0", "counter": "points", "delta": "1"}
    assert client.post(f"/t/{table.id}/adjust", data=form, headers=HTMX).status_code == 200
    assert client.post(f"/t/{table.id}/adjust", data=form, headers=HTMX).status_code == 429
