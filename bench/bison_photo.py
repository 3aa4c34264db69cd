"""Benchmark: read Bison boards from synthetic table photos (issue 23).

Each photo is made from the kit's own faces (``bison_synthetic`` (tests/support): the PDF rendered by
pdftoppm, 19-tile boards with 23–37 tokens side by side, tilt 0–35°, blur, uneven light,
JPEG; a hand in every other photo), at 12 MP and at 3 MP, from fixed seeds. The photos
are taken as a table takes them, once a round: each one's prior (the confirmed board the
phone gives the reader) is the board of one round before, drawn from the same seed
(``bison_synthetic.round_before``): the truth less the round's three new tiles and their
pieces, some hunters come from another space within B3's distance, some tents and canoes
one size smaller or absent (built or enlarged this round from the hunters on their space).

Counts: a tile is right when its hex and rotation are; wrong when read elsewhere or turned
otherwise. "Pieces" are of the CONFIRMED RESULT: the reading applied to the prior as the
phone's proposal records it (``games.bison.explain.photographed``: what the photo shows,
and the prior's pieces it does not show kept as "not visible"), token by token (hunter, or
structure and size, on a space of a colour). A token is right when the result has it where
the truth has it; a miss otherwise — a token whose marker the hand covers (any part of
it) is right only if it was there, unchanged, in the prior. A result token the truth does
not have is wrong, unless the proposal says it "not visible" (a prior piece kept where
the truth changed under the hand: counted apart, never as right). The percentages are of
all the pieces (and tiles) on the table, those under the hand included. Per size the bench
says how many tokens the hand covered, how many of those were unchanged since the prior
(and right on the result) or changed, how many were missed (and how many of those lie on
a space the proposal says "not visible": a new piece on a space empty before gets no such
line), how many prior pieces were kept where the truth changed, how many new tiles had
every marker covered (hand or tokens), and "pieces in view read X %" (of the tokens not
under the hand, those the photo itself reads right), so a miss in plain view shows.

Ends with the line
``bison photo: 12 MP tiles T % (W wrong), pieces P % (V wrong); 3 MP tiles T % (W wrong),
pieces P % (V wrong); R s per 12 MP photo``.

Goals (issue 23): tiles 100 % with the prior and 0 wrong; pieces ≥ 97 % at 12 MP and
≥ 90 % at 3 MP; wrong pieces ≤ 0.5 %; ≤ 0.5 s per 12 MP photo.

``--compare-opencv`` also times OpenCV's ArUco detector (DICT_APRILTAG_36h11) on the same
photos when OpenCV is installed (it is not a dependency: README, "Photo").

Run: ``.venv/bin/python bench/bison_photo.py --photos 6``
"""

from __future__ import annotations

import argparse
import io
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

import numpy as np
from _kit import browser_kits_on_path
from PIL import Image

from games.bison import catalog
from reader import bison

browser_kits_on_path()  # tests/support: the synthetic photos (tests and benches only)
import bison_synthetic as synthetic  # noqa: E402

NEW_TILES = 3  # tiles placed since the confirmed board


def _pieces(pieces: list[dict[str, Any]]) -> Counter[tuple[Any, ...]]:
    """Every single token: (hex, space, colour, kind, size)."""
    out: Counter[tuple[Any, ...]] = Counter()
    for p in pieces:
        key = (tuple(p["at"]), p["space"], p["player"])
        out[(*key, "hunter", 0)] += p.get("hunters", 0)
        if p.get("structure"):
            out[(*key, "structure", p["structure"])] += 1
    return out


def _compare(photo: bytes, results: dict[str, list[float]]) -> None:
    try:
        import cv2  # type: ignore[import-not-found]
    except ImportError:
        return
    grey = np.asarray(Image.open(io.BytesIO(photo)).convert("L"))
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_APRILTAG_36h11)
    detector = cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())
    start = time.process_time()
    _, ids, _ = detector.detectMarkers(grey)
    results["opencv s"].append(time.process_time() - start)
    results["opencv tags"].append(0 if ids is None else len(ids))
    start = time.process_time()
    seen, _ = bison.detect(grey)
    results["apriltag s"].append(time.process_time() - start)
    results["apriltag tags"].append(len(seen))


@dataclass
class Tally:
    """One size's counts over its photos (tokens, not spaces)."""

    tiles: int = 0
    tiles_right: int = 0
    tiles_wrong: int = 0
    tiles_hidden: int = 0  # new tiles all of whose markers are covered
    pieces: int = 0
    right: int = 0  # on the confirmed result
    wrong: int = 0  # on the confirmed result, not said "not visible"
    stale: int = 0  # kept from the prior where the truth changed, said "not visible"
    hidden: int = 0  # marker under the hand
    hidden_same: int = 0  # ... unchanged since the prior
    hidden_right: int = 0  # ... right on the result
    hidden_said: int = 0  # ... missed, on a space the proposal says "not visible"
    in_view: int = 0
    in_view_read: int = 0
    read_wrong: int = 0  # read by the photo where the truth has none


