"""One dog's chart: hunger, bladder, pee markers, carried items, buried bones, the pound.

Glossary
--------
hunger
    The hunger marker (はらぺこマーカー), 0–4 days of food; starts at 4. It goes down one
    step at the start of each turn; food raises it but never above 4. A dog whose marker was
    already at 0 when its turn starts *starves*: straight to the pound.
bladder
    The two bladder spaces of the chart (膀胱), 0–2 pee markers; starts with 1.
pee markers
    Each dog owns 8 (おしっこマーカー): ``supply`` beside the chart, ``bladder`` on it and
    ``lampposts`` on the board. The three always add up to 8. Drinking moves markers from
    the supply into the bladder, peeing from the bladder onto a lamppost, and a marker
    covered by a rival's goes back to the supply.
items
    What the dog carries in its two carrying spaces: bones and newspapers (a newspaper
    has its delivery address, a number 1–12, on the back).
buried bones
    Bones buried at the dog's den: safe forever, they count toward the win.
pound turn
    0 when the dog is free. A dog sent to the pound stands on its first space (1); each
    turn there it draws 1, 2, 3 cards (D2) and moves on a space when no running dog shows;
    on space 4 it is freed automatically at the start of its turn.
action points (AP)
    What the dog may still spend this turn: set to the catalog's AP (6–8) when its turn
    starts, never carried over. Every action costs 1 AP (burying costs 1 per bone, moving
    1 per space).

Every transition is a pure function returning a new ``DogState``; each refuses an illegal
action with a ``RuleError`` naming the dog (the ``dog`` parameter, its English catalog name)
and what is wrong. Actions are named by ``terms`` (translatable ``Term``s), and an item is
never put into a sentence as English text: a newspaper has its own sentences with its
address as a number.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Final

from games.dogs_life import terms
from games.dogs_life.catalog import Card, Find, Section, dog
from games.dogs_life.deck import Deck
from games.errors import N_, HiddenRuleError, RuleError, Term

HUNGER_MAX: Final = 4
BLADDER_MAX: Final = 2
PEE_MARKERS: Final = 8
CARRY_MAX: Final = 2
NEWSPAPERS: Final = 12
POUND_RELEASE: Final = 4  # the pound turn on which the dog walks out without a draw (D2)
HUNGER_ON_RELEASE: Final = 2
FOOD_DAYS: Final = (1, 2, 3)  # what one find of food gives (the cards' 1–3 days)


class ItemKind(StrEnum):
    BONE = "bone"
    NEWSPAPER = "newspaper"


@dataclass(frozen=True, slots=True)
class Item:
    """A carried bone, or a newspaper with its delivery address."""

    kind: ItemKind
    address: int | None = None

    def __str__(self) -> str:  # for debugging and test ids; messages word items themselves
        return "a bone" if self.kind is ItemKind.BONE else f"newspaper {self.address}"


BONE: Final = Item(ItemKind.BONE)


def newspaper(address: int) -> Item:
    """A newspaper for ``address`` (1–12)."""
    if not 1 <= address <= NEWSPAPERS:
        raise RuleError(
            N_("a newspaper address must be from 1 to {last}, not {address}"),
            last=NEWSPAPERS,
            address=address,
        )
    return Item(ItemKind.NEWSPAPER, address)


@dataclass(frozen=True, slots=True)
class LastDraw:
    """The cards a dog drew most recently and the section that was read."""

    section: Section
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DogState:
    """One dog's chart and deck."""

    dog: str
    hunger: int = HUNGER_MAX
    bladder: int = 1
    supply: int = PEE_MARKERS - 1  # one marker starts in the bladder
    lampposts: int = 0
    items: tuple[Item, ...] = ()
    buried: int = 0
    pound: int = 0
    ap: int = 0
    deck: Deck = field(default_factory=Deck)
    last: LastDraw | None = None

    @property
    def name(self) -> str:
        return dog(self.dog).name

    @property
    def carried_bones(self) -> int:
        return sum(1 for item in self.items if item.kind is ItemKind.BONE)

    @property
    def in_pound(self) -> bool:
        return self.pound > 0

    @property
    def free_hands(self) -> int:
        """Carrying spaces still free: a dog carries at most 2 items (bones, newspapers)."""
        return CARRY_MAX - len(self.items)

    @property
    def starving(self) -> bool:
        """Hunger at 0 on a free dog: unless it eats first, it starves at the start of its
        next turn (turn step 1) and goes to the pound. A dog in the pound is never hungry
        (D2)."""
        return self.hunger == 0 and not self.in_pound


