"""A Bison board: placed tiles and the pieces on their spaces (B4, B5, supplies).

Glossary
--------
placed tile
    A tile lying at a hex, as it lies (already rotated), remembering which catalog tile it
    is and how far it was turned, so the app can draw the printed tile.
space
    ``(hex, terrain)``: the prairie, river or mountain of the tile at ``hex``.
pieces
    What one player has on one space: hunters (any number) and at most one structure,
    given by its size 1–4 — a tent on prairie or mountain, a canoe on the river (B5).
supply limits
    A player owns 8 hunters, tents of sizes 1,1,2,2,3,4 and canoes of sizes 1,1,2,2,3,4;
    the board never shows more of a player's pieces than that.
start tiles
    The three tiles around the totem vertex (B4). Tile distance to the totem counts a start
    tile as 1 and each further hex step as 1 more.

A ``Board`` is immutable: ``place`` and ``put`` return a new board and raise ``RuleError``
(changing nothing) when the rules refuse.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from games.errors import N_, RuleError

from .catalog import CATALOG, START_LAYOUT, CatalogTile
from .components import DEFAULT_MAX_TOTEM_DISTANCE, HUNTERS_OWNED, MAX_STRUCTURE, STRUCTURE_SIZES
from .hexgrid import Hex, distance, neighbours, show
from .tiles import SPACES, STRUCTURE_ON, Tile, term

Space = tuple[Hex, str]

_OWNED: Mapping[int, int] = MappingProxyType(dict(Counter(STRUCTURE_SIZES)))
_OVER_SUPPLY: Mapping[str, str] = {
    "tent": N_(
        "{player} would have {count} tents of size {size} on the board; a player "
        "owns tents of sizes 1, 1, 2, 2, 3 and 4"
    ),
    "canoe": N_(
        "{player} would have {count} canoes of size {size} on the board; a player "
        "owns canoes of sizes 1, 1, 2, 2, 3 and 4"
    ),
}


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A tile on the board: ``tile`` as it lies, its catalog id (if any) and rotation."""

    tile: Tile
    catalog_id: str | None = None
    rotation: int = 0


@dataclass(frozen=True, slots=True)
class Pieces:
    """One player's pieces on one space; ``structure`` is a size 1–4 or 0 for none."""

    player: str
    hunters: int = 0
    structure: int = 0

    @property
    def empty(self) -> bool:
        return self.hunters == 0 and self.structure == 0


def check_structure_kind(terrain: str, kind: str) -> None:
    """B5: tents stand on prairie and mountain only, canoes on the river only."""
    if STRUCTURE_ON[terrain] != kind:
        raise RuleError(
            N_("a {kind} cannot stand on a {terrain}; use a {other}"),
            kind=term(kind),
            terrain=term(terrain),
            other=term(STRUCTURE_ON[terrain]),
        )


def check_space(tiles: Mapping[Hex, PlacedTile], space: Space) -> None:
    """Refuse ``space`` unless a tile lies at its hex and its terrain is a space name."""
    at, terrain = space
    if at not in tiles:
        raise RuleError(N_("there is no tile at {at}"), at=show(at))
    if terrain not in SPACES:
        raise RuleError(
            N_('"{space}" is not a space; expected prairie, river or mountain'), space=terrain
        )


def check_pieces(
    tiles: Mapping[Hex, PlacedTile], space: Space, pieces: Pieces, there: Pieces | None
) -> None:
    """Refuse ``pieces`` on ``space`` unless the space exists, the numbers are in range and
    no other player's pieces (``there``) stand on it (B5)."""
    check_space(tiles, space)
    at, terrain = space
    if pieces.hunters < 0:
        raise RuleError(N_("hunters cannot be negative"))
    if not 0 <= pieces.structure <= MAX_STRUCTURE:
        raise RuleError(
            N_("a {kind} has size 1 to 4, not {size}"),
            kind=term(STRUCTURE_ON[terrain]),
            size=pieces.structure,
        )
    if there is not None and there.player != pieces.player:
        raise RuleError(
            N_(
                "the {terrain} at {at} holds {other}'s pieces; a space holds the pieces "
                "of one player only"
            ),
            terrain=term(terrain),
            at=show(at),
            other=there.player,
        )


class SupplyTally:
    """A running count of pieces per player that refuses the first one over their supply.

    A player owns 8 hunters, and tents and canoes of sizes 1, 1, 2, 2, 3, 4: the sizes on
    the board must be a sub-multiset of those, per kind.
    """

    __slots__ = ("hunters", "sizes")

    def __init__(self) -> None:
        self.hunters: Counter[str] = Counter()
        self.sizes: Counter[tuple[str, str, int]] = Counter()

    def add(self, terrain: str, pieces: Pieces) -> None:
        player = pieces.player
        self.hunters[player] += pieces.hunters
        if self.hunters[player] > HUNTERS_OWNED:
            raise RuleError(
                N_("{player} would have {count} hunters on the board; a player owns 8"),
                player=player,
                count=self.hunters[player],
            )
        if pieces.structure:
            kind = STRUCTURE_ON[terrain]
            key = (player, kind, pieces.structure)
            self.sizes[key] += 1
            if self.sizes[key] > _OWNED[pieces.structure]:
                raise RuleError(
                    _OVER_SUPPLY[kind],
                    player=player,
                    count=self.sizes[key],
                    size=pieces.structure,
                )


