"""Kit assembly: the public entry point :func:`render_kit`.

A kit is one PDF: the cover sheet, then every component of the game(s), each laid out by
:mod:`printgen.layout`. Everything is a pure function of the arguments (no clock, no
randomness, no environment), so equal arguments give byte-identical PDFs.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType

from games import registry as game_registry
from printgen.cover import Cover, Entry
from printgen.document import Document
from printgen.errors import PrintError
from printgen.layout import Component, Sheet, check_duplex, paper_size, plan
from printgen.messages import check_language, text
from printgen.style import Style

# CLI / API game id -> printgen module drawing its components (games.registry's list).
GAMES: dict[str, str] = {game.id: f"printgen.games.{game.package}" for game in game_registry.GAMES}
ALL = "all"
# Modules drawing more components of a game after its own module's (the city poster).
EXTRAS: dict[str, tuple[str, ...]] = {"dogs-life": ("printgen.games.dogs_life_city",)}


@dataclass(frozen=True, slots=True)
class Context:
    """What a game module needs to draw its components."""

    lang: str
    style: Style
    table_url: str | None = None
    seat_urls: tuple[str, ...] = ()

    def t(self, key: str, **params: object) -> str:
        """A printgen message in the kit's language."""
        return text(self.lang, key, **params)

    def seat_url(self, seat: int) -> str | None:
        """The URL for seat ``seat`` (0-based), else the table URL, else None."""
        if seat < len(self.seat_urls):
            return self.seat_urls[seat]
        return self.table_url

    def seat_code(self, seat: int) -> tuple[str, str] | None:
        """What a seat's board QR code encodes and the caption under it, or None.

        The caption tells the truth: "your seat" only for a seat URL; a board that falls
        back to the table URL says "join the table" (the companion then asks for the seat).
        """
        if seat < len(self.seat_urls):
            return self.seat_urls[seat], self.t("scan_seat")
        if self.table_url is not None:
            return self.table_url, self.t("scan_join")
        return None


def _count(n: int, noun: str) -> str:
    """``1 sheet``, ``4 sheets``: the progress lines are English, like every CLI line."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def game_ids() -> list[str]:
    return list(GAMES)


def _module(game: str) -> ModuleType:
    return importlib.import_module(GAMES[game])


def _check_url(url: object, what: str) -> str:
    if not isinstance(url, str) or not url.startswith(("http://", "https://")):
        raise PrintError(f"{what} must be an http:// or https:// URL, got {url!r}")
    return url


def game_title(game: str, lang: str) -> str:
    """The game's printed name in ``lang``."""
    return _module(game).title(lang)


def components(game: str, context: Context) -> list[Component]:
    """The pieces of ``game`` in print order (its own printgen module's components)."""
    return list(_module(game).components(context))


def kit_components(game: str, context: Context) -> list[Component]:
    """Everything the kit of ``game`` prints, in order: its pieces, the components of its
    ``EXTRAS`` modules (A Dog's Life's city), then its rules summary and player aids."""
    from printgen import rules_sheets
    return [*components(game, context),
            *(component for name in EXTRAS.get(game, ())
              for component in importlib.import_module(name).components(context)),
            *rules_sheets.components(game, context)]


def cover_notes(game: str, context: Context) -> list[str]:
    """Lines for the cover's "how to print": what else to get, how to assemble posters."""
    from printgen import rules_sheets
    games = list(GAMES) if game == ALL else [game]
    return [rules_sheets.also_need(games, context),
            *(note for name in games for module in EXTRAS.get(name, ())
              for note in importlib.import_module(module).cover_notes(context))]


def render_kit(
    game: str,
    *,
    paper: str = "a4",
    lang: str = "en",
    duplex: str = "long",
    ink_saver: bool = False,
    table_url: str | None = None,
    seat_urls: Sequence[str] | None = None,
    progress: Callable[[str], None] | None = None,
) -> bytes:
    """Render the print-and-play kit of ``game`` and return the PDF bytes.

    ``game``: ``"bison"``, ``"lion-square"``, ``"hunting-age"``, ``"dogs-life"`` or
    ``"all"`` (one PDF with the four games). ``paper``: ``"a4"`` or ``"letter"``.
    ``lang``: ``"en"``, ``"ja"`` or ``"it"``. ``duplex``: ``"long"`` / ``"short"`` (two-sided
    pieces on facing pages, backs mirrored for that flip) or ``"fold"`` (fronts and backs on
    one page, fold and glue). ``ink_saver``: grey, light fills. ``table_url``: the table's
    join URL, printed as a QR code on the cover (and on boards without a seat URL).
    ``seat_urls``: one URL per seat, in seat order, printed as QR codes on the player
    boards. ``progress`` is called with a line per component (the CLI prints them).

    Raises ``PrintError`` (one English line) for a bad argument or a string the font cannot
    draw. Never imports Flask: the companion streams these bytes.
    """
    if game != ALL and game not in GAMES:
        raise PrintError(f"unknown game {game!r}: expected one of {', '.join([*GAMES, ALL])}")
    size = paper_size(paper)
    check_language(lang)
    check_duplex(duplex)
    if table_url is not None:
        _check_url(table_url, "the table URL")
    seats = tuple(_check_url(url, f"seat URL {i + 1}") for i, url in
                  enumerate(seat_urls or ()))
    context = Context(lang, Style(ink_saver=ink_saver), table_url, seats)
    games = list(GAMES) if game == ALL else [game]

    # Plan every sheet first: the cover lists page numbers.
    two_sided_pages = duplex in ("long", "short")
    first_page = 3 if two_sided_pages else 2
    planned: list[tuple[str, Component, list[Sheet]]] = []
    entries: list[Entry] = []
    page = first_page
    for name in games:
        title = game_title(name, lang)
        for component in kit_components(name, context):
            sheets = plan(component, paper, duplex)
            count = len(sheets) * (2 if two_sided_pages and not component.two_sided else 1)
            entries.append(Entry(f"{title} · {component.title}" if game == ALL
                                 else component.title, page, page + count - 1,
                                 component.two_sided))
            page += count
            planned.append((title, component, sheets))

    kit_name = (" · ".join(game_title(g, lang) for g in games))
    doc = Document(title=text(lang, "kit_title", game=kit_name), lang=lang, duplex=duplex,
                   style=context.style, paper=size)
    cover = Cover(kit_name, lang, paper, duplex, ink_saver, entries, table_url,
                  tuple(cover_notes(game, context)))
    doc.page(size, lambda pen: cover.draw(pen, size))
    if two_sided_pages:
        doc.page(size, lambda pen: cover.draw_back(pen, size))
    for (title, component, sheets), entry in zip(planned, entries, strict=True):
        if progress is not None:
            fronts = sum(1 for s in sheets if not s.is_back)
            pages = (f"page {entry.first}" if entry.first == entry.last
                     else f"pages {entry.first}–{entry.last}")
            progress(f"{title}: {component.title}: {_count(len(component.pieces), 'piece')} "
                     f"on {_count(fronts, 'sheet')}, {pages}")
        total = sum(1 for s in sheets if not s.is_back)
        number = 0
        for sheet in sheets:
            number += 0 if sheet.is_back else 1
            label = text(lang, "back") if sheet.is_back else f"{number}/{total}"
            footer = f"{title} · {component.title} · {label}"
            doc.sheet(sheet, footer)
            if two_sided_pages and not component.two_sided:
                # A blank back keeps the next sheet off the back of this one when the whole
                # file is printed double-sided.
                doc.page(sheet.size, lambda pen: None)
    return doc.finish()
