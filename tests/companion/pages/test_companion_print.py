"""Seat links (/t/<id>/s/<n>) and the "Print kit" page and download:
the PDF drawn by printgen with the table's seat links in the player boards' QR codes;
bad options are a 400 page in the reader's language, never a 500; asking is rate-limited.
These tests draw the kit in the request (``CAMPFIRE_PRINT_WORKERS`` 0, companion_testkit):
the form sends the phone to the kit's job page, which offers the download.
The job flow itself (pool, queue, one kit per phone) is test_print_jobs.py's."""

from __future__ import annotations

import html
import io
import re
import subprocess

import pytest
import zxingcpp
from companion_testkit import FAKE, app_config, text
from PIL import Image
from pypdf import PdfReader

from companion import create_app, tables
from companion.pages import base
from companion.pages import print_kit as pages_print
from printgen.layout import DUPLEX_MODES, PAPERS
from printgen.messages import LANGUAGES
from printgen.seatlinks import seat_link

PUBLIC = "https://campfire.example"


@pytest.fixture
def lion(make_table):
    return make_table("lion-square", players=3)


def lion_table(app):
    with app.app_context():
        return tables.create(
            "lion-square",
            [
                {"name": n, "color": c}
                for n, c in (("Ann", "red"), ("Ben", "blue"), ("Cho", "green"))
            ],
            None,
        )


def dispose(app):
    tables.clear_cache()
    app.extensions["campfire.db"].dispose()


def seat_of(client, table_id):
    """The seat this phone's token holds (the session keeps a token, not a number)."""
    with client.session_transaction() as session:
        token = session.get("seats", {}).get(table_id)
    if not isinstance(token, str):
        return None
    with client.application.app_context():
        return tables.seat_of(table_id, token)


def download(client, path: str, **kwargs):
    """Submit the print form (``path``: its GET) and follow the phone to the download:
    the form's 303 to the job page, the page's download link, the PDF's answer."""
    asked = client.get(path, **kwargs)
    assert asked.status_code == 303, asked.get_data(as_text=True)
    page = client.get(asked.headers["Location"], **kwargs)
    assert page.status_code == 200, page.get_data(as_text=True)
    link = re.search(r'href="([^"]*/kit\.pdf[^"]*)"', page.get_data(as_text=True))
    assert link, "the job page offers no download"
    return client.get(html.unescape(link.group(1)), **kwargs)


def qr_codes_on_page(pdf: bytes, page: int, tmp_path) -> list[str]:
    """The QR codes of one page, rendered at 150 dpi with pdftoppm and read by zxing-cpp."""
    source = tmp_path / "kit.pdf"
    source.write_bytes(pdf)
    subprocess.run(
        [
            "pdftoppm",
            "-r",
            "150",
            "-png",
            "-f",
            str(page),
            "-l",
            str(page),
            str(source),
            str(tmp_path / "page"),
        ],
        check=True,
        capture_output=True,
    )
    (png,) = tmp_path.glob("page-*.png")
    with Image.open(png) as image:
        return sorted(code.text for code in zxingcpp.read_barcodes(image.convert("L")))


# -- seat links -------------------------------------------------------------------------


def test_seat_link_remembers_the_seat_and_lands_on_the_clean_table_url(client, lion):
    asked = client.get(f"/t/{lion.id}/s/2")  # opening the link only asks
    assert asked.status_code == 200
    assert "Take Ben&#39;s seat on this phone?" in asked.get_data(as_text=True)
    assert seat_of(client, lion.id) is None
    response = client.post(f"/t/{lion.id}/s/2")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/t/{lion.id}"
    assert seat_of(client, lion.id) == 1  # seat links count from 1, as the boards print
    page = client.get(f"/t/{lion.id}").get_data(as_text=True)
    assert "I am Ben" in page


def test_seat_link_is_the_shape_printgen_prints(app, client, lion):
    # The same function builds the printed links; the route must answer them.
    with app.test_request_context():
        table_url = base.absolute_url("web.table", table_id=lion.id)
    link = seat_link(table_url, 0)
    assert link == f"{table_url}/s/1"
    path = link.removeprefix("http://localhost")
    assert client.get(path).status_code == 200  # asks first
    assert client.post(path).status_code == 303
    assert seat_of(client, lion.id) == 0


