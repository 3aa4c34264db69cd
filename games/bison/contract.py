"""``campfire score bison``: the JSON contract of docs/contracts.md (load, validate, score, dump).

Glossary
--------
document
    The decoded JSON input: ``players`` (names), ``tiles`` (each ``at`` an axial hex, and
    either ``tile`` + ``rotation`` naming a catalog tile or ``edges`` + ``animals``
    describing one), ``pieces`` (``at``, ``space``, ``player``, ``hunters``, ``structure``)
    and ``final``.
structure
    The size 1–4 of the player's tent (prairie, mountain) or canoe (river); 0 or absent is
    none. As a convenience a piece may say ``"tent": n`` or ``"canoe": n`` instead, which
    is checked against the space (a tent cannot stand on a river).
location
    Every message starts with where the problem is — ``tiles[3] at [1,-1]:`` or
    ``pieces[2] (red at [0,0] river):`` — then says what is wrong and what was expected.

What is checked: tiles (B1), pieces (B5) and each player's supply (8 hunters; tents and
canoes 1,1,2,2,3,4). What is not: how the board was built (B4 touching and distance are the
app's business when a tile is placed); any such board is scored.

Output (docs/contracts.md): ``regions`` in scoring order (every region, including those nobody is
in), ``totals`` per listed player and, when ``final`` is true, ``winners``. ``totals`` are
the raw sums of the awards, as the contract says; ``winners`` follow B10 on the stocks the
players would really hold: scoring from empty stocks with the B8 cap of 15 and the default
overflow policy of ``economy.receive``, ties broken by the larger smallest stock.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from games import fields
from games.errors import N_, RuleError
from games.fields import show_value

from . import catalog
from .board import (
    Board,
    Layout,
    Pieces,
    PlacedTile,
    check_space,
    check_structure_kind,
)
from .components import HUNTERS_OWNED, MAX_PLAYERS
from .hexgrid import Hex, show
from .scoring import award_totals, final_scoring, score_board
from .tiles import SPACES, STRUCTURE_ON, Tile, check_animals, check_edges, term

_TOP_KEYS = ("players", "tiles", "pieces", "final")
_TILE_KEYS = ("at", "tile", "rotation", "edges", "animals")
_PIECE_KEYS = ("at", "space", "player", "hunters", "structure", "tent", "canoe")
_NOT_A_LIST = {
    "tiles": N_('"tiles" must be a list, not {value}'),
    "pieces": N_('"pieces" must be a list, not {value}'),
}


def _kind(value: Any) -> str:
    """What sort of JSON value this is, for messages about the document's shape."""
    if isinstance(value, list):
        return "a list"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, bool) or value is None:
        return show_value(value)
    return "a number"


def _located(where: str, error: RuleError) -> RuleError:
    return RuleError(N_("{where}: {problem}"), where=where, problem=str(error))


def _hex(raw: Any) -> Hex:
    return fields.pair(raw, '"at"')


def _players(raw: Any) -> list[str]:
    if not isinstance(raw, list):
        raise RuleError(N_('"players" must be a list of names, not {value}'), value=show_value(raw))
    if not 1 <= len(raw) <= MAX_PLAYERS:
        raise RuleError(
            N_('"players" must list 1 to {most} players, not {count}'),
            most=MAX_PLAYERS,
            count=len(raw),
        )
    seen: list[str] = []
    for index, name in enumerate(raw):
        if not isinstance(name, str) or not name.strip():
            raise RuleError(
                N_("players[{index}] must be a non-empty name, not {value}"),
                index=index,
                value=show_value(name),
            )
        if name in seen:
            raise RuleError(
                N_('players[{index}]: "{name}" is listed twice'), index=index, name=name
            )
        seen.append(name)
    return seen


def _tile(raw: Any) -> PlacedTile:
    """One tile entry (after ``at``): catalog ``tile`` + ``rotation`` or ``edges`` + ``animals``."""
    by_id = "tile" in raw or "rotation" in raw
    inline = "edges" in raw or "animals" in raw
    if by_id and inline:
        raise RuleError(
            N_(
                'give either "tile" and "rotation" (a catalog tile) or "edges" and '
                '"animals", not both'
            )
        )
    if by_id:
        if "tile" not in raw:
            raise RuleError(N_('"rotation" needs "tile", the catalog id (S1–S3, B01–B18)'))
        if not isinstance(raw["tile"], str):
            raise RuleError(
                N_('"tile" must be a catalog id such as "B07", not {value}'),
                value=show_value(raw["tile"]),
            )
        entry = catalog.get(raw["tile"])
        rotation = fields.whole_number(raw.get("rotation", 0), '"rotation"', 0, 5)
        return PlacedTile(entry.tile.rotated(rotation), entry.id, rotation)
    if "edges" not in raw or "animals" not in raw:
        raise RuleError(N_('a tile needs "tile" (a catalog id) or both "edges" and "animals"'))
    return PlacedTile(Tile(check_edges(raw["edges"]), check_animals(raw["animals"])))


def _entries(
    raw: Any, field: str, allowed: tuple[str, ...]
) -> Iterator[tuple[int, Mapping[str, Any]]]:
    """The objects of the list ``raw`` (the document's ``field``) with their index.

    Refuses a non-list, and an entry that is not an object or has a key not in ``allowed``,
    naming the entry as ``field[index]``.
    """
    if not isinstance(raw, list):
        raise RuleError(_NOT_A_LIST[field], value=show_value(raw))
    for index, entry in enumerate(raw):
        try:
            if not isinstance(entry, Mapping):
                raise RuleError(N_("must be an object, not {value}"), value=show_value(entry))
        except RuleError as error:
            raise _located(f"{field}[{index}]", error) from None
        fields.known_keys(entry, allowed, f"{field}[{index}]")
        yield index, entry


