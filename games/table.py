"""What every game offers the table companion: a pure event fold.

Glossary
--------
seat
    An index into the table's player list (0-based), fixed when the table is created.
player
    A seat's person: a display name and a colour.
event
    A JSON-ready ``dict`` describing one change, with a ``"type"`` key. The companion
    stores events; the state of a table is ``fold(new_state(...), events)``.
counter
    A named whole number per seat that the generic ``adjust`` event can change
    (docs/contracts.md: bison ``bison/salmon/turkey``, lion-square ``herd``, …).
target
    One thing a change touches (a seat's counter, a place of the board, a card): a
    ``Target``. A tap kept on a phone while it was offline is refused only when a change
    made meanwhile by another phone touched one of its own targets (issue 35); each game's
    ``Rules.targets`` says what an event touches, by default the whole table.

Each game package provides ``games/<package>/fold.py``, a module that satisfies ``Fold``
(the names every game has), and ``games.registry`` lists the game with its ``Rules``: the
fold, the player range and colours, the event fields, and the optional hooks (each with
its default here, so the companion never asks a module what it has).

Undo is the companion's business: it folds the events that are not undone.

Helpers for those modules: ``dispatch`` (the one ``apply`` that hands each event type to its
handler), ``adjusted`` (the one counter arithmetic of the generic ``adjust`` event, built on
``parse_adjust`` and ``check_range``), ``player_count`` (the one check of a number of
players) and ``players_from_json``.
"""

from __future__ import annotations

import random
import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, Generic, Protocol, TypeAlias, TypeVar

from games import fields
from games.changes import ChangeSet, ChangeType, counter_name
from games.errors import N_, HiddenRuleError, Phrase, RuleError, SeatOnly, Term
from games.outcome import Outcome, no_outcome

COLOURS = ("red", "yellow", "green", "blue", "purple", "black", "white", "orange")

State = TypeVar("State")
Result = TypeVar("Result")
#: A game's typed change (``games.changes``): the union of its change classes.
Change = TypeVar("Change", bound=ChangeType)
Handler = Callable[[State, Mapping[str, Any]], State]


@dataclass(frozen=True, slots=True)
class Player:
    """A seat's person."""

    name: str
    color: str


@dataclass(frozen=True, slots=True)
class Adjust:
    """A validated generic ``adjust`` event."""

    seat: int
    counter: str
    delta: int


def parse_adjust(
    event: Mapping[str, Any], seat_count: int, counters: Mapping[str, tuple[int, int]]
) -> Adjust:
    """Validate the generic counter event ``{"type": "adjust", "seat", "counter", "delta"}``."""
    seat = fields.seat(event.get("seat"), seat_count)
    counter = counter_name(event, counters)
    delta = fields.whole_number(event.get("delta"), "delta", low=None)
    return Adjust(seat, counter, delta)


#: The fields of the generic counter event (each game's ``EVENT_FIELDS["adjust"]``).
ADJUST_FIELDS: frozenset[str] = frozenset({"type", "seat", "counter", "delta"})


def dispatch(
    state: State,
    event: object,
    handlers: Mapping[str, Callable[[State, Mapping[str, Any]], Result]],
) -> Result:
    """``apply`` by event type: the handler of ``event["type"]`` gives the next state (or
    what the game's fold makes of it: A Dog's Life's handlers also report the draws).

    Refuses an event that is not an object, or whose type is none of ``handlers`` (listed
    in the message, in their order). Only a string type is looked up: a list would not
    even hash.
    """
    if not isinstance(event, Mapping):
        raise RuleError(N_("an event must be an object with a type"))
    unknown = N_("unknown event type {type!r}; expected one of: {types}")
    kind = fields.one_of(event.get("type"), handlers, unknown, "type", "types")
    return handlers[kind](state, event)


