"""The Bison table for the companion: stocks, actions, market, exchange and rounds as a fold.

Glossary
--------
state
    ``State``: the players, the settings, each seat's ``Stocks`` and ``Supply``, the
    ``Rounds`` (round, totem, action markers) and an optional ``board``.
board
    The board mirror: ``games.bison.board.Board``, the start tiles at first. Pieces on it
    are keyed by the seat's colour (unique at a table), so rule messages name a colour.
supply in step
    ``Supply`` counts each seat's pieces by place (supply, board, market). Board events
    keep it in step with the mirror: pieces put on a space come from the supply (or from
    pieces an earlier counts-only action already moved "to the board" without saying
    where: *unlocated* pieces), pieces taken off go back to the supply.
scoring
    ``score`` scores the mirror (B9; B10 in the last round) region by region in scoring
    order with the B8 cap, the players' chosen 3:1 exchanges applied per region, and ends
    the round. ``log`` keeps every seat's stocks after each scoring (for the chart).
event
    A JSON object with a ``"type"``, read once as a typed change (``games/bison/changes.py``:
    one frozen dataclass per type, its shape checked) and folded typed (``apply_change``).
override
    ``"override": true`` on an ``action`` or ``end_round`` event lifts the turn-order check
    (or, for ``end_round``, the "everyone took 4 actions" check): the people at the table
    are the authority, the app only keeps track. No other rule is lifted.

Actions may carry board details: ``place_tile`` with ``at`` (and ``tile`` + ``rotation``
or ``edges`` + ``animals``) and ``space`` places the tile and puts the hunters there; a
tent/canoe ``build`` with ``at`` + ``space`` builds on that space from the hunters there
(B6). Without them an action is counted only, as at a table that keeps no mirror.

This module follows the protocol of ``games/table.py`` (GAME, COUNTERS, new_state, prepare,
apply, counters, to_json, describe) and hands each event to the module whose one job it
is, in ``games/bison/table/``: ``state`` (State, Settings), ``fields`` (reading an
event's fields, for ``changes``), ``actions`` (``action``, ``end_round``), ``market`` (``buy``,
``exchange``), ``board`` (``tile``, ``pieces``, the mirror), ``scoring`` (``score``,
``award``, ``score_now``), ``history`` (``describe``). The names the companion and
the tests use are re-exported here. Standard library only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Final

from games.bison import changes
from games.bison.changes import BisonChange
from games.bison.components import (
    DEFAULT_MAX_TOTEM_DISTANCE,
    MAX_PLAYERS,
    MAX_TOTEM_DISTANCE_LIMIT,
    MIN_PLAYERS,
    MIN_TOTEM_DISTANCE,
    PLAYER_COLOURS,
)
from games.bison.economy import START_STOCK, Stocks, Supply
from games.bison.rounds import Rounds, check_player_count, removed_tiles_for
from games.bison.table.actions import on_action, on_end_round
from games.bison.table.board import legal_hexes, next_retail_label, on_pieces, on_tile
from games.bison.table.fields import parse_hex, parse_rotation, parse_space, parse_tile
from games.bison.table.history import describe
from games.bison.table.market import on_buy, on_exchange
from games.bison.table.play import (
    build_sizes,
    destinations,
    hunters_used,
    on_correct,
    on_play,
    on_start_tile,
    space_ref,
)
from games.bison.table.scoring import (
    Choices,
    Scoring,
    actions_not_taken,
    food_chart,
    on_award,
    on_score,
    parse_choices,
    score_now,
    scores_in_one_tap,
    winning_seats,
)
from games.bison.table.state import (
    ScoreRecord,
    Settings,
    State,
    parse_settings,
    with_seat,
)
from games.bison.table.turn import Turn, seat_named, turn
from games.errors import N_, RuleError
from games.table import Player, adjust_targets, check_range

GAME = "bison"
#: The create form's player rows and colours (B4; the box's four colours).
SEATS: Final[tuple[int, int]] = (MIN_PLAYERS, MAX_PLAYERS)
SEAT_COLOURS: Final[tuple[str, ...]] = PLAYER_COLOURS
COUNTERS: Final[dict[str, tuple[int, int]]] = changes.COUNTERS
#: The counters' names as a refusal says them ("Ann's salmon").
COUNTER_NAMES: dict[str, str] = {
    "bison": N_("bison"),
    "salmon": N_("salmon"),
    "turkey": N_("turkey"),
}
#: What an event touches (issue 35): a stock counter's tap commutes with every other
#: change but one to that counter; a board change reads the turn and the board (the
#: whole table).
targets = adjust_targets(COUNTER_NAMES)


def new_state(players: Sequence[Player], settings: Mapping[str, Any]) -> State:
    """Round 1: stocks at 10, 4 hunters and one size-1 and size-2 tent and canoe each."""
    check_player_count(len(players))
    chosen = parse_settings(settings, len(players))
    count = len(players)
    return State(
        players=tuple(players),
        settings=chosen,
        stocks=(Stocks.start(),) * count,
        supplies=(Supply.start(),) * count,
        rounds=Rounds.start(count, chosen.start_seat),
    )


def prepare(state: State, event: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """No chance in these events (the tile draw happens at the real table)."""
    return event


def _adjust(state: State, change: changes.Adjust) -> State:
    seat = state.rounds.check_seat(change.seat)
    value = check_range(
        change.counter,
        counters(state)[seat][change.counter] + change.delta,
        COUNTERS[change.counter],
    )
    stocks = replace(state.stocks[seat], **{change.counter: value})
    return replace(state, stocks=with_seat(state, seat, stocks=stocks)[0])


#: The fields each event type carries (the companion refuses any other, naming it): the
#: change classes' own (``changes.CHANGES``), the optional ones and those of events
#: recorded earlier included, so every table replays.
EVENT_FIELDS: Final[dict[str, frozenset[str]]] = changes.CHANGES.event_fields()


def _reopen(state: State) -> State:
    """``{"type": "reopen"}`` — undo the final scoring (B10) so the table can change again:
    the table goes back to just before it; the event stays in the history."""
    if state.before_final is None:
        raise RuleError(N_("the game is not finished; there is nothing to reopen"))
    return state.before_final


# Parameters of board refusals that name a player by colour (the board's player id).
_COLOUR_PARAMS = ("player", "other", "above")


def _named(state: State, error: RuleError) -> RuleError:
    """``error`` with any colour id in a player parameter replaced by the player's name:
    refusals name players, never colours."""
    colours = state.colours
    params = dict(error.params)
    changed = False
    for key in _COLOUR_PARAMS:
        value = params.get(key)
        if type(value) is str and value in colours and value not in state.names:
            params[key] = state.names[colours.index(value)]
            changed = True
    return RuleError(error.template, **params) if changed else error


def apply(state: State, event: Mapping[str, Any]) -> State:
    """The next state after the stored ``event``: read once (``changes.from_json``), then
    folded typed (``apply_change``); ``RuleError`` (and no change) when refused. After a
    locking final scoring (B10) only ``reopen`` is accepted, whatever the event holds."""
    if isinstance(event, Mapping) and state.locked and event.get("type") != "reopen":
        raise RuleError(N_("the game is over and scored; reopen it to change anything"))
    return apply_change(state, changes.from_json(event))


def apply_change(state: State, change: BisonChange) -> State:
    """The next state after ``change``: its shape is checked by ``changes``, what depends
    on the table (seat, turn, board, stocks, variants) here, in the order it always was.
    Refusals name players, never colours."""
    if state.locked and not isinstance(change, changes.Reopen):
        raise RuleError(N_("the game is over and scored; reopen it to change anything"))
    try:
        return _fold(state, change)
    except RuleError as error:
        raise _named(state, error) from None


def _fold(state: State, change: BisonChange) -> State:
    match change:
        case changes.Adjust():
            return _adjust(state, change)
        case changes.ActionTaken():
            return on_action(state, change)
        case changes.Play():
            return on_play(state, change)
        case changes.Correct():
            return on_correct(state, change)
        case changes.Buy():
            return on_buy(state, change)
        case changes.Exchange():
            return on_exchange(state, change)
        case changes.Award():
            return on_award(state, change)
        case changes.EndRound():
            return on_end_round(state, change)
        case changes.PlaceTile():
            return on_tile(state, change)
        case changes.StartTile():
            return on_start_tile(state, change)
        case changes.Pieces():
            return on_pieces(state, change)
        case changes.Score():
            return on_score(state, change)
        case changes.Reopen():
            return _reopen(state)


def counters(state: State) -> list[dict[str, int]]:
    """Each seat's three stocks."""
    return [stocks.as_dict() for stocks in state.stocks]


