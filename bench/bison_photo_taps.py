"""Bison taps with one photo per round (issues 23, 32): ``bench/bison_taps.py --photo``.

A whole 4-player game (random but seeded) in which the real table is played in the
script — every player's four actions each round drawn at random among those a photo
shows (the round's tile with its hunters, a tent or canoe built or enlarged, hunters moved
within B3's distance — one hunter, all of a space's hunters (the space emptied in view)
or a split move to two spaces — or gathered, a space's hunters all at once), checked by
the rules (``games.bison.fold``) — and the companion is kept in step by ONE photo per
round on one phone (headless Chromium, Debian's ``/usr/bin/chromium``, 360×640) against
the companion on a loopback server:

* the photo is a synthetic photo of the round's real board (``bison_synthetic`` (tests/support): the
  kit's own faces, tokens side by side, tilt, blur, light; ``--size``, 12 MP by default);
  one player's tile a round is a retail tile (``RETAIL``: the kit's art printed without
  markers, ``printgen.export(markers=False)``), recorded by taps before the photo as the
  panel does it (``bison_kit.BisonTable.place``), on its player's own phone
  (``retail_taps``: the orange +, the shape's picture, the split's picture, the hunter
  count when not 1, the turned picture tapped on the hunters' space), so the photo
  explains the rest of the round around it;
* each action without hunters (no photo shows it) is recorded on its player's own phone
  as it is taken, before the photo (``record_gain``: its own "+1 <animal>", out of turn
  order — B6b: its marker moves if the photo's actions need it — one tap);
* a player short of hunters for their tile buys them half the time (B7: ``_bought``,
  up to 2 on the tile) and records nothing before the photo: a buy the board shows is
  proposed by the photo itself (``explain_market``: hunters beyond the board and
  supply), and one it does not show (its hunters back in the supply by a build: the
  photo shows no food) is its buyer's chip on the proposal, a tap a hunter
  (``_late_buys``; the proposal offers it to a player its lines leave with at most one
  hunter in the supply: else "Confirm only", the buyer's own "Buy a hunter" on their
  phone, ``record_buys``, and the scoring); the tokens of every action fit side
  by side on their printed spaces (``_drawable``: a tent beside hunters on a small
  prairie may not);
* taps counted on the phone: "Photo of the board" (the panel's camera control: the camera
  opens at once; it was a page whose file control was a tap the bench did not count), the
  shutter (``set_input_files``), one tap per question whose preselected answer is not
  what the player did (a line's "before / after +1 turkey" too, ``_pay_order``: the
  split that makes what they paid in all, B6b), "Confirm"; the photo is sent
  without a tap (bison_photo.js); a question answered with fewer actions gives its
  rows without hunters back (the page draws them again, as the player sees it before
  choosing animals); an action without hunters with no row left on the
  proposal (the photo explained more of that player's actions) is recorded on the panel
  after Confirm (2 taps: a tap before it would make the proposal stale, and a stale
  confirm, 409, stops the bench: it never counts as confirmed);
* one more photo when the proposal asks for it (a tile whose markers tokens hid, hidden
  spaces, a shake): the control and the shutter, the table the same, the phone moved and
  the tokens nudged off the markers the sentence names (``second_photo``); it is read
  with the first (its reading carried, signed);
* repairs on the proposal, counted as fixes, by each player whose lines as proposed
  would leave their pieces or food otherwise than the real table has them (a photo
  shows the round's end, not the order of its moves: a route told otherwise that ends
  the same for the same food is right, and "fixing" it to the route played made edits
  the rules refused, in an order the proposal does not have): a line whose action or
  board change is not what the player did is opened in its editor (✎, 1 tap), each
  field that differs set (the action, a tile's hex and turn, a row's from, to and
  count, an animal of the payment: 1 tap each) and saved (1 tap); a line nobody did
  is unticked (1 tap); a line the rules refuse in the proposal's order is unticked and
  left to the fixes by hand; a line whose board change is right but whose payment is
  not — a question's line (its board is the photo's whatever the answer) or any other
  — is paid on the line itself (``_pay_in_place``: the line tapped open, 1 tap, then a
  tap per animal that differs; no editor to open or save: the page finds the actions
  that cost a food no answer offered at Confirm, issue 32, item 5; a food the line
  offers as a chip — a change asked nothing that could have cost more — is that chip's
  tap, then a tap per animal its split still differs by; a payment Confirm
  refuses is unticked there, 1 tap, and left to the fixes by hand);
* then the companion is compared with the real table: what differs is *wrong after
  confirm* (``W``: each space, each seat's stock, not counting spaces the proposal said
  it could not see); every board space that differs costs the 3 taps of the space sheet
  (the space, the count, save: "spaces by hand"); every animal a stock differs by costs a
  stepper tap; an action the photo could not tell apart leaves a marker short: the
  proposal's "Confirm and score" names it (and ends the round so in its one tap), else
  "end the round anyway" costs one tap when scoring. The fixes are then applied (as the
  taps would), so the next round starts from the real table;
* every round is scored on the same phone: with the photo's "Confirm and score the
  round" (the confirm's one tap) when no player sees a change the proposal cannot make
  — actions not taken are then named on the button, which ends the round with them, and
  so is a stock over 15 (B8) as the proposal settles it ("Ren keeps 15 salmon, 2 lost",
  the panel's "Score the round as proposed"), which its tap accepts (the server checks
  both are those due, else its score page is tapped through as below; the button is
  tapped once its words are drawn again after a tick or an answer, as a player reads
  them); else "Confirm only", the fixes, then the panel's
  one-tap "Score the round" when nothing needs a choice, or its score page (score,
  "end the round anyway" when actions are left, confirm); a round scored before fixes
  the confirm did not foresee costs one more tap (its undo).

Printed: per round the taps by kind, the repairs and what was wrong; the last line is
``bison photo taps: median M per player per round, max X on one phone; fixes F taps
(S spaces by hand); wrong after confirm W`` (goals: M ≤ 3, X ≤ 8, F ≤ 2 per round,
W = 0; ``F`` and ``S`` are the game's totals, ``W`` its total of wrong spaces and stocks).

Run: ``.venv/bin/python bench/bison_taps.py --photo [--seed N] [--size 3mp|12mp]``.
``BISON_PHOTO_DUMP=DIR``: a round left wrong after Confirm, or repaired, is written to ``DIR`` as a
test's data file (its players, the history before the photo, the round played: the
shape of ``tests/games/bison/data/*.json``); ``--verbose`` lists what Confirm stored
beside what the table played.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
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
from PIL import Image  # noqa: E402

from games.bison import fold as table  # noqa: E402
from games.bison.board import Pieces  # noqa: E402
from games.bison.catalog import CATALOG  # noqa: E402
from games.bison.economy import action_cost, default_payment  # noqa: E402
from games.bison.hexgrid import neighbours  # noqa: E402
from games.bison.rounds import ACTIONS_PER_ROUND  # noqa: E402
from games.bison.tiles import SPACES  # noqa: E402
from games.errors import RuleError  # noqa: E402

MOST_TOKENS = 3  # on one space: room for them side by side on the smaller spaces
MOST_MOVED = 3  # hunters one move takes (all of a space's, when it holds no more)
SPACE_TAPS = 3  # a space corrected by its sheet: the space, the count, save
TILE_TAPS = 3  # a tile the photo missed, on the mirror: the orange +, its picture, turned
GAIN_TAPS = 1  # an action without hunters on the proposal: its animal chip
PANEL_GAIN_TAPS = 2  # … on the panel: its action chip, "Gain 1 …"
#: A retail tile placed on the panel (bench/bison_taps.py's steps, ``BisonTable.place``):
#: the orange +, the shape's picture, the split's picture, the turned picture tapped on
#: the hunters' space (one tap: it places the tile) …
RETAIL_TAPS = 4


def retail_taps(event: dict[str, Any]) -> int:
    """The taps of a retail tile's placing on the panel: ``RETAIL_TAPS``, and the hunter
    count's chip when not 1 (the page preselects 1)."""
    return RETAIL_TAPS + (int(event.get("hunters") or 0) != 1)


