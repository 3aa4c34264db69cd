"""Whether a change sent late still lands (issue 35): the conflict check by target.

A tap kept on a phone while it was offline is sent with the version the phone showed
(its *seen* version). It is refused only when a change stored since then, by another
phone, touched one of the things it touches itself (``games.table.Target``: a seat's
counter, a place of the board, a card; each game's ``Rules.targets``, by default the
whole table). Changes to other things commute with it: it is applied to the table as it
is now. The phone's own changes since then (the same seat) never refuse it: they are the
taps queued before it, sent in order.

Glossary
--------
seen version
    The table's version the phone showed when the change was made.
moved on
    A change stored after the seen version, not made by the same seat (a phone without a
    seat cannot be told apart from another: every change counts), whose targets meet the
    new change's targets. An undo touches what the change it cancels touched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlalchemy import select
from sqlalchemy.orm import Session

from companion.models import EventRow, TableRow
from companion.tables.checks import UNDO
from companion.tables.errors import VersionConflict
from companion.tables.view import players_of
from games.table import WHOLE_TABLE, GameRules, Target, first_shared


def check_moved_on(
    session: Session,
    row: TableRow,
    module: GameRules,
    events: Sequence[Mapping[str, object]],
    *,
    seen: int,
    seat: int | None,
    own: frozenset[int] = frozenset(),
) -> None:
    """Raise ``VersionConflict`` naming the first of ``events``' targets that a change
    stored after version ``seen`` by another phone touched; nothing when none did.
    ``own``: the versions the same phone's changes made since (its taps queued before
    this one, as it tells them), which never count, like its seat's."""
    if seen == row.version:
        return
    players = players_of(row)
    mine = frozenset().union(*(module.targets(event, players) for event in events))
    if seen > row.version:  # a version the table never had here: take nothing for granted
        raise VersionConflict(seen, row.version, WHOLE_TABLE)
    later = session.scalars(
        select(EventRow)
        .where(EventRow.table_id == row.id, EventRow.seq > seen)
        .order_by(EventRow.seq)
    ).all()
    undone = _undone_payloads(session, row, [e.undoes for e in later if e.type == UNDO])
    for event in later:
        if (seat is not None and event.seat == seat) or event.seq in own:
            continue  # this phone's own change: a tap queued before this one
        if event.type == UNDO:
            payload = undone.get(event.undoes) if event.undoes is not None else None
            theirs = (
                module.targets(payload, players)
                if payload is not None
                else frozenset({WHOLE_TABLE})
            )
        else:
            theirs = module.targets(event.payload, players)
        shared: Target | None = first_shared(mine, theirs)
        if shared is not None:
            raise VersionConflict(seen, row.version, shared)


def _undone_payloads(
    session: Session, row: TableRow, seqs: Sequence[int | None]
) -> dict[int, Mapping[str, object]]:
    """The payloads of the changes the undos in ``seqs`` cancel (older ones too)."""
    wanted = {seq for seq in seqs if seq is not None}
    if not wanted:
        return {}
    rows = session.scalars(
        select(EventRow).where(EventRow.table_id == row.id, EventRow.seq.in_(wanted))
    ).all()
    return {event.seq: event.payload for event in rows if isinstance(event.payload, Mapping)}
