"""The "Confirm and score" of a photo proposal (issue 32, item 7: a round recorded from a
photo costs few taps) with the Flask test client: when every action of the round is
accounted for and no stock goes over 15 (B8: nothing to choose) one tap stores the
photo's lines and then scores the round (B9) as a change of its own. When actions are
left and nothing else is to choose, the button says so itself — it names each player and
how many actions are not taken (the score page's "end the round anyway", B6) — and its
one tap ends the round with exactly those; a button that said something else (the
proposal changed since it was drawn) opens the score page instead. A stock over 15 (B8)
is named on the button as the proposal settles it ("Ann keeps 15 bison, 2 lost") and the
tap accepts it, as the panel's one-tap "Score the round as proposed" does; cases other
than those due open the score page. It never ends a round or makes a choice silently.
"Confirm only" stores the lines alone."""

from __future__ import annotations

import html
import io
import json
import re

import pytest
from bison_panel import base
from bison_photos import placed
from bison_proposal import confirm, form_of
from companion_testkit import get, text

from companion import tables

#: Ann's photo line explains 1 of her 4 actions: 3 left for Ann, 4 for Ben.
LEFT = "left:0=3,1=4"


@pytest.fixture
def table(make_table):
    return make_table("bison", 2)  # Ann (red, seat 0) and Ben (blue, seat 1)


