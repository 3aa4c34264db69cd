"""The squares of the city in words, as a player reads them off the printed poster.

The poster names its places (a den's number, "Restaurant", "Newspaper office", "Pound")
and shows what a street square holds (a trash can, a lamppost, a fountain, an address
plate); streets themselves have no names. So a square is named by what is printed on it,
and a plain street square by the nearest place: "the trash can by den 3", "address 7",
"the north restaurant". Each name is a ``games.errors.Phrase`` so every language orders
it its own way.

Glossary
--------
restaurant names
    By where the restaurant stands on the poster, seen with the title at the bottom right
    (the pound at the top): north, north-west, north-east, south, south-west, south-east.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from games.dogs_life.city import CITY, Feature, Kind, Square
from games.errors import N_, Phrase

RESTAURANTS: Final = {
    "restaurant-a": N_("the north-west restaurant"),
    "restaurant-b": N_("the north-east restaurant"),
    "restaurant-c": N_("the north restaurant"),
    "restaurant-d": N_("the south-west restaurant"),
    "restaurant-e": N_("the south-east restaurant"),
    "restaurant-f": N_("the south restaurant"),
}
_ON_STREET: Final = (  # what a street square shows, most telling first
    (Feature.TRASH_CAN, N_("the trash can by {place}")),
    (Feature.LAMPPOST, N_("the lamppost by {place}")),
    (Feature.FOUNTAIN, N_("the fountain by {place}")),
)


def place_name(square: Square) -> Phrase:
    """A place (den, restaurant, office, pound) by its printed label."""
    if square.kind is Kind.DEN:
        return Phrase(N_("den {n}"), n=square.den)
    if square.kind is Kind.RESTAURANT:
        return Phrase(RESTAURANTS[square.id])
    if square.kind is Kind.NEWSPAPER_OFFICE:
        return Phrase(N_("the newspaper office"))
    return Phrase(N_("the pound"))


# Once a square per process: the city never changes, and a Dog's Life panel names every
# square of its map (a search over every place's cells each time was a sixth of a panel's
# render, measured).
@cache
def _nearest_place(square: Square) -> Square:
    (col, row) = square.cells[0]
    places = [s for s in CITY.squares.values() if not s.is_street]
    return min(
        places,
        key=lambda p: (min(abs(c - col) + abs(r - row) for c, r in p.cells), p.id),
    )


def square_name(square_id: str) -> Phrase:
    """``square_id`` in words; an unknown id is named as it is (it comes from bad input)."""
    square = CITY.squares.get(square_id)
    if square is None:
        return Phrase(N_("square {id}"), id=square_id)
    if not square.is_street:
        return place_name(square)
    if square.address is not None:
        return Phrase(N_("address {n}"), n=square.address)
    near = place_name(_nearest_place(square))
    for feature, template in _ON_STREET:
        if feature in square.features:
            return Phrase(template, place=near)
    if square.kind is Kind.ROAD:
        return Phrase(N_("the road by {place}"), place=near)
    return Phrase(N_("the footpath by {place}"), place=near)
