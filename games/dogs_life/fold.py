"""A Dog's Life at the table: the companion's event fold (protocol in ``games/table.py``).

Glossary
--------
event
    A JSON object with a ``type`` and a ``seat`` (the acting dog) unless noted:

    ``adjust``      ``counter`` (``hunger`` 0–4, ``bladder`` 0–2, ``bones`` buried 0–30),
                    ``delta`` — the generic correction of docs/contracts.md.
    ``start_turn``  hunger tick or starvation; for a dog in the pound its 1/2/3 draws or
                    the automatic release (D2). Refused while the current dog's turn runs
                    (action points left and not ended): its player ends it first.
    ``end_turn``    the current dog's player ends the actions (unspent AP are gone).
    ``move``        ``steps`` ≥ 1 (1 AP each).
    ``rummage``     a trash can searched with the real cards (1 AP, a trash marker);
                    ``find``: what the card says (``nothing``, ``food-1``…``food-3``,
                    ``bone``; default ``nothing``).
    ``beg``         the same at a restaurant (1 AP, no marker).
    ``eat``         ``days`` 1–3: food found with the real cards (the rummage or begging
                    costs 1 AP; capped at 4).
    ``drink``       fill the bladder at a fountain (1 AP).
    ``pee``         one marker onto a lamppost (1 AP); ``covers``: the rival's seat whose
                    marker it covers (that marker returns to its owner).
    ``pick_up``     ``item`` ``bone`` or ``newspaper``, 1 AP. A newspaper is taken face
                    down at random: ``prepare`` draws its ``address`` among those at the
                    office, or on the street with ``"from": "street"``.
    ``drop``        ``item``; a newspaper names its ``address`` (its player knows it), 1 AP.
    ``bury``        ``count`` bones (default 1) at the den, 1 AP each.
    ``to_pound``    ``reason`` ``caught`` or ``fight``: what happened with the real cards.
    ``draw``        ``section`` ``trash``, ``restaurant``, ``newspaper`` (with ``address``:
                    the delivery), ``fight`` (with ``against``: the attacked seat) or
                    ``catcher``: a digital draw from the dog's own deck, applied.
    ``roll_die``    the catcher's die: once per turn, by the current dog's player; it
                    ends the actions.
    ``end_game``    (no seat) the timed variant: time is up (D3).
prepared event
    ``prepare`` adds what chance decided: ``draws`` (``[{"seat", "card", "shuffles"}]``,
    in the order drawn), ``die`` (1–6), a taken newspaper's ``address`` and, for the
    history line, ``outcome`` and ``trash_day``. Anything a client sent in those fields is
    replaced, so nobody chooses their card or their newspaper. ``apply`` replays the
    recorded draws and refuses a record that does not match the deck.
secrets
    A carried (or dropped) newspaper's address is its player's until the game ends:
    ``view_json`` and ``view_event`` show it as ``None`` to every other seat. Whether a dog
    can drop or deliver newspaper k tells whether it carries k, so ``secret_refusal``
    refuses those to every phone but its player's (issue 27, F2).
settings
    ``bones_to_win`` (1–10, default 4), ``timed_minutes`` (5–600 or null: untimed) and
    ``dogs``: one catalog dog id per player (default: the catalog order).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeGuard

from games import fields
from games.dogs_life import game as rules
from games.dogs_life.catalog import DOGS, Card, Find, Section, dog
from games.dogs_life.deck import Deck, Draw, random_shuffler, replay, roll_die
from games.dogs_life.deck import draw as draw_card
from games.dogs_life.dog import BONE, DogState, Item, ItemKind, LastDraw, newspaper
from games.dogs_life.game import Drawer, Game, Report, Settings
from games.dogs_life.places import square_name
from games.dogs_life.terms import COUNTER_NAMES
from games.errors import N_, RuleError, SeatOnly
from games.table import ADJUST_FIELDS, Player, adjust_targets, adjusted, dispatch

GAME: Final = "dogs-life"
#: The create form's player rows and colours: 3–6 dogs, each with its pee markers' colour.
SEATS: Final = (rules.MIN_PLAYERS, rules.MAX_PLAYERS)
SEAT_COLOURS: Final = tuple(d.colour for d in DOGS.values())
COUNTERS: Final = rules.COUNTERS
#: What an event touches (issue 35): a counter's tap, that dog's counter; a turn's
#: action (a move, a card drawn), the whole table.
targets = adjust_targets(COUNTER_NAMES)
SETTINGS: Final = ("bones_to_win", "timed_minutes", "dogs")
CHANCE_FIELDS: Final = ("draws", "die", "outcome", "trash_day")


# --- the protocol ----------------------------------------------------------------------------


def new_state(players: Sequence[Player], settings: Mapping[str, Any]) -> Game:
    """Each player picks a dog (``settings["dogs"]``); every dog starts as set up (D1)."""
    if not isinstance(settings, Mapping):
        raise RuleError(N_("settings must be an object"))
    unknown = [key for key in settings if key not in SETTINGS]
    if unknown:
        raise RuleError(
            N_("unknown setting {name!r}; expected one of: {names}"),
            name=unknown[0],
            names=", ".join(SETTINGS),
        )
    if not rules.MIN_PLAYERS <= len(players) <= rules.MAX_PLAYERS:
        raise RuleError(
            N_("this game needs {minimum} to {maximum} players, not {count}"),
            minimum=rules.MIN_PLAYERS,
            maximum=rules.MAX_PLAYERS,
            count=len(players),
        )
    chosen = settings.get("dogs", list(DOGS)[: len(players)])
    if not isinstance(chosen, list) or len(chosen) != len(players):
        raise RuleError(
            N_("dogs must be a list with one dog per player ({count})"), count=len(players)
        )
    goal = _whole(settings, "bones_to_win", default=Settings().bones_to_win)
    minutes = settings.get("timed_minutes")
    if minutes is not None:
        minutes = _whole(settings, "timed_minutes")
    return rules.new_game(chosen, Settings(goal, minutes))


def prepare(state: Game, event: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Fill in the cards drawn and the die rolled, and what happened, from ``rng``."""
    if not isinstance(event, Mapping):
        return event  # apply refuses it with a clear message
    prepared = {key: value for key, value in event.items() if key not in CHANCE_FIELDS}
    records: list[dict[str, Any]] = []

    def drawer(seat: int, deck: Deck) -> tuple[Draw, Deck]:
        drawn, after = draw_card(deck, random_shuffler(rng))
        records.append({"seat": seat, **drawn.to_json()})
        return drawn, after

    if prepared.get("type") == "roll_die":
        prepared["die"] = roll_die(rng)
    if prepared.get("type") in DERIVED:
        for key in DERIVED[str(prepared["type"])]:  # worked out from the board, not sent
            if prepared.get("type") != "move" or "to" in prepared:
                prepared.pop(key, None)
    if prepared.get("type") == "pick_up" and prepared.get("item") == ItemKind.NEWSPAPER.value:
        prepared.pop("address", None)
        seat = prepared.get("seat")
        street = (
            rules.street_pool(state, seat)
            if _is_whole(seat) and 0 <= seat < len(state.dogs)
            else state.street
        )
        pool = street if prepared.get("from") == "street" else state.office
        if pool:  # else apply refuses: no newspaper there
            prepared["address"] = rng.choice(sorted(pool))
    try:
        _, report = _apply(state, prepared, drawer)
    except RuleError:
        return prepared  # apply refuses it again with the same message
    if records:
        prepared["draws"] = records
    prepared.update(report)
    return prepared


