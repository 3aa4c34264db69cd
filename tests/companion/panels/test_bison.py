"""Bison panel with the Flask test client: every route and fragment, every bad
input (4xx, the reason shown, the table unchanged), and the JP rulebook example 1 built
through the board-mirror endpoints with the awards the app shows (B4, B5, B6, B7, B8, B9)."""

from __future__ import annotations

import re

import pytest
from bison_panel import FOUR, base, build_jp_example_1, paying, retail
from companion_testkit import HTMX, get, new_table_form, text


@pytest.fixture
def table(make_table):
    return make_table("bison", 3)


def test_table_page_shows_round_flow_board_and_standings(client, table):
    page = client.get(f"/t/{table.id}")
    assert page.status_code == 200
    shown = text(page)
    assert "Round 1 of 5" in shown and "Totem: Ann" in shown
    assert "Ann's turn: action 1 of 4" in shown
    assert "3 players: 5 rounds, 3 tiles removed unseen before the game." in shown
    assert shown.count("tile not placed yet") == 3
    assert "If the round ended now" in shown
    body = page.get_data(as_text=True)
    assert body.count("data-legal=") == 9  # B4: the ring around the start tiles
    assert f'href="/t/{table.id}/bison/place?at=0,-1"' in body
    # Board first: the board comes before the round's details; every space of a tile links
    # to its page (its sheet over the board, issue 34), the board SVG a group, not an img
    # holding links (axe nested-interactive).
    assert body.index('class="bison-board') < body.index("bison-round")
    for space in ("prairie", "river", "mountain"):
        assert f'href="/t/{table.id}/bison/space?at=0,0&amp;space={space}"' in body
    assert f'href="/t/{table.id}/bison/tile?at=0,0"' not in body
    board = body[body.index('<svg class="bison-svg') :]
    assert board.split(">")[0].count('role="group"') == 1
    assert 'data-testid="bison-stock-0-bison-value">10<' in body
    assert 'style="' not in body  # the CSP forbids inline styles


def test_stock_steppers_use_the_generic_adjust(client, table, app):
    response = client.post(
        f"/t/{table.id}/adjust", headers=HTMX, data={"seat": 1, "counter": "salmon", "delta": 1}
    )
    assert response.status_code == 200
    assert 'data-testid="bison-stock-1-salmon-value">11<' in response.get_data(as_text=True)
    refused = client.post(
        f"/t/{table.id}/adjust", headers=HTMX, data={"seat": 1, "counter": "salmon", "delta": 5}
    )
    assert refused.status_code == 422
    assert "salmon would be 16; it must stay between 0 and 15" in text(refused)


# --- placing a tile (B4, B6) ---------------------------------------------------------------


def test_place_page_steps(client, table):
    first = client.get(f"{base(table.id)}/place?at=1,-1")
    assert first.status_code == 200
    body = first.get_data(as_text=True)
    # The picker: every printed tile still in the bag, as a picture (no typing).
    # Named by the tiles beside it, not by coordinates (issue 26).
    assert "Place a tile: the gap beside S1 and S2" in text(first)
    assert "1,-1" not in text(first)
    # 18 printed tiles in the bag, and the 5 shapes a retail tile may have (B1).
    assert body.count("data-pick=") == 18 and body.count("data-shape=") == 5
    assert body.count('class="bison-tile-pic"') == 18 + 5
    chosen = client.get(f"{base(table.id)}/place?at=1,-1&tile=B07&rotation=5")
    body = chosen.get_data(as_text=True)
    assert 'class="tile preview"' in body
    # Tapping the preview turns it 60° clockwise.
    assert re.search(r'<a href="[^"]*rotation=0[^"]*"[^>]*data-preview="1"', body)
    assert '<input type="radio" name="hunters" value="1" checked>' in body


@pytest.mark.parametrize(
    ("query", "status", "message"),
    [
        ("at=x", 422, "that is not a place on the board; tap a tile or an orange + on the board"),
        ("at=1,-1&tile=B99", 200, 'unknown tile "B99"; the catalog has S1–S3 and B01–B18'),
        (
            "at=1,-1&edges=PMPMPM&river=3",
            200,
            'edges "PMPMPM" must form one run of P and one run of M around the tile, not 3 runs '
            "of each",
        ),
        ("at=1,-1&tile=B01&rotation=r", 422, "the tile's turn must be a whole number"),
        ("at=5,5", 200, "This hex is not open for a tile now"),
    ],
)
def test_place_page_bad_input(client, table, query, status, message):
    response = client.get(f"{base(table.id)}/place?{query}")
    assert response.status_code == status
    assert message in text(response)


