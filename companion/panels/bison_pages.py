"""The Bison blueprint and how its pages answer: render a page, go back to the table (303),
append an event for the phone's seat.

Glossary
--------
bp
    The blueprint: endpoints ``bison.<view>``, URLs under ``/t/<table_id>/bison/``; the
    page modules (``bison_place``, ``bison_space``, ``bison_actions``, ``bison_market``,
    ``bison_scoring``, ``bison_whatif``) and ``bison`` add their routes to it.
page
    A template under ``templates/games/bison/`` with the table, its state, its players,
    this phone's seat and an optional error.
default seat
    The phone's own seat, else the next seat to act, else seat 0.
"""

from __future__ import annotations

from typing import Any

from flask import redirect, render_template, url_for

from companion import tables, web
from companion.panels import _kit as kit
from games.bison import table as fold

GAME = fold.GAME
bp = kit.blueprint(GAME, __name__)


def render_page(template: str, table: tables.TableView, *, error: str | None = None,
                status: int = 200, **context: Any) -> Any:
    return render_template(f"games/bison/{template}", table=table, state=table.state,
                           players=table.players, seat=web.current_seat(table),
                           error=error, **context), status


def back_to_table(table_id: str) -> Any:
    return redirect(url_for("web.table", table_id=table_id), code=303)


def append_event(table_id: str, event: dict[str, Any]) -> tables.TableView:
    table = kit.game_table(table_id, GAME)
    return tables.append(table_id, event, seat=web.current_seat(table))


def default_seat(table: tables.TableView) -> int:
    mine = web.current_seat(table)
    if mine is not None:
        return mine
    nxt = table.state.rounds.next_seat
    return nxt if nxt is not None else 0
