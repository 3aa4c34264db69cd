"""Typed changes: each event a game's table takes is a frozen dataclass of its own, read from
JSON once (``from_json``) and written back as the same JSON (``to_json``), as python-chess
reads a move once (``Move.from_uci``) and writes it back (``Move.uci``).

Glossary
--------
change
    One event of a table as a value: a frozen dataclass with a class-level ``kind`` (the
    stored ``"type"``), its fields typed (a seat is an ``int``, a place a pair, a card a
    ``Cell``), ``to_json()`` the stored object and ``from_json(raw)`` its one reader.
shape
    What ``from_json`` checks: the JSON types and the ranges that hold whatever the table
    (a row 0–2, a count ≥ 0). What depends on the table (a seat below the player count, a
    round still open) is the fold's: like a move read from UCI, a change read from JSON may
    still be refused by the position.
change set
    A game's changes, listed once and explicitly (``ChangeSet``): the one place that maps
    a ``"type"`` to its class, so the fold, the panel, the API, the import and the photo
    all read the same way, and the fields each type takes (``EVENT_FIELDS``) follow.

The round trip is the contract: ``cls.from_json(c.to_json()) == c`` for every change, and
``to_json`` writes the JSON docs/contracts.md documents (stored events stay as they are:
a database or an export written before reads back unchanged). Bad JSON raises the domain
error (``RuleError``) with a translated, player-readable message, never ``TypeError`` or
``KeyError``.

Standard library only, like the rest of ``games``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Protocol, Self, TypeAlias, TypeVar, get_args

from games import fields
from games.errors import N_, RuleError

#: A JSON value as ``json.loads`` gives it and ``json.dumps`` takes it.
JSON: TypeAlias = "bool | int | float | str | list[JSON] | dict[str, JSON] | None"
#: A JSON object (a stored event, a state's ``to_json``).
JSONObject: TypeAlias = dict[str, JSON]


class Change(Protocol):
    """What every typed change has: its ``kind`` and its JSON."""

    kind: ClassVar[str]

    def to_json(self) -> JSONObject:
        """The stored event: ``{"type": kind, …fields}``."""
        ...


class ChangeType(Protocol):
    """A change class: it names its kind and its fields and reads itself from JSON."""

    kind: ClassVar[str]
    #: The JSON fields it takes besides ``"type"``.
    keys: ClassVar[frozenset[str]]

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Self:
        """The change of ``raw`` (its ``"type"`` already matched ``kind``); ``RuleError``
        naming the first bad field."""
        ...

    def to_json(self) -> JSONObject: ...


def event_object(raw: object) -> tuple[str, Mapping[str, object]]:
    """``raw``'s type and ``raw`` itself, when it is an object with a string type."""
    if not isinstance(raw, Mapping):
        raise RuleError(N_("an event must be an object with a type"))
    kind = raw.get("type")
    if not isinstance(kind, str):
        raise RuleError(N_('an event needs a "type"'))
    return kind, raw


C = TypeVar("C", bound=ChangeType, covariant=True)


@dataclass(frozen=True, slots=True)
class ChangeSet(Generic[C]):
    """A game's change classes, in the order its docs list them (``C``: their union)."""

    classes: tuple[type[C], ...]

    @staticmethod
    def of(union: object) -> ChangeSet[Any]:
        """The change set of a game's union of change classes (``A | B | …``), in the
        union's order: a game lists its changes once, as the type its fold matches on, and
        an unknown type's refusal lists them in that order."""
        return ChangeSet(get_args(union))

    @property
    def kinds(self) -> tuple[str, ...]:
        return tuple(cls.kind for cls in self.classes)

    def event_fields(self) -> dict[str, frozenset[str]]:
        """The fields each type takes (``"type"`` included): the game's ``EVENT_FIELDS``."""
        return {cls.kind: cls.keys | {"type"} for cls in self.classes}

    def class_of(self, kind: object) -> type[C]:
        """The class of ``kind``, or the refusal listing every kind."""
        for cls in self.classes:
            if cls.kind == kind:
                return cls
        raise RuleError(
            N_("unknown event type {type!r}; expected one of: {types}"),
            type=kind,
            types=", ".join(self.kinds),
        )

    def from_json(self, raw: object) -> C:
        """The change ``raw`` holds: the one reader of a game's events (the fold's, the
        panel's, the API's, the import's)."""
        if not isinstance(raw, Mapping):
            raise RuleError(N_("an event must be an object with a type"))
        cls = self.class_of(raw.get("type"))
        return cls.from_json(raw)


