"""The Bison tiles' geometry is checked-in data (issue 37, item 1): the data is exactly what
the placement searches compute, and neither printing nor a photo read runs them."""

from __future__ import annotations

import pytest

from games.bison import catalog
from games.bison.kit import art_build, markers
from games.bison.kit import tile_art as geo


def test_the_checked_in_data_is_what_the_searches_compute():
    # Byte for byte what `python -m games.bison.kit.art_build` writes: floats by repr, so
    # equal text is equal values (a moved animal or marker fails here until rebuilt).
    assert art_build.DATA.read_text(encoding="utf-8") == art_build.source()


@pytest.mark.parametrize("tile_id", ["S1", "B05", "B07", "B18"])
def test_the_public_functions_give_the_computed_geometry(tile_id):
    assert geo.tile_art(tile_id) == geo.compute_tile_art(tile_id)
    assert markers.tile_markers(tile_id) == markers.compute_tile_markers(tile_id)


def _refuse(tile_id: str) -> None:
    raise AssertionError(f"searched the geometry of {tile_id} at print time")


def test_printing_and_reading_never_search(monkeypatch):
    from printgen.kit import render_kit

    monkeypatch.setattr(geo, "compute_tile_art", _refuse)
    monkeypatch.setattr(markers, "compute_tile_art", _refuse)
    monkeypatch.setattr(markers, "compute_tile_markers", _refuse)
    geo.tile_art.cache_clear()
    markers.tile_markers.cache_clear()
    for tile_id in catalog.CATALOG:
        assert len(markers.tile_markers(tile_id)) == markers.TILE_SLOTS
    assert render_kit("bison", only=["bison.tiles"]).startswith(b"%PDF")
