"""A Dog's Life (犬の生活) at the table: the panel's view model and its form posts.

Every rule comes from ``games.dogs_life`` (the hunger
tick and starvation, food capped at 4, the bladder and the 8 pee markers, two carrying
spaces, the pound's 1/2/3 draws and automatic release with hunger 2 (D2), the dog's own
13-card deck and the catcher's die, trash day and the win at N bones or when time is up
(D3)); this module only turns the folded state into what the templates under
``templates/games/dogs_life/`` show, and a submitted form into an event the fold judges.

Glossary
--------
view
    ``view(table)``: the plain dict ``panel.html`` reads (passed to it as ``view``).
hidden address
    A carried newspaper's address is shown only on its dog's phone until the game ends
    (``fold.view_json``); other phones see "a newspaper (face down)".
dog names
    Catalog data (``games.dogs_life.catalog``) whose English names and breeds are msgids,
    translated with gettext. Refusals name a dog in their ``dog`` parameter in English;
    ``message`` puts the reader's name for it in (``catalog.localized``) before translating
    the sentence.
routes (POST ``/t/<table_id>/dogs-life/<action>``; htmx gets the fresh panel, a refusal
is a 422 panel with the translated message and nothing stored, without JavaScript a 303
back to the table)
    ``start-turn`` / ``end-turn`` ``seat`` · ``rummage`` / ``beg`` ``seat`` ``find``
    (1 AP: what the real card gave) · ``eat`` ``seat`` ``days`` · ``move`` ``seat``
    ``steps`` · ``drink`` ``seat`` · ``pee`` ``seat`` [``covers``] · ``pick-up`` ``seat``
    ``item`` (``bone`` | ``newspaper``, taken face down at random) [``from`` office |
    street] · ``drop`` ``seat`` ``item`` (+ ``address``) · ``bury`` ``seat`` [``count``] ·
    ``pound`` ``seat`` ``reason`` · ``draw`` ``seat`` ``section`` [``address`` |
    ``against``] · ``roll`` ``seat`` · ``adjust`` ``seat`` ``counter`` ``delta`` · ``end``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any

from flask import Flask, Response, abort, render_template, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext
from markupsafe import Markup

from companion import charts, tables
from companion.i18n import as_sentence, rule_error_message
from companion.pages import base
from companion.panels import _kit as kit
from companion.panels import board_view
from companion.panels.dogs_life import board, city_view
from games.dogs_life import catalog, changes, fold
from games.dogs_life import game as dog_game
from games.dogs_life.catalog import Card, Find, Section
from games.dogs_life.city import CITY
from games.dogs_life.dog import (
    BLADDER_MAX,
    CARRY_MAX,
    FOOD_DAYS,
    HUNGER_MAX,
    HUNGER_ON_RELEASE,
    PEE_MARKERS,
    POUND_RELEASE,
    DogState,
    ItemKind,
    pound_draws,
)
from games.dogs_life.game import (
    GOAL_RANGE,
    MINUTES_RANGE,
    Game,
    Settings,
    covers,
    ranking,
    rivals,
    winners,
)
from games.errors import N_, RuleError
from games.table import Player
from printgen.style import PALETTE

GAME = fold.GAME
bp = kit.blueprint(GAME, __name__)

#: The sections of a card, as the dog chart and the cards name them.
SECTION_NAMES = {
    Section.TRASH: N_("Trash can"),
    Section.RESTAURANT: N_("Restaurant"),
    Section.NEWSPAPER: N_("Newspaper reward"),
    Section.FIGHT: N_("Fight"),
    Section.CATCHER: N_("Dog-catcher"),
    Section.POUND: N_("Pound"),
}
FIND_NAMES = {
    Find.NOTHING: N_("nothing"),
    Find.FOOD_1: N_("1 day of food"),
    Find.FOOD_2: N_("2 days of food"),
    Find.FOOD_3: N_("3 days of food"),
    Find.BONE: N_("a bone"),
}
#: What the field of a refused form is called (for "… must be a whole number").
FIELD_LABELS = {
    "seat": N_("seat"),
    "days": N_("days of food"),
    "steps": N_("steps"),
    "address": N_("newspaper address"),
    "count": N_("bones"),
    "covers": N_("the rival's marker"),
    "against": N_("the dog attacked"),
    "delta": N_("change"),
}


def colour_class(dog_id: str) -> str:
    """The colour class suffix of a dog (``c-dog-fifi``): the kit's colour, not its
    player's, so the app shows Fifi purple as the printed deck does (issue 21)."""
    return f"dog-{dog_id}"


