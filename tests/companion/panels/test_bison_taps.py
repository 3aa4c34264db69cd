"""Fewer taps at the table (issue 26 item 8, issue 34), on the pages: an action without
hunters is one tap, a move from a space's sheet is one tap (a count's button on the
destination's row, the rest staying), a tile is laid by one tap beside its turned picture
(on a space, or on the animal gained with no hunter left), and a round is scored from
the panel in one tap, an award over 15 as proposed (undo is the safety net). Hand-made values are
refused with a message, nothing recorded."""

from __future__ import annotations

import re
from typing import Any

import pytest
from bison_panel import FOUR, base, over_15_for_everyone, retail, yui_to_move_with_three_hunters
from companion_testkit import HTMX, get, text

from games.bison import fold
from games.bison.taps import tiles_in_bag


def play_round(client: Any, app: Any, table_id: str) -> None:
    """Every seat's four actions without hunters (the tile placed at its first one)."""
    while (turn := fold.turn(state := get(app, table_id).state)).seat is not None:
        seat = turn.seat
        poorest = min(("bison", "salmon", "turkey"), key=state.stocks[seat].get)  # never full
        if turn.tile_due:
            at = sorted(fold.legal_hexes(state))[0]
            data = {"at": f"{at[0]},{at[1]}", "tile": tiles_in_bag(state.board)[0]}
            answer = client.post(
                f"{base(table_id)}/place", data={**data, "seat": seat, "gain": poorest}
            )
        else:
            action = next(a.value for a in state.rounds.unmarked(seat) if a.value != "place_tile")
            answer = client.post(
                f"{base(table_id)}/play",
                data={"seat": seat, "action": action, "gain": poorest},
                headers=HTMX,
            )
        assert answer.status_code in (200, 303), text(answer)


def test_an_action_without_hunters_is_one_tap_per_animal(client, make_table, app):
    table = make_table("bison", FOUR)
    page = client.get(f"/t/{table.id}").get_data(as_text=True)
    gains = page[page.index('class="bison-nohunters"') : page.index("</details>")]
    rows = re.findall(r'<li data-gain-action="(\w+)"[^>]*><form[^>]*hx-post', gains)
    assert rows and "place_tile" not in rows and len(rows) == len(set(rows))
    # Issue 34: the first row is the line's own action (no hunters could take it now: none
    # are on the board), the others one fold away.
    assert re.search(r'data-gain-action="(\w+)" data-gain-default', gains).group(1) == rows[0]
    before = get(app, table.id).version
    answer = client.post(
        f"{base(table.id)}/play",
        data={"seat": 0, "action": rows[-1], "gain": "turkey"},
        headers=HTMX,
    )
    assert answer.status_code == 200 and get(app, table.id).version == before + 1
    assert get(app, table.id).state.stocks[0].get("turkey") == 11


def test_a_round_with_nothing_to_choose_is_scored_in_one_tap(client, make_table, app):
    table = make_table("bison", 2)
    assert 'data-testid="bison-score-now"' not in client.get(f"/t/{table.id}").get_data(True)
    play_round(client, app, table.id)
    panel = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert 'data-testid="bison-score-now"' in panel
    assert 'data-testid="bison-score"' in panel  # the score page still opens first
    before = get(app, table.id).version
    answer = client.post(f"{base(table.id)}/score", headers=HTMX, data={})
    assert answer.status_code == 200  # the fresh panel, swapped in place
    assert get(app, table.id).version == before + 1
    assert fold.turn(get(app, table.id).state).round == 2


