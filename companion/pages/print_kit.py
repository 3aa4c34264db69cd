"""The print-and-play kit page: printgen draws the kit; this page offers its
options, checks them, builds the table's links (cover QR code, seat links) and streams the
PDF."""

from __future__ import annotations

import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from flask import Response, current_app, render_template, request
from flask_babel import get_locale
from flask_babel import gettext as _

from companion import security, tables
from companion.i18n import rule_error_message
from companion.pages.base import absolute_url, bp, current_seat, load_table
from games.errors import N_, RuleError
from games.table import Player
from printgen import kit as printkit
from printgen.context import table_players
from printgen.errors import PrintError
from printgen.layout import DUPLEX_MODES, OFFSET_MAX, PAPERS, Offset
from printgen.messages import LANGUAGES as PRINT_LANGUAGES
from printgen.seatlinks import seat_links
from printgen.style import Style

log = logging.getLogger(__name__)

#: The choices offered on the print page, with their labels (translated at display time).
PAPER_NAMES = {"a4": N_("A4"), "letter": N_("US Letter")}
DUPLEX_NAMES = {
    "long": N_("Two-sided, flip on the long edge"),
    "short": N_("Two-sided, flip on the short edge"),
    "fold": N_("One-sided: fold and glue the backs"),
}
#: Browsers asking for one of these regions first get US Letter by default.
LETTER_REGIONS = frozenset({"US", "CA", "MX"})
INK_SAVER_VALUES = {
    "": False,
    "0": False,
    "off": False,
    "false": False,
    "1": True,
    "on": True,
    "true": True,
}
#: Kits drawn at once by one server process: each is ~0.5 s of pure CPU, so running more
#: side by side only slows every one of them. A request waits at most RENDER_WAIT_SECONDS
#: for a turn, then is told to try again (503) instead of hanging.
RENDER_SLOTS = threading.BoundedSemaphore(2)
RENDER_WAIT_SECONDS = 10.0


@dataclass(frozen=True, slots=True)
class KitOptions:
    """What the print form asks: the arguments of ``printgen.kit.render_kit``."""

    paper: str
    lang: str
    duplex: str
    ink_saver: bool
    parts: tuple[str, ...] = ()  # component ids to print; none: the whole kit
    copies: int = 1
    offset: tuple[float, float] = (0.0, 0.0)  # back offset, mm

    def filename(self, game: str) -> str:
        """The download's name, as ``campfire print`` names its file."""
        part = "-" + "+".join(self.parts) if self.parts else ""
        return f"{game}-{self.lang}-{self.paper}{part}.pdf"


@dataclass(frozen=True, slots=True)
class KitPart:
    """One part of the kit the print page offers: a component to tick whole, and the ids of
    its pieces, each of which may be ticked alone (a lost card, one torn token)."""

    id: str
    title: str
    pieces: tuple[str, ...] = ()


def kit_parts(game: str, lang: str, players: Sequence[Player] = ()) -> list[KitPart]:
    """The parts of ``game``'s kit a reader may tick, with their printed titles in
    ``lang``: the cover first, then each component with its pieces."""
    if game not in printkit.GAMES:
        return []
    context = printkit.Context(
        lang if lang in PRINT_LANGUAGES else "en", Style(), players=tuple(players)
    )
    cover = KitPart(printkit.COVER, _("Cover sheet and duplex tests"))
    return [cover] + [
        KitPart(c.key, c.title, tuple(p.id for p in c.pieces))
        for c in printkit.kit_components(game, context)
    ]


def default_kit_options() -> KitOptions:
    """The reader's language, and the paper their region uses."""
    lang = str(get_locale())
    region = next(iter(request.accept_languages.values()), "").replace("_", "-")
    letter = region.rpartition("-")[2].upper() in LETTER_REGIONS
    return KitOptions(
        paper="letter" if letter else "a4",
        lang=lang if lang in PRINT_LANGUAGES else "en",
        duplex="long",
        ink_saver=False,
    )


