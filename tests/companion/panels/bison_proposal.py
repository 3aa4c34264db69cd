"""What the Bison photo-proposal tests share: the proposal form's fields as a phone sends
them (``form_of``), and the photo round's posts (``read_photo``, ``edit``, ``confirm``)."""

from __future__ import annotations

import html as htmllib
import io
import json
from html.parser import HTMLParser
from typing import Any

from bison_panel import base
from bison_photos import NEW_AT, NEW_TILE, NEW_TURN, placed
from companion_testkit import get

from companion.panels.bison import proposal
from games.bison import explain, fold

#: Where Ann's hunters stand on the tile she placed (``placed_and_built``).
START = (NEW_AT, "prairie")


class _Form(HTMLParser):
    """The proposal form's fields as the phone sends them: hidden and typed values, the
    ticked boxes, the checked chips, each select's chosen option."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, str] = {}
        self._select: str | None = None
        self._first: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name:
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    self.fields[name] = a.get("value") or "on"
            elif kind != "submit":
                self.fields[name] = a.get("value") or ""
        elif tag == "select" and name:
            self._select, self._first = name, None
        elif tag == "option" and self._select:
            value = a.get("value") or ""
            if self._first is None:
                self._first = value
                self.fields.setdefault(self._select, value)
            if "selected" in a:
                self.fields[self._select] = value

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def form_of(response: Any) -> dict[str, str]:
    parser = _Form()
    parser.feed(response.get_data(as_text=True))
    fields = {k: htmllib.unescape(v) for k, v in parser.fields.items()}
    fields.pop("idempotency_key", None)
    return fields


def read_photo(client, table_id):
    return client.post(
        f"{base(table_id)}/photo",
        data={"photo": (io.BytesIO(placed("red")), "board.jpg")},
        content_type="multipart/form-data",
    )


def edit(client, table_id, form, **changes):
    return client.post(f"{base(table_id)}/photo/edit", data={**form, **changes})


def confirm(client, table_id, form):
    return client.post(f"{base(table_id)}/photo/confirm", data=form)


def placed_and_built(app, table) -> dict[str, str]:
    """Ann placed B08 with 3 hunters (4 food, B6) and built a tent of size 1 from one of
    them: two actions, no other explanation (no question)."""
    state = get(app, table.id).state
    tile = {"type": "play", "seat": 0, "action": "place_tile", "at": list(NEW_AT)}
    tile |= {"tile": NEW_TILE, "rotation": NEW_TURN, "space": "prairie", "hunters": 3}
    laid = fold.apply(state, tile)
    tent = {"type": "play", "seat": 0, "action": "tent", "override": True}
    tent["builds"] = [{"space": fold.space_ref(laid, START), "size": 1}]
    after = fold.apply(laid, tent)
    result = explain.explain(state, explain.as_reading(after), hidden=())
    assert not result.questions and len(result.steps) == 2  # two lines before
    steps = proposal.steps_json(result.steps, result.questions)
    version = str(get(app, table.id).version)
    return {"steps": json.dumps(steps), "notes": "{}", "version": version, "take.0": "1"}
