"""The Bison table's scoring: the mirror scored region by region, the ``score`` and
``award`` events, the food chart and the winners (B8, B9, B10).

Glossary
--------
Scoring
    A scoring of the mirror: each region's ranking and awards (B9) and, per seat, the
    receipts region by region under the cap (B8), from ``before`` to ``after``.
choices
    A seat's own 3:1 exchanges for the surplus of one region's award (B8), keyed by
    (seat, region); unlisted awards use the default policy of ``economy.receive``. The
    ``exchanges`` field of ``score`` events recorded before B8 was amended: replayed as
    they were.
overflow
    B8 as amended: a seat's ``overflow.Choice`` for one region's award (exchanges from the
    whole stock, market buys), keyed by (seat, region); unlisted awards that pass 15 take
    ``overflow.propose``. A ``score`` event with an ``overflow`` list (even empty) uses it.
final
    The last round's scoring: from empty stocks (B10); the game is then over.
award
    The ``award`` event: awards counted by hand at a table without the mirror, received
    under the cap.

Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from games.bison.changes import Award, Score, animals_json, flag_value
from games.bison.economy import (
    ANIMALS,
    Amounts,
    Overflow,
    Receipt,
    Stocks,
    Supply,
    overflow_options,
    receive,
)
from games.bison.overflow import Choice, Outcome, propose, settle
from games.bison.scoring import RegionScore, score_board, winners
from games.bison.table.fields import whole
from games.bison.table.state import ScoreRecord, State, with_seat
from games.errors import N_, RuleError


def on_award(state: State, change: Award) -> State:
    """``award``: scoring awards under the cap (B8). ``overflow`` (``{"exchanges",
    "buys"}``, B8 as amended: what the UI got from ``overflow.propose`` or the player
    chose) is checked by ``overflow.settle``; the old ``exchanges`` (surplus triples only)
    and, without either, the old default policy of ``economy.receive`` replay events
    recorded before B8 was amended.

    The cap applies to each award as it comes, so one award per region in scoring order
    (prairie, mountain, river; B9) reproduces the table exactly. Accepted after the game is
    over: that is when the final scoring (B10) is awarded."""
    seat = state.rounds.check_seat(change.seat)
    gains = Amounts.from_mapping(animals_json(change.gains), what="gains")
    if change.overflow is not None:
        # B8 as amended: ``overflow`` is the seat's ``overflow.Choice`` for these gains.
        outcome = settle(
            state.stocks[seat], gains, state.supplies[seat], Choice.from_json(change.overflow)
        )
        all_stocks, all_supplies = with_seat(
            state, seat, stocks=outcome.stocks, supply=outcome.supply
        )
        return replace(state, stocks=all_stocks, supplies=all_supplies)
    receipt = receive(state.stocks[seat], gains, change.exchanges)
    return replace(state, stocks=with_seat(state, seat, stocks=receipt.stocks)[0])


@dataclass(frozen=True, slots=True)
class Scoring:
    """A scoring of the mirror: each region's ranking and awards (B9), and for each seat
    the receipts region by region under the cap (B8), from ``before`` to ``after``.

    ``receipts[seat]`` pairs a region's index in ``regions`` with what ``receive`` did.
    ``final`` scores from empty stocks (B10)."""

    final: bool
    colours: tuple[str, ...]
    regions: tuple[RegionScore, ...]
    before: tuple[Stocks, ...]
    receipts: tuple[tuple[tuple[int, Receipt], ...], ...]
    after: tuple[Stocks, ...]
    supplies: tuple[Supply, ...] = ()  # after the B8 market buys (amended rule only)
    amended: bool = False  # B8 as amended: exchanges from the whole stock, market buys

    def awards(self, seat: int) -> Amounts:
        """The seat's raw awards, before the cap."""
        gained = dict.fromkeys(ANIMALS, 0)
        for region in self.regions:
            for standing in region.standings:
                if standing.player == self.colours[seat]:
                    gained[region.animal] += standing.award
        return Amounts(**gained)

    def lost(self, seat: int) -> Amounts:
        lost = dict.fromkeys(ANIMALS, 0)
        for _index, receipt in self.receipts[seat]:
            for animal in ANIMALS:
                lost[animal] += receipt.lost.get(animal)
        return Amounts(**lost)

    def overflows(self, seat: int) -> tuple[tuple[int, Receipt], ...]:
        """The seat's receipts where a stock would have passed 15 (a choice to make)."""
        return tuple(
            (i, r) for i, r in self.receipts[seat] if r.exchanges or r.buys or r.lost.total
        )

    def award(self, seat: int, region: int) -> Amounts:
        """What region ``region`` awards the seat, before the cap (B9)."""
        score = self.regions[region]
        return Amounts.of(score.animal, score.awards.get(self.colours[seat], 0))

    def stocks_before(self, seat: int, region: int) -> Stocks:
        """The seat's stocks just before region ``region``'s award comes in: regions are
        received one at a time in scoring order (B9), each under the cap (B8)."""
        current = self.before[seat]
        for index, receipt in self.receipts[seat]:
            if index == region:
                break
            current = receipt.stocks
        return current

    def proposal(self, seat: int, region: int, supply: Supply) -> Outcome | None:
        """B8 as amended: the pre-filled choice for region ``region``'s award to the seat
        (``overflow.propose``), or None when the award fits. ``supply`` is the seat's
        supply before this scoring (``state.supplies[seat]``); earlier buys of this
        scoring are taken into account. At the final scoring nothing is bought (B10: a
        piece is worth no food)."""
        stocks = self.stocks_before(seat, region)
        award = self.award(seat, region)
        if all(stocks.get(a) + award.get(a) <= 15 for a in ANIMALS):
            return None
        for index, receipt in self.receipts[seat]:
            if index == region:
                break
            for buy in receipt.buys:
                supply = buy.bought(supply)
        return propose(stocks, award, supply, market=not self.final)

    def needs_choices(self) -> bool:
        """Whether an award of this scoring takes a stock over 15 (B8): then the players
        see the proposal and may change it before confirming; otherwise there is nothing
        to choose and the scoring is confirmed as it stands (one tap, issue 26)."""
        return any(
            self.overflow(seat, region) is not None
            for seat, receipts in enumerate(self.receipts)
            for region, _receipt in receipts
        )

    def overflow(self, seat: int, region: int) -> Overflow | None:
        """The B8 choice region ``region``'s award gives the seat: the surplus above 15,
        its whole triples and the stocks they may go to; None when the award fits."""
        options = overflow_options(self.stocks_before(seat, region), self.award(seat, region))
        return options[0] if options else None  # a region awards a single animal


