"""printgen type-checks under ``mypy --strict`` (its public functions are typed)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_strict_printgen_is_clean():
    mypy = shutil.which("mypy", path=str(Path(sys.executable).parent))
    if mypy is None:
        pytest.skip("mypy is not installed (pip install -e '.[test]')")
    result = subprocess.run(
        [mypy, "--strict", "printgen"], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stdout + result.stderr
