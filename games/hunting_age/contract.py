"""`campfire score hunting-age`: the final count of Age of Hunting from JSON (DESIGN.md).

Glossary
--------
document
    ``{"players": {NAME: POSITION, …}}``, 1 to 5 players, in the order given. POSITION has
    ``huts`` (a list of at most 5: each the VP number printed on its build space, or the
    end-game card it stands on — ``mammoth_yellow``, ``coins_5``, ``flat_6``, ``flat_5``),
    ``board_vp`` (VP uncovered on the personal board), ``track`` (the VP track), ``cave``
    (food pieces by kind), ``coins`` and ``pieces_left_on_board``. Every field is required
    and an unknown field is refused, so a typo is never silently scored as 0; a food kind
    missing from ``cave`` is 0.
result
    ``{"scores": {NAME: {"huts", "board", "track", "total"}}, "ranking": [[NAME…]…],
    "winners": [NAME…]}`` with H2's tie-breaks (``scoring``).
checks
    Every number is a whole number ≥ 0 (``true`` is not a number); the cave holds at most
    6 pieces (3 caves + 3 creations) and no more of a kind than the supply has in all
    (over all players too); ``pieces_left_on_board`` agrees with the huts built: the 5 − h
    huts still on the board are among them, and at most 13 − h pieces remain.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

from games.errors import N_, RuleError
from games.hunting_age.board import LIMITS, OPEN_CAVES_AT_START, PIECES_ON_BOARD_AT_START
from games.hunting_age.components import FOODS, GOOD_NAMES, SUPPLY_LIMITS, Food
from games.hunting_age.scoring import END_GAME_SCORES, Standing, final_scores
from games.hunting_age.setup import MAX_PLAYERS

FIELDS: Final = ("huts", "board_vp", "track", "cave", "coins", "pieces_left_on_board")
MAX_CAVES: Final = OPEN_CAVES_AT_START + LIMITS["cave"]


def _shown(value: object) -> str:
    """A bad value as the user typed it in JSON (``true``, ``"3"``, ``-1``)."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _whole(name: str, field: str, value: object) -> int:
    if not isinstance(value, int) or not _is_whole(value):
        raise RuleError(
            N_("player {name}: {field} must be a whole number of at least 0, not {value}"),
            name=name, field=field, value=_shown(value),
        )
    return value


def _huts(name: str, raw: object) -> tuple[int | str, ...]:
    if not isinstance(raw, list):
        raise RuleError(N_("player {name}: huts must be a list of VP numbers or end-game cards"),
                        name=name)
    if len(raw) > LIMITS["hut"]:
        raise RuleError(N_("player {name}: at most {limit} huts can be built, not {count}"),
                        name=name, limit=LIMITS["hut"], count=len(raw))
    huts: list[int | str] = []
    for index, hut in enumerate(raw):
        if _is_whole(hut) or hut in END_GAME_SCORES:
            huts.append(hut)
        else:
            raise RuleError(
                N_("player {name}: huts[{index}] must be a VP number of at least 0 or one of "
                   "{cards}, not {value}"),
                name=name, index=index, cards=", ".join(END_GAME_SCORES), value=_shown(hut),
            )
    return tuple(huts)


def _cave(name: str, raw: object) -> Food:
    if not isinstance(raw, Mapping):
        raise RuleError(
            N_("player {name}: cave must be an object of food counts ({kinds}), not {value}"),
            name=name, kinds=", ".join(FOODS), value=_shown(raw),
        )
    for kind in raw:
        if kind not in FOODS:
            raise RuleError(
                N_("player {name}: cave has unknown food {kind!r}; expected one of: {kinds}"),
                name=name, kind=kind, kinds=", ".join(FOODS),
            )
    cave = Food.of({kind: _whole(name, f"cave.{kind}", raw[kind]) for kind in raw})
    if cave.total > MAX_CAVES:
        raise RuleError(
            N_("player {name}: the cave holds {count} food pieces but a tribe has at most "
               "{caves} caves"),
            name=name, count=cave.total, caves=MAX_CAVES,
        )
    return cave


def _standing(name: str, raw: object) -> Standing:
    if not isinstance(raw, Mapping):
        raise RuleError(N_("player {name}: expected an object with {fields}"),
                        name=name, fields=", ".join(FIELDS))
    for field in raw:
        if field not in FIELDS:
            raise RuleError(N_("player {name}: unknown field {field!r}; expected one of: "
                               "{fields}"), name=name, field=field, fields=", ".join(FIELDS))
    for field in FIELDS:
        if field not in raw:
            raise RuleError(N_("player {name}: missing field {field}"), name=name, field=field)
    huts = _huts(name, raw["huts"])
    board_vp = _whole(name, "board_vp", raw["board_vp"])
    track = _whole(name, "track", raw["track"])
    cave = _cave(name, raw["cave"])
    coins = _whole(name, "coins", raw["coins"])
    pieces = _whole(name, "pieces_left_on_board", raw["pieces_left_on_board"])
    low = LIMITS["hut"] - len(huts)  # the unbuilt huts are still on the board
    high = PIECES_ON_BOARD_AT_START - len(huts)
    if not low <= pieces <= high:
        raise RuleError(
            N_("player {name}: pieces_left_on_board must be {low} to {high} with {built} "
               "huts built, not {value}"),
            name=name, low=low, high=high, built=len(huts), value=pieces,
        )
    return Standing(huts, board_vp, track, cave, coins, pieces)


def parse(document: object) -> dict[str, Standing]:
    """Validate the document; the standings by player name, in the given order."""
    if not isinstance(document, Mapping):
        raise RuleError(N_("the document must be a JSON object with a \"players\" object"))
    for key in document:
        if key != "players":
            raise RuleError(N_("unknown top-level field {field!r}; expected only \"players\""),
                            field=key)
    players = document.get("players")
    if not isinstance(players, Mapping):
        raise RuleError(N_("players must be an object mapping each player's name to their "
                           "position, not {value}"), value=_shown(players))
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise RuleError(N_("players must name 1 to {most} players, not {count}"),
                        most=MAX_PLAYERS, count=len(players))
    standings: dict[str, Standing] = {}
    for name, raw in players.items():
        if not isinstance(name, str) or not name.strip():
            raise RuleError(N_("a player's name must not be empty"))
        standings[name] = _standing(name, raw)
    for kind in FOODS:
        held = sum(s.cave[kind] for s in standings.values())
        if held > SUPPLY_LIMITS[kind]:
            raise RuleError(
                N_("the caves hold {held} {good} in all, but the game has only {limit}"),
                held=held, good=GOOD_NAMES[kind].en, limit=SUPPLY_LIMITS[kind],
            )
    return standings


def score(document: Any) -> dict[str, Any]:
    """Score a final position (H2); raises ``RuleError`` naming the first problem."""
    return final_scores(parse(document))
