"""Actions recorded from the board in one event (B6): ``play``, destinations (B3),
``correct``, space references."""

from __future__ import annotations

from typing import Any

import pytest
from refusals import refused

from games.bison import fold as table
from games.bison.movement import reachable
from games.errors import RuleError

from .builders import BLUE, FOUR, GREEN, RED, YELLOW


def ref(at: tuple[int, int], space: str, tile: str | None = None) -> dict[str, Any]:
    raw: dict[str, Any] = {"at": list(at), "space": space}
    if tile:
        raw["tile"] = tile
    return raw


def play(seat: int, action: str, **fields: Any) -> dict[str, Any]:
    return {"type": "play", "seat": seat, "action": action, "override": True, **fields}


def hop(source: dict[str, Any], target: dict[str, Any], hunters: int) -> dict[str, Any]:
    """One group of hunters in a ``play`` event's ``moves``."""
    return {"from": source, "to": target, "hunters": hunters}


def placed() -> table.State:
    """Yellow placed B08 at [1,-1] with 3 hunters on its prairie (cost 4)."""
    state = table.new_state(FOUR, {})
    return table.apply(
        state, play(YELLOW, "place_tile", at=[1, -1], tile="B08", space="prairie", hunters=3)
    )


def test_place_tile_with_hunters_in_one_event() -> None:  # B4, B6
    state = placed()
    assert state.board.tiles[(1, -1)].catalog_id == "B08"
    assert state.board.pieces[((1, -1), "prairie")].hunters == 3
    assert state.stocks[YELLOW].total == 30 - 4  # 3 hunters cost 4 (B6)
    assert state.supplies[YELLOW].hunters_supply == 1
    assert state.supplies[YELLOW].hunters_board == 3
    assert state.rounds.markers[YELLOW] == ("place_tile",)


def test_move_within_the_allowance_and_its_cost() -> None:  # B3, B6
    state = placed()
    prairie = ((1, -1), "prairie")
    # One point from B08's prairie: its river, and across its P edges to land.
    near = table.destinations(state, YELLOW, prairie, "move_1")
    assert near == {s: 1 for s in reachable(state.board, "yellow", prairie, 1) if s != prairie}
    assert ((1, -1), "river") in near and ((1, -1), "mountain") not in near
    far = table.destinations(state, YELLOW, prairie, "move_3")
    assert far[((1, -1), "mountain")] == 2
    moved = table.apply(
        state,
        play(
            YELLOW,
            "move_3",
            moves=[hop(ref(*prairie, "B08"), ref((1, -1), "mountain", "B08"), 2)],
        ),
    )
    assert moved.board.pieces[prairie].hunters == 1
    assert moved.board.pieces[((1, -1), "mountain")].hunters == 2
    assert moved.stocks[YELLOW].total == state.stocks[YELLOW].total - 2  # 2 hunters used
    assert moved.supplies[YELLOW] == state.supplies[YELLOW]  # still on the board


def test_a_move_beyond_the_allowance_is_refused_and_changes_nothing() -> None:  # B3
    state = placed()
    with refused(
        "move 1: your hunters on the prairie of B08 cannot reach the mountain of "
        "B08 within 1 space (nor stop on another player's space)"
    ):
        table.apply(
            state,
            play(
                YELLOW, "move_1", moves=[hop(ref((1, -1), "prairie"), ref((1, -1), "mountain"), 1)]
            ),
        )
    with refused("the prairie of B08 has 3 of your hunters, not 4"):
        table.apply(
            state,
            play(YELLOW, "move_1", moves=[hop(ref((1, -1), "prairie"), ref((1, -1), "river"), 4)]),
        )
    with refused("the tile at [1,-1] is B08, not B09"):
        table.apply(
            state,
            play(
                YELLOW,
                "move_1",
                moves=[hop(ref((1, -1), "prairie", "B09"), ref((1, -1), "river"), 1)],
            ),
        )


