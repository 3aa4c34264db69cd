"""Lion Square (らいおんスクエア): 30 carnivore and 2 gazelle cards, a shared back, 4 herd cards.

The deck (colours, numbers, animals and their names) is ``games.lion_square.catalog`` (L1);
this module only draws it. Every card shows its number large in two corners, the number of
gazelles it takes as paw prints, the clan's emblem (so colours are told apart without hue)
and its id small.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from games.errors import N_
from games.lion_square import catalog, rules
from printgen import words
from printgen.icons import icon
from printgen.layout import BLEED, Component, Piece
from printgen.messages import Message, text
from printgen.pen import MIN_LABEL_PT, Pen
from printgen.plug import Kit
from printgen.style import readable

if TYPE_CHECKING:
    from printgen.context import Context

GAME = "lion-square"
CARD = (63.0, 88.0)  # poker size
HERD_MAX = rules.HERD_CARD_MAX  # herd track 1–20 (the herd card's numbers, L: 群れカード)


def _background(pen: Pen, color: str) -> None:
    w, h = CARD
    pen.rect(-BLEED, -BLEED, w + 2 * BLEED, h + 2 * BLEED, fill=color)


def _emblem(pen: Pen, clan: str, cx: float, cy: float, r: float) -> None:
    """Each clan's own shape: red sun, yellow mountain, blue wave."""
    if clan == "red":
        for k in range(12):
            a = math.radians(30 * k)
            pen.line(
                cx + r * 0.7 * math.cos(a),
                cy + r * 0.7 * math.sin(a),
                cx + r * math.cos(a),
                cy + r * math.sin(a),
                color="paper",
                width=0.9,
            )
        pen.circle(cx, cy, r * 0.55, fill="paper")
    elif clan == "yellow":
        # Outlined: in ink saver the light yellow disc is barely greyer than the paper
        # triangle (17 of 255, issue 37); the dark outline keeps the mountain's shape.
        pen.polygon(
            [(cx - r, cy - r * 0.7), (cx, cy + r * 0.8), (cx + r, cy - r * 0.7)],
            fill="paper",
            stroke="line",
            width=0.8,
        )
    else:
        for k in (-1, 0, 1):
            pts = [
                (
                    cx - r + 2 * r * i / 16,
                    cy + k * r * 0.55 + r * 0.18 * math.sin(i / 16 * 2 * math.pi * 1.5),
                )
                for i in range(17)
            ]
            pen.polygon(pts, stroke="paper", width=1.0, close=False)


def _carnivore(card: catalog.Card, lang: str) -> Piece:
    colour = catalog.COLOUR_BY_ID[card.colour or ""]

    def front(pen: Pen) -> None:
        w, h = CARD
        _background(pen, colour.hex)
        pen.rect(4, 4, w - 8, h - 8, fill="cream", radius=3)
        number = str(card.number)
        ink = readable(colour.hex)  # the clan's hue, dark enough on cream
        pen.text(7, h - 17, number, 30, color=ink)
        with pen.at(w - 7, 17, rotate=180):
            pen.text(0, 0, number, 30, color=ink)
        pen.circle(w / 2, h / 2 + 8, 13, fill=colour.hex)
        _emblem(pen, colour.id, w / 2, h / 2 + 8, 8.5)
        pen.text(w / 2, h / 2 - 12, text(lang, card.name), 12, align="center", max_width=w - 14)
        paws = card.number or 0
        size = 6.0
        start = w / 2 - (paws * size + (paws - 1) * 1.2) / 2
        for k in range(paws):
            icon(pen, "paw", start + k * (size + 1.2), h / 2 - 24, size)
        pen.text(w / 2, 6.5, card.id, 6, color="muted", align="center")

    return Piece(card.id, *CARD, front, _back, back_form="lion-square-back")


def _gazelle(card: catalog.Card, lang: str) -> Piece:
    def front(pen: Pen) -> None:
        w, h = CARD
        _background(pen, "gold")
        pen.rect(4, 4, w - 8, h - 8, fill="cream", radius=3)
        cx, cy = w / 2, h / 2 + 8
        pen.polygon(
            [(cx - 7, cy - 9), (cx, cy - 14), (cx + 7, cy - 9), (cx + 5, cy + 2), (cx - 5, cy + 2)],
            fill="#c98a3c",
        )
        for s in (-1, 1):  # lyre horns
            pen.polygon(
                [
                    (cx + s * 2, cy + 1),
                    (cx + s * 4, cy + 16),
                    (cx + s * 8, cy + 20),
                    (cx + s * 5, cy + 14),
                    (cx + s * 3.6, cy + 1),
                ],
                fill="#3b2a1a",
            )
        pen.circle(cx - 2.6, cy - 5, 0.9, fill="#1d1d1b")
        pen.circle(cx + 2.6, cy - 5, 0.9, fill="#1d1d1b")
        pen.text(w / 2, h / 2 - 12, text(lang, card.name), 12, align="center", max_width=w - 14)
        pen.text(7, h - 17, "0", 30, color=readable("#b07a1c"))
        pen.text(w / 2, 6.5, card.id, 6, color="muted", align="center")

    return Piece(card.id, *CARD, front, _back, back_form="lion-square-back")


def _back(pen: Pen) -> None:
    """The common back: the 3 × 3 square under a lion's mane."""
    w, h = CARD
    _background(pen, "night")
    pen.rect(4, 4, w - 8, h - 8, stroke="gold", width=0.6, radius=3)
    cx, cy = w / 2, h / 2
    for k in range(16):
        a = math.radians(22.5 * k)
        pen.polygon(
            [
                (cx + 12 * math.cos(a - 0.2), cy + 12 * math.sin(a - 0.2)),
                (cx + 21 * math.cos(a), cy + 21 * math.sin(a)),
                (cx + 12 * math.cos(a + 0.2), cy + 12 * math.sin(a + 0.2)),
            ],
            fill="gold",
        )
    pen.circle(cx, cy, 13, fill="gold")
    for i in range(3):
        for j in range(3):
            pen.rect(cx - 8.1 + 5.6 * i, cy - 8.1 + 5.6 * j, 4.6, 4.6, fill="night")


