"""Rebuild :mod:`games.bison.kit.art_data`, the checked-in tile geometry (issue 37): where
each tile's animals, id label and totem lie (``TILE_ART``) and the centres of its three photo
markers (``TILE_MARKERS``), in the tile's millimetres, as ``tile_art.compute_tile_art`` and
``markers.compute_tile_markers`` compute them (a test proves they agree).

Run ``python -m games.bison.kit.art_build`` after changing the tile catalog or the placement
rules in :mod:`games.bison.kit.tile_art` / :mod:`games.bison.kit.markers` (their ``compute_*``
functions) or :mod:`games.bison.geometry` (it writes ``games/bison/geometry_data.py`` too):
the grid searches take seconds, so they run here once, not at each print or
photo read. ``tests/games/bison/test_art_data.py`` fails until the data is rebuilt.
Standard library only (games/ rule).
"""

from __future__ import annotations

from pathlib import Path

from games.bison import catalog, geometry_build
from games.bison.kit.markers import compute_tile_markers
from games.bison.kit.tile_art import Point, compute_tile_art

DATA = Path(__file__).with_name("art_data.py")

HEADER = '''"""The Bison tiles' printed geometry: made by ``python -m games.bison.kit.art_build``
(see there); do not edit by hand.
"""

# fmt: off
# ruff: noqa: E501

Point = tuple[float, float]
Spots = tuple[Point, ...]

#: tile id → ((prairie, river, mountain animal spots), id label centre, totem centre)
TILE_ART: dict[str, tuple[tuple[Spots, Spots, Spots], Point, Point | None]] = {
'''


def _point(p: Point | None) -> str:
    return "None" if p is None else f"({p[0]!r}, {p[1]!r})"


def _spots(spots: tuple[Point, ...]) -> str:
    inner = ", ".join(_point(p) for p in spots)
    return f"({inner},)" if len(spots) == 1 else f"({inner})"


def source() -> str:
    """The text of ``art_data.py``: every float written by ``repr`` (exact round trip)."""
    lines = [HEADER]
    for tile_id in catalog.CATALOG:
        art = compute_tile_art(tile_id)
        animals = ", ".join(_spots(art.animals[s]) for s in ("prairie", "river", "mountain"))
        lines.append(
            f'    "{tile_id}": (({animals}), {_point(art.id_at)}, {_point(art.totem_at)}),\n'
        )
    lines.append("}\n\n#: tile id → the centres of its markers, slot 0, 1, 2\n")
    lines.append("TILE_MARKERS: dict[str, tuple[Point, ...]] = {\n")
    for tile_id in catalog.CATALOG:
        centres = _spots(tuple(m.centre for m in compute_tile_markers(tile_id)))
        lines.append(f'    "{tile_id}": {centres},\n')
    lines.append("}\n# fmt: on\n")
    return "".join(lines)


def main() -> None:
    """Every checked-in Bison geometry: the printed tiles' (here) and the board picture's
    (:mod:`games.bison.geometry_build`), one command after a change to either."""
    for data, text in ((DATA, source()), (geometry_build.DATA, geometry_build.source())):
        data.write_text(text, encoding="utf-8")
        print(f"wrote {data}")


if __name__ == "__main__":
    main()
