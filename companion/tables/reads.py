"""Reading a table: its view, its version alone (what polls compare), a join code's
table, and its history (for the pages) and events (for the JSON API) as a seat may see
them."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.exc import OperationalError
from sqlalchemy.orm import Session

from companion import db
from companion.models import EventRow, TableRow
from companion.tables.checks import (
    JOIN_ALPHABET,
    JOIN_CODE_LENGTH,
    UNDO,
    check_id,
    clean,
    normalize_join_code,
)
from companion.tables.errors import TableNotFound, UnknownJoinCode
from companion.tables.rows import event_rows, undo_pairs
from companion.tables.snapshots import state_of
from companion.tables.view import HistoryEntry, TableView, view_of
from games.errors import N_, RuleError

log = logging.getLogger(__name__)


def get(table_id: str) -> TableView:
    with db.reading() as session:
        row = session.get(TableRow, check_id(table_id))
        if row is None:
            raise TableNotFound(table_id)
        return view_of(row, state_of(session, row))


def version(table_id: str) -> int:
    """The table's version alone: what the poll endpoint compares (one indexed read)."""
    with db.reading() as session:
        value = session.scalar(select(TableRow.version).where(TableRow.id == check_id(table_id)))
    if value is None:
        raise TableNotFound(table_id)
    return value


def find_by_code(code: str) -> str:
    """The table id for a join code; ``UnknownJoinCode`` (a ``TableNotFound`` whose
    ``problem`` reads "no table has the code …") when none has it, or when its game is
    over (a result: B10, L3, H2, D3; an undo that reopens it makes the code work again)."""
    typed = normalize_join_code(code)
    if len(typed) != JOIN_CODE_LENGTH or any(ch not in JOIN_ALPHABET for ch in typed):
        raise UnknownJoinCode(clean(typed[:40]))
    with db.reading() as session:
        table_id = session.scalar(select(TableRow.id).where(TableRow.join_code == typed))
    if table_id is None:
        raise UnknownJoinCode(typed)
    view = get(table_id)
    if view.module.outcome(view.state) is not None:
        # The game is over: its code opens it no more (guessed codes find only tables
        # being played; issue 33, F12). Its players keep the table's own link.
        raise UnknownJoinCode(typed)
    return table_id


def existing(table_ids: Sequence[str]) -> list[TableView]:
    """The tables among ``table_ids`` that still exist, in the given order."""
    views = []
    for table_id in table_ids:
        try:
            views.append(get(table_id))
        except (TableNotFound, RuleError):  # a table of a game no longer offered
            continue
        except OperationalError:  # the database is down: the page answers 503
            raise
        except Exception:  # a row this server cannot read: the list goes on without it
            log.exception("table %s cannot be read; left out of the recent tables", table_id)
    return views


@dataclass(frozen=True, slots=True)
class _Page:
    """A run of a table's events as the history reads them."""

    view: TableView
    rows: Sequence[EventRow]  # the events from ``first`` to ``last``, oldest first
    undone: frozenset[int]  # every change an undo cancelled
    targets: Mapping[int, EventRow]  # what the page's undos cancelled, by seq


def _page(table_id: str, first: int, last: int | None) -> _Page:
    """Events ``first`` to ``last`` (None: the latest) and what describing them needs:
    a page costs its own rows and the table's undo pairs, whatever the log's length."""
    with db.reading() as session:
        row = session.get(TableRow, check_id(table_id))
        if row is None:
            raise TableNotFound(table_id)
        view = view_of(row, state_of(session, row))
        rows = event_rows(session, row, first=first, last=last)
        undone = frozenset(undoes for _seq, undoes in undo_pairs(session, row.id))
        targets = {e.seq: e for e in rows}
        wanted = {e.undoes for e in rows if e.type == UNDO and e.undoes not in targets}
        if wanted:
            targets.update(
                (e.seq, e)
                for e in session.scalars(
                    select(EventRow).where(EventRow.table_id == row.id, EventRow.seq.in_(wanted))
                )
            )
    return _Page(view, rows, undone, targets)


