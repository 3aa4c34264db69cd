"""What a Bison game is played with, in numbers: the players, each player's pieces and the
totem distance (B4, B5). Every other module (and the companion's forms) reads them here.

Glossary
--------
hunters owned
    A player's 8 hunters: 4 start in the supply, 4 are bought at the market (B5, B7).
structure sizes
    A player's tents, and likewise canoes: sizes 1, 1, 2, 2, 3, 4 (B5).
totem distance
    How far from the totem a tile may be placed, counting a start tile as 1 (B4); the table
    may set it from ``MIN_TOTEM_DISTANCE`` to ``MAX_TOTEM_DISTANCE_LIMIT``.
"""

from __future__ import annotations

MIN_PLAYERS = 2
MAX_PLAYERS = 4
#: The player colours of the box (rules/bison.md, Components): the create form's and the
#: print kit's.
PLAYER_COLOURS: tuple[str, ...] = ("blue", "red", "yellow", "green")
HUNTERS_OWNED = 8
STRUCTURE_SIZES: tuple[int, ...] = (1, 1, 2, 2, 3, 4)
MAX_STRUCTURE = max(STRUCTURE_SIZES)
DEFAULT_MAX_TOTEM_DISTANCE = 3  # B4: "at most 3 tiles from the totem"
MIN_TOTEM_DISTANCE = 1  # a tile always touches the board: 1 is the nearest setting
MAX_TOTEM_DISTANCE_LIMIT = 10
