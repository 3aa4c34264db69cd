"""The Bison scoring page: GET/POST ``score``, the round's scoring with the overflow
choices (B8 as amended, B9, B10).

Glossary
--------
overflow
    An award that would take a stock above 15 (B8): the player may exchange 3 of that
    animal (from the whole stock) for 1 of another with room, any number of times, and buy
    at the market (B7) with the stocks; what still does not fit is lost.
proposal
    ``Scoring.proposal``: the choice that loses the least food (then keeps the largest
    smallest stock, B10); it is preselected, and the page warns what doing nothing loses.
choice fields
    ``o.<seat>.<region>`` (present for every overflow shown), ``o.<seat>.<region>.x.<give>.
    <get>`` = how many exchanges (chips), ``o.<seat>.<region>.buy`` = ``hunter`` or
    ``tent.<n>`` / ``canoe.<n>`` (checkboxes): the player's own choice.
preview
    ``preview`` re-renders the page with the choices instead of scoring.
"""

from __future__ import annotations

from typing import Any

from flask import request
from flask.typing import ResponseReturnValue

from companion import tables
from companion.pages import base
from companion.panels import _kit as kit
from companion.panels.bison.overflows import overflow_cases, overflow_choices
from companion.panels.bison.pages import (
    GAME,
    bp,
    post_page_event,
    refusal,
    render_context,
)
from companion.panels.bison.view import board_markup, standings
from games.bison import fold
from games.bison.economy import ANIMALS, EXCHANGE_RATE, STOCK_CAP
from games.bison.overflow import Choice
from games.bison.rounds import ACTIONS_PER_ROUND
from games.bison.tiles import SCORING_ORDER
from games.errors import N_, RuleError


def _choices_from_form() -> dict[tuple[int, int], Choice]:
    """The ``o.*`` fields: each overflowing award's exchanges and buys (B8 as amended)."""
    chosen: dict[tuple[int, int], dict[str, list[dict[str, object]]]] = {}
    for key in request.form:
        if not key.startswith("o."):
            continue
        parts = key.split(".")
        numbers = [base.small_number(p) for p in parts[1:3]]
        seat, region = [*numbers, None, None][:2]
        if len(parts) not in (3, 4, 6) or seat is None or region is None:
            raise RuleError(N_("the exchange field {field} is not understood"), field=key)
        entry = chosen.setdefault((seat, region), {"exchanges": [], "buys": []})
        if len(parts) == 6 and parts[3] == "x":
            times = base.small_number(request.form.get(key))
            if times is None:
                raise RuleError(N_("the exchange field {field} is not understood"), field=key)
            if times:
                entry["exchanges"].append({"give": parts[4], "get": parts[5], "times": times})
        elif len(parts) == 4 and parts[3] == "buy":
            for value in request.form.getlist(key):
                item, _dot, size = value.partition(".")
                entry["buys"].append(
                    {"item": item, **({"size": base.small_number(size)} if size else {})}
                )
        elif len(parts) != 3:
            raise RuleError(N_("the exchange field {field} is not understood"), field=key)
    return {key: Choice.from_json(raw) for key, raw in chosen.items()}


def _score_context(
    table: tables.TableView, chosen: dict[tuple[int, int], Choice]
) -> dict[str, Any]:
    state = table.state
    result = fold.score_now(state, overflow=chosen)
    live = standings(table)
    seats = []
    for index, player in enumerate(table.players):
        overflows = overflow_cases(result, index, state.supplies[index])
        awards = result.awards(index).as_dict()
        # Lost: what the line says each case loses (thrown away, and the 2 of every
        # 3-for-1 exchange, B8), so the column agrees with the lines below it.
        counted = {o["region"] for o in overflows}
        lost = sum(o["cost"] for o in overflows) + sum(
            receipt.lost.total
            for region, receipt in result.receipts[index]
            if region not in counted
        )
        seats.append(
            {
                "index": index,
                "name": player.name,
                "colour": player.color,
                "before": result.before[index].as_dict(),
                "awards": awards,
                "after": result.after[index].as_dict(),
                "lost": lost,
                "overflows": overflows,
            }
        )
    order = {terrain: i for i, terrain in enumerate(SCORING_ORDER)}
    groups = [
        {"terrain": terrain, "regions": [r for r in live["regions"] if r["terrain"] == terrain]}
        for terrain in sorted(order, key=order.__getitem__)
    ]
    rounds = state.rounds
    # Tapping a region line highlights that region on the board (``region=<n>``).
    shown = base.small_number(request.args.get("region"))
    highlight = (
        result.regions[shown].region.spaces
        if shown is not None and shown < len(result.regions)
        else ()
    )
    return {
        "board": board_markup(table, links=False, highlight=highlight),
        "highlighted": shown if highlight else None,
        "final": result.final,
        "groups": groups,
        "seats": seats,
        "animals": ANIMALS,
        "complete": rounds.round_complete or rounds.finished,
        # Something to choose: only then is "show the result of these choices" offered.
        "choosing": any(s["overflows"] for s in seats),
        "done": state.final_scored,
        "cap": STOCK_CAP,
        "rate": EXCHANGE_RATE,
        "actions_per_round": ACTIONS_PER_ROUND,
    }


@bp.route("/score", methods=["GET", "POST"])
def score(table_id: str) -> ResponseReturnValue:
    table = kit.game_table(table_id, GAME)
    try:
        chosen = _choices_from_form() if request.method == "POST" else {}
        context = _score_context(table, chosen)
    except RuleError as error:
        context = _score_context(table, {})
        return render_context("score.html", table, context, error=refusal(error), status=422)
    if request.method == "GET" or request.form.get("preview"):
        return render_context("score.html", table, context)

    def build() -> dict[str, object]:
        # B8 as amended: every overflow's choice as shown (the proposal unless changed);
        # B10: the final result stays final (``lock``).
        overflow = overflow_choices(
            [(s["index"], o) for s in context["seats"] for o in s["overflows"]]
        )
        return {
            "type": "score",
            "override": request.form.get("override") == "on",
            "lock": True,
            "overflow": overflow,
        }

    if request.headers.get("HX-Request"):  # the panel's one-tap scoring: the fresh panel
        return kit.post_event(table.id, lambda _table: build(), table=table)
    return post_page_event(table, build, "score.html", context)