def _require_free(state: DogState, action: Term) -> None:
    if state.in_pound:
        raise RuleError(
            N_("{dog} is in the pound and cannot {action}"), dog=state.name, action=action
        )


def spend(state: DogState, cost: int, action: Term) -> DogState:
    """Pay ``cost`` action points for ``action`` (one of ``terms.ACTIONS``)."""
    _require_free(state, action)
    if state.ap < cost:
        raise RuleError(
            N_("{dog} has {ap} action points left this turn, not the {cost} needed to {action}"),
            dog=state.name,
            ap=state.ap,
            action=action,
            cost=cost,
        )
    return replace(state, ap=state.ap - cost)


def tick(state: DogState) -> tuple[DogState, bool]:
    """Step 1 of a free dog's turn: the hunger tick, or starvation. Returns (state, starved)."""
    if state.starving:
        # the rulebook's 飢え: no catcher needed, items stay where the dog stood, turn over
        return to_pound(state), True
    return replace(state, hunger=state.hunger - 1, ap=dog(state.dog).action_points), False


def eat(state: DogState, days: int) -> DogState:
    """Food found: the hunger marker goes up, never above 4."""
    if days not in FOOD_DAYS:
        raise RuleError(N_("food comes in 1, 2 or 3 days, not {days}"), days=days)
    _require_free(state, terms.EAT)
    return replace(state, hunger=min(HUNGER_MAX, state.hunger + days))


def drink(state: DogState) -> DogState:
    """Drink at a fountain: fill the bladder from the dog's own markers."""
    if state.bladder >= BLADDER_MAX:
        raise RuleError(N_("{dog}'s bladder is already full"), dog=state.name)
    if state.supply == 0:
        raise RuleError(N_("{dog} has no pee markers left to drink with"), dog=state.name)
    state = spend(state, 1, terms.DRINK)
    filled = min(BLADDER_MAX - state.bladder, state.supply)
    return replace(state, bladder=state.bladder + filled, supply=state.supply - filled)


def pee(state: DogState) -> DogState:
    """Pee on a lamppost: one marker from the bladder to the lamppost."""
    if state.bladder == 0:
        raise RuleError(N_("{dog}'s bladder is empty"), dog=state.name)
    state = spend(state, 1, terms.PEE)
    return replace(state, bladder=state.bladder - 1, lampposts=state.lampposts + 1)


def covered(state: DogState) -> DogState:
    """A rival peed over one of this dog's lampposts: the marker comes back."""
    if state.lampposts == 0:
        raise RuleError(N_("{dog} has no pee marker on a lamppost"), dog=state.name)
    return replace(state, lampposts=state.lampposts - 1, supply=state.supply + 1)


def pick_up(state: DogState, item: Item) -> DogState:
    """Pick up a bone or a newspaper (also: fetch one at the newspaper office)."""
    if not state.free_hands:
        raise RuleError(
            N_("{dog} already carries {count} items; drop one first"),
            dog=state.name,
            count=len(state.items),
        )
    if item.kind is ItemKind.NEWSPAPER and item in state.items:
        raise RuleError(
            N_("{dog} already carries newspaper {address}"), dog=state.name, address=item.address
        )
    state = spend(state, 1, terms.PICK_UP)
    return replace(state, items=(*state.items, item))


