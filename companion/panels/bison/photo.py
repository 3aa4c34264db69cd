"""The Bison "photo of the board" pages (issue 23, items 3–5): GET/POST ``photo`` (the
proposal it answers with, its line editor and ``photo/confirm``: ``proposal.py``).

Glossary
--------
photo
    A phone's picture of the printed board (``<input type=file accept=image/*
    capture=environment>``; with JavaScript, ``bison_photo.js`` first shrinks it to at most
    12 MP). ``reader.bison.read`` reads it with the table's board as the prior; the photo
    is read in memory and never stored: only the proposal's small crops reach the page.
proposal
    What ``games.bison.explain`` makes of the reading: one line per step (an action with
    its cost and pre-filled payment, a tile on the mirror, a correction), ticked, each with
    a crop of the photo where it happened; a question where two actions explain the same
    change; "not visible" lines (a hand, glare: kept as they were); contradictions (they
    change nothing).
bad photo
    Not an image, empty, truncated, too large (bytes or pixels: decompression bombs), too
    small or narrow to show a board, no board found, another table's board, another
    game's markers, too long or too much memory to read: the photo page again with one
    sentence beside the control (422, 413), nothing changed. Only the JPEG, PNG and WebP
    decoders ever see the upload, and the reading runs in a process of its own under
    time and memory limits (companion.photo_jobs): a server busy reading others' photos
    answers 503 with Retry-After, a phone past ``PHOTO_RATE_LIMIT`` 429.
"""

from __future__ import annotations

import base64
import io
from collections.abc import Mapping, Sequence

import numpy as np
from flask import current_app, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from itsdangerous import BadSignature, URLSafeSerializer
from PIL import ImageOps
from werkzeug.exceptions import RequestEntityTooLarge

from companion import photo_jobs, security, tables
from companion.i18n import rule_error_message
from companion.panels import _kit as kit
from companion.panels.bison import proposal
from companion.panels.bison.names import space_label
from companion.panels.bison.pages import GAME, bp, render_page
from companion.uploads import upload_limit
from games.bison import explain
from games.bison.board import Space
from games.bison.hexgrid import Hex, neighbours
from games.bison.kit import tile_art
from games.errors import N_, RuleError
from reader import bison as reader
from reader.merge import merge

PAGE = "photo.html"
PROPOSAL = "photo_proposal.html"
#: A little above the reader's own limit, so its sentence (not a bare 413) answers.
UPLOAD_LIMIT = reader.MAX_BYTES + 1024 * 1024
CROP = 120  # px: a crop's longer side on the phone
#: Two tiles contradicting the table's is not a misread: it is another table's board.
ANOTHER_TABLE = 2
UNDER_HAND_MOST = 3  # crops of hexes a tile may lie under, in the one sentence asking

#: What the phone says for each kind of photo the reader refuses (``PhotoError.kind``).
_REFUSALS: dict[str, str] = {
    "too-large": N_("The photo is too large (at most 30 MB). Take it again."),
    "too-many-pixels": N_("The photo has too many pixels (at most 50 MP). Take it again."),
    "empty": N_("The photo is empty. Take it again."),
    "truncated": N_("The photo is truncated or damaged. Send it again."),
    "too-small": N_(
        "The photo is too small to show a board (at least 640 pixels a side). Take it again."
    ),
    "too-narrow": N_("The photo is too long and narrow to show a board. Take it again."),
    "not-image": N_("This file is not a photo Campfire can read (JPEG, PNG…)."),
    "too-slow": N_("Reading this photo took too long: it was stopped. Take it again."),
    "too-much-memory": N_("Reading this photo needed too much memory: it was stopped."),
    "foreign-markers": N_("The markers in this photo are not those of a Campfire Bison kit."),
    "no-board": N_(
        "No Bison board found in the photo: take it from above, the whole board in the "
        "frame, the start tiles visible, in good light."
    ),
}


#: Said when the photo was read but explaining the round failed (a fault of ours).
_UNEXPLAINED_ROUND = N_(
    "The photo was read, but this round could not be worked out from it. Record the "
    "round's actions by taps, or take the photo again."
)


def _refusal(error: reader.PhotoError) -> str:
    sentence = _REFUSALS.get(error.kind)
    return str(_(sentence)) if sentence else str(_("This photo could not be read. Take it again."))


def _doubts(reading: reader.Reading) -> list[RuleError]:
    """The reader's contradictions of the table: a known tile that moved (the reader keeps
    it where it was), two tiles read at one hex."""
    found = [RuleError(explain.TILE_MOVED, tile=tile) for tile in reading.moved]
    found += [
        RuleError(explain.TILE_CLASH, tile=tile, other=other) for other, tile in reading.clashes
    ]
    return found


# -- crops -------------------------------------------------------------------------------


