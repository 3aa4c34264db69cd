"""One URL per table: ``/t/<id>`` is the page, and to htmx asking with ``?v=`` (the panel's
poll) the panel alone, or 204 while the table is still at that version. The poll interval
comes from the config (``POLL_MS`` → ``data-poll-ms``)."""

from __future__ import annotations

import re

import pytest
from companion_testkit import HTMX, send

VERSION = re.compile(r'id="panel"[^>]*data-version="(\d+)"')


def test_the_page_polls_its_own_address_at_the_configured_interval(app, client, make_table):
    app.config["POLL_MS"] = 3500
    table = make_table()
    page = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert 'data-poll-ms="3500"' in page
    assert f'hx-get="/t/{table.id}?v=0"' in page
    assert "<html" in page


def test_htmx_asking_with_the_current_version_gets_204(client, make_table):
    table = make_table()
    answer = client.get(f"/t/{table.id}?v=0", headers=HTMX)
    assert answer.status_code == 204
    assert answer.headers["Cache-Control"] == "no-store"


def test_htmx_asking_with_an_old_version_gets_the_fresh_panel(app, client, make_table):
    table = make_table()
    send(app, table.id, {"type": "adjust", "seat": 0, "counter": "points", "delta": 1})
    answer = client.get(f"/t/{table.id}?v=0", headers=HTMX)
    body = answer.get_data(as_text=True)
    assert answer.status_code == 200
    assert "<html" not in body
    assert VERSION.search(body).group(1) == "1"


def test_a_bad_version_is_a_clear_400(client, make_table):
    table = make_table()
    answer = client.get(f"/t/{table.id}?v=x", headers=HTMX)
    assert answer.status_code == 400
    assert "?v=" in answer.get_data(as_text=True)


def test_without_htmx_the_version_does_not_matter(client, make_table):
    table = make_table()
    answer = client.get(f"/t/{table.id}?v=0")
    assert answer.status_code == 200
    assert "<html" in answer.get_data(as_text=True)


@pytest.mark.parametrize("path", ["/poll?v=0", "/panel"])
def test_the_table_has_one_get_url(client, make_table, path):
    """The former ``/poll`` and ``/panel`` addresses are gone: ``/t/<id>`` answers all."""
    table = make_table()
    assert client.get(f"/t/{table.id}{path}", headers=HTMX).status_code == 404
