"""Alembic migration scripts; run automatically by ``companion.db.upgrade``."""
