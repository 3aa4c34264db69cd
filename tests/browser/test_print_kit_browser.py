"""The print kit in a real browser at 360×640: the form files the kit, the phone sees
"preparing your kit…" while the print pool draws it, and reaches the download — with
script (htmx polls the job) and without (the page refreshes itself, then downloads).

The companion here draws kits in a real process pool (``CAMPFIRE_PRINT_WORKERS`` 1), not
in the request; one herd-card part keeps each kit quick to draw."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from phone_kit import create_table, live_companion
from playwright.sync_api import expect

#: A spawned pool process and one part of the kit: well within this on a busy machine.
DRAWN_MS = 90_000
PART = "lion-square.herds"
FILENAME = f"lion-square-en-letter-{PART}.pdf"  # Chromium asks in en-US: Letter


@pytest.fixture(scope="module")
def print_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("print")
    with live_companion(
        folder,
        CAMPFIRE_PRINT_WORKERS=1,
        CAMPFIRE_PRINT_FOLDER=str(folder / "kits"),
        POLL_MS=500,
    ) as url:
        yield url


def ask_for_kit(page: Any, table_url: str, *, copies: str = "1") -> None:
    page.goto(table_url + "/print")
    page.locator(f'input[name="part"][value="{PART}"]').check()
    page.fill('input[name="copies"]', copies)
    page.get_by_role("button", name="Download the PDF").click()


def is_pdf(download: Any) -> bool:
    return Path(download.path()).read_bytes().startswith(b"%PDF-")


def test_the_print_page_reaches_the_download_with_htmx(
    print_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any]
) -> None:
    phone = new_phone()
    table_url = create_table(phone, print_server, "lion-square")
    ask_for_kit(phone, table_url, copies="2")
    job = phone.get_by_test_id("print-job")
    expect(job).to_be_visible()
    if job.get_attribute("data-state") == "running":
        expect(phone.get_by_text("Preparing your kit…")).to_be_visible()
        shot(phone, "print_job_1_preparing")
    expect(job).to_have_attribute("data-state", "ready", timeout=DRAWN_MS)
    expect(phone.get_by_text("Your kit is ready.")).to_be_visible()
    shot(phone, "print_job_2_ready")
    with phone.expect_download() as download:
        phone.get_by_test_id("print-download").click()
    assert download.value.suggested_filename == FILENAME
    assert is_pdf(download.value)


def test_the_print_page_reaches_the_download_without_script(
    print_server: str, new_phone: Callable[..., Any]
) -> None:
    setup = new_phone()
    table_url = create_table(setup, print_server, "lion-square")
    phone = new_phone(java_script_enabled=False)
    # The job page refreshes itself until the kit is drawn, then starts the download.
    with phone.expect_download(timeout=DRAWN_MS) as download:
        ask_for_kit(phone, table_url, copies="3")
    assert download.value.suggested_filename == FILENAME
    assert is_pdf(download.value)
    expect(phone.get_by_test_id("print-download")).to_be_visible()  # and offers it again
