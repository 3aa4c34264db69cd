"""Bison taps with one photo per round (issue 23): ``bench/bison_taps.py --photo``.

A whole 4-player game (random but seeded) in which the real table is played in the
script — every player's four actions each round drawn at random among those a photo
shows (the round's tile with its hunters, a tent or canoe built or enlarged, hunters moved
within B3's distance, gathered), checked by the rules (``games.bison.fold``) — and the
companion is kept in step by ONE photo per round on one phone (headless Chromium, Debian's
``/usr/bin/chromium``, 360×640) against the companion on a loopback server:

* the photo is a synthetic photo of the round's real board (``bison_synthetic`` (tests/support): the
  kit's own faces, tokens side by side, tilt, blur, light; ``--size``, 12 MP by default);
* taps counted on the phone: "Photo of the board", the shutter (``set_input_files``), one
  tap per question whose preselected answer is not what the player did, one animal chip
  per action without hunters (the photo cannot show those), "Confirm"; the photo is sent
  without a tap (bison_photo.js);
* then the companion is compared with the real table: every board space that differs (a
  token the reader missed is "not visible", kept as it was) costs the 3 taps of the space
  sheet (the space, the count, save); every animal a stock differs by costs a stepper tap
  (a different payment); an action the photo could not tell apart (two merged into one)
  leaves a marker short: "end the round anyway" costs one tap when scoring. The fixes are
  then applied (as the taps would), so the next round starts from the real table;
* every round is scored on the same phone (score, confirm).

Printed: per round the taps by kind and the spaces fixed by hand; the last line is
``bison photo taps: median M per player per round, max X on one phone; fixes F taps
(S spaces by hand)`` (goal: M ≤ 3).

Run: ``.venv/bin/python bench/bison_taps.py --photo [--seed N] [--size 3mp|12mp]``.
"""

from __future__ import annotations

import argparse
import random
import re
import statistics
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

from _kit import CHROMIUM, PHONE, browser_kits_on_path

browser_kits_on_path()  # bison_kit
import bison_synthetic as synthetic  # noqa: E402
from bison_kit import PLAYERS, serve  # noqa: E402

from games.bison import fold as table  # noqa: E402
from games.bison.board import Pieces  # noqa: E402
from games.bison.catalog import CATALOG  # noqa: E402
from games.bison.rounds import ACTIONS_PER_ROUND  # noqa: E402
from games.errors import RuleError  # noqa: E402

MOST_TOKENS = 3  # on one space: room for them side by side on the smaller spaces
SPACE_TAPS = 3  # a space corrected by its sheet: the space, the count, save
GAIN_TAPS = 1  # an action without hunters on the proposal: its animal chip
PANEL_GAIN_TAPS = 2  # … on the panel: its action chip, "Gain 1 …"
#: The actions a player takes without hunters when no board action is left (B6).
GAINS = ("move_1", "move_3", "gather", "tent", "canoe")


def _tokens(state: table.State, space: Any) -> int:
    there = state.board.pieces.get(space)
    return 0 if there is None else there.hunters + (1 if there.structure else 0)


def _roomy(state: table.State, space: Any) -> bool:
    return _room(state.board.tiles[space[0]].catalog_id or "", space[1])


def _room(tile: str, space: str) -> bool:
    """Room on the printed space for a few tokens side by side (small spaces hold one)."""
    return len(synthetic._spots(tile, space)) >= 30  # the bench's own check of the print


