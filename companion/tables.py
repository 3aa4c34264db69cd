"""The table service: create tables, append events, undo, fold, history, export/import.

Every change is an event row appended with the table's next sequence number in one
transaction, after the game's fold (``games/<pkg>/table.py``) accepted it. The state of a
table is the fold of its events that are not undone; undo is itself an event (``"undo"``,
``undoes`` = the seq it cancels). An undo cancels the table's latest change in effect, a
seat's own latest change, or any change named by its seq: the log is then replayed without
it, and the undo is refused when a later change would no longer be allowed.

Each event row keeps the seat of the phone that made it (``seat``, the *acting* seat); the
game names the seat the event is about (``subject_seat``), so a change made for another
player reads "by X for Y". A phone holds its seat with a secret token (``take_seat``): only
its SHA-256 is stored, and a phone whose seat was taken over learns so (``lost_seat``).
Secrets of a game (a Lion Square herd, a carried newspaper's address) are shown only to
their seat until the game ends: ``TableView.state_json_for``, ``counters_for``, ``history``
and ``events`` take the viewer's seat.

Folded states are immutable, so they are cached per ``(table id, version)``: a version
always names the same events. They are also stored (``StateRow`` snapshots, pickled) at
each table's latest version and at every ``SNAPSHOT_EVERY``-th, so a process that did not
make a change reads the new state instead of folding the whole history again, an undo
replays only the changes after the nearest snapshot before the one it cancels, and an
import folds its events once. A change is folded before the write lock is taken (and again
under it only when another change came first), so writers hold the lock for the insert
alone.
"""

from __future__ import annotations

import copyreg
import hashlib
import io
import json
import logging
import pickle
import random
import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Any

from flask import current_app
from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.orm import Session

from companion import config, db, fingerprint, registry
from companion.live import announce
from companion.models import EventRow, SeatTokenRow, StateRow, TableRow, utcnow
from companion.plays import store as plays
from games import table as protocol
from games.errors import N_, HiddenRuleError, RuleError, localize
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
#: A seat token as ``take_seat`` makes it: 32 random bytes (256 bits), URL-safe.
SEAT_TOKEN = re.compile(r"[A-Za-z0-9_-]{43}")
RELEASED = "released"
TAKEN_OVER = "taken_over"
#: The most one stored event may hold, as compact UTF-8 JSON: the games' events are 50 to
#: 400 bytes; the bound gives the export of a table at the event limit a known size.
MAX_EVENT_BYTES = 1024
#: What an exported event adds around its payload (its seq, seat, time, one line).
EXPORT_EVENT_BYTES = 160
#: Besides the latest, a snapshot is kept at every this many versions: what an undo
#: replays from (at most this many changes plus those after the one it cancels).
SNAPSHOT_EVERY = 64

log = logging.getLogger(__name__)


class TableNotFound(LookupError):
    """No table has this id (or join code)."""


class UnknownJoinCode(TableNotFound):
    """No table has this join code: ``problem`` says so with the code the player typed."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code
        self.problem = RuleError(N_("no table has the code {code}"), code=code)


class SeatHeld(RuleError):
    """The seat is held by another phone; ``take_seat(..., force=True)`` takes it over."""

    def __init__(self, seat: int, name: str) -> None:
        super().__init__(N_("{name}'s seat is open on another phone"), name=name)
        self.seat = seat


class UndoBlocked(RuleError):
    """Undoing the change would make a later change illegal: that change is named."""

    def __init__(
        self, seq: int, template: str, params: Mapping[str, Any], problem: RuleError
    ) -> None:
        super().__init__(
            N_("this cannot be undone: change {seq} ({change}) depends on it: {problem}"),
            seq=seq,
            change=template.format(**params) if params else template,
            problem=str(problem),
        )
        self.seq = seq
        self.change_template = template
        self.change_params = dict(params)
        self.problem = problem

    def translated(self, gettext: Any) -> str:
        change = _localized(self.change_template, self.change_params, gettext)
        try:
            return gettext(self.template).format(
                seq=self.seq, change=change, problem=self.problem.translated(gettext)
            )
        except (KeyError, IndexError, ValueError):
            return str(self)


def _localized(template: str, params: Mapping[str, Any], gettext: Any) -> str:
    text = gettext(template)
    if not params:
        return text
    try:
        return text.format(**{k: localize(v, gettext) for k, v in params.items()})
    except (KeyError, IndexError, ValueError):
        return template.format(**params)


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
        return text.format(number=self.params["number"], problem=self.problem.translated(gettext))


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

    def counters_for(self, viewer: int | None) -> list[dict[str, Any]]:
        """The counters as seat ``viewer`` may see them (None: a spectator): another
        seat's secret counters are ``None`` until the game ends."""
        hide = getattr(self.module, "view_counters", None)
        return hide(self.state, viewer) if hide else self.counters()

    def state_json_for(self, viewer: int | None) -> dict[str, Any]:
        """``state_json`` as seat ``viewer`` may see it (secrets of other seats ``None``)."""
        hide = getattr(self.module, "view_json", None)
        return hide(self.state, viewer) if hide else self.state_json()

    def event_for(self, event: Mapping[str, Any], viewer: int | None) -> dict[str, Any]:
        """A stored event as seat ``viewer`` may see it."""
        hide = getattr(self.module, "view_event", None)
        return hide(self.state, event, viewer) if hide else dict(event)

    def subject_seat(self, event: Mapping[str, Any]) -> int | None:
        """The seat ``event`` is about (the acting seat is stored beside it)."""
        return getattr(self.module, "subject_seat", protocol.subject_seat)(event)

    def acts_for(self, event: Mapping[str, Any], seat: int | None) -> int | None:
        """The other seat a change from ``seat``'s phone would be made for (its subject,
        when that is not ``seat``), or None: when to ask "make this change for Ben?"."""
        subject = self.subject_seat(event)
        return subject if subject is not None and subject != seat else None

    def has_secrets(self) -> bool:
        """Whether some value is still hidden from other seats (a game with secrets that
        has not ended): an export holds every secret, so a page offers it only when not."""
        over = getattr(self.module, "game_over", None)
        return hasattr(self.module, "view_json") and over is not None and not over(self.state)

    def whose_turn(self) -> int | None:
        """The seat whose turn it is, or None (no turns in this game, or none running)."""
        turn = getattr(self.module, "whose_turn", None)
        return turn(self.state) if turn else None


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    seq: int
    seat: int | None  # the acting seat: the phone that made the change (None: unknown)
    created_at: datetime
    template: str
    params: Mapping[str, Any]
    is_undo: bool
    undone: bool  # a change cancelled by a later undo
    subject: int | None = None  # the seat the change is about ("by <seat> for <subject>")
    undoes: int | None = None  # for an undo: the seq it cancelled


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
            game=game_id,
            names=", ".join(registry.games()) or "-",
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
        state = _load_state(session, row)
        _remember(key, state)
    return state


