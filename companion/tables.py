"""The table service: create tables, append events, undo, fold, history, export/import.

Every change is an event row appended with the table's next sequence number in one
transaction, after the game's fold (``games/<pkg>/table.py``) accepted it. The state of a
table is the fold of its events that are not undone; undo is itself an event (``"undo"``,
``undoes`` = the seq it cancels) that cancels the latest change not yet undone, by anyone.

Folded states are immutable, so they are cached per ``(table id, version)``: a version
always names the same events.
"""

from __future__ import annotations

import json
import random
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from types import ModuleType
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from companion import db, registry
from companion.models import EventRow, TableRow, utcnow
from games.errors import N_, RuleError
from games.table import Player, players_from_json

#: Join codes avoid characters that are easy to confuse when read aloud or typed:
#: no 0/O/Q/D, no 1/I/L, no 2/Z, no 5/S, no 8/B, no U/V.
JOIN_ALPHABET = "34679ACEFGHJKMNPRTWXY"
JOIN_CODE_LENGTH = 6
UNDO = "undo"
EXPORT_FORMAT = "campfire-table"
EXPORT_VERSION = 1
MAX_EVENT_KEYS = 50
MAX_PLAYERS = 8
#: How deep players, settings and events may nest: the games' own events go 4 levels deep
#: (bison's exchanges); the bound keeps a crafted body from exhausting the stack.
MAX_DEPTH = 16
#: What ``secrets.token_urlsafe`` makes (and the column holds): anything else names no
#: table, and is not even sent to the database (PostgreSQL refuses a NUL in text).
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
#: Text a database or a page cannot carry: NUL (PostgreSQL text) and lone surrogates
#: (``"\ud800"`` in JSON is no character: UTF-8 cannot encode it).
UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


class TableNotFound(LookupError):
    """No table has this id (or join code)."""


class VersionConflict(Exception):
    """The caller's ``expected_version`` is not the table's version."""

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(f"expected version {expected}, the table is at version {actual}")
        self.expected = expected
        self.actual = actual


class ImportProblem(RuleError):
    """A rule refusal inside an imported file, prefixed with the event it concerns."""

    def __init__(self, number: int, problem: RuleError) -> None:
        super().__init__(N_("event {number}: {problem}"), number=number, problem=str(problem))
        self.problem = problem

    def translated(self, gettext: Any) -> str:
        text = gettext(self.template)
        return text.format(number=self.params["number"],
                           problem=self.problem.translated(gettext))


@dataclass(frozen=True, slots=True)
class TableView:
    """A table as the views see it: its players, settings, version and folded state."""

    id: str
    join_code: str
    game: str
    module: ModuleType
    players: tuple[Player, ...]
    settings: Mapping[str, Any]
    version: int
    state: Any
    created_at: datetime

    def counters(self) -> list[dict[str, int]]:
        return self.module.counters(self.state)

    def state_json(self) -> dict[str, Any]:
        return self.module.to_json(self.state)


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    seq: int
    seat: int | None
    created_at: datetime
    template: str
    params: Mapping[str, Any]
    is_undo: bool
    undone: bool  # a change cancelled by a later undo


# ---------------------------------------------------------------------------------------
# fold cache

_CACHE_SIZE = 512
_cache: OrderedDict[tuple[str, int], Any] = OrderedDict()
_cache_lock = threading.Lock()


def _cached(key: tuple[str, int]) -> Any | None:
    with _cache_lock:
        state = _cache.get(key)
        if state is not None:
            _cache.move_to_end(key)
        return state


def _remember(key: tuple[str, int], state: Any) -> None:
    with _cache_lock:
        _cache[key] = state
        _cache.move_to_end(key)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)


def clear_cache() -> None:
    with _cache_lock:
        _cache.clear()


# ---------------------------------------------------------------------------------------
# helpers


