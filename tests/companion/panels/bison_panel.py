"""What the Bison panel tests share: the four players of the rulebook's example (Yui,
Ren, Gen, Bea: the seat colours its pictures use) and the panel's URL."""

from __future__ import annotations

FOUR = [
    {"name": "Yui", "color": "yellow"},
    {"name": "Ren", "color": "red"},
    {"name": "Gen", "color": "green"},
    {"name": "Bea", "color": "blue"},
]


def base(table_id: str) -> str:
    """The Bison panel of a table: its routes hang below this."""
    return f"/t/{table_id}/bison"