# ---------------------------------------------------------------------------------------
# snapshots

_codes: dict[str, str] = {}


def _code(module: ModuleType) -> str:
    """A fingerprint of the code that folds ``module``'s states (its package's sources and
    the fold protocol): a snapshot pickled by other code is not trusted to unpickle into
    the same state."""
    code = _codes.get(module.__name__)
    if code is None:
        files = {Path(protocol.__file__)}
        path = Path(getattr(module, "__file__", "") or ".")
        files |= (
            set(path.parent.glob("*.py"))
            if (path.parent / "__init__.py").is_file() and path.parent.name != "tests"
            else {path}
        )
        code = _codes[module.__name__] = fingerprint.of_files(sorted(files))
    return code


def _mapping_proxy(items: dict[Any, Any]) -> MappingProxyType[Any, Any]:
    return MappingProxyType(items)


def _reduce_proxy(proxy: MappingProxyType[Any, Any]) -> tuple[Any, tuple[Any, ...]]:
    return _mapping_proxy, (dict(proxy),)


#: How a snapshot pickles what pickle alone cannot: the read-only mappings that frozen
#: states hold (Bison's board).
_REDUCERS = {**copyreg.dispatch_table, MappingProxyType: _reduce_proxy}


def _pickled(state: Any) -> bytes | None:
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _REDUCERS
    try:
        pickler.dump(state)
        return buffer.getvalue()
    except (pickle.PicklingError, TypeError, AttributeError):
        log.warning("a %s state cannot be pickled: no snapshot", type(state).__name__)
        return None


def _save_snapshot(session: Session, row: TableRow, module: ModuleType, blob: bytes | None) -> None:
    """Keep the state at ``row.version``; drop the older ones but every SNAPSHOT_EVERY-th."""
    if blob is None:
        return
    session.add(StateRow(table_id=row.id, version=row.version, code=_code(module), state=blob))
    session.execute(
        delete(StateRow).where(
            StateRow.table_id == row.id,
            StateRow.version < row.version,
            StateRow.version % SNAPSHOT_EVERY != 0,
        )
    )
    session.flush()


def _undo_pairs(session: Session, table_id: str) -> list[tuple[int, int]]:
    return [
        (seq, undoes)
        for seq, undoes in session.execute(
            select(EventRow.seq, EventRow.undoes).where(
                EventRow.table_id == table_id, EventRow.undoes.is_not(None)
            )
        )
    ]


def _base(
    session: Session,
    row: TableRow,
    module: ModuleType,
    undos: Sequence[tuple[int, int]],
    below: int,
) -> tuple[int, Any] | None:
    """The newest usable snapshot older than ``below``: ``(version, state)``, or None.

    The snapshot at version v is the fold of the changes in effect at v; it is the fold of
    the changes up to v in effect NOW unless a later undo cancelled one of them: so it is
    usable when every undo after v cancels a change after v (``undos``: (seq, undoes))."""
    candidates = session.scalars(
        select(StateRow.version)
        .where(
            StateRow.table_id == row.id, StateRow.code == _code(module), StateRow.version < below
        )
        .order_by(StateRow.version.desc())
    ).all()
    for version in candidates:
        if any(seq > version and undoes <= version for seq, undoes in undos):
            continue
        blob = session.scalar(
            select(StateRow.state).where(StateRow.table_id == row.id, StateRow.version == version)
        )
        try:
            return version, pickle.loads(blob) if blob is not None else None
        except Exception:  # a damaged snapshot: fold from the events
            log.warning("snapshot %s@%s does not unpickle", row.id, version)
    return None


