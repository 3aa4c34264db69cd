"""The Bison photo proposal on the phone (issues 23 and 32): its lines, each fixed in
place by its own small editor, and its confirmation. POST ``photo/edit`` (open or save a
line's editor), POST ``photo/confirm``.

Glossary
--------
proposal
    What ``games.bison.explain`` made of a photo: one line per step (an action of one
    player, a tile on the mirror, a correction), ticked; a question where two actions
    explain one change; the actions without hunters still left, each naming its action;
    what was not visible and the contradictions. Nothing is stored until "Confirm".
carried
    The proposal travels in its own form (the photo is not kept): ``steps`` (JSON: per
    step its ``event``, ``options``, ``hexes`` and a correction's ``reason``) and
    ``notes`` (JSON: the crops by hex, the "not visible" lines, the contradictions), with
    the ticks (``take.<n>``), answers (``choice.<n>``) and hunter-less rows
    (``gain.<seat>.<k>``, ``gainact.<seat>.<k>``) as the phone left them. A form the
    phone did not make is refused with one sentence ("take the photo again").
editor
    One line's fields (``e.<field>``): the player (``e.seat``: a line given to another
    player is not out of turn, a photo shows no order), the action, up to ``TRIOS`` rows of hunters
    (from, to, count: for a tent or canoe "to" is its space and count its new size, for
    the tile the space of it and the hunters), the payment (``e.pay.<animal>``) and, with
    no hunters, the animal gained (``e.gain``; none: the action did not happen, the line
    is dropped). "Save" checks the whole ticked proposal with the edited line through
    the fold (``games.bison.fold.apply``: the same rules as the tapped flow); a refusal
    says which line and why (422), the proposal unchanged. Nothing is stored.
payment in place
    Each player's line carries its payment on the line itself, under its crops (one tap
    on the line shows them): ``pay.<n>.<animal>`` beside what it showed
    (``payshown.<n>.<animal>``). A payment typed otherwise is applied as the payment
    editor applies it (``paid_in_place``: another amount finds the actions that cost
    it) whenever the form comes back (Confirm, an editor, the page drawn again), the
    fold checking the whole proposal; a refusal names the line and says why beside
    it (422), nothing stored. A fix costs the animals typed, no ✎ and no "Save".
added line
    ``add=1``: an action the photo did not show, as an empty unticked line (the phone's
    own seat) with its editor open; saved, it is a ticked line like the others; saved
    with nothing (no hunters, no animal) it goes. Repairs never dead-end: no line forces
    an animal gain, and a marker a line gives up is free again for the others.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, NotRequired, TypedDict, TypeGuard

from flask import redirect, request, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale, ngettext
from flask_babel import gettext as _

from companion import tables
from companion.events import Append, AppendAll, Changed, Refused, Stale, apply_change
from companion.i18n import as_sentence, rule_error_message, translate
from companion.pages.base import current_seat, small_number
from companion.pages.panel import page_answer
from companion.panels import _kit as kit
from companion.panels.bison import overflows
from companion.panels.bison.actions import paid_label
from companion.panels.bison.forms import hex_arg
from companion.panels.bison.names import (
    action_name,
    animal_count,
    animal_name,
    hex_name,
    space_name,
)
from companion.panels.bison.pages import GAME, back_to_table, bp, refusal, render_page
from companion.panels.bison.proposal_lines import (
    line_words,
    paid_in_all,
    separator,
    short_action,
)
from games import fields
from games.bison import explain, explain_lines, fold
from games.bison.economy import (
    ANIMALS,
    MAX_HUNTERS_PER_ACTION,
    STOCK_CAP,
    Amounts,
    Stocks,
    action_cost,
    default_payment,
)
from games.bison.explain_search import MAX_ANSWERS, attempt
from games.bison.rounds import ACTIONS_PER_ROUND, Action, takes_marker
from games.bison.table.fields import parse_space
from games.bison.table.history import describe
from games.bison.tiles import SPACES
from games.changes import JSON, JSONObject
from games.errors import N_, RuleError

PROPOSAL = "photo_proposal.html"
#: Rows of hunters an editor offers: the line's own moves and one more (a split move).
TRIOS = 3
#: The actions a line moving or building may become (the tile's line stays the tile's).
BOARD_ACTIONS = ("move_1", "move_3", "gather", "tent", "canoe")
#: Bounds of what a phone sends back (the proposal made it: more is not a proposal).
MOST_STEPS = 200
MOST_NOTES = 400_000  # characters: the crops (≈ 6 kB each) and the sentences
ACTIONS = tuple(a.value for a in Action)
NOTHING = N_("nothing was ticked; nothing changed")
TILE_KEYS = ("at", "tile", "rotation", "edges", "animals")
UNREADABLE = N_("the proposal could not be read; take the photo again")


class CarriedAnswer(TypedDict):
    """One answer of a question carried as one line: its events, food and markers."""

    events: list[JSONObject]
    cost: NotRequired[int]
    markers: NotRequired[JSON]


class CarriedStep(TypedDict):
    """One line of the carried proposal (see the glossary: ``steps``)."""

    event: JSONObject
    options: NotRequired[list[JSONObject]]
    hexes: NotRequired[list[JSON]]
    reason: NotRequired[JSON]
    answers: NotRequired[list[CarriedAnswer]]
    added: NotRequired[JSON]
    edited: NotRequired[JSON]
    foods: NotRequired[list[int]]  # a change asked nothing: the other foods it could cost


class CarriedNotes(TypedDict):
    """The carried crops (by ``"q,r"``) and sentences (see the glossary: ``notes``)."""

    crops: dict[str, str]
    unseen: list[str]
    contradictions: list[str]
    hidden: list[list[JSON]]


# -- the carried proposal -----------------------------------------------------------------


def steps_json(
    steps: Sequence[explain.Step], questions: Sequence[explain.Question] = ()
) -> list[CarriedStep]:
    """The explanation's steps as the form carries them; a question whose answers are
    not one step each with its own marker (a split move for food, or single moves free:
    issue 32, item 4) as ONE line carrying its ``answers`` (each answer's events, food
    and markers), the first (cheapest) chosen unless ``choice.<n>`` says otherwise; a
    player's several actions in a row that no question asks about as ONE line too, its
    one answer those actions (``_runs``): the player says the food they paid for their
    whole change in one editor, "paid in all" (a wrong split of it across separate
    lines took many taps and could still end wrong: bench/bison_taps.py --photo)."""
    spans: dict[int, tuple[tuple[explain.Step, ...], ...]] = {
        q.first: tuple(a.steps for a in q.answers)
        for q in questions
        if q.answers and q.first < len(steps) and not steps[q.first].options
    }
    for start, run in _runs(steps, spans):
        spans[start] = (run,)
    carried: list[CarriedStep] = []
    n = 0
    while n < len(steps):
        answers = spans.get(n)
        if answers is None:
            s = steps[n]
            alone: CarriedStep = {
                "event": dict(s.event),
                "options": [dict(o) for o in s.options],
                "hexes": [[q, r] for q, r in s.hexes],
                "reason": rule_error_message(s.reason) if s.reason is not None else None,
            }
            if s.foods:
                alone["foods"] = list(s.foods)
            carried.append(alone)
            n += 1
            continue
        first = answers[0]
        line: CarriedStep = {
            "event": dict(first[0].event),
            "options": [],
            "hexes": [[q, r] for q, r in dict.fromkeys(h for s in first for h in s.hexes)],
            "reason": None,
            "answers": [
                {
                    "events": [dict(s.event) for s in answer],
                    "cost": sum(s.cost for s in answer),
                    "markers": [str(s.event.get("action")) for s in answer],
                }
                for answer in answers
            ],
        }
        if first[0].foods:  # a run asked nothing: its other foods go with its payment
            line["foods"] = list(first[0].foods)
        carried.append(line)
        n += len(first)
    return carried


def _runs(
    steps: Sequence[explain.Step], asked: Mapping[int, object]
) -> list[tuple[int, tuple[explain.Step, ...]]]:
    """The runs of two or more steps in a row that are one player's actions (``play``,
    no options) outside the questions (``asked``: where a question's line starts): each
    as (its first step, its steps)."""

    def alone(k: int) -> bool:
        step = steps[k]
        return (
            step.event.get("type") == "play"
            and step.seat is not None
            and not step.options
            and step.question is None
            and k not in asked
        )

    runs: list[tuple[int, tuple[explain.Step, ...]]] = []
    n = 0
    while n < len(steps):
        end = n + 1
        if alone(n):
            while end < len(steps) and alone(end) and steps[end].seat == steps[n].seat:
                end += 1
        if end - n > 1:
            runs.append((n, tuple(steps[n:end])))
        n = end
    return runs


#: The events a proposal's line may carry: a player's action (``play``, ``action``), a
#: tile on the mirror, a correction, a buy the board shows was made (B7); an answer of a
#: question, a player's actions only. A carried line of any other kind is refused whole
#: (422, "take the photo again"): it was a 500 once rendered.
LINE_TYPES = frozenset({"play", "tile", "correct", "action", "buy"})
ANSWER_TYPES = frozenset({"play", "action"})


def _is_answer(answer: JSON) -> bool:
    """Whether ``answer`` has a carried answer's shape: events (a player's actions), a
    whole cost."""
    if not isinstance(answer, dict):
        return False
    events = answer.get("events")
    return (
        isinstance(events, list)
        and bool(events)
        and all(isinstance(e, dict) and e.get("type") in ANSWER_TYPES for e in events)
        and isinstance(answer.get("cost", 0), int)
    )


def _is_step(item: JSON) -> TypeGuard[CarriedStep]:
    """Whether ``item`` has a carried line's shape (what the phone sent back)."""
    event = item.get("event") if isinstance(item, dict) else None
    if not isinstance(item, dict) or not isinstance(event, dict):
        return False
    options, answers = item.get("options", []), item.get("answers", [])
    foods = item.get("foods", [])
    return (
        event.get("type") in LINE_TYPES
        and isinstance(options, list)
        and all(isinstance(o, dict) and o.get("type") in LINE_TYPES for o in options)
        and isinstance(foods, list)
        and all(type(f) is int and 0 <= f <= STOCK_CAP * len(ANIMALS) for f in foods)
        and isinstance(item.get("hexes", []), list)
        and isinstance(answers, list)
        and all(_is_answer(a) for a in answers)
    )


