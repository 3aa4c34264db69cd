"""Idempotency keys: a repeated write (same key) gets the first answer, nothing changes.

Revision ID: 0005
Revises: 0004

A new table only: no existing row changes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from companion.migrations.columns import key64, moment

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    op.create_table(
        "idempotency_keys",
        key64("key_hash", primary_key=True),
        moment("created_at", nullable=False),
        sa.Column("status", sa.Integer(), nullable=True),
        sa.Column("headers", sa.JSON(), nullable=True),
        sa.Column("body", sa.LargeBinary(), nullable=True),
    )
    op.create_index("ix_idempotency_keys_created_at", "idempotency_keys", ["created_at"])


def downgrade() -> None:
    op.drop_table("idempotency_keys")
