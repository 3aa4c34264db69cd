"""The Bison scoring page: GET/POST ``score``, the round's scoring with the overflow
choices (B8, B9, B10).

Glossary
--------
overflow
    An award that would take a stock above 15 (B8): its whole triples of surplus may become
    other animals, the rest is lost.
choice field
    ``x.<seat>.<region>.<n>``: the animal the n-th triple of that award becomes; empty =
    lost.
preview
    ``preview`` re-renders the page with the choices instead of scoring.
"""

from __future__ import annotations

from typing import Any

from flask import request

from companion import tables
from companion.i18n import rule_error_message
from companion.pages import base
from companion.panels import _kit as kit
from companion.panels.bison.pages import GAME, bp, post_page_event, render_page
from companion.panels.bison.view import standings
from games.bison import table as fold
from games.bison.economy import ANIMALS, EXCHANGE_RATE, STOCK_CAP
from games.bison.rounds import ACTIONS_PER_ROUND
from games.bison.tiles import SCORING_ORDER
from games.errors import N_, RuleError


def _choices_from_form(table: tables.TableView) -> list[dict[str, Any]] | None:
    """``x.<seat>.<region>.<n>`` selects: the animal each triple of surplus becomes."""
    picked: dict[tuple[int, int], list[tuple[int, str]]] = {}
    for key, value in request.form.items():
        if not key.startswith("x."):
            continue
        parts = key.split(".")
        numbers = [base.small_number(p) for p in parts[1:]]
        if len(parts) != 4 or None in numbers:
            raise RuleError(N_("the exchange field {field} is not understood"), field=key)
        seat, region, number = numbers
        picked.setdefault((seat, region), []).append((number, value))
    if not picked:
        return None
    choices = []
    scoring = fold.score_now(table.state)
    for (seat, region), triples in sorted(picked.items()):
        animal = scoring.regions[region].animal if region < len(scoring.regions) else "bison"
        exchanges = [{"give": animal, "get": get} for _n, get in sorted(triples) if get]
        choices.append({"seat": seat, "region": region, "exchanges": exchanges})
    return choices


def _score_context(table: tables.TableView, choices: list[dict[str, Any]] | None
                   ) -> dict[str, Any]:
    state = table.state
    parsed = fold.parse_choices(state, choices)
    result = fold.score_now(state, parsed)
    live = standings(table)
    seats = []
    for index, player in enumerate(table.players):
        overflows = []
        for region_index_, receipt in result.overflows(index):
            score = result.regions[region_index_]
            # B8: the surplus, its whole triples and where they may go (games.bison).
            option = result.overflow(index, region_index_)
            if option is None:
                continue
            chosen = [e.get for e in receipt.exchanges]
            overflows.append({
                "region": region_index_, "terrain": score.region.terrain,
                "animal": option.animal, "award": result.award(index, region_index_).total,
                "surplus": option.surplus,
                "triples": [chosen[k] if k < len(chosen) else ""
                            for k in range(option.triples)],
                "targets": list(option.targets),
                "lost": receipt.lost.total, "kept": receipt.stocks.as_dict(),
            })
        seats.append({"index": index, "name": player.name, "colour": player.color,
                      "before": result.before[index].as_dict(),
                      "awards": result.awards(index).as_dict(),
                      "after": result.after[index].as_dict(),
                      "lost": result.lost(index).total, "overflows": overflows})
    order = {terrain: i for i, terrain in enumerate(SCORING_ORDER)}
    groups = [{"terrain": terrain,
               "regions": [r for r in live["regions"] if r["terrain"] == terrain]}
              for terrain in sorted(order, key=order.__getitem__)]
    rounds = state.rounds
    return {"final": result.final, "groups": groups, "seats": seats, "animals": ANIMALS,
            "complete": rounds.round_complete or rounds.finished,
            "done": state.final_scored, "choices": choices or [], "cap": STOCK_CAP,
            "rate": EXCHANGE_RATE, "actions_per_round": ACTIONS_PER_ROUND}


@bp.route("/score", methods=["GET", "POST"])
def score(table_id: str) -> Any:
    table = kit.game_table(table_id, GAME)
    try:
        choices = _choices_from_form(table) if request.method == "POST" else None
        context = _score_context(table, choices)
    except RuleError as error:
        context = _score_context(table, None)
        return render_page("score.html", table, error=rule_error_message(error), status=422,
                           **context)
    if request.method == "GET" or request.form.get("preview"):
        return render_page("score.html", table, **context)

    def build() -> dict[str, Any]:
        event: dict[str, Any] = {"type": "score",
                                 "override": request.form.get("override") == "on",
                                 "lock": True}  # B10: the result stays final
        if choices:
            event["exchanges"] = choices
        return event

    return post_page_event(table, build, "score.html", context)
