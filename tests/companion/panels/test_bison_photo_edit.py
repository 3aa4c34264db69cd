"""A photo proposal's line fixed in place (issue 32, item 5) with the Flask test client:
``photo/edit`` opens a line's editor and saves it when the rules take the whole ticked
proposal with it (the fold itself: the same checks as the tapped flow); a line the rules
refuse is a sentence naming the problem beside the editor (422), the proposal as it was,
nothing stored. Hunter-less rows name their action; a marker a line takes is never a
dead end; the proposal's words in Japanese and Italian."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from bison_panel import base
from bison_photos import HUNTERS, NEW_AT, NEW_TILE, NEW_TURN
from bison_proposal import confirm, edit, form_of, read_photo
from companion_testkit import get, text

from games.bison import fold

PRAIRIE = f"{NEW_AT[0]},{NEW_AT[1]},prairie"
HEX = f"{NEW_AT[0]},{NEW_AT[1]}"


@pytest.fixture
def table(make_table):
    return make_table("bison", 2)  # Ann (red, seat 0) and Ben (blue, seat 1)


@pytest.fixture
def proposed(client, table):
    """The proposal of the photo of B08 placed by Ann with 2 hunters on its prairie."""
    response = read_photo(client, table.id)
    assert response.status_code == 200
    return form_of(response)


def test_a_line_opens_its_own_editor_with_the_line_as_it_is(client, table, proposed):
    opened = edit(client, table.id, proposed, open="0")
    assert opened.status_code == 200
    fields = form_of(opened)
    assert fields["e.count.0"] == str(HUNTERS) and fields["e.to.0"] == "prairie"
    assert fields["e.at"] == HEX and fields["e.rotation"] == str(NEW_TURN)
    assert opened.get_data(as_text=True).count('data-testid="bison-photo-editor"') == 1
    assert "e.action" not in fields  # the tile's line stays the tile's


def _hex_options(response: Any) -> list[str]:
    page = response.get_data(as_text=True)
    select = re.search(r'<select name="e\.at".*?</select>', page, re.S)
    assert select is not None
    return re.findall(r'value="(-?\d+,-?\d+)"', select.group(0))


def test_a_tile_line_is_laid_on_another_hex_and_turned_in_its_editor(client, table, app):
    """Item 5: a tile the photo placed wrongly is moved to another hex (those the rules
    take a tile at, B4) and turned in its own editor; confirmed, it lies there with its
    hunters on the space chosen."""
    proposed = form_of(read_photo(client, table.id))
    opened = edit(client, table.id, proposed, open="0")
    hexes = _hex_options(opened)
    assert hexes[0] == HEX and len(hexes) > 1
    with app.app_context():
        legal = {f"{q},{r}" for q, r in fold.legal_hexes(get(app, table.id).state)}
    assert set(hexes) == legal  # the photo's hex is one the rules take
    other = hexes[1]
    turn = str((NEW_TURN + 2) % 6)
    fields = form_of(opened)
    saved = edit(
        client,
        table.id,
        fields,
        **{"save": "0", "e.at": other, "e.rotation": turn, "e.to.0": "mountain"},
    )
    assert saved.status_code == 200, text(saved)
    assert confirm(client, table.id, form_of(saved)).status_code == 303
    after = get(app, table.id).state
    at = tuple(int(x) for x in other.split(","))
    assert NEW_AT not in after.board.tiles
    assert after.board.tiles[at].catalog_id == NEW_TILE
    assert after.board.tiles[at].rotation == int(turn)
    assert after.board.pieces[(at, "mountain")].hunters == HUNTERS


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        # the tile: where it lies and how it is turned
        ({"e.at": "0,0"}, "already holds a tile"),  # a start tile lies there (B4)
        ({"e.at": "9,9"}, "would not touch the board"),  # B4
        ({"e.at": "x"}, "not a place on the board"),
        ({"e.rotation": "6"}, "(0–5), not 6"),
        ({"e.rotation": "-1"}, "(0–5), not -1"),
        ({"e.rotation": "a"}, "whole number"),
        ({"e.to.0": "lake"}, "not a space of a tile"),
        # a line: its hunters and what it pays
        ({"e.count.0": "6"}, "0 to 5 hunters, not 6"),  # B6: 5 hunters an action
        ({"e.pay.bison": "0", "e.pay.salmon": "0", "e.pay.turkey": "1"}, "2"),  # pays 1 of 2
        ({"e.count.0": "x"}, "whole number"),
        ({"e.to.0": "", "e.count.0": "1"}, "one space of it"),
    ],
)
def test_an_edit_the_rules_refuse_is_a_sentence_and_nothing_changes(
    client, table, app, proposed, changes, problem
):
    version = get(app, table.id).version
    fields = form_of(edit(client, table.id, proposed, open="0"))
    refused = edit(client, table.id, fields, save="0", **changes)
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert 'data-testid="bison-photo-edit-error"' in page and "Traceback" not in page
    assert problem in text(refused)
    assert json.loads(form_of(refused)["steps"]) == json.loads(proposed["steps"])  # as it was
    assert get(app, table.id).version == version


def test_a_saved_edit_changes_the_line_and_confirm_stores_it(client, table, app, proposed):
    version = get(app, table.id).version
    fields = form_of(edit(client, table.id, proposed, open="0"))
    saved = edit(client, table.id, fields, **{"save": "0", "e.count.0": "1"})
    assert saved.status_code == 200
    shown = text(saved)
    assert "1 hunter → prairie" in shown and "(fixed)" in shown and "pays" not in shown
    assert 'data-testid="bison-photo-editor"' not in saved.get_data(as_text=True)
    assert get(app, table.id).version == version  # an edit stores nothing
    assert confirm(client, table.id, form_of(saved)).status_code == 303
    after = get(app, table.id).state
    assert after.board.pieces[(NEW_AT, "prairie")].hunters == 1
    assert after.stocks[0].total == 30  # B6: one hunter costs nothing


def test_no_hunters_and_no_animal_keeps_the_tile_without_an_action(client, table, app, proposed):
    """Repairs never dead-end: with 0 hunters the editor does not force an animal gain
    (the tile still lies, on the mirror only, no marker taken)."""
    fields = form_of(edit(client, table.id, proposed, open="0"))
    saved = edit(client, table.id, fields, **{"save": "0", "e.count.0": "0", "e.gain": ""})
    assert saved.status_code == 200
    assert confirm(client, table.id, form_of(saved)).status_code == 303
    after = get(app, table.id).state
    assert after.board.tiles[NEW_AT].catalog_id == NEW_TILE
    assert (NEW_AT, "prairie") not in after.board.pieces and after.rounds.markers[0] == ()


def test_no_hunters_with_an_animal_is_the_action_that_gains_it(client, table, app, proposed):
    fields = form_of(edit(client, table.id, proposed, open="0"))
    saved = edit(client, table.id, fields, **{"save": "0", "e.count.0": "0", "e.gain": "turkey"})
    assert saved.status_code == 200 and "+1 turkey" in text(saved)
    assert confirm(client, table.id, form_of(saved)).status_code == 303
    after = get(app, table.id).state
    assert after.stocks[0].turkey == 11 and after.rounds.markers[0] == ("place_tile",)


def _moved_table(client, app, table) -> dict[str, str]:
    """Ann's 2 hunters on B08's prairie (confirmed); then a proposal of one move line."""
    response = read_photo(client, table.id)
    assert confirm(client, table.id, form_of(response)).status_code == 303
    state = get(app, table.id).state
    start = (NEW_AT, "prairie")
    goal = next(iter(fold.destinations(state, 0, start, "move_1")))
    move = {
        "type": "play",
        "seat": 0,
        "action": "move_1",
        "moves": [
            {"from": fold.space_ref(state, start), "to": fold.space_ref(state, goal), "hunters": 1}
        ],
        "override": True,
    }
    steps = json.dumps([{"event": move, "options": [], "hexes": [list(NEW_AT)]}])
    version = get(app, table.id).version
    return {"steps": steps, "notes": "{}", "version": str(version), "take.0": "1"}


def test_a_move_line_becomes_another_action_with_two_hunters(client, table, app):
    form = _moved_table(client, app, table)
    fields = form_of(edit(client, table.id, form, open="0"))
    assert fields["e.action"] == "move_1" and fields["e.from.0"] == PRAIRIE
    saved = edit(client, table.id, fields, **{"save": "0", "e.action": "move_3", "e.count.0": "2"})
    assert saved.status_code == 200
    assert confirm(client, table.id, form_of(saved)).status_code == 303
    after = get(app, table.id).state
    assert "move_3" in after.rounds.markers[0] and (NEW_AT, "prairie") not in after.board.pieces
    assert after.stocks[0].total == 30 - 2 - 2  # the tile's 2 hunters, then the move's 2


def test_a_gather_needs_one_goal_and_a_move_its_spaces(client, table, app):
    form = _moved_table(client, app, table)
    fields = form_of(edit(client, table.id, form, open="0"))
    version = get(app, table.id).version
    blank = edit(client, table.id, fields, **{"save": "0", "e.to.0": ""})
    assert blank.status_code == 422 and "Say where the hunters go" in text(blank)
    state = get(app, table.id).state
    near = fold.destinations(state, 0, (NEW_AT, "prairie"), "move_1")
    far = next(
        (at, t)
        for at in sorted(state.board.tiles)
        for t in ("prairie", "river", "mountain")
        if (at, t) not in near and (at, t) != (NEW_AT, "prairie")
    )
    too_far = edit(
        client, table.id, fields, **{"save": "0", "e.to.0": f"{far[0][0]},{far[0][1]},{far[1]}"}
    )
    assert too_far.status_code == 422 and "cannot reach" in text(too_far)  # B3, by the fold
    gather = edit(
        client,
        table.id,
        fields,
        **{"save": "0", "e.action": "gather", "e.count.1": "1", "e.from.1": PRAIRIE},
        **{"e.to.1": f"{far[0][0]},{far[0][1]},{far[1]}"},
    )
    assert gather.status_code == 422 and "one space" in text(gather)
    assert get(app, table.id).version == version


def test_a_hunterless_row_names_its_action_and_a_taken_marker_is_no_dead_end(
    client, table, app, proposed
):
    page = read_photo(client, table.id).get_data(as_text=True)
    assert 'name="gainact.1.0"' in page and ">Gather</option>" in page
    # Ann's row names the tile's marker, which her tile line takes: another marker is used.
    form = {**proposed, "gain.0.0": "bison", "gainact.0.0": "place_tile"}
    assert confirm(client, table.id, form).status_code == 303
    after = get(app, table.id).state
    assert after.rounds.markers[0][0] == "place_tile" and len(after.rounds.markers[0]) == 2
    assert after.stocks[0].bison == 10 - 1 + 1  # paid 1 for the tile's hunters, gained 1


def test_a_hunterless_row_takes_the_action_it_names(client, table, app, proposed):
    form = {**proposed, "gain.1.0": "salmon", "gainact.1.0": "canoe"}
    assert confirm(client, table.id, form).status_code == 303
    assert get(app, table.id).state.rounds.markers[1] == ("canoe",)


@pytest.mark.parametrize(
    "form",
    [
        {"steps": "nope", "open": "0"},
        {"steps": "[]", "save": "0"},
        {"steps": '[{"event": {"type": "tile"}}]', "save": "0"},
        {"steps": '[{"event": {"type": "play", "seat": 7, "action": "gather"}}]', "save": "0"},
        {"steps": "[]", "notes": "[1]", "open": "x"},
        {"steps": "nope", "add": "1"},
        {"steps": "[]", "add": "<script>"},
        {"steps": '[{"event": {"type": "play", "seat": 0, "action": "move_1"}}]', "add": "1"},
        {
            "steps": '[{"event": {"type": "play", "seat": 0, "action": "move_1"}}]',
            "save": "0",
            "e.seat": "<script>",
            "e.count.0": "1",
        },
        {"steps": '[{"event": {"type": "play", "seat": true, "action": "gather"}}]', "save": "0"},
    ],
)
def test_a_form_the_phone_did_not_make_is_a_sentence(client, table, app, form):
    version = get(app, table.id).version
    response = edit(client, table.id, {"version": str(version), **form})
    assert response.status_code in (200, 422)
    assert "Traceback" not in response.get_data(as_text=True)
    assert get(app, table.id).version == version


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("ja", ("タイル", "確定", "修正")),
        ("it", ("Tessera", "Conferma", "Correggi")),
    ],
)
def test_the_proposal_and_its_editor_speak_japanese_and_italian(
    client, table, proposed, lang, words
):
    opened = client.post(
        f"{base(table.id)}/photo/edit",
        data={**proposed, "open": "0"},
        headers={"Accept-Language": lang},
    )
    shown = text(opened)
    for word in words:
        assert word in shown, word
    assert "Tile " not in shown and "Fix this line" not in shown and "pays" not in shown


def test_an_edit_a_later_line_no_longer_fits_is_saved_and_that_line_says_so(client, table, app):
    """Repairs never dead-end: the tile's hunters moved to its river leave the move line
    after it (from the prairie) unfit; the edit is saved, the move line says why, and
    Confirm refuses until that line too is fixed or unticked."""
    response = read_photo(client, table.id)
    proposed = form_of(response)
    state = get(app, table.id).state
    tile_line = json.loads(proposed["steps"])[0]["event"]
    after_tile = fold.apply(state, tile_line)
    goal = next(iter(fold.destinations(after_tile, 0, (NEW_AT, "prairie"), "move_1")))
    move = {
        "type": "play",
        "seat": 0,
        "action": "move_1",
        "moves": [
            {
                "from": fold.space_ref(after_tile, (NEW_AT, "prairie")),
                "to": fold.space_ref(after_tile, goal),
                "hunters": 1,
            }
        ],
        "override": True,
    }
    steps = json.dumps([{"event": tile_line}, {"event": move}])
    form = {**proposed, "steps": steps, "take.0": "1", "take.1": "1"}
    fields = form_of(edit(client, table.id, form, open="0"))
    river = "river"  # the tile's space: its terrain (the hex is the editor's e.at)
    saved = edit(client, table.id, fields, **{"save": "0", "e.to.0": river})
    assert saved.status_code == 200
    page = saved.get_data(as_text=True)
    assert page.count('data-testid="bison-photo-line-problem"') == 1
    said = text(saved)
    assert "no longer fits: Move 1: your hunters on the prairie of B08" in said
    version = get(app, table.id).version
    refused = confirm(client, table.id, form_of(saved))
    assert refused.status_code == 422 and get(app, table.id).version == version
    unticked = {k: v for k, v in form_of(saved).items() if k != "take.1"}
    assert confirm(client, table.id, unticked).status_code == 303
    assert get(app, table.id).state.board.pieces[(NEW_AT, "river")].hunters == HUNTERS


# -- the line's player, a line added (issue 32, item 5) -------------------------------------


def test_a_line_given_to_another_player_is_theirs_once_confirmed(client, table, app, proposed):
    """The tile's line read as Ann's was Ben's: its editor's player says so; Ben places
    B08 with his hunters (his marker, his stocks), Ann's untouched."""
    fields = form_of(edit(client, table.id, proposed, open="0"))
    assert fields["e.seat"] == "0"
    saved = edit(client, table.id, fields, **{"save": "0", "e.seat": "1"})
    assert saved.status_code == 200, text(saved)
    assert "<b>Ben</b>" in saved.get_data(as_text=True)
    assert confirm(client, table.id, form_of(saved)).status_code == 303
    after = get(app, table.id).state
    assert after.board.pieces[(NEW_AT, "prairie")].player == after.colours[1]
    assert after.rounds.markers == ((), ("place_tile",))
    assert after.stocks[0].total == 30 and after.stocks[1].total == 28  # B6: 2 hunters, 2


