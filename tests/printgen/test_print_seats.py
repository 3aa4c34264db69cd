"""A kit printed for a table (issue 37, item 2): a seat count outside the game's player
range (the registry's ``Rules.seats``) is refused in one line, and only the seated colours
print, with ``--spares N`` spare sets."""

from __future__ import annotations

import pytest

from campfire.cli import main
from games import registry
from games.dogs_life import catalog as dogs
from games.table import Player
from printgen.context import Context
from printgen.errors import PrintError
from printgen.kit import components, games_with_kit, kit_components, render_kit, seat_refusal
from printgen.style import Style

COLOURS = {
    "bison": ["red", "yellow", "green", "blue", "purple"],
    "lion-square": ["red", "yellow", "green", "blue", "purple", "black", "white"],
    "hunting-age": ["red", "yellow", "green", "blue", "purple", "black", "white"],
    "dogs-life": [d.colour for d in dogs.DOGS.values()] + ["black"],
}


def _players(game: str, n: int) -> tuple[Player, ...]:
    return tuple(Player(f"P{k + 1}", COLOURS[game][k]) for k in range(n))


def _outside(game: str) -> list[int]:
    low, high = registry.get(game).rules().seats
    return [low - 1, high + 1]


@pytest.mark.parametrize("game", games_with_kit())
def test_a_count_outside_the_games_range_is_refused(game):
    low, high = registry.get(game).rules().seats
    assert seat_refusal(game, _players(game, low)) is None
    assert seat_refusal(game, _players(game, high)) is None
    for n in _outside(game):
        if n == 0:
            continue  # no players: a kit without a table, the box's full set
        with pytest.raises(PrintError, match=f"{low}–{high} players: a kit for {n} "):
            render_kit(game, players=_players(game, n), only=["cover"])


@pytest.mark.parametrize(("game", "count"), [("bison", 5), ("lion-square", 2), ("dogs-life", 7)])
def test_the_cli_refuses_in_one_line_exit_2_in_the_kits_language(game, count, capsys, tmp_path):
    players = ",".join(f"{p.name}:{p.color}" for p in _players(game, count))
    out = tmp_path / "kit.pdf"
    for lang, words in (("en", "players: a kit for"), ("it", "giocatori")):
        argv = ["print", game, "--players", players, "--lang", lang, "--out", str(out)]
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("error: ") and words in err, err
    assert not out.exists()


def _ids(game: str, context: Context) -> set[str]:
    return {p.id for c in kit_components(game, context) for p in c.pieces}


def test_only_the_seated_colours_print_and_spares_on_request():
    two = (Player("Ann", "red"), Player("Ben", "blue"))
    ids = _ids("bison", Context("en", Style(), players=two))
    assert {i for i in ids if i.startswith("board-")} == {"board-red", "board-blue"}
    assert not {i for i in ids if "-yellow-" in i or "-green-" in i}
    assert {i for i in ids if i.startswith("aid-")} == {"aid-bison-1", "aid-bison-2"}
    # One spare set: the box's first colour no seat took (yellow).
    spare = _ids("bison", Context("en", Style(), players=two, spares=1))
    assert {i for i in spare if i.startswith("board-")} == {
        "board-red",
        "board-blue",
        "board-yellow",
    }
    assert "hunter-yellow-1" in spare and "aid-bison-3" in spare
    # Without a table: the box's every colour.
    boxed = _ids("bison", Context("en", Style()))
    assert {i for i in boxed if i.startswith("board-")} == {
        "board-red",
        "board-yellow",
        "board-green",
        "board-blue",
    }


def test_lion_square_prints_a_herd_card_per_seat_and_dogs_the_seated_dogs():
    three = _players("lion-square", 3)
    (_, herds) = components("lion-square", Context("en", Style(), players=three))
    assert [p.id for p in herds.pieces] == ["H1", "H2", "H3"]
    two_dogs = _players("dogs-life", 2)
    parts = {c.key: c for c in components("dogs-life", Context("en", Style(), players=two_dogs))}
    assert len(parts["dogs-life.charts"].pieces) == 2
    assert len(parts["dogs-life.cards"].pieces) == 2 * dogs.CARDS_PER_DECK
    assert len(parts["dogs-life.dens"].pieces) == 2


def test_spares_are_a_small_whole_number_and_need_players(capsys, tmp_path):
    out = str(tmp_path / "kit.pdf")
    with pytest.raises(PrintError, match=r"spares must be a whole number \(0–6\), not 7"):
        render_kit("bison", players=_players("bison", 2), spares=7, only=["cover"])
    assert main(["print", "bison", "--spares", "1", "--out", out]) == 2
    assert "--spares needs --players" in capsys.readouterr().err
