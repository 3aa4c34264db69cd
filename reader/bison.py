"""Read a Bison board from a photo of the printed kit (issue 23).

The kit's markers (``games.bison.markers``) say which tile or token each one is; the
printed geometry (``games.bison.tile_art``) says where on its piece it sits. Tiles never
move, so the confirmed board (the prior) pins the known tiles and the start tiles fix the
grid: their markers give the photo's perspective (a homography from the image to the
board's millimetres), through which new tiles are snapped to the hex grid (their rotation
from their markers' orientation) and every token is put on a tile and a space.

Output (:func:`read`): the board in the ``campfire score bison`` input format plus
``unseen`` (what the prior has and the photo does not show: never read as removed) and
``doubts`` (sentences: what the reader is unsure of).
"""

from __future__ import annotations

import contextlib
import io
import math
import warnings
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray
from PIL import Image, ImageOps

from games.bison import catalog, markers
from games.bison import tile_art as geo
from games.bison.components import HUNTERS_OWNED
from games.bison.hexgrid import Hex

MAX_BYTES = 30 * 1024 * 1024  # a 12 MP phone JPEG is 3–8 MB
MAX_PIXELS = 50_000_000  # past this a file is a decompression bomb, not a photo
MIN_MARGIN = 20.0  # the detector's decision margin below which a tag is noise
UPSCALE_BELOW = 6_000_000  # pixels: smaller photos are doubled before detection
SNAP = 0.35  # of a hex radius: a tile centre farther from every hex centre is a doubt

Array = NDArray[np.float64]


class PhotoError(ValueError):
    """A photo that cannot be read: one English sentence (the CLI prints it, exit 2) and
    ``kind``, what went wrong as a word a caller can act on (the phone's page words each
    kind in the reader's language): ``too-large``, ``too-many-pixels``, ``too-small``,
    ``too-narrow``, ``empty``, ``not-image``, ``truncated``, ``foreign-markers``,
    ``no-board``."""

    def __init__(self, kind: str, sentence: str) -> None:
        super().__init__(sentence)
        self.kind = kind


@dataclass
class Seen:
    """One detected marker: what it is, its corners in the image (TR, TL, BL, BR of the
    upright tag's black square) and its detection margin."""

    marker_id: int
    what: markers.TileMarker | markers.PieceMarker
    corners: Array
    margin: float


@dataclass
class Reading:
    tiles: list[dict[str, Any]] = field(default_factory=list)
    pieces: list[dict[str, Any]] = field(default_factory=list)
    unseen: list[dict[str, Any]] = field(default_factory=list)
    doubts: list[str] = field(default_factory=list)
    # Contradictions of the prior, also said in ``doubts``: known tiles seen elsewhere
    # (kept where they were), and (tile, other) pairs read at one hex (``other`` dropped).
    moved: list[str] = field(default_factory=list)
    clashes: list[tuple[str, str]] = field(default_factory=list)
    # Image pixels -> board mm (``apply``): where the phone crops each change from.
    homography: Array | None = None

    def as_json(self, players: Sequence[str]) -> dict[str, Any]:
        return {
            "players": list(players),
            "tiles": self.tiles,
            "pieces": self.pieces,
            "final": False,
            "unseen": self.unseen,
            "doubts": self.doubts,
        }


# -- the photo -----------------------------------------------------------------------------


#: The decoders a photo may reach (Pillow's format names; a phone's JPEG holding a second
#: picture, MPO, is opened by the JPEG decoder). Nothing else: Pillow would hand an EPS,
#: PS or PDF to Ghostscript (a program of its own, no time limit: issue 33, F3), and every
#: further plugin is code no photo needs. HEIC is not among them: Pillow has no decoder
#: for it (pillow-heif would bring libheif and an HEVC decoder, ~10 MB of C parsing
#: clients' bytes), and a phone hands a web page's ``accept="image/*"`` field a JPEG
#: (iOS converts its HEIC photos for it).
FORMATS = ("JPEG", "PNG", "WEBP")
MIN_SIDE = 640  # px: a smaller photo cannot show a board's markers (a 3 MP one is 1500)
MAX_ASPECT = 4.0  # a longer side past 4 times the shorter is no photo of a board


