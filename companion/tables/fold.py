"""The fold: a table's state is its game's ``apply`` over the changes in effect (not
undos, not undone by one); a change whose outcome depends on another seat's secret is
refused to a phone that does not hold it (``secret_refusal``, issue 27)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from companion.models import EventRow, TableRow
from companion.tables.checks import UNDO
from companion.tables.errors import UndoBlocked
from companion.tables.view import EVERYTHING, Viewer, players_of, rules_of
from games.errors import HiddenRuleError, RuleError
from games.table import GameRules, Player


def live_events(events: Sequence[EventRow]) -> list[EventRow]:
    """The changes that count: not undo events, not undone by one."""
    undone = {e.undoes for e in events if e.type == UNDO}
    return [e for e in events if e.type != UNDO and e.seq not in undone]


def fold_events(row: TableRow, events: Sequence[EventRow]) -> object:
    return _fold_rows(rules_of(row.game), players_of(row), row.settings, events)


def _worded_for(error: RuleError, viewer: Viewer) -> RuleError:
    """``error`` as the phone asking may read it: a refusal naming another seat's hidden
    value says the rule without it (``HiddenRuleError.public``); its own seat's reads
    exactly (issue 27, F1)."""
    if not isinstance(error, HiddenRuleError):
        return error
    shown = error if viewer is EVERYTHING else error.for_seat(viewer)
    # A plain refusal again: the games' refusal wording treats every RuleError alike.
    return RuleError(shown.template, **shown.params)


def secrets_gate(
    module: GameRules, state: object, event: Mapping[str, object], viewer: Viewer
) -> RuleError | None:
    """The refusal when ``event``'s outcome depends on a seat's hidden value the phone
    asking does not hold (the game's ``secret_refusal``), else None."""
    secret = module.secret_refusal(state, event) if viewer is not EVERYTHING else None
    if secret is None or secret.seat == viewer:
        return None
    return RuleError(secret.template, **secret.params)


def apply_event(
    module: GameRules,
    state: object,
    event: Mapping[str, object],
    viewer: Viewer,
    gate: RuleError | None,
) -> object:
    """``module.apply`` as the phone asking may learn its outcome: a public refusal as it
    is; when the change depends on a secret it does not hold (``gate``), that one refusal
    whether the rules allow the change or not (the game checks every public fact first)."""
    try:
        new_state = module.apply(state, event)
    except HiddenRuleError as error:
        raise gate if gate is not None else _worded_for(error, viewer) from None
    if gate is not None:
        raise gate
    return new_state


def _fold_rows(
    module: GameRules,
    players: Sequence[Player],
    settings: Mapping[str, object],
    rows: Sequence[EventRow],
) -> object:
    return replay_events(module, players, settings, rows, blame=None)


def replay_events(
    module: GameRules,
    players: Sequence[Player],
    settings: Mapping[str, object],
    rows: Sequence[EventRow],
    *,
    blame: Callable[[Mapping[str, object]], Mapping[str, object]] | None,
    start: object = None,
    viewer: Viewer = EVERYTHING,
) -> object:
    """The fold of the changes in effect; with ``blame`` (how the asking seat may see an
    event), a refusal is an ``UndoBlocked`` naming the change that is no longer allowed,
    worded for ``viewer``. ``start``: a snapshot's state, ``rows`` then every event after it."""
    state = module.new_state(players, settings) if start is None else start
    for event in live_events(rows):
        try:
            state = module.apply(state, event.payload)
        except RuleError as error:
            if blame is None:
                raise
            template, params = module.describe(blame(event.payload), players)
            problem = _worded_for(error, viewer)
            raise UndoBlocked(event.seq, template, params, problem) from None
    return state
