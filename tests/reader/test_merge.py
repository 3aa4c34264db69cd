"""Two photos of one round merged (issue 32, item 3): the second refines the first."""

from __future__ import annotations

import pytest

pytest.importorskip("apriltag")

import bison_synthetic as synthetic

from reader import bison
from reader.merge import merge


def _key(piece):
    return (tuple(piece["at"]), piece["space"], piece["player"])


def test_a_second_photo_without_the_hand_fills_in_what_the_first_hid():
    first_shot = synthetic.photo(5, "3mp", hand=True, tiles=10)
    board = {tuple(t["at"]): (t["tile"], t["rotation"]) for t in first_shot.tiles}
    laid = [
        (t.colour, t.kind, t.size, t.at, t.space) for t in first_shot.tokens
    ]  # the same board, photographed again (tokens side by side as before)
    second_shot = synthetic.photo(6, "3mp", board=board, pieces=laid)
    assert sorted(second_shot.pieces, key=_key) == sorted(first_shot.pieces, key=_key)
    prior = {"tiles": first_shot.tiles, "pieces": []}
    first = bison.read(first_shot.jpeg, prior)
    assert first.hidden, "the hand hides nothing: the seed no longer tests it"
    second = bison.read(second_shot.jpeg, prior)
    players = ["red", "yellow", "green", "blue"]
    merged = merge(first.as_json(players), second.as_json(players))
    assert sorted(merged["pieces"], key=_key) == sorted(first_shot.pieces, key=_key)
    assert merged["hidden"] == []
    # The other way round: the clear photo first, the hand's second refines nothing away.
    back = merge(second.as_json(players), first.as_json(players))
    assert sorted(back["pieces"], key=_key) == sorted(first_shot.pieces, key=_key)


def test_a_space_hidden_in_both_keeps_the_more_of_what_either_saw():
    space = {"at": [0, 1], "space": "river"}
    first = {
        "tiles": [],
        "pieces": [{**space, "player": "red", "hunters": 2}],
        "hidden": [{**space, "why": "covered"}],
        "in_view": [],
        "unseen": [{**space, "player": "red", "hunters": 1}],
    }
    second = {
        "tiles": [],
        "pieces": [{**space, "player": "red", "hunters": 1, "structure": 2}],
        "hidden": [{**space, "why": "covered"}],
        "in_view": [],
    }
    merged = merge(first, second)
    assert merged["pieces"] == [{**space, "player": "red", "hunters": 2, "structure": 2}]
    assert merged["hidden"] == [{**space, "why": "covered"}]
    assert merged["unseen"] == first["unseen"]
    # Seen in the second: what it shows, even nothing (emptied).
    emptied = merge(first, {"tiles": [], "pieces": [], "in_view": [space]})
    assert emptied["pieces"] == [] and emptied["hidden"] == [] and emptied["unseen"] == []
