"""A Dog's Life's changes (``games.changes``): one frozen dataclass per event type, read
once from JSON and carried typed to the fold (``fold.apply_change``).

Each ``from_json`` checks the event's shape (JSON types; a find, a section, an item, a
reason, a square of the city: the same at every table) with the fold's own refusals.
What depends on the table (a seat of this table, whose turn it is, the dog's action
points, where it stands, the newspapers there) is the fold's, in the order its refusals
always came.

Every event but ``adjust`` and ``end_game`` is a dog's (``Seated``) and may carry what
``prepare`` records of chance: ``draws`` (the cards drawn, replayed by the fold) and, for
the history line, ``outcome`` and ``trash_day``. A field ``prepare`` fills (the draws, the
catcher's ``die``, a newspaper's ``address`` taken at random, a move's ``steps`` and
``started``, the van's ``caught`` and ``near``, the outcome) is ``None`` until filled, and
``to_json`` leaves it out then: an event is read at the edge before ``prepare`` and again,
filled, by the fold.

Stored JSON. ``to_json`` writes ``type``, ``seat``, the event's own fields in the order
its panel always sent them, then what ``prepare`` adds in the order it adds it (``die``,
a newspaper's ``address``, ``draws``, then the report: ``steps``/``started``,
``caught``/``near``, ``outcome``/``trash_day``): every event the panel and ``prepare``
stored reads back byte for byte. Nothing reads the keys' order (exports and imports compare
events as objects), so an event posted with its keys in another order is simply stored in
this one.

Old history. Replaying stored events never refuses one the fold accepted before:

- a field the fold never read is accepted and left out (a draw's ``against`` but for a
  fight, a bone's ``address``, a ``die`` but for ``roll_die``, a ``started`` of a move by
  steps, a draw record's unknown keys);
- what only the history line reads is read as the history line reads it: a string
  ``outcome`` (anything else: none), the truth of ``trash_day``; the truth of ``started``
  is what the fold compared (``null`` is false);
- numbers are JSON whole numbers, as everywhere in Campfire (``true`` and ``1.0`` are not):
  the one difference could be a ``covers`` or a move's recorded ``steps`` hand-typed as
  ``true`` or ``2.0``, which the fold compared with ``==``; no panel nor ``prepare``
  ever wrote one.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import ClassVar, Final, Self, TypeGuard

from games import changes as base
from games.changes import Bare, ChangeSet, CounterAdjust, JSONObject, put, seat_number, whole
from games.dogs_life import game as rules
from games.dogs_life.catalog import Find, Section
from games.dogs_life.deck import Draw
from games.dogs_life.dog import ItemKind
from games.dogs_life.positions import check_square
from games.errors import N_, RuleError

#: The fields ``prepare`` records of chance on a dog's event (the fold reads ``draws``
#: and ``roll_die``'s ``die``; ``outcome`` and ``trash_day`` are the history line's).
CHANCE_FIELDS: Final = ("draws", "die", "outcome", "trash_day")
#: Where a newspaper is picked up.
SOURCES: Final = ("office", "street")
#: Why a dog went to the pound with the real cards.
REASONS: Final = ("caught", "fight")
#: The refusal of a van's recorded catch that is not the one its stop makes.
CATCH_MISMATCH: Final = N_("the recorded catch does not match the van's stop")

#: A card drawn by the dog at a seat (``{"seat", "card", "shuffles"}`` in the JSON).
Drawn = tuple[int, Draw]


def _keys(*own: str) -> frozenset[str]:
    """A dog's event's fields: ``seat``, its own, and what ``prepare`` records of chance."""
    return frozenset({"seat", *own, *CHANCE_FIELDS})


def _is_whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def required(raw: Mapping[str, object], key: str) -> int:
    """A whole number the event must have (``"{field} is missing"`` when it has none)."""
    if key not in raw:
        raise RuleError(N_("{field} is missing"), field=key)
    return whole(raw, key, None)


def _optional(raw: Mapping[str, object], key: str) -> int | None:
    """A whole number the event may have (a ``null`` is not one)."""
    return whole(raw, key, None) if key in raw else None


def _not_prepared() -> RuleError:
    return RuleError(
        N_("draws must be the list of seat, card and shuffles records made by prepare")
    )


def _draws(raw: Mapping[str, object]) -> tuple[Drawn, ...] | None:
    """The recorded draws: a list of ``{"seat", "card", "shuffles"}`` (``shuffles``
    default ``[]``), or None when the event has none."""
    if "draws" not in raw:
        return None
    records = raw["draws"]
    if not isinstance(records, list):
        raise _not_prepared()
    out: list[Drawn] = []
    for record in records:
        if not isinstance(record, Mapping):
            raise _not_prepared()
        seat, card, shuffles = record.get("seat"), record.get("card"), record.get("shuffles", [])
        if (
            not _is_whole(seat)
            or not _is_whole(card)
            or not isinstance(shuffles, list)
            or not all(isinstance(o, list) and all(_is_whole(c) for c in o) for o in shuffles)
        ):
            raise _not_prepared()
        out.append((seat, Draw(card, tuple(tuple(order) for order in shuffles))))
    return tuple(out)


def _seats(raw: Mapping[str, object], key: str) -> tuple[int, ...] | None:
    """The van's recorded ``caught`` or ``near``: a list of seats, or None."""
    if key not in raw:
        return None
    seats = raw[key]
    if not isinstance(seats, list) or not all(_is_whole(seat) for seat in seats):
        raise RuleError(CATCH_MISMATCH)
    return tuple(seats)