def test_place_tile_action_with_hunters(client, table, app):
    response = client.post(
        f"{base(table.id)}/place",
        data={
            "at": "1,-1",
            "tile": "B16",
            "rotation": "1",
            "seat": "0",
            "hunters": "2",
            "space": "prairie",
            **paying(1, 1, 0),
            "mode": "action",
        },
    )
    assert response.status_code == 303
    view = get(app, table.id)
    assert view.state.board.pieces[((1, -1), "prairie")].hunters == 2
    assert view.counters()[0] == {"bison": 9, "salmon": 9, "turkey": 10}
    shown = text(client.get(f"/t/{table.id}"))
    assert "Ben's turn: action 1 of 4" in shown and shown.count("tile not placed yet") == 2


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"at": "9,9", "tile": "B01", "hunters": "0", "gain": "bison"},
            "a tile at [9,9] would not touch the board; it must share an edge with a placed tile",
        ),
        (
            {"at": "1,-1", "hunters": "0", "gain": "bison"},
            "say which tile: tap one of the pictures, or describe a retail tile",
        ),
        (
            {"at": "1,-1", "tile": "B01", "hunters": "0", "gain": ""},
            "unknown animal ''; expected one of: bison, salmon, turkey",
        ),
        (
            {
                "at": "1,-1",
                "tile": "B01",
                "hunters": "2",
                "space": "river",
                **paying(1, 0, 0),
            },
            "the payment must add up to 2 animals, not 1",
        ),
        (  # the table's phone lays any seat's tile out of turn (issue 32), not a 6th
            {"at": "1,-1", "tile": "B01", "hunters": "1", "seat": "5", "space": "river"},
            "a whole number from 0 to 2, not 5",
        ),
        ({"at": "1,-1", "tile": "B01", "hunters": "x"}, "hunters must be a whole number"),
    ],
)
def test_place_refusals_change_nothing(client, table, app, data, message):
    response = client.post(f"{base(table.id)}/place", data={"mode": "action", **data})
    assert response.status_code == 422
    assert message in text(response)
    assert get(app, table.id).version == 0


def test_place_only_on_the_mirror_and_retail_tiles(client, table, app):
    response = client.post(
        f"{base(table.id)}/place",
        data=retail("0,-1", "PPMMMM", (1, 2, 0), rotation="3", mode="mirror"),
    )
    assert response.status_code == 303
    placed = get(app, table.id).state.board.tiles[(0, -1)]
    assert (placed.catalog_id, placed.tile.edges, placed.tile.animals) == (
        None,
        "MMMPPM",
        (1, 2, 0),
    )
    assert get(app, table.id).state.rounds.markers[0] == ()  # no action taken


# --- a space: pieces (B5) and its region (B2, B9) -------------------------------------------