def open_photo(data: bytes) -> Image.Image:
    """The photo opened by the decoder of its format among ``FORMATS``, its header read
    and its size checked, its pixels not decoded yet (``PhotoError`` otherwise). Cheap:
    the web worker calls it before anything else reads the photo (companion.photo_jobs).
    The marker detector crashes the process (segmentation fault) on a 1 × 1, 1000 × 2 or
    24,000,000 × 2 image (issue 33, F3b): such sizes never reach it."""
    if len(data) > MAX_BYTES:
        raise PhotoError(
            "too-large", f"the photo is too large ({len(data) // 2**20} MB; at most 30 MB)"
        )
    if not data:
        raise PhotoError("empty", "the photo is empty")
    try:
        with warnings.catch_warnings():
            # Pillow warns from 89 MP and refuses from 179 MP; the limit is ours, below.
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            image = Image.open(io.BytesIO(data), formats=FORMATS)
    except Image.DecompressionBombError:
        raise PhotoError(
            "too-many-pixels", "the photo has too many pixels (at most 50 MP)"
        ) from None
    except MemoryError:  # the reading process's limit (reader.isolated): not the photo's fault
        raise
    except Exception:  # any failure of a header parser on a client's bytes is "not a photo"
        raise PhotoError(
            "not-image", "this file is not an image Campfire can read (JPEG, PNG, WebP)"
        ) from None
    width, height = image.size
    problem = None
    if width * height > MAX_PIXELS:
        problem = PhotoError(
            "too-many-pixels",
            f"the photo has too many pixels ({width} × {height}; at most 50 MP)",
        )
    elif min(width, height) < MIN_SIDE:
        problem = PhotoError(
            "too-small",
            f"the photo is too small to show a board ({width} × {height}; at least "
            f"{MIN_SIDE} pixels a side)",
        )
    elif max(width, height) > MAX_ASPECT * min(width, height):
        problem = PhotoError(
            "too-narrow",
            f"the photo is too long and narrow to show a board ({width} × {height}; at most 4:1)",
        )
    if problem is not None:
        image.close()
        raise problem
    return image


def load_grey(data: bytes) -> NDArray[np.uint8]:
    """The photo as a grey array, upright (EXIF); ``PhotoError`` for anything that is not
    a whole image of a sane size (``open_photo``)."""
    with open_photo(data) as image:
        try:
            # A JPEG decodes its grey channel alone (the colour is never used): faster.
            image.draft("L", image.size)
            image.load()  # a truncated file fails here, not later
            upright = ImageOps.exif_transpose(image)
            return np.asarray(upright.convert("L"))
        except MemoryError:
            raise
        except Exception:  # a decoder's failure on a client's bytes: a damaged photo
            raise PhotoError(
                "truncated", "the photo is truncated or damaged: send it again"
            ) from None


def detect(grey: NDArray[np.uint8]) -> tuple[list[Seen], list[int]]:
    """The Bison markers in ``grey`` and the ids of markers no Bison kit prints."""
    # A 12 MP photo's token markers are ~50 px wide: quads found at half resolution, then
    # decoded and refined at full. A smaller photo's are ~25 px, ~16 px at the far edge
    # of a tilted board: too few to decode well, so it is doubled first (Lanczos) and read
    # the same way. bench/bison_photo.py at 3 MP: 364 of the 365 pieces in view of 12
    # photos, where full resolution (no doubling) missed 4 in view in 6 photos. A second,
    # enlarged look (3×) at the far tiles only, where the prior's homography puts them,
    # found none more: it was left out.
    return _detect_in(grey, 1 if grey.size > UPSCALE_BELOW else 2, (0, 0))