def colours_css() -> Response:
    """Each dog's colour as the kit prints it: the catalog names the colour
    (``catalog.Dog.colour``) and printgen's palette gives its ink, so the app and the paper
    cannot drift apart. A stylesheet (the CSP forbids inline styles)."""
    rules = (
        f".c-{colour_class(d.id)} {{ --seat: {PALETTE[d.colour]}; }}" for d in catalog.DOGS.values()
    )
    return Response("\n".join(rules) + "\n", mimetype="text/css")


def dog_name(dog_id: str) -> str:
    """The catalog dog's name in the reader's language (ホワイトファング, Zanna Bianca)."""
    return _(catalog.dog(dog_id).name)


def breed_name(dog_id: str) -> str:
    return _(catalog.dog(dog_id).breed)


def message(error: RuleError) -> str:
    """A refusal in the reader's language, the dog named as the reader knows it, as a
    sentence (capital letter, full stop)."""
    lang = kit.lang()
    return as_sentence(rule_error_message(_dogs_named(error)), lang)


def _dogs_named(error: RuleError) -> RuleError:
    """``error`` with its dogs named in the reader's language: a plain refusal's parameters, and the
    change and the refusal an undo refusal names (its own wording is kept)."""
    if isinstance(error, tables.UndoBlocked):
        return tables.UndoBlocked(
            error.seq,
            error.change_template,
            catalog.localized(error.change_params, _),
            _dogs_named(error.problem),
        )
    if type(error) is not RuleError:  # a refusal with its own wording (a held seat, …)
        return error
    return RuleError(error.template, **catalog.localized(error.params, _))


# ---------------------------------------------------------------------------------------
# the view model


def card_result(card: Card, section: Section) -> str:
    """What one drawn card says in the section that matters, in words."""
    result = fold.result(card, section)
    if section is Section.FIGHT:
        return ngettext("%(num)s fang", "%(num)s fangs", int(result))
    if section is Section.CATCHER:
        return _("running dog: escaped") if result == "escaped" else _("caught in the net")
    if section is Section.POUND:
        return _("running dog: free!") if result == "escaped" else _("still in the cage")
    return _(FIND_NAMES[Find(str(result))])


def _pound_note(state: DogState) -> str:
    """What the next turn in the pound brings (D2)."""
    draws = pound_draws(state)
    if not draws:
        return _(
            "Next turn: let out automatically, hunger set to %(hunger)s.", hunger=HUNGER_ON_RELEASE
        )
    return ngettext(
        "Next turn: draws %(num)s card; a running dog frees it.",
        "Next turn: draws %(num)s cards; a running dog on any frees it.",
        draws,
    )


