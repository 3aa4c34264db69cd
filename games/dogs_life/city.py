"""The Campfire city: the board of A Dog's Life, as data (squares, adjacency, entrances).

The seed describes the places the rules use but not the board itself; this module defines
the printed Campfire edition's city once, for the printed poster and for the tests that
show the rules can be played on it.

Glossary
--------
cell
    One grid cell ``(col, row)`` of the map, row 0 at the top. Cells are drawn 24 mm wide.
square
    What a dog stands on and pays 1 AP to enter (マス). A *street* square is one cell: a
    ``road`` (the catcher's van drives there, and dogs walk) or a ``path`` (footpaths and
    alleys: dogs only). A *place* is a building of one or more cells that counts as ONE
    square: a den, a restaurant, the newspaper office, the pound. Entering a place costs
    1 AP and leaving it 1 AP; a dog may leave by another entrance than the one it came in by.
den
    A dog's start square (スタートマス, ねぐら): six, numbered 1–6 like the den cards dealt
    at setup. Dogs bury bones here and are safe from the catcher here; a dog never enters a
    rival's den.
entrance
    An arrow from a street square into a place (建物のそばに記された矢印). Dogs go in and
    out of a place only through its entrances; the catcher threatens a dog inside a place
    only when the van stops on an entrance square; a dog in the street fights a dog inside
    only from an entrance square.
pound
    Where caught dogs go (収容所). No dog walks into it; a freed dog starts there and leaves
    by the pound's exit (D2). The van starts on the road at that exit.
features
    What a street square may hold: a trash can (ゴミ箱, 16 of them: more than the 15 trash
    markers, so trash day (D3) always comes), a lamppost (街灯), a fountain (泉), and a
    delivery address 1–12 (the number on the newspapers' backs).
crossing
    A road square with three or four road neighbours: where the van's driver chooses
    where to go. The van moves exactly the number rolled, on roads only, never back onto
    the square it just came from.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Final

CELL_MM: Final = 24.0  # a square of the printed board: room for a 20 mm dog pawn

# The map, row 0 at the top. `=` road, `:` footpath, `#` houses and ` ` empty ground
# (scenery: no square). Letters and digits are the cells of a place (see PLACES).
MAP: Final = (
    "        PPP        ",
    "===================",
    "=##:##=#:::#=##:##=",
    "=##:##=#:c:#=##:##=",
    "=:::::=::5::=:::::=",
    "=aa:.1=#:::#=2.:bb=",
    "=aa:::=::#::=:::bb=",
    "=======NNNNN=======",
    "=dd:::=::#::=:::ee=",
    "=dd:.3=#:::#=4.:ee=",
    "=:::::=::6::=:::::=",
    "=##:##=#:f:#=##:##=",
    "=##:##=#:::#=##:##=",
    "===================",
)


class Kind(StrEnum):
    ROAD = "road"
    PATH = "path"
    DEN = "den"
    RESTAURANT = "restaurant"
    NEWSPAPER_OFFICE = "newspaper_office"
    POUND = "pound"


class Feature(StrEnum):
    TRASH_CAN = "trash_can"
    LAMPPOST = "lamppost"
    FOUNTAIN = "fountain"


Cell = tuple[int, int]

# Map letter -> (square id, kind, den number or None, entrance cells).
PLACES: Final[dict[str, tuple[str, Kind, int | None, tuple[Cell, ...]]]] = {
    "1": ("den-1", Kind.DEN, 1, ((5, 6),)),
    "2": ("den-2", Kind.DEN, 2, ((13, 6),)),
    "3": ("den-3", Kind.DEN, 3, ((5, 8),)),
    "4": ("den-4", Kind.DEN, 4, ((13, 8),)),
    "5": ("den-5", Kind.DEN, 5, ((9, 5),)),
    "6": ("den-6", Kind.DEN, 6, ((9, 9),)),
    "a": ("restaurant-a", Kind.RESTAURANT, None, ((3, 5), (1, 4))),
    "b": ("restaurant-b", Kind.RESTAURANT, None, ((15, 5), (17, 4))),
    "c": ("restaurant-c", Kind.RESTAURANT, None, ((9, 2), (8, 3), (10, 3))),
    "d": ("restaurant-d", Kind.RESTAURANT, None, ((3, 9), (1, 10))),
    "e": ("restaurant-e", Kind.RESTAURANT, None, ((15, 9), (17, 10))),
    "f": ("restaurant-f", Kind.RESTAURANT, None, ((9, 12), (8, 11), (10, 11))),
    "N": (
        "newspaper-office",
        Kind.NEWSPAPER_OFFICE,
        None,
        ((6, 7), (12, 7), (8, 6), (10, 6), (8, 8), (10, 8)),
    ),
    "P": ("pound", Kind.POUND, None, ((9, 1),)),
}
VAN_START: Final[Cell] = (9, 1)  # the road at the pound's exit (seed: 収容所の横の道)

FOUNTAINS: Final[tuple[Cell, ...]] = ((7, 6), (11, 6), (7, 8), (11, 8))
TRASH_CANS: Final[tuple[Cell, ...]] = (
    (3, 6),
    (15, 6),
    (3, 8),
    (15, 8),
    (10, 6),
    (8, 8),
    (3, 2),
    (15, 2),
    (3, 12),
    (15, 12),
    (8, 2),
    (10, 12),
    (0, 7),
    (18, 7),
    (4, 1),
    (14, 13),
)
LAMPPOSTS: Final[tuple[Cell, ...]] = (
    (3, 4),
    (15, 4),
    (3, 10),
    (15, 10),
    (6, 4),
    (12, 4),
    (6, 10),
    (12, 10),
    (10, 2),
    (8, 12),
)
# Delivery address n is ADDRESSES[n - 1]: two per block, numbered across the town so that
# a newspaper usually takes a dog away from home.
ADDRESSES: Final[tuple[Cell, ...]] = (
    (1, 4),
    (11, 4),
    (17, 10),
    (3, 11),
    (15, 3),
    (7, 10),
    (17, 4),
    (3, 3),
    (11, 10),
    (1, 10),
    (7, 4),
    (15, 11),
)


@dataclass(frozen=True, slots=True)
class Square:
    """One square of the city: a street cell or a whole place."""

    id: str
    kind: Kind
    cells: tuple[Cell, ...]
    features: frozenset[Feature] = frozenset()
    address: int | None = None
    den: int | None = None

    @property
    def is_street(self) -> bool:
        return self.kind in (Kind.ROAD, Kind.PATH)


@dataclass(frozen=True, slots=True)
class Entrance:
    """An arrow between a place and the street square in front of it."""

    place: str
    street: str
    side: str  # which side of the place the arrow is on: "n", "e", "s" or "w"


@dataclass(frozen=True, slots=True)
class City:
    """The whole board: squares by id, entrances, and where the van starts."""

    width: int
    height: int
    squares: dict[str, Square]
    entrances: tuple[Entrance, ...]
    van_start: str
    _links: dict[str, tuple[str, ...]] = field(repr=False)
    _at: dict[Cell, str] = field(repr=False)

    def at(self, cell: Cell) -> Square | None:
        """The square covering ``cell``, or None for scenery."""
        square_id = self._at.get(cell)
        return None if square_id is None else self.squares[square_id]

    def neighbours(self, square_id: str) -> tuple[str, ...]:
        """Squares one step away: orthogonal street cells, and places through entrances."""
        return self._links[square_id]

    def of_kind(self, kind: Kind) -> list[Square]:
        return [s for s in self.squares.values() if s.kind is kind]

    def with_feature(self, feature: Feature) -> list[Square]:
        return [s for s in self.squares.values() if feature in s.features]

    def den(self, number: int) -> Square:
        return self.squares[f"den-{number}"]

    def address(self, number: int) -> Square:
        return next(s for s in self.squares.values() if s.address == number)

    def road_neighbours(self, square_id: str) -> tuple[str, ...]:
        """Where the van may drive from ``square_id``: neighbouring roads only."""
        return tuple(n for n in self._links[square_id] if self.squares[n].kind is Kind.ROAD)

    def crossings(self) -> list[Square]:
        """Road squares where the van's driver chooses (three or four roads meet)."""
        return [s for s in self.of_kind(Kind.ROAD) if len(self.road_neighbours(s.id)) >= 3]

    def dog_steps(self, square_id: str, den: int | None) -> Iterator[str]:
        """Where a dog whose den is ``den`` may step from ``square_id``: never into the
        pound, never into a rival's den (seed: 犬は決して収容所や、
        ライバルのスタートマスには入りません)."""
        for n in self._links[square_id]:
            target = self.squares[n]
            if target.kind is Kind.POUND:
                continue
            if target.kind is Kind.DEN and target.den != den:
                continue
            yield n

    def distances(
        self, start: str, den: int | None, *, blocked: Iterable[str] = ()
    ) -> dict[str, int]:
        """AP to walk from ``start`` to every reachable square (1 AP a step), for the dog
        whose den is ``den``, never entering ``blocked`` squares (e.g. a rival's lamppost)."""
        closed = set(blocked)
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            for there in self.dog_steps(here, den):
                if there not in seen and there not in closed:
                    seen[there] = seen[here] + 1
                    queue.append(there)
        return seen

    def van_routes(self, start: str, came_from: str | None, steps: int) -> set[str]:
        """Squares where the van can stop after exactly ``steps`` road squares from
        ``start``, never driving back onto the square it just left."""
        states = {(start, came_from)}
        for _ in range(steps):
            states = {
                (n, here) for here, back in states for n in self.road_neighbours(here) if n != back
            }
        return {here for here, _ in states}


