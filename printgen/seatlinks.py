"""Seat links: the URL that opens a table *as* one seat (the seat QR codes).

Glossary
    table URL   the address of a table in the companion, e.g. ``https://host/t/<id>``.
    seat        a player's place at the table, an index from 0 (as in the JSON API).
    seat link   ``<table URL>/s/<n>``: opening it makes this phone that seat ("I am …")
                and lands on the table. ``n`` counts from 1, the number printed next to
                the QR code on the player board ("Seat 1"), so the link and the board agree.

The shape lives here, once: the companion route (``companion/pages/join.py``) and the
``campfire print --table URL`` command both build their links with :func:`seat_link`, and the
route is declared with :data:`SEAT_SEGMENT`. Pure functions, standard library only, so the
companion can import it without pulling in ReportLab.
"""

from __future__ import annotations

from urllib.parse import urlsplit, urlunsplit

from games import fields

#: The path segment between the table URL and the seat number.
SEAT_SEGMENT = "s"


def seat_number(seat: int) -> int:
    """The number a person reads for seat index ``seat`` (seat 0 is "Seat 1")."""
    return fields.whole_number(seat, "seat") + 1  # a RuleError is a ValueError


def seat_link(table_url: str, seat: int) -> str:
    """The link that opens ``table_url`` as seat index ``seat``.

    A trailing slash on the table URL is ignored; its query (e.g. ``?lang=ja``) is kept after
    the seat path, so a kit printed for one language opens the app in that language.
    """
    parts = urlsplit(table_url)
    path = f"{parts.path.rstrip('/')}/{SEAT_SEGMENT}/{seat_number(seat)}"
    return urlunsplit(parts._replace(path=path))


def seat_links(table_url: str, seats: int) -> tuple[str, ...]:
    """The seat links of seats 0 … ``seats - 1``, in seat order (``render_kit(seat_urls=…)``)."""
    return tuple(seat_link(table_url, seat) for seat in range(seats))