def _detect_in(
    grey: NDArray[np.uint8], upscale: int, offset: tuple[int, int]
) -> tuple[list[Seen], list[int]]:
    """The markers in ``grey`` enlarged ``upscale`` times (Lanczos), their corners in the
    coordinates of the photo ``grey`` was cut from at ``offset`` (x, y)."""
    seen: list[Seen] = []
    foreign: list[int] = []
    if upscale > 1:
        height, width = grey.shape
        big = Image.fromarray(grey).resize(
            (width * upscale, height * upscale), Image.Resampling.LANCZOS
        )
        grey = np.asarray(big)
    for found in _detector(2.0).detect(np.ascontiguousarray(grey)):
        if found["margin"] < MIN_MARGIN or found["hamming"] > 1:
            continue
        what = markers.decode(int(found["id"]))
        if what is None:
            foreign.append(int(found["id"]))
            continue
        # The black square's corners, upright tag: top right, top left, bottom left,
        # bottom right (image rows grow downwards). Pixel corners scale exactly: the
        # detector's (0, 0) is the top left corner of the top left pixel.
        corners = np.asarray(found["lb-rb-rt-lt"], dtype=np.float64) / upscale + offset
        seen.append(Seen(int(found["id"]), what, corners, float(found["margin"])))
    return seen, foreign


_DETECTORS: dict[str, Any] = {}


def _detector(decimate: float) -> Any:
    # One detector per process and decimation: building one allocates the family's lookup
    # tables. apriltag-python is the AprilTag 3 C library (README, "Photo": why this one).
    key = str(decimate)
    if key not in _DETECTORS:
        # apriltag-python prints two lines to stdout when OpenCV is missing (for a pose
        # helper Campfire does not use): they would corrupt `campfire read-board`'s JSON.
        with contextlib.redirect_stdout(io.StringIO()):
            import apriltag  # type: ignore[import-untyped]

        _DETECTORS[key] = apriltag.apriltag(
            markers.FAMILY, threads=1, maxhamming=1, decimate=decimate, refine_edges=True
        )
    return _DETECTORS[key]


# -- geometry: tile millimetres → board millimetres (x right, y up) ------------------------


def hex_centre(at: Hex) -> tuple[float, float]:
    q, r = at
    return geo.HEX_RADIUS * math.sqrt(3) * (q + r / 2), -geo.HEX_RADIUS * 1.5 * r


def nearest_hex(x: float, y: float) -> tuple[Hex, float]:
    """The hex whose centre is nearest (x, y), and the distance to it (mm)."""
    r = -y / (1.5 * geo.HEX_RADIUS)
    q = x / (geo.HEX_RADIUS * math.sqrt(3)) - r / 2
    best = min(
        ((round(q) + dq, round(r) + dr) for dq in (-1, 0, 1) for dr in (-1, 0, 1)),
        key=lambda h: math.dist(hex_centre(h), (x, y)),
    )
    return best, math.dist(hex_centre(best), (x, y))


def tile_to_board(at: Hex, rotation: int, p: tuple[float, float]) -> tuple[float, float]:
    """A point of a tile's printed art (its own mm) on the board, the tile at ``at``
    turned ``rotation`` × 60° clockwise."""
    cx, cy = hex_centre(at)
    a = math.radians(-60 * rotation)
    dx, dy = p[0] - geo.TILE[0] / 2, p[1] - geo.TILE[1] / 2
    return cx + dx * math.cos(a) - dy * math.sin(a), cy + dx * math.sin(a) + dy * math.cos(a)


def board_to_tile(at: Hex, rotation: int, p: tuple[float, float]) -> tuple[float, float]:
    cx, cy = hex_centre(at)
    a = math.radians(60 * rotation)
    dx, dy = p[0] - cx, p[1] - cy
    return (
        geo.TILE[0] / 2 + dx * math.cos(a) - dy * math.sin(a),
        geo.TILE[1] / 2 + dx * math.sin(a) + dy * math.cos(a),
    )


def _marker_corners(marker: markers.Marker) -> list[tuple[float, float]]:
    """The black square's corners in the piece's mm, in the detector's order."""
    h = marker.size * 0.4
    x, y = marker.centre
    return [(x + h, y + h), (x - h, y + h), (x - h, y - h), (x + h, y - h)]


