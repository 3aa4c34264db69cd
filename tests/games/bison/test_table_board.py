"""The board mirror in the Bison table fold: tiles (B4), pieces (B5, supplies), actions that
say where (B6), and the mirror's scoring (B8, B9, B10) with the JP rulebook example."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from refusals import refused

from games.bison import fold as table
from games.bison.board import Pieces
from games.bison.economy import Amounts, Overflow, Stocks
from games.bison.regions import find_regions
from games.bison.tiles import PRAIRIE
from games.errors import RuleError

from .builders import BLUE, FOUR, GREEN, RED, YELLOW


def new(players: int = 4, **settings: Any) -> table.State:
    return table.new_state(FOUR[:players], settings)


def fold(state: table.State, *events: dict[str, Any]) -> table.State:
    for event in events:
        state = table.apply(state, event)
    return state


def pieces(
    seat: int | None, at: list[int], space: str, hunters: int = 0, structure: int = 0
) -> dict[str, Any]:
    event: dict[str, Any] = {
        "type": "pieces",
        "at": at,
        "space": space,
        "hunters": hunters,
        "structure": structure,
    }
    if seat is not None:
        event["seat"] = seat
    return event


def place_tile(**fields: Any) -> dict[str, Any]:
    """Yellow's place-tile action, with ``fields`` (hunters, where, what is gained)."""
    return {"type": "action", "seat": YELLOW, "action": "place_tile", **fields}


# JP example 1 (seed 000, 得点集計 例1) on the opening board: S1 and S2's prairies (1 bison
# each) and three retail tiles to the north-east make one prairie of 5 spaces, 7 bison.
JP_TILES = [
    {"type": "tile", "at": [1, -1], "edges": "PPPMMM", "animals": {"prairie": 3}},
    {"type": "tile", "at": [2, -1], "edges": "PPPPMM", "animals": {"river": 2, "mountain": 1}},
    {"type": "tile", "at": [3, -1], "edges": "MMMPMM", "animals": {"prairie": 2, "mountain": 1}},
]
JP_PIECES = [
    {"type": "buy", "seat": RED, "item": "tent", "size": 1},  # red needs a second size-1
    pieces(YELLOW, [0, 0], "prairie", 0, 2),  # space 1 (1 bison)
    pieces(RED, [1, 0], "prairie", 1, 1),  # space 2 (1 bison)
    pieces(RED, [1, -1], "prairie", 0, 1),  # space 3 (3 bison)
    pieces(GREEN, [2, -1], "prairie", 3, 1),  # space 4 (0 bison)
    pieces(BLUE, [3, -1], "prairie", 1, 0),  # space 5 (2 bison)
]


def jp_board() -> table.State:
    return fold(new(), *JP_TILES, *JP_PIECES)


def test_new_state_lays_out_the_start_tiles() -> None:
    state = new()
    assert sorted(state.board.start) == [(0, 0), (0, 1), (1, 0)]
    shown = table.board_json(state)
    assert [(t["at"], t["tile"], t["start"]) for t in shown["tiles"]] == [
        ([0, 0], "S1", True),
        ([0, 1], "S3", True),
        ([1, 0], "S2", True),
    ]
    assert shown["pieces"] == []


def test_legal_hexes_ring_the_start_tiles_and_respect_the_limit() -> None:
    # The 9 empty hexes touching the three start tiles, all within reach (B4).
    assert len(table.legal_hexes(new())) == 9
    assert [0, -1] in table.board_json(new())["legal"]
    # With a limit of 1 only the start tiles themselves would be in reach.
    assert table.legal_hexes(new(max_totem_distance=1)) == []
    state = fold(new(), {"type": "tile", "at": [1, -1], "tile": "B07"})
    assert (1, -1) not in table.legal_hexes(state)
    assert (1, -2) in table.legal_hexes(state)


