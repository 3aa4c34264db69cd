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
refusal
    A refusal in the reader's language (``refusal``): a malformed field (``FieldError``,
    a link edited by hand) in a player's sentence on a page, never the field's name; the
    API (``page=False``) keeps the sentence that names the field.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from urllib.parse import urlsplit

from flask import redirect, render_template, request, url_for
from flask.typing import ResponseReturnValue

from companion import tables
from companion.i18n import rule_error_message, translate
from companion.pages.base import current_seat
from companion.panels import _kit as kit
from games.bison import fold
from games.bison.table.fields import FieldError
from games.errors import RuleError

GAME = fold.GAME
#: The page that shows only a refusal (and the ways on from it).
MESSAGE = "message.html"
bp = kit.blueprint(GAME, __name__)


def refusal(error: RuleError, page: bool = True) -> str:
    """``error`` as its reader reads it: on a ``page`` a ``FieldError`` says its player's
    sentence (no field names, issue 26); the API (not a page) gets the field's name."""
    if isinstance(error, FieldError) and page:
        return translate(error.player)
    return rule_error_message(error)


def came_from(table: tables.TableView) -> str | None:
    """The step page of this table a refused form came from (the referrer, when it is
    one of this table's Bison pages other than the one answering): the refusal page
    leads back to it, so a refusal is never a dead end."""
    source = urlsplit(request.referrer or "")
    if source.netloc != request.host or source.path == request.path:
        return None
    if not source.path.startswith(url_for("bison.place", table_id=table.id).rpartition("/")[0]):
        return None
    return source.path + (f"?{source.query}" if source.query else "")


def render_page(
    template: str,
    table: tables.TableView,
    *,
    error: str | None = None,
    status: int = 200,
    **context: object,
) -> ResponseReturnValue:
    if template == MESSAGE:
        context.setdefault("again", came_from(table))
    return render_template(
        f"games/bison/{template}",
        table=table,
        state=table.state,
        players=table.players,
        seat=current_seat(table),
        error=error,
        **context,
    ), status


def render_context(
    template: str,
    table: tables.TableView,
    context: Mapping[str, object],
    *,
    error: str | None = None,
    status: int = 200,
) -> ResponseReturnValue:
    """``render_page`` with a page's view model (``context``: what its template reads)."""
    return render_page(template, table, error=error, status=status, **context)


def back_to_table(table_id: str) -> ResponseReturnValue:
    return redirect(url_for("web.table", table_id=table_id), code=303)


def post_page_event(
    table: tables.TableView,
    build: Callable[[], Mapping[str, object]],
    template: str,
    context: Mapping[str, object],
) -> ResponseReturnValue:
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
