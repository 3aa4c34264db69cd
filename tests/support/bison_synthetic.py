"""Synthetic table photos of a printed Bison board, for the reader's tests and
``bench/bison_photo.py`` (issue 23): the kit's own faces (rendered from its PDF by
pdftoppm through ``printgen.export``) laid as a board with tokens side by side, seen
through a tilted camera, blurred, unevenly lit, sometimes with a hand, saved as JPEG.
Everything comes from a seed, so a photo is the same on every run.
"""

from __future__ import annotations

import functools
import io
import math
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import made_once
import numpy as np
from numpy.typing import NDArray
from PIL import Image, ImageDraw, ImageFilter

from games.bison import catalog, explain, fold
from games.bison.board import Board, Pieces, PlacedTile
from games.bison.components import HUNTERS_OWNED, STRUCTURE_SIZES
from games.bison.economy import MAX_HUNTERS_PER_ACTION
from games.bison.hexgrid import Hex, neighbours
from games.bison.kit import markers
from games.bison.kit import tile_art as geo
from games.bison.movement import reachable
from games.bison.table.state import State
from games.bison.tiles import Tile
from games.table import Player
from reader.bison import Reading, hex_centre, homography, tile_to_board

_PLAYERS = ["red", "yellow", "green", "blue"]
SIZES = {"12mp": (4000, 3000), "3mp": (2000, 1500), "2mp": (1632, 1224)}
#: What a real table brings (issue 32, item 8), each one a word for ``photo(conditions=…)``.
CONDITIONS = (
    "wood",  # a wood-grain table
    "check",  # a check cloth on the table
    "shadow",  # a shadow across part of the board
    "warm",  # warm (tungsten) light
    "noise",  # sensor noise
    "turned",  # the board turned any way in the frame
    "cut",  # the board partly out of the frame
    "defocus",  # sharp at one side, blurred towards the other
    "lens",  # barrel distortion of a wide phone lens
    "glare",  # a lamp's reflection on part of the board
    "inksaver",  # the kit printed in a printer's ink-saving mode: pale inks, grey blacks
    "shake",  # the phone moved a little while the shutter was open
)
FACE_DPI = 300


@dataclass(frozen=True)
class Token:
    """One token of the truth and what the camera sees of its marker: ``covered`` is the
    share of the marker's black square under the hand (any share loses the tag), ``width``
    its width in the photo's pixels (for the bench's analysis of misses)."""

    at: Hex
    space: str
    colour: str
    kind: str
    size: int
    covered: float
    width: float


@dataclass
class Photo:
    jpeg: bytes
    tiles: list[dict[str, Any]]  # the truth, in the score format
    pieces: list[dict[str, Any]]
    # (hex, space, colour) of every space with a token whose marker the hand covers.
    hidden: set[tuple[tuple[int, int], str, str]] = field(default_factory=set)
    prior: dict[str, Any] = field(default_factory=dict)
    tokens: list[Token] = field(default_factory=list)
    # Tiles none of whose three markers can be read: each covered by the hand or a token.
    tiles_hidden: set[str] = field(default_factory=set)


@functools.cache
def faces(marked: bool = True) -> Path:
    """The kit's tile and token faces as 300 dpi PNGs (once per process, and once per
    checkout under pytest: ``made_once``); ``marked`` False: the tiles printed with
    ``--no-markers`` (as a retail tile: no markers)."""
    from printgen.export import export

    colours = ("red", "yellow", "green", "blue")
    only = [*catalog.CATALOG]
    if marked:
        for colour in colours:
            only.append(f"hunter-{colour}-1")
            only += [
                f"{kind}-{colour}-{size}a" for kind in ("tent", "canoe") for size in (1, 2, 3, 4)
            ]

    def draw(folder: Path) -> None:
        export("bison", folder, only=only, markers=marked)

    return made_once.files(made_once.key(__file__, "faces", FACE_DPI, only, marked), draw)


@functools.cache
def _face(name: str, marked: bool = True) -> Image.Image:
    with Image.open(faces(marked) / f"{name}-front.png") as image:
        return image.convert("RGB")


def retail_entry(at: Hex, tile: str, rotation: int) -> dict[str, Any]:
    """A tile without markers as the table records it (the score format): its edges and
    animals as it lies."""
    lying = catalog.CATALOG[tile].tile.rotated(rotation)
    return {
        "at": list(at),
        "edges": lying.edges,
        "animals": dict(zip(("prairie", "river", "mountain"), lying.animals, strict=True)),
    }