def test_tile_event_places_a_catalog_tile_turned() -> None:
    state = fold(new(), {"type": "tile", "at": [1, -1], "tile": "B07", "rotation": 2})
    placed = state.board.tiles[(1, -1)]
    assert (placed.catalog_id, placed.rotation, placed.tile.edges) == ("B07", 2, "MMPPMM")
    template, params = table.describe({"type": "tile", "at": [1, -1], "tile": "B07"}, FOUR)
    assert template.format(**params) == "tile B07 placed"  # named by its id, no coordinates


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ({"at": [0, 0], "tile": "B01"}, "[0,0] already holds a tile"),
        (
            {"at": [5, 5], "tile": "B01"},
            "a tile at [5,5] would not touch the board; it must share an edge with a placed tile",
        ),
        ({"at": [1, -1], "tile": "S2"}, "tile S2 is already on the board"),
        ({"at": [1, -1], "tile": "B99"}, 'unknown tile "B99"; the catalog has S1–S3 and B01–B18'),
        (
            {"at": [1, -1], "tile": "B01", "rotation": 6},
            '"rotation" must be a whole number (0–5), not 6',
        ),
        (
            {"at": [1, -1], "tile": "B01", "edges": "PPPMMM"},
            "give either tile (a printed id) or edges and animals, not both",
        ),
        (
            {"at": [1, -1]},
            "say which tile: a printed id like B07, or the edges and animals of a retail tile",
        ),
        (
            {"at": [1, -1], "edges": "PMPMPM", "animals": {"river": 3}},
            'edges "PMPMPM" must form one run of P and one run of M around the tile, not 3 runs '
            "of each",
        ),
        (
            {"at": "1,-1", "tile": "B01"},
            '"at" must be [q, r], two whole numbers, not "1,-1"',
        ),
    ],
)
def test_tile_refusals(event: dict[str, Any], message: str) -> None:
    state = new()
    with refused(message):
        table.apply(state, {"type": "tile", **event})


def test_tile_too_far_from_the_totem() -> None:
    state = fold(
        new(),
        {"type": "tile", "at": [1, -1], "tile": "B01"},
        {"type": "tile", "at": [1, -2], "tile": "B02"},
    )
    with refused("[1,-3] is 4 tiles from the totem; tiles may lie at most 3 tiles away"):
        table.apply(state, {"type": "tile", "at": [1, -3], "tile": "B03"})


# --- pieces and the supply ------------------------------------------------------------------


def test_pieces_come_from_the_supply_and_go_back() -> None:
    state = fold(new(), pieces(RED, [0, 0], "prairie", 3, 2))
    supply = table.to_json(state)["seats"][RED]["pieces"]
    assert supply["hunters"] == {"supply": 1, "board": 3, "market": 4}
    assert supply["tents"] == {"supply": [1], "board": [2], "market": [1, 2, 3, 4]}
    assert table.board_json(state)["pieces"] == [
        {"at": [0, 0], "space": "prairie", "seat": RED, "hunters": 3, "structure": 2}
    ]
    # Fewer hunters, the tent swapped for the size-1: the rest goes back.
    state = table.apply(state, pieces(RED, [0, 0], "prairie", 1, 1))
    supply = table.to_json(state)["seats"][RED]["pieces"]
    assert supply["hunters"]["supply"] == 3
    assert supply["tents"]["supply"] == [2] and supply["tents"]["board"] == [1]
    # Clearing without naming the seat.
    state = table.apply(state, pieces(None, [0, 0], "prairie"))
    assert state.board.pieces == {}
    assert (
        table.to_json(state)["seats"][RED]["pieces"] == table.to_json(new())["seats"][RED]["pieces"]
    )


def test_clearing_an_empty_space_changes_nothing() -> None:
    state = table.apply(new(), pieces(None, [0, 0], "river"))
    assert state.board.pieces == {}


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (
            pieces(RED, [0, 0], "prairie", 5),
            "you have only 4 hunters in your supply, not 5; buy more at the market",
        ),
        (pieces(RED, [0, 0], "prairie", 9), "hunters must be a whole number (0–8), not 9"),
        (
            pieces(RED, [0, 0], "river", 0, 3),
            "you have no size-3 canoe in your supply; buy one at the market first",
        ),
        (
            pieces(RED, [0, 0], "river", 0, 5),
            "structure must be a whole number (0–4), not 5",
        ),
        (pieces(RED, [4, 4], "river", 1), "there is no tile at [4,4]"),
        (
            pieces(RED, [0, 0], "lake", 1),
            'the field "space" must be "prairie", "river" or "mountain", not \'lake\'',
        ),
        (pieces(7, [0, 0], "river", 1), "seat must be a whole number from 0 to 3, not 7"),
        (
            pieces(RED, [0, 0], "river", True),
            "hunters must be a whole number (0–8), not true",
        ),
    ],
)
def test_pieces_refusals(event: dict[str, Any], message: str) -> None:
    with refused(message):
        table.apply(new(), event)


