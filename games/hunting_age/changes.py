"""Age of Hunting's changes (``games.changes``): one frozen dataclass per event type, read
once from JSON and carried typed to the fold (``fold.apply_change``).

Each ``from_json`` checks the event's shape (JSON types, goods the game knows, rock-chip
backs and hunting-ground faces that exist). What depends on the table (a seat of this
table, whose turn it is, the edition, the faces laid out, the supply) is the fold's, in
the order its refusals always came. A field ``prepare`` fills (chance and defaults: the
setup's faces and start player, a cave's chips, a harvest's choice, the food a store
returns, the seat ending the turn) is ``None`` until it is filled, and ``to_json`` leaves
it out then. The JSON is the one docs/contracts.md documents, key order included.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar, Final, Self

from games import changes as base
from games import fields
from games.changes import (
    JSON,
    ChangeSet,
    CounterAdjust,
    JSONObject,
    optional_seat,
    put,
    whole,
)
from games.errors import N_, RuleError, Term
from games.hunting_age import development
from games.hunting_age.cards import FACES_BY_ID
from games.hunting_age.components import COIN_COUNTER_MAX, FOODS, SUPPLY_LIMITS
from games.hunting_age.scoring import END_GAME_SCORES
from games.hunting_age.tribe import VP_TRACK_MAX

#: The generic counters (``adjust``) and their ranges.
COUNTERS: Final[dict[str, tuple[int, int]]] = {
    **{kind: (0, SUPPLY_LIMITS[kind]) for kind in FOODS},
    "coins": (0, COIN_COUNTER_MAX),
    "vp": (0, VP_TRACK_MAX),
}
#: The parts of a printed cost (original edition).
COST_PARTS: Final = (*FOODS, "coins", "any_food")

#: Goods as the event lists them: (kind, count) pairs in the JSON's order (zeros kept, so
#: the stored object is written back as it was).
Goods = tuple[tuple[str, int], ...]


def read_goods(raw: object, field: str, allowed: Sequence[str]) -> Goods:
    checked = fields.object_of(raw, allowed, field, Term(N_("item")))
    return tuple((str(key), fields.whole_number(checked[key], f"{field}.{key}")) for key in checked)


def _optional_goods(raw: Mapping[str, object], key: str, allowed: Sequence[str]) -> Goods | None:
    return read_goods(raw[key], key, allowed) if key in raw else None


def _goods_json(goods: Goods) -> dict[str, JSON]:
    return {key: n for key, n in goods}


def _optional_whole(raw: Mapping[str, object], key: str) -> int | None:
    return whole(raw, key) if key in raw else None


def _face(raw: Mapping[str, object]) -> str | None:
    """A hunting-ground face id (the catalog's: ``B1a``, ``N07b``), or None when missing.
    Whether it is on the table is the fold's check."""
    face = raw.get("face")
    if face is None and "face" not in raw:
        return None
    if not isinstance(face, str) or face not in FACES_BY_ID:
        raise RuleError(N_("face must be a hunting-ground face such as B1a or N07b"))
    return face


def _space(raw: Mapping[str, object], face: str | None, spaces: str) -> int | None:
    """A 0-based space of ``face`` (``spaces``: ``"hunting"`` or ``"build"``), None when
    missing. A space that is not a whole number is refused with the face's own range (the
    catalog's, whatever the table); a number past it is the fold's refusal, in its turn."""
    space = raw.get("space")
    if "space" not in raw:
        return None
    if isinstance(space, int) and not isinstance(space, bool):
        return space
    if face is None:
        return whole(raw, "space", None)  # its refusal: not a whole number
    card = FACES_BY_ID[face]
    if spaces == "hunting":
        message = N_("space must be a hunting space of {face}: 0 to {last}")
        last = len(card.hunting) - 1
    else:
        message = N_("space must be a build space of {face}: 0 to {last}")
        last = len(card.build) - 1
    raise RuleError(message, face=face, last=last)


@dataclass(frozen=True, slots=True)
class Adjust(CounterAdjust):
    """``adjust``: correct a seat's counter (VP, food…) by ``delta``."""

    counters: ClassVar[Mapping[str, object]] = COUNTERS


@dataclass(frozen=True, slots=True)
class Setup:
    """``setup``: the hunting grounds laid out and the start player (``prepare`` draws
    what is missing)."""

    kind: ClassVar[str] = "setup"
    keys: ClassVar[frozenset[str]] = frozenset({"start_player", "faces"})
    start_player: int | None = None
    faces: tuple[str, ...] | None = None

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Self:
        start = optional_seat(raw, "start_player")
        faces = raw.get("faces")
        if faces is None and "faces" not in raw:
            return cls(start)
        if not isinstance(faces, list) or any(
            not isinstance(face, str) or face not in FACES_BY_ID for face in faces
        ):
            raise RuleError(N_("faces must be a list of hunting-ground faces such as B1a or N07b"))
        return cls(start, tuple(str(face) for face in faces))

    def to_json(self) -> JSONObject:
        out: JSONObject = {"type": self.kind}
        put(out, "start_player", self.start_player)
        put(out, "faces", None if self.faces is None else list(self.faces))
        return out


@dataclass(frozen=True, slots=True)
class Develop(base.Seated):
    """``develop``: a cave, a subordinate or a hut, paid now. ``kind`` is checked by the
    fold (after the turn's checks, as the refusals always came)."""

    kind: ClassVar[str] = "develop"
    keys: ClassVar[frozenset[str]] = frozenset(
        {
            "seat",
            "kind",
            "chips",
            "cost",
            "uncovered_vp",
            "any_food",
            "end_game",
            "vp",
            "face",
            "space",
        }
    )
    development: str
    any_food: Goods | None = None
    face: str | None = None
    space: int | None = None
    cost: Goods | None = None
    uncovered_vp: int | None = None
    chips: tuple[str, ...] | None = None
    end_game: str | None = None
    vp: int | None = None

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        development_kind = raw.get("kind")
        face = _face(raw)
        chips = raw.get("chips")
        if "chips" in raw and not isinstance(chips, list):
            raise RuleError(N_("chips must list the rock chips flipped"))
        end_game = raw.get("end_game")
        if "end_game" in raw and not isinstance(end_game, str):
            raise RuleError(N_("end_game must be one of {cards}"), cards=", ".join(END_GAME_SCORES))
        return cls(
            seat,
            development_kind if isinstance(development_kind, str) else repr(development_kind),
            any_food=_optional_goods(raw, "any_food", FOODS),
            face=face,
            space=_space(raw, face, "build"),
            cost=_optional_goods(raw, "cost", COST_PARTS),
            uncovered_vp=_optional_whole(raw, "uncovered_vp"),
            chips=None if not isinstance(chips, list) else development.check_chip_backs(chips),
            end_game=end_game if isinstance(end_game, str) else None,
            vp=_optional_whole(raw, "vp"),
        )

    def _fields(self, out: JSONObject) -> None:
        out["kind"] = self.development
        put(out, "any_food", None if self.any_food is None else _goods_json(self.any_food))
        put(out, "face", self.face)
        put(out, "space", self.space)
        put(out, "cost", None if self.cost is None else _goods_json(self.cost))
        put(out, "uncovered_vp", self.uncovered_vp)
        put(out, "chips", None if self.chips is None else list(self.chips))
        put(out, "end_game", self.end_game)
        put(out, "vp", self.vp)


@dataclass(frozen=True, slots=True)
class Harvest(base.Seated):
    """``harvest`` (Campfire edition): a chief on hunting space ``space`` of ``face``;
    ``choice`` fills the free picks (``prepare`` fills a one-kind choice)."""

    kind: ClassVar[str] = "harvest"
    keys: ClassVar[frozenset[str]] = frozenset({"seat", "face", "space", "choice"})
    face: str | None
    space: int | None
    choice: Goods | None = None

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        face = _face(raw)
        return cls(seat, face, _space(raw, face, "hunting"), _optional_goods(raw, "choice", FOODS))

    def _fields(self, out: JSONObject) -> None:
        put(out, "face", self.face)
        put(out, "space", self.space)
        put(out, "choice", None if self.choice is None else _goods_json(self.choice))


@dataclass(frozen=True, slots=True)
class Store(base.Seated):
    """``store``: food returned to the supply, the rest in the open caves (``prepare``
    fills ``return`` with the default choice)."""

    kind: ClassVar[str] = "store"
    keys: ClassVar[frozenset[str]] = frozenset({"seat", "return"})
    returned: Goods | None = None

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        return cls(seat, _optional_goods(raw, "return", FOODS))

    def _fields(self, out: JSONObject) -> None:
        put(out, "return", None if self.returned is None else _goods_json(self.returned))


@dataclass(frozen=True, slots=True)
class EndTurn:
    """``end_turn``: the next seat plays (``prepare`` fills the current seat)."""

    kind: ClassVar[str] = "end_turn"
    keys: ClassVar[frozenset[str]] = frozenset({"seat"})
    seat: int | None = None

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Self:
        return cls(optional_seat(raw) if "seat" in raw else None)

    def to_json(self) -> JSONObject:
        out: JSONObject = {"type": self.kind}
        put(out, "seat", self.seat)
        return out


HuntingChange = Adjust | Setup | Develop | Harvest | Store | EndTurn

#: Every change of Age of Hunting, in the order docs/contracts.md lists them.
CHANGES: Final[ChangeSet[HuntingChange]] = ChangeSet.of(HuntingChange)
#: The change ``raw`` holds, or the ``RuleError`` naming what is wrong.
from_json: Final = CHANGES.from_json