Choices = Mapping[tuple[int, int], Sequence[Any]]


def parse_choices(state: State, raw: object) -> dict[tuple[int, int], list[Any]]:
    """``[{"seat", "region", "exchanges": [{"give", "get"}, …]}, …]``: a seat's own 3:1
    exchanges for its award from one region (B8); unlisted awards use the default policy."""
    if raw is None:
        return {}
    if not isinstance(raw, list):
        raise RuleError(
            N_(
                'exchanges must be a list like [{"seat": 0, "region": 2, '
                '"exchanges": [{"give": "bison", "get": "salmon"}]}]'
            )
        )
    choices: dict[tuple[int, int], list[Any]] = {}
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, Mapping) or not isinstance(item.get("exchanges"), list):
            raise RuleError(
                N_(
                    "exchange choice {number} must be an object with seat, region "
                    "and a list of exchanges"
                ),
                number=number,
            )
        choices[_seat_and_region(state, item, number)] = list(item["exchanges"])
    return choices


def _seat_and_region(state: State, item: Mapping[str, Any], number: int) -> tuple[int, int]:
    """The seat and region an exchange or overflow choice is for, checked."""
    seat = state.rounds.check_seat(item.get("seat"))
    region = item.get("region")
    if not whole(region) or region < 0:
        raise RuleError(
            N_("exchange choice {number}: region must be a region number, not {value!r}"),
            number=number,
            value=region,
        )
    return seat, region


def parse_overflow(state: State, raw: object) -> dict[tuple[int, int], Choice]:
    """``[{"seat", "region", "exchanges": [{"give", "get", "times"?}], "buys": [{"item",
    "size"?}]}, …]``: a seat's own B8 choice (amended) for its award from one region."""
    if not isinstance(raw, list):
        raise RuleError(
            N_(
                'overflow must be a list like [{"seat": 0, "region": 2, '
                '"exchanges": [{"give": "bison", "get": '
                '"salmon"}], "buys": []}]'
            )
        )
    chosen: dict[tuple[int, int], Choice] = {}
    for number, item in enumerate(raw, start=1):
        if not isinstance(item, Mapping):
            raise RuleError(
                N_(
                    "overflow choice {number} must be an object with seat, region, "
                    "exchanges and buys"
                ),
                number=number,
            )
        chosen[_seat_and_region(state, item, number)] = Choice.from_json(
            {"exchanges": item.get("exchanges", []), "buys": item.get("buys", [])}
        )
    return chosen


def scores_in_one_tap(state: State, *, override: bool = False) -> bool:
    """Whether the round can be scored with nothing left to choose: every action of the
    round taken (or the game over; with ``override``, the table ending it anyway as the
    ``score`` event's ``override`` does), not yet finally scored, and no stock over 15
    (B8: no overflow choice). The panel's one-tap scoring and the photo's "Confirm and
    score" both ask this; otherwise the score page says what is left."""
    rounds = state.rounds
    return (
        (rounds.round_complete or rounds.finished or override)
        and not state.final_scored
        and not score_now(state).needs_choices()
    )


def actions_not_taken(state: State) -> dict[int, int]:
    """Each seat with actions of the round still to take (B6: 4 a round), and how many:
    what a ``score`` with ``override`` ends the round without (empty once the round is
    complete or the game over)."""
    rounds = state.rounds
    if rounds.finished:
        return {}
    return {
        seat: rounds.actions_left(seat)
        for seat in range(len(state.players))
        if rounds.actions_left(seat) > 0
    }