def apply(state: Game, event: Mapping[str, Any]) -> Game:
    """The next state; the recorded draws of a prepared event are replayed."""
    records = _records(event)
    position = 0

    def drawer(seat: int, deck: Deck) -> tuple[Draw, Deck]:
        nonlocal position
        if position >= len(records):
            raise RuleError(N_("this event needs a card draw; it was not prepared"))
        record = records[position]
        position += 1
        if record[0] != seat:
            raise RuleError(
                N_("draw {number} was recorded for seat {recorded}, not seat {seat}"),
                number=position,
                recorded=record[0],
                seat=seat,
            )
        return record[1], replay(deck, record[1])

    new, _ = _apply(state, event, drawer)
    if position != len(records):
        raise RuleError(N_("this event records more card draws than it needs"))
    return new


def counters(state: Game) -> list[dict[str, int]]:
    return [{"hunger": d.hunger, "bladder": d.bladder, "bones": d.buried} for d in state.dogs]


def whose_turn(state: Game) -> int | None:
    """The seat whose turn it is: the current dog's while its turn runs, then the next
    seat clockwise (None once the game is over)."""
    return rules.whose_turn(state)


def game_over(state: Game) -> bool:
    return bool(rules.winners(state))


def view_json(state: Game, viewer: int | None) -> dict[str, Any]:
    """``to_json`` as seat ``viewer`` sees it: another dog's newspaper addresses are None
    until the game ends (they travel face down)."""
    data = to_json(state)
    if data["game_over"]:
        return data
    for dog_json in data["dogs"]:
        if dog_json["seat"] != viewer:
            dog_json["items"] = [
                {**item, "address": None} if item["kind"] == "newspaper" else item
                for item in dog_json["items"]
            ]
    return data


