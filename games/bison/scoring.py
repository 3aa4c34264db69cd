"""Region scoring (B9) with explanations, and final scoring with the winner (B10).

Glossary
--------
present
    A player is present in a region when they have a piece (hunter, tent or canoe) on one
    of its spaces. Only present players rank and receive anything (B9.3).
influence
    A present player's structure sizes in the region, largest first, then their hunters
    there. Structure lists compare element by element and a longer list beats its own
    prefix (any structure beats none); hunters decide only between identical lists.
    This is exactly Python's ordering of ``(sizes, hunters)`` tuples.
ranking
    The present players best first, grouped: players with equal influence share a group.
place
    1 + the number of players ranked above (the rulebook's count: after a shared first
    place the next player is third).
own
    The animals on the spaces a player occupies in the region.
award
    What a player takes from the region (A = its animals), by rule:
    ``sole_first`` A; ``shared_first`` ⌊A/2⌋ each (then no second place);
    ``sole_second`` ⌊A/2⌋; ``shared_second`` own (each tied player); ``own`` own.
stock cap
    B8: stocks stop at 15; scoring applies each region's awards in scoring order (prairie,
    mountain, river — which is why the order matters) through ``economy.receive``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from games.errors import N_, Plural, ngettext

from .board import Board
from .economy import ANIMALS, Amounts, Exchange, Receipt, Stocks, receive
from .regions import Region, find_regions
from .tiles import ANIMAL_OF, term

SOLE_FIRST = "sole_first"
SHARED_FIRST = "shared_first"
SOLE_SECOND = "sole_second"
SHARED_SECOND = "shared_second"
OWN = "own"

#: Why a player got their award: one sentence per rule, for the app's scoring screen.
#: ``{total}`` (the region's animals) and ``{share}`` (the award) are counted animals
#: (``counted``: "4 turkeys", it "12 bisonti", ja バイソン12頭), never a number glued to
#: a singular word (issue 32).
AWARD_TEXT: Mapping[str, str] = {
    SOLE_FIRST: N_("{player} has the most influence and takes all {total}"),
    SHARED_FIRST: N_(
        "{player} shares first place, so there is no second place; each first "
        "takes half of {total} rounded down: {share}"
    ),
    SOLE_SECOND: N_("{player} is second and takes half of {total} rounded down: {share}"),
    SHARED_SECOND: N_(
        "{player} shares second place, so takes only the {share} on their own spaces"
    ),
    OWN: N_("{player} is in place {place} and takes the {share} on their own spaces"),
}


def counted(animal: str, num: int) -> Plural:
    """``num`` animals of one kind in the reader's plural form (B8's three animals)."""
    if animal == "salmon":
        return ngettext("{num} salmon", "{num} salmon", num)
    if animal == "turkey":
        return ngettext("{num} turkey", "{num} turkeys", num)
    return ngettext("{num} bison", "{num} bison", num)


#: Why a player ranks where they do (``Standing.reason.kind``).
SMALLER_STRUCTURE = "smaller_structure"
FEWER_STRUCTURES = "fewer_structures"
FEWER_HUNTERS = "fewer_hunters"
NO_STRUCTURE = "no_structure"  # the wording of FEWER_STRUCTURES when the player has none
TIED = "tied"
REASON_TEXT: Mapping[str, str] = {
    SMALLER_STRUCTURE: N_(
        "{player} is behind {above}: structure no. {nth} (largest first) "
        "is size {mine} against {theirs}"
    ),
    # The lists agree as far as the shorter goes; the longer wins (B9).
    FEWER_STRUCTURES: N_(
        "{player} is behind {above}: the structures agree as far as "
        "{player}'s go, and {above} also has a structure no. {nth} (largest "
        "first), of size {theirs}"
    ),
    NO_STRUCTURE: N_(
        "{player} is behind {above}: {above} has a structure (size {theirs}) and {player} none"
    ),
    FEWER_HUNTERS: N_(
        "{player} is behind {above}: the same structures, and {hunters} against {theirs}"
    ),
    TIED: N_("{player} is tied with {above}: the same structures and hunters"),
}


@dataclass(frozen=True, slots=True)
class Reason:
    """Why a player is not alone above everyone else: behind or tied with ``above``.

    ``nth`` is the 1-based position in the structure lists where they differ
    (``smaller_structure``), or the first position only ``above`` has a structure at
    (``fewer_structures``); ``mine``/``theirs`` the sizes (0: none) or hunters compared.
    """

    kind: str
    above: tuple[str, ...]
    nth: int = 0
    mine: int = 0
    theirs: int = 0


@dataclass(frozen=True, slots=True)
class Standing:
    """One present player's result in one region."""

    player: str
    place: int
    structures: tuple[int, ...]
    hunters: int
    own: int
    award: int
    rule: str
    reason: Reason | None  # None for a sole first place