@pytest.mark.parametrize("seat", ["9", "-1", "x", "1.5"])
def test_a_player_the_table_does_not_have_is_a_sentence(client, table, app, proposed, seat):
    version = get(app, table.id).version
    fields = form_of(edit(client, table.id, proposed, open="0"))
    refused = edit(client, table.id, fields, **{"save": "0", "e.seat": seat})
    assert refused.status_code == 422
    assert "Choose one of this table's players" in text(refused)
    assert json.loads(form_of(refused)["steps"]) == json.loads(proposed["steps"])
    assert get(app, table.id).version == version


def test_a_line_the_photo_missed_is_added_checked_and_confirmed(client, table, app):
    """Ann's move was not proposed: "+ Add a line" opens an empty editor (the new line
    unticked: Confirm ignores it as it is); saved with her move, it is a ticked line the
    rules checked, and Confirm stores it with the others."""
    form = _moved_table(client, app, table)
    added = edit(client, table.id, {**form, "take.0": ""}, add="1")
    assert added.status_code == 200
    fields = form_of(added)
    steps = json.loads(fields["steps"])
    assert len(steps) == 2 and "take.1" not in fields and fields["e.count.0"] == ""
    assert "A line to add" in text(added)
    state = get(app, table.id).state
    goal = next(iter(fold.destinations(state, 0, (NEW_AT, "prairie"), "move_3")))
    to = f"{goal[0][0]},{goal[0][1]},{goal[1]}"
    saved = edit(
        client,
        table.id,
        fields,
        **{"save": "1", "e.action": "move_3", "e.from.0": PRAIRIE, "e.to.0": to},
        **{"e.count.0": "2"},
    )
    assert saved.status_code == 200 and "Move 1–3" in text(saved)
    now = form_of(saved)
    assert now["take.1"] == "1" and "take.0" not in now
    assert confirm(client, table.id, now).status_code == 303
    after = get(app, table.id).state
    assert after.board.pieces[goal].hunters == 2 and after.rounds.markers[0][-1] == "move_3"


