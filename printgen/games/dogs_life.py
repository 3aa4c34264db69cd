"""A Dog's Life: 6 dog charts, 6 × 13 dog cards with a back per dog, dens, markers, the van.

The dogs, their action points, colours, names and every card's results come from
``games.dogs_life.catalog`` (D1); meters and limits from ``games.dogs_life.dog``. Each card
reads top to bottom in the catalog's section order, with an icon per section so it reads
the same in every language.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from games.dogs_life import catalog, dog
from games.dogs_life import game as rules
from printgen import fonts, words
from printgen.icons import icon, player_mark
from printgen.layout import BLEED, Art, Component, Piece
from printgen.linebreak import PT, fit
from printgen.messages import text
from printgen.pen import MIN_ID_PT, MIN_LABEL_PT, Pen
from printgen.style import readable, text_on

if TYPE_CHECKING:
    from printgen.context import Context

Text = Callable[..., str]  # Context.t: a printgen message in the kit's language

GAME = "dogs-life"
CARD = (63.0, 88.0)
CHART = (150.0, 100.0)
TOKEN = 16.0
SMALL = 12.0
PAWN = 20.0
DOG_COLOURS = frozenset(d.colour for d in catalog.DOGS.values())
BONES = rules.BONES  # rules/dogs-life.md, Components
TRASH = rules.TRASH_MARKERS  # D3
SECTION_LABEL = (19.5, 8.4)  # mm: the box of a dog card's section label (up to 2 lines)
SECTION_ICONS = {
    "trash": "trash",
    "restaurant": "food",
    "newspaper": "newspaper",
    "fight": "fang",
    "catcher": "van",
    "pound": "cage",
}


def title(lang: str) -> str:
    from printgen.messages import game_title

    return game_title(lang, GAME)


def _bleed(pen: Pen, w: float, h: float, color: str) -> None:
    pen.rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, fill=color)


def _find(pen: Pen, find: catalog.Find, x: float, y: float) -> None:
    if find is catalog.Find.BONE:
        icon(pen, "bone", x, y, 7)
    elif find.days:
        for k in range(find.days):
            icon(pen, "food", x + k * 5.2, y, 6.5)
    else:
        pen.text(x + 3, y + 1.5, "—", 10, color="muted")


def _card(d: catalog.Dog, number: int, t: Text, lang: str, section_pt: float) -> Piece:
    card = d.card(number)

    def front(pen: Pen) -> None:
        w, h = CARD
        _bleed(pen, w, h, d.colour)
        pen.rect(3.5, 3.5, w - 7, h - 7, fill="cream", radius=2.5)
        pen.text(7, h - 12, str(number), 14, color=readable(d.colour))
        pen.text(w - 7, h - 11, text(lang, d.name), 8, align="right", max_width=36)
        pen.text(w / 2, 5.2, f"{d.id}-{number:02d}", MIN_ID_PT, color="muted", align="center")
        player_mark(pen, d.colour, w - 10.5, 4.4, 4)
        if card is None:  # the reshuffle card
            pen.wrap(8, h / 2 + 6, t(words.DL_RESHUFFLE), 11, w - 16)
            return
        for k, section in enumerate(SECTION_ICONS):
            y = h - 25 - k * 10.5
            pen.line(6, y - 1.8, w - 6, y - 1.8, color="grey", width=0.15)
            icon(pen, SECTION_ICONS[section], 6, y, 6.5)
            pen.block(
                13.8,
                y - 1.0,
                SECTION_LABEL[0],
                SECTION_LABEL[1],
                t(words.SECTIONS[section]),
                section_pt,
                section_pt,
                color="muted",
                align="left",
                max_lines=2,
            )
            _result(pen, card, section, 34, y)

    # Each dog's first 9 cards fill a sheet; its last 4 share one with another dog's.
    group = f"{d.id}-{'rest' if number > 9 else 'first'}"
    return Piece(
        f"{d.id}-{number:02d}", *CARD, front, _dog_back(d), back_form=f"back-{d.id}", group=group
    )


def _result(pen: Pen, card: catalog.Card, section: str, x: float, y: float) -> None:
    """What ``card`` says in ``section``, as icons from (x, y)."""
    if section in ("trash", "restaurant", "newspaper"):
        _find(pen, getattr(card, section), x, y)
    elif section == "fight":
        for k in range(card.fangs):
            icon(pen, "fang", x + k * 4.2, y, 6.5)
        if not card.fangs:
            pen.text(x + 3, y + 1.5, "0", 10, color="muted")
    else:
        escapes = card.escapes_catcher if section == "catcher" else card.escapes_pound
        icon(pen, "run" if escapes else "net", x, y, 7)


def _dog_back(d: catalog.Dog) -> Art:
    """A dog's card back: one frame for every dog (so a back printed a little off shows
    the same colour at its edges whichever dog sits next to it on the sheet), the dog's
    colour, shape and paw in the middle to keep the six decks apart."""

    def back(pen: Pen) -> None:
        w, h = CARD
        _bleed(pen, w, h, "night")
        pen.rect(4, 4, w - 8, h - 8, stroke="paper", width=0.8, radius=3)
        pen.rect(9, 14, w - 18, h - 28, fill=d.colour, radius=3)
        pen.circle(w / 2, h / 2 + 6, 16, fill="paper")
        icon(pen, "paw", w / 2 - 10, h / 2 - 4, 20)
        player_mark(pen, d.colour, w / 2 - 4.5, h / 2 - 23, 9)

    return back


def _chart(
    d: catalog.Dog, code: tuple[str, str] | None, seat_label: str, t: Text, lang: str
) -> Piece:
    """A dog's chart, with the QR code and name of the seat that plays the dog (if any)."""

    def front(pen: Pen) -> None:
        w, h = CHART
        _bleed(pen, w, h, "cream")
        pen.rect(-BLEED, h - 16, w + 2 * BLEED, 16 + BLEED, fill=d.colour)
        ink = text_on(d.colour)
        pen.text(6, h - 11, text(lang, d.name), 16, color=ink, max_width=70)
        pen.text(80, h - 11, text(lang, d.breed), 9, color=ink, max_width=40)
        player_mark(pen, d.colour, w - 15, h - 12.5, 9)
        pen.text(6, h - 24, t(words.DL_AP, n=d.action_points), 10, max_width=90)
        # Hunger meter 0–4 (a marker moves down each turn; food moves it up, never above 4).
        pen.text(6, h - 33, t(words.DL_HUNGER), 8, color="muted", max_width=40)
        for n in range(dog.HUNGER_MAX + 1):
            x = 6 + n * 13
            pen.rect(
                x, h - 50, 12, 14, fill="sand" if n else "red", stroke="line", width=0.25, radius=1
            )
            pen.text(
                x + 6, h - 45.5, str(n), 12, align="center", color="paper" if n == 0 else "text"
            )
        # Bladder: two spaces for pee markers.
        pen.text(78, h - 33, t(words.DL_BLADDER), 8, color="muted", max_width=40)
        for k in range(dog.BLADDER_MAX):
            pen.circle(85 + k * 14, h - 43, 6, fill="paper", stroke="line", width=0.25)
            icon(pen, "pee", 81 + k * 14, h - 47, 8)
        # Two carry slots.
        pen.text(6, 36, t(words.DL_CARRY, n=dog.CARRY_MAX), 8, color="muted", max_width=60)
        for k in range(dog.CARRY_MAX):
            pen.rect(6 + k * 24, 8, 22, 24, fill="paper", stroke="line", width=0.3, radius=2)
        icon(pen, "bone", 12, 14, 10)
        icon(pen, "newspaper", 36, 14, 10)
        pen.text(60, 36, t(words.DL_BURIED), 8, color="muted", max_width=40)
        pen.rect(60, 8, 40, 24, fill="sand", stroke="line", width=0.3, radius=2)
        icon(pen, "bone", 74, 14, 12)
        pen.seat_code(w - 33, 9, 27, code)
        pen.text(w - 6, h - 24, seat_label, 8, color="muted", align="right", max_width=60)

    return Piece(f"chart-{d.id}", *CHART, front)


