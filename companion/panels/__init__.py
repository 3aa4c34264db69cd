"""The game panels: one module per game, each with a blueprint of its form posts and the
template helpers its ``templates/games/<game>/panel.html`` needs.

``register_panels(app)`` (called by ``create_app``) registers every panel module listed in
``PANELS``; each exposes ``init_app(app)``, which registers it through ``_kit.register``
(the shared blueprint, view-model and render-cache helpers live in ``_kit``).
"""

from __future__ import annotations

import importlib
from typing import Any

PANELS = ("companion.panels.hunting_age", "companion.panels.bison", "companion.panels.dogs_life",
          "companion.panels.lion_square")


def register_panels(app: Any) -> None:
    for name in PANELS:
        importlib.import_module(name).init_app(app)
