"""The games plug in through ``games.registry`` alone (issue 22, items 4 and 7; issue 36,
item 1: one ``Game`` per game in one list).

Each game of the list names its own panel and kit, and each reference resolves to what its
layer expects; a toy fifth game built from the recipe in docs/architecture.md ("How to add
a game"): listed in the registry alone, the companion serves it with the generic counters,
the CLI lists it, printgen refuses it in one sentence; its ``Game`` naming its own kit
(pieces and words) and panel (view and template helpers) — still that one line, nothing
else — it is printed and served with them, and its helpers reach its own templates alone.
"""

from __future__ import annotations

import dataclasses
import importlib
import io
import re
from pathlib import Path
from typing import Any

import companion_fake_game
import pytest
from companion_testkit import app_config
from flask import Flask, render_template
from jinja2 import ChoiceLoader, DictLoader
from pypdf import PdfReader

from campfire import cli
from companion import create_app, panels
from companion.panels import _kit as panel_kit
from games import registry
from games.outcome import Outcome, ranks_from, shared_or_none
from games.registry import Game
from games.table import Rules
from printgen import kit
from printgen.context import Context
from printgen.errors import PrintError
from printgen.layout import Component, Piece
from printgen.pen import Pen
from printgen.plug import Kit

ROOT = Path(__file__).resolve().parents[2]
#: The modules that list the games or resolve their references: none makes a module's name
#: from a game's (no discovery: each ``Game`` writes its references in full).
LISTS = (
    "games/registry.py",
    "companion/registry.py",
    "companion/panels/__init__.py",
    "printgen/kit.py",
    *(f"companion/tables/{path.name}" for path in (ROOT / "companion/tables").glob("*.py")),
    "companion/pages/join.py",
    "companion/plays/results.py",
)


@pytest.mark.parametrize("game", registry.GAMES, ids=registry.ids())
def test_each_game_names_its_own_panel_and_kit_and_each_resolves(game: Game) -> None:
    # Every game of the project has its panel and its kit today, each in its own package.
    assert game.panel == f"companion.panels.{game.package}:init_app"
    assert game.kit == f"printgen.games.{game.package}:KIT"
    own_panel = importlib.import_module(f"companion.panels.{game.package}")
    assert panels.panel_init(game) is own_panel.init_app
    own_kit = importlib.import_module(f"printgen.games.{game.package}")
    assert kit.kit_of(game.id) is own_kit.KIT


def test_the_kits_follow_the_list_s_order() -> None:
    assert kit.games_with_kit() == registry.ids()
    assert kit.check_game(kit.ALL) is None
    for game in registry.ids():
        assert kit.has_kit(game)
    assert not kit.has_kit("chess") and not kit.has_kit(kit.ALL)


def test_a_reference_that_names_the_wrong_thing_is_said_with_its_game() -> None:
    wrong_panel = dataclasses.replace(TOY, panel="games.registry:GAMES")
    with pytest.raises(TypeError, match=r"^toy: panel='games.registry:GAMES' is not a function"):
        panels.panel_init(wrong_panel)
    assert panels.panel_init(TOY) is None  # no panel: the generic counters


def test_a_kit_reference_that_names_no_kit_is_said_with_its_game(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    wrong_kit = dataclasses.replace(TOY, kit="games.registry:ids")
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, wrong_kit))
    with pytest.raises(TypeError, match=r"^toy: kit='games.registry:ids' is not a printgen"):
        kit.kit_of("toy")


@pytest.mark.parametrize("game", registry.GAMES, ids=registry.ids())
def test_each_game_s_rules_are_its_own(game: Game) -> None:
    rules = game.rules()
    assert game.id == rules.GAME
    assert rules.source.parent.name == game.package
    assert game.scorable == (rules.score is not None)
    assert rules.seats is not None
    low, high = rules.seats
    assert 1 <= low <= high <= len(rules.colours)
    assert game.rules() is rules  # loaded once


def test_no_game_is_found_by_its_name() -> None:
    """No ``importlib`` and no probe for an optional hook: the contract is typed."""
    hooks = (
        r"getattr\([^)]*\"(view_|subject_seat|game_over|whose_turn|EVENT_FIELDS|secret_"
        r"|SEAT|TITLE|__file__)"
    )
    for name in LISTS:
        source = (ROOT / name).read_text(encoding="utf-8")
        assert "importlib" not in source, name
        assert not re.search(r"import_module|__import__|resolve_name\(f[\"']", source), name
        assert not re.search(hooks, source), name


