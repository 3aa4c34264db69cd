"""Age of Hunting (狩猟の時代) at the table: the panel's view model and its form posts.

Every number the panel shows comes from
``games.hunting_age`` (next development costs, whether the supply and the player can pay,
storage surplus and the proposed return, end trigger and turns left, final count and
tie-breaks, each seat's total after every turn); this module only turns the folded state
into what the templates show, and a submitted form into an event the fold judges (H1, H2).

Glossary
--------
view
    ``view(table)``: a plain dict the templates under ``templates/games/hunting_age/`` read
    (passed to it as ``view``).
routes (POST, under ``/t/<table_id>/hunting-age/``; htmx gets the fresh panel, a refusal
is a 422 panel with the translated message, without JavaScript a 303 back to the table)
    ``setup``     ``start_player`` (empty = draw) — the fold's ``prepare`` draws the layout.
    ``develop``   ``seat``, ``kind``; a hut in the Campfire edition ``face`` + ``space``;
                  the original edition types ``cost.<part>``, ``uncovered_vp``, a hut's
                  ``vp`` or ``end_game`` and a cave's flipped ``chip``s; optional
                  ``any_kind`` + ``any_count`` (the one-tap choice: the whole any-food
                  part in one kind) or ``any.<kind>`` name the pieces paying it.
    ``harvest``   ``seat``, ``face``, ``space`` (0-based hunting space), optional
                  ``choice.<kind>`` — the free picks, one kind per button.
    ``store``     ``seat``, ``return.<kind>`` — the pieces going back to the supply.
    ``end-turn``  ``seat``.
The food, coin and VP-track steppers post to the platform's generic ``adjust``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from flask import Flask, request
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext

from companion import charts, tables
from companion.pages import base
from companion.panels import _kit as kit
from games.errors import N_, RuleError
from games.hunting_age import changes, development, fold, harvest, storage
from games.hunting_age import setup as layout
from games.hunting_age.board import DEVELOPMENTS, LIMITS, extra_cost
from games.hunting_age.cards import BASIC_CARDS, END_GAME_CARDS, FACES_BY_ID, Face
from games.hunting_age.components import (
    FOODS,
    GOOD_NAMES,
    ROCK_CHIP_GROUPS,
    ROCK_CHIPS,
    Cost,
)
from games.hunting_age.scoring import last_seat
from games.hunting_age.tribe import Hut, Supply, Tribe

GAME = fold.GAME
bp = kit.blueprint(GAME, __name__)

#: What each development is called on its button (translated at display time).
DEVELOPMENT_NAMES = {
    "cave": N_("Create a cave"),
    "subordinate": N_("Add a subordinate"),
    "hut": N_("Build a hut"),
}
COST_PARTS = (*FOODS, "coins", "any_food")


# ---------------------------------------------------------------------------------------
# words in the reader's language (the game's names are msgids of the gettext catalogs)


def good_name(kind: str) -> str:
    """A good's name (``bear``, ``coins``, ``any_food``, ``vp`` …) in the reader's language."""
    return _(GOOD_NAMES[kind]) if kind in GOOD_NAMES else kind


def face_name(face_id: str) -> str:
    return _(FACES_BY_ID[face_id].name)


def end_game_name(card: str) -> str:
    return _(END_GAME_CARDS[card])


def bundle(parts: Mapping[str, int]) -> list[dict[str, object]]:
    """A cost or a reward as ``[{"kind", "count", "label"}]`` for the goods macro."""
    return [
        {"kind": kind, "count": count, "label": good_name(kind)}
        for kind, count in parts.items()
        if count
    ]


def chip_label(back: str) -> str:
    chip = ROCK_CHIPS[back]
    return _("%(good)s ×%(count)s", count=chip.amount, good=good_name(chip.good))


# ---------------------------------------------------------------------------------------
# the view model


def _affordable(tribe: Tribe, supply: Supply, cost: Cost) -> bool:
    """Whether the fold would accept paying ``cost`` now (its own ``pay`` decides)."""
    try:
        development.pay(tribe, supply, cost)
    except RuleError:
        return False
    return True


def _any_food(state: fold.TableState, seat: int, cost: Cost | None) -> list[dict[str, object]]:
    """The payer's one-tap choices for the any-food part of ``cost``: first the proposal
    (``fold.any_food_proposal``, preselected; its ``kind`` is empty), then each food kind
    the cave can spare enough of to pay the whole part with it. Empty when the cost has
    no any-food part or the cave cannot pay it (the develop event's ``any_food`` is what
    is paid)."""
    if cost is None or not cost.any_food:
        return []
    proposal = fold.any_food_proposal(state, seat, cost.as_dict())
    if sum(proposal.values()) < cost.any_food:
        return []
    tribe = state.tribes[seat]
    spare = tribe.food - tribe.food.capped(cost.food)
    one_kind: list[dict[str, object]] = [
        {"kind": k, "goods": bundle({k: cost.any_food})}
        for k in FOODS
        if spare[k] >= cost.any_food and proposal != {k: cost.any_food}
    ]
    return [{"kind": "", "goods": bundle(proposal)}, *one_kind]


def _developments(state: fold.TableState, seat: int) -> list[dict[str, object]]:
    tribe = state.tribes[seat]
    campfire = state.edition == "campfire"
    rows = []
    for kind in DEVELOPMENTS:
        done = development.done(tribe, kind)
        row: dict[str, Any] = {
            "kind": kind,
            "name": _(DEVELOPMENT_NAMES[kind]),
            "done": done,
            "limit": LIMITS[kind],
            "left": done < LIMITS[kind],
            "cost": None,
            "affordable": False,
            "vp": None,
            "any": [],
            "any_count": 0,
        }
        if row["left"] and kind == "hut":
            # H1: the card's build cost + the cumulative extra printed above the next hut.
            row["cost"] = bundle(extra_cost("hut", done + 1).as_dict())
        elif row["left"] and campfire:
            cost = development.next_cost(tribe, kind)
            row["cost"] = bundle(cost.as_dict())
            row["affordable"] = _affordable(tribe, state.supply, cost)
            row["any"], row["any_count"] = _any_food(state, seat, cost), cost.any_food
        if row["left"] and campfire:
            row["vp"] = development.next_uncovered_vp(tribe, kind)
        if kind == "cave" and row["left"]:
            row["chips"] = ROCK_CHIP_GROUPS[done]  # how many chips this creation flips
        row["notes"] = [
            *([_("uncovers %(count)s VP", count=row["vp"])] if row["vp"] else []),
            *(
                [ngettext("flips %(num)s rock chip", "flips %(num)s rock chips", row["chips"])]
                if "chips" in row
                else []
            ),
        ]
        rows.append(row)
    return rows


def _build_spaces(state: fold.TableState, seat: int) -> list[dict[str, object]]:
    """The laid-out faces with their build spaces, who stands there and what a hut costs
    ``seat`` on each face now (Campfire edition)."""
    tribe = state.tribes[seat]
    huts = {
        (h.face, h.space): owner
        for owner, t in enumerate(state.tribes)
        for h in t.huts
        if h.face is not None
    }
    can_build = development.done(tribe, "hut") < LIMITS["hut"]
    faces = []
    for face_id in state.faces:
        face: Face = FACES_BY_ID[face_id]
        cost = development.next_cost(tribe, "hut", face.build_cost) if can_build else None
        faces.append(
            {
                "id": face_id,
                "name": face_name(face_id),
                "cost": bundle(cost.as_dict()) if cost else [],
                "affordable": cost is not None and _affordable(tribe, state.supply, cost),
                "any": _any_food(state, seat, cost),
                "any_count": cost.any_food if cost else 0,
                "spaces": [
                    {
                        "index": i,
                        "number": i + 1,
                        "vp": space.vp,
                        "end_game": end_game_name(space.end_game) if space.end_game else None,
                        "owner": huts.get((face_id, i)),
                    }
                    for i, space in enumerate(face.build)
                ],
            }
        )
    return faces


def _harvests(state: fold.TableState, seat: int) -> list[dict[str, object]]:
    """Each laid-out face's hunting spaces as one-tap harvests for ``seat`` (Campfire
    edition): what the space gives with the seat's huts on that face (``games``'
    ``harvest_yield``), the one-kind choices of its free picks, and whether conversions or
    copies are left to do with the counters."""
    rows: list[dict[str, object]] = []
    for face_id in state.faces:
        face = FACES_BY_ID[face_id]
        huts = [h.space for h in state.tribes[seat].huts if h.face == face_id]
        spaces = []
        for index in range(len(face.hunting)):
            gives = harvest.harvest_yield(face, index, [h for h in huts if h is not None])
            spaces.append(
                {
                    "index": index,
                    "number": index + 1,
                    "goods": bundle({**gives.food.as_dict(), "coins": gives.coins, "vp": gives.vp}),
                    "picks": [
                        {"kind": kind, "label": good_name(kind), "count": gives.picks}
                        for kind in (gives.choices() if gives.picks else ())
                    ],
                    "manual": bool(gives.manual),
                }
            )
        rows.append({"id": face_id, "name": face_name(face_id), "spaces": spaces})
    return rows


def _hut_label(hut: Hut) -> str:
    where = (
        _("%(face)s, space %(number)s", face=face_name(hut.face), number=(hut.space or 0) + 1)
        if hut.face
        else ""
    )
    worth = end_game_name(hut.end_game) if hut.end_game else _("%(count)s VP", count=hut.vp)
    return f"{where} · {worth}" if where else worth


def _chart(state: fold.TableState) -> str | None:
    """Each seat's total VP after every turn (``totals_by_turn``), as an inline SVG."""
    values = [[0, *(row[i] for row in state.totals_by_turn)] for i in range(len(state.players))]
    labels = [_("start"), *(str(turn) for turn in range(1, len(state.totals_by_turn) + 1))]
    return charts.seat_chart(
        state.players, values, labels=labels, title=_("VP over the turns"), css_class="ha-chart"
    )


