"""What only the market explains on a photographed board (B7, issue 32): a hunter, tent
or canoe the player's board and supply could not hold was bought, and the proposal says
so with its price, before the player's actions — before, the tile went on the mirror
without its hunters ("buy more at the market") and the round was stored wrong."""

from __future__ import annotations

from dataclasses import replace

from games.bison import explain, explain_market
from games.bison import fold as table
from games.bison.board import Pieces
from games.bison.economy import Stocks
from games.bison.taps import tiles_in_bag

from .builders import FOUR, YELLOW
from .test_explain import START, photo_of, seated


def played(state: table.State, *events: dict) -> table.State:
    for event in events:
        state = table.apply(state, {**event, "override": True})
    return state


def bought_and_placed() -> tuple[table.State, table.State]:
    """A new table, and Yellow's round: a hunter bought, the tile placed with 5 (B6, B7)."""
    state = table.new_state(FOUR, {})
    at = sorted(table.legal_hexes(state))[0]
    tile = {"type": "play", "seat": YELLOW, "action": "place_tile", "at": list(at), "rotation": 0}
    tile |= {"tile": tiles_in_bag(state.board)[0], "space": "prairie", "hunters": 5}
    return state, played(state, {"type": "buy", "seat": YELLOW, "item": "hunter"}, tile)


def test_a_hunter_bought_and_placed_with_the_tile_is_proposed_as_bought() -> None:  # B6, B7
    state, truth = bought_and_placed()
    result = explain.explain(state, photo_of(truth))
    assert result.contradictions == ()
    buy, laid = result.steps
    assert buy.event == {"type": "buy", "seat": YELLOW, "item": "hunter"} and buy.cost == 3
    assert laid.event["action"] == "place_tile" and laid.hunters == 5 and laid.cost == 10
    assert explain.reproduces(state, result.steps, photo_of(truth))
    after = played(state, *(s.event for s in result.steps))
    assert after.stocks == truth.stocks and after.supplies == truth.supplies


def test_a_tent_of_a_size_the_supply_lacks_was_bought() -> None:  # B6, B7
    # Yellow's supply holds tents of sizes 1 and 2: a size-3 tent came from the market.
    state = seated(yellow=("prairie", 3, 0))
    build = {"type": "play", "seat": YELLOW, "action": "tent"}
    build["builds"] = [{"space": table.space_ref(state, (START, "prairie")), "size": 3}]
    truth = played(state, {"type": "buy", "seat": YELLOW, "item": "tent", "size": 3}, build)
    result = explain.explain(state, photo_of(truth))
    assert [s.event["type"] for s in result.steps] == ["buy", "play"]
    assert result.steps[0].event["size"] == 3 and result.steps[0].cost == 9  # 3 of each
    after = played(state, *(s.event for s in result.steps))
    assert after.stocks == truth.stocks and after.board.pieces == truth.board.pieces
    assert after.supplies == truth.supplies  # the size-3 tent on the board, 1 and 2 kept


def test_what_the_board_and_supply_held_is_never_bought() -> None:  # B7
    # A size-2 tent from the supply and the 4 hunters of the supply: nothing bought.
    state = seated(yellow=("prairie", 2, 0))
    build = {"type": "play", "seat": YELLOW, "action": "tent"}
    build["builds"] = [{"space": table.space_ref(state, (START, "prairie")), "size": 2}]
    truth = played(state, build)
    assert explain_market.market_buys(state, YELLOW, truth.board.pieces) == []
    assert all(s.event["type"] != "buy" for s in explain.explain(state, photo_of(truth)).steps)


def test_a_buy_the_stocks_cannot_pay_is_not_proposed() -> None:  # B7, B8
    state, truth = bought_and_placed()
    broke = list(state.stocks)
    broke[YELLOW] = Stocks(0, 10, 10)  # no bison for the hunter's price
    result = explain.explain(replace(state, stocks=tuple(broke)), photo_of(truth))
    assert all(s.event["type"] != "buy" for s in result.steps)
    assert result.contradictions  # said, as before: the supply holds 4


def test_no_more_is_bought_than_the_market_holds() -> None:  # B7
    state = table.new_state(FOUR, {})
    colour = state.colours[YELLOW]
    board = {((9, 9), "prairie"): Pieces(colour, 8)}
    buys = explain_market.market_buys(state, YELLOW, board)
    assert len(buys) == 4  # 8 seen, 4 in the supply, 4 in the market: all 4 bought
    board = {((9, 9), "prairie"): Pieces(colour, 8, 0), ((9, 9), "mountain"): Pieces(colour, 0, 4)}
    buys = explain_market.market_buys(state, YELLOW, board)
    assert buys[-1] == {"type": "buy", "seat": YELLOW, "item": "tent", "size": 4}