# -- a toy fifth game, from the recipe -----------------------------------------------------

TOY = Game(
    "toy",
    "toy",
    "Toy",
    lambda: Rules(
        fold=companion_fake_game,  # type: ignore[arg-type]  # a test module as a fold
        source=Path(companion_fake_game.__file__),
    ),
)


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Game:
    """The registry with the toy game added, and nothing else changed."""
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, TOY))
    return TOY


def recipe() -> str:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    return text.split("## How to add a game", 1)[1].split("\n## ", 1)[0]


def test_the_recipe_names_every_file_a_game_has() -> None:
    steps = recipe()
    for needed in (
        "games/<package>/fold.py",
        "games/registry.py",
        "games/<package>/contract.py",
        "games/<package>/outcome.py",
        "companion/panels/<package>.py",
        "templates/games/<package>/panel.html",
        "templates/games/<package>/settings.html",
        "printgen/games/<package>.py",
        "docs/rules/<game>.md",
    ):
        assert needed in steps, needed
    # One list: no step adds the game to a list of another layer.
    for other_list in ("PANELS", "printgen/kit.py", "printgen.kit.GAMES", "panels/__init__.py"):
        assert other_list not in steps, other_list


def test_the_app_serves_a_game_of_the_registry_alone_with_the_generic_counters(
    toy: Game, tmp_path: Any
) -> None:
    app = create_app(app_config(tmp_path, GAMES=None))
    client = app.test_client()
    assert toy.id in client.get("/new").get_data(as_text=True)
    players = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]
    answer = client.post("/api/v1/tables", json={"game": toy.id, "players": players})
    assert answer.status_code == 201, answer.get_json()
    table_id = answer.get_json()["id"]
    page = client.get(f"/t/{table_id}")
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert 'data-seat="1"' in text and "points" in text  # templates/games/_counters.html
    changed = client.post(
        f"/api/v1/tables/{table_id}/events",
        json={"type": "adjust", "seat": 1, "counter": "points", "delta": 1},
    )
    assert changed.status_code in (200, 201), changed.get_json()
    assert client.get(f"/api/v1/tables/{table_id}").get_json()["counters"][1]["points"] == 11


def test_the_cli_lists_it_and_printgen_says_it_has_no_kit(
    toy: Game, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with pytest.raises(SystemExit):
        cli.main(["print", "--help"])
    assert "toy" in capsys.readouterr().out
    with pytest.raises(PrintError) as refused:
        kit.render_kit(toy.id)
    assert str(refused.value).startswith("Toy has no print-and-play kit yet;")
    assert str(refused.value).count(".") == 0  # one sentence
    assert cli.main(["print", toy.id, "--out", str(tmp_path / "toy.pdf")]) != 0
    assert "Toy has no print-and-play kit yet" in capsys.readouterr().err
    assert not (tmp_path / "toy.pdf").exists()


# -- its kit and its panel: named by its one line in the list ------------------------------

TOY_RULES = "# Goal\nReach twenty toy points first.\n- Count them on the phone."
TOY_NEEDS = "two toy dice"


def toy_components(context: Context) -> list[Component]:
    """The toy's pieces: a token per seat (printed in the kit's language, by its own
    words)."""

    def front(pen: Pen) -> None:
        pen.rect(0, 0, 20, 20, fill="cream")

    tokens = tuple(Piece(f"toy-{n}", 20, 20, front) for n in range(1, 3))
    return [Component("toy.tokens", context.t("toy tokens"), tokens)]


TOY_KIT = Kit(
    components=toy_components,
    rules=TOY_RULES,
    aid="# Your turn\n1. Add a point.",
    needs=TOY_NEEDS,
    legend=(("paw", "a toy point"),),
)


def toy_panel(app: Flask) -> None:
    """The toy's panel (what ``companion/panels/<package>.py``'s ``init_app`` does): a view
    and one helper its template calls, ``toy_cheer``."""
    bp = panel_kit.blueprint("toy", __name__)

    @bp.get("/cheer")
    def cheer(table_id: str) -> str:
        return render_template("games/toy/cheer.html")

    panel_kit.register(
        app,
        bp,
        "toy",
        lambda table: {"leader": max(table.counters_for(None), key=lambda c: c["points"])},
        toy_cheer=lambda: "Go, toy!",
    )


@pytest.fixture
def plugged(monkeypatch: pytest.MonkeyPatch) -> Game:
    """The toy's one line in the list naming its rules, its kit (pieces and words) and its
    panel; nothing else changed."""
    toy = dataclasses.replace(TOY, panel=f"{__name__}:toy_panel", kit=f"{__name__}:TOY_KIT")
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, toy))
    return toy


