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
from games.errors import N_
from printgen import fonts, words
from printgen.games import dogs_life_city
from printgen.icons import icon, player_mark
from printgen.layout import BLEED, Art, Component, Piece
from printgen.linebreak import PT, fit
from printgen.messages import Message, pgettext, text
from printgen.pen import MIN_ID_PT, MIN_LABEL_PT, Pen
from printgen.plug import Kit
from printgen.style import readable, text_on

if TYPE_CHECKING:
    from printgen.context import Context

Text = Callable[..., str]  # Context.t: a printgen message in the kit's language

GAME = "dogs-life"

# The sections of a dog card (A Dog's Life), by ``SECTION_ICONS`` key.
SECTIONS: dict[str, Message] = {
    "trash": pgettext("printed", "Trash can"),
    "restaurant": words.DL_RESTAURANT,
    "newspaper": N_("Newspaper"),
    "fight": N_("Fight"),
    "catcher": N_("Catcher"),
    "pound": N_("Pound"),
}
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
                t(SECTIONS[section]),
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
        fit(t(SECTIONS[section]), *SECTION_LABEL, 7, MIN_LABEL_PT, max_lines=2)[0]
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


# What else to get, for the cover's "You also need".
NEEDS: Message = N_(
    "one six-sided die (d6) for the catcher's van and a glue stick for the city board"
)

# (icon, word) for the legend, in the order a player meets them.
LEGEND: tuple[tuple[str, Message], ...] = (
    ("paw", N_("your dog (pawn, chart and cards)")),
    ("bone", N_("bone")),
    ("food", N_("one day of food: hunger +1, never above 4")),
    ("newspaper", N_("newspaper (its address on the back)")),
    ("address", N_("delivery address 1–12")),
    ("trash", N_("trash can (rummage it)")),
    ("lamppost", N_("lamppost (pee on it)")),
    ("fountain", N_("fountain (drink)")),
    ("pee", N_("pee marker")),
    ("fang", N_("fang: the dog with more fangs wins the fight")),
    ("run", N_("running dog: you escape")),
    ("net", N_("net or cage: you are caught")),
    ("van", N_("the catcher's van")),
    ("cage", N_("the pound")),
    ("arrow", N_("entrance arrow: the only way into a building")),
)

RULES: Message = N_(
    "# Goal\n"
    "You are a stray dog. Be the first to bury 4 bones in your den (the group may choose "
    "another number). Timed game: when time is up, the most buried bones wins.\n"
    "# Setup\n"
    "- Each player: a dog chart taken at random, its pawn, its 8 pee markers and its 13 "
    "cards, shuffled face down. Hunger marker at 4; one pee marker in the first bladder "
    "space.\n"
    "- Deal the den cards at random and put your pawn on your den.\n"
    "- Newspapers face down on the newspaper office; trash markers and bones beside the "
    "board; the van on its start square by the pound. A lady playing starts, else the "
    "youngest player; play goes clockwise.\n"
    "# Your turn\n"
    "1. Hunger: move the marker down one. If it was already at 0, your dog starves: it "
    "goes to the pound's first space, what it carried stays where it stood, and your turn "
    "ends.\n"
    "2. Actions: spend your action points (AP), 1 each; unspent AP are lost. A dog carries "
    "at most 2 items (bones, newspapers).\n"
    "- Move one square, never diagonally. Entering or leaving a building or den costs 1 "
    "AP; go in only by its arrows (out by any arrow). Never enter the pound or a rival's "
    "den. You may pass other dogs and the van but not stop on their square.\n"
    "- A rival's pee on a lamppost: stepping there ends your actions (you sniff it).\n"
    "- Rummage a trash can without a marker: draw a card, read the trash can row, then put "
    "a trash marker on the can.\n"
    "- Beg at a restaurant (once per restaurant per turn): draw, read the restaurant row.\n"
    "- Food moves the hunger marker up (never above 4). A bone goes on a free carrying "
    "space, else it is lost.\n"
    "- Drop or pick up a bone or a newspaper. Bury bones in your own den: 1 AP each; "
    "buried bones are safe forever.\n"
    "- Drink at a fountain: fill both bladder spaces from your pee markers (not when both "
    "are full). Pee on a lamppost: move a marker from your bladder onto it; a rival's "
    "marker there goes back to its owner.\n"
    "- Bark at the newspaper office: take a random newspaper, its address hidden. On that "
    "address's square, deliver it: draw, read the newspaper row for your reward; the "
    "newspaper goes back to the office.\n"
    "- Fight a dog on a next square (into or out of a building only from its arrow "
    "square): both draw, read the fangs; more fangs wins, a tie does nothing. The loser "
    "goes to the pound and drops what it carried. A winning attacker may step onto that "
    "square (1 AP) and pick items up (1 AP each); a losing attacker's turn ends.\n"
    "- Reshuffle card: shuffle all 13 cards and draw again.\n"
    "3. Catcher: roll the die and move the van exactly that many road squares, never back "
    "the way it came; at a crossing you choose. A dog on the square where it stops goes to "
    "the pound, dropping its items. A dog next to it (in a building: only when the van is "
    "on its arrow square) draws: a running dog escapes, a net means the pound. A dog in "
    "its den is always safe. If your dog is in the pound, skip this step.\n"
    "# The pound\n"
    "A dog in the pound does not get hungry. On its turn it draws 1 card (1st turn), 2 "
    "(2nd), 3 (3rd); a running dog on any of them frees it, else it moves on a space. On "
    "the 4th turn it is free. A freed dog sets its hunger to 2, leaves the pound by its "
    "arrow and acts at once.\n"
    "# Trash day\n"
    "When the last trash marker is placed, remove all the others from the board."
)

AID: Message = N_(
    "# Your turn\n"
    "1. Hunger −1 (already 0: to the pound).\n"
    "2. AP, 1 each: move, rummage, beg (once per restaurant), drop / pick up, bury, drink, "
    "pee, take or deliver a newspaper, fight. Carry 2 items.\n"
    "3. Roll the die, van moves exactly that far, never back. On it: pound. Next to it: "
    "draw to escape. Den: safe.\n"
    "Pound: draw 1, 2, 3; 4th turn free, hunger 2."
)

#: printgen's side of the game's plug: its ``Game`` in games.registry.GAMES names it (``kit=``).
KIT = Kit(
    components, RULES, AID, NEEDS, LEGEND, terms=tuple(SECTIONS.values()), extras=(dogs_life_city,)
)
