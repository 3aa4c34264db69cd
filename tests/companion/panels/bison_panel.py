"""What the Bison panel tests share: the four players of the rulebook's example (Yui,
Ren, Gen, Bea: the seat colours its pictures use), the panel's URL, its board picture
(``board_of``) and the JP rulebook example 1 built through the board-mirror endpoints."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from typing import Any

from companion_testkit import text

FOUR = [
    {"name": "Yui", "color": "yellow"},
    {"name": "Ren", "color": "red"},
    {"name": "Gen", "color": "green"},
    {"name": "Bea", "color": "blue"},
]


SVG = "{http://www.w3.org/2000/svg}"


def board_of(html: str) -> ET.Element:
    """The board's SVG in a page: there must be one."""
    match = re.search(r'<svg class="bison-svg.*?</svg>', html, re.S)
    assert match, "no board drawn"
    return ET.fromstring(match.group(0))


def base(table_id: str) -> str:
    """The Bison panel of a table: its routes hang below this."""
    return f"/t/{table_id}/bison"


def retail(at: str, edges: str, animals: tuple[int, int, int], **more: Any) -> dict[str, Any]:
    """The place form of a tile at ``at`` described as the board shows it (a retail tile,
    B1, or a start tile with ``start``): its ``edges`` and its (prairie, river, mountain)
    ``animals``; ``more`` fields (seat, hunters …) as they are."""
    prairie, river, mountain = animals
    where = {"at": at, "edges": edges, "prairie": prairie, "river": river}
    return where | {"mountain": mountain, **more}


def paying(bison: int, salmon: int, turkey: int) -> dict[str, str]:
    """The payment fields of an action's form: the animals paid for its hunters (B6)."""
    return {"pay.bison": str(bison), "pay.salmon": str(salmon), "pay.turkey": str(turkey)}


# The JP rulebook example 1 (B9): three tiles and the pieces of its picture.
JP_TILES = [("1,-1", "PPPMMM", 3, 0, 0), ("2,-1", "PPPPMM", 0, 2, 1), ("3,-1", "MMMPMM", 2, 0, 1)]
JP_PIECES = [
    (0, "0,0", 0, 2),
    (1, "1,0", 1, 1),
    (1, "1,-1", 0, 1),
    (2, "2,-1", 3, 1),
    (3, "3,-1", 1, 0),
]


def build_jp_example_1(client: Any, table_id: str) -> None:
    """The JP example 1 on a table of ``FOUR``: a prairie region of 5 spaces, 7 bison,
    awards yellow 7, red 3, green 0, blue 2."""
    for at, edges, prairie, river, mountain in JP_TILES:
        response = client.post(
            f"{base(table_id)}/place",
            data=retail(at, edges, (prairie, river, mountain), mode="mirror"),
        )
        assert response.status_code == 303, text(response)
    # Red needs a second size-1 tent from the market (B7).
    bought = client.post(f"{base(table_id)}/buy", data={"seat": "1", "item": "tent", "size": "1"})
    assert bought.status_code == 303
    for seat, at, hunters, tent in JP_PIECES:
        response = client.post(
            f"{base(table_id)}/space",
            data={
                "at": at,
                "space": "prairie",
                "seat": seat,
                "hunters": hunters,
                "structure": tent,
            },
        )
        assert response.status_code == 303, text(response)


def over_15_for_everyone(client: Any, table_id: str) -> None:
    """The JP example 1 with every bison stock at 15 and Gen's salmon at 15, Gen on the
    start rivers: Yui +7, Ren +3, Bea +2 bison and Gen +3 salmon all pass 15 (B8)."""
    build_jp_example_1(client, table_id)
    for seat in range(4):
        client.post(f"/t/{table_id}/adjust", data={"seat": seat, "counter": "bison", "delta": 5})
    client.post(f"/t/{table_id}/adjust", data={"seat": 2, "counter": "salmon", "delta": 5})
    placed = client.post(
        f"{base(table_id)}/space", data={"at": "0,0", "space": "river", "seat": "2", "hunters": "1"}
    )
    assert placed.status_code == 303, text(placed)


def yui_to_move_with_three_hunters(client: Any, table_id: str) -> None:
    """Yui's three hunters on B08's prairie at (1,-1), then the three other seats' tent
    actions: Yui (seat 0) is to act, her hunters ready to move (B3, B6)."""
    placed = {"at": "1,-1", "tile": "B08", "seat": "0", "hunters": "3", "space": "prairie"}
    answers = [client.post(f"{base(table_id)}/place", data=placed)]
    for seat in (1, 2, 3):
        tent = {"seat": seat, "action": "tent", "gain": "bison"}
        answers.append(client.post(f"{base(table_id)}/play", data=tent))
    for response in answers:
        assert response.status_code == 303, text(response)
