"""The games this project knows: the one list of games (issue 36, item 1). Each ``Game``
names everything of its game — its rules (with its outcome and scoring), the companion's
panel and printgen's kit — and the companion, the print kit and the CLI take their games
from it alone.

Glossary
--------
game id
    The name the API, the CLI and the URLs use: ``bison``, ``lion-square``, ``hunting-age``,
    ``dogs-life``.
package
    The game's package under ``games/`` (``lion_square``); the companion's templates
    (``templates/games/<package>/``) use the same name.
fold
    ``games.<package>.fold``: the event fold every table runs (``games.table.Fold``).
reference
    How a game names its panel and its kit: ``"module:attribute"``, the notation of a
    package's entry points (``pkgutil.resolve_name`` reads it). ``games/`` knows neither the
    companion nor printgen (the layers' direction), so it names them and never imports them;
    each layer resolves its own side (``companion.panels``, ``printgen.kit``) and a test
    resolves every reference of the list.
rules
    The game as the companion runs it (``games.table.Rules[State, Change]``, typed by its
    loader with the game's own state and change union): the fold, the player range
    and colours, the event fields, the optional hooks, ``outcome`` (the finished game's
    winners, ranks and tie-breaks: ``games.<package>.outcome``), and ``score`` for
    ``campfire score`` when the game has a scoring contract (docs/contracts.md).

Adding a game: its packages (``games/<package>/``, and when it has them
``companion/panels/<package>``, ``printgen/games/<package>.py``, ``templates/games/<package>/``),
one loader below and one ``Game`` in ``GAMES``; nothing else (docs/architecture.md, "How to
add a game").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from games.changes import ChangeSet
from games.errors import N_, RuleError, SeatOnly
from games.outcome import Outcome
from games.table import Change, Fold, GameRules, Player, Rules, Secrets, State, Target

if TYPE_CHECKING:  # each game's state and change types, named by its loader's return
    from games.bison.changes import BisonChange
    from games.bison.table.state import State as BisonState
    from games.dogs_life.changes import DogsChange
    from games.dogs_life.game import Game as DogsGame
    from games.hunting_age.changes import HuntingChange
    from games.hunting_age.fold import TableState as HuntingState
    from games.lion_square.changes import LionChange
    from games.lion_square.fold import State as LionState


@dataclass(frozen=True, slots=True)
class Game:
    """One game of the project: what a list of games shows, how to load its rules, and the
    references of its panel and its kit."""

    id: str
    package: str
    #: The display name, an ``N_`` template (translated where it is shown).
    title: str
    #: The game's rules. A function: listing the games (the CLI's help) does not import
    #: every fold (about 0.3 s).
    load: Callable[[], GameRules] = field(repr=False, compare=False)
    #: Whether ``campfire score`` scores a position of this game (its rules have ``score``).
    scorable: bool = False
    #: The companion's panel: a reference to its ``init_app(app)``
    #: (``companion.panels.<package>:init_app``); None shows the generic counters.
    panel: str | None = None
    #: The print-and-play kit: a reference to its ``printgen.plug.Kit``
    #: (``printgen.games.<package>:KIT``); None has printgen say the game has no kit yet.
    kit: str | None = None

    def rules(self) -> GameRules:
        """The game's fold and hooks (``games.table.Rules``)."""
        return self.load()


#: What an event touches (``Rules.targets``).
Targets = Callable[[Mapping[str, Any], Sequence[Player]], frozenset[Target]]


class _Listed(Fold[State], Protocol[State]):
    """A fold module as a loader lists it: its player range, colours and event fields."""

    @property
    def SEATS(self) -> tuple[int, int]: ...
    @property
    def SEAT_COLOURS(self) -> tuple[str, ...]: ...
    @property
    def EVENT_FIELDS(self) -> Mapping[str, frozenset[str]]: ...
    @property
    def __file__(self) -> str | None: ...


#: A secretive fold's state: its hooks only read one (a protocol's contravariant parameter).
Seen = TypeVar("Seen", contravariant=True)


class _Secretive(Protocol[Seen]):
    """A fold module with ``games.table.Secrets``' hooks under their names."""

    def view_json(self, state: Seen, viewer: int | None, /) -> dict[str, Any]: ...
    def view_counters(self, state: Seen, viewer: int | None, /) -> list[dict[str, Any]]: ...
    def view_event(
        self, state: Seen, event: Mapping[str, Any], viewer: int | None, /
    ) -> dict[str, Any]: ...
    def game_over(self, state: Seen, /) -> bool: ...
    def secret_refusal(self, state: Seen, event: Mapping[str, Any], /) -> SeatOnly | None: ...


