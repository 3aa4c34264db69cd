"""The screen geometry of a tile (B1) is checked-in data, like the printed tiles' (issue
37): the data is exactly what ``games.bison.geometry``'s searches compute, it holds every
edge string a tile can lie with, and an edge string missing from it is still searched."""

from __future__ import annotations

from itertools import product

import pytest

from games.bison import geometry, geometry_build, geometry_data
from games.bison.catalog import CATALOG
from games.bison.taps import RETAIL_SHAPES
from games.bison.tiles import SPACES, Tile, check_edges
from games.errors import RuleError


def test_the_checked_in_data_is_what_the_searches_compute() -> None:
    # Byte for byte what `python -m games.bison.kit.art_build` writes: floats by repr, so
    # equal text is equal values (a moved anchor or tap disc fails here until rebuilt).
    assert geometry_build.DATA.read_text(encoding="utf-8") == geometry_build.source()


def _valid(edges: str) -> bool:
    try:
        check_edges(edges)
    except RuleError:
        return False
    return True


def test_the_data_holds_every_edge_string_a_tile_can_lie_with() -> None:
    every = {"".join(letters) for letters in product("PM", repeat=6)}
    valid = {edges for edges in every if _valid(edges)}
    catalog = {CATALOG[t].tile.rotated(n).edges for t in CATALOG for n in range(6)}
    retail = {Tile(shape, (1, 1, 1)).rotated(n).edges for shape in RETAIL_SHAPES for n in range(6)}
    assert set(geometry_build.every_edges()) == valid == catalog | retail
    assert set(geometry_data.SCREEN) == valid


def test_the_public_functions_read_the_data() -> None:
    edges = "PPPPMM"
    anchors, discs, label = geometry_data.SCREEN[edges]
    assert geometry.label_point(edges) == label
    for index, space in enumerate(SPACES):
        stored = anchors[index]
        assert len(stored) == geometry.MAX_MARKS
        for count in range(geometry.MAX_MARKS + 1):
            assert geometry.anchors(edges, space, count) == stored[:count]
        assert geometry.tap_disc(edges, space) == discs[index]
    # A tile as it lies, turned more: the turned edge string's entry.
    assert geometry.label_point(edges, 2) == geometry_data.SCREEN["MMPPPP"][2]


def test_an_edge_string_missing_from_the_data_is_searched(monkeypatch) -> None:
    edges = "PMMMMM"
    stored = geometry_data.SCREEN[edges]
    monkeypatch.setattr(geometry, "SCREEN", {})
    searched = []
    grid = geometry._grid.__wrapped__  # the search itself, past its cache

    def spy(shape: str, space: str) -> tuple[tuple[geometry.Point, float], ...]:
        searched.append((shape, space))
        return grid(shape, space)

    monkeypatch.setattr(geometry, "_grid", spy)
    for search in (geometry.compute_anchors, geometry.compute_tap_disc, geometry.compute_label):
        search.cache_clear()
    anchors = tuple(geometry.anchors(edges, space, geometry.MAX_MARKS) for space in SPACES)
    discs = tuple(geometry.tap_disc(edges, space) for space in SPACES)
    assert (anchors, discs, geometry.label_point(edges)) == stored
    assert {space for _shape, space in searched} == set(SPACES)


@pytest.mark.parametrize("bad", ["PPPPPP", "PMPMPM", "PPP"])
def test_an_edge_string_no_tile_has_is_refused_as_before(bad: str) -> None:
    with pytest.raises(RuleError):
        geometry.anchors(bad, "prairie", 1)
