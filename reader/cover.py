"""What lies over the printed art of a tile (issue 32): a hand, glare, a token whose
marker went unread.

A tile marker under a hand says the hand is there; a hand over no marker says nothing to
the marker detector, and the tokens under it would be read as removed. The print says
more: every prairie of the kit is printed in one green, every mountain in one brown. So
where the photo shows a prairie or a mountain in another colour than the same space shows
next to the markers read (certainly in view), something lies over the print.

Glossary:

* *art point*: a point of a tile's prairie or mountain (its own mm) ``CLEAR`` mm from any
  other print (the river, an animal, the id, a marker, the edge): its colour is the
  space's ink alone;
* *chromaticity*: a colour divided by its brightness, (r, g, b) / (r + g + b): a shadow
  or the light's fall-off across the board changes brightness, not chromaticity, and warm
  light shifts every point alike (the reference is measured in the same photo);
* *foreign point*: an art point whose chromaticity lies farther than ``FOREIGN`` from its
  space's reference, with foreign points next to it (``CLUSTER``): one stray point is a
  speck of dirt or JPEG noise; a hand covers many;
* *alike*: of about one chromaticity and brightness: off the print, where no ink says
  what should be seen, a point alike a cover is covered too (a retail tile, a hex beside
  the board under the same hand);
* *usual*: the table's own colours around the board, those most of its points share (an
  arm over part of it is not usual): a hex beside the board unlike them holds something.

numpy and the kit's printed geometry only; the reader maps the points (``reader.bison``).
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

from games.bison import catalog
from games.bison.kit import markers
from games.bison.kit import tile_art as geo

Array = NDArray[np.float64]

ART_STEP = 3.0  # mm between art points
CLEAR = 2.0  # mm: an art point's distance to any other print
# Chromaticity distance past which an art point is not its space's ink. A hand (skin)
# lies 0.07 from the brown mountain and 0.16 from the green prairie; the art points of
# photos without one lie within 0.02 of their ink (99th percentile, 12 to 2 MP, noise,
# shadow, warm light, defocus: bench/bison_photo.py's photos), glare and unread tokens
# aside (they are covers too).
FOREIGN = 0.03
DARK = 60  # r + g + b: below, a point's chromaticity is noise (a deep shadow)
REFERENCE_NEAR = 20.0  # mm: art points this near a tile marker read are certainly in view
MIN_REFERENCE = 12  # art points of a space kind needed to know its colour in this photo
TILE_REFERENCE = 8  # ... and on one tile, to know that tile's own
CLUSTER = 2  # other foreign points within ``ART_STEP`` × 1.5 for a point to count
CLUSTER_MOST = 3000  # foreign points past which none is a speck
LIKE_BRIGHTNESS = 1.25  # times: a cover's brightness varies this much across it
LIKE_MOST = 400  # cover points compared with (a sample when more)
TABLE_MOST = 600  # points of the table around the board looked at (a sample when more)
USUAL = 0.15  # share of the table's points a colour must be like to be the table's own


@functools.cache
def art_points(tile: str) -> tuple[Array, tuple[str, ...]]:
    """The art points of catalog tile ``tile`` (its own mm) and each one's space kind
    (``prairie`` or ``mountain``). The river is left out: its dashed middle line and its
    width (7 mm) leave few points of its ink alone."""
    edges = catalog.CATALOG[tile].edges
    art = geo.tile_art(tile)
    hexagon = [geo.corner_at(i) for i in range(6)]
    outline = [*hexagon, hexagon[0]]
    a, b = catalog.CATALOG[tile].tile.river_corners()
    river = geo.river_line(a, b)
    marks: list[tuple[tuple[float, float], float]] = [
        (p, geo.LAND_MARK) for space in ("prairie", "mountain") for p in art.animals[space]
    ]
    marks += [(p, geo.RIVER_MARK) for p in art.animals["river"]]
    marks += [(geo.corner_at(a), geo.POND), (geo.corner_at(b), geo.POND)]
    marks.append((art.id_at, math.hypot(*geo.ID_BOX) / 2))
    if art.totem_at is not None:
        marks.append((art.totem_at, geo.TOTEM))
    # A marker's square, by the circle around it: a little wider, never narrower.
    marks += [(m.centre, m.size / math.sqrt(2)) for m in markers.tile_markers(tile)]
    across = np.arange(int(geo.TILE[0] / ART_STEP) + 1) * ART_STEP + ART_STEP / 2
    up = np.arange(int(geo.TILE[1] / ART_STEP) + 1) * ART_STEP + ART_STEP / 2
    grid = np.stack(np.meshgrid(across, up), axis=-1).reshape(-1, 2)
    # Clear of the edge (and its cutting slack), of the river (whose line is also where
    # the prairie meets the mountain) and of every mark: numpy first, the print's own
    # polygons on the points left.
    clear = _distance_to_line(grid, outline) >= CLEAR + 1.0
    clear &= _distance_to_line(grid, river) >= geo.RIVER_HALF + CLEAR
    for centre, radius in marks:
        clear &= np.hypot(*(grid - np.asarray(centre)).T) >= radius + CLEAR
    # Clear of the river, a point is on the prairie or on the mountain: the print's own
    # polygons (``space_at_point``'s) tell which; a test holds the two to agree.
    points = grid[clear & _inside(grid, hexagon)]
    prairie = geo.land_polygon(edges, "P", 0.0) if "P" in edges else []
    on_prairie = _inside(points, prairie) if prairie else np.zeros(len(points), dtype=bool)
    kinds = tuple("prairie" if p else "mountain" for p in on_prairie)
    return points.reshape(-1, 2), kinds


def _distance_to_line(points: Array, line: Sequence[tuple[float, float]]) -> Array:
    """Each point's distance (mm) to the polyline ``line``."""
    best = np.full(len(points), np.inf)
    for (ax, ay), (bx, by) in itertools.pairwise(line):
        dx, dy = bx - ax, by - ay
        length = dx * dx + dy * dy
        t = np.zeros(len(points))
        if length:
            t = np.clip(((points[:, 0] - ax) * dx + (points[:, 1] - ay) * dy) / length, 0, 1)
        gap = np.hypot(points[:, 0] - ax - t * dx, points[:, 1] - ay - t * dy)
        best = np.minimum(best, gap)
    return best


