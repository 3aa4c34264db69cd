"""A play as others read it: the JSON of the API and of the export, the CSV export, and
the BG Stats link.

BG Stats imports one play per link, ``https://app.bgstatsapp.com/createPlay.html?data=``
followed by the URL-encoded JSON of the play. The field names used here are the ones its
import takes (``BGSTATS_FIELDS``; see docs/contracts.md): ``sourceName``, ``sourcePlayId``,
``playDate`` ("YYYY-MM-DD HH:MM:SS", local), ``durationMin``, ``location``, ``game``
(``name``, ``sourceGameId``, ``highestWins``, ``noPoints``) and ``players`` (``name``,
``sourcePlayerId``, ``score``, ``rank``, ``winner``, ``startPlayer``, ``role``), ``board``
and ``comments``. Issue 35: ``sourcePlayId`` is the play's own id (``play_id``: a keyed
hash of the table id; the table id is a capability and never leaves the table), ``playDate``
is the table's local time (its creating phone's zone; UTC when unknown), ``location`` is
sent only when the table named a place, scores are the rules' own (a Lion Square herd
below 0 too), ``role`` is the role played (A Dog's Life's dog), ``board`` the edition or
variants in English, and ``comments`` names what broke a tie. No BoardGameGeek id
(``bggId``) is sent: none of the four games' ids could be verified, and a wrong one would
file the play under another game; BG Stats matches by name and ``sourceGameId`` instead.

The export (CSV: one row per player and play; JSON: ``{"format": "campfire-plays",
"format_version": 1, "plays": […]}``) reads back into the same plays (``from_json``,
``from_csv``).
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import json
from collections.abc import Callable, Iterable, Mapping
from datetime import UTC, datetime
from typing import Any, Final
from urllib.parse import quote

from flask import current_app

from companion.plays.results import TIE_BREAK_WORDS
from companion.plays.stats import fold_name
from companion.plays.store import Play, PlayPlayer, play_of
from companion.tables.place import zone_info
from games import registry
from games.errors import Phrase

BGSTATS_URL: Final = "https://app.bgstatsapp.com/createPlay.html"
SOURCE_NAME: Final = "Campfire"
#: The fields BG Stats' import takes, per level: what the link may carry.
BGSTATS_FIELDS: Final = {
    "play": frozenset(
        {
            "sourceName",
            "sourcePlayId",
            "playDate",
            "durationMin",
            "location",
            "board",
            "comments",
            "game",
            "players",
        }
    ),
    "game": frozenset({"name", "sourceGameId", "highestWins", "noPoints"}),
    "player": frozenset(
        {"name", "sourcePlayerId", "score", "rank", "winner", "startPlayer", "role"}
    ),
}
EXPORT_FORMAT: Final = "campfire-plays"
EXPORT_VERSION: Final = 1
CSV_COLUMNS: Final = (
    "table",
    "game",
    "started",
    "ended",
    "duration_min",
    "variant",
    "tie_break",
    "seat",
    "name",
    "colour",
    "score",
    "rank",
    "winner",
    "start_player",
    "role",
    "board",
    "location",
    "time_zone",
)


def game_name(game: str) -> str:
    """The game's English title (BG Stats matches games by name)."""
    known = registry.find(game)
    return known.title if known is not None else game


def play_id(play: Play) -> str:
    """The play's own id (F10 of issue 33): a keyed hash of its table id, the same for the
    same play every time (BG Stats then updates it rather than adding it again), from
    which the table id (a capability: whoever holds it joins the table) cannot be found."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    digest = hmac.new(key, b"campfire-play\0" + play.table_id.encode(), hashlib.sha256)
    return digest.hexdigest()[:24]


def board_words(play: Play, gettext: Callable[[str], str] = str) -> str | None:
    """The edition or variants in words (``gettext``: the reader's language; English by
    default); a play kept before they were words shows its ``variant`` as it was."""
    if play.board:
        return ", ".join(
            Phrase(template, **params).render(gettext) for template, params in play.board
        )
    return play.variant


def local_date(play: Play) -> str:
    """When the play ended, in the table's local time, as BG Stats reads ``playDate``."""
    zone = zone_info(play.time_zone)
    moment = play.ended_at.astimezone(zone if zone is not None else UTC)
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def bgstats_play(play: Play) -> dict[str, object]:
    """The play in BG Stats' import format."""
    players = []
    for player in play.players:
        entry: dict[str, object] = {
            "name": player.name,
            # The folded name: the same player on every evening, as our stats join them.
            "sourcePlayerId": fold_name(player.name),
            "winner": player.winner,
            "startPlayer": player.start_player,
        }
        if player.score is not None:
            entry["score"] = player.score
        if player.rank is not None:
            entry["rank"] = player.rank
        if player.role is not None:
            entry["role"] = player.role
        players.append(entry)
    extra: dict[str, object] = {}
    if play.location:
        extra["location"] = play.location
    board = board_words(play)
    if board:
        extra["board"] = board
    if play.tie_break in TIE_BREAK_WORDS:
        extra["comments"] = TIE_BREAK_WORDS[play.tie_break]
    return {
        "sourceName": SOURCE_NAME,
        "sourcePlayId": play_id(play),
        "playDate": local_date(play),
        "durationMin": play.duration_min,
        **extra,
        "game": {
            "name": game_name(play.game),
            "sourceGameId": play.game,
            "highestWins": True,
            "noPoints": all(p.score is None for p in play.players),
        },
        "players": players,
    }


