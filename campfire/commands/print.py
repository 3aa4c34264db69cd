"""`campfire print GAME|all` — write a print-and-play kit PDF.

Default output: ``output/<game>-<lang>-<paper>.pdf``, with ``-short``/``-fold`` and
``-ink-saver`` added for those variants so that printing several never overwrites one.
``--out -`` writes the PDF to stdout (e.g. ``| lpr``); the progress lines then go to stderr.
A progress line per component goes to stdout; a bad argument or an unprintable kit gives
exit 2 and one line on stderr.
``--table URL`` prints the table's QR code on the cover and a seat link
(``URL/s/<n>``, :mod:`printgen.seatlinks`, the same links the companion's "Print kit" uses)
on each player board.
``--players NAME:COLOUR[,…]`` prints each seat's board, QR code and pieces in its colour,
with its name, as the companion's "Print kit" does for a table: the seated colours only
(``--spares N`` adds N spare sets), and a count outside the game's player range is refused.
``--only ID[,ID…]`` prints some components (``--only help`` lists the ids; a piece id such
as ``B07`` prints one replacement piece), ``--copies N`` each piece N times, and
``--back-offset X,Y`` shifts every back by X, Y mm for a printer that prints backs off
(read on the duplex test pages of the cover). ``--png DIR`` writes one PNG per piece
face instead of the PDF, ``--tts DIR`` a Tabletop Simulator saved object per game and its
images (:mod:`printgen.export`, :mod:`printgen.tts`). ``--trim-ticks`` extends the cut lines to the
paper edge for a trimmer; ``--margin MM`` keeps everything that matters out of the printer's
hard margin.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from campfire.commands.score import comma_list, game_command
from games import registry
from games.table import Player
from printgen.errors import PrintError
from printgen.export import PNG_DPI, export
from printgen.kit import ALL, MAX_COPIES, MAX_SPARES, component_ids, render_kit
from printgen.layout import DUPLEX_MODES, MARGIN_MAX, NO_OFFSET, PAPERS, parse_offset
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
    # Every game of the project: one without a kit yet is answered in one sentence.
    parser = game_command(
        subparsers,
        "print",
        [*registry.ids(), ALL],
        help="write a print-and-play kit PDF",
        description="Write the print-and-play kit of a game (or all four) as a PDF.",
    )
    parser.__class__ = _Parser
    parser.add_argument("--paper", choices=list(PAPERS), default="a4")
    parser.add_argument("--lang", choices=list(LANGUAGES), default="en")
    parser.add_argument(
        "--duplex",
        choices=list(DUPLEX_MODES),
        default="long",
        help="long/short: flip edge for two-sided pages; fold: fold and glue",
    )
    parser.add_argument("--ink-saver", action="store_true", help="grey, light fills")
    parser.add_argument(
        "--table",
        metavar="URL",
        help="table URL: its QR code on the cover, and on each player board "
        "the seat link URL/s/<n> that opens the table as that seat",
    )
    parser.add_argument(
        "--players",
        metavar="NAME:COLOUR[,…]",
        help="the table's seats in order, e.g. Ann:red,Ben:blue: each board, QR code and "
        "pieces in the seat's colour, with its name (A Dog's Life: the dog's colour); only "
        "the seated colours print; a count outside the game's player range is refused",
    )
    parser.add_argument(
        "--spares",
        metavar="N",
        type=int,
        default=0,
        help=f"with --players: also N spare colour sets (0–{MAX_SPARES})",
    )
    parser.add_argument(
        "--only",
        metavar="ID[,ID…]",
        help="print only these components or pieces ('--only help' lists "
        "the component ids; 'cover' is the cover sheet)",
    )
    parser.add_argument(
        "--copies",
        metavar="N",
        type=int,
        default=1,
        help=f"print each piece N times (1–{MAX_COPIES})",
    )
    parser.add_argument(
        "--back-offset",
        metavar="X,Y",
        default=None,
        help="shift every back by X, Y mm (read on the duplex test pages)",
    )
    parser.add_argument(
        "--trim-ticks",
        action="store_true",
        help="extend every straight cut line across the margin to the paper edge "
        "(for a guillotine or rotary trimmer)",
    )
    parser.add_argument(
        "--margin",
        metavar="MM",
        type=float,
        default=None,
        help=f"the printer's hard margin in mm (0–{MARGIN_MAX:g}): nothing that matters is "
        "printed inside it; a part that no longer fits is refused",
    )
    parser.add_argument(
        "--no-markers",
        action="store_true",
        help="Bison: leave out the photo markers (the art alone, as kits before them)",
    )
    images = parser.add_mutually_exclusive_group()
    images.add_argument(
        "--png",
        metavar="DIR",
        help=f"instead of the PDF, one PNG per piece face at {PNG_DPI} dpi into DIR "
        "(<piece id>-front.png, <piece id>-back.png); needs pdftoppm",
    )
    images.add_argument(
        "--tts",
        metavar="DIR",
        help="instead of the PDF, a Tabletop Simulator saved object into DIR (<game>.json: "
        "every deck, tile, token and board with its images; put the .json in Documents/My "
        "Games/Tabletop Simulator/Saves/Saved Objects); needs pdftoppm",
    )
    parser.add_argument(
        "--bleed",
        metavar="MM",
        type=float,
        default=0.0,
        help="with --png: MM of art past the trim on each side (0–3; print services ask about 3)",
    )
    parser.add_argument(
        "--out",
        metavar="FILE",
        help="output file, '-' for stdout (default output/<game>-<lang>-<paper>[-variant].pdf)",
    )
    parser.set_defaults(handler=run)


def default_out(args: argparse.Namespace) -> Path:
    """``output/<game>-<lang>-<paper>.pdf``, plus the variant (duplex other than long, ink
    saver) so that kits printed with different options sit side by side."""
    parts = [args.game, args.lang, args.paper]
    if args.duplex != "long":
        parts.append(args.duplex)
    if args.ink_saver:
        parts.append("ink-saver")
    if args.no_markers:
        parts.append("no-markers")
    if args.only:
        parts.append("+".join(comma_list(args.only)))
    return Path("output") / ("-".join(parts) + ".pdf")


def parse_players(value: str) -> tuple[Player, ...]:
    """``Ann:red,Ben:blue`` → the seats in order (name, colour); ``PrintError`` if malformed."""
    players = []
    for item in value.split(","):
        name, colon, colour = item.rpartition(":")
        if not colon or not name.strip() or not colour.strip():
            raise PrintError(f"--players takes NAME:COLOUR[,NAME:COLOUR…], got {item!r}")
        players.append(Player(name.strip(), colour.strip().lower()))
    return tuple(players)


def run(args: argparse.Namespace) -> int:
    to_stdout = args.out == "-"
    log = sys.stderr if to_stdout else sys.stdout  # stdout carries the PDF with --out -
    if args.only is not None and args.only.strip() == "help":
        print("\n".join(component_ids(args.game)))
        return 0
    if args.out and not to_stdout:
        problem = _unwritable(Path(args.out))
        if problem:  # said before the kit is drawn, not after
            print(f"error: cannot write {args.out}: {problem}", file=sys.stderr)
            return EXIT_INVALID
    if args.spares and not args.players:
        return _refuse("--spares needs --players (without a table the box's every colour prints)")
    if args.bleed and not args.png:
        return _refuse("--bleed needs --png (the PDF has its bleed already)")
    if args.png or args.tts:
        return _images(args)
    try:
        offset = NO_OFFSET if args.back_offset is None else parse_offset(args.back_offset)
        pdf = render_kit(
            args.game,
            paper=args.paper,
            lang=args.lang,
            duplex=args.duplex,
            ink_saver=args.ink_saver,
            table_url=args.table,
            seat_urls=seat_links(args.table, BOARD_SEATS) if args.table else None,
            players=parse_players(args.players) if args.players else (),
            progress=lambda line: print(line, file=log, flush=True),
            only=None if args.only is None else comma_list(args.only),
            copies=args.copies,
            back_offset=offset,
            trim_ticks=args.trim_ticks,
            margin=args.margin,
            markers=not args.no_markers,
            spares=args.spares,
        )
    except PrintError as error:
        return _refuse(str(error))
    if to_stdout:
        return _write_stdout(pdf)
    out = Path(args.out) if args.out else default_out(args)
    try:
        if not args.out:  # only the default output/ folder is made; a given one must exist
            out.parent.mkdir(parents=True, exist_ok=True)
        _write_file(out, pdf)
    except OSError as error:
        hint = " (the folder must exist)" if isinstance(error, FileNotFoundError) else ""
        print(f"error: cannot write {out}: {error.strerror}{hint}", file=sys.stderr)
        return EXIT_INVALID
    print(f"wrote {out} ({len(pdf) // 1024} KiB)")
    return 0


def _refuse(message: str) -> int:
    """One line on stderr (printgen's messages may wrap) and the exit status of bad input."""
    print("error: " + " ".join(message.split()), file=sys.stderr)
    return EXIT_INVALID


def _images(args: argparse.Namespace) -> int:
    """``--png DIR`` / ``--tts DIR``: the kit's images instead of its PDF."""
    folder = Path(args.png or args.tts)
    try:
        written = export(
            args.game,
            folder,
            tts=bool(args.tts),
            lang=args.lang,
            ink_saver=args.ink_saver,
            only=None if args.only is None else comma_list(args.only),
            players=parse_players(args.players) if args.players else (),
            markers=not args.no_markers,
            spares=args.spares,
            bleed=args.bleed,
        )
    except PrintError as error:
        return _refuse(str(error))
    except OSError as error:
        return _refuse(f"cannot write into {folder}: {error.strerror}")
    saved = [path for path in written if path.suffix == ".json"]
    images = len(written) - len(saved)
    print(f"wrote {images} images into {folder}")
    for path in saved:  # what to copy into Tabletop Simulator's Saved Objects folder
        print(f"wrote {path} (Tabletop Simulator saved object)")
    return 0


def _unwritable(out: Path) -> str | None:
    folder = out.parent
    if not folder.is_dir():
        return f"the folder {folder} does not exist"
    if out.is_dir():
        return "that is a folder; give a file name"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"no permission to write in {folder}"
    return None


def _write_file(out: Path, pdf: bytes) -> None:
    """Write through a temporary file beside ``out``: Ctrl-C or a full disk never leaves a
    truncated PDF under the real name."""
    partial = out.with_name(f".{out.name}.partial")
    try:
        partial.write_bytes(pdf)
        partial.replace(out)
    finally:
        partial.unlink(missing_ok=True)


def _write_stdout(pdf: bytes) -> int:
    try:
        sys.stdout.flush()
        sys.stdout.buffer.write(pdf)
        sys.stdout.buffer.flush()
    except BrokenPipeError:
        # The reader left early (e.g. `| head -c 4`): not an error of ours. Point stdout at
        # /dev/null so the interpreter's final flush does not complain either.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0
