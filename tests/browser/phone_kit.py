"""What the browser tests do again and again: serve the companion live, and on a phone read
the panel's version, tap a panel control and wait for the fresh panel, create a table
through the form and sit down.

A plain module with a name of its own (pytest keeps one module called ``conftest`` at a
time, so tests import helpers from here; the fixtures stay in conftest.py).
"""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any


@contextmanager
def live_companion(folder: Path, **config: Any) -> Iterator[str]:
    """The real app (CSRF on) on a temporary SQLite file in ``folder``, served by a
    Werkzeug server thread on a free loopback port; its base URL. Every rate limit is
    lifted (a test's phones tap faster than players; tests/companion tests the limits);
    ``config`` goes to ``create_app`` after that (``POLL_MS`` …)."""
    from werkzeug.serving import WSGIRequestHandler, make_server

    from companion import create_app, tables
    from companion.config import RATE_LIMITS

    tables.clear_cache()
    app = create_app(
        {
            "SECRET_KEY": "browser-test-secret-key-0123456789abcdef",
            "DATABASE_URL": f"sqlite:///{folder / 'live.sqlite3'}",
            **dict.fromkeys(RATE_LIMITS, "100000 per minute"),
            **config,
        }
    )
    # One connection a request (HTTP/1.0: no keep-alive). The phones outlive the servers
    # (tests/browser/conftest.py keeps them between tests): a socket one kept idle from
    # an earlier test's server would be handed a request for a later server that the
    # kernel gave the same port, and answered by the old server's thread, or by nobody.
    handler = type("OneRequestEach", (WSGIRequestHandler,), {"protocol_version": "HTTP/1.0"})
    server = make_server("127.0.0.1", 0, app, threaded=True, request_handler=handler)
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
        app.extensions["campfire.db"].dispose()


#: The players of a 3-seat test table: name and colour.
THREE = (("Ann", "red"), ("Ben", "blue"), ("Cho", "green"))


def version(page: Any) -> int:
    """The table version the panel on ``page`` shows."""
    return int(page.get_attribute("#panel", "data-version"))


def act(page: Any, selector: str) -> None:
    """Tap a panel control and wait until the fresh panel (next version) is swapped in."""
    before = version(page)
    page.locator(selector).first.click()
    page.wait_for_selector(f'#panel[data-version="{before + 1}"]')


def act_for(page: Any, selector: str) -> None:
    """Tap a control that changes another seat (or acts in another player's turn): the
    phone asks "Make this change for …?" first; confirm, and wait for the fresh panel."""
    before = version(page)
    page.locator(selector).first.click()
    page.wait_for_selector('[data-testid="confirm-for"]')
    page.locator('[data-testid="confirm-yes"]').click()
    page.wait_for_selector(f'#panel[data-version="{before + 1}"]')


def undo(page: Any) -> None:
    """Tap Undo on the dock, confirm the change it names, wait for the fresh panel."""
    before = version(page)
    page.locator('[data-testid="undo"]').click()
    page.wait_for_selector('[data-testid="confirm-undo"]')
    page.locator('[data-testid="confirm-yes"]').click()
    page.wait_for_selector(f'#panel[data-version="{before + 1}"]')


def back_at_table(page: Any) -> None:
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    page.wait_for_selector("#panel")


def sit(page: Any, table_url: str, seat: int, lang: str) -> None:
    """Open the invite page and tap "I am …" for ``seat``."""
    page.goto(f"{table_url}/join?lang={lang}")
    page.locator(f'button[name="seat"][value="{seat}"]').click()
    back_at_table(page)


def create_table(
    page: Any,
    base: str,
    game: str,
    *,
    lang: str = "en",
    players: Sequence[tuple[str, str]] = THREE,
    seat: int | None = 0,
) -> str:
    """Create a ``game`` table with ``players`` through the form on ``page``, in ``lang``,
    and sit at ``seat`` ("I am …"; None: "I am only watching", a shared table phone that
    acts for every seat without asking); the table's URL."""
    page.goto(f"{base}/new?game={game}&lang={lang}")
    for index, (name, colour) in enumerate(players):
        page.fill(f'input[name="name{index}"]', name)
        page.select_option(f'select[name="color{index}"]', colour)
    page.locator('form button[type="submit"]').last.click()
    page.wait_for_url(re.compile(r"/t/[^/]+/join$"))
    page.locator(f'button[name="seat"][value="{"" if seat is None else seat}"]').click()
    back_at_table(page)
    return page.url


