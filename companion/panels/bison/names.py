"""Bison's words on the companion's pages: animals, spaces, structure kinds and actions in
the reader's language (template globals ``bison_animal``, ``bison_space``, ``bison_kind``,
``bison_action``).

Glossary
--------
name
    The ``N_``-marked English word for a rules value (``"salmon"``, ``"river"``,
    ``"tent"``, ``"place_tile"``), translated when a page is rendered; an unknown value is
    shown as it is.
"""

from __future__ import annotations

from flask_babel import gettext as _

from games.bison.rounds import ACTION_LABELS, Action
from games.errors import N_

ANIMAL_NAMES = {"bison": N_("bison"), "salmon": N_("salmon"), "turkey": N_("turkey")}
SPACE_NAMES = {"prairie": N_("prairie"), "river": N_("river"), "mountain": N_("mountain")}
KIND_NAMES = {"tent": N_("tent"), "canoe": N_("canoe")}


def animal_name(animal: str) -> str:
    return _(ANIMAL_NAMES.get(animal, animal))


def space_name(space: str) -> str:
    return _(SPACE_NAMES.get(space, space))


def kind_name(kind: str) -> str:
    return _(KIND_NAMES.get(kind, kind))


def action_name(action: str) -> str:
    try:
        return _(ACTION_LABELS[Action(action)])
    except ValueError:
        return action