def test_an_over_15_round_is_scored_as_proposed_in_one_tap(client, make_table, app):
    """B8 as amended: an award over 15 is scored in one tap as the app proposes it, each
    case said in one line above the button (issue 34); the score page still lets the
    players choose otherwise."""
    table = make_table("bison", FOUR)
    over_15_for_everyone(client, table.id)
    play_round(client, app, table.id)
    state = get(app, table.id).state
    result = fold.score_now(state, overflow={})
    assert result.needs_choices()
    panel = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert 'data-testid="bison-score-now"' in panel
    assert "Score the round as proposed" in panel
    assert re.search(
        r'class="btn btn-ghost" data-testid="bison-score"[^>]*>Choose otherwise', panel
    )
    # One line per over-15 case, the proposal in words (as the score page's summary).
    cases = re.findall(r'<li data-over-15="(\d+\.\d+)">', panel)
    score_page = client.get(f"{base(table.id)}/score").get_data(as_text=True)
    assert cases and sorted(cases) == sorted(
        f"{seat}.{region}"
        for seat, region in re.findall(r'data-overflow="(\d+)-(\d+)"', score_page)
    )
    assert "proposal:" in text(client.get(f"/t/{table.id}")).split("Score the round as")[0]
    before = get(app, table.id).version
    answer = client.post(f"{base(table.id)}/score", headers=HTMX, data={})
    assert answer.status_code == 200 and get(app, table.id).version == before + 1
    after = get(app, table.id).state
    assert fold.turn(after).round == 2
    # Scored as proposed: every stock as the proposal settles it (B8), none above 15.
    assert [s.as_dict() for s in after.stocks] == [s.as_dict() for s in result.after]
    assert all(v <= 15 for s in after.stocks for v in s.as_dict().values())


def test_the_move_page_offers_several_spaces_as_a_mode(client, make_table, app):
    table = make_table("bison", FOUR)
    client.post(
        f"{base(table.id)}/place",
        data={
            "at": "1,-1",
            "tile": "B16",
            "seat": 0,
            "hunters": "3",
            "space": "prairie",
            "mode": "action",
        },
    )
    for seat in (1, 2, 3):  # the others' turns: an animal each, then Yui's again
        action = "move_1"
        client.post(
            f"{base(table.id)}/play",
            data={"seat": seat, "action": action, "gain": "bison"},
            headers=HTMX,
        )
    assert fold.turn(get(app, table.id).state).seat == 0
    page = client.get(f"{base(table.id)}/move?action=move_3&from=1,-1,prairie")
    body = page.get_data(as_text=True)
    assert page.status_code == 200, text(page)
    assert "data-several" not in body.split("<form", 1)[1].split(">", 1)[0]
    several = re.search(r'href="([^"]+)" data-testid="bison-move-several"', body)
    assert several, "the chip that sends hunters to several spaces"
    body = client.get(several.group(1).replace("&amp;", "&")).get_data(as_text=True)
    assert 'data-several="1"' in body and 'aria-pressed="true"' in body
    # One destination with 2 of the 3 hunters: one play event, the third stays.
    goal = re.search(r'data-target="([^"]+)"', body).group(1)
    before = get(app, table.id).version
    answer = client.post(
        f"{base(table.id)}/play",
        data={"seat": 0, "action": "move_3", "from": "1,-1,prairie", "to": goal, "hunters": "2"},
    )
    assert answer.status_code == 303, text(answer)
    pieces = get(app, table.id).state.board.pieces
    assert get(app, table.id).version == before + 1
    assert pieces[((1, -1), "prairie")].hunters == 1


def test_a_retail_tile_is_described_by_its_shape(client, make_table, app):
    """B1: a prairie is one run of 1-5 edges, so a retail tile is one of five shapes up to
    its turn: one tap on the shape, one on the animals' split, one on the turned picture."""
    table = make_table("bison", FOUR)
    picker = client.get(f"{base(table.id)}/place?at=1,-1").get_data(as_text=True)
    shapes = dict(
        (int(k), url.replace("&amp;", "&"))
        for url, k in re.findall(r'<a href="([^"]+)" data-shape="(\d)"', picker)
    )
    assert sorted(shapes) == [1, 2, 3, 4, 5]
    assert 'data-retail="1"' in picker  # the river's ends and a side: still there
    page = client.get(shapes[2]).get_data(as_text=True)
    # Issue 34: its animals next, none chosen (1/1/1 is no default), no turned picture
    # yet and nothing refused: the split pictures are the first screen's next tap.
    assert page.count("data-split=") == 10 and page.count("data-turn=") == 0
    assert not re.search(r"data-split=[^>]*aria-current", page) and "alert-error" not in page
    split = re.search(r'<a href="([^"]+)" data-split="2-1-0"', page).group(1)
    page = client.get(split.replace("&amp;", "&")).get_data(as_text=True)
    assert re.search(r'data-split="2-1-0"[^>]*aria-current="true"', page)
    assert page.count("data-turn=") == 6
    assert page.index("data-turn=") < page.index("data-split=")  # the turns first now
    before = get(app, table.id).version
    answer = client.post(
        f"{base(table.id)}/place",
        data=retail("1,-1", "PPMMMM", (2, 1, 0), seat="0", hunters="1", turn="3", space="prairie"),
    )
    assert answer.status_code == 303, text(answer)
    placed = get(app, table.id).state.board.tiles[(1, -1)]
    assert get(app, table.id).version == before + 1
    assert placed.tile.animals_on("prairie") == 2 and placed.rotation == 3


