"""Where a table plays and its time zone (issue 35): what a play tells BG Stats.

Glossary
--------
location
    The place the host typed on the create form ("Ann's kitchen"), cleaned as a player's
    name is (``games.table.clean_name``), at most ``LOCATION_MAX`` characters; empty means
    none: a play then names no place (never the app's name).
time zone
    The IANA name of the creating phone's zone (the create form's hidden field, filled by
    app.js), so a play's date is the table's local time. A name the server does not know
    is no zone (the date is then UTC); it is never an error, the player typed nothing.
"""

from __future__ import annotations

from functools import cache
from zoneinfo import ZoneInfo, available_timezones

from games.errors import N_, RuleError
from games.table import clean_name

LOCATION_MAX = 80


def check_location(raw: object) -> str | None:
    """The location as stored (None: none given); ``RuleError`` for a non-text or one
    longer than ``LOCATION_MAX``."""
    if raw is None:
        return None
    if not isinstance(raw, str):
        raise RuleError(N_("the place must be text"))
    place = clean_name(raw)
    if len(place) > LOCATION_MAX:
        raise RuleError(N_("the place has at most {count} characters"), count=LOCATION_MAX)
    return place or None


@cache
def _zones() -> frozenset[str]:
    return frozenset(available_timezones())


def known_zone(raw: object) -> str | None:
    """``raw`` when it names a time zone this server knows, else None."""
    return raw if isinstance(raw, str) and len(raw) <= 64 and raw in _zones() else None


def zone_info(name: str | None) -> ZoneInfo | None:
    """The zone of a stored name (None: none, or no longer known)."""
    return ZoneInfo(name) if name is not None and name in _zones() else None
