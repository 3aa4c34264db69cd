"""The Bison market page: GET ``market``, POST ``buy`` and ``exchange`` (B7).

Glossary
--------
market
    The hunters, tents and canoes a seat may still buy, and their prices.
exchange
    Three of one animal for one of another (B7), ``times`` at once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from flask import redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import gettext as _

from companion import tables
from companion.pages.base import is_htmx
from companion.panels import _kit as kit
from companion.panels.bison.forms import int_field, seat_field
from companion.panels.bison.pages import (
    GAME,
    bp,
    default_seat,
    refusal,
    render_context,
    render_page,
)
from games.bison.economy import ANIMALS, EXCHANGE_RATE, HUNTER_PRICE, structure_price
from games.errors import RuleError


def _market_context(table: tables.TableView, seat: int | None = None) -> Mapping[str, object]:
    state = table.state
    if seat is None:
        seat = state.rounds.check_seat(seat_field(table, default_seat(table)))
    supply = state.supplies[seat]
    return {
        "seat_index": seat,
        "supply": supply.as_dict(),
        "stocks": state.stocks[seat],
        "hunter_price": HUNTER_PRICE.bison,
        "animals": ANIMALS,
        "rate": EXCHANGE_RATE,
        "structure_price": lambda size: structure_price(size).bison,
        "sizes": sorted(set(supply.tents.market) | set(supply.canoes.market)),
        "tent_market": supply.tents.market,
        "canoe_market": supply.canoes.market,
    }


@bp.get("/market")
def market(table_id: str) -> ResponseReturnValue:
    table = kit.game_table(table_id, GAME)
    try:
        return render_context("market.html", table, _market_context(table))
    except RuleError as error:
        return render_page("message.html", table, error=refusal(error), status=422)


def _market_post(
    table_id: str, event_of: Callable[[], Mapping[str, object]]
) -> ResponseReturnValue:
    if is_htmx():  # the board page's one-tap buy: the fresh panel, or it with the refusal
        return kit.post_event(table_id, lambda _table: event_of(), game=GAME)

    def refused(table: tables.TableView, message: str) -> ResponseReturnValue:
        try:
            context = _market_context(table)
        except RuleError:  # the seat itself was bad: show the default seat's market
            context = _market_context(table, default_seat(table))
        return render_context("market.html", table, context, error=message, status=422)

    return kit.post_event(
        table_id,
        lambda _table: event_of(),
        game=GAME,
        refused=refused,
        answer=lambda _table: _answer(table_id),
    )


def _answer(table_id: str) -> ResponseReturnValue:
    # A buy from the board page's one-tap button goes back there; the market page stays.
    if request.form.get("back") == "table":
        return redirect(url_for("web.table", table_id=table_id), code=303)
    return redirect(
        url_for("bison.market", table_id=table_id, seat=request.form.get("seat", "")), code=303
    )


@bp.post("/buy")
def buy(table_id: str) -> ResponseReturnValue:
    def event() -> dict[str, object]:
        item = request.form.get("item", "")
        built: dict[str, object] = {
            "type": "buy",
            "seat": int_field("seat", _("player")),
            "item": item,
        }
        if item in ("tent", "canoe"):
            built["size"] = int_field("size", _("size"))
        return built

    return _market_post(table_id, event)


@bp.post("/exchange")
def exchange(table_id: str) -> ResponseReturnValue:
    def event() -> dict[str, object]:
        return {
            "type": "exchange",
            "seat": int_field("seat", _("player")),
            "give": request.form.get("give", ""),
            "get": request.form.get("get", ""),
            "times": int_field("times", _("times"), 1),
        }

    return _market_post(table_id, event)