def _item(raw: Mapping[str, object]) -> ItemKind:
    item = raw.get("item")
    if item == ItemKind.BONE.value:
        return ItemKind.BONE
    if item == ItemKind.NEWSPAPER.value:
        return ItemKind.NEWSPAPER
    raise RuleError(N_("item must be bone or newspaper"))


@dataclass(frozen=True, slots=True)
class Adjust(CounterAdjust):
    """``adjust``: correct a dog's hunger (0–4), bladder (0–2) or buried bones (0–30)."""

    counters: ClassVar[Mapping[str, object]] = rules.COUNTERS


@dataclass(frozen=True, slots=True)
class EndGame(Bare):
    """``end_game`` (no seat): the timed variant's time is up (D3)."""

    kind: ClassVar[str] = "end_game"


@dataclass(frozen=True, slots=True)
class Seated(base.Seated):
    """A dog's event: its ``seat`` and what ``prepare`` recorded of chance. A subclass
    reads its own fields (``_read``) and writes them (``_fields``)."""

    keys: ClassVar[frozenset[str]] = _keys()
    draws: tuple[Drawn, ...] | None = field(default=None, kw_only=True)
    outcome: str | None = field(default=None, kw_only=True)
    trash_day: bool | None = field(default=None, kw_only=True)

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Self:
        # The draws first, the seat next, then the event's own fields: the fold's order.
        draws = _draws(raw)
        change = cls._read(seat_number(raw), raw)
        outcome = raw.get("outcome")
        return replace(
            change,
            draws=draws,
            outcome=outcome if isinstance(outcome, str) else None,
            trash_day=bool(raw["trash_day"]) if "trash_day" in raw else None,
        )

    def to_json(self) -> JSONObject:
        out = base.Seated.to_json(self)  # (a slotted dataclass has no zero-argument super)
        if self.draws is not None:
            out["draws"] = [{"seat": seat, **drawn.to_json()} for seat, drawn in self.draws]
        put(out, "outcome", self.outcome)
        put(out, "trash_day", self.trash_day)
        return out


@dataclass(frozen=True, slots=True)
class StartTurn(Seated):
    """``start_turn``: the hunger tick or starvation; a dog in the pound draws (D2)."""

    kind: ClassVar[str] = "start_turn"


@dataclass(frozen=True, slots=True)
class EndTurn(Seated):
    """``end_turn``: the current dog's player ends the actions."""

    kind: ClassVar[str] = "end_turn"


@dataclass(frozen=True, slots=True)
class Drink(Seated):
    """``drink``: fill the bladder at a fountain (1 AP)."""

    kind: ClassVar[str] = "drink"


