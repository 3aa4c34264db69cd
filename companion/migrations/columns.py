"""Columns that several migrations create alike, written once.

A migration is history: what it creates must never change once it has run somewhere. So
never edit a helper here that a migration already uses; a new kind of column gets a new
helper. tests/companion/test_companion_migrations.py checks the migrated schema against the
models on SQLite and PostgreSQL.
"""

from __future__ import annotations

from datetime import datetime
from typing import TypedDict, Unpack

import sqlalchemy as sa


class KeyOptions(TypedDict, total=False):
    """What a key column's migrations say besides its name: a primary key, or not null."""

    primary_key: bool
    nullable: bool


def serial_id() -> sa.Column[int]:
    """The ``id`` primary key counted up by the database."""
    return sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True)


def owner_key(parent: str = "tables.id", **options: Unpack[KeyOptions]) -> sa.Column[str]:
    """``table_id``, the key to the row it belongs to; its rows go when that row goes."""
    return sa.Column(
        "table_id", sa.String(64), sa.ForeignKey(parent, ondelete="CASCADE"), **options
    )


def moment(name: str, *, nullable: bool) -> sa.Column[datetime]:
    """A point in time, kept with its time zone."""
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def key64(name: str, **options: Unpack[KeyOptions]) -> sa.Column[str]:
    """A SHA-256 hex key64 (64 characters), or an id of that length."""
    return sa.Column(name, sa.String(64), **options)
