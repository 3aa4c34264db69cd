"""`campfire` — the command line entry point.

Each subcommand lives in its own module under ``campfire.commands`` and exposes
``register(subparsers)``, which adds its parser and sets ``handler`` to a function taking
the parsed arguments and returning the exit code.

Exit status: 0 done; 2 for what the user gave (an argument, a file, an environment value
that cannot be used); 1 for a failure of the moment (a database that does not answer, a
busy port, Ctrl-C). Every failure is one line on stderr, never a traceback.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from importlib import metadata

# Subcommand modules, in the order `campfire --help` lists them.
COMMANDS = ["score", "serve", "print"]
EXIT_RUNTIME = 1


def version() -> str:
    try:
        return metadata.version("campfire")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="campfire",
        description="Table companion and print-and-play kit for four hunting-and-foraging games.",
    )
    parser.add_argument("--version", action="version", version=f"campfire {version()}")
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"campfire.commands.{name}").register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return args.handler(args)
    except KeyboardInterrupt:
        # Ctrl-C: the user stopped it; nothing half-written is left (print writes its PDF
        # to a temporary file first).
        print("campfire: interrupted (Ctrl-C); nothing was left half-done",
              file=sys.stderr)
        return EXIT_RUNTIME


if __name__ == "__main__":
    sys.exit(main())
