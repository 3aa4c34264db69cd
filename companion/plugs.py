"""A game's panel as the app holds it: one ``Panel`` per game in one ``app.extensions``
dict (issue 36, item 1), plugged by the game's panel module (``panels._kit.register``).

Glossary
--------
view
    The panel's view model: computed by the panel route, passed to
    ``templates/games/<package>/panel.html`` as ``view``.
variant
    What else the panel's markup depends on besides the table, its version and the
    language (Bison: this phone's zoom): part of the render cache's key (companion.live).
refusal
    How the game words a ``RuleError`` (``Wording(error, page)``: a page shows it, else
    the API answers it); ``rule_error_message`` when the game says nothing.
helpers
    The names the game's templates call (``bison_animal``, ``dogs_life_dogs``): given to
    its own templates alone — its panel (``pages.panel.panel_context``), the pages of its
    blueprint (a context processor of that blueprint) and its create-form settings
    (``pages.join``) — never app-wide template globals.
scripts
    Static scripts the table page loads for the panel (Bison: ``bison_photo.js``, the
    panel's photo sent as soon as it is taken): on the page, not in the panel, so a live
    swap does not run them again.

A game without a panel shows the generic counters (``templates/games/_counters.html``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field

from flask import Flask, current_app

from companion import tables
from games.errors import RuleError

#: ``app.extensions`` key: game id -> its ``Panel``.
EXTENSION = "campfire.panels"

#: How a game words a refusal: (the error, whether a page shows it; else the API).
Wording = Callable[[RuleError, bool], str]


@dataclass(frozen=True, slots=True)
class Panel:
    """One game's panel, as the pages and the change path ask it (see the glossary)."""

    view: Callable[[tables.TableView], object]
    variant: Callable[[tables.TableView], Hashable] | None = None
    refusal: Wording | None = None
    helpers: Mapping[str, Callable[..., object]] = field(default_factory=dict)
    scripts: tuple[str, ...] = ()


def plug(app: Flask, game: str, panel: Panel, blueprint: str) -> None:
    """``game``'s panel in ``app`` (one per game: plugging again replaces it), its helpers
    given to the templates its ``blueprint``'s pages render."""
    app.extensions.setdefault(EXTENSION, {})[game] = panel
    if panel.helpers:
        app.template_context_processors.setdefault(blueprint, []).append(
            lambda: dict(panel.helpers)
        )


def panel_of(game: str) -> Panel | None:
    """The current app's panel of ``game``, or None (the generic counters)."""
    panels: dict[str, Panel] = current_app.extensions.get(EXTENSION, {})
    return panels.get(game)


def helpers_of(game: str | None) -> Mapping[str, Callable[..., object]]:
    """The names ``game``'s templates call (none for a game without a panel, or None)."""
    panel = panel_of(game) if game is not None else None
    return panel.helpers if panel is not None else {}


def scripts_of(game: str) -> tuple[str, ...]:
    """The static scripts the table page loads for ``game``'s panel (none without one)."""
    panel = panel_of(game)
    return panel.scripts if panel is not None else ()