def homography(src: Array, dst: Array) -> Array:
    """The 3 × 3 projective map taking ``src`` points to ``dst`` (least squares, DLT with
    Hartley normalisation)."""

    def normaliser(p: Array) -> Array:
        mean = p.mean(axis=0)
        scale = math.sqrt(2) / max(float(np.sqrt(((p - mean) ** 2).sum(axis=1)).mean()), 1e-9)
        return np.array([[scale, 0, -scale * mean[0]], [0, scale, -scale * mean[1]], [0, 0, 1]])

    ts, td = normaliser(src), normaliser(dst)
    s = (ts @ np.c_[src, np.ones(len(src))].T).T
    d = (td @ np.c_[dst, np.ones(len(dst))].T).T
    rows = []
    for (x, y, _), (u, v, _) in zip(s, d, strict=True):
        rows.append([-x, -y, -1, 0, 0, 0, u * x, u * y, u])
        rows.append([0, 0, 0, -x, -y, -1, v * x, v * y, v])
    # The thin SVD when it holds the null vector (9 rows or more): the full one builds a
    # 2N × 2N matrix nobody reads (0.2 s at N = 200).
    _, _, vt = np.linalg.svd(np.asarray(rows), full_matrices=len(rows) < 9)
    h = vt[-1].reshape(3, 3)
    out: Array = np.linalg.inv(td) @ h @ ts
    scaled: Array = out / out[2, 2]
    return scaled


def apply(h: Array, points: Array) -> Array:
    # Element-wise, not ``h @ points.T``: on a few points a BLAS call costs more than
    # the arithmetic (its threads wake up: ~1 ms a call, 0.1 s a photo).
    x, y = points[:, 0], points[:, 1]
    w = h[2, 0] * x + h[2, 1] * y + h[2, 2]
    out: Array = np.stack(
        ((h[0, 0] * x + h[0, 1] * y + h[0, 2]) / w, (h[1, 0] * x + h[1, 1] * y + h[1, 2]) / w),
        axis=1,
    )
    return out


# -- reading -------------------------------------------------------------------------------


def _prior_tiles(prior: Mapping[str, Any] | None) -> dict[str, tuple[Hex, int]]:
    """Known tiles: the start tiles where B4 lays them, plus the prior's catalog tiles."""
    known = {tile: (at, 0) for tile, at in catalog.START_LAYOUT.items()}
    for entry in (prior or {}).get("tiles", ()):
        if isinstance(entry, dict) and "tile" in entry:
            at = entry["at"]
            known[entry["tile"]] = ((int(at[0]), int(at[1])), int(entry.get("rotation", 0)) % 6)
    return known


def _anchors(
    tiles_seen: list[Seen], known: Mapping[str, tuple[Hex, int]]
) -> tuple[list[Array], list[tuple[float, float]]]:
    """Image points and their board mm: the corners of every known tile's markers seen."""
    src: list[Array] = []
    dst: list[tuple[float, float]] = []
    for s in tiles_seen:
        assert isinstance(s.what, markers.TileMarker)
        if s.what.tile in known:
            at, rotation = known[s.what.tile]
            marker = markers.tile_markers(s.what.tile)[s.what.slot]
            src += list(s.corners)
            dst += [tile_to_board(at, rotation, p) for p in _marker_corners(marker)]
    return src, dst


