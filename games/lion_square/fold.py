"""Lion Square at the table: the companion's event fold (protocol in ``games.table``).

Glossary
--------
herd counter
    Each seat's herd, the generic counter ``herd``. It mirrors the herd card: it starts
    at 20 and lives in 0–20, the card's range plus 0 for "the clip has fallen off". A
    round's loss (L2) may be larger than what is left; the herd then shows 0 and the full
    loss stays in the round's record, which loses nothing the rules need — L3 only asks
    whether a herd is "0 or less" and which herd is highest. ``adjust`` (a manual
    correction) is refused outside 0–20, like every counter of every game.
round entry
    What the players type for the round being played: the square as they see it (3×3,
    rows north → south, columns west → east), each seat's taken cards and gazelles in
    hand, and who laid the last card. Editable until the round is scored.
preview
    The L2 losses the current entry would cost, shown before anyone commits to it
    (``preview(state)``, also inside ``to_json``).
round record
    A scored round: its square, entry, losses and the herds before and after. The records
    give the herd chart.

Events (``"type"``):

``adjust``        ``{"seat", "counter": "herd", "delta"}`` — correct a herd.
``set_square``    ``{"grid": [[…], […], […]]}`` — the whole square at once.
``set_cell``      ``{"row": 0-2, "column": 0-2, "card": number | "G" | null}`` — one place.
``set_taken``     ``{"seat", "count"}`` — cards the seat took this round.
``add_taken``     ``{"seat", "delta"}`` — one tap of the panel's − / +: the count changed
                  by ``delta`` (issue 35: taps sent late all apply, in any order).
``set_gazelles``  ``{"seat", "count"}`` — gazelles left in the seat's hand.
``add_gazelles``  ``{"seat", "delta"}`` — the same tap for the gazelles in hand.
``set_last``      ``{"seat": seat | null}`` — who laid the last card (L3: the next start).
``take_line``     ``{"seat", "line": "row" | "column", "index": 0-2}`` — a seat that cannot
                  play takes every card of one line (north-up): its places are cleared and
                  the seat's taken count grows by the cards taken (one tap, not one per card).
``score_round``   apply L2 to every herd; refused once the round is scored or the game over.
``next_round``    start the next round with L3's start player and an empty square.

Targets (``targets``, issue 35): what each event touches, so a tap kept offline is refused
only when another phone changed the same thing meanwhile: a seat's herd, its taken cards,
its gazelles, a place of the square, who laid the last card; scoring and the next round
touch the whole table.

Secrets: a herd card is kept hidden (its clip faces its owner), so until the game ends
``view_json``, ``view_counters`` and ``view_event`` show another seat's herd (and the
herds of its round records, its chart, the herd its preview would leave, the amount of a
herd correction) as ``None``. Whether a herd correction is allowed depends on the herd, so
``secret_refusal`` refuses it to every phone but its seat's, and a refusal that names the
herd it would leave is a ``HiddenRuleError`` (issue 27, F1).

Settings for ``new_state``: ``{"sides": ["S", "W", "N"], "start": 0}`` — the side of the
square each seat faces (default clockwise from S: S, W, N and, with 4 players, E; with 3
players the east side faces nobody) and the seat that starts round 1 (default 0; the
rulebook lets the fastest runner start).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from games import fields
from games.errors import N_, Phrase, RuleError, SeatOnly, Term
from games.lion_square import changes, rules
from games.lion_square.changes import LionChange
from games.lion_square.square import SIZE, Side, Square
from games.table import (
    COLOURS,
    WHOLE_TABLE,
    Player,
    Target,
    check_range,
    counter_target,
)
from games.table import subject_seat as seat_field

GAME: Final = "lion-square"
#: The create form's player rows and colours (3–4 players; no piece has a player colour,
#: so any of the companion's colours).
SEATS: Final = (rules.MIN_PLAYERS, rules.MAX_PLAYERS)
SEAT_COLOURS: Final = COLOURS
COUNTERS: Final = changes.COUNTERS
# The counter's name as players read it in "herd would be 21; …", translated with the sentence.
COUNTER_NAMES: Final = {"herd": Term(N_("herd"))}
EVENT_TYPES: Final = changes.CHANGES.kinds
#: The two kinds of line a player may take (a row or a column of the north-up grid).
LINES: Final = changes.LINES


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """A scored round."""

    round: int
    square: Square
    taken: tuple[int, ...]
    gazelles: tuple[int, ...]
    start: int
    last: int | None
    losses: tuple[rules.Loss, ...]
    herds_before: tuple[int, ...]
    herds_after: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "square": self.square.to_json(),
            "taken": list(self.taken),
            "gazelles_in_hand": list(self.gazelles),
            "start": self.start,
            "last": self.last,
            "losses": [loss.to_json() for loss in self.losses],
            "herds_before": list(self.herds_before),
            "herds_after": list(self.herds_after),
        }


@dataclass(frozen=True, slots=True)
class State:
    """A Lion Square table: per-seat tuples are indexed by seat."""

    players: tuple[Player, ...]
    sides: tuple[Side, ...]
    herds: tuple[int, ...]
    round: int  # the round being played or just scored, 1–3
    start: int  # the seat that started this round
    square: Square
    taken: tuple[int, ...]
    gazelles: tuple[int, ...]
    last: int | None  # the seat that laid this round's last card, once known
    history: tuple[RoundRecord, ...] = ()

    @property
    def round_scored(self) -> bool:
        return bool(self.history) and self.history[-1].round == self.round

    @property
    def game_over(self) -> bool:
        """L3: after a scored round, a herd at 0 (or less, clipped) or round 3 ends it."""
        return self.round_scored and rules.game_over(self.herds, self.round)

    @property
    def lions_win(self) -> bool:
        return self.game_over and rules.lions_win(self.herds)

    @property
    def winners(self) -> list[int]:
        """L3: the seats with the highest herd once the game is over."""
        if not self.game_over:
            return []
        return rules.winners(dict(enumerate(self.herds)))

    @property
    def next_start(self) -> int | None:
        """L3: the seat after the one who laid the last card (clockwise), once known."""
        if self.last is None:
            return None
        side = rules.next_start_side(self.sides[self.last], self.sides)
        return self.sides.index(side)


# --- the protocol ------------------------------------------------------------------------


def new_state(players: Sequence[Player], settings: Mapping[str, Any]) -> State:
    count = rules.check_player_count(len(players))
    for key in settings:
        if key not in ("sides", "start"):
            raise RuleError(N_("unknown setting {name!r}; expected sides or start"), name=key)
    sides = _sides(settings.get("sides"), count)
    start = _seat_value(settings.get("start", 0), count, "start")
    return State(
        players=tuple(players),
        sides=sides,
        herds=(rules.HERD_START,) * count,
        round=1,
        start=start,
        square=Square(),
        taken=(0,) * count,
        gazelles=(0,) * count,
        last=None,
    )


def prepare(state: State, event: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Nothing in Lion Square's tracking is left to chance: the event is stored as is."""
    return event


