"""Draw the Campfire app icons (PNG) with the standard library only.

Run from the repository root to regenerate ``icon-192.png`` and ``icon-512.png``::

    .venv/bin/python companion/static/icons/draw_icons.py

The picture is a flame over two crossed logs on a dark full-bleed square. Everything
important stays inside the central 80 % circle, so the same files serve as ``maskable``
icons (launchers crop them to a circle or a squircle). Shapes are tested per sample point
and 4×4 supersampled for smooth edges; the output is byte-identical on every run.
"""

from __future__ import annotations

import math
import struct
import zlib
from pathlib import Path

BACKGROUND = (29, 26, 23)
OUTER_FLAME = (249, 115, 22)
INNER_FLAME = (253, 224, 71)
LOG = (120, 72, 40)
LOG_END = (181, 128, 84)
SAMPLES = 4


def _teardrop(x: float, y: float, cx: float, cy: float, r: float, tip_y: float) -> bool:
    """A circle with a cone to a tip straight above it (tangent where they meet)."""
    if (x - cx) ** 2 + (y - cy) ** 2 <= r * r:
        return True
    d = cy - tip_y
    if y < tip_y or y > cy or d <= r:
        return False
    along = y - tip_y  # distance from the tip along the (vertical) axis
    half_angle = math.asin(r / d)
    if along > d * math.cos(half_angle) ** 2:
        return False
    return abs(x - cx) <= along * math.tan(half_angle)


def _log(x: float, y: float, angle: float) -> tuple[int, int, int] | None:
    """A rounded log through (0.5, 0.78) tilted by ``angle`` radians; its colour or None."""
    dx, dy = x - 0.5, y - 0.78
    u = dx * math.cos(angle) + dy * math.sin(angle)
    v = -dx * math.sin(angle) + dy * math.cos(angle)
    half_length, half_width = 0.27, 0.045
    if abs(v) > half_width or abs(u) > half_length + half_width:
        return None
    if abs(u) > half_length:  # rounded, lighter cut end
        end = (abs(u) - half_length) ** 2 + v * v <= half_width**2
        return LOG_END if end else None
    return LOG


def _colour(x: float, y: float) -> tuple[int, int, int]:
    """The colour at (x, y) in unit coordinates (0..1, y down)."""
    if _teardrop(x, y, 0.5, 0.56, 0.115, 0.36):
        return INNER_FLAME
    if _teardrop(x, y, 0.5, 0.55, 0.19, 0.15):
        return OUTER_FLAME
    for angle in (0.32, -0.32):
        colour = _log(x, y, angle)
        if colour:
            return colour
    return BACKGROUND


def render(size: int) -> bytes:
    """The icon as a PNG (RGB, 8 bit) of ``size`` × ``size`` pixels."""
    rows = bytearray()
    step = 1.0 / (size * SAMPLES)
    for py in range(size):
        rows.append(0)  # filter type: none
        for px in range(size):
            red = green = blue = 0
            for sy in range(SAMPLES):
                y = (py * SAMPLES + sy + 0.5) * step
                for sx in range(SAMPLES):
                    colour = _colour((px * SAMPLES + sx + 0.5) * step, y)
                    red += colour[0]
                    green += colour[1]
                    blue += colour[2]
            n = SAMPLES * SAMPLES
            rows += bytes((red // n, green // n, blue // n))
    return _png(size, size, bytes(rows))


def _png(width: int, height: int, raw: bytes) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 9))
        + chunk(b"IEND", b"")
    )


def main() -> None:
    here = Path(__file__).resolve().parent
    for size in (192, 512):
        (here / f"icon-{size}.png").write_bytes(render(size))


if __name__ == "__main__":
    main()
