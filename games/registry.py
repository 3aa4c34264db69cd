"""The games this project knows: the one list the companion, the print kit, the CLI and the
game panels derive theirs from.

Glossary
--------
game id
    The name the API, the CLI and the URLs use: ``bison``, ``lion-square``, ``hunting-age``,
    ``dogs-life``.
package
    The game's package under ``games/`` (``lion_square``); the companion's templates
    (``templates/games/<package>/``), its panel (``companion.panels.<package>``) and the
    print kit's module (``printgen.games.<package>``) use the same name.
fold
    ``games.<package>.table``: the event fold every table runs (see ``games.table``).
contract
    ``games.<package>.contract``: ``score(document) -> dict`` for ``campfire score``; only
    the games with a scoring contract (docs/contracts.md) have one.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType

from games.errors import N_, RuleError


@dataclass(frozen=True, slots=True)
class Game:
    """One game of the project."""

    id: str
    package: str
    #: The display name, an ``N_`` template (translated where it is shown).
    title: str
    #: Whether ``campfire score`` scores a position of this game (it has a contract module).
    scorable: bool

    @property
    def fold_module(self) -> str:
        return f"games.{self.package}.table"

    @property
    def contract_module(self) -> str:
        return f"games.{self.package}.contract"

    def fold(self) -> ModuleType:
        """The game's event fold module (``games.<package>.table``)."""
        return importlib.import_module(self.fold_module)

    def contract(self) -> ModuleType:
        """The game's scoring contract module; only for a ``scorable`` game."""
        return importlib.import_module(self.contract_module)


#: Every game, in the order the project lists them (home page, print kit, CLI help).
GAMES: tuple[Game, ...] = (
    Game("bison", "bison", N_("Bison"), scorable=True),
    Game("lion-square", "lion_square", N_("Lion Square"), scorable=True),
    Game("hunting-age", "hunting_age", N_("Age of Hunting"), scorable=True),
    Game("dogs-life", "dogs_life", N_("A Dog's Life"), scorable=False),
)

BY_ID: dict[str, Game] = {game.id: game for game in GAMES}


def ids() -> list[str]:
    """Every game id, in the project's order."""
    return [game.id for game in GAMES]


def scorable_ids() -> list[str]:
    """The ids ``campfire score`` accepts."""
    return [game.id for game in GAMES if game.scorable]


def get(game_id: object) -> Game:
    """The game of ``game_id``, or a ``RuleError`` listing the known ids."""
    game = BY_ID.get(game_id) if isinstance(game_id, str) else None
    if game is None:
        raise RuleError(N_("game must be one of: {names}"), names=", ".join(BY_ID))
    return game