EDITOR_TAPS = 2  # a line's editor: ✎ to open it, "Save this line"
PAY_TAPS = 1  # a line's payment in place: the line tapped open (its crops, its payment)
ROWS = 3  # rows of hunters in a line's editor (proposal.TRIOS)
#: The actions a player takes without hunters when no board action is left (B6).
GAINS = ("move_1", "move_3", "gather", "tent", "canoe")
#: A seat short of hunters for its tile buys them this often (``_bought``), up to this many.
BUY_SHARE = 0.5
BUY_TO = 2
#: This round's buys: (seat, hunters bought), for the proposal to show (``_late_buys``).
BOUGHT: list[tuple[int, int]] = []
#: Added to a round's photo seed for the second photo asked for: the phone moved (another
#: angle, light and tokens' places on their spaces), the table the same.
SECOND_PHOTO = 50_000
SECOND_TRIES = 8  # token layouts a player tries (nudges) before the second photo
#: The limit of one photo's read (``CAMPFIRE_PHOTO_SECONDS``) on the bench's server.
PHOTO_SECONDS = 600


def record_retail(phone: Any, url: str, event: dict[str, Any]) -> None:
    """A retail tile recorded on its player's own phone (``phone``, seated) before the
    photo (``retail_taps`` counts the taps): the place page at the tile's turned pictures
    — whoever's turn the companion is at, since the photo round is not recorded yet — and
    what the turned picture's tap sends; the page's own seat and CSRF token, so a page
    that placed it as another seat's tile stops the bench."""
    from urllib.parse import urlencode

    from phone_kit import _POST_JS

    tile = {"at": ",".join(map(str, event["at"])), "edges": event["edges"]}
    tile |= {space: event["animals"].get(space, 0) for space in SPACES}
    phone.goto(f"{url}/bison/place?{urlencode(tile)}")
    seat = phone.locator('input[name="seat"]').first.input_value()
    if seat != str(event["seat"]):
        raise RuntimeError(f"seat {event['seat']}'s phone places its tile as seat {seat}")
    fields = {**tile, "rotation": event["rotation"], "seat": seat, "space": event["space"]}
    fields |= {"hunters": event["hunters"]}
    fields["csrf_token"] = phone.locator('input[name="csrf_token"]').first.input_value()
    with phone.expect_navigation():
        phone.evaluate(_POST_JS, [f"{url}/bison/place", {k: str(v) for k, v in fields.items()}])
    if "/bison/place" in phone.url:  # the page again: refused
        raise RuntimeError("retail tile refused: " + phone.inner_text("main")[:300])


def record_buys(phone: Any, seat: int, hunters: int) -> int:
    """Hunters bought recorded on the buyer's own phone (``phone``, seated, on the table):
    its own "Buy a hunter", once a hunter (B7: at any time). The taps it took."""
    button = phone.locator(f'[data-buy="hunter"][data-buy-seat="{seat}"]:visible').first
    for _ in range(hunters):
        with phone.expect_response(lambda r: r.url.endswith("/bison/buy")) as answer:
            button.click()
        if answer.value.status >= 400:
            raise RuntimeError(f"buy refused: {answer.value.status}")
    return hunters


def record_gain(phone: Any, seat: int, animal: str) -> bool:
    """An action without hunters recorded on its player's own phone (``phone``, seated,
    on the table) before the photo (no photo shows it, B6b): its own "+1 <animal>" out
    of turn, or the turn's own row when the companion is at that seat's turn (the live
    panel shows whichever holds). One tap (``GAIN_TAPS``); False when the phone refused
    it: a stock the companion holds full because the payments the photo will record are
    not in yet ("your salmon stock is already full at 15") — then chosen on the proposal."""
    button = phone.locator(
        f'[data-testid="bison-gain-own"][data-turn-seat="{seat}"] '
        f'[data-gain-own="{animal}"]:visible, '
        f'[data-testid="bison-nohunters"] [data-gain-default] button[value="{animal}"]:visible'
    ).first
    with phone.expect_response(lambda r: r.url.endswith("/bison/play")) as answer:
        button.click()
    if answer.value.status == 422 and "full" in answer.value.text():
        return False
    if answer.value.status >= 400:
        raise RuntimeError(f"gain refused: {answer.value.status}")
    return True


def retail_seat(round_no: int) -> int:
    """The seat whose tile is a retail tile this round (one a round, each seat in turn)."""
    return round_no % len(PLAYERS)


@functools.cache
def _bare_faces() -> Path:
    """The printed tiles' art without markers: what a retail tile shows the camera."""
    from printgen.export import export

    folder = Path(tempfile.mkdtemp(prefix="campfire-bison-bare-"))
    export("bison", folder, only=[t for t in CATALOG if not CATALOG[t].start], markers=False)
    return folder


#: Whether a retail tile is placed each round (``--no-retail``: printed tiles only).
RETAIL_ROUNDS = True
#: The faces of the tiles that lie as retail tiles in this game (no markers).
RETAIL_FACES: set[str] = set()
_printed_face = synthetic._face


def _face(name: str, marked: bool = True) -> Image.Image:
    if marked and name not in RETAIL_FACES:
        return _printed_face(name, True)
    with Image.open(_bare_faces() / f"{name}-front.png") as image:
        return image.convert("RGB")


synthetic._face = _face  # the photo draws a retail tile's art without its markers


def _tokens(state: table.State, space: Any) -> int:
    there = state.board.pieces.get(space)
    return 0 if there is None else there.hunters + (1 if there.structure else 0)


def _roomy(state: table.State, space: Any) -> bool:
    placed = state.board.tiles[space[0]]
    return _room(placed.catalog_id or _retail_face(state, space[0]), space[1])


#: hex -> the printed face a retail tile there was drawn from (the photo's art).
RETAIL_AT: dict[Any, str] = {}


def _retail_face(state: table.State, at: Any) -> str:
    return RETAIL_AT.get(at, "")


def _room(tile: str, space: str) -> bool:
    """Room on the printed space for a few tokens side by side (small spaces hold one)."""
    return bool(tile) and len(synthetic._spots(tile, space)) >= 30  # the bench's own check


