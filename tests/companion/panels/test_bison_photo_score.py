"""The "Confirm and score" of a photo proposal (issue 32, item 7: a round recorded from a
photo costs few taps) with the Flask test client: when every action of the round is
accounted for and no stock goes over 15 (B8: nothing to choose) one tap stores the
photo's lines and then scores the round (B9) as a change of its own; when actions are
left or a choice is due it stores the lines and opens the score page, which says what
is left ("end the round anyway", B6) — it never ends a round silently. "Confirm only"
stores the lines alone."""

from __future__ import annotations

import io

import pytest
from bison_panel import base
from bison_photos import placed
from bison_proposal import confirm, form_of
from companion_testkit import get, text

from companion import tables


@pytest.fixture
def table(make_table):
    return make_table("bison", 2)  # Ann (red, seat 0) and Ben (blue, seat 1)


@pytest.fixture
def proposed(client, table):
    """The proposal of B08 placed by Ann with 2 hunters: Ann's tile line, and a row
    without hunters for each of the other 7 actions of the round (Ann 3, Ben 4)."""
    response = client.post(
        f"{base(table.id)}/photo",
        data={"photo": (io.BytesIO(placed("red")), "board.jpg")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 200
    assert 'data-testid="bison-photo-confirm-score"' in response.get_data(as_text=True)
    assert "Confirm and score the round" in text(response)
    return form_of(response)


def _every_gain(form: dict[str, str], animal: str = "bison") -> dict[str, str]:
    return {**form, **{k: animal for k in form if k.startswith("gain.")}}


def _types(app, table_id: str, after: int) -> list[str]:
    with app.app_context():
        return [e["type"] for e in tables.events(table_id, after=after)]


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


def test_actions_left_open_the_score_page_and_nothing_is_scored(client, table, app, proposed):
    before = get(app, table.id).version
    done = confirm(client, table.id, {**proposed, "score": "1"})  # no animal chosen
    assert done.status_code == 303 and done.headers["Location"].endswith("/bison/score")
    assert "score" not in _types(app, table.id, before)
    assert not get(app, table.id).state.rounds.round_complete
    page = client.get(done.headers["Location"])
    assert page.status_code == 200 and 'name="override"' in page.get_data(as_text=True)


def test_confirm_only_stores_the_lines_and_does_not_score(client, table, app, proposed):
    before = get(app, table.id).version
    done = confirm(client, table.id, _every_gain(proposed))
    assert done.status_code == 303 and done.headers["Location"].endswith(f"/t/{table.id}")
    types = _types(app, table.id, before)
    assert "score" not in types and len(types) == 8
    assert get(app, table.id).state.rounds.round_complete


@pytest.mark.parametrize("score", ["2", "", "yes", "1" * 400])
def test_a_score_field_the_phone_did_not_make_only_confirms(client, table, app, proposed, score):
    before = get(app, table.id).version
    done = confirm(client, table.id, {**_every_gain(proposed), "score": score})
    assert done.status_code == 303
    assert "score" not in _types(app, table.id, before)


def test_a_stale_proposal_scores_nothing(client, table, app, proposed):
    form = {**_every_gain(proposed), "score": "1"}
    assert confirm(client, table.id, form).status_code == 303
    before = get(app, table.id).version
    again = confirm(client, table.id, form)  # the same form again: the table moved on
    assert again.status_code in (409, 422)
    assert _types(app, table.id, before) == []