def _board_tiles(rng: random.Random, count: int) -> dict[Hex, tuple[str, int]]:
    board: dict[Hex, tuple[str, int]] = {at: (t, 0) for t, at in catalog.START_LAYOUT.items()}
    draw = [t for t in catalog.CATALOG if not catalog.CATALOG[t].start]
    rng.shuffle(draw)
    while len(board) < count and draw:
        frontier = sorted({n for at in board for n in neighbours(at)} - set(board))
        frontier = [h for h in frontier if max(abs(h[0]), abs(h[1]), abs(h[0] + h[1])) <= 3]
        board[rng.choice(frontier)] = (draw.pop(), rng.randrange(6))
    return board


def _spots(tile: str, space: str) -> list[tuple[float, float]]:
    """Token centres (tile mm) a space offers, so that the reader's printed geometry puts
    a token there on that space."""
    entry = catalog.CATALOG[tile]
    a, b = entry.tile.river_corners()
    river = geo.river_path(a, b, geo.HEX_RADIUS)
    hexagon = [geo.corner_at(i) for i in range(6)]
    outline = [*hexagon, hexagon[0]]
    if space == "river":
        return [p for p in river[3:-3:2] if geo.polyline_distance(p, outline) > 12]
    land = geo.land_polygon(entry.edges, "P" if space == "prairie" else "M", 0.0)
    grid = [(x * 2.0, y * 2.0) for x in range(36) for y in range(41)]
    return [
        p
        for p in grid
        if geo.inside(land, p)
        and geo.polyline_distance(p, river) > geo.RIVER_HALF + 2.5 + 9
        and geo.polyline_distance(p, outline) > 11
    ]


def _lay_pieces(
    rng: random.Random, board: dict[Hex, tuple[str, int]], count: int, colours: list[str]
) -> list[tuple[str, str, int, Hex, str, tuple[float, float], float]]:
    """Tokens side by side: (colour, kind, size, hex, space, board mm centre, angle)."""
    laid: list[tuple[str, str, int, Hex, str, tuple[float, float], float]] = []
    taken: list[tuple[float, float]] = []
    structures: set[tuple[Hex, str, str]] = set()
    owner: dict[tuple[Hex, str], str] = {}  # a space holds one player's pieces only
    supply = {  # what each player owns (B5): 8 hunters, tents and canoes 1,1,2,2,3,4
        (colour, kind): [0] * HUNTERS_OWNED if kind == "hunter" else list(STRUCTURE_SIZES)
        for colour in colours
        for kind in markers.KINDS
    }
    hexes = sorted(board)
    tries = 0
    while len(laid) < count and tries < count * 60:
        tries += 1
        at = rng.choice(hexes)
        tile, rotation = board[at]
        colour = rng.choice(colours)
        space = rng.choice(("prairie", "mountain", "river"))
        kind = "hunter" if rng.random() < 0.7 else ("canoe" if space == "river" else "tent")
        if not supply[(colour, kind)]:
            continue
        size = rng.choice(supply[(colour, kind)])
        if kind != "hunter" and (at, space, colour) in structures:
            continue
        if owner.setdefault((at, space), colour) != colour:
            continue
        spots = _spots(tile, space)
        if not spots:
            continue
        local = rng.choice(spots)
        centre = tile_to_board(at, rotation, local)
        if any(math.dist(centre, p) < 23 for p in taken):
            continue
        angle = rng.uniform(-180, 180)
        laid.append((colour, kind, size, at, space, centre, angle))
        supply[(colour, kind)].remove(size)
        taken.append(centre)
        if kind != "hunter":
            structures.add((at, space, colour))
    return laid


