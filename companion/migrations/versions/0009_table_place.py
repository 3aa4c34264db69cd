"""Where and in which time zone a table plays (issue 35: plays as BG Stats reads them).

Revision ID: 0009
Revises: 0008

Two nullable columns on ``tables``: ``location`` (a place the host typed at create, empty
by default: no place is invented) and ``time_zone`` (the IANA zone of the phone that
created the table, so a play's date is the table's local time). Plain ADD COLUMNs (see
0002: no batch migration on SQLite).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    op.add_column("tables", sa.Column("location", sa.String(80), nullable=True))
    op.add_column("tables", sa.Column("time_zone", sa.String(64), nullable=True))


def downgrade() -> None:
    op.drop_column("tables", "time_zone")
    op.drop_column("tables", "location")