def _carried_steps(form: Mapping[str, str]) -> list[CarriedStep]:
    try:
        # Bounded in depth (a crafted field once ran the parser out of stack: issue 33).
        raw = tables.loads(form.get("steps", "[]"))
    except (ValueError, RuleError):
        raise RuleError(UNREADABLE) from None
    if not isinstance(raw, list) or len(raw) > MOST_STEPS:
        raise RuleError(UNREADABLE)
    steps = [item for item in raw if _is_step(item)]
    if len(steps) != len(raw):
        raise RuleError(UNREADABLE)
    return steps


def _carried_notes(form: Mapping[str, str]) -> CarriedNotes:
    """The crops and sentences carried (only crops the server made: JPEG data URLs)."""
    text = form.get("notes", "{}")
    try:
        raw = tables.loads(text) if len(text) <= MOST_NOTES else None
    except (ValueError, RuleError):
        raw = None
    if not isinstance(raw, dict):
        return {"crops": {}, "unseen": [], "contradictions": [], "hidden": []}
    hidden = raw.get("hidden")
    crops, unseen, against = raw.get("crops"), raw.get("unseen"), raw.get("contradictions")
    crops = crops if isinstance(crops, dict) else {}
    return {
        "crops": {
            str(k): v
            for k, v in crops.items()
            if isinstance(v, str) and v.startswith("data:image/jpeg;base64,")
        },
        "unseen": [s for s in unseen if isinstance(s, str)] if isinstance(unseen, list) else [],
        "contradictions": (
            [s for s in against if isinstance(s, str)] if isinstance(against, list) else []
        ),
        # The spaces said not visible ([q, r, space]): what the page says it could not see.
        "hidden": [
            h
            for h in (hidden if isinstance(hidden, list) else [])
            if isinstance(h, list) and len(h) == 3 and all(isinstance(x, (int, str)) for x in h)
        ],
    }


def _chosen(item: CarriedStep, form: Mapping[str, str], n: int) -> JSONObject:
    """The step's event, its question answered by ``choice.<n>``."""
    options = item.get("options") or []
    choice = small_number(form.get(f"choice.{n}"))
    chosen: JSON = (
        options[choice] if choice is not None and choice < len(options) else item["event"]
    )
    if not isinstance(chosen, dict) or chosen.get("type") not in LINE_TYPES:
        raise RuleError(UNREADABLE)  # refused when carried (``_is_step``): never here
    return chosen


def _events(item: CarriedStep, form: Mapping[str, str], n: int) -> list[JSONObject]:
    """The line's events: its question's answer chosen by ``choice.<n>`` (the first
    unless another is chosen) when it carries answers of several steps, else its one
    event (``_chosen``)."""
    answers = item.get("answers") or []
    if not answers:
        return [_chosen(item, form, n)]
    events = answers[_answer_index(item, form, n)]["events"]
    for event in events:
        if event.get("type") not in ANSWER_TYPES:
            raise RuleError(UNREADABLE)  # refused when carried (``_is_answer``)
    return [dict(e) for e in events]


def _answer_index(item: CarriedStep, form: Mapping[str, str], n: int) -> int:
    """The answer chosen on a question line (``choice.<n>``; the first, the cheapest,
    unless another is chosen)."""
    choice = small_number(form.get(f"choice.{n}")) or 0
    return choice if choice < len(item.get("answers") or []) else 0


# -- checking (the fold itself) -----------------------------------------------------------


class LineRefused(Exception):
    """The fold refused line ``line`` of the proposal (``error``: its reason; ``before``:
    the board the line started from)."""

    def __init__(self, line: int, event: JSONObject, error: RuleError, before: fold.State) -> None:
        super().__init__(error.template)
        self.line, self.event, self.error, self.before = line, event, error, before

    def problem(self) -> str:
        """The rules' reason alone, as a sentence (said beside the line)."""
        return as_sentence(refusal(self.error), str(get_locale() or "en"))

    def message(self, table: tables.TableView, edited: int | None = None) -> str:
        """The refusal as a sentence: beside the line's own editor (``edited``) the
        rules' reason alone, else naming the line refused too."""
        problem = refusal(self.error)
        if self.line == edited:
            return as_sentence(problem, str(get_locale() or "en"))
        what, _paid = line_words(table, self.before, self.event)
        seat = self.event.get("seat")
        if isinstance(seat, int) and 0 <= seat < len(table.players):
            what = table.players[seat].name + separator() + what
        return str(
            _(
                "Nothing was changed: the line “%(line)s” was refused: %(problem)s",
                line=what,
                problem=problem,
            )
        )


def _gained(
    state: fold.State, seat: int, animal: str, action: str | None
) -> tuple[fold.State, JSONObject]:
    """An action without hunters gaining ``animal`` (B6) with the marker the row names
    when it is still free, else the first free one (``explain.gained``): a marker another
    line took since is never a dead end."""
    if action in ACTIONS and action not in state.rounds.markers[seat]:
        event: JSONObject = {
            "type": "action",
            "seat": seat,
            "action": action,
            "hunters": 0,
            "gain": animal,
        }
        overridden: JSONObject = {**event, "override": True}
        for tried in (event, overridden):  # a photo says no turn order
            try:
                return fold.apply(state, tried), tried
            except RuleError:
                continue
    return explain.gained(state, seat, animal)


def _chosen_gains(state: fold.State, form: Mapping[str, str]) -> list[tuple[int, str, str | None]]:
    """The rows without hunters that gain an animal: (seat, animal, the marker named by
    ``gainact.<seat>.<k>``, None when the form names none), in the form's order. A row
    whose menu is at "—" is an action not taken, whatever animal it had tapped."""
    chosen = []
    for key, animal in sorted(form.items()):
        seat = small_number(key.split(".")[1]) if key.startswith("gain.") else None
        if seat is None or seat >= len(state.players) or animal not in ANIMALS:
            continue
        action = form.get("gainact" + key[4:])
        if action == "":
            continue
        chosen.append((seat, animal, action))
    return chosen


def accepted(
    state: fold.State, form: Mapping[str, str], steps: Sequence[CarriedStep] | None = None
) -> list[JSONObject]:
    """The ticked steps' events (a question answered by ``choice.<n>``), in order, then
    the animals gained without hunters (``gain.<seat>.<k>``, marker ``gainact.<seat>.<k>``),
    each checked by the fold after those before it: ``LineRefused`` for the first line
    refused, ``RuleError`` for a form the phone did not make or nothing ticked."""
    events: list[JSONObject] = []
    for n, item in enumerate(_carried_steps(form) if steps is None else steps):
        if form.get(f"take.{n}") != "1":
            continue
        for chosen in _events(item, form, n):
            try:
                # Out of turn order when the turn order alone refuses it: a photo does
                # not show the order of the round's actions, and a line unticked or
                # edited shifts the turns of those after it (issue 32, item 5).
                state, chosen = attempt(state, chosen)
            except RuleError as error:
                raise LineRefused(n, chosen, error, state) from None
            events.append(chosen)
    for seat, animal, action in _chosen_gains(state, form):
        state, event = _gained(state, seat, animal, action)
        events.append(event)
    if not events:
        raise RuleError(NOTHING)
    return events


