"""Test inputs that cost seconds to make, made once and kept on disk (test-only).

The synthetic Bison photos (``bison_synthetic``) draw the kit's faces from its PDF with
pdftoppm (~3 s of CPU for each of the two face sets) and paint a 3 MP photo (~1-4 s):
every xdist worker made each of them again, and so did every run. Here each result is
kept under ``CAMPFIRE_TEST_CACHE`` (the root conftest.py sets it to
``.venv/campfire-test-cache``) by a key of everything it is made from:

- the bytes of every file of the packages named (``printgen``, ``games``, ``reader``,
  ``campfire``: the kit's drawing, its data, the fonts, the reader's geometry, the
  command line) and of the module that makes it (``bison_synthetic.py``, a test module),
- the versions of the libraries that draw and encode (Pillow, NumPy, ReportLab) and of
  pdftoppm,
- the call's own arguments.

A change to any of these makes a new key, so a kept result is always what the code of
this checkout would make (the inputs are deterministic: fixed seeds). Without the
variable (``bench/``, a plain ``python``) nothing is kept and everything is made as
before. Two workers asking for the same result at once: one makes it, the other waits
on a lock and reads it.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import os
import pickle
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

#: The environment variable that names the folder (unset: nothing is kept).
VARIABLE = "CAMPFIRE_TEST_CACHE"
ROOT = Path(__file__).resolve().parents[2]
#: The project's packages a kept input may be made from (every file, not only .py).
PACKAGES = ("printgen", "games", "reader", "campfire")


def folder() -> Path | None:
    where = os.environ.get(VARIABLE)
    return Path(where) if where else None


@functools.cache
def fingerprint(maker: str) -> str:
    """A digest of the packages, the making module ``maker`` (a file) and the tools."""
    digest = hashlib.sha256()
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                digest.update(str(path.relative_to(ROOT)).encode())
                digest.update(path.read_bytes())
    digest.update(Path(maker).read_bytes())
    import numpy
    import PIL
    import reportlab

    versions = [PIL.__version__, numpy.__version__, reportlab.Version]
    tool = shutil.which("pdftoppm")
    if tool:
        result = subprocess.run([tool, "-v"], capture_output=True, text=True, check=False)
        versions.append(result.stderr.strip() or result.stdout.strip())
    digest.update(repr(versions).encode())
    return digest.hexdigest()[:20]


def key(maker: str, *parts: Any) -> str:
    """The name of one kept result: the making module's name, the fingerprint and a
    digest of ``parts``' repr."""
    call = hashlib.sha256(repr(parts).encode()).hexdigest()[:20]
    return f"{Path(maker).stem}-{fingerprint(maker)}-{call}"


def _prune(root: Path, name: str) -> None:
    """Remove what the same maker kept for other code (another fingerprint): a changed
    checkout's results are never read again."""
    stem, current, _ = name.rsplit("-", 2)
    for path in root.glob(f"{stem}-*"):
        if path.name.startswith(f"{stem}-{current}-"):
            continue
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)


@contextmanager
def _locked(root: Path, name: str) -> Iterator[None]:
    root.mkdir(parents=True, exist_ok=True)
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def value(name: str, make: Callable[[], T]) -> T:
    """The pickled result kept as ``name``, or ``make()``'s, then kept."""
    root = folder()
    if root is None:
        return make()
    path = root / f"{name}.pickle"
    with _locked(root, name):
        if path.is_file():
            with open(path, "rb") as kept:
                return pickle.load(kept)  # type: ignore[no-any-return]
        _prune(root, name)
        made = make()
        partial = path.with_suffix(".partial")
        with open(partial, "wb") as out:
            pickle.dump(made, out, protocol=pickle.HIGHEST_PROTOCOL)
        partial.replace(path)
        return made


def files(name: str, make: Callable[[Path], None]) -> Path:
    """The folder kept as ``name``, or a new folder that ``make(folder)`` fills, then
    kept (an interrupted one is made again). Without a cache folder: a new temporary
    folder each call."""
    root = folder()
    if root is None:
        made = Path(tempfile.mkdtemp(prefix=f"campfire-{name[:20]}-"))
        make(made)
        return made
    target = root / name
    done = target / ".complete"  # made in place (what it writes may name its own paths)
    with _locked(root, name):
        if done.is_file():
            return target
        _prune(root, name)
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        make(target)
        done.touch()
        return target