def adjusted(
    event: Mapping[str, Any],
    counters: Mapping[str, tuple[int, int]],
    current: Sequence[Mapping[str, int]],
    names: Mapping[str, str] | None = None,
    hidden: Callable[[Adjust], str | None] | None = None,
) -> tuple[Adjust, int]:
    """The counter arithmetic of every game: the generic ``adjust`` event checked
    (``parse_adjust``) and the counter's new value, refused outside its range
    (``check_range``). ``current`` is the game's ``counters(state)`` (one dict per seat);
    ``names`` the counters' display names (``N_`` terms) for the refusal; ``hidden`` the
    name of the player whose counter it is when that counter is hidden from the others
    (the refusal then keeps its value from them), else None."""
    change = parse_adjust(event, len(current), counters)
    name = names.get(change.counter, change.counter) if names else change.counter
    owner = hidden(change) if hidden is not None else None
    value = check_range(
        name,
        current[change.seat][change.counter] + change.delta,
        counters[change.counter],
        secret=None if owner is None else (change.seat, owner),
    )
    return change, value


@dataclass(frozen=True, slots=True)
class Target:
    """One thing a change touches. Two changes meet when they share a ``key``; the
    ``WHOLE_TABLE`` meets every target. ``name`` words it for the refusal ("Ann's cards
    taken"): a ``Phrase`` translated with the sentence, never compared."""

    key: tuple[object, ...]
    name: Phrase = field(compare=False, hash=False)


#: What a change touches when its game does not say: everything (``whole_table``).
WHOLE_TABLE: Target = Target(("table",), Phrase(N_("the table")))


def whole_table(event: Mapping[str, Any], players: Sequence[Player]) -> frozenset[Target]:
    """``Rules.targets``' default: an event touches the whole table."""
    return frozenset({WHOLE_TABLE})


def first_shared(mine: frozenset[Target], theirs: frozenset[Target]) -> Target | None:
    """The target of ``mine`` that ``theirs`` touches too (the whole table meets every
    target), or None: the two changes commute."""
    if not mine or not theirs:
        return None
    if WHOLE_TABLE in theirs:
        return min(mine, key=repr) if WHOLE_TABLE not in mine else WHOLE_TABLE
    if WHOLE_TABLE in mine:
        return min(theirs, key=repr)
    shared = mine & theirs
    return min(shared, key=repr) if shared else None


def counter_target(
    seat: object, counter: object, players: Sequence[Player], names: Mapping[str, str]
) -> Target:
    """A seat's counter as a target ("Ann's herd"); ``names``: the counters' ``N_`` terms.
    A seat or counter the event got wrong (the fold refuses it) is the whole table."""
    if (
        not isinstance(seat, int)
        or isinstance(seat, bool)
        or not 0 <= seat < len(players)
        or not isinstance(counter, str)
    ):
        return WHOLE_TABLE
    word = Term(names.get(counter, counter))
    name = Phrase(N_("{player}'s {counter}"), player=players[seat].name, counter=word)
    return Target(("counter", seat, counter), name)


def adjust_targets(
    names: Mapping[str, str],
) -> Callable[[Mapping[str, Any], Sequence[Player]], frozenset[Target]]:
    """The ``targets`` of a game whose only commuting change is the generic ``adjust``
    (its counter; ``names``: the counters' terms); every other event touches the table."""

    def targets(event: Mapping[str, Any], players: Sequence[Player]) -> frozenset[Target]:
        if isinstance(event, Mapping) and event.get("type") == "adjust":
            return frozenset(
                {counter_target(event.get("seat"), event.get("counter"), players, names)}
            )
        return frozenset({WHOLE_TABLE})

    return targets


def chosen_colours(players: Sequence[Player], settings: Mapping[str, Any]) -> tuple[Player, ...]:
    """``Rules.piece_colours``' default: each seat's pieces are the colour its player chose."""
    return tuple(players)


def subject_seat(event: Mapping[str, Any]) -> int | None:
    """The seat an event is about: its ``seat`` field when that is a seat number."""
    seat = event.get("seat") if isinstance(event, Mapping) else None
    return seat if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0 else None


