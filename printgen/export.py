"""Images of the pieces: one PNG per piece face, and Tabletop Simulator deck sheets.

Glossary
--------
face
    One side of a piece (``front`` or ``back``), cut at its trim: what a player sees.
deck
    The pieces of one two-sided component that share a size (Lion Square's 32 cards, one
    dog's 13 cards, Age of Hunting's 14 hunting grounds): what Tabletop Simulator deals from.
    A deck whose pieces share one back (``Piece.back_form``) gets one back image; one whose
    pieces each have their own back gets a back sheet laid out like its face sheet.
deck sheet
    Tabletop Simulator's custom-deck image: faces in a grid sized to the deck
    (:func:`printgen.tts.grid`, at most 10 × 7), left to right, top to bottom, and in the
    last slot the hidden face (the deck's back) that others see of a card in a hand; a deck
    of more faces takes several sheets. :mod:`printgen.tts` writes the saved object naming
    them.

The faces are drawn as PDF pages by the kit's own code (same fonts, same art), then turned
into PNG by ``pdftoppm`` (poppler). Why not ReportLab's ``renderPM``: it renders
``reportlab.graphics`` drawings, not the pdfgen canvas every piece is drawn on, and its
backend (``rlPyCairo``) is not installed with ReportLab; pdftoppm renders the very PDF a
printer gets, is deterministic (equal PDFs give byte-identical PNGs) and is the renderer the
tests already use. Without pdftoppm the export is refused with a sentence saying so.
"""

from __future__ import annotations

import math
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal, Unpack

from printgen.document import Document, draw_piece
from printgen.errors import PrintError
from printgen.layout import BLEED, Component, Piece, Placement
from printgen.pen import Pen
from printgen.style import Style
from printgen.tts import DeckSheet, deck_sheets, saved_object, write_saved_object

if TYPE_CHECKING:
    from printgen.kit import Selection

PNG_DPI = 300
# A tile, token or board on a virtual table is seen on a screen: 150 dpi is sharp there
# and a quarter of the pixels (and of the export's time) of print's 300.
TTS_PIECE_DPI = 150
TTS_MAX_PX = 8192  # Tabletop Simulator's largest image side it loads reliably
Side = Literal["front", "back"]
SIDES: tuple[Side, ...] = ("front", "back")


@dataclass(frozen=True, slots=True)
class Image:
    """One PNG to write: its file name, its page size (mm) and how to draw the page."""

    name: str
    size: tuple[float, float]
    draw: Callable[[Pen], None]
    dpi: int = PNG_DPI


def _face(piece: Piece, side: Side, bleed: float = 0.0) -> Callable[[Pen], None]:
    def draw(pen: Pen) -> None:
        draw_piece(pen, Placement(piece, bleed, bleed, side, (bleed,) * 4))

    return draw


def face_images(
    components: Sequence[Component], dpi: int = PNG_DPI, bleed: float = 0.0
) -> list[Image]:
    """One image per piece face: ``<piece id>-front.png`` and, for two-sided pieces,
    ``<piece id>-back.png``, at the trim size and ``PNG_DPI``; ``bleed`` mm of art past
    the trim on every side (a print service's bleed, issue 37)."""
    images: list[Image] = []
    seen: set[str] = set()
    for component in components:
        for piece in component.pieces:
            if piece.id in seen:  # --copies: one image of each face is enough
                continue
            seen.add(piece.id)
            for side in SIDES if piece.back is not None else SIDES[:1]:
                size = (piece.width + 2 * bleed, piece.height + 2 * bleed)
                images.append(Image(f"{piece.id}-{side}", size, _face(piece, side, bleed), dpi))
    return images


