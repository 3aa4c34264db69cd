"""Things a player must tell apart differ in shape or pattern, not only in hue, in colour and
in ink-saver (issue 24, item 2); ink-saver pages are DeviceGray, not RGB greys."""

from __future__ import annotations

import functools
import itertools
from pathlib import Path

import pytest
from pdfcheck import reader, render
from PIL import Image, ImageChops
from pypdf.generic import ContentStream

from games.dogs_life import catalog as dog_catalog
from printgen.games import bison as bison_print
from printgen.games import hunting_age as hunting_print
from printgen.kit import GAMES, render_kit

# Grey levels (0-255) two renders must differ by for a pixel to count: more than two grey
# inks of neighbouring hues differ by (AoH's green and yellow grain differed by ~25).
TELLS_APART = 64
# Pixels (at 200 dpi, about 62 to the mm²) that must differ: a shape, not a few edges.
ENOUGH = 120

PAIRS: dict[str, list[tuple[str, str, str]]] = {
    "grain": [("hunting-age", "green_grain-01", "yellow_grain-01")],
    "bison player colours": [
        ("bison", f"hunter-{a}-1", f"hunter-{b}-1")
        for a, b in itertools.combinations(bison_print.COLOURS, 2)
    ],
    "age of hunting player colours": [
        ("hunting-age", f"chief-{a}-1", f"chief-{b}-1")
        for a, b in itertools.combinations(hunting_print.COLOURS, 2)
    ],
    "dog colours": [
        ("dogs-life", f"hunger-{a}", f"hunger-{b}")
        for a, b in itertools.combinations(dog_catalog.DOGS, 2)
    ],
}


@functools.cache
def _grey(game: str, piece: str, ink_saver: bool, folder: Path) -> Image.Image:
    """The page printing ``piece`` alone, rendered and turned to grey (what a mono printer
    or a colour-blind eye keeps of it)."""
    pdf = render_kit(game, only=[piece], duplex="fold", ink_saver=ink_saver)
    out = folder / f"{piece}-{ink_saver}"
    out.mkdir()
    (png,) = render(pdf, out, dpi=200)
    with Image.open(png) as image:
        return image.convert("L")


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("grey")


@pytest.mark.parametrize("ink_saver", [False, True], ids=["colour", "ink-saver"])
@pytest.mark.parametrize("what", list(PAIRS))
def test_each_pair_differs_in_grey(what, ink_saver, folder):
    for game, a, b in PAIRS[what]:
        diff = ImageChops.difference(
            _grey(game, a, ink_saver, folder), _grey(game, b, ink_saver, folder)
        )
        differing = sum(diff.point(lambda v: 255 if v > TELLS_APART else 0).histogram()[255:])
        assert differing > ENOUGH, (a, b, differing)


@pytest.mark.parametrize("ink_saver", [False, True], ids=["colour", "ink-saver"])
def test_bison_terrains_carry_their_patterns(ink_saver):
    # Prairie and mountain differ by hatching and grass tufts, in colour as well.
    pdf = render_kit("bison", only=["B01"], duplex="fold", ink_saver=ink_saver)
    (page,) = reader(pdf).pages
    forms = {str(name) for name in page["/Resources"]["/XObject"]}
    assert {"/FormXob.pattern-mountain", "/FormXob.pattern-prairie"} <= forms


COLOUR_OPERATORS = {b"rg", b"RG", b"k", b"K", b"sc", b"SC", b"scn", b"SCN", b"cs", b"CS"}


def _operators(stream_owner, pdf_reader) -> set[bytes]:
    return {op for _, op in ContentStream(stream_owner, pdf_reader).operations}


@pytest.mark.parametrize("game", list(GAMES))
def test_ink_saver_pages_are_device_grey(game):
    pdf_reader = reader(render_kit(game, ink_saver=True))
    seen: set[bytes] = set()
    forms = {}
    for page in pdf_reader.pages:
        seen |= _operators(page.get_contents(), pdf_reader)
        for name, ref in page["/Resources"].get("/XObject", {}).items():
            forms[name] = ref.get_object()
    for form in forms.values():
        seen |= _operators(form, pdf_reader)
    assert seen & COLOUR_OPERATORS == set()
    assert {b"g", b"G"} <= seen
