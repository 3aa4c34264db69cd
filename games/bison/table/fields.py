"""Reading a Bison table event's fields: flags, the seat, hexes, spaces, rotations, tiles.

Glossary
--------
field
    A value in an event object (``seat``, ``at``, ``space``, ``rotation``, ``tile`` …);
    each reader returns it checked or raises ``RuleError`` naming the field and the value.
hex
    ``[q, r]``: two whole numbers (``games.bison.hexgrid``).
tile
    A printed id (``"B07"``, ``games.bison.catalog``) or a retail tile's ``edges`` and
    ``animals`` (B1).
field error
    ``FieldError``: a malformed field (a program's mistake, or a link edited by hand). Its
    message names the field, in quotes, for the program that sent it (the API); its
    ``player`` sentence says the same without field names, for a page (issue 26).
not over
    The guard of the events that change the table's pieces or stocks outside scoring: once
    the game is over the stocks are final.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeGuard

from games import fields
from games.bison import catalog
from games.bison.catalog import CatalogTile
from games.bison.hexgrid import Hex
from games.bison.table.state import State
from games.bison.tiles import SPACES, Tile
from games.errors import N_, RuleError


class FieldError(RuleError):
    """A malformed field: ``template`` names it for the API; ``player`` (an ``N_``
    sentence, no field names, no parameters) is what a page shows instead."""

    def __init__(self, template: str, player: str, **params: Any) -> None:
        super().__init__(template, **params)
        self.player = player

    @classmethod
    def of(cls, error: RuleError, player: str) -> FieldError:
        """``error`` (one of ``games.fields``' refusals) with the page's ``player`` sentence."""
        return cls(error.template, player, **error.params)


#: What a page says for a field it did not understand (a link edited by hand).
NOT_UNDERSTOOD = N_("this choice was not understood; nothing changed. Tap it again")


def flag(event: Mapping[str, object], name: str) -> bool:
    value = event.get(name, False)
    if not isinstance(value, bool):
        raise FieldError(N_('the field "{name}" must be true or false'), NOT_UNDERSTOOD, name=name)
    return value


def not_over(state: State) -> None:
    if state.rounds.finished:
        raise RuleError(N_("the game is over; the stocks are final"))


def whole(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def parse_hex(raw: object) -> Hex:
    """``[q, r]`` as a hex; refuse anything else."""
    try:
        return fields.pair(raw, '"at"')
    except RuleError as error:
        raise FieldError.of(
            error, N_("that is not a place on the board; tap a tile or an orange + on the board")
        ) from None


def parse_space(raw: object) -> str:
    if raw not in SPACES:
        raise FieldError(
            N_('the field "space" must be "prairie", "river" or "mountain", not {value!r}'),
            N_("that is not a space of a tile; tap the prairie, the river or the mountain"),
            value=raw,
        )
    assert isinstance(raw, str)  # one of SPACES
    return raw


def parse_rotation(raw: object) -> int:
    try:
        return fields.whole_number(raw, '"rotation"', 0, 5)
    except RuleError as error:
        raise FieldError.of(
            error, N_("that is not one of the tile's six turns; tap the tile to turn it")
        ) from None


def parse_tile(event: Mapping[str, object]) -> Tile | CatalogTile:
    """The tile an event names: a printed id (``tile``) or a retail tile (``edges`` and
    ``animals``, B1)."""
    if "tile" in event and ("edges" in event or "animals" in event):
        raise RuleError(N_("give either tile (a printed id) or edges and animals, not both"))
    if "tile" in event:
        return catalog.get(event["tile"])
    if "edges" in event or "animals" in event:
        return Tile.make(event.get("edges"), event.get("animals"))
    raise RuleError(
        N_("say which tile: a printed id like B07, or the edges and animals of a retail tile")
    )
