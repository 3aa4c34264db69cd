"""The print-and-play kit page: printgen draws the kit; this page offers its
options, checks them, builds the table's links (cover QR code, seat links) and files the
kit with the print pool (companion.print_jobs), then shows a "preparing your kit" page that
polls the job until the PDF can be downloaded.

One kit in flight per phone: the phone's job is kept in its session, and asking for
another kit while it is drawn answers with that job."""

from __future__ import annotations

import functools
import logging
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import TypedDict

from flask import redirect, render_template, request, send_file, session, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _

from companion import print_jobs, security, serving, tables
from companion.i18n import rule_error_message
from companion.pages.base import absolute_url, bp, current_seat, load_table, small_number
from companion.print_jobs import KitArguments
from games import fields
from games.errors import N_, RuleError, Term
from games.table import Player
from printgen import kit as printkit
from printgen.context import Context, table_players
from printgen.layout import DUPLEX_MODES, OFFSET_MAX, PAPERS, Offset
from printgen.messages import LANGUAGES as PRINT_LANGUAGES
from printgen.seatlinks import seat_links
from printgen.style import Style

#: The copies field of the print form, as its label names it (a refusal names it so).
COPIES = Term(N_("Copies of each piece"))

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
#: The session's record of this phone's kit in flight: {"key": …, "url": …}.
PHONE_JOB = "print_job"
#: How often (seconds) the "preparing your kit" page asks again without script (with
#: script it asks on the app's poll, POLL_MS).
POLL_SECONDS = 2


class KitQuery(TypedDict):
    """A kit's options as the print form sends them (``KitOptions.query``)."""

    paper: str
    language: str
    duplex: str
    ink_saver: str
    part: list[str]
    copies: int
    offset_x: str
    offset_y: str


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

    def query(self) -> KitQuery:
        """Every option as the print form sends it (``kit_options`` reads it back the
        same): a job's URL carries its kit, so any worker or server can draw it."""
        return {
            "paper": self.paper,
            "language": self.lang,
            "duplex": self.duplex,
            "ink_saver": "on" if self.ink_saver else "off",
            "part": list(self.parts),
            "copies": self.copies,
            "offset_x": repr(self.offset[0]),
            "offset_y": repr(self.offset[1]),
        }


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
    if not printkit.has_kit(game):
        return []
    context = Context(lang if lang in PRINT_LANGUAGES else "en", Style(), players=tuple(players))
    cover = KitPart(printkit.COVER, _("Cover sheet and duplex tests"))
    return [cover] + [
        KitPart(c.key, c.title, tuple(p.id for p in c.pieces))
        for c in printkit.kit_components(game, context)
    ]


@functools.lru_cache(maxsize=256)
def offered_parts(game: str, players: tuple[Player, ...] = ()) -> frozenset[str]:
    """The component and piece ids of ``game``'s kit the form may tick (piece ids follow
    the table's colours). Kept per process: they are printgen's (the same for every
    request at a table), and building them costs a dogs-life job page poll ~20 ms of the
    worker's only thread."""
    if not printkit.has_kit(game):
        return frozenset()
    return frozenset(printkit.component_ids(game, pieces=True, players=players))