def decks(components: Sequence[Component]) -> list[tuple[str, list[Piece]]]:
    """The decks (see the glossary) of ``components``, named after the component, then
    after the shared back when a component holds several (``dogs-life.cards-back-fifi``)."""
    out: list[tuple[str, list[Piece]]] = []
    for component in components:
        two_sided = [p for p in component.pieces if p.back is not None]
        if not two_sided:
            continue
        groups: dict[tuple[float, float, str | None], list[Piece]] = {}
        for piece in two_sided:
            groups.setdefault((piece.width, piece.height, piece.back_form), []).append(piece)
        for (_, _, back_form), pieces in groups.items():
            name = (
                component.key
                if len(groups) == 1
                else f"{component.key}-{back_form or pieces[0].id}"
            )
            out.append((name, list(dict.fromkeys(pieces))))
    return out


def _sheet(sheet: DeckSheet, side: Side) -> Callable[[Pen], None]:
    pieces = sheet.pieces
    w, h = pieces[0].width, pieces[0].height
    # The last slot: the hidden face, a real back (never a blank slot, issue 37).
    slots = [(piece, side) for piece in pieces] + [(pieces[0], "back")]
    hidden = sheet.columns * sheet.rows - 1

    def draw(pen: Pen) -> None:
        for k, (piece, face) in enumerate(slots):
            at = hidden if k == len(pieces) else k
            col, row = at % sheet.columns, at // sheet.columns
            x, y = col * w, (sheet.rows - 1 - row) * h
            draw_piece(pen, Placement(piece, x, y, face, (0.0, 0.0, 0.0, 0.0)))

    return draw


def tts_decks(components: Sequence[Component]) -> dict[str, list[DeckSheet]]:
    """The deck sheets of every deck of ``components`` (:func:`decks`), by deck name."""
    return {name: deck_sheets(name, pieces) for name, pieces in decks(components)}


def tts_images(components: Sequence[Component]) -> list[Image]:
    """Tabletop Simulator's images: for each deck, ``<deck>-faces-<n>.png`` (a grid sized
    to the deck, the hidden face in its last slot) and ``<deck>-back.png`` (one shared back)
    or ``<deck>-backs-<n>.png`` (each face's own back in the same place); for every other
    piece its faces (:func:`face_images`), for the saved object's tiles, tokens and boards."""
    images: list[Image] = []
    in_decks: set[str] = set()
    for name, sheets in tts_decks(components).items():
        first = sheets[0].pieces[0]
        w, h = first.width, first.height
        for sheet in sheets:
            in_decks |= {p.id for p in sheet.pieces}
            size = (sheet.columns * w, sheet.rows * h)
            dpi = min(PNG_DPI, math.floor(TTS_MAX_PX * 25.4 / max(size)))
            images.append(Image(sheet.faces, size, _sheet(sheet, "front"), dpi))
            if sheet.unique_back:
                images.append(Image(sheet.back, size, _sheet(sheet, "back"), dpi))
        if not sheets[0].unique_back:
            images.append(Image(f"{name}-back", (w, h), _face(first, "back"), PNG_DPI))
    rest = [
        Component(c.key, c.title, tuple(p for p in c.pieces if p.id not in in_decks))
        for c in components
    ]
    return images + face_images(rest, TTS_PIECE_DPI)


def _pdftoppm() -> str:
    found = shutil.which("pdftoppm")
    if found is None:
        raise PrintError(
            "PNG export needs pdftoppm (poppler): install it, e.g. apt install poppler-utils"
        )
    return found