# -- the editor ---------------------------------------------------------------------------


def _space(raw: str | None) -> tuple[tuple[int, int], str] | None:
    """``"q,r,terrain"`` (an editor's select) as a space; None for "—"."""
    if not raw:
        return None
    q, _sep, rest = raw.partition(",")
    r, _sep, terrain = rest.partition(",")
    return (hex_arg(f"{q},{r}"), parse_space(terrain))


def _tile_space(at: JSON, raw: str | None) -> tuple[tuple[int, int], str] | None:
    """The tile's space in its editor (``"prairie"``: the terrain alone, the hex being the
    tile's own, wherever the editor lays it); None for "—"."""
    if not raw:
        return None
    q, r = [*at, None, None][:2] if isinstance(at, list) else (None, None)
    if not isinstance(q, int | float | str) or not isinstance(r, int | float | str):
        raise RuleError(UNREADABLE)
    try:
        hex_at = (int(q), int(r))
    except ValueError:
        raise RuleError(UNREADABLE) from None
    return (hex_at, parse_space(raw))


def _count(form: Mapping[str, str], k: int) -> int:
    raw = form.get(f"e.count.{k}", "").strip() or "0"
    return fields.read_whole(raw, _("hunters"))


def edited_event(
    state: fold.State, original: Mapping[str, JSON], form: Mapping[str, str]
) -> JSONObject | None:
    """The line's event as its editor says (``state``: the board before the line); None
    when the line now records nothing (no hunters and no animal gained)."""
    seat = _seat(original, form, len(state.players))
    tile = original.get("action") == "place_tile"
    action = "place_tile" if tile else form.get("e.action", str(original.get("action")))
    if action not in ACTIONS:
        raise RuleError(UNREADABLE)
    ref = fold.space_ref
    event: JSONObject = {"type": "play", "seat": seat, "action": action}
    # A photo says no turn order: a line edited (or given to another player) is never
    # out of turn (a repair refused as "not your turn" would be a dead end).
    event["override"] = True
    if tile:  # the tile where and as the editor lays it (its hex, its turn)
        event |= {k: original[k] for k in TILE_KEYS if k in original}
        if form.get("e.at"):
            event["at"] = list(hex_arg(form["e.at"]))
        if form.get("e.rotation", "").strip():
            event["rotation"] = fields.read_whole(form["e.rotation"], _("the tile's turn"), 0, 5)
    rows = []
    for k in range(TRIOS):
        count = _count(form, k)
        if count:
            to = form.get(f"e.to.{k}")
            goal = _tile_space(event.get("at"), to) if tile else _space(to)
            rows.append((_space(form.get(f"e.from.{k}")), goal, count))
    hunters = sum(count for _f, _t, count in rows)
    if not rows:
        gain = form.get("e.gain", "")
        if tile:  # the tile still lies: with no animal, on the mirror only (no marker)
            laid = {k: event[k] for k in TILE_KEYS if k in event}
            return (
                event | {"hunters": 0, "gain": gain} if gain in ANIMALS else laid | {"type": "tile"}
            )
        if gain not in ANIMALS:
            return None  # no hunters and no animal: the action did not happen
        counted: JSONObject = {
            "type": "action",
            "seat": seat,
            "action": action,
            "hunters": 0,
            "gain": gain,
        }
        return counted | ({"override": True} if "override" in event else {})
    missing = RuleError(N_("say where the hunters go: choose a space in each row with hunters"))
    if action in ("move_1", "move_3"):
        if any(a is None or b is None for a, b, _c in rows):
            raise missing
        event["moves"] = [
            {"from": ref(state, a), "to": ref(state, b), "hunters": c}  # type: ignore[arg-type]
            for a, b, c in rows
        ]
    elif action == "gather":
        goals = {b for _a, b, _c in rows}
        if None in goals or any(a is None for a, _b, _c in rows):
            raise missing
        if len(goals) > 1:
            raise RuleError(N_("a gather brings its hunters to one space: choose the same “to”"))
        (goal,) = goals
        event["gather"] = {
            "to": ref(state, goal),  # type: ignore[arg-type]
            "from": [{"space": ref(state, a), "hunters": c} for a, _b, c in rows],  # type: ignore[arg-type]
        }
    elif action in ("tent", "canoe"):
        if any(b is None for _a, b, _c in rows):
            raise missing
        event["builds"] = [{"space": ref(state, b), "size": c} for _a, b, c in rows]  # type: ignore[arg-type]
        hunters = fold.hunters_used(state, event)
    else:  # the tile's hunters on one space of it (B6)
        (_a, goal, count), *more = rows
        if goal is None or more or list(goal[0]) != event.get("at", []):
            raise RuleError(N_("the tile's hunters stand on one space of it: choose it"))
        event |= {"space": goal[1], "hunters": count}
    paid: JSONObject = {a: _count_pay(form, a) for a in ANIMALS}
    shown: JSONObject = {a: _count_pay(form, a, "e.shown.") for a in ANIMALS}
    if hunters and action_cost(min(hunters, MAX_HUNTERS_PER_ACTION)) > 0 and paid != shown:
        event["payment"] = paid  # changed by the player; unchanged: the rules' default split
    return event


def _seat(original: Mapping[str, JSON], form: Mapping[str, str], seats: int) -> int:
    """The line's player: the editor's ``e.seat`` when it names a seat of the table, else
    the line's own (a form the phone did not make: ``UNREADABLE``)."""
    seat = original.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats:
        raise RuleError(UNREADABLE)
    if not form.get("e.seat"):
        return seat
    chosen = small_number(form.get("e.seat"))
    if chosen is None or chosen >= seats:
        raise RuleError(N_("choose one of this table's players"))
    return chosen


#: The most a payment field takes (all of a player's stocks, B8 as amended).
MOST_PAID = STOCK_CAP * len(ANIMALS)


def _count_pay(form: Mapping[str, str], animal: str, prefix: str = "e.pay.") -> int:
    """A payment field (the editor's ``e.pay.<animal>``, a line's ``pay.<n>.<animal>``):
    empty is 0; else a whole number up to ``MOST_PAID``, refused by the animal's name."""
    raw = form.get(prefix + animal, "").strip() or "0"
    return fields.read_whole(raw, animal_name(animal), 0, MOST_PAID)


#: A line's payment typed on the line itself (issue 32, item 5: a fix costs the animals
#: alone): ``pay.<n>.<animal>``, beside what the line showed, ``payshown.<n>.<animal>``.
PAY, PAY_SHOWN = "pay.", "payshown."


def _line_payment(form: Mapping[str, str], n: int) -> dict[str, int] | None:
    """The payment typed on line ``n``'s own row when it differs from what the row showed;
    None when the phone sent none or left it as shown. ``RuleError`` for a value that is
    no whole number of animals (named by its animal)."""
    if not any(f"{PAY}{n}.{a}" in form for a in ANIMALS):
        return None
    paid = {a: _count_pay(form, a, f"{PAY}{n}.") for a in ANIMALS}
    shown = {a: small_number(form.get(f"{PAY_SHOWN}{n}.{a}")) for a in ANIMALS}
    return None if paid == shown else paid


def paid_in_place(
    table: tables.TableView, steps: Sequence[CarriedStep], form: Mapping[str, str]
) -> tuple[list[CarriedStep], dict[str, str]]:
    """The proposal with each ticked line's payment typed on the line itself applied, as
    the question line's payment editor applies it (``_edit_payment``: another amount than
    the line costs finds the actions that cost it, ``explain_lines.costing``; the split
    shared across its actions, ``explain_lines.paid_across``, each checked by the fold),
    and the typed fields gone from the form. ``LineRefused`` for the first line whose
    payment the rules refuse (or that is no number): nothing changes, nothing is stored."""
    edited = list(steps)
    now = {k: v for k, v in form.items() if not k.startswith((PAY, PAY_SHOWN))}

    @functools.cache
    def gained() -> dict[int, dict[str, int]]:  # read once, when a line was answered
        return gained_this_round(table)

    for n, item in enumerate(steps):
        if not _ticked(form, n) or not _editable(item["event"], table):
            continue
        answers = list(item.get("answers") or [])
        if not answers and item["event"].get("type") != "play":
            continue  # an action without hunters pays nothing
        before = _state_before(table.state, edited, now, n)
        event = item["event"]
        try:
            split = _line_payment(form, n)
            seat = event.get("seat")
            if split is None and form.get(f"{AFTER}{n}") and isinstance(seat, int):
                # "before / after the animals without hunters" answered, no payment typed
                # (a phone without JavaScript): that answer's default split (B6b).
                events = _events(item, now, n)
                split = _answered_order(
                    before, seat, events, gained().get(seat), form.get(f"{AFTER}{n}")
                )
                if split == explain_lines.answer_paid(before, seat, events)[1]:
                    split = None  # the split shown: nothing to change
            if split is None:
                continue
            events = _events(item, now, n)
            event = events[0]
            food = sum(split.values())
            dearer = food != explain_lines.answer_cost(before, events)
            offered = _answer_costing(before, answers, food) if dearer else None
            if offered is not None:  # another answer's food: that answer, paid so
                events = [dict(e) for e in answers[offered]["events"]]
                dearer = False
            elif dearer:  # paid otherwise than every answer: the actions that cost it
                events = list(explain_lines.costing(before, events, food))
            repaid = explain_lines.paid_across(before, events, split)
        except RuleError as error:
            raise LineRefused(n, event, error, before) from None
        markers: list[JSON] = [str(e.get("action")) for e in repaid]
        answer: CarriedAnswer = {"events": repaid, "cost": food, "markers": markers}
        if answers:
            k = _answer_index(item, now, n) if offered is None else offered
            if dearer:
                answers.append(answer)
                k = len(answers) - 1
            answers[k] = {**answers[k], "events": repaid}
            edited[n] = {**item, "answers": answers, "edited": True}
            now[f"choice.{n}"] = str(k)
        elif len(repaid) == 1:
            edited[n] = {**item, "event": repaid[0], "options": [], "edited": True}
            now[f"choice.{n}"] = ""
        else:  # one action became several (out and back): one line, its one answer
            edited[n] = {**item, "event": repaid[0], "options": [], "answers": [answer]}
            edited[n]["edited"] = True
            now[f"choice.{n}"] = "0"
    return edited, now


