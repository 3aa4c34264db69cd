"""Tiles described by tapping, and the tiles still in the bag (B1, B4).

Glossary
--------
river ends
    The two hexagon corners (0–5) where the river meets the tile's border, the rulebook's
    "small ponds". Corner ``i`` lies between edge ``i`` and edge ``i + 1`` (B1: edges
    ``E SE SW W NW NE``, corner 0 between E and SE, clockwise).
prairie side
    Any one edge (0–5) of the prairie: the river cuts the border into two runs of edges,
    and the tapped edge says which run is the prairie.
retail shapes
    ``RETAIL_SHAPES``: a tile's prairie is one run of 1 to 5 edges (B1), so up to its turn
    every tile is one of five shapes; a retail tile is described by one tap on its shape
    (its turn is then tapped as for a printed tile).
bag
    The printed Campfire draw tiles (``B01``–``B18``) not on the board yet.

How the UI describes a retail tile: the player taps the river's two end corners on a large
hexagon, then taps the prairie side; ``edges_from_taps(a, b, edge)`` gives the edge string
(``RuleError`` naming the problem otherwise), and ``taps_for(edges)`` draws an edge string
back as those taps (to show a tile being described, or to edit it).

Standard library only.
"""

from __future__ import annotations

from games import fields
from games.bison.board import Board
from games.bison.catalog import DRAW_IDS
from games.bison.tiles import check_edges
from games.errors import N_, RuleError

#: The five shapes of a tile up to its turn (B1): 1 to 5 prairie edges from edge 0 (E).
RETAIL_SHAPES = tuple(check_edges("P" * k + "M" * (6 - k)) for k in range(1, 6))


def _index(value: object, what: str) -> int:
    return fields.whole_number(value, what, 0, 5)


def edges_from_taps(end_a: int, end_b: int, prairie_edge: int) -> str:
    """The edge string (``E SE SW W NW NE``, B1) of a tile whose river runs from corner
    ``end_a`` to corner ``end_b`` and whose prairie owns edge ``prairie_edge``.

    The edges from ``end_a + 1`` clockwise to ``end_b`` lie on one side of the river, the
    others on the other side; the side holding ``prairie_edge`` is prairie (``P``)."""
    a = _index(end_a, "the first river end")
    b = _index(end_b, "the second river end")
    edge = _index(prairie_edge, "the prairie side")
    if a == b:
        raise RuleError(N_("the river runs between two different corners; tap its other end"))
    side = {(a + k) % 6 for k in range(1, (b - a) % 6 + 1)}  # edges a+1 … b, clockwise
    prairie = side if edge in side else set(range(6)) - side
    return check_edges("".join("P" if i in prairie else "M" for i in range(6)))


def taps_for(edges: str) -> tuple[int, int, int]:
    """The taps that describe ``edges``: the river's two end corners (smaller first) and
    the first prairie edge clockwise after the first corner."""
    edges = check_edges(edges)
    ends = [i for i in range(6) if edges[i] != edges[(i + 1) % 6]]
    a, b = ends[0], ends[1]
    first = next((a + k) % 6 for k in range(1, 7) if edges[(a + k) % 6] == "P")
    return a, b, first


def tiles_in_bag(board: Board) -> tuple[str, ...]:
    """The printed draw tiles not on ``board`` yet, in print order: what the "+" slot's
    picker offers (B4: the legal slots are ``table.legal_hexes``). Tiles removed unseen at
    setup cannot be known, so they stay in the list."""
    placed = {p.catalog_id for p in board.tiles.values()}
    return tuple(tile for tile in DRAW_IDS if tile not in placed)