def read(
    data: bytes,
    prior: Mapping[str, Any] | None = None,
) -> Reading:
    """Read the board in the photo ``data`` (JPEG, PNG…), given the confirmed board
    ``prior`` (the ``campfire score bison`` format) if any. ``PhotoError`` when the photo
    is no image, shows no Bison board or shows another kit's markers."""
    grey = load_grey(data)
    seen, foreign = detect(grey)
    tiles_seen = [s for s in seen if isinstance(s.what, markers.TileMarker)]
    if not tiles_seen:
        if foreign:
            raise PhotoError(
                "foreign-markers",
                "the markers in this photo are not those of a Campfire Bison kit "
                "(another game's, or another printer's)",
            )
        raise PhotoError(
            "no-board",
            "no Bison board found in the photo: take it from above, the whole board in "
            "the frame, in good light",
        )
    known = _prior_tiles(prior)
    reading = Reading()
    # The perspective, from the known tiles' markers (the start tiles fix the grid).
    src, dst = _anchors(tiles_seen, known)
    if len(src) < 8:  # two markers at least: one can be a misread
        raise PhotoError(
            "no-board",
            "no Bison board found in the photo: the start tiles (or the tiles already "
            "on the board) must be visible",
        )
    h = homography(np.asarray(src), np.asarray(dst))
    reading.homography = h
    # New tiles: each marker votes for a hex and a rotation.
    votes: dict[str, list[tuple[Hex, int, float]]] = defaultdict(list)
    for s in tiles_seen:
        assert isinstance(s.what, markers.TileMarker)
        board = apply(h, s.corners)
        right = board[0] - board[1]
        angle = math.degrees(math.atan2(right[1], right[0]))
        rotation = round(-angle / 60) % 6
        marker = markers.tile_markers(s.what.tile)[s.what.slot]
        # The tile's centre: the marker's centre less its turned offset from the tile's.
        centre = board.mean(axis=0)
        offset = tile_to_board((0, 0), rotation, marker.centre)
        at, off = nearest_hex(centre[0] - offset[0], centre[1] - offset[1])
        votes[s.what.tile].append((at, rotation, off))
    placed: dict[Hex, tuple[str, int]] = {}
    for tile, tile_votes in sorted(votes.items()):
        (at, rotation), count = Counter((v[0], v[1]) for v in tile_votes).most_common(1)[0]
        if count < len(tile_votes):
            reading.doubts.append(f"tile {tile}: its markers disagree on its place or turn")
        if min(v[2] for v in tile_votes) > SNAP * geo.HEX_RADIUS:
            reading.doubts.append(f"tile {tile} lies between hexes")
        if tile in known and known[tile] != (at, rotation):
            reading.doubts.append(f"tile {tile} seems to have moved: tiles never move")
            reading.moved.append(tile)
            at, rotation = known[tile]
        if at in placed:
            reading.doubts.append(f"tiles {placed[at][0]} and {tile} read at the same hex")
            reading.clashes.append((placed[at][0], tile))
            continue
        placed[at] = (tile, rotation)
    for tile, (at, rotation) in known.items():
        # Tiles never move: a known tile under tokens or a hand stays where it was; what
        # lies on it may be hidden too, so the reader says so rather than nothing.
        if tile not in votes:
            placed.setdefault(at, (tile, rotation))
            reading.doubts.append(
                f"tile {tile} at {list(at)}: none of its markers seen (a hand, glare or "
                "tokens over it): what lies on it may be hidden"
            )
    by_tile = {tile: (at, rotation) for at, (tile, rotation) in placed.items()}
    reading.tiles = [
        {"at": list(at), "tile": tile, "rotation": rotation}
        for at, (tile, rotation) in sorted(placed.items(), key=lambda kv: kv[0][::-1])
    ]
    _read_pieces(reading, h, [s for s in seen if isinstance(s.what, markers.PieceMarker)], by_tile)
    _unseen_pieces(reading, prior)
    return reading


def space_at(tile: str, p: tuple[float, float], kind: str) -> str | None:
    """The space of ``tile`` under point ``p`` (tile mm): canoes lie on the river, tents on
    land; a hunter on the river when its centre is on the printed river band (a token is
    wider than the river, so a little slack), else on the land it is on."""
    entry = catalog.CATALOG[tile]
    a, b = entry.tile.river_corners()
    on_river = geo.polyline_distance(p, geo.river_path(a, b, geo.HEX_RADIUS)) <= (
        geo.RIVER_HALF + 2.5
    )
    if kind == "canoe" or (kind == "hunter" and on_river):
        return "river"
    for space, letter in (("prairie", "P"), ("mountain", "M")):
        if geo.inside(geo.land_polygon(entry.edges, letter, 0.0), p):
            return space
    return None


