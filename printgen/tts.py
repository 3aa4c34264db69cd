"""Tabletop Simulator in one step (issue 37): a saved object per game.

``campfire print GAME --tts DIR`` writes, for each game of the kit, ``DIR/<game>.json``: the
file Tabletop Simulator loads from its Saved Objects folder (``Documents/My Games/Tabletop
Simulator/Saves/Saved Objects``), and the images it names. Its ``ObjectStates`` hold every
piece of the kit as one object:

- each deck (:func:`printgen.export.decks`: the two-sided cards that share a size and a
  back) as a ``DeckCustom`` of ``Card`` objects over its deck sheets (a grid sized to the
  deck, :func:`grid`, the hidden face in the last slot, its back image);
- every other piece by what it is: a ``Custom_Board`` (a side of 100 mm or more: player
  boards, the city, rules pages), a ``Custom_Tile`` (a hex: Type 1; a card-sized piece:
  Type 0) or a ``Custom_Token`` (a small piece), with its front and, when it has one, its
  back image.

Images are named by absolute ``file://`` URIs, so the JSON may be moved into the Saved
Objects folder while the images stay in ``DIR``. The JSON is written with sorted keys and
GUIDs derived from the piece ids: equal arguments give byte-identical files.
"""

from __future__ import annotations

import functools
import hashlib
import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from printgen.layout import Component, Piece

TTS_COLUMNS, TTS_ROWS = 10, 7  # Tabletop Simulator's largest deck sheet
PER_SHEET = TTS_COLUMNS * TTS_ROWS - 1  # the last slot is the hidden face
BOARD_MM = 100.0  # a piece with a side this long is a board
TOKEN_MM = 45.0  # a one-sided piece no wider than this is a token
SPACING = 1.2  # table units between objects laid out side by side
MM_PER_UNIT = 25.4  # Tabletop Simulator's table unit is about an inch

ROW = 12  # objects a row on the table
Json = dict[str, Any]
Place = tuple[float, float]  # x, z on the table


def grid(cards: int) -> tuple[int, int]:
    """Columns and rows of a deck sheet for ``cards`` faces plus the hidden face: the
    squarest grid that holds them (at least 2 × 2, at most 10 × 7)."""
    slots = cards + 1
    columns = max(2, math.ceil(math.sqrt(slots)))
    rows = max(2, math.ceil(slots / columns))
    if rows > TTS_ROWS or columns > TTS_COLUMNS:
        columns, rows = TTS_COLUMNS, max(2, math.ceil(slots / TTS_COLUMNS))
    return columns, rows


@dataclass(frozen=True, slots=True)
class DeckSheet:
    """One deck sheet: its pieces (at most :data:`PER_SHEET`), its grid and image names."""

    deck: str
    pieces: tuple[Piece, ...]
    columns: int
    rows: int
    faces: str  # image name of the face sheet
    back: str  # image name of the shared back, or of the back sheet (unique backs)
    unique_back: bool


def deck_sheets(name: str, pieces: Sequence[Piece]) -> list[DeckSheet]:
    """The sheets of deck ``name``: ``<deck>-faces-<n>`` and ``<deck>-back`` (one shared
    back) or ``<deck>-backs-<n>`` (each face's own back in the same place)."""
    unique = pieces[0].back_form is None
    chunks = [tuple(pieces[k : k + PER_SHEET]) for k in range(0, len(pieces), PER_SHEET)]
    return [
        DeckSheet(
            name,
            chunk,
            *grid(len(chunk)),
            f"{name}-faces-{n}",
            f"{name}-backs-{n}" if unique else f"{name}-back",
            unique,
        )
        for n, chunk in enumerate(chunks, 1)
    ]


def kind_of(piece: Piece) -> str:
    """What a piece that is no card becomes: ``Custom_Board``, ``Custom_Tile`` or
    ``Custom_Token``."""
    if max(piece.width, piece.height) >= BOARD_MM:
        return "Custom_Board"
    if piece.shape == "hex" or min(piece.width, piece.height) > TOKEN_MM:
        return "Custom_Tile"
    return "Custom_Token"


def _guid(*parts: str) -> str:
    return hashlib.sha256("/".join(parts).encode()).hexdigest()[:6]


def _transform(x: float, z: float, scale: float = 1.0, flipped: bool = False) -> Json:
    return {
        "posX": round(x, 3),
        "posY": 1.0,
        "posZ": round(z, 3),
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0 if flipped else 0.0,
        "scaleX": round(scale, 3),
        "scaleY": 1.0,
        "scaleZ": round(scale, 3),
    }


