"""Age of Hunting at the table: the companion's event fold (protocol in ``games.table``).

Glossary
--------
edition (setting)
    ``"campfire"`` (default): the Campfire personal board and hunting-ground catalog give
    every cost and VP, and rock chips are drawn digitally. ``"original"``: owners of the
    original game type the printed cost, VP and the rock chips they flipped.
turn
    Seats are clockwise, the order of play; ``current`` is the seat whose turn it is
    (the start player's at first, after the opening placements, which change only food
    counters). One development per turn, by the current seat; ``end_turn`` is refused
    while the current seat holds more food than open caves (storage, see ``storage``).
events
    ``adjust``  ``{"seat", "counter", "delta"}`` — the generic counters ``bear``,
        ``mammoth``, ``grape``, ``green_grain``, ``yellow_grain`` (taken from / returned
        to the shared supply: refused when the supply cannot give it), ``coins`` and
        ``vp`` (the VP track).
    ``setup``  ``{"faces": [face ids], "start_player": seat}`` — before the first turn
        ends; ``prepare`` draws whatever is missing (``setup.set_up``).
    ``develop``  ``{"seat", "kind": "cave"|"subordinate"|"hut", "any_food": {kind: n}}``
        (``any_food`` = the pieces paying the cost's any-food part; default
        ``least_missed``). Cave: ``"chips": [backs]`` (``prepare`` draws them in the
        Campfire edition). Hut (Campfire): ``"face"``, ``"space"`` (0-based build space).
        Original edition: ``"cost"`` ``{kind|coins|any_food: n}`` (base + extra, as
        printed), ``"uncovered_vp"``, and for a hut ``"vp"`` or ``"end_game"``.
    ``harvest``  ``{"seat", "face", "space", "choice": {kind: n}}`` (Campfire edition) —
        a chief placed on or retrieved from hunting space ``space`` (0-based) of ``face``:
        takes that space's harvest and that of the seat's huts on the face in one event
        (``harvest``); ``choice`` fills the free picks (``prepare`` fills a one-kind
        choice when it is missing). Conversions and copies stay with the counters.
    ``store``  ``{"seat", "return": {kind: n}}`` — returns food to the supply and checks
        the rest fits the open caves (``prepare`` fills ``return`` with the default
        choice when it is missing).
    ``end_turn``  ``{"seat"}`` (``prepare`` fills the current seat) — the next seat plays;
        after the end is triggered (H2), the turn of the seat on the start player's right
        ends the game.
end (H2)
    ``end_trigger`` is the seat that first built its 5th hut or reached 10 on the track
    and still does (a correction back under 10 lifts it: the round's end checks the
    state as it is then); ``turns_left`` counts the turns still to play after the
    current one.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from games import fields
from games.errors import N_, RuleError, Term
from games.hunting_age import changes, development, harvest, setup, storage
from games.hunting_age.board import LIMITS
from games.hunting_age.cards import FACES_BY_ID
from games.hunting_age.components import (
    FOODS,
    GOOD_TERMS,
    ROCK_CHIP_GROUPS,
    ROCK_CHIPS,
    Cost,
    Food,
    chip_rewards,
    goods_list,
)
from games.hunting_age.scoring import (
    END_GAME_SCORES,
    Standing,
    decided_by,
    final_scores,
    last_seat,
    turns_left,
)
from games.hunting_age.tribe import (
    CHIEFS,
    Hut,
    Supply,
    Tribe,
    give_back,
    least_missed,
    take,
)
from games.table import Player, adjust_targets, check_range

GAME: Final = "hunting-age"
#: The create form's player rows and colours (the box: 3–5 players in 5 colours).
SEATS: Final = (setup.MIN_PLAYERS, setup.MAX_PLAYERS)
SEAT_COLOURS: Final = setup.PLAYER_COLOURS
COUNTERS: Final[dict[str, tuple[int, int]]] = changes.COUNTERS
#: Each counter as players read it ("bear would be 13; …", "Ann: VP track +1"), a Term.
COUNTER_NAMES: Final[Mapping[str, Term]] = {
    **{kind: GOOD_TERMS[kind] for kind in FOODS},
    "coins": Term(N_("coins")),
    "vp": Term(N_("VP track")),
}
EDITIONS: Final = ("campfire", "original")
#: What an event touches (issue 35): a counter's tap, that seat's counter (the supply's
#: limit is the rules' own check when it lands); a turn's action, the whole table.
targets = adjust_targets(COUNTER_NAMES)


@dataclass(frozen=True, slots=True)
class TableState:
    """An Age of Hunting table."""

    players: tuple[Player, ...]
    tribes: tuple[Tribe, ...]
    supply: Supply = field(default_factory=Supply)
    edition: str = "campfire"
    faces: tuple[str, ...] = ()
    start_player: int = 0
    current: int = 0
    turn: int = 0  # turns ended so far
    developed: bool = False  # the current seat has developed this turn
    end_trigger: int | None = None
    over: bool = False
    totals_by_turn: tuple[tuple[int, ...], ...] = ()  # each seat's total after each turn

    @property
    def turns_left(self) -> int | None:
        """Turns still to play after the current one; ``None`` before the end trigger."""
        if self.over:
            return 0
        if self.end_trigger is None:
            return None
        return turns_left(len(self.players), self.start_player, self.current)


# --- small validators -------------------------------------------------------------------


def _whole(value: object, field: str) -> int:
    return fields.whole_number(value, field)


def _food(goods: changes.Goods) -> Food:
    return Food.of(dict(goods))


def _cost(goods: changes.Goods) -> Cost:
    parts = dict(goods)
    return Cost(Food.of(parts), parts.get("coins", 0), parts.get("any_food", 0))


def _printed_cost(cost: changes.Goods | None) -> Cost:
    if cost is None:  # the original edition's develop needs its printed cost
        fields.object_of(None, changes.COST_PARTS, "cost")  # its refusal, as ever
    return _cost(cost or ())


def _printed(value: int | None, field: str) -> int:
    """A number the original edition's player types (missing: the refusal naming it)."""
    return _whole(value, field)