@dataclass(frozen=True, slots=True)
class RegionScore:
    """A region, its ranking and every present player's standing, best first."""

    region: Region
    ranking: tuple[tuple[str, ...], ...]
    standings: tuple[Standing, ...]

    @property
    def animal(self) -> str:
        return ANIMAL_OF[self.region.terrain]

    @property
    def awards(self) -> dict[str, int]:
        return {s.player: s.award for s in self.standings}

    def award_text(self, standing: Standing) -> tuple[str, dict[str, object]]:
        """The ``N_`` template and parameters explaining ``standing``'s award.

        The animal is a ``Term`` and ``total``/``share`` are ``Plural`` counts: translate
        them along with the template (``award`` and ``animals`` stay the plain numbers).
        """
        return AWARD_TEXT[standing.rule], {
            "player": standing.player,
            "place": standing.place,
            "award": standing.award,
            "animals": self.region.animals,
            "animal": term(self.animal),
            "total": counted(self.animal, self.region.animals),
            "share": counted(self.animal, standing.award),
        }

    def reason_text(self, standing: Standing) -> tuple[str, dict[str, object]] | None:
        """The ``N_`` template and parameters explaining ``standing``'s place, if not sole 1st."""
        reason = standing.reason
        if reason is None:
            return None
        kind = reason.kind
        if kind == FEWER_STRUCTURES and reason.nth == 1:
            kind = NO_STRUCTURE
        return REASON_TEXT[kind], {
            "player": standing.player,
            "above": ", ".join(reason.above),
            "nth": reason.nth,
            "mine": reason.mine,
            "theirs": reason.theirs,
            # "1 hunter against 2", never "1 hunters" (issue 32)
            "hunters": ngettext("{num} hunter", "{num} hunters", reason.mine),
        }

    def explain(self) -> dict[str, Any]:
        """The region's scoring as JSON-ready data for the app's scoring screen.

        Each standing carries its numbers, the rule applied and two sentences as
        ``{"template", "params"}`` (``N_`` templates the app translates, then formats).
        """
        standings = []
        for standing in self.standings:
            template, params = self.award_text(standing)
            reason = self.reason_text(standing)
            standings.append(
                {
                    "player": standing.player,
                    "place": standing.place,
                    "structures": list(standing.structures),
                    "hunters": standing.hunters,
                    "own": standing.own,
                    "award": standing.award,
                    "rule": standing.rule,
                    "award_text": {"template": template, "params": params},
                    "reason": None
                    if standing.reason is None
                    else {
                        "kind": standing.reason.kind,
                        "above": list(standing.reason.above),
                        "nth": standing.reason.nth,
                        "mine": standing.reason.mine,
                        "theirs": standing.reason.theirs,
                    },
                    "reason_text": None
                    if reason is None
                    else {"template": reason[0], "params": reason[1]},
                }
            )
        return {
            "terrain": self.region.terrain,
            "animal": self.animal,
            "spaces": [[q, r] for q, r in self.region.hexes],
            "animals": self.region.animals,
            "ranking": [list(group) for group in self.ranking],
            "standings": standings,
        }


Influence = tuple[tuple[int, ...], int]


def _reason(
    kind_if_equal: str, above: tuple[str, ...], theirs: Influence, mine: Influence
) -> Reason:
    """Why influence ``mine`` is below (or equal to) ``theirs``."""
    (their_sizes, their_hunters), (my_sizes, my_hunters) = theirs, mine
    for nth, (a, b) in enumerate(zip(their_sizes, my_sizes, strict=False), start=1):
        if a != b:
            return Reason(SMALLER_STRUCTURE, above, nth, b, a)
    if len(their_sizes) != len(my_sizes):
        # Equal as far as the shorter list goes: the longer list wins (B9).
        nth = len(my_sizes) + 1
        return Reason(FEWER_STRUCTURES, above, nth, 0, their_sizes[nth - 1])
    if their_hunters != my_hunters:
        return Reason(FEWER_HUNTERS, above, 0, my_hunters, their_hunters)
    return Reason(kind_if_equal, above)


def score_region(board: Board, region: Region) -> RegionScore:
    """B9 for one region: influence, ranking, awards and the reasons."""
    sizes: dict[str, list[int]] = {}
    hunters: dict[str, int] = {}
    own: dict[str, int] = {}
    terrain = region.terrain
    pieces, tiles = board.pieces, board.tiles
    for at in region.hexes:
        p = pieces.get((at, terrain))
        if p is None:
            continue
        name = p.player
        if name not in hunters:
            sizes[name], hunters[name], own[name] = [], 0, 0
        if p.structure:
            sizes[name].append(p.structure)
        hunters[name] += p.hunters
        own[name] += tiles[at].tile.animals_on(terrain)
    if not hunters:
        return RegionScore(region, (), ())

    influence: dict[str, Influence] = {
        name: (tuple(sorted(sizes[name], reverse=True)), hunters[name]) for name in hunters
    }
    # Stable sort: tied players keep the order in which they appear on the region's spaces.
    ordered = sorted(influence, key=influence.__getitem__, reverse=True)
    groups: list[list[str]] = []
    for name in ordered:
        if groups and influence[groups[-1][0]] == influence[name]:
            groups[-1].append(name)
        else:
            groups.append([name])

    total = region.animals
    standings: list[Standing] = []
    above_count = 0
    for g, group in enumerate(groups):
        for name in group:
            if g == 0:
                rule = SOLE_FIRST if len(group) == 1 else SHARED_FIRST
            elif g == 1 and len(groups[0]) == 1:
                rule = SOLE_SECOND if len(group) == 1 else SHARED_SECOND
            else:
                rule = OWN
            award = {SOLE_FIRST: total, SHARED_FIRST: total // 2, SOLE_SECOND: total // 2}.get(
                rule, own[name]
            )
            others = tuple(n for n in group if n != name)
            if others:
                reason: Reason | None = Reason(TIED, others)
            elif g > 0:
                above = tuple(groups[g - 1])
                reason = _reason(TIED, above, influence[above[0]], influence[name])
            else:
                reason = None
            standings.append(
                Standing(
                    name,
                    above_count + 1,
                    influence[name][0],
                    hunters[name],
                    own[name],
                    award,
                    rule,
                    reason,
                )
            )
        above_count += len(group)
    return RegionScore(region, tuple(tuple(g) for g in groups), tuple(standings))


