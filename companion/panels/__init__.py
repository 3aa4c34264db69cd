"""The game panels: one module (or package) per game, each with a blueprint of its form
posts and the template helpers its ``templates/games/<package>/panel.html`` needs.

``PANELS`` lists them by game id (tests/companion/test_game_registry.py checks it against
``games.registry``); ``register_panels(app)`` (called by ``create_app``) registers the panel
of every game the app offers. A game without one shows the generic counters
(``templates/games/_counters.html``). Each panel's ``init_app(app)`` registers it through
``_kit.register`` (the shared blueprint, view-model and render-cache helpers live in ``_kit``).
"""

from __future__ import annotations

from collections.abc import Callable

from flask import Flask

from companion import registry
from companion.panels import bison, dogs_life, hunting_age, lion_square

#: Game id -> the ``init_app`` of its panel, in the project's order.
PANELS: dict[str, Callable[[Flask], None]] = {
    "bison": bison.init_app,
    "lion-square": lion_square.init_app,
    "hunting-age": hunting_age.init_app,
    "dogs-life": dogs_life.init_app,
}


def register_panels(app: Flask) -> None:
    """Register the panel of every game ``app`` offers that has one."""
    with app.app_context():
        offered = registry.games()
    for game_id, init_app in PANELS.items():
        if game_id in offered:
            init_app(app)
