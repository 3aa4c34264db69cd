"""Push on real phones: a change reaches the other phone by the version stream, and the
timed poll still brings it where the stream cannot be held.

Each test's server sets ``POLL_MS`` for what it shows: an hour for the push test (a poll
never fires, so an update can only have come by the stream, which also marks the body with
``data-push-version``), half a second for the fallback (the stream is blocked). No timing
is asserted; every wait is bounded by the harness timeout.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from typing import Any

import pytest
from phone_kit import act, create_table, live_companion, version
from server_kit import post_json

HOUR_MS = 3_600_000
HALF_SECOND_MS = 500
STREAM = "**/events/stream"


@pytest.fixture(scope="module")
def serve(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Callable[[int], str]]:
    """``serve(poll_ms)``: the base URL of a live companion polling every ``poll_ms``, one
    per interval for the module (each test plays at a table of its own)."""
    started: dict[int, str] = {}
    with ExitStack() as servers:

        def start(poll_ms: int) -> str:
            if poll_ms not in started:
                folder = tmp_path_factory.mktemp("push")
                started[poll_ms] = servers.enter_context(live_companion(folder, POLL_MS=poll_ms))
            return started[poll_ms]

        yield start


def watching(page: Any, url: str) -> list[str]:
    """Open ``url`` on ``page``; the panel requests it makes from then on."""
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if "?v=" in request.url else None)
    page.goto(url)
    page.wait_for_selector("#panel")
    return asked


def change_unheard(base: str, a: Any, b: Any) -> str:
    """A table created on ``a``, watched on ``b`` with its version stream refused, then
    changed on ``a`` (Ann takes a card): the table's URL."""
    url = create_table(a, base, "lion-square")
    b.route(STREAM, lambda route: route.abort())
    watching(b, url)
    act(a, '[data-testid="ls-taken-0-up"]')
    return url


def test_the_other_phone_sees_the_change_by_the_stream(
    serve: Callable[[int], str], phone: Any, second_phone: Any, shot: Callable[..., Any]
) -> None:
    base = serve(HOUR_MS)
    a, b = phone, second_phone
    url = create_table(a, base, "lion-square")
    asked = watching(b, url)
    b.wait_for_selector('body[data-push="open"]')
    b.wait_for_selector('body[data-push-version="0"]')  # the stream says the version first
    assert version(b) == 0 and asked == []  # no poll: the interval is an hour

    act(a, '[data-testid="ls-taken-0-up"]')
    b.wait_for_selector('#panel[data-version="1"]')
    assert b.get_attribute("body", "data-push-version") == "1"
    shot(b, "push_en_1_pushed_b")  # the stream's holder is hidden: the page looks as before
    assert len(asked) >= 1 and all("v=0" in seen for seen in asked)  # asked as the poll does

    act(a, '[data-testid="ls-taken-0-up"]')
    b.wait_for_selector('#panel[data-version="2"]')
    assert b.get_attribute("body", "data-push-version") == "2"


def test_blocked_stream_falls_back_to_polling(
    serve: Callable[[int], str], phone: Any, second_phone: Any
) -> None:
    a, b = phone, second_phone
    change_unheard(serve(HALF_SECOND_MS), a, b)  # a proxy that will not hold the stream
    b.wait_for_selector('#panel[data-version="1"]')  # brought by the timed poll
    assert b.get_attribute("body", "data-push-version") is None
    assert b.get_attribute("body", "data-push") != "open"


def test_a_phone_that_wakes_up_catches_up_at_once(
    serve: Callable[[int], str], phone: Any, second_phone: Any
) -> None:
    a, b = phone, second_phone
    change_unheard(serve(HOUR_MS), a, b)  # asleep: its stream was dropped
    assert version(b) == 0  # nothing told it: no stream, and a poll only every hour
    b.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # it wakes up
    b.wait_for_selector('#panel[data-version="1"]')


def test_an_open_stream_stands_in_for_the_timed_polls(
    serve: Callable[[int], str], phone: Any
) -> None:
    base = serve(HALF_SECOND_MS)
    url = create_table(phone, base, "lion-square")
    asked = watching(phone, url)
    phone.wait_for_selector('body[data-push="open"]')
    before = len(asked)  # a poll may go out before the stream opens
    phone.wait_for_timeout(2500)  # five poll intervals: an idle phone asks nothing
    assert len(asked) == before


# ---------------------------------------------------------------------------------------
# sync that cannot stall (issue 21 item 1)


def api_change(url: str, delta: int = -1) -> int:
    """One quick change of the table at ``url`` through the JSON API (seat 0 takes a card or
    puts it back, by ``delta``); the version it made."""
    base, table_id = url.rstrip("/").split("/t/", 1)
    # Seat 0's taken cards (public: a herd is changed by its own seat's phone only, issue
    # 27): -1 takes one, +1 puts it back.
    event = {"type": "set_taken", "seat": 0, "count": 1 if delta < 0 else 0}
    return int(post_json(f"{base}/api/v1/tables/{table_id}/events", event)["version"])


def test_a_change_heard_while_the_panel_is_fetched_is_not_lost(
    serve: Callable[[int], str], phone: Any, second_phone: Any
) -> None:
    """The stall of issue 21: a version announced while the phone's fetch is in flight
    (that poll is dropped by htmx), then the fetch brings the version before it. The phone
    must still ask again (it heard of a newer one) and show it, by the stream alone."""
    base = serve(HOUR_MS)
    a, b = phone, second_phone
    url = create_table(a, base, "lion-square")
    watching(b, url)
    b.wait_for_selector('body[data-push-version="0"]')
    held: list[str] = []

    def hold_first_panel(route: Any) -> None:
        if held:
            route.continue_()
            return
        held.append(route.request.url)
        answer = route.fetch()  # the panel of version 1, as the server said it then
        api_change(url)  # version 2, announced on the stream while this fetch is held
        time.sleep(0.5)  # not asserted: lets the announcement reach the phone first
        route.fulfill(response=answer)

    b.route("**/t/*?v=*", hold_first_panel)
    api_change(url)
    b.wait_for_selector('#panel[data-version="2"]')
    assert held and "v=0" in held[0]
    assert b.get_attribute("body", "data-push-version") == "2"


