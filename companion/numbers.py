"""Whole numbers as a URL, a query string, a header or a form carries them: shared by the
pages and the JSON API (which imports nothing from the pages)."""

from __future__ import annotations

import re

#: A short whole number as a URL or a form carries one: ASCII digits only ("²" and "٣" are
#: digits to ``str.isdigit`` but not to ``int``), at most 9 of them (``int`` refuses more
#: than 4300, and no seat, version or zoom needs 10).
SMALL_NUMBER = re.compile(r"[0-9]{1,9}")


def small_number(raw: str | None) -> int | None:
    """``raw`` as a whole number from 0 to 999 999 999, or None."""
    if raw is None or not SMALL_NUMBER.fullmatch(raw):
        return None
    return int(raw)
