"""A board's view on one phone: its zoom and the side of the table it is seen from.

Shared by the boards the companion mirrors (Bison's land, A Dog's Life's city): each
phone keeps, per table, the zoom level and the turn it chose in its session (the last 20
tables), so the live poll re-renders the board the same; a posted value outside the
board's choices gets a 422 panel naming the choices, and nothing is remembered.

Glossary
--------
zoom
    1 the whole board fits the phone's width, 2 readable (a square at least 44 px),
    3 large; the board scrolls (drag to pan) inside its frame.
turn
    Degrees clockwise the board is turned, so it reads as from that side of the table.
"""

from __future__ import annotations

from flask import request, session
from flask.typing import ResponseReturnValue

from companion import tables
from companion.i18n import rule_error_message
from companion.numbers import small_number
from companion.pages import panel
from games.errors import RuleError

ZOOMS = (1, 2, 3)
DEFAULT_ZOOM = 2


def remembered(key: str, table_id: str, allowed: tuple[int, ...], default: int) -> int:
    """This phone's setting ``key`` for the table, or ``default``."""
    value = session.get(key, {}).get(table_id, default)
    return int(value) if value in allowed else default


def chosen(key: str, table_id: str, allowed: tuple[int, ...]) -> int | None:
    """This phone's setting ``key`` for the table, or None when it chose none."""
    value = session.get(key, {}).get(table_id)
    return int(value) if value in allowed else None


def remember(key: str, table_id: str, value: int) -> None:
    """A per-phone board setting for a table, in the session (the last 20 tables)."""
    kept = dict(session.get(key, {}))
    kept.pop(table_id, None)
    kept[table_id] = value
    session[key] = dict(list(kept.items())[-20:])


def phone_setting(
    table: tables.TableView, field: str, allowed: tuple[int, ...], key: str, refusal: str
) -> ResponseReturnValue:
    """A per-phone board setting posted as ``field``: one of ``allowed`` is remembered
    under ``key`` and the panel redrawn; anything else gets ``refusal`` (a 422, nothing
    remembered)."""
    value = small_number(request.form.get(field))
    if value not in allowed:
        return panel.panel_response(table, status=422, error=rule_error_message(RuleError(refusal)))
    remember(key, table.id, value)
    return panel.panel_response(table)
