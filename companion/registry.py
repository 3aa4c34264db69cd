"""Which games the companion offers: game id -> the ``games.<package>.table`` fold module.

A game is offered only when its fold module exists (the four games land one by one); the
module is imported by name, and a game whose module is missing is simply left out. Tests
(and other deployments) may pass their own mapping as ``app.config["GAMES"]``: game id ->
module object or dotted module name.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from flask import current_app

from games.errors import N_

#: Every game the project knows, with its display name (translated at display time).
KNOWN_GAMES: dict[str, tuple[str, str]] = {
    "lion-square": ("games.lion_square.table", N_("Lion Square")),
    "dogs-life": ("games.dogs_life.table", N_("A Dog's Life")),
    "bison": ("games.bison.table", N_("Bison")),
    "hunting-age": ("games.hunting_age.table", N_("Age of Hunting")),
}

EXTENSION = "campfire.games"


def _import(name: str) -> ModuleType | None:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        # Only "this game is not there yet" is silent; a broken import inside an existing
        # module must still fail loudly.
        if error.name and name.startswith(error.name):
            return None
        raise


def discover(configured: Any = None) -> dict[str, ModuleType]:
    """The offered games, in a stable order."""
    games: dict[str, ModuleType] = {}
    if configured is None:
        for game_id, (module_name, _title) in KNOWN_GAMES.items():
            module = _import(module_name)
            if module is not None:
                games[game_id] = module
        return games
    for game_id, module in configured.items():
        loaded = _import(module) if isinstance(module, str) else module
        if loaded is not None:
            games[game_id] = loaded
    return games


def init_app(app: Any) -> None:
    app.extensions[EXTENSION] = discover(app.config.get("GAMES"))


def games() -> dict[str, ModuleType]:
    return current_app.extensions[EXTENSION]


def get(game_id: str) -> ModuleType | None:
    return games().get(game_id)


def title(game_id: str) -> str:
    """The untranslated display name (templates pass it through ``_``)."""
    if game_id in KNOWN_GAMES:
        return KNOWN_GAMES[game_id][1]
    module = games().get(game_id)
    return getattr(module, "TITLE", game_id)


def template_dir(game_id: str) -> str:
    """The folder under templates/games/ holding the game's panel (``lion-square`` ->
    ``lion_square``)."""
    return game_id.replace("-", "_")
