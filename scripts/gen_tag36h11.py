"""Writes games/bison/kit/tag36h11.py: the AprilTag 36h11 codes as 36-bit integers, read from
OpenCV's predefined dictionary (the kept library), so printgen draws markers without
OpenCV at print time. tests/games/bison/test_markers.py checks the table against OpenCV
(when installed) and against the reader's detector. Run: python scripts/gen_tag36h11.py
"""

from __future__ import annotations

from pathlib import Path

import cv2  # type: ignore[import-not-found]

OUT = Path(__file__).resolve().parent.parent / "games" / "bison" / "kit" / "tag36h11.py"


def codes() -> list[int]:
    """Each tag's 6 × 6 data cells, row by row from the top left (1 = black), as an int."""
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_APRILTAG_36h11)
    out = []
    for n in range(dictionary.bytesList.shape[0]):
        image = cv2.aruco.generateImageMarker(dictionary, n, 8, borderBits=1)
        bits = 0
        for row in range(1, 7):
            for col in range(1, 7):
                bits = bits << 1 | (1 if image[row, col] < 128 else 0)
        out.append(bits)
    return out


def main() -> None:
    rows = [f"    0x{c:09x}," for c in codes()]
    OUT.write_text(
        '"""AprilTag 36h11: the data bits of every tag (6 × 6 cells, row by row from the top\n'
        "left, 1 = black), generated from OpenCV's dictionary by scripts/gen_tag36h11.py.\n"
        'Do not edit by hand."""\n\n'
        "CODES: tuple[int, ...] = (\n" + "\n".join(rows) + "\n)\n"
    )


if __name__ == "__main__":
    main()
