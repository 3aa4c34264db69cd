"""The whole table of A Dog's Life: dogs, turns, card draws, the catcher's die, trash day, the win.

Glossary
--------
seat
    Index of a player (and of their dog) in ``Game.dogs``.
turn
    A player's turn: (1) hunger tick or starvation, or the pound draws (D2); (2) actions
    paid with action points; (3) the catcher's die. ``start_turn`` does step 1 and gives the
    dog its action points. A turn belongs to its player: the next turn starts only once the
    current dog has no action points left, or its player ended the actions (``end_turn``,
    or rolling the catcher's die: step 3 comes after every action). Unspent points are then
    gone (the rulebook: never carried over), never wiped by another dog's turn starting.
    The die is rolled at most once per turn, by the player whose turn it is. Turns go
    clockwise: seat order (``next_seat``).
newspapers
    12, each with a delivery address (1–12) on its face-down back. A dog barking at the
    newspaper office takes one *at random* (the companion draws the address); a carried
    newspaper's address is its player's secret until it is delivered. A dropped newspaper
    lies face down on the street (``street``) until a dog picks it up again (at random
    among those on the street); a delivered one goes back to the office.
drawer
    Where card draws come from: a function ``(seat, deck) -> (Draw, deck)``. When an event
    is prepared it draws from a seeded random source and records what it drew; when the
    stored event is applied it replays the record. The rules below are written once for both.
trash markers
    15 in the game. Rummaging a trash can places one; when the last one is placed it is
    *trash day* (D3): every marker but that last one is removed.
goal
    The number of buried bones that wins (setting ``bones_to_win``, default 4, D3). The
    first dog to reach it wins. In the timed variant (D3) the players may also end the game
    when time is up: the most buried bones wins, tied dogs share the win.
bones history
    The buried bones of every dog at the start of each turn, for the end-of-game chart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from games import fields
from games.dogs_life import dog as dogs
from games.dogs_life import positions as pos
from games.dogs_life import terms
from games.dogs_life.catalog import Card, Find, Section, dog
from games.dogs_life.deck import Deck, Draw
from games.dogs_life.dog import (
    HUNGER_MAX,
    POUND_RELEASE,
    DogState,
    Item,
    ItemKind,
    LastDraw,
)
from games.errors import N_, RuleError
from games.table import player_count

MIN_PLAYERS: Final = 3  # the rulebook's box: 3–6 players
MAX_PLAYERS: Final = 6
BONES: Final = 30
TRASH_MARKERS: Final = 15
GOAL_RANGE: Final = (1, 10)
MINUTES_RANGE: Final = (5, 600)

Drawer = Callable[[int, Deck], tuple[Draw, Deck]]
Report = dict[str, Any]  # what happened, for the history line ("outcome", "trash_day")


@dataclass(frozen=True, slots=True)
class Settings:
    """Table settings: the goal, and the time limit of the timed variant (None: untimed)."""

    bones_to_win: int = 4
    timed_minutes: int | None = None

    def __post_init__(self) -> None:
        _within(
            self.bones_to_win,
            GOAL_RANGE,
            N_("bones_to_win must be from {low} to {high}, not {value}"),
        )
        if self.timed_minutes is not None:
            _within(
                self.timed_minutes,
                MINUTES_RANGE,
                N_("timed_minutes must be from {low} to {high}, not {value}"),
            )


def _within(value: int, bounds: tuple[int, int], refusal: str) -> None:
    """Refuse a setting outside its inclusive ``bounds`` with ``refusal`` (its own msgid,
    formatted with ``low``, ``high`` and ``value``)."""
    low, high = bounds
    if not low <= value <= high:
        raise RuleError(refusal, low=low, high=high, value=value)


@dataclass(frozen=True, slots=True)
class Game:
    """Everything the companion tracks for one table."""

    dogs: tuple[DogState, ...]
    settings: Settings = Settings()
    trash_markers: int = 0
    trash_days: int = 0
    turn: int = 0
    current: int | None = None
    die: int | None = None
    time_up: bool = False
    history: tuple[tuple[int, ...], ...] = ()
    rolled: bool = False  # the catcher's die was rolled this turn (at most once)
    ended: bool = False  # the current player ended this turn's actions
    street: tuple[int, ...] = ()  # addresses of the newspapers lying on the street
    first: int | None = None  # the seat whose turn was the game's first (its start player)
    board: pos.Positions | None = None  # where everything stands (None: a game without)

    @property
    def office(self) -> tuple[int, ...]:
        """The addresses of the newspapers at the office: not carried, not on the street."""
        out = {i.address for d in self.dogs for i in d.items if i.kind is ItemKind.NEWSPAPER}
        return tuple(
            a for a in range(1, dogs.NEWSPAPERS + 1) if a not in out and a not in self.street
        )


def new_game(dog_ids: Sequence[object], settings: Settings = Settings()) -> Game:
    """Every dog at the start: hunger 4, one pee marker in the bladder, an unshuffled deck."""
    player_count(len(dog_ids), MIN_PLAYERS, MAX_PLAYERS)
    ids = [dog(dog_id).id for dog_id in dog_ids]
    for index, dog_id in enumerate(ids):
        if dog_id in ids[:index]:
            raise RuleError(N_("two players cannot both be {dog}"), dog=dog(dog_id).name)
    return Game(tuple(DogState(dog_id) for dog_id in ids), settings, board=pos.start(len(ids)))


# --- reading the state -----------------------------------------------------------------


def winners(game: Game) -> tuple[int, ...]:
    """The winning seats (D3): whoever reached the goal, else the most bones when time is up."""
    reached = tuple(s for s, d in enumerate(game.dogs) if d.buried >= game.settings.bones_to_win)
    if reached or not game.time_up:
        return reached
    best = max(d.buried for d in game.dogs)
    return tuple(s for s, d in enumerate(game.dogs) if d.buried == best)


def ranking(game: Game) -> list[list[int]]:
    """D3 as an order: seats by buried bones, most first; equal counts share a place (one
    group, in seat order). The first group wins when time is up in the timed variant."""
    buried = [d.buried for d in game.dogs]
    return [
        [seat for seat, count in enumerate(buried) if count == value]
        for value in sorted(set(buried), reverse=True)
    ]


def rivals(game: Game, seat: int) -> tuple[int, ...]:
    """The dogs the dog at ``seat`` may fight: every other dog not in the pound."""
    return tuple(s for s, other in enumerate(game.dogs) if s != seat and not other.in_pound)


def covers(game: Game, seat: int) -> tuple[int, ...]:
    """The dogs whose pee marker the dog at ``seat`` may cover when it pees on a lamppost:
    every other dog with a marker on a lamppost (the covered marker returns to its owner)."""
    return tuple(s for s, other in enumerate(game.dogs) if s != seat and other.lampposts)


def bones_in_use(game: Game) -> int:
    return sum(d.carried_bones + d.buried for d in game.dogs)


def bones_history(game: Game) -> tuple[tuple[int, ...], ...]:
    """Buried bones per seat at the start of each turn, then now."""
    return (*game.history, tuple(d.buried for d in game.dogs))


def next_seat(game: Game) -> int:
    """Whose turn comes next: clockwise (seat order) after the current one."""
    return 0 if game.current is None else (game.current + 1) % len(game.dogs)


def whose_turn(game: Game) -> int | None:
    """The seat whose turn it is now: the current dog while its turn runs (action points
    left and not ended), then the next seat clockwise; None once the game is over."""
    if winners(game):
        return None
    if turn_running(game):
        return game.current
    return next_seat(game)


def turn_running(game: Game) -> bool:
    """Whether the current dog's turn still runs: it has action points left, and its
    player has not ended the actions (``end_turn`` or the catcher's die)."""
    return game.current is not None and not game.ended and game.dogs[game.current].ap > 0


def check_seat(game: Game, seat: object, field: str = "seat") -> int:
    """A seat of ``game``: the acting one (``seat``) or a rival named by ``field``."""
    if field == "seat":
        return fields.seat(seat, len(game.dogs))
    return fields.whole_number(seat, field, 0, len(game.dogs) - 1)


def _require_playing(game: Game) -> None:
    if winners(game):
        raise RuleError(N_("the game is over"))


def _set(game: Game, seat: int, state: DogState, *, delivered: bool = False) -> Game:
    """The game with the dog at ``seat`` in ``state``; a newspaper the dog no longer
    carries lies on the street (dropped, or left behind on the way to the pound) unless
    it was ``delivered`` (back to the office)."""
    before = _papers(game.dogs[seat])
    left = tuple(a for a in before if a not in _papers(state))
    street = game.street if delivered else (*game.street, *left)
    where = game.board
    if where is not None:
        if state.in_pound and not game.dogs[seat].in_pound:
            where = pos.to_pound(where, seat, () if delivered else left)
        elif not delivered:
            where = pos.drop_papers(where, where.dogs[seat], left)
    return replace(
        game,
        dogs=(*game.dogs[:seat], state, *game.dogs[seat + 1 :]),
        street=street,
        board=where,
    )


def _papers(state: DogState) -> tuple[int, ...]:
    return tuple(
        i.address for i in state.items if i.kind is ItemKind.NEWSPAPER and i.address is not None
    )


def _draw(game: Game, seat: int, drawer: Drawer) -> tuple[Card, Game]:
    state = game.dogs[seat]
    drawn, deck = drawer(seat, state.deck)
    card = dog(state.dog).card(drawn.card)
    assert card is not None  # a draw never ends on the reshuffle card
    return card, _set(game, seat, replace(state, deck=deck))


def _remember(game: Game, seat: int, section: Section, cards: tuple[Card, ...]) -> Game:
    return _set(game, seat, replace(game.dogs[seat], last=LastDraw(section, cards)))


# --- step 1: the start of a turn -----------------------------------------------------------


def start_turn(game: Game, seat: int, drawer: Drawer) -> tuple[Game, Report]:
    """Hunger tick or starvation for a free dog; the pound draws for a caught one (D2)."""
    _require_playing(game)
    seat = check_seat(game, seat)
    if turn_running(game):
        current = game.dogs[game.current or 0]
        raise RuleError(
            N_(
                "it is still {dog}'s turn ({ap} action points left): its player ends the turn first"
            ),
            dog=current.name,
            ap=current.ap,
        )
    if game.board is not None and game.board.to_draw:
        waiting = game.dogs[game.board.to_draw[0]]
        raise RuleError(
            N_("{dog} is next to the dog-catcher's van: it draws a card to escape first"),
            dog=waiting.name,
        )
    if game.board is not None and game.board.van_due:
        # the die was rolled but the van was moved on the real board only: not known now
        game = replace(game, board=replace(game.board, van=None, van_from=None, van_due=False))
    game = replace(
        game,
        dogs=tuple(replace(d, ap=0) for d in game.dogs),  # unspent AP are not carried over
        turn=game.turn + 1,
        current=seat,
        first=seat if game.first is None else game.first,
        rolled=False,
        ended=False,
        history=(*game.history, tuple(d.buried for d in game.dogs)),
    )
    state = game.dogs[seat]
    if not state.in_pound:
        state, starved = dogs.tick(state)
        return _set(game, seat, state), {"outcome": "starved" if starved else "hungry"}
    if state.pound >= POUND_RELEASE:
        return _set(game, seat, dogs.release(state)), {"outcome": "freed"}
    # a dog in the pound does not get hungry; it draws 1, 2 or 3 cards on its 1st-3rd turn
    cards: list[Card] = []
    for _ in range(state.pound):
        card, game = _draw(game, seat, drawer)
        cards.append(card)
    game = _remember(game, seat, Section.POUND, tuple(cards))
    escaped = any(card.escapes_pound for card in cards)
    game = _set(game, seat, dogs.pound_turn(game.dogs[seat], escaped))
    return game, {"outcome": "escaped" if escaped else "stays"}


# --- step 2: actions ---------------------------------------------------------------------


def move(game: Game, seat: int, steps: int) -> Game:
    """Walk ``steps`` spaces (entering or leaving a building is a step too): 1 AP each.
    Where the dog went is not known any more (D4: the phone offers steps for it)."""
    _require_playing(game)
    if steps < 1:
        raise RuleError(N_("steps must be at least 1, not {steps}"), steps=steps)
    game = _set(game, seat, dogs.spend(game.dogs[seat], steps, terms.MOVE))
    if game.board is not None:
        game = replace(game, board=pos.walk(game.board, seat, None))
    return game


def move_to(game: Game, seat: int, to: object) -> tuple[Game, Report]:
    """Walk to square ``to`` by the shortest legal way (never into the pound or a rival's
    den): 1 AP a step. The report records the steps for the history."""
    _require_playing(game)
    if game.board is None:
        raise RuleError(N_("this game does not know where the dogs stand: move by steps"))
    if game.dogs[seat].in_pound:
        dogs.spend(game.dogs[seat], 0, terms.MOVE)  # the pound's refusal
    steps = pos.steps_to(game.board, seat, to)
    game = _set(game, seat, dogs.spend(game.dogs[seat], steps, terms.MOVE))
    assert game.board is not None and isinstance(to, str)
    return replace(game, board=pos.walk(game.board, seat, to)), {"steps": steps}


def starts_by_moving(game: Game, seat: int) -> bool:
    """D5: whether a move of the dog at ``seat`` starts its turn first (turn step 1): its
    turn comes next, no turn runs, nothing waits for the van, and the hunger tick cannot
    starve it (a free dog with food left)."""
    state = game.dogs[seat]
    return (
        game.board is not None
        and not winners(game)
        and not turn_running(game)
        and not game.board.van_due
        and not game.board.to_draw
        and whose_turn(game) == seat
        and not state.in_pound
        and state.hunger > 0
    )


def reachable(game: Game, seat: int) -> dict[str, int]:
    """The squares the dog at ``seat`` can walk to with its action points left (or, when
    its move would start its turn, with the turn's action points, D5), by cost."""
    if game.board is None or game.dogs[seat].in_pound:
        return {}
    if starts_by_moving(game, seat):
        return pos.reachable(game.board, seat, dog(game.dogs[seat].dog).action_points)
    if not turn_running(game) or game.current != seat:
        return {}
    return pos.reachable(game.board, seat, game.dogs[seat].ap)


def eat(game: Game, seat: int, days: int) -> Game:
    """Food from a trash can or a restaurant, drawn with the real cards: the rummaging or
    begging costs its 1 AP; the hunger marker goes up +1/+2/+3, capped at 4."""
    _require_playing(game)
    fed = dogs.eat(game.dogs[seat], days)  # refuses a bad amount, or a dog in the pound
    return _set(game, seat, dogs.spend(fed, 1, terms.EAT))


def search(game: Game, seat: int, section: Section, found: Find) -> tuple[Game, Report]:
    """Rummage a trash can or beg at a restaurant with the real cards (1 AP): ``found`` is
    what the drawn card says. A bone needs a free carrying space (else nothing was found);
    food raises hunger (capped at 4); a rummaged trash can gets a trash marker (D3)."""
    _require_playing(game)
    if section not in _ACTIONS:
        raise RuleError(N_("only a trash can or a restaurant is searched"))
    game = _set(game, seat, dogs.spend(game.dogs[seat], 1, _ACTIONS[section]))
    return _keep_find(game, seat, section, found)


def drink(game: Game, seat: int) -> Game:
    _require_playing(game)
    return _set(game, seat, dogs.drink(game.dogs[seat]))


def pee(game: Game, seat: int, covers: int | None = None) -> Game:
    """Pee on a lamppost; over a rival's marker when ``covers`` names the rival's seat."""
    _require_playing(game)
    post = None if game.board is None else pos.lamppost(game.board, seat)
    on_top = None if game.board is None or post is None else game.board.pee_at(post)
    if on_top is not None and not game.dogs[seat].in_pound:
        # the board knows whose marker is on top: that is the one covered
        if on_top == seat:
            raise RuleError(
                N_("{dog}'s own marker is already on this lamppost"), dog=game.dogs[seat].name
            )
        if covers is not None and covers != on_top:
            raise RuleError(
                N_("the marker on this lamppost is {dog}'s"), dog=game.dogs[on_top].name
            )
        covers = on_top
    if covers is not None:
        covers = check_seat(game, covers, "covers")
        if covers == seat:
            raise RuleError(N_("a dog cannot cover its own pee marker"))
        if game.dogs[covers].lampposts == 0:
            raise RuleError(N_("{dog} has no pee marker on a lamppost"), dog=game.dogs[covers].name)
    game = _set(game, seat, dogs.pee(game.dogs[seat]))
    if covers is not None:
        game = _set(game, covers, dogs.covered(game.dogs[covers]))
        if game.board is not None and on_top is None:  # covered where the board cannot tell
            game = replace(game, board=pos.clear_pee(game.board, covers, 1))
    if game.board is not None:
        game = replace(game, board=pos.place_pee(game.board, seat))
    return game


def street_pool(game: Game, seat: int) -> tuple[int, ...]:
    """The newspapers a dog may pick up from the street: those lying where it stands when
    the board knows, else any on the street (drawn at random, face down)."""
    if game.board is None or game.board.dogs[seat] is None:
        return game.street
    return tuple(a for a in pos.papers_here(game.board, game.board.dogs[seat]) if a in game.street)


def pick_up(game: Game, seat: int, item: Item, *, from_street: bool = False) -> Game:
    """Pick up a bone, or a newspaper: at the office (``item`` is the one drawn at random
    among those there) or from the street (drawn among those lying there)."""
    _require_playing(game)
    if item.kind is ItemKind.BONE and bones_in_use(game) >= BONES:
        raise RuleError(N_("all {count} bones are already carried or buried"), count=BONES)
    if item.kind is ItemKind.NEWSPAPER:
        # Only a replayed pick-up (an undo) can meet these: ``prepare`` draws the
        # address among the newspapers there. Each names a carried newspaper's address.
        for other, state in enumerate(game.dogs):
            if other != seat and item in state.items:
                raise dogs.hidden_newspaper(
                    other,
                    state.name,
                    RuleError(
                        N_("newspaper {address} is carried by {dog}"),
                        address=item.address,
                        dog=state.name,
                    ),
                )
        if item in game.dogs[seat].items:
            raise dogs.hidden_newspaper(
                seat,
                game.dogs[seat].name,
                RuleError(
                    N_("{dog} already carries newspaper {address}"),
                    dog=game.dogs[seat].name,
                    address=item.address,
                ),
            )
        pool = street_pool(game, seat) if from_street else game.office
        if not pool:
            if from_street:
                raise RuleError(N_("no newspaper lies on the street"))
            raise RuleError(N_("no newspaper is left at the office"))
        if item.address not in pool:
            raise RuleError(N_("that newspaper is not there to be taken"))
    game = _set(game, seat, dogs.pick_up(game.dogs[seat], item))
    if from_street:
        street = list(game.street)
        street.remove(item.address or 0)
        game = replace(game, street=tuple(street))
        if game.board is not None:
            game = replace(game, board=pos.take_paper(game.board, item.address or 0))
    return game


def drop(game: Game, seat: int, item: Item) -> Game:
    _require_playing(game)
    return _set(game, seat, dogs.drop(game.dogs[seat], item, seat))


def bury(game: Game, seat: int, count: int = 1) -> Game:
    """Bury bones at the den; reaching the goal wins at once (D3)."""
    _require_playing(game)
    return _set(game, seat, dogs.bury(game.dogs[seat], count))


def send_to_pound(game: Game, seat: int) -> Game:
    """Caught by the van or beaten in a fight played with the real cards."""
    _require_playing(game)
    return _set(game, seat, dogs.to_pound(game.dogs[seat]))


_ACTIONS: Final = {Section.TRASH: terms.RUMMAGE, Section.RESTAURANT: terms.BEG}


def draw(
    game: Game,
    seat: int,
    section: Section,
    drawer: Drawer,
    *,
    address: int | None = None,
    against: int | None = None,
) -> tuple[Game, Report]:
    """Draw a card and apply the section that matters.

    ``trash`` and ``restaurant`` cost 1 AP; ``newspaper`` delivers the newspaper for
    ``address`` (1 AP) and reads the reward; ``fight`` attacks the dog at seat ``against``
    (1 AP): both draw, more fangs wins, the loser goes to the pound and drops its items, a
    tie changes nothing; ``catcher`` is the escape when the van stops next to the dog.
    The pound's draws belong to the start of the turn.
    """
    _require_playing(game)
    state = game.dogs[seat]
    if section is Section.POUND:
        raise RuleError(N_("a dog in the pound draws at the start of its turn"))
    if section is Section.FIGHT:
        return _fight(game, seat, against, drawer)
    if section is Section.CATCHER:
        dogs.spend(state, 0, terms.MEET_CATCHER)  # only the refusal for a dog in the pound
        card, game = _draw(game, seat, drawer)
        game = _remember(game, seat, section, (card,))
        if game.board is not None and seat in game.board.to_draw:
            drawn = tuple(s for s in game.board.to_draw if s != seat)
            game = replace(game, board=replace(game.board, to_draw=drawn))
        if card.escapes_catcher:
            return game, {"outcome": "escaped"}
        return _set(game, seat, dogs.to_pound(game.dogs[seat])), {"outcome": "caught"}
    if section is Section.NEWSPAPER:
        if address is None:
            raise RuleError(N_("say which newspaper is delivered (its address)"))
        state = dogs.deliver(state, address, seat)
    else:
        state = dogs.spend(state, 1, _ACTIONS[section])
    game = _set(game, seat, state, delivered=True)
    card, game = _draw(game, seat, drawer)
    game = _remember(game, seat, section, (card,))
    return _keep_find(game, seat, section, card.find(section))


def _keep_find(game: Game, seat: int, section: Section, found: Find) -> tuple[Game, Report]:
    """What a searched or delivered-to section gave the dog, whether it was found with the
    real cards or drawn from the deck: a bone needs one left in the box and a free carrying
    space; a rummaged trash can gets a trash marker (D3)."""
    report: Report = {"outcome": found.value}
    if found is Find.BONE and bones_in_use(game) >= BONES:
        report["outcome"] = "none-left"
    else:
        state, kept = dogs.find(game.dogs[seat], found)
        game = _set(game, seat, state)
        if not kept:
            report["outcome"] = "no-room"
    if section is Section.TRASH:
        game, report["trash_day"] = _place_trash_marker(game)
        if game.board is not None:
            game = replace(game, board=pos.place_trash(game.board, seat, report["trash_day"]))
    return game, report


def _place_trash_marker(game: Game) -> tuple[Game, bool]:
    """D3: placing the last of the 15 markers removes all the others."""
    placed = game.trash_markers + 1
    if placed < TRASH_MARKERS:
        return replace(game, trash_markers=placed), False
    return replace(game, trash_markers=1, trash_days=game.trash_days + 1), True


def _fight(game: Game, seat: int, against: int | None, drawer: Drawer) -> tuple[Game, Report]:
    if against is None:
        raise RuleError(N_("say which dog is attacked (against)"))
    against = check_seat(game, against, "against")
    if against == seat:
        raise RuleError(N_("a dog cannot fight itself"))
    defender = game.dogs[against]
    if defender.in_pound:
        raise RuleError(N_("{dog} is in the pound and cannot be attacked"), dog=defender.name)
    game = _set(game, seat, dogs.spend(game.dogs[seat], 1, terms.FIGHT))
    mine, game = _draw(game, seat, drawer)
    theirs, game = _draw(game, against, drawer)
    game = _remember(game, seat, Section.FIGHT, (mine,))
    game = _remember(game, against, Section.FIGHT, (theirs,))
    if mine.fangs == theirs.fangs:
        return game, {"outcome": "tie"}
    loser = against if mine.fangs > theirs.fangs else seat
    game = _set(game, loser, dogs.to_pound(game.dogs[loser]))
    return game, {"outcome": "won" if loser == against else "lost"}


# --- step 3 and the end ------------------------------------------------------------------


def end_turn(game: Game, seat: int) -> Game:
    """The current player ends the actions of the turn: unspent action points are gone
    (never carried over); the catcher's die may still be rolled."""
    _require_playing(game)
    _require_current(game, seat)
    if game.ended:
        raise RuleError(N_("{dog}'s turn is already over"), dog=game.dogs[seat].name)
    return _set(replace(game, ended=True), seat, replace(game.dogs[seat], ap=0))


def _require_current(game: Game, seat: int) -> None:
    if game.current is None:
        raise RuleError(N_("no turn has started yet"))
    if seat != game.current:
        raise RuleError(N_("it is {dog}'s turn"), dog=game.dogs[game.current].name)


def roll_die(game: Game, seat: int, face: int) -> Game:
    """The catcher's die (turn step 3), once per turn by the player whose turn it is: the
    actions are over (unspent points are gone). A player whose dog is in the pound does
    not move the van."""
    _require_playing(game)
    if game.dogs[seat].in_pound:
        raise RuleError(
            N_("{dog} is in the pound; its player does not move the catcher"),
            dog=game.dogs[seat].name,
        )
    _require_current(game, seat)
    if game.rolled:
        raise RuleError(N_("the catcher's die was already rolled this turn"))
    if not 1 <= face <= 6:
        raise RuleError(N_("the die shows 1 to 6, not {face}"), face=face)
    game = replace(game, die=face, rolled=True, ended=True)
    if game.board is not None and game.board.van is not None:
        game = replace(game, board=replace(game.board, van_due=True))
    return _set(game, seat, replace(game.dogs[seat], ap=0))


def van_stops(game: Game) -> dict[str, str]:
    """Where the van may stop now (after the roll, before it moved): stop -> way it came."""
    if game.board is None:
        return {}
    return pos.van_options(game.board, game.die)


def van(game: Game, seat: int, to: object) -> tuple[Game, Report]:
    """Drive the van to ``to``, one of the stops its roll allows (never back the way it
    came), by the player who rolled. A dog on the stop goes to the pound; dogs next to
    it are asked to draw a card to escape (not in their den)."""
    _require_playing(game)
    _require_current(game, seat)
    if game.board is None or not game.board.van_due:
        raise RuleError(N_("the van moves after the catcher's die is rolled"))
    stops = van_stops(game)
    if not isinstance(to, str) or to not in stops:
        raise RuleError(
            N_(
                "the van cannot stop there with a {die}: it drives exactly {die} road squares, "
                "never back the way it came"
            ),
            die=game.die,
        )
    where = replace(game.board, van=to, van_from=stops[to], van_due=False)
    game = replace(game, board=where)
    caught, near = pos.threatened(where, to, tuple(d.in_pound for d in game.dogs))
    for victim in caught:
        game = _set(game, victim, dogs.to_pound(game.dogs[victim]))
    assert game.board is not None
    game = replace(game, board=replace(game.board, to_draw=tuple(near)))
    return game, {"caught": caught, "near": near}


def end_game(game: Game) -> Game:
    """Timed variant (D3): time is up, the most buried bones wins."""
    _require_playing(game)
    if game.settings.timed_minutes is None:
        raise RuleError(
            N_("this game has no time limit; the first dog to bury {goal} bones wins"),
            goal=game.settings.bones_to_win,
        )
    return replace(game, time_up=True)


# --- corrections ---------------------------------------------------------------------------

COUNTERS: Final = {"hunger": (0, HUNGER_MAX), "bladder": (0, dogs.BLADDER_MAX), "bones": (0, BONES)}


def adjust(game: Game, seat: int, counter: str, value: int) -> Game:
    """Set a counter to ``value`` (already range-checked) keeping the components consistent."""
    state = game.dogs[seat]
    if counter == "hunger":
        return _set(game, seat, replace(state, hunger=value))
    if counter == "bladder":
        # markers move between the supply and the bladder: all 8 stay accounted for
        change = value - state.bladder
        if change > state.supply:
            raise RuleError(
                N_("{dog} has only {count} pee markers left for the bladder"),
                dog=state.name,
                count=state.supply,
            )
        return _set(game, seat, replace(state, bladder=value, supply=state.supply - change))
    change = value - state.buried
    if change > 0 and bones_in_use(game) + change > BONES:
        raise RuleError(N_("all {count} bones are already carried or buried"), count=BONES)
    return _set(game, seat, replace(state, buried=value))
