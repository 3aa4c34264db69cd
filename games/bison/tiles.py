"""Bison terrain tiles (B1): edge strings, rotation, river corners, animals.

Glossary
--------
space
    One of a tile's three areas: ``prairie`` (bison), ``river`` (salmon) and
    ``mountain`` (turkey). Pieces stand on spaces; regions are made of spaces.
terrain
    The kind of a space: the same three words.
edge string
    Six letters for the tile's edges in clockwise order ``E SE SW W NW NE`` (see
    ``hexgrid``): ``P`` when the edge belongs to the prairie, ``M`` to the mountain.
    The river separates the two, so the letters form exactly one run of ``P`` and one
    run of ``M`` around the tile, each 1–5 letters long.
river corner
    A corner where the letter changes: one of the two ends of the river (the rulebook's
    "small ponds"). Rivers of neighbouring tiles join there (B2). Not a space.
rotation
    Turning a tile 60° clockwise moves each letter one direction clockwise: the letter
    on E moves to SE, …, the letter on NE moves to E.
animals
    Each tile shows exactly 3 animals split between its spaces (0–3 each).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from games import fields
from games.errors import N_, RuleError, Term

PRAIRIE, RIVER, MOUNTAIN = "prairie", "river", "mountain"
#: A tile's spaces in their order across the tile (the river lies between the others).
SPACES: tuple[str, ...] = (PRAIRIE, RIVER, MOUNTAIN)
#: B9: regions are scored prairie first, then mountain, then river.
SCORING_ORDER: tuple[str, ...] = (PRAIRIE, MOUNTAIN, RIVER)
ANIMAL_OF: Mapping[str, str] = {PRAIRIE: "bison", RIVER: "salmon", MOUNTAIN: "turkey"}
LETTER_TERRAIN: Mapping[str, str] = {"P": PRAIRIE, "M": MOUNTAIN}
ANIMALS_PER_TILE = 3
#: Game words that appear inside messages, marked so Babel extracts them; messages pass
#: them as ``term(word)`` so the companion translates them with the sentence.
TERMS: tuple[str, ...] = (
    N_("prairie"),
    N_("river"),
    N_("mountain"),
    N_("bison"),
    N_("salmon"),
    N_("turkey"),
    N_("tent"),
    N_("canoe"),
)


def term(word: str) -> Term:
    """``word`` (one of ``TERMS``) as a ``Term`` for a message parameter."""
    return Term(word)


#: The structure that may stand on each terrain (B5).
STRUCTURE_ON: Mapping[str, str] = {PRAIRIE: "tent", MOUNTAIN: "tent", RIVER: "canoe"}


def check_edges(edges: Any) -> str:
    """Return ``edges`` if it is a valid edge string, else raise ``RuleError`` saying why."""
    if not isinstance(edges, str):
        raise RuleError(N_("edges must be a string of 6 letters P and M"))
    if len(edges) != 6:
        raise RuleError(
            N_('edges "{edges}" must have 6 letters (E SE SW W NW NE), not {count}'),
            edges=edges,
            count=len(edges),
        )
    if set(edges) - {"P", "M"}:
        raise RuleError(N_('edges "{edges}" must use only P and M'), edges=edges)
    if "M" not in edges or "P" not in edges:
        raise RuleError(
            N_(
                'edges "{edges}" need at least one P and one M: the river always '
                "separates prairie from mountain"
            ),
            edges=edges,
        )
    runs = sum(edges[i] != edges[i - 1] for i in range(6)) // 2
    if runs != 1:
        raise RuleError(
            N_(
                'edges "{edges}" must form one run of P and one run of M around the tile, '
                "not {runs} runs of each"
            ),
            edges=edges,
            runs=runs,
        )
    return edges


def check_animals(animals: Any) -> tuple[int, int, int]:
    """Validate ``{"prairie": n, "river": n, "mountain": n}``; return counts in SPACES order.

    Missing spaces count 0; every count is a whole number 0–3 and they sum to 3.
    """
    if not isinstance(animals, Mapping):
        raise RuleError(
            N_("animals must be an object like {example}"),
            example='{"prairie": 1, "river": 1, "mountain": 1}',
        )
    unknown = sorted(set(animals) - set(SPACES))
    if unknown:
        raise RuleError(
            N_('animals: unknown space "{space}"; expected prairie, river or mountain'),
            space=unknown[0],
        )
    counts = []
    for space in SPACES:
        counts.append(fields.whole_number(animals.get(space, 0), f"animals.{space}", 0, 3))
    if sum(counts) != ANIMALS_PER_TILE:
        raise RuleError(
            N_("animals: a tile shows exactly 3 animals, not {total}"), total=sum(counts)
        )
    return (counts[0], counts[1], counts[2])


@dataclass(frozen=True, slots=True)
class Tile:
    """A tile as it lies on the table: its edge string and animals per space.

    ``animals`` holds the counts for ``SPACES`` (prairie, river, mountain). Construct
    through ``Tile.make`` to validate; the constructor trusts its caller (the catalog
    and ``rotated`` build tiles that are valid by construction).
    """

    edges: str
    animals: tuple[int, int, int]

    @classmethod
    def make(cls, edges: Any, animals: Any) -> Tile:
        """A validated tile; ``animals`` is a mapping space → count."""
        return cls(check_edges(edges), check_animals(animals))

    def rotated(self, steps: int) -> Tile:
        """This tile turned ``steps`` × 60° clockwise: letter ``i`` moves to ``i + steps``."""
        k = steps % 6
        return Tile(self.edges[-k:] + self.edges[:-k] if k else self.edges, self.animals)

    def terrain(self, direction: int) -> str:
        """The land terrain (prairie or mountain) owning edge ``direction``."""
        return LETTER_TERRAIN[self.edges[direction]]

    def river_corners(self) -> tuple[int, int]:
        """The two corners where the river ends (corner i lies between edges i and i+1)."""
        ends = [i for i in range(6) if self.edges[i] != self.edges[(i + 1) % 6]]
        return (ends[0], ends[1])

    def animals_on(self, space: str) -> int:
        """Animals shown on ``space``."""
        return self.animals[SPACES.index(space)]

    @property
    def prairie_run(self) -> int:
        """How many edges the prairie owns (1–5)."""
        return self.edges.count("P")

    def animals_json(self) -> dict[str, int]:
        return dict(zip(SPACES, self.animals, strict=True))