def _count(
    tally: Tally, shot: synthetic.Photo, prior: dict[str, Any], reading: bison.Reading
) -> None:
    truth_tiles = {tuple(t["at"]): t for t in shot.tiles}
    tally.tiles += len(truth_tiles)
    for t in reading.tiles:
        if truth_tiles.get(tuple(t["at"])) == t:
            tally.tiles_right += 1
        else:
            tally.tiles_wrong += 1
    truth, read, before = _pieces(shot.pieces), _pieces(reading.pieces), _pieces(prior["pieces"])
    result, kept = synthetic.confirmed(prior, reading)
    confirmed = _pieces(result)
    under: Counter[tuple[Any, ...]] = Counter()
    for token in shot.tokens:
        if token.covered > 0:
            kind = "hunter" if token.kind == "hunter" else "structure"
            under[(token.at, token.space, token.colour, kind, token.size)] += 1
    tally.pieces += sum(truth.values())
    tally.hidden += sum(under.values())
    for key in truth.keys() | confirmed.keys() | read.keys():
        right = min(confirmed[key], truth[key])
        tally.right += right
        extra = confirmed[key] - right
        if key[:3] in kept:
            tally.stale += extra  # kept as it was: a miss said "not visible"
        else:
            tally.wrong += extra
        seen_right = min(read[key], truth[key] - under[key])
        tally.in_view += truth[key] - under[key]
        tally.in_view_read += seen_right
        tally.read_wrong += max(0, read[key] - truth[key])
        tally.hidden_same += min(under[key], before[key])
        hidden_right = max(0, right - seen_right) if under[key] else 0
        tally.hidden_right += hidden_right
        if key[:3] in kept:
            tally.hidden_said += under[key] - hidden_right


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=4, help="photos per size (default 4)")
    parser.add_argument("--compare-opencv", action="store_true")
    args = parser.parse_args()
    summary = []
    seconds: list[float] = []
    compare: dict[str, list[float]] = {
        "opencv s": [],
        "opencv tags": [],
        "apriltag s": [],
        "apriltag tags": [],
    }
    for size in ("12mp", "3mp"):
        tally = Tally()
        for n in range(args.photos):
            shot = synthetic.photo(1000 + n, size, hand=n % 2 == 1)
            prior = synthetic.round_before(shot, 1000 + n, new_tiles=NEW_TILES)
            known = {t["tile"] for t in prior["tiles"]}
            tally.tiles_hidden += len(shot.tiles_hidden - known - set(catalog.START_LAYOUT))
            start = time.process_time()
            try:
                reading = bison.read(shot.jpeg, prior)
            except bison.PhotoError as error:
                print(f"{size} photo {n}: {error}")
                tally.tiles += len(shot.tiles)
                tally.pieces += sum(_pieces(shot.pieces).values())
                continue
            spent = time.process_time() - start
            if size == "12mp":
                seconds.append(spent)
                if args.compare_opencv:
                    _compare(shot.jpeg, compare)
            wrong_before = tally.wrong
            _count(tally, shot, prior, reading)
            hidden = sum(token.covered > 0 for token in shot.tokens)
            print(
                f"{size} photo {n}: {len(reading.tiles)} tiles, "
                f"{sum(_pieces(reading.pieces).values())}/{sum(_pieces(shot.pieces).values())} "
                f"pieces read ({hidden} under the hand), {len(reading.unseen)} unseen, "
                f"{len(reading.doubts)} doubts, {tally.wrong - wrong_before} wrong on the "
                f"result, {spent:.2f} s",
                flush=True,
            )
        label = "12 MP" if size == "12mp" else "3 MP"
        print(
            f"{label}: {tally.hidden} of {tally.pieces} pieces had their marker under the "
            f"hand, {tally.hidden_same} of them unchanged since the prior "
            f"({tally.hidden_right} right on the result), "
            f"{tally.hidden - tally.hidden_same} changed; "
            f"{tally.hidden - tally.hidden_right} missed ({tally.hidden_said} on a space "
            'said "not visible"); '
            f"{tally.stale} prior pieces kept where the truth changed (not visible), "
            f"{tally.tiles_hidden} new tiles with all their markers covered; "
            f"pieces in view read {100 * tally.in_view_read / max(tally.in_view, 1):.1f} % "
            f"({tally.read_wrong} wrong)"
        )
        summary.append(
            f"{label} tiles {100 * tally.tiles_right / max(tally.tiles, 1):.1f} % "
            f"({tally.tiles_wrong} wrong), "
            f"pieces {100 * tally.right / max(tally.pieces, 1):.1f} % ({tally.wrong} wrong)"
        )
    if compare["opencv s"]:
        print(
            "detectors on the 12 MP photos, CPU s per photo and tags found: "
            f"apriltag-python {np.mean(compare['apriltag s']):.2f} s "
            f"{np.mean(compare['apriltag tags']):.0f} tags; "
            f"OpenCV ArUco {np.mean(compare['opencv s']):.2f} s "
            f"{np.mean(compare['opencv tags']):.0f} tags"
        )
    per_photo = sum(seconds) / max(len(seconds), 1)
    print(f"bison photo: {'; '.join(summary)}; {per_photo:.2f} s per 12 MP photo")


if __name__ == "__main__":
    main()
