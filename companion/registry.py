"""The games this companion offers: game id -> ``games.registry.Game``.

The list is ``games.registry.GAMES`` (every game of the project). Tests (and other
deployments) may pass their own as ``app.config["GAMES"]``: game id -> ``Game``. A game's
rules (``games.table.Rules``: its fold and hooks) are loaded when a table first needs them.
"""

from __future__ import annotations

from collections.abc import Mapping

from flask import Flask, current_app, has_app_context

from games import registry as game_registry
from games.registry import Game
from games.table import GameRules

EXTENSION = "campfire.games"


def discover(configured: Mapping[str, Game] | None = None) -> dict[str, Game]:
    """The offered games, in a stable order (``games.registry`` when not configured)."""
    if configured is None:
        return {game.id: game for game in game_registry.GAMES}
    return dict(configured)


def init_app(app: Flask) -> None:
    app.extensions[EXTENSION] = discover(app.config.get("GAMES"))


def games() -> dict[str, Game]:
    offered: dict[str, Game] = current_app.extensions[EXTENSION]
    return offered


def get(game_id: str) -> GameRules | None:
    """The rules of ``game_id``, or None when this companion does not offer it."""
    game = games().get(game_id)
    return game.rules() if game is not None else None


def _known(game_id: str) -> Game | None:
    """The game of ``game_id``: the project's, else this app's (a panel module names its
    blueprint at import, outside any app)."""
    game = game_registry.find(game_id)
    if game is None and has_app_context():
        game = games().get(game_id)
    return game


def title(game_id: str) -> str:
    """The untranslated display name (templates pass it through ``_``)."""
    game = _known(game_id)
    return game.title if game is not None else game_id


def template_dir(game_id: str) -> str:
    """The folder under templates/games/ holding the game's panel (``lion-square`` ->
    ``lion_square``): the game's package."""
    game = _known(game_id)
    return game.package if game is not None else game_id.replace("-", "_")