def view_counters(state: Game, viewer: int | None) -> list[dict[str, int]]:
    return counters(state)  # hunger, bladder and buried bones are in plain sight


def view_event(state: Game, event: Mapping[str, Any], viewer: int | None) -> dict[str, Any]:
    """A stored event as seat ``viewer`` sees it: a newspaper picked up or dropped keeps
    its address from everyone but its dog's player until the game ends."""
    shown = dict(event)
    if (
        event.get("type") in ("pick_up", "drop")
        and event.get("item") == "newspaper"
        and event.get("seat") != viewer
        and not game_over(state)
    ):
        shown["address"] = None
    return shown


def secret_refusal(state: Game, event: Mapping[str, Any]) -> SeatOnly | None:
    """Dropping or delivering a newspaper named by its address, or taking one whose
    address is recorded (a replayed pick-up): allowed or refused by the addresses the dogs
    carry, so while they are hidden only the dog's player's phone may do it; every other
    phone gets this refusal, whatever the dog carries (issue 27, F2)."""
    if game_over(state) or not isinstance(event, Mapping):
        return None
    kind, seat = event.get("type"), event.get("seat")
    names_one = (
        (kind in ("drop", "pick_up") and event.get("item") == ItemKind.NEWSPAPER.value)
        or (kind == "draw" and event.get("section") == Section.NEWSPAPER.value)
    ) and (kind != "pick_up" or "address" in event)
    if not names_one or not _is_whole(seat) or not 0 <= seat < len(state.dogs):
        return None
    return SeatOnly(
        seat,
        N_(
            "{dog}'s newspapers travel face down: only its player's phone can drop, "
            "deliver or take one until the game ends"
        ),
        dog=state.dogs[seat].name,
    )


def to_json(state: Game) -> dict[str, Any]:
    """Everything the phone shows (the deck order stays secret: only its discard shows)."""
    winners = rules.winners(state)
    return {
        "bones_to_win": state.settings.bones_to_win,
        "timed_minutes": state.settings.timed_minutes,
        "time_up": state.time_up,
        "turn": state.turn,
        "current": state.current,
        "turn_running": rules.turn_running(state),
        "whose_turn": rules.whose_turn(state),
        "die": state.die,
        "die_rolled": state.rolled,
        "newspapers_at_office": len(state.office),
        "newspapers_on_street": len(state.street),
        "trash_markers": state.trash_markers,
        "trash_markers_total": rules.TRASH_MARKERS,
        "trash_days": state.trash_days,
        "dogs": [_dog_json(seat, d) for seat, d in enumerate(state.dogs)],
        "board": _board_json(state),
        "winners": list(winners),
        "game_over": bool(winners),
        "bones_history": [list(row) for row in rules.bones_history(state)],
    }


# --- applying events -------------------------------------------------------------------------


def _apply(state: Game, event: Mapping[str, Any], drawer: Drawer) -> tuple[Game, Report]:
    def seated(handler: Handler) -> Callable[[Game, Mapping[str, Any]], tuple[Game, Report]]:
        # Every turn event names the dog's seat; the handler gets it checked.
        return lambda game, e: handler(game, rules.check_seat(game, e.get("seat")), e, drawer)

    return dispatch(
        state,
        event,
        {
            "adjust": _adjust,
            **{kind: seated(handler) for kind, handler in _HANDLERS.items()},
            "end_game": lambda game, _e: (rules.end_game(game), {}),
        },
    )