def _read_pieces(
    reading: Reading, h: Array, seen: list[Seen], by_tile: Mapping[str, tuple[Hex, int]]
) -> None:
    hunters: Counter[tuple[Hex, str, str]] = Counter()
    structures: dict[tuple[Hex, str, str], int] = {}
    at_tile = {at: (tile, rotation) for tile, (at, rotation) in by_tile.items()}
    for s in seen:
        what = s.what
        assert isinstance(what, markers.PieceMarker)
        board = apply(h, s.corners)
        right = board[0] - board[1]
        angle = math.atan2(right[1], right[0])
        marker = markers.piece_marker(what.colour, what.kind, what.size)
        half = markers.token_size(what.kind) / 2
        dx, dy = half - marker.centre[0], half - marker.centre[1]
        centre = board.mean(axis=0)
        x = centre[0] + dx * math.cos(angle) - dy * math.sin(angle)
        y = centre[1] + dx * math.sin(angle) + dy * math.cos(angle)
        at, _ = nearest_hex(x, y)
        label = f"{what.colour} {what.kind}" + (f" {what.size}" if what.size else "")
        if at not in at_tile:
            reading.doubts.append(f"a {label} lies off the board's tiles")
            continue
        tile, rotation = at_tile[at]
        space = space_at(tile, board_to_tile(at, rotation, (x, y)), what.kind)
        if space is None:
            reading.doubts.append(f"a {label} on tile {tile} lies on no space")
            continue
        key = (at, space, what.colour)
        if what.kind == "hunter":
            hunters[key] += 1
        elif key in structures:
            reading.doubts.append(f"two {what.colour} structures on one space of tile {tile}")
        else:
            structures[key] = what.size
    for key in sorted(set(hunters) | set(structures), key=lambda k: (k[0][::-1], k[1], k[2])):
        at, space, colour = key
        piece: dict[str, Any] = {"at": list(at), "space": space, "player": colour}
        piece["hunters"] = hunters.get(key, 0)
        if key in structures:
            piece["structure"] = structures[key]
        reading.pieces.append(piece)
    colours_per_space: dict[tuple[Hex, str], set[str]] = defaultdict(set)
    for at, space, colour in set(hunters) | set(structures):
        colours_per_space[(at, space)].add(colour)
    owned: Counter[str] = Counter()
    for (_, _, colour), count in hunters.items():
        owned[colour] += count
    for colour, count in sorted(owned.items()):
        if count > HUNTERS_OWNED:
            reading.doubts.append(f"{colour} shows {count} hunters; a player owns 8")
    for (at, space), colours in sorted(colours_per_space.items()):
        if len(colours) > 1:  # B5: a space holds one player's pieces
            reading.doubts.append(f"two colours on the {space} at {list(at)}")


def _unseen_pieces(reading: Reading, prior: Mapping[str, Any] | None) -> None:
    """What the prior had that the photo does not show: a hand or glare may hide it, so it
    is listed as unseen, never read as removed."""
    now = {(tuple(p["at"]), p["space"], p["player"]): p for p in reading.pieces}
    for entry in (prior or {}).get("pieces", ()):
        if not isinstance(entry, dict):
            continue
        key = (tuple(entry.get("at", ())), entry.get("space"), entry.get("player"))
        got = now.get(key, {})
        missing_hunters = int(entry.get("hunters", 0)) - int(got.get("hunters", 0))
        missing_structure = int(entry.get("structure", 0) or 0) > int(got.get("structure", 0))
        if missing_hunters > 0 or missing_structure:
            item: dict[str, Any] = {"at": list(key[0]), "space": key[1], "player": key[2]}
            if missing_hunters > 0:
                item["hunters"] = missing_hunters
            if missing_structure:
                item["structure"] = int(entry["structure"])
            reading.unseen.append(item)