def _inside(points: Array, polygon: Sequence[tuple[float, float]]) -> NDArray[np.bool_]:
    """Which points lie inside ``polygon`` (even-odd crossings, as ``tile_art.inside``)."""
    x, y = points[:, 0], points[:, 1]
    within = np.zeros(len(points), dtype=bool)
    for (x1, y1), (x2, y2) in zip(polygon, [*polygon[1:], polygon[0]], strict=True):
        if y1 == y2:
            continue  # a level side crosses no level ray
        crosses = ((y1 > y) != (y2 > y)) & (x < x1 + (y - y1) * (x2 - x1) / (y2 - y1))
        within ^= crosses
    return within


def look(colour: NDArray[np.uint8], image: Array) -> tuple[Array, Array]:
    """The chromaticity (n × 3) and brightness (r + g + b) of ``colour`` at the points
    ``image`` (its pixels), each the mean of the 3 × 3 pixels around it: the mountain's
    hatching and the prairie's dots averaged into their ink."""
    height, width = colour.shape[:2]
    x = np.clip(np.rint(image[:, 0]).astype(int), 1, width - 2)
    y = np.clip(np.rint(image[:, 1]).astype(int), 1, height - 2)
    rgb = np.zeros((len(image), 3))
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            rgb += colour[y + dy, x + dx]
    rgb /= 9
    total: Array = rgb.sum(axis=1)
    chroma: Array = rgb / np.maximum(total, 1)[:, None]
    return chroma, total


