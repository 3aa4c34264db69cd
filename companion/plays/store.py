"""Plays in the database: kept by the change that finishes a game, read back per table or
per phone.

``changed`` runs inside the transaction of every change (the commit hook,
``companion.commits``, that ``companion.tables`` publishes to: append, undo, import),
under the table's write lock: the play is written once, by the change that finished the game,
however many phones watch the end. A change that leaves
the game finished (a correction after the end) writes it again; one that reopens it (an
undo, Bison's ``reopen``) drops it; finishing again keeps the new one. Deleting a table
keeps its play (no foreign key); ``discard`` drops it on purpose.

A play lists the phones that held a seat at its table (``play_phones``: the hashes of
their seat tokens); ``for_phone`` shows a phone only the plays it holds such a token for.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.orm import Session

from companion import db
from companion.commits import Change
from companion.models import EventRow, PlayPhoneRow, PlayRow, SeatTokenRow, TableRow
from companion.plays import results


@dataclass(frozen=True, slots=True)
class PlayPlayer:
    seat: int
    name: str
    colour: str  # as the table showed it (A Dog's Life: the dog's)
    score: int | None
    rank: int | None
    winner: bool
    start_player: bool
    role: str | None = None  # the role played, an ``N_`` msgid (A Dog's Life: the dog)


@dataclass(frozen=True, slots=True)
class Play:
    """A finished game as it ended."""

    table_id: str
    game: str
    started_at: datetime
    ended_at: datetime
    players: tuple[PlayPlayer, ...]
    winners: tuple[int, ...]
    tie_break: str | None
    start_player: int | None
    variant: str | None
    #: The edition or variants in words: (``N_`` template, parameters) each (issue 35).
    board: tuple[tuple[str, dict[str, object]], ...] = ()
    location: str | None = None  # the place the host typed at create; None: none
    time_zone: str | None = None  # the creating phone's IANA zone; None: UTC

    @property
    def duration_min(self) -> int:
        """Whole minutes from the first to the last change (at least 0)."""
        return max(0, round((self.ended_at - self.started_at).total_seconds() / 60))


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)  # SQLite: naive UTC


def changed(session: Session, change: Change) -> None:
    """The commit hook's subscriber (``companion.commits``): a change of the game (not a
    seat taken over) keeps, replaces or drops the table's play (``after_change``)."""
    if not change.seat_moved:
        after_change(session, change.row, change.before, change.after)


def after_change(session: Session, row: TableRow, before: object, after: object) -> None:
    """Keep, replace or drop ``row``'s play after a change from ``before`` (None: a new
    table) to ``after``, in the change's own transaction."""
    result = results.result(row.game, after)
    if result is None:
        if before is not None and results.result(row.game, before) is not None:
            _drop(session, row.id)  # reopened: the table no longer holds a finished game
        return
    first, last = session.execute(
        select(func.min(EventRow.created_at), func.max(EventRow.created_at)).where(
            EventRow.table_id == row.id
        )
    ).one()
    ended = _aware(last or row.created_at)
    started = _aware(first or ended)
    players = [
        {
            "seat": seat,
            "name": player["name"],
            "colour": (result.colours[seat] if seat < len(result.colours) else None)
            or player["color"],
            "score": result.scores[seat],
            "rank": result.ranks[seat],
            "winner": seat in result.winners,
            "start_player": seat == result.start_player,
            "role": result.roles[seat] if seat < len(result.roles) else None,
        }
        for seat, player in enumerate(row.players)
    ]
    _drop(session, row.id)
    session.add(
        PlayRow(
            table_id=row.id,
            game=row.game,
            started_at=started,
            ended_at=ended,
            data={
                "players": players,
                "winners": list(result.winners),
                "tie_break": result.tie_break,
                "start_player": result.start_player,
                "variant": result.variant,
                "board": [[words.template, dict(words.params)] for words in result.board],
                "location": row.location,
                "time_zone": row.time_zone,
            },
        )
    )
    session.flush()  # the play before its phones (their foreign key)
    hashes = session.scalars(
        select(SeatTokenRow.token_hash).where(SeatTokenRow.table_id == row.id)
    ).all()
    session.add_all(PlayPhoneRow(table_id=row.id, token_hash=h) for h in set(hashes))


def _drop(session: Session, table_id: str) -> None:
    session.execute(delete(PlayPhoneRow).where(PlayPhoneRow.table_id == table_id))
    session.execute(delete(PlayRow).where(PlayRow.table_id == table_id))


def discard(table_id: str) -> bool:
    """Drop ``table_id``'s play on purpose (deleting a table keeps it); False: none."""
    with db.writing() as session:
        found = session.get(PlayRow, table_id) is not None
        _drop(session, table_id)
    return found


def play_of(
    data: Mapping[str, Any],
    board_key: str,
    *,
    table_id: str,
    game: str,
    started_at: datetime,
    ended_at: datetime,
) -> Play:
    """A play from its JSON ``data``: a row's (the board words under ``"board"``) or a
    shared file's (under ``"board_words"``: its ``"board"`` is the words as read)."""
    return Play(
        table_id=table_id,
        game=game,
        started_at=started_at,
        ended_at=ended_at,
        players=tuple(PlayPlayer(**player) for player in data["players"]),
        winners=tuple(data["winners"]),
        tie_break=data["tie_break"],
        start_player=data["start_player"],
        variant=data["variant"],
        board=tuple((str(t), dict(p)) for t, p in data.get(board_key, [])),
        location=data.get("location"),
        time_zone=data.get("time_zone"),
    )


def _play(row: PlayRow) -> Play:
    return play_of(
        row.data,
        "board",
        table_id=row.table_id,
        game=row.game,
        started_at=_aware(row.started_at),
        ended_at=_aware(row.ended_at),
    )


def of_table(table_id: str) -> Play | None:
    """The play of the finished game at ``table_id``, or None (not finished, or no such
    table)."""
    with db.reading() as session:
        row = session.get(PlayRow, table_id)
        return _play(row) if row is not None else None


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def for_phone(tokens: Mapping[str, str]) -> list[Play]:
    """The plays a phone took part in, newest first: ``tokens`` maps a table id to the
    seat token the phone keeps for it; a play is listed when that token held a seat at
    its table (at the end, or since: ``seat_tokens`` while the table exists)."""
    wanted = {_token_hash(token): table_id for table_id, token in tokens.items() if token.isascii()}
    if not wanted:
        return []
    with db.reading() as session:
        pairs = [
            *session.execute(
                select(PlayPhoneRow.token_hash, PlayPhoneRow.table_id).where(
                    PlayPhoneRow.token_hash.in_(wanted)
                )
            ).all()
        ]
        pairs += session.execute(
            select(SeatTokenRow.token_hash, SeatTokenRow.table_id).where(
                SeatTokenRow.token_hash.in_(wanted)
            )
        ).all()
        mine = {table_id for token_hash, table_id in pairs if wanted[token_hash] == table_id}
        if not mine:
            return []
        rows = session.scalars(
            select(PlayRow)
            .where(PlayRow.table_id.in_(mine))
            .order_by(PlayRow.ended_at.desc(), PlayRow.table_id)
        ).all()
        return [_play(row) for row in rows]