def _custom_deck(sheet: DeckSheet, uri: dict[str, str]) -> Json:
    return {
        "FaceURL": uri[sheet.faces],
        "BackURL": uri[sheet.back],
        "NumWidth": sheet.columns,
        "NumHeight": sheet.rows,
        "BackIsHidden": True,  # a card in a hand shows others the last slot's hidden face
        "UniqueBack": sheet.unique_back,
        "Type": 0,
    }


def _deck(game: str, name: str, sheets: list[DeckSheet], uri: dict[str, str], place: Place) -> Json:
    """A ``DeckCustom`` (a ``Card`` for a deck of one) over ``sheets``, face down."""
    at = _transform(*place, flipped=True)
    custom = {str(n): _custom_deck(s, uri) for n, s in enumerate(sheets, 1)}
    cards = [
        {
            "Name": "Card",
            "Nickname": piece.id,
            "CardID": n * 100 + k,
            "CustomDeck": {str(n): custom[str(n)]},
            "GUID": _guid(game, name, piece.id, str(k)),
            "Transform": at,
        }
        for n, sheet in enumerate(sheets, 1)
        for k, piece in enumerate(sheet.pieces)
    ]
    if len(cards) == 1:
        return {**cards[0], "Nickname": name}
    return {
        "Name": "DeckCustom",
        "Nickname": name,
        "GUID": _guid(game, name),
        "Transform": at,
        "CustomDeck": custom,
        "DeckIDs": [card["CardID"] for card in cards],
        "ContainedObjects": cards,
    }


def _piece(game: str, piece: Piece, uri: dict[str, str], place: Place) -> Json:
    kind = kind_of(piece)
    front = uri[f"{piece.id}-front"]
    back = uri.get(f"{piece.id}-back", "")
    image: Json = {"ImageURL": front, "ImageSecondaryURL": back, "WidthScale": 0.0}
    if kind == "Custom_Tile":
        image["ImageScalar"] = 1.0
        image["CustomTile"] = {
            "Type": 1 if piece.shape == "hex" else 0,
            "Thickness": 0.2,
            "Stackable": False,
            "Stretch": True,
        }
    elif kind == "Custom_Token":
        image["ImageScalar"] = 1.0
        image["CustomToken"] = {
            "Thickness": 0.2,
            "MergeDistancePixels": 15.0,
            "StandUp": False,
            "Stackable": False,
        }
    scale = max(piece.width, piece.height) / MM_PER_UNIT / 2
    return {
        "Name": kind,
        "Nickname": piece.id,
        "GUID": _guid(game, piece.id),
        "Transform": _transform(*place, scale),
        "CustomImage": image,
    }


def saved_object(
    game: str,
    components: Sequence[Component],
    decks: dict[str, list[DeckSheet]],
    uri: dict[str, str],
) -> Json:
    """The saved object of ``game``: one object per deck and per other piece, a row per
    component (each piece once: ``--copies`` is for paper, a table copies in the game)."""
    objects: list[Json] = []
    z = 0.0
    for component in components:
        # (the object, given its place) for each deck and each other piece of the component
        placed: list[Callable[[Place], Json]] = []
        seen: set[str] = set()
        for name, sheets in decks.items():
            if sheets[0].pieces[0] in component.pieces:
                placed.append(functools.partial(_deck, game, name, sheets, uri))
                seen |= {p.id for s in sheets for p in s.pieces}
        for piece in component.pieces:
            if piece.id not in seen:
                seen.add(piece.id)
                placed.append(functools.partial(_piece, game, piece, uri))
        side = max(max(p.width, p.height) for p in component.pieces) / MM_PER_UNIT
        step = max(side, 1.0) * SPACING
        for k, make in enumerate(placed):  # rows of ROW objects, a row per component
            row, column = divmod(k, ROW)
            objects.append(make((column * step, z - row * step)))
        z -= math.ceil(len(placed) / ROW) * step + SPACING
    return {
        "SaveName": "",
        "GameMode": "",
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": objects,
        "TabStates": {},
        "VersionNumber": "",
    }


def write_saved_object(path: Path, saved: Json) -> Path:
    """Write ``saved`` as ``path`` through a temporary name (never a truncated JSON)."""
    partial = path.with_name(f".{path.name}.partial")
    partial.write_text(
        json.dumps(saved, ensure_ascii=False, indent=1, sort_keys=True) + "\n", encoding="utf-8"
    )
    partial.replace(path)
    return path
