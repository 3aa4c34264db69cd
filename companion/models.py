"""Persistence model: a table and the events that happened at it.

The events are the truth; ``TableRow.version`` is the sequence number of the latest event
(0 for a new table) and doubles as the row that writers lock, so appends are serialized per
table. The migration scripts in ``companion/migrations`` create exactly this schema (a test
compares them).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import TypedDict

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from games.changes import JSONObject


def utcnow() -> datetime:
    return datetime.now(UTC)


#: A table's id: what ``secrets.token_urlsafe`` makes and ``TableRow.id`` holds. The one
#: pattern of it: anything else names no table, and is not even sent to the database
#: (PostgreSQL refuses a NUL in text); ``TABLE_ID_PATTERN`` for a pattern around it.
TABLE_ID_PATTERN = r"[A-Za-z0-9_-]{1,64}"
TABLE_ID = re.compile(TABLE_ID_PATTERN)


class PlayerJSON(TypedDict):
    """A seat's person as a table row stores it (``games.table.Player``)."""

    name: str
    color: str


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    join_code: Mapped[str] = mapped_column(String(6), unique=True, index=True)
    game: Mapped[str] = mapped_column(String(32))
    players: Mapped[list[PlayerJSON]] = mapped_column(JSON)
    settings: Mapped[dict[str, object]] = mapped_column(JSON)
    version: Mapped[int] = mapped_column(Integer, default=0)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    # Added by migration 0002 (filled from created_at): when the table last changed, by an
    # event or a seat taken over (the version maps watch it: companion.live).
    updated_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), default=utcnow)
    # Added by migration 0009 (issue 35): the place the host typed at create (None: none
    # given) and the IANA time zone of the phone that created it (a play's local date).
    location: Mapped[str | None] = mapped_column(String(80), nullable=True)
    time_zone: Mapped[str | None] = mapped_column(String(64), nullable=True)


class EventRow(Base):
    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_events_table_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("tables.id", ondelete="CASCADE"), index=True
    )
    seq: Mapped[int] = mapped_column(Integer)
    type: Mapped[str] = mapped_column(String(40))
    payload: Mapped[JSONObject] = mapped_column(JSON)
    # The seat of the phone that made the change ("I am …"), None when unknown (API, import).
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # For an undo event: the seq of the change it cancels.
    undoes: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SeatTokenRow(Base):
    """A phone's hold on a seat: only the SHA-256 of its secret token is stored.

    A hold is in force while ``ended_at`` is empty. It ends when the phone lets the seat go
    (``ended = "released"``) or another phone takes the seat over (``"taken_over"``): the
    row stays, so the phone that lost the seat can be told so at its next refresh.
    """

    __tablename__ = "seat_tokens"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("tables.id", ondelete="CASCADE"), index=True
    )
    seat: Mapped[int] = mapped_column(Integer)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True, index=True)
    taken_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    ended: Mapped[str | None] = mapped_column(String(16), nullable=True)


class IdempotencyKeyRow(Base):
    """A write's idempotency key (hashed with the request's method, path and session),
    stored in the write's own transaction; the answer is added once it is known
    (companion.idempotency)."""

    __tablename__ = "idempotency_keys"

    key_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(
        DateTime(timezone=True), default=utcnow, index=True
    )
    status: Mapped[int | None] = mapped_column(Integer, nullable=True)
    headers: Mapped[dict[str, str] | None] = mapped_column(JSON, nullable=True)
    body: Mapped[bytes | None] = mapped_column(LargeBinary, nullable=True)


class StateRow(Base):
    """A table's folded state at one version (a snapshot), pickled.

    The events stay the truth: a snapshot only saves re-reading and re-folding them. One
    is kept at the table's latest version and one at every ``tables.SNAPSHOT_EVERY``-th
    (the bases undo replays from). ``code`` fingerprints the game's code that folded it: a
    snapshot from other code is ignored and the events are folded again. Only the server
    writes these rows (pickle trusts its input, as the server trusts its own database).
    """

    __tablename__ = "table_states"

    table_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(64))
    state: Mapped[bytes] = mapped_column(LargeBinary)


class RenderRow(Base):
    """A rendered panel shared by every process on this database (companion.live):
    the placeholder-bearing markup of one render key, zlib-compressed. ``key`` is a digest
    of the rest of the key (language, variant, secret seat) and of the code that renders.
    Only the latest version of a table's renders is kept; a table's rows go with it."""

    __tablename__ = "panel_renders"

    table_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("tables.id", ondelete="CASCADE"), primary_key=True
    )
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    markup: Mapped[bytes] = mapped_column(LargeBinary)


class PlayRow(Base):
    """A finished game as it ended (companion.plays): kept by the change that finished
    it, replaced when the game is finished again, dropped when it is reopened. No foreign
    key to ``tables``: a play outlives its table unless it is discarded on purpose
    (``companion.plays.store.discard``). ``data`` holds the players in seat order with
    their score, rank and winner flag, the winners, the tie-break, the start player and
    the variant (docs/contracts.md, ``GET /api/v1/tables/<id>/play``)."""

    __tablename__ = "plays"

    table_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(32), index=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ended_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
    data: Mapped[dict[str, object]] = mapped_column(JSON)


class PlayPhoneRow(Base):
    """A phone that held a seat at a play's table (the SHA-256 of its seat token, as
    ``seat_tokens`` keeps it): only such a phone is shown the play ("Our plays")."""

    __tablename__ = "play_phones"

    table_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("plays.table_id", ondelete="CASCADE"), primary_key=True
    )
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True, index=True)
