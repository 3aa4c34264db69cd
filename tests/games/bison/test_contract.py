"""``campfire score bison``: the docs/contracts.md contract, in process and through the CLI."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from documents import edited
from refusals import refused
from score_cli import score_cli

from games.bison.contract import score
from games.errors import RuleError

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "examples"

JP_EXAMPLE_1 = {
    "players": ["yellow", "red", "green", "blue"],
    "tiles": [
        {"at": [0, 0], "edges": "PPPPMM", "animals": {"prairie": 1, "river": 1, "mountain": 1}},
        {"at": [1, 0], "edges": "PPPPMM", "animals": {"prairie": 1, "river": 2}},
        {"at": [2, 0], "edges": "PPPPMM", "animals": {"prairie": 3}},
        {"at": [3, 0], "edges": "PPPPMM", "animals": {"river": 1, "mountain": 2}},
        {"at": [4, 0], "edges": "PPPPMM", "animals": {"prairie": 2, "mountain": 1}},
    ],
    "pieces": [
        {"at": [0, 0], "space": "prairie", "player": "yellow", "structure": 2},
        {"at": [1, 0], "space": "prairie", "player": "red", "hunters": 1, "structure": 1},
        {"at": [2, 0], "space": "prairie", "player": "red", "structure": 1},
        {"at": [3, 0], "space": "prairie", "player": "green", "hunters": 3, "structure": 1},
        {"at": [4, 0], "space": "prairie", "player": "blue", "hunters": 1},
    ],
    "final": False,
}

START = {
    "players": ["yellow", "red"],
    "tiles": [
        {"at": [0, 0], "tile": "S1", "rotation": 0},
        {"at": [1, 0], "tile": "S2", "rotation": 0},
        {"at": [0, 1], "tile": "S3"},
        {"at": [2, 0], "tile": "B07", "rotation": 2},
    ],
    "pieces": [
        {"at": [0, 0], "space": "river", "player": "yellow", "hunters": 2, "structure": 1},
        {"at": [0, 1], "space": "river", "player": "red", "hunters": 3},
        {"at": [1, 0], "space": "prairie", "player": "red", "canoe": 0, "hunters": 1},
    ],
}


def test_contract_shape_and_order() -> None:
    result = score(JP_EXAMPLE_1)
    assert list(result) == ["regions", "totals"]
    first = result["regions"][0]
    assert first == {
        "terrain": "prairie",
        "spaces": [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]],
        "animals": 7,
        "ranking": [["yellow"], ["red"], ["green"], ["blue"]],
        "awards": {"yellow": 7, "red": 3, "green": 0, "blue": 2},
    }
    assert [list(r) for r in result["regions"]] == [
        ["terrain", "spaces", "animals", "ranking", "awards"]
    ] * len(result["regions"])
    terrains = [r["terrain"] for r in result["regions"]]
    assert terrains == sorted(terrains, key=["prairie", "mountain", "river"].index)
    assert result["totals"] == {
        "yellow": {"bison": 7, "salmon": 0, "turkey": 0, "total": 7},
        "red": {"bison": 3, "salmon": 0, "turkey": 0, "total": 3},
        "green": {"bison": 0, "salmon": 0, "turkey": 0, "total": 0},
        "blue": {"bison": 2, "salmon": 0, "turkey": 0, "total": 2},
    }
    json.dumps(result)  # JSON-ready


def test_catalog_tiles_with_rotation_and_final_winners() -> None:
    result = score({**START, "final": True})
    rivers = [r for r in result["regions"] if r["terrain"] == "river"]
    totem = next(r for r in rivers if [0, 0] in r["spaces"])
    # The three start rivers meet at the totem, and B07 turned twice (river corners 1, 3)
    # joins S2's river at their shared corner. Red has 3 hunters, yellow a canoe: yellow.
    assert totem == {
        "terrain": "river",
        "spaces": [[0, 0], [0, 1], [1, 0], [2, 0]],
        "animals": 6,
        "ranking": [["yellow"], ["red"]],
        "awards": {"yellow": 6, "red": 3},
    }
    # Red alone on the S1–S2 prairie (joined P–P) takes its 2 bison.
    assert result["totals"]["red"] == {"bison": 2, "salmon": 3, "turkey": 0, "total": 5}
    assert result["winners"] == ["yellow"]
    assert list(result) == ["regions", "totals", "winners"]


def test_final_tie_goes_to_the_larger_smallest_stock() -> None:
    # Two separate 1-tile boards: a gets 3 bison (smallest stock 0) - b gets 1 of each.
    doc = {
        "players": ["a", "b"],
        "final": True,
        "tiles": [
            {"at": [0, 0], "edges": "PPPMMM", "animals": {"prairie": 3}},
            {"at": [5, 0], "edges": "PPPMMM", "animals": {"prairie": 1, "river": 1, "mountain": 1}},
        ],
        "pieces": [
            {"at": [0, 0], "space": "prairie", "player": "a", "hunters": 1},
            {"at": [5, 0], "space": "prairie", "player": "b", "hunters": 1},
            {"at": [5, 0], "space": "river", "player": "b", "hunters": 1},
            {"at": [5, 0], "space": "mountain", "player": "b", "hunters": 1},
        ],
    }
    result = score(doc)
    assert result["totals"]["a"]["total"] == result["totals"]["b"]["total"] == 3
    assert result["winners"] == ["b"]
    doc["pieces"] = doc["pieces"][:2]
    assert score(doc)["winners"] == ["a"]


def test_pieces_and_final_are_optional_and_empty_regions_are_listed() -> None:
    result = score({"players": ["a"], "tiles": [{"at": [0, 0], "tile": "B16"}]})
    assert result == {
        "regions": [
            {"terrain": "prairie", "spaces": [[0, 0]], "animals": 3, "ranking": [], "awards": {}},
            {"terrain": "mountain", "spaces": [[0, 0]], "animals": 0, "ranking": [], "awards": {}},
            {"terrain": "river", "spaces": [[0, 0]], "animals": 0, "ranking": [], "awards": {}},
        ],
        "totals": {"a": {"bison": 0, "salmon": 0, "turkey": 0, "total": 0}},
    }


def bad(path: str, value=None, *, delete: bool = False, base=None):
    """A copy of a good document (``START``) with one field changed (path like 'tiles.1.edges')."""
    return edited(base or START, path, value, delete=delete)


BAD_INPUTS = [
    ([1, 2], "the input must be a JSON object with players, tiles and pieces, not a list"),
    (bad("players", delete=True), '"players" is missing'),
    (bad("tiles", delete=True), '"tiles" is missing'),
    (
        bad("colour", "x"),
        'the input: unknown key "colour"; expected one of: players, tiles, pieces, final',
    ),
    (bad("players", "yellow"), '"players" must be a list of names, not "yellow"'),
    (bad("players", ["a", "b", "c", "d", "e"]), '"players" must list 1 to 4 players, not 5'),
    (bad("players", ["red", "red"]), 'players[1]: "red" is listed twice'),
    (bad("players", ["red", 7]), "players[1] must be a non-empty name, not 7"),
    (bad("tiles", {}), '"tiles" must be a list, not {}'),
    ("hello", "the input must be a JSON object with players, tiles and pieces, not a string"),
    (bad("tiles.1", "S2"), 'tiles[1]: must be an object, not "S2"'),
    (bad("tiles.1.at", delete=True), 'tiles[1]: "at" is missing: the tile\'s hex [q, r]'),
    (
        bad("tiles.1.at", [1, True]),
        'tiles[1]: "at" must be [q, r], two whole numbers, not [1, true]',
    ),
    (
        bad("tiles.1.at", [0, 0]),
        "tiles[1] at [0,0]: tiles[0] already lies at [0,0]; one tile per hex",
    ),
    (
        bad("tiles.1.tile", "B19"),
        'tiles[1] at [1,0]: unknown tile "B19"; the catalog has S1–S3 and B01–B18',
    ),
    (
        bad("tiles.1.tile", "S1"),
        "tiles[1] at [1,0]: tile S1 already lies at [0,0]; the catalog has one of each",
    ),
    (
        bad("tiles.3.rotation", 6),
        'tiles[3] at [2,0]: "rotation" must be a whole number (0–5), not 6',
    ),
    (
        bad("tiles.3.rotation", True),
        'tiles[3] at [2,0]: "rotation" must be a whole number (0–5), not true',
    ),
    (
        bad("tiles.3", {"at": [1, -1], "edges": "PPXMMM", "animals": {"river": 3}}),
        'tiles[3] at [1,-1]: edges "PPXMMM" must use only P and M',
    ),
    (
        bad("tiles.3", {"at": [1, -1], "edges": "PMPMMM", "animals": {"river": 3}}),
        'tiles[3] at [1,-1]: edges "PMPMMM" must form one run of P and one run of M around the '
        "tile, not 2 runs of each",
    ),
    (
        bad("tiles.3", {"at": [1, -1], "edges": "PPPMMM", "animals": {"river": 2}}),
        "tiles[3] at [1,-1]: animals: a tile shows exactly 3 animals, not 2",
    ),
    (
        bad("tiles.3", {"at": [1, -1], "edges": "PPPMMM"}),
        'tiles[3] at [1,-1]: a tile needs "tile" (a catalog id) or both "edges" and "animals"',
    ),
    (
        bad("tiles.3.edges", "PPPMMM"),
        'tiles[3] at [2,0]: give either "tile" and "rotation" (a catalog tile) or "edges" and '
        '"animals", not both',
    ),
    (bad("pieces", None), '"pieces" must be a list, not null'),
    (
        bad("pieces.0.player", "purple"),
        'pieces[0]: player "purple" is not in players (yellow, red)',
    ),
    (
        bad("pieces.0.space", "lake"),
        'pieces[0]: "space" must be "prairie", "river" or "mountain", not "lake"',
    ),
    (bad("pieces.0.space", delete=True), 'pieces[0]: "space" is missing'),
    (
        bad("pieces.0.hunter", 1),
        'pieces[0]: unknown key "hunter"; expected one of: at, '
        "space, player, hunters, structure, tent, canoe",
    ),
    (bad("pieces.0.at", [9, 9]), "pieces[0] (yellow at [9,9] river): there is no tile at [9,9]"),
    (
        bad("pieces.0.hunters", -1),
        'pieces[0] (yellow at [0,0] river): "hunters" must be a whole number (0–8), not -1',
    ),
    (
        bad("pieces.0.hunters", True),
        'pieces[0] (yellow at [0,0] river): "hunters" must be a whole number (0–8), not true',
    ),
    (
        bad("pieces.0.hunters", None),
        'pieces[0] (yellow at [0,0] river): "hunters" must be a whole number (0–8), not null',
    ),
    (
        bad("pieces.0.hunters", 2.5),
        'pieces[0] (yellow at [0,0] river): "hunters" must be a whole number (0–8), not 2.5',
    ),
    (
        bad("pieces.0.structure", 5),
        'pieces[0] (yellow at [0,0] river): "structure" must be a whole number (0–4), not 5',
    ),
    (
        bad("pieces.1.tent", 2),
        "pieces[1] (red at [0,1] river): a tent cannot stand on a river; use a canoe",
    ),
    (
        bad("pieces.0.tent", 2),
        "pieces[0] (yellow at [0,0] river): give the structure once: "
        '"structure" and "tent" are both here',
    ),
    (
        bad("pieces.2.hunters", 0),
        "pieces[2] (red at [1,0] prairie): no hunters and no tent; leave out spaces without pieces",
    ),
    (
        bad("pieces.1.at", [0, 0]),
        "pieces[1] (red at [0,0] river): pieces[0] puts yellow's "
        "pieces here; a space holds the pieces of one player only",
    ),
    (
        bad("pieces.1", {"at": [0, 0], "space": "river", "player": "yellow", "hunters": 1}),
        "pieces[1] (yellow at [0,0] river): pieces[0] already lists this space; list each space "
        "once",
    ),
    (
        bad("pieces.1", {"at": [0, 1], "space": "river", "player": "yellow", "hunters": 7}),
        "pieces[1] (yellow at [0,1] river): yellow would have 9 hunters on the board; a player "
        "owns 8",
    ),
    (
        bad("pieces.0.hunters", 9),
        'pieces[0] (yellow at [0,0] river): "hunters" must be a whole number (0–8), not 9',
    ),
    (
        bad("pieces.0.hunters", 10**90),
        'pieces[0] (yellow at [0,0] river): "hunters" must be a '
        "whole number (0–8), not a number of 91 digits",
    ),
    (
        bad("pieces.0.hunters", 1.0),
        'pieces[0] (yellow at [0,0] river): "hunters" must be a whole number (0–8), not 1.0',
    ),
    (
        bad("pieces.0.hunters", float("nan")),
        'pieces[0] (yellow at [0,0] river): "hunters" must be a whole number (0–8), not NaN',
    ),
    (
        bad("pieces.0.hunters", "2"),
        'pieces[0] (yellow at [0,0] river): "hunters" must be a whole number (0–8), not "2"',
    ),
    (
        bad("pieces.0.space", 'la"ke\n'),
        'pieces[0]: "space" must be "prairie", "river" or "mountain", not "la\\"ke\\n"',
    ),
    (
        bad("pieces.0.player", "x" * 1000),
        'pieces[0]: player "' + "x" * 37 + '…" is not in players (yellow, red)',
    ),
    (
        bad("pieces.0.at", ["0", "0"]),
        'pieces[0]: "at" must be [q, r], two whole numbers, not ["0", "0"]',
    ),
    (
        bad("pieces.0.at", [[0, 0], [1, 2], [3, 4], [5, 6], [7, 8], [9, 10]]),
        'pieces[0]: "at" must be [q, r], two whole numbers, not a list',
    ),
    (
        bad("tiles.0", {"at": [0, 0], "tile": "S1", "rotation": -1}),
        'tiles[0] at [0,0]: "rotation" must be a whole number (0–5), not -1',
    ),
    (bad("tiles", []), "pieces[0] (yellow at [0,0] river): there is no tile at [0,0]"),
    (bad("pieces", {"at": [0, 0]}), '"pieces" must be a list, not {"at": [0, 0]}'),
    (bad("pieces.0", [1] * 50), "pieces[0]: must be an object, not a list"),
    (bad("tiles.3.tile", 7), 'tiles[3] at [2,0]: "tile" must be a catalog id such as "B07", not 7'),
    (bad("final", "yes"), '"final" must be true or false, not "yes"'),
    (bad("final", 1), '"final" must be true or false, not 1'),
]


@pytest.mark.parametrize(
    ("document", "message"), BAD_INPUTS, ids=[f"{i}" for i in range(len(BAD_INPUTS))]
)
def test_bad_input_messages(document, message) -> None:
    before = copy.deepcopy(document)
    with refused(message):
        score(document)
    assert document == before  # nothing changed


def test_two_size_one_canoes_are_within_the_supply() -> None:
    doc = bad("pieces.2", {"at": [1, 0], "space": "river", "player": "yellow", "structure": 1})
    assert score(doc)["totals"]["yellow"]["salmon"] == 6


def test_three_size_one_canoes_exceed_the_supply() -> None:
    doc = bad(
        "pieces",
        [
            {"at": [0, 0], "space": "river", "player": "red", "structure": 1},
            {"at": [1, 0], "space": "river", "player": "red", "structure": 1},
            {"at": [0, 1], "space": "river", "player": "red", "canoe": 1},
        ],
    )
    with pytest.raises(RuleError) as error:
        score(doc)
    assert str(error.value) == (
        "pieces[2] (red at [0,1] river): red would have 3 canoes of size 1 on the board; "
        "a player owns canoes of sizes 1, 1, 2, 2, 3 and 4"
    )


# --- through the command line ------------------------------------------------------------


def test_cli_scores_stdin() -> None:
    result = score_cli("bison", stdin=json.dumps(JP_EXAMPLE_1))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert json.loads(result.stdout) == score(JP_EXAMPLE_1)


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ("[]", "the input must be a JSON object with players, tiles and pieces, not a list"),
        ("{", "invalid JSON at line 1 column 2"),
        *[(json.dumps(doc), msg) for doc, msg in BAD_INPUTS[::3]],
    ],
)
def test_cli_bad_input_is_one_line_exit_2(document, message) -> None:
    result = score_cli("bison", stdin=document)
    assert result.returncode == 2
    assert result.stdout == ""
    assert result.stderr.startswith("error: ")
    assert message in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    ("name", "check"),
    [
        (
            "bison-jp-example-1.json",
            lambda out: (
                out["regions"][0]["awards"] == {"yellow": 7, "red": 3, "green": 0, "blue": 2}
            ),
        ),
        (
            "bison-jp-example-2.json",
            lambda out: (
                out["regions"][0]["awards"] == {"yellow": 3, "green": 3, "red": 4, "blue": 2}
            ),
        ),
        # Yellow and red both total 11; red's smallest stock (2) beats yellow's (0): B10.
        (
            "bison-start-final.json",
            lambda out: (
                out["winners"] == ["red"]
                and out["totals"]["yellow"]["total"] == out["totals"]["red"]["total"] == 11
            ),
        ),
    ],
)
def test_examples_score(name, check) -> None:
    result = score_cli("bison", str(EXAMPLES / name))
    assert result.returncode == 0, result.stderr
    assert check(json.loads(result.stdout))


@pytest.mark.parametrize(
    "stdin",
    [
        # Python refuses integers of more than 4300 digits (a ValueError, not a
        # JSONDecodeError) and arrays nested deeper than its recursion limit.
        '{"players": ["a"], "tiles": [{"at": [' + "9" * 5000 + ', 0], "tile": "B01"}]}',
        "[" * 100_000 + "]" * 100_000,
    ],
    ids=["5000-digit-number", "nested-100000-deep"],
)
def test_cli_json_python_cannot_read_is_one_line_exit_2(stdin) -> None:
    result = score_cli("bison", stdin=stdin)
    assert (result.returncode, result.stdout) == (2, "")
    assert result.stderr.startswith("error: invalid JSON")
    assert len(result.stderr.splitlines()) == 1


def test_cli_lone_surrogate_in_a_name_is_still_json_out() -> None:
    # "\ud800" is legal JSON but not text: stdout cannot encode it, so the output escapes it.
    document = {
        "players": ["\ud800"],
        "tiles": [{"at": [0, 0], "tile": "B16"}],
        "pieces": [{"at": [0, 0], "space": "prairie", "player": "\ud800", "hunters": 1}],
    }
    result = score_cli("bison", stdin=json.dumps(document))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["totals"]["\ud800"]["bison"] == 3
