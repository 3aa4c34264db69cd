"""The games' tests' one way to expect a refusal, and to compare one with a result."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TypeVar

import pytest

from games.errors import RuleError


def refused(message: str) -> pytest.RaisesContext[RuleError]:
    """Expect a ``RuleError`` whose English text is exactly ``message``."""
    return pytest.raises(RuleError, match="^" + re.escape(message) + "$")


T = TypeVar("T")


def outcome(step: Callable[[], T]) -> T | str:
    """What ``step`` gives, or the English text of its refusal: two ways to the same move
    (a typed change and its JSON) compare as the same state or the same refusal."""
    try:
        return step()
    except RuleError as error:
        return str(error)
