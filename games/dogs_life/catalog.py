"""The six dogs of the Campfire edition and their 13-card decks (D1).

Glossary
--------
dog
    One of the six stray dogs a player can be. Each has a breed, a number of action points
    (AP, 6 to 8) spent each turn, a colour (its 8 pee markers), a name and a breed (English
    msgids: their Japanese and Italian words, the rulebook's, are in the gettext catalogs),
    and its own deck of 13 cards.
card
    One card of a dog's deck, numbered 1–13. Twelve cards carry one result for each of the
    six *sections*; card 13 is the *reshuffle* card (rulebook: 自分のドッグカードを切り直す):
    shuffle all 13 and draw again.
section
    The part of a card that is read, chosen by what the dog is doing:
    ``trash`` (rummaging a trash can), ``restaurant`` (begging at the back door),
    ``newspaper`` (the reward for a delivered newspaper), ``fight`` (the number of fangs),
    ``catcher`` (escaping the dog-catcher: running dog, or caught in the net) and ``pound``
    (escaping the pound: running dog, or still in the cage).
find
    The result of the three "finding" sections: nothing, 1–3 days of food, or a bone.

Design (D1)
-----------
The rulebook names four dogs and their characters and leaves the rest to the cards:
Fifi, a sly poodle, is poor at trash cans but pretty, so begging and newspapers usually
work; Butch is chased out of restaurants but is the best at stealing bones in fights;
White Fang, a sturdy husky, is fast and fairly pretty; Vagabond has a sharp eye for trash
cans; "some clever dogs evade the catcher more easily". Our two dogs: Houdini, a Jack
Russell terrier and escape artist (best at slipping the catcher and the pound, a poor
fighter), and Bruno, a slow Saint Bernard everybody feeds (good food finds, strong, but too
big to hide from the catcher).

Each strength is paid for elsewhere: the fast dog (8 AP) is the worst at leaving the
pound, the strong slow dogs (6 AP) find more, the 7-AP dogs each have one speciality.
A baseline section is about 2 bone cards and 5–6 food cards out of 12 at trash cans and
restaurants, 3–4 bones at newspapers (a delivery costs a trip), fangs averaging 1.5,
half the catcher draws escaped and a third of the pound draws.

Odds
----
Out of the 12 result cards (the reshuffle card only makes the dog draw again, so every
draw is one of the 12). ``B/F`` = cards giving a bone / giving food; ``fangs`` = average
number of fangs; ``catcher`` and ``pound`` = cards on which the dog escapes.
The test suite recomputes this table from the data below, so it cannot drift.

==========  ==  =====  ==========  =========  =====  =======  =====
dog         AP  trash  restaurant  newspaper  fangs  catcher  pound
==========  ==  =====  ==========  =========  =====  =======  =====
Fifi        7   1/4    4/7         6/4        0.67   6/12     5/12
Butch       6   2/6    0/4         2/5        2.83   5/12     4/12
White Fang  8   2/5    3/6         4/5        2.00   6/12     3/12
Vagabond    7   4/7    1/6         3/5        1.50   8/12     5/12
Houdini     7   2/6    2/6         3/5        0.92   9/12     8/12
Bruno       6   2/7    3/7         5/5        2.17   4/12     4/12
==========  ==  =====  ==========  =========  =====  =======  =====
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import Any, Final

from games.errors import N_, RuleError
from games.fields import one_of

CARDS_PER_DECK: Final = 13
RESHUFFLE: Final = 13  # the number of the reshuffle card in every deck
LANGUAGES: Final = ("en", "ja", "it")


class Section(StrEnum):
    """The part of a card that is read."""

    TRASH = "trash"
    RESTAURANT = "restaurant"
    NEWSPAPER = "newspaper"
    FIGHT = "fight"
    CATCHER = "catcher"
    POUND = "pound"


FIND_SECTIONS: Final = (Section.TRASH, Section.RESTAURANT, Section.NEWSPAPER)


class Find(StrEnum):
    """What rummaging, begging or a newspaper reward gives."""

    NOTHING = "nothing"
    FOOD_1 = "food-1"
    FOOD_2 = "food-2"
    FOOD_3 = "food-3"
    BONE = "bone"

    @property
    def days(self) -> int:
        """Days of food (0 for nothing and for a bone)."""
        return {"food-1": 1, "food-2": 2, "food-3": 3}.get(self.value, 0)


@dataclass(frozen=True, slots=True)
class Card:
    """One of a dog's 12 result cards (the reshuffle card is not a ``Card``)."""

    number: int
    trash: Find
    restaurant: Find
    newspaper: Find
    fangs: int
    escapes_catcher: bool
    escapes_pound: bool

    def find(self, section: Section) -> Find:
        """The find in one of the three finding sections."""
        if section not in FIND_SECTIONS:
            raise RuleError(_NO_FIND[section])
        found: Find = getattr(self, section.value)
        return found


