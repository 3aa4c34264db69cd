"""A Dog's Life at the table: the companion's event fold (protocol in ``games/table.py``).

Glossary
--------
event
    A JSON object with a ``type`` and a ``seat`` (the acting dog) unless noted, read once
    into its typed change (``games/dogs_life/changes.py``) and folded typed
    (``apply_change``):

    ``adjust``      ``counter`` (``hunger`` 0–4, ``bladder`` 0–2, ``bones`` buried 0–30),
                    ``delta`` — the generic correction of docs/contracts.md.
    ``start_turn``  hunger tick or starvation; for a dog in the pound its 1/2/3 draws or
                    the automatic release (D2). Refused while the current dog's turn runs
                    (action points left and not ended): its player ends it first.
    ``end_turn``    the current dog's player ends the actions (unspent AP are gone).
    ``move``        ``to`` a square of the city (the shortest legal way; ``prepare``
                    records ``steps`` and ``started``, D5), or ``steps`` ≥ 1 (1 AP each).
    ``van``         ``to``: a stop the catcher's roll allows (``prepare`` records
                    ``caught`` and ``near``).
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
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, Final, TypeGuard

from games.changes import whole
from games.dogs_life import changes
from games.dogs_life import game as rules
from games.dogs_life.catalog import DOGS, Card, Section, dog
from games.dogs_life.deck import Deck, Draw, random_shuffler, replay, roll_die
from games.dogs_life.deck import draw as draw_card
from games.dogs_life.dog import BONE, DogState, Item, ItemKind, LastDraw, newspaper
from games.dogs_life.game import Drawer, Game, Report, Settings
from games.dogs_life.places import square_name
from games.dogs_life.terms import COUNTER_NAMES
from games.errors import N_, RuleError, SeatOnly
from games.fields import one_of
from games.table import Player, adjust_targets, check_range, player_count

GAME: Final = "dogs-life"
#: The create form's player rows and colours: 3–6 dogs, each with its pee markers' colour.
SEATS: Final = (rules.MIN_PLAYERS, rules.MAX_PLAYERS)
SEAT_COLOURS: Final = tuple(d.colour for d in DOGS.values())
COUNTERS: Final = rules.COUNTERS
#: What an event touches (issue 35): a counter's tap, that dog's counter; a turn's
#: action (a move, a card drawn), the whole table.
targets = adjust_targets(COUNTER_NAMES)
SETTINGS: Final = ("bones_to_win", "timed_minutes", "dogs")
CHANCE_FIELDS: Final = changes.CHANCE_FIELDS


# --- the protocol ----------------------------------------------------------------------------


def _chosen_dogs(settings: Mapping[str, Any], players: int) -> object:
    """The dogs the seats play as sent (``new_state`` checks them): by default the first
    ``players`` dogs of the catalog."""
    return settings.get("dogs", list(DOGS)[:players])


def new_state(players: Sequence[Player], settings: Mapping[str, Any]) -> Game:
    """Each player picks a dog (``settings["dogs"]``); every dog starts as set up (D1)."""
    if not isinstance(settings, Mapping):
        raise RuleError(N_("settings must be an object"))
    for key in settings:
        one_of(key, SETTINGS, N_("unknown setting {name!r}; expected one of: {names}"), "name")
    player_count(len(players), rules.MIN_PLAYERS, rules.MAX_PLAYERS)
    chosen = _chosen_dogs(settings, len(players))
    if not isinstance(chosen, list) or len(chosen) != len(players):
        raise RuleError(
            N_("dogs must be a list with one dog per player ({count})"), count=len(players)
        )
    goal = Settings().bones_to_win
    if "bones_to_win" in settings:
        goal = whole(settings, "bones_to_win", None)
    minutes = settings.get("timed_minutes")
    if minutes is not None:
        minutes = whole(settings, "timed_minutes", None)
    return rules.new_game(chosen, Settings(goal, minutes))


def piece_colours(players: Sequence[Player], settings: Mapping[str, Any]) -> tuple[Player, ...]:
    """A seat plays a dog (``settings["dogs"]``, by default the catalog order, as
    ``new_state`` reads it) and its pieces are that dog's colour (``Rules.piece_colours``);
    a seat without a known dog keeps its player's colour."""
    chosen = _chosen_dogs(settings, len(players))
    dogs = chosen if isinstance(chosen, list) else []

    def colour(seat: int, player: Player) -> str:
        dog = dogs[seat] if seat < len(dogs) else None
        return DOGS[dog].colour if isinstance(dog, str) and dog in DOGS else player.color

    return tuple(Player(p.name, colour(seat, p)) for seat, p in enumerate(players))


