"""The Bison "photo of the board" flow on two phones at 360×640 (issue 23, item 3): Ann
taps "Photo of the board" on the panel (the camera opens at once) and takes a synthetic
photo of the printed board (``bison_synthetic``, fixed seed, 3 MP: tile B08 placed with
two of her hunters) through Playwright's file chooser; the phone sends it at once
(bison_photo.js), the proposed change shows a ticked line with a crop of the photo and its
cost; she confirms; Ben's phone sees B08 and her hunters on its board without reloading.
In English, Japanese and Italian (the proposal's words), with screenshots of the proposal."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest
from bison_kit import live_refresh, two_player_table
from bison_photos import NEW_AT, NEW_TILE, READ_MS, placed, under_a_hand
from phone_kit import back_at_table, sit
from PIL import Image

LIVE_MS = 15_000
#: "Confirm only" beside "Confirm and score the round" (a round is scored in the same tap).
WORDS = {"en": "Confirm only", "ja": "確定のみ", "it": "Solo conferma"}


@pytest.mark.parametrize("lang", ["it"])  # one language: test_page_words.py
def test_a_photo_confirmed_on_one_phone_is_seen_on_the_other(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any], lang: str
) -> None:
    photo = placed("red")
    ann, table_url = two_player_table(new_phone, live_server, lang=lang)
    ben = new_phone(device_scale_factor=1)
    sit(ben, table_url, 1, lang)
    assert not ben.locator(f'[data-tile-id="{NEW_TILE}"]').count()

    # The camera is on the first screen, at the end of the turn line, on both phones
    # (issue 34: it stood two screens down, under the board), a 44-px button named by
    # its words (a picture of a camera to the eye).
    for phone in (ann, ben):
        camera_box = phone.locator('[data-testid="bison-photo"]').bounding_box()
        assert camera_box is not None and camera_box["y"] + camera_box["height"] <= 640
        assert camera_box["width"] >= 44 and camera_box["height"] >= 44
    words = {"en": "Photo of the board", "ja": "盤面の写真", "it": "Foto del tabellone"}[lang]
    assert ann.get_by_label(words, exact=True).get_attribute("data-testid") == "bison-photo-file"
    pages: list[str] = []
    ann.on("request", lambda request: pages.append(f"{request.method} {request.url}"))
    # "Photo of the board" on the panel opens the camera itself (one tap, no page first);
    # while it is open Ben's change swaps Ann's panel in (a live update): the photo taken
    # still goes with its form (hx-preserve), sent on its own, no tap.
    with ann.expect_file_chooser() as camera:
        ann.locator('[data-testid="bison-photo"]').click()
    live_refresh(ann, ben, 1)
    camera.value.set_files(files=[{"name": "board.jpg", "mimeType": "image/jpeg", "buffer": photo}])
    ann.wait_for_selector('[data-testid="bison-photo-line"]', timeout=READ_MS)
    assert not [p for p in pages if p.startswith("GET ") and "/bison/photo" in p], pages
    line = ann.locator('[data-testid="bison-photo-line"]').first
    assert NEW_TILE in line.inner_text() and "Ann" in line.inner_text()
    assert line.locator('input[type="checkbox"]').is_checked()
    assert line.locator("img.bison-photo-crop").count() >= 1
    confirm = ann.locator('[data-testid="bison-photo-confirm"]')
    assert confirm.inner_text().strip() == WORDS[lang]
    shot(ann, f"bison_photo_{lang}_proposal")
    confirm.click()
    back_at_table(ann)
    assert ann.locator(f'[data-tile-id="{NEW_TILE}"]').count()

    # Ben's phone: the poll swaps the fresh panel in, B08 on his board.
    ben.wait_for_selector(f'[data-tile-id="{NEW_TILE}"]', timeout=LIVE_MS)


def test_a_file_that_is_no_photo_is_a_sentence_beside_the_control(
    live_server: str, new_phone: Callable[..., Any]
) -> None:
    ann, table_url = two_player_table(new_phone, live_server)
    ann.goto(table_url + "/bison/photo")
    ann.set_input_files(
        '[data-testid="bison-photo-file"]',
        files=[{"name": "notes.txt", "mimeType": "text/plain", "buffer": b"not a photo"}],
    )
    ann.wait_for_selector('[data-testid="bison-photo-error"]')
    assert (
        "not a photo Campfire can read"
        in ann.locator('[data-testid="bison-photo-error"]').inner_text()
    )


def test_a_photo_over_12_megapixels_is_shrunk_on_the_phone(
    live_server: str, new_phone: Callable[..., Any]
) -> None:
    big = Image.open(io.BytesIO(placed("red"))).resize((4400, 3300))  # 14.5 MP
    buffer = io.BytesIO()
    big.save(buffer, "JPEG", quality=85)
    ann, _table_url = two_player_table(new_phone, live_server)  # the panel's camera
    # Hold the form's sending, to look at the file the page is about to send.
    ann.evaluate(
        """() => {
          window.realSubmit = HTMLFormElement.prototype.requestSubmit;
          HTMLFormElement.prototype.requestSubmit = function () { window.held = this; };
        }"""
    )
    ann.set_input_files(
        '[data-testid="bison-photo-file"]',
        files=[{"name": "big.jpg", "mimeType": "image/jpeg", "buffer": buffer.getvalue()}],
    )
    ann.wait_for_function("() => window.held !== undefined")
    width, height, name = ann.evaluate(
        """async () => {
          const file = document.querySelector('[data-testid="bison-photo-file"]').files[0];
          const bitmap = await createImageBitmap(file);
          return [bitmap.width, bitmap.height, file.name];
        }"""
    )
    assert width * height <= 12_000_000 and name == "board.jpg"
    assert width / height == pytest.approx(4 / 3, rel=0.01)
    ann.evaluate("() => window.realSubmit.call(window.held)")
    # and it is still read
    ann.wait_for_selector('[data-testid="bison-photo-line"]', timeout=READ_MS)


def test_a_line_fixed_in_place_is_confirmed_and_seen_on_the_other_phone(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any]
) -> None:
    """Issue 32, items 5–6: Confirm is on screen at once (sticky); Ann taps ✎ on the
    tile's line, sets 1 hunter instead of 2, saves (the line says it, nothing stored
    yet), confirms; Ben's phone sees one of Ann's hunters on B08's prairie."""
    ann, table_url = two_player_table(new_phone, live_server)
    ben = new_phone(device_scale_factor=1)
    sit(ben, table_url, 1, "en")
    ann.set_input_files(  # the panel's camera control: the photo sent as taken
        '[data-testid="bison-photo-file"]',
        files=[{"name": "board.jpg", "mimeType": "image/jpeg", "buffer": placed("red")}],
    )
    ann.wait_for_selector('[data-testid="bison-photo-line"]', timeout=READ_MS)
    confirm = ann.locator('[data-testid="bison-photo-confirm"]')
    box = confirm.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 640  # on screen, no scrolling
    ann.locator('[data-testid="bison-photo-fix"]').first.click()
    editor = ann.locator('[data-testid="bison-photo-editor"]')
    editor.wait_for()
    count = editor.locator('[name="e.count.0"]')
    assert count.input_value() == "2"
    count.fill("1")
    shot(ann, "bison_photo_en_editor")
    editor.locator('[data-testid="bison-photo-edit-save"]').click()
    fixed = ann.locator(".bison-photo-line.is-edited")
    fixed.wait_for()
    assert "1 hunter → prairie" in fixed.inner_text() and "pays" not in fixed.inner_text()
    assert not ben.locator('[data-mark="hunters"][data-player="red"]').count()  # not stored
    shot(ann, "bison_photo_en_fixed")
    ann.locator('[data-testid="bison-photo-confirm"]').click()
    back_at_table(ann)
    seen = f'[data-mark="hunters"][data-player="red"][data-at="{NEW_AT[0]},{NEW_AT[1]}"]'
    ben.wait_for_selector(seen, timeout=LIVE_MS)
    assert ben.locator(seen).first.get_attribute("data-count") == "1"


