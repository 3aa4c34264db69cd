"""Bison in a real browser (issue 5): Debian Chromium at phone size (360×640).

A 3-player game: place three tiles with hunters, build a tent, see the live standings,
undo a placement, a second phone sees the board change, resolve an overflow while scoring
the round, then play to the end (winner and chart). In English and Japanese, with a
screenshot of each screen under tests/browser/screenshots/ (look at them).

The harness (a werkzeug server thread serving the real app with CSRF on, Chromium from
/usr/bin/chromium, never downloaded) mirrors tests/browser/test_hunting_age_browser.py until
a shared tests/browser/conftest.py provides one.
"""

from __future__ import annotations

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
def bison_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from werkzeug.serving import make_server

    from companion import create_app

    folder = tmp_path_factory.mktemp("bison-live")
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
    """A fontconfig file adding IPAexGothic (the matplotlib-fontja wheel printgen already
    uses) so the Japanese screenshots show text, not boxes, on a machine without CJK
    fonts; only the test browser sees it."""
    try:
        import matplotlib_fontja
    except ImportError:
        return {}
    fonts = Path(matplotlib_fontja.__file__).parent / "fonts"
    conf = folder / "fonts.conf"
    conf.write_text(
        '<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig>'
        '<include ignore_missing="yes">/etc/fonts/fonts.conf</include>'
        f"<dir>{fonts}</dir><cachedir>{folder / 'cache'}</cachedir></fontconfig>",
        encoding="utf-8")
    return {"FONTCONFIG_FILE": str(conf)}


@pytest.fixture(scope="module")
def chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    import os

    from playwright.sync_api import sync_playwright

    env = {**os.environ, **japanese_fonts(tmp_path_factory.mktemp("fonts"))}
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), env=env,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"])
        yield browser
        browser.close()


def new_phone(chromium: Any) -> Any:
    context = chromium.new_context(viewport={"width": 360, "height": 640},
                                   device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def shot(page: Any, lang: str, name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"bison_{lang}_{name}.png"), full_page=True)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"{name}: the page is {width}px wide"


def back_at_table(page: Any) -> None:
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    page.wait_for_selector("#panel")