# One sentence per section rather than the section's name put into one sentence: a
# section is named differently in each language (and "fight" is also a verb).
_NO_FIND: Final = {
    Section.FIGHT: N_("the fight section has no find"),
    Section.CATCHER: N_("the catcher section has no find"),
    Section.POUND: N_("the pound section has no find"),
}


@dataclass(frozen=True, slots=True)
class Dog:
    """One dog of the catalog."""

    id: str
    name: str  # an English msgid: its ja/it words (the rulebook's) are in the catalogs
    breed: str  # an English msgid, like ``name``
    action_points: int
    colour: str
    cards: tuple[Card, ...]  # the 12 result cards, numbered 1–12

    def card(self, number: int) -> Card | None:
        """Card ``number`` (1–13); ``None`` for the reshuffle card."""
        if not 1 <= number <= CARDS_PER_DECK:
            raise RuleError(
                N_("card number must be from 1 to {last}, not {number}"),
                last=CARDS_PER_DECK,
                number=number,
            )
        return None if number == RESHUFFLE else self.cards[number - 1]


_FINDS = {"-": Find.NOTHING, "1": Find.FOOD_1, "2": Find.FOOD_2, "3": Find.FOOD_3, "B": Find.BONE}
_ESCAPE = {"+": True, "x": False}


def _deck(
    *, trash: str, restaurant: str, newspaper: str, fangs: str, catcher: str, pound: str
) -> tuple[Card, ...]:
    """Build the 12 result cards from one row of symbols per section.

    Card *n* is column *n* of every row, so a designer reads a card top to bottom.
    Finds: ``-`` nothing, ``1``–``3`` days of food, ``B`` a bone. Escapes: ``+`` the
    running dog, ``x`` caught / still caged.
    """
    rows = [row.split() for row in (trash, restaurant, newspaper, fangs, catcher, pound)]
    if any(len(row) != CARDS_PER_DECK - 1 for row in rows):
        raise ValueError("every section needs 12 symbols")  # a catalog typo, not play
    return tuple(
        Card(n + 1, _FINDS[t], _FINDS[r], _FINDS[p], int(f), _ESCAPE[c], _ESCAPE[o])
        for n, (t, r, p, f, c, o) in enumerate(zip(*rows, strict=True))
    )