def _candidates(
    state: table.State,
    seat: int,
    rng: random.Random,
    retail: bool,
    laid: set[Any],
    hunters: int | None = None,
) -> list[dict[str, Any]]:
    """Actions with hunters the seat may take now that a photo shows (random order);
    ``retail``: the seat's tile is a retail tile (its edges and animals, not its id),
    beside one of the tiles ``laid`` when the round began; ``hunters``: the tile's
    hunters (1 or 2 at random otherwise)."""
    colour = state.colours[seat]
    taken = state.rounds.markers[seat]
    out: list[dict[str, Any]] = []
    mine = [s for s, p in state.board.pieces.items() if p.player == colour]
    ref = table.space_ref
    if "place_tile" not in taken:
        used = {p.catalog_id for p in state.board.tiles.values()} | set(RETAIL_AT.values())
        bag = [t for t in CATALOG if t not in used and not CATALOG[t].start]
        hexes = table.legal_hexes(state)
        if retail:  # recorded before the photo: beside a tile the round began with
            hexes = [at for at in hexes if any(n in laid for n in neighbours(at))]
        for at in hexes[:6]:
            tile = rng.choice(bag)
            for space in ("prairie", "mountain", "river"):
                if not _room(tile, space):
                    continue
                event = {"action": "place_tile", "at": list(at), "rotation": rng.randrange(6),
                         "space": space, "hunters": hunters or rng.randint(1, 2)}  # fmt: skip
                if retail:
                    event |= {"edges": CATALOG[tile].edges, "animals": CATALOG[tile].animals}
                    event["face"] = tile  # the bench's own note: the art the photo shows
                else:
                    event["tile"] = tile
                out.append(event)
        return out  # the round's tile first (B4: it is due)
    for source in mine:
        here = state.board.pieces[source].hunters
        if not here:
            continue
        counts = sorted({1, min(here, MOST_MOVED)})  # one, or all of them (emptied in view)
        for action in ("move_1", "move_3"):
            if action in taken:
                continue
            goals = [
                goal
                for goal in table.destinations(state, seat, source, action)
                if _tokens(state, goal) < MOST_TOKENS and _roomy(state, goal)
            ]
            for goal in goals:
                for count in counts:
                    move = {"from": ref(state, source), "to": ref(state, goal), "hunters": count}
                    out.append({"action": action, "moves": [move]})
            if here >= 2 and len(goals) >= 2:  # a split move: two spaces, one hunter each
                a, b = rng.sample(goals, 2)
                split = [
                    {"from": ref(state, source), "to": ref(state, goal), "hunters": 1}
                    for goal in (a, b)
                ]
                out += [{"action": action, "moves": split}] * 2  # as likely as two others
        kind = "canoe" if source[1] == "river" else "tent"
        if kind not in taken:
            for size in table.build_sizes(state, seat, source):
                out.append(
                    {"action": kind, "builds": [{"space": ref(state, source), "size": size}]}
                )
    if "gather" not in taken and len(mine) > 1:  # B6: to a space holding one of its hunters
        goal = rng.choice(mine)
        sources = [s for s in mine if s != goal and state.board.pieces[s].hunters]
        if sources and state.board.pieces[goal].hunters and _tokens(state, goal) < MOST_TOKENS:
            source = rng.choice(sources)
            count = min(state.board.pieces[source].hunters, MOST_MOVED)  # all: emptied
            taken_from = [{"space": ref(state, source), "hunters": count}]
            out.append({"action": "gather", "gather": {"to": ref(state, goal), "from": taken_from}})
    rng.shuffle(out)
    return out


def play_round(
    state: table.State, rng: random.Random, round_no: int = 0
) -> tuple[table.State, list[dict[str, Any]], list[dict[str, Any]]]:
    """The real table's round: each player's four actions in turn, one a photo shows where
    the rules and the stocks allow one, else an action without hunters gaining an animal
    (B6: nothing on the board; the phone records it by taps). The board actions played
    (each with the payment made: the rules' default split at its turn) and the gains."""
    played: list[dict[str, Any]] = []
    gains: list[dict[str, Any]] = []
    laid = set(state.board.tiles)  # the tiles the round began with
    for _ in range(ACTIONS_PER_ROUND):
        for offset in range(len(state.players)):
            seat = (state.rounds.start_seat + offset) % len(state.players)
            retail = RETAIL_ROUNDS and round_no > 0 and seat == retail_seat(round_no)
            unbought = state
            state, wanted = _bought(state, seat, rng, retail)
            for action in _candidates(state, seat, rng, retail, laid, wanted):
                face = action.pop("face", None)
                event = {"type": "play", "seat": seat, "override": True, **action}
                try:
                    used = table.hunters_used(state, event)
                    if action_cost(used) > 0:
                        split = default_payment(state.stocks[seat], action_cost(used))
                        event["payment"] = split.as_dict()
                    trial = table.apply(state, event)
                except RuleError:
                    continue
                if any(_tokens(trial, s) > MOST_TOKENS for s in trial.board.pieces):
                    continue
                faces = {**RETAIL_AT, tuple(event["at"]): face} if face else RETAIL_AT
                if not _drawable(trial, faces):
                    continue
                state = trial
                if face:
                    RETAIL_AT[tuple(event["at"])] = face
                    RETAIL_FACES.add(face)
                played.append({**event, "hunters": used})
                if wanted:
                    BOUGHT.append((seat, wanted - unbought.supplies[seat].hunters_supply))
                break
            else:
                state = unbought  # nothing placed: nothing bought to place
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


def _bought(
    state: table.State, seat: int, rng: random.Random, retail: bool
) -> tuple[table.State, int | None]:
    """A real table buys hunters to place them (B7): before the seat's tile, with fewer
    than ``BUY_TO`` hunters in its supply, it buys the rest (``BUY_SHARE`` of the time,
    when the market and its stocks allow) and places ``BUY_TO`` with the tile — the buy
    the photo must explain, since only the market brings a hunter beyond the supply.
    Not the retail tile's seat: its tile is recorded before the photo, by taps."""
    if retail or "place_tile" in state.rounds.markers[seat] or rng.random() >= BUY_SHARE:
        return state, None
    supply = state.supplies[seat].hunters_supply
    if supply >= BUY_TO:
        return state, None
    before = state
    for _ in range(BUY_TO - supply):
        try:
            state = table.apply(state, {"type": "buy", "seat": seat, "item": "hunter"})
        except RuleError:
            return before, None
    return state, BUY_TO


def pick_answer(
    played: list[dict[str, Any]], seat: int, offered: list[tuple[list[str], int]]
) -> int:
    """The answer of a question (its markers, its food) the player picks: a question
    asks about their whole change, so one with the food they paid on the board this
    round — with their markers when one has them, else in no more actions with hunters
    than they took (the route and the markers a photo cannot tell: their pieces and food
    end as the table has them, as ``_right`` judges a line); else the first
    (preselected). An answer naming some of their actions for what those cost is not
    what they paid (it left the rest of their food unsaid)."""
    theirs = [e for e in played if e["seat"] == seat and "edges" not in e]
    spent = {e["action"]: action_cost(int(e["hunters"])) for e in theirs}
    total = sum(spent.values())
    for k, (markers, cost) in enumerate(offered):
        if set(markers) == set(spent) and cost == total:
            return k
    for k, (markers, cost) in enumerate(offered):
        if cost == total and len(markers) <= len(spent):
            return k
    return 0


def shoot(page: Any, control: str, jpeg: bytes, taps: Counter[str]) -> None:
    """The shutter: the photo given to the file control ``control`` (a data-testid), sent
    as taken (bison_photo.js); returns once the page answers (a proposal or a refusal)."""
    page.set_input_files(
        f'[data-testid="{control}"]',
        files=[{"name": "board.jpg", "mimeType": "image/jpeg", "buffer": jpeg}],
    )
    taps["shutter"] += 1
    page.wait_for_selector(
        '[data-testid="bison-photo-confirm"], [data-testid="bison-photo-same"], '
        '[data-testid="bison-photo-error"]'
    )


def _asked(page: Any) -> str:
    """The sentences the proposal says to ask for one more photo (``--verbose``)."""
    return " | ".join(page.locator('[data-testid="bison-photo-more"] li').all_inner_texts())


def photo_of(state: table.State, seed: int, size: str) -> bytes:
    return _photo(state, seed, size).jpeg


def second_photo(state: table.State, seed: int, size: str) -> Any:
    """The photo taken when the proposal asks for one more: the player moves the phone
    and, told that tokens lie over a tile's markers, nudges them off (the photo's tokens
    lie otherwise on their spaces: the first of ``SECOND_TRIES`` whose tiles all show a
    marker, else the last one tried). The table is the same: only where tokens lie on
    their spaces and the angle and light change."""
    again = None
    for k in range(SECOND_TRIES):
        try:
            again = _photo(state, seed + SECOND_PHOTO + k, size, clear=True)
        except ValueError:  # no room off the markers for them all, laid so
            continue
        if not again.tiles_hidden:
            break
    return again or _photo(state, seed + SECOND_PHOTO, size)


def _tokens_of(
    state: table.State, faces: dict[Any, str] | None = None
) -> tuple[dict[Any, tuple[str, int]], list[Any]]:
    """The photo's board (hex: printed face, turn; ``faces``: the retail tiles' art, by
    default ``RETAIL_AT``) and its tokens, side by side."""
    faces = RETAIL_AT if faces is None else faces
    board = {
        at: (p.catalog_id or faces.get(at, ""), p.rotation) for at, p in state.board.tiles.items()
    }
    pieces = []
    for (at, space), p in state.board.pieces.items():
        pieces += [(p.player, "hunter", 0, at, space)] * p.hunters
        if p.structure:
            kind = "canoe" if space == "river" else "tent"
            pieces.append((p.player, kind, p.structure, at, space))
    return board, pieces


