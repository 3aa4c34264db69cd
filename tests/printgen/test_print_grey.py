"""Things a player must tell apart differ in shape or pattern, not only in hue, in colour and
in ink-saver (issue 24, item 2); ink-saver pages are DeviceGray, not RGB greys."""

from __future__ import annotations

import functools
import itertools
import math
from pathlib import Path

import pytest
from pdfcheck import reader, render
from PIL import Image, ImageChops
from pypdf.generic import ContentStream

from games.dogs_life import catalog as dog_catalog
from printgen.games import bison as bison_print
from printgen.games import hunting_age as hunting_print
from printgen.kit import games_with_kit, render_kit

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
    "lion square clans": [  # the same card of each clan: emblem and hue alone differ
        ("lion-square", f"{a}05", f"{b}05") for a, b in itertools.combinations("RYB", 2)
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


@pytest.mark.parametrize("game", games_with_kit())
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


# -- issue 37: grey levels 40 of 255 apart ----------------------------------------------

APART = 40  # grey levels (of 255) two things must differ by, printed grey


def _terrain_samples(tile_id: str, space: str) -> list[tuple[float, float]]:
    """Points (tile mm) showing ``space`` alone: the river's whole band (its pattern's every
    period) or a 6 mm disc of land, clear of everything drawn over the terrain (animals,
    id, markers, ponds) and of the other terrains."""
    from games.bison import catalog
    from games.bison.kit import markers
    from games.bison.kit import tile_art as geo

    tile = catalog.CATALOG[tile_id]
    a, b = tile.tile.river_corners()
    river = geo.river_path(a, b, geo.HEX_RADIUS)
    art = geo.tile_art(tile_id)
    discs = [(p, geo.LAND_MARK) for spots in art.animals.values() for p in spots]
    discs += [(art.id_at, 5.0), (geo.corner_at(a), geo.POND), (geo.corner_at(b), geo.POND)]
    discs += [(m.centre, m.size * 0.75) for m in markers.tile_markers(tile_id)]
    if art.totem_at is not None:
        discs.append((art.totem_at, geo.TOTEM))
    hexagon = [geo.corner_at(i) for i in range(6)]
    outline = [*hexagon, hexagon[0]]

    def clear(p: tuple[float, float], by: float) -> bool:
        return all(math.dist(p, c) >= r + by for c, r in discs)

    if space == "river":
        band = []
        for (x0, y0), (x1, y1) in itertools.pairwise(river):
            length = math.dist((x0, y0), (x1, y1))
            nx, ny = -(y1 - y0) / length, (x1 - x0) / length  # the river's normal
            for step in range(8):
                x, y = x0 + (x1 - x0) * step / 8, y0 + (y1 - y0) * step / 8
                band += [(x + nx * k * 0.5, y + ny * k * 0.5) for k in range(-5, 6)]
        return [p for p in band if clear(p, 0.5) and geo.inside(hexagon, p)]
    land = geo.land_polygon(tile.edges, space[0].upper(), 0.0)
    grid = [(x * 0.5, y * 0.5) for x in range(140) for y in range(160)]
    spots = [p for p in grid if geo.inside(land, p)]

    def room(p: tuple[float, float]) -> float:
        return min(
            min(math.dist(p, c) - r for c, r in discs),
            geo.polyline_distance(p, outline),
            geo.polyline_distance(p, river) - 3.5,
        )

    centre = max(spots, key=room)
    return [p for p in spots if math.dist(p, centre) <= 3.0]


def _mean_grey(png: Path, points: list[tuple[float, float]]) -> float:
    """The mean grey of a tile's face PNG (its trim box) at ``points`` (tile mm, y up)."""
    with Image.open(png) as image:
        grey = image.convert("L")
        ppm = grey.width / 69.28203230275509
        values = [grey.getpixel((round(x * ppm), round((80.0 - y) * ppm))) for x, y in points]
    return sum(values) / len(values)


@pytest.mark.parametrize("ink_saver", [False, True], ids=["colour", "ink-saver"])
def test_bison_terrains_differ_by_40_grey_levels(ink_saver, tmp_path):
    # Issue 37: printed grey the river and the mountain were 3 of 255 apart. Each terrain's
    # mean grey over a window as wide as its pattern's period, on tiles with all three.
    from printgen.export import export

    for tile_id in ("B08", "S1"):
        (front,) = [
            p
            for p in export("bison", tmp_path / tile_id, only=[tile_id], ink_saver=ink_saver)
            if p.name.endswith("-front.png")
        ]
        grey = {
            space: _mean_grey(front, _terrain_samples(tile_id, space))
            for space in ("prairie", "mountain", "river")
        }
        # Ink saver too: the mountain's fill lightened less (28 levels from the prairie
        # before, told apart by pattern alone).
        pairs = [("river", "prairie"), ("river", "mountain"), ("prairie", "mountain")]
        for one, other in pairs:
            assert abs(grey[one] - grey[other]) >= APART, (tile_id, grey)


@pytest.mark.parametrize("ink_saver", [False, True], ids=["colour", "ink-saver"])
def test_each_clans_emblem_stands_out_of_its_disc(ink_saver, tmp_path):
    # Issue 37: in ink saver the yellow clan's paper triangle was 17 of 255 from its disc.
    from games.lion_square import catalog
    from printgen.export import export

    for colour in ("red", "yellow", "blue"):
        card = next(c for c in catalog.DECK if c.colour == colour and not c.is_gazelle)
        (front,) = [
            p
            for p in export("lion-square", tmp_path / colour, only=[card.id], ink_saver=ink_saver)
            if p.name.endswith("-front.png")
        ]
        with Image.open(front) as image:
            grey = image.convert("L")
            ppm = grey.width / 63.0
            cx, cy = 31.5 * ppm, (88.0 - (44.0 + 8.0)) * ppm
            r = 8.5 * ppm
            # one byte a pixel in mode "L" (getdata is deprecated in Pillow 12)
            emblem = list(
                grey.crop((round(cx - r), round(cy - r), round(cx + r), round(cy + r))).tobytes()
            )
            disc = grey.getpixel(
                (round(cx), round(cy - 12.0 * ppm))
            )  # inside the disc, below the emblem
        assert max(abs(v - disc) for v in emblem) >= APART * 2, (colour, disc)
        # Most of the emblem window is either the disc or a mark 40+ levels from it.
        marked = sum(1 for v in emblem if abs(v - disc) >= APART)
        assert marked >= len(emblem) * 0.1, (colour, marked, len(emblem))