def _herd(seat: int, lang: str, code: tuple[str, str] | None, name: str | None) -> Piece:
    """Seat ``seat``'s herd card; printed for a table it carries its player's ``name``."""
    from printgen.messages import text

    def front(pen: Pen) -> None:
        w, h = CARD
        _background(pen, "sand")
        pen.text(w / 2, h - 12, text(lang, words.LS_HERD), 13, align="center", max_width=w - 30)
        # Numbers 1–20 along the two long edges, where a paper clip marks the herd.
        per_edge = -(-HERD_MAX // 2)
        pitch = (h - 16) / per_edge
        for n in range(1, HERD_MAX + 1):
            left = n <= per_edge
            row = n - 1 if left else HERD_MAX - n
            y = 8 + row * pitch
            # 2.5 mm in from the trim: a cut 1–2 mm off still leaves every box whole.
            x = 2.5 if left else w - 10.5
            pen.rect(
                x, y, 8, pitch - 1, fill="cream" if n % 5 else "gold", stroke="line", width=0.2
            )
            pen.text(x + 4, y + pitch / 2 - 2.2, str(n), 9, align="center")
        pen.block(
            11,
            h - 25,
            w - 22,
            8,
            text(lang, words.LS_HERD_NOTE),
            7,
            MIN_LABEL_PT,
            color="muted",
            max_lines=2,
        )
        icon(pen, "paw", w / 2 - 6, h / 2 + 2, 12)
        if name is not None:  # printed for a table: whose herd it is, between paw and code
            pen.text(w / 2, 40.5, name, 11, align="center", max_width=w - 24)
        pen.seat_code(w / 2 - 13, 12, 26, code)
        pen.text(w / 2, 4, f"H{seat + 1}", 6, color="muted", align="center")

    return Piece(f"H{seat + 1}", *CARD, front)


def components(context: Context) -> list[Component]:
    lang = context.lang
    cards = tuple(_gazelle(c, lang) if c.is_gazelle else _carnivore(c, lang) for c in catalog.DECK)
    herds = tuple(
        _herd(seat, lang, context.seat_code(seat), context.seat_name(seat))
        for seat in range(context.seat_count(rules.MAX_PLAYERS))
    )  # one herd card per seat (the table's seats and spares, issue 37)
    return [
        Component("lion-square.cards", context.t(words.LS_CARDS), cards),
        Component("lion-square.herds", context.t(words.LS_HERDS), herds),
    ]


# What else to get, for the cover's "You also need".
NEEDS: Message = N_("4 paper clips (one per herd card)")

# (icon, word) for the legend, in the order a player meets them.
LEGEND: tuple[tuple[str, Message], ...] = (
    ("paw", N_("herd card: your gazelles, 20 at the start")),
)

RULES: Message = N_(
    "# Goal\n"
    "Lions and hyenas gather at the water hole; push them onto the other herds. Each "
    "player keeps a herd card (1–20) with a paper clip at 20, hidden from the others. The "
    "game ends when any herd is at 0 or less, or after round 3: the largest herd wins "
    "(equal herds share the win). If every herd is at 0 or less, the lions win and nobody "
    "else.\n"
    "# Setup\n"
    "Shuffle the 30 carnivore cards face down; put the 2 gazelles aside. The fastest "
    "runner starts.\n"
    "# A round\n"
    "- Deal 8 cards each (3 players) or 7 (4 players). Shuffle the leftover cards with the "
    "2 gazelles: this is the square deck.\n"
    "- Pass three times: everyone chooses a card of their most common colour (any number) "
    "and passes it to the left, all at once.\n"
    "- The start player lays one card in the centre, each side facing one player (with 3 "
    "players one side faces nobody). Then, clockwise from the start player's left, each "
    "player lays one card.\n"
    "- A card goes next to a card in the square (not diagonally), the same way up, never "
    "beyond 3 × 3; only a colour already in the square; cards of the same colour must "
    "touch.\n"
    "- A gazelle ignores the colour rules, and you play again.\n"
    "- If you cannot play: take all the cards of one row or column (face down in front of "
    "you: a penalty). Only if you took exactly 3, draw one card from the square deck. Then "
    "lay any card next to the square: only this card may bring a new colour.\n"
    "- The round ends when the square holds 9 cards, or at the start of a turn of a player "
    "with no cards.\n"
    "# Losses\n"
    "Each player adds up and moves the clip down by: the number on the card nearest to "
    "them in each line running away from them (an empty line adds 0, a gazelle 0); half "
    "the penalty cards they took, rounded up; 1 for each gazelle still in their hand.\n"
    "The player after the one who laid the last card starts the next round."
)

AID: Message = N_(
    "# A round\n"
    "1. Deal 8 (3 players) or 7 (4 players). Pass 3 times to the left: a card of your most "
    "common colour.\n"
    "2. Lay a card next to the square, inside 3 × 3, a colour already there; one colour "
    "touches itself. Gazelle: any colour, play again.\n"
    "3. Cannot play: take a row or column; exactly 3 taken: draw 1; lay any card.\n"
    "4. Losses: nearest card in each line away from you + half your taken cards (up) + "
    "gazelles in hand."
)

#: printgen's side of the game's plug: its ``Game`` in games.registry.GAMES names it (``kit=``).
KIT = Kit(components, RULES, AID, NEEDS, LEGEND)