def loads(data: str | bytes) -> Any:
    """Strict JSON: ``ValueError`` for text that is not JSON, for ``NaN``/``Infinity``
    (Python's parser takes them, but they are no JSON: PostgreSQL and every other reader
    of an export would refuse them) and for nesting deeper than the parser reaches."""
    def constant(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")
    try:
        return json.loads(data, parse_constant=constant)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def clean(value: Any, depth: int = 0) -> Any:
    """JSON data as it can be stored and shown: every NUL and lone surrogate in its text
    replaced by U+FFFD (as a form's undecodable bytes are), at most ``MAX_DEPTH`` deep."""
    if isinstance(value, str):
        return UNSTORABLE.sub("\ufffd", value)
    if depth >= MAX_DEPTH:
        if isinstance(value, Mapping | list):
            raise RuleError(N_("the data nests deeper than {depth} levels"), depth=MAX_DEPTH)
        return value
    if isinstance(value, Mapping):
        return {clean(k): clean(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [clean(v, depth + 1) for v in value]
    return value


def _check_id(table_id: str) -> str:
    if not TABLE_ID.fullmatch(table_id):
        raise TableNotFound(table_id)
    return table_id


def _module(game_id: str) -> ModuleType:
    module = registry.get(game_id)
    if module is None:
        raise RuleError(
            N_("unknown game {game!r}; expected one of: {names}"),
            game=game_id, names=", ".join(registry.games()) or "-",
        )
    return module


def _players(row: TableRow) -> tuple[Player, ...]:
    return tuple(Player(p["name"], p["color"]) for p in row.players)


def live_events(events: Sequence[EventRow]) -> list[EventRow]:
    """The changes that count: not undo events, not undone by one."""
    undone = {e.undoes for e in events if e.type == UNDO}
    return [e for e in events if e.type != UNDO and e.seq not in undone]


def _fold(row: TableRow, events: Sequence[EventRow]) -> Any:
    return _fold_rows(_module(row.game), _players(row), row.settings, events)


def _state(session: Session, row: TableRow) -> Any:
    key = (row.id, row.version)
    state = _cached(key)
    if state is None:
        events = session.scalars(
            select(EventRow).where(EventRow.table_id == row.id).order_by(EventRow.seq)
        ).all()
        state = _fold(row, events)
        _remember(key, state)
    return state


def _view(row: TableRow, state: Any) -> TableView:
    return TableView(
        id=row.id, join_code=row.join_code, game=row.game, module=_module(row.game),
        players=_players(row), settings=dict(row.settings), version=row.version,
        state=state, created_at=row.created_at,
    )


def _lock(session: Session, table_id: str) -> TableRow:
    _check_id(table_id)
    # FOR UPDATE serializes writers on PostgreSQL; on SQLite BEGIN IMMEDIATE already did.
    row = session.scalars(
        select(TableRow).where(TableRow.id == table_id).with_for_update()
    ).one_or_none()
    if row is None:
        raise TableNotFound(table_id)
    return row


def _new_join_code() -> str:
    return "".join(secrets.choice(JOIN_ALPHABET) for _ in range(JOIN_CODE_LENGTH))


def normalize_join_code(text: str) -> str:
    """What the player typed, as a code: case and spaces/dashes do not matter."""
    return "".join(ch for ch in text.upper() if ch not in " -\t")


def check_settings(settings: Any) -> dict[str, Any]:
    if settings is None:
        return {}
    if not isinstance(settings, Mapping):
        raise RuleError(N_("settings must be an object"))
    if len(settings) > MAX_EVENT_KEYS:
        raise RuleError(N_("too many settings"))
    return dict(settings)


def _insert_table(session: Session, game: str, players: Sequence[Player],
                  settings: Mapping[str, Any]) -> TableRow:
    for _attempt in range(20):
        code = _new_join_code()
        if session.scalar(select(TableRow.id).where(TableRow.join_code == code)) is None:
            break
    else:  # 21**6 = 85 million codes: only reachable with millions of tables
        raise RuntimeError("no free join code")
    row = TableRow(
        # 24 random bytes = 192 bits, 32 URL-safe characters.
        id=secrets.token_urlsafe(24), join_code=code, game=game,
        players=[{"name": p.name, "color": p.color} for p in players],
        settings=dict(settings), version=0, created_at=utcnow(), updated_at=utcnow(),
    )
    session.add(row)
    session.flush()
    return row


# ---------------------------------------------------------------------------------------
# public API


def create(game: Any, players: Any, settings: Any = None) -> TableView:
    """A new table; ``RuleError`` for an unknown game, bad players or bad settings."""
    if not isinstance(game, str):
        raise RuleError(N_("game must be one of: {names}"), names=", ".join(registry.games()))
    module = _module(game)
    seated = players_from_json(clean(players), minimum=1, maximum=MAX_PLAYERS)
    settings = check_settings(clean(settings))
    state = module.new_state(seated, settings)  # the game checks count and settings
    for attempt in range(3):
        try:
            with db.writing() as session:
                row = _insert_table(session, game, seated, settings)
            break
        except IntegrityError:  # two tables drew the same join code at the same moment
            if attempt == 2:
                raise
    _remember((row.id, 0), state)
    return _view(row, state)


def get(table_id: str) -> TableView:
    with db.reading() as session:
        row = session.get(TableRow, _check_id(table_id))
        if row is None:
            raise TableNotFound(table_id)
        return _view(row, _state(session, row))


def version(table_id: str) -> int:
    """The table's version alone: what the poll endpoint compares (one indexed read)."""
    with db.reading() as session:
        value = session.scalar(select(TableRow.version).where(
            TableRow.id == _check_id(table_id)))
    if value is None:
        raise TableNotFound(table_id)
    return value


def find_by_code(code: str) -> str:
    """The table id for a join code."""
    code = normalize_join_code(code)
    if len(code) != JOIN_CODE_LENGTH or any(ch not in JOIN_ALPHABET for ch in code):
        raise TableNotFound(code)
    with db.reading() as session:
        table_id = session.scalar(select(TableRow.id).where(TableRow.join_code == code))
    if table_id is None:
        raise TableNotFound(code)
    return table_id


def existing(table_ids: Sequence[str]) -> list[TableView]:
    """The tables among ``table_ids`` that still exist, in the given order."""
    views = []
    for table_id in table_ids:
        try:
            views.append(get(table_id))
        except (TableNotFound, RuleError):  # a table of a game no longer offered
            continue
    return views


def check_event(event: Any) -> dict[str, Any]:
    if not isinstance(event, Mapping):
        raise RuleError(N_("an event must be a JSON object"))
    kind = event.get("type")
    if not isinstance(kind, str) or not kind:
        raise RuleError(N_("an event needs a \"type\""))
    if kind == UNDO:
        raise RuleError(N_("undo has its own endpoint; it is not an event type"))
    if len(event) > MAX_EVENT_KEYS:
        raise RuleError(N_("an event may have at most {count} fields"), count=MAX_EVENT_KEYS)
    return clean(dict(event))


def append(table_id: str, event: Any, *, seat: int | None = None,
           expected_version: int | None = None) -> TableView:
    """Apply ``event`` and store it as the table's next event, in one transaction.

    Raises ``RuleError`` (nothing stored) when the game refuses it, ``VersionConflict``
    when ``expected_version`` is given and stale, ``TableNotFound``.
    """
    event = check_event(event)
    with db.writing() as session:
        row = _lock(session, table_id)
        if expected_version is not None and expected_version != row.version:
            raise VersionConflict(expected_version, row.version)
        module = _module(row.game)
        state = _state(session, row)
        prepared = module.prepare(state, event, random.SystemRandom())
        new_state = module.apply(state, prepared)
        _store(session, row, prepared, seat=seat, undoes=None)
    _remember((row.id, row.version), new_state)
    return _view(row, new_state)


def undo(table_id: str, *, seat: int | None = None,
         expected_version: int | None = None) -> TableView:
    """Cancel the latest change that is not undone yet (whoever made it)."""
    with db.writing() as session:
        row = _lock(session, table_id)
        if expected_version is not None and expected_version != row.version:
            raise VersionConflict(expected_version, row.version)
        events = session.scalars(
            select(EventRow).where(EventRow.table_id == row.id).order_by(EventRow.seq)
        ).all()
        live = live_events(events)
        if not live:
            raise RuleError(N_("there is nothing to undo"))
        target = live[-1]
        new_state = _fold(row, [*events, _undo_marker(target.seq)])
        _store(session, row, {"type": UNDO, "undoes": target.seq}, seat=seat,
               undoes=target.seq)
    _remember((row.id, row.version), new_state)
    return _view(row, new_state)


def _undo_marker(seq: int) -> EventRow:
    return EventRow(seq=-1, type=UNDO, payload={}, undoes=seq)


def _store(session: Session, row: TableRow, payload: dict[str, Any], *,
           seat: int | None, undoes: int | None) -> None:
    now = utcnow()
    row.version += 1
    row.updated_at = now
    session.add(EventRow(
        table_id=row.id, seq=row.version, type=str(payload["type"])[:40], payload=payload,
        seat=seat, undoes=undoes, created_at=now,
    ))
    session.flush()


def history(table_id: str) -> tuple[TableView, list[HistoryEntry]]:
    """Every event, newest first, described by the game (undo entries name what they
    cancelled)."""
    with db.reading() as session:
        row = session.get(TableRow, _check_id(table_id))
        if row is None:
            raise TableNotFound(table_id)
        view = _view(row, _state(session, row))
        events = session.scalars(
            select(EventRow).where(EventRow.table_id == row.id).order_by(EventRow.seq)
        ).all()
    by_seq = {e.seq: e for e in events}
    undone = {e.undoes for e in events if e.type == UNDO}
    entries = []
    for event in events:
        if event.type == UNDO:
            target = by_seq.get(event.undoes or -1)
            template, params = (view.module.describe(target.payload, view.players)
                                if target else (N_("a change"), {}))
        else:
            template, params = view.module.describe(event.payload, view.players)
        entries.append(HistoryEntry(
            seq=event.seq, seat=event.seat, created_at=event.created_at,
            template=template, params=dict(params), is_undo=event.type == UNDO,
            undone=event.seq in undone,
        ))
    entries.reverse()
    return view, entries


# ---------------------------------------------------------------------------------------
# export / import


def export(table_id: str) -> dict[str, Any]:
    """The whole table as JSON-ready data: enough to rebuild it anywhere."""
    with db.reading() as session:
        row = session.get(TableRow, _check_id(table_id))
        if row is None:
            raise TableNotFound(table_id)
        events = session.scalars(
            select(EventRow).where(EventRow.table_id == row.id).order_by(EventRow.seq)
        ).all()
        return {
            "format": EXPORT_FORMAT,
            "format_version": EXPORT_VERSION,
            "game": row.game,
            "players": list(row.players),
            "settings": dict(row.settings),
            "created_at": row.created_at.isoformat(),
            "events": [
                {"seq": e.seq, "seat": e.seat, "created_at": e.created_at.isoformat(),
                 **({"undoes": e.undoes} if e.type == UNDO else {"event": e.payload})}
                for e in events
            ],
        }


def _timestamp(value: Any) -> datetime:
    if isinstance(value, str):
        try:
            stamp = datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            return stamp if stamp.tzinfo else stamp.replace(tzinfo=utcnow().tzinfo)
    raise RuleError(N_("created_at must be an ISO 8601 date and time, not {value!r}"),
                    value=value)


def import_table(document: Any) -> TableView:
    """A new table (new id and join code) rebuilt from an export; every event is checked
    by the game again, so a tampered file is refused with the first bad event named."""
    document = clean(document)
    if not isinstance(document, Mapping) or document.get("format") != EXPORT_FORMAT:
        raise RuleError(N_("this is not a Campfire table export (\"format\" must be {name!r})"),
                        name=EXPORT_FORMAT)
    if document.get("format_version") != EXPORT_VERSION:
        raise RuleError(N_("unsupported export format_version; expected {version}"),
                        version=EXPORT_VERSION)
    game = document.get("game")
    if not isinstance(game, str):
        raise RuleError(N_("game must be one of: {names}"), names=", ".join(registry.games()))
    module = _module(game)
    players = players_from_json(document.get("players"), minimum=1, maximum=MAX_PLAYERS)
    settings = check_settings(document.get("settings"))
    created_at = _timestamp(document.get("created_at"))
    raw_events = document.get("events")
    if not isinstance(raw_events, list):
        raise RuleError(N_("events must be a list"))

    state = module.new_state(players, settings)
    rows: list[EventRow] = []
    for index, raw in enumerate(raw_events):
        seq = index + 1
        try:
            if not isinstance(raw, Mapping):
                raise RuleError(N_("an event must be a JSON object"))
            if raw.get("seq") != seq:
                raise RuleError(N_("seq must be {seq}"), seq=seq)
            seat = raw.get("seat")
            if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                     or not 0 <= seat < len(players)):
                raise RuleError(N_("seat must be empty or a whole number from 0 to {last}"),
                                last=len(players) - 1)
            stamp = _timestamp(raw.get("created_at"))
            if "undoes" in raw:
                live = live_events(rows)
                if not live or raw["undoes"] != live[-1].seq:
                    raise RuleError(N_("an undo must cancel the latest change not yet undone"))
            else:
                payload = check_event(raw.get("event"))
                state = module.apply(state, payload)
        except RuleError as error:
            raise ImportProblem(seq, error) from None
        if "undoes" in raw:
            rows.append(EventRow(seq=seq, type=UNDO, payload={"type": UNDO,
                                 "undoes": raw["undoes"]}, seat=seat,
                                 undoes=raw["undoes"], created_at=stamp))
            state = _fold_rows(module, players, settings, rows)
            continue
        rows.append(EventRow(seq=seq, type=str(payload["type"])[:40], payload=payload,
                             seat=seat, undoes=None, created_at=stamp))

    with db.writing() as session:
        row = _insert_table(session, game, players, settings)
        row.created_at = created_at
        row.version = len(rows)
        for event in rows:
            event.table_id = row.id
            session.add(event)
        session.flush()
    _remember((row.id, row.version), state)
    return _view(row, state)


def _fold_rows(module: ModuleType, players: Sequence[Player], settings: Mapping[str, Any],
               rows: Sequence[EventRow]) -> Any:
    state = module.new_state(players, settings)
    for event in live_events(rows):
        state = module.apply(state, event.payload)
    return state