def test_an_added_line_saved_empty_goes_and_the_others_keep_their_ticks(client, table, app):
    form = _moved_table(client, app, table)
    fields = form_of(edit(client, table.id, form, add="1"))
    gone = edit(client, table.id, fields, save="1")
    assert gone.status_code == 200
    now = form_of(gone)
    assert len(json.loads(now["steps"])) == 1 and now["take.0"] == "1"
    assert 'data-testid="bison-photo-editor"' not in gone.get_data(as_text=True)


def test_an_added_line_the_rules_refuse_says_why_and_stores_nothing(client, table, app):
    form = _moved_table(client, app, table)
    version = get(app, table.id).version
    fields = form_of(edit(client, table.id, form, add="1"))
    refused = edit(client, table.id, fields, **{"save": "1", "e.from.0": PRAIRIE, "e.count.0": "1"})
    assert refused.status_code == 422 and "Say where the hunters go" in text(refused)
    assert len(json.loads(form_of(refused)["steps"])) == 2  # the added line, still there
    assert get(app, table.id).version == version


def test_zero_hunters_on_a_move_line_forces_no_animal(client, table, app):
    """Repairs never dead-end: a move line set to 0 hunters and no animal records
    nothing (unticked), and Confirm stores nothing of it."""
    form = _moved_table(client, app, table)
    fields = form_of(edit(client, table.id, form, open="0"))
    saved = edit(client, table.id, fields, **{"save": "0", "e.count.0": "0", "e.gain": ""})
    assert saved.status_code == 200 and "take.0" not in form_of(saved)
    nothing = confirm(client, table.id, form_of(saved))
    assert nothing.status_code == 422 and "Nothing was ticked; nothing changed." in text(nothing)


