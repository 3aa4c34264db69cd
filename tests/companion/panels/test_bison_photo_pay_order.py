"""Paid before or after the animals gained without hunters (issue 32, item 4; B6, B6b).

An animal gained without hunters is recorded on its player's phone as it is taken, before
the photo; the photo cannot say whether it came before the round's payments. The proposal
pre-fills each payment as if the gains came last (``explain``); where the rules' default
split (B6, from the largest stocks) differs had they come first, the line asks: both
splits as chips, the shown one chosen, the other one tap (it fills the line's payment;
without JavaScript Confirm reads the answer itself)."""

from __future__ import annotations

import json
import re

import pytest
from bison_panel import base
from bison_photos import NEW_AT, NEW_TILE, NEW_TURN
from bison_proposal import confirm, edit, form_of
from companion_testkit import get, text

from companion.panels.bison import proposal
from games.bison import explain, fold

ANN, BEN = 0, 1
ANIMALS = ("bison", "salmon", "turkey")


@pytest.fixture
def table(make_table):
    return make_table("bison", 2)  # Ann (seat 0, in turn) and Ben (seat 1)


def gained_turkey(client, table_id: str) -> None:
    """Ann's +1 turkey without hunters, on her own phone (B6b): 10/10/11."""
    assert client.post(f"/t/{table_id}/seat", data={"seat": str(ANN)}).status_code == 303
    answer = client.post(
        f"{base(table_id)}/play",
        data={"seat": str(ANN), "action": "move_1", "gain": "turkey"},
        headers={"HX-Request": "true"},
    )
    assert answer.status_code == 200, text(answer)


def tile_photo(app, table, gained: dict[int, dict[str, int]]) -> dict[str, str]:
    """Ann placed B08 with 3 hunters (4 food, B6) after her gain, levelled as she paid it
    then (1 bison, 1 salmon, 2 turkeys); the proposal as the photo makes it."""
    state = get(app, table.id).state
    tile = {"type": "play", "seat": ANN, "action": "place_tile", "at": list(NEW_AT)}
    tile |= {"tile": NEW_TILE, "rotation": NEW_TURN, "space": "prairie", "hunters": 3}
    truth = fold.apply(state, tile | {"override": True})
    result = explain.explain(state, explain.as_reading(truth), hidden=(), gained=gained)
    assert not result.questions and len(result.steps) == 1
    steps = proposal.steps_json(result.steps, result.questions)
    version = str(get(app, table.id).version)
    return {"steps": json.dumps(steps), "notes": "{}", "version": version, "take.0": "1"}


def spent(before, after) -> dict[str, int]:
    return {a: before.stocks[ANN].get(a) - after.stocks[ANN].get(a) for a in ANIMALS}


def order_chips(html: str) -> list[str]:
    found = re.search(r'data-testid="bison-photo-pay-order".*?</fieldset>', html, re.S)
    assert found, "no question about the order"
    return re.findall(r"<label[^>]*>(.*?)</label>", found.group(0), re.S)


def test_the_line_asks_before_or_after_the_gain_the_shown_split_chosen(client, table, app):
    gained_turkey(client, table.id)
    page = edit(client, table.id, tile_photo(app, table, {ANN: {"turkey": 1}}))
    html = page.get_data(as_text=True)
    chips = [re.sub(r"<[^>]+>|\s+", " ", c).strip() for c in order_chips(html)]
    assert chips == [
        "before +1 turkey: 2 bison + 1 salmon + 1 turkey",  # as if the gain came last
        "after +1 turkey: 1 bison + 1 salmon + 2 turkeys",  # levelled on 10/10/11
    ]
    fields = form_of(page)
    assert fields["after.0"] == "0"  # the shown split chosen
    assert [fields[f"payshown.0.{a}"] for a in ANIMALS] == ["2", "1", "1"]
    # The other answer's chip carries its split, which bison_photo.js fills in.
    chip = re.search(r'<input type="radio" name="after.0" value="1"[^>]*>', html)
    assert chip and 'data-bison="1" data-salmon="1" data-turkey="2"' in chip.group(0)