@pytest.mark.parametrize("number", ["0", "4", "x", "-1", "1.5", "²", "9" * 40])
def test_bad_seat_link_says_so_and_remembers_nothing(client, lion, number):
    client.post(f"/t/{lion.id}/seat", data={"seat": "0"})
    response = client.get(f"/t/{lion.id}/s/{number}")
    assert response.status_code == 404
    body = response.get_data(as_text=True)
    assert (
        f"This table has no seat {number[:12]}: its seats are 1 to 3. Choose yours below." in body
    )
    assert "I am Ben" in body  # the seat choice is right there
    assert seat_of(client, lion.id) == 0


def test_bad_seat_link_in_japanese(client, lion):
    response = client.get(f"/t/{lion.id}/s/7?lang=ja")
    assert response.status_code == 404
    assert "このテーブルに 7 番の席はありません" in text(response)
    assert seat_of(client, lion.id) is None


def test_seat_link_of_unknown_table_is_404(client):
    assert client.get("/t/no-such-table/s/1").status_code == 404


def test_choose_seat_refuses_non_ascii_digits(client, lion):
    # "²".isdigit() is true but int("²") fails: refused, not a 500.
    assert client.post(f"/t/{lion.id}/seat", data={"seat": "²"}).status_code == 422


# -- the print page ---------------------------------------------------------------------


def test_table_and_invite_pages_link_to_the_print_kit(client, lion):
    for path in (f"/t/{lion.id}", f"/t/{lion.id}/join"):
        assert f'href="/t/{lion.id}/print"' in client.get(path).get_data(as_text=True)


def test_print_page_defaults_to_the_readers_language_and_paper(client, lion):
    page = client.get(f"/t/{lion.id}/print", headers={"Accept-Language": "ja"})
    body = page.get_data(as_text=True)
    assert page.status_code == 200
    assert 'name="language" value="ja" checked' in body
    assert 'name="download" value="pdf"' in body
    assert 'name="paper" value="a4" checked' in body
    assert 'name="duplex" value="long" checked' in body
    assert f'action="/t/{lion.id}/print"' in body
    assert "style=" not in body and "<script>" not in body
    us = client.get(f"/t/{lion.id}/print", headers={"Accept-Language": "en-US,en;q=0.8"})
    assert 'name="paper" value="letter" checked' in us.get_data(as_text=True)


def test_print_choices_are_the_ones_printgen_offers():
    assert list(pages_print.PAPER_NAMES) == list(PAPERS)
    assert tuple(pages_print.DUPLEX_NAMES) == DUPLEX_MODES


def test_game_without_a_kit_has_no_print_link_and_a_404_page(client, make_table):
    table = make_table(FAKE)
    assert "/print" not in client.get(f"/t/{table.id}").get_data(as_text=True)
    for path in ("/print", "/print?download=pdf"):
        response = client.get(f"/t/{table.id}{path}")
        assert response.status_code == 404
        assert "There is no print-and-play kit for this game yet." in response.get_data(
            as_text=True
        )


def test_print_kit_of_unknown_table_is_404(client):
    assert client.get("/t/no-such-table/print?download=pdf").status_code == 404


# -- the download -----------------------------------------------------------------------


