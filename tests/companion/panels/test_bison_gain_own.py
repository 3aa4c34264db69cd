"""A phone's own action without hunters, out of turn (issue 32, B6b).

In a photo round the companion stays at the round's start until the photo, and no
photo shows an animal gained without hunters: each player records theirs on their own
phone as they take it (one tap), whoever's turn the companion is at. Its marker is the
app's bookkeeping (B6b): when the photo then shows that same action with hunters, the
gain's marker moves to a free action, so the photo's explanation is not bent around a
marker the player never chose."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from bison_proposal import confirm, edit
from companion_testkit import get, text

from companion.panels.bison import proposal
from games.bison import explain, fold
from games.bison.rounds import Action
from games.bison.taps import tiles_in_bag

ANN, BEN = 0, 1


@pytest.fixture
def table(make_table):
    return make_table("bison", 2)  # Ann (seat 0, in turn) and Ben (seat 1)


def seated(client: Any, table_id: str, seat: int) -> None:
    assert client.post(f"/t/{table_id}/seat", data={"seat": str(seat)}).status_code == 303


def own_row(html: str, seat: int) -> str:
    found = re.search(rf'<div class="bison-gain-own" data-turn-seat="{seat}".*?</div>', html, re.S)
    assert found, "no own row for that seat"
    return found.group(0)


def test_a_phone_gains_its_animal_out_of_turn_in_one_tap(client, table, app):  # B6, B6b
    seated(client, table.id, BEN)
    html = client.get(f"/t/{table.id}").get_data(as_text=True)
    row = own_row(html, BEN)
    assert 'name="action" value="tent"' in row  # the first free action, never the tile
    assert (
        "bison-gain-own" in html
        and f'data-turn-seat="{ANN}" data-testid="bison-gain-own"' not in html
    )
    before = get(app, table.id)
    answer = client.post(
        f"/t/{table.id}/bison/play",
        data={"seat": str(BEN), "action": "tent", "gain": "salmon"},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 200, text(answer)
    after = get(app, table.id)
    assert after.version == before.version + 1
    state = after.state
    assert state.stocks[BEN].get("salmon") == before.state.stocks[BEN].get("salmon") + 1
    assert state.rounds.markers[BEN] == (Action.TENT,)
    assert state.rounds.gains_of(BEN) == (Action.TENT,) and state.rounds.held(BEN) == ()
    assert state.rounds.next_seat == ANN  # Ann's turn still: she has taken fewer


def test_a_phone_without_that_seat_is_still_told_whose_turn_it_is(client, table, app):
    # The table's phone (no seat) posting Ben's gain while it is Ann's turn: the fold's
    # turn order stands (only a phone's own seat is taken out of turn).
    before = get(app, table.id).version
    answer = client.post(
        f"/t/{table.id}/bison/play",
        data={"seat": str(BEN), "action": "tent", "gain": "salmon"},
        headers={"HX-Request": "true"},
    )
    assert "it is not your turn" in text(answer)
    assert get(app, table.id).version == before


def test_a_bad_animal_changes_nothing(client, table, app):
    seated(client, table.id, BEN)
    before = get(app, table.id).version
    answer = client.post(
        f"/t/{table.id}/bison/play",
        data={"seat": str(BEN), "action": "tent", "gain": "mammoth"},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code in (200, 422) and "mammoth" in text(answer)
    assert get(app, table.id).version == before


def test_the_photo_takes_the_action_the_gain_counted_for(client, table, app):  # B6b
    # Ben gained a salmon before the photo (counted as "tent"), then placed his tile
    # with 2 hunters and built a size-1 tent from one of them. Before B6b the tent's
    # marker was taken: the proposal could not build it (a free correction, food lost).
    seated(client, table.id, BEN)
    client.post(
        f"/t/{table.id}/bison/play",
        data={"seat": str(BEN), "action": "tent", "gain": "salmon"},
        headers={"HX-Request": "true"},
    )
    state = get(app, table.id).state
    at = sorted(fold.legal_hexes(state))[0]
    tile = {"type": "play", "seat": BEN, "action": "place_tile", "at": list(at), "rotation": 0}
    tile |= {"tile": tiles_in_bag(state.board)[0], "space": "prairie", "hunters": 2}
    tile |= {"override": True, "payment": {"bison": 2, "salmon": 0, "turkey": 0}}
    truth = fold.apply(state, tile)
    ref = fold.space_ref(truth, (at, "prairie"))
    build = {"type": "play", "seat": BEN, "action": "tent", "hunters": 1, "override": True}
    truth = fold.apply(truth, build | {"builds": [{"space": ref, "size": 1}]})
    result = explain.explain(state, explain.as_reading(truth), hidden=())
    assert [s.event["type"] for s in result.steps] == ["play", "play"]
    assert [s.event["action"] for s in result.steps] == ["place_tile", "tent"]
    steps = proposal.steps_json(result.steps, result.questions)
    version = str(get(app, table.id).version)
    form = {"steps": json.dumps(steps), "notes": "{}", "version": version}
    form |= {f"take.{n}": "1" for n in range(len(steps))}
    assert edit(client, table.id, form).status_code == 200
    assert confirm(client, table.id, form).status_code == 303
    after = get(app, table.id).state
    assert after.board.pieces == truth.board.pieces
    assert after.stocks[BEN].total == truth.stocks[BEN].total  # the salmon kept, 2 food paid
    assert set(after.rounds.markers[BEN]) == {Action.CANOE, Action.PLACE_TILE, Action.TENT}
    assert after.rounds.gains_of(BEN) == (Action.CANOE,)  # the gain's marker moved


def test_the_photo_knows_the_gains_recorded_this_round(client, table, app):  # B6b
    # What explain's ``gained`` gets: this round's gains, an undone one left out.
    from companion import tables

    seated(client, table.id, BEN)
    for animal in ("salmon", "turkey"):
        client.post(
            f"/t/{table.id}/bison/play",
            data={
                "seat": str(BEN),
                "action": "canoe" if animal == "turkey" else "tent",
                "gain": animal,
            },
            headers={"HX-Request": "true"},
        )
    assert client.post(f"/t/{table.id}/undo", data={"seat": str(BEN)}).status_code in (200, 303)
    with app.app_context():
        assert explain.gains_this_round(tables.events(table.id)) == {BEN: {"salmon": 1}}
