"""Read a Bison board from a photo of the printed kit (issue 23).

The kit's markers (``games.bison.kit.markers``) say which tile or token each one is; the
printed geometry (``games.bison.kit.tile_art``) says where on its piece it sits. Tiles never
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
import dataclasses
import functools
import io
import math
import warnings
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray
from PIL import Image, ImageOps

from games.bison import catalog
from games.bison.components import HUNTERS_OWNED
from games.bison.hexgrid import Hex, neighbours
from games.bison.kit import markers
from games.bison.kit import tile_art as geo
from reader import cover

MAX_BYTES = 30 * 1024 * 1024  # a 12 MP phone JPEG is 3–8 MB
MAX_PIXELS = 50_000_000  # past this a file is a decompression bomb, not a photo
MIN_MARGIN = 20.0  # the detector's decision margin below which a tag is noise
UPSCALE_BELOW = 6_000_000  # pixels: smaller photos are doubled before detection
SNAP = 0.35  # of a hex radius: a tile centre farther from every hex centre is a doubt
OUTLIER = 3.0  # mm: a marker this far from the first fit is left out of the second
SPACE_GRID = 5.0  # mm between the points where a space's visibility is looked at
EVIDENCE = 40.0  # mm: a space is seen when a marker read lies this near it ...
COVER = 25.0  # mm: ... and no tile marker in the frame went unread this near it
UNDER = 10.0  # mm: ... and the print shows nothing over it this near it (reader.cover)
APOTHEM = geo.HEX_RADIUS * math.sqrt(3) / 2  # mm: a hex's centre to its edges
NEW_TILES_MOST = 4  # tiles one round lays (one a player): the farthest a hidden one lies
OVER_BESIDE = 0.25  # of a hex beside the board like the covers, or unlike the table: hidden
SOFT = 0.75  # of a token marker's cell (px): a wider edge may lose a token's marker
WEAK_TOKEN = 90.0  # decision margin: clear photos' token markers read at 110 and more
WEAK_TILE = 100.0  # ... and their tile markers at 150 and more
BLURRED_EDGE = 0.9  # token cells: clear photos' marker edges measure 0.4–0.7
BLURRED = 0.35  # of the tile markers in the frame read: below, the photo is blurred

Array = NDArray[np.float64]
Coordinate = TypeVar("Coordinate", float, Array)  # one point, or many at once


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
    # Visibility (issue 32): every space of the board read is in view or hidden. Only a
    # hidden space keeps the prior's pieces (``unseen``); a prior piece missing from a
    # space in view was removed or moved (``gone``). ``hidden``: {"at", "space", "why"}
    # with why "out-of-frame" (the photo does not reach it) or "covered" (markers there
    # not read: a hand, glare, blur); ``in_view``: {"at", "space"}.
    hidden: list[dict[str, Any]] = field(default_factory=list)
    in_view: list[dict[str, Any]] = field(default_factory=list)
    gone: list[dict[str, Any]] = field(default_factory=list)
    # Hexes where tokens lie but no tile was read (a new tile under a hand, its markers
    # covered): {"at"}. The phone asks for one more photo of that corner.
    unread: list[dict[str, Any]] = field(default_factory=list)
    # The share of the tile markers in the frame that were read, and whether the photo
    # is too blurred or shaken to trust (``sharpness`` below ``BLURRED``).
    sharpness: float = 1.0
    blurred: bool = False

    def as_json(self, players: Sequence[str]) -> dict[str, Any]:
        return {
            "players": list(players),
            "tiles": self.tiles,
            "pieces": self.pieces,
            "final": False,
            "unseen": self.unseen,
            "doubts": self.doubts,
            "hidden": self.hidden,
            "in_view": self.in_view,
            "unread": self.unread,
            "blurred": self.blurred,
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


def too_large(size: int) -> PhotoError:
    """The refusal of a photo of ``size`` bytes, past ``MAX_BYTES``: its real size (the
    CLI reads no more than the limit, and asks the file system)."""
    return PhotoError(
        "too-large",
        f"the photo is too large ({size // 2**20} MB; at most {MAX_BYTES // 2**20} MB)",
    )


def open_photo(data: bytes) -> Image.Image:
    """The photo opened by the decoder of its format among ``FORMATS``, its header read
    and its size checked, its pixels not decoded yet (``PhotoError`` otherwise). Cheap:
    the web worker calls it before anything else reads the photo (companion.photo_jobs).
    The marker detector crashes the process (segmentation fault) on a 1 × 1, 1000 × 2 or
    24,000,000 × 2 image (issue 33, F3b): such sizes never reach it."""
    if len(data) > MAX_BYTES:
        raise too_large(len(data))
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
    return load_photo(data)[0]


#: The colour look (``reader.cover``) needs the print's inks, not the markers' cells: a
#: photo's longer side about this many pixels (a JPEG decodes at 1/2, 1/4 or 1/8 of its
#: size for a fraction of the time).
COLOUR_SIDE = 1000
GREY_MODES = ("1", "L", "LA", "La", "I", "I;16", "I;16B", "I;16L", "I;16N", "F")


def load_photo(data: bytes) -> tuple[NDArray[np.uint8], NDArray[np.uint8] | None]:
    """The photo as a grey array (the markers) and its colour look (``load_colour``; None
    for a photo without colour), both upright (EXIF); ``PhotoError`` for anything that is
    not a whole image of a sane size (``open_photo``). A JPEG's grey channel is decoded
    alone at full size, then its colour again at a fraction of it (the decoder scales for
    free); any other format is decoded once, both taken from it."""
    colour: NDArray[np.uint8] | None = None
    with open_photo(data) as image:
        jpeg = image.format in ("JPEG", "MPO")
        try:
            if jpeg:  # its grey channel alone: faster
                image.draft("L", image.size)
            image.load()  # a truncated file fails here, not later
            upright = ImageOps.exif_transpose(image)
            if not jpeg:
                colour = _colour_look(upright)
            if upright.mode.startswith("I"):
                # A 16-bit (or 32-bit integer) grey PNG: Pillow's "L" clips it to white
                # (issue 32: a 16-bit board read as "no board"); scaled down instead.
                wide = np.clip(np.asarray(upright), 0, None).astype(np.uint32)
                top = 65535 if upright.mode.startswith("I;16") else max(int(wide.max()), 255)
                scaled: NDArray[np.uint8] = (wide * 255 // top).astype(np.uint8)
                return scaled, colour
            grey: NDArray[np.uint8] = np.asarray(upright.convert("L"))
        except MemoryError:
            raise
        except Exception:  # a decoder's failure on a client's bytes: a damaged photo
            raise PhotoError(
                "truncated", "the photo is truncated or damaged: send it again"
            ) from None
    return grey, (load_colour(data) if jpeg else colour)


def load_colour(data: bytes) -> NDArray[np.uint8] | None:
    """The photo in colour, upright (EXIF), its longer side about ``COLOUR_SIDE`` (each
    pixel the mean of those it stands for: the same patch of print whatever the camera);
    None for a photo without colour (a grey PNG: nothing tells a hand from the
    print) or one that cannot be decoded (``load_grey`` says why)."""
    try:
        with open_photo(data) as image:
            if image.mode in GREY_MODES:
                return None
            width, height = image.size
            factor = max(1, max(width, height) // COLOUR_SIDE)
            image.draft("RGB", (width // factor, height // factor))  # a JPEG's DCT scaling
            image.load()
            return _colour_look(ImageOps.exif_transpose(image))
    except MemoryError:
        raise
    except Exception:  # a decoder's failure on a client's bytes: load_grey said it first
        return None


def _colour_look(upright: Image.Image) -> NDArray[np.uint8] | None:
    """``upright`` (decoded) as the colour look: RGB, its longer side about
    ``COLOUR_SIDE``; None for a grey image."""
    if upright.mode in GREY_MODES:
        return None
    try:
        if upright.mode in ("P", "PA"):  # a palette resizes by its nearest pixel: colours first
            upright = upright.convert("RGB")
        longer = max(upright.size)
        if longer > COLOUR_SIDE * 1.2:  # a 2 MP JPEG, a PNG, a WebP: no draft scale
            shrink = COLOUR_SIDE / longer
            size = (round(upright.width * shrink), round(upright.height * shrink))
            upright = upright.resize(size, Image.Resampling.BOX)
        return np.asarray(upright.convert("RGB"))
    except MemoryError:
        raise
    except Exception:  # an image mode the look cannot take: the markers alone decide
        return None


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
    return _turned(at, rotation, p[0], p[1])


def _turned(at: Hex, rotation: int, x: Coordinate, y: Coordinate) -> tuple[Coordinate, Coordinate]:
    """``tile_to_board`` of one point, or of many (arrays of x and y) at once."""
    cx, cy = hex_centre(at)
    a = math.radians(-60 * rotation)
    dx, dy = x - geo.TILE[0] / 2, y - geo.TILE[1] / 2
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


@dataclass(frozen=True)
class _Placed:
    """A tile on the board as the reader places it: its name (catalog id, or the retail
    tile's label), its turn and its edges in its own frame (a catalog tile's printed
    edges, turned by ``rotation``; a retail tile's edges as it lies, ``rotation`` 0)."""

    name: str
    rotation: int
    edges: str
    marked: bool  # a catalog tile: its markers are printed (or stuck) on it


def _prior_tiles(
    prior: Mapping[str, Any] | None,
) -> tuple[dict[str, tuple[Hex, int]], dict[Hex, str]]:
    """Known tiles: the start tiles where B4 lays them, plus the prior's catalog tiles;
    and the prior's tiles given by their edges (retail tiles: no markers), by hex."""
    known = {tile: (at, 0) for tile, at in catalog.START_LAYOUT.items()}
    plain: dict[Hex, str] = {}
    for entry in (prior or {}).get("tiles", ()):
        if not isinstance(entry, dict):
            continue
        at = entry.get("at")
        try:
            spot = (int(at[0]), int(at[1]))  # type: ignore[index]
        except (TypeError, ValueError, IndexError):
            continue
        if entry.get("tile") in catalog.CATALOG:
            known[entry["tile"]] = (spot, int(entry.get("rotation", 0)) % 6)
        elif isinstance(entry.get("edges"), str) and len(entry["edges"]) == 6:
            plain[spot] = entry["edges"]
    return known, plain


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


def _refined(tiles_seen: list[Seen], placed: Mapping[str, tuple[Hex, int]], h: Array) -> Array:
    """The perspective fitted again on every placed tile's markers (new tiles' too: they
    spread the fit over the whole board), markers more than ``OUTLIER`` mm from where
    the first fit puts them left out (a misread, a tile lifted)."""
    src, dst = _anchors(tiles_seen, placed)
    if len(src) < 8:
        return h
    points, targets = np.asarray(src), np.asarray(dst)
    error = np.linalg.norm(apply(h, points) - targets, axis=1)
    good = (error <= OUTLIER).reshape(-1, 4).all(axis=1).repeat(4)
    if good.sum() < 8:
        return h
    return homography(points[good], targets[good])


def read(
    data: bytes,
    prior: Mapping[str, Any] | None = None,
) -> Reading:
    """Read the board in the photo ``data`` (JPEG, PNG…), given the confirmed board
    ``prior`` (the ``campfire score bison`` format) if any. ``PhotoError`` when the photo
    is no image, shows no Bison board or shows another kit's markers."""
    grey, colour = load_photo(data)
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
    known, plain = _prior_tiles(prior)
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
    placed = _place_tiles(reading, h, tiles_seen, known, plain)
    by_tile = {p.name: (at, p.rotation) for at, p in placed.items() if p.marked}
    h = _refined(tiles_seen, by_tile, h)
    reading.homography = h
    pieces_seen = [s for s in seen if isinstance(s.what, markers.PieceMarker)]
    # A new tile whose markers tokens or a hand cover (no marker read): its hex is known
    # from the grid, its tile from what its markers' patterns show past the tokens.
    scratch = Reading()
    scratch_tokens = _read_pieces(scratch, h, pieces_seen, placed)
    for entry in scratch.unread:
        at = (int(entry["at"][0]), int(entry["at"][1]))
        found = _identify(grey, h, at, placed, known, scratch_tokens)
        if found is not None:
            placed[at] = _Placed(found[0], found[1], catalog.CATALOG[found[0]].edges, True)
            reading.doubts.append(
                f"tile {found[0]} at {list(at)} was read from its markers' uncovered parts"
            )
    for at, p in sorted(placed.items(), key=lambda kv: kv[0][::-1]):
        if p.marked:
            reading.tiles.append({"at": list(at), "tile": p.name, "rotation": p.rotation})
        else:
            entry = next(
                e
                for e in (prior or {}).get("tiles", ())
                if isinstance(e, dict)
                and e.get("edges") == p.edges
                and list(e.get("at", ())) == list(at)
            )
            reading.tiles.append(dict(entry))
    tokens = _read_pieces(reading, h, pieces_seen, placed)
    covers = _covers(colour, grey.shape, h, placed, tiles_seen, tokens)
    _visibility(reading, grey, h, placed, tiles_seen, tokens, covers)
    _unseen_pieces(reading, prior)
    return reading


def _place_tiles(
    reading: Reading,
    h: Array,
    tiles_seen: list[Seen],
    known: Mapping[str, tuple[Hex, int]],
    plain: Mapping[Hex, str],
) -> dict[Hex, _Placed]:
    """Every tile on the board: new tiles from their markers' votes (a hex and a turn
    each), known tiles where the prior has them (tiles never move), retail tiles (no
    markers) where the prior has them, carrying the grid all the same."""
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
        if at in placed or (at in plain and tile not in known):
            other = placed[at][0] if at in placed else f"the tile at {list(at)}"
            reading.doubts.append(f"tiles {other} and {tile} read at the same hex")
            reading.clashes.append((other, tile))
            continue
        placed[at] = (tile, rotation)
    for tile, (at, rotation) in known.items():
        # Tiles never move: a known tile under tokens or a hand stays where it was; what
        # lies on it may be hidden too (its spaces say so: ``hidden``).
        if tile not in votes:
            placed.setdefault(at, (tile, rotation))
    out = {
        at: _Placed(tile, rotation, catalog.CATALOG[tile].edges, True)
        for at, (tile, rotation) in placed.items()
    }
    for at, edges in plain.items():
        out.setdefault(at, _Placed(f"retail {list(at)}", 0, edges, False))
    return out


#: A new tile none of whose markers was read (tokens or a hand over each) is told from
#: the cells of its markers that no token read covers: at least ``MATCH_CELLS`` of them
#: seen, their grey following the printed black and white (correlation) by
#: ``MATCH_LEAST``, and ahead of every other tile and turn by ``MATCH_LEAD``. Else the
#: hex stays unread (the phone asks for one more photo): never a guess.
MATCH_CELLS = 60
MATCH_LEAST = 0.6
MATCH_LEAD = 0.25


@functools.cache
def _marker_cells(tile: str) -> tuple[Array, Array]:
    """The centres (tile mm) of the cells of ``tile``'s three markers, each 8 × 8 black
    bordered square with its white margin, and each cell's print (0 black, 1 white)."""
    points: list[tuple[float, float]] = []
    values: list[float] = []
    for marker in markers.tile_markers(tile):
        cell = marker.size * 0.8 / 8
        black = set(markers.black_cells(marker.id))
        left, top = marker.centre[0] - 4 * cell, marker.centre[1] + 4 * cell
        for row in range(-1, 9):
            for column in range(-1, 9):
                points.append((left + (column + 0.5) * cell, top - (row + 0.5) * cell))
                values.append(0.0 if (column, row) in black else 1.0)
    return np.asarray(points), np.asarray(values)


def _tile_points_to_board(at: Hex, rotation: int, points: Array) -> Array:
    """``tile_to_board`` for many points at once."""
    out: Array = np.stack(_turned(at, rotation, points[:, 0], points[:, 1]), axis=1)
    return out


def _sample(grey: NDArray[np.uint8], image: Array) -> tuple[Array, NDArray[np.bool_]]:
    """The photo's grey at ``image`` points (bilinear) and which points lie inside it."""
    height, width = grey.shape
    x, y = image[:, 0], image[:, 1]
    inside = (x >= 0) & (y >= 0) & (x < width - 1) & (y < height - 1)
    xi = np.clip(x, 0, width - 1.001)
    yi = np.clip(y, 0, height - 1.001)
    x0, y0 = np.floor(xi).astype(int), np.floor(yi).astype(int)
    fx, fy = xi - x0, yi - y0
    value: Array = (
        grey[y0, x0] * (1 - fx) * (1 - fy)
        + grey[y0, x0 + 1] * fx * (1 - fy)
        + grey[y0 + 1, x0] * (1 - fx) * fy
        + grey[y0 + 1, x0 + 1] * fx * fy
    )
    return value, inside


def _identify(
    grey: NDArray[np.uint8],
    h: Array,
    at: Hex,
    placed: Mapping[Hex, _Placed],
    known: Mapping[str, tuple[Hex, int]],
    tokens: Sequence[_Token],
) -> tuple[str, int] | None:
    """The catalog tile and turn at hex ``at``, where tokens lie but no marker of a tile
    was read, told from its markers' cells the tokens read there leave uncovered (see
    ``MATCH_CELLS``); None when no tile is certain."""
    taken = {p.name for p in placed.values()} | set(known)
    candidates = [t for t, e in catalog.CATALOG.items() if not e.start and t not in taken]
    to_image: Array = np.asarray(np.linalg.inv(h), dtype=np.float64)
    middle = hex_centre(at)
    near = [t for t in tokens if math.dist(t.centre, middle) < geo.HEX_RADIUS + t.side]
    scores: list[tuple[float, str, int]] = []
    for tile in candidates:
        points, values = _marker_cells(tile)
        for rotation in range(6):
            board = _tile_points_to_board(at, rotation, points)
            seen = np.ones(len(board), dtype=bool)
            for t in near:  # a token's square, a millimetre wider: its edge is soft
                rel = board - np.asarray(t.centre)
                cos, sin = math.cos(t.angle), math.sin(t.angle)
                u = rel[:, 0] * cos + rel[:, 1] * sin
                v = -rel[:, 0] * sin + rel[:, 1] * cos
                reach = t.side / 2 + 1.0
                seen &= ~((np.abs(u) <= reach) & (np.abs(v) <= reach))
            grey_at, inside = _sample(grey, apply(to_image, board))
            seen &= inside
            if seen.sum() < MATCH_CELLS or values[seen].std() == 0 or grey_at[seen].std() == 0:
                continue
            match = float(np.corrcoef(values[seen], grey_at[seen])[0, 1])
            scores.append((match, tile, rotation))
    scores.sort(reverse=True)
    if not scores or scores[0][0] < MATCH_LEAST:
        return None
    if len(scores) > 1 and scores[0][0] - scores[1][0] < MATCH_LEAD:
        return None
    return scores[0][1], scores[0][2]


def space_at(tile: str, p: tuple[float, float], kind: str) -> str | None:
    """The space of catalog tile ``tile`` under point ``p`` (tile mm) for a token of
    ``kind`` whose centre is there (see :func:`space_of_footprint`)."""
    return space_of_footprint(catalog.CATALOG[tile].edges, [p], kind)


def space_of_footprint(
    edges: str, footprint: Sequence[tuple[float, float]], kind: str
) -> str | None:
    """The space a token lies on, from the points of its footprint (tile mm) on a tile
    of ``edges`` (in the tile's own frame): each point's space as printed
    (``tile_art.space_at_point``, the print's own line); a canoe on the river, a tent on
    the land it covers most, a hunter on the space it covers most. None when the token
    covers none of the tile."""
    counts: Counter[str] = Counter()
    for p in footprint:
        space = geo.space_at_point(edges, p)
        if space is not None:
            counts[space] += 1
    if not counts:
        return None
    if kind == "canoe":
        return "river"
    if kind == "tent":
        land = [s for s in ("prairie", "mountain") if counts[s]]
        return max(land, key=lambda s: counts[s]) if land else None
    # The river is narrower than a hunter token: on it, the token covers it most.
    return max(("river", "prairie", "mountain"), key=lambda s: counts[s])


_FOOTPRINT = [(u, v) for u in np.linspace(-0.4, 0.4, 5) for v in np.linspace(-0.4, 0.4, 5)]


@dataclass(frozen=True)
class _Token:
    """A token read: its centre and footprint (board mm) and its side (mm)."""

    centre: tuple[float, float]
    side: float
    margin: float = 1000.0  # the detector's decision margin
    angle: float = 0.0  # radians: the token's turn on the board


def _read_pieces(
    reading: Reading, h: Array, seen: list[Seen], placed: Mapping[Hex, _Placed]
) -> list[_Token]:
    hunters: Counter[tuple[Hex, str, str]] = Counter()
    structures: dict[tuple[Hex, str, str], int] = {}
    tokens: list[_Token] = []
    board_hexes = set(placed) | {n for at in placed for n in neighbours(at)}
    unread: set[Hex] = set()
    for s in seen:
        what = s.what
        assert isinstance(what, markers.PieceMarker)
        board = apply(h, s.corners)
        right = board[0] - board[1]
        angle = math.atan2(right[1], right[0])
        marker = markers.piece_marker(what.colour, what.kind, what.size)
        side = markers.token_size(what.kind)
        half = side / 2
        dx, dy = half - marker.centre[0], half - marker.centre[1]
        centre = board.mean(axis=0)
        cos, sin = math.cos(angle), math.sin(angle)
        x = centre[0] + dx * cos - dy * sin
        y = centre[1] + dx * sin + dy * cos
        tokens.append(_Token((float(x), float(y)), side, s.margin, angle))
        at, _ = nearest_hex(x, y)
        label = f"{what.colour} {what.kind}" + (f" {what.size}" if what.size else "")
        if at not in placed:
            # A token where no tile was read: on the board's edge, a tile there could not
            # be read (a new tile under a hand or tokens); farther, a supply beside it.
            if at in board_hexes and at not in unread:
                unread.add(at)
                reading.unread.append({"at": list(at)})
                reading.doubts.append(f"a tile at {list(at)} could not be read")
            continue
        tile = placed[at]
        footprint = [
            board_to_tile(
                at,
                tile.rotation,
                (x + side * (u * cos - v * sin), y + side * (u * sin + v * cos)),
            )
            for u, v in _FOOTPRINT
        ]
        space = space_of_footprint(tile.edges, footprint, what.kind)
        if space is None:
            reading.doubts.append(f"a {label} on tile {tile.name} lies on no space")
            continue
        key = (at, space, what.colour)
        if what.kind == "hunter":
            hunters[key] += 1
        elif key in structures:
            reading.doubts.append(f"two {what.colour} structures on one space of tile {tile.name}")
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
    return tokens


# -- visibility ----------------------------------------------------------------------------


@dataclass(frozen=True)
class _Covers:
    """What the print's colours show over the printed tiles (``reader.cover``): the
    points (board mm) and their look; ``colour`` and ``to_colour`` (board mm → its
    pixels) to look elsewhere. Empty when the photo has no colour."""

    points: Array
    chroma: Array
    total: Array
    colour: NDArray[np.uint8] | None = None
    to_colour: Array | None = None
    # The table's usual look around the board (``cover.usual``), where no tile lies.
    table_chroma: Array = field(default_factory=lambda: np.zeros((0, 3)))
    table_total: Array = field(default_factory=lambda: np.zeros(0))

    def look(self, board: Array) -> tuple[Array, Array]:
        """``cover.look`` at the ``board`` points that lie in the frame."""
        if self.colour is None or self.to_colour is None:
            return np.zeros((0, 3)), np.zeros(0)
        inside = _in_frame(self.to_colour, board, self.colour.shape)
        return cover.look(self.colour, apply(self.to_colour, board[inside]))

    def over(self, board: Array) -> bool:
        """Whether something lies over the ``board`` points (a hex beside the board):
        ``OVER_BESIDE`` of them look like the covers found on the print, or unlike the
        table's usual look (a tile whose markers were not read, a hand the print did
        not see)."""
        chroma, total = self.look(board)
        if not len(chroma):
            return False
        if len(self.points):
            like_cover = cover.alike(chroma, total, self.chroma, self.total)
            if like_cover.mean() >= OVER_BESIDE:
                return True
        if len(self.table_chroma):
            like_table = cover.alike(chroma, total, self.table_chroma, self.table_total)
            return bool((~like_table).mean() >= OVER_BESIDE)
        return False


def _in_frame(to_image: Array, board: Array, shape: tuple[int, ...]) -> NDArray[np.bool_]:
    """Which ``board`` points lie in an image of ``shape`` (a pixel inside its edge: the
    3 × 3 look around each)."""
    image = apply(to_image, board)
    height, width = shape[0], shape[1]
    inside: NDArray[np.bool_] = (image[:, 0] >= 1) & (image[:, 1] >= 1)
    inside &= (image[:, 0] < width - 2) & (image[:, 1] < height - 2)
    return inside


def _covers(
    colour: NDArray[np.uint8] | None,
    shape: tuple[int, ...],
    h: Array,
    placed: Mapping[Hex, _Placed],
    tiles_seen: list[Seen],
    tokens: list[_Token],
) -> _Covers:
    """The points of the printed tiles' prairies and mountains where the photo shows
    something over the print (``reader.cover``): a hand over no marker, glare, a token
    whose marker went unread; a retail tile (its inks its own, not the kit's) where it
    looks like those covers; and the table's usual look around the board
    (``_Covers.over``)."""
    none = _Covers(np.zeros((0, 2)), np.zeros((0, 3)), np.zeros(0))
    if colour is None:
        return none
    to_colour: Array = np.diag([colour.shape[1] / shape[1], colour.shape[0] / shape[0], 1.0])
    to_colour = to_colour @ np.linalg.inv(h)
    boards: list[Array] = []
    kinds: list[str] = []
    tiles: list[int] = []
    for n, (at, tile) in enumerate(placed.items()):
        if tile.marked:
            points, of = cover.art_points(tile.name)
            boards.append(_tile_points_to_board(at, tile.rotation, points))
            kinds += of
            tiles += [n] * len(of)
    if not boards:
        return none
    board = np.vstack(boards)
    kind, tile_of = np.asarray(kinds), np.asarray(tiles)
    # A token read lies over the art, and its rim and marker are not the space's ink.
    keep = np.ones(len(board), dtype=bool)
    for t in tokens:
        keep &= np.hypot(*(board - np.asarray(t.centre)).T) > t.side / math.sqrt(2) + cover.CLEAR
    keep &= _in_frame(to_colour, board, colour.shape)
    board, kind, tile_of = board[keep], kind[keep], tile_of[keep]
    image = apply(to_colour, board)
    where = {tile.name: (at, tile.rotation) for at, tile in placed.items()}
    read = [
        tile_to_board(*where[s.what.tile], markers.tile_markers(s.what.tile)[s.what.slot].centre)
        for s in tiles_seen
        if isinstance(s.what, markers.TileMarker) and s.what.tile in where
    ]
    if not read or not len(board):
        return none
    near = np.linalg.norm(board[:, None, :] - np.asarray(read)[None, :, :], axis=2).min(axis=1)
    chroma, total = cover.look(colour, image)
    reference = near <= cover.REFERENCE_NEAR
    found = cover.foreign(chroma, total, list(kind), board, reference, list(tile_of))
    covers = _Covers(board[found], chroma[found], total[found], colour, to_colour)
    # A retail tile's inks are its own: what covers the print is told there by its look
    # alone (the same hand over a retail tile beside printed ones).
    retail = [
        np.asarray(
            [tile_to_board(at, 0, p) for points in _space_points(t.edges).values() for p in points]
        )
        for at, t in placed.items()
        if not t.marked
    ]
    if retail and len(covers.points):
        spots = np.vstack(retail)
        inside = _in_frame(to_colour, spots, colour.shape)
        chroma_r, total_r = cover.look(colour, apply(to_colour, spots[inside]))
        like = cover.alike(chroma_r, total_r, covers.chroma, covers.total)
        if like.any():
            covers = dataclasses.replace(
                covers, points=np.vstack((covers.points, spots[inside][like]))
            )
    # The table: the hexes two steps from the board (beside it a new tile may lie).
    beside = {n for at in placed for n in neighbours(at)} - set(placed)
    around = {n for at in beside for n in neighbours(at)} - set(placed) - beside
    if not around:
        return covers
    table = np.vstack([_hex_area(at) for at in sorted(around)])
    table_chroma, table_total = covers.look(table)
    step = max(1, len(table_chroma) // cover.TABLE_MOST)
    table_chroma, table_total = table_chroma[::step], table_total[::step]
    usual = cover.usual(table_chroma, table_total)
    return dataclasses.replace(
        covers, table_chroma=table_chroma[usual], table_total=table_total[usual]
    )


@functools.cache
def _space_points(edges: str) -> dict[str, tuple[tuple[float, float], ...]]:
    """Points of each space of a tile of ``edges`` (its own mm), ``SPACE_GRID`` apart:
    where the reader looks whether a space is in view."""
    out: dict[str, list[tuple[float, float]]] = {"prairie": [], "river": [], "mountain": []}
    for gy in range(int(geo.TILE[1] / SPACE_GRID) + 1):
        for gx in range(int(geo.TILE[0] / SPACE_GRID) + 1):
            p = (gx * SPACE_GRID + SPACE_GRID / 2, gy * SPACE_GRID + SPACE_GRID / 2)
            space = geo.space_at_point(edges, p)
            if space is not None:
                out[space].append(p)
    return {space: tuple(points) for space, points in out.items()}


def _visibility(
    reading: Reading,
    grey: NDArray[np.uint8],
    h: Array,
    placed: Mapping[Hex, _Placed],
    tiles_seen: list[Seen],
    tokens: list[_Token],
    covers: _Covers,
) -> None:
    """Decide, for every space of every tile on the board, "in view" or "hidden".

    In view: the whole space lies in the frame, a marker read (a tile's or a token's)
    lies within ``EVIDENCE`` mm of it (the image there is seen and sharp enough to
    read), and no tile marker that should be seen there went unread within ``COVER``
    mm of it. A tile marker in the frame, not under a token read, that was not read is
    under something — a hand, glare, a blur, a token whose own marker is not read — and
    what is near it may be too. Nor is a space within ``UNDER`` mm of ``covers`` in view:
    the print's own colours show something over it there (a hand over no marker). A hex
    beside the board is hidden where the photo there looks like those covers or unlike
    the table around the board (``_Covers.over``), and then so are the hexes beside it,
    up to ``NEW_TILES_MOST`` steps out."""
    height, width = grey.shape[0], grey.shape[1]
    to_image: Array = np.asarray(np.linalg.inv(h), dtype=np.float64)
    read_markers = {
        (s.what.tile, s.what.slot) for s in tiles_seen if isinstance(s.what, markers.TileMarker)
    }
    # What vouches for the image near it: a marker read clearly (not only just).
    evidence: list[tuple[float, float]] = [t.centre for t in tokens if t.margin >= WEAK_TOKEN]
    blocked: list[tuple[float, float]] = []
    expected = found = 0
    for at, tile in placed.items():
        if not tile.marked:
            continue
        for marker in markers.tile_markers(tile.name):
            centre = tile_to_board(at, tile.rotation, marker.centre)
            if (tile.name, marker.id % markers.TILE_SLOTS) in read_markers:
                evidence.append(centre)
                expected += 1
                found += 1
                continue
            x, y = apply(to_image, np.asarray([centre]))[0]
            if not (0 <= x < width and 0 <= y < height):
                continue
            under_token = any(
                # The two squares may touch, whatever their turns: corner to corner.
                math.dist(centre, t.centre) < (t.side + markers.TILE_MARKER) / math.sqrt(2)
                for t in tokens
            )
            if under_token:
                continue
            expected += 1
            blocked.append(centre)
    # A token read only just (noise, blur: a low decision margin) says a neighbour there
    # may have been lost: near it, spaces are not vouched for.
    blocked += [t.centre for t in tokens if t.margin < WEAK_TOKEN]
    soft: list[float] = []  # each read tile marker's edge width, in token cells
    unjudged: list[tuple[float, float]] = []  # soft, where the colours judge the print
    # A marker read may still be too soft for a token's smaller one (a defocus, a shake):
    # where a read tile marker's edge is wider than ``SOFT`` of a token marker's cell, a
    # token there may have been lost; it counts as unread for the spaces near it.
    for s in tiles_seen:
        assert isinstance(s.what, markers.TileMarker)
        if s.what.tile not in {t.name for t in placed.values()}:
            continue
        cell = float(np.linalg.norm(s.corners[0] - s.corners[1])) / 8  # px per tag cell
        token_cell = cell * markers.TOKEN_MARKER / markers.TILE_MARKER
        soft.append(_edge_width(grey, s.corners) / token_cell)
        # Where the photo has colour, a token lost to the blur still shows its body over
        # the print (``covers``): there a soft marker alone no longer hides the spaces
        # near it; on a retail tile or a river, which the colours do not judge, it does.
        if soft[-1] <= SOFT and s.margin >= WEAK_TILE:
            continue
        at = next(a for a, t in placed.items() if t.name == s.what.tile)
        marker = markers.tile_markers(s.what.tile)[s.what.slot]
        centre = tile_to_board(at, placed[at].rotation, marker.centre)
        if covers.colour is not None and s.margin >= WEAK_TILE:  # soft only, and judged
            unjudged.append(centre)
            continue
        blocked.append(centre)
        if centre in evidence:
            evidence.remove(centre)
    reading.sharpness = found / expected if expected else 1.0
    # The sharpness measure: most markers' edges wider than ``BLURRED_EDGE`` token cells
    # (a shake, a missed focus), or most of the tile markers in the frame unread.
    edge = float(np.median(soft)) if soft else 0.0
    reading.blurred = reading.sharpness < BLURRED or edge > BLURRED_EDGE
    if reading.blurred:
        reading.doubts.append("the photo is blurred or shaken: hold still and take it again")
    ev = np.asarray(evidence) if evidence else np.zeros((0, 2))
    bl = np.asarray(blocked) if blocked else np.zeros((0, 2))
    for at, tile in sorted(placed.items(), key=lambda kv: kv[0][::-1]):
        # The covers near this tile: few or none (a whole photo's are hundreds).
        near_tile = np.hypot(*(covers.points - np.asarray(hex_centre(at))).T)
        local = covers.points[near_tile <= geo.HEX_RADIUS + UNDER]
        for space, points in _space_points(tile.edges).items():
            board = np.asarray([tile_to_board(at, tile.rotation, p) for p in points])
            image = apply(to_image, board)
            where = {"at": list(at), "space": space}
            inside = (
                (image[:, 0] >= 0)
                & (image[:, 0] < width)
                & (image[:, 1] >= 0)
                & (image[:, 1] < height)
            )
            if not inside.all():
                reading.hidden.append(where | {"why": "out-of-frame"})
                continue
            near_evidence = len(ev) and _nearest(board, ev) <= EVIDENCE
            near_blocked = (len(bl) and _nearest(board, bl) <= COVER) or (
                len(local) and _nearest(board, local) <= UNDER
            )
            if unjudged and (not tile.marked or space == "river"):
                # The soft marker speaks for the photo's sharpness as far as a marker
                # read vouches for it (``EVIDENCE``).
                near_blocked = near_blocked or _nearest(board, np.asarray(unjudged)) <= EVIDENCE
            if near_evidence and not near_blocked and not reading.blurred:
                reading.in_view.append(where)
            else:
                reading.hidden.append(where | {"why": "covered"})
    # A hex beside the board the photo does not show whole, or shows covered, may hold
    # a new tile the reader could not see: its spaces are hidden too (a token there is
    # not read as gone), and so may the hexes beside a covered one (a round lays up to
    # one tile a player, each beside the board or beside another new one).
    middle = np.asarray([(geo.TILE[0] / 2, geo.TILE[1] / 2)])
    ring = np.asarray([geo.corner_at(i, geo.HEX_RADIUS * 0.8) for i in range(6)])
    frontier = {n for at in placed for n in neighbours(at)} - set(placed)
    looked: set[Hex] = set(placed)
    for _ in range(NEW_TILES_MOST):
        looked |= frontier
        hidden_now: set[Hex] = set()
        for at in sorted(frontier, key=lambda a: a[::-1]):
            board = np.asarray([tile_to_board(at, 0, tuple(p)) for p in np.vstack((middle, ring))])
            image = apply(to_image, board)
            inside = (image[:, 0] >= 0) & (image[:, 0] < width)
            inside &= (image[:, 1] >= 0) & (image[:, 1] < height)
            why = None
            if not inside.all():
                why = "out-of-frame"
            elif len(bl) and _nearest(board, bl) <= COVER:
                why = "covered"
            elif covers.over(_hex_area(at)):
                why = "covered"  # a hand, a tile whose markers were not read
            if why == "covered":  # past the frame's edge, the hexes beyond are too
                hidden_now.add(at)
            if why is not None:
                reading.hidden += [
                    {"at": list(at), "space": space, "why": why}
                    for space in ("prairie", "river", "mountain")
                ]
        frontier = {n for at in hidden_now for n in neighbours(at)} - looked


@functools.cache
def _hex_area_points() -> Array:
    """Points of a hex (mm from its centre), ``SPACE_GRID`` apart, within 0.9 of the
    distance from its centre to its edges: the hex itself, none of its neighbours."""
    step = SPACE_GRID
    reach = int(geo.HEX_RADIUS / step) + 1
    points = [
        (x * step, y * step)
        for x in range(-reach, reach + 1)
        for y in range(-reach, reach + 1)
        if math.hypot(x * step, y * step) <= 0.9 * APOTHEM
    ]
    return np.asarray(points, dtype=np.float64)


def _hex_area(at: Hex) -> Array:
    """``_hex_area_points`` of hex ``at`` in board mm."""
    out: Array = _hex_area_points() + np.asarray(hex_centre(at))
    return out


def _edge_width(grey: NDArray[np.uint8], corners: Array) -> float:
    """How wide (px) the black square's outer edge is in the photo: the rise of the grey
    across each side's middle (black inside, the white margin outside) over its steepest
    step, the median of the four sides. A sharp edge is a pixel or two wide; a blur of
    sigma s widens it to about 2.5 s."""
    centre = corners.mean(axis=0)
    cell = float(np.linalg.norm(corners[0] - corners[1])) / 8
    widths = []
    height, width = grey.shape
    for a, b in ((0, 1), (1, 2), (2, 3), (3, 0)):
        mid = (corners[a] + corners[b]) / 2
        out = mid - centre
        out = out / max(float(np.linalg.norm(out)), 1e-9)
        steps = np.linspace(-0.8 * cell, 0.9 * cell, 24)
        xs, ys = mid[0] + steps * out[0], mid[1] + steps * out[1]
        if xs.min() < 0 or ys.min() < 0 or xs.max() >= width - 1 or ys.max() >= height - 1:
            continue
        x0, y0 = np.floor(xs).astype(int), np.floor(ys).astype(int)
        fx, fy = xs - x0, ys - y0
        # Bilinear samples, gathered from the photo as it is (a copy of a 12 MP photo as
        # floats per side cost 3 s a photo).
        profile = (
            grey[y0, x0] * (1 - fx) * (1 - fy)
            + grey[y0, x0 + 1] * fx * (1 - fy)
            + grey[y0 + 1, x0] * (1 - fx) * fy
            + grey[y0 + 1, x0 + 1] * fx * fy
        )
        rise = float(profile[-3:].mean() - profile[:3].mean())
        slope = float(np.diff(profile).max()) / float(steps[1] - steps[0])
        if rise > 20 and slope > 0:
            widths.append(rise / slope)
    return float(np.median(widths)) if widths else 0.0


def _nearest(points: Array, others: Array) -> float:
    """The least distance between any of ``points`` and any of ``others`` (mm)."""
    d = points[:, None, :] - others[None, :, :]
    return float(np.sqrt((d**2).sum(axis=2)).min())


def _unseen_pieces(reading: Reading, prior: Mapping[str, Any] | None) -> None:
    """What the prior had that the photo does not show: on a hidden space, listed as
    unseen (kept as it was); on a space in view, as gone (removed or moved)."""
    now = {(tuple(p["at"]), p["space"], p["player"]): p for p in reading.pieces}
    hidden = {(tuple(h["at"]), h["space"]) for h in reading.hidden}
    in_view = {(tuple(v["at"]), v["space"]) for v in reading.in_view}
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
            # A space neither in view nor hidden (its tile is not on the board read) is
            # unseen: nothing says it changed.
            if key[:2] in in_view and key[:2] not in hidden:
                reading.gone.append(item)
            else:
                reading.unseen.append(item)