def _seat(state: TableState, seat: int | None) -> int:
    return setup.check_seat(seat, len(state.players))


def _with_tribe(state: TableState, seat: int, tribe: Tribe, supply: Supply) -> TableState:
    tribes = list(state.tribes)
    tribes[seat] = tribe
    state = replace(state, tribes=tuple(tribes), supply=supply)
    return replace(state, end_trigger=_end_trigger(state))


def _end_trigger(state: TableState) -> int | None:
    """H2: the seat whose tribe triggers the end *now* — the first to trigger while it still
    does, else any seat that does. Not a latch: a VP track tapped 9→10→9 (a correction)
    leaves no trigger, so the round's end checks the state as it is then."""
    first = state.end_trigger
    if first is not None and state.tribes[first].end_triggered:
        return first
    return next((seat for seat, t in enumerate(state.tribes) if t.end_triggered), None)


# --- protocol ---------------------------------------------------------------------------


def new_state(players: Sequence[Player], settings: Mapping[str, Any]) -> TableState:
    """A table at the start: 3–5 players, ``edition`` and optional ``start_player``."""
    setup.check_players(len(players))
    for key in settings:
        if key not in ("edition", "start_player"):
            raise RuleError(
                N_("unknown setting {key!r}; expected edition or start_player"), key=key
            )
    edition = settings.get("edition", "campfire")
    if edition not in EDITIONS:
        raise RuleError(
            N_("edition must be campfire or original, not {edition!r}"), edition=edition
        )
    start = setup.check_seat(settings.get("start_player", 0), len(players))
    return TableState(
        tuple(players),
        tuple(Tribe() for _ in players),
        edition=edition,
        start_player=start,
        current=start,
    )


