"""The harness of the secret-equivalence tests (test_secret_refusals.py through the API,
test_secret_refusals_pages.py through the page forms): pairs of tables equal in public
and different in a secret, the phones that send every change to both, and
``check_pair``, which compares their answers byte for byte. ``same_chance`` (autouse
where imported) gives both tables of a pair one seed for every draw."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from companion import security, tables
from games import registry
from games.dogs_life.city import CITY

STAMP = "2026-01-02T10:00:00+00:00"
PLAYERS = [{"name": n, "color": c} for n, c in (("Ann", "red"), ("Ben", "blue"), ("Cho", "green"))]
HTMX = {"HX-Request": "true"}
#: Headers that name a moment or a phone's session: everything else must match (the rate
#: limiter's count is reset before each request, so its remaining count must match too).
VARYING_HEADERS = {"Date", "Set-Cookie", "X-RateLimit-Reset", "Retry-After"}
#: Per-request values in the markup: CSRF tokens and the forms' fresh idempotency keys.
PER_REQUEST = re.compile(
    r'(name="(?:csrf_token|idempotency_key)" value=")[^"]*(")'
    r'|(name="csrf-token" content=")[^"]*(")'
    r'|("X-CSRFToken": ")[^"]*(")'
)

History = list[tuple[int | None, dict[str, Any]]]


@pytest.fixture(autouse=True)
def same_chance(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every change draws from one seed: both tables of a pair see the same cards."""
    monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(27))


def imported(game: str, history: History) -> tables.TableView:
    """A table rebuilt from an export holding ``history`` (acting seat, event) at one
    moment, so the two tables of a pair differ in nothing but what ``history`` says."""
    return tables.import_table(
        {
            "format": tables.EXPORT_FORMAT,
            "format_version": tables.EXPORT_VERSION,
            "game": game,
            "players": PLAYERS,
            "settings": {},
            "created_at": STAMP,
            "events": [
                {"seq": seq, "seat": seat, "created_at": STAMP, "event": event}
                for seq, (seat, event) in enumerate(history, start=1)
            ],
        }
    )


# ---------------------------------------------------------------------------------------
# the pairs: (game, the seat whose secret differs, the history for each secret)

GRID = [[1, None, None], [None, 2, None], [None, None, None]]


def lion_square(delta: int) -> dict[str, History]:
    """Ben's herd corrected by ``delta`` on his phone: its amount is his secret."""
    ben = (1, {"type": "adjust", "seat": 1, "counter": "herd", "delta": delta})
    entry: History = [
        (0, {"type": "set_square", "grid": GRID}),
        (0, {"type": "set_taken", "seat": 1, "count": 1}),
    ]
    return {
        "open round": [ben],
        "correction after the entry": [*entry, ben],
        "scored round": [
            ben,
            *entry,
            (2, {"type": "score_round"}),
            (2, {"type": "set_last", "seat": 0}),
        ],
    }


def dogs_life(address: int) -> dict[str, History]:
    """Fifi (Ann's dog) carries newspaper ``address``: her player's secret."""
    started: History = [
        (0, {"type": "start_turn", "seat": 0}),
        (0, {"type": "pick_up", "seat": 0, "item": "newspaper", "address": address}),
    ]
    return {
        "actions left": started,
        "no action points left": [*started, (0, {"type": "move", "seat": 0, "steps": 6})],
        "dropped and taken again": [
            *started,
            (0, {"type": "drop", "seat": 0, "item": "newspaper", "address": address}),
            (
                0,
                {
                    "type": "pick_up",
                    "seat": 0,
                    "item": "newspaper",
                    "from": "street",
                    "address": address,
                },
            ),
        ],
        "another dog's turn": [
            *started,
            (0, {"type": "end_turn", "seat": 0}),
            (1, {"type": "start_turn", "seat": 1}),
        ],
        # issue 38: on the map, next to the addresses and with the van to move
        "walked on the map": [
            *started,
            (0, {"type": "move", "seat": 0, "to": "c04r04"}),
        ],
        "rolled for the van": [
            *started,
            (0, {"type": "move", "seat": 0, "to": "c03r04"}),
            (0, {"type": "roll_die", "seat": 0, "die": 3}),
        ],
    }