def drop(state: DogState, item: Item, seat: int) -> DogState:
    """Drop a carried item where the dog stands (the dog of ``seat``).

    The action points are checked before the item: whether the dog carries newspaper k is
    its player's secret, so every refusal that does not depend on it comes first — else
    trying the addresses 1–12 with no points left would find the carried one (issue 27,
    F2)."""
    spent = spend(state, 1, terms.DROP)
    if item not in state.items:
        raise _not_carried(state, item, seat)
    return replace(spent, items=_without(state.items, item))


def deliver(state: DogState, address: int, seat: int) -> DogState:
    """Hand over the newspaper for ``address`` (the reward is a card draw); the action
    points are checked first, as for ``drop``."""
    item = newspaper(address)
    spent = spend(state, 1, terms.DELIVER)
    if item not in state.items:
        raise _not_carried(state, item, seat)
    return replace(spent, items=_without(state.items, item))


def bury(state: DogState, count: int) -> DogState:
    """Bury carried bones at the den, 1 AP each; buried bones are safe forever."""
    if count < 1:
        raise RuleError(N_("bury at least 1 bone, not {count}"), count=count)
    if state.carried_bones < count:
        raise RuleError(
            N_("{dog} carries {carried} bones and cannot bury {count}"),
            dog=state.name,
            carried=state.carried_bones,
            count=count,
        )
    state = spend(state, count, terms.BURY)
    items = state.items
    for _ in range(count):
        items = _without(items, BONE)
    return replace(state, items=items, buried=state.buried + count)


def find(state: DogState, found: Find) -> tuple[DogState, bool]:
    """Apply a find; a bone with no free carrying space is lost. Returns (state, kept)."""
    if found is Find.BONE:
        if not state.free_hands:
            return state, False  # rulebook: no free space means nothing was found
        return replace(state, items=(*state.items, BONE)), True
    if found.days:
        return replace(state, hunger=min(HUNGER_MAX, state.hunger + found.days)), True
    return state, True


def to_pound(state: DogState) -> DogState:
    """Caught, beaten in a fight or starved: first space of the pound, items dropped."""
    if state.in_pound:
        raise RuleError(N_("{dog} is already in the pound"), dog=state.name)
    return replace(state, pound=1, items=(), ap=0)


def pound_turn(state: DogState, escaped: bool) -> DogState:
    """The end of a turn in the pound (D2): freed, or one space further along."""
    if escaped:
        return release(state)
    return replace(state, pound=min(state.pound + 1, POUND_RELEASE), ap=0)


def pound_draws(state: DogState) -> int:
    """Cards the dog's next turn in the pound draws (D2): as many as the pound space it is
    on (1, 2, 3); 0 on the last space, where it is let out without a draw."""
    if not state.in_pound or state.pound >= POUND_RELEASE:
        return 0
    return state.pound


def release(state: DogState) -> DogState:
    """Out of the pound: hunger set to 2 even if it was higher (D2), and the dog acts at once."""
    return replace(state, pound=0, hunger=HUNGER_ON_RELEASE, ap=dog(state.dog).action_points)


def _not_carried(state: DogState, item: Item, seat: int) -> RuleError:
    if item.kind is ItemKind.BONE:
        return RuleError(N_("{dog} does not carry a bone"), dog=state.name)
    return hidden_newspaper(
        seat,
        state.name,
        RuleError(
            N_("{dog} does not carry newspaper {address}"), dog=state.name, address=item.address
        ),
    )


def hidden_newspaper(seat: int, name: str, problem: RuleError) -> HiddenRuleError:
    """``problem`` names the address of a newspaper ``seat``'s dog (``name``) carries or
    does not carry: its player's secret, so any other phone reads only that the dog cannot
    do it with that newspaper."""
    public = RuleError(N_("{dog} cannot do that with that newspaper"), dog=name)
    return HiddenRuleError(seat, public, problem.template, **problem.params)


def _without(items: tuple[Item, ...], item: Item) -> tuple[Item, ...]:
    index = items.index(item)
    return items[:index] + items[index + 1 :]
