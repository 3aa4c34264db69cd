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

A game without a panel shows the generic counters (``templates/games/_counters.html``).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

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


def plug(app: Flask, game: str, panel: Panel) -> None:
    """``game``'s panel in ``app`` (one per game: plugging again replaces it)."""
    app.extensions.setdefault(EXTENSION, {})[game] = panel


def panel_of(game: str) -> Panel | None:
    """The current app's panel of ``game``, or None (the generic counters)."""
    panels: dict[str, Panel] = current_app.extensions.get(EXTENSION, {})
    return panels.get(game)