SECRETS = {"lion-square": (1, lion_square, (-3, -9)), "dogs-life": (0, dogs_life, (3, 9))}


SecretPair = tuple[str, str, int, History, History]  # game, scenario, owner, one, other


def pairs() -> Iterator[SecretPair]:
    for game, (owner, scenarios, (one, other)) in SECRETS.items():
        first, second = scenarios(one), scenarios(other)
        for name in first:
            yield game, name, owner, first[name], second[name]


# ---------------------------------------------------------------------------------------
# the changes a phone without the secret's seat sends


def lion_square_changes(owner: int) -> list[dict[str, Any]]:
    herd = {"type": "adjust", "counter": "herd"}
    return [
        *({**herd, "seat": owner, "delta": d} for d in (-30, -10, -5, -1, 0, 1, 4, 100)),
        {**herd, "seat": 0, "delta": -1},
        {**herd, "seat": owner, "counter": "horns", "delta": 1},
        {"type": "set_square", "grid": [[3, None, None], [None] * 3, [None] * 3]},
        {"type": "set_cell", "row": 2, "column": 2, "card": 5},
        {"type": "set_taken", "seat": owner, "count": 2},
        {"type": "set_gazelles", "seat": owner, "count": 1},
        {"type": "set_last", "seat": owner},
        {"type": "score_round"},
        {"type": "next_round"},
    ]


def dogs_life_changes(owner: int) -> list[dict[str, Any]]:
    fifi = {"seat": owner}
    return [
        *({"type": "drop", **fifi, "item": "newspaper", "address": a} for a in range(1, 13)),
        *({"type": "draw", **fifi, "section": "newspaper", "address": a} for a in range(1, 13)),
        {"type": "drop", **fifi, "item": "bone"},
        {"type": "pick_up", **fifi, "item": "newspaper"},
        {"type": "pick_up", **fifi, "item": "bone"},
        {"type": "pick_up", "seat": 2, "item": "newspaper"},
        {"type": "move", **fifi, "steps": 1},
        # issue 38: walking to any address (the carried one's too) and the van's stops
        *({"type": "move", **fifi, "to": CITY.address(a).id} for a in range(1, 13)),
        {"type": "move", **fifi, "to": "newspaper-office"},
        {"type": "move", **fifi, "to": "nowhere"},
        {"type": "move", "seat": 2, "to": "c05r06"},
        *({"type": "van", **fifi, "to": stop} for stop in ("c07r01", "c11r01", "c00r04", "x")),
        {"type": "pick_up", **fifi, "item": "newspaper", "from": "street"},
        {"type": "rummage", **fifi, "find": "bone"},
        {"type": "beg", **fifi, "find": "food-1"},
        {"type": "eat", **fifi, "days": 1},
        {"type": "drink", **fifi},
        {"type": "pee", **fifi},
        {"type": "bury", **fifi, "count": 1},
        {"type": "to_pound", **fifi, "reason": "caught"},
        {"type": "draw", **fifi, "section": "trash"},
        {"type": "draw", **fifi, "section": "fight", "against": 2},
        {"type": "draw", **fifi, "section": "catcher"},
        {"type": "roll_die", **fifi},
        {"type": "end_turn", **fifi},
        {"type": "start_turn", "seat": 2},
        {"type": "adjust", **fifi, "counter": "hunger", "delta": -1},
        {"type": "end_game"},
    ]


CHANGES: dict[str, Callable[[int], list[dict[str, Any]]]] = {
    "lion-square": lion_square_changes,
    "dogs-life": dogs_life_changes,
}