def apply(state: State, event: Mapping[str, Any]) -> State:
    """The next state after the stored ``event``: read once (``changes.from_json``), then
    folded typed (``apply_change``)."""
    return apply_change(state, changes.from_json(event))


def counters(state: State) -> list[dict[str, int]]:
    return [{"herd": herd} for herd in state.herds]


def preview(state: State) -> list[dict[str, int]]:
    """L2 for the current round entry, per seat, with the herd it would leave."""
    result = []
    for seat, loss in enumerate(_losses(state)):
        before = state.history[-1].herds_before[seat] if state.round_scored else state.herds[seat]
        result.append({**loss.to_json(), "herd_after": max(0, before - loss.total)})
    return result


def to_json(state: State) -> dict[str, Any]:
    count = len(state.players)
    return {
        "sides": [side.value for side in state.sides],
        "herds": list(state.herds),
        "round": state.round,
        "rounds": rules.ROUNDS,
        "round_scored": state.round_scored,
        "start": state.start,
        "last": state.last,
        "next_start": state.next_start,
        "cards_dealt": rules.cards_dealt(count),
        "square_deck": rules.square_deck_size(count),
        "square": state.square.to_json(),
        "cards_on_square": state.square.card_count,
        "taken": list(state.taken),
        "gazelles_in_hand": list(state.gazelles),
        "preview": preview(state),
        "game_over": state.game_over,
        "winners": state.winners,
        "ranking": ranking(state),
        "lions_win": state.lions_win,
        "history": [record.to_json() for record in state.history],
        "herd_chart": herd_chart(state),
    }


