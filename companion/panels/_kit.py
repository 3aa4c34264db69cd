"""What every game panel module shares: its blueprint, its registration and the reader's
language for catalog names. The table of its game and the event path are
``companion.pages.panel`` (``game_table``, ``post_event``).

A panel module (companion/panels/<package>) is a view model (``view(table)``, computed by
the panel route and passed to ``templates/games/<package>/panel.html`` as ``view``) plus a
blueprint of form posts under ``/t/<table_id>/<game id>/``; the shared form and stepper
markup is templates/games/_macros.html.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from flask import Blueprint, Flask
from flask_babel import get_locale

from companion import registry, tables
from companion.pages.panel import game_table, post_event
from companion.plugs import Panel, Wording, plug

__all__ = ["blueprint", "game_table", "lang", "post_event", "register"]


def blueprint(game: str, import_name: str) -> Blueprint:
    """The blueprint of ``game``'s panel: endpoints ``<package>.<view>``
    (``dogs_life.act``), URLs under ``/t/<table_id>/<game>/`` (``/t/<id>/dogs-life/eat``)."""
    return Blueprint(registry.template_dir(game), import_name, url_prefix=f"/t/<table_id>/{game}")


def register(
    app: Flask,
    bp: Blueprint,
    game: str,
    view: Callable[[tables.TableView], object],
    *,
    variant: Callable[[tables.TableView], Hashable] | None = None,
    refusal: Wording | None = None,
    scripts: tuple[str, ...] = (),
    **helpers: Callable[..., object],
) -> None:
    """Register a panel: its blueprint, its view model (computed by the panel route and
    passed to ``panel.html`` as ``view``), ``variant``: what else its panel markup depends
    on (part of the render cache's key, see companion.live), ``refusal``: how it words a
    refusal (default ``rule_error_message``), the static scripts the table page loads for
    it (``plugs.Panel.scripts``) and the helpers its templates call by name (given to the
    game's own templates alone: ``plugs.Panel.helpers``)."""
    app.register_blueprint(bp)
    plug(app, game, Panel(view, variant, refusal, helpers, scripts), bp.name)


def lang() -> str:
    """The reader's language code (``en``, ``ja``, ``it``): the key of catalog names."""
    return str(get_locale() or "en").split("_")[0]