def test_a_space_holds_one_players_pieces() -> None:  # B5
    state = fold(new(), pieces(RED, [0, 0], "river", 1))
    # Refusals name the player, never the colour id.
    with refused(
        "the river at [0,0] holds Ren's pieces; a space holds the pieces of one player only"
    ):
        table.apply(state, pieces(BLUE, [0, 0], "river", 1))


def test_bought_pieces_can_be_put_down() -> None:
    state = fold(
        new(),
        {"type": "buy", "seat": RED, "item": "canoe", "size": 3},
        pieces(RED, [0, 0], "river", 0, 3),
    )
    assert state.board.pieces[((0, 0), "river")].structure == 3


def test_counts_only_action_hunters_are_located_later_without_double_counting() -> None:
    state = table.apply(new(), place_tile(hunters=2))
    assert table.to_json(state)["seats"][YELLOW]["pieces"]["hunters"]["supply"] == 2
    state = table.apply(state, pieces(YELLOW, [0, 1], "mountain", 3))
    # 2 of the 3 were already counted on the board; only 1 more leaves the supply.
    assert table.to_json(state)["seats"][YELLOW]["pieces"]["hunters"] == {
        "supply": 1,
        "board": 3,
        "market": 4,
    }


# --- actions that say where (B6) ------------------------------------------------------------


def test_place_tile_action_places_the_tile_and_the_hunters() -> None:
    state = table.apply(
        new(), place_tile(hunters=2, at=[1, -1], tile="B16", rotation=1, space="prairie")
    )
    assert state.board.tiles[(1, -1)].catalog_id == "B16"
    assert state.board.pieces[((1, -1), "prairie")] == Pieces("yellow", 2, 0)
    assert table.counters(state)[YELLOW] == {"bison": 9, "salmon": 9, "turkey": 10}
    assert table.to_json(state)["seats"][YELLOW]["pieces"]["hunters"]["board"] == 2


def test_place_tile_action_without_hunters_needs_no_space() -> None:
    state = table.apply(new(), place_tile(hunters=0, gain="salmon", at=[1, -1], tile="B01"))
    assert (1, -1) in state.board.tiles and state.board.pieces == {}


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"at": [1, -1], "tile": "B01"}, "say on which space of the tile the 2 hunters stand"),
        (
            {"at": [9, 9], "tile": "B01", "space": "river"},
            "a tile at [9,9] would not touch the board; it must share an edge with a placed tile",
        ),
        (
            {"at": [1, -1], "tile": "B01", "space": "sky"},
            'the field "space" must be "prairie", "river" or "mountain", not \'sky\'',
        ),
    ],
)
def test_place_tile_action_refusals_change_nothing(extra: dict[str, Any], message: str) -> None:
    state = new()
    with refused(message):
        table.apply(state, place_tile(hunters=2, **extra))
    assert state.rounds.markers[YELLOW] == () and (1, -1) not in state.board.tiles


def test_tent_action_builds_from_the_hunters_on_the_space() -> None:
    # JP: a player with a size-1 tent and 2 hunters on a space may enlarge it to size 2 or 3.
    state = fold(
        new(),
        {"type": "buy", "seat": YELLOW, "item": "tent", "size": 3},
        pieces(YELLOW, [0, 0], "mountain", 2, 1),
    )
    state = table.apply(
        state,
        {
            "type": "action",
            "seat": YELLOW,
            "action": "tent",
            "hunters": 2,
            "builds": [{"size": 3, "replaces": 1, "at": [0, 0], "space": "mountain"}],
        },
    )
    assert state.board.pieces[((0, 0), "mountain")] == Pieces("yellow", 0, 3)
    shown = table.to_json(state)["seats"][YELLOW]["pieces"]
    assert shown["tents"]["board"] == [3] and 1 in shown["tents"]["supply"]
    assert shown["hunters"] == {"supply": 4, "board": 0, "market": 4}