def test_download_is_the_pdf_with_seat_links_on_the_herd_cards(tmp_path, make_table):
    app = create_app(app_config(tmp_path, CAMPFIRE_PUBLIC_URL=PUBLIC + "/"))
    table = lion_table(app)
    client = app.test_client()
    response = download(
        client,
        f"/t/{table.id}/print?download=pdf&paper=letter&language=ja&duplex=fold&ink_saver=on",
    )
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.mimetype == "application/pdf"
    assert response.headers["Content-Disposition"] == (
        'attachment; filename="lion-square-ja-letter.pdf"'
    )
    pdf = response.data
    assert pdf.startswith(b"%PDF-")
    pages = PdfReader(io.BytesIO(pdf)).pages
    # The herd cards' page: its cards are numbered H1-H4 (the cover only lists them).
    herd_page = next(i for i, page in enumerate(pages, 1) if "H1" in page.extract_text())
    table_url = f"{PUBLIC}/t/{table.id}"
    # Three seats at this table: their links on herd cards 1-3, no fourth card (issue 37).
    assert qr_codes_on_page(pdf, herd_page, tmp_path) == sorted(
        [f"{table_url}/s/1", f"{table_url}/s/2", f"{table_url}/s/3"]
    )
    # Scanning the second card makes the phone Ben.
    assert client.post(f"/t/{table.id}/s/2").status_code == 303
    assert seat_of(client, table.id) == 1
    dispose(app)


def test_a_tables_kit_prints_each_seats_own_colour_and_name(tmp_path):
    # Issue 24: Ann plays red and Ben blue, the box's seat order is blue, red: Ann's red
    # board (alone, as a ticked piece) carries her name and her seat link.
    app = create_app(app_config(tmp_path, CAMPFIRE_PUBLIC_URL=PUBLIC + "/"))
    with app.app_context():
        table = tables.create(
            "bison", [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}], None
        )
    client = app.test_client()
    response = download(client, f"/t/{table.id}/print?download=pdf&duplex=fold&part=board-red")
    assert response.status_code == 200, response.get_data(as_text=True)
    (page,) = PdfReader(io.BytesIO(response.data)).pages
    assert "Ann · Seat 1" in page.extract_text()
    assert qr_codes_on_page(response.data, 1, tmp_path) == [f"{PUBLIC}/t/{table.id}/s/1"]
    dispose(app)


def test_the_page_offers_and_prints_the_pieces_in_the_tables_colours(tmp_path):
    app = create_app(app_config(tmp_path))
    with app.app_context():
        table = tables.create(
            "bison",
            [
                {"name": "Ann", "color": "red"},
                {"name": "Ben", "color": "blue"},
                {"name": "Cleo", "color": "purple"},
            ],
            None,
        )
    client = app.test_client()
    page = client.get(f"/t/{table.id}/print").get_data(as_text=True)
    assert 'value="board-purple"' in page and 'value="board-green"' not in page
    response = download(client, f"/t/{table.id}/print?download=pdf&duplex=fold&part=board-purple")
    assert response.status_code == 200, response.get_data(as_text=True)
    (pdf_page,) = PdfReader(io.BytesIO(response.data)).pages
    assert "Cleo · Seat 3" in pdf_page.extract_text()
    dispose(app)


def test_download_without_options_uses_the_defaults(client, lion):
    response = download(client, f"/t/{lion.id}/print?download", headers={"Accept-Language": "it"})
    assert response.status_code == 200
    assert response.headers["Content-Disposition"] == (
        'attachment; filename="lion-square-it-a4.pdf"'
    )


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("paper=a3", "Paper size &#39;a3&#39; is not offered: choose A4 or US Letter."),
        ("paper=", "Paper size &#39;&#39; is not offered: choose A4 or US Letter."),
        (
            "language=fr",
            "Language &#39;fr&#39; is not offered: choose English, Japanese or Italian.",
        ),
        (
            "duplex=none",
            "Two-sided printing &#39;none&#39; is not offered: choose long edge, "
            "short edge or fold and glue.",
        ),
        ("ink_saver=maybe", "Ink saver is on or off, not &#39;maybe&#39;."),
        ("paper=<b>x</b>", "Paper size &#39;&lt;b&gt;x&lt;/b&gt;&#39; is not offered"),
    ],
)
def test_bad_options_are_400_with_the_reason(client, lion, query, message):
    response = client.get(f"/t/{lion.id}/print?download=pdf&{query}")
    assert response.status_code == 400
    assert response.mimetype == "text/html"
    assert message in response.get_data(as_text=True)


def test_every_bad_option_is_named_and_the_good_ones_kept(client, lion):
    response = client.get(f"/t/{lion.id}/print?download=pdf&paper=a5&language=it&duplex=x")
    body = response.get_data(as_text=True)
    assert response.status_code == 400
    assert "Paper size &#39;a5&#39;" in body and "Two-sided printing &#39;x&#39;" in body
    assert 'name="language" value="it" checked' in body