def type_square(page: Any, grid: list[list[str]]) -> None:
    """Lion Square's square typed on ``page``: tap each place, then its number ("G" the
    gazelle); empty places are skipped."""
    for row, cells in enumerate(grid):
        for column, card in enumerate(cells):
            if not card:
                continue
            page.locator(f'[data-cell="{row},{column}"]').click()
            act(page, f'[data-testid="ls-square"] button[data-card="{card}"]')


_POST_JS = """([action, fields]) => {
  const form = document.createElement('form');
  form.method = 'post'; form.action = action;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden'; input.name = name; input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form); form.submit();
}"""


def post_proposal(page: Any, url: str, fields: dict[str, str], ready: str) -> None:
    """Open the Bison photo page of table ``url`` on ``page`` and post ``fields`` (a carried
    proposal, with the page's CSRF token) to photo/edit as the proposal's own form would;
    wait for ``ready`` (a selector) on the answer."""
    page.goto(f"{url}/bison/photo")
    fields["csrf_token"] = page.locator('input[name="csrf_token"]').first.input_value()
    page.evaluate(_POST_JS, [f"{url}/bison/photo/edit", fields])
    page.wait_for_selector(ready)


def table_id_of(url: str) -> str:
    """The table id in a table page's ``url``."""
    return url.split("/t/")[1].split("/")[0]


#: The walkthrough's audit of a screen (walkthrough_audit.js, run in the page): its
#: language, its width and what a demanding player notices (targets under 44 px, contrast,
#: the dock over the page's end).
AUDIT = (Path(__file__).parent / "walkthrough_audit.js").read_text(encoding="utf-8")


def small_targets(page: Any) -> list[str]:
    """The controls of ``page`` under 44 × 44 CSS px, as the walkthrough's audit finds
    them (a radio or checkbox measured by its label, the tap's target)."""
    return [p for p in page.evaluate(AUDIT)["problems"] if " target " in p]


#: axe-core, vendored for the tests (npm ``axe-core``).
AXE = Path(__file__).resolve().parents[1] / "support" / "axe.min.js"
#: axe-core: WCAG 2.1 A and AA, and label-in-name (an "experimental" rule axe leaves off
#: unless asked). Each violation as "rule: element".
AXE_RUN = """async (colours) => {
  const result = await axe.run(document, {
    runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']},
    rules: {'label-content-name-mismatch': {enabled: true},
            'color-contrast': {enabled: colours}},
    resultTypes: ['violations'],
  });
  return result.violations.flatMap(v => v.nodes.map(n => v.id + ': ' + n.html.slice(0, 160)));
}"""


@functools.cache
def axe_source() -> str:
    return AXE.read_text(encoding="utf-8") + "\n;void 0"


def violations(page: Any, *, colours: bool = True) -> list[str]:
    """axe's findings on ``page``; without ``colours``, all but colour contrast (the
    costliest rule: two thirds of a run on a Bison table)."""
    # Evaluated, not added as a <script>: the site's CSP refuses inline scripts.
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(axe_source())
    return list(page.evaluate(AXE_RUN, colours))


def overflow(page: Any) -> int:
    """How far the page scrolls sideways (0: it reflows)."""
    return int(page.evaluate("document.scrollingElement.scrollWidth - innerWidth"))


#: The innermost elements that reach past the right edge, or whose content is wider than
#: they are (what to fix).
PAST_THE_EDGE = """() => [...document.querySelectorAll('main *, header *, nav *')]
  .filter(e => (e.getBoundingClientRect().right > innerWidth + 1 &&
    ![...e.children].some(c => c.getBoundingClientRect().right > innerWidth + 1)) ||
    (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1 &&
     getComputedStyle(e).overflowX === 'visible' && !e.querySelector('*')))
  .filter(e => !e.closest('svg') || e.matches('svg'))
  .slice(0, 4).map(e => e.tagName.toLowerCase() + '.' + e.getAttribute('class') + ' "' +
    (e.textContent || '').trim().slice(0, 24) + '"')"""


#: Tries at a screenshot: Chromium on two busy cores now and then answers "Unable to
#: capture screenshot" (Page.captureScreenshot) for a page that is fine a frame later
#: (seen in full runs: test_reach_browser.py, then test_bison_board_browser.py[ja]).
SHOT_TRIES = 3


def capture(page: Any, path: Path, *, full_page: bool = False) -> None:
    """A screenshot of ``page`` to ``path``, tried ``SHOT_TRIES`` times a frame apart when
    Chromium could not capture it; the last refusal is raised."""
    from playwright.sync_api import Error as PlaywrightError

    for attempt in range(1, SHOT_TRIES + 1):
        try:
            page.screenshot(path=str(path), full_page=full_page)
            return
        except PlaywrightError as error:
            if "Unable to capture screenshot" not in str(error) or attempt == SHOT_TRIES:
                raise
            page.wait_for_timeout(250)