def _ticked(form: Mapping[str, str], n: int) -> bool:
    """Whether line ``n`` is ticked: every line of a fresh proposal; else as sent."""
    return form.get(f"take.{n}", "" if "steps" in form else "1") == "1"


def _state_before(
    state: fold.State, steps: Sequence[CarriedStep], form: Mapping[str, str], line: int
) -> fold.State:
    """The board the line starts from: the ticked lines before it applied as Confirm
    applies them (out of turn order where the order alone refuses one: ``attempt``;
    those the fold refuses otherwise left out: the line's own check comes at "Save"),
    so the rows without hunters and the actions not taken are those Confirm leaves."""
    for n, item in enumerate(steps[:line]):
        if not _ticked(form, n):
            continue
        try:
            for event in _events(item, form, n):
                state = attempt(state, event)[0]
        except RuleError:
            continue
    return state


def _editor(
    table: tables.TableView,
    steps: Sequence[CarriedStep],
    form: Mapping[str, str],
    line: int,
    fresh: bool,
) -> dict[str, object]:
    """The editor of line ``line``: its choices and the values shown (the line's own when
    ``fresh``, else what the phone sent); a question's line edits its payment only."""
    state = _state_before(table.state, steps, form, line)
    if steps[line].get("answers"):
        return _payment_editor(state, steps[line], form, line, fresh)
    event: Mapping[str, Any] = _chosen(steps[line], form, line)
    seat = int(event.get("seat", 0))
    if not fresh:
        chosen = small_number(form.get("e.seat"))
        seat = chosen if chosen is not None and chosen < len(state.players) else seat
    colour = state.colours[seat]
    spaces = sorted(
        [(at, t) for at in state.board.tiles for t in SPACES],
        key=lambda s: (_label(state, s), s),
    )
    tile = event.get("action") == "place_tile"
    laid_at: tuple[int, int] | None = None
    if tile and "at" in event:
        laid_at = (int(event["at"][0]), int(event["at"][1]))
        spaces = [(laid_at, t) for t in SPACES]

    def value(space: tuple[tuple[int, int], str]) -> str:
        return f"{space[0][0]},{space[0][1]},{space[1]}"

    own = [
        value(s) for s, p in sorted(state.board.pieces.items()) if p.player == colour and p.hunters
    ]
    rows: list[dict[str, str]] = []
    if fresh:
        if "moves" in event:
            rows = [
                {
                    "from": _ref_value(m["from"]),
                    "to": _ref_value(m["to"]),
                    "count": str(m["hunters"]),
                }
                for m in event["moves"]
            ]
        elif "gather" in event:
            to = _ref_value(event["gather"]["to"])
            rows = [
                {"from": _ref_value(s["space"]), "to": to, "count": str(s["hunters"])}
                for s in event["gather"]["from"]
            ]
        elif "builds" in event:
            rows = [
                {"from": "", "to": _ref_value(b["space"]), "count": str(b["size"])}
                for b in event["builds"]
            ]
        elif tile and event.get("hunters"):
            rows = [{"from": "", "to": str(event.get("space")), "count": str(event["hunters"])}]
        payment = event.get("payment") or {}
        pay = {a: str(payment.get(a, 0)) for a in ANIMALS}
        chosen_action = str(event.get("action", ""))
        gain = str(event.get("gain") or "")
        at_value = f"{laid_at[0]},{laid_at[1]}" if laid_at else ""
        rotation = str(event.get("rotation", 0))
    else:
        rows = [
            {
                "from": form.get(f"e.from.{k}", ""),
                "to": form.get(f"e.to.{k}", ""),
                "count": form.get(f"e.count.{k}", ""),
            }
            for k in range(TRIOS)
        ]
        pay = {a: form.get(f"e.pay.{a}", "0") for a in ANIMALS}
        chosen_action = form.get("e.action", str(event.get("action", "")))
        gain = form.get("e.gain", "")
        at_value = form.get("e.at", "")
        rotation = form.get("e.rotation", "")
    rows = (rows + [{"from": "", "to": "", "count": ""}] * TRIOS)[:TRIOS]
    # The tile's hex: where the photo laid it, or any hex the rules take a tile at (B4).
    hexes = [laid_at] if laid_at else []
    hexes += [at for at in fold.legal_hexes(state) if at != laid_at] if tile else []
    return {
        "line": line,
        "tile": tile,
        "seat": seat,
        "players": [{"value": k, "label": p.name} for k, p in enumerate(table.players)],
        "action": chosen_action,
        "actions": [] if tile else [{"value": a, "label": action_name(a)} for a in BOARD_ACTIONS],
        "rows": rows,
        # Where the seat's hunters stand first, then any space (the rules say if none do).
        "from_spaces": [{"value": v, "label": _label(state, _space(v))} for v in own]
        + [{"value": value(s), "label": _label(state, s)} for s in spaces if value(s) not in own]
        if not tile
        else [],
        "to_spaces": [
            {"value": s[1], "label": space_name(s[1])}
            if tile
            else {"value": value(s), "label": _label(state, s)}
            for s in spaces
        ],
        "hexes": [{"value": f"{q},{r}", "label": hex_name(state.board, (q, r))} for q, r in hexes],
        "at": at_value,
        "turns": [{"value": str(n), "label": f"{n} × 60°"} for n in range(6)],  # "Its turn"
        "rotation": rotation,
        "pay": pay,
        "shown": {a: form.get(f"e.shown.{a}", pay[a]) if not fresh else pay[a] for a in ANIMALS},
        "gain": gain,
        "stocks": state.stocks[seat].as_dict(),
    }


def _label(state: fold.State, space: tuple[tuple[int, int], str] | None) -> str:
    """A space named on the board the line starts from ("prairie of B07")."""
    if space is None:
        return "—"
    at, terrain = space
    return _("%(space)s of %(tile)s", space=space_name(terrain), tile=hex_name(state.board, at))


def _ref_value(ref: JSON) -> str:
    """A space reference (``fold.space_ref``) as an editor's value ``"q,r,terrain"``."""
    at = ref.get("at") if isinstance(ref, dict) else None
    if not isinstance(ref, dict) or not isinstance(at, list) or len(at) < 2 or "space" not in ref:
        raise RuleError(UNREADABLE)
    return f"{at[0]},{at[1]},{ref['space']}"


# -- the page -----------------------------------------------------------------------------


