"""A player's several actions that no question asks about, on the photo proposal (issue 32,
items 4–5; B6): ONE line, paid in all in one editor (a wrong split of the food across
separate lines took many taps: bench/bison_taps.py --photo); "Fix each action on its own
line" gives each action its own line and editor again."""

from __future__ import annotations

import json
import re

import pytest
from bison_proposal import START, confirm, edit, form_of, placed_and_built
from companion_testkit import get, text


@pytest.fixture
def table(make_table):
    return make_table("bison", 2)  # Ann (red, seat 0) and Ben (blue, seat 1)


def test_a_players_actions_in_a_row_are_one_line_with_their_food(client, table, app):
    form = placed_and_built(app, table)
    (item,) = json.loads(form["steps"])
    (answer,) = item["answers"]
    assert [e["action"] for e in answer["events"]] == ["place_tile", "tent"]
    assert answer["cost"] == 4  # B6: 3 hunters placed
    page = edit(client, table.id, form)
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert html.count('data-testid="bison-photo-line"') == 1
    assert 'name="choice.0"' not in html  # nothing to choose: one answer
    # Paid in all: one "pays" for the line, its food the actions' sum (B6).
    (paid,) = re.findall(r"pays ([^<]*)</span>", html)
    assert sum(int(n) for n in re.findall(r"\d+", paid)) == 4


def test_the_line_is_paid_in_all_as_the_player_paid(client, table, app):  # B6
    form = placed_and_built(app, table)
    fields = form_of(edit(client, table.id, form))
    opened = edit(client, table.id, fields, open="0")
    assert "These actions cost 4 animals in all" in text(opened)
    split = {"e.pay.bison": "0", "e.pay.salmon": "1", "e.pay.turkey": "3"}
    saved = edit(client, table.id, form_of(opened), save="0", **split)
    assert saved.status_code == 200, text(saved)
    before = get(app, table.id).state
    assert confirm(client, table.id, form_of(saved)).status_code == 303
    after = get(app, table.id).state
    assert before.stocks[0].salmon - after.stocks[0].salmon == 1
    assert before.stocks[0].turkey - after.stocks[0].turkey == 3
    assert before.stocks[0].bison == after.stocks[0].bison
    assert after.board.pieces[START].structure == 1


def test_each_action_gets_its_own_line_and_editor_again(client, table, app):
    form = placed_and_built(app, table)
    fields = form_of(edit(client, table.id, form))
    opened = form_of(edit(client, table.id, fields, open="0"))
    apart = edit(client, table.id, opened, split="0")
    assert apart.status_code == 200
    lines = form_of(apart)
    steps = json.loads(lines["steps"])
    assert [s["event"]["action"] for s in steps] == ["place_tile", "tent"]
    assert lines["take.0"] == lines["take.1"] == "1"
    tent = form_of(edit(client, table.id, lines, open="1"))
    assert tent["e.action"] == "tent" and tent["e.count.0"] == "1"
    before = get(app, table.id).state
    assert confirm(client, table.id, lines).status_code == 303
    assert before.stocks[0].total - get(app, table.id).state.stocks[0].total == 4