def _load_state(session: Session, row: TableRow) -> Any:
    """The state at ``row.version``: its snapshot, else the nearest usable one plus the
    changes after it, else the fold of every event."""
    module = _module(row.game)
    blob = session.scalar(
        select(StateRow.state).where(  # the usual case: one query
            StateRow.table_id == row.id,
            StateRow.version == row.version,
            StateRow.code == _code(module),
        )
    )
    if blob is not None:
        try:
            return pickle.loads(blob)
        except Exception:  # a damaged snapshot: fold from an older one or the events
            log.warning("snapshot %s@%s does not unpickle", row.id, row.version)
    undos = _undo_pairs(session, row.id)
    base = _base(session, row, module, undos, below=row.version)
    if base is None or base[1] is None:
        return _fold(row, _events(session, row))
    version, state = base
    if version == row.version:
        return state
    later = session.scalars(
        select(EventRow)
        .where(EventRow.table_id == row.id, EventRow.seq > version)
        .order_by(EventRow.seq)
    ).all()
    return _replay(module, _players(row), row.settings, later, blame=None, start=state)


def _view(row: TableRow, state: Any) -> TableView:
    return TableView(
        id=row.id,
        join_code=row.join_code,
        game=row.game,
        module=_module(row.game),
        players=_players(row),
        settings=dict(row.settings),
        version=row.version,
        state=state,
        created_at=row.created_at,
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


def _insert_table(
    session: Session, game: str, players: Sequence[Player], settings: Mapping[str, Any]
) -> TableRow:
    for _attempt in range(20):
        code = _new_join_code()
        if session.scalar(select(TableRow.id).where(TableRow.join_code == code)) is None:
            break
    else:  # 21**6 = 85 million codes: only reachable with millions of tables
        raise RuntimeError("no free join code")
    row = TableRow(
        # 24 random bytes = 192 bits, 32 URL-safe characters.
        id=secrets.token_urlsafe(24),
        join_code=code,
        game=game,
        players=[{"name": p.name, "color": p.color} for p in players],
        settings=dict(settings),
        version=0,
        created_at=utcnow(),
        updated_at=utcnow(),
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
        value = session.scalar(select(TableRow.version).where(TableRow.id == _check_id(table_id)))
    if value is None:
        raise TableNotFound(table_id)
    return value


def find_by_code(code: str) -> str:
    """The table id for a join code; ``UnknownJoinCode`` (a ``TableNotFound`` whose
    ``problem`` reads "no table has the code …") when none has it."""
    typed = normalize_join_code(code)
    if len(typed) != JOIN_CODE_LENGTH or any(ch not in JOIN_ALPHABET for ch in typed):
        raise UnknownJoinCode(clean(typed[:40]))
    with db.reading() as session:
        table_id = session.scalar(select(TableRow.id).where(TableRow.join_code == typed))
    if table_id is None:
        raise UnknownJoinCode(typed)
    return table_id


def existing(table_ids: Sequence[str]) -> list[TableView]:
    """The tables among ``table_ids`` that still exist, in the given order."""
    views = []
    for table_id in table_ids:
        try:
            views.append(get(table_id))
        except (TableNotFound, RuleError):  # a table of a game no longer offered
            continue
        except OperationalError:  # the database is down: the page answers 503
            raise
        except Exception:  # a row this server cannot read: the list goes on without it
            log.exception("table %s cannot be read; left out of the recent tables", table_id)
    return views


def check_event(event: Any, module: ModuleType | None = None) -> dict[str, Any]:
    """``event`` as a clean dict, or a ``RuleError`` naming what is wrong: with the game's
    ``module``, a field its type does not define (the game's ``EVENT_FIELDS``) is refused
    by name, so nothing but the rules' own fields is ever stored."""
    if not isinstance(event, Mapping):
        raise RuleError(N_("an event must be a JSON object"))
    kind = event.get("type")
    if not isinstance(kind, str) or not kind:
        raise RuleError(N_('an event needs a "type"'))
    if kind == UNDO:
        raise RuleError(N_("undo has its own endpoint; it is not an event type"))
    if len(event) > MAX_EVENT_KEYS:
        raise RuleError(N_("an event may have at most {count} fields"), count=MAX_EVENT_KEYS)
    fields = getattr(module, "EVENT_FIELDS", {}).get(kind) if module is not None else None
    if fields is not None:
        unknown = sorted(clean(str(name)) for name in event if name not in fields)
        if unknown:
            raise RuleError(
                N_("{type} does not take the field(s) {fields}; it takes: {known}"),
                type=kind,
                fields=", ".join(unknown),
                known=", ".join(sorted(fields)),
            )
    return clean(dict(event))


class _Sees(Enum):
    """``append``'s and ``undo``'s default ``viewer``: a caller that may see every secret
    (the CLI, an import, a test); a phone's request names its seat instead."""

    ALL = "all"


#: Who asks for a change: a phone's seat (None: a phone without one), or ``EVERYTHING``.
Viewer = int | _Sees | None
EVERYTHING = _Sees.ALL


def _worded_for(error: RuleError, viewer: Viewer) -> RuleError:
    """``error`` as the phone asking may read it: a refusal naming another seat's hidden
    value says the rule without it (``HiddenRuleError.public``); its own seat's reads
    exactly (issue 27, F1)."""
    if not isinstance(error, HiddenRuleError):
        return error
    shown = error if viewer is EVERYTHING else error.for_seat(viewer)
    # A plain refusal again: the games' refusal wording treats every RuleError alike.
    return RuleError(shown.template, **shown.params)


def _gate(
    module: ModuleType, state: Any, event: Mapping[str, Any], viewer: Viewer
) -> RuleError | None:
    """The refusal when ``event``'s outcome depends on a seat's hidden value the phone
    asking does not hold (the game's ``secret_refusal``), else None."""
    refusal = getattr(module, "secret_refusal", None)
    secret = refusal(state, event) if refusal is not None and viewer is not EVERYTHING else None
    if secret is None or secret.seat == viewer:
        return None
    return RuleError(secret.template, **secret.params)


def _applied(
    module: ModuleType, state: Any, event: Mapping[str, Any], viewer: Viewer, gate: RuleError | None
) -> Any:
    """``module.apply`` as the phone asking may learn its outcome: a public refusal as it
    is; when the change depends on a secret it does not hold (``gate``), that one refusal
    whether the rules allow the change or not (the game checks every public fact first)."""
    try:
        new_state = module.apply(state, event)
    except HiddenRuleError as error:
        raise gate if gate is not None else _worded_for(error, viewer) from None
    if gate is not None:
        raise gate
    return new_state


def append(
    table_id: str,
    event: Any,
    *,
    seat: int | None = None,
    expected_version: int | None = None,
    viewer: Viewer = EVERYTHING,
) -> TableView:
    """Apply ``event`` and store it as the table's next event, in one transaction.

    Raises ``RuleError`` (nothing stored) when the game refuses it, ``VersionConflict``
    when ``expected_version`` is given and stale, ``TableNotFound``. ``viewer``: the seat
    of the phone asking (None: a phone without a seat): the refusal tells it no secret it
    may not see, and a change whose outcome depends on another seat's secret is refused
    to it whatever that secret is (issue 27, F1 and F2). Default: a caller that sees all.
    """
    event = check_event(event)
    chance = random.SystemRandom()
    # Fold outside the write lock: the lock is then held for the insert alone.
    with db.reading() as session:
        row = session.get(TableRow, _check_id(table_id))
        if row is None:
            raise TableNotFound(table_id)
        if expected_version is not None and expected_version != row.version:
            raise VersionConflict(expected_version, row.version)
        _check_room(row.version)
        module = _module(row.game)
        event = check_event(event, module)
        seen = row.version
        state = _state(session, row)
    prepared = _sized(module.prepare(state, event, chance))
    new_state = _applied(module, state, prepared, viewer, _gate(module, state, event, viewer))
    blob = _pickled(new_state)
    with db.writing() as session:
        row = _lock(session, table_id)
        if expected_version is not None and expected_version != row.version:
            raise VersionConflict(expected_version, row.version)
        _check_room(row.version)
        if row.version != seen:  # another change came first: fold again, under the lock
            state = _state(session, row)
            prepared = _sized(module.prepare(state, event, chance))
            gate = _gate(module, state, event, viewer)
            new_state = _applied(module, state, prepared, viewer, gate)
            blob = _pickled(new_state)
        _store(session, row, prepared, seat=seat, undoes=None)
        _save_snapshot(session, row, module, blob)
        plays.after_change(session, row, state, new_state)  # a finished game's play
        announce(session, row)
    _remember((row.id, row.version), new_state)
    return _view(row, new_state)


class _Same(Enum):
    """``undo``'s default ``by``: the phone asking is the seat whose change it undoes."""

    SEAT = "seat"


def undo(
    table_id: str,
    *,
    seat: int | None = None,
    seq: int | None = None,
    by: int | _Same | None = _Same.SEAT,
    expected_version: int | None = None,
    viewer: Viewer = EVERYTHING,
) -> TableView:
    """Cancel one change and store the undo as the table's next event.

    Which change: ``seq`` names it; else ``seat``'s latest change still in effect (by the
    seat that made it); else the table's latest change in effect. The log is replayed
    without it: when a later change would no longer be allowed the undo is refused with
    ``UndoBlocked`` naming that change. ``by`` is the seat of the phone asking (stored on
    the undo event; default: ``seat``). ``RuleError`` for a bad ``seat``/``seq`` or nothing
    to undo, ``VersionConflict``, ``TableNotFound``.

    ``viewer`` as for ``append``: a phone's undo is refused when the change it cancels, or
    a later one it replays, depends on a secret of another seat (``secret_refusal``), and
    an ``UndoBlocked`` names no value that phone may not see (issue 27, F1).
    """
    actor = seat if by is _Same.SEAT else by
    with db.writing() as session:
        row = _lock(session, table_id)
        if expected_version is not None and expected_version != row.version:
            raise VersionConflict(expected_version, row.version)
        # No room check: an undo at the event limit is always allowed. Each cancels a
        # change in effect and none can be added there, so a table holds at most twice
        # the limit (docs/contracts.md).
        undos = _undo_pairs(session, row.id)
        target = _undo_target(session, row, {undoes for _seq, undoes in undos}, seat=seat, seq=seq)
        module = _module(row.game)
        players = _players(row)
        before = _view(row, _state(session, row))
        blame = _blamed(before, actor if viewer is EVERYTHING else viewer)
        undone = {undoes for _seq, undoes in undos}
        replayed = [
            e
            for e in _events(session, row, first=target.seq)
            if e.type != UNDO and e.seq not in undone
        ]
        _check_undo_secrets(before, replayed, viewer, blame)
        base = _base(
            session, row, module, [*undos, (row.version + 1, target.seq)], below=target.seq
        )
        if base is not None and base[1] is not None:  # replay only what follows it
            start, later = base[1], _events(session, row, first=base[0] + 1)
        else:
            start, later = None, _events(session, row)
        new_state = _replay(
            module,
            players,
            row.settings,
            [*later, _undo_marker(target.seq)],
            blame=blame,
            start=start,
            viewer=viewer,
        )
        _store(
            session,
            row,
            {"type": UNDO, "undoes": target.seq},
            seat=_seat_or_none(actor),
            undoes=target.seq,
        )
        _save_snapshot(session, row, module, _pickled(new_state))
        plays.after_change(session, row, before.state, new_state)
        announce(session, row)
    _remember((row.id, row.version), new_state)
    return _view(row, new_state)


def _blamed(view: TableView, seat: Viewer) -> Callable[[Mapping[str, Any]], Mapping[str, Any]]:
    """How an undo refusal shows a change: as ``seat``'s phone may see it."""
    return lambda payload: view.event_for(payload, None if seat is EVERYTHING else seat)


def _check_undo_secrets(
    view: TableView,
    replayed: Sequence[EventRow],
    viewer: Viewer,
    blame: Callable[[Mapping[str, Any]], Mapping[str, Any]],
) -> None:
    """Refuse a phone's undo whose outcome would depend on another seat's secret: the
    change it cancels (the first of ``replayed``) or a later one replayed after it. Which
    changes those are is public (the history), so the answer tells nothing, and it comes
    before the replay, whose refusals could."""
    for event in replayed:
        gate = _gate(view.module, view.state, event.payload, viewer)
        if gate is None:
            continue
        if event is replayed[0]:
            raise gate
        template, params = view.module.describe(blame(event.payload), view.players)
        raise UndoBlocked(event.seq, template, params, gate)


def undo_target(
    table_id: str, *, seat: int | None = None, seq: int | None = None, viewer: int | None = None
) -> HistoryEntry:
    """The history entry ``undo`` with the same ``seat``/``seq`` would cancel, as ``viewer``
    reads it: what a confirmation names before the phone undoes it. The same
    ``RuleError`` as ``undo`` when there is nothing (or nothing valid) to undo."""
    with db.reading() as session:
        row = session.get(TableRow, _check_id(table_id))
        if row is None:
            raise TableNotFound(table_id)
        undone = {undoes for _seq, undoes in _undo_pairs(session, row.id)}
        target = _undo_target(session, row, undone, seat=seat, seq=seq)
    _, entries = history(table_id, viewer=viewer, before=target.seq + 1, limit=1)
    return entries[0]


def max_events() -> int:
    """Changes one table may hold (``CAMPFIRE_MAX_EVENTS``): storage and every fold stay
    bounded however long a table is played or attacked. Undos count until the limit is
    reached, and one is always allowed there: a table holds at most twice as many events."""
    return int(current_app.config.get("CAMPFIRE_MAX_EVENTS") or config.MAX_EVENTS)


def _check_room(count: int, adding: int = 1) -> None:
    limit = max_events()
    if count + adding > limit:
        raise RuleError(
            N_(
                "this table has reached its limit of {count} changes; export it "
                "and continue on a new table"
            ),
            count=limit,
        )


def _seat_or_none(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _events(
    session: Session, row: TableRow, *, first: int = 1, last: int | None = None
) -> Sequence[EventRow]:
    """The table's events from seq ``first`` to ``last`` (None: the latest), oldest first."""
    query = select(EventRow).where(EventRow.table_id == row.id, EventRow.seq >= first)
    if last is not None:
        query = query.where(EventRow.seq <= last)
    return session.scalars(query.order_by(EventRow.seq)).all()


def _whole_or_none(value: object, field: str, low: int, high: int | None = None) -> int | None:
    if value is None:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or value < low
        or (high is not None and value > high)
    ):
        if high is None:
            raise RuleError(
                N_("{field} must be a whole number of {low} or more"), field=field, low=low
            )
        raise RuleError(
            N_("{field} must be a whole number from {low} to {high}"),
            field=field,
            low=low,
            high=high,
        )
    return value


def _undo_target(
    session: Session, row: TableRow, undone: set[int], *, seat: object, seq: object
) -> EventRow:
    """The change an undo cancels (see ``undo``), read by its seq alone: ``undone`` holds
    the changes undone already (``_undo_pairs``), so no fold and no whole log is read."""
    seat = _whole_or_none(seat, "seat", 0, len(row.players) - 1)
    seq = _whole_or_none(seq, "seq", 1)
    if seq is not None:
        if seat is not None:
            raise RuleError(N_("give seat or seq, not both"))
        event = _events(session, row, first=seq, last=seq)
        if not event:
            raise RuleError(N_("there is no change {seq}"), seq=seq)
        if event[0].type == UNDO:
            raise RuleError(N_("change {seq} is an undo; it cannot be undone"), seq=seq)
        if seq in undone:
            raise RuleError(N_("change {seq} is already undone"), seq=seq)
        return event[0]
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
    return _events(session, row, first=latest, last=latest)[0]


def _undo_marker(seq: int) -> EventRow:
    return EventRow(seq=-1, type=UNDO, payload={}, undoes=seq)


def _store(
    session: Session,
    row: TableRow,
    payload: dict[str, Any],
    *,
    seat: int | None,
    undoes: int | None,
) -> None:
    now = utcnow()
    row.version += 1
    row.updated_at = now
    session.add(
        EventRow(
            table_id=row.id,
            seq=row.version,
            type=str(payload["type"])[:40],
            payload=payload,
            seat=seat,
            undoes=undoes,
            created_at=now,
        )
    )
    session.flush()


@dataclass(frozen=True, slots=True)
class _Page:
    """A run of a table's events as the history reads them."""

    view: TableView
    rows: Sequence[EventRow]  # the events from ``first`` to ``last``, oldest first
    undone: frozenset[int]  # every change an undo cancelled
    targets: Mapping[int, EventRow]  # what the page's undos cancelled, by seq


def _page(table_id: str, first: int, last: int | None) -> _Page:
    """Events ``first`` to ``last`` (None: the latest) and what describing them needs:
    a page costs its own rows and the table's undo pairs, whatever the log's length."""
    with db.reading() as session:
        row = session.get(TableRow, _check_id(table_id))
        if row is None:
            raise TableNotFound(table_id)
        view = _view(row, _state(session, row))
        rows = _events(session, row, first=first, last=last)
        undone = frozenset(undoes for _seq, undoes in _undo_pairs(session, row.id))
        targets = {e.seq: e for e in rows}
        wanted = {e.undoes for e in rows if e.type == UNDO and e.undoes not in targets}
        if wanted:
            targets.update(
                (e.seq, e)
                for e in session.scalars(
                    select(EventRow).where(EventRow.table_id == row.id, EventRow.seq.in_(wanted))
                )
            )
    return _Page(view, rows, undone, targets)


def history(
    table_id: str,
    *,
    viewer: int | None = None,
    before: int | None = None,
    limit: int | None = None,
) -> tuple[TableView, list[HistoryEntry]]:
    """The events, newest first, described by the game as seat ``viewer`` may read it
    (None: a spectator; another seat's secrets are left out until the game ends). Undo
    entries name what they cancelled. ``before``: only events older than this seq;
    ``limit``: at most this many (the newest of them) — a page of the history; the page
    after it starts ``before`` its last entry's seq, and there is none when that is 1."""
    last = None if before is None else before - 1
    newest = version(table_id) if last is None else last
    first = 1 if limit is None else max(1, newest - limit + 1)
    page = _page(table_id, first, last)
    view = page.view
    entries = []
    for event in page.rows:
        shown = page.targets.get(event.undoes or -1) if event.type == UNDO else event
        if shown is None:
            template, params, subject = N_("a change"), {}, None
        else:
            payload = view.event_for(shown.payload, viewer)
            template, params = view.module.describe(payload, view.players)
            subject = view.subject_seat(shown.payload)
        entries.append(
            HistoryEntry(
                seq=event.seq,
                seat=event.seat,
                created_at=event.created_at,
                template=template,
                params=dict(params),
                is_undo=event.type == UNDO,
                undone=event.seq in page.undone,
                subject=subject,
                undoes=event.undoes if event.type == UNDO else None,
            )
        )
    entries.reverse()
    return view, entries


def events(
    table_id: str, *, viewer: int | None = None, after: int = 0, limit: int | None = None
) -> list[dict[str, Any]]:
    """The history for the JSON API, oldest first: per event its ``seq``, ``seat`` (the
    seat of the phone that made it, or None), ``subject`` (the seat it is about),
    ``type``, the event's own fields (its ``seat`` field is ``subject``), ``undone``;
    an undo has ``undoes``. Another seat's secrets are ``None`` for ``viewer``. ``after``
    and ``limit``: only the events after that seq, at most that many (a page)."""
    page = _page(table_id, after + 1, None if limit is None else after + limit)
    view = page.view
    listed = []
    for event in page.rows:
        if event.type == UNDO:
            fields: dict[str, Any] = {"undoes": event.undoes}
            subject = None
        else:
            fields = {
                k: v
                for k, v in view.event_for(event.payload, viewer).items()
                if k not in ("seq", "seat", "type", "undone", "subject")
            }
            subject = view.subject_seat(event.payload)
        listed.append(
            {
                "seq": event.seq,
                "seat": event.seat,
                "subject": subject,
                "type": event.type,
                **fields,
                "undone": event.seq in page.undone,
            }
        )
    return listed


# ---------------------------------------------------------------------------------------
# seats held by phones


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def _hold(session: Session, table_id: str, token: object) -> SeatTokenRow | None:
    """The row of ``token`` at this table (in force or ended), or None."""
    if not isinstance(token, str) or not SEAT_TOKEN.fullmatch(token):
        return None
    return session.scalars(
        select(SeatTokenRow).where(
            SeatTokenRow.token_hash == _token_hash(token), SeatTokenRow.table_id == table_id
        )
    ).one_or_none()


def _holder(session: Session, table_id: str, seat: int) -> SeatTokenRow | None:
    return session.scalars(
        select(SeatTokenRow).where(
            SeatTokenRow.table_id == table_id,
            SeatTokenRow.seat == seat,
            SeatTokenRow.ended_at.is_(None),
        )
    ).first()


def take_seat(table_id: str, seat: Any, *, token: str | None = None, force: bool = False) -> str:
    """Hold ``seat`` for a phone: the secret token it keeps (256 random bits; only its hash
    is stored). ``token`` is what the phone holds already: its own seat is kept (the same
    token comes back), another seat it held is let go. ``SeatHeld`` when another phone
    holds the seat, unless ``force``: that phone then loses it (``lost_seat``)."""
    with db.writing() as session:
        row = _lock(session, table_id)
        seat = _whole_or_none(seat, "seat", 0, len(row.players) - 1)
        if seat is None:
            raise RuleError(N_("seat is missing"))
        mine = _hold(session, row.id, token)
        if mine is not None and mine.ended_at is None and mine.seat == seat:
            return str(token)
        now = utcnow()
        holder = _holder(session, row.id, seat)
        if holder is not None:
            if not force:
                raise SeatHeld(seat, row.players[seat]["name"])
            holder.ended_at, holder.ended = now, TAKEN_OVER
            # Every process's version map sees the row change at the same version: it
            # holds the table's polls open, so the phone that lost the seat is told.
            row.updated_at = now
            announce(session, row, seat_moved=True)  # told at its next poll
        if mine is not None and mine.ended_at is None:
            mine.ended_at, mine.ended = now, RELEASED
        new = secrets.token_urlsafe(32)
        session.add(
            SeatTokenRow(table_id=row.id, seat=seat, token_hash=_token_hash(new), taken_at=now)
        )
        session.flush()
    return new


def release_seat(table_id: str, token: str | None) -> bool:
    """Let go of the seat ``token`` holds; False when it holds none."""
    with db.writing() as session:
        row = _lock(session, table_id)
        mine = _hold(session, row.id, token)
        if mine is None or mine.ended_at is not None:
            return False
        mine.ended_at, mine.ended = utcnow(), RELEASED
    return True


def seat_of(table_id: str, token: str | None) -> int | None:
    """The seat ``token`` holds at this table, or None."""
    with db.reading() as session:
        mine = _hold(session, _check_id(table_id), token)
        return mine.seat if mine is not None and mine.ended_at is None else None


def lost_seat(table_id: str, token: str | None) -> int | None:
    """The seat ``token`` held until another phone took it over, or None: what the phone
    is told at its next refresh."""
    with db.reading() as session:
        mine = _hold(session, _check_id(table_id), token)
        return mine.seat if mine is not None and mine.ended == TAKEN_OVER else None


def is_held(table_id: str, seat: int) -> bool:
    """Whether a phone holds ``seat``."""
    return seat in held_seats(table_id)


def held_seats(table_id: str) -> frozenset[int]:
    """The seats phones hold at this table."""
    with db.reading() as session:
        return frozenset(
            session.scalars(
                select(SeatTokenRow.seat).where(
                    SeatTokenRow.table_id == _check_id(table_id), SeatTokenRow.ended_at.is_(None)
                )
            ).all()
        )


# ---------------------------------------------------------------------------------------
# export / import


def export(table_id: str) -> dict[str, Any]:
    """The whole table as JSON-ready data: enough to rebuild it anywhere."""
    with db.reading() as session:
        row = session.get(TableRow, _check_id(table_id))
        if row is None:
            raise TableNotFound(table_id)
        columns = (EventRow.seq, EventRow.seat, EventRow.created_at, EventRow.type)
        events = session.execute(  # rows, not ORM objects: a fifth of the cost
            select(*columns, EventRow.undoes, EventRow.payload)
            .where(EventRow.table_id == row.id)
            .order_by(EventRow.seq)
        ).all()
        return {
            "format": EXPORT_FORMAT,
            "format_version": EXPORT_VERSION,
            "game": row.game,
            "players": list(row.players),
            "settings": dict(row.settings),
            "created_at": row.created_at.isoformat(),
            "events": [
                {
                    "seq": e.seq,
                    "seat": e.seat,
                    "created_at": e.created_at.isoformat(),
                    **({"undoes": e.undoes} if e.type == UNDO else {"event": e.payload}),
                }
                for e in events
            ],
        }


#: The dates an import may carry (UTC): a crafted far date (``9999-12-31T23:59:59-14:00``)
#: would be stored on PostgreSQL past what its driver reads back, or overflow a local time
#: zone on a page, and no table was played before 2000 or will be after 2100.
EARLIEST = datetime(2000, 1, 1, tzinfo=UTC)
LATEST = datetime(2100, 1, 1, tzinfo=UTC)


def compact(value: Any) -> str:
    """``value`` as the shortest JSON (as stored: non-ASCII text as itself)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _sized(payload: dict[str, Any]) -> dict[str, Any]:
    if len(compact(payload).encode()) > MAX_EVENT_BYTES:
        raise RuleError(
            N_("an event may hold at most {count} bytes of JSON"), count=MAX_EVENT_BYTES
        )
    return payload


def export_text(document: Mapping[str, Any]) -> str:
    """An export as a file: compact JSON, one event a line (readable, and its size is
    bounded by ``import_bytes``)."""
    head = compact({k: v for k, v in document.items() if k != "events"})
    lines = ",\n".join(compact(event) for event in document["events"])
    return f'{head[:-1]},"events":[\n{lines}\n]}}\n'


def import_bytes() -> int:
    """The largest file an import takes: the export of any table at the event limit. Its
    players and settings came in one request body (``MAX_CONTENT_LENGTH``); it holds at
    most ``max_events`` changes of at most ``MAX_EVENT_BYTES`` each and as many undos
    (each cancels one; an undo is allowed at the limit)."""
    head = int(current_app.config.get("MAX_CONTENT_LENGTH") or 1024 * 1024)
    return head + max_events() * (MAX_EVENT_BYTES + 2 * EXPORT_EVENT_BYTES)


def _timestamp(value: Any) -> datetime:
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


def import_table(document: Any) -> TableView:
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
    # Undos do not count: each cancels a change, and one is allowed at the limit.
    _check_room(0, sum(1 for e in raw_events if not (isinstance(e, Mapping) and "undoes" in e)))

    # The changes in effect with the state after each (an undo drops one and replays only
    # those after it: one fold for the whole file, however many undos it holds).
    initial = state = module.new_state(players, settings)
    in_effect: list[tuple[int, Mapping[str, Any], Any]] = []  # (seq, payload, state after)
    live: set[int] = set()
    rows: list[dict[str, Any]] = []  # inserted at once (an ORM object each costs 10x)
    # The state at every SNAPSHOT_EVERY-th version, as a played table keeps it: an undo on
    # the imported table then replays at most that many changes, not the whole file.
    bases: list[tuple[int, Any]] = []
    for index, raw in enumerate(raw_events):
        seq = index + 1
        if index and index % SNAPSHOT_EVERY == 0:
            bases.append((index, state))  # the fold at version ``index``
        try:
            if not isinstance(raw, Mapping):
                raise RuleError(N_("an event must be a JSON object"))
            if raw.get("seq") != seq:
                raise RuleError(N_("seq must be {seq}"), seq=seq)
            seat = raw.get("seat")
            if seat is not None and (
                isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(players)
            ):
                raise RuleError(
                    N_("seat must be empty or a whole number from 0 to {last}"),
                    last=len(players) - 1,
                )
            stamp = _timestamp(raw.get("created_at"))
            if "undoes" in raw:
                target = raw["undoes"]
                if isinstance(target, bool) or not isinstance(target, int) or target not in live:
                    raise RuleError(N_("an undo must cancel an earlier change not yet undone"))
            else:
                payload = _sized(check_event(raw.get("event"), module))
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

    code = _code(module)
    blobs = [(version, blob) for version, base in bases if (blob := _pickled(base)) is not None]
    with db.writing() as session:
        row = _insert_table(session, game, players, settings)
        row.created_at = created_at
        row.version = len(rows)
        session.flush()
        if rows:
            session.connection().execute(  # Core: one executemany, no ORM objects
                EventRow.__table__.insert(), [{**event, "table_id": row.id} for event in rows]
            )
        if blobs:
            session.connection().execute(
                StateRow.__table__.insert(),
                [{"table_id": row.id, "version": v, "code": code, "state": b} for v, b in blobs],
            )
        _save_snapshot(session, row, module, _pickled(state))
        plays.after_change(session, row, None, state)
        announce(session, row)
    _remember((row.id, row.version), state)
    return _view(row, state)


def _fold_rows(
    module: ModuleType,
    players: Sequence[Player],
    settings: Mapping[str, Any],
    rows: Sequence[EventRow],
) -> Any:
    return _replay(module, players, settings, rows, blame=None)


def _replay(
    module: ModuleType,
    players: Sequence[Player],
    settings: Mapping[str, Any],
    rows: Sequence[EventRow],
    *,
    blame: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None,
    start: Any = None,
    viewer: Viewer = EVERYTHING,
) -> Any:
    """The fold of the changes in effect; with ``blame`` (how the asking seat may see an
    event), a refusal is an ``UndoBlocked`` naming the change that is no longer allowed,
    worded for ``viewer``. ``start``: a snapshot's state, ``rows`` then every event after it."""
    state = module.new_state(players, settings) if start is None else start
    for event in live_events(rows):
        try:
            state = module.apply(state, event.payload)
        except RuleError as error:
            if blame is None:
                raise
            template, params = module.describe(blame(event.payload), players)
            problem = _worded_for(error, viewer)
            raise UndoBlocked(event.seq, template, params, problem) from None
    return state