def final_herds(state: State) -> list[int]:
    """Each herd as L2 left it, below 0 too: the herd counter stops at 0 (see "herd
    counter"), so what each scored round took past 0 is taken off again. L3 ranks "0 or
    less" herds by these values (a herd of −2 above one of −5)."""
    herds = list(state.herds)
    for record in state.history:
        for seat, loss in enumerate(record.losses):
            dropped = record.herds_before[seat] - record.herds_after[seat]
            herds[seat] -= max(0, loss.total - dropped)
    return herds


def ranking(state: State) -> list[list[int]]:
    """L3 once the game is over: seats by herd (``final_herds``: below 0 kept), largest
    first, equal herds sharing a place; empty while the game runs and when the lions win
    (no player is ranked)."""
    if not state.game_over:
        return []
    return rules.ranking(dict(enumerate(final_herds(state))))


def game_over(state: State) -> bool:
    """L3: the game has ended (secrets may then be shown)."""
    return state.game_over


def view_counters(state: State, viewer: int | None) -> list[dict[str, int | None]]:
    """``counters`` as seat ``viewer`` sees them: the other herds are hidden (None) until
    the game ends."""
    return [
        {"herd": herd if _shown(state, seat, viewer) else None}
        for seat, herd in enumerate(state.herds)
    ]


def view_json(state: State, viewer: int | None) -> dict[str, Any]:
    """``to_json`` as seat ``viewer`` sees it: every herd of another seat is None."""
    data = to_json(state)
    if state.game_over:
        return data

    def hide(values: list[Any]) -> list[Any]:
        return [value if seat == viewer else None for seat, value in enumerate(values)]

    data["herds"] = hide(data["herds"])
    data["herd_chart"] = [
        row if seat == viewer else [None] * len(row) for seat, row in enumerate(data["herd_chart"])
    ]
    for record in data["history"]:
        record["herds_before"] = hide(record["herds_before"])
        record["herds_after"] = hide(record["herds_after"])
    data["preview"] = [
        entry if seat == viewer else {**entry, "herd_after": None}
        for seat, entry in enumerate(data["preview"])
    ]
    return data


def view_event(state: State, event: Mapping[str, Any], viewer: int | None) -> dict[str, Any]:
    """A stored event as seat ``viewer`` sees it: another seat's herd correction keeps its
    amount secret until the game ends."""
    shown = dict(event)
    if event.get("type") == "adjust" and not state.game_over and event.get("seat") != viewer:
        shown["delta"] = None
    return shown


def secret_refusal(state: State, event: Mapping[str, Any]) -> SeatOnly | None:
    """A herd correction while herds are hidden: allowed or refused by the herd itself (it
    must stay in 0–20), so only its seat's phone may make it; every other phone is told
    so, whatever the herd (issue 27, F1). Every other event depends on public facts only."""
    if state.game_over or not isinstance(event, Mapping) or event.get("type") != "adjust":
        return None
    seat = seat_field(event)
    if event.get("counter") != "herd" or seat is None or seat >= len(state.players):
        return None
    return SeatOnly(
        seat,
        N_(
            "{player}'s herd is hidden from this phone: only {player}'s phone can change it "
            "until the game ends"
        ),
        player=state.players[seat].name,
    )


def _shown(state: State, seat: int, viewer: int | None) -> bool:
    return state.game_over or seat == viewer


def herd_chart(state: State) -> list[list[int]]:
    """Per seat: the herd before round 1, then after each scored round (for a chart)."""
    if not state.history:
        return [[herd] for herd in state.herds]
    first = state.history[0].herds_before
    return [
        [first[seat], *(record.herds_after[seat] for record in state.history)]
        for seat in range(len(state.players))
    ]