def test_space_page_and_pieces(client, table, app):
    page = client.get(f"{base(table.id)}/space?at=0,0&space=river")
    assert page.status_code == 200
    shown = text(page)
    # The three start rivers meet at the totem: one region of 3 spaces and 3 salmon.
    assert "3 spaces · 3 salmon" in shown and "Nobody has pieces in this region" in shown
    assert page.get_data(as_text=True).count('class="hl"') == 3
    saved = client.post(
        f"{base(table.id)}/space",
        data={"at": "0,0", "space": "river", "seat": "1", "hunters": "2", "structure": "1"},
    )
    assert saved.status_code == 303
    shown = text(client.get(f"{base(table.id)}/space?at=0,0&space=river"))
    assert "Ben has the most influence and takes all 3 salmon" in shown
    pieces = get(app, table.id).state.supplies[1]
    assert (pieces.hunters_supply, pieces.canoes.board) == (2, (1,))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (
            {"seat": "2", "hunters": "1"},
            "the river at [0,0] holds Ben's pieces; a space holds the pieces of one player only",
        ),
        (
            {"seat": "1", "hunters": "7"},
            "you have only 3 hunters in your supply, not 6; buy more at the market",
        ),
        (
            {"seat": "1", "hunters": "1", "structure": "4"},
            "you have no size-4 canoe in your supply; buy one at the market first",
        ),
        ({"seat": "1", "hunters": "many"}, "hunters must be a whole number"),
    ],
)
def test_space_refusals(client, table, app, data, message):
    client.post(
        f"{base(table.id)}/space", data={"at": "0,0", "space": "river", "seat": "1", "hunters": "1"}
    )
    before = get(app, table.id).version
    response = client.post(f"{base(table.id)}/space", data={"at": "0,0", "space": "river", **data})
    assert response.status_code == 422
    assert message in text(response)
    assert get(app, table.id).version == before


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("at=4,4&space=river", "there is no tile there: tap a tile on the board"),
        ("at=0,0&space=lake", "that is not a space of a tile; tap the prairie, the river or"),
        ("space=river", "that is not a place on the board; tap a tile or an orange + on the"),
    ],
)
def test_space_page_bad_input(client, table, query, message):
    response = client.get(f"{base(table.id)}/space?{query}")
    assert response.status_code == 422 and message in text(response)


# --- the action helper (B6) ----------------------------------------------------------------


def test_action_page_shows_cost_and_default_split(client, table):
    page = client.get(f"{base(table.id)}/action?action=move_3&hunters=4")
    shown = text(page)
    assert "Cost: 7 animals" in shown
    body = page.get_data(as_text=True)
    # The default split pre-filled as a "paid with" chip (B6, issue 26).
    assert 'name="paid.4" value="3.2.2" data-paid="3.2.2" checked' in body
    zero = text(client.get(f"{base(table.id)}/action?action=gather&hunters=0"))
    assert "No cost: gain 1 animal" in zero and "Without hunters you gain one animal" in zero
    other = text(client.get(f"{base(table.id)}/action?seat=2"))
    assert "It is Ann's turn." in other


def test_action_confirm_and_refusals(client, table, app):
    ok = client.post(
        f"{base(table.id)}/action",
        data={"seat": "0", "action": "gather", "hunters": "0", "gain": "turkey"},
    )
    assert ok.status_code == 303
    assert get(app, table.id).counters()[0]["turkey"] == 11
    again = client.post(
        f"{base(table.id)}/action",
        data={"seat": "0", "action": "gather", "hunters": "0", "gain": "turkey", "override": "on"},
    )
    assert again.status_code == 422
    assert "you have already taken “gather hunters” this round" in text(again)
    turn = client.post(
        f"{base(table.id)}/action",
        data={"seat": "2", "action": "move_1", "hunters": "0", "gain": "bison"},
    )
    assert "it is not your turn: Ben takes the next action" in text(turn)
    costly = client.post(
        f"{base(table.id)}/action", data={"seat": "1", "action": "move_1", "hunters": "1"}
    )
    assert costly.status_code == 422
    assert "you have only 0 hunters on the board, not 1" in text(costly)
    assert get(app, table.id).version == 1


def test_tent_action_on_the_board(client, table, app):
    client.post(
        f"{base(table.id)}/space",
        data={"at": "0,0", "space": "mountain", "seat": "0", "hunters": "2"},
    )
    page = client.get(f"{base(table.id)}/action?action=tent&hunters=2")
    assert 'value="0,0,mountain"' in page.get_data(as_text=True)
    response = client.post(
        f"{base(table.id)}/action",
        data={
            "seat": "0",
            "action": "tent",
            "hunters": "2",
            "size": "2",
            "replaces": "0",
            "build_at": "0,0,mountain",
            **paying(1, 1, 0),
        },
    )
    assert response.status_code == 303
    pieces = get(app, table.id).state.board.pieces[((0, 0), "mountain")]
    assert (pieces.hunters, pieces.structure) == (0, 2)


# --- market and exchange (B7) --------------------------------------------------------------


