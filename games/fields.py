"""Reading a whole number or a seat out of an event, a document or a form: one reader each,
with one message each, so every game and the companion refuse them in the same words.

Also the one reader of JSON text a client sends (:func:`load_json`: strict, and bounded in
depth, so no parser or walker downstream can run out of stack on it).

A whole number is an ``int`` (``true`` and ``false`` are not numbers, whatever Python says);
a seat is one of ``0 … players - 1``. Both messages show the value received as JSON spells
it (:func:`show_value`): ``null``, ``true``, ``"abc"``, never a Python ``None``. The field is
named in the reader's words: a JSON key for a document or the API, a translated ``Term``
(a player word, issue 26) for a form. Standard library only, like the rest of ``games``.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable, Mapping
from typing import Any, Final

from games.errors import N_, Phrase, RuleError, Term

#: The one refusal of a whole number; ``span`` is empty (any whole number) or reads " (0–5)",
#: " (≥ 1)" or " (≤ 9)", the same in every language; ``value`` is :func:`show_value`'s.
WHOLE_NUMBER: Final = N_("{field} must be a whole number{span}, not {value}")
#: The one refusal of a seat.
SEAT: Final = N_("seat must be a whole number from 0 to {last}, not {value}")

#: The one refusal of a pair of whole numbers (a place on a hex board: ``[q, r]``).
PAIR: Final = N_("{field} must be [{names}], two whole numbers, not {value}")

#: The one refusal of a key an object may not hold (a document's field, a good, a player).
UNKNOWN_KEY: Final = N_("{place}: unknown {kind} {key}; expected one of: {allowed}")
#: The one refusal of a value that must be an object (its keys from ``allowed``).
NOT_AN_OBJECT: Final = N_("{place} must be an object (keys: {allowed}), not {value}")
#: What ``UNKNOWN_KEY`` calls a key when nothing more telling fits.
KEY: Final = Term(N_("key"))

#: The one refusal of JSON nested too deep (a body, a form's JSON field, a file).
TOO_DEEP: Final = N_("the data nests deeper than {depth} levels")

#: Longer renderings of a bad value are cut: a message stays one readable line.
SHOWN_LENGTH: Final = 40

# The kinds of value a message can only describe: words, translated with the sentence.
_A_LIST: Final = Term(N_("a list"))
_AN_OBJECT: Final = Term(N_("an object"))
_TOO_LONG: Final = Term(N_("a number too long to show"))


def show_value(value: object) -> str:
    """A bad input value as JSON writes it, for a message: ``true``, ``null``, ``"x"``.

    Strings are quoted and escaped (a quote or a newline cannot break the message); what
    would not fit on a line is summarised: ``"abc…"``, ``a number of 90 digits``, and a long
    list or object is described by a ``Term`` ("a list"), translated with the sentence.
    """
    try:
        text = json.dumps(value, ensure_ascii=False, default=repr)
    except ValueError:  # an int past Python's 4300 digits to print
        return _TOO_LONG
    try:
        text.encode()
    except UnicodeEncodeError:  # a lone surrogate: keep its \u escape, not a broken line
        text = json.dumps(value, default=repr)
    if len(text) <= SHOWN_LENGTH:
        return text
    if isinstance(value, str):
        return text[: SHOWN_LENGTH - 2] + '…"'
    if isinstance(value, Mapping):
        return _AN_OBJECT
    if isinstance(value, list | tuple):
        return _A_LIST
    return f"a number of {len(text.lstrip('-'))} digits"


def span(low: int | None, high: int | None = None) -> str:
    """The range a whole number must be in, as the message prints it ("" for any)."""
    if low is None:
        return "" if high is None else f" (≤ {high})"
    return f" (≥ {low})" if high is None else f" ({low}–{high})"


def refusal(
    value: object, field: str | Phrase, low: int | None = 0, high: int | None = None
) -> RuleError:
    """The one refusal of ``value`` where a whole number from ``low`` to ``high`` belongs
    (for a caller that checked more than :func:`whole_number` can, e.g. a pair)."""
    return RuleError(WHOLE_NUMBER, field=field, span=span(low, high), value=show_value(value))


def whole_number(
    value: object, field: str | Phrase, low: int | None = 0, high: int | None = None
) -> int:
    """``value`` if it is a whole number from ``low`` to ``high`` (None: no bound that
    side), else a refusal naming ``field``."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or (low is not None and value < low)
        or (high is not None and value > high)
    ):
        raise refusal(value, field, low, high)
    return value


