"""Changing a table: create it, append an event (or several at once: ``append_all``), undo
a change. A change is folded before the write lock is taken (and again under it only when
another change came first), so writers hold the lock for the inserts alone."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from enum import Enum
from typing import TypedDict, Unpack

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from companion import db
from companion.commits import Change, publish
from companion.models import EventRow, TableRow
from companion.tables.checks import (
    MAX_STORED_EVENT_BYTES,
    UNDO,
    check_event,
    check_id,
    check_room,
    check_table,
    max_events,
    seat_or_none,
    whole_or_none,
    within_size,
)
from companion.tables.errors import LineRefused, TableNotFound, UndoBlocked, VersionConflict
from companion.tables.fold import apply_event, replay_events, secrets_gate
from companion.tables.moved import check_moved_on
from companion.tables.place import check_location, known_zone
from companion.tables.reads import history
from companion.tables.rows import (
    event_rows,
    insert_table,
    lock_row,
    store_event,
    undo_marker,
    undo_pairs,
)
from companion.tables.snapshots import (
    SNAPSHOT_EVERY,
    pickled_state,
    remember_state,
    save_snapshot,
    snapshot_base,
    state_of,
)
from companion.tables.view import (
    EVERYTHING,
    HistoryEntry,
    TableView,
    Viewer,
    players_of,
    rules_of,
    view_of,
)
from games import fields
from games.changes import JSONObject
from games.errors import N_, RuleError
from games.table import GameRules


def create(
    game: object,
    players: object,
    settings: object = None,
    *,
    location: object = None,
    time_zone: object = None,
) -> TableView:
    """A new table; ``RuleError`` for an unknown game, bad players or bad settings.
    ``location``: where it plays, as the host typed it (None or empty: not said; its
    plays name no place); ``time_zone``: the IANA zone of the creating phone (anything
    else: none, the plays' dates in UTC), issue 35."""
    new = check_table(game, players, settings)
    state = new.rules.new_state(new.players, new.settings)  # the game checks count and settings
    place, zone = check_location(location), known_zone(time_zone)
    for attempt in range(3):
        try:
            with db.writing() as session:
                row = insert_table(
                    session, new.game, new.players, new.settings, location=place, time_zone=zone
                )
            break
        except IntegrityError:  # two tables drew the same join code at the same moment
            if attempt == 2:
                raise
    remember_state((row.id, 0), state)
    return view_of(row, state)


class WriteOptions(TypedDict, total=False):
    """``append``'s keyword options, the same as ``append_all``'s (one list of them)."""

    seat: int | None
    expected_version: int | None
    seen_version: int | None
    own_changes: frozenset[int]
    viewer: Viewer


def append(table_id: str, event: object, **options: Unpack[WriteOptions]) -> TableView:
    """Apply ``event`` and store it as the table's next event, in one transaction.

    Raises ``RuleError`` (nothing stored) when the game refuses it, ``VersionConflict``
    when ``expected_version`` is given and stale, ``TableNotFound``. ``viewer``: the seat
    of the phone asking (None: a phone without a seat): the refusal tells it no secret it
    may not see, and a change whose outcome depends on another seat's secret is refused
    to it whatever that secret is (issue 27, F1 and F2). Default: a caller that sees all.
    ``seen_version``: the version the phone showed when the change was made (a tap sent
    late): ``VersionConflict`` naming the target only when another phone changed what it
    touches since (``moved.check_moved_on``, issue 35); ``own_changes``: the versions this
    phone's own changes made since (they never count).
    """
    try:
        return append_all(table_id, [event], **options)
    except LineRefused as refused:  # one event: the refusal as it is
        raise refused.problem from None


def append_all(
    table_id: str,
    events: Sequence[object],
    *,
    seat: int | None = None,
    expected_version: int | None = None,
    seen_version: int | None = None,
    own_changes: frozenset[int] = frozenset(),
    viewer: Viewer = EVERYTHING,
) -> TableView:
    """Apply ``events`` in order, each on the state those before it made, and store them
    all as the table's next events in one transaction, or none (issue 23, item 4).

    Each is checked as ``append`` checks one (its fields, the rules, the secrets gate for
    ``viewer``) before anything is written; each is stored as an event of its own (seqs
    in a row, one version each: history and undo stay per event), made by ``seat``. The
    change is announced once, after the commit. Raises ``LineRefused`` naming the first
    event refused (1: the first), ``RuleError`` when the table has no room for them all,
    ``VersionConflict`` and ``TableNotFound`` as ``append`` (``seen_version`` too);
    nothing is stored then.
    """
    if not events:
        raise ValueError("append_all needs at least one event")
    events = _checked(events)
    chance = random.SystemRandom()
    # Fold outside the write lock: the lock is then held for the inserts alone.
    with db.reading() as session:
        row = session.get(TableRow, check_id(table_id))
        if row is None:
            raise TableNotFound(table_id)
        if expected_version is not None and expected_version != row.version:
            raise VersionConflict(expected_version, row.version)
        check_room(row.version, len(events))
        module = rules_of(row.game)
        events = _checked(events, module)
        seen = row.version
        state = state_of(session, row)
    prepared, states = _folded(module, state, events, viewer, chance)
    blob = pickled_state(states[-1])
    with db.writing() as session:
        row = lock_row(session, table_id)
        if expected_version is not None and expected_version != row.version:
            raise VersionConflict(expected_version, row.version)
        if seen_version is not None:
            check_moved_on(
                session, row, module, events, seen=seen_version, seat=seat, own=own_changes
            )
        check_room(row.version, len(events))
        if row.version != seen:  # another change came first: fold again, under the lock
            state = state_of(session, row)
            prepared, states = _folded(module, state, events, viewer, chance)
            blob = pickled_state(states[-1])
        first = row.version + 1
        for payload, after in zip(prepared[:-1], states[:-1], strict=True):
            store_event(session, row, payload, seat=seat, undoes=None)
            if row.version % SNAPSHOT_EVERY == 0:  # kept for undos, as one by one would
                save_snapshot(session, row, module, pickled_state(after))
        store_event(session, row, prepared[-1], seat=seat, undoes=None)
        save_snapshot(session, row, module, blob)
        publish(session, Change(row, state, states[-1]))  # once: the last one's version
    for version, after in enumerate(states, start=first):
        remember_state((row.id, version), after)
    return view_of(row, states[-1])


def _checked(events: Sequence[object], module: GameRules | None = None) -> list[JSONObject]:
    """Each event as ``check_event`` makes it; ``LineRefused`` names the first it refuses."""
    checked = []
    for line, event in enumerate(events, start=1):
        try:
            checked.append(check_event(event, module))
        except RuleError as error:
            raise LineRefused(line, error) from None
    return checked


def _folded(
    module: GameRules,
    state: object,
    events: Sequence[JSONObject],
    viewer: Viewer,
    chance: random.Random,
) -> tuple[list[JSONObject], list[object]]:
    """``events`` folded in order from ``state``, as ``viewer`` may learn the outcome:
    what each stores (the game's ``prepare``) and the state after each. ``LineRefused``
    names the first the game (or the secrets gate, or its size) refuses.

    The size is bounded on the change as posted, before anything depends on a secret;
    what ``prepare`` made of it only after the secrets gate let it through (``apply_event``
    raises the gate's refusal first): a prepared event's size depends on the secret it
    reveals (issue 33, F1)."""
    prepared: list[JSONObject] = []
    states: list[object] = []
    for line, event in enumerate(events, start=1):
        try:
            within_size(event)
            payload = module.prepare(state, event, chance)
            gate = secrets_gate(module, state, event, viewer)
            state = apply_event(module, state, payload, viewer, gate)
            within_size(payload, MAX_STORED_EVENT_BYTES)
        except RuleError as error:
            raise LineRefused(line, error) from None
        prepared.append(payload)
        states.append(state)
    return prepared, states


class _Same(Enum):
    """``undo``'s default ``by``: the phone asking is the seat whose change it undoes."""

    SEAT = "seat"


def undo(
    table_id: str,
    *,
    seat: object = None,
    seq: object = None,
    about: object = None,
    by: object = _Same.SEAT,
    expected_version: int | None = None,
    viewer: Viewer = EVERYTHING,
) -> TableView:
    """Cancel one change and store the undo as the table's next event.

    Which change: ``seq`` names it; else ``seat``'s latest change still in effect (by the
    seat that made it); else the latest change in effect whose own ``seat`` field is
    ``about`` (the seat it names, as posted); else the table's latest change in effect.
    At most one of ``seq``, ``seat`` and ``about``. The log is replayed
    without it: when a later change would no longer be allowed the undo is refused with
    ``UndoBlocked`` naming that change. ``by`` is the seat of the phone asking (stored on
    the undo event; default: ``seat``). ``RuleError`` for a bad ``seat``/``seq``/``about``
    or nothing to undo, ``VersionConflict``, ``TableNotFound``.

    ``viewer`` as for ``append``: a phone's undo is refused when the change it cancels, or
    a later one it replays, depends on a secret of another seat (``secret_refusal``), and
    an ``UndoBlocked`` names no value that phone may not see (issue 27, F1).
    """
    actor = seat if by is _Same.SEAT else by
    with db.writing() as session:
        row = lock_row(session, table_id)
        if expected_version is not None and expected_version != row.version:
            raise VersionConflict(expected_version, row.version)
        # No room check: an undo at the event limit is always allowed. Each cancels a
        # change in effect and none can be added there, so a table holds at most twice
        # the limit (docs/contracts.md).
        undos = undo_pairs(session, row.id)
        target = _undo_target(
            session, row, {undoes for _seq, undoes in undos}, seat=seat, seq=seq, about=about
        )
        module = rules_of(row.game)
        players = players_of(row)
        before = view_of(row, state_of(session, row))
        blame = _blamed(before, seat_or_none(actor) if viewer is EVERYTHING else viewer)
        undone = {undoes for _seq, undoes in undos}
        replayed = [
            e
            for e in event_rows(session, row, first=target.seq)
            if e.type != UNDO and e.seq not in undone
        ]
        _check_undo_secrets(before, replayed, viewer, blame)
        base = snapshot_base(
            session, row, module, [*undos, (row.version + 1, target.seq)], below=target.seq
        )
        if base is not None and base[1] is not None:  # replay only what follows it
            start, later = base[1], event_rows(session, row, first=base[0] + 1)
        else:
            start, later = None, event_rows(session, row)
        new_state = replay_events(
            module,
            players,
            row.settings,
            [*later, undo_marker(target.seq)],
            blame=blame,
            start=start,
            viewer=viewer,
        )
        store_event(
            session,
            row,
            {"type": UNDO, "undoes": target.seq},
            seat=seat_or_none(actor),
            undoes=target.seq,
        )
        save_snapshot(session, row, module, pickled_state(new_state))
        publish(session, Change(row, before.state, new_state))
    remember_state((row.id, row.version), new_state)
    return view_of(row, new_state)


def _blamed(
    view: TableView, seat: Viewer
) -> Callable[[Mapping[str, object]], Mapping[str, object]]:
    """How an undo refusal shows a change: as ``seat``'s phone may see it."""
    return lambda payload: view.event_for(payload, None if seat is EVERYTHING else seat)


def _check_undo_secrets(
    view: TableView,
    replayed: Sequence[EventRow],
    viewer: Viewer,
    blame: Callable[[Mapping[str, object]], Mapping[str, object]],
) -> None:
    """Refuse a phone's undo whose outcome would depend on another seat's secret: the
    change it cancels (the first of ``replayed``) or a later one replayed after it. Which
    changes those are is public (the history), so the answer tells nothing, and it comes
    before the replay, whose refusals could."""
    for event in replayed:
        gate = secrets_gate(view.module, view.state, event.payload, viewer)
        if gate is None:
            continue
        if event is replayed[0]:
            raise gate
        template, params = view.module.describe(blame(event.payload), view.players)
        raise UndoBlocked(event.seq, template, params, gate)


def undo_target(
    table_id: str,
    *,
    seat: int | None = None,
    seq: int | None = None,
    about: object = None,
    viewer: int | None = None,
) -> HistoryEntry:
    """The history entry ``undo`` with the same ``seat``/``seq``/``about`` would cancel, as
    ``viewer``
    reads it: what a confirmation names before the phone undoes it. The same
    ``RuleError`` as ``undo`` when there is nothing (or nothing valid) to undo."""
    with db.reading() as session:
        row = session.get(TableRow, check_id(table_id))
        if row is None:
            raise TableNotFound(table_id)
        undone = {undoes for _seq, undoes in undo_pairs(session, row.id)}
        target = _undo_target(session, row, undone, seat=seat, seq=seq, about=about)
    _, entries = history(table_id, viewer=viewer, before=target.seq + 1, limit=1)
    return entries[0]


def _undo_target(
    session: Session,
    row: TableRow,
    undone: set[int],
    *,
    seat: object,
    seq: object,
    about: object = None,
) -> EventRow:
    """The change an undo cancels (see ``undo``), read by its seq alone: ``undone`` holds
    the changes undone already (``undo_pairs``), so no fold and no whole log is read
    (but for ``about``: the newest changes are read until one names that seat)."""
    last = len(row.players) - 1
    seat = whole_or_none(seat, "by_seat", 0, last)
    about = None if about is None else fields.seat(about, last + 1)
    # A seq past any a table can hold is refused by its range, before the database sees
    # it (SQLite cannot even bind one past 2**63: issue 33, F6).
    seq = whole_or_none(seq, "seq", 1, 2 * max_events())
    if sum(value is not None for value in (seat, seq, about)) > 1:
        raise RuleError(N_("give one of seq, seat and by_seat, not more"))
    if seq is not None:
        event = event_rows(session, row, first=seq, last=seq)
        if not event:
            raise RuleError(N_("there is no change {seq}"), seq=seq)
        if event[0].type == UNDO:
            raise RuleError(N_("change {seq} is an undo; it cannot be undone"), seq=seq)
        if seq in undone:
            raise RuleError(N_("change {seq} is already undone"), seq=seq)
        return event[0]
    if about is not None:
        return _latest_about(session, row, undone, about)
    query = select(EventRow.seq).where(EventRow.table_id == row.id, EventRow.type != UNDO)
    if seat is not None:
        query = query.where(EventRow.seat == seat)
    # Of any len(undone) + 1 changes one is in effect: no more rows are read.
    newest = session.scalars(query.order_by(EventRow.seq.desc()).limit(len(undone) + 1))
    latest = next((s for s in newest if s not in undone), None)
    if latest is None:
        if seat is not None:
            raise RuleError(N_("this seat has no change to undo"))
        raise RuleError(N_("there is nothing to undo"))
    return event_rows(session, row, first=latest, last=latest)[0]


#: How many changes ``_latest_about`` reads at a time, newest first.
ABOUT_BATCH = 200


def _latest_about(session: Session, row: TableRow, undone: set[int], seat: int) -> EventRow:
    """The latest change in effect whose own ``seat`` field is ``seat``. The seat an event
    names is in its payload, not in a column: the newest changes are read a batch at a
    time until one names it (the whole log at worst, which ``max_events`` bounds)."""
    below: int | None = None
    while True:
        query = select(EventRow).where(EventRow.table_id == row.id, EventRow.type != UNDO)
        if below is not None:
            query = query.where(EventRow.seq < below)
        batch = session.scalars(query.order_by(EventRow.seq.desc()).limit(ABOUT_BATCH)).all()
        for event in batch:
            named = event.payload.get("seat") if isinstance(event.payload, Mapping) else None
            if named == seat and not isinstance(named, bool) and event.seq not in undone:
                return event
        if len(batch) < ABOUT_BATCH:
            raise RuleError(
                N_("there is no change for {name} to undo"), name=row.players[seat]["name"]
            )
        below = batch[-1].seq