def _candidates(state: table.State, seat: int, rng: random.Random) -> list[dict[str, Any]]:
    """Actions with hunters the seat may take now that a photo shows (random order)."""
    colour = state.colours[seat]
    taken = state.rounds.markers[seat]
    out: list[dict[str, Any]] = []
    mine = [s for s, p in state.board.pieces.items() if p.player == colour]
    if "place_tile" not in taken:
        used = {p.catalog_id for p in state.board.tiles.values()}
        bag = [t for t in CATALOG if t not in used and not CATALOG[t].start]
        for at in table.legal_hexes(state)[:6]:
            tile = rng.choice(bag)
            for space in ("prairie", "mountain", "river"):
                if not _room(tile, space):
                    continue
                out.append(
                    {"action": "place_tile", "at": list(at), "tile": tile,
                     "rotation": rng.randrange(6), "space": space, "hunters": rng.randint(1, 2)}
                )  # fmt: skip
        return out  # the round's tile first (B4: it is due)
    for source in mine:
        if not state.board.pieces[source].hunters:
            continue
        for action in ("move_1", "move_3"):
            if action in taken:
                continue
            for goal in table.destinations(state, seat, source, action):
                if _tokens(state, goal) < MOST_TOKENS and _roomy(state, goal):
                    ref = table.space_ref
                    move = {"from": ref(state, source), "to": ref(state, goal), "hunters": 1}
                    out.append({"action": action, "moves": [move]})
        kind = "canoe" if source[1] == "river" else "tent"
        if kind not in taken:
            for size in table.build_sizes(state, seat, source):
                out.append(
                    {
                        "action": kind,
                        "builds": [{"space": table.space_ref(state, source), "size": size}],
                    }
                )
    if "gather" not in taken and len(mine) > 1:  # B6: to a space holding one of its hunters
        goal = rng.choice(mine)
        sources = [s for s in mine if s != goal and state.board.pieces[s].hunters]
        if sources and state.board.pieces[goal].hunters and _tokens(state, goal) < MOST_TOKENS:
            source = rng.choice(sources)
            ref = table.space_ref
            out.append(
                {"action": "gather", "gather": {
                    "to": ref(state, goal), "from": [{"space": ref(state, source), "hunters": 1}]}}
            )  # fmt: skip
    rng.shuffle(out)
    return out


def play_round(
    state: table.State, rng: random.Random
) -> tuple[table.State, list[dict[str, Any]], list[dict[str, Any]]]:
    """The real table's round: each player's four actions in turn, one a photo shows where
    the rules and the stocks allow one, else an action without hunters gaining an animal
    (B6: nothing on the board; the phone records it by taps). The board actions played
    and the gains."""
    played: list[dict[str, Any]] = []
    gains: list[dict[str, Any]] = []
    for _ in range(ACTIONS_PER_ROUND):
        for offset in range(len(state.players)):
            seat = (state.rounds.start_seat + offset) % len(state.players)
            for action in _candidates(state, seat, rng):
                event = {"type": "play", "seat": seat, "override": True, **action}
                try:
                    used = table.hunters_used(state, event)
                    trial = table.apply(state, event)
                except RuleError:
                    continue
                if any(_tokens(trial, s) > MOST_TOKENS for s in trial.board.pieces):
                    continue
                state = trial
                played.append({**event, "hunters": used})
                break
            else:
                left = [a for a in GAINS if a not in state.rounds.markers[seat]]
                if not left:
                    continue
                animal = rng.choice(("bison", "salmon", "turkey"))
                gain = {"type": "action", "seat": seat, "action": left[0], "hunters": 0}
                gain |= {"gain": animal, "override": True}
                try:
                    state = table.apply(state, gain)
                except RuleError:
                    continue
                gains.append(gain)
    return state, played, gains


def photo_of(state: table.State, seed: int, size: str) -> bytes:
    board = {at: (p.catalog_id or "", p.rotation) for at, p in state.board.tiles.items()}
    pieces = []
    for (at, space), p in state.board.pieces.items():
        pieces += [(p.player, "hunter", 0, at, space)] * p.hunters
        if p.structure:
            kind = "canoe" if space == "river" else "tent"
            pieces.append((p.player, kind, p.structure, at, space))
    return synthetic.photo(seed, size, board=board, pieces=pieces).jpeg


def _fixes(companion: table.State, truth: table.State) -> tuple[int, list[dict[str, Any]], int]:
    """Taps to bring the companion to the real table, the events they make, and the
    pieces the reader left unseen or read wrong (spaces that differ)."""
    taps, events, spaces = 0, [], 0
    for space in sorted(set(companion.board.pieces) | set(truth.board.pieces)):
        have, want = companion.board.pieces.get(space), truth.board.pieces.get(space)
        if have == want:
            continue
        spaces += 1
        taps += SPACE_TAPS
        entry = {"at": list(space[0]), "space": space[1], "hunters": 0, "structure": 0}
        if have is not None and (want is None or want.player != have.player):
            events.append(
                {"type": "correct", "spaces": [{**entry, "seat": companion.seat_of(have.player)}]}
            )
        if want is not None:
            w: Pieces = want
            seat = truth.seat_of(w.player)
            fixed = {**entry, "seat": seat, "hunters": w.hunters, "structure": w.structure}
            events.append({"type": "correct", "spaces": [fixed]})
    for seat, (have, want) in enumerate(zip(companion.stocks, truth.stocks, strict=True)):
        for animal in ("bison", "salmon", "turkey"):
            delta = want.get(animal) - have.get(animal)
            if delta:
                taps += abs(delta)
                events.append({"type": "adjust", "seat": seat, "counter": animal, "delta": delta})
    return taps, events, spaces