def to_json(state: State) -> dict[str, Any]:
    """The table as JSON-ready data for the app."""
    rounds = state.rounds
    return {
        "round": rounds.round,
        "rounds": rounds.rounds,
        "removed_tiles": removed_tiles_for(rounds.players),
        "start_seat": rounds.start_seat,
        "next_seat": rounds.next_seat,
        "round_complete": rounds.round_complete,
        "finished": rounds.finished,
        "final_scored": state.final_scored,
        "locked": state.locked,
        # B10 tie-break on the stocks as they stand: final while the final awards come in.
        "winners": winning_seats(state) if rounds.finished else [],
        "settings": state.settings.as_dict(),
        "seats": [
            {
                "stocks": state.stocks[seat].as_dict(),
                "total": state.stocks[seat].total,
                "actions": [action.value for action in rounds.markers[seat]],
                "actions_left": rounds.actions_left(seat),
                # not marked yet (what a gain may count for; an action with hunters
                # may also take a gain's marker, B6b: the contract's meaning kept)
                "available": [action.value for action in rounds.unmarked(seat)],
                "tile_due": rounds.tile_due(seat),
                "pieces": state.supplies[seat].as_dict(),
            }
            for seat in range(len(state.players))
        ],
        "board": board_json(state),
        "log": [
            {
                "round": record.round,
                "final": record.final,
                "stocks": [stocks.as_dict() for stocks in record.stocks],
                "lost": list(record.lost),
            }
            for record in state.log
        ],
    }


