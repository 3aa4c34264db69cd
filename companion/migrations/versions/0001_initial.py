"""Tables and their events.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from companion.migrations.columns import key64, moment, owner_key, serial_id

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table(
        "tables",
        key64("id", primary_key=True),
        sa.Column("join_code", sa.String(6), nullable=False),
        sa.Column("game", sa.String(32), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        moment("created_at", nullable=False),
    )
    op.create_index("ix_tables_join_code", "tables", ["join_code"], unique=True)
    op.create_table(
        "events",
        serial_id(),
        owner_key(nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("type", sa.String(40), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("undoes", sa.Integer(), nullable=True),
        moment("created_at", nullable=False),
        sa.UniqueConstraint("table_id", "seq", name="uq_events_table_seq"),
    )
    op.create_index("ix_events_table_id", "events", ["table_id"])


def downgrade() -> None:
    op.drop_table("events")
    op.drop_table("tables")