def check_range(
    counter: str, value: int, bounds: tuple[int, int], secret: tuple[int, str] | None = None
) -> int:
    """Refuse a counter value outside its inclusive range. ``secret``: the seat and the
    player's name when the counter is hidden from the other seats; the refusal names the
    value to that seat's phone only (``HiddenRuleError``): "herd would be 117" would tell
    anyone that the herd is 17 (issue 27, F1)."""
    low, high = bounds
    if low <= value <= high:
        return value
    template = N_("{counter} would be {value}; it must stay between {low} and {high}")
    params = {"counter": counter, "value": value, "low": low, "high": high}
    if secret is None:
        raise RuleError(template, **params)
    seat, player = secret
    public = RuleError(
        N_("{player}'s {counter} must stay between {low} and {high}"),
        player=player,
        counter=counter,
        low=low,
        high=high,
    )
    raise HiddenRuleError(seat, public, template, **params)


#: Characters a name loses: controls (Cc), format characters (Cf: zero-width spaces and
#: joiners, the bidi overrides and isolates that would turn "by Ann for Ben" around),
#: surrogates, private-use and unassigned code points.
_UNPRINTABLE = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})


def clean_name(raw: str) -> str:
    """A player's name as it is shown: NFC, without invisible or direction-changing
    characters, each run of spaces one space, trimmed."""
    kept = "".join(
        ch
        for ch in unicodedata.normalize("NFC", raw)
        if unicodedata.category(ch) not in _UNPRINTABLE
    )
    return " ".join(kept.split())


#: The ideographic space and the Halfwidth and Fullwidth Forms block: only these are
#: width-folded (NFKC on the whole name would also fold ㍿, ① and other letters).
_WIDTH = re.compile("[\u3000\uff01-\uffef]+")


def fold_name(name: str) -> str:
    """``name`` as one player's name is told from another's, at a table and in "Our
    plays" alike: case (``casefold``), surrounding and repeated spaces, and width —
    full-width Latin letters and digits (ＡＮＮ) and half-width katakana (ﾕｷ) read as their
    usual forms — but never hiragana against katakana: ゆき and ユキ are two players,
    "Ann" and "ann " one."""
    narrowed = _WIDTH.sub(lambda m: unicodedata.normalize("NFKC", m.group()), name)
    return " ".join(narrowed.casefold().split())


#: The refusal of a player count for a game that does not name itself in it.
PLAYERS_REFUSAL: Final = N_("this game needs {low} to {high} players, not {count}")


def player_count(count: object, low: int, high: int, refusal: str = PLAYERS_REFUSAL) -> int:
    """``count`` if it is a whole number of players from ``low`` to ``high``, else
    ``refusal`` (an ``N_`` message naming the game, its fields ``low``, ``high`` and
    ``count``). ``2.0 == 2`` and ``True == 1``: only a true int is a number of players."""
    if isinstance(count, bool) or not isinstance(count, int) or not low <= count <= high:
        raise RuleError(refusal, low=low, high=high, count=count)
    return count


def players_from_json(raw: object, *, minimum: int, maximum: int) -> tuple[Player, ...]:
    """Validate a ``players`` list of ``{"name", "color"}`` objects. Names are cleaned
    (``clean_name``) and must differ once case, spaces and width are set aside
    (``fold_name``, as "Our plays" joins names): two "Ann"s, an "Ann" and an "ANN", or an
    "Eva" and an "ｅｖａ", would make the history ambiguous (issue 33, F12)."""
    if not isinstance(raw, list):
        raise RuleError(N_("players must be a list"))
    player_count(len(raw), minimum, maximum)
    players: list[Player] = []
    for index, item in enumerate(raw):
        if not isinstance(item, Mapping):
            raise RuleError(N_("player {number} must be an object"), number=index + 1)
        name = clean_name(item["name"]) if isinstance(item.get("name"), str) else ""
        if not name or len(name) > 40:
            raise RuleError(
                N_("player {number} needs a name of 1 to 40 characters"), number=index + 1
            )
        color = item.get("color")
        if color not in COLOURS:
            raise RuleError(
                N_("player {number}: colour must be one of {colours}"),
                number=index + 1,
                colours=", ".join(COLOURS),
            )
        players.append(Player(name, color))
    if len({p.color for p in players}) != len(players):
        raise RuleError(N_("two players cannot share a colour"))
    if len({fold_name(p.name) for p in players}) != len(players):
        raise RuleError(N_("two players cannot share a name"))
    return tuple(players)