def prepare(state: TableState, event: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Fill in chance and defaults so the stored event replays identically."""
    kind = event.get("type")
    seats = len(state.players)
    if kind == "setup":
        filled = dict(event)
        if "start_player" not in filled:
            filled["start_player"] = rng.randrange(seats)
        if "faces" not in filled:
            filled["faces"] = list(setup.choose_layout(seats, rng))
        return filled
    if kind == "end_turn" and "seat" not in event:
        return {**event, "seat": state.current}
    seat = event.get("seat")
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
        return event  # apply explains the bad seat
    tribe = state.tribes[seat]
    if (
        kind == "develop"
        and event.get("kind") == "cave"
        and "chips" not in event
        and state.edition == "campfire"
        and tribe.caves_created < LIMITS["cave"]
    ):
        group = ROCK_CHIP_GROUPS[tribe.caves_created]
        revealed = [back for t in state.tribes for back in t.revealed_chips]
        return {**event, "chips": list(development.draw_rock_chips(group, revealed, rng))}
    if kind == "harvest" and "choice" not in event:
        try:
            gives = _harvest_yield(state, seat, event.get("face"), event.get("space"))
        except RuleError:
            return event  # apply explains
        choice = harvest.default_choice(gives, state.supply.food)
        return {**event, "choice": {kind: n for kind, n in choice.as_dict().items() if n}}
    if kind == "store" and "return" not in event:
        chosen = storage.default_return(tribe)
        return {**event, "return": {kind: n for kind, n in chosen if n}}
    return event


def apply(state: TableState, event: Mapping[str, Any]) -> TableState:
    """The next state after the stored ``event``: read once (``changes.from_json``), then
    folded typed (``apply_change``); ``RuleError`` (and no change) when the rules refuse."""
    return apply_change(state, changes.from_json(event))


def apply_change(state: TableState, change: changes.HuntingChange) -> TableState:
    """The next state after ``change``: its shape is checked by ``changes``, what depends
    on the table (seat, turn, edition, faces, supply) here, in the order it always was."""
    match change:
        case changes.Adjust():
            return _adjust(state, change)
        case changes.Setup():
            return _setup(state, change)
        case changes.Develop():
            return _develop(state, change)
        case changes.Harvest():
            return _harvest(state, change)
        case changes.Store():
            return _store(state, change)
        case changes.EndTurn():
            return _end_turn(state, change)


def _adjust(state: TableState, change: changes.Adjust) -> TableState:
    move = replace(change, seat=_seat(state, change.seat))
    value = check_range(
        COUNTER_NAMES.get(move.counter, move.counter),
        counters(state)[move.seat][move.counter] + move.delta,
        COUNTERS[move.counter],
    )
    tribe = state.tribes[move.seat]
    supply = state.supply
    if move.counter in FOODS:  # food moves between the cave and the supply
        food = Food.of({move.counter: abs(move.delta)})
        if move.delta > 0:
            tribe, supply = take(tribe, supply, food)
        else:
            tribe, supply = give_back(tribe, supply, food)
    elif move.counter == "coins":
        tribe = replace(tribe, coins=value)
    else:
        tribe = replace(tribe, track=value)
    return _with_tribe(state, move.seat, tribe, supply)


def _setup(state: TableState, change: changes.Setup) -> TableState:
    if state.turn:
        raise RuleError(N_("the table can only be set up before the first turn ends"))
    seats = len(state.players)
    start = setup.check_seat(change.start_player, seats)
    faces = change.faces
    if faces is None:
        raise RuleError(N_("faces must be a list of hunting-ground faces such as B1a or N07b"))
    cards = [FACES_BY_ID[face].card for face in faces]
    basic = sum(FACES_BY_ID[face].basic for face in faces)
    new_land = setup.new_land_count(seats)
    if len(set(cards)) != len(cards) or basic != 4 or len(faces) - basic != new_land:
        raise RuleError(
            N_(
                "lay out each of the 4 basic cards and {new_land} different new-land cards, "
                "one side each"
            ),
            new_land=new_land,
        )
    return replace(state, faces=tuple(faces), start_player=start, current=start)


def _hut(state: TableState, change: changes.Develop, tribe: Tribe) -> tuple[Hut, Cost]:
    if state.edition == "original":
        if change.end_game is not None:
            if change.end_game not in END_GAME_SCORES:
                raise RuleError(
                    N_("end_game must be one of {cards}"), cards=", ".join(END_GAME_SCORES)
                )
            hut = Hut(None, change.end_game)
        else:
            hut = Hut(_printed(change.vp, "vp"))
        return hut, _printed_cost(change.cost)
    face_id = change.face
    if face_id is None:
        raise RuleError(N_("face must be a hunting-ground face such as B1a or N07b"))
    if state.faces and face_id not in state.faces:
        raise RuleError(N_("{face} is not on the table"), face=face_id)
    face = FACES_BY_ID[face_id]
    space = change.space
    if space is None or not 0 <= space < len(face.build):
        raise RuleError(
            N_("space must be a build space of {face}: 0 to {last}"),
            face=face_id,
            last=len(face.build) - 1,
        )
    spot = face.build[space]
    return (
        Hut(spot.vp, spot.end_game, face_id, space),
        development.next_cost(tribe, "hut", face.build_cost),
    )


def _develop(state: TableState, change: changes.Develop) -> TableState:
    seat = _seat(state, change.seat)
    _check_turn(state, seat)
    if state.developed:
        raise RuleError(N_("only one development per turn"))
    kind = change.development
    tribe = state.tribes[seat]
    development.check_can_develop(tribe, kind)
    any_food = None if change.any_food is None else _food(change.any_food)
    original = state.edition == "original"
    cost = _printed_cost(change.cost) if original and kind != "hut" else None
    uncovered = _printed(change.uncovered_vp, "uncovered_vp") if original else None
    supply = state.supply
    if kind == "cave":
        chips = change.chips
        if chips is None:
            raise RuleError(N_("chips must list the rock chips flipped"))
        revealed = [back for t in state.tribes for back in t.revealed_chips]
        development.check_chips_exist([*revealed, *chips])
        tribe, supply, _lost = development.create_cave(
            tribe, supply, cost=cost, flipped=list(chips), any_food=any_food, uncovered=uncovered
        )
    elif kind == "subordinate":
        tribe, supply = development.add_subordinate(
            tribe, supply, cost=cost, any_food=any_food, uncovered=uncovered
        )
    else:
        hut, price = _hut(state, change, tribe)
        occupied = [(h.face, h.space) for t in state.tribes for h in t.huts if h.face is not None]
        tribe, supply = development.build_hut(
            tribe,
            supply,
            hut,
            cost=price,
            any_food=any_food,
            uncovered=uncovered,
            occupied=occupied,
        )
    return replace(_with_tribe(state, seat, tribe, supply), developed=True)


def _harvest_yield(state: TableState, seat: int, face_id: object, space: object) -> harvest.Yield:
    if state.edition != "campfire":
        raise RuleError(
            N_("a harvest is read off the Campfire edition's cards; use the counters instead")
        )
    if not isinstance(face_id, str) or face_id not in state.faces:
        raise RuleError(
            N_("face must be a hunting ground on the table: {faces}"),
            faces=", ".join(state.faces) or "—",
        )
    huts = [h.space for h in state.tribes[seat].huts if h.face == face_id and h.space is not None]
    return harvest.harvest_yield(FACES_BY_ID[face_id], space, huts)


def _harvest(state: TableState, change: changes.Harvest) -> TableState:
    seat = _seat(state, change.seat)
    if state.over:
        raise RuleError(N_("the game is over"))
    gives = _harvest_yield(state, seat, change.face, change.space)
    choice = _food(change.choice or ())
    harvest.check_choice(gives, choice)
    tribe, supply = take(state.tribes[seat], state.supply, gives.food + choice)
    coins = check_range(COUNTER_NAMES["coins"], tribe.coins + gives.coins, COUNTERS["coins"])
    track = check_range(COUNTER_NAMES["vp"], tribe.track + gives.vp, COUNTERS["vp"])
    tribe = replace(tribe, coins=coins, track=track)
    return _with_tribe(state, seat, tribe, supply)


def _store(state: TableState, change: changes.Store) -> TableState:
    seat = _seat(state, change.seat)
    returned = None if change.returned is None else _food(change.returned)
    tribe, supply = storage.store(state.tribes[seat], state.supply, returned)
    return _with_tribe(state, seat, tribe, supply)


def _end_turn(state: TableState, change: changes.EndTurn) -> TableState:
    seat = _seat(state, change.seat)
    if state.over:
        raise RuleError(N_("the game is over"))
    _check_turn(state, seat)
    if storage.surplus(state.tribes[seat]):
        tribe = state.tribes[seat]
        raise RuleError(
            N_("store food first: {held} food pieces but only {caves} open caves"),
            held=tribe.food.total,
            caves=tribe.open_caves,
        )
    seats = len(state.players)
    # H2: the end is checked against the state when the round ends (end_trigger is kept
    # true to the tribes by _with_tribe, never latched)
    over = state.end_trigger is not None and seat == last_seat(seats, state.start_player)
    totals = tuple(row["total"] for row in scores(state)["scores"])
    return replace(
        state,
        current=(seat + 1) % seats,
        turn=state.turn + 1,
        developed=False,
        over=over,
        totals_by_turn=(*state.totals_by_turn, totals),
    )


def _check_turn(state: TableState, seat: int) -> None:
    if state.over:
        raise RuleError(N_("the game is over"))
    if seat != state.current:
        raise RuleError(
            N_("it is {name}'s turn, not {other}'s"),
            name=state.players[state.current].name,
            other=state.players[seat].name,
        )


#: The fields each event type carries (the companion refuses any other, naming it): the
#: change classes' own (``changes.CHANGES``).
EVENT_FIELDS: Final[dict[str, frozenset[str]]] = changes.CHANGES.event_fields()


# --- views --------------------------------------------------------------------------------


def counters(state: TableState) -> list[dict[str, int]]:
    """Each seat's generic counters."""
    return [{**t.food.as_dict(), "coins": t.coins, "vp": t.track} for t in state.tribes]


def standing(tribe: Tribe) -> Standing:
    """A tribe as the final count sees it."""
    return Standing(
        tuple(h.scored_as for h in tribe.huts),
        tribe.board_vp,
        tribe.track,
        tribe.food,
        tribe.coins,
        tribe.pieces_left_on_board,
    )


def scores(state: TableState) -> dict[str, Any]:
    """The final count as if the game ended now (H2): by seat, ranking as seat lists, and
    what decided the win (``decided_by``: ``total``, the tie-breaks ``pieces_left`` and
    ``cave_food``, or ``shared``) for the end screen."""
    standings = {str(i): standing(t) for i, t in enumerate(state.tribes)}
    result = final_scores(standings)
    by_seat: dict[str, Any] = result["scores"]
    return {
        "scores": [by_seat[str(i)] for i in range(len(state.tribes))],
        "ranking": [[int(s) for s in group] for group in result["ranking"]],
        "winners": [int(s) for s in result["winners"]],
        "decided_by": decided_by(standings),
    }


def whose_turn(state: TableState) -> int | None:
    """The seat whose turn it is (None once the game is over)."""
    return None if state.over else state.current


def any_food_proposal(state: TableState, seat: int, cost: Mapping[str, int]) -> dict[str, int]:
    """The pieces the UI proposes to pay the any-food part of ``cost`` (a ``next_costs``
    entry, or the printed cost in the original edition) for ``seat``: what its cave can
    spare after the named food, the kind held most first (``least_missed``). The payer may
    change it: the ``develop`` event's ``any_food`` is what is paid. An empty proposal
    (or a short one) when the cave cannot pay."""
    price = _cost(changes.read_goods(cost, "cost", changes.COST_PARTS))
    tribe = state.tribes[setup.check_seat(seat, len(state.players))]
    spare = tribe.food - tribe.food.capped(price.food)
    choice = least_missed(spare, min(price.any_food, spare.total))
    return {kind: count for kind, count in choice.as_dict().items() if count}


def next_costs(state: TableState, seat: int) -> dict[str, Any]:
    """What each development would cost the seat now (Campfire edition).

    ``cave`` and ``subordinate``: the full cost, or ``None`` once the row is done. ``hut``:
    the cost on each face laid out (its build cost + the cumulative extra), or ``None``.
    """
    tribe = state.tribes[seat]
    costs: dict[str, Any] = {}
    for kind in ("cave", "subordinate"):
        done = development.done(tribe, kind) >= LIMITS[kind]
        costs[kind] = None if done else development.next_cost(tribe, kind).as_dict()
    if len(tribe.huts) >= LIMITS["hut"]:
        costs["hut"] = None
    else:
        costs["hut"] = {
            face: development.next_cost(tribe, "hut", FACES_BY_ID[face].build_cost).as_dict()
            for face in state.faces
        }
    return costs


def to_json(state: TableState) -> dict[str, Any]:
    """The state as JSON-ready data."""
    campfire = state.edition == "campfire"
    return {
        "edition": state.edition,
        "faces": list(state.faces),
        "start_player": state.start_player,
        "opening_order": list(setup.opening_order(len(state.players), state.start_player)),
        "current": state.current,
        "turn": state.turn,
        "developed": state.developed,
        "supply": state.supply.food.as_dict(),
        "tribes": [
            {
                "food": t.food.as_dict(),
                "coins": t.coins,
                "track": t.track,
                "open_caves": t.open_caves,
                "surplus": storage.surplus(t),
                "caves_created": t.caves_created,
                "subordinates_added": t.subordinates_added,
                "chiefs_in_hand": CHIEFS,  # placements are made at the real table
                "subordinates_in_hand": t.subordinates_in_hand,
                "chips_on_board": t.chips_on_board,
                "huts": [
                    {"vp": h.vp, "end_game": h.end_game, "face": h.face, "space": h.space}
                    for h in t.huts
                ],
                "revealed_chips": list(t.revealed_chips),
                "board_vp": t.board_vp,
                "pieces_left_on_board": t.pieces_left_on_board,
                "next_costs": next_costs(state, seat) if campfire else None,
            }
            for seat, t in enumerate(state.tribes)
        ],
        "end": {"trigger": state.end_trigger, "turns_left": state.turns_left, "over": state.over},
        "scores": scores(state),
        "totals_by_turn": [list(row) for row in state.totals_by_turn],
    }


def describe(event: Mapping[str, Any], players: Sequence[Player]) -> tuple[str, dict[str, Any]]:
    """The event in plain words: an ``N_`` template and its parameters.

    Parameters are players' names, numbers, hunting-ground face ids (``B1a``: printed on
    every card, the same in every language) and game words as ``Term``s or, for goods and
    rock chips, ``TermList``s ("bear ×2, coin ×1"), so the companion translates every word
    with the sentence. Only what the game does not know (an unknown event or counter) is
    quoted as stored.
    """
    seat = event.get("seat")
    name = (
        players[seat].name
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(players)
        else "?"
    )
    kind = event.get("type")
    if kind == "adjust":
        counter = event.get("counter")
        delta = event.get("delta")
        return N_("{name}: {counter} {delta}"), {
            "name": name,
            "counter": (
                COUNTER_NAMES[counter]
                if isinstance(counter, str) and counter in COUNTER_NAMES
                else str(counter)
            ),
            "delta": f"{delta:+d}" if isinstance(delta, int) else str(delta),
        }
    if kind == "setup":
        start = event.get("start_player")
        starter = (
            players[start].name if isinstance(start, int) and 0 <= start < len(players) else "?"
        )
        return N_("The hunting grounds are laid out ({faces}); {name} starts"), {
            "faces": ", ".join(map(str, event.get("faces", []))),
            "name": starter,
        }
    if kind == "develop":
        what = event.get("kind")
        if what == "cave":
            chips = event.get("chips")
            if (
                isinstance(chips, list)
                and chips
                and all(isinstance(c, str) and c in ROCK_CHIPS for c in chips)
            ):
                return N_("{name} created a cave and flipped {chips}"), {
                    "name": name,
                    "chips": chip_rewards(chips),
                }
            return N_("{name} created a cave"), {"name": name}
        if what == "subordinate":
            return N_("{name} added a subordinate"), {"name": name}
        if "face" in event:
            space = event.get("space")
            return N_("{name} built a hut on {face}, build space {space}"), {
                "name": name,
                "face": event["face"],
                "space": space + 1 if isinstance(space, int) else space,
            }
        return N_("{name} built a hut"), {"name": name}
    if kind == "harvest":
        space = event.get("space")
        return N_("{name} harvested {face}, hunting space {space}"), {
            "name": name,
            "face": event.get("face"),
            "space": space + 1 if isinstance(space, int) else space,
        }
    if kind == "store":
        returned = event.get("return")
        if isinstance(returned, Mapping) and all(
            k in FOODS and isinstance(n, int) for k, n in returned.items()
        ):
            goods = goods_list(returned)
            if goods:
                return N_("{name} stored food and returned {goods}"), {"name": name, "goods": goods}
            return N_("{name} stored food and returned nothing"), {"name": name}
        return N_("{name} stored food"), {"name": name}
    if kind == "end_turn":
        return N_("{name} ended their turn"), {"name": name}
    return N_("unknown event {type}"), {"type": kind}
