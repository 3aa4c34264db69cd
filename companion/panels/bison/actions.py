"""The Bison action helper: GET/POST ``action``, one of the six actions for a seat (B6,
B11).

Glossary
--------
action helper
    The page that shows a seat's available actions, the cost of its hunters and the
    default payment, and for a tent/canoe the spaces it may build on.
build
    ``size``/``replaces`` (and ``build_at`` = ``q,r,terrain``): the one tent or canoe the
    action builds or enlarges.
"""

from __future__ import annotations

from typing import Any

from flask import request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _
from flask_babel import ngettext

from companion import tables
from companion.panels import _kit as kit
from companion.panels.bison.forms import hex_arg, int_field, payment_split, seat_field
from companion.panels.bison.names import space_label
from companion.panels.bison.pages import (
    GAME,
    bp,
    default_seat,
    post_page_event,
    refusal,
    render_context,
    render_page,
)
from games.bison.economy import (
    ANIMALS,
    COST_TABLE,
    MAX_HUNTERS_PER_ACTION,
    Amounts,
    default_payment,
    payment_options,
)
from games.bison.rounds import Action
from games.bison.tiles import STRUCTURE_ON
from games.errors import RuleError


def paid_label(split: Amounts) -> str:
    """A payment in words, as a chip says it: "2 bison + 1 turkey" (plurals by gettext)."""
    counted = {
        "bison": lambda n: ngettext("%(num)s bison", "%(num)s bison", n),
        "salmon": lambda n: ngettext("%(num)s salmon", "%(num)s salmon", n),
        "turkey": lambda n: ngettext("%(num)s turkey", "%(num)s turkeys", n),
    }
    return " + ".join(counted[a](split.get(a)) for a in ANIMALS if split.get(a))


def paid_with(table: tables.TableView, seat: int) -> list[dict[str, object]]:
    """The "paid with" chips of every hunter count that costs food (B6, issue 26): for
    each, the splits ``payment_options`` offers, the default first (pre-filled). A page
    shows the group of the hunters chosen (CSS), so one tap changes the payment.
    Template global ``bison_paid_with``."""
    stocks = table.state.stocks[seat]
    groups = []
    for hunters in range(1, MAX_HUNTERS_PER_ACTION + 1):
        options = payment_options(stocks, COST_TABLE[hunters])
        if options:
            groups.append(
                {
                    "hunters": hunters,
                    "cost": COST_TABLE[hunters],
                    "options": [
                        {"value": ".".join(str(o.get(a)) for a in ANIMALS), "label": paid_label(o)}
                        for o in options
                    ],
                }
            )
    return groups


def _action_context(table: tables.TableView) -> dict[str, object]:
    state = table.state
    seat = seat_field(table, default_seat(table))
    seat = state.rounds.check_seat(seat)
    available = [a.value for a in state.rounds.available(seat)]
    action = request.values.get("action") or (available[0] if available else "")
    hunters = int_field("hunters", _("hunters"), 1 if action != "place_tile" else 0)
    hunters = min(max(hunters, 0), MAX_HUNTERS_PER_ACTION)
    cost = COST_TABLE[hunters]
    stocks = state.stocks[seat]
    split: dict[str, int] | dict[str, str] | None = None
    if cost > 0:
        try:
            split = default_payment(stocks, cost).as_dict()
        except RuleError as error:
            split = {"problem": refusal(error)}
    colour = state.colours[seat]
    kind = action if action in ("tent", "canoe") else None
    build_spaces = []
    if kind:
        for (at, terrain), pieces in sorted(state.board.pieces.items()):
            if pieces.player == colour and STRUCTURE_ON[terrain] == kind:
                build_spaces.append(
                    {
                        "value": f"{at[0]},{at[1]},{terrain}",
                        "label": space_label(table, (at, terrain)),
                        "hunters": pieces.hunters,
                        "structure": pieces.structure,
                    }
                )
    params = {"seat": seat, "action": action, "hunters": hunters}

    def link(**changes: Any) -> str:
        return url_for("bison.action", table_id=table.id, **{**params, **changes})

    return {
        "link": link,
        "seat_index": seat,
        "actions": [a.value for a in Action],
        "available": available,
        "action": action,
        "hunters": hunters,
        "cost": cost,
        "split": split,
        "stocks": stocks.as_dict(),
        "kind": kind,
        "build_spaces": build_spaces,
        "next_seat": state.rounds.next_seat,
        "animals": ANIMALS,
        "max_hunters": MAX_HUNTERS_PER_ACTION,
        "tile_due": state.rounds.tile_due(seat),
        "actions_left": state.rounds.actions_left(seat),
    }


@bp.route("/action", methods=["GET", "POST"])
def action(table_id: str) -> ResponseReturnValue:
    table = kit.game_table(table_id, GAME)
    try:
        context = _action_context(table)
    except RuleError as error:
        return render_page("message.html", table, error=refusal(error), status=422)
    if request.method == "GET":
        return render_context("action.html", table, context)

    def build() -> dict[str, object]:
        hunters = int_field("hunters", _("hunters"))
        event: dict[str, object] = {
            "type": "action",
            "seat": context["seat_index"],
            "action": request.form.get("action", ""),
            "hunters": hunters,
            "override": request.form.get("override") == "on",
        }
        if hunters == 0:
            event["gain"] = request.form.get("gain", "")
        else:
            payment = payment_split(hunters)
            if payment is not None:
                event["payment"] = payment
        if event["action"] in ("tent", "canoe") and hunters:
            build: dict[str, object] = {
                "size": int_field("size", _("size")),
                "replaces": int_field("replaces", _("replaces"), 0),
            }
            where = request.form.get("build_at", "").strip()
            if where:
                q, r, terrain = ([*where.split(","), "", "", ""])[:3]
                build["at"] = list(hex_arg(f"{q},{r}"))
                build["space"] = terrain
            event["builds"] = [build]
        return event

    return post_page_event(table, build, "action.html", context)
