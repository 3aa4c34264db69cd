"""Folded table states kept in the database (snapshots), so that reading a table after
another process changed it costs the same at 3,000 events as at 10.

Revision ID: 0004
Revises: 0003

A new table only: no existing row changes (a table without a snapshot is folded from its
events, as before, and gets one at its next change).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from companion.migrations.columns import key64, owner_key

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    op.create_table(
        "table_states",
        owner_key(primary_key=True),
        sa.Column("version", sa.Integer(), primary_key=True),
        key64("code", nullable=False),
        sa.Column("state", sa.LargeBinary(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("table_states")
