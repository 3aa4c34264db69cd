"""The folded states kept: in this process per ``(table id, version)`` (a version always
names the same events, and states are immutable), and in the database (``StateRow``,
pickled) at each table's latest version and at every ``SNAPSHOT_EVERY``-th, so a process
that did not make a change reads the new state instead of folding the whole history
again, and an undo replays only the changes after the nearest snapshot before the one it
cancels."""

from __future__ import annotations

import copyreg
import io
import logging
import pickle
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import TypeVar

from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from companion import fingerprint
from companion.models import EventRow, StateRow, TableRow
from companion.tables.fold import fold_events, replay_events
from companion.tables.rows import event_rows, undo_pairs
from companion.tables.view import players_of, rules_of
from games import table as protocol
from games.table import GameRules

log = logging.getLogger(__name__)


#: Besides the latest, a snapshot is kept at every this many versions: what an undo
#: replays from (at most this many changes plus those after the one it cancels).
SNAPSHOT_EVERY = 64

#: Folded states kept in this process, by ``(table id, version)``; the least recently
#: read is dropped first.
_CACHE_SIZE = 512


_cache: OrderedDict[tuple[str, int], object] = OrderedDict()


_cache_lock = threading.Lock()


def _cached(key: tuple[str, int]) -> object | None:
    with _cache_lock:
        state = _cache.get(key)
        if state is not None:
            _cache.move_to_end(key)
        return state


def remember_state(key: tuple[str, int], state: object) -> None:
    with _cache_lock:
        _cache[key] = state
        _cache.move_to_end(key)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)


def clear_cache() -> None:
    with _cache_lock:
        _cache.clear()


def state_of(session: Session, row: TableRow) -> object:
    key = (row.id, row.version)
    state = _cached(key)
    if state is None:
        state = _load_state(session, row)
        remember_state(key, state)
    return state


_codes: dict[str, str] = {}


def code_fingerprint_of(module: GameRules) -> str:
    """A fingerprint of the code that folds ``module``'s states (its package's sources and
    the fold protocol): a snapshot pickled by other code is not trusted to unpickle into
    the same state."""
    code = _codes.get(str(module.source))
    if code is None:
        files = {Path(protocol.__file__)}
        path = module.source
        files |= (
            set(path.parent.rglob("*.py"))  # its sub-packages too (a fold's own modules)
            if (path.parent / "__init__.py").is_file() and path.parent.name != "tests"
            else {path}
        )
        code = _codes[str(module.source)] = fingerprint.of_files(sorted(files))
    return code


K = TypeVar("K")
V = TypeVar("V")


def _mapping_proxy(items: dict[K, V]) -> MappingProxyType[K, V]:
    return MappingProxyType(items)


def _reduce_proxy(
    proxy: MappingProxyType[K, V],
) -> tuple[Callable[[dict[K, V]], MappingProxyType[K, V]], tuple[dict[K, V]]]:
    return _mapping_proxy, (dict(proxy),)


#: How a snapshot pickles what pickle alone cannot: the read-only mappings that frozen
#: states hold (Bison's board).
_REDUCERS = {**copyreg.dispatch_table, MappingProxyType: _reduce_proxy}


def pickled_state(state: object) -> bytes | None:
    buffer = io.BytesIO()
    pickler = pickle.Pickler(buffer, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.dispatch_table = _REDUCERS
    try:
        pickler.dump(state)
        return buffer.getvalue()
    except (pickle.PicklingError, TypeError, AttributeError):
        log.warning("a %s state cannot be pickled: no snapshot", type(state).__name__)
        return None


def save_snapshot(session: Session, row: TableRow, module: GameRules, blob: bytes | None) -> None:
    """Keep the state at ``row.version``; drop the older ones but every SNAPSHOT_EVERY-th."""
    if blob is None:
        return
    session.add(
        StateRow(table_id=row.id, version=row.version, code=code_fingerprint_of(module), state=blob)
    )
    session.execute(
        delete(StateRow).where(
            StateRow.table_id == row.id,
            StateRow.version < row.version,
            StateRow.version % SNAPSHOT_EVERY != 0,
        )
    )
    session.flush()


def snapshot_base(
    session: Session,
    row: TableRow,
    module: GameRules,
    undos: Sequence[tuple[int, int]],
    below: int,
) -> tuple[int, object] | None:
    """The newest usable snapshot older than ``below``: ``(version, state)``, or None.

    The snapshot at version v is the fold of the changes in effect at v; it is the fold of
    the changes up to v in effect NOW unless a later undo cancelled one of them: so it is
    usable when every undo after v cancels a change after v (``undos``: (seq, undoes))."""
    candidates = session.scalars(
        select(StateRow.version)
        .where(
            StateRow.table_id == row.id,
            StateRow.code == code_fingerprint_of(module),
            StateRow.version < below,
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


def _load_state(session: Session, row: TableRow) -> object:
    """The state at ``row.version``: its snapshot, else the nearest usable one plus the
    changes after it, else the fold of every event."""
    module = rules_of(row.game)
    blob = session.scalar(
        select(StateRow.state).where(  # the usual case: one query
            StateRow.table_id == row.id,
            StateRow.version == row.version,
            StateRow.code == code_fingerprint_of(module),
        )
    )
    if blob is not None:
        try:
            return pickle.loads(blob)
        except Exception:  # a damaged snapshot: fold from an older one or the events
            log.warning("snapshot %s@%s does not unpickle", row.id, row.version)
    undos = undo_pairs(session, row.id)
    base = snapshot_base(session, row, module, undos, below=row.version)
    if base is None or base[1] is None:
        return fold_events(row, event_rows(session, row))
    version, state = base
    if version == row.version:
        return state
    later = session.scalars(
        select(EventRow)
        .where(EventRow.table_id == row.id, EventRow.seq > version)
        .order_by(EventRow.seq)
    ).all()
    return replay_events(module, players_of(row), row.settings, later, blame=None, start=state)