def _lines(
    table: tables.TableView,
    steps: Sequence[CarriedStep],
    form: Mapping[str, str],
    crops: Mapping[str, str],
    problems: Mapping[int, str],
) -> list[dict[str, object]]:
    """Each step as the page shows it, worded on the board it starts from (the ticked
    lines before it applied), with its payment to fix in place (``_line_pay``)."""
    lines: list[dict[str, object]] = []
    # This round's animals without hunters, recorded on the phones (B6b): a line whose
    # payment depends on whether they came first asks (``_line_pay``'s ``after``). The
    # history is read only when a seat has one (its marker says so: ``Rounds.gains``).
    gained = gained_this_round(table)
    state = table.state
    for n, item in enumerate(steps):
        events = _events(item, form, n)
        event = events[0]
        options = item.get("options") or []
        answers = item.get("answers") or []
        if answers:  # one line, every step of the answer chosen (issue 32, item 4)
            words, said = [], state
            for one in events:
                words.append(line_words(table, said, one))
                try:
                    said = fold.apply(said, one)
                except RuleError:
                    break
            what = separator().join(w for w, _paid in words)
            paid = paid_in_all(state, events)
        else:
            what, paid = line_words(table, state, event, asked=len(options) > 1)
        if item.get("added") and not item.get("edited"):  # nothing said yet
            what, paid = _("A line to add: say what it did (✎)"), ""
        pay = _line_pay(table, state, item, events, form, n, gained)
        problem = problems.get(n)
        if _ticked(form, n):
            try:
                for one in events:
                    state = fold.apply(state, one)
            except RuleError as error:  # shown beside the line; Confirm refuses it too
                problem = problem or as_sentence(refusal(error), str(get_locale() or "en"))
        raw_seat = event.get("seat")
        seat = raw_seat if isinstance(raw_seat, int) else None
        hexes = [
            f"{h[0]},{h[1]}" for h in item.get("hexes", []) if isinstance(h, list) and len(h) == 2
        ]
        lines.append(
            {
                "index": n,
                "name": table.players[seat].name
                if seat is not None and seat < len(table.players)
                else "",
                "text": what,
                "paid": paid,
                "crops": [crops[h] for h in hexes if h in crops],
                "correction": event.get("type") == "correct",
                "reason": item.get("reason"),
                "seat": seat if event.get("type") != "correct" else None,
                # A player's lines follow one another: the name once, on the first.
                "first": not lines or lines[-1]["seat"] != seat or seat is None,
                # A question line: its answer's payment only (the board is the photo's).
                "editable": _editable(event, table),
                "taken": _ticked(form, n),
                # The markers its events take (B6): bison_photo.js counts the actions
                # not taken as lines are unticked and answers chosen.
                "actions": sum(1 for e in events if takes_marker(e)),
                "edited": bool(item.get("edited")),
                "problem": problem,
                "pay": pay,
                "choice": small_number(form.get(f"choice.{n}")) or 0,
                "options": [
                    {
                        "value": k,
                        "action": str(o.get("action")),
                        "label": short_action(str(o.get("action"))),
                        "title": action_name(str(o.get("action"))),
                    }
                    for k, o in enumerate(options)
                ]
                if len(options) > 1
                else _answer_chips(answers),
            }
        )
    return lines


def _line_pay(
    table: tables.TableView,
    before: fold.State,
    item: CarriedStep,
    events: Sequence[JSONObject],
    form: Mapping[str, str],
    n: int,
    gained: Mapping[int, Mapping[str, int]],
) -> dict[str, object] | None:
    """A player's line's payment to fix on the line itself (issue 32, item 5): the split
    it pays in all (the rules' default unless said) in ``shown``, the phone's own typing
    (a refused one, sent back) in ``values``, the player's stocks before the line, and
    ``open`` when the phone typed another payment; None for a line that is no player's
    action with hunters (a tile on the mirror, a correction, an action without hunters).

    ``after``: when the player gained animals without hunters this round (``gained``,
    B6b) and the default split differs had they come before the line's actions, both
    splits as one question (``_order_chips``: the shown one chosen, the other one tap)."""
    event = item["event"]
    seat = event.get("seat")
    if not _editable(event, table) or not isinstance(seat, int):
        return None
    if not item.get("answers") and event.get("type") != "play":
        return None
    _cost, paid = explain_lines.answer_paid(before, seat, events)
    typed = {a: form.get(f"{PAY}{n}.{a}") for a in ANIMALS}
    said = {a: form.get(f"{PAY_SHOWN}{n}.{a}") for a in ANIMALS}
    known = all(v is not None for v in typed.values())
    values = {a: typed[a] if known else str(paid[a]) for a in ANIMALS}
    shown = {a: said[a] if known and said[a] is not None else str(paid[a]) for a in ANIMALS}
    stocks = before.stocks[seat] if seat < len(before.stocks) else None
    return {
        "values": values,
        "shown": shown,
        "open": values != shown,
        "stocks": stocks.as_dict() if stocks is not None else {},
        "foods": _food_chips(stocks, item.get("foods", [])) if stocks is not None else [],
        "after": _order_chips(before, seat, events, paid, gained.get(seat), form, n)
        if not item.get("edited")
        else None,
    }


def gained_this_round(table: tables.TableView) -> dict[int, dict[str, int]]:
    """The animals each seat gained without hunters this round (B6b), from the history,
    which is read only when a seat's markers say it took one."""
    rounds = table.state.rounds
    if not any(rounds.gains_of(seat) for seat in range(len(table.players))):
        return {}
    return explain.gains_this_round(tables.events(table.id))


def _paid_words(paid: Mapping[str, int]) -> str:
    return paid_label(Amounts(**{a: paid.get(a, 0) for a in ANIMALS})) or _("no food")


def _answered_order(
    before: fold.State,
    seat: int,
    events: Sequence[JSONObject],
    gains: Mapping[str, int] | None,
    answer: str | None,
) -> dict[str, int] | None:
    """The split a line's "before / after" answer says (``_order_chips``: ``answer`` "0"
    before the animals gained without hunters, "1" after), or None when the line asked
    nothing (no gains this round) or the answer is not one."""
    if not gains or answer not in ("0", "1"):
        return None
    return explain_lines.paid_levelled(before, seat, events, gains if answer == "0" else None)


#: Line ``n`` paid as if the animals gained without hunters came first: ``after.<n>=1``.
AFTER = "after."


def _order_chips(
    before: fold.State,
    seat: int,
    events: Sequence[JSONObject],
    paid: Mapping[str, int],
    gains: Mapping[str, int] | None,
    form: Mapping[str, str],
    n: int,
) -> dict[str, object] | None:
    """The question "paid before or after the animals gained without hunters?" of a line
    (B6b: recorded on the phones before the photo, which cannot say when): the default
    split (B6) on the stocks without them (paid before) and with them (after,
    ``explain_lines.paid_levelled``), each a chip naming the gains and the split, the one
    shown chosen (``explain`` pre-fills "before" unless those stocks explain less of the
    photo); None when the player gained nothing, both agree or neither is shown."""
    if not gains:
        return None
    earlier = explain_lines.paid_levelled(before, seat, events, gains)
    later = explain_lines.paid_levelled(before, seat, events)
    shown = dict(paid)
    if earlier is None or later is None or earlier == later or shown not in (earlier, later):
        return None
    got = ", ".join(f"+{animal_count(animal, count)}" for animal, count in gains.items() if count)
    asked = form.get(f"{AFTER}{n}")
    after = asked == "1" if asked in ("0", "1") else shown == later
    return {
        "chosen": after,
        "chips": [
            {
                "value": "0",
                "split": earlier,
                "label": _("before %(gains)s: %(paid)s", gains=got, paid=_paid_words(earlier)),
                "pays": _("pays %(what)s", what=_paid_words(earlier)),
            },
            {
                "value": "1",
                "split": later,
                "label": _("after %(gains)s: %(paid)s", gains=got, paid=_paid_words(later)),
                "pays": _("pays %(what)s", what=_paid_words(later)),
            },
        ],
    }


def _food_chips(stocks: Stocks, foods: Sequence[int]) -> list[dict[str, object]]:
    """A change asked nothing (one action set explains its board), paid more than that:
    the other foods its board could have cost (moves the photo cannot see, hunters
    moved out and back; ``explain_search.Plan.foods``), each a chip that fills the
    line's payment with the rules' default split of it (B6: from the largest stocks) —
    one tap, not one an animal; Confirm finds the actions that cost it."""
    chips = []
    for food in foods:
        try:
            split = default_payment(stocks, food)
        except RuleError:
            continue  # more than the stocks hold: never paid
        label = ngettext("%(num)s food", "%(num)s food", food)
        chips.append({"food": food, "label": label, "split": split.as_dict()})
    return chips


def _answer_chips(answers: Sequence[CarriedAnswer]) -> list[dict[str, object]]:
    """A question's answers as chips: each names its actions and its food (B6), one tap
    to choose (issue 32, item 4). Past the first ``MAX_ANSWERS`` (the other foods the
    board could have cost, ``explain_search.plans``) a chip names its food only, three
    to a row: a player tells those apart by the food they paid; its actions are its
    title and follow its food for a screen reader."""
    chips = []
    for k, answer in enumerate(answers):
        markers = [str(e.get("action")) for e in answer["events"]]
        cost = int(answer.get("cost", 0))
        food = ngettext("%(num)s food", "%(num)s food", cost) if cost else _("no food")
        actions = " + ".join(short_action(m) for m in markers)
        brief = k >= MAX_ANSWERS
        chips.append(
            {
                "value": k,
                "action": ",".join(markers),
                "cost": cost,
                "label": food if brief else actions + separator() + food,
                "more": actions if brief else "",
                "title": separator().join([*(action_name(m) for m in markers), food]),
            }
        )
    return chips if len(chips) > 1 else []


