"""The shared real-browser harness: the companion on a live server and phone-sized Chromium.

Fixtures
--------
``live_server``   base URL (``http://127.0.0.1:<free port>``) of the real app — CSRF on, a
                  temporary SQLite file, served by a werkzeug server thread — for the session.
``chromium``      Debian's ``/usr/bin/chromium`` driven by Playwright (never a downloaded
                  browser); the whole directory skips, saying so, only when it is absent.
``new_phone``     ``new_phone(**options) -> Page``: a fresh phone (its own context: cookies,
                  session storage) of 360×640 CSS px, touch, mobile, closed after the test;
                  ``options`` go to the context (``color_scheme="dark"``,
                  ``java_script_enabled=False``, ``device_scale_factor=2`` …).
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
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from phone_kit import live_companion

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


@pytest.fixture
def new_phone(chromium: Any) -> Iterator[Callable[[], Any]]:
    contexts: list[Any] = []
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
        context = chromium.new_context(**settings)
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.on("pageerror", lambda error: problems.append(f"script error: {error}"))
        page.on("console", lambda message: _console(message, problems))
        return page

    yield make
    for context in contexts:
        context.close()
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
    page.screenshot(path=str(path), full_page=full_page)
    # Phone first: nothing may scroll sideways at 360 px.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{name}: the page is {width}px wide"
    return path


@pytest.fixture
def shot() -> Callable[..., Path]:
    return take_shot
