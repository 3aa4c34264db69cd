"""Bison's words on the companion's pages: animals, spaces, structure kinds and actions in
the reader's language (template helpers ``bison_animal``, ``bison_space``, ``bison_kind``,
``bison_action``).

Glossary
--------
name
    The ``N_``-marked English word for a rules value (``"salmon"``, ``"river"``,
    ``"tent"``, ``"place_tile"``), translated when a page is rendered; an unknown value is
    shown as it is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from flask_babel import gettext as _
from flask_babel import ngettext

from companion.i18n import join_names
from games.bison.hexgrid import neighbours
from games.bison.rounds import ACTION_LABELS, Action
from games.bison.table.board import tile_label
from games.errors import N_

if TYPE_CHECKING:
    from companion.tables import TableView
    from games.bison.board import Board, Space
    from games.bison.hexgrid import Hex

ANIMAL_NAMES = {"bison": N_("bison"), "salmon": N_("salmon"), "turkey": N_("turkey")}
SPACE_NAMES = {"prairie": N_("prairie"), "river": N_("river"), "mountain": N_("mountain")}
KIND_NAMES = {"tent": N_("tent"), "canoe": N_("canoe")}


def animal_name(animal: str) -> str:
    return _(ANIMAL_NAMES.get(animal, animal))


def space_name(space: str) -> str:
    return _(SPACE_NAMES.get(space, space))


def animal_count(animal: str, count: int) -> str:
    """A number of one animal in the reader's language and plural form ("1 turkey", "4
    turkeys"; it "4 tacchini"; ja with the rulebook's counters, バイソン7頭, 七面鳥4匹):
    template helper ``bison_animals``."""
    if animal == "bison":
        return ngettext("%(num)s bison", "%(num)s bison", count)
    if animal == "salmon":
        return ngettext("%(num)s salmon", "%(num)s salmon", count)
    if animal == "turkey":
        return ngettext("%(num)s turkey", "%(num)s turkeys", count)
    return f"{count} {animal}"


def kind_name(kind: str) -> str:
    return _(KIND_NAMES.get(kind, kind))


def action_name(action: str) -> str:
    try:
        return _(ACTION_LABELS[Action(action)])
    except ValueError:
        return action


def hex_name(board: Board, at: Hex) -> str:
    """A hex named as players name it, never by coordinates: the label on its tile ("B07",
    or "R2" for a retail tile: ``tile_label``), else by the tiles beside it ("the gap
    beside S1 and B07")."""
    label = tile_label(board, at)
    if label is not None:
        return label
    beside = [tile_label(board, n) for n in neighbours(at) if n in board.tiles]
    tiles = join_names(sorted(name for name in beside if name))
    return _("the gap beside %(tiles)s", tiles=tiles) if tiles else _("a gap on the board")


def space_label(table: TableView, space: Space) -> str:
    """A space named as the board shows it: "prairie of B07" (``hex_name``)."""
    at, terrain = space
    return _(
        "%(space)s of %(tile)s", space=space_name(terrain), tile=hex_name(table.state.board, at)
    )
