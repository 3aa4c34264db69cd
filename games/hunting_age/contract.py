"""`campfire score hunting-age`: the final count of Age of Hunting from JSON (docs/contracts.md).

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
    Every number is a whole number ≥ 0 (``true`` is not a number) and no larger than a
    table could show: ``track`` ≤ 50 and ``coins`` ≤ 99 (the companion's counter bounds),
    ``board_vp`` and a hut's VP ≤ 99 (a typo guard: the original's printed numbers are
    unknown, H1). The cave holds at most 6 pieces (3 caves + 3 creations) and no more of a
    kind than the supply has in all (over all players too). ``pieces_left_on_board``
    agrees with the huts built (the 5 − h huts still on the board are among them, at most
    13 − h pieces remain) and with the cave: more than 3 food pieces need cave creations,
    whose rock chips are then off the board.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from games import fields
from games.errors import N_, Phrase, RuleError, Term
from games.fields import show_value
from games.hunting_age.board import LIMITS, OPEN_CAVES_AT_START, PIECES_ON_BOARD_AT_START
from games.hunting_age.components import (
    COIN_COUNTER_MAX,
    FOODS,
    GOOD_TERMS,
    ROCK_CHIP_GROUPS,
    SUPPLY_LIMITS,
    Food,
)
from games.hunting_age.scoring import END_GAME_SCORES, Standing, final_scores
from games.hunting_age.setup import MAX_PLAYERS
from games.hunting_age.tribe import VP_TRACK_MAX

FIELDS: Final = ("huts", "board_vp", "track", "cave", "coins", "pieces_left_on_board")
#: What a refusal calls a player's keys and a cave's keys.
FIELD: Final = Term(N_("field"))
FOOD: Final = Term(N_("food"))
MAX_CAVES: Final = OPEN_CAVES_AT_START + LIMITS["cave"]
VP_NUMBER_MAX: Final = 99  # typo guard for board_vp and a hut's printed VP (see checks)


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _whole(name: str, field: str, value: object, most: int) -> int:
    """``value`` if it is a whole number from 0 to ``most``, else a refusal naming it."""
    return fields.whole_number(value, _field(name, field), 0, most)


def _field(name: str, field: str) -> Phrase:
    """A player's field (``cave``, ``huts[0]``) as a refusal names it."""
    return Phrase(N_("player {name}: {field}"), name=name, field=field)


def _huts(name: str, raw: object) -> tuple[int | str, ...]:
    if not isinstance(raw, list):
        raise RuleError(
            N_("player {name}: huts must be a list of VP numbers or end-game cards"), name=name
        )
    if len(raw) > LIMITS["hut"]:
        raise RuleError(
            N_("player {name}: at most {limit} huts can be built, not {count}"),
            name=name,
            limit=LIMITS["hut"],
            count=len(raw),
        )
    huts: list[int | str] = []
    for index, hut in enumerate(raw):
        if isinstance(hut, str) and hut in END_GAME_SCORES:
            huts.append(hut)
        elif _is_whole(hut):
            huts.append(_whole(name, f"huts[{index}]", hut, VP_NUMBER_MAX))
        else:
            raise RuleError(
                N_(
                    "player {name}: huts[{index}] must be a VP number of at least 0 or one of "
                    "{cards}, not {value}"
                ),
                name=name,
                index=index,
                cards=", ".join(END_GAME_SCORES),
                value=show_value(hut),
            )
    return tuple(huts)


def _cave(name: str, raw: object) -> Food:
    raw = fields.object_of(raw, FOODS, _field(name, "cave"), FOOD)
    cave = Food.of(
        {kind: _whole(name, f"cave.{kind}", raw[kind], SUPPLY_LIMITS[kind]) for kind in raw}
    )
    if cave.total > MAX_CAVES:
        raise RuleError(
            N_(
                "player {name}: the cave holds {count} food pieces but a tribe has at most "
                "{caves} caves"
            ),
            name=name,
            count=cave.total,
            caves=MAX_CAVES,
        )
    return cave


def _standing(name: str, raw: object) -> Standing:
    raw = fields.object_of(raw, FIELDS, Phrase(N_("player {name}"), name=name), FIELD)
    for field in FIELDS:
        if field not in raw:
            raise RuleError(N_("player {name}: missing field {field}"), name=name, field=field)
    huts = _huts(name, raw["huts"])
    board_vp = _whole(name, "board_vp", raw["board_vp"], VP_NUMBER_MAX)
    track = _whole(name, "track", raw["track"], VP_TRACK_MAX)
    cave = _cave(name, raw["cave"])
    coins = _whole(name, "coins", raw["coins"], COIN_COUNTER_MAX)
    pieces = _whole(
        name, "pieces_left_on_board", raw["pieces_left_on_board"], PIECES_ON_BOARD_AT_START
    )
    low = LIMITS["hut"] - len(huts)  # the unbuilt huts are still on the board
    high = PIECES_ON_BOARD_AT_START - len(huts)
    if not low <= pieces <= high:
        raise RuleError(
            N_(
                "player {name}: pieces_left_on_board must be {low} to {high} with {built} "
                "huts built, not {value}"
            ),
            name=name,
            low=low,
            high=high,
            built=len(huts),
            value=pieces,
        )
    # Food beyond the 3 starting caves needs created caves (storage), whose rock chips
    # have left the board: that caps the pieces left, which the first tie-break compares.
    creations = max(0, cave.total - OPEN_CAVES_AT_START)
    high -= sum(ROCK_CHIP_GROUPS[:creations])
    if pieces > high:
        raise RuleError(
            N_(
                "player {name}: {food} food pieces in the cave need {caves} open caves, "
                "so pieces_left_on_board can be at most {high}, not {value}"
            ),
            name=name,
            food=cave.total,
            caves=OPEN_CAVES_AT_START + creations,
            high=high,
            value=pieces,
        )
    return Standing(huts, board_vp, track, cave, coins, pieces)


def parse(document: object) -> dict[str, Standing]:
    """Validate the document; the standings by player name, in the given order."""
    if not isinstance(document, Mapping):
        raise RuleError(N_('the document must be a JSON object with a "players" object'))
    for key in document:
        if key != "players":
            raise RuleError(
                N_('unknown top-level field {field!r}; expected only "players"'), field=key
            )
    players = document.get("players")
    if not isinstance(players, Mapping):
        raise RuleError(
            N_(
                "players must be an object mapping each player's name to their "
                "position, not {value}"
            ),
            value=show_value(players),
        )
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise RuleError(
            N_("players must name 1 to {most} players, not {count}"),
            most=MAX_PLAYERS,
            count=len(players),
        )
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
                held=held,
                good=GOOD_TERMS[kind],
                limit=SUPPLY_LIMITS[kind],
            )
    return standings


def score(document: object) -> dict[str, Any]:
    """Score a final position (H2); raises ``RuleError`` naming the first problem."""
    return final_scores(parse(document))
