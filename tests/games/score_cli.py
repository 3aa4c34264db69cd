"""`campfire score GAME`, run as a user would, for the games' contract tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def score_cli(game: str, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """``campfire score game args…`` from the repository's root with ``stdin`` as its
    input (``args`` default to ``-``: read the document from stdin); it may fail."""
    return subprocess.run(
        [sys.executable, "-m", "campfire", "score", game, *(args or ("-",))],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
    )