def _gains(
    table: tables.TableView, state: fold.State, form: Mapping[str, str]
) -> list[dict[str, object]]:
    """The actions without hunters each seat has left once the ticked lines are applied
    (``state``): one row each, naming the marker it takes (the first free ones; the
    player may name another)."""
    rows = []
    for seat in range(len(state.players)):
        free = [a for a in explain.GAIN_MARKERS if a not in state.rounds.markers[seat]]
        for k in range(state.rounds.actions_left(seat)):
            named = form.get(f"gainact.{seat}.{k}")
            if named != "" and named not in free:  # "" is the menu's "—": kept
                named = free[k] if k < len(free) else ""
            rows.append(
                {
                    "seat": seat,
                    "k": k,
                    "name": table.players[seat].name,
                    "action": named,
                    "actions": [{"value": a, "label": short_action(a)} for a in free],
                    "gain": form.get(f"gain.{seat}.{k}", ""),
                }
            )
    return rows


#: A seat with at most this many hunters left in its supply once the proposal's lines
#: are recorded may have bought one the photo does not show (``_buyers``).
FEW_HUNTERS = 1


def _buyers(table: tables.TableView, after: fold.State) -> list[dict[str, object]]:
    """The seats that may have bought a hunter the photo does not show (B7), one "+1"
    each: those the proposal's ticked lines leave short of hunters (``FEW_HUNTERS`` or
    fewer in the supply: a player buys hunters to place them; the photo proves a buy
    only where the board holds more than the supply could bring, and the cheapest
    explanation may have brought one from elsewhere), while the market still has one.
    Any other buy is the panel's own "Buy a hunter", at any time (B7). ``after``: the
    table once the ticked lines are applied."""
    return [
        {"seat": seat, "name": player.name}
        for seat, player in enumerate(table.players)
        if seat < len(after.supplies)
        and after.supplies[seat].hunters_supply <= FEW_HUNTERS
        and after.supplies[seat].hunters_market > 0
    ]


def render(
    table: tables.TableView,
    steps: list[CarriedStep],
    notes: CarriedNotes,
    version: int,
    form: Mapping[str, str] | None = None,
    *,
    editor: dict[str, object] | None = None,
    error: str | None = None,
    page_error: str | None = None,
    status: int = 200,
    more: Mapping[str, object] | None = None,
    problems: Mapping[int, str] | None = None,
) -> ResponseReturnValue:
    """The proposal page: ``error`` beside the open editor, ``page_error`` over the page,
    ``problems`` beside the lines they name (a payment typed on a line and refused)."""
    form = form or {}
    after = _state_before(table.state, steps, form, len(steps))  # the ticked lines applied
    return render_page(
        PROPOSAL,
        table,
        lines=_lines(table, steps, form, notes.get("crops", {}), problems or {}),
        unseen=notes.get("unseen", []),
        contradictions=notes.get("contradictions", []),
        steps=json.dumps(steps, separators=(",", ":")),
        notes=json.dumps(notes, separators=(",", ":")),
        version=version,
        gains=_gains(table, after, form),
        buyers=_buyers(table, after),
        score=_score_button(table, steps, form),
        animals=ANIMALS,
        editor=editor,
        more=more,
        line_error=error,
        error=page_error,
        status=status,
    )


#: The "Confirm and score" button's value when it ends the round with actions left:
#: ``left:<seat>=<count>,…`` (each seat with actions not taken and how many, as the
#: button says them); ``1`` when it says none.
LEFT = "left:"


def _left_value(left: Mapping[int, int]) -> str:
    return LEFT + ",".join(f"{seat}={n}" for seat, n in sorted(left.items()))


def _declared_left(raw: str | None) -> dict[int, int] | None:
    """The actions not taken the tapped button named (``left:0=1,1=2``); None for a value
    the phone did not make."""
    if not raw or not raw.startswith(LEFT) or len(raw) > 64:
        return None
    left: dict[int, int] = {}
    for part in raw[len(LEFT) :].split(","):
        seat, _eq, count = part.partition("=")
        s, n = small_number(seat), small_number(count)
        if s is None or n is None or n < 1 or s in left:
            return None
        left[s] = n
    return left or None


#: The part of the button's value naming the over-15 cases its words accept (B8 as
#: amended: each the proposal): ``over:<seat>.<region>.<kept>.<lost>,…``
#: (``overflows.case_key``), after the ``left:…`` part when there is one (``;`` between).
OVER = "over:"


def _declared(raw: str) -> tuple[dict[int, int] | None, str | None] | None:
    """What the tapped "Confirm and score" named: the actions not taken (``left:…``) and
    the over-15 cases (``over:…``), each None when not named; None for a value the phone
    did not make (then nothing is scored: the photo's lines alone are stored)."""
    if raw == "1":
        return None, None
    if len(raw) > 400:
        return None
    left: dict[int, int] | None = None
    over: str | None = None
    for part in raw.split(";"):
        if part.startswith(OVER) and over is None:
            over = part[len(OVER) :]
        elif part.startswith(LEFT) and left is None:
            left = _declared_left(part)
            if left is None:
                return None
        else:
            return None
    return left, over


def _after_form(
    table: tables.TableView, steps: Sequence[CarriedStep], form: Mapping[str, str]
) -> fold.State:
    """The table as the proposal stands: the ticked lines, then the animals chosen on the
    rows without hunters (those the fold refuses left out: Confirm says why)."""
    state = _state_before(table.state, steps, form, len(steps))
    for seat, animal, action in _chosen_gains(state, form):
        try:
            state, _event = _gained(state, seat, animal, action)
        except RuleError:
            continue
    return state


def _left_words(total: int, who: str) -> str:
    """ "7 actions not taken: Ann 3, Ben 4", under "Confirm and score the round" (the
    score page's "end the round anyway", said on the button that does it)."""
    return str(
        ngettext(
            "%(num)s action not taken: %(who)s",
            "%(num)s actions not taken: %(who)s",
            total,
            who=who,
        )
    )


def _score_button(
    table: tables.TableView, steps: Sequence[CarriedStep], form: Mapping[str, str]
) -> dict[str, object] | None:
    """The "Confirm and score" button: its label and value. Actions not taken: the label
    names each player and how many (the score page's "end the round anyway", B6) and the
    value says the same (``left:…``); a stock over 15 (B8 as amended): each case as the
    proposal settles it ("Ren keeps 15 salmon, 2 lost", the panel's "Score the round as
    proposed") and the value names them (``over:…``): tapping it ends the round so, never
    silently. ``live`` (the words for each count of actions not taken, each player's
    part, the separator, the over-15 words for each count of animals the rows gain) lets
    bison_photo.js keep words and value in step with the rows' animals, the lines ticked
    and the questions' answers."""
    label = _score_label(table.state)
    names = [player.name for player in table.players]
    if label is None:
        return None
    state = _after_form(table, steps, form)
    left = fold.actions_not_taken(state)
    # A stock over 15 (B8): the words name each case as proposed, the value says the
    # same, and the tap accepts them (the panel's "Score the round as proposed").
    over = [] if fold.scores_in_one_tap(state, override=True) else overflows.proposed(state)
    piece = {
        str(seat): str(_("%(name)s %(num)s", name=p.name, num="{num}"))
        for seat, p in enumerate(table.players)
    }
    sep = str(_(", "))
    most = ACTIONS_PER_ROUND * len(table.players)
    live = {
        "words": ["", *(_left_words(k, "{who}") for k in range(1, most + 1))],
        "pieces": piece,
        "sep": sep,
        "over": _over_live(table, steps, form),
        "between": str(_("; ")),
    }
    who = sep.join(piece[str(seat)].replace("{num}", str(n)) for seat, n in sorted(left.items()))
    value = ";".join(
        part
        for part in (
            _left_value(left) if left else "",
            OVER + overflows.cases_value(over) if over else "",
        )
        if part
    )
    return {
        "label": label,
        "left": _left_words(sum(left.values()), who) if left else "",
        "over": overflows.cases_words(names, over),
        "value": value or "1",
        "live": json.dumps(live, ensure_ascii=False, separators=(",", ":")),
    }


