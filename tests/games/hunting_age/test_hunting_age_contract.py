"""`campfire score hunting-age` (docs/contracts.md): H2 final count, tie-breaks, bad input."""

import copy
import json
import os
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from refusals import refused
from score_cli import score_cli

from games.errors import RuleError
from games.hunting_age.contract import score

CONTRACT_EXAMPLE: dict[str, Any] = {
    "players": {
        "red": {
            "huts": [3, 2, "mammoth_yellow"],
            "board_vp": 4,
            "track": 7,
            "cave": {"bear": 1, "mammoth": 2, "grape": 0, "green_grain": 0, "yellow_grain": 1},
            "coins": 11,
            "pieces_left_on_board": 5,
        }
    }
}

# Hand-checked (H2): huts 3 + 2 + mammoth_yellow (2 mammoths + 1 yellow grain = 3) = 8;
# board 4; track 7; total 8 + 4 + 7 = 19. One player: ranking [["red"]], winner red.
CONTRACT_RESULT = {
    "scores": {"red": {"huts": 8, "board": 4, "track": 7, "total": 19}},
    "ranking": [["red"]],
    "winners": ["red"],
}


def most_pieces_left(huts: int, food: int) -> int:
    """13 pieces less the huts built and the rock chips of the caves ``food`` needs."""
    creations = max(0, food - 3)
    return 13 - huts - sum((1, 2, 1)[:creations])


def player(
    huts: list[Any] | None = None,
    board_vp: int = 0,
    track: int = 0,
    cave: dict[str, int] | None = None,
    coins: int = 0,
    pieces: int | None = None,
) -> dict[str, Any]:
    huts = huts or []
    cave = cave or {}
    if pieces is None:
        pieces = most_pieces_left(len(huts), sum(cave.values()))
    return {
        "huts": huts,
        "board_vp": board_vp,
        "track": track,
        "cave": cave,
        "coins": coins,
        "pieces_left_on_board": pieces,
    }


def test_design_example() -> None:
    assert score(CONTRACT_EXAMPLE) == CONTRACT_RESULT


@pytest.mark.parametrize(
    ("hut", "cave", "coins", "vp"),
    [
        (4, {}, 0, 4),
        ("mammoth_yellow", {"mammoth": 3, "yellow_grain": 2, "bear": 1}, 0, 5),
        ("coins_5", {}, 14, 2),  # 1 VP per full 5 coins
        ("coins_5", {}, 15, 3),
        ("flat_6", {}, 0, 6),
        ("flat_5", {}, 0, 5),
    ],
)
def test_hut_scores(hut: Any, cave: dict[str, int], coins: int, vp: int) -> None:
    # H2: a hut on an end-game card scores that card instead of a printed number
    result = score({"players": {"ann": player([hut], cave=cave, coins=coins)}})
    assert result["scores"]["ann"]["huts"] == vp


def test_seed_scoring_example() -> None:
    # seed 個人ボードの勝利点: caves 3 + subordinates 1 + huts 1 + track 2 = 7
    result = score({"players": {"red": player(board_vp=3 + 1 + 1, track=2)}})
    assert result["scores"]["red"] == {"huts": 0, "board": 5, "track": 2, "total": 7}


def test_seed_hut_scoring_example() -> None:
    # seed 狩場カードの勝利点: red's hut on a 3 scores 3, yellow's on a 2 scores 2, blue's
    # on a 0 scores 0 (a printed 0 is a valid VP number)
    result = score({"players": {"red": player([3]), "yellow": player([2]), "blue": player([0])}})
    assert {name: row["huts"] for name, row in result["scores"].items()} == {
        "red": 3,
        "yellow": 2,
        "blue": 0,
    }
    assert result["ranking"] == [["red"], ["yellow"], ["blue"]]


def test_highest_total_wins() -> None:
    result = score({"players": {"ann": player([2]), "ben": player([3]), "cho": player([1])}})
    assert result["ranking"] == [["ben"], ["ann"], ["cho"]]
    assert result["winners"] == ["ben"]


def test_tie_break_fewer_pieces_left_on_the_board() -> None:
    # H2: equal totals; ben has developed more (fewer pieces left) and wins
    result = score({"players": {"ann": player([3], pieces=10), "ben": player([3], pieces=7)}})
    assert result["ranking"] == [["ben"], ["ann"]]
    assert result["winners"] == ["ben"]


def test_tie_break_more_food_in_the_cave() -> None:
    result = score(
        {
            "players": {
                "ann": player([3], cave={"bear": 2, "grape": 1}, pieces=8),
                "ben": player([3], cave={"bear": 2}, pieces=8),
            }
        }
    )
    assert result["ranking"] == [["ann"], ["ben"]]