def place(page: Any, at: str, tile: str, *, seat: int, hunters: int, space: str,
          turns: int = 0, lang: str = "", name: str = "") -> None:
    """Tap a legal hex, pick the tile, turn it, choose player and hunters, confirm."""
    page.locator(f'[data-legal="{at}"]').click()
    page.wait_for_url(re.compile(r"/bison/place\?"))
    page.locator(f'input[name="tile"][value="{tile}"]').check()
    page.locator('form[method="get"] button[type="submit"]').click()
    page.wait_for_selector(".tile.preview")
    for _ in range(turns):
        page.locator('[data-rotate="right"]').click()
        page.wait_for_load_state()
    page.locator(f'a[data-seat="{seat}"]').click()
    page.wait_for_selector(f'a[data-seat="{seat}"][aria-current="true"]')
    page.locator(f'a[data-hunters="{hunters}"]').click()
    page.wait_for_selector(f'a[data-hunters="{hunters}"][aria-current="true"]')
    if hunters:
        page.locator(f'input[name="space"][value="{space}"]').check()
    if name:
        shot(page, lang, name)
    page.locator('button[name="mode"][value="action"]').click()
    back_at_table(page)
    assert page.locator(f'[data-hex="{at}"]').count() == 1


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_three_player_round_on_phones(bison_server: str, chromium: Any, lang: str) -> None:
    page = new_phone(chromium)
    page.goto(f"{bison_server}/new?game=bison&lang={lang}")
    for index, name in enumerate(["Ann", "Ben", "Cho"]):
        page.fill(f'input[name="name{index}"]', name)
    page.select_option('select[name="color1"]', "blue")
    page.select_option('select[name="color2"]', "green")
    page.locator('form button[type="submit"]').last.click()
    page.wait_for_url(re.compile(r"/t/[^/]+/join$"))
    page.locator('button[name="seat"][value="0"]').click()  # "I am Ann"
    back_at_table(page)
    table_url = page.url
    assert page.locator("[data-legal]").count() == 9
    shot(page, lang, "1_table")

    # A second phone watches the same table.
    watcher = new_phone(chromium)
    watcher.goto(table_url)
    watcher.wait_for_selector("#panel")

    # Three tiles with hunters, in turn order (B6).
    place(page, "1,-1", "B16", seat=0, hunters=2, space="prairie", turns=1, lang=lang,
          name="2_place")
    place(page, "-1,1", "B07", seat=1, hunters=1, space="river")
    place(page, "2,0", "B02", seat=2, hunters=3, space="mountain")
    # The second phone's poll brings the new board.
    watcher.wait_for_selector('[data-hex="2,0"]', timeout=8_000)

    # Undo the last placement, and the second phone sees the tile go; then place it again.
    page.locator('.dock button[type="submit"]').click()
    page.wait_for_selector('[data-hex="2,0"]', state="detached")
    watcher.wait_for_selector('[data-hex="2,0"]', state="detached", timeout=8_000)
    place(page, "2,0", "B02", seat=2, hunters=3, space="mountain")
    watcher.wait_for_selector('[data-hex="2,0"]', timeout=8_000)
    shot(watcher, lang, "3_second_phone")

    # A tent: Ann's second action builds a size-2 tent from her 2 hunters on B16 (B6).
    page.goto(table_url.replace("/t/", "/t/", 1) + "/bison/action?action=tent&hunters=2")
    shot(page, lang, "4_action")
    page.locator('form[method="post"] button[type="submit"]').last.click()
    back_at_table(page)
    tents = page.locator('[data-hex="1,-1"] path[d*="L"]')
    assert tents.count() >= 1

    # A space and its region on demand.
    page.locator('a[data-space="prairie"][data-at="1,-1"]').first.click()
    page.wait_for_url(re.compile(r"/bison/space\?"))
    assert page.locator('[data-award="red"]').count() == 1
    shot(page, lang, "5_region")
    page.go_back()
    page.wait_for_selector("#panel")

    # Live standings, then Ann's bison to the cap so the prairie overflows (B8).
    standings = page.locator(".bison-standings tbody tr").first.inner_text()
    assert re.search(r"\+[1-9]", standings)
    while page.locator('[data-stock="0-bison"]').inner_text() != "15":
        before = int(page.get_attribute("#panel", "data-version"))
        page.locator('[data-step="0-bison-up"]').click()
        page.wait_for_selector(f'#panel[data-version="{before + 1}"]')
    assert page.locator('[data-step="0-bison-up"]').is_disabled()  # the cap (B8)
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, lang, "6_standings")

    # Score the round: the overflow screen with the default exchange, choose another.
    page.goto(table_url + "/bison/score")
    overflow = page.locator('[data-overflow^="0-"] select').first
    overflow.select_option("turkey")
    page.locator('input[name="override"]').check()
    page.locator('button[name="preview"]').click()
    page.wait_for_selector('[data-overflow^="0-"]')
    shot(page, lang, "7_score")
    page.locator('input[name="override"]').check()
    page.locator("[data-confirm-score]").click()
    back_at_table(page)
    assert page.locator('[data-stock="0-bison"]').inner_text() == "15"
    assert int(page.locator('[data-stock="0-turkey"]').inner_text()) >= 9

    # Play the game out (the table ends each round) to the final scoring and the winner.
    for _ in range(4):
        page.goto(table_url + "/bison/score")
        page.locator('input[name="override"]').check()
        page.locator("[data-confirm-score]").click()
        back_at_table(page)
    assert page.locator(".banner-win").count() == 1
    assert page.locator("svg.chart polyline").count() == 3
    shot(page, lang, "8_final")
    watcher.wait_for_selector(".banner-win", timeout=8_000)
    page.context.close()
    watcher.context.close()
