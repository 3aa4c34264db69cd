"""The Bison board as the input (B3–B6, B10): the SVG shows exactly the state, an action
is recorded from the board in one ``play`` event, and a finished game stays finished."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from bison_board import board_marks, drawn_marks
from bison_panel import FOUR, SVG, base, board_of, retail, yui_to_move_with_three_hunters
from companion_testkit import get, text

from companion import tables
from games.bison import fold
from games.bison.table.play import tile_label
from games.bison.tiles import SPACES


@pytest.fixture
def table(make_table):
    return make_table("bison", FOUR)


def shown(svg: ET.Element) -> dict[str, object]:
    """What the picture shows: tiles, animals per space, pieces per space and seat, and the
    tiles' ids."""
    ids = {node.get("data-tile-id") for node in svg.iter() if node.get("data-tile-id")}
    return {**drawn_marks(svg), "ids": ids}


def expected(state) -> dict[str, object]:
    """The board's marks, plus the tiles' ids as the picture labels them (B07, R1)."""
    return {**board_marks(state), "ids": {tile_label(state.board, at) for at in state.board.tiles}}


def post(client, url, data):
    response = client.post(url, data=data)
    assert response.status_code == 303, text(response)


def one_event(client, app, tid: str, page: str, form: dict[str, object]):
    """Post ``form`` to the panel's ``page``, which must store one event (an action's cost,
    board change and marker together, B6); the table before and after."""
    before = get(app, tid)
    post(client, f"{base(tid)}/{page}", form)
    after = get(app, tid)
    assert after.version == before.version + 1
    return before, after


def refusal(client, app, tid: str, page: str, form: dict[str, object]) -> str:
    """Post ``form`` to the panel's ``page``, which must refuse it (422) and store nothing;
    the refusal's text."""
    version = get(app, tid).version
    response = client.post(f"{base(tid)}/{page}", data=form)
    assert response.status_code == 422 and get(app, tid).version == version
    return text(response)


def yui_moves_to_the_river(hunters: str) -> dict[str, str]:
    """The form of Yui's "move 1" from the prairie at (1,-1) to the river beside it."""
    return {
        "seat": "0",
        "action": "move_1",
        "from": "1,-1,prairie",
        "to": "1,-1,river",
        "hunters": hunters,
    }


def test_the_picture_equals_the_state_after_board_actions(client, table, app):  # B1, B5, B6
    tid = table.id
    # Yui places B08 at [1,-1], 3 hunters on its prairie (one play event, cost 4).
    post(
        client,
        f"{base(tid)}/place",
        {
            "at": "1,-1",
            "tile": "B08",
            "rotation": "2",
            "seat": "0",
            "hunters": "3",
            "space": "prairie",
        },
    )
    # Ren: a retail tile at [0,-1], no hunters, gains a salmon.
    post(
        client,
        f"{base(tid)}/place",
        retail("0,-1", "PPMMMM", (1, 1, 1), seat="1", gain="salmon"),
    )
    # Gen and Bea place and put hunters on the board.
    post(
        client,
        f"{base(tid)}/place",
        {"at": "2,-1", "tile": "B03", "seat": "2", "hunters": "2", "space": "river"},
    )
    post(
        client,
        f"{base(tid)}/place",
        {"at": "-1,0", "tile": "B11", "seat": "3", "hunters": "1", "space": "mountain"},
    )
    # Yui builds a size-2 tent from her prairie hunters (the size chip of the sheet).
    sheet = client.get(f"{base(tid)}/space?at=1,-1&space=prairie").get_data(as_text=True)
    assert 'data-size="1"' in sheet and 'data-size="2"' in sheet
    post(
        client,
        f"{base(tid)}/play",
        {"seat": "0", "action": "tent", "space": "1,-1,prairie", "size": "2"},
    )
    view = get(app, tid)
    assert view.state.board.pieces[((1, -1), "prairie")].structure == 2
    page = client.get(f"/t/{tid}").get_data(as_text=True)
    assert shown(board_of(page)) == expected(view.state)
    zoomed = client.get(f"{base(tid)}/tile?at=1,-1").get_data(as_text=True)
    picture = board_of(zoomed)
    assert {a.get("data-space") for a in picture.iter(f"{SVG}a")} == set(SPACES)