def test_every_phone_converges_after_quick_pairs_of_changes(
    serve: Callable[[int], str], new_phone: Callable[..., Any]
) -> None:
    base = serve(HOUR_MS)
    phones = [new_phone() for _ in range(3)]
    url = create_table(phones[0], base, "lion-square")
    for page in phones[1:]:
        watching(page, url)
    for page in phones:
        page.wait_for_selector('body[data-push="open"]')
    final = 0
    for _pair in range(8):
        api_change(url, -1)  # a card taken, then put back
        time.sleep(0.2)
        final = api_change(url, 1)
        for page in phones:
            page.wait_for_selector(f'#panel[data-version="{final}"]')
    assert [version(page) for page in phones] == [final] * 3


# ---------------------------------------------------------------------------------------
# no silent loss offline (issue 21 item 2)

TAKEN_UP = '[data-testid="ls-taken-0-up"]'
PENDING = "[data-offline-pending]"
IN_VIEW = """s => { const r = document.querySelector(s).getBoundingClientRect();
  return r.top >= 0 && r.bottom <= window.innerHeight; }"""


def tap_offline(page: Any, selector: str) -> None:
    """Take ``page``'s phone off the network and tap: the change cannot get through."""
    page.context.set_offline(True)
    page.locator(selector).first.click()
    page.wait_for_selector(PENDING, state="visible")  # "not saved yet", on top


@pytest.mark.parametrize("lang", ["ja"])  # one language: test_page_words.py
def test_a_tap_made_offline_lands_on_every_phone_when_back(
    serve: Callable[[int], str],
    phone: Any,
    second_phone: Any,
    shot: Callable[..., Any],
    lang: str,
) -> None:
    base = serve(HOUR_MS)
    a, b = phone, second_phone
    url = create_table(a, base, "lion-square", lang=lang)
    watching(b, url)
    tap_offline(a, TAKEN_UP)
    assert a.is_visible("[data-offline]") and "is-offline" in a.get_attribute("body", "class")
    assert version(a) == 0 and version(b) == 0  # kept on the phone, not sent
    shot(a, f"offline_{lang}_1_not_saved_yet", full_page=False)

    a.context.set_offline(False)  # the connection is back: the kept tap is sent
    for page in (a, b):
        page.wait_for_selector('#panel[data-version="1"]')
        assert page.inner_text('[data-testid="ls-taken-0-value"]') == "1"
    a.wait_for_selector("[data-offline]", state="hidden")
    assert "is-offline" not in (a.get_attribute("body", "class") or "")
    a.reload()  # sent once: nothing waits on the phone any more
    a.wait_for_selector("#panel")
    assert version(a) == 1 and a.is_hidden("[data-offline]")


def test_a_tap_kept_offline_is_refused_when_the_table_moved_on(
    serve: Callable[[int], str], phone: Any, second_phone: Any, shot: Callable[..., Any]
) -> None:
    base = serve(HOUR_MS)
    a, b = phone, second_phone
    url = create_table(a, base, "lion-square", lang="it")
    watching(b, url)
    tap_offline(a, TAKEN_UP)
    act(b, TAKEN_UP)  # meanwhile another phone changed what the tap touches (issue 35)

    a.context.set_offline(False)
    a.wait_for_selector('#panel[data-version="1"] [role="alert"]')
    assert "Nel frattempo" in a.inner_text('#panel [role="alert"]')  # the server's sentence
    assert a.evaluate(IN_VIEW, '#panel [role="alert"]')  # brought to where the player looks
    assert a.inner_text('[data-testid="ls-taken-0-value"]') == "1"  # b's tap, not a's
    a.wait_for_selector("[data-offline]", state="hidden")
    shot(a, "offline_it_2_refused", full_page=False)
    assert version(b) == 1


def test_a_phone_back_online_catches_up_at_once(
    serve: Callable[[int], str], phone: Any, second_phone: Any
) -> None:
    base = serve(HOUR_MS)  # no timed poll: only the stream or the reconnection can bring it
    a, b = phone, second_phone
    url = create_table(a, base, "lion-square")
    watching(b, url)
    b.wait_for_selector('body[data-push="open"]')
    b.context.set_offline(True)
    act(a, TAKEN_UP)
    b.context.set_offline(False)
    b.wait_for_selector('#panel[data-version="1"]')


def test_a_tap_the_restarting_server_did_not_take_is_sent_again(
    serve: Callable[[int], str], phone: Any
) -> None:
    """A server restarting behind a proxy answers 502: the tap is kept and sent again (with
    the same Idempotency-Key) once the server answers."""
    base = serve(HOUR_MS)
    create_table(phone, base, "lion-square")
    keys: list[str] = []

    def restarting(route: Any) -> None:
        keys.append(route.request.headers.get("idempotency-key", ""))
        if len(keys) == 1:
            route.fulfill(status=502, body="Bad Gateway")
        else:
            route.continue_()

    phone.route("**/lion-square/**", restarting)
    phone.locator(TAKEN_UP).first.click()
    phone.wait_for_selector('#panel[data-version="1"]')
    assert len(keys) == 2 and keys[0] and keys[0] == keys[1]
    assert phone.inner_text('[data-testid="ls-taken-0-value"]') == "1"
