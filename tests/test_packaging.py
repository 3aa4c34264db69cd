"""The wheel is complete: built from a copy of the source tree, installed into a fresh
virtualenv (not editable), it serves a table page in Japanese with its static files and
prints a Japanese kit with the vendored font; it ships the font's licence and none of the
dependencies the project dropped.

The dependencies come from the test run's own environment (a path in a ``.pth`` file of
the fresh venv, after its own site-packages), so the test needs no download; the project
itself comes from the wheel alone: the source tree is nowhere on the path.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import sysconfig
import urllib.request
import zipfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_kit import Server

ROOT = Path(__file__).resolve().parents[1]
#: What a source copy leaves out: environments, build leftovers, runtime data.
SKIP = shutil.ignore_patterns(
    ".venv",
    ".git",
    "build",
    "dist",
    "*.egg-info",
    "__pycache__",
    "instance",
    "output",
    ".pytest_cache",
    ".ruff_cache",
    ".hypothesis",
    "tests",
)


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    source = tmp_path_factory.mktemp("source") / "campfire"
    shutil.copytree(ROOT, source, ignore=SKIP)
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--wheel-dir",
            str(out),
            str(source),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (built,) = out.glob("campfire-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("venv") / "v"
    # Without pip of its own: this test's pip installs into it (``pip --python``, as the
    # README's smaller server install does), so no pip is copied in and byte-compiled.
    subprocess.run(
        [sys.executable, "-m", "venv", "--without-pip", str(home)], check=True, timeout=120
    )
    purelib = Path(
        subprocess.run(
            [
                home / "bin" / "python",
                "-c",
                "import sysconfig; print(sysconfig.get_paths()['purelib'])",
            ],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    # The test environment's packages, after the venv's own (the wheel's) ones.
    (purelib / "zz_test_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            home / "bin" / "python",
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        check=True,
        capture_output=True,
        timeout=300,
    )
    return home


def names(wheel: Path) -> set[str]:
    with zipfile.ZipFile(wheel) as archive:
        return set(archive.namelist())


def test_the_wheel_carries_every_file_the_app_reads(wheel: Path) -> None:
    inside = names(wheel)
    for path in (ROOT / "templates").rglob("*.html"):
        assert f"companion/templates/{path.relative_to(ROOT / 'templates').as_posix()}" in inside
    for lang in ("ja", "it"):
        assert f"companion/translations/{lang}/LC_MESSAGES/messages.mo" in inside
    for name in (
        "app.css",
        "app.js",
        "htmx.min.js",
        "manifest.webmanifest",
        "icons/icon-192.png",
        "icons/icon-512.png",
    ):
        assert f"companion/static/{name}" in inside
    assert "companion/migrations/script.py.mako" in inside
    assert "companion/migrations/versions/0001_initial.py" in inside
    assert "companion/migrations/columns.py" in inside  # the migrations import it


def test_the_wheel_ships_the_font_with_its_licence(wheel: Path) -> None:
    inside = names(wheel)
    assert "printgen/font/ipaexg.ttf" in inside
    with zipfile.ZipFile(wheel) as archive:
        licence = archive.read("printgen/font/IPA_Font_License_Agreement_v1.0.txt")
    assert b"IPA Font License Agreement v1.0" in licence


def test_the_wheel_leaves_out_what_no_browser_or_program_needs(wheel: Path) -> None:
    inside = names(wheel)
    assert not any(name.startswith("tests/") for name in inside)
    assert "reader/synthetic.py" not in inside  # tests and benches only (issue 32)
    assert "companion/static/VENDORED.md" not in inside
    assert "companion/static/icons/draw_icons.py" not in inside
    assert not any(name.endswith(".po") for name in inside)


def test_the_wheel_needs_no_dropped_dependency(wheel: Path) -> None:
    with zipfile.ZipFile(wheel) as archive:
        metadata = next(
            archive.read(name).decode()
            for name in archive.namelist()
            if name.endswith(".dist-info/METADATA")
        )
    required = re.findall(r"^Requires-Dist: ([\w.-]+)", metadata, re.MULTILINE)
    assert "matplotlib-fontja" not in required and "matplotlib" not in required
    assert "flask-htmx" not in required
    assert re.search(r"^License-Expression: MIT$", metadata, re.MULTILINE)


@pytest.fixture(scope="module")
def served(venv: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`campfire serve` from the installed wheel, run outside the source tree."""
    folder = tmp_path_factory.mktemp("run")
    with Server(
        f"sqlite:///{folder / 'db.sqlite3'}",
        cwd=folder,
        env={"PYTHONPATH": ""},
        program=[venv / "bin" / "campfire"],
    ) as server:
        server.wait_until_up()
        yield server.url


def test_the_installed_package_is_the_wheel_not_the_source(venv: Path) -> None:
    where = subprocess.run(
        [
            venv / "bin" / "python",
            "-c",
            "import companion, printgen; print(companion.__file__); print(printgen.__file__)",
        ],
        check=True,
        capture_output=True,
        text=True,
        cwd=venv,
    ).stdout.split()
    assert all(path.startswith(str(venv)) for path in where), where


def test_the_installed_wheel_serves_a_table_page(served: str) -> None:
    body = json.dumps(
        {
            "game": "bison",
            "players": [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}],
        }
    )
    created = urllib.request.urlopen(
        urllib.request.Request(
            served + "/api/v1/tables", body.encode(), {"Content-Type": "application/json"}
        ),
        timeout=10,
    )
    table_id = json.load(created)["id"]
    page = urllib.request.urlopen(
        urllib.request.Request(f"{served}/t/{table_id}", headers={"Accept-Language": "ja"}),
        timeout=10,
    )
    html = page.read().decode()
    assert page.status == 200
    assert 'lang="ja"' in html and "バイソン" in html  # templates and the ja catalog
    links = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
    assert len(links) >= 4
    for link in links:
        assert urllib.request.urlopen(served + link, timeout=10).status == 200, link


def test_the_installed_wheel_prints_a_japanese_kit(venv: Path, tmp_path: Path) -> None:
    result = subprocess.run(
        [
            venv / "bin" / "campfire",
            "print",
            "lion-square",
            "--lang",
            "ja",
            "--out",
            str(tmp_path / "kit.pdf"),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "kit.pdf").read_bytes()[:5] == b"%PDF-"
    assert b"IPAexGothic" in (tmp_path / "kit.pdf").read_bytes()
