"""One photo proposal line in few words (issue 32, item 6): what one action of one player
did, short enough that a 4-player round fits in about a screen and a half at 360 px.

Glossary
--------
short action
    The action as a line names it ("Move 1–3", "Tent"): the rulebooks' action in a word
    or two (ja 移動1～3, it Muovere 1–3); the editor and the questions keep the full names.
line words
    ``what``: the action and its board change ("Tile B07: 2 hunters → prairie", "Move 1:
    1 hunter: prairie of B07 → mountain of S1"), with no preposition before a space's
    name (it "prateria di B07" reads right alone, not after "su"); ``paid``: what it
    costs as the table pays it ("pays 2 bison"; "+1 salmon" without hunters), from the
    rules' own count of the hunters used (``fold.hunters_used``) and default split.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from companion import tables
from companion.i18n import translate
from companion.panels.bison.actions import paid_label
from companion.panels.bison.names import animal_count, kind_name, space_label, space_name
from games.bison import explain_market as market
from games.bison import fold
from games.bison.economy import Amounts, action_cost, default_payment
from games.bison.explain_lines import answer_paid
from games.bison.table.history import describe
from games.errors import N_, RuleError

SHORT_ACTIONS = {
    "place_tile": N_("Tile"),
    "tent": N_("Tent"),
    "canoe": N_("Canoe"),
    "gather": N_("Gather"),
    "move_1": N_("Move 1"),
    "move_3": N_("Move 1–3"),
}


def separator() -> str:
    """The separator of a line's parts: " · ", in Japanese the full-width ・."""
    return _(" · ")


def short_action(action: str) -> str:
    return _(SHORT_ACTIONS.get(action, action))


def _space(table: tables.TableView, ref: Any) -> str:
    """A space reference named as the board names it: by the tile label the reference
    carries (``fold.space_ref`` writes it: a tile placed this round is not yet on the
    table's board), else as the table's board names it."""
    if isinstance(ref, Mapping) and isinstance(ref.get("tile"), str):
        return _("%(space)s of %(tile)s", space=space_name(str(ref.get("space"))), tile=ref["tile"])
    try:
        return space_label(table, ((int(ref["at"][0]), int(ref["at"][1])), str(ref["space"])))
    except (KeyError, IndexError, TypeError, ValueError):
        return "?"


def _hunters(num: int) -> str:
    return ngettext("%(num)s hunter", "%(num)s hunters", num)


def _change(table: tables.TableView, event: Mapping[str, Any], named: bool) -> str | None:
    """The board change of a ``play`` (None: a form this module does not word); a move
    names its action unless a question beside it asks which (``named``)."""
    action = event.get("action")
    if action == "place_tile":
        tile = str(event.get("tile") or _("a retail tile"))
        if not event.get("hunters"):
            return _("Tile %(tile)s", tile=tile)
        return _(
            "Tile %(tile)s: %(hunters)s → %(space)s",
            tile=tile,
            hunters=_hunters(int(event["hunters"])),
            space=space_name(str(event.get("space"))),
        )
    if action in ("move_1", "move_3") and isinstance(event.get("moves"), list):
        hops = [
            _(
                "%(hunters)s: %(start)s → %(goal)s",
                hunters=_hunters(int(m.get("hunters", 0))),
                start=_space(table, m.get("from")),
                goal=_space(table, m.get("to")),
            )
            for m in event["moves"]
        ]
        said = _("; ").join(hops)
        return short_action(str(action)) + separator() + said if named else said
    if action == "gather" and isinstance(event.get("gather"), Mapping):
        gather = event["gather"]
        sources = gather.get("from") or []
        said = _(
            "%(hunters)s → %(goal)s (from %(sources)s)",
            hunters=_hunters(sum(int(s.get("hunters", 0)) for s in sources)),
            goal=_space(table, gather.get("to")),
            sources=_("; ").join(_space(table, s.get("space")) for s in sources),
        )
        return short_action("gather") + separator() + said if named else said
    if action in ("tent", "canoe") and isinstance(event.get("builds"), list):
        builds = [
            _(
                "%(kind)s of size %(size)s: %(space)s",
                kind=kind_name(str(action)),
                size=b.get("size"),
                space=_space(table, b.get("space")),
            )
            for b in event["builds"]
        ]
        return _("; ").join(builds)
    return None


def _paid(before: fold.State, event: Mapping[str, Any]) -> str:
    """What the line costs the player (B6): the split paid, "+1 animal" without hunters."""
    if event.get("gain"):
        return "+" + animal_count(str(event["gain"]), 1)
    try:
        hunters = fold.hunters_used(before, event)
        seat = int(event["seat"])
        cost = action_cost(hunters)
        if cost <= 0:
            return ""
        split = event.get("payment")
        paid = (
            Amounts(**{a: int(split.get(a, 0)) for a in ("bison", "salmon", "turkey")})
            if isinstance(split, Mapping)
            else default_payment(before.stocks[seat], cost)
        )
    except (RuleError, KeyError, TypeError, ValueError):
        return ""
    return _("pays %(what)s", what=paid_label(paid))


def paid_in_all(before: fold.State, events: Sequence[Mapping[str, Any]]) -> str:
    """What a line of several actions of one player costs in all (B6), as one "pays …"
    ("pays 3 bison + 1 salmon", not one "pays" an action): "" when it costs no food."""
    seat = events[0].get("seat") if events else None
    if not isinstance(seat, int) or not 0 <= seat < len(before.players):
        return ""
    cost, paid = answer_paid(before, seat, events)
    if cost <= 0:
        return ""
    return _("pays %(what)s", what=paid_label(Amounts(**paid)))


def line_words(
    table: tables.TableView, before: fold.State, event: Mapping[str, Any], *, asked: bool = False
) -> tuple[str, str]:
    """``(what, paid)`` of a proposal line whose event applies to ``before`` (``asked``:
    a question beside the line names the action)."""
    kind = event.get("type")
    if kind == "play":
        what = _change(table, event, not asked)
        if what is not None:  # a line starts as a sentence does ("Tent of size 1: …")
            return what[:1].upper() + what[1:], _paid(before, event)
    if kind == "action" and event.get("gain"):
        return (
            _(
                "%(action)s without hunters",
                action=short_action(str(event.get("action"))),
            ),
            _paid(before, event),
        )
    if kind == "buy":  # what only the market explains (games.bison.explain_market)
        size = event.get("size")
        if isinstance(size, int):
            what = _(
                "Bought a size-%(size)s %(item)s at the market",
                size=size,
                item=kind_name(str(event.get("item"))),
            )
        else:
            what = _("Bought a hunter at the market")
        return what, _("pays %(what)s", what=paid_label(market.price(event)))
    if kind == "tile":
        return _(
            "Tile %(tile)s", tile=str(event.get("tile") or _("a retail tile"))
        ) + separator() + _("on the board only (no action)"), ""
    template, params = describe(dict(event), table.players)
    return translate(template, params), ""
