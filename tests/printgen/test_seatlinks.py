"""Seat links (printgen.seatlinks) and `campfire print --table URL` putting them on boards."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pdfcheck import qr_texts, reader, render

from campfire.cli import main
from printgen.seatlinks import seat_link, seat_links, seat_number

TABLE = "https://campfire.example/t/Zr4q"


@pytest.mark.parametrize(
    ("table_url", "seat", "link"),
    [
        (TABLE, 0, f"{TABLE}/s/1"),
        (TABLE + "/", 3, f"{TABLE}/s/4"),
        (TABLE + "?lang=ja", 1, f"{TABLE}/s/2?lang=ja"),
        ("http://192.168.1.20:8000/t/abc", 5, "http://192.168.1.20:8000/t/abc/s/6"),
    ],
)
def test_seat_link_shape(table_url, seat, link):
    assert seat_link(table_url, seat) == link


@pytest.mark.parametrize("seat", [-1, True, 1.0, "1", None])
def test_seat_must_be_an_index_from_zero(seat):
    with pytest.raises(ValueError, match=r"^seat must be a whole number \(≥ 0\), not "):
        seat_link(TABLE, seat)


@given(st.integers(min_value=0, max_value=10_000))
def test_the_link_number_is_the_printed_seat_number(seat):
    # The board prints "Seat {seat + 1}"; the link must end in that same number.
    assert seat_link(TABLE, seat).rsplit("/", 1)[1] == str(seat_number(seat)) == str(seat + 1)


def test_seat_links_are_in_seat_order():
    assert seat_links(TABLE, 3) == (f"{TABLE}/s/1", f"{TABLE}/s/2", f"{TABLE}/s/3")
    assert seat_links(TABLE, 0) == ()


def test_cli_table_puts_seat_links_on_the_herd_cards(tmp_path, capsys):
    out = tmp_path / "kit.pdf"
    assert main(["print", "lion-square", "--table", TABLE, "--out", str(out)]) == 0
    capsys.readouterr()
    pdf = out.read_bytes()
    herd_page = next(
        i for i, page in enumerate(reader(pdf).pages, 1) if "Herd" in page.extract_text()
    )
    (png,) = render(pdf, tmp_path, dpi=150, first=herd_page, last=herd_page)
    assert qr_texts(png) == [f"{TABLE}/s/{n}" for n in range(1, 5)]


def test_cli_without_table_prints_no_qr_codes(tmp_path, capsys):
    out = tmp_path / "kit.pdf"
    assert main(["print", "lion-square", "--out", str(out)]) == 0
    capsys.readouterr()
    pdf = out.read_bytes()
    herd_page = next(
        i for i, page in enumerate(reader(pdf).pages, 1) if "Herd" in page.extract_text()
    )
    (png,) = render(pdf, tmp_path, dpi=150, first=herd_page, last=herd_page)
    assert qr_texts(png) == []