def score_board(board: Board) -> tuple[RegionScore, ...]:
    """B9 for every region, in scoring order (prairie, mountain, river)."""
    return tuple(score_region(board, region) for region in find_regions(board))


def award_totals(scores: Iterable[RegionScore], players: Sequence[str]) -> dict[str, Amounts]:
    """The raw awards summed by animal for every player (no stock cap)."""
    sums = {name: dict.fromkeys(ANIMALS, 0) for name in players}
    for score in scores:
        for standing in score.standings:
            sums.setdefault(standing.player, dict.fromkeys(ANIMALS, 0))
            sums[standing.player][score.animal] += standing.award
    return {name: Amounts(**counts) for name, counts in sums.items()}


@dataclass(frozen=True, slots=True)
class Collected:
    """One player's stocks after scoring and every B8 receipt on the way."""

    stocks: Stocks
    receipts: tuple[Receipt, ...]

    @property
    def lost(self) -> int:
        return sum(r.lost.total for r in self.receipts)

    @property
    def exchanges(self) -> tuple[Exchange, ...]:
        return tuple(e for r in self.receipts for e in r.exchanges)


def collect(
    scores: Iterable[RegionScore],
    stocks: Mapping[str, Stocks],
    choices: Mapping[tuple[str, int], Iterable[Exchange | Mapping[str, Any]]] | None = None,
) -> dict[str, Collected]:
    """Add each region's awards to the stocks in scoring order, with the B8 cap.

    Each award goes through ``economy.receive`` as soon as its region is scored, because B8
    lets a player exchange the moment a stock would pass 15. ``choices`` holds a player's
    own exchanges for an award, keyed by ``(player, index of the region in scores)``;
    without one the default overflow policy of ``receive`` decides.
    """
    choices = choices or {}
    current = dict(stocks)
    receipts: dict[str, list[Receipt]] = {name: [] for name in stocks}
    for index, score in enumerate(scores):
        for standing in score.standings:
            if standing.award == 0 or standing.player not in current:
                continue
            receipt = receive(
                current[standing.player],
                Amounts.of(score.animal, standing.award),
                choices.get((standing.player, index)),
            )
            current[standing.player] = receipt.stocks
            receipts[standing.player].append(receipt)
    return {name: Collected(current[name], tuple(receipts[name])) for name in stocks}


def winners(stocks: Mapping[str, Stocks]) -> tuple[str, ...]:
    """B10: highest total; on a tie the larger smallest stock; still tied, all share."""
    if not stocks:
        return ()
    key = {name: (s.total, s.smallest) for name, s in stocks.items()}
    best = max(key.values())
    return tuple(name for name in stocks if key[name] == best)


#: Whatever names a player in ``ranking``: a colour, a seat number.
Seat = TypeVar("Seat")


def ranking(stocks: Mapping[Seat, Stocks]) -> list[list[Seat]]:
    """B10 as an order: best first by total, then by the larger smallest stock; players
    still tied share a place (one group). The first group is ``winners``."""
    key = {name: (s.total, s.smallest) for name, s in stocks.items()}
    return [
        [name for name in stocks if key[name] == value]
        for value in sorted(set(key.values()), reverse=True)
    ]


@dataclass(frozen=True, slots=True)
class FinalResult:
    """B10: region scores, raw totals, the capped stocks from 0 and the winners."""

    scores: tuple[RegionScore, ...]
    totals: Mapping[str, Amounts]
    collected: Mapping[str, Collected]
    winners: tuple[str, ...]


def final_scoring(board: Board, players: Sequence[str]) -> FinalResult:
    """Score the end of the game: every stock starts at 0, then B9 with the B8 cap."""
    scores = score_board(board)
    collected = collect(scores, {name: Stocks(0, 0, 0) for name in players})
    return FinalResult(
        scores,
        award_totals(scores, players),
        collected,
        winners({name: c.stocks for name, c in collected.items()}),
    )
