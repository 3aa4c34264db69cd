"""The companion's pages (the "web" blueprint), one module per page group:

- ``base``: the blueprint and what every page shares (seat, table or 404, numbers from
  URLs and forms, one absolute URL helper);
- ``panel``: the live panel and every panel form's door to the one change path
  (``post_event``, ``undo_from_form``; the path itself is ``companion.events``);
- ``join``: home, create, join, invite, seats;
- ``table``: the table (page, or panel to htmx), poll, adjust, undo, history;
- ``transfer``: export and import;
- ``print_kit``: the print-and-play kit;
- ``plays``: "Our plays" and a table's play (a blueprint of its own, ``plays``).

``init_app`` (called by ``create_app``) registers the blueprints; importing the page
modules above attached their routes to it.
"""

from __future__ import annotations

from flask import Flask
from flask_babel import gettext as _

from companion import registry
from companion.pages import join, plays, print_kit, table, transfer
from companion.pages.base import COLOUR_NAMES, bp, is_htmx
from printgen import kit as printkit

#: The modules whose routes live on ``bp``.
PAGES = (join, print_kit, table, transfer)


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    plays.init_app(app)

    def game_title(game_id: str) -> str:
        return _(registry.title(game_id))

    def colour_name(colour: str) -> str:
        return _(COLOUR_NAMES.get(colour, colour))

    def has_print_kit(game_id: str) -> bool:
        return printkit.has_kit(game_id)

    @app.context_processor
    def _helpers() -> dict[str, object]:
        return {
            "game_title": game_title,
            "colour_name": colour_name,
            "has_print_kit": has_print_kit,
            "is_htmx": is_htmx,
        }
