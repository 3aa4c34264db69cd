"""Benchmark: read Bison boards from synthetic table photos (issue 23).

Each photo is made from the kit's own faces (``reader.synthetic``: the PDF rendered by
pdftoppm, 19-tile boards with 23–37 tokens side by side, tilt 0–35°, blur, uneven light,
JPEG; a hand in every other photo), at 12 MP and at 3 MP, from fixed seeds. The reader is
given the confirmed board of before: every tile but the last three placed (those it must
find) and no pieces (each one must be read).

Counts: a tile is right when its hex and rotation are; wrong when read elsewhere or turned
otherwise. A piece is right when its space, colour (and structure size) are; wrong when
read where the truth has none (a miss — hidden, unread — is "not visible", never wrong).
The percentages are of all the pieces (and tiles) on the table, those under the hand
included: a token whose marker the hand covers, even in part, cannot be read, and a new
tile whose three markers are all under the hand or tokens cannot be found. The bench
says how many there were (``reader.synthetic`` knows where the hand is) and the share of
the pieces in view that were read, so a miss in plain view shows.

Ends with the line
``bison photo: 12 MP tiles T % (W wrong), pieces P % (V wrong); 3 MP tiles T % (W wrong),
pieces P % (V wrong); R s per 12 MP photo``.

Goals (issue 23): tiles 100 % with 0 wrong; pieces ≥ 97 % at 12 MP and ≥ 90 % at 3 MP;
wrong pieces ≤ 0.5 %; ≤ 0.5 s per 12 MP photo.

``--compare-opencv`` also times OpenCV's ArUco detector (DICT_APRILTAG_36h11) on the same
photos when OpenCV is installed (it is not a dependency: README, "Photo").

Run: ``.venv/bin/python bench/bison_photo.py --photos 6``
"""

from __future__ import annotations

import argparse
import io
import time
from collections import Counter
from typing import Any

import numpy as np
from PIL import Image

from reader import bison, synthetic

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
        tiles = tiles_right = tiles_wrong = tiles_hidden = 0
        pieces = pieces_right = pieces_wrong = pieces_hidden = 0
        for n in range(args.photos):
            photo = synthetic.photo(1000 + n, size, hand=n % 2 == 1)
            hidden = sum(token.covered > 0 for token in photo.tokens)
            pieces_hidden += hidden
            new_tiles = {t["tile"] for t in photo.tiles[-NEW_TILES:]}
            tiles_hidden += len(photo.tiles_hidden & new_tiles)
            prior = {
                "players": ["red", "yellow", "green", "blue"],
                "tiles": photo.tiles[:-NEW_TILES],
                "pieces": [],
            }
            start = time.process_time()
            try:
                reading = bison.read(photo.jpeg, prior)
            except bison.PhotoError as error:
                print(f"{size} photo {n}: {error}")
                tiles += len(photo.tiles)
                pieces += sum(_pieces(photo.pieces).values())
                continue
            spent = time.process_time() - start
            if size == "12mp":
                seconds.append(spent)
                if args.compare_opencv:
                    _compare(photo.jpeg, compare)
            truth_tiles = {tuple(t["at"]): t for t in photo.tiles}
            tiles += len(truth_tiles)
            for t in reading.tiles:
                if truth_tiles.get(tuple(t["at"])) == t:
                    tiles_right += 1
                else:
                    tiles_wrong += 1
            truth, read = _pieces(photo.pieces), _pieces(reading.pieces)
            pieces += sum(truth.values())
            pieces_right += sum(min(count, truth[key]) for key, count in read.items())
            pieces_wrong += sum(max(0, count - truth[key]) for key, count in read.items())
            print(
                f"{size} photo {n}: {len(reading.tiles)} tiles, "
                f"{sum(read.values())}/{sum(truth.values())} pieces read "
                f"({hidden} under the hand), "
                f"{len(reading.unseen)} unseen, {len(reading.doubts)} doubts, {spent:.2f} s",
                flush=True,
            )
        label = "12 MP" if size == "12mp" else "3 MP"
        in_view = pieces - pieces_hidden
        print(
            f"{label}: {pieces_hidden} of {pieces} pieces had their marker under the hand "
            f"(not visible: counted as misses) and {tiles_hidden} new tiles all their markers; "
            f"pieces in view read {100 * pieces_right / max(in_view, 1):.1f} %"
        )
        summary.append(
            f"{label} tiles {100 * tiles_right / max(tiles, 1):.1f} % ({tiles_wrong} wrong), "
            f"pieces {100 * pieces_right / max(pieces, 1):.1f} % ({pieces_wrong} wrong)"
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
