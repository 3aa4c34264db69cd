"""Offline taps: four phones on a flaky network, does every tap land once or say why not?

Starts the companion as ``campfire serve`` does (tests/support/server_kit.py: gunicorn,
gevent workers, 2 processes on a SQLite file) and, on each game, opens 4 Chromium phones
(360×640), each sitting at its own seat. For ``--seconds`` every phone plays: it taps at
random — its own counters' − / + (Bison's stocks, Lion Square's cards taken and gazelles,
Age of Hunting's coins and VP track, A Dog's Life's hunger, bladder and buried bones) and,
on Lion Square, the board (a number into a place of the square) and who laid the last
card (one thing every phone may set) — and now and then its
network drops (Playwright ``set_offline``) for 1–30 s (``--quick``: 1–6 s) while it keeps
tapping and the other phones play on. Then every phone is back online and the bench waits
until no phone has a tap waiting.

Each tap is followed by its ``Idempotency-Key`` (the request the tap made, offline or
not) to its answer: 200 (made), 409 (refused: another phone changed what it touches,
issue 35) or 422 (a rule said no: a counter at its bound, the deck's supply). Then the
table's history (``GET /api/v1/tables/<id>/events``) is compared with the taps: per phone,
kind of tap and target, the events stored must be exactly the taps answered 200 (fewer:
**lost**; more: **doubled**), and each counter's final value must be its start plus the
deltas of its taps that were made, in order (the same taps applied in order; a counter
another phone's taps never touch). A tap with no answer at the end is lost. A refusal is
**on its own target** when the history shows a change to that tap's target by another
phone after the version the tap was sent with (``X-Campfire-Version``).

    .venv/bin/python bench/offline_taps.py [--seconds 25] [--quick] [--seed 1]

The last line reads ``offline: T taps, L lost, D doubled, R refused (C on their own
target)`` (issue 35: the goal is L = 0, D = 0, R = C). Loopback only; every wait is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from _kit import PHONE, ROOT, launch_chromium

sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "support")]

from server_kit import Server, post_json  # noqa: E402  (a test helper, not a package)

from games import registry  # noqa: E402
from games.lion_square import view as turned  # noqa: E402
from games.lion_square.square import Side  # noqa: E402

PHONES = 4
NAMES = ("Ann", "Ben", "Cho", "Dan")
#: Per game: the counters a phone taps on its own seat (the form's action ends with the
#: route; ``counter`` None: the route names it), and whether it taps the board.
COUNTERS: dict[str, list[tuple[str, str | None]]] = {
    "bison": [("/adjust", "bison"), ("/adjust", "salmon"), ("/adjust", "turkey")],
    "lion-square": [("/lion-square/taken", None), ("/lion-square/gazelles", None)],
    "hunting-age": [("/adjust", "coins"), ("/adjust", "vp")],
    "dogs-life": [("/adjust", "hunger"), ("/adjust", "bladder"), ("/adjust", "bones")],
}
BOARD = {"lion-square"}
#: The event types a tap stores, by route (what the history is compared with).
STORED = {
    "/adjust": "adjust",
    "/lion-square/taken": "add_taken",
    "/lion-square/gazelles": "add_gazelles",
}
STEP_SECONDS = (0.3, 1.2)
DRAIN_SECONDS = 90.0
TIMEOUT_MS = 15_000

#: The key of every change the page sends (after app.js gave it its key), and the place
#: a square's number went to as posted (the place picked when the number was tapped).
WATCH = """
window.__sent = [];
document.addEventListener("htmx:beforeRequest", function (e) {
  var c = e.detail && e.detail.requestConfig;
  if (!c || c.verb === "get") { return; }
  var f = c.formData && c.formData.get ? c.formData : null;
  window.__sent.push({key: c.headers["Idempotency-Key"],
    cell: f ? f.get("cell") : null, side: f ? f.get("view_side") : null});
});
"""
OPEN_DETAILS = "document.querySelectorAll('#panel details').forEach(d => { d.open = true; })"
WAITING = """() => Object.keys(localStorage).filter(k => k.startsWith('campfire:pending:'))
  .reduce((n, k) => n + JSON.parse(localStorage.getItem(k) || '[]').length, 0)"""


@dataclass
class Tap:
    """One tap: who, what it touches, what it changes."""

    seat: int
    kind: str  # the event type it stores
    target: tuple[Any, ...]
    delta: int = 0
    key: str = ""
    status: int | None = None
    seen: int | None = None  # the version it was sent with, when sent late


@dataclass
class Phone:
    seat: int
    page: Any
    taps: list[Tap] = field(default_factory=list)
    offline: bool = False


def target_of(event: dict[str, Any]) -> tuple[Any, ...]:
    """What a stored event touches, as the bench sees it (not the app's own function)."""
    kind, seat = event.get("type"), event.get("seat")
    if kind == "adjust":
        return ("counter", seat, event.get("counter"))
    if kind in ("add_taken", "set_taken"):
        return ("counter", seat, "taken")
    if kind in ("add_gazelles", "set_gazelles"):
        return ("counter", seat, "gazelles")
    if kind == "set_cell":
        return ("place", event.get("row"), event.get("column"))
    if kind == "set_last":
        return ("last",)
    return ("table",)


def meets(a: tuple[Any, ...], b: tuple[Any, ...]) -> bool:
    return a == b or a == ("table",) or b == ("table",)


async def tap_counter(phone: Phone, game: str, rng: random.Random) -> Tap | None:
    """Tap − or + of one of the phone's own counters (+ when − is disabled, and back)."""
    route, counter = rng.choice(COUNTERS[game])
    delta = rng.choice((1, 1, -1))
    await phone.page.evaluate(OPEN_DETAILS)
    picks = []
    for sign in (delta, -delta):
        selector = (
            f'#panel form[action$="{route}"]:has(input[name="seat"][value="{phone.seat}"])'
            f':has(input[name="delta"][value="{sign}"])'
        )
        if counter is not None:
            selector += f':has(input[name="counter"][value="{counter}"])'
        picks.append((sign, phone.page.locator(f"{selector} button:not([disabled])")))
    for sign, button in picks:
        if await button.count():
            name = counter or route.rsplit("/", 1)[1]
            tap = Tap(phone.seat, STORED[route], ("counter", phone.seat, name), delta=sign)
            await press(phone, button.first, tap)
            return tap
    return None


async def tap_board(phone: Phone, rng: random.Random) -> Tap | None:
    """Pick a place of Lion Square's square and tap a number into it."""
    page = phone.page
    places = page.locator('#panel [data-testid="ls-square"] input[name="cell"]')
    count = await places.count()
    if not count:
        return None
    place = places.nth(rng.randrange(count))
    await place.locator("xpath=..").click()  # the label around the radio
    square = page.locator('#panel [data-testid="ls-square"]')
    number = rng.choice(("0", "1", "2", "3", "4"))
    button = square.locator(f'button[name="card"][value="{number}"]')
    tap = Tap(phone.seat, "set_cell", ("place",))  # the place as posted: see ``press``
    await press(phone, button.first, tap)
    return tap


async def tap_last(phone: Phone, rng: random.Random) -> Tap | None:
    """Tap who laid the last card (a thing every phone may set: it meets the others')."""
    buttons = phone.page.locator('#panel form[action$="/lion-square/last"] button')
    count = await buttons.count()
    if not count:
        return None
    tap = Tap(phone.seat, "set_last", ("last",))
    await press(phone, buttons.nth(rng.randrange(count)), tap)
    return tap


async def press(phone: Phone, button: Any, tap: Tap) -> None:
    """Tap ``button`` and note the key of the change it sent."""
    before = await phone.page.evaluate("window.__sent.length")
    await button.click(timeout=TIMEOUT_MS)
    await phone.page.wait_for_function(f"window.__sent.length > {before}", timeout=TIMEOUT_MS)
    sent = await phone.page.evaluate("window.__sent[window.__sent.length - 1]")
    tap.key = sent["key"]
    if tap.kind == "set_cell" and sent.get("cell"):  # north-up, as the fold stores it
        row, column = (int(n) for n in sent["cell"].split(","))
        tap.target = ("place", *turned.cell_from_view(row, column, Side(sent["side"] or "S")))
    phone.taps.append(tap)
    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not phone.offline and tap.key not in ANSWERS and time.monotonic() < deadline:
        await asyncio.sleep(0.05)  # online: the answer (the fresh panel) before the next tap


async def play(
    phone: Phone, game: str, seconds: float, outage: tuple[float, float], seed: int
) -> None:
    rng = random.Random(seed)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if not phone.offline and rng.random() < 0.25:
            phone.offline = True
            await phone.page.context.set_offline(True)
            back = time.monotonic() + rng.uniform(*outage)
        elif phone.offline and time.monotonic() >= back:
            phone.offline = False
            await phone.page.context.set_offline(False)
        try:
            roll = rng.random()
            if game in BOARD and roll < 0.3:
                await tap_board(phone, rng)
            elif game in BOARD and roll < 0.4:
                await tap_last(phone, rng)
            else:
                await tap_counter(phone, game, rng)
        except Exception as error:  # a panel swapped under the tap: the next step tries again
            if "Timeout" not in type(error).__name__ and "Target" not in str(error):
                raise
        await asyncio.sleep(rng.uniform(*STEP_SECONDS))
    if phone.offline:
        phone.offline = False
        await phone.page.context.set_offline(False)


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.loads(answer.read())


async def one_game(browser: Any, base: str, game: str, args: argparse.Namespace) -> list[Tap]:
    colours = next(g for g in registry.GAMES if g.id == game).rules().colours
    players = [{"name": n, "color": c} for n, c in zip(NAMES, colours, strict=False)]
    table_id = post_json(f"{base}/api/v1/tables", {"game": game, "players": players})["id"]
    phones: list[Phone] = []
    answers = ANSWERS
    answers.clear()

    def answered(response: Any) -> None:
        request = response.request
        key = request.headers.get("idempotency-key")
        if request.method == "POST" and key and response.status not in (502, 503, 504):
            seen = request.headers.get("x-campfire-version")
            answers[key] = (response.status, int(seen) if seen else None)

    for seat in range(PHONES):
        context = await browser.new_context(**PHONE)
        await context.add_init_script(WATCH)
        page = await context.new_page()
        page.set_default_timeout(TIMEOUT_MS)
        page.on("response", answered)
        await page.goto(f"{base}/t/{table_id}/join")
        await page.locator(f'button[name="seat"][value="{seat}"]').click()
        await page.wait_for_selector("#panel")
        phones.append(Phone(seat, page))
    start = await asyncio.to_thread(get_json, f"{base}/api/v1/tables/{table_id}")
    outage = (1.0, 6.0) if args.quick else (1.0, 30.0)
    await asyncio.gather(
        *(play(p, game, args.seconds, outage, args.seed * 10 + p.seat) for p in phones)
    )
    deadline = time.monotonic() + DRAIN_SECONDS
    for phone in phones:  # every phone online: wait until nothing waits on it
        while await phone.page.evaluate(WAITING) and time.monotonic() < deadline:
            await asyncio.sleep(0.5)
    await asyncio.sleep(1.0)
    end = await asyncio.to_thread(get_json, f"{base}/api/v1/tables/{table_id}")
    events = await asyncio.to_thread(get_json, f"{base}/api/v1/tables/{table_id}/events")
    for phone in phones:
        await phone.page.context.close()
    taps = [tap for phone in phones for tap in phone.taps]
    for tap in taps:
        tap.status, tap.seen = answers.get(tap.key, (None, None))
    tally(game, taps, events, start, end)
    return taps


def tally(game: str, taps: list[Tap], events: list[dict[str, Any]], start: Any, end: Any) -> None:
    """Per game: compare the history and the counters with the taps (``LOST``...)."""
    made = Counter((t.seat, t.kind, t.target) for t in taps if t.status == 200)
    stored = Counter((e["by_seat"], e["type"], target_of(e)) for e in events if e["type"] != "undo")
    lost = sum((made - stored).values()) + sum(1 for t in taps if t.status is None)
    doubled = sum((stored - made).values())
    deltas: Counter[tuple[Any, ...]] = Counter()
    for tap in taps:
        if tap.status == 200 and tap.target[0] == "counter":
            deltas[tap.target] += tap.delta
    for (_, seat, name), delta in deltas.items():
        before, after = value(start, seat, name), value(end, seat, name)
        if before is not None and after is not None and after - before != delta:
            lost += max(0, delta - (after - before))
            doubled += max(0, (after - before) - delta)
    refused = [t for t in taps if t.status == 409]
    own = 0
    for tap in refused:
        if any(
            e["seq"] > (tap.seen or 0)
            and e["by_seat"] != tap.seat
            and meets(tap.target, target_of(e))
            for e in events
        ):
            own += 1
    rule = sum(1 for t in taps if t.status == 422)
    TOTALS[game] = (len(taps), lost, doubled, len(refused), own, rule)
    print(
        f"{game}: {len(taps)} taps, {lost} lost, {doubled} doubled, {len(refused)} refused "
        f"({own} on their own target), {rule} refused by the rules"
    )


def value(table: Any, seat: int, name: str) -> int | None:
    """A counter of ``table`` (the API's answer): a generic counter, or Lion Square's
    round entry."""
    counters = table.get("counters") or []
    if seat < len(counters) and name in counters[seat]:
        return counters[seat][name]
    state = table.get("state") or {}
    values = state.get({"gazelles": "gazelles_in_hand"}.get(name, name))
    return values[seat] if isinstance(values, list) and seat < len(values) else None


TOTALS: dict[str, tuple[int, int, int, int, int, int]] = {}
#: Each change's last answer (not "unreachable") by its key: the status and the version
#: it was sent with when sent late.
ANSWERS: dict[str, tuple[int, int | None]] = {}


async def run(args: argparse.Namespace) -> None:
    from playwright.async_api import async_playwright

    with (
        tempfile.TemporaryDirectory() as folder,
        Server(
            f"sqlite:///{Path(folder) / 'offline.sqlite3'}",
            cwd=Path(folder),
            workers=2,
            env={
                "CREATE_RATE_LIMIT": "1000 per minute",
                "JOIN_RATE_LIMIT": "1000 per minute",
                "EVENT_RATE_LIMIT": "100000 per minute",
            },
            stderr=None,
        ) as server,
    ):
        server.wait_until_up()
        async with async_playwright() as playwright:
            browser = await launch_chromium(playwright)
            for game in args.games:
                await one_game(browser, server.url, game, args)
            await browser.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=25.0, help="play per game (25)")
    parser.add_argument("--quick", action="store_true", help="outages of 1-6 s, not 1-30 s")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", default=list(COUNTERS), choices=list(COUNTERS))
    args = parser.parse_args()
    asyncio.run(run(args))
    t, lost, doubled, refused, own, _rule = (sum(v[i] for v in TOTALS.values()) for i in range(6))
    print(
        f"offline: {t} taps, {lost} lost, {doubled} doubled, {refused} refused "
        f"({own} on their own target)"
    )


if __name__ == "__main__":
    main()
