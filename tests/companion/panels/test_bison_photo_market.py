"""A buy the photo shows on the proposal (B7, issue 32): a hunter placed beyond the
supply was bought — its line says so with its price, before the tile's line, and Confirm
stores the buy and the tile (before: the tile on the mirror without its hunters)."""

from __future__ import annotations

import json
import re

import pytest
from bison_proposal import confirm, edit, form_of
from companion_testkit import get, text

from companion import tables
from companion.panels.bison import proposal
from games.bison import explain, fold
from games.bison.taps import tiles_in_bag

ANN = 0
ANIMALS = ("bison", "salmon", "turkey")


@pytest.fixture
def table(make_table):
    return make_table("bison", 2)  # Ann (red, seat 0) and Ben (blue, seat 1)


def photo_proposal(app, table, hunters: int, bought: int) -> dict[str, str]:
    """Ann bought ``bought`` hunters and placed her tile with ``hunters`` (B6, B7): the
    proposal of its photo, every line ticked."""
    state = get(app, table.id).state
    at = sorted(fold.legal_hexes(state))[0]
    tile = {"type": "play", "seat": ANN, "action": "place_tile", "at": list(at), "rotation": 0}
    tile |= {"tile": tiles_in_bag(state.board)[0], "space": "prairie", "hunters": hunters}
    truth = state
    for _ in range(bought):
        truth = fold.apply(truth, {"type": "buy", "seat": ANN, "item": "hunter"})
    truth = fold.apply(truth, tile)
    result = explain.explain(state, explain.as_reading(truth), hidden=())
    steps = proposal.steps_json(result.steps, result.questions)
    version = str(get(app, table.id).version)
    form = {"steps": json.dumps(steps), "notes": "{}", "version": version}
    return form | {f"take.{n}": "1" for n in range(len(steps))}


def bought_and_placed(app, table) -> dict[str, str]:
    """Ann bought a hunter and placed her tile with 5 hunters (10 food, B6)."""
    return photo_proposal(app, table, hunters=5, bought=1)


def test_the_buy_is_a_line_with_its_price_and_confirm_stores_it(client, table, app):  # B7
    form = bought_and_placed(app, table)
    page = edit(client, table.id, form)
    assert page.status_code == 200, text(page)
    html = page.get_data(as_text=True)
    said = text(page)
    assert "Bought a hunter at the market" in said
    assert said.index("Bought a hunter at the market") < said.index("B0")  # before the tile
    assert "pays 1 bison + 1 salmon + 1 turkey" in said
    assert "buy more at the market" not in html
    before = get(app, table.id).state
    assert confirm(client, table.id, form).status_code == 303
    after = get(app, table.id).state
    supply = after.supplies[ANN]
    assert (supply.hunters_supply, supply.hunters_board, supply.hunters_market) == (0, 5, 3)
    paid = sum(before.stocks[ANN].as_dict().values()) - sum(after.stocks[ANN].as_dict().values())
    assert paid == 3 + 10  # the hunter's price (B7) and 5 hunters placed (B6)
    with app.app_context():
        stored = tables.events(table.id)[-2:]
    assert [e["type"] for e in stored] == ["buy", "play"]  # one transaction, in order


@pytest.mark.parametrize(
    ("lang", "words"),
    [("ja", "市場でハンターを買った"), ("it", "Comprato un cacciatore al mercato")],
)
def test_the_buy_line_speaks_japanese_and_italian(client, table, app, lang, words):
    page = edit(client, table.id, bought_and_placed(app, table))
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = lang
    page = edit(client, table.id, bought_and_placed(app, table))
    assert words in text(page)


@pytest.mark.parametrize("where", ["event", "option", "answer"])
def test_a_carried_line_of_another_kind_is_refused_in_words(client, table, app, where):
    """A crafted line whose event is no line's kind (a ``score``, say) is refused whole,
    in words, nothing stored (it was an HTTP 500 once the page drew it)."""
    form = bought_and_placed(app, table)
    steps = json.loads(form["steps"])
    score = {"type": "score", "override": True}
    if where == "event":
        steps[0]["event"] = score
    elif where == "option":
        steps[0]["options"] = [steps[0]["event"], score]
    else:
        steps[0]["answers"] = [{"events": [score], "cost": 0}]
    crafted = {**form, "steps": json.dumps(steps)}
    before = get(app, table.id).version
    for answer in (
        edit(client, table.id, crafted),
        client.post(f"/t/{table.id}/bison/photo/confirm", data=crafted),
    ):
        assert answer.status_code == 422, answer.status_code
        assert re.search(r"could not be read", text(answer))
    assert get(app, table.id).version == before


def placed_with_supply(app, table) -> dict[str, str]:
    """Ann placed her tile with 3 of her 4 hunters from her supply (1 left): a buy of
    hers the board cannot prove."""
    return photo_proposal(app, table, hunters=3, bought=0)


def test_a_buy_the_photo_does_not_show_is_one_tap_on_the_proposal(client, table, app):  # B7
    # Ann also bought a hunter that the board does not prove (it could be in her supply):
    # her chip adds its line, ticked, and Confirm stores it with the tile. Ben, 4 hunters
    # in his supply, is not short of any: no chip (the panel's "Buy a hunter" stays).
    form = placed_with_supply(app, table)
    page = edit(client, table.id, form)
    html = page.get_data(as_text=True)
    assert 'data-testid="bison-photo-buys"' in html
    assert "Bought a hunter at the market" not in text(page)
    chips = re.findall(r'data-testid="bison-photo-buy" data-seat="(\d)">([^<]*)<', html)
    assert chips == [("0", "Ann")]
    added = edit(client, table.id, {**form, "addbuy": "0"})
    assert added.status_code == 200
    said = text(added)
    assert "Bought a hunter at the market" in said and "pays 1 bison + 1 salmon + 1 turkey" in said
    fields = form_of(added)
    steps = json.loads(fields["steps"])
    assert steps[-1]["event"] == {"type": "buy", "seat": ANN, "item": "hunter"}
    assert fields[f"take.{len(steps) - 1}"] == "1"
    before = get(app, table.id).state
    assert confirm(client, table.id, fields).status_code == 303
    after = get(app, table.id).state
    assert after.supplies[ANN].hunters_market == before.supplies[ANN].hunters_market - 1
    spent = {a: before.stocks[ANN].get(a) - after.stocks[ANN].get(a) for a in ANIMALS}
    assert spent == {"bison": 3, "salmon": 2, "turkey": 2}  # 4 food for the tile, 1 of each


@pytest.mark.parametrize("seat", ["2", "-1", "x", ""])
def test_a_buy_for_no_seat_at_the_table_adds_nothing(client, table, app, seat):
    form = placed_with_supply(app, table)
    page = edit(client, table.id, {**form, "addbuy": seat})
    assert page.status_code == 200
    assert len(json.loads(form_of(page)["steps"])) == len(json.loads(form["steps"]))


def test_no_buy_chip_for_a_seat_the_lines_leave_hunters(client, table, app):
    html = edit(client, table.id, photo_proposal(app, table, hunters=2, bought=0)).get_data(
        as_text=True
    )
    assert 'data-testid="bison-photo-buys"' not in html  # Ann keeps 2, Ben 4: nobody short
