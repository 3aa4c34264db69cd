"""Age of Hunting: laying out the table — hunting grounds, start player, opening placements.

Glossary
--------
layout
    The faces on the table: the 4 basic cards and 3 new-land cards (3 players) or 4
    (4–5 players), chosen at random, each showing a random side (seed, 狩場の準備).
start player
    The rulebook gives the marker to whoever was "born in the oldest era", else any fair
    way; the companion lets the table pick one or draws one (``rng``).
opening placements (スタート狩猟アクション)
    Before the first turn each player places one chief without subordinates and harvests,
    starting from the start player's right and going counter-clockwise, so the start player
    places last and then takes the first real turn. With seats numbered clockwise this is
    start − 1, start − 2, …, start.
players
    The seed's setup names 3 players and "4 or more" with 5 colours: 3 to 5 players.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from games import fields
from games.errors import N_
from games.hunting_age.cards import BASIC_CARDS, NEW_LAND_CARDS
from games.table import player_count

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 5
#: Five player colours (rules/hunting-age.md: 5 colours; the catalog does not name them):
#: the create form's and the print kit's.
PLAYER_COLOURS: Final = ("red", "yellow", "green", "blue", "purple")


@dataclass(frozen=True, slots=True)
class Setup:
    """What the table lays out before the opening placements."""

    faces: tuple[str, ...]  # face ids, basic cards first
    start_player: int
    opening_order: tuple[int, ...]


def check_players(players: object) -> int:
    """Refuse a player count the game does not support."""
    refusal = N_("Age of Hunting needs {low} to {high} players, not {count}")
    return player_count(players, MIN_PLAYERS, MAX_PLAYERS, refusal)


def new_land_count(players: int) -> int:
    """How many new-land cards join the 4 basic ones."""
    return 3 if check_players(players) == 3 else 4


def choose_layout(players: int, rng: random.Random) -> tuple[str, ...]:
    """The faces to lay out: 4 basic + 3/4 random new-land cards, every side random."""
    cards = list(BASIC_CARDS) + sorted(rng.sample(NEW_LAND_CARDS, new_land_count(players)))
    return tuple(card + rng.choice("ab") for card in cards)


def opening_order(players: int, start_player: int) -> tuple[int, ...]:
    """Seats in opening-placement order: counter-clockwise from the start player's right."""
    check_players(players)
    check_seat(start_player, players)
    return tuple((start_player - step) % players for step in range(1, players + 1))


def turn_order(players: int, start_player: int) -> tuple[int, ...]:
    """Seats in the order of a round: clockwise from the start player."""
    check_players(players)
    check_seat(start_player, players)
    return tuple((start_player + step) % players for step in range(players))


def check_seat(seat: object, players: int) -> int:
    """``seat`` if it is a seat index at a table of ``players``, else a refusal."""
    return fields.seat(seat, players)


def set_up(players: int, rng: random.Random, start_player: int | None = None) -> Setup:
    """A full setup; ``start_player`` is drawn when the table has not chosen one."""
    check_players(players)
    faces = choose_layout(players, rng)
    start = rng.randrange(players) if start_player is None else check_seat(start_player, players)
    return Setup(faces, start, opening_order(players, start))