def test_full_tie_shares_the_win() -> None:
    # H2: equal on total, pieces and food: the win is shared; ranking keeps input order
    result = score(
        {
            "players": {
                "cho": player([1]),
                "ann": player([2], cave={"mammoth": 1}),
                "ben": player([2], cave={"grape": 1}),
            }
        }
    )
    assert result["ranking"] == [["ann", "ben"], ["cho"]]
    assert result["winners"] == ["ann", "ben"]


def test_scores_follow_input_order() -> None:
    result = score({"players": {"zed": player(), "amy": player()}})
    assert list(result["scores"]) == ["zed", "amy"]


def bad(path: list[Any], value: Any, *, delete: bool = False) -> dict[str, Any]:
    """CONTRACT_EXAMPLE with one value replaced (or deleted) at ``path``."""
    document = copy.deepcopy(CONTRACT_EXAMPLE)
    target = document
    for key in path[:-1]:
        target = target[key]
    if delete:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return document


RED = ["players", "red"]
FOOD_KINDS = "bear, mammoth, grape, green_grain, yellow_grain"
FIELD_LIST = "huts, board_vp, track, cave, coins, pieces_left_on_board"


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ([], 'the document must be a JSON object with a "players" object'),
        (
            {"players": {"a": player()}, "round": 3},
            "unknown top-level field 'round'; expected only \"players\"",
        ),
        ({}, "players must be an object mapping each player's name to their position, not null"),
        (
            {"players": ["red"]},
            'players must be an object mapping each player\'s name to their position, not ["red"]',
        ),
        ({"players": {}}, "players must name 1 to 5 players, not 0"),
        (
            {"players": {str(i): player() for i in range(6)}},
            "players must name 1 to 5 players, not 6",
        ),
        ({"players": {" ": player()}}, "a player's name must not be empty"),
        (bad(RED, 7), f"player red must be an object (keys: {FIELD_LIST}), not 7"),
        (
            bad([*RED, "trak"], 7),
            f'player red: unknown field "trak"; expected one of: {FIELD_LIST}',
        ),
        (bad([*RED, "track"], None, delete=True), "player red: missing field track"),
        (
            bad([*RED, "track"], -1),
            "player red: track must be a whole number (0–50), not -1",
        ),
        (
            bad([*RED, "coins"], True),
            "player red: coins must be a whole number (0–99), not true",
        ),
        (
            bad([*RED, "board_vp"], "4"),
            'player red: board_vp must be a whole number (0–99), not "4"',
        ),
        (
            bad([*RED, "board_vp"], 2.5),
            "player red: board_vp must be a whole number (0–99), not 2.5",
        ),
        (bad([*RED, "huts"], 3), "player red: huts must be a list of VP numbers or end-game cards"),
        (bad([*RED, "huts"], [1, 1, 1, 1, 1, 1]), "player red: at most 5 huts can be built, not 6"),
        (
            bad([*RED, "huts", 2], "castle"),
            "player red: huts[2] must be a VP number of at least 0 or one of mammoth_yellow, "
            'coins_5, flat_6, flat_5, not "castle"',
        ),
        (
            bad([*RED, "huts", 0], -3),
            "player red: huts[0] must be a VP number of at least 0 or one of mammoth_yellow, "
            "coins_5, flat_6, flat_5, not -3",
        ),
        (
            bad([*RED, "huts", 1], False),
            "player red: huts[1] must be a VP number of at least 0 or one of mammoth_yellow, "
            "coins_5, flat_6, flat_5, not false",
        ),
        (
            bad([*RED, "cave"], []),
            f"player red: cave must be an object (keys: {FOOD_KINDS}), not []",
        ),
        (
            bad([*RED, "cave", "fish"], 1),
            f'player red: cave: unknown food "fish"; expected one of: {FOOD_KINDS}',
        ),
        (
            bad([*RED, "cave", "coins"], 1),
            f'player red: cave: unknown food "coins"; expected one of: {FOOD_KINDS}',
        ),
        (
            bad([*RED, "cave", "bear"], -1),
            "player red: cave.bear must be a whole number (0–12), not -1",
        ),
        (
            bad([*RED, "cave", "bear"], 4),
            "player red: the cave holds 7 food pieces but a tribe has at most 6 caves",
        ),
        (
            bad([*RED, "pieces_left_on_board"], 1),
            "player red: pieces_left_on_board must be 2 to 10 with 3 huts built, not 1",
        ),
        (
            bad([*RED, "pieces_left_on_board"], 11),
            "player red: pieces_left_on_board must be 2 to 10 with 3 huts built, not 11",
        ),
        (
            {"players": {"a": player(cave={"mammoth": 5}), "b": player(cave={"mammoth": 4})}},
            "the caves hold 9 mammoth in all, but the game has only 8",
        ),
        # typo guards: the companion's counter bounds, 99 for printed VP numbers
        (bad([*RED, "track"], 51), "player red: track must be a whole number (0–50), not 51"),
        (bad([*RED, "coins"], 100), "player red: coins must be a whole number (0–99), not 100"),
        (
            bad([*RED, "board_vp"], 100),
            "player red: board_vp must be a whole number (0–99), not 100",
        ),
        (bad([*RED, "huts", 0], 100), "player red: huts[0] must be a whole number (0–99), not 100"),
        (
            bad([*RED, "cave"], {"yellow_grain": 9}),
            "player red: cave.yellow_grain must be a whole number (0–8), not 9",
        ),
        (
            bad([*RED, "coins"], 10**60),
            "player red: coins must be a whole number (0–99), not a number of 61 digits",
        ),
        (
            bad([*RED, "board_vp"], -(10**4300)),  # past what Python prints
            "player red: board_vp must be a whole number (0–99), not a number too long to show",
        ),
        (
            bad([*RED, "huts", 0], "x" * 50),
            f"player red: huts[0] must be a VP number of at least 0 or one of mammoth_yellow, "
            f'coins_5, flat_6, flat_5, not "{"x" * 37}…"',
        ),
        # storage: 4 food pieces need 1 cave creation, whose chip has left the board
        (
            bad([*RED, "pieces_left_on_board"], 10),
            "player red: 4 food pieces in the cave need 4 open caves, so "
            "pieces_left_on_board can be at most 9, not 10",
        ),
        (
            {"players": {"a": player(cave={"bear": 2, "grape": 2, "mammoth": 2}, pieces=10)}},
            "player a: 6 food pieces in the cave need 6 open caves, so "
            "pieces_left_on_board can be at most 9, not 10",
        ),
    ],
)
def test_bad_input_is_named(document: Any, message: str) -> None:
    with refused(message):
        score(document)