def _adjust(state: Game, event: Mapping[str, Any]) -> tuple[Game, Report]:
    change, value = adjusted(event, COUNTERS, counters(state), COUNTER_NAMES)
    return rules.adjust(state, change.seat, change.counter, value), {}


Handler = Callable[[Game, int, Mapping[str, Any], Drawer], tuple[Game, Report]]


def _plain(step: Callable[[Game, int, Mapping[str, Any]], Game]) -> Handler:
    return lambda state, seat, event, _drawer: (step(state, seat, event), {})


def _draw_event(
    state: Game, seat: int, event: Mapping[str, Any], drawer: Drawer
) -> tuple[Game, Report]:
    names = [s.value for s in Section]
    raw = event.get("section")
    if raw not in names:
        raise RuleError(N_("section must be one of: {names}"), names=", ".join(names))
    address = _whole(event, "address") if "address" in event else None
    against = event.get("against")
    return rules.draw(state, seat, Section(raw), drawer, address=address, against=against)


def _to_pound(state: Game, seat: int, event: Mapping[str, Any]) -> Game:
    if event.get("reason", "caught") not in ("caught", "fight"):
        raise RuleError(N_("reason must be caught or fight"))
    return rules.send_to_pound(state, seat)


def _search(section: Section) -> Handler:
    def handler(
        state: Game, seat: int, event: Mapping[str, Any], _drawer: Drawer
    ) -> tuple[Game, Report]:
        raw = event.get("find", Find.NOTHING.value)
        names = [f.value for f in Find]
        if raw not in names:
            raise RuleError(N_("find must be one of: {names}"), names=", ".join(names))
        return rules.search(state, seat, section, Find(raw))

    return handler


def _pick_up(state: Game, seat: int, event: Mapping[str, Any]) -> Game:
    source = event.get("from", "office")
    if source not in ("office", "street"):
        raise RuleError(N_("from must be office or street"))
    if event.get("item") == ItemKind.NEWSPAPER.value and "address" not in event:
        # prepare draws the address; none was drawn only when there was none to take
        if source == "street" and not state.street:
            raise RuleError(N_("no newspaper lies on the street"))
        if source == "street" and not rules.street_pool(state, seat):
            raise RuleError(N_("no newspaper lies on the street where the dog stands"))
        if source == "office" and not state.office:
            raise RuleError(N_("no newspaper is left at the office"))
        raise RuleError(N_("this event needs a newspaper drawn; it was not prepared"))
    item = _item(event)
    if item.kind is ItemKind.BONE and "from" in event:
        raise RuleError(N_("only a newspaper is taken from the office or the street"))
    return rules.pick_up(state, seat, item, from_street=source == "street")


def _roll(state: Game, seat: int, event: Mapping[str, Any]) -> Game:
    if "die" not in event:
        raise RuleError(N_("this event needs a die roll; it was not prepared"))
    return rules.roll_die(state, seat, _whole(event, "die"))


def _pee(state: Game, seat: int, event: Mapping[str, Any]) -> Game:
    return rules.pee(state, seat, event.get("covers"))


def _move(state: Game, seat: int, event: Mapping[str, Any], drawer: Drawer) -> tuple[Game, Report]:
    if "to" not in event:
        return rules.move(state, seat, _whole(event, "steps")), {}
    started = rules.starts_by_moving(state, seat)
    if started:  # D5: the tap on the map starts the dog's turn, then walks
        state, _ = rules.start_turn(state, seat, drawer)
    moved, report = rules.move_to(state, seat, event.get("to"))
    if "steps" in event and event.get("steps") != report["steps"]:
        raise RuleError(N_("the recorded steps do not match the way to that square"))
    if bool(event.get("started", started)) != started:
        raise RuleError(N_("the recorded start of the turn does not match the table"))
    return moved, {**report, "started": started} if started else report


def _van(state: Game, seat: int, event: Mapping[str, Any]) -> tuple[Game, Report]:
    moved, report = rules.van(state, seat, event.get("to"))
    for key in DERIVED["van"]:
        if key in event and event.get(key) != report[key]:
            raise RuleError(N_("the recorded catch does not match the van's stop"))
    return moved, report


