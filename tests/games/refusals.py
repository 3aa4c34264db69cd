"""The games' tests' one way to expect a refusal."""

from __future__ import annotations

import re

import pytest

from games.errors import RuleError


def refused(message: str) -> pytest.RaisesContext[RuleError]:
    """Expect a ``RuleError`` whose English text is exactly ``message``."""
    return pytest.raises(RuleError, match="^" + re.escape(message) + "$")
