"""Bison's changes (``games.changes``): one frozen dataclass per event type, read once from
JSON and carried typed to the fold (``fold.apply_change``).

Each ``from_json`` checks the event's shape: JSON types and what holds at any table (an
action of the six, 0–5 hunters, a hex, a space, a tile of the catalog or a valid retail
tile, animals, structure sizes). What depends on the table (a seat of this table, whose
turn it is, the board, the stocks, the variants) is the fold's, in the order its refusals
always came; so are the parts of an event that name spaces of the board (``builds``,
``moves``, ``gather``, a correction's ``spaces``, the scoring choices): they keep their
JSON shape here and the fold reads them against the board.

A field is read only where the fold reads it: an action that places no tile ignores tile
fields, a ``hunter`` bought has no size. Such an ignored field is left out of the change
(old tables replay as before: the fold never looked at it). An optional field is ``None``
when the event leaves it out (or sends ``null`` where the fold took ``null`` as left out),
and ``to_json`` leaves it out then. ``to_json`` writes the keys in the order
docs/contracts.md lists them.

No chance in Bison's events (the tile draw happens at the real table): ``prepare`` fills
nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, Final, Self

from games import changes as base
from games import fields
from games.bison import catalog
from games.bison.components import HUNTERS_OWNED, MAX_STRUCTURE
from games.bison.economy import (
    ANIMALS,
    EXCHANGES,
    STOCK_CAP,
    Amounts,
    check_animal,
    check_hunters,
    check_kind,
    check_size,
)
from games.bison.hexgrid import Hex
from games.bison.overflow import Choice
from games.bison.rounds import Action, check_action
from games.bison.table.fields import flag, parse_hex, parse_rotation, parse_space, parse_tile
from games.bison.tiles import Tile
from games.changes import JSON, ChangeSet, JSONObject, optional_seat, put, seat_number, whole
from games.errors import N_, RuleError, Term

#: The generic counters (``adjust``): each stock, 0–15 (B8).
COUNTERS: Final[dict[str, tuple[int, int]]] = {animal: (0, STOCK_CAP) for animal in ANIMALS}

#: Animals as an event lists them: (animal, count) pairs in the JSON's order (zeros kept,
#: so the stored object is written back as it was).
Animals = tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Unread:
    """A field kept as it was sent, for the fold to read where it matters, as it always
    did: a value the fold took in some tables and refused in others (a score's ``lock``
    that is not true or false counted only at the final scoring; a play's empty
    ``payment`` that is not an object, fine only when no hunters are used)."""

    value: JSON


def read_animals(raw: object, what: str) -> Animals:
    """``{"bison": 1, …}`` checked as ``Amounts.from_mapping`` checks it (its refusals)."""
    Amounts.from_mapping(raw, what=what)
    assert isinstance(raw, Mapping)  # from_mapping refuses anything else
    return tuple((str(animal), int(count)) for animal, count in raw.items())


def animals_json(animals: Animals) -> dict[str, JSON]:
    return {animal: count for animal, count in animals}


def _flag(raw: Mapping[str, object], name: str) -> bool | None:
    """A true/false field, None when left out (``fields.flag``'s refusal otherwise)."""
    return flag(raw, name) if name in raw else None


def _lazy_flag(raw: Mapping[str, object], name: str) -> bool | Unread | None:
    """A true/false field the fold reads only in some tables: anything else is kept for
    its refusal there."""
    value = raw.get(name)
    if name not in raw or isinstance(value, bool):
        return _flag(raw, name)
    return Unread(_json(raw, name))


def flag_value(value: bool | Unread | None, name: str) -> bool:
    """A ``_lazy_flag`` as the fold reads it: left out is false."""
    if isinstance(value, Unread):
        return flag({name: value.value}, name)
    return bool(value)


def _list(raw: Mapping[str, object], key: str) -> list[JSON] | None:
    value = raw.get(key)
    return value if isinstance(value, list) else None


def _json(raw: Mapping[str, object], key: str) -> JSON:
    return raw.get(key)  # type: ignore[return-value]


@dataclass(frozen=True, slots=True)
class Placement:
    """A tile laid on the mirror: where (``at``), which (a printed ``tile`` id, or a retail
    tile's ``edges`` and ``animals``, B1), turned ``rotation`` × 60°, and the ``label`` the
    companion wrote for a retail tile ("R2"; the fold checks it is the board's)."""

    at: Hex
    tile: str | None = None
    edges: str | None = None
    animals: JSON = None
    rotation: int | None = None
    label: str | None = None

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Placement:
        at = parse_hex(raw.get("at"))
        tile_id, edges, animals = _tile(raw)
        rotation = parse_rotation(raw["rotation"]) if "rotation" in raw else None
        # A label that is not a string is never the board's: kept as its text, so the fold
        # refuses it naming the board's label, as it always did.
        label = None if "label" not in raw else str(raw["label"])
        return cls(at, tile_id, edges, animals, rotation, label)

    def piece(self) -> Tile | catalog.CatalogTile:
        """The tile itself (already checked by ``from_json``)."""
        if self.tile is not None:
            return catalog.get(self.tile)
        return Tile.make(self.edges, self.animals)

    def write(self, out: JSONObject) -> None:
        out["at"] = [self.at[0], self.at[1]]
        put(out, "tile", self.tile)
        put(out, "edges", self.edges)
        put(out, "animals", self.animals)
        put(out, "rotation", self.rotation)
        put(out, "label", self.label)


def _tile(raw: Mapping[str, object]) -> tuple[str | None, str | None, JSON]:
    """The tile an event names (``fields.parse_tile``: a printed id, or a retail tile's
    ``edges`` and ``animals``, B1), as it names it."""
    tile = parse_tile(raw)
    if isinstance(tile, catalog.CatalogTile):
        return tile.id, None, None
    return None, tile.edges, _json(raw, "animals")


def _placed(raw: Mapping[str, object], hunters: int) -> tuple[Placement, str | None]:
    """A tile placed by an action, and the space of it its ``hunters`` stand on (B6)."""
    placement = Placement.from_json(raw)
    if not hunters:
        return placement, None
    if "space" not in raw:
        raise RuleError(
            N_("say on which space of the tile the {hunters} hunters stand"), hunters=hunters
        )
    return placement, parse_space(raw["space"])


def _gain(raw: Mapping[str, object], hunters: int | None) -> str | Unread | None:
    """The animal an action without hunters gains (B6); None when left out. ``hunters``:
    the action's, when the event says it, else None (a ``play``'s: not an animal is kept
    for the fold, whose refusal depends on the hunters the board change uses)."""
    gain = raw.get("gain")
    if gain is None:
        return None
    if hunters is None:
        return gain if gain in ANIMALS else Unread(_json(raw, "gain"))
    if hunters:
        raise RuleError(N_("only an action without hunters gains an animal"))
    return check_animal(gain)


def gain_json(gain: str | Unread | None) -> JSON:
    return gain.value if isinstance(gain, Unread) else gain


#: How an action's cost is split (B6): the animals, or (a ``play``'s, whose hunters come
#: from the board) what was sent when it is not animals: refused by the fold as ever
#: ("costs nothing" without hunters, else not a payment), an empty one fine without.
Payment = Animals | Unread


def _payment(raw: Mapping[str, object], hunters: int | None) -> Payment | None:
    """How the cost is split (B6). ``hunters``: the action's, when the event says it (an
    ``action``), else None (a ``play``'s come from the board). An action without hunters
    pays nothing: an empty payment is as good as none there, any other is refused."""
    payment = raw.get("payment")
    if hunters == 0:
        if payment:
            raise RuleError(N_("an action without hunters costs nothing; it gains one animal"))
        return None
    if payment is None:
        return None
    if hunters is None:
        try:
            return read_animals(payment, "the payment")
        except RuleError:
            return Unread(_json(raw, "payment"))
    return read_animals(payment, "the payment")


def paying(payment: Payment | None) -> bool:
    """Whether a payment was given at all (an empty one is none, as the fold always
    read it)."""
    return bool(payment.value if isinstance(payment, Unread) else payment)


def payment_json(payment: Payment | None) -> JSON:
    if isinstance(payment, Unread):
        return payment.value
    return None if payment is None else animals_json(payment)


def _declared(raw: Mapping[str, object], placing: bool) -> int | Unread | None:
    """A ``play``'s ``hunters``: the hunters standing on the placed tile (0–5), or for
    another action the count ``hunters_used`` showed, which the fold compares with the
    board change's (a different one is refused naming both; kept as sent)."""
    value = raw.get("hunters")
    if placing:
        return check_hunters(value) if "hunters" in raw else None
    if value is None:
        return None
    return value if type(value) is int else Unread(_json(raw, "hunters"))


@dataclass(frozen=True, slots=True)
class Adjust(base.CounterAdjust):
    """``adjust``: correct a seat's stock (bison, salmon, turkey) by ``delta``."""

    counters: ClassVar[Mapping[str, object]] = COUNTERS


# A tile placed on the mirror: a printed id, or a retail tile's edges and animals (B1)
# and its label on the board ("R2", for the history).
_TILE_FIELDS = frozenset({"at", "tile", "edges", "animals", "rotation", "label"})
# What every action carries (B6): its cost is paid, or one animal gained with no hunters.
_ACTION_FIELDS = frozenset({"seat", "action", "hunters", "payment", "gain", "override"})


@dataclass(frozen=True, slots=True)
class ActionTaken:
    """``action``: one of the six actions (B6) for ``seat`` with 0–5 ``hunters``, counted
    (the supply follows, the mirror only where the event says: ``placement`` and ``space``
    for ``place_tile``, ``builds`` with ``at`` for a tent or canoe).

    ``builds`` (tent/canoe): ``[{"size", "replaces", "at"?, "space"?}, …]``, read by the
    fold (the variants decide what a build may be, B11)."""

    kind: ClassVar[str] = "action"
    keys: ClassVar[frozenset[str]] = _ACTION_FIELDS | _TILE_FIELDS | {"builds", "space"}
    seat: int
    action: Action
    hunters: int
    override: bool | None = None
    gain: str | Unread | None = None
    payment: Payment | None = None
    builds: list[JSON] | None = None
    placement: Placement | None = None
    space: str | None = None

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Self:
        seat = seat_number(raw)
        override = _flag(raw, "override")
        action = check_action(raw.get("action"))
        hunters = check_hunters(raw.get("hunters"))
        if hunters:  # B6: as the fold always asked, the gain first, then the payment
            gain, payment = _gain(raw, hunters), _payment(raw, hunters)
        else:
            payment, gain = _payment(raw, hunters), _gain(raw, hunters)
        placement = space = builds = None
        if action is Action.PLACE_TILE and "at" in raw:
            placement, space = _placed(raw, hunters)
        elif action in (Action.TENT, Action.CANOE):
            if "builds" in raw and not isinstance(raw["builds"], list):
                raise RuleError(N_('builds must be a list like [{"size": 2, "replaces": 0}]'))
            builds = _list(raw, "builds")
        return cls(seat, action, hunters, override, gain, payment, builds, placement, space)

    def to_json(self) -> JSONObject:
        out: JSONObject = {
            "type": self.kind,
            "seat": self.seat,
            "action": self.action.value,
            "hunters": self.hunters,
        }
        put(out, "override", self.override)
        put(out, "gain", gain_json(self.gain))
        put(out, "payment", payment_json(self.payment))
        put(out, "builds", self.builds)
        if self.placement is not None:
            self.placement.write(out)
        put(out, "space", self.space)
        return out


@dataclass(frozen=True, slots=True)
class Play:
    """``play``: one action (B6) with its board change, all or nothing. The hunters used
    come from the board change (``hunters``, when given, must repeat their count):

    - ``place_tile``: ``placement``, and ``hunters`` on ``space`` of the new tile;
    - ``tent`` / ``canoe``: ``builds`` ``[{"space": ref, "size": n}]``;
    - ``move_1`` / ``move_3``: ``moves`` ``[{"from": ref, "to": ref, "hunters": n}]``;
    - ``gather``: ``gather`` ``{"to": ref, "from": [{"space": ref, "hunters": n}]}``.

    The spaces (``ref``: ``{"at", "space", "tile"?}``) are read by the fold, against the
    board."""

    kind: ClassVar[str] = "play"
    keys: ClassVar[frozenset[str]] = (
        _ACTION_FIELDS
        | _TILE_FIELDS
        | {
            "space",
            "builds",
            "moves",
            "gather",
        }
    )
    seat: int
    action: Action
    hunters: int | Unread | None = None
    override: bool | None = None
    gain: str | Unread | None = None
    payment: Payment | None = None
    placement: Placement | None = None
    space: str | None = None
    builds: JSON = None
    moves: JSON = None
    gather: JSON = None

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Self:
        seat = seat_number(raw)
        action = check_action(raw.get("action"))
        override = _flag(raw, "override")
        placing = action is Action.PLACE_TILE
        hunters = _declared(raw, placing)
        payment = _payment(raw, None)
        gain = _gain(raw, None)
        placement = space = None
        builds = moves = gather = None
        if placing:
            placement, space = _placed(raw, hunters if isinstance(hunters, int) else 0)
        elif action in (Action.TENT, Action.CANOE):
            if not isinstance(raw.get("builds"), list):
                raise RuleError(N_('builds must be a list like [{"space": …, "size": 2}]'))
            builds = _json(raw, "builds")
        elif action is Action.GATHER:
            gather = _json(raw, "gather")
        else:
            moves = _json(raw, "moves")
        return cls(
            seat, action, hunters, override, gain, payment, placement, space, builds, moves, gather
        )

    def to_json(self) -> JSONObject:
        out: JSONObject = {"type": self.kind, "seat": self.seat, "action": self.action.value}
        put(
            out, "hunters", self.hunters.value if isinstance(self.hunters, Unread) else self.hunters
        )
        put(out, "override", self.override)
        put(out, "gain", gain_json(self.gain))
        put(out, "payment", payment_json(self.payment))
        if self.placement is not None:
            self.placement.write(out)
        put(out, "space", self.space)
        put(out, "builds", self.builds)
        put(out, "moves", self.moves)
        put(out, "gather", self.gather)
        return out


@dataclass(frozen=True, slots=True)
class Correct:
    """``correct``: a free correction of the mirror, outside the rules of actions: each of
    ``spaces`` (``{"at", "space", "tile"?, "seat"?, "hunters", "structure"}``, read by the
    fold as a ``pieces`` event, one after the other) holds exactly those pieces."""

    kind: ClassVar[str] = "correct"
    keys: ClassVar[frozenset[str]] = frozenset({"spaces"})
    spaces: list[JSON]

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Self:
        spaces = _list(raw, "spaces")
        if not spaces:
            raise RuleError(
                N_(
                    'a correction lists at least one space: spaces [{"at", '
                    '"space", "seat", "hunters", "structure"}]'
                )
            )
        return cls(spaces)

    def to_json(self) -> JSONObject:
        return {"type": self.kind, "spaces": self.spaces}


@dataclass(frozen=True, slots=True)
class Buy(base.Seated):
    """``buy``: a hunter, or a tent or canoe of ``size`` 1–4, from the market (B7)."""

    kind: ClassVar[str] = "buy"
    keys: ClassVar[frozenset[str]] = frozenset({"seat", "item", "size"})
    item: str
    size: int | None = None

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        item = raw.get("item")
        if item == "hunter":
            return cls(seat, "hunter")
        if item in ("tent", "canoe"):
            size = check_size(raw.get("size"))
            return cls(seat, check_kind(item), size)
        raise RuleError(N_("the market sells a hunter, a tent or a canoe, not {item!r}"), item=item)

    def _fields(self, out: JSONObject) -> None:
        out["item"] = self.item
        put(out, "size", self.size)


@dataclass(frozen=True, slots=True)
class Exchange(base.Seated):
    """``exchange``: 3 ``give`` for 1 ``get``, ``times`` times (default once), any time
    (B7)."""

    kind: ClassVar[str] = "exchange"
    keys: ClassVar[frozenset[str]] = frozenset({"seat", "give", "get", "times"})
    give: str
    get: str
    times: int | None = None

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        give, get = check_animal(raw.get("give")), check_animal(raw.get("get"))
        if give == get:
            raise RuleError(
                N_("exchange one animal for a different one, not {animal} for {animal}"),
                animal=Term(give),
            )
        times = fields.whole_number(raw["times"], EXCHANGES, 1) if "times" in raw else None
        return cls(seat, give, get, times)

    def _fields(self, out: JSONObject) -> None:
        out["give"] = self.give
        out["get"] = self.get
        put(out, "times", self.times)


@dataclass(frozen=True, slots=True)
class Award(base.Seated):
    """``award``: scoring awards counted by hand (``gains``), received under the cap (B8):
    with the seat's ``overflow`` choice (B8 as amended), or the old ``exchanges`` (surplus
    triples) of events recorded before B8 was amended, or neither (the old default)."""

    kind: ClassVar[str] = "award"
    keys: ClassVar[frozenset[str]] = frozenset({"seat", "gains", "exchanges", "overflow"})
    gains: Animals
    exchanges: list[JSON] | None = None
    overflow: JSON = None

    @classmethod
    def _read(cls, seat: int, raw: Mapping[str, object]) -> Self:
        if "overflow" in raw:
            if "exchanges" in raw:
                raise RuleError(N_("give either exchanges (the old form) or overflow, not both"))
            gains = read_animals(raw.get("gains"), "gains")
            Choice.from_json(raw["overflow"])
            return cls(seat, gains, None, _json(raw, "overflow"))
        exchanges = raw.get("exchanges")
        if exchanges is not None and not isinstance(exchanges, list):
            raise RuleError(
                N_('exchanges must be a list like [{"give": "bison", "get": "salmon"}]')
            )
        return cls(seat, read_animals(raw.get("gains"), "gains"), _list(raw, "exchanges"))

    def _fields(self, out: JSONObject) -> None:
        out["gains"] = animals_json(self.gains)
        put(out, "exchanges", self.exchanges)
        put(out, "overflow", self.overflow)


@dataclass(frozen=True, slots=True)
class EndRound:
    """``end_round``: markers cleared, the totem passed on (B4); ``override`` lifts the
    "everyone took their actions" check."""

    kind: ClassVar[str] = "end_round"
    keys: ClassVar[frozenset[str]] = frozenset({"override"})
    override: bool | None = None

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Self:
        return cls(_flag(raw, "override"))

    def to_json(self) -> JSONObject:
        out: JSONObject = {"type": self.kind}
        put(out, "override", self.override)
        return out


@dataclass(frozen=True, slots=True)
class PlaceTile:
    """``tile``: a tile on the mirror without an action (B4 still applies)."""

    kind: ClassVar[str] = "tile"
    keys: ClassVar[frozenset[str]] = _TILE_FIELDS
    placement: Placement

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Self:
        return cls(Placement.from_json(raw))

    def to_json(self) -> JSONObject:
        out: JSONObject = {"type": self.kind}
        self.placement.write(out)
        return out


@dataclass(frozen=True, slots=True)
class StartTile:
    """``start_tile``: a retail start tile (B1, B4) described in place of the one at a
    start hex, while no piece stands on it."""

    kind: ClassVar[str] = "start_tile"
    keys: ClassVar[frozenset[str]] = frozenset({"at", "edges", "animals", "rotation"})
    at: Hex
    edges: str
    animals: JSON
    rotation: int | None = None

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Self:
        at = parse_hex(raw.get("at"))
        tile = Tile.make(raw.get("edges"), raw.get("animals"))
        rotation = parse_rotation(raw["rotation"]) if "rotation" in raw else None
        return cls(at, tile.edges, _json(raw, "animals"), rotation)

    @property
    def tile(self) -> Tile:
        return Tile.make(self.edges, self.animals)

    def to_json(self) -> JSONObject:
        out: JSONObject = {
            "type": self.kind,
            "at": [self.at[0], self.at[1]],
            "edges": self.edges,
            "animals": self.animals,
        }
        put(out, "rotation", self.rotation)
        return out


@dataclass(frozen=True, slots=True)
class Pieces:
    """``pieces``: what a space holds (B5): ``seat``'s hunters and tent/canoe size,
    exactly; 0 and 0 clears the space (``seat`` may then be left out)."""

    kind: ClassVar[str] = "pieces"
    keys: ClassVar[frozenset[str]] = frozenset({"at", "space", "seat", "hunters", "structure"})
    at: Hex
    space: str
    seat: int | None = None
    hunters: int | None = None
    structure: int | None = None

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Self:
        at = parse_hex(raw.get("at"))
        space = parse_space(raw.get("space"))
        hunters = whole(raw, "hunters", 0, HUNTERS_OWNED) if "hunters" in raw else None
        structure = whole(raw, "structure", 0, MAX_STRUCTURE) if "structure" in raw else None
        return cls(at, space, optional_seat(raw), hunters, structure)

    def to_json(self) -> JSONObject:
        out: JSONObject = {"type": self.kind, "at": [self.at[0], self.at[1]], "space": self.space}
        put(out, "seat", self.seat)
        put(out, "hunters", self.hunters)
        put(out, "structure", self.structure)
        return out


@dataclass(frozen=True, slots=True)
class Score:
    """``score``: the mirror scored and the round ended (B8, B9; B10 in the last round).
    ``overflow`` (B8 as amended) or the old ``exchanges``: the seats' choices per region,
    read by the fold (they name seats and regions of this table). ``override`` lifts
    the "everyone took their actions" check, read before the last round ends; ``lock``
    locks the table after the final scoring (B10), read then: each ``Unread`` when it is
    not true or false, as they always were."""

    kind: ClassVar[str] = "score"
    keys: ClassVar[frozenset[str]] = frozenset({"overflow", "exchanges", "override", "lock"})
    overflow: list[JSON] | None = None
    exchanges: list[JSON] | None = None
    override: bool | Unread | None = None
    lock: bool | Unread | None = None

    @classmethod
    def from_json(cls, raw: Mapping[str, object]) -> Self:
        if "overflow" in raw and "exchanges" in raw:
            raise RuleError(N_("give either exchanges (the old form) or overflow, not both"))
        exchanges = raw.get("exchanges")
        if exchanges is not None and not isinstance(exchanges, list):
            raise RuleError(
                N_(
                    'exchanges must be a list like [{"seat": 0, "region": 2, '
                    '"exchanges": [{"give": "bison", "get": "salmon"}]}]'
                )
            )
        if "overflow" in raw and not isinstance(raw["overflow"], list):
            raise RuleError(
                N_(
                    'overflow must be a list like [{"seat": 0, "region": 2, '
                    '"exchanges": [{"give": "bison", "get": '
                    '"salmon"}], "buys": []}]'
                )
            )
        override, lock = _lazy_flag(raw, "override"), _lazy_flag(raw, "lock")
        return cls(_list(raw, "overflow"), _list(raw, "exchanges"), override, lock)

    def to_json(self) -> JSONObject:
        out: JSONObject = {"type": self.kind}
        put(out, "overflow", self.overflow)
        put(out, "exchanges", self.exchanges)
        for key, value in (("override", self.override), ("lock", self.lock)):
            if value is not None:  # an ``Unread`` null is written back as null
                out[key] = value.value if isinstance(value, Unread) else value
        return out


@dataclass(frozen=True, slots=True)
class Reopen(base.Bare):
    """``reopen``: undo the final scoring (B10) so the table can change again."""

    kind: ClassVar[str] = "reopen"


BisonChange = (
    Adjust
    | ActionTaken
    | Buy
    | Exchange
    | Award
    | EndRound
    | PlaceTile
    | Pieces
    | Score
    | Play
    | Correct
    | StartTile
    | Reopen
)

#: Every change of Bison, in the order the fold always listed them (an unknown type's
#: refusal lists them so).
CHANGES: Final[ChangeSet[BisonChange]] = ChangeSet.of(BisonChange)
#: The change ``raw`` holds, or the ``RuleError`` naming what is wrong.
from_json: Final = CHANGES.from_json