def test_after_the_gain_is_confirmed_as_levelled_then(client, table, app):  # B6
    gained_turkey(client, table.id)
    fields = form_of(edit(client, table.id, tile_photo(app, table, {ANN: {"turkey": 1}})))
    before = get(app, table.id).state
    done = confirm(client, table.id, {**fields, "after.0": "1"})  # no JavaScript: Confirm
    assert done.status_code == 303, text(done)
    assert spent(before, get(app, table.id).state) == {"bison": 1, "salmon": 1, "turkey": 2}


def test_the_split_filled_in_by_the_chip_is_confirmed_the_same(client, table, app):
    gained_turkey(client, table.id)
    fields = form_of(edit(client, table.id, tile_photo(app, table, {ANN: {"turkey": 1}})))
    before = get(app, table.id).state
    typed = {"pay.0.bison": "1", "pay.0.salmon": "1", "pay.0.turkey": "2", "after.0": "1"}
    assert confirm(client, table.id, {**fields, **typed}).status_code == 303
    assert spent(before, get(app, table.id).state) == {"bison": 1, "salmon": 1, "turkey": 2}


@pytest.mark.parametrize("answer", ["0", "x", "", "2"])
def test_before_or_no_answer_keeps_the_split_shown(client, table, app, answer):
    gained_turkey(client, table.id)
    fields = form_of(edit(client, table.id, tile_photo(app, table, {ANN: {"turkey": 1}})))
    before = get(app, table.id).state
    assert confirm(client, table.id, {**fields, "after.0": answer}).status_code == 303
    assert spent(before, get(app, table.id).state) == {"bison": 2, "salmon": 1, "turkey": 1}


def test_no_question_without_a_gain_or_when_both_splits_agree(client, table, app):
    page = edit(client, table.id, tile_photo(app, table, {}))  # Ann gained nothing
    assert 'data-testid="bison-photo-pay-order"' not in page.get_data(as_text=True)
    # A gain that changes nothing in the split: 2 bison + 1 salmon + 1 turkey either way.
    client.post(f"/t/{table.id}/seat", data={"seat": str(ANN)})
    client.post(
        f"{base(table.id)}/play",
        data={"seat": str(ANN), "action": "move_1", "gain": "bison"},
        headers={"HX-Request": "true"},
    )
    page = edit(client, table.id, tile_photo(app, table, {ANN: {"bison": 1}}))
    assert 'data-testid="bison-photo-pay-order"' not in page.get_data(as_text=True)


@pytest.mark.parametrize(
    ("lang", "words"),
    [("ja", ("七面鳥", "の前", "の後")), ("it", ("prima di +1 tacchino", "dopo +1 tacchino"))],
)
def test_the_question_speaks_japanese_and_italian(client, table, app, lang, words):
    gained_turkey(client, table.id)
    form = tile_photo(app, table, {ANN: {"turkey": 1}})
    html = client.post(
        f"{base(table.id)}/photo/edit", data=form, headers={"Accept-Language": lang}
    ).get_data(as_text=True)
    chips = re.sub(r"<[^>]+>", "", " ".join(order_chips(html)))  # BudouX's <wbr> too
    assert all(w in chips for w in words), chips


def test_a_line_paid_after_the_gain_asks_with_after_chosen(client, table, app):
    # The photo's explanation kept the stocks as they are (the ones without the gain
    # explained less of the photo): the line shows the split after the gain, chosen, and
    # "before" is the other chip; answered without JavaScript, Confirm pays it so.
    gained_turkey(client, table.id)
    page = edit(client, table.id, tile_photo(app, table, {}))  # levelled on 10/10/11
    fields = form_of(page)
    assert fields["after.0"] == "1"
    assert [fields[f"payshown.0.{a}"] for a in ANIMALS] == ["1", "1", "2"]
    before = get(app, table.id).state
    assert confirm(client, table.id, {**fields, "after.0": "0"}).status_code == 303
    assert spent(before, get(app, table.id).state) == {"bison": 2, "salmon": 1, "turkey": 1}
