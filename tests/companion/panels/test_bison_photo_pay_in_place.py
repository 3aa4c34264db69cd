"""A line's payment fixed on the line itself (issue 32, item 5; B6): each player's line
carries its payment (``pay.<n>.<animal>`` beside what it showed, ``payshown.<n>.…``), so a
fix is the animals typed, no editor to open or save. The rules check it with the whole
proposal (Confirm, or the page drawn again); a payment they refuse, or no number, is a
sentence naming the line, the typed values kept, nothing stored."""

from __future__ import annotations

import json
import re

import pytest
from bison_panel import base
from bison_proposal import START, confirm, edit, form_of, placed_and_built
from companion_testkit import get, text

from games.bison.economy import default_payment

ANIMALS = ("bison", "salmon", "turkey")


@pytest.fixture
def table(make_table):
    return make_table("bison", 2)  # Ann (red, seat 0) and Ben (blue, seat 1)


def _typed(fields: dict[str, str], **paid: str) -> dict[str, str]:
    return {**fields, **{f"pay.0.{a}": n for a, n in paid.items()}}


def test_each_line_carries_its_payment_as_shown(client, table, app):
    fields = form_of(edit(client, table.id, placed_and_built(app, table)))
    paid = {a: int(fields[f"pay.0.{a}"]) for a in ANIMALS}
    assert sum(paid.values()) == 4  # B6: 3 hunters placed, the tent of size 1 free
    assert all(fields[f"payshown.0.{a}"] == str(n) for a, n in paid.items())


def test_a_payment_typed_on_the_line_is_confirmed_as_typed(client, table, app):  # B6
    fields = form_of(edit(client, table.id, placed_and_built(app, table)))
    before = get(app, table.id).state
    done = confirm(client, table.id, _typed(fields, bison="0", salmon="1", turkey="3"))
    assert done.status_code == 303, text(done)
    after = get(app, table.id).state
    spent = {a: before.stocks[0].get(a) - after.stocks[0].get(a) for a in ANIMALS}
    assert spent == {"bison": 0, "salmon": 1, "turkey": 3}
    assert after.board.pieces[START].structure == 1


def test_a_payment_typed_is_applied_when_the_page_is_drawn_again(client, table, app):
    fields = form_of(edit(client, table.id, placed_and_built(app, table)))
    page = edit(client, table.id, _typed(fields, bison="4", salmon="0", turkey="0"))
    assert page.status_code == 200
    assert "pays 4 bison" in text(page) and "(fixed)" in text(page)
    again = form_of(page)  # the payment is the line's now: shown as typed
    assert [again[f"payshown.0.{a}"] for a in ANIMALS] == ["4", "0", "0"]
    before = get(app, table.id).state
    assert confirm(client, table.id, again).status_code == 303
    assert before.stocks[0].bison - get(app, table.id).state.stocks[0].bison == 4


@pytest.mark.parametrize(
    ("paid", "said"),
    [
        ({"bison": "40"}, "you have only"),  # more than the stocks hold (B6)
        ({"bison": "x"}, "x"),  # no number
        ({"salmon": "-1"}, "-1"),
        ({"turkey": "1.5"}, "1.5"),
    ],
)
def test_a_payment_refused_names_the_line_keeps_the_typing_and_stores_nothing(
    client, table, app, paid, said
):
    fields = form_of(edit(client, table.id, placed_and_built(app, table)))
    version = get(app, table.id).version
    refused = confirm(client, table.id, _typed(fields, **paid))
    assert refused.status_code == 422
    words = text(refused)
    assert "was refused" in words and said in words
    assert 'data-testid="bison-photo-line-problem"' in refused.get_data(as_text=True)
    assert get(app, table.id).version == version  # nothing stored
    kept = form_of(refused)
    assert all(kept[f"pay.0.{a}"] == n for a, n in paid.items())  # the typing kept
    # The page drawn again says the same, beside the line; still nothing stored.
    drawn = edit(client, table.id, _typed(fields, **paid))
    assert drawn.status_code == 422 and said in text(drawn)
    assert get(app, table.id).version == version


def test_a_payment_left_as_shown_changes_nothing(client, table, app):
    fields = form_of(edit(client, table.id, placed_and_built(app, table)))
    page = edit(client, table.id, fields)
    assert page.status_code == 200 and "(fixed)" not in text(page)


@pytest.mark.parametrize(("lang", "words"), [("ja", "支払い（手持ち"), ("it", "Pagato con (hai")])
def test_the_payment_on_the_line_speaks_japanese_and_italian(client, table, app, lang, words):
    form = placed_and_built(app, table)
    page = client.post(f"{base(table.id)}/photo/edit", data=form, headers={"Accept-Language": lang})
    shown = text(page)
    assert words in shown and "Paid with" not in shown


def test_a_line_asked_nothing_offers_the_other_foods_it_could_cost(client, table, app):
    """Issue 32, item 5: Ann's tile and tent are the only explanation of her board, but
    hunters moved out and back (moves no photo shows) would leave it too for more food:
    each such food is a chip on the line's payment, carrying the rules' default split
    (B6); Confirm with that split stores that food, the board the photo's."""
    form = placed_and_built(app, table)
    carried = json.loads(form["steps"])
    foods = carried[0]["foods"]
    assert foods and all(food > 4 for food in foods) and foods == sorted(foods)
    page = edit(client, table.id, form)
    html = page.get_data(as_text=True)
    chips = re.findall(
        r'data-pay-food="0" data-bison="(\d+)" data-salmon="(\d+)" '
        r'data-turkey="(\d+)" data-food="(\d+)"',
        html,
    )
    assert [int(c[3]) for c in chips] == foods
    bison, salmon, turkey, food = (int(x) for x in chips[0])
    state = get(app, table.id).state
    assert {"bison": bison, "salmon": salmon, "turkey": turkey} == default_payment(
        state.stocks[0], food
    ).as_dict()
    fields = form_of(page)
    done = confirm(
        client, table.id, _typed(fields, bison=str(bison), salmon=str(salmon), turkey=str(turkey))
    )
    assert done.status_code == 303, text(done)
    after = get(app, table.id).state
    assert state.stocks[0].total - after.stocks[0].total == food
    assert after.board.pieces[START].structure == 1


def test_a_crafted_food_is_refused_as_unreadable(client, table, app):
    form = placed_and_built(app, table)
    steps = json.loads(form["steps"])
    steps[0]["foods"] = ["lots"]
    page = edit(client, table.id, {**form, "steps": json.dumps(steps)})
    assert page.status_code == 422 and "Traceback" not in page.get_data(as_text=True)
