"""What a photographed board shows that only the market explains (B7, issue 32).

A hunter, tent or canoe reaches the board from its player's supply, and reaches the
supply only from the market, by a buy (B7: a hunter for 1 bison + 1 salmon + 1 turkey, a
tent or canoe of size n for n of each). A photo shows the board, never the supply: a
player who bought a hunter and placed it with their tile shows one hunter more than
their board and supply held, and the explanation had no action for it (the tile went on
the mirror without its hunters and the proposal said "buy more at the market"). Every
piece is counted, so the least a player must have bought is known exactly, and so is its
price: those buys are proposed first, before the player's actions.

Glossary
--------
least bought
    ``market_buys``: per player, the hunters the photo shows beyond those the table had
    on the board and in the supply, and per kind and size the tents or canoes beyond
    those the board and the supply held of that size (a piece of one size never becomes
    another: enlarging puts the smaller back in the supply, B6). Conservation, not a
    search: hunters go market → supply (buy) → board (the tile's action) → supply (a
    build), so ``board after ≤ board before + supply before + bought``.
bought first
    ``bought``: the buys applied at the round's start, each by the fold (its price and
    the market's stock checked there): buying is any time on one's own turn, and the
    stocks are never fuller than at the start (actions only cost food), so no order of
    the round makes a buy possible that the start does not. A buy the stocks cannot pay
    is left out: the player's change is then explained as before, and what the rules
    refuse is said.

Standard library only.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from games.bison import explain_search as search
from games.bison.board import Pieces
from games.bison.economy import STRUCTURE_KINDS, Amounts, market_price
from games.bison.hexgrid import Hex
from games.bison.table.state import State
from games.bison.tiles import STRUCTURE_ON
from games.errors import RuleError

Space = tuple[Hex, str]


def price(buy: Mapping[str, Any]) -> Amounts:
    """What a ``buy`` event costs (B7)."""
    size = buy.get("size")
    return market_price(size if isinstance(size, int) else None)


def market_buys(state: State, seat: int, board: Mapping[Space, Pieces]) -> list[dict[str, Any]]:
    """The least ``seat`` must have bought at the market for its pieces on ``board`` (see
    the glossary): ``buy`` events, hunters first, then tents and canoes by size; no more
    than the market still holds of each."""
    colour = state.colours[seat]
    supply = state.supplies[seat]
    seen, had = search.own(board, colour), search.own(state.board.pieces, colour)
    hunters = sum(p.hunters for p in seen.values()) - sum(p.hunters for p in had.values())
    short = min(hunters - supply.hunters_supply, supply.hunters_market)
    buys: list[dict[str, Any]] = [{"type": "buy", "seat": seat, "item": "hunter"}] * max(0, short)
    for kind in STRUCTURE_KINDS:

        def sizes(pieces: Mapping[Space, Pieces], kind: str = kind) -> Counter[int]:
            return Counter(
                p.structure for s, p in pieces.items() if p.structure and STRUCTURE_ON[s[1]] == kind
            )

        structures = supply.structures(kind)
        held = sizes(had) + Counter(structures.supply)
        market = Counter(structures.market)
        for size, count in sorted(sizes(seen).items()):
            missing = min(count - held[size], market[size])
            buys += [{"type": "buy", "seat": seat, "item": kind, "size": size}] * max(0, missing)
    return buys


def bought(state: State, board: Mapping[Space, Pieces]) -> tuple[State, list[dict[str, Any]]]:
    """Every player's least buys for ``board``, applied at the round's start in seat order
    (see the glossary): the state after them and the buys the fold took."""
    taken: list[dict[str, Any]] = []
    for seat in range(len(state.players)):
        for buy in market_buys(state, seat, board):
            try:
                state, buy = search.attempt(state, buy)
            except RuleError:
                break  # the stocks cannot pay it: said by the explanation's refusal
            taken.append(buy)
    return state, taken
