"""Tabletop Simulator in one step (issue 37, item 5), with the real images: ``campfire print
all --tts DIR`` once, then each game's saved object is loaded back as TTS would: every image
it names is a PNG of the right size, every deck's sheet is sized to the deck with its back
and a real hidden face, and the pieces are the ones the seeds list (docs/rules/*.md,
Components), each in its number."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import made_once
import pytest
from PIL import Image, ImageChops, ImageStat

from campfire.cli import main
from games.bison import catalog as bison_catalog
from games.bison import economy
from games.bison.rounds import ACTIONS_PER_ROUND
from games.lion_square import rules as lion_rules
from printgen.export import TTS_PIECE_DPI
from printgen.kit import games_with_kit
from printgen.tts import MM_PER_UNIT, grid

# The seeds' components (docs/rules/*.md, "Components"), as (object kind, the piece id
# without its number or copy letter) -> count in a kit of the default seats: Bison's four
# colours, Age of Hunting's five, A Dog's Life's six dogs, Lion Square's four herds.
# Cards are counted in their deck ("Card", the deck's name). Player aids and rules pages
# (Custom_Board "aid-", "rules-") are the kit's own, not the seed's.
BISON_COLOURS = ("red", "yellow", "green", "blue")
HUNTING_COLOURS = ("red", "yellow", "green", "blue", "purple")
DOGS = ("fifi", "butch", "white-fang", "vagabond", "bruno", "houdini")


def per_owner(owners: tuple[str, ...], *parts: tuple[str, str, int]) -> Counter[tuple[str, str]]:
    """Each ``(kind, name, count)`` part for every owner (a colour, a dog): ``{}`` in the
    name stands for the owner."""
    return Counter(
        {(kind, name.format(owner)): count for owner in owners for kind, name, count in parts}
    )


SEEDS: dict[str, Counter[tuple[str, str]]] = {
    "bison": Counter(
        {
            ("Custom_Tile", "S"): sum(t.start for t in bison_catalog.CATALOG.values()),  # 3
            ("Custom_Tile", "B"): sum(not t.start for t in bison_catalog.CATALOG.values()),
            ("Custom_Token", "totem"): 1,
        }
    )
    + per_owner(
        BISON_COLOURS,
        ("Custom_Board", "board-{}", 1),
        ("Custom_Token", "hunter-{}", economy.HUNTERS_OWNED),  # 8
        ("Custom_Token", "tent-{}", len(economy.STRUCTURE_SIZES)),  # 1,1,2,2,3,4
        ("Custom_Token", "canoe-{}", len(economy.STRUCTURE_SIZES)),
        ("Custom_Token", "action-{}", ACTIONS_PER_ROUND),  # 4
    )
    + Counter(
        {("Custom_Token", f"food-{c}-{a}"): 1 for c in BISON_COLOURS for a in economy.ANIMALS}
    ),
    "lion-square": Counter(
        {
            ("Card", "lion-square.cards"): 30 + 2,  # carnivores and gazelles
            ("Custom_Tile", "H"): lion_rules.MAX_PLAYERS,  # one herd card a player
        }
    ),
    "hunting-age": Counter(
        {
            ("Card", "hunting-age.cards"): 14,
            ("Card", "hunting-age.chips"): 24,
            ("Custom_Token", "bear"): 12,
            ("Custom_Token", "mammoth"): 8,
            ("Custom_Token", "grape"): 12,
            ("Custom_Token", "green_grain"): 12,
            ("Custom_Token", "yellow_grain"): 8,
            ("Custom_Token", "coin1"): 16,
            ("Custom_Token", "coin2"): 7,
            ("Custom_Token", "start-player"): 1,
        }
    )
    + per_owner(
        HUNTING_COLOURS,
        ("Custom_Board", "board-{}", 1),
        ("Custom_Token", "chief-{}", 2),
        ("Custom_Token", "subordinate-{}", 6),
        ("Custom_Token", "hut-{}", 5),
    ),
    "dogs-life": Counter(
        {
            ("Card", "dogs-life.newspapers"): 12,
            ("Custom_Token", "bone"): 30,
            ("Custom_Token", "trash"): 15,
            ("Custom_Token", "catcher-van"): 1,
            ("Custom_Tile", "den"): 6,  # one den card a dog
            ("Custom_Board", "city-A"): 2,  # the city board, in halves for the paper
            ("Custom_Board", "city-B"): 2,
        }
    )
    + per_owner(
        DOGS,
        ("Card", "dogs-life.cards-back-{}", 13),
        ("Custom_Board", "chart-{}", 1),
        ("Custom_Token", "hunger-{}", 1),
        ("Custom_Token", "pawn-{}", 1),
        ("Custom_Token", "pee-{}", 8),
    ),
}
KIT_ONLY = ("aid-", "rules-")  # the kit's player aids and rules pages


@pytest.fixture(scope="module")
def saved() -> dict[str, dict[str, Any]]:
    """Each game's saved object, from one ``campfire print all --tts`` with real images
    (~25 s of CPU: made once per checkout and kept, tests/support/made_once.py; the
    export's files are the same for the same code, test_print_export.py)."""

    def export(folder: Path) -> None:
        assert main(["print", "all", "--tts", str(folder)]) == 0

    folder = made_once.files(made_once.key(__file__, "print all --tts"), export)
    return {
        game: json.loads((folder / game / f"{game}.json").read_text(encoding="utf-8"))
        for game in games_with_kit()
    }


def _file(uri: str) -> Path:
    assert uri.startswith("file://"), uri
    return Path(unquote(urlparse(uri).path))


def _group(nickname: str) -> str:
    """A piece id without its number and copy letter: ``hunter-red-3`` -> ``hunter-red``,
    ``tent-red-2b`` -> ``tent-red``, ``B07`` -> ``B``."""
    return re.sub(r"-?[0-9]+[ab]?$", "", nickname)


def _counts(saved: dict[str, Any]) -> Counter[tuple[str, str]]:
    counts: Counter[tuple[str, str]] = Counter()
    for o in saved["ObjectStates"]:
        if o["Name"] == "DeckCustom":
            counts[("Card", o["Nickname"])] += len(o["ContainedObjects"])
        elif o["Name"] == "Card":  # a deck of one
            counts[("Card", o["Nickname"])] += 1
        elif not o["Nickname"].startswith(KIT_ONLY):
            counts[(o["Name"], _group(o["Nickname"]))] += 1
    return counts


@pytest.mark.parametrize("game", games_with_kit())
def test_the_saved_object_holds_the_seeds_components_in_number(saved, game):
    assert _counts(saved[game]) == SEEDS[game]
    # The kit's own pages are boards too: one aid a seat and the rules.
    names = Counter(o["Nickname"].partition("-")[0] for o in saved[game]["ObjectStates"])
    assert names["rules"] == 1 and names["aid"] >= 4


@pytest.mark.parametrize("game", games_with_kit())
def test_every_image_named_is_a_png_of_the_pieces_size(saved, game):
    for o in saved[game]["ObjectStates"]:
        if o["Name"] == "DeckCustom":
            continue
        image = o["CustomImage"]
        for key in ("ImageURL", "ImageSecondaryURL"):
            if not image[key]:
                assert key == "ImageSecondaryURL"  # a one-sided piece
                continue
            with Image.open(_file(image[key])) as png:
                assert png.format == "PNG"
                # The object's scale is its longest side; the image's pixels are that
                # side at the export's dpi: the piece is its true size on the table.
                side_mm = o["Transform"]["scaleX"] * 2 * MM_PER_UNIT
                assert max(png.size) == pytest.approx(side_mm / 25.4 * TTS_PIECE_DPI, abs=2)
                assert ImageStat.Stat(png.convert("L")).stddev[0] > 5, (o["Nickname"], key)
        if o["Name"] == "Custom_Tile" and o["Nickname"][:1] in "SB" and game == "bison":
            assert image["CustomTile"]["Type"] == 1  # a hexagon


def _decks(saved: dict[str, Any]) -> list[dict[str, Any]]:
    return [o for o in saved["ObjectStates"] if o["Name"] == "DeckCustom"]


def _slot(sheet: Image.Image, columns: int, rows: int, n: int) -> Image.Image:
    """Slot ``n`` of a deck sheet, left to right, top to bottom, as TTS cuts it."""
    w, h = sheet.width / columns, sheet.height / rows
    x, y = n % columns * w, n // columns * h
    return sheet.crop((round(x), round(y), round(x + w), round(y + h)))


@pytest.mark.parametrize("game", [g for g in games_with_kit() if g != "bison"])
def test_each_deck_is_a_sheet_sized_to_it_with_its_back_and_a_real_hidden_face(saved, game):
    decks = _decks(saved[game])
    assert decks
    for deck in decks:
        cards = deck["ContainedObjects"]
        assert deck["DeckIDs"] == [c["CardID"] for c in cards]
        for key, sheet in deck["CustomDeck"].items():
            on_sheet = [c for c in cards if c["CardID"] // 100 == int(key)]
            columns, rows = sheet["NumWidth"], sheet["NumHeight"]
            assert (columns, rows) == grid(len(on_sheet))
            assert sheet["BackIsHidden"] is True
            with Image.open(_file(sheet["FaceURL"])) as faces:
                faces_rgb = faces.convert("RGB")
            with Image.open(_file(sheet["BackURL"])) as back:
                back_rgb = back.convert("RGB")
            # Tabletop Simulator cuts the sheet in equal slots: each a card's face.
            w, h = faces_rgb.width / columns, faces_rgb.height / rows
            assert w / h == pytest.approx(back_rgb.width / back_rgb.height, rel=0.01)
            # The last slot is the hidden face: the deck's back, never a blank slot.
            hidden = _slot(faces_rgb, columns, rows, columns * rows - 1)
            assert ImageStat.Stat(hidden.convert("L")).stddev[0] > 5
            if not sheet["UniqueBack"]:  # one back image: the hidden face is that back
                same = hidden.resize(back_rgb.size)
                diff = ImageStat.Stat(ImageChops.difference(same, back_rgb).convert("L"))
                assert diff.mean[0] < 8.0, deck["Nickname"]
            else:  # a back sheet laid out as the faces
                assert back_rgb.size == faces_rgb.size
            # Each card's face is drawn in its slot (not blank).
            for n in range(len(on_sheet)):
                face = _slot(faces_rgb, columns, rows, n)
                assert ImageStat.Stat(face.convert("L")).stddev[0] > 5, (deck["Nickname"], n)