def subject_seat(event: Mapping[str, Any]) -> int | None:
    """The seat ``event`` is about (``games.table.subject_seat``), except ``set_last``: who
    laid the last card is a fact of the round that any player records as they saw it, not
    that seat's own change (no "make this change for Cho?" when Ann notes it)."""
    if isinstance(event, Mapping) and event.get("type") == "set_last":
        return None
    return seat_field(event)


#: The names of a seat's round entries as a refusal says them ("Ann's cards taken").
ENTRY_NAMES: Final = {"taken": N_("cards taken"), "gazelles": N_("gazelles in hand")}


def targets(event: Mapping[str, Any], players: Sequence[Player]) -> frozenset[Target]:
    """What ``event`` touches (``games.table.Rules.targets``): a seat's herd, taken cards
    or gazelles, the places of the square it sets, who laid the last card; scoring and
    the next round read and change everything, so they touch the whole table. An event
    its change class refuses (the fold refuses it too) touches the whole table."""
    try:
        change = changes.from_json(event)
    except RuleError:
        return frozenset({WHOLE_TABLE})
    match change:
        case changes.Adjust(seat=seat, counter=counter):
            return frozenset({counter_target(seat, counter, players, COUNTER_NAMES)})
        case changes.SetTaken(seat=seat) | changes.AddTaken(seat=seat):
            return frozenset({counter_target(seat, "taken", players, ENTRY_NAMES)})
        case changes.SetGazelles(seat=seat) | changes.AddGazelles(seat=seat):
            return frozenset({counter_target(seat, "gazelles", players, ENTRY_NAMES)})
        case changes.SetCell(row=row, column=column):
            return frozenset({_place(row, column)})
        case changes.SetSquare():
            return frozenset(_place(r, c) for r in range(SIZE) for c in range(SIZE))
        case changes.TakeLine(seat=seat, line=line, index=index):
            places = [(index, c) if line == "row" else (c, index) for c in range(SIZE)]
            taken = counter_target(seat, "taken", players, ENTRY_NAMES)
            return frozenset({taken, *(_place(r, c) for r, c in places)})
        case changes.SetLast():
            return frozenset({Target(("last",), Phrase(N_("who laid the last card")))})
        case changes.ScoreRound() | changes.NextRound():
            return frozenset({WHOLE_TABLE})


def _place(row: object, column: object) -> Target:
    """A place of the square (north-up) as a target, counted from 1 in its name."""
    if isinstance(row, int) and isinstance(column, int) and {type(row), type(column)} == {int}:
        name = Phrase(N_("the square's row {row}, column {column}"), row=row + 1, column=column + 1)
        return Target(("place", row, column), name)
    return WHOLE_TABLE