def test_bad_option_in_japanese(client, lion):
    response = client.get(
        f"/t/{lion.id}/print?download=pdf&paper=a3", headers={"Accept-Language": "ja"}
    )
    assert response.status_code == 400
    assert "用紙サイズ「a3」は選べません" in text(response)


def test_printgen_refusal_is_a_400_page_not_a_500(tmp_path):
    # A public URL without http(s):// gives printgen a table URL it refuses.
    app = create_app(app_config(tmp_path, CAMPFIRE_PUBLIC_URL="campfire.local"))
    table = lion_table(app)
    response = app.test_client().get(f"/t/{table.id}/print?download=pdf", follow_redirects=True)
    assert response.status_code == 400
    assert (
        "This kit cannot be printed: the table URL must be an http:// or https:// URL"
        in response.get_data(as_text=True)
    )
    dispose(app)


def test_download_is_rate_limited(tmp_path):
    app = create_app(app_config(tmp_path, PRINT_RATE_LIMIT="2 per minute"))
    table = lion_table(app)
    client = app.test_client()
    # Refused options count too: asking is what costs.
    statuses = [client.get(f"/t/{table.id}/print?download&paper=x").status_code for _ in range(3)]
    assert statuses == [400, 400, 429]
    assert client.get(f"/t/{table.id}/print").status_code == 200  # the form is not limited
    dispose(app)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_kit_language_is_offered_on_the_page(client, lion, lang):
    assert f'name="language" value="{lang}"' in client.get(f"/t/{lion.id}/print").get_data(
        as_text=True
    )


def test_kit_language_does_not_switch_the_app_language(client, lion):
    response = download(
        client, f"/t/{lion.id}/print?download=pdf&language=it", headers={"Accept-Language": "ja"}
    )
    assert response.headers["Content-Disposition"].endswith('filename="lion-square-it-a4.pdf"')
    assert client.get_cookie("lang") is None
    page = client.get(f"/t/{lion.id}", headers={"Accept-Language": "ja"})
    assert '<html lang="ja">' in page.get_data(as_text=True)


def test_language_switch_on_a_refused_form_shows_the_form(client, lion):
    refused = client.get(f"/t/{lion.id}/print?download=pdf&paper=a3").get_data(as_text=True)
    assert f'href="/t/{lion.id}/print?lang=ja"' in refused
    again = client.get(f"/t/{lion.id}/print?lang=ja")
    assert again.status_code == 200 and again.mimetype == "text/html"
    assert "印刷キット" in again.get_data(as_text=True)


# -- print what you need ------------------------------------------------------------------


def test_the_page_offers_each_component_copies_and_a_back_offset(client, lion):
    body = client.get(f"/t/{lion.id}/print").get_data(as_text=True)
    for part in ("cover", "lion-square.cards", "lion-square.herds", "lion-square.rules"):
        assert f'name="part" value="{part}"' in body
    assert "herd cards" in body  # the part's printed title, in the page's language
    # The whole kit, rules and aids too: one aid per seat of this table of three (issue 37).
    assert "rules summary and 3 player aids" in body
    assert 'name="copies"' in body and 'name="offset_x"' in body and 'name="offset_y"' in body


def test_ticked_parts_and_copies_print_only_those(client, lion):
    response = download(
        client,
        f"/t/{lion.id}/print?download=pdf&part=lion-square.herds&copies=2&offset_x=0.5&offset_y=-1",
    )
    assert response.status_code == 200, response.get_data(as_text=True)
    assert response.headers["Content-Disposition"] == (
        'attachment; filename="lion-square-en-a4-lion-square.herds.pdf"'
    )
    pages = PdfReader(io.BytesIO(response.data)).pages
    assert len(pages) == 1  # 6 herd cards (3 seats, 2 copies) on one sheet, no cover
    assert sum(page.extract_text().count("Herd") for page in pages) == 6