def test_market_buy_and_exchange(client, table, app):
    page = client.get(f"{base(table.id)}/market?seat=1")
    assert page.status_code == 200 and "tent 3: 3 of each" in text(page)
    bought = client.post(f"{base(table.id)}/buy", data={"seat": "1", "item": "tent", "size": "3"})
    assert bought.status_code == 303
    view = get(app, table.id)
    assert view.counters()[1] == {"bison": 7, "salmon": 7, "turkey": 7}
    assert 3 in view.state.supplies[1].tents.supply
    swapped = client.post(
        f"{base(table.id)}/exchange",
        data={"seat": "1", "give": "bison", "get": "salmon", "times": "2"},
    )
    assert swapped.status_code == 303
    assert get(app, table.id).counters()[1] == {"bison": 1, "salmon": 9, "turkey": 7}


@pytest.mark.parametrize(
    ("url", "data", "message"),
    [
        (
            "buy",
            {"seat": "0", "item": "tent", "size": "9"},
            "the structure size must be a whole number (1–4), not 9",
        ),
        (
            "buy",
            {"seat": "0", "item": "horse"},
            "the market sells a hunter, a tent or a canoe, not 'horse'",
        ),
        ("buy", {"seat": "7", "item": "hunter"}, "seat must be a whole number from 0 to 2"),
        (
            "exchange",
            {"seat": "0", "give": "bison", "get": "bison"},
            "exchange one animal for a different one, not bison for bison",
        ),
        (
            "exchange",
            {"seat": "0", "give": "bison", "get": "salmon", "times": "4"},
            "exchanging for 4 salmon needs 12 bison; you have 10",
        ),
    ],
)
def test_market_refusals(client, table, app, url, data, message):
    response = client.post(f"{base(table.id)}/{url}", data=data)
    assert response.status_code == 422 and message in text(response)
    assert get(app, table.id).version == 0


# --- scoring the round (B8, B9, B10) --------------------------------------------------------


def test_score_needs_the_round_over_or_the_tables_word(client, table, app):
    client.post(
        f"{base(table.id)}/space", data={"at": "0,0", "space": "river", "seat": "0", "hunters": "1"}
    )
    page = client.get(f"{base(table.id)}/score")
    shown = text(page)
    assert "1. prairie" in shown and "3. river" in shown
    assert "Ann has the most influence and takes all 3 salmon" in shown
    # Tapping a region line highlights it on the board.
    link = re.search(r'data-region="(\d+)"', page.get_data(as_text=True))
    lit = client.get(f"{base(table.id)}/score?region={link.group(1)}").get_data(as_text=True)
    assert lit.count('class="hl"') == 3 and "bison-region-on" in lit  # the 3 start rivers
    refused = client.post(f"{base(table.id)}/score", data={})
    assert refused.status_code == 422
    assert "the round is not over: Ann still has 4 of 4 actions to take" in text(refused)
    done = client.post(f"{base(table.id)}/score", data={"override": "on"})
    assert done.status_code == 303
    view = get(app, table.id)
    assert view.state.rounds.round == 2 and view.counters()[0]["salmon"] == 13
    assert "Food per round" in text(client.get(f"/t/{table.id}"))


def test_score_overflow_choices(client, table, app):
    client.post(f"/t/{table.id}/adjust", data={"seat": 0, "counter": "salmon", "delta": 5})
    client.post(
        f"{base(table.id)}/space", data={"at": "0,0", "space": "river", "seat": "0", "hunters": "1"}
    )
    page = client.get(f"{base(table.id)}/score")
    body = page.get_data(as_text=True)
    # B8 as amended: 15 salmon + 3. The warning before anything is lost, the proposal
    # (one exchange: 2 animals lost instead of 3) preselected.
    assert "Doing nothing throws away 3 animals." in text(page)
    assert re.search(
        r"Ann: \+3 salmon → proposal: exchange 3 salmon → 1 (bison|turkey); loses 2 · change…",
        text(page),
    )
    assert "With this choice nothing is thrown away." in text(page)
    key = re.search(r'name="o\.(0\.\d+)"', body).group(1)
    assert f'name="o.{key}.x.salmon.bison" value="1" checked' in body or (
        f'name="o.{key}.x.salmon.turkey" value="1" checked' in body
    )
    # The player's own choice: nothing exchanged (preview), then salmon → turkey.
    preview = client.post(
        f"{base(table.id)}/score", data={f"o.{key}": "1", "preview": "1", "override": "on"}
    )
    assert preview.status_code == 200 and "With this choice 3 animals are thrown away." in text(
        preview
    )
    assert "Ann: +3 salmon → your choice: nothing; loses 3 · change…" in text(preview)
    done = client.post(
        f"{base(table.id)}/score",
        data={f"o.{key}": "1", f"o.{key}.x.salmon.turkey": "1", "override": "on"},
    )
    assert done.status_code == 303
    assert get(app, table.id).counters()[0] == {"bison": 10, "salmon": 15, "turkey": 11}
    assert get(app, table.id).state.log[-1] is not None
    bad = client.post(f"{base(table.id)}/score", data={"o.0.a": "1"})
    assert bad.status_code == 422 and "the exchange field o.0.a is not understood" in text(bad)