def _over_live(
    table: tables.TableView, steps: Sequence[CarriedStep], form: Mapping[str, str]
) -> dict[str, dict[str, list[str]]]:
    """The over-15 words and value part of each seat whose stock could pass 15 at the
    scoring, for every count of animals its rows without hunters may gain
    (``"<bison>.<salmon>.<turkey>"`` -> [words, keys]): bison_photo.js names the cases
    as the phone's chips leave them (a seat's cases depend on its own stock alone). A
    seat awarded nothing, or that cannot pass 15 whatever its rows gain, is left out
    (nothing to name)."""
    base = _state_before(table.state, steps, form, len(steps))
    names = [player.name for player in table.players]
    awards = fold.score_now(base, overflow={})
    live: dict[str, dict[str, list[str]]] = {}
    for seat in range(len(base.players)):
        rows = base.rounds.actions_left(seat)
        award = awards.awards(seat)
        most = [base.stocks[seat].get(a) + award.get(a) + rows for a in ANIMALS]
        if not award.total or all(n <= STOCK_CAP for n in most):
            continue
        variants: dict[str, list[str]] = {}
        for counts in _gain_counts(rows):
            state = base
            gained = [a for a, n in zip(ANIMALS, counts, strict=True) for _k in range(n)]
            for k, animal in enumerate(gained):
                try:
                    state, _event = _gained(state, seat, animal, form.get(f"gainact.{seat}.{k}"))
                except RuleError:
                    continue
            cases = overflows.proposed(state, [seat])
            variants[".".join(map(str, counts))] = [
                overflows.cases_words(names, cases),
                overflows.cases_value(cases),
            ]
        live[str(seat)] = variants
    return live


def _gain_counts(rows: int) -> list[tuple[int, ...]]:
    """Each count of bison, salmon and turkey ``rows`` rows without hunters may gain
    (a row with no animal tapped, or at "—", gains nothing)."""
    return [
        (b, s, t)
        for b in range(rows + 1)
        for s in range(rows + 1 - b)
        for t in range(rows + 1 - b - s)
    ]


def _score_label(state: fold.State) -> str | None:
    """The label of "Confirm and score" (the round's or the final scoring); None once
    the game is scored."""
    if state.final_scored:
        return None
    rounds = state.rounds
    if rounds.finished or rounds.round >= rounds.rounds:
        return str(_("Confirm and final scoring"))
    return str(_("Confirm and score the round"))


@bp.post("/photo/edit")
def photo_edit(table_id: str) -> ResponseReturnValue:
    """Open (``open`` = n) or save (``save`` = n) one line's editor: the proposal again,
    that line edited when the rules take the whole ticked proposal with it; else the
    refusal beside the editor (422). Nothing is stored."""
    table = kit.game_table(table_id, GAME)
    form = request.form.to_dict()
    version = small_number(form.get("version")) or 0
    try:
        steps = _carried_steps(form)
    except RuleError as error:
        return render_page("message.html", table, error=rule_error_message(error), status=422)
    notes = _carried_notes(form)
    try:  # the payments typed on the lines themselves, checked as Confirm checks them
        steps, form = paid_in_place(table, steps, form)
    except LineRefused as refused:
        return render(
            table,
            steps,
            notes,
            version,
            form,
            page_error=refused.message(table),
            problems={refused.line: refused.problem()},
            status=422,
        )
    buyer = small_number(form.get("addbuy"))
    if buyer is not None and buyer < len(table.players) and len(steps) < MOST_STEPS:
        # A hunter bought that the board does not prove (B7): its line at the end, ticked.
        steps = [*steps, {"event": {"type": "buy", "seat": buyer, "item": "hunter"}}]
        form = {**form, f"take.{len(steps) - 1}": "1"}
        return render(table, steps, notes, version, form)
    if form.get("add") and len(steps) < MOST_STEPS:  # a line the photo did not propose
        steps = [*steps, _added(table)]
        last = len(steps) - 1
        form = {**form, f"take.{last}": "", f"choice.{last}": ""}
        shown = _editor(table, steps, form, last, fresh=True)
        return render(table, steps, notes, version, form, editor=shown)
    apart = small_number(form.get("split"))
    if apart is not None and apart < len(steps) and steps[apart].get("answers"):
        steps, form = _split(steps, form, apart)
        return render(table, steps, notes, version, form)
    opened, saved = small_number(form.get("open")), small_number(form.get("save"))
    line = opened if opened is not None else saved
    if line is None or line >= len(steps) or not _editable(steps[line]["event"], table):
        return render(table, steps, notes, version, form)
    if steps[line].get("answers"):  # a question of several steps: answered, its food fixed
        return _edit_payment(table, steps, notes, version, form, line, saved is not None)
    if saved is None:
        shown = _editor(table, steps, form, line, fresh=True)
        return render(table, steps, notes, version, form, editor=shown)
    try:
        before = _state_before(table.state, steps, form, line)
        event = edited_event(before, _chosen(steps[line], form, line), form)
        if event is not None:  # the line where it stands, by the rules (the fold)
            try:
                fold.apply(before, event)
            except RuleError:
                # A photo says no order: the repair may fit after lines proposed after
                # it (another's hunters leave the space first, B5). Moved there.
                later = _fits_later(table.state, steps, form, line, event)
                if later is None:
                    raise
                steps, form, line = later
    except RuleError as error:
        shown = _editor(table, steps, form, line, fresh=False)
        problem = as_sentence(refusal(error), str(get_locale() or "en"))
        return render(table, steps, notes, version, form, editor=shown, error=problem, status=422)
    # Saved: a later line this one no longer fits says so beside it (Confirm checks all).
    if event is None and steps[line].get("added"):  # an added line saying nothing: gone
        steps, form = _without(steps, form, line)
        return render(table, steps, notes, version, form)
    edited = list(steps)
    edited[line] = {**steps[line], "options": [], "edited": True}
    if event is not None:
        edited[line]["event"] = event
    now = {**form, f"choice.{line}": "", f"take.{line}": "1" if event else ""}
    return render(table, edited, notes, version, now)


def _payment_editor(
    state: fold.State, item: CarriedStep, form: Mapping[str, str], line: int, fresh: bool
) -> dict[str, object]:
    """The payment editor of a question line (issue 32, items 4–5) on the board it
    starts from: what the answer chosen costs in all (B6) and how it is paid (the
    answer's own split when ``fresh``, else what the phone sent)."""
    events = item.get("answers", [])[_answer_index(item, form, line)]["events"]
    seat = int(item["event"].get("seat", 0))  # type: ignore[arg-type]
    cost, paid = explain_lines.answer_paid(state, seat, events)
    pay = {a: str(paid[a]) if fresh else form.get(f"e.pay.{a}", "0") for a in ANIMALS}
    return {
        "line": line,
        "payment_only": True,
        # One player's actions in a row (no other answer): "paid in all", and a way to
        # fix each action on its own line (``_split``).
        "in_all": len(item.get("answers", [])) == 1,
        "cost": cost,
        "seat": seat,
        "pay": pay,
        "shown": pay,
        "stocks": state.stocks[seat].as_dict() if seat < len(state.stocks) else {},
    }


def _answer_costing(
    before: fold.State, answers: Sequence[CarriedAnswer], food: int, first: int | None = None
) -> int | None:
    """The answer whose actions cost ``food`` (B6, asked of the rules: the cost a form
    carries is not trusted), ``first`` tried first (the one chosen), None when none does:
    food said is one answer's, never a copy of it."""
    chosen: list[int] = [first] if first is not None and 0 <= first < len(answers) else []
    order: list[int] = [*chosen, *range(len(answers))]
    for k in order:
        answer = answers[k]
        try:
            if explain_lines.answer_cost(before, list(answer.get("events", []))) == food:
                return k
        except RuleError:
            continue
    return None


def _edit_payment(
    table: tables.TableView,
    steps: list[CarriedStep],
    notes: CarriedNotes,
    version: int,
    form: dict[str, str],
    line: int,
    save: bool,
) -> ResponseReturnValue:
    """Open or save the payment of a question line: its answer chosen, paid with the split
    said in all (``explain_lines.paid_across``: each action's share, the fold checking
    every one as the tapped flow does); a refusal beside the editor (422), the proposal
    unchanged. Nothing is stored."""
    if not save:
        shown = _editor(table, steps, form, line, fresh=True)
        return render(table, steps, notes, version, form, editor=shown)
    item = steps[line]
    k = _answer_index(item, form, line)
    answers = list(item.get("answers", []))
    try:
        split = {a: _count_pay(form, a) for a in ANIMALS}
        before = _state_before(table.state, steps, form, line)
        for answer in answers:
            for event in answer["events"]:
                if event.get("type") not in {"play", "action"} or event.get("seat") != item[
                    "event"
                ].get("seat"):
                    raise RuleError(UNREADABLE)
        food = sum(split.values())
        offered = _answer_costing(before, answers, food, first=k)
        if offered is not None:  # the chosen answer's food, or another's: that answer
            k = offered
        events = [dict(e) for e in answers[k]["events"]]
        if offered is None:
            # Paid otherwise than every answer (hunters moved out and back, a split
            # move): the actions that leave the same board for that food, as an answer.
            events = list(explain_lines.costing(before, events, food))
            markers: list[JSON] = [str(e.get("action")) for e in events]
            answers.append({"events": events, "cost": food, "markers": markers})
            k = len(answers) - 1
        repaid = explain_lines.paid_across(before, events, split)
    except RuleError as error:
        shown = _editor(table, steps, form, line, fresh=False)
        problem = as_sentence(refusal(error), str(get_locale() or "en"))
        return render(table, steps, notes, version, form, editor=shown, error=problem, status=422)
    answers[k] = {**answers[k], "events": repaid}
    edited = list(steps)
    edited[line] = {**item, "answers": answers, "edited": True}
    return render(
        table, edited, notes, version, {**form, f"take.{line}": "1", f"choice.{line}": str(k)}
    )


