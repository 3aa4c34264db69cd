"""Drawing a Bison board reads the tiles' screen geometry from its checked-in data (B1;
``games/bison/geometry_data.py``): no page of a fresh process runs the grid searches, which
took seconds of the first board page a new server worker drew."""

from __future__ import annotations

import pytest
from bison_panel import FOUR, base, retail
from companion_testkit import text

from companion.panels.bison import svg
from games.bison import geometry, geometry_build
from games.bison.board import Board, PlacedTile
from games.bison.tiles import SPACES, Tile


@pytest.fixture
def never_search(monkeypatch):
    """The grid search and the searches over it refuse to run (the searches too, not only
    ``_grid``: an answer another test left in their caches would hide a fallback)."""

    def refuse(*args: object) -> None:
        raise AssertionError(f"searched the screen geometry of {args}")

    for name in ("_grid", "compute_anchors", "compute_tap_disc", "compute_label"):
        monkeypatch.setattr(geometry, name, refuse)


def test_the_pages_of_a_fresh_table_never_search(never_search, make_table, client):
    tid = make_table("bison", FOUR).id
    post = client.post(
        f"{base(tid)}/place", data=retail("1,-1", "PPPMMM", (1, 1, 1), mode="mirror")
    )
    assert post.status_code == 303, text(post)
    # Each page and what it draws: the board with its tap discs, pictures of tiles alone.
    pages = {
        "table": (f"/t/{tid}", 'class="tap"'),
        "zoomed tile": (f"{base(tid)}/tile?at=1,-1", 'class="tap"'),
        "tile picker": (f"{base(tid)}/place?at=2,-1", "a retail tile"),
        "a tile's six turns": (f"{base(tid)}/place?at=2,-1&tile=B07", 'data-edges="MMPPMM"'),
        "a retail tile's splits": (f"{base(tid)}/place?at=2,-1&edges=PMMMMM", "bison-tile-pic"),
    }
    for name, (url, drawn) in pages.items():
        page = client.get(url)
        assert page.status_code == 200, name
        assert drawn in page.get_data(as_text=True), name


def test_every_edge_string_is_drawn_with_marks_and_tap_targets_without_searching(
    never_search,
):
    shapes = geometry_build.every_edges()
    tiles = {(2 * i, 0): PlacedTile(Tile(edges, (1, 1, 1))) for i, edges in enumerate(shapes)}
    board = Board(tiles)
    drawn = svg.board_svg(
        board,
        space_url=lambda at, space: f"/{at}/{space}",
        targets={(at, space): (1, "/go") for at in tiles for space in SPACES},
        names=lambda at: "R",
    )
    assert drawn.count('class="tap"') == len(tiles) * len(SPACES)
    assert drawn.count("data-target=") == len(tiles) * len(SPACES)
    for edges in shapes:
        for turn in (0, 60, 180):
            assert svg.tile_picture(Tile(edges, (3, 0, 0)), label="B01", turn=turn)
