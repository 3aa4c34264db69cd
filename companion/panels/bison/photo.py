"""The Bison "photo of the board" pages (issue 23, items 3–5): GET/POST ``photo``, POST
``photo/confirm``.

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
confirm
    The ticked steps, in order, as the existing events in one change through the one
    change path (``AppendAll``): stored in one transaction, all or none; a refusal names
    the line refused.
    ``version``: the table's version the proposal was made at; a table changed meanwhile
    is answered with the "someone changed the table" sentence (409).
bad photo
    Not an image, empty, truncated, too large (bytes or pixels: decompression bombs), no
    board found, another table's board, another game's markers: the photo page again with
    one sentence beside the control (422, 413), nothing changed.
"""

from __future__ import annotations

import base64
import io
import json
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from flask import current_app, request
from flask.blueprints import BlueprintSetupState
from flask_babel import gettext as _
from itsdangerous import BadSignature, URLSafeSerializer
from PIL import Image, ImageOps
from werkzeug.exceptions import RequestEntityTooLarge

from companion import tables
from companion.events import AppendAll, Changed, Refused, apply_change
from companion.i18n import rule_error_message, translate
from companion.pages.base import current_seat, small_number
from companion.pages.panel import page_answer
from companion.panels import _kit as kit
from companion.panels.bison.names import action_name, animal_count, space_label
from companion.panels.bison.pages import GAME, back_to_table, bp, render_page
from games.bison import explain, fold, tile_art
from games.bison.economy import ANIMALS
from games.bison.table_history import describe
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

#: What the phone says for each kind of photo the reader refuses (``PhotoError.kind``).
_REFUSALS: dict[str, str] = {
    "too-large": N_("The photo is too large (at most 30 MB). Take it again."),
    "too-many-pixels": N_("The photo has too many pixels (at most 50 MP). Take it again."),
    "empty": N_("The photo is empty. Take it again."),
    "truncated": N_("The photo is truncated or damaged. Send it again."),
    "not-image": N_("This file is not a photo Campfire can read (JPEG, PNG…)."),
    "foreign-markers": N_("The markers in this photo are not those of a Campfire Bison kit."),
    "no-board": N_(
        "No Bison board found in the photo: take it from above, the whole board in the "
        "frame, the start tiles visible, in good light."
    ),
}


def _refusal(error: reader.PhotoError) -> str:
    sentence = _REFUSALS.get(error.kind)
    return str(_(sentence)) if sentence else str(_("This photo could not be read. Take it again."))


def _doubts(reading: reader.Reading) -> list[RuleError]:
    """The reader's contradictions of the table: a known tile that moved (the reader keeps
    it where it was), two tiles read at one hex."""
    found = [
        RuleError(N_("tile {tile} seems to have moved; tiles never move"), tile=tile)
        for tile in reading.moved
    ]
    found += [
        RuleError(N_("the photo shows tile {tile} where {other} lies"), tile=tile, other=other)
        for other, tile in reading.clashes
    ]
    return found


# -- crops -------------------------------------------------------------------------------


def _crops(data: bytes, reading: reader.Reading, hexes: set[Any]) -> dict[Any, str]:
    """A small JPEG (data: URL) of the photo around each hex: what the line is about."""
    h = reading.homography
    if h is None or not hexes:
        return {}
    to_image = np.asarray(np.linalg.inv(h), dtype=np.float64)
    with Image.open(io.BytesIO(data)) as opened:
        image = ImageOps.exif_transpose(opened).convert("RGB")
    radius = float(tile_art.HEX_RADIUS)
    crops: dict[Any, str] = {}
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


def _payment(event: Mapping[str, Any]) -> str:
    paid = event.get("payment") or {}
    parts = [animal_count(a, int(paid.get(a, 0))) for a in ANIMALS if paid.get(a)]
    return ", ".join(parts)