#: Ann's +1 turkey in the turn's row without hunters (her first action): one tap.
TURKEY = '[data-testid="bison-nohunters"] [data-gain-default] button[value="turkey"]:visible'


def turkey(phone: Any) -> None:
    """Ann (seat 0, 10 turkeys) takes +1 turkey without hunters, and sees 11."""
    with phone.expect_response(lambda r: r.url.endswith("/bison/play")):
        phone.locator(TURKEY).first.click()
    phone.wait_for_selector('[data-testid="bison-stock-0-turkey-value"]:has-text("11")')


def proposal_on_phone(
    new_phone: Callable[..., Any], live_server: str, before: Callable[[Any], None] | None = None
) -> Any:
    """Ann's phone at a new two-player table, showing the proposal of a photo of her tile
    placed with her hunters (``placed("red")``); ``before(phone)``: her taps before it."""
    ann, _table_url = two_player_table(new_phone, live_server)
    if before is not None:
        before(ann)
    ann.set_input_files(  # the panel's camera control: the photo sent as taken
        '[data-testid="bison-photo-file"]',
        files=[{"name": "board.jpg", "mimeType": "image/jpeg", "buffer": placed("red")}],
    )
    ann.wait_for_selector('[data-testid="bison-photo-line"]', timeout=READ_MS)
    return ann