def warm() -> None:
    """Build what a worker's first kit would before its first request (``campfire serve``
    at boot): every game's tickable ids and printgen's fingerprint, 0.1–0.3 s cold, which
    the first kit's request otherwise spent on the worker's only thread."""
    for game in printkit.games_with_kit():
        offered_parts(game)
    print_jobs.printgen_fingerprint()


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
    values: Mapping[str, str], game: str | None = None, players: Sequence[Player] = ()
) -> tuple[KitOptions, list[RuleError]]:
    """The options in ``values`` (the query string: ``paper``, ``language``, ``duplex``,
    ``ink_saver``), each missing one at its default, and a refusal for every value that is
    not offered (that option then stays at its default, so the form shows what would be
    used). The kit's language is ``language``, not ``lang``: ``?lang=`` is the page's
    language switcher, and printing an Italian kit must not turn the app into Italian."""
    default = default_kit_options()
    errors: list[RuleError] = []

    def pick(field: str, fallback: str, offered: Collection[str], template: str) -> str:
        raw = values.get(field)
        if raw is None:
            return fallback
        if raw in offered:
            return raw
        errors.append(RuleError(template, value=raw[:20]))
        return fallback

    paper = pick(
        "paper",
        default.paper,
        PAPERS,
        N_("Paper size '{value}' is not offered: choose A4 or US Letter."),
    )
    lang = pick(
        "language",
        default.lang,
        PRINT_LANGUAGES,
        N_("Language '{value}' is not offered: choose English, Japanese or Italian."),
    )
    duplex = pick(
        "duplex",
        default.duplex,
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
    if game is not None and printkit.has_kit(game):
        seated = printkit.seat_refusal(game, players)  # the game's player range (issue 37)
        if seated is not None:
            errors.append(seated)
    offered = offered_parts(game, tuple(players)) if game else frozenset()
    getlist = getattr(values, "getlist", None)
    raw_parts = getlist("part") if getlist else ([values["part"]] if "part" in values else [])
    parts: list[str] = []
    for raw in raw_parts:
        if raw in offered:
            parts.append(raw)
        else:
            errors.append(RuleError(N_("'{value}' is not a part of this kit."), value=raw[:30]))
    raw_copies = values.get("copies", "") or "1"
    copies = small_number(raw_copies) or 0  # "²".isdigit() is true, but no number
    if not 1 <= copies <= printkit.MAX_COPIES:
        errors.append(fields.refusal(raw_copies, COPIES, 1, printkit.MAX_COPIES))
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


print_limit = security.configured_limit("PRINT_RATE_LIMIT")


def print_page_response(
    view: tables.TableView,
    options: KitOptions,
    *,
    errors: list[str] | None = None,
    status: int = 200,
) -> tuple[str, int]:
    printable = printkit.has_kit(view.game)
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


def kit_players(view: tables.TableView) -> tuple[Player, ...]:
    """The table's seats as its kit prints them: names, and the colours of their pieces."""
    return table_players(view.game, view.players, view.settings)


def wants_kit() -> bool:
    """The print form was submitted (``download``): file the kit."""
    return "download" in request.args


def kit_job(view: tables.TableView, options: KitOptions) -> tuple[str, KitArguments]:
    """The job key and the ``render_kit`` arguments of ``options`` at this table: its
    QR code on the cover, each seat's link (printgen.seatlinks) on that seat's board."""
    table_url = absolute_url("web.table", table_id=view.id)
    arguments: KitArguments = {
        "game": view.game,
        "paper": options.paper,
        "lang": options.lang,
        "duplex": options.duplex,
        "ink_saver": options.ink_saver,
        "table_url": table_url,
        "seat_urls": tuple(seat_links(table_url, len(view.players))),
        "players": kit_players(view),
        "only": options.parts or None,
        "copies": options.copies,
        "back_offset": Offset(*options.offset),
    }
    return print_jobs.kit_key(arguments), arguments


#: What the busy and quota pages ask a phone to wait (seconds): a kit takes a few.
BUSY_RETRY_SECONDS = POLL_SECONDS * 5


def busy_response(
    view: tables.TableView, options: KitOptions, *, quota: bool = False
) -> ResponseReturnValue:
    """The form again, saying the server (503) or this address (429: its share of the
    queue, companion.print_jobs) has kits in hand; ``Retry-After`` its own, kept by
    companion.serving.retry_after (the rate limiter's or 2 s would replace it)."""
    if quota:
        busy = _(
            "Kits asked from your network are being made already. Please wait until one "
            "is ready, then ask again."
        )
    else:
        busy = _("The server is busy making other kits. Please try again in a moment.")
    serving.ask_retry_after(BUSY_RETRY_SECONDS)
    page, status = print_page_response(view, options, errors=[busy], status=429 if quota else 503)
    return page, status, {"Retry-After": str(BUSY_RETRY_SECONDS)}


def disk_full_response(view: tables.TableView, options: KitOptions) -> ResponseReturnValue:
    """No room on the server's disk for the kit: 503 and when to ask again (issue 33)."""
    full = _("The server's disk is full, so the kit cannot be saved. Please try again later.")
    serving.ask_retry_after(int(print_jobs.DISK_FULL_PAUSE))
    page, status = print_page_response(view, options, errors=[full], status=503)
    return page, status, {"Retry-After": str(int(print_jobs.DISK_FULL_PAUSE))}


def file_kit(
    view: tables.TableView, options: KitOptions, key: str, arguments: KitArguments
) -> ResponseReturnValue | None:
    """File the job (unless drawn or filed already) and make it this phone's; None when
    filed, else the "busy" page (the server's queue, or this address's share of it)."""
    try:
        print_jobs.for_app().submit(key, arguments, request.remote_addr or "")
    except print_jobs.QueueFull:
        return busy_response(view, options)
    except print_jobs.QuotaFull:
        return busy_response(view, options, quota=True)
    except print_jobs.DiskFull:
        return disk_full_response(view, options)
    session[PHONE_JOB] = {"key": key, "url": job_url(view.id, key, options)}
    return None


def job_url(table_id: str, key: str, options: KitOptions) -> str:
    return url_for("web.print_job", table_id=table_id, key=key, **options.query())


def phone_job_in_flight() -> dict[str, str] | None:
    """This phone's kit, while it is being drawn."""
    held = session.get(PHONE_JOB)
    if not isinstance(held, dict) or not isinstance(held.get("key"), str):
        return None
    state = print_jobs.for_app().status(held["key"]).state
    return held if state is print_jobs.State.RUNNING else None


def phones_other_kit(key: str) -> ResponseReturnValue | None:
    """One kit in flight per phone: while another of its kits is drawn, that kit's page
    (saying so); else None."""
    held = phone_job_in_flight()
    if held is None or held["key"] == key:
        return None
    return redirect(held["url"] + "&again=1", 303)


@bp.get("/t/<table_id>/print")
@security.limiter.limit(print_limit, exempt_when=lambda: not wants_kit())
def print_page(table_id: str) -> ResponseReturnValue:
    """The print form (paper, language, two-sided mode, parts, copies, ink saver);
    submitted (a GET with ``download``), the kit is filed and the phone is sent to its job
    page. One URL for both, so the language switcher on a refused form shows the form
    again. Asked while this phone's previous kit is still drawn: that kit's page."""
    view = load_table(table_id)
    if not wants_kit():
        return print_page_response(view, default_kit_options())
    options, refusals = kit_options(request.args, view.game, kit_players(view))
    if not printkit.has_kit(view.game):
        return print_page_response(view, options)
    if refusals:
        return print_page_response(
            view, options, status=400, errors=[rule_error_message(e) for e in refusals]
        )
    key, arguments = kit_job(view, options)
    refused = phones_other_kit(key) or file_kit(view, options, key, arguments)
    return refused or redirect(job_url(view.id, key, options), 303)


Job = tuple[tables.TableView, KitOptions, KitArguments]


def checked_job(table_id: str, key: str) -> Job | None:
    """The table and kit a job URL names; None for options that are not the ones of
    ``key`` (a stale link: other code, other players, edited by hand)."""
    view = load_table(table_id)
    options, refusals = kit_options(request.args, view.game, kit_players(view))
    if printkit.has_kit(view.game) and not refusals:
        real_key, arguments = kit_job(view, options)
        if real_key == key:
            return view, options, arguments
    return None


def stale_link(key: str) -> ResponseReturnValue:
    """This phone's own job asked without its options (the language switcher keeps only
    the path): its page; any other key with options not its own: 404 with a sentence."""
    held = session.get(PHONE_JOB)
    if isinstance(held, dict) and held.get("key") == key and isinstance(held.get("url"), str):
        return redirect(held["url"], 303)
    message = _("This kit link is out of date. Ask for the kit again on the print page.")
    return render_template("error.html", code=404, message=message), 404


@bp.get("/t/<table_id>/print/<key>")
def print_job(table_id: str, key: str) -> ResponseReturnValue:
    """The job's page: "preparing your kit…" (asked again by htmx on the page's poll,
    ``campfire:poll``, or by a meta refresh every POLL_SECONDS without script), then the
    download. A job this server does not hold (expired,
    or filed on another server) is filed again."""
    job = checked_job(table_id, key)
    if job is None:
        return stale_link(key)
    view, options, arguments = job
    jobs = print_jobs.for_app()
    status = jobs.status(key)
    if status.state is print_jobs.State.MISSING:
        refused = phones_other_kit(key) or file_kit(view, options, key, arguments)
        if refused:
            return refused
        status = jobs.status(key)
    failed = None
    if status.state is print_jobs.State.FAILED:
        reason = status.error
        failed = (
            _("This kit cannot be printed: %(reason)s", reason=reason)
            if reason
            else _("Something went wrong on our side. Please try again.")
        )
    page = render_template(
        "print_job.html",
        table=view,
        seat=current_seat(view),
        state=status.state.value,
        failed=failed,
        again="again" in request.args,
        job_url=job_url(view.id, key, options),
        download_url=url_for("web.print_download", table_id=view.id, key=key, **options.query()),
        form_url=url_for("web.print_page", table_id=view.id),
        poll_seconds=POLL_SECONDS,
    )
    # app.js has htmx swap a 400 in too: the failure shows in place of "preparing".
    return page, 400 if failed else 200, {"Cache-Control": "no-store"}


@bp.get("/t/<table_id>/print/<key>/kit.pdf")
def print_download(table_id: str, key: str) -> ResponseReturnValue:
    """The drawn kit, as an attachment named as ``campfire print`` names its file; not
    drawn (yet, or any more): its job page."""
    job = checked_job(table_id, key)
    if job is None:
        return stale_link(key)
    view, options, _arguments = job
    try:
        handle = print_jobs.for_app().pdf(key).open("rb")  # held open: clean-up may unlink
    except FileNotFoundError:
        return redirect(job_url(view.id, key, options), 303)
    response = send_file(handle, mimetype="application/pdf")
    name = options.filename(view.game)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "private, no-store"
    return response