def _drawable(state: table.State, faces: dict[Any, str]) -> bool:
    """Whether the tokens of ``state`` lie side by side on their printed spaces (a tent
    beside hunters on a small prairie may not): a real table lays only what fits."""
    try:
        synthetic._lay_given(random.Random(0), *_tokens_of(state, faces))
    except ValueError:
        return False
    return True


def _photo(state: table.State, seed: int, size: str, clear: bool = False) -> Any:
    board, pieces = _tokens_of(state)
    return synthetic.photo(seed, size, board=board, pieces=pieces, clear=clear)


# -- repairs on the proposal ---------------------------------------------------------------


def _at(ref: Any) -> tuple[tuple[int, int], str]:
    return (int(ref["at"][0]), int(ref["at"][1])), str(ref["space"])


def _rows(event: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The editor's rows (from, to, count) that say ``event``'s board change."""

    def value(ref: Any) -> str:
        (q, r), space = _at(ref)
        return f"{q},{r},{space}"

    if "moves" in event:
        return [(value(m["from"]), value(m["to"]), str(m["hunters"])) for m in event["moves"]]
    if "gather" in event:
        to = value(event["gather"]["to"])
        return [(value(s["space"]), to, str(s["hunters"])) for s in event["gather"]["from"]]
    if "builds" in event:
        return [("", value(b["space"]), str(b["size"])) for b in event["builds"]]
    if event.get("hunters"):  # the tile's space: its terrain (the hex is the editor's own)
        return [("", str(event.get("space")), str(event["hunters"]))]
    return []


def _change(event: dict[str, Any]) -> tuple[Any, ...]:
    """A play's board change, the same however its spaces are written."""
    rows = tuple(sorted(_rows(event)))
    at = tuple(event["at"]) if "at" in event else None
    return (event.get("action"), event.get("tile"), at, rows)


def _payment(event: dict[str, Any]) -> dict[str, int]:
    paid = event.get("payment") or {}
    return {a: int(paid.get(a, 0)) for a in ("bison", "salmon", "turkey")}


def _outcome(
    companion: table.State,
    events: list[dict[str, Any]],
    gains: list[dict[str, Any]],
) -> table.State:
    """The table the proposal's ticked lines would record, with the round's actions
    without hunters (their animal chips): what Confirm would save."""
    from games.bison import explain
    from games.bison.explain_search import attempt

    state = companion
    for event in events:
        try:  # out of turn order where the order alone refuses it, as Confirm does
            state = attempt(state, event)[0]
        except RuleError:
            continue
    for gain in gains:
        try:
            state = explain.gained(state, gain["seat"], gain["gain"])[0]
        except RuleError:
            continue
    return state


def _right(after: table.State, truth: table.State, seat: int) -> bool:
    """Whether the seat's pieces and food after Confirm are the real table's: what a
    player checks on their lines (a photo shows the round's end, never the order of its
    moves: a route told otherwise that ends the same for the same food is right)."""
    return _pieces_right(after, truth, seat) and after.stocks[seat] == truth.stocks[seat]


def _pieces_right(after: table.State, truth: table.State, seat: int) -> bool:
    """Whether the seat's pieces after Confirm are the real table's (its food aside)."""
    colour = truth.colours[seat]
    mine = {s: p for s, p in after.board.pieces.items() if p.player == colour}
    return mine == {s: p for s, p in truth.board.pieces.items() if p.player == colour}


def _pay_difference(
    page: Any,
    steps: list[dict[str, Any]],
    keys: list[str],
    seat: int,
    theirs: list[tuple[int, dict[str, Any]]],
    played: list[dict[str, Any]],
    taps: Counter[str],
    log: list[str],
) -> bool:
    """A player whose pieces the proposal leaves right but whose food it does not (a route
    no photo tells, paid otherwise: hunters moved out and back, a move that cost) fixes
    the food, not the route: what they paid in all, on one of their lines in place — the
    line whose chips offer its food plus the difference first, else their first line,
    typed (the page finds the actions at Confirm). False when no line can take it."""
    paid = _paid_in_all([p for p in played if p["seat"] == seat and "edges" not in p])
    proposed = _paid_in_all([event for _n, event in theirs])
    extra = {animal: paid[animal] - proposed[animal] for animal in paid}
    if not any(extra.values()):
        return False
    by_line: dict[int, list[dict[str, Any]]] = {}
    for n, event in theirs:
        by_line.setdefault(n, []).append(event)
    options = []
    for n, events in by_line.items():
        now = _paid_in_all(events)
        want = {animal: now[animal] + extra[animal] for animal in now}
        if min(want.values()) >= 0:
            offered = sum(want.values()) in (steps[n].get("foods") or [])
            options.append((not offered, n, want))
    if not options:
        return False
    _offered, n, want = min(options)
    log.append(f"  seat {seat}: line {n} paid {proposed} in all -> {paid}")
    _pay_in_place(page, _now_at(page, keys[n], n), want, taps, log)
    return True


def repair(
    page: Any,
    played: list[dict[str, Any]],
    taps: Counter[str],
    log: list[str],
    judged: tuple[table.State, table.State, list[dict[str, Any]]] | None = None,
) -> None:
    """The lines a player would fix before confirming: each line paired with what its
    player did (its action first), edited where its change or payment differs, unticked
    where nobody did it (see the module's docstring). Taps go to ``taps["fixes"]``.
    ``judged``: (the companion's table, the real table, the round's gains): a player
    whose lines as proposed leave their pieces and food as the real table has them
    fixes nothing (``_right``)."""
    steps = json.loads(page.locator('input[name="steps"]').get_attribute("value") or "[]")
    right: set[int] = set()
    board_right: set[int] = set()  # their pieces as the table's, not their food
    if judged is not None:
        companion, truth, gains = judged
        after = _outcome(companion, _ticked(page, companion), gains)
        right = {s for s in range(len(truth.players)) if _right(after, truth, s)}
        board_right = {s for s in range(len(truth.players)) if _pieces_right(after, truth, s)}
    lines: dict[int, list[tuple[int, dict[str, Any]]]] = {}
    # A question of several steps is one line: answered, then paid (never unticked).
    asked = {n for n, item in enumerate(steps) if item.get("answers")}
    keys = [json.dumps(item["event"], sort_keys=True) for item in steps]
    for n, item in enumerate(steps):
        if item["event"].get("type") != "play":
            continue
        if not page.locator(f'input[name="take.{n}"]').count():
            continue
        for event in _line_events(page, n, item):
            lines.setdefault(int(event["seat"]), []).append((n, event))
    for seat, theirs in lines.items():
        if seat in right:
            continue
        asks = asked & {n for n, _event in theirs}
        if (
            seat in board_right
            and not asks
            and _pay_difference(page, steps, keys, seat, theirs, played, taps, log)
        ):
            continue
        todo = [p for p in played if p["seat"] == seat and "edges" not in p]
        pairs: list[tuple[int, dict[str, Any], dict[str, Any] | None]] = []
        left = []
        alone = [(n, event) for n, event in theirs if n not in asked]
        for n, event in alone:  # exact first, then the same action, then any
            same = next((p for p in todo if _change(p) == _change(event)), None)
            if same is not None:
                todo.remove(same)
                pairs.append((n, event, same))
            else:
                left.append((n, event))
        for n, event in left:
            like = next((p for p in todo if p["action"] == event["action"]), None)
            like = like or (todo[0] if todo else None)
            if like is not None:
                todo.remove(like)
            pairs.append((n, event, like))
        # A question's line, or a player's actions in a row as one line: the board is the
        # photo's whatever the answer; the player says the food they paid for what the
        # line covers (their actions no other line stands for) in its one payment editor
        # ("paid in all", issue 32, items 4–5), once a line.
        covered = _paid_by_line(theirs, asked, todo)
        for n, paying in covered.items():
            _pay_question(page, _now_at(page, keys[n], n), _paid_in_all(paying), taps, log)
        todo = [] if covered else todo
        for n, event, truth in pairs:
            # A repair that fits only later is moved there by the page: the lines
            # after it shift; each line is found again by its event.
            n = _now_at(page, keys[n], n)
            if truth is None:
                page.locator(f'input[name="take.{n}"]').uncheck()
                taps["fixes"] += 1
                log.append(f"  seat {seat}: unticked {_change(event)}")
            elif _change(truth) != _change(event) or _payment(truth) != _payment(event):
                log.append(
                    f"  seat {seat}: edit {_change(event)} {_payment(event)} -> "
                    f"{_change(truth)} {_payment(truth)}"
                )
                _edit(page, n, event, truth, taps, log)
        for missed in todo:
            log.append(f"  seat {seat}: no line for {_change(missed)}")


def _paid_by_line(
    theirs: list[tuple[int, dict[str, Any]]], asked: set[int], todo: list[dict[str, Any]]
) -> dict[int, list[dict[str, Any]]]:
    """The player's actions each of their several-action lines (``asked``) stands for:
    those of its actions first, the rest with the first such line."""
    covered: dict[int, list[dict[str, Any]]] = {}
    for n, event in theirs:
        if n in asked:
            covered.setdefault(n, [])
            same = next((p for p in todo if p["action"] == event.get("action")), None)
            if same is not None:
                todo.remove(same)
                covered[n].append(same)
    if covered and todo:
        covered[next(iter(covered))] += todo
    return covered


def _paid_in_all(events: list[dict[str, Any]]) -> dict[str, int]:
    """The food a player paid for their actions this round, by animal (what they know)."""
    total = dict.fromkeys(("bison", "salmon", "turkey"), 0)
    for event in events:
        for animal, count in _payment(event).items():
            total[animal] += count
    return total


def _late_buys(page: Any, state: table.State, log: list[str]) -> list[dict[str, Any]]:
    """The hunters a player bought (``BOUGHT``) beyond the proposal's ticked buy lines
    (explain_market: the buys the board shows), each a buy event its buyer's chip on
    the proposal adds (the photo shows no food, and a hunter a build sent back to the
    supply no photo proves). A buy line nobody made stops the bench (a wrong reading)."""
    lines = Counter(
        int(e["seat"])
        for e in _ticked(page, state)
        if e.get("type") == "buy" and e.get("item") == "hunter"
    )
    bought: Counter[int] = Counter()
    for seat, hunters in BOUGHT:
        bought[seat] += hunters
    late = []
    for seat in sorted(set(bought) | set(lines)):
        if lines[seat] != bought[seat]:
            log.append(f"  seat {seat}: bought {bought[seat]}, the photo shows {lines[seat]}")
        late += [{"type": "buy", "seat": seat, "item": "hunter"}] * (bought[seat] - lines[seat])
    if any(lines[s] > bought[s] for s in lines):
        raise RuntimeError(f"the photo proposes buys nobody made: {dict(lines)}")
    return late


def _pay_order(page: Any, played: list[dict[str, Any]], taps: Counter[str], log: list[str]) -> None:
    """A line that asks whether its player paid before or after the animals they gained
    without hunters (B6b: the photo cannot say when): the answer whose split makes what
    the player paid in all this round (they know it, their food track) — one tap when it
    is not the one chosen; else left as shown (the repairs then fix the food)."""
    for question in page.locator('[data-testid="bison-photo-pay-order"]').all():
        line = question.locator("xpath=ancestor::li[@data-seat][1]")
        seat = int(line.get_attribute("data-seat") or -1)
        paid = _paid_in_all([p for p in played if p["seat"] == seat and "edges" not in p])
        shown = {n: _shown_payment(page, n) for n in _seat_lines(page, seat)}
        for answer in question.locator('input[type="radio"]').all():
            n = int(answer.get_attribute("data-pay-order") or -1)
            split = {a: int(answer.get_attribute(f"data-{a}") or 0) for a in paid}
            total = {a: sum(s[a] for k, s in shown.items() if k != n) + split[a] for a in paid}
            if total != paid:
                log.append(f"  seat {seat} line {n}: {split} leaves {total}, paid {paid}")
                continue
            if not answer.is_checked():
                answer.check()
                taps["questions"] += 1
                log.append(f"  seat {seat} line {n}: paid after the gains {split}")
            break


def _seat_lines(page: Any, seat: int) -> list[int]:
    """The ticked lines of ``seat`` that carry a payment (their indexes)."""
    out = []
    for box in page.locator(f'[data-testid="bison-photo-line"][data-seat="{seat}"]').all():
        tick = box.locator('input[name^="take."]')
        if tick.count() and tick.is_checked() and box.locator('input[name^="payshown."]').count():
            out.append(int((tick.get_attribute("name") or "take.-1").split(".")[1]))
    return out


def _shown_payment(page: Any, n: int) -> dict[str, int]:
    """Line ``n``'s payment as its fields have it (typed, or as shown)."""
    return {
        a: int(page.locator(f'input[name="pay.{n}.{a}"]').input_value() or 0)
        for a in ("bison", "salmon", "turkey")
    }


def _pay_question(
    page: Any, n: int, want: dict[str, int], taps: Counter[str], log: list[str]
) -> None:
    """A question's line paid as the player paid (its ✎, each animal that differs, save)
    when the answer chosen says otherwise; a refusal leaves it to the fixes by hand."""
    steps = json.loads(page.locator('input[name="steps"]').get_attribute("value") or "[]")
    shown = _paid_in_all(_line_events(page, n, steps[n]))
    if shown == want:
        return
    log.append(f"  line {n}: pays {shown} -> {want}")
    _pay_in_place(page, n, want, taps, log)


def _pay_in_place(
    page: Any, n: int, want: dict[str, int], taps: Counter[str], log: list[str]
) -> None:
    """Line ``n`` paid as the player paid on the line itself (issue 32, item 5): the line
    tapped open unless it is, then a tap per animal whose amount differs; no editor, no
    save: the rules check it at Confirm (a refusal there unticks it, the confirm loop)."""
    line = page.locator(f'[data-testid="bison-photo-line"]:has(input[name="take.{n}"])')
    typed = [line.locator(f'input[name="pay.{n}.{a}"]') for a in want]
    if not typed[0].count():
        log.append(f"    line {n}: no payment on the line")
        return

    def differing() -> list[tuple[Any, int]]:
        return [
            (control, count)
            for control, count in zip(typed, want.values(), strict=True)
            if control.input_value() != str(count)
        ]

    differ = differing()
    if not differ:
        return
    if not typed[0].is_visible():
        line.locator("details.bison-photo-what > summary").click()
        taps["fixes"] += PAY_TAPS
    # A food the line offers (a change asked nothing that could have cost more): its
    # chip fills the split the rules would take (B6), one tap; typed only where the
    # player split it otherwise.
    chips = line.locator(f'[data-pay-food="{n}"][data-food="{sum(want.values())}"]')
    if chips.count():
        chips.first.click()
        taps["fixes"] += 1
        differ = differing()
    for control, count in differ:
        control.fill(str(count))
        control.dispatch_event("change")  # as the phone's keyboard closing does
        taps["fixes"] += 1


def _pay_and_save(
    page: Any, editor: Any, want: dict[str, int], taps: Counter[str], log: list[str]
) -> bool:
    """Type ``want`` into the open editor's payment (a tap per amount changed) and save;
    False, counted as refused, when the page refuses it."""
    for animal, count in want.items():
        control = editor.locator(f'[name="e.pay.{animal}"]')
        if control.count() and control.input_value() != str(count):
            control.fill(str(count))
            taps["fixes"] += 1
    editor.locator('[data-testid="bison-photo-edit-save"]').click()
    page.wait_for_load_state()
    error = page.locator('[data-testid="bison-photo-edit-error"]')
    if not error.count():
        return True
    log.append("    refused: " + error.inner_text())
    taps["refused"] += 1
    return False


def _now_at(page: Any, key: str, n: int) -> int:
    """Where the line whose event is ``key`` stands now (``n`` when it is not found)."""
    steps = json.loads(page.locator('input[name="steps"]').get_attribute("value") or "[]")
    found = [k for k, item in enumerate(steps) if json.dumps(item["event"], sort_keys=True) == key]
    return found[0] if found else n


def _line_events(page: Any, n: int, item: dict[str, Any]) -> list[dict[str, Any]]:
    """Line ``n``'s events as the phone shows it: its answer or option chosen."""
    picked = page.locator(f'input[name="choice.{n}"]:checked')
    choice = int(picked.get_attribute("value") or 0) if picked.count() else 0
    answers = item.get("answers") or []
    if answers:
        return [dict(e) for e in answers[min(choice, len(answers) - 1)]["events"]]
    options = item.get("options") or []
    if picked.count() and options:
        return [dict(options[choice])]
    return [dict(item["event"])]


def _edit(
    page: Any,
    n: int,
    event: dict[str, Any],
    truth: dict[str, Any],
    taps: Counter[str],
    log: list[str],
) -> None:
    """Line ``n`` set to what the player did in its editor, field by field; its payment
    alone on the line itself (``_pay_in_place``)."""
    if _change(truth) == _change(event):
        _pay_in_place(page, n, _payment(truth), taps, log)
        return
    page.locator(f'button[name="open"][value="{n}"]').click()
    page.wait_for_selector('[data-testid="bison-photo-editor"]')
    taps["fixes"] += EDITOR_TAPS
    editor = page.locator('[data-testid="bison-photo-editor"]')
    if truth["action"] != event["action"] and editor.locator('select[name="e.action"]').count():
        editor.locator('select[name="e.action"]').select_option(truth["action"])
        taps["fixes"] += 1
    for field, value in (("at", "{},{}"), ("rotation", "{}")):  # the tile: its hex, its turn
        control = editor.locator(f'select[name="e.{field}"]')
        if field in truth and control.count():
            want_value = value.format(*truth[field]) if field == "at" else str(truth[field])
            if control.input_value() == want_value:
                continue
            if not control.locator(f'option[value="{want_value}"]').count():
                log.append(f"    not offered: {field} {want_value}")  # fixed by hand
                taps["refused"] += 1
                page.locator(f'input[name="take.{n}"]').uncheck()
                taps["fixes"] += 1
                return
            control.select_option(want_value)
            taps["fixes"] += 1
    want = _rows(truth) + [("", "", "")] * ROWS
    for k in range(ROWS):
        for field, value in zip(("from", "to", "count"), want[k], strict=True):
            control = editor.locator(f'[name="e.{field}.{k}"]')
            now = control.input_value() if control.count() else value
            if now == value or (not value and now in ("", "0")):
                continue
            if field == "count":
                control.fill(value or "0")
            elif control.locator(f'option[value="{value}"]').count():
                control.select_option(value)
            else:  # a space the editor does not offer at this line: fixed by hand
                log.append(f"    not offered: {value}")
                taps["refused"] += 1
                page.locator(f'input[name="take.{n}"]').uncheck()
                taps["fixes"] += 1
                return
            taps["fixes"] += 1
    if not _pay_and_save(page, editor, _payment(truth), taps, log):
        page.locator(f'input[name="take.{n}"]').uncheck()  # left to the fixes by hand
        taps["fixes"] += 1


def _ticked(page: Any, state: table.State) -> list[dict[str, Any]]:
    """The events of the proposal's lines as the phone has them ticked, answered and
    paid (a payment typed on a line applied as the page applies it at Confirm:
    ``proposal.paid_in_place``; one the rules refuse left as the line says)."""
    from games.bison import explain_lines
    from games.bison.explain_search import attempt

    steps = json.loads(page.locator('input[name="steps"]').get_attribute("value") or "[]")
    events: list[dict[str, Any]] = []
    for n, item in enumerate(steps):
        box = page.locator(f'input[name="take.{n}"]')
        if box.count() and not box.is_checked():
            continue
        line = _line_events(page, n, item)
        typed = _typed_payment(page, n)
        if typed is not None:
            try:
                food = sum(typed.values())
                if food != explain_lines.answer_cost(state, line):
                    line = list(explain_lines.costing(state, line, food))
                line = explain_lines.paid_across(state, line, typed)
            except RuleError:
                pass
        for event in line:
            try:
                state = attempt(state, event)[0]
            except RuleError:
                continue
        events += line
    return events


def _typed_payment(page: Any, n: int) -> dict[str, int] | None:
    """The payment typed on line ``n`` itself when it differs from what it showed."""
    typed, shown = {}, {}
    for animal in ("bison", "salmon", "turkey"):
        control = page.locator(f'input[name="pay.{n}.{animal}"]')
        if not control.count():
            return None
        typed[animal] = control.input_value().strip() or "0"
        shown[animal] = page.locator(f'input[name="payshown.{n}.{animal}"]').get_attribute("value")
    if typed == shown:
        return None
    return {a: int(v) if v.isdigit() else 0 for a, v in typed.items()}


def _score(page: Any, url: str, state: table.State, taps: Counter[str]) -> None:
    """The round scored on the phone: where "Confirm and score" left it on the score page
    (something to choose), there; else the panel's one tap when nothing needs a choice,
    else its score page ("end the round anyway" when actions are left, then confirm)."""
    if not re.search(r"/bison/score", page.url):
        page.goto(url)
        now = page.locator('[data-testid="bison-score-now"]')
        if now.count():
            now.click()
            page.wait_for_load_state()
            taps["score"] += 1
            return
        page.locator('[data-testid="bison-score"]').click()
        page.wait_for_url(re.compile(r"/bison/score"))
        taps["score"] += 1
    if any(state.rounds.actions_left(s) for s in range(len(state.players))):
        page.locator('input[name="override"]').check()
        taps["override"] += 1
    page.locator("button[data-confirm-score]").click()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    taps["score"] += 1


def _fixes(
    companion: table.State, truth: table.State, hidden: set[Any]
) -> tuple[int, list[dict[str, Any]], int, int]:
    """Taps to bring the companion to the real table, the events they make, the spaces
    that differ, and what is wrong without the proposal having said so (tiles missing,
    spaces not said hidden, and each seat whose stocks differ)."""
    taps, events, spaces, wrong = 0, [], 0, 0
    laid, missed = (
        set(companion.board.tiles),
        sorted(set(truth.board.tiles) - set(companion.board.tiles)),
    )
    order = []
    while missed:  # each touching the board when it is placed (B4)
        ready = [at for at in missed if any(n in laid for n in neighbours(at))] or missed[:1]
        for at in ready:
            order.append(at)
            laid.add(at)
            missed.remove(at)
    for at in order:  # a tile the photo missed
        placed = truth.board.tiles[at]
        wrong += 1
        taps += TILE_TAPS
        if placed.catalog_id:
            events.append(
                {"type": "tile", "at": list(at), "tile": placed.catalog_id,
                 "rotation": placed.rotation}
            )  # fmt: skip
        else:
            shape = {"edges": placed.tile.edges, "animals": placed.tile.animals_json()}
            events.append({"type": "tile", "at": list(at), **shape})
    for space in sorted(set(companion.board.pieces) | set(truth.board.pieces)):
        have, want = companion.board.pieces.get(space), truth.board.pieces.get(space)
        if have == want:
            continue
        spaces += 1
        wrong += space not in hidden
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
        off = False
        for animal in ("bison", "salmon", "turkey"):
            delta = want.get(animal) - have.get(animal)
            if delta:
                off = True
                taps += abs(delta)
                events.append({"type": "adjust", "seat": seat, "counter": animal, "delta": delta})
        wrong += off
    return taps, events, spaces, wrong


def _differences(companion: table.State, truth: table.State) -> list[str]:
    """What the companion has otherwise than the real table after Confirm (``--verbose``):
    each space and each seat's stocks."""
    said = []
    for space in sorted(set(companion.board.pieces) | set(truth.board.pieces)):
        have, want = companion.board.pieces.get(space), truth.board.pieces.get(space)
        if have != want:
            said.append(f"  after confirm: {space} {have} -> {want}")
    for seat, (have, want) in enumerate(zip(companion.stocks, truth.stocks, strict=True)):
        if have != want:
            said.append(f"  after confirm: seat {seat} stocks {have} -> {want}")
    return said


def run(seed: int, size: str, verbose: bool = False) -> list[str]:
    from phone_kit import create_table
    from playwright.sync_api import sync_playwright

    from companion import tables

    rng = random.Random(seed)
    folder = Path(tempfile.mkdtemp(prefix="bison-photo-taps-"))
    lines: list[str] = []
    per_player: list[float] = []
    per_phone: list[int] = []
    fixes_all = misses = wrong_all = 0
    # The bench counts taps, not seconds: on a shared, loaded machine the 30 s limit of
    # a photo's read refused whole rounds (a refusal made every change by hand). Given
    # to the app itself: a test configuration reads no environment.
    with (
        serve(folder, CAMPFIRE_PHOTO_SECONDS=PHOTO_SECONDS) as (base, app),
        sync_playwright() as pw,
    ):
        browser = pw.chromium.launch(
            executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_context(**PHONE).new_page()
        page.set_default_timeout(180_000)  # a shared machine: the photo read may wait
        url = create_table(page, base, "bison", players=PLAYERS, seat=None)  # the table's phone
        table_id = url.split("/t/")[1].split("/")[0]

        phones: dict[int, Any] = {}  # each player's own phone, seated once for the game

        def own_phone(seat: int) -> Any:
            from phone_kit import sit

            if seat not in phones:
                phones[seat] = browser.new_context(**PHONE).new_page()
                sit(phones[seat], url, seat, "en")
            return phones[seat]

        def folded() -> table.State:
            with app.app_context():
                return tables.get(table_id).state  # type: ignore[no-any-return]

        round_no = 0
        while not folded().rounds.finished:
            round_no += 1
            BOUGHT.clear()
            truth, played, gains = play_round(folded(), rng, round_no)
            taps: Counter[str] = Counter()
            log: list[str] = []
            own: Counter[int] = Counter()  # taps on the players' own phones
            for event in played:  # a retail tile: on the panel by taps, before the photo
                if "edges" in event:
                    record_retail(own_phone(event["seat"]), url, event)
                    own[event["seat"]] += retail_taps(event)
            taps["retail"] += sum(own.values())
            # Each action without hunters on its player's own phone as it is taken (one
            # tap, B6b): the photo cannot show it; its marker moves if the photo's
            # actions need it. One a full stock refuses is left for the proposal.
            recorded, refused_gains = [], []
            for gain in gains:
                own[gain["seat"]] += GAIN_TAPS
                taps["gains"] += GAIN_TAPS
                ok = record_gain(own_phone(gain["seat"]), gain["seat"], gain["gain"])
                (recorded if ok else refused_gains).append(gain)
            log.append(f"  gains: {[(g['seat'], g['gain']) for g in recorded]}")
            if refused_gains:
                log.append(f"  gains refused on their phones (a full stock): {refused_gains}")
            gains = refused_gains  # left for the proposal's rows
            jpeg = photo_of(truth, seed * 100 + round_no, size)
            # The table's phone stays on the table: the players' taps reach it live (no
            # reload; a first round's page is the one the table was made on).
            with app.app_context():
                version = tables.version(table_id)
            if page.url.split("?")[0] != url:
                page.goto(url)
            page.wait_for_selector(f'#panel[data-version="{version}"]', state="attached")
            # "Photo of the board" on the panel opens the camera itself (no page first).
            with page.expect_file_chooser():
                page.locator('[data-testid="bison-photo"]').click()
            taps["photo"] += 1
            shoot(page, "bison-photo-file", jpeg, taps)
            refusal = page.locator('[data-testid="bison-photo-error"]')
            if refusal.count():  # no proposal: every change is then made by hand
                lines.append(f"round {round_no}: photo refused: {refusal.first.inner_text()}")
            if page.locator('[data-testid="bison-photo-more"]').count():
                # Asked for one more photo (a tile whose markers tokens or a hand hid,
                # hidden spaces, a shake): the player moves the phone and takes it (the
                # control, the shutter; sent as taken); it is read with the first.
                log.append("  one more photo: " + _asked(page))
                second = second_photo(truth, seed * 100 + round_no, size)
                again = second.jpeg
                retail = {at: face for at, face in RETAIL_AT.items() if at in truth.board.tiles}
                log.append(
                    f"  second photo: tiles hidden {sorted(second.tiles_hidden)}; retail {retail}"
                )
                taps["photo"] += 1
                with page.expect_navigation():  # from the proposal to the merged one
                    shoot(page, "bison-photo-more-file", again, taps)
                if page.locator('[data-testid="bison-photo-more"]').count():
                    log.append("  still asks for more: " + _asked(page))
                if refusal.count():  # the two photos' proposal is lost: all by hand
                    lines.append(
                        f"round {round_no}: second photo refused: {refusal.first.inner_text()}"
                    )
            done = {(e["seat"], e["action"]) for e in played}
            for line in page.locator(
                '[data-testid="bison-photo-line"]:has(input[type="radio"][name^="choice."])'
            ).all():
                seat = int(line.get_attribute("data-seat") or -1)
                radios = line.locator('input[type="radio"][name^="choice."]').all()
                if radios and radios[0].get_attribute("data-cost") is not None:
                    # A question of several steps (issue 32, item 4): the answer with
                    # the player's markers and food, one tap unless preselected.
                    offered = [
                        (
                            (radio.get_attribute("data-action") or "").split(","),
                            int(radio.get_attribute("data-cost") or 0),
                        )
                        for radio in radios
                    ]
                    k = pick_answer(played, seat, offered)
                    if k:
                        radios[k].check()
                        taps["questions"] += 1
                    log.append(f"  seat {seat} asked {offered}: answer {k}")
                    continue
                actions = [r.get_attribute("data-action") for r in radios]
                if (seat, actions[0]) in done:
                    continue  # the preselected answer is what the player did
                for radio, action in zip(radios[1:], actions[1:], strict=True):
                    if (seat, action) in done:
                        radio.check()
                        taps["questions"] += 1
                        log.append(f"  seat {seat} line {actions}: {action} tapped")
                        break
            _pay_order(page, played, taps, log)
            # The hunters bought (B7): the proposal's buy lines are the buys the board
            # shows; a buy it does not show is its buyer's chip on the proposal, a tap.
            panel_buys = []  # … or, with no chip for its buyer, the panel's after Confirm
            for buy in _late_buys(page, folded(), log):
                chip = page.locator(f'[data-testid="bison-photo-buy"][data-seat="{buy["seat"]}"]')
                if not chip.count():
                    panel_buys.append(buy)
                    continue
                with page.expect_navigation():
                    chip.click()
                taps["buys"] += 1
            if page.locator('[data-testid="bison-photo-line"]').count():
                repair(page, played, taps, log, (folded(), truth, gains))
            # A tick or an answer changed: the page draws its rows without hunters (and
            # the button's words) again, as a player sees them before choosing animals.
            if page.locator('[data-testid="bison-photo-confirm-score"]').count():
                page.wait_for_selector('[data-testid="bison-photo-confirm-score"]:not([aria-busy])')
            on_panel = []  # gains with no row left (the photo explained more actions)
            for gain in gains:  # one animal chip each, on the proposal
                rows = page.locator(
                    f'[data-testid="bison-photo-gain"][data-seat="{gain["seat"]}"]'
                    ":not(:has(input[type=radio]:checked))"  # no animal tapped yet
                )
                if rows.count():
                    rows.first.locator(f'input[value="{gain["gain"]}"]').check()
                    taps["gains"] += GAIN_TAPS
                else:
                    on_panel.append(gain)
            hidden: set[Any] = set()
            if page.locator('input[name="notes"]').count():
                notes = json.loads(
                    page.locator('input[name="notes"]').get_attribute("value") or "{}"
                )
                hidden = {((q, r), space) for q, r, space in notes.get("hidden", [])}
            edits = taps["fixes"]
            before = folded()
            with app.app_context():
                seq = tables.version(table_id)
            if page.locator('[data-testid="bison-photo-confirm"]').count():
                # "Confirm and score" (one tap) unless the players see a change the
                # proposal cannot make (then "Confirm only", the fixes, the scoring).
                both = page.locator('[data-testid="bison-photo-confirm-score"]')
                ahead = _fixes(_outcome(before, _ticked(page, before), gains), truth, hidden)[0]
                # A gain left for the panel comes after Confirm, before the scoring.
                late = on_panel or panel_buys  # after Confirm, before the scoring
                button = both if both.count() and not ahead and not late else None
                if button is not None:  # what the button says it ends the round with
                    # (its over-15 words drawn again after a tick or an answer)
                    page.wait_for_selector(
                        '[data-testid="bison-photo-confirm-score"]:not([aria-busy])'
                    )
                    said = " ".join(button.inner_text().split())
                    log.append(f"  confirm and score: {button.get_attribute('value')} ({said})")
                for _try in range(5):
                    (button or page.locator('[data-testid="bison-photo-confirm"]')).click()
                    page.wait_for_load_state()
                    taps["confirm"] += 1
                    # Refused (a ticked line no longer fits): the proposal again, that
                    # line saying why; it is unticked (its change left to the fixes).
                    problems = page.locator(
                        '[data-testid="bison-photo-line"]:has([data-testid="bison-photo-line-problem"])'
                    )
                    if "/photo/confirm" not in page.url or not problems.count():
                        break
                    for line in problems.all():
                        said = line.locator('[data-testid="bison-photo-line-problem"]')
                        log.append("  refused line: " + " ".join(said.first.inner_text().split()))
                        line.locator('input[type="checkbox"]').uncheck()
                        taps["fixes"] += 1
                    log.append(f"  confirm refused: {problems.count()} line(s) unticked")
                stale = page.locator('[data-testid="bison-photo-error"]')
                if "/photo/confirm" in page.url and stale.count():
                    # Nothing stored (409): never counted as confirmed.
                    raise RuntimeError(f"round {round_no}: confirm refused: {stale.inner_text()}")
            if panel_buys:  # on the buyer's own phone, once it shows the stored round
                with app.app_context():
                    stored_at = tables.version(table_id)
                for buyer in sorted({b["seat"] for b in panel_buys}):
                    phone = own_phone(buyer)
                    phone.wait_for_selector(f'#panel[data-version="{stored_at}"]', state="attached")
                    count = sum(1 for b in panel_buys if b["seat"] == buyer)
                    own[buyer] += record_buys(phone, buyer, count)
                    taps["panel buys"] += count
                    with app.app_context():
                        stored_at = tables.version(table_id)
            for gain in on_panel:  # the panel's way, once the photo's round is stored
                with app.app_context():
                    try:
                        tables.append(table_id, gain)
                    except RuleError:  # the companion's stock differs: fixed by hand
                        log.append(f"  seat {gain['seat']}: gain refused on the panel")
                taps["gains"] += PANEL_GAIN_TAPS
            with app.app_context():  # what Confirm stored: the photo's lines, a scoring
                stored = tables.events(table_id, after=seq)
            scored = any(e["type"] == "score" for e in stored)
            confirmed = before
            for e in stored:
                if e["type"] != "score":
                    event = {k: v for k, v in e.items() if k not in ("seq", "by_seat", "undone")}
                    confirmed = table.apply(confirmed, event)
            fix_taps, events, spaces, wrong = _fixes(confirmed, truth, hidden)
            log.extend(_differences(confirmed, truth))
            if wrong:  # what Confirm stored beside what the table played (``--verbose``)
                keys = ("type", "seat", "action", "hunters", "payment", "gain", "item")
                log += [f"    stored {[e.get(k) for k in keys]}" for e in stored]
                log += [f"    played {[p.get(k) for k in keys]}" for p in played]
            if (wrong or taps["fixes"]) and os.environ.get("BISON_PHOTO_DUMP"):  # as a test's data
                with app.app_context():
                    history = tables.events(table_id)[:seq]
                drop = ("seq", "by_seat", "undone")
                kept = [e for e in history if not e.get("undone") and e["type"] != "undo"]
                dump = {
                    "players": [list(p) for p in PLAYERS],
                    "history": [{k: v for k, v in e.items() if k not in drop} for e in kept],
                    "round": [p for p in played if "edges" not in p] + refused_gains,
                }
                out = Path(os.environ["BISON_PHOTO_DUMP"]) / f"seed{seed}_round{round_no}.json"
                out.write_text(json.dumps(dump, indent=1) + "\n", encoding="utf-8")
            if scored and fix_taps:  # scored too soon: undo the scoring, score again later
                taps["score"] += 1
                log.append("  scored before the fixes: undone")
            with app.app_context():  # in an order the rules take (hunters freed first)
                while events:
                    left = []
                    for event in events:
                        try:
                            tables.append(table_id, event)
                        except RuleError:
                            left.append(event)
                    if len(left) == len(events):
                        raise RuntimeError(f"fixes the rules refuse: {left}")
                    events = left
            taps["fixes"] += fix_taps
            fixes_all += taps["fixes"]
            misses += spaces
            wrong_all += wrong
            if not scored or fix_taps:
                now = folded()
                for s, marks in enumerate(now.rounds.markers):
                    if now.rounds.actions_left(s):
                        log.append(f"  seat {s}: actions left, markers {marks}")
                _score(page, url, now, taps)
            refused = taps.pop("refused", 0)  # lines the rules refused in the editor
            total = sum(taps.values())
            per_player.append(total / len(PLAYERS))
            # The retail tile and the buys are recorded on their player's own phone (the
            # panel's taps, before the photo); everything else on the phone that takes
            # the photo.
            own_gains = GAIN_TAPS * (len(recorded) + len(refused_gains))
            on_own = taps["retail"] + own_gains + taps["panel buys"]
            per_phone.append(max(total - on_own, *own.values(), 0))
            lines.append(
                f"round {round_no}: {len(played)} board actions, {len(recorded)} gains, "
                f"{sum(n for _s, n in BOUGHT)} hunters bought; "
                f"taps {dict(taps)} = {total} "
                f"({total / len(PLAYERS):.2f} per player); fixes on the proposal {edits} "
                f"(edits refused {refused}), spaces by hand {spaces}, wrong after confirm {wrong}"
            )
            if verbose:
                lines.extend(log)
        browser.close()
    lines.append(
        f"bison photo taps: median {statistics.median(per_player):g} per player per round, "
        f"max {max(per_phone)} on one phone; fixes {fixes_all} taps ({misses} spaces by hand); "
        f"wrong after confirm {wrong_all}"
    )
    return lines


def main(seed: int, size: str = "12mp", verbose: bool = False) -> None:
    print("\n".join(run(seed, size, verbose)))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--size", choices=sorted(synthetic.SIZES), default="12mp")
    parser.add_argument("--verbose", action="store_true", help="each repair, line by line")
    parser.add_argument("--no-retail", action="store_true", help="printed tiles only")
    args = parser.parse_args()
    RETAIL_ROUNDS = not args.no_retail
    main(args.seed, args.size, args.verbose)
