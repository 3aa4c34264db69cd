"""The table service: create tables, append events, undo, fold, history, export/import.

Every change is an event row appended with the table's next sequence number in one
transaction, after the game's fold (``games/<pkg>/fold.py``) accepted it. The state of a
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

One module per job; this package's names are the service's face (``from companion import
tables``), whichever module holds them:

``errors``     the service's own errors (``TableNotFound``, ``VersionConflict``, ...)
``checks``     the limits and the checks every input passes before anything is stored
``view``       ``TableView``, ``HistoryEntry``, who asks (``Viewer``, ``EVERYTHING``)
``rows``       the write lock, a new table row, events read and stored
``fold``       the fold of the changes in effect, and the secret gates (issue 27)
``snapshots``  the folded states kept, in this process and in the database
``reads``      ``get``, ``version``, ``find_by_code``, ``existing``, ``history``,
               ``newest_entry``, ``events``
``changes``    ``create``, ``append``, ``append_all``, ``undo``, ``undo_target``
``seats``      seats held by phones (tokens)
``transfer``   export and import
"""

from __future__ import annotations

from companion.tables.changes import append, append_all, create, undo, undo_target
from companion.tables.checks import (
    JOIN_ALPHABET,
    JOIN_CODE_LENGTH,
    MAX_DEPTH,
    MAX_EVENT_BYTES,
    MAX_EVENT_KEYS,
    MAX_PLAYERS,
    MAX_STORED_EVENT_BYTES,
    TABLE_ID,
    UNDO,
    UNSTORABLE,
    check_event,
    check_settings,
    clean,
    compact,
    loads,
    max_events,
    normalize_join_code,
)
from companion.tables.errors import (
    ImportProblem,
    LineRefused,
    SeatHeld,
    TableNotFound,
    UndoBlocked,
    UnknownJoinCode,
    VersionConflict,
)
from companion.tables.fold import live_events
from companion.tables.reads import (
    events,
    existing,
    find_by_code,
    get,
    history,
    newest_entry,
    version,
)
from companion.tables.seats import (
    RELEASED,
    SEAT_TOKEN,
    TAKEN_OVER,
    held_seats,
    is_held,
    lost_seat,
    release_seat,
    seat_of,
    take_seat,
    takeovers,
)
from companion.tables.snapshots import SNAPSHOT_EVERY, clear_cache
from companion.tables.transfer import (
    EARLIEST,
    EXPORT_EVENT_BYTES,
    EXPORT_FORMAT,
    EXPORT_VERSION,
    LATEST,
    export,
    export_text,
    import_bytes,
    import_table,
)
from companion.tables.view import EVERYTHING, HistoryEntry, TableView, Viewer
from games.errors import RuleError

__all__ = [
    "EARLIEST",
    "EVERYTHING",
    "EXPORT_EVENT_BYTES",
    "EXPORT_FORMAT",
    "EXPORT_VERSION",
    "JOIN_ALPHABET",
    "JOIN_CODE_LENGTH",
    "LATEST",
    "MAX_DEPTH",
    "MAX_EVENT_BYTES",
    "MAX_EVENT_KEYS",
    "MAX_PLAYERS",
    "MAX_STORED_EVENT_BYTES",
    "RELEASED",
    "SEAT_TOKEN",
    "SNAPSHOT_EVERY",
    "TABLE_ID",
    "TAKEN_OVER",
    "UNDO",
    "UNSTORABLE",
    "HistoryEntry",
    "ImportProblem",
    "LineRefused",
    "RuleError",
    "SeatHeld",
    "TableNotFound",
    "TableView",
    "UndoBlocked",
    "UnknownJoinCode",
    "VersionConflict",
    "Viewer",
    "append",
    "append_all",
    "check_event",
    "check_settings",
    "clean",
    "clear_cache",
    "compact",
    "create",
    "events",
    "existing",
    "export",
    "export_text",
    "find_by_code",
    "get",
    "held_seats",
    "history",
    "import_bytes",
    "import_table",
    "is_held",
    "live_events",
    "loads",
    "lost_seat",
    "max_events",
    "newest_entry",
    "normalize_join_code",
    "release_seat",
    "seat_of",
    "take_seat",
    "takeovers",
    "undo",
    "undo_target",
    "version",
]
