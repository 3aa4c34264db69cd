"""printgen's side of a game's plug (issue 36, item 1): one ``Kit`` per game, made by the
game's own printgen module (``printgen.games.<package>.KIT``) and named once, by the game's
``Game`` in the one list (``games.registry.GAMES``, ``kit="printgen.games.<package>:KIT"``;
``printgen.kit.kit_of`` resolves it).

Glossary
--------
kit
    What the print-and-play kit of one game prints: its pieces (``components``), the
    components of its ``extras`` after them (A Dog's Life's city poster), then its rules
    summary and one player aid per seat (``printgen.rules_sheets``) from its words.
words
    The game's own printed texts, ``N_`` msgids translated from the app's catalogs
    (``printgen.messages.text``): the rules summary and the player aid in
    ``printgen.rules_sheets``' markup, what else to get, and the icon legend. The game's
    name is the registry's title (``printgen.messages.game_title``), the one the app shows.
marker lines
    Lines of the rules summary that speak of the photo markers: a kit printed without
    them leaves those lines out (issue 37).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from printgen.messages import Message

if TYPE_CHECKING:
    from printgen.context import Context
    from printgen.layout import Component


class Extra(Protocol):
    """A module drawing more components of a game after its own (the city poster)."""

    def components(self, context: Context, /) -> list[Component]:
        """The extra pieces in print order."""

    def cover_notes(self, context: Context, /) -> list[str]:
        """How to assemble them, for the cover's "how to print"."""


@dataclass(frozen=True, slots=True)
class Kit:
    """One game's print kit and words (see the glossary)."""

    #: The game's pieces in print order.
    components: Callable[[Context], list[Component]]
    #: The rules summary and the player aid (``printgen.rules_sheets``' markup).
    rules: Message
    aid: Message
    #: What else to get, for the cover's "You also need".
    needs: Message
    #: (icon, word) for each icon printed on the game's pieces, in the order a player meets
    #: them: the legend under the rules summary and on each player aid.
    legend: tuple[tuple[str, Message], ...]
    #: Modules drawing more components after the game's own.
    extras: tuple[Extra, ...] = ()
    #: Lines of ``rules`` left out of a kit printed without photo markers.
    marker_lines: tuple[Message, ...] = ()
    #: The other words its pieces print by a key (Bison's action names on the boards).
    terms: tuple[Message, ...] = ()

    def words(self) -> list[Message]:
        """Every word of the kit's own (for the tests that hold each one to a rule)."""
        legend = (word for _, word in self.legend)
        return [self.rules, self.aid, self.needs, *legend, *self.marker_lines, *self.terms]