def score_now(
    state: State,
    choices: Choices | None = None,
    *,
    final: bool | None = None,
    overflow: Mapping[tuple[int, int], Choice] | None = None,
) -> Scoring:
    """Score the mirror as it stands: the live standings "if the round ended now", the
    preview of the scoring screen, and what the ``score`` event applies.

    ``final`` defaults to "this is the last round" (B10: stocks go to 0 first).
    ``overflow`` (even empty) scores with B8 as amended: each seat's ``Choice`` per region,
    ``overflow.propose`` for the others; the UI passes ``{}`` to preview the proposals and
    ``Scoring.proposal`` / ``overflow.settle`` to show and check a player's choice."""
    if choices and overflow is not None:
        raise RuleError(N_("give either exchanges (the old form) or overflow, not both"))
    if final is None:
        final = state.rounds.finished or state.rounds.round >= state.rounds.rounds
    regions = score_board(state.board)
    choices = dict(choices or {})
    for seat, index in [*choices, *(overflow or {})]:
        if index >= len(regions) or not any(
            s.player == state.colours[seat] and s.award for s in regions[index].standings
        ):
            raise RuleError(
                N_("{player} receives nothing from region {region}; there is nothing to exchange"),
                player=state.names[seat],
                region=index,
            )
    zero = Stocks(0, 0, 0)
    before = tuple(zero for _ in state.players) if final else state.stocks
    current = list(before)
    supplies = list(state.supplies)
    receipts: list[list[tuple[int, Receipt]]] = [[] for _ in state.players]
    for index, region in enumerate(regions):
        for standing in region.standings:
            if not standing.award:
                continue
            seat = state.seat_of(standing.player)
            award = Amounts.of(region.animal, standing.award)
            if overflow is None:
                receipt = receive(current[seat], award, choices.get((seat, index)))
            else:
                receipt, supplies[seat] = _settled(
                    current[seat], award, supplies[seat], overflow.get((seat, index)), final
                )
            current[seat] = receipt.stocks
            receipts[seat].append((index, receipt))
    return Scoring(
        final,
        state.colours,
        regions,
        before,
        tuple(tuple(r) for r in receipts),
        tuple(current),
        tuple(supplies),
        overflow is not None,
    )


def _settled(
    stocks: Stocks, award: Amounts, supply: Supply, choice: Choice | None, final: bool
) -> tuple[Receipt, Supply]:
    """One award under B8 as amended: the seat's choice, or the proposal (which buys
    nothing at the final scoring, B10)."""
    outcome = (
        propose(stocks, award, supply, market=not final)
        if choice is None
        else settle(stocks, award, supply, choice)
    )
    made = outcome.choice
    return Receipt(outcome.stocks, made.exchanges, outcome.discarded, made.buys), outcome.supply


def food_chart(state: State) -> list[list[int]]:
    """Each seat's food (the three stocks added up) at the start (B8: 10 of each) and
    after every scoring, one list per seat: the panel's chart."""
    start = Stocks.start().total
    return [
        [start, *(record.stocks[seat].total for record in state.log)]
        for seat in range(len(state.players))
    ]


def on_score(state: State, change: Score) -> State:
    """``score``: score the mirror and end the round: B9 region by region (prairie,
    mountain, river) with the B8 cap and the seats' chosen exchanges, markers cleared,
    the totem passed on. In the last round the stocks go to 0 first and this is the final
    scoring (B10); the game is then over, and with ``lock`` (or ``overflow``) the table
    refuses every change until a ``reopen``."""
    if state.final_scored:
        raise RuleError(N_("the final scoring is done; the game is over"))
    choices = parse_choices(state, change.exchanges)
    overflow = None if change.overflow is None else parse_overflow(state, change.overflow)
    if state.rounds.finished:  # ended without the mirror's scoring: score it once, finally
        rounds, final = state.rounds, True
    else:
        rounds = state.rounds.end_round(
            override=flag_value(change.override, "override"), names=state.names
        )
        final = rounds.finished
    result = score_now(state, choices, final=final, overflow=overflow)
    record = ScoreRecord(
        state.rounds.round,
        final,
        result.after,
        tuple(result.lost(seat).total for seat in range(len(state.players))),
    )
    supplies = result.supplies if result.amended else state.supplies
    # B10: the result stays final. Only events that say so lock (old tables replay).
    locked = final and (flag_value(change.lock, "lock") or overflow is not None)
    return replace(
        state,
        stocks=result.after,
        supplies=supplies,
        rounds=rounds,
        log=(*state.log, record),
        before_final=state if final else None,
        locked=locked,
    )


def winning_seats(state: State) -> list[int]:
    """The winning seats (B10); keyed by seat because two players may share a name."""
    best = winners({str(seat): stocks for seat, stocks in enumerate(state.stocks)})
    return [int(seat) for seat in best]
