"""Rendered panels shared by the processes on one database (companion.render_store), so
a change is rendered once however many workers or servers its phones' polls reach.

Revision ID: 0006
Revises: 0005

A new table only: no existing row changes (an empty store renders, as before).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from companion.migrations.columns import key64, owner_key

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.create_table(
        "panel_renders",
        owner_key(primary_key=True),
        sa.Column("version", sa.Integer(), primary_key=True),
        key64("key", primary_key=True),
        sa.Column("markup", sa.LargeBinary(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("panel_renders")