def view(table: tables.TableView) -> dict[str, object]:
    """Everything the Age of Hunting panel shows, from the folded state."""
    state: fold.TableState = table.state
    seats = len(state.players)
    campfire = state.edition == "campfire"
    count = fold.scores(state)
    seat_views = []
    for seat, (player, tribe) in enumerate(zip(state.players, state.tribes, strict=True)):
        seat_views.append(
            {
                "index": seat,
                "player": player,
                "tribe": tribe,
                "current": seat == state.current and not state.over,
                "food": [
                    {
                        "kind": k,
                        "label": good_name(k),
                        "count": tribe.food[k],
                        "supply": state.supply.food[k],
                    }
                    for k in FOODS
                ],
                "held": tribe.food.total,
                "surplus": storage.surplus(tribe),
                "default_return": storage.default_return(tribe).as_dict(),
                "developments": _developments(state, seat),
                "faces": _build_spaces(state, seat) if campfire else [],
                # one tap per hunting action: the player in turn, and everyone during the
                # opening placements (before the first turn ends)
                "harvests": (
                    _harvests(state, seat)
                    if campfire and not state.over and (seat == state.current or not state.turn)
                    else []
                ),
                "huts": [_hut_label(h) for h in tribe.huts],
                "chips": [chip_label(back) for back in tribe.revealed_chips],
                "score": count["scores"][seat],
            }
        )
    trigger = state.end_trigger
    return {
        "edition": state.edition,
        "campfire": campfire,
        "turn": state.turn + 1,
        "current": state.current,
        "over": state.over,
        "developed": state.developed,
        "current_name": state.players[state.current].name,
        "faces": [
            {
                "id": f,
                "name": face_name(f),
                "card": FACES_BY_ID[f].card,
                "side": FACES_BY_ID[f].side,
                "basic": FACES_BY_ID[f].basic,
            }
            for f in state.faces
        ],
        "setup_open": state.turn == 0,
        # H1 setup: how many cards of each kind this player count lays out.
        "basic_cards": len(BASIC_CARDS),
        "new_land_cards": layout.new_land_count(seats),
        "start_player": state.players[state.start_player].name,
        "opening_order": [
            state.players[s].name for s in layout.opening_order(seats, state.start_player)
        ],
        "last_player": state.players[last_seat(seats, state.start_player)].name,
        "supply": [
            {
                "kind": k,
                "label": good_name(k),
                "count": state.supply.food[k],
                "limit": fold.COUNTERS[k][1],
            }
            for k in FOODS
        ],
        "seats": seat_views,
        # the player whose turn it is first: their card holds the controls of the moment
        "seats_in_turn_order": sorted(seat_views, key=lambda v: not v["current"]),
        "trigger": state.players[trigger].name if trigger is not None else None,
        "turns_left": state.turns_left,
        "ranking": [[seat_views[s] for s in group] for group in count["ranking"]],
        "winners": [state.players[s].name for s in count["winners"]],
        "chart": _chart(state),
        "chip_choices": [(back, chip_label(back)) for back in ROCK_CHIPS],
        "end_game_choices": [(card, end_game_name(card)) for card in END_GAME_CARDS],
        "cost_parts": [(part, good_name(part)) for part in COST_PARTS],
        # H2: what decided the win (the end screen says when a tie-break did)
        "decided_by": count.get("decided_by"),
    }


