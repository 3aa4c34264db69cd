"""Bison flows without dead ends (issue 26, item 1): every flow ends in the state the
player wanted or in a sentence, in player words, naming what to do (B1, B6)."""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from bison_panel import FOUR, base
from companion_testkit import HTMX, app_config, get, text

from companion import create_app, tables

#: The retail tile of the rulebook's taps: river ends at corners 0 and 3, prairie side 1.
RETAIL = "at=1,-1&retail=1&a=0&b=3&p=1"


@pytest.fixture
def table(make_table: Any) -> tables.TableView:
    return make_table("bison", FOUR)


def splits(body: str) -> dict[str, str]:
    """The split pictures of a retail tile's animals: key "p-r-m" → the link it opens."""
    return {
        key: unescape(url)
        for url, key in re.findall(r'<a href="([^"]+)" data-split="(\d-\d-\d)"', body)
    }


def test_a_retail_tile_of_any_split_is_described_by_one_tap(client: Any, table: Any) -> None:
    """B1: the three animals lie 3/0/0 … 0/0/3 over the spaces: every split is one picture,
    one tap; the river and prairie already tapped stay (the page once offered steppers
    that made 2 or 4 animals and then dropped the whole description)."""
    body = client.get(f"{base(table.id)}/place?{RETAIL}").get_data(as_text=True)
    offered = splits(body)
    assert sorted(offered) == sorted(f"{p}-{r}-{3 - p - r}" for p in range(4) for r in range(4 - p))
    assert re.search(r'data-split="1-1-1" aria-label="[^"]*" aria-current="true"', body)
    for key, url in offered.items():
        page = client.get(url)
        shown = page.get_data(as_text=True)
        assert page.status_code == 200 and 'role="alert"' not in shown, key
        assert 'name="edges" value="MPPPMM"' in shown and 'class="tile preview"' in shown
        assert re.search(rf'data-split="{key}" aria-label="[^"]*" aria-current="true"', shown)
        assert sorted(splits(shown)) == sorted(offered)  # still every split, one tap away
    # The 2/1/0 tile goes on the board as described, with no typed field.
    two_one = client.get(offered["2-1-0"]).get_data(as_text=True)
    assert 'type="number"' not in two_one and 'type="text"' not in two_one
    form = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', two_one))
    response = client.post(f"{base(table.id)}/place", data={**form, "gain": "bison", "seat": "0"})
    assert response.status_code == 303
    placed = get(client.application, table.id).state.board.tiles[(1, -1)]
    assert (placed.catalog_id, placed.tile.animals) == (None, (2, 1, 0))
    # History names it as the board labels it (tile_label: "R1"), never by coordinates.
    history = text(client.get(f"/t/{table.id}/history"))
    assert "retail tile R1 placed (no hunters: gained 1 bison)" in history
    assert "[1,-1]" not in history


def test_a_description_with_the_wrong_count_keeps_the_tile_and_offers_the_splits(
    client: Any, table: Any
) -> None:
    """A hand-made link with 2 animals: the sentence says what is wrong, and the edges and
    every split are still there: the page never ends without a way on."""
    response = client.get(
        f"{base(table.id)}/place?at=1,-1&edges=MPPPMM&prairie=1&river=1&mountain=0"
    )
    body = response.get_data(as_text=True)
    assert "3 animals" in text(response)
    assert len(splits(body)) == 10 and all("edges=MPPPMM" in url for url in splits(body).values())
    assert not re.search(r'data-split="[^"]*" aria-label="[^"]*" aria-current', body)
    # A bad tile name: the sentence, and the pictures of the bag to pick from again.
    bad = client.get(f"{base(table.id)}/place?at=1,-1&tile=B99").get_data(as_text=True)
    assert bad.count("data-pick=") == 18 and 'data-retail="1"' in bad


def test_gain_without_hunters_never_counts_as_placing_the_tile(client: Any, table: Any) -> None:
    """B6: the panel's "Gain 1 …" names the actions it may count for; placing the tile is
    not one of them (it needs the tile: its page), so nothing is pre-selected that the
    rules refuse, and a post that says so anyway gets player words, not a field name."""
    page = client.get(f"/t/{table.id}").get_data(as_text=True)
    gain = page[page.index('class="bison-nohunters"') :]
    gain = gain[: gain.index("</ul>")]
    assert 'value="place_tile"' not in gain
    # One row per action, one tap per animal: nothing to pre-select (issue 26).
    rows = re.findall(r'data-gain-action="(\w+)"', gain)
    assert rows and all(f'name="action" value="{a}"' in gain for a in rows)
    assert gain.count('name="gain"') == 3 * len(rows)
    assert 'data-testid="bison-place-first"' in page
    response = client.post(
        f"{base(table.id)}/play",
        data={"seat": "0", "action": "place_tile", "gain": "bison"},
        headers=HTMX,
    )
    assert response.status_code == 422
    words = text(response)
    assert "tap an orange + on the board" in words and "must be a hex" not in words
    assert get(client.application, table.id).version == 0
    # No action chosen at all: a sentence naming what to do, not the rules' internal names.
    response = client.post(
        f"{base(table.id)}/play", data={"seat": "0", "action": "", "gain": "bison"}, headers=HTMX
    )
    assert response.status_code == 422
    assert "Choose which action this is" in text(response) and "move_1" not in text(response)