def kit_options(
    values: Any, game: str | None = None, players: Sequence[Player] = ()
) -> tuple[KitOptions, list[RuleError]]:
    """The options in ``values`` (the query string: ``paper``, ``language``, ``duplex``,
    ``ink_saver``), each missing one at its default, and a refusal for every value that is
    not offered (that option then stays at its default, so the form shows what would be
    used). The kit's language is ``language``, not ``lang``: ``?lang=`` is the page's
    language switcher, and printing an Italian kit must not turn the app into Italian."""
    default = default_kit_options()
    errors: list[RuleError] = []

    def pick(field: str, name: str, offered: Any, template: str) -> Any:
        raw = values.get(field)
        if raw is None:
            return getattr(default, name)
        if raw in offered:
            return raw
        errors.append(RuleError(template, value=raw[:20]))
        return getattr(default, name)

    paper = pick(
        "paper", "paper", PAPERS, N_("Paper size '{value}' is not offered: choose A4 or US Letter.")
    )
    lang = pick(
        "language",
        "lang",
        PRINT_LANGUAGES,
        N_("Language '{value}' is not offered: choose English, Japanese or Italian."),
    )
    duplex = pick(
        "duplex",
        "duplex",
        DUPLEX_MODES,
        N_(
            "Two-sided printing '{value}' is not offered: choose long edge, short "
            "edge or fold and glue."
        ),
    )
    raw_ink = values.get("ink_saver", "")
    if raw_ink.lower() not in INK_SAVER_VALUES:
        errors.append(RuleError(N_("Ink saver is on or off, not '{value}'."), value=raw_ink[:20]))
    ink_saver = INK_SAVER_VALUES.get(raw_ink.lower(), False)
    offered_parts = (
        set(printkit.component_ids(game, pieces=True, players=players))
        if game in printkit.GAMES
        else set()
    )
    getlist = getattr(values, "getlist", None)
    raw_parts = getlist("part") if getlist else ([values["part"]] if "part" in values else [])
    parts: list[str] = []
    for raw in raw_parts:
        if raw in offered_parts:
            parts.append(raw)
        else:
            errors.append(RuleError(N_("'{value}' is not a part of this kit."), value=raw[:30]))
    raw_copies = values.get("copies", "") or "1"
    copies = int(raw_copies) if raw_copies.isdigit() else 0
    if not 1 <= copies <= printkit.MAX_COPIES:
        errors.append(
            RuleError(
                N_("Copies must be a whole number from 1 to {most}, not '{value}'."),
                most=printkit.MAX_COPIES,
                value=raw_copies[:20],
            )
        )
        copies = 1
    offset = []
    for field in ("offset_x", "offset_y"):
        raw = values.get(field, "") or "0"
        try:
            number = float(raw)
        except ValueError:
            number = float("nan")
        if not abs(number) <= OFFSET_MAX:  # also refuses nan
            errors.append(
                RuleError(
                    N_(
                        "The back offset is a number of millimetres from "
                        "-{most} to {most}, not '{value}'."
                    ),
                    most=int(OFFSET_MAX),
                    value=raw[:20],
                )
            )
            number = 0.0
        offset.append(number)
    return KitOptions(
        paper, lang, duplex, ink_saver, tuple(parts), copies, (offset[0], offset[1])
    ), errors


def kit_players(view: tables.TableView) -> tuple[Player, ...]:
    """The table's seats as its kit prints them: names, and the colours of their pieces."""
    return table_players(view.game, view.players, view.settings)


def print_limit() -> str:
    return current_app.config["PRINT_RATE_LIMIT"]


def print_page_response(
    view: tables.TableView,
    options: KitOptions,
    *,
    errors: list[str] | None = None,
    status: int = 200,
) -> Any:
    printable = view.game in printkit.GAMES
    return render_template(
        "print.html",
        table=view,
        seat=current_seat(view),
        options=options,
        errors=errors or [],
        printable=printable,
        paper_names=PAPER_NAMES,
        duplex_names=DUPLEX_NAMES,
        print_languages=PRINT_LANGUAGES,
        kit_parts=kit_parts(view.game, str(get_locale()), kit_players(view)),
        max_copies=printkit.MAX_COPIES,
        offset_max=OFFSET_MAX,
    ), status if printable else 404


def wants_kit() -> bool:
    """The print form was submitted (``download``): answer with the PDF."""
    return "download" in request.args


@bp.get("/t/<table_id>/print")
@security.limiter.limit(print_limit, exempt_when=lambda: not wants_kit())
def print_page(table_id: str) -> Any:
    """The print form (paper, language, two-sided mode, ink saver); submitted (a GET with
    ``download``), the kit as a PDF download, with this table's QR code on the cover and
    each seat's link (printgen.seatlinks) on that seat's player board. One URL for both, so
    the language switcher on a refused form shows the form again, not a download."""
    view = load_table(table_id)
    if not wants_kit():
        return print_page_response(view, default_kit_options())
    options, refusals = kit_options(request.args, view.game, kit_players(view))
    if view.game not in printkit.GAMES:
        return print_page_response(view, options)
    if refusals:
        return print_page_response(
            view, options, status=400, errors=[rule_error_message(e) for e in refusals]
        )
    table_url = absolute_url("web.table", table_id=view.id)
    if not RENDER_SLOTS.acquire(timeout=RENDER_WAIT_SECONDS):
        busy = _("The server is busy making other kits. Please try again in a moment.")
        return print_page_response(view, options, errors=[busy], status=503)
    try:
        pdf = printkit.render_kit(
            view.game,
            paper=options.paper,
            lang=options.lang,
            duplex=options.duplex,
            ink_saver=options.ink_saver,
            table_url=table_url,
            seat_urls=seat_links(table_url, len(view.players)),
            players=kit_players(view),
            only=options.parts or None,
            copies=options.copies,
            back_offset=Offset(*options.offset),
        )
    except PrintError as error:
        # The options were checked above, so this is the server's setup (e.g. a public URL
        # that is not http(s)); say what printgen said rather than fail with a 500.
        log.warning("print kit for table %s refused: %s", view.id, error)
        message = _("This kit cannot be printed: %(reason)s", reason=str(error))
        return print_page_response(view, options, errors=[message], status=400)
    finally:
        RENDER_SLOTS.release()
    return Response(
        pdf,
        mimetype="application/pdf",
        headers={
            "Content-Disposition": f'attachment; filename="{options.filename(view.game)}"',
            "Cache-Control": "private, no-store",
        },
    )
