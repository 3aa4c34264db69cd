"""The Bison "place a tile" page: GET/POST ``place`` (B4, B6).

Glossary
--------
picker
    A legal "+" slot (B4) opens the printed tiles still in the bag (``tiles_in_bag``) as
    pictures; tapping one shows it in the slot.
preview
    The chosen tile drawn large in its slot; tapping it turns it 60° clockwise.
retail shape
    The picker also shows the five shapes a tile may have (``taps.RETAIL_SHAPES``): one
    tap names a retail tile's edges, the next its animals (its split's picture, none
    chosen before: issue 34, on the first screen); its turned pictures then say how it
    lies, as for a printed tile.
retail tile
    ``retail=1``: a large hexagon; tap the river's two end corners (``a``, ``b``), then a
    prairie side (``p``): ``taps.edges_from_taps``; then its animals by one tap on the
    picture of their split (``TILE_SPLITS``: 3/0/0 … 1/1/1, always 3 animals).
start tile
    ``start=1``: the same description for a start tile (a ``start_tile`` event).
mirror mode
    ``mode=mirror``: only the tile goes on the board mirror (a ``tile`` event).
action mode
    Otherwise one ``play`` event: the ``place_tile`` action (B6) with its hunters on a
    space of the tile (or an animal gained without hunters), for this phone's own seat
    while its tile is due (out of turn order when it is not its turn: a photo round
    records a retail tile so), else for the seat whose turn it is (``placing_seat``).
whose tile
    On the table's phone (no seat): one chip per seat whose tile is due, the page again
    for that seat (``seat=``), out of turn order as above.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import request, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from companion import tables
from companion.numbers import small_number
from companion.pages.base import current_seat
from companion.panels import _kit as kit
from companion.panels.bison import svg
from companion.panels.bison.forms import (
    hex_arg,
    int_field,
    payment_split,
    tile_fields,
    tile_of,
)
from companion.panels.bison.names import animal_name
from companion.panels.bison.pages import (
    GAME,
    bp,
    default_seat,
    post_page_event,
    refusal,
    render_page,
)
from companion.panels.bison.view import board_markup, turn_of
from games.bison import catalog, fold, taps
from games.bison.economy import ANIMALS, COST_TABLE, MAX_HUNTERS_PER_ACTION
from games.bison.tiles import ANIMAL_OF, ANIMALS_PER_TILE, SPACES, Tile, check_edges
from games.errors import N_, RuleError
from games.fields import read_whole

#: Every split of a tile's 3 animals over prairie, river, mountain (B1), most on the
#: prairie first: 3/0/0, 2/1/0, 2/0/1, 1/2/0, 1/1/1, …
TILE_SPLITS = tuple(
    sorted(
        (
            (p, r, ANIMALS_PER_TILE - p - r)
            for p in range(ANIMALS_PER_TILE + 1)
            for r in range(ANIMALS_PER_TILE + 1 - p)
        ),
        reverse=True,
    )
)


#: A retail tile's taps in its link, each named as the page names it (never "a" or "p").
TAP_LABELS = {
    "a": N_("a corner: an end of the river"),
    "b": N_("a corner: an end of the river"),
    "p": N_("a side: the prairie's side"),
}


def _tap(name: str) -> int | None:
    raw = request.args.get(name, "").strip()
    return int_field(name, _(TAP_LABELS[name])) if raw else None


def _place_context(table: tables.TableView, values: Mapping[str, str]) -> dict[str, Any]:
    at = hex_arg(values.get("at"))
    start = values.get("start") == "1"
    fields = tile_fields(values)
    # A "turn" button (a space beside one of the six rotated pictures, ``turn=<n>,<space>``,
    # issue 34) places the tile at once so turned, with the hunters on that space.
    turn_text, _comma, turn_space = values.get("turn", "").strip().partition(",")
    if turn_text:
        # Only the six pictures drawn (0-5) and the tile's three spaces: a hand-made value
        # is refused with its own words, nothing placed (issue 34).
        rotation = read_whole(turn_text, _("the tile's turn"), 0, 5)
        if turn_space and turn_space not in SPACES:
            raise RuleError(
                N_(
                    "{value} is not a space of the tile; tap the prairie, the river or the mountain"
                ),
                value=turn_space,
            )
    else:
        rotation = int_field("rotation", _("the tile's turn"), 0) % 6
    retail = values.get("retail") == "1"
    ends = (_tap("a"), _tap("b"))
    side = _tap("p")
    if retail and not fields and None not in ends and side is not None:
        edges = taps.edges_from_taps(ends[0], ends[1], side)  # type: ignore[arg-type]
        fields = {"edges": edges, "animals": {sp: 1 for sp in SPACES}}
    tile = None
    problem = None
    # A retail tile's shape tapped, its animals not yet (issue 34): the split pictures come
    # first, on the first screen, none chosen; the turned pictures follow the split's tap.
    # (A description by taps still shows 1/1/1 with its turned pictures: ``a``/``b``/``p``.)
    unsplit = bool(values.get("edges")) and not any(space in values for space in SPACES)
    try:
        tile = None if unsplit else tile_of(fields)
    except RuleError as error:
        problem = refusal(error)
    state = table.state
    seat = placing_seat(table, values.get("seat"))
    shared = current_seat(table) is None  # the table's phone: it places any seat's tile
    preview = (at, tile.rotated(rotation)) if tile is not None else None
    params: dict[str, Any] = {"at": f"{at[0]},{at[1]}", "rotation": rotation}
    if start:
        params["start"] = 1
    if "tile" in fields:
        params["tile"] = fields["tile"]
    elif fields:
        params.update({"edges": fields["edges"], **fields["animals"]})
    if shared and seat != state.rounds.next_seat:
        params["seat"] = seat  # chosen on the page: kept by its turns and pictures

    def link(**changes: Any) -> str:
        return url_for("bison.place", table_id=table.id, **{**params, **changes})

    def retail_link(**changes: Any) -> str:
        taps_now = {"a": ends[0], "b": ends[1], "p": side}
        kept = {k: v for k, v in {**taps_now, **changes}.items() if v is not None}
        base = {"at": params["at"], "retail": 1, **({"start": 1} if start else {})}
        return url_for("bison.place", table_id=table.id, **base, **kept)

    describe = None
    if retail and not fields:

        def corner_url(corner: int) -> str | None:
            if ends[0] is None:
                return retail_link(a=corner)
            if ends[1] is None and corner != ends[0]:
                return retail_link(b=corner)
            return None

        def edge_url(edge: int) -> str | None:
            return retail_link(p=edge)

        describe = Markup(
            svg.describe_svg(
                ends,
                side,
                corner_url,
                edge_url,
                {
                    "corner": _("a corner: an end of the river"),
                    "edge": _("a side: the prairie's side"),
                },
            )
        )
    splits = _splits(fields, link) if "edges" in fields else []
    pictures = []
    # No usable tile yet (none named, or a bad name or edge string): the pictures again,
    # so the page never ends without a way on.
    if tile is None and not splits and not (retail and not fields):
        for tile_id in taps.tiles_in_bag(state.board):
            shown = catalog.get(tile_id).tile
            pictures.append(
                {
                    "id": tile_id,
                    "url": link(tile=tile_id, rotation=0),
                    "svg": Markup(svg.tile_picture(shown, label=tile_id, title=tile_id)),
                }
            )
    # A retail tile by its shape (issue 26: one tap instead of two river ends and a side);
    # the turned pictures then say how it lies, as for a printed tile.
    shapes = []
    if pictures and not start:
        for edges in taps.RETAIL_SHAPES:
            shape = Tile(edges, (1, 1, 1))
            shapes.append(
                {
                    "key": edges.count("P"),
                    "url": link(tile=None, edges=edges, rotation=0),
                    "svg": Markup(svg.tile_picture(shape, title=_("a retail tile"))),
                }
            )
    turns = []
    view_turn = turn_of(table)
    if tile is not None and not start:
        for n in range(6):
            turns.append(
                {
                    "n": n,
                    "title": _("turned %(n)s × 60°", n=n),
                    "svg": Markup(
                        # Drawn as this phone sees the board: the picture that looks
                        # like the tile on the table is the rotation to record.
                        svg.tile_picture(
                            tile.rotated(n),
                            title=_("turned %(n)s × 60°", n=n),
                            turn=view_turn,
                            # only an illustration: its group and buttons carry the names
                            data=f'data-edges="{tile.rotated(n).edges}" aria-hidden="true" ',
                        )
                    ),
                }
            )
    return {
        "turns": turns,
        "turn_space": turn_space,
        "hunters_left": state.supplies[seat].hunters_supply,
        "link": link,
        "start": start,
        "retail": retail,
        "describe": describe,
        "ends": ends,
        "side": side,
        "pictures": pictures,
        "shapes": shapes,
        "splits": splits,
        "at": at,
        "at_text": f"{at[0]},{at[1]}",
        "fields": fields,
        "rotation": rotation,
        "tile_problem": problem,
        "tile": tile,
        "board": board_markup(
            table,
            links=False,
            focus=at,
            preview=preview,
            preview_url=link(rotation=(rotation + 1) % 6) if tile else None,
        ),
        "legal": start or at in fold.legal_hexes(state),
        "seat_index": seat,
        # Whose turn it is when this phone places its own tile out of turn order (a photo
        # round: the photo cannot read a retail tile, so its player records it first).
        "out_of_turn": None if seat == state.rounds.next_seat else fold.turn(state).name,
        # On the table's phone, whose tile it is, among the seats whose tile is due (one
        # tap: the page again for that seat, its hunters and food).
        "seat_links": _seat_links(table, seat, link) if shared and not start else [],
        "spaces": SPACES,
        "animals": ANIMALS,
        "values": values,
        "max_hunters": MAX_HUNTERS_PER_ACTION,
        "costs": COST_TABLE,
        "whatif": state.settings.whatif,
    }


def placing_seat(table: tables.TableView, asked: str | None = None) -> int:
    """Whose tile the page places: this phone's own seat while its tile is due this round
    (issue 32: in a photo round a retail tile is recorded on its player's phone before the
    photo, whoever's turn the table is at — it was placed as the tile of the seat in
    turn); on the table's phone (no seat) the seat ``asked`` on the page when its tile is
    due; else the seat whose turn it is."""
    rounds = table.state.rounds
    mine = current_seat(table)
    if mine is None and asked is not None:
        chosen = small_number(asked)
        if chosen is not None and chosen < len(table.players) and rounds.tile_due(chosen):
            return chosen
    if mine is not None and rounds.tile_due(mine):
        return mine
    seat = rounds.next_seat
    return seat if seat is not None else default_seat(table)


def _seat_links(table: tables.TableView, seat: int, link: Any) -> list[dict[str, Any]]:
    """The seats whose tile is due, each a link to this page for that seat (none when only
    one tile is due: nothing to choose)."""
    rounds = table.state.rounds
    due = [s for s in range(len(table.players)) if rounds.tile_due(s)]
    if len(due) < 2:
        return []
    return [
        {"seat": s, "name": table.players[s].name, "url": link(seat=s), "current": s == seat}
        for s in due
    ]


def _splits(fields: Mapping[str, Any], link: Any) -> list[dict[str, Any]]:
    """Every way a retail tile's 3 animals lie on its spaces (B1: 3/0/0, 2/1/0, 1/1/1 …),
    each the tile's picture with that split and one tap to choose it: the total is always
    3, so a description is never refused for its animals (and the edges already tapped are
    kept). A split that no picture shows (a hand-made link) leaves none chosen."""
    out = []
    chosen = tuple(fields["animals"].get(sp, 0) for sp in SPACES)
    try:
        edges = check_edges(fields["edges"])
    except RuleError:
        return []  # the page says what is wrong with the edges (tile_problem)
    for counts in TILE_SPLITS:
        split = dict(zip(SPACES, counts, strict=True))
        label = ", ".join(
            _("%(count)s %(animal)s", count=n, animal=animal_name(ANIMAL_OF[sp]))
            for sp, n in split.items()
        )
        out.append(
            {
                "key": "-".join(map(str, counts)),
                "url": link(**split),
                "chosen": counts == chosen,
                "label": label,
                "svg": Markup(svg.tile_picture(Tile(edges, counts), title=label)),
            }
        )
    return out


@bp.route("/place", methods=["GET", "POST"])
def place(table_id: str) -> Any:
    table = kit.game_table(table_id, GAME)
    values = request.values
    try:
        context = _place_context(table, values)
    except RuleError as error:
        return render_page("message.html", table, error=refusal(error), status=422)
    if request.method == "GET":
        return render_page("place.html", table, **context)

    def build() -> dict[str, Any]:
        fields = context["fields"]
        if not fields:
            raise RuleError(
                N_("say which tile: tap one of the pictures, or describe a retail tile")
            )
        event: dict[str, Any] = {
            "at": list(context["at"]),
            "rotation": context["rotation"],
            **fields,
        }
        if "edges" in fields and not context["start"]:
            # The history names it "retail tile R2", as the board labels it (no coordinates).
            event["label"] = fold.next_retail_label(table.state.board)
        if context["start"]:
            if "edges" not in fields:
                raise RuleError(N_("describe the start tile by its river and prairie"))
            event["type"] = "start_tile"
            return event
        if request.form.get("mode") == "mirror":
            event["type"] = "tile"
            return event
        seat = int_field("seat", _("player"), context["seat_index"])
        event.update({"type": "play", "action": "place_tile", "seat": seat})
        if seat != table.state.rounds.next_seat and current_seat(table) in (seat, None):
            # A phone places its own seat's tile out of turn order (B6, photo rounds), the
            # table's phone any seat's; for another seat the fold still says whose turn.
            event["override"] = True
        gain = request.form.get("gain", "").strip()
        if gain:
            event.update({"hunters": 0, "gain": gain})
        else:
            hunters = int_field("hunters", _("hunters"), 0)
            event["hunters"] = hunters
            if hunters:
                # the space beside the turned picture tapped, else the space chip
                event["space"] = context["turn_space"] or request.form.get("space", "")
                payment = payment_split(hunters)  # the "paid with" chip (B6)
                if payment is not None:
                    event["payment"] = payment
            else:
                event["gain"] = request.form.get("gain", "")
        return event

    return post_page_event(table, build, "place.html", context)
