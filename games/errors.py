"""The one domain exception of every rules core, and the marker for translatable text.

A rule refusal must reach a player as a sentence in their language. The rules core is
standard library only, so it cannot call Flask-Babel; instead it raises ``RuleError`` with
an English *template* marked by ``N_`` (extracted by Babel like ``gettext``) and the values
to put into it. The companion translates the template and then formats it; the CLI and the
tests use ``str(error)``, the English sentence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


class Term(str):
    """A game word put into a message (an action, a food, an item), translated with it.

    ``RuleError(N_("you cannot {action} now"), action=Term(N_("drink")))`` reads
    "you cannot drink now" in English and is fully translated by ``translated``.
    """

    __slots__ = ()


def N_(template: str) -> str:  # the conventional name Babel extracts
    """Mark ``template`` for translation without translating it here."""
    return template


class RuleError(ValueError):
    """A move, a setting or an input the rules refuse.

    ``template`` is an English sentence with ``{name}`` placeholders, ``params`` the values.
    ``str(error)`` is the formatted English sentence.
    """

    def __init__(self, template: str, **params: Any) -> None:
        self.template = template
        self.params: Mapping[str, Any] = params
        super().__init__(template.format(**params) if params else template)

    def translated(self, gettext: Any) -> str:
        """The message in the reader's language, given a ``gettext`` function."""
        text = gettext(self.template)
        if not self.params:
            return text
        params = {
            name: gettext(value) if isinstance(value, Term) else value
            for name, value in self.params.items()
        }
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            # A translation that lost a placeholder must not hide the refusal: say it in
            # English rather than fail.
            return str(self)