#: Sizes a change is padded to (compact JSON bytes): under the bound by less than a
#: delivery's record, at it, and past it (issue 33, F1: the bound once depended on the
#: secret).
PADDED_SIZES = (
    tables.MAX_EVENT_BYTES - 120,
    tables.MAX_EVENT_BYTES - 40,
    tables.MAX_EVENT_BYTES,
    tables.MAX_EVENT_BYTES + 1,
)


def padded(game: str, event: dict[str, Any], size: int) -> dict[str, Any]:
    """``event`` grown to ``size`` bytes of compact JSON: a field its type takes and it
    leaves out holds the padding (the first in order, so the rules read it as given); an
    event type with no field to spare is padded in its first text field instead."""
    game_ = registry.find(game)
    assert game_ is not None
    taken = game_.rules().fields_of(event["type"]) or frozenset()
    spare = sorted(set(taken) - set(event) - {"type"})
    texts = [k for k, v in event.items() if isinstance(v, str) and k != "type"]
    field = spare[0] if spare else (texts[0] if texts else "padding")
    grown = {**event, field: ""}
    grown[field] = "A" * (size - len(tables.compact(grown).encode()))
    assert len(tables.compact(grown).encode()) == size
    return grown


def every_change(game: str, owner: int, turn: int = 0) -> list[dict[str, Any]]:
    """The game's changes, then each padded to one size of ``PADDED_SIZES``, dealt by
    ``turn`` (the pair and asker's place in the sweep): change ``i`` gets size
    ``(i + turn) % 4``, so over a game's pairs and askers (6 or 12 runs) every change
    reaches every size, and a run sends each change twice, not five times (the bound is
    checked on the change as posted, before any secret: one size a run finds a bound that
    depends on the secret as every size did; test_secret_refusals.py's
    ``test_the_size_bound_tells_no_carried_address`` still sends every size of the
    delivery that once told it)."""
    changes = CHANGES[game](owner)
    sizes = PADDED_SIZES
    return [
        *changes,
        *(padded(game, e, sizes[(i + turn) % len(sizes)]) for i, e in enumerate(changes)),
    ]


def undos(length: int, owner: int) -> list[dict[str, Any]]:
    seats = [{"seat": s} for s in sorted({owner, 0, 2})]
    return [{}, *seats, *({"seq": seq} for seq in range(1, length + 1))]


# ---------------------------------------------------------------------------------------
# the write routes


LION_FORMS: dict[str, Callable[[dict[str, Any]], tuple[str, dict[str, Any]]]] = {
    "adjust": lambda e: ("adjust", {k: e[k] for k in ("seat", "counter", "delta")}),
    "set_cell": lambda e: (
        "lion-square/cell",
        {"cell": f"{e['row']},{e['column']}", "card": e["card"], "view_side": "S"},
    ),
    "set_taken": lambda e: ("lion-square/taken", {"seat": e["seat"], "count": e["count"]}),
    "set_gazelles": lambda e: ("lion-square/gazelles", {"seat": e["seat"], "count": e["count"]}),
    "set_last": lambda e: ("lion-square/last", {"seat": e["seat"]}),
    "score_round": lambda e: ("lion-square/score", {}),
    "next_round": lambda e: ("lion-square/next", {}),
}
DOG_ACTIONS = {
    "start_turn": "start-turn",
    "end_turn": "end-turn",
    "pick_up": "pick-up",
    "to_pound": "pound",
    "roll_die": "roll",
    "end_game": "end",
}


def form_route(game: str, event: dict[str, Any]) -> tuple[str, dict[str, Any]] | None:
    """The page form that makes ``event`` (its path under ``/t/<id>/`` and fields), or
    None when no form makes it (Lion Square's whole square is the API's only)."""
    kind = event["type"]
    if game == "lion-square":
        form = LION_FORMS.get(kind)
        return form(event) if form is not None else None
    fields = {k: v for k, v in event.items() if k != "type"}
    if kind == "adjust":
        return "adjust", fields
    return f"dogs-life/{DOG_ACTIONS.get(kind, kind)}", fields