# --- properties ---------------------------------------------------------------------------

hut = st.one_of(
    st.integers(0, 6), st.sampled_from(["mammoth_yellow", "coins_5", "flat_6", "flat_5"])
)
# at most 1 of a kind per cave, so any 5 players stay within the supply
caves = st.fixed_dictionaries(
    {},
    optional={
        k: st.integers(0, 1) for k in ("bear", "mammoth", "grape", "green_grain", "yellow_grain")
    },
)


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    huts = draw(st.lists(hut, max_size=5))
    cave = draw(caves)
    most = most_pieces_left(len(huts), sum(cave.values()))
    return {
        "huts": huts,
        "board_vp": draw(st.integers(0, 14)),
        "track": draw(st.integers(0, 15)),
        "cave": cave,
        "coins": draw(st.integers(0, 40)),
        "pieces_left_on_board": draw(st.integers(5 - len(huts), most)),
    }


@given(st.lists(positions(), min_size=1, max_size=5), st.randoms(use_true_random=False))
def test_final_scores_invariant_under_renaming_players(
    tribes: list[dict[str, Any]], rng: Any
) -> None:
    names = [f"p{i}" for i in range(len(tribes))]
    new_names = [f"renamed-{i}" for i in range(len(tribes))]
    rng.shuffle(new_names)
    rename = dict(zip(names, new_names, strict=True))
    before = score({"players": dict(zip(names, tribes, strict=True))})
    after = score({"players": {rename[n]: t for n, t in zip(names, tribes, strict=True)}})
    assert after["scores"] == {rename[n]: s for n, s in before["scores"].items()}
    assert after["ranking"] == [[rename[n] for n in group] for group in before["ranking"]]
    assert after["winners"] == [rename[n] for n in before["winners"]]
    # the total is the sum of its parts; the winners are the best-ranked group
    for row in after["scores"].values():
        assert row["total"] == row["huts"] + row["board"] + row["track"]
    best = max(row["total"] for row in after["scores"].values())
    assert {after["scores"][w]["total"] for w in after["winners"]} == {best}


@given(st.lists(positions(), min_size=2, max_size=5))
def test_ranking_lists_every_player_once(tribes: list[dict[str, Any]]) -> None:
    names = [f"p{i}" for i in range(len(tribes))]
    result = score({"players": dict(zip(names, tribes, strict=True))})
    assert sorted(n for group in result["ranking"] for n in group) == sorted(names)
    assert result["winners"] == result["ranking"][0]


# --- the command line -----------------------------------------------------------------------


def test_cli_scores_the_design_example_from_stdin() -> None:
    result = score_cli("hunting-age", stdin=json.dumps(CONTRACT_EXAMPLE))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == CONTRACT_RESULT
    assert result.stderr == ""


