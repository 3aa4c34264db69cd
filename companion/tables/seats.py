"""Seats held by phones: a phone holds its seat with a secret token (only its SHA-256
is stored); a phone whose seat was taken over learns so (``lost_seat``)."""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from companion import db
from companion.commits import Change, publish
from companion.models import SeatTokenRow, utcnow
from companion.tables.checks import check_id
from companion.tables.errors import SeatHeld
from companion.tables.rows import lock_row
from games import fields
from games.errors import N_, RuleError

#: A seat token as ``take_seat`` makes it: 32 random bytes (256 bits), URL-safe.
SEAT_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")


RELEASED = "released"


TAKEN_OVER = "taken_over"


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def _hold(session: Session, table_id: str, token: object) -> SeatTokenRow | None:
    """The row of ``token`` at this table (in force or ended), or None."""
    if not isinstance(token, str) or not SEAT_TOKEN.fullmatch(token):
        return None
    return session.scalars(
        select(SeatTokenRow).where(
            SeatTokenRow.token_hash == _token_hash(token), SeatTokenRow.table_id == table_id
        )
    ).one_or_none()


def _holder(session: Session, table_id: str, seat: int) -> SeatTokenRow | None:
    return session.scalars(
        select(SeatTokenRow).where(
            SeatTokenRow.table_id == table_id,
            SeatTokenRow.seat == seat,
            SeatTokenRow.ended_at.is_(None),
        )
    ).first()


def take_seat(table_id: str, seat: object, *, token: str | None = None, force: bool = False) -> str:
    """Hold ``seat`` for a phone: the secret token it keeps (256 random bits; only its hash
    is stored). ``token`` is what the phone holds already: its own seat is kept (the same
    token comes back), another seat it held is let go. ``SeatHeld`` when another phone
    holds the seat, unless ``force``: that phone then loses it (``lost_seat``)."""
    with db.writing() as session:
        row = lock_row(session, table_id)
        seat = None if seat is None else fields.seat(seat, len(row.players))
        if seat is None:
            raise RuleError(N_("seat is missing"))
        mine = _hold(session, row.id, token)
        if mine is not None and mine.ended_at is None and mine.seat == seat:
            return str(token)
        now = utcnow()
        holder = _holder(session, row.id, seat)
        if holder is not None:
            if not force:
                raise SeatHeld(seat, row.players[seat]["name"])
            holder.ended_at, holder.ended = now, TAKEN_OVER
            # Every process's version map sees the row change at the same version: it
            # holds the table's polls open, so the phone that lost the seat is told.
            row.updated_at = now
            publish(session, Change(row, seat_moved=True))  # told at its next poll
        if mine is not None and mine.ended_at is None:
            mine.ended_at, mine.ended = now, RELEASED
        new = secrets.token_urlsafe(32)
        session.add(
            SeatTokenRow(table_id=row.id, seat=seat, token_hash=_token_hash(new), taken_at=now)
        )
        session.flush()
    return new


def release_seat(table_id: str, token: str | None) -> bool:
    """Let go of the seat ``token`` holds; False when it holds none."""
    with db.writing() as session:
        row = lock_row(session, table_id)
        mine = _hold(session, row.id, token)
        if mine is None or mine.ended_at is not None:
            return False
        mine.ended_at, mine.ended = utcnow(), RELEASED
    return True


def seat_of(table_id: str, token: str | None) -> int | None:
    """The seat ``token`` holds at this table, or None."""
    with db.reading() as session:
        mine = _hold(session, check_id(table_id), token)
        return mine.seat if mine is not None and mine.ended_at is None else None


def lost_seat(table_id: str, token: str | None) -> int | None:
    """The seat ``token`` held until another phone took it over, or None: what the phone
    is told at its next refresh."""
    with db.reading() as session:
        mine = _hold(session, check_id(table_id), token)
        return mine.seat if mine is not None and mine.ended == TAKEN_OVER else None


#: The take-overs History lists (the newest): a table's seats change hands a few times.
TAKEOVERS_SHOWN = 50


def takeovers(table_id: str) -> list[tuple[int, datetime]]:
    """The seats another phone took over at this table, newest first, and when (issue 33,
    F8: written in History; a take-over changes no version, so it is no event)."""
    with db.reading() as session:
        rows = session.execute(
            select(SeatTokenRow.seat, SeatTokenRow.ended_at)
            .where(
                SeatTokenRow.table_id == check_id(table_id),
                SeatTokenRow.ended == TAKEN_OVER,
            )
            .order_by(SeatTokenRow.ended_at.desc())
            .limit(TAKEOVERS_SHOWN)
        ).all()
    return [(seat, ended) for seat, ended in rows if ended is not None]


def is_held(table_id: str, seat: int) -> bool:
    """Whether a phone holds ``seat``."""
    return seat in held_seats(table_id)


def held_seats(table_id: str) -> frozenset[int]:
    """The seats phones hold at this table."""
    with db.reading() as session:
        return frozenset(
            session.scalars(
                select(SeatTokenRow.seat).where(
                    SeatTokenRow.table_id == check_id(table_id), SeatTokenRow.ended_at.is_(None)
                )
            ).all()
        )