class Phone:
    """A phone at one table of a pair: an API client with a seat token, or a browser
    session holding the seat (``asker``; None: no seat)."""

    def __init__(self, app: Flask, table: tables.TableView, asker: int | None) -> None:
        self.client: FlaskClient = app.test_client()
        self.table = table
        self.asker = asker
        self.headers: dict[str, str] = {}
        self.seated = asker is None  # the page's session holds the seat (``form``)
        if asker is not None:
            url = f"/api/v1/tables/{table.id}/seats/{asker}"
            self.headers["X-Campfire-Seat"] = self.client.post(url).get_json()["token"]

    def api(self, path: str, body: dict[str, Any]) -> Any:
        url = f"/api/v1/tables/{self.table.id}/{path}"
        return self.client.post(url, json=body, headers=self.headers)

    def form(self, path: str, fields: dict[str, Any], *, htmx: bool) -> Any:
        if not self.seated:  # the seat this phone's token holds, for its session
            self.client.post(f"/t/{self.table.id}/seat", data={"seat": str(self.asker)})
            self.seated = True
        data = {k: "" if v is None else str(v) for k, v in fields.items()}
        # The table as it is: a pair's phones are made again after a change went through.
        other = acting_for(self.table, fields, self.asker)
        if other is not None:  # "make this change for Ben?" answered yes
            data["for_seat"] = str(other)
        return self.client.post(
            f"/t/{self.table.id}/{path}", data=data, headers=HTMX if htmx else {}
        )


def acting_for(view: tables.TableView, fields: dict[str, Any], seat: int | None) -> int | None:
    """The seat a page asks this phone to confirm acting for (``panel._acting_for``)."""
    if seat is None:
        return None
    subject = fields.get("seat") if isinstance(fields.get("seat"), int) else None
    if subject is not None:
        return subject if subject != seat else None
    turn = view.whose_turn()
    return turn if turn is not None and turn != seat else None


def answer(response: Any, table: tables.TableView) -> tuple[int, list[tuple[str, str]], str]:
    """What a phone reads, with what names the table or the request put aside."""
    body = response.get_data(as_text=True)
    body = body.replace(table.id, "<table>").replace(table.join_code, "<code>")
    body = PER_REQUEST.sub(lambda m: "".join(g for g in m.groups() if g is not None), body)
    headers = sorted(
        (name, value.replace(table.id, "<table>"))
        for name, value in response.headers.items()
        if name not in VARYING_HEADERS
    )
    return response.status_code, headers, body


def difference(mine: Any, theirs: Any) -> Any:
    """Where two answers part: the status, the headers that differ, the first 200
    characters from where the bodies do."""
    if mine is None or theirs is None:
        return mine, theirs
    headers = set(mine[1]) ^ set(theirs[1])
    at = next((i for i, (a, b) in enumerate(zip(mine[2], theirs[2], strict=False)) if a != b), 0)
    return mine[0], theirs[0], sorted(headers), mine[2][at : at + 200], theirs[2][at : at + 200]


def public(view: tables.TableView, asker: int | None) -> Any:
    """All a phone holding ``asker`` reads of a table (state, counters, events)."""
    with_ids = tables.events(view.id, viewer=asker)
    return view.state_json_for(asker), view.counters_for(asker), with_ids


# ---------------------------------------------------------------------------------------
# the tests


