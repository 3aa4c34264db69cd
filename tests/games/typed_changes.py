"""The games' typed-change tests' one round trip (games/changes.py): a change written as
a database row holds it and read back."""

from __future__ import annotations

import json
from typing import Any

from games.changes import Change, ChangeSet


def stored_again(change_set: ChangeSet[Any], change: Change) -> dict[str, Any]:
    """``change``'s JSON as a database row holds it, checked to read back as ``change``,
    under its own type and with only the fields its type takes."""
    stored: dict[str, Any] = json.loads(json.dumps(change.to_json()))
    assert change_set.from_json(stored) == change
    assert stored["type"] == change.kind
    assert set(stored) <= change_set.event_fields()[change.kind]
    return stored
