"""One more photo of one round (issue 32, item 3) with the Flask test client: a photo
that cannot see everything says so beside a control for one more photo; the second photo
is read and merged with the first (whose reading the page carries, signed: the photo is
not kept); a forged or stale first reading is ignored."""

from __future__ import annotations

import io
import re

import pytest
from bison_panel import base
from bison_photos import NEW_TILE, board_with, placed, under_a_hand
from companion_testkit import get, text
from PIL import Image, ImageFilter

from companion.panels.bison import photo
from reader import bison

pytest.importorskip("apriltag")

import bison_synthetic as synthetic


@pytest.fixture
def table(make_table):
    return make_table("bison", 2)  # Ann (red, seat 0) and Ben (blue, seat 1)


def send(client, table_id, content, first=None):
    data = {"photo": (io.BytesIO(content), "board.jpg")}
    if first is not None:
        data["first"] = first
    return client.post(f"{base(table_id)}/photo", data=data, content_type="multipart/form-data")


def start_only() -> bytes:
    """The start tiles alone: B08 and its hunters are not in this photo."""
    return synthetic.photo(25, "3mp", board=board_with({})).jpeg


def shaken(content: bytes) -> bytes:
    with Image.open(io.BytesIO(content)) as image:
        blurred = image.filter(ImageFilter.BoxBlur(3))
    out = io.BytesIO()
    blurred.save(out, "JPEG", quality=90)
    return out.getvalue()


def test_a_shaken_photo_says_hold_still_beside_a_control_for_one_more(client, table):
    response = send(client, table.id, shaken(placed("red")))
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'data-testid="bison-photo-more"' in html
    assert "hold still" in text(response)
    assert re.search(r'name="first" value="[^"]+"', html)
    # Sent as soon as it is taken, as the first (bison_photo.js finds its form).
    assert "data-bison-photo>" in html and "/static/bison_photo." in html


def test_the_second_photo_is_merged_with_the_first(client, table, app):
    version = get(app, table.id).version
    first = bison.read(placed("red"), {"tiles": [], "pieces": []})
    with app.test_request_context():
        signed = photo._signer().dumps(
            {"table": table.id, "version": version, "reading": first.as_json(["red", "blue"])}
        )
    alone = send(client, table.id, start_only())
    assert NEW_TILE not in text(alone)
    merged = send(client, table.id, start_only(), first=signed)
    assert merged.status_code == 200
    assert NEW_TILE in text(merged) and "pays 1 bison + 1 salmon" in text(merged)
    # Forged, or of another version of the table: the second photo is read alone.
    forged = send(client, table.id, start_only(), first=signed[:-3] + "abc")
    assert NEW_TILE not in text(forged)
    with app.test_request_context():
        stale = photo._signer().dumps(
            {"table": table.id, "version": version - 1, "reading": first.as_json(["red"])}
        )
    assert NEW_TILE not in text(send(client, table.id, start_only(), first=stale))


def test_a_round_whose_tile_the_photo_misses_asks_for_the_corner_under_the_hand(client, table):
    # Both players' tiles are due; the photo shows none (B08 under the hand): the hex
    # beside the board the hand covers may hold one, so the phone asks for that corner.
    response = send(client, table.id, under_a_hand())
    assert response.status_code == 200
    assert NEW_TILE not in text(response)
    assert text(response).count("may lie under a hand here") == 1  # one sentence ...
    html = response.get_data(as_text=True)
    more = html[html.index('data-testid="bison-photo-more"') :]
    assert more.count('class="photo-crop"') >= 2  # ... with each hex's crop
    assert 'data-testid="bison-photo-more"' in html
    assert re.search(r'name="first" value="[^"]+"', html)
    # The photo without the hand shows B08 (and no hand): nothing asked of the kind.
    clear = send(client, table.id, placed("red"))
    assert NEW_TILE in text(clear) and "under a hand" not in text(clear)


def test_a_covered_hex_is_asked_about_only_while_a_tile_is_missing(app, table):
    covered = {"at": [1, -1], "space": "prairie", "why": "covered"}
    framed = {"at": [2, -2], "space": "prairie", "why": "out-of-frame"}
    new = [{"at": [2, -1], "tile": "B09", "rotation": 0}, {"at": [-1, 1], "tile": "B11"}]
    view = get(app, table.id)  # round 1: both tiles due
    one = {"tiles": new[:1], "hidden": [covered, framed]}
    assert photo._under_hand(view, one) == {(1, -1)}
    both = {"tiles": new, "hidden": [covered, framed]}
    assert photo._under_hand(view, both) == set()  # every tile due is in the photo
    # A hex with a tile read is no hex a tile may hide under; bad entries are skipped.
    odd = {
        "tiles": [{"at": [1, -1], "tile": "B09"}, {"at": ["x", 1]}],
        "hidden": [covered, {"at": "x"}, 3],
    }
    assert photo._under_hand(view, odd) == set()
