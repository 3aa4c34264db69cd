"""Remember when each table last changed (ordering "my recent tables").

Revision ID: 0002
Revises: 0001

A plain ADD COLUMN, filled from created_at. Not a batch (copy-and-rename) migration: on
SQLite that would drop ``tables`` and, with foreign keys on, cascade-delete every event.
"""

from __future__ import annotations

from alembic import op

from companion.migrations.columns import moment

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.add_column("tables", moment("updated_at", nullable=True))
    op.execute("UPDATE tables SET updated_at = created_at")


def downgrade() -> None:
    op.drop_column("tables", "updated_at")
