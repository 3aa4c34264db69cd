"""The Campfire edition's Lion Square deck (L1): 30 carnivore cards and 2 gazelles.

Glossary
--------
carnivore card
    A colour and a number (肉食獣カード). The number is how many gazelles the carnivore
    takes from the herd of a player who sees it nearest (L2). The colour drives the
    placement rules: only colours already in the square, touching their own colour.
gazelle card
    No colour and no number on the square (worth 0); in hand at the end of a round it
    costs its holder one animal; laid, it gives another turn.
clan
    Our name for a colour: three clans of ten cards, each a different family of hunters
    at the water hole.

Why this deck
-------------
The rulebook (Ver. 1.11) does not list the cards, so this edition defines them (L1). The
calculators never depend on it: players of the original deck type the numbers they see.

* Three colours of ten. The placement rules lock a colour out of the square until it is
  there and force like colours together; with three colours a hand of 7–8 almost always
  holds the square's colours after the three passes of your commonest colour, so players
  are stuck (and take a line) now and then rather than every turn.
* Numbers 0–4, the same spread in every colour: one 0, three 1s, three 2s, two 3s and
  one 4 (19 per colour, mean 1.9). A side sees the nearest card of three lines, so a full
  square shows each player about 3 × 1.9 ≈ 6 animals; taken lines and stray gazelles add
  a little. Rounds played at random by the rules (``simulate``) cost a herd 6 animals at
  the median, 5–8 for the middle half of herds and 4–9 in about 85 % of cases (a seeded
  test in ``tests/games/lion_square`` holds the deck to this). A 20-animal herd therefore
  usually reaches round 3 and may fall in it — the end L3 has in mind; only about one
  game in 50 ends early. With a second 0 instead of a 3 the median drops to 5 and a
  quarter of rounds cost 3 or less; with a second 4 instead of a 2 the median is 7 and
  games end early three times as often.
* A number always shows the same animal — jackal 0, wild dog 1, hyena 2, leopard 3, lion 4
  — so the size of the threat reads at a glance, in any language and for colour-blind
  players (the colours also differ in lightness, and the printer adds the clan's emblem).

Names are N_-marked English msgids (``games/`` has no gettext): their Japanese and Italian
words (the rulebook's) are in the gettext catalogs (translations/*/LC_MESSAGES/messages.po),
the one store of the project's words; the companion translates them with gettext, the print
kit with ``printgen.messages.text`` (issue 22 item 5).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.errors import N_

LANGUAGES: Final = ("en", "ja", "it")


@dataclass(frozen=True, slots=True)
class Colour:
    """A clan: its id, printed colour (sRGB hex) and name (an English msgid)."""

    id: str
    hex: str
    name: str


COLOURS: Final = (
    Colour("red", "#C0392B", N_("red")),
    Colour("yellow", "#F2C230", N_("yellow")),
    Colour("blue", "#1F4E8C", N_("blue")),
)

# Number → animal: the threat grows with the animal.
ANIMAL_BY_NUMBER: Final = {0: "jackal", 1: "wild_dog", 2: "hyena", 3: "leopard", 4: "lion"}

ANIMALS: Final[dict[str, str]] = {
    "jackal": N_("jackal"),
    "wild_dog": N_("wild dog"),
    "hyena": N_("hyena"),
    "leopard": N_("leopard"),
    "lion": N_("lion"),
    "gazelle": N_("gazelle"),
}

# The ten numbers of every colour (see "Why this deck").
NUMBERS_PER_COLOUR: Final = (0, 1, 1, 1, 2, 2, 2, 3, 3, 4)
#: The card numbers a phone offers to type (L1): this deck prints 0–4, other editions may
#: print any single digit (the square itself takes any whole number of 0 or more).
TYPED_NUMBERS: Final = tuple(range(10))


@dataclass(frozen=True, slots=True)
class Card:
    """One card of the deck. A gazelle has no colour and no number."""

    id: str
    colour: str | None
    animal: str
    number: int | None

    @property
    def is_gazelle(self) -> bool:
        return self.colour is None

    @property
    def name(self) -> str:
        """The animal's name: an English msgid, translated by the companion or the kit."""
        return ANIMALS[self.animal]


def _carnivores() -> tuple[Card, ...]:
    return tuple(
        Card(f"{colour.id[0].upper()}{index:02d}", colour.id, ANIMAL_BY_NUMBER[number], number)
        for colour in COLOURS
        for index, number in enumerate(NUMBERS_PER_COLOUR, start=1)
    )


CARNIVORES: Final = _carnivores()
#: The numbers printed on the deck, smallest first: what a number picker offers.
NUMBERS: Final = tuple(sorted(set(NUMBERS_PER_COLOUR)))
GAZELLES: Final = (Card("G1", None, "gazelle", None), Card("G2", None, "gazelle", None))
DECK: Final = CARNIVORES + GAZELLES
BY_ID: Final = {card.id: card for card in DECK}
COLOUR_BY_ID: Final = {colour.id: colour for colour in COLOURS}
