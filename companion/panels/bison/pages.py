"""The Bison blueprint and how its pages answer: render a page, go back to the table (303),
post a page's event (``post_page_event``).

Glossary
--------
bp
    The blueprint: endpoints ``bison.<view>``, URLs under ``/t/<table_id>/bison/``; the
    page modules (``place``, ``space``, ``actions``, ``market``,
    ``scoring``, ``whatif``) and ``bison`` add their routes to it.
page
    A template under ``templates/games/bison/`` with the table, its state, its players,
    this phone's seat and an optional error.
default seat
    The phone's own seat, else the next seat to act, else seat 0.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import redirect, render_template, url_for

from companion import tables
from companion.pages.base import current_seat
from companion.panels import _kit as kit
from games.bison import table as fold

GAME = fold.GAME
bp = kit.blueprint(GAME, __name__)


def render_page(
    template: str,
    table: tables.TableView,
    *,
    error: str | None = None,
    status: int = 200,
    **context: Any,
) -> Any:
    return render_template(
        f"games/bison/{template}",
        table=table,
        state=table.state,
        players=table.players,
        seat=current_seat(table),
        error=error,
        **context,
    ), status


def back_to_table(table_id: str) -> Any:
    return redirect(url_for("web.table", table_id=table_id), code=303)


def post_page_event(
    table: tables.TableView,
    build: Callable[[], dict[str, Any]],
    template: str,
    context: dict[str, Any],
) -> Any:
    """Append the event ``build()`` reads from the page's form (the one event path,
    ``post_event``): back to the table (303), or the page again with the refusal (422)."""
    return kit.post_event(
        table.id,
        lambda _table: build(),
        table=table,
        answer=lambda changed: back_to_table(changed.id),
        refused=lambda current, message: render_page(
            template, current, error=message, status=422, **context
        ),
    )


def default_seat(table: tables.TableView) -> int:
    mine = current_seat(table)
    if mine is not None:
        return mine
    nxt = table.state.rounds.next_seat
    return nxt if nxt is not None else 0