#: What ``prepare`` works out from the board and records (a sent value is replaced).
DERIVED: Final = {"move": ("steps", "started"), "van": ("caught", "near")}


def _fields(*names: str) -> frozenset[str]:
    """A seated event's fields: its own, plus what ``prepare`` records of chance."""
    return frozenset({"type", "seat", *names, *CHANCE_FIELDS})


#: The fields each event type carries (the companion refuses any other, naming it).
EVENT_FIELDS: dict[str, frozenset[str]] = {
    "adjust": ADJUST_FIELDS,
    "end_game": frozenset({"type"}),
    "start_turn": _fields(),
    "end_turn": _fields(),
    "move": _fields("steps", "to", "started"),
    "van": _fields("to", "caught", "near"),
    "rummage": _fields("find"),
    "beg": _fields("find"),
    "eat": _fields("days"),
    "drink": _fields(),
    "pee": _fields("covers"),
    "pick_up": _fields("item", "from", "address"),
    "drop": _fields("item", "address"),
    "bury": _fields("count"),
    "to_pound": _fields("reason"),
    "draw": _fields("section", "address", "against"),
    "roll_die": _fields(),
}

_HANDLERS: Final[dict[str, Handler]] = {
    "start_turn": lambda state, seat, _event, drawer: rules.start_turn(state, seat, drawer),
    "end_turn": _plain(lambda g, s, _e: rules.end_turn(g, s)),
    "move": _move,
    "van": lambda state, seat, event, _drawer: _van(state, seat, event),
    "rummage": _search(Section.TRASH),
    "beg": _search(Section.RESTAURANT),
    "eat": _plain(lambda g, s, e: rules.eat(g, s, _whole(e, "days"))),
    "drink": _plain(lambda g, s, _e: rules.drink(g, s)),
    "pee": _plain(_pee),
    "pick_up": _plain(_pick_up),
    "drop": _plain(lambda g, s, e: rules.drop(g, s, _item(e))),
    "bury": _plain(lambda g, s, e: rules.bury(g, s, _whole(e, "count", default=1))),
    "to_pound": _plain(_to_pound),
    "draw": _draw_event,
    "roll_die": _plain(_roll),
}


# --- reading fields --------------------------------------------------------------------------

_MISSING: Final = object()


def _whole(data: Mapping[str, Any], field: str, default: object = _MISSING) -> int:
    value = data.get(field, default)
    if value is _MISSING:
        raise RuleError(N_("{field} is missing"), field=field)
    return fields.whole_number(value, field, low=None)


def _item(event: Mapping[str, Any]) -> Item:
    kind = event.get("item")
    if kind == ItemKind.BONE.value:
        return BONE
    if kind == ItemKind.NEWSPAPER.value:
        return newspaper(_whole(event, "address"))
    raise RuleError(N_("item must be bone or newspaper"))


def _records(event: Mapping[str, Any]) -> list[tuple[int, Draw]]:
    raw = event.get("draws", []) if isinstance(event, Mapping) else []
    problem = RuleError(
        N_("draws must be the list of seat, card and shuffles records made by prepare")
    )
    if not isinstance(raw, list):
        raise problem
    records: list[tuple[int, Draw]] = []
    for item in raw:
        if not isinstance(item, Mapping):
            raise problem
        seat, card, shuffles = item.get("seat"), item.get("card"), item.get("shuffles", [])
        if (
            not _is_whole(seat)
            or not _is_whole(card)
            or not isinstance(shuffles, list)
            or not all(isinstance(o, list) and all(_is_whole(c) for c in o) for o in shuffles)
        ):
            raise problem
        records.append((seat, Draw(card, tuple(tuple(order) for order in shuffles))))
    return records


def _is_whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


# --- JSON for the phone ----------------------------------------------------------------------


def _dog_json(seat: int, state: DogState) -> dict[str, Any]:
    spec = dog(state.dog)
    return {
        "seat": seat,
        "dog": spec.id,
        "name": spec.name,  # English msgids: the catalogs hold their ja/it words
        "breed": spec.breed,
        "colour": spec.colour,
        "action_points": spec.action_points,
        "ap": state.ap,
        "hunger": state.hunger,
        "bladder": state.bladder,
        "markers": state.supply,
        "lampposts": state.lampposts,
        "items": [_item_json(item) for item in state.items],
        "buried": state.buried,
        "pound": state.pound,
        "in_pound": state.in_pound,
        "discard": list(state.deck.discard),
        "last_draw": None if state.last is None else _last_json(state.last),
    }