def test_final_scoring_shows_the_winner_and_the_chart(client, make_table, app):
    table = make_table("bison", 2)
    client.post(
        f"{base(table.id)}/space",
        data={"at": "0,0", "space": "prairie", "seat": "1", "hunters": "1"},
    )
    for _round in range(6):
        assert client.post(f"{base(table.id)}/score", data={"override": "on"}).status_code == 303
    shown = text(client.get(f"/t/{table.id}"))
    assert "Ben wins!" in shown and "Food per round" in shown
    body = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert "<polyline" in body
    # Issue 34: the scores right under the winner line, before the board.
    assert body.index("Ben wins!") < body.index('data-testid="bison-final"')
    assert body.index('data-testid="bison-final"') < body.index('class="bison-board')
    done = client.get(f"{base(table.id)}/score")
    assert "The final scoring is done" in text(done)
    # B10: a stray "+" after the winner banner changes nothing.
    before = get(app, table.id).version
    stray = client.post(
        f"/t/{table.id}/adjust", data={"seat": "0", "counter": "bison", "delta": "1"}
    )
    assert stray.status_code in (409, 422)
    assert get(app, table.id).version == before


# --- what-if ---------------------------------------------------------------------------------


def test_whatif_is_off_by_default(client, table):
    response = client.get(f"{base(table.id)}/whatif")
    assert response.status_code == 403 and "What-if is off for this table" in text(response)
    assert "What-if" not in text(client.get(f"/t/{table.id}"))


def test_whatif_lists_the_best_placements(client, make_table):
    table = make_table("bison", 2, {"whatif": True})
    assert "What-if" in text(client.get(f"/t/{table.id}"))
    page = client.get(f"{base(table.id)}/whatif?seat=0&tile=B07")
    assert page.status_code == 200
    assert page.get_data(as_text=True).count("/bison/place?at=") == 6
    bad = client.get(f"{base(table.id)}/whatif?seat=0&tile=Z1")
    assert bad.status_code == 422 and 'unknown tile "Z1"' in text(bad)


def test_create_form_offers_the_bison_settings(client):
    page = client.get("/new?game=bison")
    assert 'name="setting.whatif"' in page.get_data(as_text=True)
    created = client.post(
        "/new",
        data=new_table_form(
            "bison", players=2, start_seat="1", max_totem_distance="3", whatif="on"
        ),
    )
    assert created.status_code == 303


def test_form_bounds_are_the_rule_numbers_of_games_bison(client, table, monkeypatch):
    """The forms read their bounds from games.bison (B4–B8), not from numbers of their own:
    changed in the rules module, they change on the page."""
    from companion.panels import bison as panel

    body = client.get("/new?game=bison").get_data(as_text=True)
    assert re.search(r'name="setting.max_totem_distance" min="1" max="10" value="3"', body)
    assert body.count('name="setting.start_seat"') == 1
    assert (
        len(re.findall(r'<option value="\d" data-fallback="player \d">player \d</option>', body))
        == 4
    )
    monkeypatch.setitem(panel.LIMITS, "hunters_owned", 9)
    monkeypatch.setitem(panel.LIMITS, "max_structure", 5)
    space = client.get(f"{base(table.id)}/space?at=0,0&space=prairie").get_data(as_text=True)
    assert '<input type="radio" name="hunters" value="9"' in space
    action = client.get(f"{base(table.id)}/action?action=tent&hunters=2").get_data(as_text=True)
    assert 'max="5" name="size"' in action and 'max="5" name="replaces"' in action
    market = client.get(f"{base(table.id)}/market").get_data(as_text=True)
    assert 'min="1" max="5" name="times"' in market  # 15 // 3 (B7, B8)