def test_another_players_space_can_be_passed_but_not_stopped_on() -> None:  # B3, B5
    state = table.apply(
        placed(),
        {
            "type": "correct",
            "spaces": [
                {"at": [1, -1], "space": "river", "seat": RED, "hunters": 1, "structure": 0}
            ],
        },
    )
    dest = table.destinations(state, YELLOW, ((1, -1), "prairie"), "move_3")
    assert ((1, -1), "river") not in dest
    assert dest[((1, -1), "mountain")] == 2  # through Ren's river


def test_gather_and_build_from_the_board() -> None:  # B6
    state = table.apply(
        placed(),
        play(
            YELLOW,
            "move_1",
            moves=[hop(ref((1, -1), "prairie"), ref((1, -1), "river"), 1)],
        ),
    )
    assert table.destinations(state, YELLOW, ((1, -1), "river"), "gather") == {
        ((1, -1), "prairie"): 0
    }
    gathered = table.apply(
        state,
        play(
            YELLOW,
            "gather",
            gather={
                "to": ref((1, -1), "prairie"),
                "from": [{"space": ref((1, -1), "river"), "hunters": 1}],
            },
        ),
    )
    assert gathered.board.pieces[((1, -1), "prairie")].hunters == 3
    assert ((1, -1), "river") not in gathered.board.pieces
    built = table.apply(
        gathered, play(YELLOW, "tent", builds=[{"space": ref((1, -1), "prairie"), "size": 2}])
    )
    assert built.board.pieces[((1, -1), "prairie")].hunters == 1
    assert built.board.pieces[((1, -1), "prairie")].structure == 2
    assert built.supplies[YELLOW].tents.supply == (1,)
    assert built.supplies[YELLOW].hunters_supply == 3  # the 2 builders went home (B6)
    assert (
        table.hunters_used(
            gathered, play(YELLOW, "tent", builds=[{"space": ref((1, -1), "prairie"), "size": 2}])
        )
        == 2
    )


def test_a_tent_size_not_in_the_supply_is_refused() -> None:  # B5
    state = placed()
    with refused("you have no size-3 tent in your supply; buy one at the market first"):
        table.apply(
            state, play(YELLOW, "tent", builds=[{"space": ref((1, -1), "prairie"), "size": 3}])
        )
    with refused("a tent cannot stand on a river; use a canoe"):
        table.apply(
            state, play(YELLOW, "tent", builds=[{"space": ref((1, -1), "river"), "size": 1}])
        )


def test_play_is_all_or_nothing() -> None:  # B6
    state = placed()
    bad = play(
        YELLOW,
        "move_1",
        moves=[
            hop(ref((1, -1), "prairie"), ref((1, -1), "river"), 1),
            hop(ref((1, -1), "prairie"), ref((1, -1), "mountain"), 1),
        ],
    )
    with pytest.raises(RuleError):
        table.apply(state, bad)
    assert state.rounds.markers[YELLOW] == ("place_tile",)  # the input state is unchanged


def test_an_action_without_hunters_gains_one_animal() -> None:  # B6
    state = table.apply(placed(), play(YELLOW, "tent", builds=[], gain="salmon"))
    assert state.stocks[YELLOW].salmon == placed().stocks[YELLOW].salmon + 1


def test_correction_is_free_and_in_step_with_the_supply() -> None:
    state = placed()
    fixed = table.apply(
        state,
        {
            "type": "correct",
            "spaces": [
                {"at": [1, -1], "space": "prairie", "seat": YELLOW, "hunters": 2, "structure": 0},
                {"at": [0, 0], "space": "prairie", "seat": YELLOW, "hunters": 1, "structure": 0},
            ],
        },
    )
    assert fixed.stocks == state.stocks and fixed.rounds == state.rounds
    assert fixed.supplies[YELLOW].hunters_board == 3
    with refused(
        'a correction lists at least one space: spaces [{"at", "space", '
        '"seat", "hunters", "structure"}]'
    ):
        table.apply(state, {"type": "correct", "spaces": []})


