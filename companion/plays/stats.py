"""Stats per player name across plays: plays, wins, win rate, average and best score per
game, and the scores over time (for a chart).

Names are joined as typed, folded (``fold_name``): case (``casefold``), surrounding and
repeated spaces, and width — full-width Latin letters and digits (ＡＮＮ) and half-width
katakana (ﾕｷ) read as their usual forms — but never hiragana against katakana: ゆき and
ユキ are two players, "Ann" and "ann " one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from companion.plays.store import Play
from games.table import fold_name as fold_name  # the one folding (a table's names too)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player name at one game."""

    name: str  # as typed at the latest play
    key: str  # the folded name
    game: str
    plays: int
    wins: int
    average: float | None  # None: no play of this game kept a score
    best: int | None
    scores: tuple[tuple[datetime, int], ...]  # oldest first

    @property
    def win_rate(self) -> float:
        return self.wins / self.plays if self.plays else 0.0


def player_stats(plays: Iterable[Play]) -> list[PlayerStats]:
    """Per folded name and game, sorted by name then game."""
    seen: dict[tuple[str, str], list[tuple[Play, int]]] = {}
    for play in plays:
        for player in play.players:
            seen.setdefault((fold_name(player.name), play.game), []).append((play, player.seat))
    stats = []
    for (key, game), entries in seen.items():
        entries.sort(key=lambda entry: entry[0].ended_at)
        scored = [
            (play.ended_at, score)
            for play, seat in entries
            if (score := play.players[seat].score) is not None
        ]
        values = [score for _when, score in scored]
        latest, seat = entries[-1]
        stats.append(
            PlayerStats(
                name=latest.players[seat].name.strip(),
                key=key,
                game=game,
                plays=len(entries),
                wins=sum(play.players[seat].winner for play, seat in entries),
                average=sum(values) / len(values) if values else None,
                best=max(values) if values else None,
                scores=tuple(scored),
            )
        )
    stats.sort(key=lambda s: (s.key, s.game))
    return stats


def with_player(plays: Iterable[Play], name: str) -> list[Play]:
    """The plays where a player of that (folded) name sat."""
    key = fold_name(name)
    return [play for play in plays if any(fold_name(p.name) == key for p in play.players)]