def board_json(state: State) -> dict[str, Any]:
    """The mirror: tiles as they lie (edges already turned), pieces by seat, legal hexes."""
    board = state.board
    return {
        "tiles": [
            {
                "at": [q, r],
                "tile": placed.catalog_id,
                "rotation": placed.rotation,
                "edges": placed.tile.edges,
                "animals": placed.tile.animals_json(),
                "start": (q, r) in board.start,
            }
            for (q, r), placed in sorted(board.tiles.items())
        ],
        "pieces": [
            {
                "at": [at[0], at[1]],
                "space": terrain,
                "seat": state.seat_of(pieces.player),
                "hunters": pieces.hunters,
                "structure": pieces.structure,
            }
            for (at, terrain), pieces in sorted(board.pieces.items())
        ],
        "legal": [[q, r] for q, r in legal_hexes(state)],
    }


__all__ = [
    "COUNTERS",
    "DEFAULT_MAX_TOTEM_DISTANCE",
    "EVENT_FIELDS",
    "GAME",
    "MAX_TOTEM_DISTANCE_LIMIT",
    "MIN_TOTEM_DISTANCE",
    "SEATS",
    "SEAT_COLOURS",
    "START_STOCK",
    "Choices",
    "ScoreRecord",
    "Scoring",
    "Settings",
    "State",
    "Turn",
    "actions_not_taken",
    "apply",
    "apply_change",
    "board_json",
    "build_sizes",
    "counters",
    "describe",
    "destinations",
    "food_chart",
    "hunters_used",
    "legal_hexes",
    "new_state",
    "next_retail_label",
    "parse_choices",
    "parse_hex",
    "parse_rotation",
    "parse_space",
    "parse_tile",
    "prepare",
    "score_now",
    "scores_in_one_tap",
    "seat_named",
    "space_ref",
    "to_json",
    "turn",
]
