"""What the Bison photo-proposal tests share: the proposal form's fields as a phone sends
them (``form_of``), and the photo round's posts (``read_photo``, ``edit``, ``confirm``)."""

from __future__ import annotations

import html as htmllib
import io
from html.parser import HTMLParser
from typing import Any

from bison_panel import base
from bison_photos import placed


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
