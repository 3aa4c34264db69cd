"""`campfire print GAME|all` — write a print-and-play kit PDF (issue 7).

Default output: ``output/<game>-<lang>-<paper>.pdf``. A progress line per component goes to
stdout; a bad argument or an unprintable kit gives exit 2 and one line on stderr.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from printgen.errors import PrintError
from printgen.kit import ALL, GAMES, render_kit
from printgen.layout import DUPLEX_MODES, PAPERS
from printgen.messages import LANGUAGES

EXIT_INVALID = 2


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line and exit 2 (not the usage block)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        print(f"error: {message}", file=sys.stderr)
        raise SystemExit(EXIT_INVALID)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "print",
        help="write a print-and-play kit PDF",
        description="Write the print-and-play kit of a game (or all four) as a PDF.",
    )
    parser.__class__ = _Parser
    games = [*GAMES, ALL]
    parser.add_argument("game", choices=games, metavar="GAME",
                        help="one of: " + ", ".join(games))
    parser.add_argument("--paper", choices=list(PAPERS), default="a4")
    parser.add_argument("--lang", choices=list(LANGUAGES), default="en")
    parser.add_argument("--duplex", choices=list(DUPLEX_MODES), default="long",
                        help="long/short: flip edge for two-sided pages; fold: fold and glue")
    parser.add_argument("--ink-saver", action="store_true", help="grey, light fills")
    parser.add_argument("--table", metavar="URL", help="table URL for the join QR code")
    parser.add_argument("--out", metavar="FILE",
                        help="output file (default output/<game>-<lang>-<paper>.pdf)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    out = Path(args.out or f"output/{args.game}-{args.lang}-{args.paper}.pdf")
    try:
        pdf = render_kit(args.game, paper=args.paper, lang=args.lang, duplex=args.duplex,
                         ink_saver=args.ink_saver, table_url=args.table,
                         progress=lambda line: print(line, flush=True))
    except PrintError as error:
        print("error: " + " ".join(str(error).split()), file=sys.stderr)
        return EXIT_INVALID
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_bytes(pdf)
    except OSError as error:
        print(f"error: cannot write {out}: {error.strerror}", file=sys.stderr)
        return EXIT_INVALID
    print(f"wrote {out} ({len(pdf) // 1024} KiB)")
    return 0