DOGS: Final[Mapping[str, Dog]] = MappingProxyType(
    {
        dog.id: dog
        for dog in (
            Dog(
                "fifi",
                N_("Fifi"),
                N_("poodle"),
                7,
                "purple",
                _deck(
                    trash="- 1 - B - 1 - 2 - - 1 -",
                    restaurant="B 2 3 1 B 2 B - 3 1 2 B",
                    newspaper="B B 1 - B 3 B 2 B 1 - B",
                    fangs="0 1 0 2 0 1 0 1 0 2 1 0",
                    catcher="+ x + + x x + x + x + x",
                    pound="x + x x + x + x x + x +",
                ),
            ),
            Dog(
                "butch",
                N_("Butch"),
                N_("bulldog"),
                6,
                "red",
                _deck(
                    trash="1 - B 2 - 1 3 - B 1 - 2",
                    restaurant="- - 1 - - 2 - 1 - - 1 -",
                    newspaper="- B 1 - 2 - 1 - B 2 1 -",
                    fangs="3 4 2 3 1 3 4 2 3 4 2 3",
                    catcher="x + x x + x + x x + + x",
                    pound="+ x x + x x x + x x + x",
                ),
            ),
            Dog(
                "white-fang",
                N_("White Fang"),
                N_("husky"),
                8,
                "blue",
                _deck(
                    trash="- 1 B - 2 - 1 - 3 B - 1",
                    restaurant="1 B - 2 1 B - 3 B 1 2 -",
                    newspaper="B - 2 B 1 - B 3 - 1 B 2",
                    fangs="2 3 1 2 4 0 3 2 1 3 2 1",
                    catcher="+ + x + x x + x + x + x",
                    pound="x x + x x x + x x x x +",
                ),
            ),
            Dog(
                "vagabond",
                N_("Vagabond"),
                N_("mongrel"),
                7,
                "green",
                _deck(
                    trash="B 1 2 B 3 1 B - 2 1 B 3",
                    restaurant="- 1 - 2 B - 1 - 3 - 2 1",
                    newspaper="- B 1 - 2 B - 3 1 - B 2",
                    fangs="1 2 0 3 1 2 2 1 0 3 2 1",
                    catcher="+ + x + + x + + x + x +",
                    pound="x + x + x x + x + x + x",
                ),
            ),
            Dog(
                "houdini",
                N_("Houdini"),
                N_("Jack Russell terrier"),
                7,
                "orange",
                _deck(
                    trash="1 - 2 B - 1 - 3 1 B - 2",
                    restaurant="- 1 B 2 - 1 3 - B 1 2 -",
                    newspaper="B - 1 2 - B 3 - 1 B - 2",
                    fangs="0 1 2 1 0 1 0 2 1 0 1 2",
                    catcher="+ + + x + + x + + + x +",
                    pound="+ x + + + x + + x + + x",
                ),
            ),
            Dog(
                "bruno",
                N_("Bruno"),
                N_("Saint Bernard"),
                6,
                "yellow",
                _deck(
                    trash="2 - B 3 1 2 - 3 B 1 - 2",
                    restaurant="B 2 3 - 1 B 2 3 - B 1 2",
                    newspaper="B 1 B - 2 B 3 B 1 - 2 B",
                    fangs="3 2 1 3 2 4 2 3 0 2 3 1",
                    catcher="x + x x + x x + x x + x",
                    pound="x x + x x + x x + x x +",
                ),
            ),
        )
    }
)


def dog(dog_id: object) -> Dog:
    """The catalog dog with this id, or a ``RuleError`` naming the known ids."""
    # ``value``, not ``dog``: ``dog`` always holds a catalog dog's English name
    return DOGS[
        one_of(dog_id, DOGS, N_("unknown dog {value!r}; expected one of: {names}"), "value")
    ]


_BY_ENGLISH_NAME: Final = MappingProxyType({d.name: d for d in DOGS.values()})


def localized(params: Mapping[str, Any], translate: Callable[[str], str]) -> dict[str, Any]:
    """A message's ``params`` with the dog named by ``translate`` (the reader's gettext).

    Every message of this game that names a dog does so in a ``dog`` parameter holding the
    dog's English catalog name, a msgid whose ja/it words are in the gettext catalogs;
    anything else (a player's name, an unknown value) is left as it is.
    """
    name = params.get("dog")
    found = _BY_ENGLISH_NAME.get(name) if isinstance(name, str) else None
    if found is None:
        return dict(params)
    return {**params, "dog": translate(found.name)}