@pytest.mark.parametrize(
    ("build", "message"),
    [
        (
            {"size": 2, "replaces": 0, "at": [0, 0], "space": "mountain"},
            "build 1: the mountain at [0,0] has your size-1 tent, not size 0",
        ),
        (
            {"size": 2, "replaces": 1, "at": [0, 0], "space": "river"},
            "a tent cannot stand on a river; use a canoe",
        ),
        (
            {"size": 2, "replaces": 0, "at": [0, 0], "space": "prairie"},
            "build 1: a size-2 tent needs 2 of your hunters on the prairie at [0,0]; there are 0",
        ),
    ],
)
def test_tent_action_refusals(build: dict[str, Any], message: str) -> None:
    state = fold(new(), pieces(YELLOW, [0, 0], "mountain", 1, 1))
    hunters = build["size"] - build["replaces"]
    with refused(message):
        table.apply(
            state,
            {
                "type": "action",
                "seat": YELLOW,
                "action": "tent",
                "hunters": hunters,
                "builds": [build],
            },
        )


# --- scoring the mirror ---------------------------------------------------------------------


def test_jp_example_board_is_one_prairie_of_five_spaces() -> None:
    state = jp_board()
    prairies = [r for r in find_regions(state.board) if r.terrain == PRAIRIE]
    joined = [r for r in prairies if (1, -1) in r.hexes]
    assert [(len(r.hexes), r.animals) for r in joined] == [(5, 7)]


def test_jp_example_1_live_standings() -> None:
    result = table.score_now(jp_board())
    (region,) = [
        r for r in result.regions if (1, -1) in r.region.hexes and r.region.terrain == PRAIRIE
    ]
    assert region.awards == {"yellow": 7, "red": 3, "green": 0, "blue": 2}
    assert result.awards(YELLOW).bison == 7
    assert not result.final


def test_score_event_needs_the_round_complete_unless_overridden() -> None:
    state = jp_board()
    with refused("the round is not over: Yui still has 4 of 4 actions to take"):
        table.apply(state, {"type": "score"})
    scored = table.apply(state, {"type": "score", "override": True})
    # yellow: 10 + 7 bison from the example's prairie: 2 over the cap, too few to exchange.
    assert scored.stocks[YELLOW] == Stocks(15, 10, 10)
    assert scored.log[0].lost[YELLOW] == 2
    assert scored.rounds.round == 2 and scored.rounds.start_seat == 1
    assert [r.round for r in scored.log] == [1]
    assert table.to_json(scored)["log"][0]["stocks"][YELLOW]["bison"] == 15
    assert table.describe({"type": "score"}, FOUR) == (
        "the board was scored and the round ended",
        {},
    )


def test_score_overflow_default_and_chosen_exchanges() -> None:  # B8
    state = fold(
        jp_board(), {"type": "adjust", "seat": YELLOW, "counter": "bison", "delta": 5}
    )  # 15 bison already: all 7 would overflow
    preview = table.score_now(state)
    index, receipt = preview.overflows(YELLOW)[0]
    assert preview.regions[index].awards["yellow"] == 7
    assert receipt.lost.bison == 1 and len(receipt.exchanges) == 2
    choice = [
        {
            "seat": YELLOW,
            "region": index,
            "exchanges": [{"give": "bison", "get": "turkey"}, {"give": "bison", "get": "turkey"}],
        }
    ]
    scored = table.apply(state, {"type": "score", "override": True, "exchanges": choice})
    assert scored.stocks[YELLOW].turkey >= 12
    assert scored.log[-1].lost[YELLOW] == 1
    nothing = [{"seat": YELLOW, "region": index, "exchanges": []}]
    scored = table.apply(state, {"type": "score", "override": True, "exchanges": nothing})
    assert scored.log[-1].lost[YELLOW] == 7


def test_scoring_overflow_is_the_choice_of_one_regions_award() -> None:  # B8, B9
    state = fold(jp_board(), {"type": "adjust", "seat": YELLOW, "counter": "bison", "delta": 5})
    preview = table.score_now(state)
    index, _receipt = preview.overflows(YELLOW)[0]
    assert preview.award(YELLOW, index) == Amounts(bison=7)
    assert preview.stocks_before(YELLOW, index) == Stocks(15, 10, 10)
    # 15 + 7 bison: 7 over the cap, two triples, into salmon or turkey.
    assert preview.overflow(YELLOW, index) == Overflow("bison", 7, ("salmon", "turkey"))
    # Red's award fits (10 + 3): no choice to make.
    assert preview.overflow(RED, index) is None
    assert preview.award(RED, index) == Amounts(bison=3)


