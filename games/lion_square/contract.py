"""``campfire score lion-square``: one round's losses from a JSON document (docs/contracts.md).

Glossary
--------
document
    The decoded JSON input::

        {"seats": {"S": "ann", "W": "ben", "N": "cho", "E": "dan"},
         "grid": [[3, null, 1], [2, "G", 0], [null, 1, 2]],
         "taken": {"ann": 3}, "gazelles_in_hand": {"ann": 1},
         "herds": {"ann": 20, "ben": 20, "cho": 20, "dan": 20}, "round": 1}

    ``seats`` maps 3 or 4 sides to distinct player names; ``grid`` is the square, rows
    north → south, columns west → east (see ``square``). ``taken`` / ``gazelles_in_hand``
    entries that are missing are 0. Beyond the contract's letter: a missing ``herds``
    entry is 20 (the start) and a missing ``round`` is 1, so the smallest useful document
    is ``{"seats": …, "grid": …}``.
result
    ``{"losses": {player: {"nearest", "taken", "gazelles", "total"}}, "herds": {player:
    herd after the round}, "game_over", "winners", "lions_win"}``. Players are listed in
    clockwise side order S, W, N, E. Herds after the round are plain arithmetic and may be
    0 or less (L3 speaks of "0 or less"); ``winners`` is empty while the game goes on and
    when the lions win.

Like ``score bison``, it scores any square it is given: how the cards got there (adjacency,
colours) is the players' business, and owners of the original deck type its numbers (L1).
The deck's limits are checked, though: at most 2 gazelles between the square and the
hands, at most 32 cards in all.

Every refusal is a ``RuleError`` naming the field (``taken.zed``, ``grid row 2``, …), and an
unknown top-level field is refused too, so a misspelt ``"gazelles"`` cannot silently
count as 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games import fields
from games.errors import N_, RuleError, Term
from games.lion_square import rules
from games.lion_square.square import Side, Square

FIELDS = ("seats", "grid", "taken", "gazelles_in_hand", "herds", "round")


def score(document: object) -> dict[str, Any]:
    """Validate ``document`` and score the round it describes (L2, then L3)."""
    if not isinstance(document, Mapping):
        raise RuleError(N_("the input must be a JSON object with seats and grid"))
    for key in document:
        fields.one_of(
            key, FIELDS, N_("unknown field {field!r}; expected {fields}"), "field", "fields"
        )
    for key in ("seats", "grid"):
        if key not in document:
            raise RuleError(N_("{field} is missing"), field=key)

    seats = _seats(document["seats"])
    players = [seats[side] for side in Side if side in seats]
    square = Square.from_json(document["grid"])
    taken = _counts(document.get("taken", {}), "taken", players)
    gazelles = _counts(document.get("gazelles_in_hand", {}), "gazelles_in_hand", players)
    herds = _herds(document.get("herds", {}), players)
    round_number = _round(document.get("round", 1))
    rules.check_card_supply(square, list(taken.values()), list(gazelles.values()))

    losses = rules.round_losses(square, seats, taken, gazelles)
    after = {
        player: herds.get(player, rules.HERD_START) - losses[player].total for player in players
    }
    over = rules.game_over(list(after.values()), round_number)
    return {
        "losses": {player: loss.to_json() for player, loss in losses.items()},
        "herds": after,
        "game_over": over,
        "winners": rules.winners(after) if over else [],
        "lions_win": over and rules.lions_win(list(after.values())),
    }


def _seats(raw: object) -> dict[Side, str]:
    if not isinstance(raw, Mapping):
        raise RuleError(
            N_("seats must be an object mapping sides to players, e.g. {example}"),
            example='{"S": "ann", "W": "ben", "N": "cho"}',
        )
    seats: dict[Side, str] = {}
    seen: dict[str, Side] = {}
    for key, player in raw.items():
        side = Side.parse(key, field="seats")
        if not isinstance(player, str) or not player.strip():
            raise RuleError(N_("seats.{side} must be a player's name"), side=side.value)
        if player in seen:
            raise RuleError(
                N_("seats: {player} sits at both {first} and {second}"),
                player=player,
                first=seen[player].value,
                second=side.value,
            )
        seen[player] = side
        seats[side] = player
    if not rules.MIN_PLAYERS <= len(seats) <= rules.MAX_PLAYERS:
        raise RuleError(
            N_("seats name {count} players; Lion Square is for 3 or 4"), count=len(seats)
        )
    return seats


def _whole(raw: object, field: str, *, low: int, high: int | None = None) -> int:
    """A JSON whole number in [low, high]; ``true``/``false`` are not numbers."""
    return fields.whole_number(raw, field, low, high)


def _known(raw: object, field: str, players: list[str]) -> Mapping[str, object]:
    return fields.object_of(raw, players, field, Term(N_("player")))


def _counts(raw: object, field: str, players: list[str]) -> dict[str, int]:
    known = _known(raw, field, players)
    return {player: _whole(known.get(player, 0), f"{field}.{player}", low=0) for player in players}


def _herds(raw: object, players: list[str]) -> dict[str, int]:
    # Before a round every herd is on its card, 1–20: a herd at 0 or less has already
    # ended the game (L3), so there is no round to score.
    known = _known(raw, "herds", players)
    return {
        player: _whole(
            known.get(player, rules.HERD_START), f"herds.{player}", low=1, high=rules.HERD_CARD_MAX
        )
        for player in players
    }


def _round(raw: object) -> int:
    return _whole(raw, "round", low=1, high=rules.ROUNDS)