def _lay_given(
    rng: random.Random,
    board: dict[Hex, tuple[str, int]],
    pieces: Sequence[tuple[str, str, int, Hex, str]],
    clear: bool = False,
) -> list[tuple[str, str, int, Hex, str, tuple[float, float], float]]:
    """Given tokens (colour, kind, size, hex, space) laid side by side on their spaces: a
    photo of a board a test built (a table's board after some actions); ``clear``: off
    the tile's markers where the space has room (a player asked to uncover them)."""
    laid: list[tuple[str, str, int, Hex, str, tuple[float, float], float]] = []
    taken: list[tuple[tuple[float, float], float]] = []  # centre, half the token's side
    for colour, kind, size, at, space in pieces:
        tile, rotation = board[at]
        spots = [tile_to_board(at, rotation, p) for p in _spots(tile, space)]
        # Side by side, squared up a little (a player lays them so): half sides plus a
        # millimetre apart, each where it is farthest from the tokens already laid.
        half = markers.token_size(kind) / 2
        free = [c for c in spots if all(math.dist(c, p) >= half + r + 1 for p, r in taken)]
        if clear:
            marks = [
                (tile_to_board(at, rotation, m.centre), m.size * 0.75 + half * 1.5)
                for m in markers.tile_markers(tile)
            ]
            free = [c for c in free if all(math.dist(c, p) > r for p, r in marks)] or free
        if not free:
            raise ValueError(f"no room for a {colour} {kind} on the {space} of {tile}")
        rng.shuffle(free)
        centre = max(free, key=lambda c: min((math.dist(c, p) for p, _ in taken), default=0.0))
        laid.append((colour, kind, size, at, space, centre, rng.uniform(-10, 10)))
        taken.append((centre, half))
    return laid


def _truth(laid: list[Any]) -> list[dict[str, Any]]:
    groups: dict[tuple[Hex, str, str], dict[str, Any]] = {}
    for colour, kind, size, at, space, _, _ in laid:
        entry = groups.setdefault(
            (at, space, colour), {"at": list(at), "space": space, "player": colour, "hunters": 0}
        )
        if kind == "hunter":
            entry["hunters"] += 1
        else:
            entry["structure"] = size
    return [groups[k] for k in sorted(groups, key=lambda k: (k[0][::-1], k[1], k[2]))]


def photo(
    seed: int,
    size: str = "3mp",
    *,
    hand: bool = False,
    tiles: int = 19,
    board: Mapping[Hex, tuple[str, int]] | None = None,
    pieces: Sequence[tuple[str, str, int, Hex, str]] | None = None,
    conditions: Sequence[str] = (),
    retail: int = 0,
    clear: bool = False,
) -> Photo:
    """One synthetic photo (``size`` "12mp", "3mp" or "2mp"), the same for the same
    arguments; ``board`` (hex -> tile, rotation) and ``pieces`` (colour, kind, size, hex,
    space) photograph a given board instead of a random one; ``conditions`` (words of
    ``CONDITIONS``) what the table and the camera add; ``retail`` tiles (the first
    non-start ones) carry no markers, and the truth gives them by their edges; ``clear``:
    the given ``pieces`` laid off the tiles' markers where their spaces have room.

    Under pytest each photo is painted once per checkout and read back after
    (``made_once``: the same arguments and code make the same photo); each call returns
    objects of its own."""
    arguments = (
        seed,
        size,
        hand,
        tiles,
        None if board is None else sorted(board.items()),
        None if pieces is None else [tuple(p) for p in pieces],
        tuple(conditions),
        retail,
        clear,
    )
    return made_once.value(
        made_once.key(__file__, "photo", *arguments),
        lambda: _paint(seed, size, hand, tiles, board, pieces, conditions, retail, clear),
    )