def _dog_view(
    game: Game, seat: int, player: Player, current: int | None, viewer: int | None = None
) -> dict[str, Any]:
    state = game.dogs[seat]
    spec = catalog.dog(state.dog)
    # A carried newspaper travels face down: its address only on its dog's phone, until
    # the game ends (fold.view_json).
    shown = seat == viewer or bool(winners(game))
    newspapers = (
        sorted(
            i.address for i in state.items if i.kind is ItemKind.NEWSPAPER and i.address is not None
        )
        if shown
        else []
    )
    last = None
    if state.last is not None:
        last = {
            "section": _(SECTION_NAMES[state.last.section]),
            "kind": state.last.section.value,
            "cards": [
                {"number": c.number, "result": card_result(c, state.last.section)}
                for c in state.last.cards
            ],
        }
    return {
        "index": seat,
        "player": player,
        "id": spec.id,
        "colour": colour_class(spec.id),
        "name": dog_name(spec.id),
        "breed": breed_name(spec.id),
        "current": seat == current,
        "ap": state.ap,
        "action_points": spec.action_points,
        "hunger": state.hunger,
        "hunger_max": HUNGER_MAX,
        "starving": state.starving,
        "bladder": state.bladder,
        "bladder_max": BLADDER_MAX,
        "supply": state.supply,
        "lampposts": state.lampposts,
        "markers": PEE_MARKERS,
        "carried": [
            {
                "kind": i.kind.value,
                "address": i.address if shown or i.kind is not ItemKind.NEWSPAPER else None,
            }
            for i in state.items
        ],
        "mine": seat == viewer,
        "free_hands": state.free_hands,
        "carry_max": CARRY_MAX,
        "carried_bones": state.carried_bones,
        "newspapers": newspapers,
        "buried": state.buried,
        "goal": game.settings.bones_to_win,
        "pound": state.pound,
        "in_pound": state.in_pound,
        # the pound's spaces: 1–3 draw, the last one lets the dog out (D2)
        "pound_spaces": range(1, POUND_RELEASE + 1),
        "pound_release": POUND_RELEASE,
        "pound_note": _pound_note(state) if state.in_pound else "",
        "last": last,
        # who this dog could attack or pee over
        "rivals": list(rivals(game, seat)),
        "covers": list(covers(game, seat)),
        "food_days": FOOD_DAYS,
    }


def _chart(game: Game, players: Sequence[Player], over: bool) -> Markup | None:
    """Buried bones of every dog at the start of each turn, then now (or at the end)."""
    rows = dog_game.bones_history(game)  # one row per turn, one value per seat
    if len(rows) < 2:
        return None
    labels = [_("start"), *(str(n) for n in range(2, len(rows))), _("end") if over else _("now")]
    # each line in its dog's colour, as on the cards (colours_css)
    dogs = [Player(p.name, colour_class(game.dogs[s].dog)) for s, p in enumerate(players)]
    return charts.seat_chart(
        dogs,
        list(zip(*rows, strict=True)),
        labels=labels,
        title=_("Buried bones over the turns"),
        css_class="dl-chart",
        names=[f"{dog_name(game.dogs[s].dog)} ({p.name})" for s, p in enumerate(players)],
    )


def view(table: tables.TableView) -> dict[str, object]:
    """Everything the A Dog's Life panel shows, from the folded state."""
    game: Game = table.state
    viewer = base.current_seat(table)
    dogs = [_dog_view(game, s, p, game.current, viewer) for s, p in enumerate(table.players)]
    shown = table.state_json_for(viewer)
    won = winners(game)
    over = bool(won)
    minutes = game.settings.timed_minutes
    deadline = base.local_time(table.created_at + timedelta(minutes=minutes)) if minutes else None
    names = [d["name"] for d in dogs]
    city = city_view.city_view(table, game, viewer, names, [d["colour"] for d in dogs])
    # the current dog's player rolls the catcher's die before the next turn (turn step 3)
    to_roll = bool(
        game.board
        and game.current is not None
        and not game.rolled
        and not game.dogs[game.current].in_pound
    )
    waiting = bool(game.board and (game.board.van_due or game.board.to_draw)) or to_roll
    # issue 34 item 5: the start button only for the dog whose turn comes, when it can
    start_seat = None if over or shown["turn_running"] or waiting else dog_game.whose_turn(game)
    return {
        "over": over,
        "city": city,
        "viewer": viewer,
        "start_seat": start_seat,
        "whose_turn": dog_game.whose_turn(game),
        "time_up": game.time_up,
        "winners": [dogs[s] for s in won],
        "goal": game.settings.bones_to_win,
        "minutes": minutes,
        "deadline": deadline,
        "turn": game.turn,
        "current": dogs[game.current] if game.current is not None else None,
        "die": game.die,
        "trash_markers": game.trash_markers,
        "trash_total": dog_game.TRASH_MARKERS,
        "trash_days": game.trash_days,
        "dogs": dogs,
        # the dog whose turn it is first: its card holds the controls of the moment
        "dogs_in_turn_order": sorted(dogs, key=lambda d: not d["current"]),
        # D3: most buried bones first, equal counts share a place
        "ranking": [[dogs[s] for s in group] for group in ranking(game)],
        "chart": _chart(game, table.players, over),
        "at_office": shown["newspapers_at_office"],
        "on_street": shown["newspapers_on_street"],
        "die_rolled": shown["die_rolled"],
        "turn_running": shown["turn_running"],
        "finds": [(f.value, _(FIND_NAMES[f])) for f in Find],
        # each action's URL, built once: the panel has a hundred buttons
        "urls": {
            action: url_for("dogs_life.act", table_id=table.id, action=action) for action in ACTIONS
        },
    }