def test_a_lines_payment_is_fixed_in_its_editor_at_360_by_640(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any]
) -> None:
    """Issue 32, item 5 (B6): Ann paid her tile's 2 hunters with 2 bison, not the split
    proposed; on the line's ✎ she sets the payment (the fields within the phone's
    width), saves (the line says "pays 2 bison", nothing stored), and confirms."""
    ann = proposal_on_phone(new_phone, live_server)
    ann.locator('[data-testid="bison-photo-fix"]').first.click()
    editor = ann.locator('[data-testid="bison-photo-editor"]')
    editor.wait_for()
    for animal, count in (("bison", "2"), ("salmon", "0"), ("turkey", "0")):
        field = editor.locator(f'[data-testid="bison-photo-edit-pay-{animal}"]')
        field.scroll_into_view_if_needed()
        box = field.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
        field.fill(count)
    shot(ann, "bison_photo_en_payment")
    editor.locator('[data-testid="bison-photo-edit-save"]').click()
    fixed = ann.locator(".bison-photo-line.is-edited")
    fixed.wait_for()
    assert "pays 2 bison" in fixed.inner_text()
    ann.locator('[data-testid="bison-photo-confirm"]').click()
    back_at_table(ann)
    stock = '[data-testid="bison-stock-0-{}-value"]'
    counts = [stock.format(a) for a in ("bison", "salmon", "turkey")]  # 10 each before
    assert [ann.locator(c).inner_text() for c in counts] == ["8", "10", "10"]


def test_a_lines_payment_is_fixed_on_the_line_itself_at_360_by_640(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any]
) -> None:
    """Issue 32, item 5 (B6): the same fix with no editor: one tap on the line shows its
    crop and payment, Ann types the animals (the fields within the phone's width,
    "Confirm" on screen), and Confirm checks and stores it; a payment the rules refuse
    (more than her stocks) first comes back beside the line, nothing stored."""
    ann = proposal_on_phone(new_phone, live_server)
    line = ann.locator('[data-testid="bison-photo-line"]').first
    pay = line.locator('[data-testid="bison-photo-pay"]')
    assert not pay.is_visible()  # the proposal as short as before: shown on a tap
    line.locator("summary").click()
    pay.wait_for()

    def typed(counts: tuple[str, str, str]) -> None:
        for animal, count in zip(("bison", "salmon", "turkey"), counts, strict=True):
            field = pay.locator(f'[data-testid="bison-photo-pay-{animal}"]')
            box = field.bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360
            field.fill(count)

    confirm = ann.locator('[data-testid="bison-photo-confirm"]')
    typed(("40", "0", "0"))  # more than her 30 animals (B6)
    bar = confirm.bounding_box()
    assert bar is not None and bar["y"] + bar["height"] <= 640  # Confirm on screen
    confirm.click()
    problem = ann.locator('[data-testid="bison-photo-line-problem"]')
    problem.wait_for()
    assert "only 30" in problem.inner_text()
    # The page's sentence, moved beside the Confirm tapped, takes a row of its own in the
    # bar above the buttons: beside them it squeezed "Confirm and score" to a letter a line.
    said = ann.locator(".bison-photo-bar > [data-beside]").bounding_box()
    score = ann.locator('[data-testid="bison-photo-confirm-score"]').bounding_box()
    assert said is not None and score is not None
    assert said["width"] >= 300 and said["y"] + said["height"] <= score["y"]
    assert score["width"] >= 150 and score["height"] <= 80
    pay = ann.locator('[data-testid="bison-photo-pay"]').first
    assert pay.is_visible()  # the refused typing shown again, to fix
    typed(("2", "0", "0"))
    shot(ann, "bison_photo_en_payment_in_place")
    ann.locator('[data-testid="bison-photo-confirm"]').click()
    back_at_table(ann)
    stock = '[data-testid="bison-stock-0-{}-value"]'
    counts = [stock.format(a) for a in ("bison", "salmon", "turkey")]  # 10 each before
    assert [ann.locator(c).inner_text() for c in counts] == ["8", "10", "10"]