def test_the_page_offers_each_piece_alone_under_its_part(client, lion):
    body = client.get(f"/t/{lion.id}/print").get_data(as_text=True)
    pieces = body[body.index('data-testid="print-pieces"') :]
    for piece in ("R01", "B10", "G2", "H3", "rules-lion-square-1"):
        assert f'name="part" value="{piece}"' in pieces
    assert 'value="H4"' not in pieces  # a table of three: three herd cards (issue 37)
    assert "Single pieces" in pieces and "herd cards" in pieces  # under its part's title
    ja = client.get(f"/t/{lion.id}/print", headers={"Accept-Language": "ja"})
    assert "単品" in ja.get_data(as_text=True)


def test_a_ticked_piece_prints_alone_with_its_back_and_stays_ticked_on_a_refusal(client, lion):
    herd = download(client, f"/t/{lion.id}/print?download=pdf&part=H2")
    assert herd.status_code == 200, herd.get_data(as_text=True)
    pages = PdfReader(io.BytesIO(herd.data)).pages
    assert len(pages) == 1 and pages[0].extract_text().count("Herd") == 1  # one card
    card = download(client, f"/t/{lion.id}/print?download=pdf&part=Y07")
    assert len(PdfReader(io.BytesIO(card.data)).pages) == 2  # its front, then its back
    refused = client.get(f"/t/{lion.id}/print?download=pdf&part=H2&copies=0")
    page = refused.get_data(as_text=True)
    assert refused.status_code == 400
    assert '<input type="checkbox" name="part" value="H2" checked>' in page
    opened = page[: page.index('value="H2"')].rpartition("<details")[2]
    assert opened.startswith(' class="print-pieces" open>')  # its part opens to show it


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("part=dice", "&#39;dice&#39; is not a part of this kit."),
        ("copies=0", "Copies of each piece must be a whole number (1–20), not &#34;0&#34;"),
        (
            "copies=many",
            "Copies of each piece must be a whole number (1–20), not &#34;many&#34;",
        ),
        (
            "offset_x=11",
            "The back offset is a number of millimetres from -10 to 10, not &#39;11&#39;.",
        ),
        (
            "offset_y=nan",
            "The back offset is a number of millimetres from -10 to 10, not &#39;nan&#39;.",
        ),
    ],
)
def test_bad_parts_copies_or_offsets_are_400_with_the_reason(client, lion, query, message):
    response = client.get(f"/t/{lion.id}/print?download=pdf&{query}")
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


def test_a_bad_copies_value_in_italian(client, lion):
    response = client.get(
        f"/t/{lion.id}/print?download=pdf&copies=99", headers={"Accept-Language": "it"}
    )
    assert (
        "Copie di ogni pezzo: serve un numero intero (1–20), non &#34;99&#34;"
        in response.get_data(as_text=True)
    )


def test_a_tables_kit_names_each_herd_card_after_its_player(client, lion):
    """Issue 21: printed for a table, Lion Square's herd cards carry the players' names (and
    since issue 37 a table of three gets three cards: no fourth, unnamed H4)."""
    response = download(client, f"/t/{lion.id}/print?download=pdf&part=lion-square.herds")
    assert response.status_code == 200, response.get_data(as_text=True)
    body = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)
    names = [player.name for player in lion.players]
    assert [line for line in body.splitlines() if line in names] == names
    assert "H3" in body.splitlines() and "H4" not in body.splitlines()


def test_a_tables_seats_outside_the_games_range_are_refused_in_its_language(app):
    # Issue 37: the kit of a table with too few (or many) seats is refused, translated.
    from companion.i18n import rule_error_message
    from companion.pages.print_kit import kit_options
    from games.table import Player

    two = (Player("Ann", "red"), Player("Ben", "blue"))
    with app.test_request_context("/?lang=it"):
        _, errors = kit_options({}, "lion-square", two)
        assert [rule_error_message(e) for e in errors] == [
            "Lion Square è per 3–4 giocatori: non si può stampare un kit per 2."
        ]
        three = (*two, Player("Cho", "green"))
        assert kit_options({}, "lion-square", three)[1] == []
