"""D1: the six dogs, their 13-card decks, the odds table and the characters the seed gives."""

from __future__ import annotations

from statistics import mean

import pytest

from games.dogs_life import catalog
from games.dogs_life.catalog import (
    CARDS_PER_DECK,
    DOGS,
    FIND_SECTIONS,
    RESHUFFLE,
    Card,
    Dog,
    Find,
    Section,
    dog,
)
from games.errors import RuleError
from games.table import COLOURS


def finds(spec: Dog, section: Section) -> tuple[int, int]:
    """Cards out of 12 giving a bone, and giving food, in one section."""
    results = [card.find(section) for card in spec.cards]
    return results.count(Find.BONE), sum(1 for f in results if f.days)


def hits(spec: Dog, section: Section) -> int:
    return sum(1 for card in spec.cards if card.find(section) is not Find.NOTHING)


def fangs(spec: Dog) -> float:
    return mean(card.fangs for card in spec.cards)


def odds_table() -> str:
    """The docstring's table, recomputed from the card data."""
    rule = "==========  ==  =====  ==========  =========  =====  =======  ====="
    widths = (12, 4, 7, 12, 11, 7, 9)
    lines = [rule, "dog         AP  trash  restaurant  newspaper  fangs  catcher  pound", rule]
    for spec in DOGS.values():
        cells = [
            spec.name,
            str(spec.action_points),
            *("{}/{}".format(*finds(spec, s)) for s in FIND_SECTIONS),
            f"{fangs(spec):.2f}",
            f"{sum(c.escapes_catcher for c in spec.cards)}/12",
        ]
        pound = f"{sum(c.escapes_pound for c in spec.cards)}/12"
        lines.append("".join(c.ljust(w) for c, w in zip(cells, widths, strict=True)) + pound)
    lines.append(rule)
    return "\n".join(lines)


def test_docstring_odds_table_matches_the_card_data() -> None:
    assert odds_table() in (catalog.__doc__ or "")


def test_six_dogs_with_the_four_of_the_rulebook() -> None:
    assert len(DOGS) == 6
    assert {"fifi", "butch", "white-fang", "vagabond"} <= set(DOGS)


@pytest.mark.parametrize("spec", DOGS.values(), ids=list(DOGS))
def test_each_dog_is_complete(spec: Dog) -> None:
    assert 6 <= spec.action_points <= 8
    assert spec.colour in COLOURS
    # English msgids: their ja/it words are in the catalogs (tests/companion/test_translations.py)
    assert spec.name and spec.breed
    assert [card.number for card in spec.cards] == list(range(1, CARDS_PER_DECK))
    assert spec.card(RESHUFFLE) is None  # the 13th card is the reshuffle card
    assert all(0 <= card.fangs <= 4 for card in spec.cards)


def test_colours_are_distinct() -> None:
    assert len({spec.colour for spec in DOGS.values()}) == 6


def test_card_lookup() -> None:
    first = dog("fifi").card(1)
    assert first == Card(1, Find.NOTHING, Find.BONE, Find.BONE, 0, True, False)
    with pytest.raises(RuleError, match=r"^card number must be from 1 to 13, not 14$"):
        dog("fifi").card(14)


def test_unknown_dog() -> None:
    with pytest.raises(RuleError) as error:
        dog("rex")
    assert str(error.value) == (
        "unknown dog 'rex'; expected one of: fifi, butch, white-fang, vagabond, houdini, bruno"
    )


def test_fight_section_has_no_find() -> None:
    with pytest.raises(RuleError, match=r"^the fight section has no find$"):
        dog("fifi").card(1).find(Section.FIGHT)


# --- the characters (D1) ---------------------------------------------------------------


def best(key) -> set[str]:
    top = max(key(spec) for spec in DOGS.values())
    return {spec.id for spec in DOGS.values() if key(spec) == top}


def worst(key) -> set[str]:
    bottom = min(key(spec) for spec in DOGS.values())
    return {spec.id for spec in DOGS.values() if key(spec) == bottom}


def test_fifi_is_poor_at_trash_cans_but_good_at_begging_and_newspapers() -> None:
    fifi, vagabond, butch = dog("fifi"), dog("vagabond"), dog("butch")
    assert finds(fifi, Section.TRASH)[0] < finds(vagabond, Section.TRASH)[0]
    assert hits(fifi, Section.TRASH) < hits(vagabond, Section.TRASH)
    assert worst(lambda s: hits(s, Section.TRASH)) == {"fifi"}
    for section in (Section.RESTAURANT, Section.NEWSPAPER):
        assert finds(fifi, section)[0] > finds(butch, section)[0]
        assert hits(fifi, section) > hits(butch, section)
        assert best(lambda s, section=section: finds(s, section)[0]) == {"fifi"}


def test_butch_is_chased_out_of_restaurants_and_fights_best() -> None:
    assert best(fangs) == {"butch"}
    assert worst(lambda s: hits(s, Section.RESTAURANT)) == {"butch"}


def test_white_fang_is_fast_and_fairly_pretty() -> None:
    assert best(lambda s: s.action_points) == {"white-fang"}
    rest = sorted(hits(s, Section.RESTAURANT) for s in DOGS.values())
    white_fang = hits(dog("white-fang"), Section.RESTAURANT)
    assert rest[len(rest) // 2] <= white_fang < hits(dog("fifi"), Section.RESTAURANT)


def test_vagabond_has_a_sharp_eye_for_trash_cans() -> None:
    assert best(lambda s: finds(s, Section.TRASH)[0]) == {"vagabond"}
    assert best(lambda s: hits(s, Section.TRASH)) == {"vagabond"}


def test_some_clever_dogs_evade_the_catcher_more_easily() -> None:
    escapes = {s.id: sum(c.escapes_catcher for c in s.cards) for s in DOGS.values()}
    assert best(lambda s: escapes[s.id]) == {"houdini"}
    assert escapes["vagabond"] > 6  # street-smart, above the baseline half
    assert worst(lambda s: escapes[s.id]) == {"bruno"}  # too big to hide
    assert best(lambda s: sum(c.escapes_pound for c in s.cards)) == {"houdini"}


def test_the_fast_dog_pays_at_the_pound() -> None:
    assert worst(lambda s: sum(c.escapes_pound for c in s.cards)) == {"white-fang"}
