"""Kit assembly: the public entry point :func:`render_kit`.

A kit is one PDF: the cover sheet, then every component of the game(s), each laid out by
:mod:`printgen.layout`. Everything is a pure function of the arguments (no clock, no
randomness, no environment), so equal arguments give byte-identical PDFs.
"""

from __future__ import annotations

import pkgutil
from collections.abc import Callable, Collection, Sequence
from dataclasses import replace
from typing import TypedDict

from games import fields
from games import registry as game_registry
from games.errors import N_, RuleError, Term
from games.table import Player
from printgen import messages, rules_sheets, words
from printgen.context import Context
from printgen.cover import Cover, Entry
from printgen.document import Document
from printgen.errors import PrintError
from printgen.icons import MARKS
from printgen.layout import (
    NO_OFFSET,
    Component,
    Offset,
    Sheet,
    check_duplex,
    paper_size,
    plan,
    safe_margin,
)
from printgen.messages import Message, catalog, check_language, text
from printgen.plug import Kit
from printgen.style import Style

# A game names its kit in its ``Game`` of the one list (``games.registry.GAMES``,
# ``kit="printgen.games.<package>:KIT"``): printgen resolves it when a kit first needs it
# (the CLI's help lists the games without drawing any).


def games_with_kit() -> list[str]:
    """The ids of the games that have a print-and-play kit, in the list's order."""
    return [game.id for game in game_registry.GAMES if game.kit is not None]


def has_kit(game: str) -> bool:
    """Whether ``game`` (a game id) has a print-and-play kit."""
    return game in games_with_kit()


ALL = "all"


def every_word() -> list[Message]:
    """Every word the kit prints: ``printgen.words``' and each game's kit's own (for the
    tests that hold each one to a rule)."""
    own = [word for game in games_with_kit() for word in kit_of(game).words()]
    return list(dict.fromkeys([*words.every(), *own]))


def _count(n: int, noun: str) -> str:
    """``1 sheet``, ``4 sheets``: the progress lines are English, like every CLI line."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def games_of(game: str) -> list[str]:
    """The games a kit of ``game`` prints: every one for ``all``, else that one."""
    return games_with_kit() if game == ALL else [game]


def kit_of(game: str) -> Kit:
    """The kit of ``game`` (a game id with a kit: ``check_game`` refuses the others), its
    ``Game``'s reference resolved. A reference that names no ``Kit`` is the list's mistake,
    said with the game's id."""
    found = game_registry.find(game)
    if found is None or found.kit is None:
        check_game(game)  # says why in one sentence
        raise PrintError(f"{game!r} names every game, not one kit")  # ``all``
    kit = pkgutil.resolve_name(found.kit)
    if not isinstance(kit, Kit):
        raise TypeError(f"{game}: kit={found.kit!r} is not a printgen.plug.Kit")
    return kit


def check_game(game: str) -> None:
    """Refuse a game without a kit in one sentence: a game of ``games.registry`` that has
    none yet (named by its title), or an unknown name."""
    printable = games_with_kit()
    if game == ALL or game in printable:
        return
    known = game_registry.find(game)
    if known is not None:
        raise PrintError(
            f"{known.title} has no print-and-play kit yet; these have one: {', '.join(printable)}"
        )
    raise PrintError(f"unknown game {game!r}: expected one of {', '.join([*printable, ALL])}")


def _check_url(url: object, what: str) -> str:
    if not isinstance(url, str) or not url.startswith(("http://", "https://")):
        raise PrintError(f"{what} must be an http:// or https:// URL, got {url!r}")
    return url


def game_title(game: str, lang: str) -> str:
    """The game's printed name in ``lang``: the registry's title, the one the app shows."""
    return messages.game_title(lang, game)


def components(game: str, context: Context) -> list[Component]:
    """The pieces of ``game`` in print order (its own printgen module's components)."""
    return list(kit_of(game).components(context))


def kit_components(game: str, context: Context) -> list[Component]:
    """Everything the kit of ``game`` prints, in order: its pieces, the components of its
    extras (A Dog's Life's city), then its rules summary and player aids."""
    plug = kit_of(game)
    return [
        *plug.components(context),
        *(component for extra in plug.extras for component in extra.components(context)),
        *rules_sheets.components(game, plug, context),
    ]


