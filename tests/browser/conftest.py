"""The shared real-browser harness: the companion on a live server and phone-sized Chromium.

Fixtures
--------
``live_server``   base URL (``http://127.0.0.1:<free port>``) of the real app — CSRF on, a
                  temporary SQLite file, served by a werkzeug server thread — for the session.
``chromium``      Debian's ``/usr/bin/chromium`` driven by Playwright (never a downloaded
                  browser); the whole directory skips, saying so, only when it is absent.
``new_phone``     ``new_phone(**options) -> Page``: a phone (its own context: cookies,
                  storage) of 360×640 CSS px, touch, mobile, on about:blank with no cookie
                  or storage; ``options`` go to the context (``color_scheme="dark"``,
                  ``java_script_enabled=False``, ``device_scale_factor=2`` …). After the
                  test it is reset (its listeners, routes, cookies, storage, offline state
                  and colour scheme undone) and kept for the next test with the same
                  options: a page the test closed, or one that opened another, and the
                  phones of a failed test are closed.
``phone``, ``second_phone``   two such phones, for the tests that play on two at once.
``shot``          ``shot(page, name)``: a full-page screenshot to
                  ``tests/browser/screenshots/<name>.png`` that also asserts the phone rule
                  "no horizontal scroll" (``scrollWidth <= 360``). Look at the files.

Every phone records uncaught script errors and Content-Security-Policy violations; a test
whose page had one fails at teardown (the CSP forbids inline script and style, so a
template slip shows up here and nowhere else).

Japanese screenshots need a Japanese font, which this machine lacks: Chromium is given a
fontconfig file that adds IPAexGothic, the font the print kit already depends on
(``printgen.fonts.font_path``), so only the test browser sees it.
"""

from __future__ import annotations

import os
import sys
import threading
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from phone_kit import capture, live_companion

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path(__file__).parent / "screenshots"
PHONE = {"width": 360, "height": 640}
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TIMEOUT_MS = 10_000


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with live_companion(tmp_path_factory.mktemp("live")) as url:
        yield url


def japanese_fonts(folder: Path) -> dict[str, str]:
    """Environment for Chromium: the system fonts plus IPAexGothic, via a fontconfig file."""
    from printgen.fonts import font_path

    conf = folder / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        '<include ignore_missing="yes">/etc/fonts/fonts.conf</include>'
        f"<dir>{font_path().parent}</dir><cachedir>{folder / 'cache'}</cachedir>"
        "</fontconfig>",
        encoding="utf-8",
    )
    return {**os.environ, "FONTCONFIG_FILE": str(conf)}


@pytest.fixture(scope="session")
def chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip(f"no Chromium at {CHROMIUM} (Debian package chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=CHROMIUM_ARGS,
            env=japanese_fonts(tmp_path_factory.mktemp("fonts")),
        )
        yield browser
        browser.close()


class _Phone:
    """A phone kept open between tests: its context, its one page, the problems list of
    the test using it (its error handlers write there) and the listeners that test added."""

    def __init__(self, chromium: Any, settings: dict[str, Any]) -> None:
        self.scheme = settings.get("color_scheme", "light")
        self.context = chromium.new_context(**settings)
        self.page = self.context.new_page()
        self.problems: list[str] = []
        self.listeners: list[tuple[str, Callable[..., Any]]] = []
        self.page.on("pageerror", lambda error: self.problems.append(f"script error: {error}"))
        self.page.on("console", lambda message: _console(message, self.problems))
        on = type(self.page).on

        def listen(event: str, handler: Callable[..., Any]) -> None:
            self.listeners.append((event, handler))
            on(self.page, event, handler)

        self.page.on = listen  # a test's listeners end with the test (``reset``)

    def reset(self) -> bool:
        """Make the phone as good as new for the next test: no listener, route, cookie,
        storage or offline state of this test left, on about:blank. False when it cannot
        be (its page closed, another page opened, an answer refused): close it then."""
        page, context = self.page, self.context
        if page.is_closed() or len(context.pages) != 1:
            return False
        for event, handler in self.listeners:
            page.remove_listener(event, handler)
        self.listeners.clear()
        # A round trip to the page: what it reported until now reaches the test's list.
        if page.url.startswith("http"):
            page.evaluate("() => { localStorage.clear(); sessionStorage.clear(); }")
        else:
            page.evaluate("0")
        self.problems = []  # what the page says while it is left belongs to no test
        page.unroute_all(behavior="ignoreErrors")
        context.unroute_all(behavior="ignoreErrors")
        page.goto("about:blank")
        context.set_offline(False)
        context.clear_cookies()
        page.emulate_media(color_scheme=self.scheme)
        return True