def _board_json(state: Game) -> dict[str, Any] | None:
    """Where everything stands; newspapers on the street lie face down (squares only)."""
    where = state.board
    if where is None:
        return None
    return {
        "dogs": list(where.dogs),
        "van": where.van,
        "van_from": where.van_from,
        "van_due": where.van_due,
        "van_stops": sorted(rules.van_stops(state)),
        "to_draw": list(where.to_draw),
        "trash": list(where.trash),
        "pee": {square: seat for square, seat in where.pee},
        "papers": sorted(square for _, square in where.papers),
    }


def _item_json(item: Item) -> dict[str, Any]:
    if item.kind is ItemKind.BONE:
        return {"kind": "bone"}
    return {"kind": "newspaper", "address": item.address}


def _last_json(last: LastDraw) -> dict[str, Any]:
    return {
        "section": last.section.value,
        "cards": [{"number": c.number, "result": result(c, last.section)} for c in last.cards],
    }


def result(card: Card, section: Section) -> str | int:
    """What a card says in one section: a find, a number of fangs, escaped / caught / caged."""
    if section is Section.FIGHT:
        return card.fangs
    if section is Section.CATCHER:
        return "escaped" if card.escapes_catcher else "caught"
    if section is Section.POUND:
        return "escaped" if card.escapes_pound else "caged"
    return card.find(section).value


# --- describe --------------------------------------------------------------------------------

_FINDS: Final = {
    ("trash", "bone"): N_("{name} rummaged a trash can and found a bone"),
    ("trash", "food-1"): N_("{name} rummaged a trash can and found 1 day of food"),
    ("trash", "food-2"): N_("{name} rummaged a trash can and found 2 days of food"),
    ("trash", "food-3"): N_("{name} rummaged a trash can and found 3 days of food"),
    ("trash", "nothing"): N_("{name} rummaged a trash can and found nothing"),
    ("trash", "no-room"): N_("{name} found a bone in a trash can but had no room to carry it"),
    ("trash", "none-left"): N_("{name} found a bone in a trash can but none are left"),
    ("restaurant", "bone"): N_("{name} begged at a restaurant and got a bone"),
    ("restaurant", "food-1"): N_("{name} begged at a restaurant and got 1 day of food"),
    ("restaurant", "food-2"): N_("{name} begged at a restaurant and got 2 days of food"),
    ("restaurant", "food-3"): N_("{name} begged at a restaurant and got 3 days of food"),
    ("restaurant", "nothing"): N_("{name} begged at a restaurant and was chased away"),
    ("restaurant", "no-room"): N_("{name} was given a bone at a restaurant but had no room"),
    ("restaurant", "none-left"): N_("{name} was given a bone at a restaurant but none are left"),
    ("newspaper", "bone"): N_("{name} delivered newspaper {address} and got a bone"),
    ("newspaper", "food-1"): N_("{name} delivered newspaper {address} and got 1 day of food"),
    ("newspaper", "food-2"): N_("{name} delivered newspaper {address} and got 2 days of food"),
    ("newspaper", "food-3"): N_("{name} delivered newspaper {address} and got 3 days of food"),
    ("newspaper", "nothing"): N_("{name} delivered newspaper {address} and got nothing"),
    ("newspaper", "no-room"): N_("{name} delivered newspaper {address}; no room for the bone"),
    ("newspaper", "none-left"): N_("{name} delivered newspaper {address}; no bones are left"),
    ("fight", "won"): N_("{name} attacked {rival} and won: {rival} goes to the pound"),
    ("fight", "lost"): N_("{name} attacked {rival} and lost: {name} goes to the pound"),
    ("fight", "tie"): N_("{name} attacked {rival}: as many fangs, nothing happens"),
    ("catcher", "escaped"): N_("{name} escaped the dog-catcher"),
    ("catcher", "caught"): N_("{name} was caught by the dog-catcher"),
}
_TRASH_DAY: Final = {
    "bone": N_("{name} found a bone in the last trash can: trash day!"),
    "food-1": N_("{name} found 1 day of food in the last trash can: trash day!"),
    "food-2": N_("{name} found 2 days of food in the last trash can: trash day!"),
    "food-3": N_("{name} found 3 days of food in the last trash can: trash day!"),
    "nothing": N_("{name} found nothing in the last trash can: trash day!"),
    "no-room": N_("{name} found a bone in the last trash can but had no room: trash day!"),
    "none-left": N_("{name} found a bone in the last trash can but none are left: trash day!"),
}
_TURNS: Final = {
    "hungry": N_("{name} started a turn; hunger goes down by 1"),
    "starved": N_("{name} starved and was taken to the pound"),
    "escaped": N_("{name} escaped from the pound; hunger set to 2"),
    "stays": N_("{name} stays in the pound"),
    "freed": N_("{name} was let out of the pound; hunger set to 2"),
}
_SIMPLE: Final = {
    "drink": N_("{name} drank at a fountain"),
    "roll_die": N_("{name} rolled {die} for the dog-catcher"),
    "move": N_("{name} moved {steps} spaces"),
    "eat": N_("{name} ate {days} days of food"),
}
_SIMPLE_ONE: Final = {  # the singular, where a count of 1 would read "1 spaces"
    "move": N_("{name} moved 1 space"),
    "eat": N_("{name} ate 1 day of food"),
}
_DRAWN: Final = {  # a draw stored without its outcome (e.g. imported): what was done
    "trash": N_("{name} rummaged a trash can"),
    "restaurant": N_("{name} begged at a restaurant"),
    "newspaper": N_("{name} delivered newspaper {address}"),
    "fight": N_("{name} attacked {rival}"),
    "catcher": N_("{name} drew a card to escape the dog-catcher"),
}