def cover_notes(game: str, context: Context, printed: Collection[str]) -> list[str]:
    """Lines for the cover's "how to print": what else to get, and how to assemble the
    posters among the ``printed`` components (keys): a kit printed ``--only`` without the
    city says nothing of gluing it."""
    kits = {name: kit_of(name) for name in games_of(game)}
    extras = [extra for plug in kits.values() for extra in plug.extras]
    return [
        rules_sheets.also_need(kits, context),
        *(
            note
            for extra in extras
            if any(component.key in printed for component in extra.components(context))
            for note in extra.cover_notes(context)
        ),
    ]


COVER = "cover"  # the --only id of the cover sheet and the duplex test pages
# Components printed only when ``only`` names them, never in the whole kit: the marker
# stickers for a retail Bison box (issue 23).
ON_REQUEST = frozenset({"bison.stickers"})


def component_ids(game: str, *, pieces: bool = False, players: Sequence[Player] = ()) -> list[str]:
    """What ``--only`` accepts for ``game`` (or ``all``): the cover, then every component
    key (``bison.tiles``…); with ``pieces``, every piece id after them (``B07``,
    ``fifi-03``: one replacement piece each), in the colours of the table's ``players``."""
    check_game(game)
    games = games_of(game)
    context = Context("en", Style(), players=_players(players))
    components = [c for name in games for c in kit_components(name, context)]
    keys = [COVER, *(c.key for c in components)]
    return keys + [p.id for c in components for p in c.pieces] if pieces else keys


def _select(
    game: str, planned: list[Component], only: Sequence[str] | None, copies: int
) -> tuple[list[Component], bool]:
    """The components to print (each piece ``copies`` times) and whether the cover is in.

    ``only`` names components by key, or by the key's part after the game
    (``cards`` for ``lion-square.cards``), or single pieces by id.
    """
    try:
        fields.whole_number(copies, "copies", 1, MAX_COPIES)
    except RuleError as error:
        raise PrintError(str(error)) from None
    chosen: list[Component] = [c for c in planned if c.key not in ON_REQUEST]
    cover = True
    if only is not None:
        wanted = [name.strip() for name in only if name.strip()]
        if not wanted:
            raise PrintError("--only needs at least one component id")
        cover = COVER in wanted
        chosen = []
        found = {COVER} & set(wanted)
        for component in planned:
            short = component.key.partition(".")[2]
            if component.key in wanted or short in wanted:
                found |= {component.key, short} & set(wanted)
                chosen.append(component)
                continue
            pieces = tuple(p for p in component.pieces if p.id in wanted)
            if pieces:
                found |= {p.id for p in pieces}
                chosen.append(replace(component, pieces=pieces))
        unknown = [name for name in wanted if name not in found]
        if unknown:
            raise PrintError(
                f"unknown component {unknown[0]!r} for {game}: expected one of "
                f"{', '.join(component_ids(game))} (or a piece id)"
            )
    if copies > 1:
        chosen = [replace(c, pieces=c.pieces * copies) for c in chosen]
    return chosen, cover


MAX_COPIES = 20


def _players(players: Sequence[Player]) -> tuple[Player, ...]:
    """The table's seats, checked: every colour one a player mark exists for, none twice."""
    for n, player in enumerate(players, start=1):
        if player.color not in MARKS:
            raise PrintError(
                f"player {n}: colour must be one of {', '.join(MARKS)}, got {player.color!r}"
            )
    if len({p.color for p in players}) != len(players):
        raise PrintError("two players cannot share a colour")
    return tuple(players)


MAX_SPARES = 6  # the most seats a game has (A Dog's Life's six dogs)
# Refusals (not printed words, so not in printgen.words): in the kit's language on the CLI,
# in the reader's on the companion's print page.
SEATS_RANGE = N_("{game} is for {low}–{high} players: a kit for {count} cannot be printed.")


def seat_refusal(game: str, players: Sequence[Player]) -> RuleError | None:
    """Why no kit of ``game`` (each game of ``all``) can be printed for the table's
    ``players``: more or fewer seats than the game's player range (the registry's
    ``Rules.seats``, issue 37), never a kit missing a seat's pieces. None when the count
    fits, or without a table (no players: the box's full set)."""
    if not players:
        return None
    for name in games_of(game):
        listed = game_registry.get(name)
        seats = listed.rules().seats
        if seats is None:  # a game without a player range takes any table
            continue
        low, high = seats
        if not low <= len(players) <= high:
            return RuleError(
                SEATS_RANGE, game=Term(listed.title), low=low, high=high, count=len(players)
            )
    return None


