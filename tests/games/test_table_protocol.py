"""The shared pieces of the event-fold protocol (games/table.py)."""

import pytest
from refusals import refused

from games.errors import RuleError
from games.table import check_range, parse_adjust, players_from_json

COUNTERS = {"herd": (0, 20)}


def test_parse_adjust_accepts_a_well_formed_event() -> None:
    adjust = parse_adjust(
        {"type": "adjust", "seat": 1, "counter": "herd", "delta": -3}, 2, COUNTERS
    )
    assert (adjust.seat, adjust.counter, adjust.delta) == (1, "herd", -3)


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (
            {"seat": 2, "counter": "herd", "delta": 1},
            "seat must be a whole number from 0 to 1, not 2",
        ),
        (
            {"seat": True, "counter": "herd", "delta": 1},
            "seat must be a whole number from 0 to 1, not true",
        ),
        (
            {"seat": "0", "counter": "herd", "delta": 1},
            'seat must be a whole number from 0 to 1, not "0"',
        ),
        (
            {"seat": 0, "counter": "bones", "delta": 1},
            "unknown counter 'bones'; expected one of: herd",
        ),
        (
            {"seat": 0, "counter": ["herd"], "delta": 1},
            "unknown counter ['herd']; expected one of: herd",
        ),
        (
            {"seat": 0, "counter": {"a": 1}, "delta": 1},
            "unknown counter {'a': 1}; expected one of: herd",
        ),
        ({"seat": 0, "counter": "herd", "delta": 1.5}, "delta must be a whole number, not 1.5"),
        ({"seat": 0, "counter": "herd", "delta": False}, "delta must be a whole number, not false"),
    ],
)
def test_parse_adjust_refuses_bad_events(event: dict, message: str) -> None:
    with refused(message):
        parse_adjust(event, 2, COUNTERS)


def test_check_range_names_the_counter_and_bounds() -> None:
    assert check_range("herd", 20, (0, 20)) == 20
    with pytest.raises(RuleError, match="herd would be 21; it must stay between 0 and 20"):
        check_range("herd", 21, (0, 20))


def test_players_from_json_refuses_shared_colours_and_counts() -> None:
    players = players_from_json([{"name": " Ann ", "color": "red"}], minimum=1, maximum=2)
    assert players[0].name == "Ann"
    with pytest.raises(RuleError, match="two players cannot share a colour"):
        players_from_json(
            [{"name": "A", "color": "red"}, {"name": "B", "color": "red"}], minimum=1, maximum=4
        )
    with pytest.raises(RuleError, match="this game needs 3 to 4 players, not 1"):
        players_from_json([{"name": "A", "color": "red"}], minimum=3, maximum=4)
