"""A question of several steps on the proposal (issue 32, item 4; B6): one line with its
answers, each naming its actions and food, one tap to choose; Confirm stores the answer
chosen (its markers, its food)."""

from __future__ import annotations

import json
import re

import pytest
from bison_photos import NEW_AT
from bison_proposal import confirm, edit, form_of, read_photo
from companion_testkit import get, text

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
    # The cheapest, the next dearer food, the same food with other markers, then the
    # other foods the board could have cost (both hunters out and back: 4), by food (B6).
    assert [(a["cost"], sorted(a["markers"])) for a in item["answers"]] == [
        (0, ["move_1", "move_3"]),
        (2, ["move_1"]),
        (2, ["move_3"]),
        (4, ["move_1", "move_3"]),
    ]
    page = edit(client, table.id, form)  # the proposal again, nothing opened
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert html.count('data-testid="bison-photo-line"') == 1
    assert re.findall(r'name="choice\.0"[^>]*data-cost="(\d+)"', html) == ["0", "2", "2", "4"]
    # Past the first three, a chip names its food (three to a row); its actions follow
    # for a screen reader, and are its title.
    chips = re.findall(r'<label class="chip" title="([^"]*)">(.*?)</label>', html, re.S)
    assert [re.sub(r"<input[^>]*>", "", body).strip() for _t, body in chips][3] == (
        '4 food<span class="sr-only"> · Move 1 + Move 1–3</span>'
    )
    assert chips[3][0] == "move hunters 1 space each · move hunters 1 to 3 spaces each · 4 food"
    assert chips[1][1].endswith("Move 1 · 2 food")  # the first three name their actions


@pytest.mark.parametrize(("choice", "food", "markers"), [("0", 0, 2), ("1", 2, 1)])
def test_confirm_stores_the_answer_chosen_with_its_food(client, table, app, choice, food, markers):
    form, _steps = _split(client, app, table)
    fields = form_of(edit(client, table.id, form))
    before = get(app, table.id).state
    assert confirm(client, table.id, {**fields, "choice.0": choice}).status_code == 303
    after = get(app, table.id).state
    assert before.stocks[0].total - after.stocks[0].total == food
    assert len(after.rounds.markers[0]) - len(before.rounds.markers[0]) == markers


def test_a_question_line_opens_its_payment_only(client, table, app):
    """Item 5: a question's line is answered by its chips; its ✎ opens the food its
    answer chosen costs, never the board (the photo's)."""
    form, _steps = _split(client, app, table)
    fields = form_of(edit(client, table.id, form))
    page = edit(client, table.id, {**fields, "choice.0": "1"}, open="0")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'data-testid="bison-photo-editor"' in html
    assert "This answer costs 2 animals" in text(page)
    opened = form_of(page)
    assert "e.count.0" not in opened and "e.action" not in opened and "e.gain" not in opened
    paid = sum(int(opened[f"e.pay.{a}"]) for a in ("bison", "salmon", "turkey"))
    assert paid == 2  # the answer's own split (B6: the default, from the largest stocks)


def _paid(client, table, app, split: dict[str, str]):
    form, _steps = _split(client, app, table)
    fields = form_of(edit(client, table.id, form))
    opened = form_of(edit(client, table.id, {**fields, "choice.0": "1"}, open="0"))
    changes = {f"e.pay.{a}": n for a, n in split.items()}
    return opened, edit(client, table.id, opened, save="0", **changes)


def test_a_question_lines_payment_is_fixed_before_confirm(client, table, app):  # B6
    opened, saved = _paid(client, table, app, {"bison": "0", "salmon": "0", "turkey": "2"})
    assert saved.status_code == 200, text(saved)
    assert "(fixed)" in text(saved) and "2 turkeys" in text(saved)
    assert get(app, table.id).version == int(opened["version"])  # nothing stored yet
    before = get(app, table.id).state
    fields = form_of(saved)
    assert fields["choice.0"] == "1"  # the answer stays chosen
    assert confirm(client, table.id, fields).status_code == 303
    after = get(app, table.id).state
    assert before.stocks[0].turkey - after.stocks[0].turkey == 2
    assert before.stocks[0].bison == after.stocks[0].bison
    assert before.stocks[0].salmon == after.stocks[0].salmon


@pytest.mark.parametrize(
    ("split", "problem"),
    [
        ({"bison": "11", "salmon": "0", "turkey": "0"}, "11 animals"),  # more than B6 asks
        ({"bison": "x", "salmon": "1", "turkey": "1"}, "whole number"),
        ({"bison": "-1", "salmon": "2", "turkey": "1"}, "whole number"),
        ({"bison": "0", "salmon": "0", "turkey": "99999999999999999999"}, "turkey"),
        ({"bison": "0", "salmon": "0", "turkey": "16"}, "16"),
    ],
)
def test_a_payment_the_rules_refuse_is_a_sentence_and_changes_nothing(
    client, table, app, split, problem
):  # B6
    opened, refused = _paid(client, table, app, split)
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    assert 'data-testid="bison-photo-edit-error"' in html and "Traceback" not in html
    assert problem in text(refused)
    assert json.loads(form_of(refused)["steps"]) == json.loads(opened["steps"])
    assert get(app, table.id).version == int(opened["version"])  # nothing stored


