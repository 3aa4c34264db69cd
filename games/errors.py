"""The one domain exception of every rules core, and the marker for translatable text.

A rule refusal must reach a player as a sentence in their language. The rules core is
standard library only, so it cannot call Flask-Babel; instead it raises ``RuleError`` with
an English *template* marked by ``N_`` (extracted by Babel like ``gettext``) and the values
to put into it. The companion translates the template and then formats it; the CLI and the
tests use ``str(error)``, the English sentence.

Game words inside a message are parameters too: a ``Term`` (one word) or a ``TermList``
(counted words, "bear ×2, grape ×1"). ``localize`` puts any parameter into the reader's
language; ``RuleError.translated`` and the companion's history lines both use it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any


class Term(str):
    """A game word put into a message (an action, a food, an item), translated with it.

    ``RuleError(N_("you cannot {action} now"), action=Term(N_("drink")))`` reads
    "you cannot drink now" in English and is fully translated by ``translated``.
    """

    __slots__ = ()


class TermList(tuple[tuple[Term, int], ...]):
    """Counted game words put into a message as one list, each word translated with it.

    A bundle of goods such as "bear ×2, grape ×1" is not one word, so it cannot be a
    ``Term``; ``TermList(((Term(N_("bear")), 2), (Term(N_("grape")), 1)))`` reads that
    way in English (``str``), and ``localize`` writes it with every word translated. The
    ``×n`` form needs no plurals in any language. An empty list reads "": say "nothing" in
    a sentence of its own.
    """

    __slots__ = ()

    def __new__(cls, items: Iterable[tuple[Term, int]] = ()) -> TermList:
        return super().__new__(cls, ((word, count) for word, count in items))

    def render(self, gettext: Callable[[str], str]) -> str:
        """The list with each word passed through ``gettext``."""
        return ", ".join(f"{localize(word, gettext)} ×{count}" for word, count in self)

    def __str__(self) -> str:
        return self.render(str)

    def __repr__(self) -> str:
        return f"TermList({tuple(self)!r})"


class Phrase:
    """A part of a sentence with its own ``N_`` template and parameters, translated whole.

    "the prairie of B07" is not one word: ``Phrase(N_("the {terrain} of {tile}"),
    terrain=Term(N_("prairie")), tile="B07")`` lets each language order it; ``localize``
    writes it translated. Phrases may nest and be put in a ``PhraseList``.
    """

    __slots__ = ("params", "template")

    def __init__(self, template: str, **params: Any) -> None:
        self.template = template
        self.params: Mapping[str, Any] = params

    def render(self, gettext: Callable[[str], str]) -> str:
        text = gettext(self.template)
        params = {name: localize(value, gettext) for name, value in self.params.items()}
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            return self.template.format(**{k: localize(v, str) for k, v in self.params.items()})

    def __str__(self) -> str:
        return self.render(str)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __repr__(self) -> str:
        return f"Phrase({self.template!r}, **{dict(self.params)!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Phrase)
            and self.template == other.template
            and dict(self.params) == dict(other.params)
        )

    def __hash__(self) -> int:
        return hash(self.template)


class PhraseList(tuple[Phrase, ...]):
    """Several phrases in one parameter, joined by the translated ``"; "``."""

    __slots__ = ()

    def render(self, gettext: Callable[[str], str]) -> str:
        return gettext(N_("; ")).join(phrase.render(gettext) for phrase in self)

    def __str__(self) -> str:
        return self.render(str)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)


class Plural(str):
    """A counted phrase whose words follow its number ("1 turkey", "4 turkeys"; it "12
    bisonti"), made by ``ngettext``: the two English forms with a ``{num}`` placeholder,
    and the number. ``str`` is the English form with the number in it; ``localize`` picks
    the reader's form (the catalog's plural rule when given its ``ngettext``)."""

    singular: str
    plural: str
    num: int

    def __new__(cls, singular: str, plural: str, num: int) -> Plural:
        made = super().__new__(cls, (singular if num == 1 else plural).format(num=num))
        made.singular, made.plural, made.num = singular, plural, num
        return made

    def render(
        self,
        gettext: Callable[[str], str],
        ngettext: Callable[[str, str, int], str] | None = None,
    ) -> str:
        if ngettext is not None:
            text = ngettext(self.singular, self.plural, self.num)
        else:  # English's rule: one, or more than one
            text = gettext(self.singular if self.num == 1 else self.plural)
        try:
            return text.format(num=self.num)
        except (KeyError, IndexError, ValueError):
            return str(self)


def ngettext(singular: str, plural: str, num: int) -> Plural:  # Babel's plural keyword
    """Mark a counted phrase for translation with its plural forms, without translating
    it here (``games`` is standard library only): ``ngettext("{num} turkey", "{num}
    turkeys", 4)`` is a ``Plural`` the companion words in the reader's language."""
    return Plural(singular, plural, num)


def localize(
    value: Any,
    gettext: Callable[[str], str],
    ngettext: Callable[[str, str, int], str] | None = None,
) -> Any:
    """A message parameter in the reader's language.

    A ``Term`` is translated, a ``TermList`` written with translated words, a ``Phrase``
    (or ``PhraseList``) translated whole, a ``Plural`` in the form its number takes (the
    catalog's ``ngettext`` when given); any other value (a name, a number, a bad input
    quoted back) is left as it is.
    """
    if isinstance(value, Plural):
        return value.render(gettext, ngettext)
    if isinstance(value, Term):
        return gettext(value)
    if isinstance(value, TermList | Phrase | PhraseList):
        return value.render(gettext)
    return value


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
        text = str(gettext(self.template))
        if not self.params:
            return text
        params = {name: localize(value, gettext) for name, value in self.params.items()}
        try:
            return text.format(**params)
        except (KeyError, IndexError, ValueError):
            # A translation that lost a placeholder must not hide the refusal: say it in
            # English rather than fail.
            return str(self)


class HiddenRuleError(RuleError):
    """A refusal that tells a seat's hidden value (a herd, a carried newspaper's address).

    Only the phone holding ``seat`` may read it as it is; every other phone is told
    ``public`` instead, which says the same rule without the value (issue 27, F1). A game
    raises it only while that value is hidden (before the game ends).
    """

    def __init__(self, seat: int, public: RuleError, template: str, **params: Any) -> None:
        super().__init__(template, **params)
        self.seat = seat
        self.public = public

    def for_seat(self, viewer: int | None) -> RuleError:
        """The refusal as the phone holding ``viewer`` (None: no seat) may read it."""
        return self if viewer == self.seat else self.public


class SeatOnly(RuleError):
    """A change whose outcome would tell ``seat``'s hidden value: while it is hidden, every
    other phone is refused with this one sentence, whether the rules would allow the change
    or not, so that trying changes finds nothing out (issue 27, F1 and F2)."""

    def __init__(self, seat: int, template: str, **params: Any) -> None:
        super().__init__(template, **params)
        self.seat = seat
