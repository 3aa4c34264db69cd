"""Every word of Bison's history lines and refusals is translated with them (no English
fragment, no colour id): a fake translation upper-cases every template, ``Term`` and
``Phrase``; with upper-case player names, any lower-case letter left reached the reader
untranslated."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from translatability import WordsCheck, shout

from games.bison import fold as table
from games.bison.catalog import DRAW_IDS
from games.bison.scoring import score_region
from games.bison.table.play import space_ref
from games.errors import RuleError
from games.table import Player

PLAYERS = (Player("ANN", "red"), Player("BEN", "yellow"), Player("CHO", "green"))
# Parameters that quote the API (field names, accepted values, a bad value) verbatim.
IDENTIFIERS = {
    "names",
    "type",
    "value",
    "name",
    "what",
    "field",
    "example",
    "edges",
    "animal_names",
    "hunters",
    "declared",
}


def lower_left(template: str, params: dict[str, Any]) -> list[str]:
    masked = {k: ("ID" if k in IDENTIFIERS else v) for k, v in params.items()}
    return re.findall(r"[a-z]+", RuleError(template, **masked).translated(shout))


def check_error(error: RuleError) -> None:
    assert lower_left(error.template, dict(error.params)) == [], str(error)


def check_message(template: str, params: dict[str, Any]) -> None:
    assert lower_left(template, params) == [], template.format(**params)


WORDS = WordsCheck(table, PLAYERS, check_error, check_message)


def test_the_checker_sees_a_colour_id_and_an_english_fragment() -> None:
    assert lower_left("{player} has {what}", {"player": "red", "what": 1}) == ["red"]
    assert lower_left("{x}", {"x": "place your tile"}) == ["place", "your", "tile"]


def _random_play(state: table.State, rng: random.Random) -> dict[str, Any]:
    """A plausible ``play`` event for the seat whose turn it is, from the board as it is."""
    seat = state.rounds.next_seat or 0
    action = rng.choice([a.value for a in state.rounds.available(seat)] or ["tent"])
    mine = [s for s, p in state.board.pieces.items() if p.player == state.colours[seat]]
    event: dict[str, Any] = {"type": "play", "seat": seat, "action": action}
    if action == "place_tile":
        legal = table.legal_hexes(state)
        placed = {p.catalog_id for p in state.board.tiles.values()}
        free = [t for t in DRAW_IDS if t not in placed]
        at = rng.choice(legal)
        event.update(
            at=list(at),
            tile=rng.choice(free),
            rotation=rng.randrange(6),
            space=rng.choice(["prairie", "river", "mountain"]),
            hunters=rng.randrange(4),
        )
    elif action in ("tent", "canoe") and mine:
        space = rng.choice(mine)
        event["builds"] = [{"space": space_ref(state, space), "size": rng.randint(1, 2)}]
    elif action in ("move_1", "move_3", "gather") and mine:
        start = rng.choice(mine)
        goals = list(table.destinations(state, seat, start, action)) or [start]
        goal = rng.choice(goals)
        if action == "gather":
            event["gather"] = {
                "to": space_ref(state, goal),
                "from": [{"space": space_ref(state, start), "hunters": 1}],
            }
        else:
            event["moves"] = [
                {"from": space_ref(state, start), "to": space_ref(state, goal), "hunters": 1}
            ]
    if (
        "builds" not in event
        and "moves" not in event
        and "gather" not in event
        and (action != "place_tile" or not event.get("hunters"))
    ):
        event["gain"] = rng.choice(["bison", "salmon", "turkey"])
        event.setdefault("builds", []) if action in ("tent", "canoe") else None
    return event


def _checked(
    state: table.State,
    event: dict[str, Any],
    rng: random.Random,
    current_seat: Callable[[table.State], int],
) -> table.State:
    """Check every message ``event`` gives (accepted: its history line; refused: the
    refusal); the state after it, or the same state when it is refused."""
    WORDS.play(state, [event], rng, current_seat)
    try:
        return table.apply(state, event)
    except RuleError:
        return state


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_a_random_game_on_the_board_reads_fully_translated(seed: int) -> None:
    rng = random.Random(seed)
    state = table.new_state(PLAYERS, {})
    for _round in range(3):
        for _ in range(12):
            state = _checked(
                state, _random_play(state, rng), rng, lambda s: s.rounds.next_seat or 0
            )
        extra = [
            {
                "type": "correct",
                "spaces": [
                    {**space_ref(state, ((0, 0), "river")), "seat": 1, "hunters": 1, "structure": 0}
                ],
            },
            {"type": "buy", "seat": 0, "item": "tent", "size": 3},
            {"type": "exchange", "seat": 1, "give": "bison", "get": "turkey"},
            {"type": "score", "override": True, "overflow": []},
        ]
        for event in extra:
            state = _checked(state, event, rng, lambda s: 0)
    # The scoring screen's explanations too.
    for region in table.score_now(state).regions:
        score = score_region(state.board, region.region)
        for standing in score.standings:
            named = {c: p.name for c, p in zip(state.colours, PLAYERS, strict=True)}
            template, params = score.award_text(standing)
            check_message(template, {**params, "player": named[standing.player]})


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6))
def test_board_plays_keep_the_supply_in_step_with_the_mirror(seed: int) -> None:  # B5, B6
    """Every accepted ``play`` changes the board and the supply together: the hunters and
    structures the mirror shows are exactly those the supply counts on the board."""
    rng = random.Random(seed)
    state = table.new_state(PLAYERS, {})
    accepted = 0
    for _ in range(60):
        if state.rounds.finished:
            break
        if state.rounds.round_complete:
            state = table.apply(state, {"type": "score", "overflow": []})
            continue
        event = _random_play(state, rng)
        try:
            after = table.apply(state, event)
        except RuleError:
            continue
        accepted += 1
        for seat, colour in enumerate(state.colours):
            supply = after.supplies[seat]
            shown = [p for p in after.board.pieces.values() if p.player == colour]
            assert sum(p.hunters for p in shown) == supply.hunters_board
            assert supply.hunters_supply + supply.hunters_board + supply.hunters_market == 8
            sizes = sorted(
                p.structure
                for (_, t), p in after.board.pieces.items()
                if p.player == colour and p.structure
            )
            assert sizes == sorted((*supply.tents.board, *supply.canoes.board))
            if seat != event["seat"]:
                assert after.stocks[seat] == state.stocks[seat]
        state = after
    assert accepted > 0


def test_a_phrase_is_translated_whole_and_nests() -> None:
    from games.errors import N_, Phrase, PhraseList, Term

    space = Phrase(N_("the {terrain} of {tile}"), terrain=Term("prairie"), tile="B07")
    line = RuleError(
        N_("{player}: {moves}"),
        player="ANN",
        moves=PhraseList([Phrase(N_("{hunters} from {start}"), hunters=2, start=space)] * 2),
    )
    assert str(line) == "ANN: 2 from the prairie of B07; 2 from the prairie of B07"
    assert line.translated(shout) == ("ANN: 2 FROM THE PRAIRIE OF B07; 2 FROM THE PRAIRIE OF B07")
    # A translation that lost a placeholder falls back to English, never fails.
    broken = Phrase(N_("the {terrain} of {tile}"), terrain=Term("river"), tile="S1")
    assert broken.render(lambda text: "{nothing}" if "{" in text else text) == ("the river of S1")
