"""No answer to a change tells a phone a secret it may not see (issue 27, items 1: F1, F2).

For every game with secrets — a Lion Square herd, the address of the newspaper an A Dog's
Life dog carries — the tests build pairs of tables that are equal in public (what a phone
without the secret's seat reads: the state, the counters, the events, checked first) and
differ in the secret. Then a phone without that seat (no seat at all, or another seat)
sends every event type and every kind of undo, through every write route: the API
(``POST /api/v1/tables/<id>/events`` and ``…/undo``) and the page forms (the game's panel
routes, the generic ``/t/<id>/adjust`` and ``/t/<id>/undo``, with and without htmx). The
two answers must be byte for byte the same — status, body and headers — once the table
ids, the join codes, the CSRF tokens and the forms' fresh idempotency keys are put aside.

Chance is made the same for both tables of a pair (one seed for every draw), so a drawn
card tells nothing either. What the rules themselves make public stays out of the pairs:
the end of the game (L3: a herd at 0 ends it, and every secret shows), and the address a
phone draws for its own dog's newspaper (drawn among those left at the office).
"""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from secret_pairs import (
    Phone,
    dogs_life,
    imported,
    lion_square,
    no_answer_tells_a_secret,
    same_chance,
)

from companion import security, tables
from companion.tables import fold, rows

__all__ = ["same_chance"]  # the fixture: one seed for every draw


test_no_api_answer_tells_a_secret_to_a_phone_without_its_seat = no_answer_tells_a_secret(
    forms=False
)


def test_the_owner_still_reads_the_exact_refusal(app: Flask) -> None:
    """Ben's own phone is told the herd a correction would leave; Ann's is told the rule,
    and her correction of his hidden herd is refused whatever the herd (F1)."""
    with app.app_context():
        table = imported("lion-square", lion_square(-3)["open round"])
    ben, ann = Phone(app, table, 1), Phone(app, table, 0)
    too_much = {"type": "adjust", "seat": 1, "counter": "herd", "delta": 100}
    assert ben.api("events", too_much).get_json() == {
        "error": "herd would be 117; it must stay between 0 and 20"
    }
    for delta in (100, -1):
        refused = ann.api("events", {**too_much, "delta": delta})
        assert refused.status_code == 422
        message = refused.get_json()["error"]
        assert message == (
            "Ben's herd is hidden from this phone: only Ben's phone can change it until the "
            "game ends"
        )
    fine = ben.api("events", {**too_much, "delta": -1})
    assert fine.status_code == 200 and fine.get_json()["state"]["herds"][1] == 16


def test_an_undo_refusal_names_no_hidden_herd(app: Flask) -> None:
    """F1: undoing Ben's -3 would make his later +2 leave 22. Ben's phone reads that; the
    refusal a rule wording alone would give Ann's phone keeps 22 out."""
    with app.app_context():
        table = imported(
            "lion-square",
            [
                (1, {"type": "adjust", "seat": 1, "counter": "herd", "delta": -3}),
                (1, {"type": "adjust", "seat": 1, "counter": "herd", "delta": 2}),
            ],
        )
    ben, ann = Phone(app, table, 1), Phone(app, table, 0)
    mine = ben.api("undo", {"seq": 1}).get_json()["error"]
    assert "herd would be 22" in mine
    theirs = ann.api("undo", {"seq": 1})
    assert theirs.status_code == 422 and "22" not in theirs.get_json()["error"]
    with app.app_context():  # the wording a phone without the seat is given for the problem
        view = tables.get(table.id)
        with pytest.raises(tables.UndoBlocked) as blocked:
            fold.replay_events(
                view.module,
                view.players,
                view.settings,
                [e for e in _rows(table.id) if e.seq != 1],
                blame=lambda payload: view.event_for(payload, 0),
                viewer=0,
            )
    assert str(blocked.value) == (
        "this cannot be undone: change 2 (Ben's herd was corrected) depends on it: "
        "Ben's herd must stay between 0 and 20"
    )


def _rows(table_id: str) -> list[Any]:
    from companion import db
    from companion.models import TableRow

    with db.reading() as session:
        row = session.get(TableRow, table_id)
        return list(rows.event_rows(session, row))


def test_a_dog_without_action_points_is_told_so_whatever_it_carries(app: Flask) -> None:
    """F2: with no action points left, dropping or delivering any address gets the same
    refusal, the carried one too (before, only the carried one was told "0 AP")."""
    with app.app_context():
        table = imported("dogs-life", dogs_life(7)["no action points left"])
    fifi = Phone(app, table, 0)  # even her own phone: nothing differs by address
    messages = {
        fifi.api("events", {"type": kind, "seat": 0, **extra, "address": a}).get_json()["error"]
        for a in range(1, 13)
        for kind, extra in (("drop", {"item": "newspaper"}), ("draw", {"section": "newspaper"}))
    }
    assert messages == {
        "Fifi has 0 action points left this turn, not the 1 needed to drop an item.",
        "Fifi has 0 action points left this turn, not the 1 needed to deliver a newspaper.",
    }


def test_the_size_bound_tells_no_carried_address(app: Flask) -> None:
    """Issue 33, F1: a spectator's delivery padded to just under the size bound was
    refused for its size exactly when the dog carried that address (the bound was checked
    on the prepared event, which only a real delivery grows). Now the bound is checked on
    the change as posted, and every address gets the one refusal of the secrets gate."""
    with app.app_context():
        table = imported("dogs-life", dogs_life(7)["actions left"])
    spectator = Phone(app, table, None)
    for padding in (850, 900, 950, 990):
        messages = set()
        for address in range(1, 13):
            security.limiter.reset()
            probe = {
                "type": "draw",
                "seat": 0,
                "section": "newspaper",
                "address": address,
                "against": "A" * padding,
            }
            refused = spectator.api("events", probe)
            messages.add((refused.status_code, refused.get_json()["error"]))
        assert len(messages) == 1, (padding, messages)
