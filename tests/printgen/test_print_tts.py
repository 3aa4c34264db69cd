"""Tabletop Simulator in one step (issue 37, item 5): ``--tts DIR`` writes a saved object per
game naming every deck, tile, token and board of the kit with its images."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest

from campfire.cli import main
from printgen import export
from printgen.kit import games_with_kit, kit_pieces
from printgen.tts import TTS_COLUMNS, TTS_ROWS, grid

KINDS = {"DeckCustom", "Card", "Custom_Tile", "Custom_Token", "Custom_Board"}


@pytest.fixture
def quick_images(monkeypatch):
    """Each image an empty file of its name: the saved object's structure, without drawing
    about 500 PNGs (tests/printgen/test_print_export.py renders real ones)."""

    def write(images, folder: Path, **_):
        paths = []
        for image in images:
            path = folder / f"{image.name}.png"
            path.write_bytes(b"")
            paths.append(path)
        return paths

    monkeypatch.setattr(export, "write_pngs", write)


def _image_paths(node) -> list[str]:
    if isinstance(node, dict):
        return [
            value
            for key, value in node.items()
            if key in ("FaceURL", "BackURL", "ImageURL", "ImageSecondaryURL") and value
        ] + [p for value in node.values() for p in _image_paths(value)]
    if isinstance(node, list):
        return [p for value in node for p in _image_paths(value)]
    return []


def test_all_four_games_each_get_a_saved_object_of_every_piece(tmp_path, quick_images, capsys):
    assert main(["print", "all", "--tts", str(tmp_path)]) == 0
    for game in games_with_kit():
        saved = json.loads((tmp_path / game / f"{game}.json").read_text(encoding="utf-8"))
        objects = saved["ObjectStates"]
        assert {o["Name"] for o in objects} <= KINDS
        # Every image named is a file written beside it.
        for uri in _image_paths(saved):
            assert Path(unquote(urlparse(uri).path)).is_file(), uri
        # Every piece of the kit (as the catalog counts it) is one card or one object.
        named = [c["Nickname"] for o in objects for c in o.get("ContainedObjects", [])]
        named += [o["Nickname"] for o in objects if o["Name"] != "DeckCustom"]
        expected = [p.id for c in kit_pieces(game) for p in dict.fromkeys(c.pieces)]
        assert sorted(named) == sorted(expected), game
        for deck in (o for o in objects if o["Name"] == "DeckCustom"):
            cards = deck["ContainedObjects"]
            assert deck["DeckIDs"] == [c["CardID"] for c in cards]
            for key, sheet in deck["CustomDeck"].items():
                on_sheet = [c for c in cards if c["CardID"] // 100 == int(key)]
                # The grid is sized to its cards and the hidden face, not 10 × 7 always.
                assert (sheet["NumWidth"], sheet["NumHeight"]) == grid(len(on_sheet))
                assert sheet["BackIsHidden"] is True


def _count(saved, kind: str, prefix: str = "") -> int:
    objects = saved["ObjectStates"]
    if kind == "Card":  # cards in decks
        return sum(
            1
            for o in objects
            for c in o.get("ContainedObjects", [])
            if c["Nickname"].startswith(prefix)
        )
    return sum(1 for o in objects if o["Name"] == kind and o["Nickname"].startswith(prefix))


def test_the_seeds_components_are_in_each_saved_object(tmp_path, quick_images):
    # The seeds' component lists (rules/*.md, Components), as pieces of the saved object.
    expected = {
        "bison": [("Custom_Tile", "", 21), ("Custom_Board", "board-", 4)],
        "lion-square": [("Card", "", 32), ("DeckCustom", "", 1), ("Custom_Tile", "H", 4)],
        "hunting-age": [
            ("Card", "", 14 + 24),  # hunting-ground cards, rock chips
            ("DeckCustom", "", 2),
            ("Custom_Board", "board-", 5),
        ],
        "dogs-life": [
            ("Card", "", 6 * 13 + 12),  # each dog's 13 cards, 12 newspapers
            ("DeckCustom", "", 6 + 1),
            ("Custom_Board", "chart-", 6),
            ("Custom_Tile", "den-", 6),
        ],
    }
    for game, counts in expected.items():
        assert main(["print", game, "--tts", str(tmp_path / game)]) == 0
        saved = json.loads((tmp_path / game / f"{game}.json").read_text(encoding="utf-8"))
        for kind, prefix, count in counts:
            assert _count(saved, kind, prefix) == count, (game, kind, prefix)
    bison = json.loads((tmp_path / "bison" / "bison.json").read_text(encoding="utf-8"))
    hexes = [o for o in bison["ObjectStates"] if o["Nickname"] in ("S1", "B18")]
    assert [o["CustomImage"]["CustomTile"]["Type"] for o in hexes] == [1, 1]
    # Tents and canoes; hunters, food and action markers, the totem.
    assert _count(bison, "Custom_Token") == 48 + 61


@pytest.mark.parametrize("cards", [1, 3, 13, 14, 32, 68, 69])
def test_a_deck_sheet_holds_its_cards_and_the_hidden_face_snugly(cards):
    columns, rows = grid(cards)
    assert 2 <= columns <= TTS_COLUMNS and 2 <= rows <= TTS_ROWS
    assert columns * rows >= cards + 1
    assert (columns - 1) * rows < cards + 1 or columns == 2