def describe(event: Mapping[str, Any], players: Sequence[Player]) -> tuple[str, dict[str, Any]]:
    """The event in plain words: an ``N_`` template and its parameters.

    Parameters: ``name`` (the acting player's name) and ``rival`` (another seat's player)
    are player names, shown as typed; numbers (``steps``, ``days``, ``die``, ``address``,
    ``count``) are plain ``int``s; a game word (the counter of an ``adjust``) is a
    ``games.errors.Term``, translated like the template (``RuleError.translated`` does
    both). No English word is put into a sentence as plain text: where a word would sit
    differently in Japanese or Italian (a newspaper and its address, a find, a section) the
    event has a template of its own.

    Dogs: a template or a ``RuleError`` of this game that names a dog always does so in a
    parameter called ``dog`` holding the dog's English catalog name ("White Fang"), so a
    reader in another language can be shown the catalogs' word for it
    (``catalog.localized(params, gettext)`` → "ホワイトファング" in Japanese). History
    lines name players, not dogs, so they have no ``dog`` parameter today.
    """

    def name(key: str) -> str:
        seat = event.get(key)
        if _is_whole(seat) and 0 <= seat < len(players):
            return players[seat].name
        return "?"

    kind = event.get("type")
    params: dict[str, Any] = {"name": name("seat")}
    if kind == "adjust":
        delta = event.get("delta")
        change = f"{delta:+d}" if _is_whole(delta) else "?"
        counter = event.get("counter")
        counter = COUNTER_NAMES.get(counter, counter) if isinstance(counter, str) else "?"
        params.update(counter=counter, change=change)
        return N_("{name}: {counter} {change}"), params
    if kind == "end_game":
        return N_("Time is up: the most buried bones wins"), {}
    if kind == "start_turn":
        return _TURNS.get(str(event.get("outcome")), N_("{name} started a turn")), params
    if kind == "end_turn":
        return N_("{name} ended the turn"), params
    if kind in _SEARCHES:
        section, outcome = _SEARCHES[kind], event.get("outcome", event.get("find"))
        template = _FINDS.get((section, outcome)) if isinstance(outcome, str) else None
        if template is None:
            return _DRAWN[section], params
        if event.get("trash_day"):
            template = _TRASH_DAY.get(outcome, template)
        return template, params
    if kind == "move" and isinstance(event.get("to"), str):
        return _moved_to(event, params)
    if kind == "van":
        return _van_line(event, params, players)
    if kind in _SIMPLE:
        params.update({k: event.get(k) for k in ("die", "steps", "days") if k in event})
        if kind in _SIMPLE_ONE and 1 in (params.get("steps"), params.get("days")):
            return _SIMPLE_ONE[kind], params
        return _SIMPLE[kind], params
    if kind == "pee":
        if event.get("covers") is None:
            return N_("{name} peed on a lamppost"), params
        return N_("{name} peed over {rival}'s marker, which goes back to {rival}"), {
            **params,
            "rival": name("covers"),
        }
    if kind in ("pick_up", "drop", "bury"):
        return _item_event(kind, event, params)
    if kind == "to_pound":
        if event.get("reason") == "fight":
            return N_("{name} lost a fight and was taken to the pound"), params
        return N_("{name} was caught and taken to the pound"), params
    if kind == "draw":
        params.update(address=event.get("address"), rival=name("against"))
        drawn, outcome = event.get("section"), event.get("outcome")
        if not isinstance(drawn, str):
            return N_("{name} drew a card"), params
        template = _FINDS.get((drawn, outcome)) if isinstance(outcome, str) else None
        if template is None:
            return _DRAWN.get(drawn, N_("{name} drew a card")), params
        if event.get("trash_day"):
            template = _TRASH_DAY.get(str(outcome), template)
        return template, params
    return N_("{name}: {type}"), {**params, "type": kind}


