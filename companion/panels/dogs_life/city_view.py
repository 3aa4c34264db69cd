"""The city map's part of the A Dog's Life panel: the SVG, this phone's zoom and side, the
squares to tap, the van's stops as chips and what the dog can do where it stands.

Every rule comes from ``games.dogs_life`` (``game.reachable``, ``game.van_stops``, the
board in ``positions``); this module only words and links them.

Glossary
--------
next
    What this phone's player does now, shown first (issue 34 item 5): draw to escape the
    van, move the van, start their dog's turn, or play it on the map; otherwise whose
    turn it is. No phone shows a button it cannot use.
here
    What the dog in turn can do on the square it stands on (a trash can, a restaurant, a
    fountain, a lamppost, the office, a newspaper lying there, the address of a newspaper
    it carries, its den with bones to bury, a rival next to it to fight). Each is one tap.
"""

from __future__ import annotations

import itertools

from flask import url_for
from flask_babel import gettext as _

from companion import tables
from companion.pages.base import current_seat
from companion.panels import board_view
from companion.panels.dogs_life import board
from games.dogs_life import game as rules
from games.dogs_life import positions as pos
from games.dogs_life.city import CITY, Feature, Kind
from games.dogs_life.dog import ItemKind
from games.dogs_life.game import Game
from games.dogs_life.places import square_name

ZOOM_KEY, TURN_KEY = "dogs_life_zoom", "dogs_life_turn"


def zoom_of(table_id: str) -> int:
    return board_view.remembered(ZOOM_KEY, table_id, board_view.ZOOMS, board_view.DEFAULT_ZOOM)


def seat_side(seat: int, players: int) -> int:
    """The side of the poster seat ``seat`` sits at: seats go round the table clockwise,
    each at the nearest of the four sides."""
    return (round(-seat * 4 / max(players, 1)) * 90) % 360


def turn_of(table: tables.TableView) -> int:
    chosen = board_view.chosen(TURN_KEY, table.id, board.TURNS)
    if chosen is not None:
        return chosen
    seat = current_seat(table)
    return seat_side(seat, len(table.players)) if seat is not None else 0


def variant(table: tables.TableView) -> tuple[int, int, int | None]:
    """What this phone's panel depends on beyond the table: zoom, side and its seat (the
    squares to tap and the carried newspapers' addresses are its own)."""
    return (zoom_of(table.id), turn_of(table), current_seat(table))


def sides(table: tables.TableView) -> list[dict[str, object]]:
    """The "seen from" chips: each side of the poster with the players sitting there."""
    names: dict[int, list[str]] = {}
    for seat, player in enumerate(table.players):
        names.setdefault(seat_side(seat, len(table.players)), []).append(player.name)
    return [{"turn": turn, "name": ", ".join(who)} for turn, who in sorted(names.items())]


def name(square_id: str) -> str:
    """A square in words, in the reader's language."""
    return square_name(square_id).render(_)


def place_labels() -> dict[str, str]:
    """The places' labels as the poster prints them (a den by its number)."""
    printed = {
        Kind.RESTAURANT: _("Restaurant"),
        Kind.NEWSPAPER_OFFICE: _("Newspaper office"),
        Kind.POUND: _("Pound"),
    }
    return {
        s.id: str(s.den) if s.kind is Kind.DEN else printed[s.kind]
        for s in CITY.squares.values()
        if not s.is_street
    }


def _way(start: str | None, came_from: str | None, die: int | None, stop: str) -> str:
    """A van's stop with the way the van drives there, as the poster is printed (the pound
    at the top): "3 west, 2 south: the road by den 1". Two stops by the same place read
    apart."""
    if start is None or die is None:
        return name(stop)
    path = [start, *pos.van_path(start, came_from, die, stop)]
    legs: list[tuple[str, int]] = []
    for here, there in itertools.pairwise(path):
        (c0, r0), (c1, r1) = CITY.squares[here].cells[0], CITY.squares[there].cells[0]
        side = {(1, 0): "e", (-1, 0): "w", (0, 1): "s", (0, -1): "n"}[(c1 - c0, r1 - r0)]
        if legs and legs[-1][0] == side:
            legs[-1] = (side, legs[-1][1] + 1)
        else:
            legs.append((side, 1))
    words = {
        "n": lambda n: _("%(num)s north", num=n),
        "e": lambda n: _("%(num)s east", num=n),
        "s": lambda n: _("%(num)s south", num=n),
        "w": lambda n: _("%(num)s west", num=n),
    }
    way = _(", ").join(words[side](n) for side, n in legs)
    return _("%(way)s: %(square)s", way=way, square=name(stop))


def _square_url(table: tables.TableView, square_id: str) -> str:
    return url_for("dogs_life.square", table_id=table.id, at=square_id)