# ---------------------------------------------------------------------------------------
# form posts


def _int(name: str) -> int:
    return base.form_int(name, label=_(FIELD_LABELS.get(name, name)))


def _seat() -> dict[str, object]:
    return {"seat": _int("seat")}


def _item() -> dict[str, object]:
    event = {**_seat(), "item": request.form.get("item", "")}
    if event["item"] == "newspaper":
        event["address"] = _int("address")
    return event


def _pick_up() -> dict[str, object]:
    # a newspaper is taken face down at random: the rules draw its address
    event = {**_seat(), "item": request.form.get("item", "")}
    if request.form.get("from", "").strip():
        event["from"] = request.form["from"].strip()
    return event


def _search() -> dict[str, object]:
    """Rummage in the trash or beg at the restaurant (1 AP): what the real card gave."""
    return {**_seat(), "find": request.form.get("find", Find.NOTHING.value)}


def _move() -> dict[str, object]:
    """To a square tapped on the map, or by a number of steps (the board not known)."""
    if request.form.get("to", "").strip():
        return {**_seat(), "to": request.form["to"].strip()}
    return {**_seat(), "steps": _int("steps")}


def _pee() -> dict[str, object]:
    event = _seat()
    if request.form.get("covers", "").strip():
        event["covers"] = _int("covers")
    return event


def _draw() -> dict[str, object]:
    event = {**_seat(), "section": request.form.get("section", "")}
    if event["section"] == Section.NEWSPAPER.value:
        event["address"] = _int("address")
    elif event["section"] == Section.FIGHT.value:
        event["against"] = _int("against")
    return event


#: action in the URL -> (event type, the rest of the event from the form)
ACTIONS: dict[str, tuple[str, Callable[[], dict[str, object]]]] = {
    "start-turn": ("start_turn", _seat),
    "end-turn": ("end_turn", _seat),
    "rummage": ("rummage", _search),
    "beg": ("beg", _search),
    "eat": ("eat", lambda: {**_seat(), "days": _int("days")}),
    "move": ("move", lambda: _move()),
    "van": ("van", lambda: {**_seat(), "to": request.form.get("to", "")}),
    "drink": ("drink", _seat),
    "pee": ("pee", _pee),
    "pick-up": ("pick_up", _pick_up),
    "drop": ("drop", _item),
    "bury": (
        "bury",
        lambda: (
            {**_seat(), "count": _int("count")}
            if request.form.get("count", "").strip()
            else _seat()
        ),
    ),
    "pound": ("to_pound", lambda: {**_seat(), "reason": request.form.get("reason", "")}),
    "draw": ("draw", _draw),
    "roll": ("roll_die", _seat),
    "adjust": (
        "adjust",
        lambda: {**_seat(), "counter": request.form.get("counter", ""), "delta": _int("delta")},
    ),
    "end": ("end_game", dict),
}