def describe(event: Mapping[str, Any], players: Sequence[Player]) -> tuple[str, dict[str, Any]]:
    """The event in plain words: an ``N_`` template and its parameters.

    Parameters are a player's name (``player``, shown as typed), numbers (``row`` and
    ``column`` counted from 1, ``count``, ``number``, the signed ``delta``) and, for an event
    the game does not know, its ``type`` as stored. No game word is a plain parameter: a
    gazelle, a cleared place and each kind of event have sentences of their own, so every
    word is translated with its template.
    """
    kind = event.get("type")

    def name(key: str = "seat") -> str:
        seat = event.get(key)
        return players[seat].name if isinstance(seat, int) and 0 <= seat < len(players) else "?"

    if kind == "adjust":
        delta = event.get("delta")
        if not isinstance(delta, int) or isinstance(delta, bool):  # hidden (view_event)
            return N_("{player}'s herd was corrected"), {"player": name()}
        return N_("{player}'s herd changed by {delta}"), {"player": name(), "delta": f"{delta:+d}"}
    if kind == "set_square":
        cards = sum(cell is not None for row in event.get("grid", []) for cell in row)
        return N_("Square entered with {count} cards"), {"count": cards}
    if kind == "set_cell":
        where = {"row": event.get("row", 0) + 1, "column": event.get("column", 0) + 1}
        card = event.get("card")
        if card is None:
            return N_("Square row {row}, column {column} cleared"), where
        if card == "G":
            return N_("Square row {row}, column {column}: gazelle"), where
        return N_("Square row {row}, column {column}: {number}"), {**where, "number": card}
    if kind == "set_taken":
        return N_("Cards taken by {player}: {count}"), {
            "player": name(),
            "count": event.get("count"),
        }
    if kind in ("add_taken", "add_gazelles"):
        delta = event.get("delta")
        shown = f"{delta:+d}" if isinstance(delta, int) and not isinstance(delta, bool) else "?"
        if kind == "add_taken":
            return N_("Cards taken by {player}: {delta}"), {"player": name(), "delta": shown}
        return N_("Gazelles in {player}'s hand: {delta}"), {"player": name(), "delta": shown}
    if kind == "set_gazelles":
        return N_("Gazelles in {player}'s hand: {count}"), {
            "player": name(),
            "count": event.get("count"),
        }
    if kind == "set_last":
        if event.get("seat") is None:
            return N_("Who laid the last card: cleared"), {}
        return N_("{player} laid the last card"), {"player": name()}
    if kind == "take_line":
        if event.get("line") == "row":
            return N_("{player} took a row of the square"), {"player": name()}
        return N_("{player} took a column of the square"), {"player": name()}
    if kind == "score_round":
        return N_("Round scored: the herds lose their animals"), {}
    if kind == "next_round":
        return N_("Next round started"), {}
    return N_("Unknown change {type}"), {"type": str(kind)}


# --- event handlers (typed: ``games.lion_square.changes``) --------------------------------


def apply_change(state: State, change: LionChange) -> State:
    """The next state after ``change``, read once from JSON (``changes.from_json``): the
    shape is checked there, what depends on the table here."""
    match change:
        case changes.Adjust():
            return _adjust(state, change)
        case changes.SetSquare(grid=grid):
            _check_open(state)
            return _with_entry(state, square=grid)
        case changes.SetCell(row=row, column=column, card=card):
            _check_open(state)
            return _with_entry(state, square=state.square.with_cell(row, column, card))
        case changes.SetTaken(seat=seat, count=count):
            _check_open(state)
            seat = _seat(state, seat)
            return _with_entry(state, taken=_set(state.taken, seat, count))
        case changes.SetGazelles(seat=seat, count=count):
            _check_open(state)
            seat = _seat(state, seat)
            return _with_entry(state, gazelles=_set(state.gazelles, seat, count))
        case changes.AddTaken(seat=seat, delta=delta):
            _check_open(state)
            seat = _seat(state, seat)
            count = _count(state.taken[seat] + delta)
            return _with_entry(state, taken=_set(state.taken, seat, count))
        case changes.AddGazelles(seat=seat, delta=delta):
            _check_open(state)
            seat = _seat(state, seat)
            count = _count(state.gazelles[seat] + delta)
            return _with_entry(state, gazelles=_set(state.gazelles, seat, count))
        case changes.SetLast(seat=seat):
            # Allowed after scoring too: it only matters for the next round's start (L3).
            if state.game_over:
                raise RuleError(N_("the game is over"))
            return replace(state, last=None if seat is None else _seat(state, seat))
        case changes.TakeLine():
            return _take_line(state, change)
        case changes.ScoreRound():
            return _score_round(state)
        case changes.NextRound():
            return _next_round(state)


def _adjust(state: State, change: changes.Adjust) -> State:
    seat = _seat(state, change.seat)
    owner = None if state.game_over else state.players[seat].name  # hidden until the end
    value = check_range(
        COUNTER_NAMES.get(change.counter, change.counter),
        state.herds[seat] + change.delta,
        COUNTERS[change.counter],
        secret=None if owner is None else (seat, owner),
    )
    return replace(state, herds=_set(state.herds, seat, value))