def test_the_one_tap_buy_answers_htmx_with_the_fresh_panel(client: Any, table: Any) -> None:
    """The board page's buy is an htmx form like the panel's others: the fresh panel, or
    the panel with the refusal, never a redirect swapped into the panel."""
    page = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert re.search(r'<form method="post" action="[^"]*/bison/buy" hx-post=', page)
    data = {"seat": "0", "item": "hunter", "back": "table"}
    response = client.post(f"{base(table.id)}/buy", data=data, headers=HTMX)
    assert response.status_code == 200 and 'id="panel"' in response.get_data(as_text=True)
    assert get(client.application, table.id).counters()[0] == {
        "bison": 9,
        "salmon": 9,
        "turkey": 9,
    }
    refused = client.post(
        f"{base(table.id)}/buy", data={**data, "item": "tent", "size": "9"}, headers=HTMX
    )
    assert refused.status_code == 422 and 'id="panel"' in refused.get_data(as_text=True)


def test_an_expired_form_on_a_table_leads_back_to_the_table(tmp_path: Any) -> None:
    """The CSRF refusal page of a table's form leads back to that table, not home."""
    tables.clear_cache()
    app = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True))
    try:
        with app.app_context():
            table = tables.create("bison", FOUR)
        client = app.test_client()
        client.get(f"/t/{table.id}")
        response = client.post(f"{base(table.id)}/buy", data={"seat": "0", "item": "hunter"})
        assert response.status_code == 400
        body = response.get_data(as_text=True)
        assert "This form has expired" in body
        assert f'href="/t/{table.id}" data-testid="back-to-table"' in body
        assert "Back to the start" not in body
        elsewhere = client.post("/join", data={"code": "1"}).get_data(as_text=True)
        assert "Back to the start" in elsewhere
    finally:
        app.extensions["campfire.db"].dispose()


def test_the_board_page_sheets_post_with_htmx_from_the_shared_render(
    client: Any, make_table: Any
) -> None:
    """The hunters' one-tap sheets on the board page (build, gather) are htmx forms drawn
    from the shared render: no session's token is baked into them (the panel is cached
    and shared between phones), and htmx answers carry none (the header does)."""
    table = make_table("bison", FOUR[:2])
    client.post(
        f"{base(table.id)}/place",
        data={"at": "1,-1", "tile": "B08", "seat": "0", "hunters": "3", "space": "prairie"},
    )
    client.post(
        f"{base(table.id)}/place",
        data={"at": "-1,1", "tile": "B07", "seat": "1", "hunters": "3", "space": "prairie"},
    )
    renders = client.application.extensions["campfire.panel_cache"]
    answer = client.get(f"/t/{table.id}", headers=HTMX).get_data(as_text=True)
    sheet = answer[answer.index('data-testid="bison-mine"') :]
    assert re.search(r'<form method="post" action="[^"]*/bison/play" hx-post=', sheet)
    assert 'data-build="' in sheet and 'name="csrf_token"' not in answer
    before = renders.renders
    client.get(f"/t/{table.id}", headers=HTMX)
    assert renders.renders == before  # kept: the same version is not rendered again


def test_a_refused_step_leads_back_to_the_step_it_came_from(client: Any, table: Any) -> None:
    """A board sheet's form on a step page (a zoomed tile, a move, a gather) refused: the
    sentence, and a way back to that step as it was, not only to the table."""
    step = f"{base(table.id)}/tile?at=0,0"
    data = {"seat": "0", "action": "tent", "space": "9,9,prairie", "size": "1"}
    response = client.post(
        f"{base(table.id)}/play", data=data, headers={"Referer": f"http://localhost{step}"}
    )
    assert response.status_code == 422 and get(client.application, table.id).version == 0
    body = response.get_data(as_text=True)
    assert f'href="{step}" data-testid="bison-again"' in unescape(body)
    for elsewhere in ("http://evil.example/t/x/bison/tile", f"http://localhost/t/{table.id}"):
        response = client.post(f"{base(table.id)}/play", data=data, headers={"Referer": elsewhere})
        assert 'data-testid="bison-again"' not in response.get_data(as_text=True)
