"""A proposed line fixed in place (issue 32, item 5): the event an edited line says, checked
by the same rules as the tapped flow, and the markers a line may still pick.

The photo's proposal (``explain``) is a list of lines, one action each. A player corrects
a line in place: how many hunters (``count``), from where, to where, which action, how it
is paid. Nothing here decides a rule: the line becomes the event the tapped flow would
append (``play``, or ``action`` for an action without hunters), and ``fold.apply`` says
whether it is legal, with the refusal the tapped flow shows.

Glossary
--------
line
    ``Line``: the seat, the action (one of the six, B6), the hunters it uses, the space
    they come from (``source``: a move's or gather's source), the space they go to
    (``goal``: a move's destination, a gather's goal, the placed tile's space, the space
    of the tent or canoe built), the payment (None: pre-filled from the largest stocks,
    B6) and, without hunters, the animal gained.
counted action
    An action without hunters (B6: it gains one animal): recorded with the animal the
    player chose, or ``default_gain`` when they have not said, so counting an action
    never dead-ends on a choice the page did not offer.
other lines
    The proposal's lines before the edited one (or all the others, for the markers):
    applied first, as the confirmation applies them; one of them refused is that line's
    problem, not this one's, and is skipped.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.bison import fold
from games.bison.economy import ANIMALS, action_cost, default_payment
from games.bison.explain_search import MAX_FRAMES, Space, attempt, paid, plans
from games.bison.table.state import State
from games.errors import N_, RuleError, Term

#: What a place_tile line keeps of the proposed event: the tile itself.
_TILE_KEYS = ("at", "tile", "rotation", "edges", "animals", "label")


@dataclass(frozen=True)
class Line:
    """One line of the proposal as the player edits it (see the glossary)."""

    seat: int
    action: str
    count: int = 0
    source: Space | None = None
    goal: Space | None = None
    payment: Mapping[str, int] | None = None
    gain: str | None = None


def default_gain(state: State, seat: int) -> str:
    """The animal an action without hunters gains when the player has not said: the
    smallest stock with room (B6, the B8 cap of 15), as a payment takes from the largest;
    ties in ``ANIMALS`` order."""
    stocks = state.stocks[seat]
    roomy = [animal for animal in ANIMALS if stocks.room(animal) > 0]
    return min(roomy, key=stocks.get) if roomy else ANIMALS[0]


def counted(
    state: State, seat: int, action: str, animal: str | None = None
) -> tuple[State, dict[str, Any]]:
    """An action without hunters taking ``action``'s marker and gaining ``animal`` (or
    ``default_gain``): the state after it and the event. ``RuleError`` as the fold
    refuses it (the marker taken, no action left, a full stock)."""
    event = {
        "type": "action",
        "seat": seat,
        "action": action,
        "hunters": 0,
        "gain": animal or default_gain(state, seat),
    }
    return attempt(state, event)


def line_event(state: State, line: Line, base: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The event ``line`` says on ``state`` (the event the tapped flow appends for the
    same change); ``base``: the proposed event being edited (a placed tile keeps its
    tile). ``RuleError`` when a space the action needs is not said."""
    if line.count == 0:
        return {
            "type": "action",
            "seat": line.seat,
            "action": line.action,
            "hunters": 0,
            "gain": line.gain or default_gain(state, line.seat),
        }
    event: dict[str, Any] = {
        "type": "play",
        "seat": line.seat,
        "action": line.action,
        "hunters": line.count,
    }
    if line.action == "place_tile":
        event |= {key: base[key] for key in _TILE_KEYS if base is not None and key in base}
        if line.goal is None:
            raise RuleError(
                N_("say on which space of the tile the {hunters} hunters stand"),
                hunters=line.count,
            )
        event["space"] = line.goal[1]
    elif line.action in ("tent", "canoe"):
        space = line.goal or line.source
        if space is None:
            raise RuleError(
                N_(
                    'say which {kind} to build: builds needs at least one {{"size": n, "replaces": m}}'  # noqa: E501
                ),
                kind=Term(line.action),
            )
        there = state.board.pieces.get(space)
        have = (
            there.structure if there is not None and there.player == state.colours[line.seat] else 0
        )
        event["builds"] = [{"space": fold.space_ref(state, space), "size": have + line.count}]
    elif line.action == "gather":
        if line.source is None or line.goal is None:
            raise RuleError(
                N_(
                    'say where to gather: gather needs {{"to": space, "from": '
                    '[{{"space": space, "hunters": n}}]}}'
                )
            )
        event["gather"] = {
            "to": fold.space_ref(state, line.goal),
            "from": [{"space": fold.space_ref(state, line.source), "hunters": line.count}],
        }
    else:
        if line.source is None or line.goal is None:
            raise RuleError(
                N_('say which hunters move: moves needs at least one {{"from", "to", "hunters"}}')
            )
        event["moves"] = [
            {
                "from": fold.space_ref(state, line.source),
                "to": fold.space_ref(state, line.goal),
                "hunters": line.count,
            }
        ]
    if line.payment is not None:
        return {**event, "payment": dict(line.payment)}
    return paid(state, line.seat, event, line.count)


