"""`campfire read-board bison PHOTO [--board FILE] [--players …]` — read a printed Bison
board from a photo (issue 23; docs/contracts.md).

Output: the board as JSON in the ``campfire score bison`` input format, plus ``unseen``
(what the confirmed board has and the photo does not show) and ``doubts``; exit 0. Bad
input (not a JPEG, PNG or WebP image — an EPS, PS or PDF never reaches Ghostscript —, a
truncated, huge or decompression-bomb file, one too small or narrow to show a board, no
board found, another kit's markers, a bad ``--board``): exit 2 and one line on stderr.
Never a traceback, never a crash (the marker detector crashed on a 1 × 1 PNG: such sizes
are refused from the header, reader.bison.open_photo).
"""

from __future__ import annotations

import argparse
import os
from typing import Any

from campfire.commands.score import (
    JsonFileError,
    _fail,
    comma_list,
    game_command,
    load_json,
    write_json,
)
from games.errors import RuleError

READABLE = ("bison",)


def register(subparsers: Any) -> None:
    parser = game_command(
        subparsers,
        "read-board",
        READABLE,
        help="read a printed board from a photo, as JSON",
        description="Read the board in a photo of the printed kit (with its markers) and "
        "print it as JSON in the 'campfire score' input format, plus 'unseen' and 'doubts'.",
    )
    parser.add_argument("photo", metavar="PHOTO", help="the photo (JPEG, PNG or WebP)")
    parser.add_argument(
        "--board",
        metavar="FILE",
        help="the confirmed board (the 'campfire score bison' input) as the prior: its "
        "tiles are pinned, what the photo does not show is listed as unseen",
    )
    parser.add_argument(
        "--players",
        metavar="COLOUR[,…]",
        help="the players' colours in seat order (default: the board's, else those seen)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    prior = None
    if args.board is not None:
        try:
            prior = load_json(args.board)
        except JsonFileError as error:
            return _fail(f"--board {error}")
        from games.bison import contract

        try:
            contract.load(prior)
        except RuleError as error:
            return _fail(f"--board {args.board}: {error}")
    from reader.bison import MAX_BYTES, PhotoError, read, too_large

    try:
        with open(args.photo, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size > MAX_BYTES:  # said with its real size: only the limit's worth is read
                return _fail(f"{args.photo}: {too_large(size)}")
            data = handle.read(MAX_READ)
    except FileNotFoundError:
        return _fail(f"{args.photo}: no such file")
    except IsADirectoryError:
        return _fail(f"{args.photo}: is a directory, expected a photo")
    except OSError as error:
        return _fail(f"{args.photo}: cannot read ({error.strerror})")
    try:
        reading = read(data, prior)
    except PhotoError as error:
        return _fail(f"{args.photo}: {error}")
    if args.players:
        players = comma_list(args.players)
    elif prior is not None:
        players = list(prior["players"])
    else:
        players = sorted({p["player"] for p in reading.pieces})
    write_json(reading.as_json(players))
    return 0


# One byte past the reader's limit: enough to tell "too large" without reading a huge file.
MAX_READ = 30 * 1024 * 1024 + 1