def _tiles(raw: Any) -> dict[Hex, PlacedTile]:
    tiles: dict[Hex, PlacedTile] = {}
    index_at: dict[Hex, int] = {}
    catalog_at: dict[str, Hex] = {}
    for index, entry in _entries(raw, "tiles", _TILE_KEYS):
        where = f"tiles[{index}]"
        try:
            if "at" not in entry:
                raise RuleError(N_('"at" is missing: the tile\'s hex [q, r]'))
            at = _hex(entry["at"])
        except RuleError as error:
            raise _located(where, error) from None
        where = f"tiles[{index}] at {show(at)}"
        try:
            if at in tiles:
                raise RuleError(
                    N_("tiles[{other}] already lies at {at}; one tile per hex"),
                    other=index_at[at],
                    at=show(at),
                )
            placed = _tile(entry)
            if placed.catalog_id is not None:
                if placed.catalog_id in catalog_at:
                    raise RuleError(
                        N_("tile {tile} already lies at {at}; the catalog has one of each"),
                        tile=placed.catalog_id,
                        at=show(catalog_at[placed.catalog_id]),
                    )
                catalog_at[placed.catalog_id] = at
        except RuleError as error:
            raise _located(where, error) from None
        tiles[at] = placed
        index_at[at] = index
    return tiles


def _count(raw: Mapping[str, Any], key: str, low: int, high: int) -> int:
    return fields.whole_number(raw.get(key, 0), f'"{key}"', low, high)


def _structure(raw: Mapping[str, Any], terrain: str) -> int:
    given = [key for key in ("structure", "tent", "canoe") if key in raw]
    if len(given) > 1:
        raise RuleError(
            N_('give the structure once: "{first}" and "{second}" are both here'),
            first=given[0],
            second=given[1],
        )
    if not given:
        return 0
    key = given[0]
    size = _count(raw, key, 0, 4)
    if key != "structure" and size:
        check_structure_kind(terrain, key)
    return size


def _board(tiles: dict[Hex, PlacedTile], raw: Any, players: list[str]) -> Board:
    layout = Layout(tiles)
    placed: dict[tuple[Hex, str], tuple[int, str]] = {}  # space -> (index, player)
    for index, entry in _entries(raw, "pieces", _PIECE_KEYS):
        where = f"pieces[{index}]"
        try:
            for key in ("at", "space", "player"):
                if key not in entry:
                    raise RuleError(N_('"{key}" is missing'), key=key)
            at = _hex(entry["at"])
            terrain = entry["space"]
            if terrain not in SPACES:
                raise RuleError(
                    N_('"space" must be "prairie", "river" or "mountain", not {value}'),
                    value=show_value(terrain),
                )
            player = entry["player"]
            if player not in players:
                raise RuleError(
                    N_("player {value} is not in players ({players})"),
                    value=show_value(player),
                    players=", ".join(players),
                )
        except RuleError as error:
            raise _located(where, error) from None
        try:
            space = (at, terrain)
            check_space(tiles, space)
            hunters = _count(entry, "hunters", 0, HUNTERS_OWNED)
            structure = _structure(entry, terrain)
            if hunters == 0 and structure == 0:
                raise RuleError(
                    N_("no hunters and no {kind}; leave out spaces without pieces"),
                    kind=term(STRUCTURE_ON[terrain]),
                )
            if space in placed:  # said here, not by Layout: the message names both entries
                other, there = placed[space]
                if there == player:
                    raise RuleError(
                        N_("pieces[{other}] already lists this space; list each space once"),
                        other=other,
                    )
                raise RuleError(
                    N_(
                        "pieces[{other}] puts {there}'s pieces here; a space holds the pieces "
                        "of one player only"
                    ),
                    other=other,
                    there=there,
                )
            layout.add(space, Pieces(player, hunters, structure))
        except RuleError as error:  # the location is worded only when it is needed
            raise _located(f"pieces[{index}] ({player} at {show(at)} {terrain})", error) from None
        placed[space] = (index, player)
    return layout.board()


def load(document: Any) -> tuple[list[str], Board, bool]:
    """Validate ``document``; return the players, the board and the ``final`` flag."""
    if not isinstance(document, Mapping):
        raise RuleError(
            N_("the input must be a JSON object with players, tiles and pieces, not {value}"),
            value=_kind(document),
        )
    fields.known_keys(document, _TOP_KEYS, "the input")
    for key in ("players", "tiles"):
        if key not in document:
            raise RuleError(N_('"{key}" is missing'), key=key)
    players = _players(document["players"])
    tiles = _tiles(document["tiles"])
    board = _board(tiles, document.get("pieces", []), players)
    final = document.get("final", False)
    if not isinstance(final, bool):
        raise RuleError(N_('"final" must be true or false, not {value}'), value=show_value(final))
    return players, board, final


def score(document: Any) -> dict[str, Any]:
    """Score the board in ``document`` (docs/contracts.md); ``RuleError`` on bad input."""
    players, board, final = load(document)
    if final:
        result = final_scoring(board, players)
        scores, totals = result.scores, result.totals
    else:
        scores = score_board(board)
        totals = award_totals(scores, players)
    output: dict[str, Any] = {
        "regions": [
            {
                "terrain": s.region.terrain,
                "spaces": [[q, r] for q, r in s.region.hexes],
                "animals": s.region.animals,
                "ranking": [list(group) for group in s.ranking],
                "awards": s.awards,
            }
            for s in scores
        ],
        "totals": {
            name: {**totals[name].as_dict(), "total": totals[name].total} for name in players
        },
    }
    if final:
        output["winners"] = list(result.winners)
    return output