# --- field readers (the messages are games.fields', one per kind of value) ---------------


def whole(raw: Mapping[str, object], key: str, low: int | None = 0, high: int | None = None) -> int:
    """The whole number of ``key`` (``fields.whole_number``'s refusal names it)."""
    return fields.whole_number(raw.get(key), key, low, high)


def seat_number(raw: Mapping[str, object], key: str = "seat") -> int:
    """A seat as JSON may hold it: a whole number. Whether it is a seat of the table is the
    fold's check (``fields.seat``, whose refusal names the table's seats)."""
    return fields.whole_number(raw.get(key), key, None)


def optional_seat(raw: Mapping[str, object], key: str = "seat") -> int | None:
    """``seat_number``, or None for ``null`` (or a missing key)."""
    return None if raw.get(key) is None else seat_number(raw, key)


def counter_name(raw: Mapping[str, object], counters: Mapping[str, object]) -> str:
    """The ``counter`` of an ``adjust`` event: one of the game's ``counters`` (a list or an
    object is unhashable, so the type is checked before the lookup)."""
    unknown = N_("unknown counter {counter!r}; expected one of: {names}")
    return fields.one_of(raw.get("counter"), counters, unknown, "counter")


def put(out: JSONObject, key: str, value: JSON) -> None:
    """Write an optional field: a ``None`` one is left out of the stored event."""
    if value is not None:
        out[key] = value


@dataclass(frozen=True, slots=True)
class Bare:
    """A change without fields (``{"type": kind}``: end the round, reopen the game). A game
    subclasses it, naming its ``kind``."""

    kind: ClassVar[str]
    keys: ClassVar[frozenset[str]] = frozenset()

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Self:
        return cls()

    def to_json(self) -> JSONObject:
        return {"type": self.kind}


@dataclass(frozen=True, slots=True)
class Seated:
    """A change of one seat: ``{"type": kind, "seat": seat, …its own fields}``, the seat
    read first. A game subclasses it, naming its ``kind`` and ``keys``; a subclass with
    fields of its own reads them (``_read``) and writes them after the seat (``_fields``)."""

    kind: ClassVar[str]
    keys: ClassVar[frozenset[str]] = frozenset({"seat"})
    seat: int

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Self:
        return cls._read(seat_number(raw), raw)

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        """The change of ``seat`` with ``raw``'s own fields (a plain seat's change has none)."""
        return cls(seat)

    def _fields(self, out: JSONObject) -> None:
        """Write the change's own fields into ``out`` (after ``type`` and ``seat``)."""

    def to_json(self) -> JSONObject:
        out: JSONObject = {"type": self.kind, "seat": self.seat}
        self._fields(out)
        return out


@dataclass(frozen=True, slots=True)
class CounterAdjust(Seated):
    """``adjust``: correct a seat's counter by ``delta`` — the generic counter event every
    game with counters takes. A game subclasses it, naming its ``counters``."""

    kind: ClassVar[str] = "adjust"
    keys: ClassVar[frozenset[str]] = frozenset({"seat", "counter", "delta"})
    #: The game's counters by name (the subclass sets them).
    counters: ClassVar[Mapping[str, object]] = {}
    counter: str
    delta: int

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        return cls(seat, counter_name(raw, cls.counters), whole(raw, "delta", None))

    def _fields(self, out: JSONObject) -> None:
        out["counter"] = self.counter
        out["delta"] = self.delta