@dataclass(frozen=True, slots=True)
class Move(Seated):
    """``move``: to the square ``to`` (D4, D5: ``prepare`` records its ``steps`` and
    whether it ``started`` the turn), or by ``steps`` when the board is not known."""

    kind: ClassVar[str] = "move"
    keys: ClassVar[frozenset[str]] = _keys("to", "steps", "started")
    to: str | None = None
    steps: int | None = None
    started: bool | None = None

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        if "to" not in raw:  # by steps: a recorded start is never read
            return cls(seat, steps=required(raw, "steps"))
        started = bool(raw["started"]) if "started" in raw else None
        return cls(seat, check_square(raw["to"]), _optional(raw, "steps"), started)

    def _fields(self, out: JSONObject) -> None:
        put(out, "to", self.to)
        put(out, "steps", self.steps)
        put(out, "started", self.started)


@dataclass(frozen=True, slots=True)
class VanMove(Seated):
    """``van``: the van driven to the stop ``to`` after the roll (``prepare`` records
    whom it ``caught`` and who is ``near`` and must draw)."""

    kind: ClassVar[str] = "van"
    keys: ClassVar[frozenset[str]] = _keys("to", "caught", "near")
    #: None: no stop named (the fold refuses it as a stop the roll does not allow, with
    #: the die: the one refusal of a wrong stop, whatever was sent).
    to: str | None
    caught: tuple[int, ...] | None = None
    near: tuple[int, ...] | None = None

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        to = raw.get("to")
        stop = to if isinstance(to, str) else None
        return cls(seat, stop, _seats(raw, "caught"), _seats(raw, "near"))

    def _fields(self, out: JSONObject) -> None:
        put(out, "to", self.to)
        put(out, "caught", None if self.caught is None else list(self.caught))
        put(out, "near", None if self.near is None else list(self.near))


@dataclass(frozen=True, slots=True)
class Search(Seated):
    """A search with the real cards (1 AP): ``find`` is what the card said (default
    ``nothing``); ``prepare`` records its ``outcome`` (and ``trash_day``)."""

    keys: ClassVar[frozenset[str]] = _keys("find")
    #: The section of the card read.
    section: ClassVar[Section]
    find: Find | None = None

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        if "find" not in raw:
            return cls(seat)
        found, names = raw["find"], [f.value for f in Find]
        if not isinstance(found, str) or found not in names:
            raise RuleError(N_("find must be one of: {names}"), names=", ".join(names))
        return cls(seat, Find(found))

    @property
    def found(self) -> Find:
        return Find.NOTHING if self.find is None else self.find

    def _fields(self, out: JSONObject) -> None:
        put(out, "find", None if self.find is None else self.find.value)


@dataclass(frozen=True, slots=True)
class Rummage(Search):
    """``rummage``: a trash can (a trash marker)."""

    kind: ClassVar[str] = "rummage"
    section: ClassVar[Section] = Section.TRASH


@dataclass(frozen=True, slots=True)
class Beg(Search):
    """``beg``: at a restaurant (no marker)."""

    kind: ClassVar[str] = "beg"
    section: ClassVar[Section] = Section.RESTAURANT


@dataclass(frozen=True, slots=True)
class Eat(Seated):
    """``eat``: ``days`` of food found with the real cards."""

    kind: ClassVar[str] = "eat"
    keys: ClassVar[frozenset[str]] = _keys("days")
    days: int

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        return cls(seat, required(raw, "days"))

    def _fields(self, out: JSONObject) -> None:
        out["days"] = self.days


@dataclass(frozen=True, slots=True)
class Pee(Seated):
    """``pee``: a marker onto a lamppost; ``covers``: the rival whose marker it covers."""

    kind: ClassVar[str] = "pee"
    keys: ClassVar[frozenset[str]] = _keys("covers")
    covers: int | None = None

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        return cls(seat, None if raw.get("covers") is None else whole(raw, "covers", None))

    def _fields(self, out: JSONObject) -> None:
        put(out, "covers", self.covers)


@dataclass(frozen=True, slots=True)
class PickUp(Seated):
    """``pick_up``: a bone, or a newspaper taken face down at random at the office or,
    ``"from": "street"``, on the street (``prepare`` draws its ``address``)."""

    kind: ClassVar[str] = "pick_up"
    keys: ClassVar[frozenset[str]] = _keys("item", "from", "address")
    item: ItemKind
    source: str | None = None
    address: int | None = None

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        source = raw.get("from", SOURCES[0])
        if not isinstance(source, str) or source not in SOURCES:
            raise RuleError(N_("from must be office or street"))
        item = _item(raw)
        if item is ItemKind.BONE and "from" in raw:
            raise RuleError(N_("only a newspaper is taken from the office or the street"))
        if item is ItemKind.BONE:  # a bone's address is never read
            return cls(seat, item)
        return cls(seat, item, source if "from" in raw else None, _optional(raw, "address"))

    @property
    def from_street(self) -> bool:
        return self.source == "street"

    def _fields(self, out: JSONObject) -> None:
        out["item"] = self.item.value
        put(out, "from", self.source)
        put(out, "address", self.address)


