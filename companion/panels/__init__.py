"""The game panels: one module (or package) per game, each with a blueprint of its form
posts and the template helpers its ``templates/games/<package>/panel.html`` needs.

A game names its panel in its ``Game`` of the one list (``games.registry.GAMES``,
``panel="companion.panels.<package>:init_app"``); ``register_panels(app)`` (called by
``create_app``) resolves and registers the panel of every game the app offers that names
one. A game without one shows the generic counters (``templates/games/_counters.html``).
Each panel's ``init_app(app)`` registers it through ``_kit.register`` (the shared blueprint,
view-model and render-cache helpers live in ``_kit``).
"""

from __future__ import annotations

import pkgutil
from collections.abc import Callable
from typing import cast

from flask import Flask

from companion import registry
from games.registry import Game

#: A panel's entry: registers the game's panel (its blueprint, view and helpers) in the app.
InitApp = Callable[[Flask], None]


def panel_init(game: Game) -> InitApp | None:
    """The ``init_app`` ``game``'s reference names (None without a panel). A reference that
    names nothing callable is the list's mistake, said at start-up with the game's id."""
    if game.panel is None:
        return None
    init_app = pkgutil.resolve_name(game.panel)
    if not callable(init_app):
        raise TypeError(f"{game.id}: panel={game.panel!r} is not a function of the app")
    return cast(InitApp, init_app)


def register_panels(app: Flask) -> None:
    """Register the panel of every game ``app`` offers that names one, in the list's order."""
    with app.app_context():
        offered = registry.games()
    for game in offered.values():
        init_app = panel_init(game)
        if init_app is not None:
            init_app(app)