def _line(
    table: tables.TableView, step: explain.Step, index: int, crops: Mapping[Any, str]
) -> dict[str, Any]:
    template, params = describe(dict(step.event), table.players)
    line: dict[str, Any] = {
        "index": index,
        "text": translate(template, params),
        "crops": [crops[at] for at in step.hexes if at in crops],
        "cost": step.cost if step.hunters else None,
        "payment": _payment(step.event),
        "correction": step.event.get("type") == "correct",
        "reason": rule_error_message(step.reason) if step.reason is not None else None,
        "seat": step.seat,
        "options": [
            {
                "value": n,
                "action": str(option.get("action")),
                "label": action_name(str(option.get("action"))),
            }
            for n, option in enumerate(step.options)
        ]
        if len(step.options) > 1
        else [],
    }
    return line


def _unseen_line(table: tables.TableView, space: Any, colour: str) -> str:
    seat = table.state.seat_of(colour)
    return str(
        _(
            "%(player)s on the %(space)s: not visible, kept as it was",
            player=table.players[seat].name,
            space=space_label(table, space),
        )
    )


def _steps_json(steps: Sequence[explain.Step]) -> str:
    return json.dumps(
        [{"event": dict(s.event), "options": [dict(o) for o in s.options]} for s in steps],
        separators=(",", ":"),
    )


def _upload_limit() -> None:
    """A photo may be larger than ``MAX_CONTENT_LENGTH``: its limit is set before any hook
    reads the body (the CSRF check reads the form)."""
    if request.endpoint == "bison.photo_post" and request.method == "POST":
        request.max_content_length = UPLOAD_LIMIT


@bp.record_once
def _first_hook(state: BlueprintSetupState) -> None:
    state.app.before_request_funcs.setdefault(None, []).insert(0, _upload_limit)


@bp.get("/photo")
def photo_page(table_id: str) -> Any:
    table = kit.game_table(table_id, GAME)
    return render_page(PAGE, table)


@bp.post("/photo")
def photo_post(table_id: str) -> Any:
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
        reading = reader.read(data, explain.as_reading(table.state))
    except reader.PhotoError as error:
        return render_page(PAGE, table, error=_refusal(error), status=422)
    players = [p.color for p in table.players]
    read_json = _with_first(table, reading.as_json(players), request.form.get("first"))
    result = explain.explain(table.state, read_json)
    contradictions = [*_doubts(reading), *result.contradictions]
    tiles_against = sum(
        1
        for c in contradictions
        if c.template
        in {
            N_("tile {tile} seems to have moved; tiles never move"),
            N_("the photo shows tile {tile} where {other} lies"),
        }
    )
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
    more = _more(table, read_json, _crops(data, reading, _unread(read_json)))
    del data  # the photo is not kept: only the crops reach the page
    lines = [_line(table, step, n, crops) for n, step in enumerate(result.steps)]
    return render_page(
        PROPOSAL,
        table,
        more=more,
        lines=lines,
        unseen=[_unseen_line(table, space, colour) for space, colour in result.unseen],
        contradictions=[rule_error_message(c) for c in dict.fromkeys(contradictions)],
        steps=_steps_json(result.steps),
        version=table.version,
        gains=[
            {"seat": seat, "name": table.players[seat].name, "slots": range(left)}
            for seat, left in enumerate(explain.actions_left(table.state, result.steps))
            if left
        ],
        animals=ANIMALS,
    )


# -- one more photo (issue 32): the second refines the first ------------------------------

FIRST_SALT = "bison-photo-first"
FIRST_LIMIT = 64 * 1024  # characters of the signed first reading: a board's is ~10 KB


def _signer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.secret_key or "", salt=FIRST_SALT)


def _with_first(
    table: tables.TableView, second: dict[str, Any], signed: str | None
) -> dict[str, Any]:
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


