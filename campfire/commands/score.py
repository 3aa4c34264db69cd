"""`campfire score GAME FILE` — score a position given as JSON (docs/contracts.md).

Output: the game's result as JSON on stdout, exit 0. Invalid input: exit 2 and exactly one
line on stderr naming the problem. Never a traceback.

Each scorable game provides ``games.<package>.contract.score(document) -> dict`` which
validates the decoded JSON document and raises ``RuleError`` naming the exact problem.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from games import registry
from games.errors import RuleError

# The games with a scoring contract (games.registry), in the project's order.
SCORABLE_GAMES = registry.scorable_ids()

EXIT_INVALID = 2


def game_command(
    subparsers: Any,
    name: str,
    games: Sequence[str],
    *,
    help: str,
    description: str,
    choices: Sequence[str] | None = None,
) -> argparse.ArgumentParser:
    """The parser of subcommand ``name`` (print, read-board, score), its first argument
    the game: one of ``choices`` (default ``games``), ``GAME`` in the usage and ``games``
    listed in its help."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        name, help=help, description=description
    )
    parser.add_argument(
        "game",
        choices=list(games if choices is None else choices),
        metavar="GAME",
        help="one of: " + ", ".join(games),
    )
    return parser


def register(subparsers: Any) -> None:
    parser = game_command(
        subparsers,
        "score",
        SCORABLE_GAMES,
        choices=sorted(SCORABLE_GAMES),
        help="score a position given as JSON",
        description="Score a position given as JSON (the formats are in docs/contracts.md); "
        "'-' reads stdin.",
    )
    parser.add_argument("file", metavar="FILE", help="JSON file, or - for standard input")
    parser.set_defaults(handler=run)


def _fail(message: str) -> int:
    # One line, always: collapse any newline a message might carry.
    print("error: " + " ".join(message.split()), file=sys.stderr)
    return EXIT_INVALID


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.buffer.read().decode("utf-8")  # JSON is UTF-8, whatever the locale
    with open(path, encoding="utf-8") as handle:
        return handle.read()


class _DuplicateKey(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = json.dumps(key, ensure_ascii=False)


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    # json.loads keeps the last of two equal keys: two players of one name would
    # silently become one.
    document: dict[str, Any] = {}
    for key, value in pairs:
        if key in document:
            raise _DuplicateKey(key)
        document[key] = value
    return document


class JsonFileError(ValueError):
    """A JSON file that cannot be read or parsed: one line naming the problem."""


def load_json(path: str) -> Any:
    """The decoded JSON document in ``path`` (``-`` = stdin); ``JsonFileError`` otherwise."""
    try:
        text = _read(path)
    except FileNotFoundError:
        raise JsonFileError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise JsonFileError(f"{path}: is a directory, expected a JSON file") from None
    except PermissionError:
        raise JsonFileError(f"{path}: permission denied") from None
    except UnicodeDecodeError:
        raise JsonFileError(f"{path}: not UTF-8 text") from None
    except OSError as error:
        raise JsonFileError(f"{path}: cannot read ({error.strerror})") from None
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as error:
        message = f"invalid JSON at line {error.lineno} column {error.colno}: {error.msg}"
        raise JsonFileError(message) from None
    except _DuplicateKey as error:
        message = f"invalid JSON: the key {error.key} appears twice in one object"
        raise JsonFileError(message) from None
    except ValueError:  # Python refuses integers of more than 4300 digits
        raise JsonFileError("invalid JSON: a number is too long") from None
    except RecursionError:  # arrays or objects nested deeper than the parser's stack
        raise JsonFileError("invalid JSON: nested too deeply") from None


def comma_list(value: str) -> list[str]:
    """``a, b,,c`` → ``["a", "b", "c"]``: an option's comma-separated names (print's
    ``--only``, read-board's ``--players``), blanks dropped."""
    return [name.strip() for name in value.split(",") if name.strip()]


def write_json(result: Any) -> None:
    """``result`` as indented JSON on stdout, whatever the terminal and the pipe do."""
    output = json.dumps(result, ensure_ascii=False, indent=2)
    try:
        output.encode(sys.stdout.encoding or "utf-8")
    except UnicodeEncodeError:
        # A lone surrogate ("\ud800" in the input) or a terminal that cannot show a name:
        # \u escapes keep the output valid JSON instead of a traceback halfway through.
        output = json.dumps(result, indent=2)
    try:
        sys.stdout.write(output + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        # The reader (e.g. `| head`) left early: that is not an error of ours. Point stdout
        # at /dev/null so the interpreter's final flush does not complain either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def run(args: argparse.Namespace) -> int:
    try:
        document = load_json(args.file)
    except JsonFileError as error:
        return _fail(str(error))
    score = registry.get(args.game).rules().score
    if score is None:  # argparse offers the scorable games only
        return _fail(f"{args.game} has no scoring contract")
    try:
        result = score(document)
    except RuleError as error:
        return _fail(str(error))
    write_json(result)
    return 0
