"""Alembic environment: runs on the connection ``companion.db.upgrade`` hands over."""

from __future__ import annotations

from alembic import context

from companion.models import Base

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=False,  # see 0002: copy-and-rename would cascade-delete events
)
with context.begin_transaction():
    context.run_migrations()