class Fold(Protocol[State]):
    """The names every game's fold module has (a module satisfies this protocol; mypy
    checks each one where ``games.registry`` lists it). ``State`` is the game's own state
    type, read off the module's functions."""

    @property
    def GAME(self) -> str:
        """The game id used by the API and the CLI (``"bison"``, ``"lion-square"``…)."""

    @property
    def COUNTERS(self) -> Mapping[str, tuple[int, int]]:
        """Each generic counter's inclusive range."""

    def new_state(self, players: Sequence[Player], settings: Mapping[str, Any], /) -> State:
        """The state at the start; raises ``RuleError`` for a bad player count or setting."""

    def prepare(self, state: State, event: dict[str, Any], rng: random.Random, /) -> dict[str, Any]:
        """Fills in the outcome of any chance in ``event`` (a card drawn, a die rolled) so
        the stored event is deterministic; the event unchanged when no chance is involved."""

    def apply(self, state: State, event: Mapping[str, Any], /) -> State:
        """The next state; raises ``RuleError`` (and changes nothing) when the rules refuse."""

    def counters(self, state: State, /) -> list[dict[str, int]]:
        """One dict per seat with that seat's generic counters."""

    def to_json(self, state: State, /) -> dict[str, Any]:
        """The state as JSON-ready data (what ``GET /api/v1/tables/<id>`` shows as ``state``)."""

    def describe(
        self, event: Mapping[str, Any], players: Sequence[Player], /
    ) -> tuple[str, dict[str, Any]]:
        """The event in plain words: an ``N_``-marked English template and its parameters,
        so the companion can show the history in the reader's language."""


@dataclass(frozen=True, slots=True)
class Secrets(Generic[State]):
    """The hooks of a game where a seat holds values the others may not see until the
    game ends (Lion Square's herds, A Dog's Life's newspapers). ``viewer`` is a seat, or
    None for a spectator; another seat's secrets are ``None`` until ``game_over``."""

    view_json: Callable[[State, int | None], dict[str, Any]]
    view_counters: Callable[[State, int | None], list[dict[str, Any]]]
    view_event: Callable[[State, Mapping[str, Any], int | None], dict[str, Any]]
    game_over: Callable[[State], bool]
    #: When whether ``event`` is allowed depends on a seat's hidden value: the one
    #: refusal every phone without that seat gets, whatever the value (naming the seat);
    #: None when only public facts decide. A refusal that names a hidden value is a
    #: ``HiddenRuleError``, and the game checks every public fact first, so a phone
    #: without the seat learns nothing from which refusal it gets (issue 27, F1 and F2).
    secret_refusal: Callable[[State, Mapping[str, Any]], SeatOnly | None]


def no_turns(state: Any) -> int | None:
    """``Rules.whose_turn``'s default: the game has no turns."""
    return None