def _after(state: State, others: Sequence[Mapping[str, Any]]) -> State:
    for event in others:
        try:
            state = attempt(state, event)[0]
        except RuleError:
            continue  # that line's own problem
    return state


def check_line(
    state: State,
    line: Line,
    before: Sequence[Mapping[str, Any]] = (),
    base: Mapping[str, Any] | None = None,
) -> tuple[dict[str, Any] | None, RuleError | None]:
    """The edited line's event once the lines ``before`` it are applied, and None; or
    None and the ``RuleError`` the tapped flow gives for it (a turn taken out of order is
    not refused: a photo does not show the order, as in the proposal)."""
    state = _after(state, before)
    try:
        event = line_event(state, line, base)
        return attempt(state, event)[1], None
    except RuleError as error:
        return None, error


def free_markers(
    state: State, seat: int, others: Sequence[Mapping[str, Any]] = ()
) -> tuple[str, ...]:
    """The actions a line of ``seat`` may pick once the proposal's other lines (``others``,
    the edited one left out) are applied (B6: each action once a round, 4 of 6, the tile
    last if still due): a marker a line gave up is free again for another line."""
    state = _after(state, others)
    return tuple(action.value for action in state.rounds.available(seat))


def answer_paid(
    state: State, seat: int, events: Sequence[Mapping[str, Any]]
) -> tuple[int, dict[str, int]]:
    """What a question's answer (``events``: one player's actions, in order) costs in food
    in all and how it is paid (issue 32, items 4–5): each action costing food (B6, by the
    hunters it uses on the board of its turn) paid with its own ``payment``, else the
    rules' default split of ``seat``'s stocks at its turn. The actions up to the first the
    fold refuses (that line's own problem, said beside it)."""
    cost, paid = 0, dict.fromkeys(ANIMALS, 0)
    now = state
    for event in events:
        try:
            hunters = fold.hunters_used(now, event) if event.get("type") == "play" else 0
            spent = action_cost(hunters) if hunters else 0
            split = event.get("payment")
            if spent > 0 and isinstance(split, dict):
                for animal in ANIMALS:
                    amount = split.get(animal, 0)
                    paid[animal] += amount if isinstance(amount, int) else 0
            elif spent > 0:
                default = default_payment(now.stocks[seat], spent)
                for animal in ANIMALS:
                    paid[animal] += default.get(animal)
            cost += max(spent, 0)
            now = fold.apply(now, event)
        except RuleError:
            break
    return cost, paid


def without_gains(state: State, gained: Mapping[int, Mapping[str, int]]) -> State | None:
    """``state`` with each seat's stocks less the animals it gained without hunters this
    round (``gained``: seat → animal → count, B6b); None when that is not a stock a
    player could have had (a seat or an animal count it cannot hold)."""
    stocks = list(state.stocks)
    for seat, animals in gained.items():
        if not 0 <= seat < len(stocks):
            return None
        now = stocks[seat].as_dict()
        less = {animal: now[animal] - int(animals.get(animal, 0)) for animal in now}
        if min(less.values()) < 0:
            return None
        stocks[seat] = replace(stocks[seat], **less)
    return replace(state, stocks=tuple(stocks))