def test_a_move_from_the_board_shows_destinations_and_is_one_event(client, table, app):
    tid = table.id  # B3, B6
    yui_to_move_with_three_hunters(client, tid)
    sheet = client.get(f"{base(tid)}/space?at=1,-1&space=prairie").get_data(as_text=True)
    assert 'data-action-link="move_1"' in sheet and 'data-action-link="move_3"' in sheet
    page = client.get(f"{base(tid)}/move?from=1,-1,prairie&action=move_1")
    targets = re.findall(r'data-target="([^"]+)" data-cost="(\d)"', page.get_data(as_text=True))
    assert ("1,-1,river", "1") in targets and not any(t == "1,-1,mountain" for t, _ in targets)
    confirm = client.get(f"{base(tid)}/move?from=1,-1,prairie&action=move_1&to=1,-1,river")
    assert '<input type="radio" name="hunters" value="3" checked>' in confirm.get_data(as_text=True)
    before, after = one_event(client, app, tid, "play", yui_moves_to_the_river(hunters="2"))
    assert after.state.board.pieces[((1, -1), "river")].hunters == 2
    assert after.state.stocks[0].total == before.state.stocks[0].total - 2
    assert after.state.rounds.markers[0][-1] == "move_1"
    ren = {"seat": "1", "action": "move_1", "from": "1,-1,river", "to": "1,-1,mountain"}
    assert "cannot reach" in refusal(client, app, tid, "play", {**ren, "hunters": "1"})  # B3
    history = text(client.get(f"/t/{tid}/history"))
    assert "B08" in history


def test_a_finished_game_stays_finished_until_reopened(client, make_table, app):  # B10
    table = make_table("bison", 2)
    tid = table.id
    state = get(app, tid).state
    # Play the game out by the fold's own events: every round ended by the table's word.

    with app.app_context():
        while not state.rounds.finished:
            tables.append(tid, {"type": "score", "override": True, "overflow": []})
            state = tables.get(tid).state
    page = client.get(f"/t/{tid}").get_data(as_text=True)
    assert "data-legal=" not in page  # no stray "+" to tap
    assert 'data-testid="bison-reopen"' in page
    stray = client.post(f"{base(tid)}/place", data={"at": "1,-1", "tile": "B01", "mode": "mirror"})
    assert stray.status_code == 422
    assert get(app, tid).state.locked
    post(client, f"{base(tid)}/reopen", {})
    assert not get(app, tid).state.locked
    assert fold.turn(get(app, tid).state).final_scored is False


def test_retail_and_start_tiles_are_described_by_taps(client, table, app):  # B1, B4
    tid = table.id
    # The large hexagon: river ends (corners), then a prairie side; no typed field.
    first = client.get(f"{base(tid)}/place?at=1,-1&retail=1").get_data(as_text=True)
    assert first.count("data-corner=") == 6 and "<input" not in first.split("<form")[0]
    sides = client.get(f"{base(tid)}/place?at=1,-1&retail=1&a=0&b=3").get_data(as_text=True)
    assert sides.count("data-edge=") == 6
    chosen = client.get(f"{base(tid)}/place?at=1,-1&retail=1&a=0&b=3&p=1")
    body = chosen.get_data(as_text=True)
    assert 'name="edges" value="MPPPMM"' in body and 'class="tile preview"' in body
    assert 'type="number"' not in body and 'type="text"' not in body
    # A start tile described the same way: a start_tile event.
    post(
        client,
        f"{base(tid)}/place",
        retail("0,0", "PPMMMM", (1, 1, 1), start="1"),
    )
    placed = get(app, tid).state.board.tiles[(0, 0)]
    assert placed.catalog_id is None and placed.tile.edges == "PPMMMM"


