"""What a Bison state puts on the board (B3–B6), as the companion's SVG must show it: the
animals, hunters and structures per ``"q,r"`` hex and space, and the tiles' hexes; with
``drawn_marks``, the same read from the drawn SVG. Shared by the panel tests and the
four-phone browser steps (``tests/browser/bison_kit.py``). And ``tile_outline``: where a
printed tile's marks must keep clear of, for the markers' and the print's tests."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

from games.bison import catalog
from games.bison.kit import tile_art
from games.bison.tiles import SPACES

SVG = "{http://www.w3.org/2000/svg}"


def board_marks(state: Any) -> dict[str, Any]:
    """The animals per (hex, space), the (player, hunters) and (player, structure size) per
    (hex, space), and the set of the tiles' hexes, each hex written ``"q,r"``."""
    animals: dict[tuple[str, str], int] = {}
    hunters: dict[tuple[str, str], tuple[str, int]] = {}
    structures: dict[tuple[str, str], tuple[str, int]] = {}
    for (q, r), placed in state.board.tiles.items():
        for space in SPACES:
            n = placed.tile.animals_on(space)
            if n:
                animals[(f"{q},{r}", space)] = n
    for ((q, r), space), pieces in state.board.pieces.items():
        if pieces.hunters:
            hunters[(f"{q},{r}", space)] = (pieces.player, pieces.hunters)
        if pieces.structure:
            structures[(f"{q},{r}", space)] = (pieces.player, pieces.structure)
    return {
        "animals": animals,
        "hunters": hunters,
        "structures": structures,
        "tiles": {f"{q},{r}" for q, r in state.board.tiles},
    }


def drawn_marks(svg: ET.Element) -> dict[str, Any]:
    """What the companion's SVG board shows, in ``board_marks``' form: the animal marks
    counted per (``data-at``, ``data-space``), the hunters and structures (tent, canoe) with
    their ``data-player`` and count or size, and the ``data-hex`` of every tile group."""
    animals: Counter[tuple[str | None, str | None]] = Counter()
    hunters: dict[tuple[str | None, str | None], tuple[str | None, int]] = {}
    structures: dict[tuple[str | None, str | None], tuple[str | None, int]] = {}
    for node in svg.iter():
        mark = node.get("data-mark")
        where = (node.get("data-at"), node.get("data-space"))
        if mark == "animal":
            animals[where] += 1
        elif mark == "hunters":
            hunters[where] = (node.get("data-player"), int(node.get("data-count") or 0))
        elif mark in ("tent", "canoe"):
            structures[where] = (node.get("data-player"), int(node.get("data-size") or 0))
    tiles = {node.get("data-hex") for node in svg.iter(f"{SVG}g") if node.get("class") == "tile"}
    return {"animals": dict(animals), "hunters": hunters, "structures": structures, "tiles": tiles}


def tile_outline(tile_id: str) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """A catalog tile's river (the line from corner to corner its art draws) and the corners
    of its hexagon, in the art's millimetres (``games.bison.kit.tile_art``)."""
    a, b = catalog.CATALOG[tile_id].tile.river_corners()
    river = tile_art.river_path(a, b, tile_art.HEX_RADIUS)
    return river, [tile_art.corner_at(i) for i in range(6)]