def read_whole(text: str, field: str, low: int | None = None, high: int | None = None) -> int:
    """A whole number typed in a form field or a link (``int`` of the stripped text), in
    ``low`` … ``high``, else the same refusal as :func:`whole_number`, showing the text."""
    try:
        value = int(text.strip())
    except ValueError:
        raise refusal(text, field, low, high) from None
    return whole_number(value, field, low, high)


def pair(value: object, field: str, names: str = "q, r") -> tuple[int, int]:
    """``value`` as two whole numbers (a JSON list ``[a, b]``), else a refusal naming
    ``field`` and the two numbers' ``names``."""
    if (
        isinstance(value, list | tuple)
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        return (value[0], value[1])
    raise RuleError(PAIR, field=field, names=names, value=show_value(value))


def known_keys(
    keys: Iterable[object], allowed: Collection[str], place: str | Phrase, kind: str = KEY
) -> None:
    """Refuse the first of ``keys`` (an object's keys) that is not one of ``allowed``,
    naming the object's ``place`` and what its keys are (``kind``: a ``Term``)."""
    for key in keys:
        if key not in allowed:
            raise RuleError(
                UNKNOWN_KEY,
                place=place,
                kind=kind,
                key=show_value(key),
                allowed=", ".join(allowed),
            )


def one_of(
    value: object, known: Collection[str], refusal: str, name: str, names: str = "names"
) -> str:
    """``value`` if it is one of ``known``, else ``refusal``: an ``N_`` message naming the
    value as ``{<name>!r}`` and listing ``known`` as ``{<names>}`` ("unknown dog 'rex';
    expected one of: …"). Only a string is looked up: a list would not even hash."""
    if isinstance(value, str) and value in known:
        return value
    raise RuleError(refusal, **{name: value, names: ", ".join(known)})


def object_of(
    raw: object, allowed: Collection[str], place: str | Phrase, kind: str = KEY
) -> Mapping[str, Any]:
    """``raw`` if it is an object whose keys are all in ``allowed``, else the refusal of a
    non-object or of its first unknown key (:func:`known_keys`)."""
    if not isinstance(raw, Mapping):
        raise RuleError(
            NOT_AN_OBJECT, place=place, allowed=", ".join(allowed), value=show_value(raw)
        )
    known_keys(raw, allowed, place, kind)
    return raw


def seat(value: object, players: int) -> int:
    """``value`` if it is a seat at a table of ``players``, else a refusal."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise RuleError(SEAT, last=players - 1, value=show_value(value))
    return value


def load_json(text: str | bytes, depth: int) -> Any:
    """Strict JSON text as Python values, nesting at most ``depth`` arrays or objects
    (the outermost counts: ``[[1]]`` is 2 deep).

    A plain ``ValueError`` for text that is not JSON and for ``NaN``/``Infinity`` (Python's
    parser takes them; no other reader of a stored value does); the ``TOO_DEEP``
    ``RuleError`` (a ``ValueError`` too: catch it first) for nesting past ``depth``, or
    past what the parser's stack reaches (it raises ``RecursionError`` there, which a
    ``ValueError`` handler missed: issue 33, F6). The depth is measured without
    recursion, so nothing deeper ever reaches a recursive walker."""

    def constant(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    try:
        value = json.loads(text, parse_constant=constant)
    except RecursionError:
        raise RuleError(TOO_DEEP, depth=depth) from None
    if _depth(value, depth) > depth:
        raise RuleError(TOO_DEEP, depth=depth)
    return value


def _depth(value: Any, limit: int) -> int:
    """How deep ``value``'s arrays and objects nest (0 for a scalar), counted up to one
    past ``limit`` at most: a stack, not recursion."""
    deepest = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children: Iterable[Any] = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, level)
        if deepest > limit:
            break
        stack.extend((child, level + 1) for child in children)
    return deepest