def test_the_board_page_offers_one_tap_actions_and_buy_for_the_seat_to_act(client, table, app):
    tid = table.id  # B6, B7
    post(
        client,
        f"{base(tid)}/place",
        {"at": "1,-1", "tile": "B08", "seat": "0", "hunters": "3", "space": "prairie"},
    )
    page = client.get(f"/t/{tid}").get_data(as_text=True)
    assert "data-open-sheet" not in page  # Ren has no hunters on the board (no sheet)
    for seat in (1, 2, 3):
        post(client, f"{base(tid)}/play", {"seat": seat, "action": "tent", "gain": "bison"})
    page = client.get(f"/t/{tid}").get_data(as_text=True)
    own = page.split('data-testid="bison-mine"')[1].split("</section>")[0]
    # Yui's prairie: "move from here" for both moves, the tent chips, no other space.
    assert 'data-action-link="move_1" data-from="1,-1,prairie"' in own
    assert 'data-action-link="move_3" data-from="1,-1,prairie"' in own
    assert 'data-build="1,-1,prairie"' in own
    assert set(re.findall(r'data-from="([^"]+)"', own)) == {"1,-1,prairie"}
    # The one-tap hunter buy records one buy event and comes back to the board page.
    assert 'data-testid="bison-buy-hunter"' in page
    before = get(app, tid)
    response = client.post(
        f"{base(tid)}/buy", data={"seat": "0", "item": "hunter", "back": "table"}
    )
    assert response.status_code == 303 and response.location.endswith(f"/t/{tid}")
    after = get(app, tid)
    assert after.version == before.version + 1
    assert after.state.supplies[0].as_dict()["hunters"]["market"] == (
        before.state.supplies[0].as_dict()["hunters"]["market"] - 1
    )
    # Without "back" the market page answers as before.
    response = client.post(f"{base(tid)}/buy", data={"seat": "0", "item": "hunter"})
    assert "/bison/market" in response.location


def test_a_tile_is_placed_by_tapping_its_turned_picture(client, table, app):
    tid = table.id  # B4, B6
    page = client.get(f"{base(tid)}/place?at=1,-1&tile=B08").get_data(as_text=True)
    assert re.findall(r'data-turn="(\d)"', page) == ["0", "1", "2", "3", "4", "5"]
    # Preselected: the first space (prairie) and one hunter, at no cost (B6).
    assert '<input type="radio" name="hunters" value="1" checked>' in page
    form = {"at": "1,-1", "tile": "B08", "rotation": "0", "seat": "0", "space": "prairie"}
    _, after = one_event(client, app, tid, "place", {**form, "hunters": "1", "turn": "4"})
    assert after.state.board.tiles[(1, -1)].rotation == 4
    assert after.state.board.pieces[((1, -1), "prairie")].hunters == 1
    assert after.state.rounds.markers[0][-1] == "place_tile"
    bad_turn = {**form, "at": "2,-1", "tile": "B03", "seat": "1", "turn": "x"}
    assert "whole number" in refusal(client, app, tid, "place", bad_turn)


def test_a_space_beside_a_turned_picture_places_the_tile_so_turned_with_the_hunters_there(
    client, table, app
):
    tid = table.id  # B4, B6; issue 34: turn and space in one tap, every target a button
    page = client.get(f"{base(tid)}/place?at=1,-1&tile=B08").get_data(as_text=True)
    buttons = re.findall(r'<button[^>]*name="turn" value="(\d),(\w+)"', page)
    assert buttons == [(str(n), sp) for n in range(6) for sp in SPACES]
    form = {"at": "1,-1", "tile": "B08", "rotation": "0", "seat": "0", "hunters": "2"}
    # The space chip says prairie; the button tapped (turn 4, mountain) decides.
    tapped = {**form, "space": "prairie", "turn": "4,mountain"}
    _, after = one_event(client, app, tid, "place", tapped)
    assert after.state.board.tiles[(1, -1)].rotation == 4
    assert after.state.board.pieces[((1, -1), "mountain")].hunters == 2
    assert ((1, -1), "prairie") not in after.state.board.pieces
    other = {**form, "at": "2,-1", "tile": "B03", "seat": "1"}
    for bad, named in (("x,river", "turn"), ("4,lake", "not a space")):  # nothing changed
        assert named in refusal(client, app, tid, "place", {**other, "turn": bad})