# ``photo``'s arguments in its order, without defaults (``photo`` gives them all).
def _paint(
    seed: int,
    size: str,
    hand: bool,
    tiles: int,
    board: Mapping[Hex, tuple[str, int]] | None,
    pieces: Sequence[tuple[str, str, int, Hex, str]] | None,
    conditions: Sequence[str],
    retail: int,
    clear: bool,
) -> Photo:
    """What ``photo`` returns, painted."""
    unknown = set(conditions) - set(CONDITIONS)
    if unknown:
        raise ValueError(f"unknown conditions: {sorted(unknown)}")
    rng = random.Random(seed)
    extra = random.Random(seed * 7919 + 1)  # the conditions' own draws: the board stays
    if board is not None:
        board = dict(board)
        laid = _lay_given(rng, board, pieces or (), clear)
    else:
        board = _board_tiles(rng, tiles)
        colours = ["red", "yellow", "green", "blue"][: rng.randint(2, 4)]
        laid = _lay_pieces(rng, board, rng.randint(23, 37), colours)
    out_w, out_h = SIZES[size]
    ppm = 7.0 if size == "12mp" else 3.6  # canvas px per mm: finer than the photo's
    xs = [hex_centre(at)[0] for at in board]
    ys = [hex_centre(at)[1] for at in board]
    x0, x1 = min(xs) - 50, max(xs) + 50
    y0, y1 = min(ys) - 55, max(ys) + 55
    cw, ch = int((x1 - x0) * ppm), int((y1 - y0) * ppm)
    canvas = _table_top(cw, ch, conditions, extra)
    plain = {at for at, (t, _) in board.items() if not catalog.CATALOG[t].start}
    plain = set(sorted(plain, key=lambda at: at[::-1])[:retail])

    def px(p: tuple[float, float]) -> tuple[float, float]:
        return (p[0] - x0) * ppm, (y1 - p[1]) * ppm

    hexagon = [geo.corner_at(i) for i in range(6)]
    for at, (tile, rotation) in board.items():
        face = _printed(_face(tile, at not in plain), conditions)
        w, h = round(geo.TILE[0] * ppm), round(geo.TILE[1] * ppm)
        face = face.resize((w, h), Image.Resampling.LANCZOS)
        mask = Image.new("L", (w, h), 0)
        ImageDraw.Draw(mask).polygon(
            [(x * ppm, (geo.TILE[1] - y) * ppm) for x, y in hexagon], fill=255
        )
        face = face.rotate(-60 * rotation, Image.Resampling.BICUBIC, expand=True)
        mask = mask.rotate(-60 * rotation, Image.Resampling.BICUBIC, expand=True)
        cx, cy = px(hex_centre(at))
        canvas.paste(face, (round(cx - face.width / 2), round(cy - face.height / 2)), mask)
    for colour, kind, size_, _, _, centre, angle in laid:
        name = f"hunter-{colour}-1" if kind == "hunter" else f"{kind}-{colour}-{size_}a"
        side = round(markers.token_size(kind) * ppm)
        token = _printed(_face(name), conditions).resize((side, side), Image.Resampling.LANCZOS)
        token = token.convert("RGBA")
        token = token.rotate(angle, Image.Resampling.BICUBIC, expand=True)
        cx, cy = px(centre)
        canvas.paste(token, (round(cx - token.width / 2), round(cy - token.height / 2)), token)
    # The camera: the board fills most of the frame, tilted up to 35°, turned a little.
    tilt = math.radians(rng.uniform(0, 35))
    turn = math.radians(rng.uniform(-12, 12))
    fill = rng.uniform(0.72, 0.9)
    if "turned" in conditions:  # any way: the turned board still fits the frame
        turn = math.radians(extra.uniform(-180, 180))
        c, s_ = abs(math.cos(turn)), abs(math.sin(turn))
        scale = 0.95 * min(out_w / (cw * c + ch * s_), out_h / (cw * s_ + ch * c))
    else:
        scale = min(out_w / cw, out_h / ch) * fill
    top = 1 - 0.55 * math.sin(tilt)  # the far edge shrinks with the tilt
    hw, hh = cw * scale / 2, ch * scale / 2 * math.cos(tilt) ** 0.5
    quad = [(-hw * top, -hh), (hw * top, -hh), (hw, hh), (-hw, hh)]
    cx, cy = out_w / 2 + rng.uniform(-0.04, 0.04) * out_w, out_h / 2
    if "cut" in conditions:  # a sixth of the board past the frame's edge
        cx += extra.choice((-1, 1)) * 0.3 * out_w
    dst = [
        (cx + x * math.cos(turn) - y * math.sin(turn), cy + x * math.sin(turn) + y * math.cos(turn))
        for x, y in quad
    ]
    src = [(0, 0), (cw, 0), (cw, ch), (0, ch)]
    to_canvas = homography(np.asarray(dst, float), np.asarray(src, float))
    coeffs = (to_canvas / to_canvas[2, 2]).flatten()[:8]
    image = canvas.transform(
        (out_w, out_h),
        Image.Transform.PERSPECTIVE,
        tuple(float(c) for c in coeffs),
        Image.Resampling.BILINEAR,
        fillcolor=(96, 70, 50),
    )
    to_photo = np.linalg.inv(to_canvas)

    def in_photo(p: tuple[float, float]) -> tuple[float, float]:
        """A board mm point in the photo's pixels."""
        v = to_photo @ np.array([*px(p), 1.0])
        return float(v[0] / v[2]), float(v[1] / v[2])

    hand_mask = Image.new("L", (out_w, out_h), 0)
    if hand:  # an arm from the lower edge over part of the board
        hx = rng.uniform(0.25, 0.75) * out_w
        hy = rng.uniform(0.45, 0.7) * out_h
        r = 0.07 * out_w
        hand_shape = [(hx - r, hy), (hx + r, hy), (hx + r * 1.3, out_h), (hx - r * 1.3, out_h)]
        palm = (hx - r * 1.2, hy - r * 1.4, hx + r * 1.2, hy + r * 0.6)
        draw = ImageDraw.Draw(image)
        skin = (196, 150, 120)
        draw.polygon(hand_shape, fill=skin)
        draw.ellipse(palm, fill=skin)
        mask_draw = ImageDraw.Draw(hand_mask)
        mask_draw.polygon(hand_shape, fill=255)
        mask_draw.ellipse(palm, fill=255)
    covered_by = np.asarray(hand_mask) > 0
    token_mask = Image.new("L", (out_w, out_h), 0)
    tokens: list[Token] = []
    for colour, kind, size_, at, space, centre, angle in laid:
        marker = markers.piece_marker(colour, kind, size_)
        across = markers.token_size(kind)
        square = _square(centre, angle, marker.centre, marker.size * 0.8, across)
        quad = [in_photo(p) for p in square]
        middle = (across / 2, across / 2)
        footprint = [in_photo(p) for p in _square(centre, angle, middle, across, across)]
        ImageDraw.Draw(token_mask).polygon(footprint, fill=255)
        width = math.dist(quad[0], quad[1])
        tokens.append(Token(at, space, colour, kind, size_, _share(covered_by, quad), width))
    hidden = {(t.at, t.space, t.colour) for t in tokens if t.covered > 0}
    # A tile marker is lost under the hand or under a token (tokens lie on the art).
    lost = covered_by | (np.asarray(token_mask) > 0)
    tiles_hidden = set()
    for at, (tile, rotation) in board.items():
        corners = []
        for marker in markers.tile_markers(tile):
            half = marker.size * 0.4
            x, y = marker.centre
            local = [(x - half, y + half), (x + half, y + half), (x + half, y - half)]
            local.append((x - half, y - half))
            corners.append([in_photo(tile_to_board(at, rotation, p)) for p in local])
        if all(_share(lost, quad) > 0 for quad in corners):
            tiles_hidden.add(tile)
    image = image.filter(ImageFilter.GaussianBlur(rng.uniform(0.3, 1.3)))
    # Uneven light: a gradient across the frame.
    light = np.linspace(rng.uniform(0.65, 0.9), rng.uniform(1.0, 1.15), out_w)[None, :, None]
    pixels = np.clip(np.asarray(image, dtype=np.float32) * light, 0, 255)
    pixels = _camera(pixels, conditions, extra).astype(np.uint8)
    buffer = io.BytesIO()
    Image.fromarray(pixels).save(buffer, "JPEG", quality=rng.randint(80, 92))
    tiles_truth = [
        retail_entry(at, tile, rotation)
        if at in plain
        else {"at": list(at), "tile": tile, "rotation": rotation}
        for at, (tile, rotation) in sorted(board.items(), key=lambda kv: kv[0][::-1])
    ]
    return Photo(
        buffer.getvalue(),
        tiles_truth,
        _truth(laid),
        hidden,
        tokens=tokens,
        tiles_hidden=tiles_hidden,
    )