def test_a_retail_tile_posted_without_its_animals_is_refused_in_words(client, make_table, app):
    """A retail tile's shape with no split chosen yet (a hand-made post, or "Confirm"
    before its animals): a sentence, nothing recorded, never a 500."""
    table = make_table("bison", FOUR)
    before = get(app, table.id).version
    answer = client.post(
        f"{base(table.id)}/place",
        data={"at": "1,-1", "edges": "PPMMMM", "seat": "0", "hunters": "1", "turn": "0,prairie"},
    )
    assert answer.status_code == 422 and "exactly 3 animals" in text(answer)
    assert "data-split=" in answer.get_data(as_text=True)  # the pictures to tap again
    assert get(app, table.id).version == before


def test_a_move_is_one_tap_in_the_space_sheet(client, make_table, app):
    """Issue 34 (after issue 26 item 8): a space's sheet offers, per move action, a row per
    destination the rules allow (B3, nearest first) with a button per count (1 … all); one
    htmx post of a button (``go=<n>:<space>``) is one move, the rest staying (B6)."""
    table = make_table("bison", FOUR)
    yui_to_move_with_three_hunters(client, table.id)
    state = get(app, table.id).state
    source = ((1, -1), "prairie")
    page = client.get(f"/t/{table.id}").get_data(as_text=True)
    own = page.split('data-testid="bison-mine"')[1].split("</section>")[0]
    for action in ("move_1", "move_3"):
        row = own.split(f'data-move-form="{action}:1,-1,prairie"')[1].split("</form>")[0]
        assert 'hx-post="' in own  # the live panel: no reload
        assert 'name="hunters"' not in row  # no count chip to tap first
        reach = fold.destinations(state, 0, source, action)
        shown = re.findall(r'name="go" value="(\d):(-?\d+),(-?\d+),(\w+)"', row)
        wanted = sorted(reach, key=lambda goal: (reach[goal], goal))
        assert [(int(n), ((int(q), int(r)), s)) for n, q, r, s in shown] == [
            (n, goal) for goal in wanted for n in (1, 2, 3)
        ]
        assert f'data-action-link="{action}" data-from="1,-1,prairie"' in row  # several
    far = next(g for g, cost in fold.destinations(state, 0, source, "move_3").items() if cost > 1)
    to = f"{far[0][0]},{far[0][1]},{far[1]}"
    before = get(app, table.id).version
    answer = client.post(
        f"{base(table.id)}/play",
        data={"seat": 0, "action": "move_3", "from": "1,-1,prairie", "go": f"2:{to}"},
        headers=HTMX,
    )
    assert answer.status_code == 200, text(answer)
    after = get(app, table.id)
    assert after.version == before + 1
    assert after.state.board.pieces[far].hunters == 2
    assert after.state.board.pieces[source].hunters == 1
    assert after.state.rounds.markers[0][-1] == "move_3"
    # Without JavaScript the row is a plain form: the same post comes back to the table.
    for seat in (1, 2, 3):  # their second actions: each gains an animal (B6)
        answer = client.post(
            f"{base(table.id)}/play", data={"seat": seat, "action": "canoe", "gain": "bison"}
        )
        assert answer.status_code == 303, text(answer)
    near = next(g for g, cost in fold.destinations(after.state, 0, far, "move_1").items())
    plain = client.post(
        f"{base(table.id)}/play",
        data={
            "seat": 0,
            "action": "move_1",
            "from": to,
            "hunters": 2,
            "to": f"{near[0][0]},{near[0][1]},{near[1]}",
        },
    )
    assert plain.status_code == 303, text(plain)
    assert plain.location.endswith(f"/t/{table.id}")
    assert get(app, table.id).state.board.pieces[near].hunters == 2


