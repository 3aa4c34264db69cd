"""Two photos of one round, merged (issue 32, item 3): the second refines the first.

A hand over a corner hides what lies there; the phone then asks for one more photo of
that corner, and the two readings (``Reading.as_json``) become one: a space in view in
the second photo is read from it; else from the first if it was in view there; a space
hidden in both keeps the more of what either saw and stays hidden (so the prior's
pieces there are still kept, never read as removed). Pure: JSON in, JSON out, so the
first reading can wait in the phone's form while the second is taken (the photo itself
is never kept).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

Space = tuple[tuple[int, int], str]


def _space(entry: Mapping[str, Any]) -> Space:
    at = entry["at"]
    return (int(at[0]), int(at[1])), str(entry["space"])


def _spaces(reading: Mapping[str, Any], key: str) -> set[Space]:
    return {_space(e) for e in reading.get(key, ()) if isinstance(e, Mapping)}


def merge(first: Mapping[str, Any], second: Mapping[str, Any]) -> dict[str, Any]:
    """The reading of two photos of one board (``Reading.as_json`` each, with
    ``in_view``): see the module's docstring."""
    seen_first, seen_second = _spaces(first, "in_view"), _spaces(second, "in_view")
    tiles: dict[tuple[int, int], dict[str, Any]] = {}
    for entry in [*first.get("tiles", ()), *second.get("tiles", ())]:
        at = entry["at"]
        tiles[(int(at[0]), int(at[1]))] = dict(entry)  # the second's word last
    of_first: dict[Space, list[dict[str, Any]]] = {}
    of_second: dict[Space, list[dict[str, Any]]] = {}
    for source, into in ((first, of_first), (second, of_second)):
        for piece in source.get("pieces", ()):
            into.setdefault(_space(piece), []).append(dict(piece))
    pieces: list[dict[str, Any]] = []
    for space in of_first.keys() | of_second.keys():
        if space in seen_second:  # the second photo shows it: what is there, even nothing
            pieces += of_second.get(space, [])
        elif space in seen_first:
            pieces += of_first.get(space, [])
        else:  # seen in neither photo: the more of what each read
            best: dict[str, dict[str, Any]] = {}
            for p in [*of_first.get(space, []), *of_second.get(space, [])]:
                had = best.setdefault(p["player"], dict(p))
                had["hunters"] = max(had.get("hunters", 0), p.get("hunters", 0))
                if p.get("structure") or had.get("structure"):
                    had["structure"] = max(had.get("structure", 0), p.get("structure", 0))
            pieces += best.values()
    in_view = seen_first | seen_second
    hidden = [h for h in second.get("hidden", ()) if _space(h) not in in_view]
    hidden += [
        h
        for h in first.get("hidden", ())
        if _space(h) not in in_view and _space(h) in _spaces(second, "hidden")
    ]
    hidden = list({_space(h): h for h in hidden}.values())
    still_hidden = {_space(h) for h in hidden}
    unseen = [
        u
        for u in [*first.get("unseen", ()), *second.get("unseen", ())]
        if _space(u) in still_hidden
    ]
    # Tokens where no tile was read, in either photo: still so unless a tile is now read.
    unread = [
        u
        for u in {
            (int(u["at"][0]), int(u["at"][1])): u
            for u in [*first.get("unread", ()), *second.get("unread", ())]
        }.values()
        if (int(u["at"][0]), int(u["at"][1])) not in tiles
    ]
    return {
        "players": list(second.get("players", first.get("players", ()))),
        "tiles": [tiles[at] for at in sorted(tiles, key=lambda a: a[::-1])],
        "pieces": sorted(pieces, key=lambda p: (p["at"][::-1], p["space"], p["player"])),
        "final": False,
        "unseen": list({(_space(u), u["player"]): u for u in unseen}.values()),
        "doubts": list(dict.fromkeys([*first.get("doubts", ()), *second.get("doubts", ())])),
        "hidden": hidden,
        "in_view": [{"at": list(at), "space": s} for at, s in sorted(in_view)],
        "unread": unread,
        "blurred": bool(second.get("blurred")),
    }