def _seated(
    game: str, lang: str, players: Sequence[Player], spares: int
) -> tuple[tuple[Player, ...], int]:
    """The table's seats and spare sets, checked (``PrintError`` in the kit's language)."""
    refusal = seat_refusal(game, players)  # the count first: the list's first problem
    if refusal is not None:
        raise PrintError(refusal.translated(catalog(lang).gettext))
    checked = _players(players)
    try:  # the one whole-number refusal (games.fields), in the kit's language
        fields.whole_number(spares, "spares", 0, MAX_SPARES)
    except RuleError as error:
        raise PrintError(error.translated(catalog(lang).gettext)) from None
    return checked, spares


class Selection(TypedDict, total=False):
    """What :func:`kit_pieces` picks and draws by (its keyword arguments), for the modules
    that pass them on (``printgen.export``)."""

    lang: str
    ink_saver: bool
    only: Sequence[str] | None
    players: Sequence[Player]
    markers: bool
    spares: int


def kit_pieces(
    game: str,
    *,
    lang: str = "en",
    ink_saver: bool = False,
    only: Sequence[str] | None = None,
    players: Sequence[Player] = (),
    markers: bool = True,
    spares: int = 0,
) -> list[Component]:
    """The components :func:`render_kit` would print (``only`` chooses as it does), for the
    image export (:mod:`printgen.export`); the cover is no piece and is left out."""
    check_game(game)
    check_language(lang)
    seated, spares = _seated(game, lang, players, spares)
    context = Context(
        lang, Style(ink_saver=ink_saver), players=seated, markers=markers, spares=spares
    )
    games = games_of(game)
    planned = [c for name in games for c in kit_components(name, context)]
    chosen, _ = _select(game, planned, only, 1)
    return chosen