_SEARCHES: Final = {"rummage": "trash", "beg": "restaurant"}


def _moved_to(event: Mapping[str, Any], params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """A move to a square, named as the poster shows it."""
    params = {**params, "square": square_name(str(event.get("to"))), "steps": event.get("steps")}
    if event.get("started") and event.get("steps") == 1:
        return N_("{name} started a turn and moved 1 space to {square}"), params
    if event.get("started") and _is_whole(event.get("steps")):
        return N_("{name} started a turn and moved {steps} spaces to {square}"), params
    if event.get("steps") == 1:
        return N_("{name} moved 1 space to {square}"), params
    if not _is_whole(event.get("steps")):
        return N_("{name} moved to {square}"), params
    return N_("{name} moved {steps} spaces to {square}"), params


def _van_line(
    event: Mapping[str, Any], params: dict[str, Any], players: Sequence[Player]
) -> tuple[str, dict[str, Any]]:
    """The van's stop, and whom it caught or asked to draw (the players' names)."""

    def names(key: str) -> str:
        seats = event.get(key)
        if not isinstance(seats, list):
            return ""
        return ", ".join(
            players[seat].name if _is_whole(seat) and 0 <= seat < len(players) else "?"
            for seat in seats
        )

    caught, near = names("caught"), names("near")
    params = {**params, "square": square_name(str(event.get("to"))), "caught": caught, "near": near}
    if caught and near:
        return (
            N_(
                "{name} drove the van to {square}: {caught} to the pound, "
                "{near} must draw to escape"
            ),
            params,
        )
    if caught:
        return N_("{name} drove the van to {square}: {caught} to the pound"), params
    if near:
        return N_("{name} drove the van to {square}: {near} must draw to escape"), params
    return N_("{name} drove the van to {square}"), params


def _item_event(
    kind: str, event: Mapping[str, Any], params: dict[str, Any]
) -> tuple[str, dict[str, Any]]:
    if kind == "bury":
        count = event.get("count", 1)
        if count == 1:
            return N_("{name} buried a bone"), params
        return N_("{name} buried {count} bones"), {**params, "count": count}
    if event.get("item") == "newspaper":
        params["address"] = event.get("address")
        hidden = params["address"] is None  # another player's secret (view_event)
        if kind == "pick_up" and event.get("from") == "street":
            if hidden:
                return N_("{name} picked up a newspaper from the street"), params
            return N_("{name} picked up newspaper {address} from the street"), params
        if kind == "pick_up":
            if hidden:
                return N_("{name} took a newspaper at the office"), params
            return N_("{name} picked up newspaper {address}"), params
        if hidden:
            return N_("{name} dropped a newspaper"), params
        return N_("{name} dropped newspaper {address}"), params
    if kind == "pick_up":
        return N_("{name} picked up a bone"), params
    return N_("{name} dropped a bone"), params
