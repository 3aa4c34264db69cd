"""Synthetic photos of a Bison table's board for the photo flow's tests (issue 23): the
start tiles, tile B08 placed turned twice with two of the first seat's hunters on its
prairie, drawn from the kit's own PDF by ``bison_synthetic`` (tests/support) (fixed seed, 3 MP)."""

from __future__ import annotations

import functools
import io
import math

import bison_synthetic as synthetic
import numpy as np
from PIL import Image, ImageDraw

from games.bison import catalog
from games.bison.kit import markers, tile_art
from reader import bison

#: What the photo shows beyond the start tiles: the tile, its hex and turn, the hunters.
NEW_TILE, NEW_AT, NEW_TURN, HUNTERS = "B08", (1, -1), 2, 2


#: How long a phone waits for a photo's proposal in the browser tests: the upload is read
#: in the photo pool's own process (companion.photo_jobs), which on two busy cores (two
#: test workers, their servers and Chromiums) took more than the phones' 10 s default.
READ_MS = 30_000


def board_with(
    tiles: dict[tuple[int, int], tuple[str, int]],
) -> dict[tuple[int, int], tuple[str, int]]:
    board = {at: (tid, 0) for tid, at in catalog.START_LAYOUT.items()}
    board.update(tiles)
    return board


@functools.cache
def placed(colour: str = "red") -> bytes:
    """The board after ``colour`` placed B08 with 2 hunters on its prairie (JPEG)."""
    board = board_with({NEW_AT: (NEW_TILE, NEW_TURN)})
    pieces = [(colour, "hunter", 0, NEW_AT, "prairie")] * HUNTERS
    return synthetic.photo(23, "3mp", board=board, pieces=pieces).jpeg


@functools.cache
def under_a_hand() -> bytes:
    """``placed("red")`` with a hand (skin, from the frame's lower edge) over B08 whole and
    its neighbours' print around it: none of B08's markers, nor its hunters, can be read."""
    prior = {"tiles": [], "pieces": []}
    reading = bison.read(placed("red"), prior)
    to_image = np.linalg.inv(reading.homography)
    cx, cy = bison.hex_centre(NEW_AT)
    radius = 1.25 * tile_art.HEX_RADIUS
    ring = [
        (cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
        for a in range(0, 360, 30)
    ]
    palm = [tuple(p) for p in bison.apply(to_image, np.asarray(ring))]
    with Image.open(io.BytesIO(placed("red"))) as opened:
        image = opened.convert("RGB")
    draw = ImageDraw.Draw(image)
    skin = (190, 146, 117)
    draw.polygon(palm, fill=skin)
    low = max(palm, key=lambda p: p[1])
    arm = 0.06 * image.width
    draw.polygon(
        [
            (low[0] - arm, low[1]),
            (low[0] + arm, low[1]),
            (low[0] + arm, image.height),
            (low[0] - arm, image.height),
        ],
        fill=skin,
    )
    out = io.BytesIO()
    image.save(out, "JPEG", quality=90)
    return out.getvalue()


@functools.cache
def other_table() -> bytes:
    """Another table's board: other tiles where this one's B08 and B09 lie."""
    board = board_with({(1, -1): ("B11", 0), (2, -1): ("B12", 0)})
    return synthetic.photo(24, "3mp", board=board).jpeg


def white_png(width: int, height: int) -> bytes:
    """A white PNG: tiny even at many pixels, since one colour compresses."""
    buffer = io.BytesIO()
    Image.new("L", (width, height), 255).save(buffer, "PNG")
    return buffer.getvalue()


def foreign_markers() -> bytes:
    """A tag of the kit's marker family that no Bison kit prints (id 300), on white (as
    large as the smallest photo the reader reads: 640 px a side)."""
    image = Image.new("L", (bison.MIN_SIDE, bison.MIN_SIDE), 255)
    for c, r in markers.black_cells(300):
        image.paste(0, (100 + c * 25, 100 + r * 25, 125 + c * 25, 125 + r * 25))
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


#: The kinds of photo the reader refuses that ``bad_photo`` makes.
BAD_KINDS = ("truncated", "bomb", "huge", "blank", "foreign")


def bad_photo(kind: str, good: bytes) -> bytes:
    """A photo of one of ``BAD_KINDS``; ``good`` is the photo a truncated one is cut from."""
    if kind == "truncated":
        return good[: len(good) // 3]
    if kind == "bomb":  # a small PNG that claims 60 MP
        return white_png(10000, 6000)
    if kind == "huge":
        return b"\xff\xd8" + b"\0" * (bison.MAX_BYTES + 10)
    if kind == "blank":
        return white_png(1024, 768)
    assert kind == "foreign", kind
    return foreign_markers()