# ---------------------------------------------------------------------------------------
# form posts


def _count(name: str, label: str) -> int:
    """A whole number of pieces from the form; an empty field is 0."""
    return base.form_int(name, label=label, default=0)


def _goods(prefix: str, kinds: tuple[str, ...]) -> dict[str, int]:
    return {kind: _count(f"{prefix}.{kind}", good_name(kind)) for kind in kinds}


@bp.post("/setup")
def setup(table_id: str) -> ResponseReturnValue:
    def build(_table: tables.TableView) -> changes.Setup:
        if request.form.get("start_player", "").strip():
            return changes.Setup(base.form_int("start_player", label=_("start player")))
        return changes.Setup()  # prepare draws the start player and the faces

    return kit.post_event(table_id, build, game=GAME)


@bp.post("/develop")
def develop(table_id: str) -> ResponseReturnValue:
    def build(table: tables.TableView) -> changes.Develop:
        kind = request.form.get("kind", "")
        seat = base.form_int("seat", label=_("seat"))
        any_food: changes.Goods | None = None
        if any(key.startswith("any.") for key in request.form):
            any_food = tuple((k, v) for k, v in _goods("any", FOODS).items() if v) or None
        if request.form.get("any_kind", ""):
            # a one-tap choice: the whole any-food part paid with one kind
            any_food = (
                (request.form["any_kind"], base.form_int("any_count", label=_("any food"))),
            )
        change = changes.Develop(seat, kind, any_food=any_food)
        if table.state.edition == "campfire":
            if kind == "hut":
                face = request.form.get("face", "")
                space = base.form_int("space", label=_("build space"))
                return replace(change, face=face, space=space)
            return change  # a cave's chips: prepare draws them
        # Original components: the player types what is printed on their board.
        change = replace(
            change,
            cost=tuple((k, v) for k, v in _goods("cost", COST_PARTS).items() if v),
            uncovered_vp=_count("uncovered_vp", _("VP uncovered")),
        )
        if kind == "cave":
            return replace(change, chips=tuple(c for c in request.form.getlist("chip") if c))
        if kind == "hut":
            end_game = request.form.get("end_game", "")
            if end_game:
                return replace(change, end_game=end_game)
            return replace(change, vp=_count("vp", _("hut VP")))
        return change

    return kit.post_event(table_id, build, game=GAME)


@bp.post("/harvest")
def harvest_space(table_id: str) -> ResponseReturnValue:
    def build(_table: tables.TableView) -> changes.Harvest:
        seat = base.form_int("seat", label=_("seat"))
        face = request.form.get("face", "")
        space = base.form_int("space", label=_("hunting space"))
        choice = tuple((k, v) for k, v in _goods("choice", FOODS).items() if v)
        # no face: the rules' refusal lists the faces on the table; no choice: prepare's
        return changes.Harvest(seat, face or None, space, choice or None)

    return kit.post_event(table_id, build, game=GAME)


@bp.post("/store")
def store(table_id: str) -> ResponseReturnValue:
    def build(_table: tables.TableView) -> changes.Store:
        seat = base.form_int("seat", label=_("seat"))
        return changes.Store(seat, tuple(_goods("return", FOODS).items()))

    return kit.post_event(table_id, build, game=GAME)


@bp.post("/end-turn")
def end_turn(table_id: str) -> ResponseReturnValue:
    def build(_table: tables.TableView) -> changes.EndTurn:
        return changes.EndTurn(base.form_int("seat", label=_("seat")))

    return kit.post_event(table_id, build, game=GAME)


def init_app(app: Flask) -> None:
    kit.register(app, bp, GAME, view)
