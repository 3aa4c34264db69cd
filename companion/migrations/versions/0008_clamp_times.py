"""Bring stored times into the bounds imports now keep (2000 up to 2100, UTC).

Revision ID: 0008
Revises: 0007

Before, an import stored any time it was given: on PostgreSQL a crafted
``9999-12-31T23:59:59-14:00`` is year 10000 in UTC, which the driver cannot read back, so
the table, its history and the importing phone's home page failed for good. Each time
outside the bounds is set to the nearest bound; nothing else changes. Data only: no
schema change, so the downgrade has nothing to undo.
"""

from __future__ import annotations

from alembic import op

revision = "0008"
down_revision = "0007"

#: (table, column) of every stored time a phone could have sent through an import.
TIMES = (("tables", "created_at"), ("tables", "updated_at"), ("events", "created_at"))


def upgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        low, high = "TIMESTAMPTZ '2000-01-01 00:00:00+00'", "TIMESTAMPTZ '2099-12-31 23:59:59+00'"
    else:  # SQLite keeps "YYYY-MM-DD HH:MM:SS.ffffff" text in UTC: it compares as text
        low, high = "'2000-01-01 00:00:00.000000'", "'2099-12-31 23:59:59.000000'"
    for table, column in TIMES:
        op.execute(f"UPDATE {table} SET {column} = {high} WHERE {column} > {high}")
        op.execute(f"UPDATE {table} SET {column} = {low} WHERE {column} < {low}")


def downgrade() -> None:
    pass  # the times moved are not kept: they could not be read
