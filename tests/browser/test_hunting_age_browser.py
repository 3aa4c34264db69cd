"""Age of Hunting in a real browser (issue 6): Debian Chromium at phone size (360×640)
plays a short game through the panel — setup, two developments, a storage overflow, the
end trigger and the final screen — in English and in Japanese, saving a screenshot of each
screen under tests/browser/screenshots/ (look at them).

Uses F2's harness fixtures (``live_server``/``phone``) when tests/browser/conftest.py
provides them; otherwise the small harness below (a werkzeug server thread on a free port
serving the real app with CSRF on, and Chromium from /usr/bin/chromium — never downloaded).
"""

from __future__ import annotations

import os
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path(__file__).parent / "screenshots"
pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="no /usr/bin/chromium")


@pytest.fixture(scope="module")
def ha_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from werkzeug.serving import make_server

    from companion import create_app

    folder = tmp_path_factory.mktemp("ha-live")
    app = create_app({
        "SECRET_KEY": "browser-test-secret-key-0123456789abcdef",
        "DATABASE_URL": f"sqlite:///{folder / 'live.sqlite3'}",
        "CREATE_RATE_LIMIT": "1000 per minute", "JOIN_RATE_LIMIT": "1000 per minute",
    })
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(timeout=5)


def japanese_fonts(folder: Path) -> dict[str, str]:
    """Environment for Chromium so Japanese renders even on a machine without CJK fonts:
    a fontconfig file adding the IPAexGothic the print kit already depends on."""
    from printgen.fonts import font_path

    conf = folder / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        '<include ignore_missing="yes">/etc/fonts/fonts.conf</include>'
        f"<dir>{font_path().parent}</dir><cachedir>{folder / 'cache'}</cachedir>"
        "</fontconfig>", encoding="utf-8")
    return {**os.environ, "FONTCONFIG_FILE": str(conf)}


@pytest.fixture(scope="module")
def chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            env=japanese_fonts(tmp_path_factory.mktemp("fonts")),
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"])
        yield browser
        browser.close()


@pytest.fixture
def phone(chromium: Any) -> Iterator[Any]:
    context = chromium.new_context(viewport={"width": 360, "height": 640},
                                   device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def version(page: Any) -> int:
    return int(page.get_attribute("#panel", "data-version"))


def act(page: Any, selector: str) -> None:
    """Tap a panel control and wait until the fresh panel (next version) is swapped in."""
    before = version(page)
    page.locator(selector).first.click()
    page.wait_for_selector(f'#panel[data-version="{before + 1}"]')


def step(page: Any, seat: int, counter: str, delta: int, times: int = 1) -> None:
    for _ in range(times):
        act(page, f'[data-testid="ha-seat-{seat}"] form:has(input[name="counter"]'
                  f'[value="{counter}"]):has(input[name="delta"][value="{delta}"]) button')


def shot(page: Any, lang: str, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"hunting_age_{lang}_{name}.png"), full_page=True)
    # Phone first: nothing may scroll sideways at 360 px.
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{name}: the page is {width}px wide"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_short_game_on_a_phone(ha_server: str, phone: Any, lang: str) -> None:
    page = phone
    page.goto(f"{ha_server}/new?game=hunting-age&lang={lang}")
    for index, name in enumerate(["Ann", "Ben", "Cho"]):
        page.fill(f'input[name="name{index}"]', name)
    page.select_option('select[name="color1"]', "blue")
    page.select_option('select[name="color2"]', "green")
    page.locator('form button[type="submit"]').last.click()
    page.wait_for_url(re.compile(r"/t/[^/]+/join$"))
    page.locator('button[name="seat"][value="0"]').click()  # "I am Ann"
    page.wait_for_selector("#panel")

    # Setup helper: Ann starts; the layout is drawn for 3 players.
    page.select_option('select[name="start_player"]', "0")
    act(page, '[data-testid="ha-setup"] button[type="submit"]')
    assert page.locator(".ha-faces li").count() == 7
    shot(page, lang, "1_setup")

    # Development 1: Ann takes 2 bears and a grape, then creates a cave (a chip flips).
    step(page, 0, "bear", 1, times=2)
    step(page, 0, "grape", 1)
    page.locator('[data-testid="ha-dev-cave"]').scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"hunting_age_{lang}_1b_costs.png"))
    page.locator('[data-testid="ha-dev-hut"] > summary').click()  # the card and space list
    page.locator('[data-testid="ha-dev-hut"] .ha-face').first.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"hunting_age_{lang}_1c_huts.png"))
    act(page, '[data-testid="ha-dev-cave"]')
    assert page.locator('[data-testid="ha-seat-0"] .ha-facts dd').nth(5).inner_text() != "—"
    # Storage overflow: 5 bears do not fit in 4 open caves.
    step(page, 0, "bear", 1, times=5)
    assert page.locator('[data-testid="ha-surplus"]').is_visible()
    page.locator('[data-testid="ha-seat-0"] .ha-surplus').scroll_into_view_if_needed()
    shot(page, lang, "2_surplus")
    act(page, '.ha-store button[type="submit"]')
    assert page.locator('[data-testid="ha-surplus"]').count() == 0
    act(page, '[data-testid="ha-end-turn"]')

    # Development 2: Ben adds a subordinate (2 green grain + 1 grape + 1 coin).
    step(page, 1, "green_grain", 1, times=2)
    step(page, 1, "grape", 1)
    step(page, 1, "coins", 1)
    act(page, '[data-testid="ha-dev-subordinate"]')
    shot(page, lang, "3_developed")
    act(page, '[data-testid="ha-end-turn"]')

    # The end trigger: Cho's VP track reaches 10; Cho is the last seat, so it is the last turn.
    step(page, 2, "vp", 1, times=10)
    assert page.locator('[data-testid="ha-end"]').is_visible()
    page.locator('[data-testid="ha-end"]').scroll_into_view_if_needed()
    shot(page, lang, "4_end_trigger")
    act(page, '[data-testid="ha-end-turn"]')

    # The final screen: the winner, the count and the chart.
    assert page.locator('[data-testid="ha-over"]').is_visible()
    assert "Cho" in page.locator('[data-testid="ha-over"]').inner_text()
    assert page.locator('[data-testid="ha-scores"] svg').count() == 1
    if lang == "ja":
        assert "ゲーム終了" in page.locator('[data-testid="ha-over"]').inner_text()
    shot(page, lang, "5_final")
    page.locator('[data-testid="ha-scores"]').scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"hunting_age_{lang}_6_scores.png"))
