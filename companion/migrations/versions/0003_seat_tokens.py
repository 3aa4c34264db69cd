"""Seats held by phones: the hash of each phone's secret seat token.

Revision ID: 0003
Revises: 0002

A new table only: no existing row changes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from companion.migrations.columns import key64, moment, owner_key, serial_id

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    op.create_table(
        "seat_tokens",
        serial_id(),
        owner_key(nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        key64("token_hash", nullable=False),
        moment("taken_at", nullable=False),
        moment("ended_at", nullable=True),
        sa.Column("ended", sa.String(16), nullable=True),
    )
    op.create_index("ix_seat_tokens_table_id", "seat_tokens", ["table_id"])
    op.create_index("ix_seat_tokens_token_hash", "seat_tokens", ["token_hash"], unique=True)


def downgrade() -> None:
    op.drop_table("seat_tokens")