@dataclass(frozen=True, slots=True)
class Rules(Generic[State, Change]):
    """A game as the companion runs it: its fold and everything optional, with defaults.

    It answers the ``Fold`` names itself (``rules.apply(state, event)``), so a caller
    holds one object per game; the optional hooks are fields, never looked up by name.
    ``State`` is the game's state and ``Change`` its typed change: mypy checks every hook
    of a game against them where ``games.registry`` names them; the companion, which runs
    every game alike, holds ``GameRules``.
    """

    fold: Fold[State]
    #: The fold's source file: its package's modules fingerprint stored snapshots.
    source: Path
    #: The inclusive player range (the create form's rows; ``new_state`` checks it too).
    #: None: the game does not say (the form offers its general rows).
    seats: tuple[int, int] | None = None
    #: The colours a seat may take, in the create form's order.
    colours: tuple[str, ...] = COLOURS
    #: Each event type's fields; a field not listed is refused by name. None: any fields.
    event_fields: Mapping[str, frozenset[str]] | None = None
    #: The seat an event is *about* (whose counter, whose dog); the companion stores the
    #: seat of the phone that *made* it beside it ("by X for Y"). Default: its ``seat``.
    subject_seat: Callable[[Mapping[str, Any]], int | None] = subject_seat
    #: The seat whose turn it is (whose phone should act), or None. Default: no turns.
    whose_turn: Callable[[State], int | None] = no_turns
    #: The hooks of a game with secrets; None: everything is public.
    secrets: Secrets[State] | None = None
    #: ``campfire score``'s scoring of a position (docs/contracts.md); None: not scorable.
    score: Callable[[Any], dict[str, Any]] | None = None
    #: What an event touches (issue 35): a tap sent late is refused only when a change
    #: made meanwhile touched one of these. Default: the whole table.
    targets: Callable[[Mapping[str, Any], Sequence[Player]], frozenset[Target]] = whole_table
    #: The finished game's outcome (``games.outcome``: winners, ranks, tie-breaks), None
    #: while it runs. Default: never over (a game that keeps no plays).
    outcome: Callable[[State], Outcome | None] = no_outcome
    #: The game's typed changes (``games.changes``): the one reader of its events, used at
    #: every edge (page form, API, import) before anything is stored. None: a game whose
    #: events are still read by its fold alone.
    changes: ChangeSet[Change] | None = None
    #: Each seat as its pieces show it: its name and the colour of its pieces (what a kit
    #: printed for a table draws). Default: the colour its player chose.
    piece_colours: Callable[[Sequence[Player], Mapping[str, Any]], tuple[Player, ...]] = (
        chosen_colours
    )

    @property
    def GAME(self) -> str:
        return self.fold.GAME

    @property
    def COUNTERS(self) -> Mapping[str, tuple[int, int]]:
        return self.fold.COUNTERS

    def new_state(self, players: Sequence[Player], settings: Mapping[str, Any]) -> State:
        return self.fold.new_state(players, settings)

    def prepare(self, state: State, event: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        return self.fold.prepare(state, event, rng)

    def apply(self, state: State, event: Mapping[str, Any]) -> State:
        return self.fold.apply(state, event)

    def counters(self, state: State) -> list[dict[str, int]]:
        return self.fold.counters(state)

    def to_json(self, state: State) -> dict[str, Any]:
        return self.fold.to_json(state)

    def describe(
        self, event: Mapping[str, Any], players: Sequence[Player]
    ) -> tuple[str, dict[str, Any]]:
        return self.fold.describe(event, players)

    def view_json(self, state: State, viewer: int | None) -> dict[str, Any]:
        """``to_json`` as seat ``viewer`` may see it (None: a spectator)."""
        if self.secrets is None:
            return self.to_json(state)
        return self.secrets.view_json(state, viewer)

    def view_counters(self, state: State, viewer: int | None) -> list[dict[str, Any]]:
        """``counters`` as seat ``viewer`` may see them: another seat's secret counters
        are ``None`` until the game ends."""
        if self.secrets is None:
            return list(self.counters(state))
        return self.secrets.view_counters(state, viewer)

    def view_event(
        self, state: State, event: Mapping[str, Any], viewer: int | None
    ) -> dict[str, Any]:
        """A stored event as seat ``viewer`` may see it."""
        if self.secrets is None:
            return dict(event)
        return self.secrets.view_event(state, event, viewer)

    def hides(self, state: State) -> bool:
        """Whether some value is still hidden from other seats (a game with secrets that
        has not ended)."""
        return self.secrets is not None and not self.secrets.game_over(state)

    def secret_refusal(self, state: State, event: Mapping[str, Any]) -> SeatOnly | None:
        """The refusal for a phone without the seat whose hidden value decides ``event``
        (``Secrets.secret_refusal``); None when only public facts decide."""
        return None if self.secrets is None else self.secrets.secret_refusal(state, event)

    def read(self, event: Mapping[str, Any]) -> dict[str, Any]:
        """``event`` read once by the game's typed changes (``changes``) and written back
        as the stored JSON; the ``RuleError`` naming its first bad field. ``event`` as it
        is for a game without typed changes."""
        if self.changes is None:
            return dict(event)
        return self.changes.from_json(event).to_json()

    def fields_of(self, kind: str) -> frozenset[str] | None:
        """The fields events of type ``kind`` take, or None when the game does not say."""
        return None if self.event_fields is None else self.event_fields.get(kind)


#: Any game's rules as the companion holds them: it folds every game alike, so a game's
#: state and change types are its own business there (``games.registry`` checks them).
GameRules: TypeAlias = Rules[Any, Any]
