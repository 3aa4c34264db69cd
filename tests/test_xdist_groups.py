"""The suite's one-worker modules stay on one worker (the root conftest's
``ONE_WORKER_MODULES``: ``xdist_group`` marks read by ``--dist loadgroup``).

pytest 9.2's structured node ids silently dropped the group pytest-xdist 3.8 writes into
the old id (pytest-dev/pytest-xdist#1386): every grouped module was then spread over both
workers and its costly module fixtures (a built wheel, a fuzzed app's tables, a Tabletop
Simulator export, served companions) were built twice, one worker waiting on the other's
lock. pyproject pins pytest below 9.2 until xdist reads the new ids; this test fails when
the installed pair loses the groups again.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

CONFTEST = """
import pytest


@pytest.hookimpl(tryfirst=True)  # as the root conftest marks its one-worker modules
def pytest_collection_modifyitems(config, items):
    for item in items:
        if item.path.name == "test_grouped.py":
            item.add_marker(pytest.mark.xdist_group("grouped"))
"""

TESTS = """
import os
from pathlib import Path

import pytest


@pytest.mark.parametrize("n", range(8))
def test_where(n):
    with open(Path(__file__).with_suffix(".ran"), "a") as ran:
        ran.write(os.environ["PYTEST_XDIST_WORKER"] + "\\n")
"""


def test_a_grouped_module_runs_on_one_worker(tmp_path: Path) -> None:
    (tmp_path / "conftest.py").write_text(CONFTEST, encoding="utf-8")
    for name in ("test_grouped.py", "test_other.py"):
        (tmp_path / name).write_text(TESTS, encoding="utf-8")
    command = [sys.executable, "-m", "pytest", "-n", "2", "--dist", "loadgroup", "-q"]
    command += ["-p", "no:cacheprovider", "-c", "/dev/null", "--rootdir", str(tmp_path)]
    result = subprocess.run(
        [*command, str(tmp_path)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    grouped = (tmp_path / "test_grouped.ran").read_text(encoding="utf-8").split()
    other = (tmp_path / "test_other.ran").read_text(encoding="utf-8").split()
    assert len(grouped) == len(other) == 8
    # The ungrouped tests are shared out: both workers were there to take the group's.
    assert set(grouped) | set(other) == {"gw0", "gw1"}
    assert len(set(grouped)) == 1, f"the grouped module ran on {sorted(set(grouped))}"