def _printed(face: Image.Image, conditions: Sequence[str]) -> Image.Image:
    """A face as the printer put it on paper: in ink-saving mode every ink at 60 % (the
    blacks a dark grey)."""
    if "inksaver" not in conditions:
        return face
    pale = 255 - (255 - np.asarray(face, np.float32)) * 0.6
    return Image.fromarray(pale.astype(np.uint8), face.mode)


def _table_top(
    width: int, height: int, conditions: Sequence[str], rng: random.Random
) -> Image.Image:
    """The table under the board: plain wood, a wood grain or a check cloth."""
    if "wood" in conditions:
        y, x = np.mgrid[0:height, 0:width].astype(np.float32)
        phase = rng.uniform(0, 6.28)
        grain = np.sin(y / 9.0 + 3.0 * np.sin(x / 140.0 + phase) + 0.6 * np.sin(x / 23.0))
        shade = 0.82 + 0.18 * grain[..., None]
        base = np.array([142, 98, 60], np.float32)
        return Image.fromarray(np.clip(base * shade, 0, 255).astype(np.uint8))
    if "check" in conditions:
        y, x = np.mgrid[0:height, 0:width]
        cell = max(8, width // 40)
        dark = ((x // cell) + (y // cell)) % 2 == 0
        out = np.where(dark[..., None], [170, 40, 40], [235, 230, 220]).astype(np.uint8)
        return Image.fromarray(out)
    return Image.new("RGB", (width, height), (120, 86, 58))  # a wooden table


def _camera(
    pixels: NDArray[np.float32], conditions: Sequence[str], rng: random.Random
) -> NDArray[np.float32]:
    """What the light and the camera add to the photo (float RGB, 0–255)."""
    height, width = pixels.shape[:2]
    if "shadow" in conditions:  # a soft-edged shadow over a band of the board
        y, x = np.mgrid[0:height, 0:width].astype(np.float32)
        a = rng.uniform(0, math.pi)
        d = (x - width / 2) * math.cos(a) + (y - height / 2) * math.sin(a)
        edge = rng.uniform(-0.15, 0.15) * width
        dark = np.clip((d - edge) / (0.03 * width), 0, 1)
        pixels = pixels * (1 - 0.5 * dark[..., None])
    if "warm" in conditions:
        pixels = pixels * np.array([1.08, 0.93, 0.7], np.float32)
    if "glare" in conditions:  # a lamp's reflection: a bright soft ellipse
        y, x = np.mgrid[0:height, 0:width].astype(np.float32)
        gx, gy = rng.uniform(0.3, 0.7) * width, rng.uniform(0.3, 0.7) * height
        r = 0.06 * width
        glow = np.exp(-(((x - gx) / (1.6 * r)) ** 2 + ((y - gy) / r) ** 2))
        pixels = pixels + (255 - pixels) * 0.9 * glow[..., None]
    if "defocus" in conditions:  # sharp at one side, more and more blurred to the other
        image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
        soft = np.asarray(image.filter(ImageFilter.GaussianBlur(width / 350)), np.float32)
        ramp = np.linspace(1, 0, height, dtype=np.float32)[:, None, None] ** 2
        pixels = pixels * (1 - ramp) + soft * ramp
    if "lens" in conditions:  # barrel distortion, k1 of a wide phone lens
        image = Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8))
        y, x = np.mgrid[0:height, 0:width].astype(np.float32)
        cx, cy, norm = width / 2, height / 2, math.hypot(width, height) / 2
        rr = ((x - cx) ** 2 + (y - cy) ** 2) / norm**2
        k = -0.06
        sx, sy = cx + (x - cx) * (1 + k * rr), cy + (y - cy) * (1 + k * rr)
        src = np.asarray(image, np.float32)
        xi = np.clip(np.round(sx).astype(int), 0, width - 1)
        yi = np.clip(np.round(sy).astype(int), 0, height - 1)
        pixels = src[yi, xi]
    if "shake" in conditions:  # a straight smear a few pixels long, any way
        steps = max(3, round(width / 600))
        a = rng.uniform(0, math.pi)
        smeared = np.zeros_like(pixels)
        for k in range(steps):
            t = k - (steps - 1) / 2
            dx, dy = round(t * math.cos(a)), round(t * math.sin(a))
            smeared += np.roll(pixels, (dy, dx), axis=(0, 1))
        pixels = smeared / steps
    if "noise" in conditions:
        noise = np.random.default_rng(rng.randrange(2**32)).normal(0, 7, pixels.shape)
        pixels = pixels + noise.astype(np.float32)
    return np.clip(pixels, 0, 255)


def _square(
    centre: tuple[float, float],
    angle: float,
    at: tuple[float, float],
    width: float,
    side: float,
) -> list[tuple[float, float]]:
    """The corners (board mm) of a ``width`` square centred at ``at`` (token mm) on a
    token of ``side`` mm laid at ``centre`` turned ``angle``° anticlockwise (as drawn)."""
    a = math.radians(angle)
    out = []
    for sx, sy in ((-1, 1), (1, 1), (1, -1), (-1, -1)):
        dx = at[0] - side / 2 + sx * width / 2
        dy = at[1] - side / 2 + sy * width / 2
        out.append(
            (
                centre[0] + dx * math.cos(a) - dy * math.sin(a),
                centre[1] + dx * math.sin(a) + dy * math.cos(a),
            )
        )
    return out


def _share(mask: NDArray[np.bool_], quad: list[tuple[float, float]]) -> float:
    """The share of a quadrilateral (photo px) on the mask's set pixels (sampled 12 × 12)."""
    steps = np.linspace(0.04, 0.96, 12)
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = quad
    hits = total = 0
    for u in steps:
        for v in steps:
            x = (1 - v) * ((1 - u) * ax + u * bx) + v * ((1 - u) * dx + u * cx)
            y = (1 - v) * ((1 - u) * ay + u * by) + v * ((1 - u) * dy + u * cy)
            total += 1
            row, col = int(y), int(x)
            if 0 <= row < mask.shape[0] and 0 <= col < mask.shape[1]:
                hits += bool(mask[row, col])
            else:
                hits += 1  # out of the frame: not seen either
    return hits / total


def round_before(
    shot: Photo, seed: int, *, new_tiles: int = 3, moved: float = 0.2, grown: float = 0.3
) -> dict[str, Any]:
    """The board confirmed one round before ``shot`` (the score format): what a table's
    phone gives the reader as its prior when one photo is taken a round.

    The truth less the round's work, drawn from ``seed``: the last ``new_tiles`` catalog
    tiles (not the start tiles) are new, with every piece on them (structures built; a
    colour's hunters on one space, up to 5, from the supply with its tile, B6; its
    others there moved from the board, within B3's distance or gathered); elsewhere
    each tent or canoe was, with chance ``grown`` and within the 8 hunters a player owns,
    built this round (absent before) or enlarged (one size smaller before) from the
    hunters that stood on its space before (B6: as many as it grew), and each hunter
    came with chance ``moved`` from another space within B3's distance (3 points; a
    space of no other colour), else it stood where it stands.
    """
    rng = random.Random(seed)
    catalog_tiles = [t for t in shot.tiles if "tile" in t and not catalog.CATALOG[t["tile"]].start]
    fresh = {tuple(t["at"]) for t in catalog_tiles[len(catalog_tiles) - new_tiles :]}
    tiles = [t for t in shot.tiles if tuple(t["at"]) not in fresh]
    every = {(t["at"][0], t["at"][1]): _placed(t) for t in shot.tiles}
    placed = {at: tile for at, tile in every.items() if at not in fresh}
    before: dict[tuple[Hex, str], Pieces] = {}
    arrivals: list[tuple[tuple[Hex, str], str]] = []
    # B6: a player's tile brings up to 5 hunters from the supply to ONE space of it (a
    # structure there was built from hunters too); the colour's other hunters and
    # builders on new tiles came from the board.
    footprints: dict[str, list[tuple[int, tuple[Hex, str]]]] = {}
    for p in shot.pieces:
        if (p["at"][0], p["at"][1]) in fresh:
            footprint = p["hunters"] + int(p.get("structure", 0) or 0)
            space = ((p["at"][0], p["at"][1]), p["space"])
            footprints.setdefault(p["player"], []).append((footprint, space))
    budget = dict.fromkeys(_PLAYERS, HUNTERS_OWNED)  # hunters a player owns, less used
    for colour, laid in sorted(footprints.items()):
        laid.sort(key=lambda entry: (-entry[0], entry[1]))
        arrivals += [(space, colour) for count, space in laid[1:] for _ in range(count)]
        count, space = laid[0]
        arrivals += [(space, colour)] * max(0, count - MAX_HUNTERS_PER_ACTION)
        budget[colour] -= sum(count for count, _ in laid)
    for p in shot.pieces:
        if (p["at"][0], p["at"][1]) not in fresh:
            budget[p["player"]] -= p["hunters"]
    for p in shot.pieces:
        at: Hex = (p["at"][0], p["at"][1])
        if at in fresh:
            continue
        space = (at, p["space"])
        structure = int(p.get("structure", 0) or 0)
        stayed = 0
        if structure and rng.random() < grown:
            # Enlarged this round (one size smaller before) or built (none before): from
            # as many hunters as it grew, standing there before (B6: they went back to
            # the supply), if the player owns that many more.
            smaller = rng.choice((structure - 1, 0))
            if structure - smaller <= budget[p["player"]]:
                budget[p["player"]] -= structure - smaller
                stayed += structure - smaller
                structure = smaller
        for _ in range(p["hunters"]):
            if rng.random() < moved:
                arrivals.append((space, p["player"]))
            else:
                stayed += 1
        if stayed or structure:
            before[space] = Pieces(p["player"], stayed, structure)
    start = frozenset(catalog.START_LAYOUT.values())
    for space, colour in arrivals:  # where each moved hunter came from
        board = Board(every, dict(before), start)
        reach = reachable(board, colour, space, 3)
        origins = sorted(s for s, cost in reach.items() if cost and s[0] not in fresh)
        if not origins and space[0] in fresh:  # gathered from farther: any space it may hold
            origins = sorted(
                s
                for s in Board(placed, dict(before), start).spaces()
                if s not in before or before[s].player == colour
            )
        if not origins:
            origins = [space]  # nowhere else to come from: it stood here
        origin = rng.choice(origins)
        there = before.get(origin, Pieces(colour))
        before[origin] = Pieces(colour, there.hunters + 1, there.structure)
    return {
        "players": list(_PLAYERS),
        "tiles": tiles,
        "pieces": [
            {"at": list(at), "space": space, "player": p.player, "hunters": p.hunters}
            | ({"structure": p.structure} if p.structure else {})
            for (at, space), p in sorted(before.items(), key=lambda kv: (kv[0][0][::-1], kv[0][1]))
        ],
    }


def _placed(entry: Mapping[str, Any]) -> PlacedTile:
    """A tile of the score format on the board: a catalog tile, or a retail one."""
    if "tile" in entry:
        tile = catalog.CATALOG[entry["tile"]].tile.rotated(entry["rotation"])
        return PlacedTile(tile, entry["tile"], entry["rotation"])
    animals = tuple(entry["animals"][s] for s in ("prairie", "river", "mountain"))
    return PlacedTile(Tile(entry["edges"], animals), None, 0)


def _table(prior: dict[str, Any]) -> State:
    """A table whose board is ``prior`` (the confirmed board the phone reads against)."""
    state = fold.new_state([Player(c.title(), c) for c in _PLAYERS], {})
    tiles = {(t["at"][0], t["at"][1]): _placed(t) for t in prior["tiles"]}
    for tile, at in catalog.START_LAYOUT.items():
        tiles.setdefault(at, PlacedTile(catalog.CATALOG[tile].tile, tile, 0))
    pieces = {
        ((p["at"][0], p["at"][1]), p["space"]): Pieces(
            p["player"], p["hunters"], p.get("structure", 0)
        )
        for p in prior["pieces"]
    }
    board = Board(tiles, pieces, frozenset(catalog.START_LAYOUT.values()))
    # Every hunter not on the board in its owner's supply (bought at the market before).
    supplies = []
    for colour, supply in zip(_PLAYERS, state.supplies, strict=True):
        on_board = sum(p.hunters for p in pieces.values() if p.player == colour)
        supplies.append(
            replace(
                supply,
                hunters_supply=HUNTERS_OWNED - on_board,
                hunters_board=on_board,
                hunters_market=0,
            )
        )
    return replace(state, board=board, supplies=tuple(supplies))


def confirmed(prior: dict[str, Any], reading: Reading) -> tuple[list[dict[str, Any]], set[Any]]:
    """The board the phone's proposal records (``explain.photographed``: the reading
    applied to the prior) and the (hex, space, colour) it kept as "not visible"."""
    shown, _, kept = explain.photographed(_table(prior), reading.as_json(_PLAYERS))
    pieces = [
        {"at": list(at), "space": space, "player": p.player, "hunters": p.hunters}
        | ({"structure": p.structure} if p.structure else {})
        for (at, space), p in shown.pieces.items()
    ]
    return pieces, {(at, space, colour) for (at, space), colour in kept}


def tokens(pieces: Sequence[Mapping[str, Any]]) -> Counter[tuple[Any, ...]]:
    """Every single token of ``pieces`` (the score format): (hex, space, colour, size or 0
    for a hunter), counted."""
    out: Counter[tuple[Any, ...]] = Counter()
    for p in pieces:
        key = (tuple(p["at"]), p["space"], p["player"])
        out[(*key, 0)] += p.get("hunters", 0)
        if p.get("structure"):
            out[(*key, p["structure"])] += 1
    return out
