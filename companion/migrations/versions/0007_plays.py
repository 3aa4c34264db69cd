"""Plays: every finished game kept (companion.plays), and the phones that sat at it.

Revision ID: 0007
Revises: 0006

New tables only: no existing row changes. ``plays`` has no foreign key to ``tables``: a
play outlives its table.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from companion.migrations.columns import key64, moment, owner_key

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    op.create_table(
        "plays",
        key64("table_id", primary_key=True),
        sa.Column("game", sa.String(32), nullable=False),
        moment("started_at", nullable=False),
        moment("ended_at", nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
    )
    op.create_index("ix_plays_game", "plays", ["game"])
    op.create_index("ix_plays_ended_at", "plays", ["ended_at"])
    op.create_table(
        "play_phones",
        owner_key("plays.table_id", primary_key=True),
        key64("token_hash", primary_key=True),
    )
    op.create_index("ix_play_phones_token_hash", "play_phones", ["token_hash"])


def downgrade() -> None:
    op.drop_table("play_phones")
    op.drop_table("plays")