def test_space_ref_names_the_printed_tile() -> None:
    state = placed()
    assert table.space_ref(state, ((1, -1), "river")) == {
        "at": [1, -1],
        "space": "river",
        "tile": "B08",
    }


def test_whose_turn_is_derived_from_the_state() -> None:  # B4, B6
    state = table.new_state(FOUR, {"start_seat": table.seat_named(FOUR, "Gen")})
    now = table.turn(state)
    assert (now.seat, now.name, now.action, now.round, now.rounds) == (GREEN, "Gen", 1, 1, 4)
    assert now.tile_due and now.is_turn_of(GREEN) and not now.is_turn_of(RED)
    state = table.apply(
        state, play(GREEN, "place_tile", at=[1, -1], tile="B08", hunters=0, gain="bison")
    )
    now = table.turn(state)
    assert (now.seat, now.name, now.action) == (BLUE, "Bea", 1)
    with refused("no player is called Zed; the players are Yui, Ren, Gen, Bea"):
        table.seat_named(FOUR, "Zed")


def test_a_move_or_gather_without_hunters_gains_one_animal() -> None:  # B6
    for action in ("move_1", "move_3", "gather"):
        state = table.apply(placed(), play(YELLOW, action, gain="turkey"))
        assert state.stocks[YELLOW].turkey == placed().stocks[YELLOW].turkey + 1
        assert state.board == placed().board or state.board.pieces == placed().board.pieces
    with refused("choose the animal you gain for an action without hunters: bison, salmon, turkey"):
        table.apply(placed(), play(YELLOW, "move_1", moves=[]))


def test_build_sizes_offer_the_supply_within_the_hunters_there() -> None:  # B5, B6, B11
    state = placed()  # 3 hunters on B08's prairie; tents 1 and 2 in the supply
    prairie = ((1, -1), "prairie")
    assert table.build_sizes(state, YELLOW, prairie) == (1, 2)
    assert table.build_sizes(state, YELLOW, ((1, -1), "river")) == ()  # no hunter there
    assert table.build_sizes(state, RED, prairie) == ()  # Yui's space
    built = table.apply(state, play(YELLOW, "tent", builds=[{"space": ref(*prairie), "size": 2}]))
    assert table.build_sizes(built, YELLOW, prairie) == ()  # 1 hunter left, no size 3


def test_a_retail_start_tile_is_described_by_taps() -> None:  # B1, B4
    from games.bison.taps import edges_from_taps

    state = table.new_state(FOUR, {})
    edges = edges_from_taps(1, 4, 2)  # river from corner 1 to corner 4, prairie on SW
    state = table.apply(
        state,
        {"type": "start_tile", "at": [0, 0], "edges": edges, "animals": {"prairie": 2, "river": 1}},
    )
    placed_tile = state.board.tiles[(0, 0)]
    assert (placed_tile.tile.edges, placed_tile.catalog_id) == (edges, None)
    # A retail tile is named as the board shows it: R and its number (issue 26).
    river = {"at": [0, 0], "space": "river", "tile": "R1"}
    assert table.space_ref(state, ((0, 0), "river")) == river
    with refused("[1,-1] is not a start tile; the start tiles lie at [0,0], [0,1], [1,0]"):
        table.apply(
            state, {"type": "start_tile", "at": [1, -1], "edges": edges, "animals": {"river": 3}}
        )
    state = table.apply(
        state,
        {
            "type": "correct",
            "spaces": [{"at": [0, 1], "space": "river", "seat": 0, "hunters": 1, "structure": 0}],
        },
    )
    with refused("pieces stand on the start tile at [0,1]; take them off first"):
        table.apply(
            state, {"type": "start_tile", "at": [0, 1], "edges": edges, "animals": {"river": 3}}
        )
    template, params = table.describe({"type": "start_tile", "at": [0, 0]}, FOUR)
    assert template.format(**params) == "a start tile is a retail tile"  # no coordinates