@pytest.fixture(scope="session")
def _phones() -> dict[str, list[_Phone]]:
    """The phones no test is using, by their context's settings (``repr``)."""
    return {}


#: Whether the test's call passed (``new_phone`` keeps the phones of a passed test only).
_PASSED = pytest.StashKey[bool]()


def _other_threads() -> str:
    """Where every other thread of this worker stands: the live servers' request threads
    among them. A tap that never reached a live server (a navigation that timed out
    with nothing in its log, seen twice under load) shows here whether a request thread
    was stuck, and on what."""
    names = {thread.ident: thread.name for thread in threading.enumerate()}
    stacks = [
        f"--- {names.get(ident, ident)}\n{''.join(traceback.format_stack(frame))}"
        for ident, frame in sys._current_frames().items()
        if ident != threading.get_ident()
    ]
    return "\n".join(stacks) or "no other thread"


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    report = yield
    if report.when == "call":
        item.stash[_PASSED] = report.passed
        if report.failed:
            report.sections.append(("the worker's other threads", _other_threads()))
    return report


@pytest.fixture
def new_phone(
    request: pytest.FixtureRequest, chromium: Any, _phones: dict[str, list[_Phone]]
) -> Iterator[Callable[..., Any]]:
    used: list[tuple[str, _Phone]] = []
    problems: list[str] = []

    def make(**options: Any) -> Any:
        settings = {
            "viewport": PHONE,
            # One device pixel per CSS pixel: the layout, the targets and every check
            # are in CSS pixels, which the ratio does not change, and Chromium paints a
            # quarter of the pixels (the Dog's Life map flow: 42.7 s -> 26.9 s of CPU).
            # A test that looks at sharpness asks for its own ratio.
            "device_scale_factor": 1,
            "is_mobile": True,
            "has_touch": True,
            **options,
        }
        # A phone is a context of its own (cookies, storage), reused by the next test
        # once reset: a fresh one costs Chromium a renderer process and a cold first
        # page, ~1.5 s of CPU against ~0.45 s for a page load in a warm one.
        key = repr(sorted(settings.items()))
        free = _phones.setdefault(key, [])
        phone = free.pop() if free else _Phone(chromium, settings)
        phone.problems = problems
        phone.page.set_default_timeout(TIMEOUT_MS)
        used.append((key, phone))
        return phone.page

    yield make
    # A failed test's phones are closed, not reset: a page it left waiting (a navigation
    # the server has not answered) would keep the reset waiting with it.
    passed = request.node.stash.get(_PASSED, False)
    for key, phone in used:
        try:
            kept = passed and phone.reset()
        except Exception:  # a page that will not come back to a blank state: closed
            kept = False
        if kept:
            _phones[key].append(phone)
        else:
            phone.context.close()
    assert not problems, "the pages reported:\n" + "\n".join(problems)


def _console(message: Any, problems: list[str]) -> None:
    # Chromium reports a CSP violation as a console error ("Refused to … because it
    # violates the following Content Security Policy directive"). Other console errors,
    # such as the 422 of a refusal a test provokes on purpose, are not problems.
    if message.type == "error" and "Content Security Policy" in message.text:
        problems.append(f"CSP violation: {message.text}")


@pytest.fixture
def phone(new_phone: Callable[[], Any]) -> Any:
    return new_phone()


@pytest.fixture
def second_phone(new_phone: Callable[[], Any]) -> Any:
    return new_phone()


def take_shot(page: Any, name: str, *, full_page: bool = True) -> Path:
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    capture(page, path, full_page=full_page)
    # Phone first: nothing may scroll sideways at 360 px.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{name}: the page is {width}px wide"
    return path


@pytest.fixture
def shot() -> Callable[..., Path]:
    return take_shot
