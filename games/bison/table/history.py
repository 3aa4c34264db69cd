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
game words
    Actions, animals, terrains and pieces are ``Term`` parameters and the parts of a line
    that name a space or list several changes are ``Phrase`` parameters, so the whole line
    is translated: nothing English is glued into a parameter.
space
    Named as the board shows it: "the prairie of B07" (a printed tile's id, or a retail
    tile's "R2": ``table_play.tile_label``); coordinates only for an old event that lacks
    the label.
tile placed
    Named by its id ("tile B07") or, a retail tile, by the label the board gives it
    ("retail tile R2": the event's ``label``), never by where it lies (issue 26).
counts
    A number before a noun that changes with the number gets a template per form ("1
    hunter" / "3 hunters"); elsewhere counts are written ``bison ×3``, which needs no plural
    in any language.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.bison.economy import ANIMALS, COST_TABLE
from games.bison.hexgrid import show
from games.bison.rounds import ACTION_LABELS, Action
from games.bison.table.fields import parse_hex
from games.bison.tiles import SPACES, STRUCTURE_ON
from games.errors import N_, Phrase, PhraseList, RuleError, Term, TermList
from games.table import Player

Described = tuple[str, dict[str, Any]]


def _who(event: Mapping[str, Any], players: Sequence[Player], key: str = "seat") -> str:
    seat = event.get(key)
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players):
        return players[seat].name
    return "?"


def _shown_at(raw: object) -> str:
    try:
        return show(parse_hex(raw))
    except RuleError:
        return "?"


def _term(word: object, allowed: Sequence[str]) -> Term | str:
    """A game word as a ``Term`` when it is one; anything else quoted back as it came."""
    return Term(str(word)) if word in allowed else str(word)


def _space(ref: object) -> Phrase:
    """A space as the board shows it: "the prairie of B07" or "the prairie at [1,-1]"."""
    ref = ref if isinstance(ref, Mapping) else {}
    terrain = _term(ref.get("space"), SPACES)
    if isinstance(ref.get("tile"), str):
        return Phrase(N_("the {terrain} of {tile}"), terrain=terrain, tile=ref["tile"])
    return Phrase(N_("the {terrain} at {at}"), terrain=terrain, at=_shown_at(ref.get("at")))


def _action(event: Mapping[str, Any]) -> Term | str:
    try:
        return Term(ACTION_LABELS[Action(event.get("action", ""))])
    except ValueError:
        return str(event.get("action"))


def _cost(hunters: object, animal: object, payment: object = None) -> Phrase:
    """What an action with ``hunters`` hunters cost (B6), naming the animals paid when the
    event says (issue 26: "paid bison ×2, turkey ×2", not "paid 4 animals")."""
    if hunters == 0:
        return Phrase(N_("no hunters: gained 1 {animal}"), animal=_term(animal, ANIMALS))
    if hunters == 1:
        return Phrase(N_("1 hunter, at no cost"))
    if isinstance(payment, Mapping):
        paid = [
            (Term(animal), count)
            for animal in ANIMALS
            if isinstance(count := payment.get(animal), int) and not isinstance(count, bool)
            if count > 0
        ]
        if paid:
            return Phrase(
                N_("{hunters} hunters, paid {paid}"), hunters=hunters, paid=TermList(paid)
            )
    return Phrase(
        N_("{hunters} hunters, paid {cost} animals"),
        hunters=hunters,
        cost=COST_TABLE.get(hunters, "?") if isinstance(hunters, int) else "?",
    )


def _tile(event: Mapping[str, Any]) -> Phrase:
    """A tile as the board shows it: its printed id, a retail tile's label ("R2", written
    by the companion when it was placed), or "a retail tile"."""
    if isinstance(event.get("tile"), str):
        return Phrase(N_("tile {id}"), id=event["tile"])
    if isinstance(event.get("label"), str):
        return Phrase(N_("retail tile {id}"), id=event["label"])
    return Phrase(N_("a retail tile"))


def _list(items: object) -> list[Mapping[str, Any]]:
    return [i for i in items if isinstance(i, Mapping)] if isinstance(items, list) else []


def _play_details(event: Mapping[str, Any]) -> tuple[Phrase | PhraseList, object]:
    """What a ``play`` event changed on the board (an empty list: nothing), and the hunters
    it used if known."""
    action = event.get("action")
    hunters = event.get("hunters")
    if action == "place_tile":
        if hunters:
            return Phrase(
                N_("{tile} placed, the hunters on its {terrain}"),
                terrain=_term(event.get("space"), SPACES),
                tile=_tile(event),
            ), hunters
        return Phrase(N_("{tile} placed"), tile=_tile(event)), hunters or 0
    if action in ("tent", "canoe"):
        builds = PhraseList(
            Phrase(
                N_("size {size} on {space}"), size=item.get("size"), space=_space(item.get("space"))
            )
            for item in _list(event.get("builds"))
        )
        return builds, hunters
    if action == "gather":
        if not isinstance(event.get("gather"), Mapping):
            return PhraseList(), 0
        gather = event["gather"]
        sources = _list(gather.get("from"))
        used = sum(s.get("hunters", 0) for s in sources if isinstance(s.get("hunters"), int))
        return Phrase(
            N_("to {goal}: {sources}"),
            goal=_space(gather.get("to")),
            sources=PhraseList(
                Phrase(
                    N_("{hunters} from {start}"),
                    hunters=s.get("hunters"),
                    start=_space(s.get("space")),
                )
                for s in sources
            ),
        ), hunters if hunters is not None else used
    moves = _list(event.get("moves"))
    used = sum(m.get("hunters", 0) for m in moves if isinstance(m.get("hunters"), int))
    return PhraseList(
        Phrase(
            N_("{hunters} from {start} to {goal}"),
            hunters=m.get("hunters"),
            start=_space(m.get("from")),
            goal=_space(m.get("to")),
        )
        for m in moves
    ), hunters if hunters is not None else used


def _change(item: Mapping[str, Any], players: Sequence[Player]) -> Phrase:
    """One space of a correction: what it holds now."""
    space = _space(item)
    hunters, structure = item.get("hunters", 0), item.get("structure", 0)
    if not hunters and not structure:
        return Phrase(N_("{space} emptied"), space=space)
    owner = _who(item, players)
    if not structure:
        return Phrase(
            N_("{space}: {owner}, hunters ×{hunters}"), space=space, owner=owner, hunters=hunters
        )
    kind = _term(STRUCTURE_ON.get(str(item.get("space")), "tent"), ("tent", "canoe"))
    return Phrase(
        N_("{space}: {owner}, hunters ×{hunters}, a size-{size} {kind}"),
        space=space,
        owner=owner,
        hunters=hunters,
        size=structure,
        kind=kind,
    )


def _overflow(item: Mapping[str, Any], players: Sequence[Player]) -> Phrase:
    """One seat's B8 choice in a ``score`` event."""
    steps = [
        Phrase(
            N_("3 {give} for 1 {get}"),
            give=_term(e.get("give"), ANIMALS),
            get=_term(e.get("get"), ANIMALS),
        )
        for e in _list(item.get("exchanges"))
        for _ in range(e.get("times", 1) if isinstance(e.get("times", 1), int) else 1)
    ]
    for buy in _list(item.get("buys")):
        if buy.get("item") == "hunter":
            steps.append(Phrase(N_("bought a hunter")))
        else:
            steps.append(
                Phrase(
                    N_("bought a size-{size} {item}"),
                    size=buy.get("size"),
                    item=_term(buy.get("item"), ("tent", "canoe")),
                )
            )
    if not steps:
        return Phrase(N_("{player} exchanged nothing"), player=_who(item, players))
    return Phrase(N_("{player}: {steps}"), player=_who(item, players), steps=PhraseList(steps))


def describe(event: Mapping[str, Any], players: Sequence[Player]) -> Described:
    """The event in plain words: an ``N_`` template and its parameters (see the glossary:
    game words are ``Term`` s, composite parts ``Phrase`` s, so everything translates)."""
    kind = event.get("type")
    who = _who(event, players)
    if kind == "adjust":
        delta = event.get("delta", 0)
        template = (
            N_("{player}: {counter} +{delta}")
            if isinstance(delta, int) and delta >= 0
            else N_("{player}: {counter} {delta}")
        )
        return template, {
            "player": who,
            "counter": _term(event.get("counter"), ANIMALS),
            "delta": delta,
        }
    if kind == "action":
        return _describe_action(event, who)
    if kind == "play":
        details, hunters = _play_details(event)
        params: dict[str, Any] = {"player": who, "action": _action(event), "details": details}
        if not details:  # no board change: the action gained an animal (B6)
            return (
                N_("{player}: {action} ({cost})"),
                {"player": who, "action": _action(event), "cost": _cost(0, event.get("gain"))},
            )
        if hunters is None:
            return N_("{player}: {action}: {details}"), params
        params["cost"] = _cost(hunters, event.get("gain"), event.get("payment"))
        return N_("{player}: {action}: {details} ({cost})"), params
    if kind == "correct":
        return (
            N_("correction of the board: {changes}"),
            {"changes": PhraseList(_change(i, players) for i in _list(event.get("spaces")))},
        )
    if kind == "pieces":
        return (
            N_("correction of the board: {changes}"),
            {"changes": PhraseList([_change(event, players)])},
        )
    if kind == "buy":
        item = event.get("item")
        if item == "hunter":
            return N_("{player} bought a hunter at the market"), {"player": who}
        return (
            N_("{player} bought a size-{size} {item} at the market"),
            {"player": who, "size": event.get("size"), "item": _term(item, ("tent", "canoe"))},
        )
    if kind == "exchange":
        times = event.get("times", 1)
        return (
            N_("{player} exchanged {give} ×{give_count} for {get} ×{get_count}"),
            {
                "player": who,
                "give": _term(event.get("give"), ANIMALS),
                "get": _term(event.get("get"), ANIMALS),
                "give_count": 3 * times if isinstance(times, int) else "?",
                "get_count": times,
            },
        )
    if kind == "award":
        raw_gains = event.get("gains")
        gains = raw_gains if isinstance(raw_gains, Mapping) else {}
        got = TermList(
            (Term(a), gains[a]) for a in ANIMALS if isinstance(gains.get(a), int) and gains[a]
        )
        if not got:
            return N_("{player} received nothing from scoring"), {"player": who}
        return N_("{player} received {gains} from scoring"), {"player": who, "gains": got}
    if kind == "tile":
        return N_("{tile} placed"), {"tile": _tile(event)}
    if kind == "start_tile":
        return N_("a start tile is a retail tile"), {}
    if kind == "score":
        chosen = _list(event.get("overflow"))
        if chosen:
            return (
                N_("the board was scored and the round ended; over 15: {choices}"),
                {"choices": PhraseList(_overflow(i, players) for i in chosen)},
            )
        return N_("the board was scored and the round ended"), {}
    if kind == "end_round":
        if event.get("override"):
            return N_("the round was ended by the table before all actions were taken"), {}
        return N_("the round ended"), {}
    if kind == "reopen":
        return N_("the game was reopened after the final scoring"), {}
    return N_("unknown event {type}"), {"type": kind}


def _describe_action(event: Mapping[str, Any], who: str) -> Described:
    """An ``action`` event (counted, or a tile placed / a structure built by coordinates)."""
    params: dict[str, Any] = {
        "player": who,
        "action": _action(event),
        "cost": _cost(event.get("hunters", 0), event.get("gain"), event.get("payment")),
    }
    if event.get("action") == "place_tile" and "at" in event:
        params["details"] = Phrase(N_("{tile} placed"), tile=_tile(event))
        return N_("{player}: {action}: {details} ({cost})"), params
    return N_("{player}: {action} ({cost})"), params