def offers(
    game: Game, seat: int, viewer: int | None, dog_names: list[str]
) -> list[dict[str, object]]:
    """What the dog at ``seat`` can do where it stands (``here``), as one-tap buttons:
    ``action`` (a panel route), ``fields``, ``label``, ``testid``."""
    state = game.dogs[seat]
    where = None if game.board is None else game.board.dogs[seat]
    if where is None or state.in_pound or state.ap < 1 or where not in CITY.squares:
        return []
    square = CITY.squares[where]
    out: list[dict[str, object]] = []

    def offer(action: str, label: str, key: str, **fields: object) -> None:
        out.append(
            {
                "action": action,
                "fields": {"seat": seat, **fields},
                "label": label,
                "testid": f"dl-here-{key}",
            }
        )

    if Feature.TRASH_CAN in square.features:
        offer("draw", _("Rummage in the trash can: draw a card (1 AP)"), "trash", section="trash")
    if square.kind is Kind.RESTAURANT:
        offer("draw", _("Beg at the restaurant: draw a card (1 AP)"), "beg", section="restaurant")
    if Feature.FOUNTAIN in square.features and state.bladder < 2:
        offer("drink", _("Drink at the fountain (1 AP)"), "drink")
    if Feature.LAMPPOST in square.features and state.bladder > 0:
        on_top = game.board.pee_at(where) if game.board else None
        if on_top is None:
            offer("pee", _("Pee on the lamppost (1 AP)"), "pee")
        elif on_top != seat:
            offer("pee", _("Pee over %(name)s's marker (1 AP)", name=dog_names[on_top]), "pee")
    if state.free_hands and game.board is not None:
        if square.kind is Kind.NEWSPAPER_OFFICE and game.office:
            offer(
                "pick-up",
                _("Take a newspaper (face down, 1 AP)"),
                "paper",
                item="newspaper",
                **{"from": "office"},
            )
        if rules.street_pool(game, seat):
            offer(
                "pick-up",
                _("Pick up the newspaper lying here (1 AP)"),
                "street",
                item="newspaper",
                **{"from": "street"},
            )
    if seat == viewer and square.address is not None:
        carried = [i.address for i in state.items if i.kind is ItemKind.NEWSPAPER]
        if square.address in carried:
            offer(
                "draw",
                _("Deliver newspaper %(address)s: draw a card (1 AP)", address=square.address),
                "deliver",
                section="newspaper",
                address=square.address,
            )
    if square.kind is Kind.DEN and square.den == pos.den_of(seat) and state.carried_bones:
        offer("bury", _("Bury a bone (1 AP)"), "bury", count=1)
    near = {where, *CITY.neighbours(where)}
    for rival in rules.rivals(game, seat):
        if game.board is not None and game.board.dogs[rival] in near:
            offer(
                "draw",
                _("Fight %(name)s (1 AP)", name=dog_names[rival]),
                f"fight-{rival}",
                section="fight",
                against=rival,
            )
    return out


def city_view(
    table: tables.TableView,
    game: Game,
    viewer: int | None,
    dog_names: list[str],
    colours: list[str],
) -> dict[str, object] | None:
    """The map and its controls, or None for a game that does not know the board."""
    where = game.board
    if where is None:
        return None
    zoom, turn = zoom_of(table.id), turn_of(table)
    current = game.current
    running = rules.turn_running(game)
    # a shared table phone ("only watching") acts for the dog whose turn it is
    # (the dog in turn until its die is rolled and its van moved)
    finishing = current is not None and (
        where.van_due or (not game.rolled and not game.dogs[current].in_pound)
    )
    actor = viewer if viewer is not None else current if finishing else rules.whose_turn(game)
    mine = actor is not None and actor == current
    links: dict[str, board.Link] = {}
    reach: dict[str, int] = {}
    if actor is not None:
        reach = rules.reachable(game, actor)  # empty unless this phone's dog may walk now
        for square_id, cost in sorted(reach.items()):
            links[square_id] = board.Link(
                _square_url(table, square_id),
                _("%(cost)s AP: move to %(square)s", cost=cost, square=name(square_id)),
                {"dl-to": square_id, "dl-seat": str(actor)},
                str(cost),
                "reach",
            )
    stops = rules.van_stops(game)
    van_chips = []
    if mine and stops and current is not None:
        for stop in sorted(stops, key=lambda s: name(s)):
            van_chips.append({"to": stop, "label": _way(where.van, where.van_from, game.die, stop)})
            links[stop] = board.Link(
                _square_url(table, stop),
                _("Van stops at %(square)s", square=name(stop)),
                {"dl-van": stop, "dl-seat": str(current)},
                "",
                "stop",
            )
    pawns = [
        board.Pawn(seat, colours[seat], dog_names[seat][:1].upper(), dog_names[seat])
        for seat in range(len(game.dogs))
    ]
    # the dog about to move is ringed (and the zoomed city opens on it): this phone's dog
    # when it may walk now, else the dog in turn
    mover = actor if reach else current
    svg = board.city_svg(
        turn=turn,
        zoom=zoom,
        place_labels=place_labels(),
        dogs=where.dogs,
        pawns=pawns,
        current=mover,
        van=where.van,
        van_label=_("The dog-catcher's van"),
        trash=where.trash,
        pee=dict(where.pee),
        papers=[s for _a, s in where.papers],
        links=links,
        title=_("The city"),
    )
    standing = None if current is None else where.dogs[current]
    return {
        "svg": svg,
        "zoom": zoom,
        "turn": turn,
        "zooms": board_view.ZOOMS,
        "sides": sides(table),
        "reach": len(reach),
        "starts_by_moving": actor is not None and rules.starts_by_moving(game, actor),
        "actor": actor,
        "escapers": [s for s in where.to_draw if viewer is None or s == viewer],
        "van_chips": van_chips,
        "van_due": where.van_due,
        "van_unknown": where.van is None,
        "to_draw": list(where.to_draw),
        "to_draw_names": ", ".join(dog_names[s] for s in where.to_draw),
        "here": offers(game, current, viewer, dog_names)
        if mine and running and current is not None
        else [],
        "standing": name(standing) if standing is not None else None,
        "unknown": [s for s, square in enumerate(where.dogs) if square is None],
        "where": [name(s) if s is not None else None for s in where.dogs],
    }
