"""`campfire` — the command line entry point.

Each subcommand lives in its own module under ``campfire.commands`` and exposes
``register(subparsers)``, which adds its parser and sets ``handler`` to a function taking
the parsed arguments and returning the exit code.
"""

from __future__ import annotations

import argparse
import importlib
import sys

# Subcommand modules, in the order `campfire --help` lists them.
COMMANDS = ["score", "serve", "print"]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="campfire",
        description="Table companion and print-and-play kit for four hunting-and-foraging games.",
    )
    subparsers = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        importlib.import_module(f"campfire.commands.{name}").register(subparsers)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    return args.handler(args)


if __name__ == "__main__":
    sys.exit(main())