def paid_levelled(
    state: State,
    seat: int,
    events: Sequence[Mapping[str, Any]],
    gains: Mapping[str, int] | None = None,
) -> dict[str, int] | None:
    """How ``events`` (one line of ``seat``'s actions, in order) are paid in all by the
    rules' default split (B6, from the largest stocks) of each action's cost on ``state``,
    whose stocks hold this round's animals gained without hunters (B6b) — or, given
    ``gains`` (those animals), on the stocks without them: the gains after the line. None
    when the stocks cannot have been without them. ``explain`` pre-fills the gains last;
    where the two differ the photo cannot tell which, so the line asks (issue 32, item 4:
    one question, not a repair)."""
    if not 0 <= seat < len(state.stocks):
        return None
    if gains:
        lowered = without_gains(state, {seat: gains})
        if lowered is None:
            return None
        state = lowered
    unpaid = [{k: v for k, v in event.items() if k != "payment"} for event in events]
    return answer_paid(state, seat, unpaid)[1]


def answer_cost(state: State, events: Sequence[Mapping[str, Any]]) -> int:
    """What a question's answer costs in food on ``state`` (B6, by the hunters each action
    uses); ``RuleError`` as the fold refuses an action."""
    cost = 0
    for event in events:
        hunters = fold.hunters_used(state, event) if event.get("type") == "play" else 0
        cost += action_cost(hunters) if hunters else 0
        state = fold.apply(state, event)
    return cost


def paid_across(
    state: State, events: Sequence[Mapping[str, Any]], split: Mapping[str, int]
) -> list[dict[str, Any]]:
    """A question's answer (``events``: one player's actions, in order) paid with ``split``
    in all (issue 32, items 4–5: the player says the food they paid for the line, not per
    action): each action costing food (B6, by the hunters it uses) takes its share of the
    split in ``ANIMALS`` order, and the fold checks every action as the tapped flow does
    (the stocks at its turn). ``RuleError`` when the split does not add up to what the
    answer costs, or the fold refuses an action so paid."""
    amounts = {animal: int(split.get(animal, 0)) for animal in ANIMALS}
    costs, now = [], state
    for event in events:  # each action's cost on the board of its turn (a build's size)
        hunters = fold.hunters_used(now, event) if event.get("type") == "play" else 0
        costs.append(action_cost(hunters) if hunters else 0)
        now = attempt(now, event)[0]
    total = sum(c for c in costs if c > 0)
    if sum(amounts.values()) != total:
        raise RuleError(
            N_("the payment must add up to {cost} animals, not {given}"),
            cost=total,
            given=sum(amounts.values()),
        )
    left = dict(amounts)
    out: list[dict[str, Any]] = []
    for event, cost in zip(events, costs, strict=True):
        paid_event = {k: v for k, v in event.items() if k != "payment"}
        if cost > 0:
            share = dict.fromkeys(ANIMALS, 0)
            for animal in ANIMALS:
                taken = min(left[animal], cost - sum(share.values()))
                share[animal] += taken
                left[animal] -= taken
            paid_event["payment"] = share
        state, applied = attempt(state, paid_event)
        out.append(applied)
    return out


#: Frames searched for the food a player says they paid (an answer asked for on a tap,
#: so a little more than one change's search gets).
PAID_FRAMES = 2 * MAX_FRAMES


def costing(
    state: State, events: Sequence[Mapping[str, Any]], food: int
) -> tuple[dict[str, Any], ...]:
    """The actions of one player that leave the board as ``events`` (a question's answer)
    do and cost exactly ``food`` (B6: a player who moved hunters out and back, or split a
    move, paid more than the answers offered say), found by the explanation's own search
    and checked by the fold, fewest markers first. ``RuleError`` when none does."""
    seats = {event.get("seat") for event in events}
    seat = next(iter(seats)) if len(seats) == 1 else None
    if not isinstance(seat, int) or not 0 <= seat < len(state.players):
        raise RuleError(N_("a question's answer is one player's actions"))
    stocks = state.stocks[seat]
    if food > stocks.total:  # B6: never more than the stocks hold (and the search bounded)
        raise RuleError(
            N_("this costs {cost} animals but you have only {total}"),
            cost=food,
            total=stocks.total,
        )
    after, new = state, {}
    for event in events:
        if event.get("action") == "place_tile" and isinstance(event.get("tile"), str):
            at = event.get("at")
            if isinstance(at, list) and len(at) == 2:
                new[(int(at[0]), int(at[1]))] = (str(event["tile"]), int(event.get("rotation", 0)))
        after = attempt(after, event)[0]
    found = plans(state, seat, after.board.pieces, new, PAID_FRAMES, dearer=False, exact=food)
    if not found:
        raise RuleError(
            N_("no actions the rules allow leave this board for {cost} animals"), cost=food
        )
    return tuple(dict(event) for event in found[0].events)
