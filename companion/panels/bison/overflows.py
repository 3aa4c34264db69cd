"""A round's over-15 cases (B8 as amended), one per award that takes a seat's stock above
15: what the score page shows for each (the proposal or the player's choice, its
exchanges and buys, what it loses) and the one line the panel shows beside its one-tap
scoring (issue 34).

Glossary
--------
case
    One seat's award from one region that passes 15: the stocks before it, the award,
    the choice made (``receipt``: the proposal unless the form chose otherwise), its
    words (``steps``) and the food it loses (``cost``: thrown away, and the 2 of every
    3-for-1 exchange).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from companion.i18n import translate
from companion.panels.bison.names import animal_count
from games.bison import fold
from games.bison.economy import ANIMALS, EXCHANGE_RATE, STOCK_CAP, Supply
from games.bison.overflow import Choice, settle
from games.bison.table.scoring import Scoring

#: A seat's over-15 case as ``proposed`` gives it: (the seat, the case).
#: An over-15 case as the score page and the photo's button say it (a template's dict:
#: region, animal, kept, cost, choice, the exchanges and buys on offer).
Case = dict[str, Any]
SeatCase = tuple[int, Case]


def _buy_options(supply: Supply) -> list[dict[str, object]]:
    options: list[dict[str, object]] = []
    if supply.hunters_market:
        options.append({"value": "hunter", "item": "hunter", "size": 0})
    for kind in ("tent", "canoe"):
        for size in sorted(set(supply.structures(kind).market)):
            options.append({"value": f"{kind}.{size}", "item": kind, "size": size})
    return options


def overflow_cases(result: Scoring, index: int, supply: Supply) -> list[Case]:
    """Seat ``index``'s over-15 cases in ``result`` (its supply before the scoring:
    ``supply``), in scoring order; each says its choice (``result``'s receipt) in words."""
    cases: list[Case] = []
    for region, receipt in result.receipts[index]:
        proposal = result.proposal(index, region, supply)
        if proposal is None:
            continue
        score = result.regions[region]
        stocks = result.stocks_before(index, region)
        award = result.award(index, region)
        before = supply
        for earlier, done in result.receipts[index]:
            if earlier == region:
                break
            for buy in done.buys:
                before = buy.bought(before)
        made = Counter((e.give, e.get) for e in receipt.exchanges)
        bought = Counter(
            b.as_json().get("item", "") + (f".{b.size}" if b.size else "") for b in receipt.buys
        )
        nothing = settle(stocks, award, before, Choice.nothing()).discarded
        made_choice = Choice(tuple(receipt.exchanges), tuple(receipt.buys))
        outcome = settle(stocks, award, before, made_choice)
        cases.append(
            {
                "key": f"{index}.{region}",
                "region": region,
                "terrain": score.region.terrain,
                "animal": score.animal,
                "award": award.total,
                "before": stocks.as_dict(),
                # B8: 3 of the overflowing animal, from its whole stock, for 1 of another.
                "exchanges": [
                    {
                        "give": give,
                        "into": into,
                        "times": made[(give, into)],
                        "most": (stocks.get(give) + award.get(give)) // EXCHANGE_RATE,
                    }
                    for give in ANIMALS
                    for into in ANIMALS
                    if give != into and stocks.get(give) + award.get(give) > STOCK_CAP
                ],
                # B10: at the final scoring a piece is worth no food; nothing to buy.
                "buys": []
                if result.final
                else [{**o, "on": bought[str(o["value"])] > 0} for o in _buy_options(before)],
                # The one line the case is shown as (issue 26): the choice in words.
                "steps": translate("{steps}", {"steps": made_choice.phrases()}),
                "lost": receipt.lost.as_dict(),
                "lost_total": receipt.lost.total,
                "nothing": nothing.as_dict(),
                "nothing_total": nothing.total,
                "proposal_lost": proposal.discarded.total,
                "cost": outcome.lost,
                "is_proposal": tuple(receipt.exchanges) == tuple(proposal.choice.exchanges)
                and tuple(receipt.buys) == tuple(proposal.choice.buys),
                "kept": receipt.stocks.as_dict(),
                "choice": {
                    "exchanges": [{"give": e.give, "get": e.get} for e in receipt.exchanges],
                    "buys": [b.as_json() for b in receipt.buys],
                },
            }
        )
    awards = result.awards(index).as_dict()
    for case in cases:
        # The line says the round's gain of that animal, as the table above does
        # (issue 32: "+2" beside "(+4)"), unless two cases share the animal.
        alike = sum(1 for c in cases if c["animal"] == case["animal"])
        case["gain"] = awards[case["animal"]] if alike == 1 else case["award"]
    return cases


def proposed(state: fold.State, seats: Iterable[int] | None = None) -> list[SeatCase]:
    """Every seat's (or ``seats``') over-15 cases as the round's scoring settles them with
    nothing chosen (B8 as amended: each the proposal, the least food lost): what the
    panel's one-tap "Score the round as proposed" and the photo's "Confirm and score the
    round" accept."""
    result = fold.score_now(state, overflow={})
    return [
        (seat, case)
        for seat in (range(len(state.players)) if seats is None else seats)
        for case in overflow_cases(result, seat, state.supplies[seat])
    ]


def overflow_choices(cases: list[SeatCase]) -> list[dict[str, object]]:
    """The ``score`` event's ``overflow`` (each case's choice as the cases say it)."""
    return [{"seat": seat, "region": case["region"], **case["choice"]} for seat, case in cases]


def case_key(seat: int, case: Case) -> str:
    """One case as a button's value names it: ``<seat>.<region>.<kept>.<lost>`` and its
    choice's steps (``-<give><get>`` an exchange, ``-<item><size>`` a buy, by initials):
    everything the words beside it say (the checks compare these, never the words)."""
    kept = case["kept"][case["animal"]]
    choice = case["choice"]
    steps = [f"{e['give'][0]}{e['get'][0]}" for e in choice["exchanges"]]
    steps += [f"{b.get('item', '')[:1]}{b.get('size', '')}" for b in choice["buys"]]
    return "-".join([f"{seat}.{case['region']}.{kept}.{case['cost']}", *steps])


def cases_value(cases: Sequence[SeatCase]) -> str:
    """Cases as the button's ``over:`` part names them (``case_key``, comma-separated):
    what the phone is shown and what the tap is checked against are this one string."""
    return ",".join(case_key(seat, case) for seat, case in cases)


def cases_words(names: Sequence[str], cases: Sequence[SeatCase]) -> str:
    """Cases in words under the button, each by its player's name (``names`` by seat)."""
    return str(_("; ")).join(kept_words(names[seat], case) for seat, case in cases)


def kept_words(name: str, case: Case) -> str:
    """A case in a few words, under the button that accepts it: "Ren keeps 15 salmon, 2
    lost", the choice's steps after it when it is not "nothing" (an exchange, a buy)."""
    kept = animal_count(case["animal"], case["kept"][case["animal"]])
    words = str(
        ngettext(
            "%(name)s keeps %(animals)s, %(num)s lost",
            "%(name)s keeps %(animals)s, %(num)s lost",
            case["cost"],
            name=name,
            animals=kept,
        )
    )
    if case["choice"]["exchanges"] or case["choice"]["buys"]:
        words += f" ({case['steps']})"
    return words
