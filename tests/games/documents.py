"""Bad inputs for a contract's tests: a good document with one field changed or removed."""

from __future__ import annotations

import copy
from typing import Any


def edited(base: Any, path: str, value: Any = None, *, delete: bool = False) -> Any:
    """A deep copy of ``base`` with the field at ``path`` (``"tiles.1.edges"``: keys and
    list indices) set to ``value``, or removed with ``delete``."""
    doc = copy.deepcopy(base)
    *parents, last = path.split(".")
    target = doc
    for key in parents:
        target = target[int(key)] if isinstance(target, list) else target[key]
    key = int(last) if isinstance(target, list) else last
    if delete:
        del target[key]
    else:
        target[key] = value
    return doc
