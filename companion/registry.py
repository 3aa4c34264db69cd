"""The games this companion offers: game id -> the game's fold module (``games.<pkg>.table``).

The list is ``games.registry`` (every game of the project). Tests (and other deployments)
may pass their own mapping as ``app.config["GAMES"]``: game id -> module object or dotted
module name.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from flask import current_app

from games import registry as game_registry

EXTENSION = "campfire.games"


def discover(configured: Any = None) -> dict[str, ModuleType]:
    """The offered games, in a stable order (``games.registry`` when not configured)."""
    if configured is None:
        return {game.id: game.fold() for game in game_registry.GAMES}
    return {
        game_id: importlib.import_module(module) if isinstance(module, str) else module
        for game_id, module in configured.items()
    }


def init_app(app: Any) -> None:
    app.extensions[EXTENSION] = discover(app.config.get("GAMES"))


def games() -> dict[str, ModuleType]:
    return current_app.extensions[EXTENSION]


def get(game_id: str) -> ModuleType | None:
    return games().get(game_id)


def title(game_id: str) -> str:
    """The untranslated display name (templates pass it through ``_``)."""
    known = game_registry.BY_ID.get(game_id)
    if known is not None:
        return known.title
    return getattr(games().get(game_id), "TITLE", game_id)


def template_dir(game_id: str) -> str:
    """The folder under templates/games/ holding the game's panel (``lion-square`` ->
    ``lion_square``): the game's package for a known game."""
    known = game_registry.BY_ID.get(game_id)
    return known.package if known is not None else game_id.replace("-", "_")