def test_stocks_before_follow_the_regions_received_in_scoring_order() -> None:  # B8, B9
    state = fold(
        jp_board(), pieces(YELLOW, [1, -1], "mountain", 1), pieces(YELLOW, [0, 0], "river", 1)
    )
    preview = table.score_now(state)
    received = [index for index, _r in preview.receipts[YELLOW]]
    assert len(received) >= 2
    first, second = received[:2]
    assert preview.stocks_before(YELLOW, first) == preview.before[YELLOW]
    assert preview.stocks_before(YELLOW, second) == preview.receipts[YELLOW][0][1].stocks


def test_food_chart_starts_at_thirty_and_follows_each_scoring() -> None:  # B8, B10
    state = jp_board()
    assert table.food_chart(state) == [[30]] * 4
    scored = table.apply(state, {"type": "score", "override": True})
    chart = table.food_chart(scored)
    assert [row[0] for row in chart] == [30] * 4
    assert [row[1] for row in chart] == [s.total for s in scored.stocks]
    assert chart[YELLOW] == [30, 35]  # 10 + 7 bison stop at 15 (B8): 2 lost


@pytest.mark.parametrize(
    ("choices", "message"),
    [
        (
            "all",
            'exchanges must be a list like [{"seat": 0, "region": 2, "exchanges": '
            '[{"give": "bison", "get": "salmon"}]}]',
        ),
        (
            [{"seat": 0}],
            "exchange choice 1 must be an object with seat, region and a list of exchanges",
        ),
        (
            [{"seat": 0, "region": -1, "exchanges": []}],
            "exchange choice 1: region must be a region number, not -1",
        ),
        (
            [{"seat": 2, "region": 99, "exchanges": []}],
            "Gen receives nothing from region 99; there is nothing to exchange",
        ),
    ],
)
def test_score_choice_refusals(choices: Any, message: str) -> None:
    with refused(message):
        table.apply(jp_board(), {"type": "score", "override": True, "exchanges": choices})


def test_last_round_scoring_is_final_from_empty_stocks() -> None:  # B10
    state = jp_board()
    for _ in range(3):
        state = table.apply(state, {"type": "score", "override": True})
    assert state.rounds.round == 4 and not state.rounds.finished
    assert table.score_now(state).final
    before = state
    state = table.apply(state, {"type": "score", "override": True, "lock": True})
    assert state.rounds.finished and state.final_scored and state.locked
    assert state.stocks[YELLOW].bison == 7  # from 0: only the final awards count
    assert table.to_json(state)["winners"] == [YELLOW]
    assert table.turn(state).locked and table.turn(state).seat is None
    for event in (
        {"type": "score"},
        pieces(RED, [0, 0], "river", 1),
        {"type": "adjust", "seat": RED, "counter": "bison", "delta": 1},
        {"type": "award", "seat": RED, "gains": {"bison": 1}},
        {"type": "end_round", "override": True},
    ):
        with refused("the game is over and scored; reopen it to change anything"):
            table.apply(state, event)
    # B10: reopening goes back to just before the final scoring; it can then be redone.
    reopened = table.apply(state, {"type": "reopen"})
    assert not reopened.final_scored and not reopened.rounds.finished
    assert reopened.stocks == before.stocks and not reopened.locked
    again = table.apply(reopened, {"type": "score", "override": True, "overflow": []})
    assert again.stocks == state.stocks and again.locked  # the amended form locks too
    with refused("the game is not finished; there is nothing to reopen"):
        table.apply(reopened, {"type": "reopen"})


def test_a_final_scoring_recorded_before_the_lock_still_replays_what_followed() -> None:
    state = jp_board()
    for _ in range(4):
        state = table.apply(state, {"type": "score", "override": True})
    assert state.final_scored and not state.locked
    # An old table's stray adjustment after the final scoring replays as it was recorded.
    after = table.apply(state, {"type": "adjust", "seat": RED, "counter": "bison", "delta": 1})
    assert after.stocks[RED].bison == state.stocks[RED].bison + 1
    with refused("the final scoring is done; the game is over"):
        table.apply(state, {"type": "score"})