def prepare(state: Game, event: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Fill in the cards drawn and the die rolled, and what happened, from ``rng``: the
    event read (``changes.from_json``) without what a client may not choose, its chance
    fields filled, written back (``to_json``)."""
    if not isinstance(event, Mapping):
        return event  # apply refuses it with a clear message
    prepared = {key: value for key, value in event.items() if key not in CHANCE_FIELDS}
    if prepared.get("type") in DERIVED:
        for key in DERIVED[str(prepared["type"])]:  # worked out from the board, not sent
            if prepared.get("type") != "move" or "to" in prepared:
                prepared.pop(key, None)
    if prepared.get("type") == "pick_up":
        prepared.pop("address", None)  # a newspaper is taken at random (a bone's is unread)
    try:
        change = changes.from_json(prepared)
    except RuleError:
        return prepared  # apply refuses it again with the same message
    records: list[changes.Drawn] = []

    def drawer(seat: int, deck: Deck) -> tuple[Draw, Deck]:
        drawn, after = draw_card(deck, random_shuffler(rng))
        records.append((seat, drawn))
        return drawn, after

    if isinstance(change, changes.RollDie):
        change = replace(change, die=roll_die(rng))
    if isinstance(change, changes.PickUp) and change.item is ItemKind.NEWSPAPER:
        seat = change.seat
        street = rules.street_pool(state, seat) if 0 <= seat < len(state.dogs) else state.street
        pool = street if change.from_street else state.office
        if pool:  # else apply refuses: no newspaper there
            change = replace(change, address=rng.choice(sorted(pool)))
    try:
        _, report = _apply(state, change, drawer)
    except RuleError:
        return change.to_json()  # apply refuses it again with the same message
    if isinstance(change, changes.Seated):
        change = _recorded(change, tuple(records) or None, report)
    return change.to_json()


def _recorded(
    change: changes.SeatedChange, draws: tuple[changes.Drawn, ...] | None, report: Report
) -> changes.SeatedChange:
    """``change`` with what ``prepare`` records: the ``draws`` and the ``report``
    (``outcome``, ``trash_day``, a move's ``steps`` and ``started``, the van's catch)."""
    filled: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in report.items()}
    return replace(change, draws=draws, **filled)


def apply(state: Game, event: Mapping[str, Any]) -> Game:
    """The next state after the stored ``event``: read once (``changes.from_json``), then
    folded typed (``apply_change``); the recorded draws are replayed."""
    return apply_change(state, changes.from_json(event))


def apply_change(state: Game, change: changes.DogsChange) -> Game:
    """The next state after ``change``: its shape is checked by ``changes``, what depends
    on the table (the seat, the turn, the board) here, in the order it always was; its
    recorded draws are replayed (a record that does not match the deck is refused)."""
    records = (change.draws or ()) if isinstance(change, changes.Seated) else ()
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

    new, _ = _apply(state, change, drawer)
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


def _apply(state: Game, change: changes.DogsChange, drawer: Drawer) -> tuple[Game, Report]:
    if isinstance(change, changes.Adjust):
        return _adjust(state, change), {}
    if isinstance(change, changes.EndGame):
        return rules.end_game(state), {}
    # Every turn event names the dog's seat: checked first, as it always was.
    return _turn(state, rules.check_seat(state, change.seat), change, drawer)


def _adjust(state: Game, change: changes.Adjust) -> Game:
    seat = rules.check_seat(state, change.seat)
    value = check_range(
        COUNTER_NAMES.get(change.counter, change.counter),
        counters(state)[seat][change.counter] + change.delta,
        COUNTERS[change.counter],
    )
    return rules.adjust(state, seat, change.counter, value)


def _turn(
    state: Game, seat: int, change: changes.SeatedChange, drawer: Drawer
) -> tuple[Game, Report]:
    match change:
        case changes.StartTurn():
            return rules.start_turn(state, seat, drawer)
        case changes.EndTurn():
            return rules.end_turn(state, seat), {}
        case changes.Move():
            return _move(state, seat, change, drawer)
        case changes.VanMove():
            return _van(state, seat, change)
        case changes.Rummage() | changes.Beg():
            return rules.search(state, seat, change.section, change.found)
        case changes.Eat(days=days):
            return rules.eat(state, seat, days), {}
        case changes.Drink():
            return rules.drink(state, seat), {}
        case changes.Pee(covers=covers):
            return rules.pee(state, seat, covers), {}
        case changes.PickUp():
            return _pick_up(state, seat, change), {}
        case changes.Drop():
            return rules.drop(state, seat, _item(change.item, change.address)), {}
        case changes.Bury(count=count):
            return rules.bury(state, seat, 1 if count is None else count), {}
        case changes.ToPound():
            return rules.send_to_pound(state, seat), {}
        case changes.DrawCard(section=section, address=address, against=against):
            return rules.draw(state, seat, section, drawer, address=address, against=against)
        case changes.RollDie(die=die):
            if die is None:
                raise RuleError(N_("this event needs a die roll; it was not prepared"))
            return rules.roll_die(state, seat, die), {}


def _pick_up(state: Game, seat: int, change: changes.PickUp) -> Game:
    if change.item is ItemKind.NEWSPAPER and change.address is None:
        # prepare draws the address; none was drawn only when there was none to take
        if change.from_street and not state.street:
            raise RuleError(N_("no newspaper lies on the street"))
        if change.from_street and not rules.street_pool(state, seat):
            raise RuleError(N_("no newspaper lies on the street where the dog stands"))
        if not change.from_street and not state.office:
            raise RuleError(N_("no newspaper is left at the office"))
        raise RuleError(N_("this event needs a newspaper drawn; it was not prepared"))
    item = _item(change.item, change.address)
    return rules.pick_up(state, seat, item, from_street=change.from_street)


def _move(state: Game, seat: int, change: changes.Move, drawer: Drawer) -> tuple[Game, Report]:
    if change.to is None:
        assert change.steps is not None  # a move by steps has them (changes.Move)
        return rules.move(state, seat, change.steps), {}
    started = rules.starts_by_moving(state, seat)
    if started:  # D5: the tap on the map starts the dog's turn, then walks
        state, _ = rules.start_turn(state, seat, drawer)
    moved, report = rules.move_to(state, seat, change.to)
    if change.steps is not None and change.steps != report["steps"]:
        raise RuleError(N_("the recorded steps do not match the way to that square"))
    if change.started is not None and change.started != started:
        raise RuleError(N_("the recorded start of the turn does not match the table"))
    return moved, {**report, "started": started} if started else report


def _van(state: Game, seat: int, change: changes.VanMove) -> tuple[Game, Report]:
    moved, report = rules.van(state, seat, change.to)
    for recorded, made in ((change.caught, report["caught"]), (change.near, report["near"])):
        if recorded is not None and list(recorded) != made:
            raise RuleError(changes.CATCH_MISMATCH)
    return moved, report


#: What ``prepare`` works out from the board and records (a sent value is replaced).
DERIVED: Final = {"move": ("steps", "started"), "van": ("caught", "near")}

#: The fields each event type carries (the companion refuses any other, naming it): the
#: change classes' own (``changes.CHANGES``).
EVENT_FIELDS: Final[dict[str, frozenset[str]]] = changes.CHANGES.event_fields()


def _item(kind: ItemKind, address: int | None) -> Item:
    if kind is ItemKind.BONE:
        return BONE
    assert address is not None  # a newspaper's is read (changes) or drawn (prepare)
    return newspaper(address)


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
