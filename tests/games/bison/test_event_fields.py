"""Every Bison event type declares its fields: the companion refuses any other by name."""

from __future__ import annotations

import re
from typing import Any

import pytest

from companion.tables import check_event
from games import registry
from games.bison import changes
from games.bison import fold as table
from games.errors import RuleError
from games.table import Player
from tests.games.bison.builders import ANN_ON_THE_RIVER

PLAYERS = (Player("Ann", "red"), Player("Ben", "yellow"), Player("Cho", "green"))

B08_PRAIRIE = {"at": [1, -1], "space": "prairie", "tile": "B08"}
RETAIL = {"edges": "PPPMMM", "animals": {"prairie": 2, "river": 1}}

# One event of each type, with its optional fields, as the panel and older tables write
# them; ``None``: applied to a new table (with ``override`` where the turn order matters).
REPRESENTATIVE: dict[str, dict[str, Any]] = {
    "adjust": {"type": "adjust", "seat": 0, "counter": "bison", "delta": 2},
    "action": {
        "type": "action",
        "seat": 0,
        "action": "place_tile",
        "hunters": 2,
        "payment": {"bison": 2},
        "override": True,
        "at": [1, -1],
        "tile": "B07",
        "rotation": 0,
        "space": "river",
    },
    "play": {
        "type": "play",
        "seat": 0,
        "action": "place_tile",
        "hunters": 0,
        "gain": "salmon",
        "override": True,
        "at": [1, -1],
        "rotation": 1,
        **RETAIL,
    },
    "correct": {
        "type": "correct",
        "spaces": [{"at": [0, 0], "space": "prairie", "seat": 0, "hunters": 1, "structure": 0}],
    },
    "buy": {"type": "buy", "seat": 1, "item": "canoe", "size": 2},
    "exchange": {"type": "exchange", "seat": 0, "give": "bison", "get": "salmon", "times": 2},
    "award": {"type": "award", "seat": 2, "gains": {"bison": 7}, "exchanges": []},
    "end_round": {"type": "end_round", "override": True},
    "tile": {"type": "tile", "at": [1, -1], "tile": "B07", "rotation": 2},
    "start_tile": {"type": "start_tile", "at": [0, 0], "rotation": 0, **RETAIL},
    "pieces": ANN_ON_THE_RIVER,
    "score": {"type": "score", "override": True, "lock": False, "overflow": []},
    "reopen": {"type": "reopen"},
}

# Fields the panel or older tables use that the representative events above leave out.
ALSO_TAKEN = {
    "action": {"builds", "gain", "edges", "animals"},
    "play": {"builds", "moves", "gather", "payment", "tile", "space"},
    "award": {"overflow"},
    "score": {"exchanges"},
}


def new() -> table.State:
    return table.new_state(PLAYERS, {})


def test_every_event_type_declares_its_fields() -> None:
    assert set(table.EVENT_FIELDS) == set(changes.CHANGES.kinds)
    assert set(REPRESENTATIVE) == set(changes.CHANGES.kinds)
    for kind, fields in table.EVENT_FIELDS.items():
        assert "type" in fields, kind


@pytest.mark.parametrize("kind", sorted(REPRESENTATIVE))
def test_a_representative_event_passes_and_its_fields_are_declared(kind: str) -> None:
    event = REPRESENTATIVE[kind]
    assert check_event(event, registry.get("bison").rules()) == event
    assert set(event) | ALSO_TAKEN.get(kind, set()) <= table.EVENT_FIELDS[kind]


@pytest.mark.parametrize(
    "kind", ["adjust", "action", "play", "buy", "exchange", "award", "end_round", "tile"]
)
def test_a_representative_event_is_valid(kind: str) -> None:
    # The fold takes it: the declared fields are the ones its handler reads.
    table.apply(new(), REPRESENTATIVE[kind])


def test_the_other_representative_events_are_valid() -> None:
    state = table.apply(new(), REPRESENTATIVE["start_tile"])
    state = table.apply(state, REPRESENTATIVE["correct"])
    state = table.apply(state, REPRESENTATIVE["pieces"])
    scored = table.apply(new(), REPRESENTATIVE["score"])
    assert scored.rounds.round == 2
    final = new()
    for _round in range(10):  # the last scoring is final (B10) and locks with ``lock``
        if final.locked:
            break
        final = table.apply(final, {"type": "score", "override": True, "lock": True})
    assert final.locked
    assert not table.apply(final, REPRESENTATIVE["reopen"]).locked


@pytest.mark.parametrize("kind", sorted(REPRESENTATIVE))
def test_an_unknown_field_is_refused_by_name(kind: str) -> None:
    event = {**REPRESENTATIVE[kind], "junk": 1}
    with pytest.raises(RuleError) as caught:
        check_event(event, registry.get("bison").rules())
    message = caught.value.template.format(**caught.value.params)
    assert re.search(r"\bjunk\b", message), message
    assert message.startswith(f"{kind} does not take the field(s) junk;")
