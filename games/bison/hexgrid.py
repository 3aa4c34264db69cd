"""The hex grid under a Bison board (B1): axial coordinates, directions, corners.

Glossary
--------
hex
    A cell of the grid, written in axial coordinates ``(q, r)`` (pointy-top hexagons:
    a point at the top and at the bottom, a vertical edge on the east and the west).
direction
    One of the six neighbour directions, clockwise from east: ``E SE SW W NW NE``.
    Direction ``i`` is also the name of a hexagon's edge ``i``: the edge it shares with
    its neighbour in that direction.
corner
    A hexagon's corner ``i`` (0–5) lies between its edge ``i`` and edge ``i + 1``
    (clockwise): corner 0 is between E and SE, corner 5 between NE and E.
vertex
    A corner of the grid, shared by three hexes. It is written as the ``frozenset`` of
    those three hexes, so the same point seen from each of its hexes compares equal.
distance
    The number of steps between two hexes.
"""

from __future__ import annotations

Hex = tuple[int, int]
Vertex = frozenset[Hex]

DIRECTIONS: tuple[str, ...] = ("E", "SE", "SW", "W", "NW", "NE")
OFFSETS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))


def neighbour(at: Hex, direction: int) -> Hex:
    """The hex next to ``at`` across its edge ``direction`` (0 = E … 5 = NE)."""
    dq, dr = OFFSETS[direction % 6]
    return (at[0] + dq, at[1] + dr)


def neighbours(at: Hex) -> tuple[Hex, ...]:
    """The six neighbours of ``at`` in direction order E SE SW W NW NE."""
    q, r = at
    return tuple((q + dq, r + dr) for dq, dr in OFFSETS)


def opposite(direction: int) -> int:
    """The direction pointing back: the neighbour's edge that touches edge ``direction``."""
    return (direction + 3) % 6


def distance(a: Hex, b: Hex) -> int:
    """Steps from ``a`` to ``b`` on the grid."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def corner(at: Hex, index: int) -> Vertex:
    """The grid vertex at corner ``index`` of ``at`` (between edges ``index`` and ``index+1``).

    The three hexes around it are ``at`` and its neighbours across those two edges.
    """
    return frozenset((at, neighbour(at, index), neighbour(at, index + 1)))


def corner_index(at: Hex, vertex: Vertex) -> int:
    """Which corner of ``at`` the vertex is; ``ValueError`` when ``at`` does not touch it."""
    for index in range(6):
        if corner(at, index) == vertex:
            return index
    raise ValueError(f"hex {at} has no corner at {sorted(vertex)}")


def rotate(at: Hex, steps: int = 1, centre: Hex = (0, 0)) -> Hex:
    """``at`` turned about ``centre`` by ``steps`` × 60° clockwise.

    In cube coordinates ``(x, y, z) = (q, r, -q-r)`` a clockwise turn is
    ``(x, y, z) -> (-y, -z, -x)``; it maps direction ``i`` to direction ``i + 1``.
    """
    q, r = at[0] - centre[0], at[1] - centre[1]
    for _ in range(steps % 6):
        q, r = -r, q + r
    return (q + centre[0], r + centre[1])


def show(at: Hex) -> str:
    """A hex as players see it in messages and as JSON writes it: ``[1,-1]``."""
    return f"[{at[0]},{at[1]}]"


def translate(at: Hex, offset: Hex) -> Hex:
    """``at`` moved by ``offset``."""
    return (at[0] + offset[0], at[1] + offset[1])
