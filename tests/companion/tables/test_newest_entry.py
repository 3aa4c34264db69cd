"""``tables.newest_entry``: the news line a panel carries (``data-news``, read out to a
screen reader) is the newest line of the history at the panel's version, read without a
snapshot of the table, on SQLite and PostgreSQL: a plain change, a seat's secret (told
as a spectator reads it), an undo naming what it cancelled, and nothing newer than the
version asked about."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from companion import tables

PLAYERS = [
    {"name": n, "color": c}
    for n, c in (("Ann", "red"), ("Ben", "blue"), ("Cho", "green"), ("Dan", "yellow"))
]


def line(entry: Any) -> tuple[Any, ...]:
    return (
        entry.seq,
        entry.seat,
        entry.template,
        entry.params,
        entry.is_undo,
        entry.undoes,
        entry.subject,
    )


def test_the_newest_entry_is_the_historys_newest_line_at_each_version(any_app: Any) -> None:
    table_id = tables.create("lion-square", PLAYERS, {}).id
    assert tables.newest_entry(tables.get(table_id)) is None  # no event yet
    tables.append(table_id, {"type": "set_taken", "seat": 0, "count": 3})
    tables.append(table_id, {"type": "adjust", "seat": 1, "counter": "herd", "delta": -3})
    tables.undo(table_id)  # the last change in effect: Ben's herd
    tables.append(table_id, {"type": "set_taken", "seat": 2, "count": 1})
    view = tables.get(table_id)
    assert view.version == 4
    for version in range(1, 5):
        _view, entries = tables.history(table_id, viewer=None, before=version + 1, limit=1)
        # a panel of that version: its own version's line, never a newer one
        newest = tables.newest_entry(replace(view, version=version), viewer=None)
        assert newest is not None
        assert line(newest) == line(entries[0])
    undo = tables.newest_entry(replace(view, version=3))
    assert undo is not None and undo.is_undo and undo.undoes == 2
    assert "17" not in str(undo.params)  # what it cancelled, as a spectator reads it
    secret = tables.newest_entry(replace(view, version=2))
    assert secret is not None and "17" not in str(secret.params)  # Ben's herd stays his