def _den(number: int, t: Text) -> Piece:
    """A den card: a place on the city board, dealt at random (seed, setup 4), so it shows
    a number and no dog's name or colour."""

    def front(pen: Pen) -> None:
        w, h = CARD
        _bleed(pen, w, h, "brown")
        pen.rect(4, 4, w - 8, h - 8, fill="cream", radius=3)
        pen.polygon(
            [
                (w / 2 - 20, h / 2 - 14),
                (w / 2 - 20, h / 2 + 6),
                (w / 2, h / 2 + 22),
                (w / 2 + 20, h / 2 + 6),
                (w / 2 + 20, h / 2 - 14),
            ],
            fill="brown",
        )
        pen.polygon(
            [
                (w / 2 - 9, h / 2 - 14),
                (w / 2 - 9, h / 2 - 2),
                (w / 2, h / 2 + 6),
                (w / 2 + 9, h / 2 - 2),
                (w / 2 + 9, h / 2 - 14),
            ],
            fill="night",
        )
        pen.text(w / 2, h - 14, t(words.DL_DEN), 12, align="center")
        pen.text(w / 2, 11, str(number), 20, align="center")
        pen.text(w / 2, 6, f"den-{number}", MIN_ID_PT, color="muted", align="center")

    return Piece(f"den-{number}", *CARD, front)


def _token(piece_id: str, color: str, name: str, size: float = TOKEN) -> Piece:
    def front(pen: Pen) -> None:
        _bleed(pen, size, size, color)
        pen.circle(size / 2, size / 2, size / 2 - 1.2, fill="cream")
        icon(pen, name, size * 0.2, size * 0.2, size * 0.6)
        if color in DOG_COLOURS:  # the owner's shape too: colours told apart in grey
            player_mark(pen, color, size - 4.0, size - 4.0, 3.6)

    return Piece(piece_id, size, size, front)


