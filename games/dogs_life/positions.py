"""Where everything stands on the city board: dogs, the dog-catcher van and the markers.

The companion mirrors the board (issue 38): each ``move {to}`` walks a dog to a square by
the shortest legal way, each ``van {to}`` drives the van to a stop its die roll allows, and
the markers land where the dog stands. Rules of the city itself live in ``city``; this
module only keeps track of where things are and answers "where can it go from here".

Glossary
--------
square
    A ``city.Square`` id (``c05r06``, ``den-1``, ``restaurant-a``, ``pound``…).
unknown
    ``None``: a dog moved by a number of steps (an old table, or a move typed as steps),
    or a van whose roll was not followed by a ``van`` event. The phone then offers the step
    count of the old panel for that dog (D4); a known square comes back only with a
    correction (a ``move`` by steps never guesses where the dog went).
den
    A dog's den is its seat's den card: seat 0 has den 1, seat 1 den 2… (D4: the players
    deal the den cards in seat order). A dog starts there and only its owner enters it.
way it came
    ``van_from``: the road square the van left on its last step; it never drives back
    onto it (seed: 来た道を戻ることはできません).
caught, asked to draw
    When the van stops, a dog on its stop goes to the pound; a dog on a square next to the
    stop (a neighbouring street square, or inside a place whose entrance is the stop) must
    draw a card to escape (``to_draw``), except in its den, where it is safe.
trash markers
    ``trash``: the trash-can squares with a marker, in the order placed (trash day keeps
    only the last one, D3).
pee markers
    ``pee``: lamppost square -> the seat whose marker is on top. Peeing over a rival's
    marker sends that marker back to its owner, so one marker shows per lamppost.
newspapers on the street
    ``papers``: (address, square) of every newspaper lying face down where it was dropped
    (or left by a dog taken to the pound). Carried newspapers travel with their dog; the
    office holds the rest.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from games.dogs_life.city import CITY, City, Feature, Kind
from games.errors import N_, RuleError

POUND: Final = "pound"
DIE_FACES: Final = range(1, 7)


@dataclass(frozen=True, slots=True)
class Positions:
    """The board: every dog's square (None: unknown), the van, and the markers on it."""

    dogs: tuple[str | None, ...]
    van: str | None = CITY.van_start
    van_from: str | None = None
    van_due: bool = False  # the die was rolled; the van moves next
    to_draw: tuple[int, ...] = ()  # seats next to the van's stop: each draws to escape
    trash: tuple[str, ...] = ()
    pee: tuple[tuple[str, int], ...] = ()
    papers: tuple[tuple[int, str], ...] = ()

    def pee_at(self, square: str) -> int | None:
        return dict(self.pee).get(square)


def den_of(seat: int) -> int:
    """The den card of ``seat`` (D4): dealt in seat order."""
    return seat + 1


def start(count: int) -> Positions:
    """Every dog in its den, the van at the pound's exit."""
    return Positions(tuple(CITY.den(den_of(seat)).id for seat in range(count)))


# --- dogs ---------------------------------------------------------------------------------


def reachable(positions: Positions, seat: int, ap: int, city: City = CITY) -> dict[str, int]:
    """The squares the dog at ``seat`` can walk to with ``ap`` action points, with what
    each costs (1 AP a step, the shortest legal way); its own square is not offered."""
    here = positions.dogs[seat]
    if here is None or ap < 1:
        return {}
    costs = city.distances(here, den_of(seat))
    return {square: cost for square, cost in costs.items() if 0 < cost <= ap}


def check_square(to: object, city: City = CITY) -> str:
    """``to`` if it names a square of the city, else the refusal of a move to it."""
    if not isinstance(to, str) or to not in city.squares:
        raise RuleError(N_("to must be a square of the city"))
    return to


def steps_to(positions: Positions, seat: int, to: object, city: City = CITY) -> int:
    """How many steps the dog at ``seat`` needs to reach ``to`` (refusing a square it
    cannot reach at all, or an unknown start)."""
    to = check_square(to, city)
    here = positions.dogs[seat]
    if here is None:
        raise RuleError(N_("where this dog stands is not known: move it by its steps"))
    if to == here:
        raise RuleError(N_("the dog is already there"))
    square = city.squares[to]
    if square.kind is Kind.POUND:
        raise RuleError(N_("no dog walks into the pound"))
    if square.kind is Kind.DEN and square.den != den_of(seat):
        raise RuleError(N_("a dog never enters a rival's den"))
    costs = city.distances(here, den_of(seat))
    if to not in costs:
        raise RuleError(N_("the dog cannot get there from where it stands"))
    return costs[to]


def walk(positions: Positions, seat: int, to: str | None) -> Positions:
    dogs = list(positions.dogs)
    dogs[seat] = to
    return replace(positions, dogs=tuple(dogs))


