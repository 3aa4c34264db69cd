"""The one commit hook: ``companion.tables`` publishes every change of a table here, and
whoever needs to hear of it subscribes in ``create_app`` (issue 36, item 2).

Glossary
--------
change
    What one write did to one table (``Change``): its row as it will commit (the version
    is the last of the change's events), the folded state before (None: a new table) and
    after, or ``seat_moved`` (a phone took another's seat: no new version, no state).
publish
    ``publish(session, change)``: called by ``companion.tables`` inside the write's
    transaction, last, once per write. Each subscriber runs there, in the order
    ``create_app`` subscribed them: one that writes (plays) writes in the same
    transaction; one that must wait for the commit (live: the version map, the other
    processes' wake-up) registers its own after-commit listener on ``session``, so a
    write that rolls back tells nobody.
subscriber
    ``Subscriber(session, change)``; the subscribers are the app's (``app.extensions``),
    never a module's: two apps in one process (the tests) hear only their own writes.

``companion.tables`` imports none of its subscribers: plays, live and the rest stand
below it or beside it and are wired together by ``create_app`` alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from flask import Flask, current_app
from sqlalchemy.orm import Session

from companion.models import TableRow

#: ``app.extensions`` key of the app's subscribers (a list, in subscription order).
EXTENSION = "campfire.commits"


@dataclass(frozen=True, slots=True)
class Change:
    """One write's change of one table (see the glossary)."""

    row: TableRow
    before: object = None  # the game's folded state; None: the table is new
    after: object = None  # None only when ``seat_moved``
    seat_moved: bool = False


Subscriber = Callable[[Session, Change], None]


def subscribe(app: Flask, subscriber: Subscriber) -> None:
    """Tell ``subscriber`` of every change of ``app``'s tables (call it in ``create_app``)."""
    app.extensions.setdefault(EXTENSION, []).append(subscriber)


def publish(session: Session, change: Change) -> None:
    """The write in ``session`` makes ``change``: every subscriber hears of it, in the
    write's transaction (call it last, once per write)."""
    subscribers: list[Subscriber] = current_app.extensions.get(EXTENSION, [])
    for subscriber in subscribers:
        subscriber(session, change)
