"""Age of Hunting: the storage step (食料の保管) at the end of every turn.

Glossary
--------
storage
    Each open cave holds one food piece; coins need no cave. Food beyond the open caves
    cannot be kept and returns to the supply (洞穴の数を超える食料コマは保持することが
    できないため、ストックに戻してください). The player chooses which pieces go back (the
    rulebook's example returns an unwanted bear).
surplus
    Food pieces held minus open caves, never below 0.
"""

from __future__ import annotations

from games.errors import N_, RuleError
from games.hunting_age.components import Food
from games.hunting_age.tribe import Supply, Tribe, give_back, least_missed


def surplus(tribe: Tribe) -> int:
    """How many food pieces must go back to the supply at storage."""
    return max(0, tribe.food.total - tribe.open_caves)


def default_return(tribe: Tribe) -> Food:
    """The pieces the app proposes to return: the surplus, from the kinds held most."""
    return least_missed(tribe.food, surplus(tribe))


def store(tribe: Tribe, supply: Supply, returned: Food | None = None) -> tuple[Tribe, Supply]:
    """Return ``returned`` (default: ``default_return``) and check the rest fits the caves.

    Refused, with nothing changed, when the tribe does not hold what it returns or when
    more food than open caves would remain.
    """
    if returned is None:
        returned = default_return(tribe)
    tribe, supply = give_back(tribe, supply, returned)
    if tribe.food.total > tribe.open_caves:
        raise RuleError(
            N_(
                "{held} food pieces do not fit in {caves} open caves: "
                "return {more} more to the supply"
            ),
            held=tribe.food.total,
            caves=tribe.open_caves,
            more=surplus(tribe),
        )
    return tribe, supply
