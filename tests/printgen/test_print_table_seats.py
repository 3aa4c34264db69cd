"""A kit printed for a table: each seat's colour and name on its board, QR code and pieces
(issue 24, item 1); without a table, the box's colours in seat order."""

from __future__ import annotations

import pytest
from pdfcheck import qr_texts, reader, render
from PIL import Image

from games.table import Player
from printgen.context import Context, table_players
from printgen.errors import PrintError
from printgen.kit import components, render_kit
from printgen.seatlinks import seat_links
from printgen.style import PALETTE, Style

TABLE = "https://campfire.example/t/K7Q2ZX"
# Ann plays red and Ben blue: Bison's box gives seat 1 blue and seat 2 red.
PLAYERS = (Player("Ann", "red"), Player("Ben", "blue"), Player("Cleo", "purple"))


def _pixels_of(png, colour: str) -> int:
    """How many pixels of the page are (close to) the palette colour ``colour``."""
    target = tuple(int(PALETTE[colour][i : i + 2], 16) for i in (1, 3, 5))
    with Image.open(png) as image:
        rgb = image.convert("RGB")
        return sum(
            count
            for count, pixel in rgb.getcolors(1 << 24) or []
            if sum(abs(a - b) for a, b in zip(pixel, target, strict=True)) < 24
        )


@pytest.mark.parametrize(
    ("game", "component"), [("bison", "bison.boards"), ("hunting-age", "hunting-age.boards")]
)
def test_each_board_carries_its_seats_colour_name_and_link(game, component, tmp_path):
    seats = seat_links(TABLE, len(PLAYERS))
    pdf = render_kit(
        game, table_url=TABLE, seat_urls=seats, players=PLAYERS, only=[component], duplex="fold"
    )
    pages = reader(pdf).pages
    pngs = render(pdf, tmp_path, dpi=100)
    seen = []
    for page, png in zip(pages, pngs, strict=True):
        text = page.extract_text()
        for n, (player, url) in enumerate(zip(PLAYERS, seats, strict=True), 1):
            if f"{player.name} · Seat {n}" in text:
                seen.append(player.name)
                assert url in qr_texts(png)
                assert _pixels_of(png, player.color) > 2000, (player, png)
    assert sorted(seen) == ["Ann", "Ben", "Cleo"]


@pytest.mark.parametrize("game", ["bison", "hunting-age"])
@pytest.mark.parametrize(("seat", "other"), [(0, 1), (1, 0)])
def test_a_board_printed_alone_is_its_seats_in_colour_link_and_name(game, seat, other, tmp_path):
    # Bison's box gives seat 1 blue: Ann chose red, so her board is red with her link.
    player, seats = PLAYERS[seat], seat_links(TABLE, len(PLAYERS))
    pdf = render_kit(
        game,
        table_url=TABLE,
        seat_urls=seats,
        players=PLAYERS,
        only=[f"board-{player.color}"],
        duplex="fold",
    )
    (page,) = reader(pdf).pages
    assert f"{player.name} · Seat {seat + 1}" in page.extract_text()
    (png,) = render(pdf, tmp_path, dpi=100)
    assert qr_texts(png) == [seats[seat]]
    assert _pixels_of(png, player.color) > 2000
    assert _pixels_of(png, PLAYERS[other].color) < 200


def test_pieces_come_in_the_tables_colours():
    context = Context("en", Style(), players=PLAYERS)
    ids = {p.id for c in components("bison", context) for p in c.pieces}
    # Cleo's purple is printed; only the seated colours (issue 37: no spare yellow set).
    assert {i for i in ids if i.startswith("board-")} == {"board-red", "board-blue", "board-purple"}
    assert "hunter-purple-1" in ids and "hunter-yellow-1" not in ids


def test_without_a_table_the_box_colours_and_seat_numbers_stay():
    context = Context("en", Style())
    boards = components("hunting-age", context)[0].pieces
    assert [b.id for b in boards] == [
        f"board-{c}" for c in ("red", "yellow", "green", "blue", "purple")
    ]
    assert context.seat_label(0) == "Seat 1"


def test_dogs_print_the_seat_of_the_dog_it_plays():
    players = table_players(
        "dogs-life", (Player("Ann", "red"), Player("Ben", "blue")), {"dogs": ["fifi", "bruno"]}
    )
    from games.dogs_life import catalog

    assert [p.color for p in players] == [catalog.DOGS["fifi"].colour, catalog.DOGS["bruno"].colour]
    context = Context("en", Style(), players=players)
    assert context.seat_of(catalog.DOGS["bruno"].colour, 0) == 1
    assert context.seat_of(catalog.DOGS["fifi"].colour, 5) == 0


def test_a_name_the_font_cannot_draw_is_printed_without_those_characters():
    context = Context("en", Style(), players=(Player("Ann 🎲", "red"),))
    assert context.seat_label(0) == "Ann · Seat 1"


@pytest.mark.parametrize(
    "players", [(Player("Ann", "pink"),), (Player("Ann", "red"), Player("Ben", "red"))]
)
def test_bad_players_are_refused_with_a_sentence(players):
    with pytest.raises(PrintError):
        render_kit("bison", players=players, only=["cover"])