def _rules(
    fold: _Listed[State],
    changes: ChangeSet[Change],
    targets: Targets,
    outcome: Callable[[State], Outcome | None],
) -> Rules[State, Change]:
    """The rules every game gives: its fold's, its typed changes, what its events touch
    and its outcome (the other optional hooks at their defaults). mypy reads the game's
    ``State`` off its fold module and checks the outcome, and every hook the loader adds,
    against it."""
    return Rules(
        fold=fold,
        changes=changes,
        source=Path(fold.__file__ or "."),  # a fold is a file (never a namespace package)
        seats=fold.SEATS,
        colours=fold.SEAT_COLOURS,
        event_fields=fold.EVENT_FIELDS,
        targets=targets,
        outcome=outcome,
    )


def _secrets(fold: _Secretive[State]) -> Secrets[State]:
    return Secrets(
        view_json=fold.view_json,
        view_counters=fold.view_counters,
        view_event=fold.view_event,
        game_over=fold.game_over,
        secret_refusal=fold.secret_refusal,
    )


# The loaders: each imports its game's modules when first asked (cached), and lists the
# game's hooks by name, so mypy checks every one against ``games.table``.


@cache
def _bison() -> Rules[BisonState, BisonChange]:
    from games.bison import changes, contract, fold, outcome

    rules = _rules(fold, changes.CHANGES, fold.targets, outcome.outcome)
    return replace(rules, score=contract.score)


@cache
def _lion_square() -> Rules[LionState, LionChange]:
    from games.lion_square import changes, contract, fold, outcome

    return replace(
        _rules(fold, changes.CHANGES, fold.targets, outcome.outcome),
        subject_seat=fold.subject_seat,
        secrets=_secrets(fold),
        score=contract.score,
    )


@cache
def _hunting_age() -> Rules[HuntingState, HuntingChange]:
    from games.hunting_age import changes, contract, fold, outcome

    rules = _rules(fold, changes.CHANGES, fold.targets, outcome.outcome)
    return replace(rules, whose_turn=fold.whose_turn, score=contract.score)


@cache
def _dogs_life() -> Rules[DogsGame, DogsChange]:
    from games.dogs_life import changes, fold, outcome

    rules = _rules(fold, changes.CHANGES, fold.targets, outcome.outcome)
    return replace(
        rules,
        whose_turn=fold.whose_turn,
        secrets=_secrets(fold),
        piece_colours=fold.piece_colours,
    )


#: Every game, in the order the project lists them (home page, print kit, CLI help): the one
#: list of games.
GAMES: tuple[Game, ...] = (
    Game(
        "bison",
        "bison",
        N_("Bison"),
        _bison,
        scorable=True,
        panel="companion.panels.bison:init_app",
        kit="printgen.games.bison:KIT",
    ),
    Game(
        "lion-square",
        "lion_square",
        N_("Lion Square"),
        _lion_square,
        scorable=True,
        panel="companion.panels.lion_square:init_app",
        kit="printgen.games.lion_square:KIT",
    ),
    Game(
        "hunting-age",
        "hunting_age",
        N_("Age of Hunting"),
        _hunting_age,
        scorable=True,
        panel="companion.panels.hunting_age:init_app",
        kit="printgen.games.hunting_age:KIT",
    ),
    Game(
        "dogs-life",
        "dogs_life",
        N_("A Dog's Life"),
        _dogs_life,
        panel="companion.panels.dogs_life:init_app",
        kit="printgen.games.dogs_life:KIT",
    ),
)


def ids() -> list[str]:
    """Every game id, in the project's order."""
    return [game.id for game in GAMES]


def scorable_ids() -> list[str]:
    """The ids ``campfire score`` accepts."""
    return [game.id for game in GAMES if game.scorable]


def find(game_id: object) -> Game | None:
    """The game of ``game_id``, or None."""
    return next((game for game in GAMES if game.id == game_id), None)


def get(game_id: object) -> Game:
    """The game of ``game_id``, or a ``RuleError`` listing the known ids."""
    game = find(game_id)
    if game is None:
        raise RuleError(N_("game must be one of: {names}"), names=", ".join(ids()))
    return game
