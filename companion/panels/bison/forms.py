"""Reading the Bison pages' form fields and links into checked values for an event.

Glossary
--------
field
    A form or query value; a bad one raises ``RuleError`` naming the field, which the page
    shows (422) and nothing changes.
hex argument
    ``"q,r"`` in a link or a field.
payment split
    ``pay.<animal>`` fields: how many of each animal an action is paid with (B6), or the
    one-tap "paid with" chips ``paid.<hunters>`` (``payment_options``).
tile fields
    A printed id (``tile``) or a retail tile's ``edges`` and per-space animals (B1).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypedDict

from flask import request
from flask_babel import gettext as _

from companion import tables
from companion.pages.base import form_int
from companion.panels.bison.names import animal_name, space_name
from games.bison import catalog, fold
from games.bison.economy import ANIMALS
from games.bison.table.fields import parse_hex
from games.bison.tiles import SPACES, Tile
from games.errors import N_, RuleError
from games.fields import read_whole


def hex_arg(raw: str | None) -> tuple[int, int]:
    """``"q,r"`` from a link or a form field as a hex."""
    parts = (raw or "").split(",")
    try:  # the text as typed unless it is two numbers
        value: object = [int(part) for part in parts] if len(parts) == 2 else raw or ""
    except ValueError:
        value = raw or ""
    return parse_hex(value)  # the board's own refusal, in a player's words on a page


def int_field(name: str, label: str, default: int | None = None) -> int:
    """A whole number from the form or the link (``companion.pages.base.form_int``)."""
    return form_int(name, label=label, default=default)


def seat_field(table: tables.TableView, default: int | None = None) -> int:
    return int_field("seat", _("player"), default)


def payment_split(hunters: int | None = None) -> dict[str, int] | None:
    """The "paid with" chip for ``hunters`` (``paid.<hunters>`` = ``"2.0.1"``, the counts in
    ``ANIMALS`` order), else (or with the chip "other") the ``pay.<animal>`` fields, as a
    split; None when the form sent neither (the rules then take the default split)."""
    chip = request.form.get(f"paid.{hunters}") if hunters is not None else None
    if chip is not None and chip != "other":  # "other": the typed ``pay.*`` split
        counts = chip.split(".")
        if len(counts) != len(ANIMALS) or not all(c.isdigit() and len(c) <= 2 for c in counts):
            raise RuleError(N_("the payment {value} is not understood"), value=chip)
        return {animal: int(count) for animal, count in zip(ANIMALS, counts, strict=True)}
    if not any(f"pay.{animal}" in request.form for animal in ANIMALS):
        return None
    return {animal: int_field(f"pay.{animal}", animal_name(animal), 0) for animal in ANIMALS}


class TileFields(TypedDict, total=False):
    """The tile the place page names: a printed id (``tile``), or a retail tile's
    ``edges`` and ``animals`` by space (B1); empty when it names none."""

    tile: str
    edges: str
    animals: dict[str, int]


def tile_fields(values: Mapping[str, str]) -> TileFields:
    """The tile the place page names: a printed id, or a retail tile's edges + animals."""
    tile_id = values.get("tile", "").strip().upper()
    if tile_id:
        return {"tile": tile_id}
    edges = values.get("edges", "").strip().upper()
    if edges:
        animals: dict[str, int] = {}
        for space in SPACES:
            raw = values.get(space, "0").strip() or "0"
            animals[space] = read_whole(raw, space_name(space))
        return {"edges": edges, "animals": animals}
    return {}


def tile_of(fields: TileFields) -> Tile | None:
    if not fields:
        return None
    chosen = fold.parse_tile(fields)
    return chosen.tile if isinstance(chosen, catalog.CatalogTile) else chosen