def test_a_food_the_line_could_have_cost_is_one_tap_at_360_by_640(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any]
) -> None:
    """Issue 32, item 5 (B6): Ann's tile with 2 hunters is the only explanation of her
    board, but she moved hunters out and back too (no photo shows that). On the line she
    taps the food she paid in all: its chip (44 px, within the phone's width) fills the
    split the rules would take, and Confirm stores that food."""
    ann = proposal_on_phone(new_phone, live_server)
    line = ann.locator('[data-testid="bison-photo-line"]').first
    line.locator("summary").click()
    chip = line.locator('[data-testid="bison-photo-pay-food"]').first
    chip.wait_for()
    box = chip.bounding_box()
    assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= 360
    split = [int(chip.get_attribute(f"data-{a}") or -1) for a in ("bison", "salmon", "turkey")]
    food = int(chip.get_attribute("data-food") or 0)
    assert sum(split) == food > 2  # dearer than the tile alone
    chip.click()
    fields = [
        line.locator(f'[data-testid="bison-photo-pay-{a}"]') for a in ("bison", "salmon", "turkey")
    ]
    assert [int(f.input_value()) for f in fields] == split
    shot(ann, "bison_photo_en_payment_food")
    ann.locator('[data-testid="bison-photo-confirm"]').click()
    back_at_table(ann)
    stock = '[data-testid="bison-stock-0-{}-value"]'
    counts = [int(ann.locator(stock.format(a)).inner_text()) for a in ("bison", "salmon", "turkey")]
    assert counts == [10 - n for n in split]  # 10 each before


def test_paid_after_an_animal_gained_without_hunters_is_one_tap_at_360_by_640(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any]
) -> None:
    """Issue 32, item 4 (B6, B6b): Ann took +1 turkey without hunters on her phone
    (10/10/11), then placed B08 with 2 hunters (2 food). The photo cannot say which came
    first: her line asks, "before +1 turkey" (1 bison + 1 salmon) chosen; she paid after
    it (1 bison + 1 turkey): one tap on that chip (44 px, within the phone's width, the
    line folded) fills the payment, and Confirm stores it."""

    ann = proposal_on_phone(new_phone, live_server, before=turkey)
    question = ann.locator('[data-testid="bison-photo-pay-order"]')
    chips = question.locator("label.chip")
    assert [" ".join(c.inner_text().split()) for c in chips.all()] == [
        "before +1 turkey: 1 bison + 1 salmon",
        "after +1 turkey: 1 bison + 1 turkey",
    ]
    after = chips.nth(1)
    box = after.bounding_box()
    assert box is not None and box["height"] >= 44 and box["x"] + box["width"] <= 360
    assert box["y"] + box["height"] <= 640  # on the first screen
    after.click()
    line = ann.locator('[data-testid="bison-photo-line"]').first
    fields = [
        line.locator(f'[data-testid="bison-photo-pay-{a}"]') for a in ("bison", "salmon", "turkey")
    ]
    assert [f.input_value() for f in fields] == ["1", "0", "1"]
    assert "pays 1 bison + 1 turkey" in line.locator("summary").inner_text()  # its words too
    shot(ann, "bison_photo_en_paid_after_gain")
    ann.locator('[data-testid="bison-photo-confirm"]').click()
    back_at_table(ann)
    stock = '[data-testid="bison-stock-0-{}-value"]'
    counts = [ann.locator(stock.format(a)).inner_text() for a in ("bison", "salmon", "turkey")]
    assert counts == ["9", "10", "10"]


