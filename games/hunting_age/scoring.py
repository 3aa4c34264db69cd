"""Age of Hunting: the end of the game and the final count (H2).

Glossary
--------
seat order
    Seats are numbered clockwise around the table, which is the order of play (各プレイヤー
    は時計回りの順番で). The player on the start player's right is the seat just before the
    start player: the last to play in every round.
end trigger (H2)
    A player has built all 5 huts or has 10 or more on the VP track. Play then continues up
    to the player on the start player's right, so everyone has had the same number of turns.
final score (H2)
    huts (each hut's printed VP, or its end-game card: ``mammoth_yellow`` 1 VP per mammoth
    or yellow grain in the cave, ``coins_5`` 1 VP per full 5 coins, ``flat_6`` 6,
    ``flat_5`` 5) + board (VP uncovered on the personal board) + track.
tie-breaks (H2)
    Equal totals: fewer pieces left on the personal board (more developed) wins; then more
    food in the cave; then the players share the win. ``ranking`` groups players equal on
    all three, best first. ``decided_by`` names what decided the win: ``total`` (no one
    else had the winners' total), ``pieces_left``, ``cave_food`` (a tie-break), or
    ``shared`` (equal on all three).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

from games.hunting_age.cards import END_GAME_CARDS
from games.hunting_age.components import Food

END_GAME_SCORES: Final = tuple(END_GAME_CARDS)  # the catalog's end-game cards, one source


def last_seat(seats: int, start_player: int) -> int:
    """The seat on the start player's right: the last to play in each round."""
    return (start_player - 1) % seats


def turns_left(seats: int, start_player: int, current: int) -> int:
    """Turns still to play after ``current``'s turn once the end is triggered (H2)."""
    return (last_seat(seats, start_player) - current) % seats


def hut_score(hut: int | str, cave: Food, coins: int) -> int:
    """One hut's VP: its printed number, or its end-game card's count."""
    if isinstance(hut, int):
        return hut
    if hut == "mammoth_yellow":
        return cave.mammoth + cave.yellow_grain
    if hut == "coins_5":
        return coins // 5
    if hut == "flat_6":
        return 6
    if hut == "flat_5":
        return 5
    raise ValueError(f"unknown end-game card {hut!r}")  # callers validate first


@dataclass(frozen=True, slots=True)
class Standing:
    """What the final count needs of one player (the ``score`` contract's fields)."""

    huts: tuple[int | str, ...]
    board_vp: int
    track: int
    cave: Food
    coins: int
    pieces_left_on_board: int


def final_scores(standings: Mapping[str, Standing]) -> dict[str, Any]:
    """The final count in the ``campfire score hunting-age`` output shape (docs/contracts.md)."""
    scores: dict[str, dict[str, int]] = {}
    for name, s in standings.items():
        huts = sum(hut_score(h, s.cave, s.coins) for h in s.huts)
        scores[name] = {
            "huts": huts,
            "board": s.board_vp,
            "track": s.track,
            "total": huts + s.board_vp + s.track,
        }
    ranking = rank(_keys(standings))
    return {"scores": scores, "ranking": ranking, "winners": ranking[0] if ranking else []}


#: What decided the win, in the order H2 applies them.
DECIDERS: Final = ("total", "pieces_left", "cave_food", "shared")


def decided_by(standings: Mapping[str, Standing]) -> str | None:
    """What decided the win (H2): the first of total, fewer pieces left on the board, more
    food in the cave that set the winners apart from every player with their total;
    ``shared`` when the winners are equal on all three and no one else had their total
    (``None`` without players)."""
    keys = _keys(standings)
    ranking = rank(keys)
    if not ranking:
        return None
    best = keys[ranking[0][0]]
    others = [keys[name] for name in keys if name not in ranking[0]]
    same_total = [key for key in others if key[0] == best[0]]
    if not same_total:
        return "shared" if len(ranking[0]) > 1 else "total"
    if any(key[1] == best[1] for key in same_total):
        return "cave_food"
    return "pieces_left"


def _keys(standings: Mapping[str, Standing]) -> dict[str, tuple[int, int, int]]:
    keys = {}
    for name, s in standings.items():
        huts = sum(hut_score(h, s.cave, s.coins) for h in s.huts)
        keys[name] = (huts + s.board_vp + s.track, -s.pieces_left_on_board, s.cave.total)
    return keys


def rank(keys: Mapping[str, tuple[int, ...]]) -> list[list[str]]:
    """Names best first (highest key), equal keys grouped in their given order."""
    groups: list[list[str]] = []
    previous: tuple[int, ...] | None = None
    for name in sorted(keys, key=lambda n: keys[n], reverse=True):  # stable: keeps order
        if keys[name] == previous:
            groups[-1].append(name)
        else:
            groups.append([name])
            previous = keys[name]
    return groups