def _crops(data: bytes, reading: reader.Reading, hexes: set[Hex]) -> dict[Hex, str]:
    """A small JPEG (data: URL) of the photo around each hex: what the line is about."""
    h = reading.homography
    if h is None or not hexes:
        return {}
    to_image = np.asarray(np.linalg.inv(h), dtype=np.float64)
    with reader.open_photo(data) as opened:  # the decoder the reading chose, none other
        image = ImageOps.exif_transpose(opened).convert("RGB")
    radius = float(tile_art.HEX_RADIUS)
    crops: dict[Hex, str] = {}
    for at in hexes:
        cx, cy = reader.hex_centre(at)
        box = np.asarray(
            [
                [cx - radius, cy - radius],
                [cx + radius, cy - radius],
                [cx + radius, cy + radius],
                [cx - radius, cy + radius],
            ]
        )
        corners = reader.apply(to_image, box)
        left, top = np.floor(corners.min(axis=0)).astype(int)
        right, bottom = np.ceil(corners.max(axis=0)).astype(int)
        left, top = max(0, int(left)), max(0, int(top))
        right, bottom = min(image.width, int(right)), min(image.height, int(bottom))
        if right - left < 4 or bottom - top < 4:
            continue
        crop = image.crop((left, top, right, bottom))
        crop.thumbnail((CROP, CROP))
        out = io.BytesIO()
        crop.save(out, "JPEG", quality=70)
        crops[at] = "data:image/jpeg;base64," + base64.b64encode(out.getvalue()).decode()
    return crops


# -- the proposal ------------------------------------------------------------------------


def _unseen_line(table: tables.TableView, space: Space, colour: str) -> str:
    seat = table.state.seat_of(colour)
    return str(
        _(
            "%(player)s on the %(space)s: not visible, kept as it was",
            player=table.players[seat].name,
            space=space_label(table, space),
        )
    )


@bp.get("/photo")
def photo_page(table_id: str) -> ResponseReturnValue:
    table = kit.game_table(table_id, GAME)
    return render_page(PAGE, table)


photo_limit = security.configured_limit("PHOTO_RATE_LIMIT")


def read_photo(data: bytes, table: tables.TableView) -> reader.Reading:
    """The reading of the photo ``data`` against the table's board: outside the request's
    worker, bounded (companion.photo_jobs). ``PhotoError``, ``PhotoBusy``."""
    return photo_jobs.for_app().read(data, explain.as_reading(table.state))


@bp.post("/photo")
@security.limiter.limit(photo_limit)
@upload_limit(lambda: UPLOAD_LIMIT)  # a photo may be larger than MAX_CONTENT_LENGTH
def photo_post(table_id: str) -> ResponseReturnValue:
    table = kit.game_table(table_id, GAME)
    try:
        upload = request.files.get("photo")
    except RequestEntityTooLarge:
        return render_page(PAGE, table, error=_(_REFUSALS["too-large"]), status=413)
    data = upload.read(UPLOAD_LIMIT + 1) if upload is not None else b""
    if upload is None or (not data and not upload.filename):
        return render_page(
            PAGE, table, error=_("Choose or take a photo of the board first."), status=422
        )
    try:
        reading = read_photo(data, table)
    except reader.PhotoError as error:
        return render_page(PAGE, table, error=_refusal(error), status=422)
    except photo_jobs.PhotoBusy:  # 503: serving.retry_after adds the Retry-After
        return render_page(
            PAGE,
            table,
            error=_("The server is busy reading other photos. Send yours again in a moment."),
            status=503,
        )
    players = [p.color for p in table.players]
    read_json = _with_first(table, reading.as_json(players), request.form.get("first"))
    try:
        result = explain.explain(table.state, read_json, gained=proposal.gained_this_round(table))
    except RuleError:
        # A fault of the explanation (one such answered HTTP 500: bench/reach.py's photo
        # round), not of the photo: said, logged, nothing stored.
        current_app.logger.exception("explaining a Bison photo failed at table %s", table.id)
        return render_page(PAGE, table, error=_(_UNEXPLAINED_ROUND), status=422)
    contradictions = [*_doubts(reading), *result.contradictions]
    tiles_against = sum(1 for c in contradictions if c.template in explain.TILE_CONTRADICTIONS)
    if tiles_against >= ANOTHER_TABLE:
        return render_page(
            PAGE,
            table,
            error=_(
                "This photo shows another table's board: its tiles are not this table's. "
                "Nothing was changed."
            ),
            status=422,
        )
    hexes = {at for step in result.steps for at in step.hexes}
    crops = _crops(data, reading, hexes)
    under = _corners_asked(table, read_json)
    more = _more(table, read_json, _crops(data, reading, _unread(read_json) | set(under)), under)
    del data  # the photo is not kept: only the crops reach the page
    notes: proposal.CarriedNotes = {
        "crops": {f"{q},{r}": src for (q, r), src in crops.items()},
        "unseen": [_unseen_line(table, space, colour) for space, colour in result.unseen],
        "hidden": [[at[0], at[1], terrain] for (at, terrain), _colour in result.unseen],
        "contradictions": [rule_error_message(c) for c in dict.fromkeys(contradictions)],
    }
    return proposal.render(
        table, proposal.steps_json(result.steps, result.questions), notes, table.version, more=more
    )