@pytest.mark.parametrize("lang", ["ja", "it"])
def test_the_editor_and_an_added_line_speak_japanese_and_italian(client, table, app, lang):
    form = _moved_table(client, app, table)
    added = client.post(
        f"{base(table.id)}/photo/edit", data={**form, "add": "1"}, headers={"Accept-Language": lang}
    )
    shown = text(added)
    assert "A line to add" not in shown and "Player" not in shown and "Add a line" not in shown
    # Japanese: full-width punctuation among Japanese words (no "語: " nor "語(").
    if lang == "ja":
        assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff][:(;]", shown), shown
    else:
        assert "su prateria" not in shown


def test_a_repair_that_fits_after_a_later_line_is_moved_there_and_confirmed(client, table, app):
    # Ann's move repaired to the space Ben's hunter leaves in the line after it: refused
    # in the proposal's order (B5), it fits after Ben's move (a photo says no order).
    from companion import tables

    start = ((0, 0), "prairie")
    with app.app_context():
        tables.append(
            table.id,
            {"type": "pieces", "at": [0, 0], "space": "prairie", "seat": 0}
            | {"hunters": 1, "structure": 0},
        )
    state = get(app, table.id).state
    goals = sorted(fold.destinations(state, 0, start, "move_1"))
    taken, wrong = goals[0], goals[1]
    with app.app_context():
        tables.append(
            table.id,
            {"type": "pieces", "at": list(taken[0]), "space": taken[1]}
            | {"seat": 1, "hunters": 1, "structure": 0},
        )
    state = get(app, table.id).state
    away = next(g for g in sorted(fold.destinations(state, 1, taken, "move_1")) if g != start)

    def move(seat: int, a, b) -> dict:
        ref = fold.space_ref
        return {"type": "play", "seat": seat, "action": "move_1", "override": True} | {
            "moves": [{"from": ref(state, a), "to": ref(state, b), "hunters": 1}]
        }

    steps = [
        {"event": move(0, start, wrong), "options": [], "hexes": []},
        {"event": move(1, taken, away), "options": [], "hexes": []},
    ]
    form = {
        "steps": json.dumps(steps),
        "notes": "{}",
        "version": str(get(app, table.id).version),
        "take.0": "1",
        "take.1": "1",
    }
    fields = form_of(edit(client, table.id, form, open="0"))
    value = f"{taken[0][0]},{taken[0][1]},{taken[1]}"
    saved = edit(client, table.id, fields, **{"save": "0", "e.to.0": value})
    assert saved.status_code == 200
    moved = json.loads(form_of(saved)["steps"])
    assert [item["event"]["seat"] for item in moved] == [1, 0]  # after Ben's move
    assert confirm(client, table.id, form_of(saved)).status_code == 303
    after = get(app, table.id).state.board.pieces
    assert after[taken].player == "red" and after[away].player == "blue"


def bens_tile(hunters):
    """Ben's new tile with ``hunters`` on its prairie, as a proposal's line (no override)."""
    return {
        "type": "play",
        "seat": 1,
        "action": "place_tile",
        "tile": NEW_TILE,
        "at": list(NEW_AT),
        "rotation": NEW_TURN,
        "space": "prairie",
        "hunters": hunters,
    }


def test_a_line_edited_is_never_out_of_turn(client, table, app):
    """Repairs never dead-end: a photo shows no order, so a line proposed without the
    turn order lifted (Ben's tile while Ann is to act, B5) is saved as edited, not
    refused with "not your turn", and confirmed."""
    tile = bens_tile(HUNTERS)
    with pytest.raises(Exception, match="turn"):
        fold.apply(get(app, table.id).state, {**tile, "hunters": 1})  # the rules' refusal
    version = get(app, table.id).version
    form = {"steps": json.dumps([{"event": tile}]), "notes": "{}", "version": str(version)}
    fields = form_of(edit(client, table.id, {**form, "take.0": "1"}, open="0"))
    saved = edit(client, table.id, fields, **{"save": "0", "e.count.0": "1"})
    assert saved.status_code == 200, text(saved)
    assert confirm(client, table.id, form_of(saved)).status_code == 303
    after = get(app, table.id).state
    assert after.board.pieces[(NEW_AT, "prairie")].hunters == 1
    assert after.rounds.markers[1] == ("place_tile",)


def test_a_line_out_of_turn_is_confirmed_not_refused(client, table, app):
    """A photo shows no order (issue 32, item 5): a ticked line the turn order alone
    refuses (Ben's tile while Ann is to act, B5; a line before it unticked shifts the
    turns) is stored out of turn order at Confirm, never "no longer fits"."""
    tile = bens_tile(1)
    version = get(app, table.id).version
    form = {"steps": json.dumps([{"event": tile}]), "notes": "{}", "version": str(version)}
    assert confirm(client, table.id, {**form, "take.0": "1"}).status_code == 303
    after = get(app, table.id).state
    assert after.rounds.markers[1] == ("place_tile",) and after.rounds.markers[0] == ()
    assert after.board.pieces[(NEW_AT, "prairie")].hunters == 1


def test_a_confirm_refused_shows_the_proposal_again_with_the_line_that_does_not_fit(
    client, table, app
):
    """Repairs never dead-end: the tile's line unticked, the move from its prairie no
    longer fits; Confirm answers with the proposal as the phone left it (422), the
    refused line saying why beside it, nothing stored; unticked too, it confirms."""
    proposed = form_of(read_photo(client, table.id))
    state = get(app, table.id).state
    tile_line = json.loads(proposed["steps"])[0]["event"]
    after_tile = fold.apply(state, tile_line)
    start = (NEW_AT, "prairie")
    goal = next(iter(fold.destinations(after_tile, 0, start, "move_1")))
    ref = fold.space_ref
    move = {"from": ref(after_tile, start), "to": ref(after_tile, goal), "hunters": 1}
    event = {"type": "play", "seat": 0, "action": "move_1", "moves": [move], "override": True}
    steps = json.dumps([{"event": tile_line}, {"event": event}])
    form = {**proposed, "steps": steps, "take.0": "", "take.1": "1"}
    version = get(app, table.id).version
    refused = confirm(client, table.id, form)
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert "Nothing was changed" in text(refused) and "Traceback" not in page
    assert page.count('data-testid="bison-photo-line-problem"') == 1
    again = form_of(refused)
    assert again.get("take.0") is None and again["take.1"] == "1"  # the ticks as sent
    assert get(app, table.id).version == version
    tile_only = {**again, "take.0": "1"}
    tile_only.pop("take.1")
    assert confirm(client, table.id, tile_only).status_code == 303
    assert get(app, table.id).state.board.tiles[NEW_AT].catalog_id == NEW_TILE


def test_a_line_out_of_turn_counts_among_the_actions_confirm_leaves(client, table, app):
    """The rows without hunters and the actions not taken "Confirm and score" names are
    those Confirm leaves: Ben's tile line, refused by the turn order alone (Ann is to act,
    B5), takes one of Ben's 4 actions as Confirm stores it (out of turn order): 3 rows
    for Ben, 4 for Ann, and the button says so."""
    tile = bens_tile(1)
    version = get(app, table.id).version
    form = {"steps": json.dumps([{"event": tile}]), "notes": "{}", "version": str(version)}
    page = edit(client, table.id, {**form, "take.0": "1"})
    html = page.get_data(as_text=True)
    assert html.count('data-testid="bison-photo-gain" data-seat="1"') == 3
    assert html.count('data-testid="bison-photo-gain" data-seat="0"') == 4
    assert 'name="score" value="left:0=4,1=3"' in html