@pytest.mark.parametrize(
    "go",
    ["2", "x:1,-1,river", "2:1,-1,lake", "2:9,9,prairie", "9:1,-1,river", "0:1,-1,river"],
)
def test_a_bad_sheet_move_button_says_why_and_changes_nothing(client, make_table, app, go):
    """A ``go`` value no sheet draws (no colon, not a count, not a space, a space out of
    reach, more hunters than there are): a clear refusal, no event (issue 34)."""
    table = make_table("bison", FOUR)
    yui_to_move_with_three_hunters(client, table.id)
    before = get(app, table.id).version
    data = {"seat": 0, "action": "move_3", "from": "1,-1,prairie", "go": go}
    answer = client.post(f"{base(table.id)}/play", data=data, headers=HTMX)
    assert answer.status_code in (200, 422), text(answer)
    assert "alert-error" in answer.get_data(as_text=True)
    plain = client.post(f"{base(table.id)}/play", data=data)
    assert plain.status_code == 422 and "alert-error" in plain.get_data(as_text=True)
    assert get(app, table.id).version == before


@pytest.mark.parametrize(
    ("turn", "words"), [("6,prairie", "0"), ("-1,river", "0"), ("2,lake", "lake"), ("x,river", "x")]
)
def test_a_bad_turned_picture_tap_says_why_and_places_nothing(client, make_table, app, turn, words):
    """The lay screen's one-tap buttons (``turn=<n>,<space>``): a turn outside 0–5 or a
    space the tile has not is refused with a message naming it, nothing placed (B4)."""
    table = make_table("bison", FOUR)
    before = get(app, table.id).version
    data = {"at": "1,-1", "tile": "B08", "seat": "0", "hunters": "2", "turn": turn}
    answer = client.post(f"{base(table.id)}/place", data=data)
    assert answer.status_code == 422, text(answer)
    assert words in text(answer) and "alert-error" in answer.get_data(as_text=True)
    assert get(app, table.id).version == before
    assert (1, -1) not in get(app, table.id).state.board.tiles


def test_a_turned_picture_tap_lays_the_tile_with_the_count_chosen(client, make_table, app):
    """One tap on a space beside a turned picture lays the tile so turned with the hunters
    chosen (1 preset) on that space, paid as proposed (B4, B6): one play event."""
    table = make_table("bison", FOUR)
    page = client.get(f"{base(table.id)}/place?at=1,-1&tile=B08").get_data(as_text=True)
    assert page.count("data-turn-space=") == 18  # 6 turns × 3 spaces
    assert re.search(r'name="hunters" value="1" checked', page)  # one hunter: no food
    data = {"at": "1,-1", "tile": "B08", "seat": "0", "hunters": "2", "turn": "4,river"}
    answer = client.post(f"{base(table.id)}/place", data=data)
    assert answer.status_code == 303, text(answer)
    state = get(app, table.id).state
    assert state.board.tiles[(1, -1)].rotation == 4
    assert state.board.pieces[((1, -1), "river")].hunters == 2
    assert state.stocks[0].total == 30 - 2  # B6: two hunters cost 2 animals