def _read(client, table_id):
    response = client.post(
        f"{base(table_id)}/photo",
        data={"photo": (io.BytesIO(placed("red")), "board.jpg")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 200
    return response


@pytest.fixture
def proposal(client, table):
    """The proposal of B08 placed by Ann with 2 hunters: Ann's tile line, and a row
    without hunters for each of the other 7 actions of the round (Ann 3, Ben 4)."""
    response = _read(client, table.id)
    assert 'data-testid="bison-photo-confirm-score"' in response.get_data(as_text=True)
    assert "Confirm and score the round" in text(response)
    return response


@pytest.fixture
def proposed(proposal):
    return form_of(proposal)


def _button(response) -> tuple[str, str]:
    """The "Confirm and score" button's value and words."""
    found = re.search(
        r'<button[^>]*name="score" value="([^"]*)"[^>]*>(.*?)</button>',
        response.get_data(as_text=True),
        re.S,
    )
    assert found, "no Confirm and score button"
    words = re.sub(r"<[^>]+>", " ", found.group(2))  # the label, then what is left
    return html.unescape(found.group(1)), " ".join(html.unescape(words).split())


def _every_gain(form: dict[str, str], animal: str = "bison") -> dict[str, str]:
    """Every row without hunters gains ``animal`` (a row is its action's menu,
    ``gainact.<seat>.<k>``: no animal is checked until a chip is tapped)."""
    rows = [k.removeprefix("gainact.") for k in form if k.startswith("gainact.")]
    return {**form, **{f"gain.{row}": animal for row in rows}}


def _types(app, table_id: str, after: int) -> list[str]:
    with app.app_context():
        return [e["type"] for e in tables.events(table_id, after=after)]


def _events(app, table_id: str, after: int) -> list[dict]:
    with app.app_context():
        return list(tables.events(table_id, after=after))


def test_a_whole_round_is_confirmed_and_scored_in_one_tap(client, table, app, proposed):
    before = get(app, table.id)
    form = _every_gain(proposed)
    assert sum(1 for k in form if k.startswith("gain.")) == 7
    done = confirm(client, table.id, {**form, "score": "1"})
    assert done.status_code == 303 and done.headers["Location"].endswith(f"/t/{table.id}")
    types = _types(app, table.id, before.version)
    assert types[-1] == "score" and types.count("score") == 1 and len(types) == 9
    after = get(app, table.id).state
    assert after.rounds.round == before.state.rounds.round + 1  # B9: the next round
    # The scoring is a change of its own: undone, the photo's lines stay.
    with app.app_context():
        undone = tables.undo(table.id, by=None).state
    assert undone.rounds.round == before.state.rounds.round
    assert undone.board.tiles.keys() == after.board.tiles.keys()
    assert undone.rounds.round_complete


def test_the_button_names_each_player_and_the_actions_not_taken(proposal):
    value, words = _button(proposal)
    assert value == LEFT
    assert words == "Confirm and score the round 7 actions not taken: Ann 3, Ben 4"
    # bison_photo.js redraws it as the rows' animals are chosen: every count's words.
    live = html.unescape(
        re.search(r'data-score-live="([^"]*)"', proposal.get_data(as_text=True)).group(1)
    )
    assert "1 action not taken: {who}" in live and "7 actions not taken: {who}" in live


def test_one_tap_scores_the_round_with_the_actions_left(client, table, app, proposed):
    before = get(app, table.id)
    done = confirm(client, table.id, {**proposed, "score": LEFT})  # no animal chosen
    assert done.status_code == 303 and done.headers["Location"].endswith(f"/t/{table.id}")
    stored = _events(app, table.id, before.version)
    assert [e["type"] for e in stored] == ["play", "score"]
    assert stored[-1]["override"] is True  # as the score page's "end the round anyway"
    after = get(app, table.id).state
    assert after.rounds.round == before.state.rounds.round + 1
    assert all(not m for m in after.rounds.markers)


def test_some_rows_chosen_the_button_says_the_rest(client, table, app, proposed):
    # Ann's three rows get an animal: only Ben's 4 actions are left (what the page's
    # script writes on the button, and the page drawn again with that form says).
    anns = [k.removeprefix("gainact.") for k in proposed if k.startswith("gainact.0.")]
    form = {**proposed, **{f"gain.{row}": "salmon" for row in anns}}
    before = get(app, table.id)
    done = confirm(client, table.id, {**form, "score": "left:1=4"})
    assert done.status_code == 303 and done.headers["Location"].endswith(f"/t/{table.id}")
    assert _types(app, table.id, before.version) == ["play", *["action"] * 3, "score"]
    assert get(app, table.id).state.rounds.round == before.state.rounds.round + 1


def test_undo_takes_back_only_the_scoring(client, table, app, proposed):
    before = get(app, table.id)
    assert confirm(client, table.id, {**proposed, "score": LEFT}).status_code == 303
    scored = get(app, table.id).state
    with app.app_context():
        undone = tables.undo(table.id, by=None).state
    assert undone.rounds.round == before.state.rounds.round
    assert undone.board.tiles.keys() == scored.board.tiles.keys() != before.state.board.tiles.keys()
    assert [undone.rounds.actions_left(s) for s in (0, 1)] == [3, 4]
    assert not undone.rounds.round_complete


@pytest.mark.parametrize("said", ["left:1=4", "left:0=3,1=3", "left:0=3"])
def test_a_button_that_said_other_actions_opens_the_score_page(client, table, app, proposed, said):
    before = get(app, table.id).version
    done = confirm(client, table.id, {**proposed, "score": said})
    assert done.status_code == 303 and done.headers["Location"].endswith("/bison/score")
    assert "score" not in _types(app, table.id, before)
    assert len(_types(app, table.id, before)) == 1  # the photo's line is stored
    page = client.get(done.headers["Location"])
    assert page.status_code == 200 and 'name="override"' in page.get_data(as_text=True)


def _all_at_15(app, table_id: str) -> None:
    """Every stock at 15 (B8's cap): any award of the round passes it."""
    with app.app_context():
        for seat in (0, 1):
            for animal in ("bison", "salmon", "turkey"):
                tables.append(
                    table_id, {"type": "adjust", "seat": seat, "counter": animal, "delta": 5}
                )


def _live(response) -> dict:
    found = re.search(r'data-score-live="([^"]*)"', response.get_data(as_text=True))
    return json.loads(html.unescape(found.group(1)))


def test_an_over_15_case_is_named_and_accepted_in_one_tap(client, table, app):
    # B8 as amended: the button names the case as proposed (the panel's "Score the round
    # as proposed") and its one tap scores it so, with the actions left it names.
    _all_at_15(app, table.id)
    response = _read(client, table.id)
    value, words = _button(response)
    left, over = value.split(";")
    assert left == LEFT and re.fullmatch(r"over:0\.\d+\.15\.\d+", over)
    lost = int(over.rsplit(".", 1)[1])
    kept = re.search(r"Ann keeps 15 (bison|salmon|turkeys?), (\d+) lost", words)
    assert kept and int(kept.group(2)) == lost > 0, words
    assert words.startswith("Confirm and score the round 7 actions not taken: Ann 3, Ben 4")
    before = get(app, table.id)
    done = confirm(client, table.id, {**form_of(response), "score": value})
    assert done.status_code == 303 and done.headers["Location"].endswith(f"/t/{table.id}")
    stored = _events(app, table.id, before.version)
    assert [e["type"] for e in stored] == ["play", "score"]
    assert stored[-1]["override"] is True and stored[-1]["overflow"]  # the case as proposed
    after = get(app, table.id).state
    assert after.rounds.round == before.state.rounds.round + 1
    animal = kept.group(1).rstrip("s")
    assert after.stocks[0].get(animal) == 15  # kept 15, as the button said


def test_the_over_15_words_follow_the_rows_animals(client, table, app):
    # bison_photo.js names the case for the animals the rows gain: the server's words and
    # value for every count of them (a row's animal can change what passes 15).
    _all_at_15(app, table.id)
    live = _live(_read(client, table.id))
    ann = live["over"]["0"]
    assert len(ann) == 20  # 3 rows: every count of bison, salmon and turkey up to 3
    assert ann["0.0.0"][1] and "Ann keeps 15" in ann["0.0.0"][0]
    assert "1" not in live["over"]  # Ben's award passes no stock: nothing to name


@pytest.mark.parametrize(
    "said",
    ["1", LEFT, "left:0=3,1=4;over:0.0.15.99", "left:0=3,1=4;over:0.0.15.2-bt", "over:0.0.15.2"],
)
def test_an_over_15_case_not_named_as_due_opens_the_score_page(client, table, app, said):
    # The button said nothing of it, or other cases (the proposal changed since it was
    # drawn, or a forged value): the score page, where the players choose; only the
    # photo's line is stored. Never an over-15 choice made silently.
    _all_at_15(app, table.id)
    response = _read(client, table.id)
    before = get(app, table.id).version
    done = confirm(client, table.id, {**form_of(response), "score": said})
    assert done.status_code == 303 and done.headers["Location"].endswith("/bison/score")
    assert _types(app, table.id, before) == ["play"]


def test_confirm_only_stores_the_lines_and_does_not_score(client, table, app, proposed):
    before = get(app, table.id).version
    done = confirm(client, table.id, _every_gain(proposed))
    assert done.status_code == 303 and done.headers["Location"].endswith(f"/t/{table.id}")
    types = _types(app, table.id, before)
    assert "score" not in types and len(types) == 8
    assert get(app, table.id).state.rounds.round_complete


@pytest.mark.parametrize(
    "score", ["2", "", "yes", "1" * 400, "left:", "left:x=1", "left:0=0", "left:0=1,0=1"]
)
def test_a_score_field_the_phone_did_not_make_only_confirms(client, table, app, proposed, score):
    before = get(app, table.id).version
    done = confirm(client, table.id, {**_every_gain(proposed), "score": score})
    assert done.status_code == 303
    assert "score" not in _types(app, table.id, before)


@pytest.mark.parametrize("score", ["1", LEFT])
def test_a_stale_proposal_scores_nothing(client, table, app, proposed, score):
    form = {**(_every_gain(proposed) if score == "1" else proposed), "score": score}
    assert confirm(client, table.id, form).status_code == 303
    before = get(app, table.id).version
    again = confirm(client, table.id, form)  # the same form again: the table moved on
    assert again.status_code == 409
    assert _types(app, table.id, before) == []
