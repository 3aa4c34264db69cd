"""The Bison photo reader (issue 23, items 2 and 6) on small generated photos (fixed seeds)
and on every kind of bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter

import pytest
from bison_photos import BAD_KINDS, bad_photo

pytest.importorskip("apriltag")

import bison_synthetic as synthetic

from campfire.cli import main
from games.bison import contract
from reader import bison


def _key(piece):
    return (tuple(piece["at"]), piece["space"], piece["player"])


@pytest.fixture(scope="module")
def plain():
    return synthetic.photo(2, "3mp", tiles=10)


@pytest.fixture(scope="module")
def with_hand():
    return synthetic.photo(5, "3mp", hand=True, tiles=10)


def test_reads_every_tile_and_piece_of_a_clear_photo(plain):
    prior = {"players": ["red", "yellow", "green", "blue"], "tiles": plain.tiles, "pieces": []}
    reading = bison.read(plain.jpeg, prior)
    assert reading.tiles == plain.tiles
    assert sorted(reading.pieces, key=_key) == sorted(plain.pieces, key=_key)
    assert reading.unseen == []
    # The output is a board `campfire score bison` accepts.
    contract.score({k: v for k, v in reading.as_json(prior["players"]).items() if k in prior})


def test_a_hand_hides_pieces_but_never_turns_them_into_wrong_ones(with_hand):
    prior = {
        "players": ["red", "yellow", "green", "blue"],
        "tiles": with_hand.tiles,
        "pieces": with_hand.pieces,
    }
    reading = bison.read(with_hand.jpeg, prior)
    assert reading.tiles == with_hand.tiles  # pinned by the prior, hand or not
    truth = {_key(p): p for p in with_hand.pieces}
    for piece in reading.pieces:  # what it reports is right, or at most fewer hunters
        assert _key(piece) in truth
        assert piece["hunters"] <= truth[_key(piece)]["hunters"]
    read_back = {_key(p) for p in reading.pieces if p == truth[_key(p)]}
    missed = set(truth) - read_back
    assert missed, "the hand hides nothing: the seed no longer tests it"
    assert missed <= {_key(u) for u in reading.unseen if "space" in u}  # unseen, not gone


def test_new_tiles_are_placed_and_turned_from_their_markers(plain):
    # The prior knows the start tiles only: every other tile is new to the reader. A tile
    # whose three markers are all under tokens cannot be found; every one found is right.
    prior = {
        "players": ["red"],
        "tiles": [t for t in plain.tiles if t["tile"][0] == "S"],
        "pieces": [],
    }
    reading = bison.read(plain.jpeg, prior)
    found = [t for t in reading.tiles if t["tile"][0] != "S"]
    assert all(t in plain.tiles for t in found)
    assert len(found) >= len(plain.tiles) - 3 - 1


def _run(capsys, *argv):
    code = main(["read-board", "bison", *map(str, argv)])
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_prints_the_board_unseen_and_doubts(tmp_path, capsys, plain):
    photo = tmp_path / "board.jpg"
    photo.write_bytes(plain.jpeg)
    board = tmp_path / "board.json"
    board.write_text(json.dumps({"players": ["red", "blue"], "tiles": plain.tiles, "pieces": []}))
    code, out, err = _run(capsys, photo, "--board", board)
    assert (code, err) == (0, "")
    document = json.loads(out)
    assert document["players"] == ["red", "blue"]
    assert document["tiles"] == plain.tiles
    assert document["unseen"] == [] and isinstance(document["doubts"], list)


def test_cli_players_are_the_given_colours_in_order_blanks_dropped(tmp_path, capsys, plain):
    photo = tmp_path / "board.jpg"
    photo.write_bytes(plain.jpeg)
    code, out, err = _run(capsys, photo, "--players", " blue, ,red,")
    assert (code, err) == (0, "")
    assert json.loads(out)["players"] == ["blue", "red"]


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"not an image at all", "not an image"),
        (b"", "empty"),
        ("truncated", "truncated"),
        ("bomb", "too many pixels"),
        ("huge", "too large"),
        ("blank", "no Bison board"),
        ("foreign", "not those of a Campfire Bison kit"),
    ],
)
def test_cli_bad_photo_is_one_line_and_exit_2(tmp_path, capsys, plain, content, says):
    if content in BAD_KINDS:
        content = bad_photo(content, plain.jpeg)
    photo = tmp_path / "photo"
    photo.write_bytes(content)
    code, out, err = _run(capsys, photo)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and says in err and "Traceback" not in err


def test_cli_bad_board_file_and_missing_photo(tmp_path, capsys, plain):
    photo = tmp_path / "board.jpg"
    photo.write_bytes(plain.jpeg)
    bad = tmp_path / "bad.json"
    bad.write_text('{"players": ["red"], "tiles": [{"at": [0, 0], "tile": "Z9"}], "pieces": []}')
    code, _, err = _run(capsys, photo, "--board", bad)
    assert code == 2 and err.startswith("error: --board") and err.count("\n") == 1
    code, _, err = _run(capsys, tmp_path / "nothing.jpg")
    assert code == 2 and "no such file" in err


def _tokens(pieces):
    """Every single token: (hex, space, colour, structure size or 0 for a hunter)."""
    out = []
    for p in pieces:
        out += [(tuple(p["at"]), p["space"], p["player"], 0)] * p["hunters"]
        if p.get("structure"):
            out.append((tuple(p["at"]), p["space"], p["player"], p["structure"]))
    return sorted(out)


@pytest.fixture(scope="module")
def far():
    # A 3 MP photo whose far tiles carry token markers ~16 px wide (bench seed 1004).
    return synthetic.photo(1004, "3mp")


def test_small_far_markers_are_read_from_the_photo_enlarged(far, monkeypatch):
    assert min(t.width for t in far.tokens) < 18  # px: the far side of a tilted board
    prior = {"players": ["red"], "tiles": far.tiles, "pieces": []}
    assert _tokens(bison.read(far.jpeg, prior).pieces) == _tokens(far.pieces)
    monkeypatch.setattr(bison, "UPSCALE_BELOW", 0)  # read as it is: some are lost
    first_look = _tokens(bison.read(far.jpeg, prior).pieces)
    assert len(first_look) < len(_tokens(far.pieces))


def test_every_piece_missed_under_the_hand_has_its_marker_covered(with_hand):
    prior = {"players": ["red"], "tiles": with_hand.tiles, "pieces": []}
    read = _tokens(bison.read(with_hand.jpeg, prior).pieces)
    truth = _tokens(with_hand.pieces)
    missed = list(truth)
    for token in read:
        missed.remove(token)  # ValueError: a piece read that is not there
    covered = sorted(
        (t.at, t.space, t.colour, t.size if t.kind != "hunter" else 0)
        for t in with_hand.tokens
        if t.covered > 0
    )
    assert missed and missed == covered


def test_the_command_prints_json_alone_on_a_fresh_start(tmp_path, plain):
    # apriltag-python prints to stdout on import when OpenCV is missing: a fresh process
    # (the import not done yet) must still print nothing but the JSON.
    photo = tmp_path / "board.jpg"
    photo.write_bytes(plain.jpeg)
    done = subprocess.run(
        [sys.executable, "-m", "campfire.cli", "read-board", "bison", str(photo)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["tiles"] == plain.tiles


def test_known_tiles_the_hand_covers_are_kept_and_their_spaces_said_hidden():
    # Bench seed 1001: the hand covers every marker of some tiles (hand and tokens).
    photo = synthetic.photo(1001, "3mp", hand=True)
    assert "B01" in photo.tiles_hidden
    prior = {"players": ["red"], "tiles": photo.tiles, "pieces": photo.pieces}
    reading = bison.read(photo.jpeg, prior)
    assert reading.tiles == photo.tiles  # pinned: tiles never move
    hidden = {(tuple(h["at"]), h["space"]) for h in reading.hidden}
    in_view = {(tuple(v["at"]), v["space"]) for v in reading.in_view}
    assert not hidden & in_view
    # Issue 32: every space of the board is one or the other (hexes beside the board the
    # hand covers are hidden too: a new tile there would be).
    hexes = {tuple(t["at"]) for t in photo.tiles}
    assert len({s for s in hidden | in_view if s[0] in hexes}) == 3 * len(photo.tiles)
    assert in_view <= {(at, s) for at in hexes for s in ("prairie", "river", "mountain")}
    at = next(tuple(t["at"]) for t in photo.tiles if t["tile"] == "B01")
    assert {(at, s) for s in ("prairie", "river", "mountain")} <= hidden
    # Every token under the hand lies on a hidden space, and it is kept (unseen).
    assert photo.hidden
    assert {(at, space) for at, space, _ in photo.hidden} <= hidden
    assert {k for k in photo.hidden} <= {_key(u) for u in reading.unseen}
    assert reading.gone == []  # nothing moved: nothing in view is missing


def _each(pieces):
    """Every single token: (hex, space, colour, structure size or 0 for a hunter)."""
    return Counter(_tokens(pieces))


def test_read_against_the_round_before_hides_nothing_as_removed_and_reads_nothing_wrong():
    # As a table uses it: the prior is the board confirmed one round before (new tiles,
    # moved hunters, structures built or grown since), and the hand covers 6 tokens, 4 of
    # them where they stood in the prior. The confirmed result (the reading applied to
    # the prior, explain.photographed) keeps those 4; what the truth changed under the
    # hand is a miss, and a prior piece kept where it is no more is said "not visible".
    shot = synthetic.photo(9, "3mp", hand=True, tiles=10)
    prior = synthetic.round_before(shot, 9)
    reading = bison.read(shot.jpeg, prior)
    assert reading.tiles == shot.tiles  # the three new tiles found, turned right
    result, kept = synthetic.confirmed(prior, reading)
    truth, before, after = _each(shot.pieces), _each(prior["pieces"]), _each(result)
    under = Counter(
        (t.at, t.space, t.colour, t.size if t.kind != "hunter" else 0)
        for t in shot.tokens
        if t.covered > 0
    )
    unchanged = under & before
    assert sum(unchanged.values()) == 4
    assert unchanged <= after  # hidden, never read as removed
    # Gone from a space in plain view: a colour with nothing under the hand shows all
    # its hunters, so its missing ones moved (dropped); a colour with some under it may
    # have its missing ones there too, so they are kept, said "not visible".
    hiding = {k[2] for k in under}
    gone = {k[:3] for k in before - truth if k[2] not in hiding}
    assert gone and not any(k[:3] in gone for k in after - truth)
    wrong = after - truth
    assert wrong and all(k[:3] in kept and k in before and k[2] in hiding for k in wrong)
    missed = truth - after
    assert missed and missed <= under  # every miss lies under the hand


def test_cli_says_a_too_large_photos_real_size(tmp_path, capsys):
    # Issue 32: a 60 MB file was reported as "30 MB" (the CLI reads only the limit's worth).
    photo = tmp_path / "huge.jpg"
    with open(photo, "wb") as handle:
        handle.write(b"\xff\xd8")
        handle.truncate(60 * 2**20)  # sparse: nothing written past the header
    code, out, err = _run(capsys, photo)
    assert code == 2 and out == ""
    assert "too large (60 MB; at most 30 MB)" in err and err.count("\n") == 1