def _take_line(state: State, change: changes.TakeLine) -> State:
    """Rulebook: a player who cannot play takes all the cards of one row or column. The
    line's cards leave the square for the seat's taken pile (gazelles too: they are face
    down there, counted in L2's taken half, not in the hand)."""
    _check_open(state)
    seat = _seat(state, change.seat)
    index = change.index
    places = [(index, c) if change.line == "row" else (c, index) for c in range(SIZE)]
    held = [place for place in places if state.square.rows[place[0]][place[1]] is not None]
    if not held:
        raise RuleError(N_("that line of the square is empty: there are no cards to take"))
    square = state.square
    for row, column in held:
        square = square.with_cell(row, column, None)
    taken = _count(state.taken[seat] + len(held))
    return _with_entry(state, square=square, taken=_set(state.taken, seat, taken))


def _score_round(state: State) -> State:
    _check_open(state)
    if state.square.card_count == 0:
        raise RuleError(N_("the square is empty; enter its cards before scoring the round"))
    losses = tuple(_losses(state))
    # The herd card stops at 0 (see "herd counter"); the record keeps the full loss.
    after = tuple(max(0, herd - loss.total) for herd, loss in zip(state.herds, losses, strict=True))
    record = RoundRecord(
        round=state.round,
        square=state.square,
        taken=state.taken,
        gazelles=state.gazelles,
        start=state.start,
        last=state.last,
        losses=losses,
        herds_before=state.herds,
        herds_after=after,
    )
    return replace(state, herds=after, history=(*state.history, record))


def _next_round(state: State) -> State:
    if state.game_over:
        raise RuleError(N_("the game is over; no round follows"))
    if not state.round_scored:
        raise RuleError(N_("score round {round} before starting the next"), round=state.round)
    start = state.next_start
    if start is None:
        raise RuleError(
            N_(
                "choose who laid the last card of round {round}: the player after them "
                "starts the next round"
            ),
            round=state.round,
        )
    count = len(state.players)
    return replace(
        state,
        round=state.round + 1,
        start=start,
        square=Square(),
        taken=(0,) * count,
        gazelles=(0,) * count,
        last=None,
    )


#: The fields each event type carries (the companion refuses any other, naming it): the
#: change classes' own (``changes.CHANGES``).
EVENT_FIELDS: Final[dict[str, frozenset[str]]] = changes.CHANGES.event_fields()


# --- helpers -----------------------------------------------------------------------------


def _losses(state: State) -> list[rules.Loss]:
    return [
        rules.round_loss(state.square, side, taken, gazelles)
        for side, taken, gazelles in zip(state.sides, state.taken, state.gazelles, strict=True)
    ]


def _check_open(state: State) -> None:
    """The round entry can change, and be scored, only until the round is scored."""
    if state.game_over:
        raise RuleError(N_("the game is over"))
    if state.round_scored:
        raise RuleError(
            N_("round {round} is already scored; start the next round"), round=state.round
        )


def _with_entry(state: State, **changes: Any) -> State:
    """The state with a new round entry, if the deck can produce it."""
    new = replace(state, **changes)
    rules.check_card_supply(new.square, new.taken, new.gazelles)
    return new


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return (*values[:index], value, *values[index + 1 :])


def _seat(state: State, seat: int) -> int:
    """``seat`` when it is a seat of this table (``fields.seat``'s refusal otherwise)."""
    return fields.seat(seat, len(state.players))


def _seat_value(raw: object, count: int, field: str) -> int:
    if field == "seat":
        return fields.seat(raw, count)
    return fields.whole_number(raw, field, 0, count - 1)


def _count(total: int) -> int:
    """A count after a tap or a take: 0 to the cards in the deck."""
    fields.whole_number(total, "count")
    if total > rules.DECK_CARDS:
        raise RuleError(N_("count must be at most 32, the cards in the deck"))
    return total


def _sides(raw: object, count: int) -> tuple[Side, ...]:
    if raw is None:
        return tuple(list(Side)[:count])
    if not isinstance(raw, list) or len(raw) != count:
        raise RuleError(
            N_("sides must list one side (S, W, N or E) for each of the {count} players"),
            count=count,
        )
    sides = tuple(Side.parse(item, field="sides") for item in raw)
    if len(set(sides)) != count:
        raise RuleError(N_("sides: two players cannot face the same side of the square"))
    return sides
