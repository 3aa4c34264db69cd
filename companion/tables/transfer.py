"""Export and import: a whole table as one JSON file, and a new table rebuilt from
one with every event checked by the game again."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime

from flask import current_app
from sqlalchemy import insert, select

from companion import db
from companion.commits import Change, publish
from companion.models import EventRow, StateRow, TableRow
from companion.tables import snapshots
from companion.tables.checks import (
    MAX_STORED_EVENT_BYTES,
    UNDO,
    check_event,
    check_id,
    check_room,
    check_table,
    clean,
    compact,
    max_events,
    within_size,
)
from companion.tables.errors import ImportProblem, TableNotFound
from companion.tables.rows import insert_table
from companion.tables.snapshots import (
    code_fingerprint_of,
    pickled_state,
    remember_state,
    save_snapshot,
)
from companion.tables.view import TableView, view_of
from games import fields
from games.errors import N_, RuleError

EXPORT_FORMAT = "campfire-table"


EXPORT_VERSION = 1


#: What an exported event adds around its payload (its seq, seat, time, one line).
EXPORT_EVENT_BYTES = 160


def export(table_id: str) -> dict[str, object]:
    """The whole table as JSON-ready data: enough to rebuild it anywhere."""
    with db.reading() as session:
        row = session.get(TableRow, check_id(table_id))
        if row is None:
            raise TableNotFound(table_id)
        columns = (EventRow.seq, EventRow.seat, EventRow.created_at, EventRow.type)
        events = session.execute(  # rows, not ORM objects: a fifth of the cost
            select(*columns, EventRow.undoes, EventRow.payload)
            .where(EventRow.table_id == row.id)
            .order_by(EventRow.seq)
        ).all()
        return export_document(
            row.game,
            list(row.players),
            dict(row.settings),
            row.created_at.isoformat(),
            [
                {
                    "seq": e.seq,
                    "seat": e.seat,
                    "created_at": e.created_at.isoformat(),
                    **({"undoes": e.undoes} if e.type == UNDO else {"event": e.payload}),
                }
                for e in events
            ],
        )


def export_document(
    game: str,
    players: list[object],
    settings: dict[str, object],
    created_at: str,
    events: list[dict[str, object]],
) -> dict[str, object]:
    """An export's JSON (docs/contracts.md): the format and its version, then the table's
    game, players, settings, creation time (ISO 8601) and events, in that order."""
    return {
        "format": EXPORT_FORMAT,
        "format_version": EXPORT_VERSION,
        "game": game,
        "players": players,
        "settings": settings,
        "created_at": created_at,
        "events": events,
    }


#: The dates an import may carry (UTC): a crafted far date (``9999-12-31T23:59:59-14:00``)
#: would be stored on PostgreSQL past what its driver reads back, or overflow a local time
#: zone on a page, and no table was played before 2000 or will be after 2100.
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)


LATEST = datetime(2100, 1, 1, tzinfo=UTC)


def export_text(document: Mapping[str, object]) -> str:
    """An export as a file: compact JSON, one event a line (readable, and its size is
    bounded by ``import_bytes``)."""
    head = compact({k: v for k, v in document.items() if k != "events"})
    events = document["events"]
    assert isinstance(events, list), "an export lists its events"
    lines = ",\n".join(compact(event) for event in events)
    return f'{head[:-1]},"events":[\n{lines}\n]}}\n'


def import_bytes() -> int:
    """The largest file an import takes: the export of any table at the event limit. Its
    players and settings came in one request body (``MAX_CONTENT_LENGTH``); it holds at
    most ``max_events`` changes of at most ``MAX_STORED_EVENT_BYTES`` each and as many undos
    (each cancels one; an undo is allowed at the limit)."""
    head = int(current_app.config.get("MAX_CONTENT_LENGTH") or 1024 * 1024)
    return head + max_events() * (MAX_STORED_EVENT_BYTES + 2 * EXPORT_EVENT_BYTES)


def _timestamp(value: object) -> datetime:
    """An imported ISO 8601 date and time, in UTC (SQLite keeps no offset: a stored time
    is UTC everywhere), from 2000 up to 2100; a time without an offset is UTC."""
    if isinstance(value, str):
        try:
            stamp = datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            try:
                stamp = (stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)).astimezone(UTC)
            except OverflowError:  # an offset past year 1 or 9999
                stamp = LATEST
            if not EARLIEST <= stamp < LATEST:
                raise RuleError(
                    N_("created_at must be a date from 2000 to 2099, not {value!r}"), value=value
                )
            return stamp
    raise RuleError(N_("created_at must be an ISO 8601 date and time, not {value!r}"), value=value)


def import_table(document: object) -> TableView:
    """A new table (new id and join code) rebuilt from an export; every event is checked
    by the game again, so a tampered file is refused with the first bad event named."""
    document = clean(document)
    if not isinstance(document, Mapping) or document.get("format") != EXPORT_FORMAT:
        raise RuleError(
            N_('this is not a Campfire table export ("format" must be {name!r})'),
            name=EXPORT_FORMAT,
        )
    if document.get("format_version") != EXPORT_VERSION:
        raise RuleError(
            N_("unsupported export format_version; expected {version}"), version=EXPORT_VERSION
        )
    new = check_table(document.get("game"), document.get("players"), document.get("settings"))
    module = new.rules
    created_at = _timestamp(document.get("created_at"))
    raw_events = document.get("events")
    if not isinstance(raw_events, list):
        raise RuleError(N_("events must be a list"))
    # Undos do not count: each cancels a change, and one is allowed at the limit.
    check_room(0, sum(1 for e in raw_events if not (isinstance(e, Mapping) and "undoes" in e)))

    # The changes in effect with the state after each (an undo drops one and replays only
    # those after it: one fold for the whole file, however many undos it holds).
    initial = state = module.new_state(new.players, new.settings)
    in_effect: list[tuple[int, Mapping[str, object], object]] = []  # (seq, payload, state after)
    live: set[int] = set()
    rows: list[dict[str, object]] = []  # inserted at once (an ORM object each costs 10x)
    # The state at every SNAPSHOT_EVERY-th version, as a played table keeps it: an undo on
    # the imported table then replays at most that many changes, not the whole file.
    bases: list[tuple[int, object]] = []
    for index, raw in enumerate(raw_events):
        seq = index + 1
        if index and index % snapshots.SNAPSHOT_EVERY == 0:
            bases.append((index, state))  # the fold at version ``index``
        try:
            if not isinstance(raw, Mapping):
                raise RuleError(N_("an event must be a JSON object"))
            if raw.get("seq") != seq:
                raise RuleError(N_("seq must be {seq}"), seq=seq)
            seat = raw.get("seat")
            if seat is not None:  # an event no seat made (a setting, the table's own)
                fields.seat(seat, len(new.players))
            stamp = _timestamp(raw.get("created_at"))
            if "undoes" in raw:
                target = raw["undoes"]
                if isinstance(target, bool) or not isinstance(target, int) or target not in live:
                    raise RuleError(N_("an undo must cancel an earlier change not yet undone"))
            else:
                payload = within_size(check_event(raw.get("event"), module), MAX_STORED_EVENT_BYTES)
                state = module.apply(state, payload)
        except RuleError as error:
            raise ImportProblem(seq, error) from None
        if "undoes" in raw:
            rows.append(
                {
                    "seq": seq,
                    "type": UNDO,
                    "payload": {"type": UNDO, "undoes": raw["undoes"]},
                    "seat": seat,
                    "undoes": raw["undoes"],
                    "created_at": stamp,
                }
            )
            at = next(
                i for i in range(len(in_effect) - 1, -1, -1) if in_effect[i][0] == raw["undoes"]
            )
            state = in_effect[at - 1][2] if at else initial
            replayed = []
            for later, later_payload, _after in in_effect[at + 1 :]:
                try:
                    state = module.apply(state, later_payload)
                except RuleError as error:
                    raise ImportProblem(seq, error) from None
                replayed.append((later, later_payload, state))
            del in_effect[at:]
            in_effect.extend(replayed)
            live.discard(raw["undoes"])
            continue
        rows.append(
            {
                "seq": seq,
                "type": str(payload["type"])[:40],
                "payload": payload,
                "seat": seat,
                "undoes": None,
                "created_at": stamp,
            }
        )
        in_effect.append((seq, payload, state))
        live.add(seq)

    code = code_fingerprint_of(module)
    blobs = [
        (version, blob) for version, base in bases if (blob := pickled_state(base)) is not None
    ]
    with db.writing() as session:
        row = insert_table(session, new.game, new.players, new.settings)
        row.created_at = created_at
        row.version = len(rows)
        session.flush()
        if rows:
            session.connection().execute(  # Core: one executemany, no ORM objects
                insert(EventRow), [{**event, "table_id": row.id} for event in rows]
            )
        if blobs:
            session.connection().execute(
                insert(StateRow),
                [{"table_id": row.id, "version": v, "code": code, "state": b} for v, b in blobs],
            )
        save_snapshot(session, row, module, pickled_state(state))
        publish(session, Change(row, None, state))
    remember_state((row.id, row.version), state)
    return view_of(row, state)