def test_a_toy_with_its_own_kit_is_printed_with_its_pieces_and_words(
    plugged: Game, tmp_path: Path
) -> None:

    assert kit.component_ids(plugged.id) == ["cover", "toy.tokens", "toy.rules"]
    pdf = kit.render_kit(plugged.id, duplex="fold")
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)
    for printed in ("toy tokens", "Reach twenty toy points first.", "a toy point", TOY_NEEDS):
        assert printed in text, printed
    assert "Toy: rules summary" in text  # its title: the registry's
    assert cli.main(["print", plugged.id, "--out", str(tmp_path / "toy.pdf")]) == 0
    assert (tmp_path / "toy.pdf").read_bytes()[:5] == b"%PDF-"
    assert set(TOY_KIT.words()) <= set(kit.every_word())


def test_a_toy_with_its_own_panel_is_served_with_its_helpers_alone(
    plugged: Game, tmp_path: Any
) -> None:
    app = create_app(app_config(tmp_path, GAMES=None))
    templates = {
        "games/toy/panel.html": "<p>{{ toy_cheer() }} {{ view.leader.points }}</p>",
        "games/toy/cheer.html": "{{ toy_cheer is defined }}",
    }
    app.jinja_env.loader = ChoiceLoader([DictLoader(templates), app.jinja_loader])
    # No game's helper is a template global: each reaches its own game's templates alone.
    helpers = ("toy_", "bison_", "lion_square_", "hunting_age_", "dogs_life_")
    assert not [name for name in app.jinja_env.globals if name.startswith(helpers)]
    client = app.test_client()
    players = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]
    table_id = client.post("/api/v1/tables", json={"game": "toy", "players": players}).get_json()[
        "id"
    ]
    assert "<p>Go, toy! 10</p>" in client.get(f"/t/{table_id}").get_data(as_text=True)
    three = [*players, {"name": "Cy", "color": "green"}]
    other = client.post("/api/v1/tables", json={"game": "lion-square", "players": three})
    other = other.get_json()["id"]
    assert "Go, toy!" not in client.get(f"/t/{other}").get_data(as_text=True)
    # The toy blueprint's own pages see it; another blueprint's do not.
    assert client.get(f"/t/{table_id}/toy/cheer").get_data(as_text=True) == "True"
    with app.test_request_context("/"):
        assert app.jinja_env.from_string("{{ toy_cheer is defined }}").render() == "False"


# -- its outcome: a play kept with nothing of the companion told -------------------------


def toy_outcome(state: companion_fake_game.State) -> Outcome | None:
    """The toy's own rule (what ``games/<package>/outcome.py`` holds): over once a seat has
    20 points; the most points win, equal ones share."""
    if max(state.points) < 20:
        return None
    best = max(state.points)
    winners = tuple(seat for seat, points in enumerate(state.points) if points == best)
    ranking = [
        [seat for seat, points in enumerate(state.points) if points == value]
        for value in sorted(set(state.points), reverse=True)
    ]
    return Outcome(
        scores=tuple(state.points),
        ranks=ranks_from(ranking, len(state.points)),
        winners=winners,
        tie_break=shared_or_none(winners),
        start_player=None,
        variant=None,
    )


def test_a_game_s_outcome_in_its_rules_alone_keeps_its_play(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """Issue 36, item 1: the toy's ``outcome`` in its ``Rules`` (in the one list) is all it
    takes; the plays, the tables and the commit hook know no game by name."""
    toy = dataclasses.replace(
        TOY, load=lambda: dataclasses.replace(TOY.rules(), outcome=toy_outcome)
    )
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, toy))
    app = create_app(app_config(tmp_path, GAMES=None))
    client = app.test_client()
    players = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]
    table_id = client.post("/api/v1/tables", json={"game": "toy", "players": players}).get_json()[
        "id"
    ]
    play = f"/api/v1/tables/{table_id}/play"
    assert client.get(play).status_code == 404  # still running: no play
    adjust = {"type": "adjust", "seat": 1, "counter": "points", "delta": 10}
    assert client.post(f"/api/v1/tables/{table_id}/events", json=adjust).status_code == 200
    kept = client.get(play)
    assert kept.status_code == 200, kept.get_json()
    assert kept.get_json()["winners"] == [1]
    assert client.post(f"/api/v1/tables/{table_id}/undo", json={}).status_code == 200
    assert client.get(play).status_code == 404  # the undo reopened it: the play is dropped