@pytest.mark.parametrize("lang", ["en", "ja", "it"])
def test_a_tile_under_a_hand_asks_for_one_more_photo_of_its_corner_at_360_by_640(
    live_server: str, new_phone: Callable[..., Any], shot: Callable[..., Any], lang: str
) -> None:
    # Issue 32, item 3: the photo shows no new tile (B08 under a hand over no marker)
    # while both players' tiles are due: the phone asks for that corner, with its crop,
    # and the control for one more photo, on the first screen.
    ann, _table_url = two_player_table(new_phone, live_server, lang=lang)
    ann.set_input_files(
        '[data-testid="bison-photo-file"]',
        files=[{"name": "board.jpg", "mimeType": "image/jpeg", "buffer": under_a_hand()}],
    )
    more = ann.locator('[data-testid="bison-photo-more"]')
    more.wait_for(timeout=READ_MS)
    words = {
        "en": "A tile may lie under a hand here",
        "ja": "手の下にタイルがあるかもしれません",
        "it": "Qui sotto una mano potrebbe esserci una tessera",
    }[lang]
    assert words in more.inner_text()
    assert more.locator("img").count() >= 1  # the corner's crop
    box = more.bounding_box()
    assert box is not None and box["y"] < 640
    shot(ann, f"bison_photo_{lang}_under_a_hand")


def test_an_answer_for_a_panel_replaced_meanwhile_leaves_the_camera_in_place(
    live_server: str, new_phone: Callable[..., Any]
) -> None:
    """CI, stop 55: a live update's fetch and Ann's tap left from the same panel; the tap's
    answer replaced it, then the fetch's answer came back for the panel no longer shown.
    htmx swapped it all the same, and its hx-preserve step deleted the camera control (the
    preserved form), which stayed gone until the next change. Now that answer is not
    swapped (app.js, campfire-answer): the camera is still there, and the panel still shows
    the tap's change."""
    ann, _table_url = two_player_table(new_phone, live_server)
    held: list[Any] = []  # the fetches from the first panel, answered only when let go
    ann.route(lambda url: "?v=0" in url, lambda route: held.append(route))
    ann.evaluate(  # counts every answer htmx handles, also for an element off the page
        """() => { window.answers = 0; htmx.logger = (elt, name) => {
             if (name === "htmx:afterOnLoad") { window.answers += 1; } }; }"""
    )
    with ann.expect_request(lambda r: "?v=0" in r.url):  # the fetch a push asks for
        ann.evaluate(
            """() => document.body.dispatchEvent(
                 new CustomEvent("campfire:poll", { detail: { push: true } }))"""
        )
    turkey(ann)
    answered = ann.evaluate("() => window.answers")
    for route in held:  # the fetch's answer now: the table at the tap's version
        route.continue_()
    ann.wait_for_function(f"() => window.answers >= {answered + len(held)}")
    assert ann.locator('[data-testid="bison-photo-file"]').count() == 1
    assert ann.locator("#panel").get_attribute("data-version") == "1"
    assert ann.locator('[data-testid="bison-stock-0-turkey-value"]').inner_text() == "11"


def test_a_taps_answer_for_a_panel_replaced_meanwhile_is_shown_at_once(
    live_server: str, new_phone: Callable[..., Any]
) -> None:
    """The other half of the same race: Ann's tap is on its way when her panel is fetched
    again and replaced (another live update); the tap's answer, for the panel no longer
    shown, is her own change: it goes to the panel shown (app.js, campfire-answer), not
    dropped until some later update brings it."""
    ann, table_url = two_player_table(new_phone, live_server)
    held: list[Any] = []  # the tap, answered only when let go
    ann.route(lambda url: url.endswith("/bison/play"), lambda route: held.append(route))
    ann.evaluate(  # the version shown when htmx has handled the tap's answer
        """() => { window.shownAfterTap = null; htmx.logger = (elt, name, detail) => {
             const config = detail && detail.requestConfig;
             if (name === "htmx:afterOnLoad" && config && config.verb === "post") {
               window.shownAfterTap = document.getElementById("panel").dataset.version; } }; }"""
    )
    first = ann.evaluate_handle("() => document.getElementById('panel')")
    with ann.expect_request(lambda r: r.url.endswith("/bison/play")):
        ann.locator(TURKEY).first.click()
    with ann.expect_response(lambda r: r.url == table_url):  # the panel fetched again
        ann.evaluate(
            "(url) => htmx.ajax('GET', url, { target: '#panel', swap: 'outerHTML' })", table_url
        )
    ann.wait_for_function("(first) => document.getElementById('panel') !== first", arg=first)
    for route in held:
        route.continue_()
    ann.wait_for_function("() => window.shownAfterTap !== null")
    assert ann.evaluate("() => window.shownAfterTap") == "1"
    assert ann.locator('[data-testid="bison-stock-0-turkey-value"]').inner_text() == "11"
    assert ann.locator('[data-testid="bison-photo-file"]').count() == 1
