"""The table's rows: the write lock, a new table row, the events read by seq, and the
next event stored (the version moves with it, in the same transaction)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from companion.models import EventRow, TableRow, utcnow
from companion.tables.checks import JOIN_ALPHABET, JOIN_CODE_LENGTH, UNDO, check_id
from companion.tables.errors import TableNotFound
from games.table import Player


def undo_pairs(session: Session, table_id: str) -> list[tuple[int, int]]:
    return [
        (seq, undoes)
        for seq, undoes in session.execute(
            select(EventRow.seq, EventRow.undoes).where(
                EventRow.table_id == table_id, EventRow.undoes.is_not(None)
            )
        )
        if undoes is not None  # the query's own condition, for the type checker
    ]


def lock_row(session: Session, table_id: str) -> TableRow:
    check_id(table_id)
    # FOR UPDATE serializes writers on PostgreSQL; on SQLite BEGIN IMMEDIATE already did.
    row = session.scalars(
        select(TableRow).where(TableRow.id == table_id).with_for_update()
    ).one_or_none()
    if row is None:
        raise TableNotFound(table_id)
    return row


def _new_join_code() -> str:
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def insert_table(
    session: Session,
    game: str,
    players: Sequence[Player],
    settings: Mapping[str, object],
    *,
    location: str | None = None,
    time_zone: str | None = None,
) -> TableRow:
    for _attempt in range(20):
        code = _new_join_code()
        if session.scalar(select(TableRow.id).where(TableRow.join_code == code)) is None:
            break
    else:  # 21**6 = 85 million codes: only reachable with millions of tables
        raise RuntimeError("no free join code")
    row = TableRow(
        # 24 random bytes = 192 bits, 32 URL-safe characters.
        id=secrets.token_urlsafe(24),
        join_code=code,
        game=game,
        players=[{"name": p.name, "color": p.color} for p in players],
        settings=dict(settings),
        version=0,
        created_at=utcnow(),
        updated_at=utcnow(),
        location=location,
        time_zone=time_zone,
    )
    session.add(row)
    session.flush()
    return row


def event_rows(
    session: Session, row: TableRow, *, first: int = 1, last: int | None = None
) -> Sequence[EventRow]:
    """The table's events from seq ``first`` to ``last`` (None: the latest), oldest first."""
    query = select(EventRow).where(EventRow.table_id == row.id, EventRow.seq >= first)
    if last is not None:
        query = query.where(EventRow.seq <= last)
    return session.scalars(query.order_by(EventRow.seq)).all()


def undo_marker(seq: int) -> EventRow:
    return EventRow(seq=-1, type=UNDO, payload={}, undoes=seq)


def store_event(
    session: Session,
    row: TableRow,
    payload: Mapping[str, object],
    *,
    seat: int | None,
    undoes: int | None,
) -> None:
    now = utcnow()
    row.version += 1
    row.updated_at = now
    session.add(
        EventRow(
            table_id=row.id,
            seq=row.version,
            type=str(payload["type"])[:40],
            payload=payload,
            seat=seat,
            undoes=undoes,
            created_at=now,
        )
    )
    session.flush()
