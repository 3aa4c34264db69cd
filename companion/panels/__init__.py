"""The game panels: one module (or package) per game, ``companion.panels.<package>`` for
every game of ``games.registry``, each with a blueprint of its form posts and the template
helpers its ``templates/games/<package>/panel.html`` needs.

``register_panels(app)`` (called by ``create_app``) registers them; each exposes
``init_app(app)``, which registers it through ``_kit.register`` (the shared blueprint,
view-model and render-cache helpers live in ``_kit``).
"""

from __future__ import annotations

import importlib
from typing import Any

from games import registry as game_registry

#: The panel module of every game, in the project's order.
PANELS = tuple(f"companion.panels.{game.package}" for game in game_registry.GAMES)


def register_panels(app: Any) -> None:
    for name in PANELS:
        importlib.import_module(name).init_app(app)