# --- the JP rulebook example 1, built through the board-mirror endpoints ---------------------


def test_jp_example_1_through_the_app(client, make_table, app):
    table = make_table("bison", FOUR)
    build_jp_example_1(client, table.id)
    region = client.get(f"{base(table.id)}/space?at=1,-1&space=prairie")
    shown = text(region)
    assert "5 spaces · 7 bison" in shown
    awards = re.findall(
        r'data-award="(\w+)"><strong>\w+</strong> \+(\d+)', region.get_data(as_text=True)
    )
    assert awards == [("yellow", "7"), ("red", "3"), ("green", "0"), ("blue", "2")]
    assert "Yui has the most influence and takes all 7 bison" in shown
    assert "Ren is second and takes half of 7 bison rounded down: 3 bison" in shown
    assert (
        "Gen is behind Ren: the structures agree as far as Gen's go, and Ren also has a "
        "structure no. 2 (largest first), of size 1"
    ) in shown
    scoring = text(client.get(f"{base(table.id)}/score"))
    assert "Bea is in place 4 and takes the 2 bison on their own spaces" in scoring


def test_history_describes_board_events(client, table):
    client.post(f"{base(table.id)}/place", data={"at": "1,-1", "tile": "B07", "mode": "mirror"})
    client.post(
        f"{base(table.id)}/space", data={"at": "0,0", "space": "river", "seat": "1", "hunters": "2"}
    )
    shown = text(client.get(f"/t/{table.id}/history"))
    assert "tile B07 placed" in shown and "[1,-1]" not in shown
    assert "correction of the board: the river of S1: Ben, hunters ×2" in shown
    assert "[0,0]" not in shown


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "ja",
            ["ラウンド 1 / 5", "Annの番：4回中1回目の行動", "今ラウンドが終わったら", "バイソン"],
        ),
        (
            "it",
            ["Round 1 di 5", "Tocca a Ann: azione 1 di 4", "Se il round finisse ora", "Mercato"],
        ),
    ],
)
def test_panel_in_japanese_and_italian(client, table, lang, expected):
    shown = text(client.get(f"/t/{table.id}?lang={lang}"))
    for words in expected:
        assert words in shown


def test_refusal_in_japanese(client, table):
    client.get(f"/t/{table.id}?lang=ja")
    response = client.post(
        f"{base(table.id)}/place",
        data={"at": "9,9", "tile": "B01", "hunters": "0", "gain": "bison", "mode": "action"},
    )
    assert response.status_code == 422
    assert "[9,9]" in text(response) and "would not touch" not in text(response)


def test_place_page_shows_the_cost_table_of_the_rules(client, table):
    # B6, read from games.bison.economy.COST_TABLE rather than written into the template.
    words = text(client.get(f"{base(table.id)}/place?at=1,-1&tile=B07&rotation=0"))
    assert "1 → 0 2 → 2 3 → 4 4 → 7 5 → 10" in words


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        # Issue 32: counted animals in the plural ("tutti i 12 bisonte" was a singular
        # glued to a number); Japanese with the rulebook's counters and full-width colons.
        ("it", ("prende tutto: 7 bisonti", "metà di 7 bisonti arrotondata per difetto: 3 bisonti")),
        ("ja", ("バイソン7頭をすべて得ます", "バイソン7頭の半分（切り捨て）を得ます：バイソン3頭")),
        ("en", ("takes all 7 bison", "half of 7 bison rounded down: 3 bison")),
    ],
)
def test_the_award_sentences_count_their_animals(client, make_table, lang, words):
    table = make_table("bison", FOUR)
    build_jp_example_1(client, table.id)
    shown = text(
        client.get(
            f"{base(table.id)}/space?at=1,-1&space=prairie", headers={"Accept-Language": lang}
        )
    )
    for said in words:
        assert said in shown, said
    assert "{" not in shown and "bisonte arrotondata" not in shown
