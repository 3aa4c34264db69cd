"""What code made a stored thing: a digest of source files.

A snapshot (companion.tables) or a rendered panel (companion.live) stored by one
version of the code is not trusted by another (a rolling upgrade, two servers on one
database): each is stored with the fingerprint of the files that made it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path


def of_files(files: Iterable[Path]) -> str:
    """The SHA-256 of the files' names and contents, in the order given (directories and
    missing files are skipped)."""
    digest = hashlib.sha256()
    for file in files:
        if file.is_file():
            digest.update(file.name.encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()
