"""Files a client may send as a photo that no decoder but ours may see, or that the marker
detector crashed on (issue 33, F3, F3b), and a guard that no process is started."""

from __future__ import annotations

import _posixsubprocess
import io
import os
import struct
import subprocess
import zlib
from typing import Any

from bison_photos import white_png
from PIL import EpsImagePlugin, Image

#: The 71-byte EPS of the attack pass: a PostScript loop Ghostscript would spin on.
EPS_LOOP = b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 100 100\n{} loop\nshowpage\n%%EOF\n"


def ps() -> bytes:
    return b"%!PS-Adobe-3.0\n%%BoundingBox: 0 0 800 800\n{} loop\nshowpage\n"


def eps_image() -> bytes:
    """An EPS Pillow itself wrote (its preview is a real image of a board's size)."""
    buffer = io.BytesIO()
    Image.new("RGB", (800, 700), "white").save(buffer, "EPS")
    return buffer.getvalue()


def pdf() -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (800, 700), "white").save(buffer, "PDF")
    return buffer.getvalue()


def png_header(width: int, height: int) -> bytes:
    """A PNG whose header claims ``width`` × ``height`` and whose pixels are not there."""

    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body) & 0xFFFFFFFF
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)

    ihdr = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")


#: (name, bytes, what the refusal says): each refused from its header alone.
HOSTILE: list[tuple[str, Any, str]] = [
    ("eps-loop", lambda: EPS_LOOP, "not-image"),
    ("eps", eps_image, "not-image"),
    ("ps", ps, "not-image"),
    ("pdf", pdf, "not-image"),
    ("1x1", lambda: white_png(1, 1), "too-small"),
    ("1000x2", lambda: white_png(1000, 2), "too-small"),
    ("24000000x2", lambda: white_png(24_000_000, 2), "too-small"),
    ("3000x700", lambda: white_png(3000, 700), "too-narrow"),
    ("100000x100000 header", lambda: png_header(100_000, 100_000), "too-many-pixels"),
    ("10000x6000 header", lambda: png_header(10_000, 6_000), "too-many-pixels"),
]


class Spawned(AssertionError):
    pass


def forbid_processes(monkeypatch: Any) -> None:
    """Make every way Python starts a program or a process fail the test: subprocess's
    and multiprocessing's (``_posixsubprocess.fork_exec``), ``os``'s, and Pillow's
    Ghostscript hand-off itself."""

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise Spawned("a process was started")

    monkeypatch.setattr(_posixsubprocess, "fork_exec", refuse)
    monkeypatch.setattr(subprocess.Popen, "__init__", refuse)
    for name in ("fork", "forkpty", "posix_spawn", "posix_spawnp", "system", "execv", "execve"):
        if hasattr(os, name):
            monkeypatch.setattr(os, name, refuse)
    monkeypatch.setattr(EpsImagePlugin, "Ghostscript", refuse)
    monkeypatch.setattr(EpsImagePlugin, "has_ghostscript", refuse)


def crash(*args: Any) -> None:
    """A reading process's entry point that dies of a segmentation fault (as the marker
    detector did on a 1 × 1 PNG): importable by a spawned process from here."""
    import ctypes

    ctypes.string_at(0)
