"""A new tile whose three markers tokens cover (issue 32, items 2 and 3; bench seed 26, round
4: B09's markers all under its hunters): the grid gives its hex, the uncovered cells of its
markers tell the tile and its turn, and its hunters land on their space. When no tile is
certain the hex stays unread (the phone asks for one more photo): never a guess."""

from __future__ import annotations

import pytest

pytest.importorskip("apriltag")

import bison_synthetic as synthetic

from reader import bison

START = [
    {"at": list(at), "tile": tile, "rotation": 0} for tile, at in bison.catalog.START_LAYOUT.items()
]
NEW = (1, 1)


@pytest.fixture(scope="module")
def covered() -> synthetic.Photo:
    # Seed 2: two green hunters on B09's mountain lie over part of each of its markers.
    board = {tuple(t["at"]): (t["tile"], 0) for t in START} | {NEW: ("B09", 1)}
    pieces = [("green", "hunter", 0, NEW, "mountain")] * 2 + [
        ("red", "hunter", 0, (0, 0), "prairie")
    ]
    photo = synthetic.photo(2, "3mp", board=board, pieces=pieces)
    assert "B09" in photo.tiles_hidden, "the seed no longer covers B09's markers"
    return photo


def test_a_new_tile_whose_markers_tokens_cover_is_read_from_their_uncovered_cells(covered):
    reading = bison.read(covered.jpeg, {"players": ["red", "green"], "tiles": START})
    assert {"at": list(NEW), "tile": "B09", "rotation": 1} in reading.tiles
    assert reading.unread == []
    green = [p for p in reading.pieces if p["player"] == "green"]
    assert green == [{"at": list(NEW), "space": "mountain", "player": "green", "hunters": 2}]


def test_a_covered_hex_no_tile_matches_stays_unread(covered):
    # The prior has B09 elsewhere (tiles never move): no other tile may stand in for it.
    elsewhere = {"at": [-1, 1], "tile": "B09", "rotation": 0}
    reading = bison.read(covered.jpeg, {"players": ["red", "green"], "tiles": [*START, elsewhere]})
    assert not [t for t in reading.tiles if t["at"] == list(NEW)]
    assert reading.unread == [{"at": list(NEW)}]
    assert not [p for p in reading.pieces if p["player"] == "green"]


def test_a_new_tile_without_markers_is_never_guessed_from_its_art():
    # A retail tile (the kit's art printed without markers) laid and not yet recorded:
    # nothing there matches a tile's markers, so the hex stays unread.
    board = {tuple(t["at"]): (t["tile"], 0) for t in START} | {NEW: ("B09", 0)}
    pieces = [("green", "hunter", 0, NEW, "mountain")] * 2
    photo = synthetic.photo(0, "3mp", board=board, pieces=pieces, retail=1)
    assert "edges" in next(t for t in photo.tiles if t["at"] == list(NEW))
    reading = bison.read(photo.jpeg, {"players": ["green"], "tiles": START})
    assert not [t for t in reading.tiles if t["at"] == list(NEW)]
    assert reading.unread == [{"at": list(NEW)}]