def foreign(
    chroma: Array,
    total: Array,
    kinds: Sequence[str],
    board: Array,
    reference: NDArray[np.bool_],
    tiles: Sequence[int] | None = None,
) -> NDArray[np.bool_]:
    """Which art points (their ``look``; ``kinds``: each one's space kind; ``board``: the
    same points in board mm, for ``CLUSTER``) show something over the print.
    ``reference``: the points certainly in view, whose colour is each kind's ink in this
    photo. ``tiles``: which tile each point is on; a tile with ``TILE_REFERENCE`` points
    of a kind in view is judged against its own ink (a lamp on one side of the table and
    daylight on the other, a tile from another printer), else against the photo's. A
    kind with fewer than ``MIN_REFERENCE`` such points in the photo is not judged
    (nothing to compare with)."""
    out = np.zeros(len(chroma), dtype=bool)
    lit = total >= DARK
    kind_of = np.asarray(kinds)
    tile_of = np.asarray(tiles if tiles is not None else [0] * len(chroma))
    for kind in ("prairie", "mountain"):
        of_kind = kind_of == kind
        known = of_kind & reference & lit
        if known.sum() < MIN_REFERENCE:
            continue
        ink = np.tile(np.median(chroma[known], axis=0), (len(chroma), 1))
        for tile in np.unique(tile_of[known]):
            own = known & (tile_of == tile)
            if own.sum() >= TILE_REFERENCE:
                ink[tile_of == tile] = np.median(chroma[own], axis=0)
        out |= of_kind & lit & (np.linalg.norm(chroma - ink, axis=1) > FOREIGN)
    if not out.any():
        return out
    # One foreign point alone is a speck: a cover spans several.
    where = board[out]
    if len(where) > CLUSTER_MOST:  # a cover this wide is no speck (and the test is n²)
        return out
    close = np.linalg.norm(where[:, None, :] - where[None, :, :], axis=2) <= ART_STEP * 1.5
    keep = close.sum(axis=1) - 1 >= CLUSTER
    out[np.flatnonzero(out)[~keep]] = False
    return out


def alike(
    chroma: Array, total: Array, cover_chroma: Array, cover_total: Array
) -> NDArray[np.bool_]:
    """Which points look like one of the covers found on the print (chromaticity within
    ``FOREIGN``, brightness within ``LIKE_BRIGHTNESS`` times): off the print, where no ink
    says what should be seen, what covers the print may still be recognised (a hand
    reaching over the table beside the board, over a new tile laid there)."""
    if not len(cover_chroma) or not len(chroma):
        return np.zeros(len(chroma), dtype=bool)
    step = max(1, len(cover_chroma) // LIKE_MOST)  # a sample of a wide cover is enough
    pairs = _pairs_alike(chroma, total, cover_chroma[::step], cover_total[::step])
    like: NDArray[np.bool_] = np.any(pairs, axis=1)
    return like


def _pairs_alike(
    chroma: Array, total: Array, other: Array, other_total: Array
) -> NDArray[np.bool_]:
    """Whether each point (rows) is alike each other point (columns): chromaticity within
    ``FOREIGN``, brightness within ``LIKE_BRIGHTNESS`` times. Squared distances by one
    matrix product: the n × m × 3 differences cost the reader 0.1 s a photo."""
    squared: Array = (
        (chroma**2).sum(axis=1)[:, None] + (other**2).sum(axis=1)[None, :] - 2 * chroma @ other.T
    )
    light: Array = np.abs(
        np.log(np.maximum(total, 1))[:, None] - np.log(np.maximum(other_total, 1))[None, :]
    )
    pairs: NDArray[np.bool_] = (squared <= FOREIGN**2) & (light <= math.log(LIKE_BRIGHTNESS))
    return pairs


def usual(chroma: Array, total: Array) -> NDArray[np.bool_]:
    """Which points look like at least ``USUAL`` of all of them: the table's own colours
    around the board (its wood, both colours of a check cloth), not an arm reaching over
    part of it."""
    if not len(chroma):
        return np.zeros(0, dtype=bool)
    alike_count = _pairs_alike(chroma, total, chroma, total).sum(axis=1)
    common: NDArray[np.bool_] = alike_count >= USUAL * len(chroma)
    return common
