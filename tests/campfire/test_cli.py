"""The `campfire` entry point itself: help, unknown commands, the score dispatcher."""

import subprocess
import sys

import pytest

from campfire.cli import main, named_command


def run_cli(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "campfire", *args],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )


def test_help_lists_score() -> None:
    result = run_cli("--help")
    assert result.returncode == 0
    assert "score" in result.stdout


def test_unknown_command_is_a_usage_error() -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["juggle"])
    assert exit_info.value.code == 2


@pytest.mark.parametrize(
    ("stdin", "expected"),
    [
        ("{", "invalid JSON at line 1 column 2"),
        ("", "invalid JSON at line 1 column 1"),
    ],
)
def test_score_rejects_malformed_json_on_one_line(stdin: str, expected: str) -> None:
    result = run_cli("score", "bison", "-", stdin=stdin)
    assert result.returncode == 2
    assert result.stdout == ""
    assert expected in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_score_names_a_missing_file(tmp_path) -> None:
    missing = tmp_path / "nope.json"
    result = run_cli("score", "bison", str(missing))
    assert result.returncode == 2
    assert result.stderr.strip() == f"error: {missing}: no such file"


def test_score_refuses_unknown_game() -> None:
    result = run_cli("score", "chess", "-", stdin="{}")
    assert result.returncode == 2
    assert "invalid choice" in result.stderr


def test_score_output_cut_short_by_the_reader_is_not_a_traceback(tmp_path) -> None:
    # `campfire score … | head -1`: the pipe closes before the output is written.
    example = "examples/bison-jp-example-1.json"
    result = subprocess.run(
        f"{sys.executable} -m campfire score bison {example} | head -c 1",
        shell=True,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.stdout == "{"
    assert "Traceback" not in result.stderr
    assert "BrokenPipe" not in result.stderr


def test_score_loads_neither_the_print_kit_nor_the_server() -> None:
    """``campfire score`` imports what it uses only (start-up time): no ReportLab, segno,
    printgen, Flask or gunicorn."""
    code = (
        "import sys; from campfire import cli; cli.build_parser(['score'])"
        ".parse_args(['score', 'bison', '-']); "
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('reportlab', 'segno', 'printgen', 'flask', 'gunicorn', 'companion'))))"
    )
    loaded = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    ).stdout.strip()
    assert loaded == ""
    assert named_command(["score", "bison"]) == "score"
    assert named_command(["--version"]) is None