def _pawn(d: catalog.Dog, lang: str) -> Piece:
    """The dog's pawn (ドッグコマ): its colour, its shape and its name."""

    def front(pen: Pen) -> None:
        _bleed(pen, PAWN, PAWN, d.colour)
        pen.circle(PAWN / 2, PAWN / 2, PAWN / 2 - 1.2, fill="cream")
        icon(pen, "paw", PAWN / 2 - 3.2, PAWN / 2 + 0.8, 6.4)
        # One line across the circle's wide lower part when the name fits at the minimum
        # size (フーディーニ, Vagabondo), else two narrower lines (ホワイト / ファング).
        name = text(lang, d.name)
        if fonts.width(name, MIN_LABEL_PT * PT) <= PAWN - 5:
            pen.block(2.5, 4.6, PAWN - 5, 4.6, name, 7, MIN_LABEL_PT, max_lines=1)
        else:
            pen.block(3.5, 3.2, PAWN - 7, 7.2, name, 7, MIN_LABEL_PT, max_lines=2)
        player_mark(pen, d.colour, PAWN - 4.6, PAWN - 4.6, 4)

    return Piece(f"pawn-{d.id}", PAWN, PAWN, front)


def _newspaper(address: int, t: Text) -> Piece:
    def front(pen: Pen) -> None:
        _bleed(pen, TOKEN, TOKEN, "white")
        icon(pen, "newspaper", 2, 2, TOKEN - 4)

    def back(pen: Pen) -> None:
        _bleed(pen, TOKEN, TOKEN, "sand")
        pen.text(
            TOKEN / 2, TOKEN - 5, t(words.DL_ADDRESS), MIN_LABEL_PT, align="center", max_width=14
        )
        pen.text(TOKEN / 2, 3, str(address), 16, align="center")

    return Piece(f"newspaper-{address:02d}", TOKEN, TOKEN, front, back)


def components(context: Context) -> list[Component]:
    t, lang = context.t, context.lang
    # The seated dogs (and spares) only, seat order; without a table, the box's six.
    by_colour = {d.colour: d for d in catalog.DOGS.values()}
    dogs = [by_colour[c] for c in context.colours(list(by_colour)) if c in by_colour]
    seats = [context.seat_of(d.colour, n) for n, d in enumerate(dogs)]  # a seat's dog (issue 24)
    charts = tuple(
        _chart(d, context.seat_code(seat), context.seat_label(seat), t, lang)
        for seat, d in zip(seats, dogs, strict=True)
    )
    # One size for the six section labels of every card: the largest at which all fit.
    section_pt = min(
        fit(t(words.SECTIONS[section]), *SECTION_LABEL, 7, MIN_LABEL_PT, max_lines=2)[0]
        for section in SECTION_ICONS
    )
    # A sheet holds 9 cards: each dog's first 9 fill a sheet of their own, the last 4 of
    # two dogs share one (their backs share the frame, see _dog_back).
    numbers = range(1, catalog.CARDS_PER_DECK + 1)
    cards = tuple(
        _card(d, n, t, lang, section_pt)
        for part in (numbers[:9], numbers[9:])
        for d in dogs
        for n in part
    )
    dens = tuple(_den(n, t) for n in range(1, len(dogs) + 1))
    markers = [_token(f"bone-{n + 1:02d}", "white", "bone", SMALL) for n in range(BONES)]
    markers += [_token(f"trash-{n + 1:02d}", "grey", "trash", SMALL) for n in range(TRASH)]
    markers += [
        _token(f"pee-{d.id}-{n + 1}", d.colour, "pee", SMALL)
        for d in dogs
        for n in range(dog.PEE_MARKERS)
    ]
    markers += [_token(f"hunger-{d.id}", d.colour, "food", SMALL) for d in dogs]
    markers += [_pawn(d, lang) for d in dogs]
    markers.append(Piece("catcher-van", 40.0, 26.0, _van))
    newspapers = tuple(_newspaper(n, t) for n in range(1, dog.NEWSPAPERS + 1))
    return [
        Component("dogs-life.charts", t(words.DL_CHARTS), charts),
        Component("dogs-life.cards", t(words.DL_CARDS), cards),
        Component("dogs-life.dens", t(words.DL_DENS), dens),
        Component("dogs-life.markers", t(words.DL_MARKERS), tuple(markers)),
        Component("dogs-life.newspapers", t(words.DL_NEWSPAPERS), newspapers),
    ]


def _van(pen: Pen) -> None:
    # After each move the arrow is turned away from where the van came from: it may not
    # drive back (seed, 収容車の移動).
    _bleed(pen, 40.0, 26.0, "sand")
    icon(pen, "van", 2, -1, 27)
    icon(pen, "arrow", 30, 8, 8)
