"""`campfire` — the command line entry point.

Each subcommand lives in its own module under ``campfire.commands`` and exposes
``register(subparsers)``, which adds its parser and sets ``handler`` to a function taking
the parsed arguments and returning the exit code.

Exit status: 0 done; 2 for what the user gave (an argument, a file, an environment value
that cannot be used); 1 for a failure of the moment (a database that does not answer, a
busy port, Ctrl-C). Every failure is one line on stderr, never a traceback.

Start-up stays small: ``campfire score …`` imports the score command alone (not the print
kit's ReportLab, nor the server), and the installed version is looked up only when
``--version`` asks for it.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import Any

# Subcommand modules, in the order `campfire --help` lists them.
COMMANDS = ["score", "serve", "print", "read-board"]
EXIT_RUNTIME = 1


def version() -> str:
    from importlib import metadata  # ~0.1 s to import: only when the version is asked

    try:
        return metadata.version("campfire")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


class _Version(argparse.Action):
    """``--version``: prints ``campfire <version>`` (looked up only now) and exits."""

    def __init__(
        self,
        option_strings: Sequence[str],
        dest: str = argparse.SUPPRESS,
        default: Any = argparse.SUPPRESS,
        help: str | None = None,
    ) -> None:
        super().__init__(
            option_strings,
            dest=dest,
            default=default,
            nargs=0,
            help=help or "show program's version number and exit",
        )

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: Any,
        option_string: str | None = None,
    ) -> None:
        print(f"campfire {version()}")  # stdout, as argparse's own version action
        parser.exit()


def build_parser(commands: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser; ``commands``: the subcommands to load (default: every one)."""
    parser = argparse.ArgumentParser(
        prog="campfire",
        description="Table companion and print-and-play kit for four hunting-and-foraging games.",
    )
    parser.add_argument("--version", action=_Version)
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in commands or COMMANDS:
        importlib.import_module(f"campfire.commands.{name.replace('-', '_')}").register(subparsers)
    return parser


def named_command(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` starts with, or None (an option first, an unknown name,
    nothing): then every subcommand is loaded, for the help and the error message."""
    return argv[0] if argv and argv[0] in COMMANDS else None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    command = named_command(argv)
    try:
        args = build_parser([command] if command else None).parse_args(argv)
        status: int = args.handler(args)
        return status
    except KeyboardInterrupt:
        # Ctrl-C: the user stopped it; nothing half-written is left (print writes its PDF
        # to a temporary file first).
        print("campfire: interrupted (Ctrl-C); nothing was left half-done", file=sys.stderr)
        return EXIT_RUNTIME


if __name__ == "__main__":
    sys.exit(main())
