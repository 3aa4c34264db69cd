"""The games' tests' one way to expect a refusal, and to compare two ways of making a change."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

import pytest

from games.errors import RuleError


def refused(message: str) -> pytest.RaisesContext[RuleError]:
    """Expect a ``RuleError`` whose English text is exactly ``message``."""
    return pytest.raises(RuleError, match="^" + re.escape(message) + "$")


State = TypeVar("State")


def outcome(step: Callable[[], State]) -> State | str:
    """What ``step`` makes, or the words of its refusal: two ways of making one change
    (the typed change, its stored JSON) agree when their outcomes are equal."""
    try:
        return step()
    except RuleError as error:
        return str(error)
