"""The packing's quick art box (issue 37, speed) is the box of the shared bleeds, on every
page of every candidate packing of the four games' components."""

from __future__ import annotations

from printgen import layout
from printgen.context import Context
from printgen.kit import games_with_kit, kit_components
from printgen.style import Style


def test_the_outer_box_is_the_art_box_of_the_shared_bleeds():
    context = Context("en", Style())
    pages = 0
    for game in games_with_kit():
        for component in kit_components(game, context):
            for size in layout._orientations(layout.PAPERS["a4"]):
                for gutter in layout.GUTTERS:
                    try:
                        packed = layout._pack(component.pieces, layout._area(size, False), gutter)
                    except layout.PrintError:
                        continue
                    for page in packed:
                        placed = [layout.Placement(p, x, y) for p, x, y in page]
                        assert layout._outer_box(page) == layout._art_box(layout._bleeds(placed))
                        pages += 1
    assert pages > 100
