"""Reading a whole number or a seat out of an event, a document or a form: one reader each,
with one message each, so every game and the companion refuse them in the same words.

A whole number is an ``int`` (``true`` and ``false`` are not numbers, whatever Python says);
a seat is one of ``0 … players - 1``. Standard library only, like the rest of ``games``.
"""

from __future__ import annotations

from games.errors import N_, RuleError

#: The one refusal of a whole number; ``span`` is empty (any whole number) or reads " (0–5)"
#: or " (≥ 1)", the same in every language.
WHOLE_NUMBER = N_("{field} must be a whole number{span}")
#: The one refusal of a seat.
SEAT = N_("seat must be a whole number from 0 to {last}")


def span(low: int | None, high: int | None = None) -> str:
    """The range a whole number must be in, as the message prints it ("" for any)."""
    if low is None:
        return "" if high is None else f" (≤ {high})"
    return f" (≥ {low})" if high is None else f" ({low}–{high})"


def whole_number(value: object, field: str, low: int | None = 0, high: int | None = None) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (None: no bound that
    side), else a refusal naming ``field``."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or (low is not None and value < low)
        or (high is not None and value > high)
    ):
        raise RuleError(WHOLE_NUMBER, field=field, span=span(low, high))
    return value


def read_whole(text: str, field: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number typed in a form field or a link (``int`` of the stripped text), in
    ``low`` … ``high``, else the same refusal as :func:`whole_number`."""
    try:
        value: object = int(text.strip())
    except ValueError:
        value = None
    return whole_number(value, field, low, high)


def seat(value: object, players: int) -> int:
    """``value`` if it is a seat at a table of ``players``, else a refusal."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise RuleError(SEAT, last=players - 1)
    return value
