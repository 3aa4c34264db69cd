"""Helpers for the games' "every game word is translatable" tests.

A fake translation (``shout``) upper-cases every template and every ``Term``; any game word
still in lower case afterwards reached the player untranslated.
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from games.errors import RuleError


def shout(text: str) -> str:
    """The fake translation: upper case, placeholders (not ``{{`` escapes) untouched."""
    out = []
    for literal, name, spec, conversion in string.Formatter().parse(text):
        out.append(literal.upper().replace("{", "{{").replace("}", "}}"))
        if name is not None:
            out.append(
                "{"
                + name
                + (f"!{conversion}" if conversion else "")
                + (f":{spec}" if spec else "")
                + "}"
            )
    return "".join(out)


@dataclass(frozen=True)
class WordsCheck:
    """One game's check of the words its play shows: its fold (``table``), the players,
    and what every refusal and every history line must pass."""

    table: Any
    players: Any
    check_error: Callable[[RuleError], None]
    check_message: Callable[[str, Mapping[str, Any]], None]

    def history(self, events: Iterable[Mapping[str, Any]]) -> set[str]:
        """Check the history line of each of ``events``; the templates they used."""
        templates = set()
        for event in events:
            template, params = self.table.describe(event, self.players)
            self.check_message(template, params)
            templates.add(template)
        return templates

    def play(
        self,
        state: Any,
        events: Iterable[Mapping[str, Any]],
        rng: random.Random,
        current_seat: Callable[[Any], int],
    ) -> None:
        """Fold ``events`` through the table, checking every refusal and history line.

        An event whose ``seat`` is ``"me"`` is played by the seat whose turn it is.
        """
        for event in events:
            if event.get("seat") == "me":
                event = {**event, "seat": current_seat(state)}
            prepared = self.table.prepare(state, dict(event), rng)
            try:
                state = self.table.apply(state, prepared)
            except RuleError as error:
                self.check_error(error)
                continue
            self.check_message(*self.table.describe(prepared, self.players))
