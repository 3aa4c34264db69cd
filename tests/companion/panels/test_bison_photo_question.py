"""A question of several steps on the proposal (issue 32, item 4; B6): one line with its
answers, each naming its actions and food, one tap to choose; Confirm stores the answer
chosen (its markers, its food)."""

from __future__ import annotations

import json
import re

import pytest
from bison_photos import NEW_AT
from companion_testkit import get
from test_bison_photo_edit import confirm, edit, form_of, read_photo

from companion.panels.bison import proposal
from games.bison import explain, fold


@pytest.fixture
def table(make_table):
    return make_table("bison", 2)  # Ann (red, seat 0) and Ben (blue, seat 1)


def _split(client, app, table) -> tuple[dict[str, str], list[dict]]:
    """Ann's 2 hunters on B08's prairie (confirmed); then a photo of them on two spaces
    one step away: one move_1 of both for 2 food, or move_1 and move_3 for none."""
    assert confirm(client, table.id, form_of(read_photo(client, table.id))).status_code == 303
    state = get(app, table.id).state
    start = (NEW_AT, "prairie")
    a, b = sorted(fold.destinations(state, 0, start, "move_1"))[:2]
    moves = [
        {"from": fold.space_ref(state, start), "to": fold.space_ref(state, goal), "hunters": 1}
        for goal in (a, b)
    ]
    split = {"type": "play", "seat": 0, "action": "move_1", "moves": moves, "override": True}
    after = fold.apply(state, split)
    result = explain.explain(state, explain.as_reading(after), hidden=())
    steps = proposal.steps_json(result.steps, result.questions)
    form = {
        "steps": json.dumps(steps),
        "notes": "{}",
        "version": str(get(app, table.id).version),
        "take.0": "1",
    }
    return form, steps


def test_a_question_of_several_steps_is_one_line_with_its_answers(client, table, app):
    form, steps = _split(client, app, table)
    (item,) = steps  # two steps of the cheapest answer, carried as one line
    # The cheapest, the next dearer food, then the same food with other markers (B6).
    assert [(a["cost"], sorted(a["markers"])) for a in item["answers"]] == [
        (0, ["move_1", "move_3"]),
        (2, ["move_1"]),
        (2, ["move_3"]),
    ]
    page = edit(client, table.id, form)  # the proposal again, nothing opened
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert html.count('data-testid="bison-photo-line"') == 1
    assert re.findall(r'name="choice\.0"[^>]*data-cost="(\d+)"', html) == ["0", "2", "2"]


@pytest.mark.parametrize(("choice", "food", "markers"), [("0", 0, 2), ("1", 2, 1)])
def test_confirm_stores_the_answer_chosen_with_its_food(client, table, app, choice, food, markers):
    form, _steps = _split(client, app, table)
    fields = form_of(edit(client, table.id, form))
    before = get(app, table.id).state
    assert confirm(client, table.id, {**fields, "choice.0": choice}).status_code == 303
    after = get(app, table.id).state
    assert before.stocks[0].total - after.stocks[0].total == food
    assert len(after.rounds.markers[0]) - len(before.rounds.markers[0]) == markers


def test_a_question_line_is_answered_not_edited(client, table, app):
    form, _steps = _split(client, app, table)
    page = edit(client, table.id, form, open="0")
    assert 'data-testid="bison-photo-editor"' not in page.get_data(as_text=True)