def render_kit(
    game: str,
    *,
    paper: str = "a4",
    lang: str = "en",
    duplex: str = "long",
    ink_saver: bool = False,
    table_url: str | None = None,
    seat_urls: Sequence[str] | None = None,
    players: Sequence[Player] = (),
    progress: Callable[[str], None] | None = None,
    only: Sequence[str] | None = None,
    copies: int = 1,
    back_offset: Offset = NO_OFFSET,
    trim_ticks: bool = False,
    margin: float | None = None,
    markers: bool = True,
    spares: int = 0,
) -> bytes:
    """Render the print-and-play kit of ``game`` and return the PDF bytes.

    ``game``: ``"bison"``, ``"lion-square"``, ``"hunting-age"``, ``"dogs-life"`` or
    ``"all"`` (one PDF with the four games). ``paper``: ``"a4"`` or ``"letter"``.
    ``lang``: ``"en"``, ``"ja"`` or ``"it"``. ``duplex``: ``"long"`` / ``"short"`` (two-sided
    pieces on facing pages, backs mirrored for that flip) or ``"fold"`` (fronts and backs on
    one page, fold and glue). ``ink_saver``: grey, light fills. ``table_url``: the table's
    join URL, printed as a QR code on the cover (and on boards without a seat URL).
    ``seat_urls``: one URL per seat, in seat order, printed as QR codes on the player
    boards. ``players``: the table's seats (name, colour; :func:`printgen.context.table_players`)
    in seat order: each seat's board, QR code and pieces print in its colour, with its name;
    none: the box's colours in seat order. A count outside the game's player range is
    refused; with players, only the seated colours print, plus ``spares`` spare sets
    (issue 37). ``progress`` is called with a line per component
    (the CLI prints them).
    ``only``: component ids (:func:`component_ids`) or piece ids to print instead of the
    whole kit (the cover only when ``"cover"`` is among them); ``copies``: how many of each
    piece; ``back_offset``: shifts every back (mm) for a printer that prints backs off.
    ``trim_ticks``: every straight cut line also extended across the margins to the paper
    edge (for a guillotine or rotary trimmer). ``margin``: the printer's hard margin (mm,
    0–15): trims, marks and text stay inside it (never closer than 5 mm); a part that no
    longer fits is refused with a sentence naming it. ``markers``: the photo markers on
    the Bison tiles and tokens (issue 23); False prints the art alone, as before them.

    Two-sided components come first, right after the cover, so that the pages to print
    double-sided are one range and the one-sided sheets after it need no blank backs.

    Raises ``PrintError`` (one English line) for a bad argument or a string the font cannot
    draw. Never imports Flask: the companion streams these bytes.
    """
    check_game(game)
    size = paper_size(paper)
    check_language(lang)
    check_duplex(duplex)
    safe = safe_margin(margin)
    if table_url is not None:
        _check_url(table_url, "the table URL")
    seats = tuple(_check_url(url, f"seat URL {i + 1}") for i, url in enumerate(seat_urls or ()))
    seated, spares = _seated(game, lang, players, spares)
    context = Context(lang, Style(ink_saver=ink_saver), table_url, seats, seated, markers, spares)
    games = games_of(game)
    titled = [(game_title(name, lang), c) for name in games for c in kit_components(name, context)]
    chosen, with_cover = _select(game, [c for _, c in titled], only, copies)
    title_of = {c.key: t for t, c in titled}
    two_sided_pages = duplex in ("long", "short")
    # Two-sided first (one double-sided range), then one-sided; each keeps its kit order.
    if two_sided_pages:
        chosen = [c for c in chosen if c.two_sided] + [c for c in chosen if not c.two_sided]

    # Plan every sheet first: the cover lists page numbers.
    cover_pages = (COVER_PAGES_DUPLEX if two_sided_pages else 1) if with_cover else 0
    planned: list[tuple[str, Component, list[Sheet]]] = []
    entries: list[Entry] = []
    page = cover_pages + 1
    for component in chosen:
        title = title_of[component.key]
        sheets = plan(component, paper, duplex, back_offset, margin)
        entries.append(
            Entry(
                f"{title} · {component.title}" if game == ALL else component.title,
                page,
                page + len(sheets) - 1,
                component.two_sided,
                len(component.pieces),
            )
        )
        page += len(sheets)
        planned.append((title, component, sheets))
    if not planned and not with_cover:
        raise PrintError("nothing to print")
    last_page = page - 1
    duplex_end = max([cover_pages] + [e.last for e in entries if e.two_sided and two_sided_pages])

    kit_name = " · ".join(game_title(g, lang) for g in games)
    doc = Document(
        title=text(lang, words.KIT_TITLE, game=kit_name),
        lang=lang,
        duplex=duplex,
        style=context.style,
        paper=size,
        trim_ticks=trim_ticks,
    )
    if with_cover:
        cover = Cover(
            kit_name,
            lang,
            paper,
            duplex,
            ink_saver,
            entries,
            table_url,
            tuple(cover_notes(game, context, {c.key for c in chosen})),
            duplex_end=duplex_end,
            last_page=last_page,
            offset=back_offset,
            margin=safe,
        )
        doc.page(size, lambda pen: cover.draw(pen, size))
        if two_sided_pages:
            landscape = (size[1], size[0])
            doc.page(size, lambda pen: cover.draw_back(pen, size))
            doc.page(landscape, lambda pen: cover.draw_landscape(pen, landscape))
            doc.page(landscape, lambda pen: cover.draw_back(pen, landscape))
    for (title, component, sheets), entry in zip(planned, entries, strict=True):
        if progress is not None:
            fronts = sum(1 for s in sheets if not s.is_back)
            pages = (
                f"page {entry.first}"
                if entry.first == entry.last
                else f"pages {entry.first}–{entry.last}"
            )
            progress(
                f"{title}: {component.title}: {_count(len(component.pieces), 'piece')} "
                f"on {_count(fronts, 'sheet')}, {pages}"
            )
        total = sum(1 for s in sheets if not s.is_back)
        number = 0
        for sheet in sheets:
            number += 0 if sheet.is_back else 1
            label = text(lang, words.BACK) if sheet.is_back else f"{number}/{total}"
            footer = f"{title} · {component.title} · {label}"
            doc.sheet(sheet, footer)
    return doc.finish()


# The cover in long/short mode: the cover and its back (portrait duplex test), then a
# landscape duplex test page and its back (most two-sided sheets are landscape).
COVER_PAGES_DUPLEX = 4
