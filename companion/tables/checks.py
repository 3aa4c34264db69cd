"""What a table may hold: the limits (players, event size and count, nesting) and the
checks every input passes (JSON, settings, events, seats, seqs) before anything is stored."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import cast, overload

from flask import current_app

from companion import config, models, registry
from companion.tables.errors import TableNotFound
from companion.tables.view import rules_of
from games import fields
from games.changes import JSON, JSONObject
from games.errors import N_, RuleError
from games.table import GameRules, Player, players_from_json

#: Join codes avoid characters that are easy to confuse when read aloud or typed:
#: no 0/O/Q/D, no 1/I/L, no 2/Z, no 5/S, no 8/B, no U/V.
JOIN_ALPHABET = "34679ACEFGHJKMNPRTWXY"


JOIN_CODE_LENGTH = 6


UNDO = "undo"


MAX_EVENT_KEYS = 50


MAX_PLAYERS = 8


#: How deep players, settings and events may nest: the games' own events go 4 levels deep
#: (bison's exchanges); the bound keeps a crafted body from exhausting the stack.
MAX_DEPTH = 16


#: A table's id (``companion.models.TABLE_ID``, the one pattern).
TABLE_ID = models.TABLE_ID


#: Text a database or a page cannot carry: NUL (PostgreSQL text) and lone surrogates
#: (``"\ud800"`` in JSON is no character: UTF-8 cannot encode it).
UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


#: The most one change may hold as posted, as compact UTF-8 JSON: the games' events are 50
#: to 400 bytes. Checked on the change as posted, never on what the game's ``prepare``
#: made of it: a delivery grows only when the dog carries that newspaper, so a bound on the
#: prepared event would tell a phone the hidden address (issue 33, F1).
MAX_EVENT_BYTES = 1024


#: The most one stored event may hold: a posted change plus what ``prepare`` records (the
#: cards drawn, the die, what happened; a few hundred bytes at most). Checked on the
#: prepared event only once the secrets gate let the change through (the phone may then
#: learn its outcome), and on every imported event; it gives the export of a table at the
#: event limit a known size.
MAX_STORED_EVENT_BYTES = 4 * MAX_EVENT_BYTES


def loads(data: str | bytes, depth: int = MAX_DEPTH) -> JSON:
    """Strict JSON (``fields.load_json``): ``ValueError`` for text that is not JSON and for
    ``NaN``/``Infinity``, the refusal naming ``depth`` for nesting deeper. Default: a
    change posted as the body nests as deep as ``clean`` allows (the body is its first
    level); an export's events sit 3 levels down (the import passes more)."""
    value: JSON = fields.load_json(data, depth)
    return value


@overload
def clean(value: str, depth: int = 0) -> str: ...
@overload
def clean(value: object, depth: int = 0) -> object: ...


def clean(value: object, depth: int = 0) -> object:
    """JSON data as it can be stored and shown: every NUL and lone surrogate in its text
    replaced by U+FFFD (as a form's undecodable bytes are), at most ``MAX_DEPTH`` deep."""
    if isinstance(value, str):
        return UNSTORABLE.sub("\ufffd", value)
    if depth >= MAX_DEPTH:
        if isinstance(value, Mapping | list):
            raise RuleError(fields.TOO_DEEP, depth=MAX_DEPTH)
        return value
    if isinstance(value, Mapping):
        return {clean(k): clean(v, depth + 1) for k, v in value.items()}
    if isinstance(value, list):
        return [clean(v, depth + 1) for v in value]
    return value


def clean_players(players: object) -> object:
    """``players`` as ``clean`` makes them, but a NUL in a name is removed rather than
    replaced by U+FFFD: ``clean_name`` drops every other control character, and a name
    typed with a NUL is the name without it (issue 33, F12)."""
    if isinstance(players, list):
        players = [
            {**p, "name": p["name"].replace("\x00", "")}
            if isinstance(p, Mapping) and isinstance(p.get("name"), str)
            else p
            for p in players
        ]
    return clean(players)


def check_id(table_id: str) -> str:
    if not TABLE_ID.fullmatch(table_id):
        raise TableNotFound(table_id)
    return table_id


def normalize_join_code(text: str) -> str:
    """What the player typed, as a code: case and spaces/dashes do not matter."""
    return "".join(ch for ch in text.upper() if ch not in " -\t")


def check_settings(settings: object) -> dict[str, object]:
    if settings is None:
        return {}
    if not isinstance(settings, Mapping):
        raise RuleError(N_("settings must be an object"))
    if len(settings) > MAX_EVENT_KEYS:
        raise RuleError(N_("too many settings"))
    return dict(settings)


@dataclass(frozen=True, slots=True)
class NewTable:
    """What a new table starts from, created or imported (``check_table``)."""

    game: str
    rules: GameRules
    players: tuple[Player, ...]
    settings: dict[str, object]


def check_table(game: object, players: object, settings: object) -> NewTable:
    """A new table's game, its players (1 to ``MAX_PLAYERS``; the game checks its own
    count) and its settings, cleaned, in that order; else the refusal of the first."""
    if not isinstance(game, str):
        raise RuleError(N_("game must be one of: {names}"), names=", ".join(registry.games()))
    module = rules_of(game)
    seated = players_from_json(clean_players(players), minimum=1, maximum=MAX_PLAYERS)
    return NewTable(game, module, seated, check_settings(clean(settings)))


def check_event(event: object, module: GameRules | None = None) -> JSONObject:
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
    fields = module.fields_of(kind) if module is not None else None
    if fields is not None:
        unknown = sorted(clean(str(name)) for name in event if name not in fields)
        if unknown:
            raise RuleError(
                N_("{type} does not take the field(s) {fields}; it takes: {known}"),
                type=kind,
                fields=", ".join(unknown),
                known=", ".join(sorted(fields)),
            )
    cleaned = cast(JSONObject, clean(dict(event)))  # an event is read from JSON (``loads``)
    # Read once by the game's typed changes (games.changes): a bad field is refused here,
    # at the edge, and what is stored is the change's own JSON.
    return module.read(cleaned) if module is not None else cleaned


def max_events() -> int:
    """Changes one table may hold (``CAMPFIRE_MAX_EVENTS``): storage and every fold stay
    bounded however long a table is played or attacked. Undos count until the limit is
    reached, and one is always allowed there: a table holds at most twice as many events."""
    return int(current_app.config.get("CAMPFIRE_MAX_EVENTS") or config.MAX_EVENTS)


def check_room(count: int, adding: int = 1) -> None:
    limit = max_events()
    if count + adding > limit:
        raise RuleError(
            N_(
                "this table has reached its limit of {count} changes; export it "
                "and continue on a new table"
            ),
            count=limit,
        )


def seat_or_none(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def whole_or_none(value: object, field: str, low: int, high: int | None = None) -> int | None:
    return None if value is None else fields.whole_number(value, field, low, high)


def compact(value: object) -> str:
    """``value`` as the shortest JSON (as stored: non-ASCII text as itself)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def within_size(payload: JSONObject, limit: int = MAX_EVENT_BYTES) -> JSONObject:
    """``payload`` when its compact JSON fits ``limit`` bytes (a change as posted: the
    default; a stored one: ``MAX_STORED_EVENT_BYTES``), else the refusal naming it."""
    if len(compact(payload).encode()) > limit:
        raise RuleError(N_("an event may hold at most {count} bytes of JSON"), count=limit)
    return payload