def test_a_split_move_is_one_action_with_the_count_chosen_first(client, table, app):
    tid = table.id  # B3, B6: "together or separately", cost by the hunters moved in all
    yui_to_move_with_three_hunters(client, tid)
    before = get(app, tid)
    source = ((1, -1), "prairie")
    reach = sorted(fold.destinations(before.state, 0, source, "move_3"))
    assert len(reach) >= 2
    (a, sa), (b, sb) = reach[0], reach[1]
    first, second = f"{a[0]},{a[1]},{sa}", f"{b[0]},{b[1]},{sb}"
    url = f"{base(tid)}/move?from=1,-1,prairie&action=move_3"
    page = client.get(url).get_data(as_text=True)
    # The count chips come before the board: the count is chosen before the tap commits.
    assert page.index('data-testid="bison-move-count"') < page.index('<svg class="bison-svg')
    # Two hunters to the first space: the page keeps that leg and asks for the third.
    split = client.get(f"{url}&leg={first}:2").get_data(as_text=True)
    assert f'name="leg" value="{first}:2"' in split
    assert '<input type="radio" name="hunters" value="1" checked> 1 → 4' in split
    assert 'data-testid="bison-move-done"' in split
    assert '<input type="radio" name="hunters" value="2"' not in split
    _, after = one_event(  # one action, one event
        client,
        app,
        tid,
        "play",
        {
            "seat": "0",
            "action": "move_3",
            "from": "1,-1,prairie",
            "leg": f"{first}:2",
            "to": second,
            "hunters": "1",
        },
    )
    assert after.state.board.pieces[(a, sa)].hunters == 2
    assert after.state.board.pieces[(b, sb)].hunters == 1
    assert source not in after.state.board.pieces
    assert after.state.stocks[0].total == before.state.stocks[0].total - 4  # 3 hunters: 4
    assert after.state.rounds.markers[0][-1] == "move_3"


def test_a_split_move_may_stop_after_its_legs_and_refuses_too_many(client, table, app):
    tid = table.id  # B6
    yui_to_move_with_three_hunters(client, tid)
    url = f"{base(tid)}/move?from=1,-1,prairie&action=move_1"
    too_many = client.get(f"{url}&leg=1,-1,river:4")
    assert too_many.status_code == 422
    # "Move these 2 hunters": the legs alone, the chip of the unused hunter ignored.
    before, after = one_event(
        client,
        app,
        tid,
        "play",
        {
            "seat": "0",
            "action": "move_1",
            "from": "1,-1,prairie",
            "leg": "1,-1,river:2",
            "to": "",
            "hunters": "1",
            "done": "1",
        },
    )
    assert after.state.board.pieces[((1, -1), "river")].hunters == 2
    assert after.state.board.pieces[((1, -1), "prairie")].hunters == 1
    assert after.state.stocks[0].total == before.state.stocks[0].total - 2


def test_a_refused_move_names_it_in_the_readers_language(client, table, app):
    tid = table.id  # issue 26: no English field name inside an Italian refusal
    yui_to_move_with_three_hunters(client, tid)
    refused = client.post(f"{base(tid)}/play?lang=it", data=yui_moves_to_the_river(hunters="0"))
    page = text(refused)
    assert refused.status_code == 422
    assert "spostamento 1" in page and "move 1" not in page


def test_a_retail_tile_is_named_as_the_board_shows_it_never_by_coordinates(client, table, app):
    tid = table.id  # issue 26: "R1" drawn on the tile and in every word, no "[1,-1]"
    post(
        client,
        f"{base(tid)}/place",
        retail("1,-1", "PPPMMM", (1, 1, 1), seat="0", hunters="3", space="prairie"),
    )
    for seat in (1, 2, 3):
        post(client, f"{base(tid)}/play", {"seat": seat, "action": "tent", "gain": "bison"})
    coordinates = re.compile(r"\[-?\d+, ?-?\d+\]")
    pages = {
        "table": f"/t/{tid}",
        "tile": f"{base(tid)}/tile?at=1,-1",
        "space": f"{base(tid)}/space?at=1,-1&space=prairie",
        "move": f"{base(tid)}/move?from=1,-1,prairie&action=move_1",
        "tent": f"{base(tid)}/action?action=tent&hunters=2",
    }
    for name, url in pages.items():
        page = client.get(url).get_data(as_text=True)
        assert not coordinates.search(page), name
        assert "R1" in page, name
    assert 'data-tile-id="R1"' in client.get(f"/t/{tid}").get_data(as_text=True)
    post(client, f"{base(tid)}/play", yui_moves_to_the_river(hunters="1"))
    history = text(client.get(f"/t/{tid}/history"))
    assert "R1" in history
