"""Seats held by phones: the hash of each phone's secret seat token.

Revision ID: 0003
Revises: 0002

A new table only: no existing row changes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "seat_tokens",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column(
            "table_id",
            sa.String(64),
            sa.ForeignKey("tables.id", ondelete="CASCADE"),
            nullable=False,
        ),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("taken_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("ended", sa.String(16), nullable=True),
    )
    op.create_index("ix_seat_tokens_table_id", "seat_tokens", ["table_id"])
    op.create_index("ix_seat_tokens_token_hash", "seat_tokens", ["token_hash"], unique=True)


def downgrade() -> None:
    op.drop_table("seat_tokens")