def to_pound(positions: Positions, seat: int, papers: tuple[int, ...]) -> Positions:
    """The dog goes to the pound; the newspapers it carried lie where it stood."""
    here = positions.dogs[seat]
    moved = walk(positions, seat, POUND)
    moved = replace(moved, to_draw=tuple(s for s in moved.to_draw if s != seat))
    return drop_papers(moved, here, papers)


def drop_papers(positions: Positions, square: str | None, papers: tuple[int, ...]) -> Positions:
    if square is None or not papers:
        return positions
    return replace(positions, papers=(*positions.papers, *((a, square) for a in papers)))


def papers_here(positions: Positions, square: str | None) -> tuple[int, ...]:
    """The addresses of the newspapers lying on ``square`` (face down)."""
    return tuple(sorted(a for a, where in positions.papers if where == square))


def take_paper(positions: Positions, address: int) -> Positions:
    return replace(positions, papers=tuple(p for p in positions.papers if p[0] != address))


# --- markers ------------------------------------------------------------------------------


def place_trash(positions: Positions, seat: int, trash_day: bool) -> Positions:
    """A trash marker on the can the dog rummaged (if it stands at one); trash day keeps
    only that last marker (D3)."""
    here = positions.dogs[seat]
    if here is None or Feature.TRASH_CAN not in CITY.squares[here].features:
        return replace(positions, trash=()) if trash_day else positions
    if trash_day:
        return replace(positions, trash=(here,))
    return replace(positions, trash=(*positions.trash, here))


def lamppost(positions: Positions, seat: int) -> str | None:
    """The lamppost the dog stands at, or None."""
    here = positions.dogs[seat]
    if here is None or Feature.LAMPPOST not in CITY.squares[here].features:
        return None
    return here


def place_pee(positions: Positions, seat: int) -> Positions:
    square = lamppost(positions, seat)
    if square is None:
        return positions
    others = tuple(p for p in positions.pee if p[0] != square)
    return replace(positions, pee=(*others, (square, seat)))


def clear_pee(positions: Positions, seat: int, count: int) -> Positions:
    """Forget ``count`` of ``seat``'s markers on lampposts (a correction, or a marker
    covered at a lamppost the board does not know): the oldest first."""
    kept: list[tuple[str, int]] = []
    for square, owner in positions.pee:
        if owner == seat and count > 0:
            count -= 1
            continue
        kept.append((square, owner))
    return replace(positions, pee=tuple(kept))


# --- the van ------------------------------------------------------------------------------


def van_stops(start: str, came_from: str | None, steps: int, city: City = CITY) -> dict[str, str]:
    """Where the van may stop after exactly ``steps`` road squares, never driving back the
    way it came: stop -> the road square it came from. On this board two ways of at most
    6 squares never end on the same square (every loop of roads is longer than 12), so
    the way in is one; ``sorted`` keeps it deterministic on any board."""
    states = {(start, came_from)}
    for _ in range(steps):
        states = {
            (n, here) for here, back in states for n in city.road_neighbours(here) if n != back
        }
    stops: dict[str, str] = {}
    for here, back in sorted(states, key=lambda s: (s[0], s[1] or "")):
        if back is not None:
            stops.setdefault(here, back)
    return stops


def van_path(
    start: str, came_from: str | None, steps: int, stop: str, city: City = CITY
) -> list[str]:
    """The road squares the van drives through to ``stop`` (``stop`` last), never back the
    way it came; empty when ``stop`` is not one of its stops."""
    paths = [[start]]
    for _ in range(steps):
        paths = [
            [*path, n]
            for path in paths
            for n in city.road_neighbours(path[-1])
            if n != (path[-2] if len(path) > 1 else came_from)
        ]
    found = sorted(path for path in paths if path[-1] == stop)
    return found[0][1:] if found else []


def van_options(positions: Positions, die: int | None) -> dict[str, str]:
    """The stops offered after the roll (empty when the van is not due or unknown)."""
    if not positions.van_due or positions.van is None or die is None:
        return {}
    return van_stops(positions.van, positions.van_from, die)


def threatened(
    positions: Positions, stop: str, in_pound: tuple[bool, ...]
) -> tuple[list[int], list[int]]:
    """Who the van stopping on ``stop`` catches, and who must draw to escape: dogs on the
    stop, and dogs on its neighbouring squares (a place through its entrance), except in
    their dens and in the pound."""
    near = set(CITY.neighbours(stop))
    caught: list[int] = []
    draw: list[int] = []
    for seat, square in enumerate(positions.dogs):
        if square is None or in_pound[seat]:
            continue
        kind = CITY.squares[square].kind
        if kind in (Kind.DEN, Kind.POUND):
            continue
        if square == stop:
            caught.append(seat)
        elif square in near:
            draw.append(seat)
    return caught, draw
