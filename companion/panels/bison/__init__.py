"""Bison at the table: the panel (stocks, actions, round flow, the board mirror, live
standings), its pages (place a tile, a space's pieces and region, the action helper, the
market, the round's scoring, what-if) and their form posts.

Every rule comes from ``games.bison`` (B1–B11): these modules turn the folded state into
what the templates under ``templates/games/bison/`` show, and a submitted form into an
event that the fold judges. A refused form re-renders its page with the translated
reason (422) and changes nothing.

This module registers the panel (``init_app``): the blueprint with every page's routes,
the view model, the template helpers, the form bounds (``LIMITS``) and the zoom post. Each
page lives in its own module: ``place``, ``space``, ``actions``,
``market``, ``scoring``, ``whatif``; shared by them are ``pages``
(the blueprint, answering), ``forms`` (reading fields), ``view`` (the view
model, the board, the standings) and ``names`` (translated words).

Glossary
--------
view
    ``view(table)``: the plain dict ``panel.html`` reads (passed to it as ``view``).
page
    A full page for a step that must not be wiped by the live poll (the poll only
    replaces ``#panel``): ``place``, ``space``, ``action``, ``market``, ``score``,
    ``whatif``. Its form posts answer 303 back to the table, or the page again with the
    refusal (422).
zoom, turn
    The board's zoom level (1 whole board, 2 readable, 3 large) and the side of the table
    it is seen from, for this phone and table, kept in the session so the poll re-renders
    them the same (``view.variant``); the board scrolls (drag to pan) inside its frame.
routes (under ``/t/<table_id>/bison/``)
    GET/POST ``place`` (``at``, ``tile`` or ``edges`` + ``prairie``/``river``/``mountain``,
    ``rotation``; with ``mode=action`` also ``seat``, ``hunters``, ``space``, ``gain``,
    ``paid.<hunters>`` or ``pay.<animal>``, ``override``), GET/POST ``space`` (``at``,
    ``space``, ``seat``, ``hunters``, ``structure``), GET/POST ``action`` (``seat``,
    ``action``, ``hunters``, ``gain``, ``paid.<hunters>`` or ``pay.<animal>``, ``build_at``,
    ``size``, ``replaces``, ``override``),
    GET ``market``, POST ``buy`` / ``exchange``, GET/POST ``score`` (``x.<seat>.<region>.<n>``
    = the animal the n-th triple of surplus becomes, empty = lost; ``override``),
    GET ``whatif`` (``seat``, ``tile``), POST ``zoom`` (``z``), POST ``turn`` (``deg``).
    ``paid.<hunters>`` is the "paid with" chip of that hunter count (``"2.0.1"``: bison,
    salmon, turkey; ``other``: the ``pay.*`` fields), also read by POST ``play``.
"""

from __future__ import annotations

from flask import Flask
from flask.typing import ResponseReturnValue

from companion.panels import _kit as kit
from companion.panels import board_view
from companion.panels.bison import (
    actions,
    market,
    photo,
    place,
    play,
    proposal,
    scoring,
    space,
    whatif,
)
from companion.panels.bison.names import (
    action_name,
    animal_count,
    animal_name,
    hex_name,
    kind_name,
    space_name,
)
from companion.panels.bison.pages import GAME, bp, refusal
from companion.panels.bison.view import TURNS, ZOOMS, variant, view
from games.bison.components import (
    DEFAULT_MAX_TOTEM_DISTANCE,
    HUNTERS_OWNED,
    MAX_PLAYERS,
    MAX_STRUCTURE,
    MAX_TOTEM_DISTANCE_LIMIT,
    MIN_TOTEM_DISTANCE,
)
from games.bison.economy import COST_TABLE, MAX_COST, MOST_EXCHANGES, STOCK_CAP
from games.bison.rounds import ACTIONS_PER_ROUND
from games.bison.tiles import ANIMALS_PER_TILE
from games.errors import N_

#: The page modules whose routes live on ``bp``; importing them registers the routes.
PAGES = (actions, market, photo, place, play, proposal, scoring, space, whatif)


#: The rule numbers the forms bound their fields with, all from ``games.bison``.
LIMITS: dict[str, object] = {
    "seats": range(MAX_PLAYERS),  # B4: the start player is one of at most 4
    "totem_distance": (MIN_TOTEM_DISTANCE, MAX_TOTEM_DISTANCE_LIMIT, DEFAULT_MAX_TOTEM_DISTANCE),
    "animals_per_tile": ANIMALS_PER_TILE,  # a space shows 0–3 of a tile's 3 animals
    "max_structure": MAX_STRUCTURE,  # B5: tents and canoes of size 1–4
    "hunters_owned": HUNTERS_OWNED,  # a space cannot hold more hunters than one owns
    "max_cost": MAX_COST,  # B6: 5 hunters cost 10 animals
    "cost_table": COST_TABLE,  # B6: hunters used -> animals paid (-1: gain one instead)
    "exchanges": MOST_EXCHANGES,  # B7: a full stock pays for at most 5 at once
    "cap": STOCK_CAP,  # B8
    "actions_per_round": ACTIONS_PER_ROUND,  # B6
}


def limits() -> dict[str, object]:
    """The rule numbers the forms bound their fields with (template helper
    ``bison_limits``; the create form's settings have no table to read them from)."""
    return LIMITS


@bp.post("/zoom")
def zoom(table_id: str) -> ResponseReturnValue:
    return _phone_setting(table_id, "z", ZOOMS, "bison_zoom", N_("zoom must be 1, 2 or 3"))


def _phone_setting(
    table_id: str, field: str, allowed: tuple[int, ...], key: str, refusal: str
) -> ResponseReturnValue:
    table = kit.game_table(table_id, GAME)
    return board_view.phone_setting(table, field, allowed, key, refusal)


@bp.post("/turn")
def turn(table_id: str) -> ResponseReturnValue:
    """See the board from another side of the table (this phone only)."""
    return _phone_setting(
        table_id, "deg", TURNS, "bison_turn", N_("choose a side of the table to see it from")
    )


def init_app(app: Flask) -> None:
    # The panel shows the board at this phone's zoom and turn (kept in its session).
    kit.register(
        app,
        bp,
        GAME,
        view,
        variant=variant,
        refusal=refusal,
        # "Photo of the board" on the panel opens the camera and sends what it took.
        scripts=("bison_photo.js",),
        bison_animal=animal_name,
        bison_animals=animal_count,
        bison_space=space_name,
        bison_kind=kind_name,
        bison_action=action_name,
        bison_hex=hex_name,
        bison_limits=limits,
        bison_paid_with=actions.paid_with,
    )
