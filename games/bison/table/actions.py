"""The Bison table's ``action`` and ``end_round`` events: the six actions and the round flow
(B4, B6, B11).

Glossary
--------
action
    One of the six actions (B6) for a seat, with 0–5 hunters: paid from the stocks (or,
    without hunters, one animal gained), marked on the seat's action markers.
builds
    A tent/canoe action's ``[{"size", "replaces", "at"?, "space"?}, …]``: what it builds
    or enlarges; several only with variant 1, shrinking only with variant 2 (B11).
counts only
    An action without board details: the supply counts follow, the mirror does not.
override
    ``"override": true`` lifts the turn-order check (or, for ``end_round``, the "everyone
    took their actions" check); no other rule is lifted.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from games.bison.changes import (
    ActionTaken,
    EndRound,
    Payment,
    Play,
    Unread,
    animals_json,
    paying,
)
from games.bison.economy import (
    ANIMALS,
    Stocks,
    action_cost,
    check_size,
    default_payment,
    gain,
    pay,
)
from games.bison.rounds import Action, Rounds
from games.bison.table.board import build_on_board, place_tile_on_board
from games.bison.table.state import Settings, State, with_seat
from games.errors import N_, RuleError, Term


def _builds(
    raw: Sequence[object], kind: str, hunters: int, settings: Settings
) -> list[tuple[int, int]]:
    """The ``builds`` of a tent/canoe action as (size, replaces) pairs, checked (B6, B11)."""
    if hunters == 0:
        if raw:
            raise RuleError(N_("an action without hunters builds nothing; it gains one animal"))
        return []
    if not raw:
        raise RuleError(
            N_('say which {kind} to build: builds needs at least one {{"size": n, "replaces": m}}'),
            kind=Term(kind),
        )
    if len(raw) > 1 and not settings.several_structures:
        raise RuleError(
            N_("one action builds or enlarges one {kind} (variant 1 allows several)"),
            kind=Term(kind),
        )
    pairs: list[tuple[int, int]] = []
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, Mapping) or "size" not in item:
            raise RuleError(
                N_('build {number} must be an object like {{"size": 2, "replaces": 0}}'),
                number=number,
            )
        size = check_size(item["size"], allow_zero=settings.variant_2)
        replaces = check_size(item.get("replaces", 0), allow_zero=True)
        if size <= replaces and not settings.variant_2:
            raise RuleError(
                N_(
                    "build {number}: a {kind} can only be built or enlarged, from size "
                    "{replaces} to a larger size, not {size} (variant 2 allows shrinking)"
                ),
                number=number,
                kind=Term(kind),
                replaces=replaces,
                size=size,
            )
        pairs.append((size, replaces))
    used = sum(abs(size - replaces) for size, replaces in pairs)
    if used != hunters:
        raise RuleError(
            N_("these builds use {used} hunters, but the action says {hunters}"),
            used=used,
            hunters=hunters,
        )
    return pairs


def paid(
    stocks: Stocks, hunters: int, payment: Payment | None, chosen: str | Unread | None
) -> Stocks:
    """``stocks`` after an action with ``hunters`` (B6): the cost table's price, split as
    ``payment`` says (else the default split), or with no hunters the one animal
    ``chosen`` (the event's ``gain``). Shared by the ``action`` event and the board's
    ``play``."""
    if hunters == 0:
        if paying(payment):
            raise RuleError(N_("an action without hunters costs nothing; it gains one animal"))
        if chosen is None:
            raise RuleError(
                N_("choose the animal you gain for an action without hunters: {names}"),
                names=", ".join(ANIMALS),
            )
        return gain(stocks, chosen.value if isinstance(chosen, Unread) else chosen)
    if chosen is not None:
        raise RuleError(N_("only an action without hunters gains an animal"))
    cost = action_cost(hunters)
    if payment is None:
        return pay(stocks, default_payment(stocks, cost), cost=cost)
    if isinstance(payment, Unread):  # not an object: refused by ``pay``'s reading
        return pay(stocks, payment.value, cost=cost)  # type: ignore[arg-type]
    return pay(stocks, animals_json(payment), cost=cost)


def marked(state: State, seat: int, action: Action, change: ActionTaken | Play) -> Rounds:
    """The rounds once ``seat`` took ``action`` (``change``: the event, its override and
    its gain: a gain's marker may move later, B6b)."""
    return state.rounds.take(
        seat,
        action,
        override=bool(change.override),
        names=state.names,
        gain=change.gain is not None,
    )


def on_action(state: State, change: ActionTaken) -> State:
    """An ``action``: one of the six actions (B6), counted; the mirror follows where the
    event says (``changes.ActionTaken``)."""
    seat = state.rounds.check_seat(change.seat)
    action, hunters = change.action, change.hunters
    rounds = marked(state, seat, action, change)
    stocks = paid(state.stocks[seat], hunters, change.payment, change.gain)
    supply = state.supplies[seat]

    board = state.board
    if action is Action.PLACE_TILE:
        if change.placement is not None:
            board = place_tile_on_board(state, seat, change.placement, change.space, hunters)
        supply = supply.deploy(hunters)
    elif action in (Action.TENT, Action.CANOE):
        kind = action.value
        raw = change.builds or []
        pairs = _builds(raw, kind, hunters, state.settings)
        if any(isinstance(item, Mapping) and "at" in item for item in raw):
            # The space says most precisely what is wrong, so it is checked first.
            board = build_on_board(state, board, seat, kind, raw, pairs)
        supply = supply.rebuild(kind, pairs)
    else:
        # Counts only: the board will check which hunters can reach where (B3).
        needed = hunters + 1 if action is Action.GATHER and hunters else hunters
        if supply.hunters_board < needed:
            if action is Action.GATHER:
                raise RuleError(
                    N_(
                        "gathering {hunters} hunters needs {needed} of your hunters on the "
                        "board (one to gather at); you have {have}"
                    ),
                    hunters=hunters,
                    needed=needed,
                    have=supply.hunters_board,
                )
            raise RuleError(
                N_("you have only {have} hunters on the board, not {need}"),
                have=supply.hunters_board,
                need=hunters,
            )
    all_stocks, all_supplies = with_seat(state, seat, stocks=stocks, supply=supply)
    return replace(state, stocks=all_stocks, supplies=all_supplies, rounds=rounds, board=board)


def on_end_round(state: State, change: EndRound) -> State:
    """``end_round``: markers cleared, totem passed on (B4).

    After the last round the game is over and every stock is set to 0 (B10): the final
    scoring is then awarded from nothing, so leftover food does not count.
    """
    rounds = state.rounds.end_round(override=bool(change.override), names=state.names)
    if rounds.finished:
        empty = Stocks(0, 0, 0)
        return replace(state, rounds=rounds, stocks=(empty,) * len(state.players))
    return replace(state, rounds=rounds)