def history(
    table_id: str,
    *,
    viewer: int | None = None,
    before: int | None = None,
    limit: int | None = None,
) -> tuple[TableView, list[HistoryEntry]]:
    """The events, newest first, described by the game as seat ``viewer`` may read it
    (None: a spectator; another seat's secrets are left out until the game ends). Undo
    entries name what they cancelled. ``before``: only events older than this seq;
    ``limit``: at most this many (the newest of them) — a page of the history; the page
    after it starts ``before`` its last entry's seq, and there is none when that is 1."""
    last = None if before is None else before - 1
    newest = version(table_id) if last is None else last
    first = 1 if limit is None else max(1, newest - limit + 1)
    page = _page(table_id, first, last)
    view = page.view
    entries = [
        _entry(
            view,
            event,
            page.targets.get(event.undoes or -1) if event.type == UNDO else event,
            viewer=viewer,
            undone=event.seq in page.undone,
        )
        for event in page.rows
    ]
    entries.reverse()
    return view, entries


def newest_entry(view: TableView, viewer: int | None = None) -> HistoryEntry | None:
    """The newest line of ``view``'s history (its event at ``view.version``) as seat
    ``viewer`` reads it; None before the first event.

    The events up to a table's version never change (an undo is an event of its own), so
    they are read without a snapshot of the table: one statement, and one more for an
    undo's target (on PostgreSQL each is one round trip, where ``history`` reads the table
    row and its undo pairs in a transaction, five). Nothing newer than the view's version
    is read, and the newest event is undone by nothing yet."""
    if not view.version:
        return None
    reads = db.single_statements(db.engine())
    with Session(reads, expire_on_commit=False) as session:
        event = _event_at(session, view.id, view.version)
        if event is None:  # the table went meanwhile
            return None
        shown: EventRow | None = event
        if event.type == UNDO:
            shown = None if event.undoes is None else _event_at(session, view.id, event.undoes)
    return _entry(view, event, shown, viewer=viewer, undone=False)


def _event_at(session: Session, table_id: str, seq: int) -> EventRow | None:
    return session.scalars(
        select(EventRow).where(EventRow.table_id == table_id, EventRow.seq == seq)
    ).one_or_none()


def _entry(
    view: TableView, event: EventRow, shown: EventRow | None, *, viewer: int | None, undone: bool
) -> HistoryEntry:
    """``event``'s history line; ``shown`` is what it describes (an undo's target, None
    when that is not known)."""
    if shown is None:
        template, params, subject = N_("a change"), dict[str, object](), None
    else:
        payload = view.event_for(shown.payload, viewer)
        template, params = view.module.describe(payload, view.players)
        subject = view.subject_seat(shown.payload)
    return HistoryEntry(
        seq=event.seq,
        seat=event.seat,
        created_at=event.created_at,
        template=template,
        params=dict(params),
        is_undo=event.type == UNDO,
        undone=undone,
        subject=subject,
        undoes=event.undoes if event.type == UNDO else None,
    )


#: What the events listing says of each event beside its own fields: an event's field of
#: one of these names (no game's ``EVENT_FIELDS`` has one) is left out, not overwritten.
LISTING_FIELDS = ("seq", "by_seat", "undone", "undoes")


def events(
    table_id: str, *, viewer: int | None = None, after: int = 0, limit: int | None = None
) -> list[dict[str, object]]:
    """The history for the JSON API, oldest first: per event its ``seq``, ``by_seat`` (the
    seat of the phone that made it, or None), the event's own fields exactly as stored
    (``type``, and ``seat`` when the event names one), and ``undone``; an undo is
    ``{"seq", "by_seat", "type": "undo", "undoes", "undone"}``. Another seat's secrets
    are ``None`` for ``viewer``. ``after`` and ``limit``: only the events after that seq,
    at most that many (a page)."""
    page = _page(table_id, after + 1, None if limit is None else after + limit)
    view = page.view
    listed = []
    for event in page.rows:
        if event.type == UNDO:
            fields: dict[str, object] = {"type": UNDO, "undoes": event.undoes}
        else:
            fields = {
                k: v
                for k, v in view.event_for(event.payload, viewer).items()
                if k not in LISTING_FIELDS
            }
        listed.append(
            {
                "seq": event.seq,
                "by_seat": event.seat,
                **fields,
                "undone": event.seq in page.undone,
            }
        )
    return listed