class Layout:
    """A board being written down piece by piece, however it was built (no B4 checks).

    For readers of boards given as data (``Board.layout``, the score contract, the
    notation): each ``add`` checks its pieces as ``Board.put`` does (B5, supply) and refuses
    at once, so the reader can say which entry of its input is wrong.
    """

    __slots__ = ("pieces", "tally", "tiles")

    def __init__(self, tiles: Mapping[Hex, PlacedTile | Tile]) -> None:
        self.tiles = {
            at: t if isinstance(t, PlacedTile) else PlacedTile(t) for at, t in tiles.items()
        }
        self.pieces: dict[Space, Pieces] = {}
        self.tally = SupplyTally()

    def add(self, space: Space, pieces: Pieces) -> None:
        """Put ``pieces`` on ``space``, which must not be listed yet; empty pieces are left out."""
        check_pieces(self.tiles, space, pieces, self.pieces.get(space))
        if space in self.pieces:
            raise RuleError(
                N_("the {terrain} at {at} is listed twice"),
                terrain=term(space[1]),
                at=show(space[0]),
            )
        if not pieces.empty:
            self.tally.add(space[1], pieces)
            self.pieces[space] = pieces

    def board(self) -> Board:
        return Board(_frozen(self.tiles), _frozen(self.pieces), frozenset())


def _frozen(mapping: Mapping[Any, Any]) -> Mapping[Any, Any]:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True, slots=True, eq=False)
class Board:
    """Tiles by hex, pieces by space, and the hexes of the start tiles (may be empty)."""

    tiles: Mapping[Hex, PlacedTile] = field(default_factory=lambda: MappingProxyType({}))
    pieces: Mapping[Space, Pieces] = field(default_factory=lambda: MappingProxyType({}))
    start: frozenset[Hex] = frozenset()

    # -- building ---------------------------------------------------------------------

    @classmethod
    def new_game(cls) -> Board:
        """The opening board: ``S1``–``S3`` around the totem vertex (B4), no pieces."""
        tiles = {at: PlacedTile(CATALOG[tid].tile, tid, 0) for tid, at in START_LAYOUT.items()}
        return cls(_frozen(tiles), _frozen({}), frozenset(tiles))

    @classmethod
    def layout(
        cls, tiles: Mapping[Hex, PlacedTile | Tile], pieces: Iterable[tuple[Space, Pieces]] = ()
    ) -> Board:
        """A board with these tiles and pieces, however it was built (no B4 checks).

        Used to score any given board (docs/contracts.md: ``score`` does not check placement).
        The pieces are checked as ``Layout.add`` checks them, in one pass.
        """
        layout = Layout(tiles)
        for space, p in pieces:
            layout.add(space, p)
        return layout.board()

    def place(
        self,
        at: Hex,
        tile: Tile | CatalogTile,
        rotation: int = 0,
        *,
        max_totem_distance: int = DEFAULT_MAX_TOTEM_DISTANCE,
    ) -> Board:
        """The board with ``tile`` turned ``rotation`` × 60° clockwise placed at ``at`` (B4).

        Refused when the hex is taken, the tile does not touch the board along an edge,
        it lies more than ``max_totem_distance`` tiles from the totem, or the catalog tile
        is already on the board.
        """
        if not self.start:
            raise RuleError(N_("lay out the start tiles before placing a tile"))
        if at in self.tiles:
            raise RuleError(N_("{at} already holds a tile"), at=show(at))
        if not any(n in self.tiles for n in neighbours(at)):
            raise RuleError(
                N_(
                    "a tile at {at} would not touch the board; it must share an edge with "
                    "a placed tile"
                ),
                at=show(at),
            )
        # B4: the start tiles count as distance 1, each further hex step adds 1.
        reach = 1 + min(distance(at, s) for s in self.start)
        if reach > max_totem_distance:
            raise RuleError(
                N_(
                    "{at} is {reach} tiles from the totem; tiles may lie at most {limit} tiles away"
                ),
                at=show(at),
                reach=reach,
                limit=max_totem_distance,
            )
        catalog_id = None
        if isinstance(tile, CatalogTile):
            catalog_id, tile = tile.id, tile.tile
            if any(p.catalog_id == catalog_id for p in self.tiles.values()):
                raise RuleError(N_("tile {tile} is already on the board"), tile=catalog_id)
        tiles = dict(self.tiles)
        tiles[at] = PlacedTile(tile.rotated(rotation), catalog_id, rotation % 6)
        return Board(_frozen(tiles), self.pieces, self.start)

    def put(self, space: Space, pieces: Pieces) -> Board:
        """The board with ``space`` holding exactly ``pieces`` (empty pieces clear it).

        Refused when there is no such space, another player's pieces are there (B5), the
        numbers are out of range, or the player would exceed their supply.
        """
        check_pieces(self.tiles, space, pieces, self.pieces.get(space))
        updated = dict(self.pieces)
        if pieces.empty:
            updated.pop(space, None)
        else:
            updated[space] = pieces
        board = Board(self.tiles, _frozen(updated), self.start)
        board.check_supply(pieces.player)
        return board

    def check_supply(self, player: str) -> None:
        """Refuse when ``player`` has more on the board than they own."""
        tally = SupplyTally()
        for (_, terrain), p in self.pieces.items():
            if p.player == player:
                tally.add(terrain, p)

    # -- reading ----------------------------------------------------------------------

    def spaces(self) -> Iterator[Space]:
        """Every space on the board."""
        for at in self.tiles:
            for terrain in SPACES:
                yield (at, terrain)

    def animals(self, space: Space) -> int:
        """Animals shown on ``space``."""
        at, terrain = space
        return self.tiles[at].tile.animals_on(terrain)

    def players(self) -> list[str]:
        """Players with pieces on the board, in order of first appearance."""
        return list(dict.fromkeys(p.player for p in self.pieces.values()))