def run(seed: int, size: str) -> list[str]:
    from phone_kit import create_table
    from playwright.sync_api import sync_playwright

    from companion import tables

    rng = random.Random(seed)
    folder = Path(tempfile.mkdtemp(prefix="bison-photo-taps-"))
    lines: list[str] = []
    per_player: list[float] = []
    per_phone: list[int] = []
    fixes_all = misses = 0
    with serve(folder) as (base, app), sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_context(**PHONE).new_page()
        page.set_default_timeout(30_000)
        url = create_table(page, base, "bison", players=PLAYERS, seat=None)  # the table's phone
        table_id = url.split("/t/")[1].split("/")[0]

        def folded() -> table.State:
            with app.app_context():
                return tables.get(table_id).state  # type: ignore[no-any-return]

        round_no = 0
        while not folded().rounds.finished:
            round_no += 1
            truth, played, gains = play_round(folded(), rng)
            taps: Counter[str] = Counter()
            jpeg = photo_of(truth, seed * 100 + round_no, size)
            page.goto(url)
            page.locator('[data-testid="bison-photo"]').click()
            taps["photo"] += 1
            page.set_input_files(
                '[data-testid="bison-photo-file"]',
                files=[{"name": "board.jpg", "mimeType": "image/jpeg", "buffer": jpeg}],
            )
            taps["shutter"] += 1
            page.wait_for_selector(
                '[data-testid="bison-photo-confirm"], [data-testid="bison-photo-same"], '
                '[data-testid="bison-photo-error"]'
            )
            done = {(e["seat"], e["action"]) for e in played}
            for line in page.locator(
                '[data-testid="bison-photo-line"]:has(input[type="radio"])'
            ).all():
                seat = int(line.get_attribute("data-seat") or -1)
                radios = line.locator('input[type="radio"]').all()
                actions = [r.get_attribute("data-action") for r in radios]
                if (seat, actions[0]) in done:
                    continue  # the preselected answer is what the player did
                for radio, action in zip(radios[1:], actions[1:], strict=True):
                    if (seat, action) in done:
                        radio.check()
                        taps["questions"] += 1
                        break
            for gain in gains:  # one animal chip each, on the proposal
                rows = page.locator(
                    f'[data-testid="bison-photo-gain"][data-seat="{gain["seat"]}"]'
                    ':has(input[value=""]:checked)'
                )
                if rows.count():
                    rows.first.locator(f'input[value="{gain["gain"]}"]').check()
                    taps["gains"] += GAIN_TAPS
                else:  # no row left (the photo explained more actions): the panel's way
                    with app.app_context():
                        tables.append(table_id, gain)
                    taps["gains"] += PANEL_GAIN_TAPS
            if page.locator('[data-testid="bison-photo-confirm"]').count():
                page.locator('[data-testid="bison-photo-confirm"]').click()
                page.wait_for_load_state()
                taps["confirm"] += 1
            fix_taps, events, spaces = _fixes(folded(), truth)
            with app.app_context():
                for event in events:
                    tables.append(table_id, event)
            taps["fixes"] += fix_taps
            fixes_all += fix_taps
            misses += spaces
            state = folded()
            short = any(state.rounds.actions_left(s) for s in range(len(state.players)))
            page.goto(url)
            page.locator('[data-testid="bison-score"]').click()
            page.wait_for_url(re.compile(r"/bison/score"))
            taps["score"] += 1
            if short:
                page.locator('input[name="override"]').check()
                taps["override"] += 1
            page.locator("button[data-confirm-score]").click()
            page.wait_for_url(re.compile(r"/t/[^/]+$"))
            taps["score"] += 1
            total = sum(taps.values())
            per_player.append(total / len(PLAYERS))
            per_phone.append(total)
            lines.append(
                f"round {round_no}: {len(played)} board actions, {len(gains)} gains; "
                f"taps {dict(taps)} = {total} "
                f"({total / len(PLAYERS):.2f} per player); spaces to fix {spaces}"
            )
        browser.close()
    lines.append(
        f"bison photo taps: median {statistics.median(per_player):g} per player per round, "
        f"max {max(per_phone)} on one phone; fixes {fixes_all} taps ({misses} spaces by hand)"
    )
    return lines


def main(seed: int, size: str = "12mp") -> None:
    print("\n".join(run(seed, size)))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--size", choices=sorted(synthetic.SIZES), default="12mp")
    args = parser.parse_args()
    main(args.seed, args.size)