# -- one more photo (issue 32): the second refines the first ------------------------------

FIRST_SALT = "bison-photo-first"
FIRST_LIMIT = 64 * 1024  # characters of the signed first reading: a board's is ~10 KB


def _signer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.secret_key or "", salt=FIRST_SALT)


def _with_first(
    table: tables.TableView, second: dict[str, object], signed: str | None
) -> dict[str, object]:
    """The reading of this photo merged with the first photo's of the same round
    (``signed``: what the proposal page carried), or this photo's alone when there is
    none, or it is forged, too long, or of another table or version."""
    if not signed or len(signed) > FIRST_LIMIT:
        return second
    try:
        carried = _signer().loads(signed)
    except BadSignature:
        return second
    if (
        not isinstance(carried, dict)
        or carried.get("table") != table.id
        or carried.get("version") != table.version
        or not isinstance(carried.get("reading"), dict)
    ):
        return second
    return merge(carried["reading"], second)


def _unread(read_json: Mapping[str, object]) -> set[Hex]:
    """The hexes where tokens lie but no tile was read."""
    return _hexes(read_json.get("unread"))


def _under_hand(table: tables.TableView, read_json: Mapping[str, object]) -> set[Hex]:
    """The hexes beside the board that something covers (the reader's ``hidden``, why
    "covered", no tile read there: a hand over the table and the print around) while the
    photo shows fewer new tiles than this round's players still had to lay: a new tile
    may lie under the hand (issue 32, item 3)."""
    state = table.state
    due = sum(state.rounds.tile_due(seat) for seat in range(len(table.players)))
    laid = _hexes(read_json.get("tiles"))
    if due <= len(laid - set(state.board.tiles)):
        return set()
    return _hexes(read_json.get("hidden"), why="covered") - laid - set(state.board.tiles)


def _corners_asked(table: tables.TableView, read_json: Mapping[str, object]) -> list[Hex]:
    """``_under_hand``'s hexes the phone asks about, those beside the board's tiles first
    (a tile is laid beside it, or beside another new one), at most ``UNDER_HAND_MOST``."""
    board = table.state.board.tiles
    hexes = _under_hand(table, read_json) - _unread(read_json)
    ordered = sorted(hexes, key=lambda at: (not any(n in board for n in neighbours(at)), at))
    return ordered[:UNDER_HAND_MOST]


def _hexes(entries: object, why: str | None = None) -> set[Hex]:
    """The hexes (``at``) of a reading's ``entries`` (tiles, hidden spaces), those with
    ``why`` only when given; an entry not shaped so is skipped."""
    out: set[Hex] = set()
    for entry in entries if isinstance(entries, list) else ():
        if not isinstance(entry, dict) or (why is not None and entry.get("why") != why):
            continue
        at = entry.get("at")
        if isinstance(at, list) and len(at) == 2 and all(type(n) is int for n in at):
            out.add((at[0], at[1]))
    return out


def _more(
    table: tables.TableView,
    read_json: dict[str, object],
    crops: Mapping[Hex, str],
    under: Sequence[Hex] = (),
) -> dict[str, object] | None:
    """What asks for one more photo — a tile that could not be read (with a crop of its
    corner), spaces hidden where the table had pieces, a shaken photo — and the reading
    to merge the second with, signed; None when the photo saw everything."""
    sentences: list[dict[str, str | list[str] | None]] = [
        {
            "text": _(
                "A tile here could not be read (a hand or tokens over its markers): take "
                "one more photo of this corner."
            ),
            "crop": crops.get(at),
        }
        for at in sorted(_unread(read_json))
    ]
    # One sentence for the hexes a tile may lie under (``_corners_asked``), each cropped.
    if under:
        sentences.append(
            {
                "text": _(
                    "A tile may lie under a hand here (this round has a tile the photo "
                    "does not show): take one more photo of this corner."
                ),
                "crop": None,
                "crops": [crops[at] for at in under if at in crops],
            }
        )
    if read_json.get("unseen"):
        sentences.append(
            {
                "text": _(
                    "Part of the board is hidden (a hand, glare, the edge of the photo): one "
                    "more photo of it fills it in."
                ),
                "crop": None,
            }
        )
    if read_json.get("blurred"):
        sentences.insert(
            0,
            {
                "text": _("The photo is blurred or shaken: hold still and take it again."),
                "crop": None,
            },
        )
    if not sentences:
        return None
    signed = _signer().dumps({"table": table.id, "version": table.version, "reading": read_json})
    return {"sentences": sentences, "first": signed if len(signed) <= FIRST_LIMIT else ""}
