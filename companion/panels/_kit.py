"""What every game panel module shares: its blueprint, its registration, the table of its
game, turning a form into an event, and the reader's language for catalog names.

A panel module (companion/panels/<game>.py) is a view model (``view(table)``, read by
``templates/games/<dir>/panel.html`` as the template global ``<dir>_view``) plus a
blueprint of form posts under ``/t/<table_id>/<game id>/``; the shared form and stepper
markup is templates/games/_macros.html.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from flask import Blueprint, abort
from flask_babel import get_locale

from companion import registry, tables, web
from games.errors import RuleError


def blueprint(game: str, import_name: str) -> Blueprint:
    """The blueprint of ``game``'s panel: endpoints ``<dir>.<view>`` (``dogs_life.act``),
    URLs under ``/t/<table_id>/<game>/`` (``/t/<id>/dogs-life/eat``)."""
    return Blueprint(registry.template_dir(game), import_name,
                     url_prefix=f"/t/<table_id>/{game}")


def register(app: Any, bp: Blueprint, game: str,
             view: Callable[[tables.TableView], Any], *,
             variant: Callable[[tables.TableView], Hashable] | None = None,
             **template_globals: Callable[..., Any]) -> None:
    """Register a panel: its blueprint, its view model as the template global
    ``<dir>_view``, other template globals by name, and ``variant``: what else its panel
    markup depends on (part of the render cache's key, see companion.panel_cache)."""
    app.register_blueprint(bp)
    app.add_template_global(view, f"{bp.name}_view")
    for name, function in template_globals.items():
        app.add_template_global(function, name)
    if variant is not None:
        web.panel_variant(app, game, variant)


def lang() -> str:
    """The reader's language code (``en``, ``ja``, ``it``): the key of catalog names."""
    return str(get_locale() or "en").split("_")[0]


def game_table(table_id: str, game: str) -> tables.TableView:
    """The table, or a 404 page when there is none or it plays another game."""
    table = web.load_table(table_id)
    if table.game != game:
        abort(404)
    return table


def post_event(table_id: str, game: str,
               build: Callable[[tables.TableView], dict[str, Any]]) -> Any:
    """Turn the submitted form into an event (``build``) and append it as this phone's
    seat: the fresh panel, or a 422 panel with the translated reason when the form or the
    rules refuse it (nothing stored)."""
    table = game_table(table_id, game)
    try:
        event = build(table)
    except RuleError as error:
        return web.refuse(table_id, error)
    return web.apply_event(table_id, event)
