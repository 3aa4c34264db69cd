"""The Bison table's history in plain words: ``describe`` turns an event into an ``N_``
template and its parameters for the companion's log.

Glossary
--------
template
    An English sentence marked with ``N_`` so Babel extracts it; the companion translates
    it and fills in the parameters.
who
    The name of the event's seat, or ``?`` when the seat is missing or out of range (a
    refused event is described too).

Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.bison.economy import ANIMALS, COST_TABLE
from games.bison.hexgrid import show
from games.bison.rounds import ACTION_LABELS, Action
from games.bison.table_fields import parse_hex
from games.bison.tiles import STRUCTURE_ON
from games.errors import N_, RuleError
from games.table import Player


def _who(event: Mapping[str, Any], players: Sequence[Player]) -> str:
    seat = event.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        return players[seat].name
    return "?"


def _shown_at(event: Mapping[str, Any]) -> str:
    try:
        return show(parse_hex(event.get("at")))
    except RuleError:
        return "?"


def describe(event: Mapping[str, Any], players: Sequence[Player]) -> tuple[str, dict[str, Any]]:
    """The event in plain words: an ``N_`` template and its parameters.

    ``action`` and ``animal`` parameters are English words the companion may translate
    (action labels are ``N_``-marked in ``rounds.ACTION_LABELS``).
    """
    kind = event.get("type")
    who = _who(event, players)
    if kind == "adjust":
        delta = event.get("delta", 0)
        template = (N_("{player}: {counter} +{delta}") if isinstance(delta, int) and delta >= 0
                    else N_("{player}: {counter} {delta}"))
        return template, {"player": who, "counter": event.get("counter"), "delta": delta}
    if kind == "action":
        try:
            label = ACTION_LABELS[Action(str(event.get("action")))]
        except ValueError:
            label = str(event.get("action"))
        hunters = event.get("hunters", 0)
        params: dict[str, Any] = {"player": who, "action": label, "hunters": hunters}
        if hunters == 0:
            params["animal"] = event.get("gain")
            return N_("{player}: {action} without hunters, gained 1 {animal}"), params
        params["cost"] = COST_TABLE.get(hunters, "?")
        return N_("{player}: {action} with {hunters} hunters, paid {cost} animals"), params
    if kind == "buy":
        item = event.get("item")
        if item == "hunter":
            return N_("{player} bought a hunter at the market"), {"player": who}
        return (N_("{player} bought a size-{size} {item} at the market"),
                {"player": who, "size": event.get("size"), "item": item})
    if kind == "exchange":
        times = event.get("times", 1)
        return (N_("{player} exchanged {give_count} {give} for {get_count} {get}"),
                {"player": who, "give": event.get("give"), "get": event.get("get"),
                 "give_count": 3 * times if isinstance(times, int) else "?",
                 "get_count": times})
    if kind == "award":
        gains = event.get("gains") or {}
        return (N_("{player} received {bison} bison, {salmon} salmon and {turkey} turkey "
                   "from scoring"),
                {"player": who, **{a: gains.get(a, 0) for a in ANIMALS}})
    if kind == "tile":
        return (N_("tile {tile} placed at {at}"),
                {"tile": event.get("tile") or event.get("edges"), "at": _shown_at(event)})
    if kind == "pieces":
        return (N_("{player}: {hunters} hunters and a size-{structure} {kind} on the {space} "
                   "at {at}"),
                {"player": who, "hunters": event.get("hunters", 0),
                 "structure": event.get("structure", 0), "space": event.get("space"),
                 "kind": STRUCTURE_ON.get(str(event.get("space")), "tent"),
                 "at": _shown_at(event)})
    if kind == "score":
        return N_("the board was scored and the round ended"), {}
    if kind == "end_round":
        if event.get("override"):
            return N_("the round was ended by the table before all actions were taken"), {}
        return N_("the round ended"), {}
    return N_("unknown event {type}"), {"type": kind}
