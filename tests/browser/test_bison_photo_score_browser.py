"""The photo proposal's "Confirm and score the round" at 360×640 (issue 32, item 7).

A stock over 15 at the round's scoring (B8 as amended): "Confirm and score the round"
names each case as the proposal settles it ("Ann keeps 15 bison, 2 lost"), as the
panel's one-tap "Score the round as proposed" does, and its one tap stores the photo's
lines and scores the round so — no score page. bison_photo.js keeps the words and the
button's value in step with the rows' animals (a gain can change what passes 15); once a
line's tick or answer changes (its food with it) the server draws them again for the
form as it stands. Every stock is set to 15 first, but Ann's bison at 14, so her award
of bison from her new tile passes it.

A question answered with fewer actions than the answer drawn gives the player's rows
without hunters back (the page drawn again for the form), so an action taken without
hunters is recorded on the proposal and the round still ends in the one tap."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from bison_kit import TWO, serve
from bison_photos import NEW_AT, NEW_TILE, NEW_TURN, READ_MS, placed
from phone_kit import (
    back_at_table,
    create_table,
    post_proposal,
    small_targets,
    table_id_of,
)

from companion import tables
from companion.panels.bison import proposal
from games.bison import explain, fold

SHOTS = Path(__file__).parent / "screenshots"  # as conftest's (its module is not imported)

AtTable = tuple[Any, str, str, Any]


@pytest.fixture
def at_table(new_phone: Callable[..., Any], tmp_path: Path) -> Iterator[AtTable]:
    """Ann's phone (360×640) seated at a new two-player Bison table on a live companion:
    (the phone, the table's URL, its id, an app on its database)."""
    ann = new_phone(device_scale_factor=1)
    with serve(tmp_path) as (base, app):
        url = create_table(ann, base, "bison", players=TWO, seat=0)
        yield ann, url, table_id_of(url), app


def _over(value: str | None) -> str:
    """The ``over:…`` part of the button's value ("" when it names none)."""
    parts = (value or "").split(";")
    return next((p for p in parts if p.startswith("over:")), "")


def test_confirm_and_score_names_the_over_15_case_and_scores_it_in_one_tap(
    at_table: AtTable,
) -> None:
    ann, url, table_id, app = at_table
    with app.app_context():
        for seat in (0, 1):
            for animal in ("bison", "salmon", "turkey"):
                delta = 4 if (seat, animal) == (0, "bison") else 5  # Ann: 14 bison
                tables.append(
                    table_id,
                    {"type": "adjust", "seat": seat, "counter": animal, "delta": delta},
                )
    ann.goto(f"{url}/bison/photo")
    ann.set_input_files(
        '[data-testid="bison-photo-file"]',
        files=[{"name": "board.jpg", "mimeType": "image/jpeg", "buffer": placed("red")}],
    )
    ann.wait_for_selector('[data-testid="bison-photo-confirm-score"]', timeout=READ_MS)
    score = ann.locator('[data-testid="bison-photo-confirm-score"]')
    words = ann.locator('[data-testid="bison-photo-over"]')
    drawn = _over(score.get_attribute("value"))
    assert re.fullmatch(r"over:0\.\d+\.15\.\d+", drawn), score.get_attribute("value")
    said = re.fullmatch(r"Ann keeps 15 bison, (\d+) lost", words.inner_text().strip())
    score.scroll_into_view_if_needed()
    ann.screenshot(path=str(SHOTS / "bison_photo_en_over_15.png"))
    assert said and int(said.group(1)) == int(drawn.rsplit(".", 1)[1]) > 0

    # A bison gained on Ann's row (15 before the award): the proposal for that stock
    # (an exchange), said and sent as the server drew it for one bison gained.
    ann_over = json.loads(score.get_attribute("data-score-live") or "{}")["over"]["0"]
    row = ann.locator('[data-testid="bison-photo-gain"][data-seat="0"]').first
    row.locator('input[value="bison"]').check()
    said_then, keys = ann_over["1.0.0"]
    assert "exchange 3 bison" in said_then and keys != ann_over["0.0.0"][1]
    assert _over(score.get_attribute("value")) == f"over:{keys}"
    assert words.inner_text().strip() == said_then
    row.locator("select").select_option("")  # "—": the bison taken back
    assert _over(score.get_attribute("value")) == drawn

    # Ann's tile line unticked: the server draws the button again for that form (no
    # tile, no award: nothing over 15); ticked again, the case is named again.
    tick = ann.locator('[data-testid="bison-photo-line"] input[type="checkbox"]').first
    idle = '[data-testid="bison-photo-confirm-score"]:not([aria-busy])'
    tick.uncheck()
    ann.wait_for_selector(idle)
    assert _over(score.get_attribute("value")) == "" and not words.is_visible()
    tick.check()
    ann.wait_for_selector(idle)
    assert _over(score.get_attribute("value")) == drawn and words.is_visible()

    with app.app_context():
        before = tables.get(table_id)
    score.click()
    back_at_table(ann)
    with app.app_context():
        after = tables.get(table_id).state
        stored = [e["type"] for e in tables.events(table_id, after=before.version)]
    assert stored == ["play", "score"]
    assert after.rounds.round == before.state.rounds.round + 1
    assert after.stocks[0].bison == 15  # kept 15, as the button said


def test_an_answer_with_fewer_actions_gives_a_row_without_hunters_back(
    at_table: AtTable,
) -> None:
    # Ann's 2 hunters on B08's prairie, then seen on two spaces one step away: one line,
    # "move_1 and move_3, free" or "move_1 of both, 2 food" (B6). Answered with the one
    # action, the page gives her a row without hunters back (the action she took
    # without hunters is recorded on the proposal, never on the panel after Confirm).
    ann, url, table_id, app = at_table
    tile = {"type": "play", "seat": 0, "action": "place_tile", "at": list(NEW_AT)}
    tile |= {"tile": NEW_TILE, "rotation": NEW_TURN, "space": "prairie", "hunters": 2}
    with app.app_context():
        tables.append(table_id, tile)
        table = tables.get(table_id)
    state, start = table.state, (NEW_AT, "prairie")
    a, b = sorted(fold.destinations(state, 0, start, "move_1"))[:2]
    moves = [
        {"from": fold.space_ref(state, start), "to": fold.space_ref(state, goal), "hunters": 1}
        for goal in (a, b)
    ]
    split = {"type": "play", "seat": 0, "action": "move_1", "moves": moves}
    after = fold.apply(state, {**split, "override": True})
    result = explain.explain(state, explain.as_reading(after), hidden=())
    with app.test_request_context():
        steps = proposal.steps_json(result.steps, result.questions)
    fields = {"steps": json.dumps(steps), "notes": "{}", "version": str(table.version)}
    fields["take.0"] = "1"
    post_proposal(ann, url, fields, '[data-testid="bison-photo-confirm-score"]')
    rows = ann.locator('[data-testid="bison-photo-gain"][data-seat="0"]')
    score = ann.locator('[data-testid="bison-photo-confirm-score"]')
    assert rows.count() == 1  # the tile and the two moves: 1 of Ann's 4 actions left
    assert score.get_attribute("value") == "left:0=1,1=4"
    # The question's answers, like every control of the page, a tap's size (issue 34).
    assert ann.locator('input[name="choice.0"]').count() >= 2
    assert not small_targets(ann), small_targets(ann)
    ann.locator('input[name="choice.0"][data-cost="2"]').first.check()
    ann.wait_for_selector('[data-testid="bison-photo-confirm-score"]:not([aria-busy])')
    assert rows.count() == 2
    assert score.get_attribute("value") == "left:0=2,1=4"
    assert "Ann 2, Ben 4" in score.inner_text()
    rows.nth(1).locator('input[value="salmon"]').check()
    assert score.get_attribute("value") == "left:0=1,1=4"
    with app.app_context():
        before = tables.get(table_id)
    score.click()
    back_at_table(ann)
    with app.app_context():
        stored = [e for e in tables.events(table_id, after=before.version)]
    assert [e["type"] for e in stored] == ["play", "action", "score"]
    assert stored[0]["action"] == "move_1" and stored[1]["gain"] == "salmon"


def test_the_camera_moves_from_the_turn_line_to_under_the_board_when_the_round_ends(
    at_table: AtTable,
) -> None:
    """While a round runs the camera is a 44-px picture at the end of the turn line; once
    every action is taken (a live update, not a reload) the preserved form (hx-preserve,
    one id) stands under the board and shows its words, one form on the page."""
    ann, _url, table_id, app = at_table
    camera = ann.locator('[data-testid="bison-photo"]')
    words = camera.locator(".bison-photo-words")
    assert ann.locator(".bison-turn-row [data-testid='bison-photo']").count() == 1
    assert camera.bounding_box()["width"] == 44 and words.bounding_box()["width"] <= 1
    before = int(ann.locator("#panel").get_attribute("data-version") or 0)
    with app.app_context():
        for seat, tile in ((0, "B08"), (1, "B09")):  # each seat's tile (B4), no hunters
            at = fold.legal_hexes(tables.get(table_id).state)[0]
            tables.append(
                table_id,
                {
                    "type": "play",
                    "seat": seat,
                    "action": "place_tile",
                    "at": list(at),
                    "tile": tile,
                    "rotation": 0,
                    "space": "prairie",
                    "hunters": 0,
                    "gain": "bison",
                    "override": True,
                },
            )
        for action in ("move_1", "move_3", "gather"):
            for seat in (0, 1):
                event = {"type": "action", "seat": seat, "action": action, "hunters": 0}
                tables.append(table_id, {**event, "gain": "bison", "override": True})
    ann.wait_for_selector(f'#panel[data-version="{before + 8}"]', timeout=15_000)
    assert ann.locator("#bison-photo-panel").count() == 1
    assert not ann.locator(".bison-turn-row [data-testid='bison-photo']").count()
    assert words.is_visible() and words.bounding_box()["width"] > 44
    assert not camera.locator(".bison-photo-icon").is_visible()
