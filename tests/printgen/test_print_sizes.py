"""No printed text on any kit is smaller than the minimum sizes of ``printgen.pen``.

Measured in the PDF itself (the Tf operators under the matrices in force), so shrink-to-fit,
scaled icons and forms all count at the size that comes out of the printer.
"""

from __future__ import annotations

import functools

import pytest
from pdfcheck import linked_kit, text_sizes

from printgen.kit import Context, components, games_with_kit
from printgen.messages import LANGUAGES
from printgen.pen import MIN_ID_PT, MIN_LABEL_PT
from printgen.style import Style


@functools.cache
def piece_ids(game: str) -> frozenset[str]:
    return frozenset(
        piece.id
        for component in components(game, Context("en", Style()))
        for piece in component.pieces
    )


def minimum(game: str, text: str) -> float:
    """Ids, numbers and symbols are looked up, not read: they may be smaller than words."""
    if text in piece_ids(game) or not any(char.isalpha() for char in text):
        return MIN_ID_PT
    return MIN_LABEL_PT


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", games_with_kit())
def test_no_printed_text_is_smaller_than_the_minimum(game, lang):
    pdf = linked_kit(game, lang)  # test_print_kits reads the same kits
    sizes = text_sizes(pdf)
    assert any("Campfire" in text or "—" in text for _, _, text in sizes)  # it sees text
    too_small = sorted(
        {
            (round(size, 2), page, text)
            for size, page, text in sizes
            if size < minimum(game, text) - 0.01
        }
    )
    assert too_small == []


def test_the_minimum_tells_ids_and_numbers_from_words():
    assert minimum("dogs-life", "bruno-01") == MIN_ID_PT
    assert minimum("bison", "1–3") == MIN_ID_PT
    assert minimum("bison", "テント") == MIN_LABEL_PT
    assert minimum("bison", "bruno-01") == MIN_LABEL_PT  # another game's id is a word here