@dataclass(frozen=True, slots=True)
class Drop(Seated):
    """``drop``: a bone, or the newspaper for ``address`` (its player knows it)."""

    kind: ClassVar[str] = "drop"
    keys: ClassVar[frozenset[str]] = _keys("item", "address")
    item: ItemKind
    address: int | None = None

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        item = _item(raw)
        if item is ItemKind.BONE:  # a bone's address is never read
            return cls(seat, item)
        return cls(seat, item, required(raw, "address"))

    def _fields(self, out: JSONObject) -> None:
        out["item"] = self.item.value
        put(out, "address", self.address)


@dataclass(frozen=True, slots=True)
class Bury(Seated):
    """``bury``: ``count`` bones at the den (default 1)."""

    kind: ClassVar[str] = "bury"
    keys: ClassVar[frozenset[str]] = _keys("count")
    count: int | None = None

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        return cls(seat, _optional(raw, "count"))

    def _fields(self, out: JSONObject) -> None:
        put(out, "count", self.count)


@dataclass(frozen=True, slots=True)
class ToPound(Seated):
    """``to_pound``: caught by the van or beaten in a fight with the real cards
    (``reason``, default ``caught``)."""

    kind: ClassVar[str] = "to_pound"
    keys: ClassVar[frozenset[str]] = _keys("reason")
    reason: str | None = None

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        reason = raw.get("reason", REASONS[0])
        if not isinstance(reason, str) or reason not in REASONS:
            raise RuleError(N_("reason must be caught or fight"))
        return cls(seat, reason if "reason" in raw else None)

    def _fields(self, out: JSONObject) -> None:
        put(out, "reason", self.reason)


@dataclass(frozen=True, slots=True)
class DrawCard(Seated):
    """``draw``: a card from the dog's own deck for ``section``: a newspaper delivered
    (``address``), a fight (``against``: the attacked seat), the catcher's escape…"""

    kind: ClassVar[str] = "draw"
    keys: ClassVar[frozenset[str]] = _keys("section", "address", "against")
    section: Section
    address: int | None = None
    against: int | None = None

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        section, names = raw.get("section"), [s.value for s in Section]
        if not isinstance(section, str) or section not in names:
            raise RuleError(N_("section must be one of: {names}"), names=", ".join(names))
        address = _optional(raw, "address")
        # Only a fight reads ``against`` (a missing one is the fold's refusal, in its turn).
        if section != Section.FIGHT or raw.get("against") is None:
            return cls(seat, Section(section), address)
        return cls(seat, Section(section), address, whole(raw, "against", None))

    def _fields(self, out: JSONObject) -> None:
        out["section"] = self.section.value
        put(out, "address", self.address)
        put(out, "against", self.against)


@dataclass(frozen=True, slots=True)
class RollDie(Seated):
    """``roll_die``: the catcher's die (``prepare`` rolls it)."""

    kind: ClassVar[str] = "roll_die"
    die: int | None = None

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        return cls(seat, _optional(raw, "die"))

    def _fields(self, out: JSONObject) -> None:
        put(out, "die", self.die)


SeatedChange = (
    StartTurn
    | EndTurn
    | Move
    | VanMove
    | Rummage
    | Beg
    | Eat
    | Drink
    | Pee
    | PickUp
    | Drop
    | Bury
    | ToPound
    | DrawCard
    | RollDie
)
DogsChange = Adjust | SeatedChange | EndGame

#: Every change of A Dog's Life, in the order its refusal of an unknown type lists them.
CHANGES: Final[ChangeSet[DogsChange]] = ChangeSet.of(DogsChange)
#: The change ``raw`` holds, or the ``RuleError`` naming what is wrong.
from_json: Final = CHANGES.from_json