def write_pngs(images: Sequence[Image], folder: Path, *, lang: str, style: Style) -> list[Path]:
    """Draw ``images`` and write them as ``folder/<name>.png``; return the paths.

    The pages are drawn into one PDF per resolution and rasterised with one pdftoppm call
    each; every PNG is written through a temporary name, so an interrupted export leaves no
    truncated image under a real name.
    """
    if not images:
        raise PrintError("nothing to export: no piece has that face")
    tool = _pdftoppm()
    written: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="campfire-png-") as scratch:
        work = Path(scratch)
        for dpi in sorted({image.dpi for image in images}):
            batch = [image for image in images if image.dpi == dpi]
            doc = Document(
                title="Campfire images", lang=lang, duplex="fold", style=style, paper=batch[0].size
            )
            for image in batch:
                doc.page(image.size, image.draw)
            source = work / f"faces-{dpi}.pdf"
            source.write_bytes(doc.finish())
            prefix = work / f"page-{dpi}"
            result = subprocess.run(
                [tool, "-r", str(dpi), "-png", str(source), str(prefix)],
                capture_output=True,
                text=True,
                check=False,
            )
            if result.returncode != 0:
                raise PrintError(f"pdftoppm failed: {' '.join(result.stderr.split())[:200]}")
            pages = sorted(
                work.glob(f"page-{dpi}-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1])
            )
            if len(pages) != len(batch):
                raise PrintError(f"pdftoppm wrote {len(pages)} images for {len(batch)} pages")
            for image, page in zip(batch, pages, strict=True):
                out = folder / f"{image.name}.png"
                partial = folder / f".{image.name}.png.partial"
                shutil.copyfile(page, partial)
                partial.replace(out)
                written.append(out)
    return written


def export(
    game: str,
    folder: Path,
    *,
    tts: bool = False,
    bleed: float = 0.0,
    **selection: Unpack[Selection],
) -> list[Path]:
    """Write the images of ``game``'s kit into ``folder``: one PNG per piece face, or with
    ``tts`` the Tabletop Simulator deck sheets. ``selection`` picks and draws the pieces as
    :func:`printgen.kit.kit_pieces` does (``lang``, ``ink_saver``, ``only``, ``players``,
    ``markers``, ``spares``); ``bleed`` (PNG faces only, 0–``BLEED`` mm) the art past the
    trim on each side. Equal arguments give byte-identical files. ``PrintError`` (one line)
    for a bad argument, a folder that cannot be written or a missing pdftoppm; nothing is
    written then."""
    from printgen import kit

    if not 0.0 <= bleed <= BLEED:  # also refuses nan
        raise PrintError(f"--bleed must be from 0 to {BLEED:g} mm (the art's own), got {bleed:g}")
    if bleed and tts:
        raise PrintError("--bleed is for --png faces (a virtual table has no cutting)")
    components = kit.kit_pieces(game, **selection)
    lang, ink_saver = selection.get("lang", "en"), selection.get("ink_saver", False)
    problem = unwritable_folder(folder)
    if problem:
        raise PrintError(f"cannot write into {folder}: {problem}")
    _pdftoppm()  # said before anything is drawn
    style = Style(ink_saver=ink_saver)
    folder.mkdir(exist_ok=True)
    if not tts:
        return write_pngs(face_images(components, bleed=bleed), folder, lang=lang, style=style)
    by_game: dict[str, list[Component]] = {}
    for component in components:  # one saved object per game of the kit
        by_game.setdefault(component.key.partition(".")[0], []).append(component)
    written: list[Path] = []
    for name, parts in by_game.items():
        # The four games' piece ids overlap (Bison's tile B01, Lion Square's card B01): a
        # folder per game when the kit has several.
        into = folder if len(by_game) == 1 else folder / name
        into.mkdir(exist_ok=True)
        images = write_pngs(tts_images(parts), into, lang=lang, style=style)
        uri = {path.stem: path.resolve().as_uri() for path in images}
        saved = saved_object(name, parts, tts_decks(parts), uri)
        written += [*images, write_saved_object(into / f"{name}.json", saved)]
    return written


def unwritable_folder(folder: Path) -> str | None:
    """Why ``folder`` cannot take the images (a file, no parent, no permission), or None;
    a missing folder whose parent exists is made."""
    if folder.exists() and not folder.is_dir():
        return "that is a file, not a folder"
    target = folder if folder.is_dir() else folder.parent
    if not target.is_dir():
        return f"the folder {target} does not exist"
    if not os.access(target, os.W_OK | os.X_OK):
        return f"no permission to write in {target}"
    return None
