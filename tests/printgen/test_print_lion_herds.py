"""Lion Square's herd cards printed for a table carry its players' names (issue 21); a kit
printed without a table keeps the generic labels H1–H4."""

from __future__ import annotations

import pytest
from pdfcheck import reader

from games.table import Player
from printgen.errors import PrintError
from printgen.kit import Context, render_kit
from printgen.style import Style

TABLE = "https://campfire.example/t/K7Q2ZX"
SEATS = [f"{TABLE}/s/{n}" for n in range(1, 4)]
COLOURS = ("red", "blue", "green")


def seated(*names: str) -> list[Player]:
    return [Player(name, colour) for name, colour in zip(names, COLOURS, strict=False)]


def herd_text(**kwargs: object) -> str:
    pdf = render_kit("lion-square", only=["lion-square.herds"], **kwargs)  # type: ignore[arg-type]
    return "\n".join(page.extract_text() for page in reader(pdf).pages)


def test_herd_cards_printed_for_a_table_carry_its_players_names() -> None:
    text = herd_text(
        table_url=TABLE, seat_urls=SEATS, players=seated("Ann", "ベン", "Cho"), lang="ja"
    )
    lines = text.splitlines()
    assert [line for line in lines if line in ("Ann", "ベン", "Cho")] == ["Ann", "ベン", "Cho"]
    # A table of three prints three herd cards (issue 37); a spare is a fourth, unnamed.
    assert "H4" not in lines and lines.index("Cho") < lines.index("H3")
    spare = herd_text(players=seated("Ann", "ベン", "Cho"), spares=1, lang="ja").splitlines()
    assert "H4" in spare and spare.index("Cho") < spare.index("H3") < spare.index("H4")


def test_without_a_table_the_herd_cards_keep_their_labels() -> None:
    text = herd_text()
    assert [line for line in text.splitlines() if line.startswith("H")] == [
        "Herd",
        "H1",
        "Herd",
        "H2",
        "Herd",
        "H3",
        "Herd",
        "H4",
    ]
    assert "Ann" not in text


def test_what_the_font_cannot_draw_is_left_out_and_the_kit_prints() -> None:
    context = Context("en", Style(), TABLE, tuple(SEATS), tuple(seated("🦁", " ", "Cho")))
    assert [context.seat_name(seat) for seat in range(4)] == [None, None, "Cho", None]
    assert "Leo" in herd_text(players=seated("Leo 🦁", "", "Cho"))


def test_a_seat_colour_must_be_a_player_colour() -> None:
    with pytest.raises(PrintError, match="colour must be one of"):
        render_kit(
            "lion-square",
            players=[Player("Ann", "tartan"), Player("Ben", "red"), Player("Cho", "blue")],
        )
