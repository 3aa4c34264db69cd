"""The one change path: every change to a table — a panel form, a Bison tap, the JSON API,
an undo from any of them — is made by ``apply_change``, so the rate limit, the acting
seat and what a refusal may tell are the same whichever door a change comes in by.

Glossary
--------
change
    What a door asks for: ``Append`` (one event, as the game's fold takes it),
    ``AppendAll`` (several events in order, stored all or none: a photo's confirmation) or
    ``Undo`` (a change named by its seq, or the latest in effect about a seat, or made by a
    seat's phone, or the table's latest).
outcome
    What became of it, a value: ``Changed`` (the table after it), ``Refused`` (the rules,
    or the change's own fields, said no; nothing stored; for ``AppendAll`` it names the
    event refused) or ``Stale`` (the caller named a
    version the table is no longer at; nothing stored). Each door turns it into its own
    answer: the pages into a panel, a page or a redirect (companion.pages.panel), the API
    into JSON (companion.api).
refusal wording
    How a game's panel words a ``RuleError`` (A Dog's Life names dogs in the reader's
    language); ``rule_error_message`` unless the panel declares its own
    (its ``plugs.Panel``'s ``refusal``). A ``Wording`` is told whether a page shows the refusal
    (``page=True``) or the API answers it (Bison: a page says a malformed field in a
    player's sentence, the API names the field).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from flask_babel import gettext

from companion import security, tables
from companion.i18n import rule_error_message
from companion.plugs import panel_of
from games.errors import RuleError
from games.table import Target


@dataclass(frozen=True, slots=True)
class Append:
    """Append ``event`` (a JSON object; the game's fold checks every field)."""

    event: Mapping[str, object]


@dataclass(frozen=True, slots=True)
class AppendAll:
    """Append ``events`` in order, each folded on the state those before it made, in one
    transaction: all are stored (one seq and one version each) or none. It counts as one
    change against the rate limit and is announced once."""

    events: tuple[Mapping[str, object], ...]


@dataclass(frozen=True, slots=True)
class Undo:
    """Undo one change: ``seq`` names it; ``seat``: the latest change in effect whose own
    ``seat`` field (as posted) is that seat; ``by_seat``: the latest change in effect made
    by the phone that held that seat; none of them: the table's latest change in effect.
    At most one, each as the caller sent it (JSON): ``tables.undo`` refuses what is not
    a seat or a seq, naming the field."""

    seq: object = None
    seat: object = None
    by_seat: object = None


Change = Append | AppendAll | Undo


@dataclass(frozen=True, slots=True)
class Changed:
    """The change is stored: ``table`` is the table after it."""

    table: tables.TableView


@dataclass(frozen=True, slots=True)
class Refused:
    """Nothing stored: the rules (or the change's fields) refused it. ``error`` tells no
    secret the acting seat may not see (``tables.append``'s ``viewer``); ``table`` is the
    table as the caller read it. ``line``: which of an ``AppendAll``'s events was refused
    (1: the first); None for the other changes, and when the refusal is about them all
    (the table's room)."""

    table: tables.TableView
    error: RuleError
    line: int | None = None

    def message(self, *, page: bool = True) -> str:
        """The refusal in the reader's language, worded by the game's panel for a page
        (``page``) or for the API."""
        return refusal_message(self.table.game, self.error, page=page)


@dataclass(frozen=True, slots=True)
class Stale:
    """Nothing stored: the caller named version ``expected``; the table is at ``actual``.
    ``target``: for a change sent with the version its phone saw (``seen_version``), what
    another phone changed meanwhile that this change touches too (issue 35)."""

    table: tables.TableView
    expected: int
    actual: int
    target: Target | None = None

    def target_name(self) -> str | None:
        """What moved on, in the reader's language (None: the whole version)."""
        return None if self.target is None else self.target.name.render(gettext)


Outcome = Changed | Refused | Stale


def apply_change(
    table: tables.TableView,
    change: Change,
    *,
    by: int | None,
    expected_version: int | None = None,
    seen_version: int | None = None,
    own_changes: frozenset[int] = frozenset(),
) -> Outcome:
    """Make ``change`` to ``table`` (as the caller read it) in one transaction, as the seat
    ``by`` (None: a phone or a client that holds no seat): stored on the event, and the
    seat whose secrets the answer may tell. ``expected_version``: make it only at that
    version, else ``Stale``. ``seen_version``: the version the phone showed when the change
    was made (a tap sent late): ``Stale`` naming the target only when another phone changed
    what the change touches since (issue 35; ``Append`` and ``AppendAll``), not counting
    ``own_changes`` (the versions the same phone's changes made since). Past the
    phone's rate limit of changes (or of undos), a 429 (``flask_limiter``'s, answered by
    the door's error handler); ``tables.TableNotFound`` when the table is gone."""
    undoing = isinstance(change, Undo)
    limit = security.undo_limit if undoing else security.event_limit
    scope = "table-undos" if undoing else "table-changes"
    with security.limiter.shared_limit(limit, scope=scope):  # 429 past it; AppendAll: one
        pass
    try:
        if isinstance(change, Undo):
            changed = tables.undo(
                table.id,
                seat=change.by_seat,
                seq=change.seq,
                about=change.seat,
                by=by,
                expected_version=expected_version,
                viewer=by,
            )
        else:  # one event is a list of one (tables.append is the same, refusing it as is)
            changed = tables.append_all(
                table.id,
                [change.event] if isinstance(change, Append) else change.events,
                seat=by,
                expected_version=expected_version,
                seen_version=seen_version,
                own_changes=own_changes,
                viewer=by,
            )
    except tables.VersionConflict as conflict:
        return Stale(table, conflict.expected, conflict.actual, conflict.target)
    except tables.LineRefused as refused:  # the game's refusal, worded as the game words it
        line = refused.line if isinstance(change, AppendAll) else None
        return Refused(table, refused.problem, line=line)
    except RuleError as error:
        return Refused(table, error)
    return Changed(changed)


def refusal_message(game: str, error: RuleError, *, page: bool = True) -> str:
    """``error`` in the reader's language, worded by ``game``'s panel for a page
    (``page``) or for the API."""
    panel = panel_of(game)
    wording = panel.refusal if panel is not None else None
    return str(wording(error, page) if wording is not None else rule_error_message(error))