def test_cli_reads_a_file(tmp_path: Any) -> None:
    path = tmp_path / "final.json"
    path.write_text(json.dumps(CONTRACT_EXAMPLE), encoding="utf-8")
    result = score_cli("hunting-age", str(path))
    assert result.returncode == 0
    assert json.loads(result.stdout) == CONTRACT_RESULT


def test_cli_names_bad_input_on_one_line() -> None:
    result = score_cli("hunting-age", stdin=json.dumps(bad([*RED, "cave", "fish"], 1)))
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr == (
        f'error: player red: cave: unknown food "fish"; expected one of: {FOOD_KINDS}\n'
    )


def test_cli_keeps_japanese_names() -> None:
    result = score_cli(
        "hunting-age", stdin=json.dumps({"players": {"あかね": player([2])}}, ensure_ascii=False)
    )
    assert result.returncode == 0
    assert json.loads(result.stdout)["winners"] == ["あかね"]


ONE = '{"huts": [], "board_vp": 0, "track": 0, "cave": {}, "coins": 0, "pieces_left_on_board": 13}'


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        # two players of one name would silently become one
        (
            f'{{"players": {{"ann": {ONE}, "ann": {ONE}}}}}',
            'invalid JSON: the key "ann" appears twice in one object',
        ),
        # Python refuses integers of more than 4300 digits while decoding
        (
            '{"players": {"ann": {"track": ' + "9" * 5000 + "}}}",
            "invalid JSON: a number is too long",
        ),
        ("[1, 2", "invalid JSON at line 1 column 6: Expecting ',' delimiter"),
        # 4300 digits decode, but five such huts would not print: refused up front
        (
            '{"players": {"ann": {"huts": [' + ", ".join(["9" * 4300] * 5) + "], "
            '"board_vp": 0, "track": 0, "cave": {}, "coins": 0, "pieces_left_on_board": 0}}}',
            "player ann: huts[0] must be a whole number (0–99), not a number of 4300 digits",
        ),
    ],
)
def test_cli_odd_json_is_one_line_exit_2(stdin: str, message: str) -> None:
    result = score_cli("hunting-age", stdin=stdin)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr == f"error: {message}\n"


def test_cli_lone_surrogate_in_a_name_is_still_valid_json() -> None:
    # "\ud800" decodes to a string UTF-8 cannot encode: the output escapes it
    result = score_cli("hunting-age", stdin=f'{{"players": {{"\\ud800": {ONE}}}}}')
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["winners"] == ["\ud800"]


def test_cli_reads_stdin_as_utf8_whatever_the_locale() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "campfire", "score", "hunting-age", "-"],
        input=f'{{"players": {{"あかね": {ONE}}}}}'.encode(),
        capture_output=True,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["winners"] == ["あかね"]


def test_output_keys_in_the_contracts_order() -> None:
    # docs/contracts.md: {"scores": {NAME: {"huts", "board", "track", "total"}}, "ranking",
    # "winners"}
    result = score_cli("hunting-age", stdin=json.dumps(CONTRACT_EXAMPLE))
    decoded = json.loads(result.stdout)
    assert list(decoded) == ["scores", "ranking", "winners"]
    assert list(decoded["scores"]["red"]) == ["huts", "board", "track", "total"]


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-10, 10**30)
    | st.floats()
    | st.text(max_size=5)
    | st.sampled_from(["mammoth_yellow", "coins_5", "flat_6", "bear", "huts", "cave"]),
    lambda inner: (
        st.lists(inner, max_size=6)
        | st.dictionaries(
            st.sampled_from([*FIELD_LIST.split(", "), *FOOD_KINDS.split(", "), "players", "x"]),
            inner,
            max_size=6,
        )
    ),
    max_leaves=20,
)


@given(
    st.dictionaries(
        st.sampled_from(["ann", "ben", " "]),
        st.fixed_dictionaries(
            {},
            optional={
                "huts": st.lists(json_values, max_size=6),
                "board_vp": json_values,
                "track": json_values,
                "cave": json_values,
                "coins": json_values,
                "pieces_left_on_board": json_values,
            },
        )
        | json_values,
        max_size=6,
    )
)
def test_any_odd_document_is_scored_or_refused_with_a_rule_error(players: Any) -> None:
    # the CLI's promise: a score that prints as JSON, or one RuleError — never a crash
    try:
        result = score({"players": players})
    except RuleError as error:
        assert "\n" not in str(error)
        return
    json.dumps(result)
    assert set(result["scores"]) == set(players)


@given(json_values)
def test_any_odd_top_level_is_scored_or_refused_with_a_rule_error(document: Any) -> None:
    try:
        json.dumps(score(document))
    except RuleError as error:
        assert "\n" not in str(error)
