"""`campfire print GAME|all` — write a print-and-play kit PDF (issue 7).

Default output: ``output/<game>-<lang>-<paper>.pdf``. A progress line per component goes to
stdout; a bad argument or an unprintable kit gives exit 2 and one line on stderr.
``--table URL`` prints the table's QR code on the cover and a seat link
(``URL/s/<n>``, :mod:`printgen.seatlinks`, the same links the companion's "Print kit" uses)
on each player board.
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
from printgen.seatlinks import seat_links

EXIT_INVALID = 2
#: Seat links to make for ``--table``: the most player boards a kit prints (A Dog's Life
#: has 6 dog charts). The CLI does not know the table's player count; a board beyond it
#: just opens a seat the table does not have, which the companion explains.
BOARD_SEATS = 6


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
    parser.add_argument("--table", metavar="URL",
                        help="table URL: its QR code on the cover, and on each player board "
                             "the seat link URL/s/<n> that opens the table as that seat")
    parser.add_argument("--out", metavar="FILE",
                        help="output file (default output/<game>-<lang>-<paper>.pdf)")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    out = Path(args.out or f"output/{args.game}-{args.lang}-{args.paper}.pdf")
    try:
        pdf = render_kit(args.game, paper=args.paper, lang=args.lang, duplex=args.duplex,
                         ink_saver=args.ink_saver, table_url=args.table,
                         seat_urls=seat_links(args.table, BOARD_SEATS) if args.table else None,
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
