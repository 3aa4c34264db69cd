"""Rendered panels, cached per process so a poll storm renders each change once (private
to ``companion.live``: pages ask ``live.rendered`` and ``live.personalise``).

Every phone at a table polls every 2 s; a changed table would otherwise render its panel
once per phone (``bench/poll_cost.py`` prints what one render costs). The panel markup is
therefore made independent of the phone that asks:

* this phone's seat is highlighted by CSS from ``<body data-my-seat="N">`` (the shell page
  sets it; ``.seat[data-seat="N"]`` cards), and a seat card that opens for its own phone
  carries ``data-open-seat="N"``, which ``personalise`` turns into ``open``;
* the per-session CSRF token is rendered as ``CSRF_PLACEHOLDER`` and filled in at response
  time for a whole page (a page without JavaScript posts the hidden field); an htmx
  answer drops the hidden fields, since htmx sends the token as a header (and app.js
  puts the page's token into any other post form as it is sent).

The markup is then a function of the key ``(table id, version, language, variant)``, where
``variant`` is whatever else the game's panel shows (Bison: this phone's board zoom; Lion
Square: the picked place of the square), and it is kept in a small bounded LRU
(``RenderCache``). A version always names the same events, so an entry never goes stale:
a newer version is a new key. The LRU is bounded twice: by entries and by the characters
it holds (``MAX_CHARS``), so many long games on one server cannot grow a process without
limit.
"""

from __future__ import annotations

import re
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

#: Stands for the session's CSRF token in cached markup (never a valid token itself).
CSRF_PLACEHOLDER = "__campfire_csrf_token__"
#: The hidden field of a panel form (templates/games/_macros.html ``post``).
CSRF_FIELD = f'<input type="hidden" name="csrf_token" value="{CSRF_PLACEHOLDER}">'
#: Stands for a form's idempotency key in cached markup (companion.idempotency); the
#: field is dropped from htmx answers, which send the key as a header.
KEY_PLACEHOLDER = "__campfire_idempotency_key__"
KEY_FIELD = f'<input type="hidden" name="idempotency_key" value="{KEY_PLACEHOLDER}">'
#: The attribute a seat card carries when it opens for its own phone.
OPEN_SEAT = 'data-open-seat="{seat}"'
#: Characters of markup one cache keeps at most (per process).
MAX_CHARS = 16 * 1024 * 1024


class RenderCache:
    """A bounded LRU of rendered panels, with one render per key at a time.

    Several phones asking for the same fresh version at once wait for the first one's
    render instead of each rendering it ("single flight").
    """

    def __init__(self, size: int, max_chars: int = MAX_CHARS) -> None:
        self.size = size
        self.max_chars = max_chars
        self.chars = 0  # characters held now
        self._items: OrderedDict[Hashable, str] = OrderedDict()
        self._lock = threading.Lock()
        self._pending: dict[Hashable, threading.Lock] = {}
        self.renders = 0  # how many times ``render`` ran (tests, diagnostics)

    def __len__(self) -> int:
        return len(self._items)

    def _hit(self, key: Hashable) -> str | None:
        markup = self._items.get(key)
        if markup is not None:
            self._items.move_to_end(key)
        return markup

    def get(self, key: Hashable, render: Callable[[], tuple[str, bool]]) -> str:
        """The markup for ``key``, rendering it with ``render()`` when missing.

        ``render`` returns the markup and whether it may be kept (see
        ``companion.pages.panel._render_panel``: markup that holds a session's secret is
        answered once and not kept)."""
        with self._lock:
            markup = self._hit(key)
            if markup is not None:
                return markup
            pending = self._pending.setdefault(key, threading.Lock())
        with pending:
            with self._lock:
                markup = self._hit(key)
            if markup is not None:
                return markup
            try:
                markup, keep = render()
                with self._lock:
                    self.renders += 1
                    if keep and len(markup) <= self.max_chars:
                        self._items[key] = markup
                        self.chars += len(markup)
                        while len(self._items) > self.size or self.chars > self.max_chars:
                            self.chars -= len(self._items.popitem(last=False)[1])
            finally:
                with self._lock:
                    self._pending.pop(key, None)
        return markup

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.chars = 0


def personalise(markup: str, *, csrf_token: str, seat: int | None, form_tokens: bool = True) -> str:
    """Cached panel markup made this phone's: its CSRF token, its seat card opened.

    ``form_tokens=False`` (an htmx request: app.js sends the token as the X-CSRFToken
    header with every htmx post) drops the hidden token field from every form instead, a
    sixth of a big panel; a whole page keeps them, for posting without JavaScript."""
    if not form_tokens:
        markup = markup.replace(CSRF_FIELD, "").replace(KEY_FIELD, "")
    markup = markup.replace(CSRF_PLACEHOLDER, csrf_token)
    if KEY_PLACEHOLDER in markup:  # each form its own idempotency key, fresh per answer
        markup = re.sub(KEY_PLACEHOLDER, lambda _match: secrets.token_urlsafe(16), markup)
    if seat is not None:
        marker = OPEN_SEAT.format(seat=seat)
        markup = markup.replace(marker, f"{marker} open")
    return markup