def _fits_later(
    state: fold.State,
    steps: Sequence[CarriedStep],
    form: Mapping[str, str],
    line: int,
    event: JSONObject,
) -> tuple[list[CarriedStep], dict[str, str], int] | None:
    """The proposal with line ``line`` moved to the first later place where the rules
    take ``event`` (the ticked lines before that place applied), its tick and answer
    following it; None when no later place does."""
    kept, moved = _without(steps, form, line)
    for place in range(line + 1, len(kept) + 1):
        try:
            fold.apply(_state_before(state, kept, moved, place), event)
        except RuleError:
            continue
        shifted = _renumbered(moved, functools.partial(_after, place))
        shifted[f"take.{place}"] = form.get(f"take.{line}", "1")
        shifted[f"choice.{place}"] = form.get(f"choice.{line}", "")
        return [*kept[:place], steps[line].copy(), *kept[place:]], shifted, place
    return None


def _split(
    steps: Sequence[CarriedStep], form: Mapping[str, str], line: int
) -> tuple[list[CarriedStep], dict[str, str]]:
    """The proposal with line ``line`` (several actions: a question's answer chosen, or
    one player's actions in a row) as one line per action, each with its own editor
    (issue 32, item 5); ticked as the line was, the later lines' ticks and answers
    following them."""
    item = steps[line]
    events = _events(item, form, line)
    apart: list[CarriedStep] = [
        {"event": event, "options": [], "hexes": item.get("hexes", []), "reason": None}
        for event in events
    ]
    more = len(apart) - 1
    moved = _renumbered(form, lambda n: None if n == line else n + more if n > line else n)
    for k in range(len(apart)):
        moved[f"take.{line + k}"] = "1" if _ticked(form, line) else ""
    return [*steps[:line], *apart, *steps[line + 1 :]], moved


def _added(table: tables.TableView) -> CarriedStep:
    """A line the photo did not propose, for the phone's own seat (else the first): a
    move of nobody yet, unticked until its editor saves it (a photo says no turn order)."""
    seat = current_seat(table)
    event: JSONObject = {"type": "play", "seat": seat or 0, "action": "move_1", "override": True}
    return {"event": event, "options": [], "hexes": [], "added": True}


def _without(
    steps: Sequence[CarriedStep], form: Mapping[str, str], line: int
) -> tuple[list[CarriedStep], dict[str, str]]:
    """The proposal without line ``line``: the later lines' ticks and answers follow them."""
    kept = [item.copy() for n, item in enumerate(steps) if n != line]
    return kept, _renumbered(form, lambda n: None if n == line else n - 1 if n > line else n)


def _after(place: int, n: int) -> int:
    """Line ``n``'s number once a line is put in at ``place``."""
    return n + 1 if n >= place else n


def _renumbered(form: Mapping[str, str], where: Callable[[int], int | None]) -> dict[str, str]:
    """``form`` with each line's tick and answer (``take.<n>``, ``choice.<n>``) under the
    number ``where`` gives its line now (None: the line is gone)."""
    moved = {k: v for k, v in form.items() if not k.startswith(("take.", "choice."))}
    for key, value in form.items():
        kind, _dot, number = key.partition(".")
        n = small_number(number) if kind in ("take", "choice") else None
        now = where(n) if n is not None else None
        if now is not None:
            moved[f"{kind}.{now}"] = value
    return moved


def _editable(event: JSONObject, table: tables.TableView) -> bool:
    """A player's action (a play, or one without hunters) of a seat at this table."""
    seat = event.get("seat")
    return (
        event.get("type") in ("play", "action")
        and isinstance(seat, int)
        and 0 <= seat < len(table.players)
    )


@bp.post("/photo/confirm")
def photo_confirm(table_id: str) -> ResponseReturnValue:
    """The ticked lines as events in one change (``AppendAll``): all stored at the
    proposal's version, in one transaction and announced once, or none."""
    table = kit.game_table(table_id, GAME)
    version = small_number(request.form.get("version"))
    if version is not None and version != table.version:
        return _changed_since_photo(table)
    form = request.form.to_dict()
    try:
        steps, typed = paid_in_place(table, _carried_steps(form), form)
        events = accepted(table.state, typed, steps)
    except LineRefused as refused:
        # No dead end: the proposal again as the phone left it (ticks, answers, the
        # payments typed on its lines), the refused line saying why beside it, to fix or
        # untick; nothing stored.
        return render(
            table,
            _carried_steps(form),
            _carried_notes(form),
            version or 0,
            form,
            page_error=refused.message(table),
            problems={refused.line: refused.problem()},
            status=422,
        )
    except RuleError as error:
        said = as_sentence(rule_error_message(error), str(get_locale() or "en"))
        return render_page("message.html", table, error=said, status=422)
    # The phone confirming a photo confirms every seat's lines at once: no "make this
    # change for Ben?" per line (the proposal named each player's change).
    outcome = apply_change(
        table, AppendAll(tuple(events)), by=current_seat(table), expected_version=version
    )
    if isinstance(outcome, Changed):
        named = _declared(request.form.get("score") or "")
        if named is not None:
            return _score_after(outcome.table, *named)
        return back_to_table(table.id)
    if isinstance(outcome, Stale):  # another phone's change won the race
        return _changed_since_photo(outcome.table)
    line = outcome.line if isinstance(outcome, Refused) else None
    return page_answer(
        outcome,
        refused=lambda shown, message: render_page(
            "message.html", shown, error=_refused_line(shown, events, line, message), status=422
        ),
    )


def _changed_since_photo(table: tables.TableView) -> ResponseReturnValue:
    """A confirm of a proposal made against an older version of the table (another phone
    recorded a change meanwhile): nothing stored, and the photo page again (409), saying
    so in words, with the way forward — the photo taken again is read against the table
    as it is now. Never a silent loss, never a half-recorded round."""
    return render_page(
        "photo.html",
        tables.get(table.id),
        error=_(
            "The table changed since the photo (another phone recorded a change): "
            "nothing from this photo was saved. Take the photo again: it is read "
            "against the table as it is now."
        ),
        status=409,
    )


#: The round's scoring as the panel's one tap makes it when nothing needs a choice.
SCORE_EVENT = {"type": "score", "override": False, "lock": True, "overflow": []}


def _score_after(
    table: tables.TableView,
    said: Mapping[int, int] | None = None,
    over: str | None = None,
) -> ResponseReturnValue:
    """The round scored after the photo's lines, as a change of its own (undo takes the
    scoring back, not the photo's lines); the score page when something is left to
    choose or the rules refuse (it says why). ``said``: the actions not taken the button
    tapped named; the round is ended with them (``override``, as the score page's "end
    the round anyway") only when they are exactly those left, else the score page.
    ``over``: the over-15 cases it named (B8 as amended); they are settled as proposed
    (as the panel's one tap does) only when they are exactly those due, else the score
    page, where the players choose."""
    score_page = redirect(url_for("bison.score", table_id=table.id), code=303)
    state, override = table.state, said is not None
    if override and fold.actions_not_taken(state) != said:
        return score_page
    chosen: list[dict[str, object]] = []
    if not fold.scores_in_one_tap(state, override=override):
        cases = overflows.proposed(state)
        if not cases or overflows.cases_value(cases) != over:
            return score_page
        chosen = overflows.overflow_choices(cases)
    event = {**SCORE_EVENT, "override": override, "overflow": chosen}
    outcome = apply_change(
        table, Append(event), by=current_seat(table), expected_version=table.version
    )
    return back_to_table(table.id) if isinstance(outcome, Changed) else score_page


def _refused_line(
    table: tables.TableView, events: Sequence[JSONObject], line: int | None, message: str
) -> str:
    """A refusal of the confirmation, naming the line refused (``line``: 1 = the first
    event) when it is one line's: nothing was stored."""
    if line is None:
        return message
    template, params = describe(dict(events[line - 1]), table.players)
    return str(
        _(
            "Nothing was changed: the line “%(line)s” was refused: %(problem)s",
            line=translate(template, params),
            problem=message,
        )
    )
