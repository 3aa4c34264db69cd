"""Rebuild :mod:`games.bison.geometry_data`, the checked-in screen geometry of a tile: for
every edge string a tile can lie with, the anchors of its marks and the tap disc of each
space and the point of its id, as :mod:`games.bison.geometry`'s ``compute_*`` searches find
them (``tests/games/bison/test_geometry_data.py`` proves they agree).

``python -m games.bison.kit.art_build`` writes it (with the printed tiles' data) after
changing how :mod:`games.bison.geometry` lays out a tile (areas, radii, the searches): the
searches take seconds, so they run there once, not in every process that draws a board.
The test fails until the data is rebuilt.
Standard library only (games/ rule).
"""

from __future__ import annotations

from pathlib import Path

from games.bison import geometry
from games.bison.tiles import SPACES, Tile

DATA = Path(__file__).with_name("geometry_data.py")

HEADER = '''"""The Bison tiles' screen geometry (unit hex, see ``games.bison.geometry``): made by
``python -m games.bison.kit.art_build`` (see ``games.bison.geometry_build``); do not edit by hand.
"""

# fmt: off
# ruff: noqa: E501

Point = tuple[float, float]
Spots = tuple[Point, ...]
Disc = tuple[Point, float]

'''


def every_edges() -> list[str]:
    """Every edge string a tile can lie with (B1: one run of 1–5 prairie edges, turned 0–5
    times): each catalog tile's and retail shape's turns are among these 30."""
    runs = (Tile("P" * k + "M" * (6 - k), (0, 0, 0)) for k in range(1, 6))
    return sorted({tile.rotated(n).edges for tile in runs for n in range(6)})


def source() -> str:
    """The text of ``geometry_data.py``: every float written by ``repr`` (exact round
    trip), spaces in ``SPACES`` order (prairie, river, mountain)."""
    shapes = every_edges()
    lines = [
        HEADER,
        "#: edges → (the MAX_MARKS anchors of the prairie, river and mountain; their tap\n",
        "#: discs (centre, radius); the centre of the tile id's label): one row an edge string\n",
        "SCREEN: dict[str, tuple[tuple[Spots, Spots, Spots], tuple[Disc, Disc, Disc], Point]]",
        " = {\n",
    ]
    for edges in shapes:
        found = tuple(geometry.compute_anchors(edges, space) for space in SPACES)
        discs = tuple(geometry.compute_tap_disc(edges, space) for space in SPACES)
        row = (found, discs, geometry.compute_label(edges))
        lines.append(f'    "{edges}": {row!r},\n')
    lines.append("}\n# fmt: on\n")
    return "".join(lines)