def test_with_no_hunter_left_a_turned_picture_tap_lays_the_tile_and_gains(client, make_table, app):
    """B6: with no hunter in the supply the tile's action gains one animal; the lay screen
    puts an animal's button beside each turned picture (``turn=<n>`` in its address): one
    tap lays the tile so turned and gains it (issue 34; it was a tap per 60° on the
    preview, then the animal)."""
    table = make_table("bison", 2)
    yui = {"at": "1,-1", "tile": "B08", "seat": "0", "hunters": "4", "turn": "0,prairie"}
    assert client.post(f"{base(table.id)}/place", data=yui).status_code == 303
    assert get(app, table.id).state.supplies[0].hunters_supply == 0
    play_round(client, app, table.id)
    assert client.post(f"{base(table.id)}/score", data={}).status_code == 303
    state = get(app, table.id).state
    assert fold.turn(state).seat == 1 and fold.turn(state).tile_due  # Ben first in round 2
    ben = {"at": "-1,1", "tile": "B07", "seat": "1", "hunters": "1", "turn": "0,river"}
    assert client.post(f"{base(table.id)}/place", data=ben).status_code == 303
    at = next(h for h in sorted(fold.legal_hexes(get(app, table.id).state)))
    where = f"{at[0]},{at[1]}"
    page = client.get(f"{base(table.id)}/place?at={where}&tile=B02").get_data(as_text=True)
    assert "data-turn-space=" not in page  # no hunter to put on a space
    assert page.count("data-turn-gain=") == 18  # 6 turns × 3 animals
    assert f'formaction="/t/{table.id}/bison/place?turn=5"' in page
    before = get(app, table.id)
    salmon = before.state.stocks[0].get("salmon")
    answer = client.post(
        f"{base(table.id)}/place?turn=5",
        data={"at": where, "tile": "B02", "seat": "0", "rotation": "0", "gain": "salmon"},
    )
    assert answer.status_code == 303, text(answer)
    after = get(app, table.id)
    assert after.version == before.version + 1
    assert after.state.board.tiles[at].rotation == 5
    assert after.state.stocks[0].get("salmon") == salmon + 1


def test_once_move_1_is_taken_the_line_moves_1_space_as_move_3(client, make_table, app):
    """Issue 34: a space's line offers its 1-space destinations as one-tap chips (all its
    hunters going) counted as "move 1 space"; once that marker is taken, the same chips
    count as "move 1–3 spaces" (B6: a 1-space move is one of its moves), never its
    2–3-space destinations (those are in the sheet)."""
    table = make_table("bison", FOUR)
    yui_to_move_with_three_hunters(client, table.id)
    source = ((1, -1), "prairie")
    state = get(app, table.id).state
    near = sorted(g for g, cost in fold.destinations(state, 0, source, "move_1").items())
    line = re.findall(
        r'data-line-move="(\w+):1,-1,prairie" data-move-to="([^"]+)"', page(client, table.id)
    )
    assert {a for a, _ in line} == {"move_1"} and len(line) == len(near)
    # Yui moves one hunter 1 space back and forth with move_1, the others gain an animal.
    first = f"{near[0][0][0]},{near[0][0][1]},{near[0][1]}"
    move = {"seat": 0, "action": "move_1", "from": "1,-1,prairie", "go": f"1:{first}"}
    assert client.post(f"{base(table.id)}/play", data=move).status_code == 303
    for seat in (1, 2, 3):
        gain = {"seat": seat, "action": "canoe", "gain": "bison"}
        assert client.post(f"{base(table.id)}/play", data=gain).status_code == 303
    state = get(app, table.id).state
    assert fold.turn(state).seat == 0
    reach = fold.destinations(state, 0, source, "move_3")
    line = re.findall(
        r'data-line-move="(\w+):1,-1,prairie" data-move-to="([^"]+)"', page(client, table.id)
    )
    assert {a for a, _ in line} == {"move_3"}
    assert sorted(line) == sorted(
        ("move_3", f"{g[0][0]},{g[0][1]},{g[1]}") for g, cost in reach.items() if cost == 1
    )
    before = get(app, table.id).version
    go = {"seat": 0, "action": "move_3", "from": "1,-1,prairie", "hunters": 2, "to": line[0][1]}
    assert client.post(f"{base(table.id)}/play", data=go, headers=HTMX).status_code == 200
    after = get(app, table.id)
    assert after.version == before + 1 and after.state.rounds.markers[0][-1] == "move_3"


def page(client: Any, table_id: str) -> str:
    """The board page's next controls (the player in turn's lines)."""
    html = client.get(f"/t/{table_id}").get_data(as_text=True)
    return html.split('data-testid="bison-mine"')[1].split("bison-nohunters")[0]