SIDES: Final = {(0, -1): "n", (1, 0): "e", (0, 1): "s", (-1, 0): "w"}


def _street_id(cell: Cell) -> str:
    return f"c{cell[0]:02d}r{cell[1]:02d}"


def _build() -> City:
    height, width = len(MAP), len(MAP[0])
    if any(len(row) != width for row in MAP):
        raise ValueError("every row of the city map must have the same width")
    cells: dict[str, list[Cell]] = {}
    kinds: dict[str, Kind] = {}
    for row, line in enumerate(MAP):
        for col, char in enumerate(line):
            if char in "=:":
                square_id = _street_id((col, row))
                kinds[square_id] = Kind.ROAD if char == "=" else Kind.PATH
                cells[square_id] = [(col, row)]
            elif char in PLACES:
                square_id, kind, _, _ = PLACES[char]
                kinds[square_id] = kind
                cells.setdefault(square_id, []).append((col, row))
    features: dict[str, set[Feature]] = {}
    for feature, where in (
        (Feature.TRASH_CAN, TRASH_CANS),
        (Feature.LAMPPOST, LAMPPOSTS),
        (Feature.FOUNTAIN, FOUNTAINS),
    ):
        for cell in where:
            features.setdefault(_street_id(cell), set()).add(feature)
    addresses = {_street_id(cell): n for n, cell in enumerate(ADDRESSES, 1)}
    dens = {square_id: den for square_id, _, den, _ in PLACES.values() if den is not None}
    squares = {
        sid: Square(
            sid,
            kinds[sid],
            tuple(cells[sid]),
            frozenset(features.get(sid, ())),
            addresses.get(sid),
            dens.get(sid),
        )
        for sid in cells
    }
    at = {cell: sid for sid, square in squares.items() for cell in square.cells}
    links: dict[str, list[str]] = {sid: [] for sid in squares}
    for sid, square in squares.items():
        if square.is_street:
            ((col, row),) = square.cells
            for dc, dr in SIDES:
                other = at.get((col + dc, row + dr))
                if other is not None and squares[other].is_street:
                    links[sid].append(other)
    entrances: list[Entrance] = []
    for square_id, _, _, doors in PLACES.values():
        for door in doors:
            street = at.get(door)
            if street is None or not squares[street].is_street:
                raise ValueError(f"the entrance of {square_id} at {door} is not a street")
            sides = [
                side
                for (dc, dr), side in SIDES.items()
                if at.get((door[0] - dc, door[1] - dr)) == square_id
            ]
            if not sides:
                raise ValueError(f"the entrance of {square_id} at {door} does not touch it")
            entrances.append(Entrance(square_id, street, sides[0]))
            links[square_id].append(street)
            links[street].append(square_id)
    return City(
        width,
        height,
        squares,
        tuple(entrances),
        _street_id(VAN_START),
        {sid: tuple(ns) for sid, ns in links.items()},
        at,
    )


CITY: Final = _build()
