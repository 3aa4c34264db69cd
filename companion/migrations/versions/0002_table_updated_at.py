"""Remember when each table last changed (ordering "my recent tables").

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("updated_at", sa.DateTime(timezone=True),
                                   server_default=sa.func.now(), nullable=False))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("updated_at")