@bp.post("/<action>")
def act(table_id: str, action: str) -> ResponseReturnValue:
    """Turn the form into a typed change (``games.dogs_life.changes``) and append it as this
    phone's seat; a refusal of the form or of the rules is a 422 panel with the reason, and
    nothing is stored."""
    if action not in ACTIONS:
        abort(404)
    kind, fields = ACTIONS[action]
    # The form read once into the game's typed change (a bad field: its RuleError).
    return kit.post_event(
        table_id, lambda _table: changes.from_json({"type": kind, **fields()}), game=GAME
    )


#: The settings' bounds and defaults (D3), all from ``games.dogs_life`` (template helper
#: ``dogs_life_limits``: the create form has no table to read them from).
LIMITS: dict[str, object] = {
    "goal": (*GOAL_RANGE, Settings().bones_to_win),
    "minutes": MINUTES_RANGE,
}


def limits() -> dict[str, object]:
    return LIMITS


def dog_choices() -> list[tuple[str, str, str, int]]:
    """The catalog's dogs for the settings form: id, name, breed, action points."""
    return [
        (d.id, dog_name(d.id), breed_name(d.id), d.action_points) for d in catalog.DOGS.values()
    ]


@bp.post("/zoom")
def zoom(table_id: str) -> ResponseReturnValue:
    """This phone's zoom of the city (1 whole, 2 readable, 3 large)."""
    table = kit.game_table(table_id, GAME)
    return board_view.phone_setting(
        table, "z", board_view.ZOOMS, city_view.ZOOM_KEY, N_("zoom must be 1, 2 or 3")
    )


@bp.post("/turn")
def turn(table_id: str) -> ResponseReturnValue:
    """See the city from another side of the table (this phone only)."""
    table = kit.game_table(table_id, GAME)
    return board_view.phone_setting(
        table,
        "deg",
        board.TURNS,
        city_view.TURN_KEY,
        N_("choose a side of the table to see it from"),
    )


@bp.get("/square")
def square(table_id: str) -> ResponseReturnValue:
    """One square of the city: its name, what lies there, and (for the dog in turn's
    phone) the move there or what can be done there. The map's links without JavaScript."""
    table = kit.game_table(table_id, GAME)
    game: Game = table.state
    at = request.args.get("at", "")
    if at not in CITY.squares:
        return render_template(
            "games/dogs_life/square.html",
            table=table,
            error=message(RuleError(N_("to must be a square of the city"))),
            square=None,
        ), 404
    viewer = base.current_seat(table)
    names = [dog_name(d.dog) for d in game.dogs]
    current = game.current
    mine = viewer is not None and viewer == current and dog_game.turn_running(game)
    cost = dog_game.reachable(game, viewer).get(at) if viewer is not None else None
    where = game.board
    here = [
        f"{names[s]} ({table.players[s].name})"
        for s, sq in enumerate(where.dogs if where else ())
        if sq == at
    ]
    standing = mine and where is not None and current is not None and where.dogs[current] == at
    return render_template(
        "games/dogs_life/square.html",
        table=table,
        error=None,
        square={"id": at, "name": city_view.name(at), "dogs": here, "cost": cost},
        seat=viewer,
        van=at in dog_game.van_stops(game) and viewer is not None and viewer == current,
        offers=city_view.offers(game, current, viewer, names)
        if standing and current is not None
        else [],
        urls={a: url_for("dogs_life.act", table_id=table.id, action=a) for a in ACTIONS},
    )


def init_app(app: Flask) -> None:
    app.add_url_rule("/dogs-life/colours.css", "dogs_life_colours", colours_css)
    # A refusal names dogs in the reader's language (``message``).
    kit.register(
        app,
        bp,
        GAME,
        view,
        variant=city_view.variant,
        refusal=lambda error, _page: message(error),
        dogs_life_dogs=dog_choices,
        dogs_life_limits=limits,
    )
