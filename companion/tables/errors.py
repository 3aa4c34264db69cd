"""The table service's own errors: a refusal a player reads is a ``RuleError``
(translated, names what is wrong); a missing table and a stale version are not rules."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from games.errors import N_, RuleError, localize
from games.table import Target


class TableNotFound(LookupError):
    """No table has this id (or join code)."""


class UnknownJoinCode(TableNotFound):
    """No table has this join code: ``problem`` says so with the code the player typed."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code
        self.problem = RuleError(N_("no table has the code {code}"), code=code)


class SeatHeld(RuleError):
    """The seat is held by another phone; ``take_seat(..., force=True)`` takes it over."""

    def __init__(self, seat: int, name: str) -> None:
        super().__init__(N_("{name}'s seat is open on another phone"), name=name)
        self.seat = seat


class UndoBlocked(RuleError):
    """Undoing the change would make a later change illegal: that change is named."""

    def __init__(
        self, seq: int, template: str, params: Mapping[str, object], problem: RuleError
    ) -> None:
        super().__init__(
            N_("this cannot be undone: change {seq} ({change}) depends on it: {problem}"),
            seq=seq,
            change=template.format(**params) if params else template,
            problem=str(problem),
        )
        self.seq = seq
        self.change_template = template
        self.change_params = dict(params)
        self.problem = problem

    def translated(self, gettext: Callable[[str], str]) -> str:
        change = _localized(self.change_template, self.change_params, gettext)
        try:
            return str(gettext(self.template)).format(
                seq=self.seq, change=change, problem=self.problem.translated(gettext)
            )
        except (KeyError, IndexError, ValueError):
            return str(self)


class LineRefused(RuleError):
    """One of the events ``append_all`` was given is refused, so none is stored: ``line``
    names it (1: the first); ``problem`` is the refusal, which this error reads as."""

    def __init__(self, line: int, problem: RuleError) -> None:
        super().__init__(problem.template, **problem.params)
        self.line = line
        self.problem = problem

    def translated(self, gettext: Callable[[str], str]) -> str:
        return self.problem.translated(gettext)


def _localized(template: str, params: Mapping[str, object], gettext: Callable[[str], str]) -> str:
    text = str(gettext(template))
    if not params:
        return text
    try:
        return text.format(**{k: localize(v, gettext) for k, v in params.items()})
    except (KeyError, IndexError, ValueError):
        return template.format(**params)


class VersionConflict(Exception):
    """The caller's ``expected_version`` is not the table's version; or, for a change
    sent with the version its phone saw (``seen_version``), ``target`` is what another
    phone changed meanwhile that this change touches too (issue 35)."""

    def __init__(self, expected: int, actual: int, target: Target | None = None) -> None:
        super().__init__(f"expected version {expected}, the table is at version {actual}")
        self.expected = expected
        self.actual = actual
        self.target = target


class ImportProblem(RuleError):
    """A rule refusal inside an imported file, prefixed with the event it concerns."""

    def __init__(self, number: int, problem: RuleError) -> None:
        super().__init__(N_("event {number}: {problem}"), number=number, problem=str(problem))
        self.problem = problem

    def translated(self, gettext: Callable[[str], str]) -> str:
        text = str(gettext(self.template))
        return text.format(number=self.params["number"], problem=self.problem.translated(gettext))