def bgstats_url(play: Play) -> str:
    """The link that opens BG Stats with the play filled in."""
    data = json.dumps(bgstats_play(play), ensure_ascii=False, separators=(",", ":"))
    return f"{BGSTATS_URL}?data={quote(data, safe='')}"


def play_json(play: Play) -> dict[str, object]:
    """The play as the API answers it and the JSON export lists it."""
    return {
        "table": play.table_id,
        "game": play.game,
        "started": play.started_at.isoformat(),
        "ended": play.ended_at.isoformat(),
        "duration_min": play.duration_min,
        "players": [
            {
                "seat": p.seat,
                "name": p.name,
                "colour": p.colour,
                "score": p.score,
                "rank": p.rank,
                "winner": p.winner,
                "start_player": p.start_player,
                "role": p.role,
            }
            for p in play.players
        ],
        "winners": list(play.winners),
        "tie_break": play.tie_break,
        "start_player": play.start_player,
        "variant": play.variant,
        "board": board_words(play),
        "board_words": [[template, params] for template, params in play.board],
        "location": play.location,
        "time_zone": play.time_zone,
    }


def _from_play_json(data: Mapping[str, Any]) -> Play:
    return play_of(
        data,
        "board_words",
        table_id=data["table"],
        game=data["game"],
        started_at=datetime.fromisoformat(data["started"]),
        ended_at=datetime.fromisoformat(data["ended"]),
    )


def export_json(plays: Iterable[Play]) -> str:
    return json.dumps(
        {
            "format": EXPORT_FORMAT,
            "format_version": EXPORT_VERSION,
            "plays": [play_json(play) for play in plays],
        },
        ensure_ascii=False,
        indent=1,
    )


def from_json(text: str) -> list[Play]:
    """The plays of a JSON export."""
    document = json.loads(text)
    if document.get("format") != EXPORT_FORMAT:
        raise ValueError(f"not a {EXPORT_FORMAT} export")
    return [_from_play_json(play) for play in document["plays"]]


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):  # a number is no formula: a herd of -5 stays a number
        return str(value)
    text = str(value)
    # A name typed as "=1+1" must stay text in a spreadsheet (CSV injection).
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def export_csv(plays: Iterable[Play]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for play in plays:
        for p in play.players:
            writer.writerow(
                _cell(value)
                for value in (
                    play.table_id,
                    play.game,
                    play.started_at.isoformat(),
                    play.ended_at.isoformat(),
                    play.duration_min,
                    play.variant,
                    play.tie_break,
                    p.seat,
                    p.name,
                    p.colour,
                    p.score,
                    p.rank,
                    p.winner,
                    p.start_player,
                    p.role,
                    board_words(play),
                    play.location,
                    play.time_zone,
                )
            )
    return out.getvalue()


def _number(text: str) -> int | None:
    return int(text) if text else None


def _text(text: str) -> str:
    return text[1:] if text[:2] in ("'=", "'+", "'-", "'@", "'\t", "'\r") else text


def from_csv(text: str) -> list[Play]:
    """The plays of a CSV export (its rows grouped by table, in order); the board comes
    back as its English words (one phrase)."""
    rows: dict[str, list[dict[str, str]]] = {}
    for row in csv.DictReader(io.StringIO(text)):
        rows.setdefault(row["table"], []).append(row)
    plays = []
    for table_id, group in rows.items():
        first = group[0]
        players = tuple(
            PlayPlayer(
                seat=int(row["seat"]),
                name=_text(row["name"]),
                colour=row["colour"],
                score=_number(row["score"]),
                rank=_number(row["rank"]),
                winner=row["winner"] == "true",
                start_player=row["start_player"] == "true",
                role=_text(row.get("role") or "") or None,
            )
            for row in group
        )
        plays.append(
            Play(
                # A table id may start with "-" (URL-safe base64): escaped like any cell.
                table_id=_text(table_id),
                game=first["game"],
                started_at=datetime.fromisoformat(first["started"]),
                ended_at=datetime.fromisoformat(first["ended"]),
                players=players,
                winners=tuple(p.seat for p in players if p.winner),
                tie_break=first["tie_break"] or None,
                start_player=next((p.seat for p in players if p.start_player), None),
                variant=_text(first["variant"]) or None,
                board=((_text(first["board"]), {}),) if first.get("board") else (),
                location=_text(first.get("location") or "") or None,
                time_zone=first.get("time_zone") or None,
            )
        )
    return plays