def test_a_game_ended_without_the_mirror_can_still_be_scored_once() -> None:
    state = new(2)
    for _ in range(6):
        state = table.apply(state, {"type": "end_round", "override": True})
    assert state.rounds.finished
    state = table.apply(state, {"type": "score"})
    assert state.final_scored and state.log[-1].round == 6


# --- invariants -----------------------------------------------------------------------------

SPACE_NAMES = ("prairie", "river", "mountain")
HEXES = ([0, 0], [1, 0], [0, 1])


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(0, 2),
            st.sampled_from(HEXES),
            st.sampled_from(SPACE_NAMES),
            st.integers(0, 4),
            st.integers(0, 2),
        ),
        max_size=25,
    )
)
def test_supply_stays_in_step_with_the_mirror(moves: list[tuple[Any, ...]]) -> None:
    state = new(3)
    for seat, at, space, hunters, structure in moves:
        try:
            state = table.apply(state, pieces(seat, list(at), space, hunters, structure))
        except RuleError:
            continue
    for seat in range(3):
        supply = state.supplies[seat]
        colour = state.colours[seat]
        on_mirror = [p for p in state.board.pieces.values() if p.player == colour]
        assert supply.hunters_supply + supply.hunters_board + supply.hunters_market == 8
        assert supply.hunters_board == sum(p.hunters for p in on_mirror)
        structures = sorted((*supply.tents.board, *supply.canoes.board))
        assert structures == sorted(p.structure for p in on_mirror if p.structure)


def test_score_with_the_amended_overflow_rule() -> None:  # B8 as amended
    state = fold(
        jp_board(), {"type": "adjust", "seat": YELLOW, "counter": "bison", "delta": 5}
    )  # 15 bison: yellow's 7 would all overflow
    index = table.score_now(state).overflows(YELLOW)[0][0]
    preview = table.score_now(state, overflow={})
    proposal = preview.proposal(YELLOW, index, state.supplies[YELLOW])
    assert proposal is not None and proposal.discarded.total == 1  # 22 - 6 = 16: 1 over
    assert proposal.stocks == Stocks(15, 11, 11)
    # The event without a choice takes the proposal, as the preview showed.
    scored = table.apply(state, {"type": "score", "override": True, "overflow": []})
    assert scored.stocks[YELLOW] == preview.after[YELLOW] == Stocks(15, 11, 11)
    # The player chooses a market buy instead: the tent comes into the supply.
    buy = [
        {"seat": YELLOW, "region": index, "exchanges": [], "buys": [{"item": "tent", "size": 3}]}
    ]
    bought = table.apply(state, {"type": "score", "override": True, "overflow": buy})
    assert bought.stocks[YELLOW] == Stocks(15, 7, 7)
    assert 3 in bought.supplies[YELLOW].tents.supply
    assert bought.log[-1].lost[YELLOW] == 4  # 22 - 3 = 19: 4 over the cap
    # An illegal choice is refused, nothing changes.
    bad = [{"seat": YELLOW, "region": index, "exchanges": [{"give": "salmon", "get": "bison"}]}]
    with refused(
        "exchange 1: only an animal that passes 15 can be exchanged here, and salmon does not"
    ):
        table.apply(state, {"type": "score", "override": True, "overflow": bad})
    with refused("give either exchanges (the old form) or overflow, not both"):
        table.apply(state, {"type": "score", "override": True, "overflow": [], "exchanges": []})


def test_a_retail_tile_carries_its_board_label_for_the_history() -> None:
    """Issue 26: History names a retail tile as the board labels it ("retail tile R1"), not
    by coordinates; a label that is not the board's is refused and changes nothing."""
    retail = {"type": "tile", "at": [1, -1], "edges": "PPMMMM", "animals": {"river": 3}}
    assert table.next_retail_label(new().board) == "R1"
    with refused("this tile is labelled R1 on the board, not R7"):
        fold(new(), {**retail, "label": "R7"})
    state = fold(new(), {**retail, "label": "R1"})
    assert state.board.tiles[(1, -1)].catalog_id is None
    assert table.next_retail_label(state.board) == "R2"
    template, params = table.describe({**retail, "label": "R1"}, FOUR)
    assert template.format(**params) == "retail tile R1 placed"