class Pair:
    """The two tables of a pair, each with the asking phone; made again after a change
    went through (an answer below 400; a refused one changed nothing, so the next probe
    reuses them: reading both tables' versions after each probe cost a tenth of the
    module's time)."""

    def __init__(
        self, app: Flask, game: str, histories: tuple[History, History], asker: int | None
    ) -> None:
        self.app, self.game, self.histories, self.asker = app, game, histories, asker
        self.phones: list[Phone] = []

    def answers(self, send: Callable[[Phone], Any]) -> list[Any]:
        """``send(phone)`` at each table; both answers as the phone reads them."""
        if not self.phones:
            with self.app.app_context():
                tables_ = [imported(self.game, history) for history in self.histories]
            self.phones = [Phone(self.app, table, self.asker) for table in tables_]
        answers = []
        for phone in self.phones:
            security.limiter.reset()
            answers.append(answer(send(phone), phone.table))
        if any(status < 400 for status, _headers, _body in answers):
            self.phones = []
        return answers


PAIRS = list(pairs())


def check_pair(
    app: Flask, pair: SecretPair, asker: int | None, *, forms: bool, turn: int = 0
) -> None:
    """Every change and undo through the API (``forms``: through the page forms instead)
    at both tables of the pair: the same answers. ``turn`` (the pair and asker's place in
    the sweep) deals what is dealt: the padded sizes (``every_change``) and, for the
    forms, htmx or not: probe ``k`` is sent with htmx when ``k + turn`` is odd, so the two
    askers of a pair (turns ``2i`` and ``2i + 1``) send each form of the pair once each
    way between them (the fragment and the whole page; every form was sent both ways by
    each asker, twice the requests, and the two askers read the same templates)."""
    game, _scenario, owner, one, other = pair
    with app.app_context():  # the pair: equal to this phone, different in the secret
        first, second = imported(game, one), imported(game, other)
        assert public(first, asker) == public(second, asker)
        assert first.state != second.state
    probes: list[tuple[str, Callable[[Phone], Any]]] = []
    for event in CHANGES[game](owner) if forms else every_change(game, owner, turn):
        form = form_route(game, event)
        if not forms:
            probes.append((f"API {event}", lambda p, e=event: p.api("events", e)))
        elif form is not None and event.get("address", 3) in (3, 5, 9):  # 3 addresses
            htmx = (len(probes) + turn) % 2 == 1
            probes.append(
                (
                    f"form{' htmx' if htmx else ''} {event}",
                    lambda p, f=form, h=htmx: p.form(f[0], f[1], htmx=h),
                )
            )
    for body in undos(len(one), owner):
        if not forms:
            probes.append((f"API undo {body}", lambda p, b=body: p.api("undo", b)))
        elif "seat" not in body:  # a page undoes its own seat's last change, or change seq
            htmx = (len(probes) + turn) % 2 == 1
            probes.append(
                (
                    f"form{' htmx' if htmx else ''} undo {body}",
                    lambda p, b=body, h=htmx: p.form("undo", b, htmx=h),
                )
            )
    pair = Pair(app, game, (one, other), asker)
    for name, send in probes:
        mine, theirs = pair.answers(send)
        assert mine == theirs, (name, difference(mine, theirs))


PAIRS = list(pairs())
# Every pair, from every asker: the API test here and the page-form test share it.
ASKERS = pytest.mark.parametrize("asker", [None, 2], ids=["no seat", "another seat"])
SECRET_PAIRS = pytest.mark.parametrize(
    "pair", PAIRS, ids=[f"{game}: {scenario}" for game, scenario, *_ in PAIRS]
)


def no_answer_tells_a_secret(*, forms: bool) -> Callable[[Flask, SecretPair, int | None], None]:
    """The one test, for every pair from every asker: through the API, or (``forms``)
    through the page forms. A module takes it as its own ``test_…`` (the page forms' is a
    slow module of its own, conftest.py)."""

    @ASKERS
    @SECRET_PAIRS
    def test(app: Flask, pair: SecretPair, asker: int | None) -> None:
        turn = 2 * PAIRS.index(pair) + (asker is not None)
        check_pair(app, pair, asker, forms=forms, turn=turn)

    return test