def test_a_crafted_answer_of_another_player_is_refused(client, table, app):
    form, steps = _split(client, app, table)
    steps[0]["answers"][1]["events"][0]["seat"] = 1  # not the line's player
    crafted = {**form, "steps": json.dumps(steps), "choice.0": "1"}
    refused = edit(client, table.id, crafted, save="0", **{"e.pay.bison": "2"})
    assert refused.status_code == 422 and "Traceback" not in refused.get_data(as_text=True)


def test_food_typed_that_an_answer_costs_chooses_that_answer(client, table, app):
    """Items 4–5: Ann moved her hunters out and back (4 food) and types it on the line
    instead of tapping that answer: the answer costing it is chosen (never a copy of
    it); Confirm stores that food (B3, B6)."""
    _opened, saved = _paid(client, table, app, {"bison": "2", "salmon": "1", "turkey": "1"})
    assert saved.status_code == 200, text(saved)
    fields = form_of(saved)
    steps = json.loads(fields["steps"])
    chosen = steps[0]["answers"][int(fields["choice.0"])]
    assert chosen["cost"] == 4 and fields["choice.0"] == "3" and len(steps[0]["answers"]) == 4
    before = get(app, table.id).state
    assert confirm(client, table.id, fields).status_code == 303
    after = get(app, table.id).state
    assert (before.stocks[0].bison - after.stocks[0].bison) == 2
    assert before.stocks[0].total - after.stocks[0].total == 4
    mine = {s: p for s, p in after.board.pieces.items() if p.player == "red"}
    expected = {
        s: p
        for s, p in explain_state_after(before, steps[0]["answers"][0]["events"]).items()
        if p.player == "red"
    }
    assert mine == expected  # the photo's board, whatever the answer


def test_food_paid_above_every_answer_finds_the_actions_that_cost_it(client, table, app):
    """Items 4–5: a food no answer offers (here the 4 left off the question, as past
    ``MOST_ANSWERS`` foods): the actions that leave the same board for that food become
    the line's answer, chosen; Confirm stores that food (B3, B6)."""
    form, steps = _split(client, app, table)
    steps[0]["answers"] = [a for a in steps[0]["answers"] if a["cost"] != 4]
    fields = form_of(edit(client, table.id, {**form, "steps": json.dumps(steps)}))
    opened = form_of(edit(client, table.id, {**fields, "choice.0": "1"}, open="0"))
    changes = {"e.pay.bison": "2", "e.pay.salmon": "1", "e.pay.turkey": "1"}
    saved = edit(client, table.id, opened, save="0", **changes)
    assert saved.status_code == 200, text(saved)
    assert _the_four_food_answer_confirmed(client, table, app, form_of(saved)) == (4, 2)


def explain_state_after(state, events):
    for event in events:
        state = fold.apply(state, {**event, "override": True})
    return dict(state.board.pieces)


def test_food_no_actions_cost_is_a_sentence(client, table, app):  # B6
    opened, refused = _paid(client, table, app, {"bison": "7", "salmon": "0", "turkey": "0"})
    assert refused.status_code == 422
    assert "No actions the rules allow leave this board for 7 animals." in text(refused)
    assert json.loads(form_of(refused)["steps"]) == json.loads(opened["steps"])


def test_food_typed_on_a_question_line_in_place_chooses_the_answer_costing_it(
    client, table, app
):  # B6, issue 32 item 5
    form, _steps = _split(client, app, table)
    fields = form_of(edit(client, table.id, form))
    typed = {"pay.0.bison": "2", "pay.0.salmon": "1", "pay.0.turkey": "1"}
    page = edit(client, table.id, {**fields, **typed})
    assert page.status_code == 200, text(page)
    assert _the_four_food_answer_confirmed(client, table, app, form_of(page)) == (4, 2)


def _the_four_food_answer_confirmed(client, table, app, fields) -> tuple[int, int]:
    """The line's answers as carried (0, 2, 2 and 4 food, the last chosen), confirmed:
    the food Ann paid in all, and in bison."""
    answers = json.loads(fields["steps"])[0]["answers"]
    assert [a["cost"] for a in answers] == [0, 2, 2, 4] and fields["choice.0"] == "3"
    before = get(app, table.id).state
    assert confirm(client, table.id, fields).status_code == 303
    after = get(app, table.id).state
    return (
        before.stocks[0].total - after.stocks[0].total,
        before.stocks[0].bison - after.stocks[0].bison,
    )


@pytest.mark.parametrize(("lang", "brief"), [("ja", "食料4"), ("it", "4 cibo")])
def test_the_answers_speak_japanese_and_italian(client, table, app, lang, brief):
    """The chips in the players' words; Japanese ones break between phrases (issue 34)."""
    form, _steps = _split(client, app, table)
    page = client.post(
        f"/t/{table.id}/bison/photo/edit", data=form, headers={"Accept-Language": lang}
    )
    html = page.get_data(as_text=True)
    chips = re.findall(r'<label class="chip" title="[^"]*">(.*?)</label>', html, re.S)
    assert len(chips) == 4 and re.sub(r"<[^>]+>", "", chips[3]).strip().startswith(brief)
    assert "food" not in " ".join(chips)
    if lang == "ja":
        assert all('<span class="phrases">' in chip for chip in chips[:3])
