"""An edited proposal line is never refused for the turn order (issue 32, item 5): a
photo does not show the order of the round's actions (bench/bison_photo_taps.py, seed 26,
round 2: "It is not your turn" refused the player's own split move)."""

from __future__ import annotations

from companion.panels.bison.proposal import edited_event
from games.bison import fold as table
from games.table import Player

FOUR = [Player(n, c) for n, c in (("Y", "yellow"), ("R", "red"), ("G", "green"), ("B", "blue"))]


def test_an_edited_line_of_a_player_whose_turn_it_is_not_is_not_out_of_turn() -> None:  # B6
    state = table.new_state(FOUR, {})
    seat = (state.rounds.next_seat + 1) % 4  # not this seat's turn
    original = {"type": "play", "seat": seat, "action": "move_1", "hunters": 1}
    form = {"e.action": "move_3", "e.gain": "bison"}
    event = edited_event(state, original, form)
    assert event is not None and event.get("override") is True