def _unread(read_json: Mapping[str, Any]) -> set[Any]:
    """The hexes where tokens lie but no tile was read."""
    return {(int(u["at"][0]), int(u["at"][1])) for u in read_json.get("unread", ())}


def _more(
    table: tables.TableView, read_json: dict[str, Any], crops: Mapping[Any, str]
) -> dict[str, Any] | None:
    """What asks for one more photo — a tile that could not be read (with a crop of its
    corner), spaces hidden where the table had pieces, a shaken photo — and the reading
    to merge the second with, signed; None when the photo saw everything."""
    sentences = [
        {
            "text": _(
                "A tile here could not be read (a hand or tokens over its markers): take "
                "one more photo of this corner."
            ),
            "crop": crops.get(at),
        }
        for at in sorted(_unread(read_json))
    ]
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


def _accepted(state: fold.State, form: Mapping[str, str]) -> list[dict[str, Any]]:
    """The ticked steps' events (a question answered by ``choice.<n>``), in order, then
    the animals gained without hunters (``gain.<seat>.<n>``), each checked by the fold
    after those before it: ``RuleError`` for the first refused."""
    try:
        raw = json.loads(form.get("steps", "[]"))
    except ValueError:
        raise RuleError(N_("the proposal could not be read; take the photo again")) from None
    if not isinstance(raw, list) or len(raw) > 200:
        raise RuleError(N_("the proposal could not be read; take the photo again"))
    events = []
    for n, item in enumerate(raw):
        if form.get(f"take.{n}") != "1":
            continue
        if not isinstance(item, dict) or not isinstance(item.get("event"), dict):
            raise RuleError(N_("the proposal could not be read; take the photo again"))
        options = item.get("options") or []
        choice = small_number(form.get(f"choice.{n}"))
        chosen = options[choice] if choice is not None and choice < len(options) else item["event"]
        if not isinstance(chosen, dict) or chosen.get("type") not in {"play", "tile", "correct"}:
            raise RuleError(N_("the proposal could not be read; take the photo again"))
        state = fold.apply(state, chosen)
        events.append(chosen)
    for key, animal in sorted(form.items()):
        seat = small_number(key.split(".")[1]) if key.startswith("gain.") else None
        if seat is None or seat >= len(state.players) or animal not in ANIMALS:
            continue
        state, event = explain.gained(state, seat, animal)
        events.append(event)
    if not events:
        raise RuleError(N_("nothing was ticked; nothing changed"))
    return events


@bp.post("/photo/confirm")
def photo_confirm(table_id: str) -> Any:
    """The ticked lines as events in one change (``AppendAll``): all stored at the
    proposal's version, in one transaction and announced once, or none."""
    table = kit.game_table(table_id, GAME)
    version = small_number(request.form.get("version"))
    try:
        events = _accepted(table.state, request.form)
    except RuleError as error:
        return render_page("message.html", table, error=rule_error_message(error), status=422)
    # The phone confirming a photo confirms every seat's lines at once: no "make this
    # change for Ben?" per line (the proposal named each player's change).
    outcome = apply_change(
        table, AppendAll(tuple(events)), by=current_seat(table), expected_version=version
    )
    if isinstance(outcome, Changed):
        return back_to_table(table.id)
    line = outcome.line if isinstance(outcome, Refused) else None
    return page_answer(
        outcome,
        refused=lambda shown, message: render_page(
            "message.html", shown, error=_refused_line(shown, events, line, message), status=422
        ),
    )


def _refused_line(
    table: tables.TableView, events: Sequence[Mapping[str, Any]], line: int | None, message: str
) -> str:
    """A refusal of the confirmation, naming the line refused (``line``: 1 = the first
    event) when it is one line's: nothing was stored."""
    if line is None:
        return message
    template, params = describe(dict(events[line - 1]), table.players)
    return str(
        _(
            "Nothing was changed: the line “%(line)s” was refused: %(problem)s",
            line=translate(template, params),
            problem=message,
        )
    )
