"""The plays' pages and API: "Our plays" (``/plays``, with ``/plays.csv`` and
``/plays.json``), ``GET /api/v1/tables/<id>/play``, and the finished table's links
(the ``finished_play`` template helper the live panel calls): a blueprint of its own,
``plays``, over the store ``companion.plays`` (which knows no page).

"Our plays" lists only the plays of tables this phone held a seat at: the seat tokens
its session cookie keeps (``companion.pages.join.remember_seat``); no accounts.
"""

from __future__ import annotations

from dataclasses import dataclass

from babel.dates import format_date
from flask import Blueprint, Flask, Response, jsonify, render_template, request, session, url_for
from flask.typing import ResponseReturnValue
from flask_babel import get_locale
from flask_babel import gettext as _
from markupsafe import Markup

from companion import charts, registry, tables
from companion.pages.base import absolute_url, local_time
from companion.plays import results, share, stats, store

bp = Blueprint("plays", __name__)

#: A player filter longer than any name a table takes is no name.
NAME_MAX = 60
#: What decided between equal scores, in the words the game's own end screen uses.
TIE_BREAKS = results.TIE_BREAK_WORDS


class BadFilter(Exception):
    """A filter of "Our plays" names no game or no possible name: ``message`` says so."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass(frozen=True, slots=True)
class Filters:
    game: str  # "" for every game
    player: str  # "" for every player


def _filters() -> Filters:
    game = request.args.get("game", "").strip()
    player = tables.clean(request.args.get("player", "")).strip()
    if game and game not in registry.games():
        raise BadFilter(_("There is no game called %(game)s here.", game=game[:40]))
    if len(player) > NAME_MAX:
        raise BadFilter(_("A player's name has at most %(count)s characters.", count=NAME_MAX))
    return Filters(game, player)


def _tokens() -> dict[str, str]:
    """This phone's seat tokens by table (its session cookie)."""
    seats = session.get("seats", {})
    if not isinstance(seats, dict):
        return {}
    return {k: v for k, v in seats.items() if isinstance(k, str) and isinstance(v, str)}


def our_plays(filters: Filters) -> list[store.Play]:
    plays = store.for_phone(_tokens())
    if filters.game:
        plays = [play for play in plays if play.game == filters.game]
    if filters.player:
        plays = stats.with_player(plays, filters.player)
    return plays


def tie_break_text(code: str | None) -> str | None:
    return _(TIE_BREAKS[code]) if code in TIE_BREAKS else None


def board_text(play: store.Play) -> str | None:
    """The play's edition or variants in the reader's language."""
    return share.board_words(play, _)


def by_rank(play: store.Play) -> list[store.PlayPlayer]:
    """The players best first (ranked ones by rank, then the unranked, each in seat
    order): a list read top to bottom reads as the result, not the seating."""
    return sorted(play.players, key=lambda p: (p.rank is None, p.rank or 0, p.seat))


def _chart(entry: stats.PlayerStats) -> Markup | None:
    if len(entry.scores) < 2:
        return None
    locale = str(get_locale())
    labels = [format_date(when, "short", locale=locale) for when, _score in entry.scores]
    series = charts.Series(entry.name, [score for _when, score in entry.scores])
    return charts.line_chart(
        [series],
        labels=labels,
        title=_(
            "%(name)s's scores at %(game)s", name=entry.name, game=_(registry.title(entry.game))
        ),
        legend=False,
    )


@bp.get("/plays")
def plays_page() -> ResponseReturnValue:
    try:
        filters = _filters()
    except BadFilter as problem:
        return _render([], Filters("", ""), error=problem.message), 400
    return _render(our_plays(filters), filters)


def _render(plays: list[store.Play], filters: Filters, error: str | None = None) -> str:
    per_player = stats.player_stats(plays)
    return render_template(
        "plays/plays.html",
        plays=plays,
        stats=[(entry, _chart(entry)) for entry in per_player],
        filters=filters,
        games=registry.games(),
        error=error,
        tie_break_text=tie_break_text,
        board_text=board_text,
        by_rank=by_rank,
        local_time=local_time,
    )


@bp.get("/plays.csv")
def plays_csv() -> ResponseReturnValue:
    try:
        plays = our_plays(_filters())
    except BadFilter as problem:
        return Response(problem.message + "\n", 400, mimetype="text/plain")
    return Response(
        share.export_csv(plays),
        mimetype="text/csv",
        headers={"Content-Disposition": 'attachment; filename="campfire-plays.csv"'},
    )


@bp.get("/plays.json")
def plays_json() -> ResponseReturnValue:
    try:
        plays = our_plays(_filters())
    except BadFilter as problem:
        return jsonify(error=problem.message), 400
    return Response(
        share.export_json(plays),
        mimetype="application/json",
        headers={"Content-Disposition": 'attachment; filename="campfire-plays.json"'},
    )


@bp.get("/api/v1/tables/<table_id>/play")
def api_play(table_id: str) -> ResponseReturnValue:
    """The finished table's play; 404 with a sentence while the game is not finished."""
    play = store.of_table(table_id) if tables.TABLE_ID.fullmatch(table_id) else None
    if play is None:
        tables.get(table_id)  # TableNotFound: the app's JSON 404 for an unknown table
        return jsonify(
            error=_("The game at this table is not finished yet: its play is kept when it ends.")
        ), 404
    return jsonify(
        **share.play_json(play),
        bgstats_url=share.bgstats_url(play),
        table_url=absolute_url("web.table", table_id=play.table_id),
    )


def finished_play(table: tables.TableView) -> dict[str, str] | None:
    """The finished table's links (BG Stats, "Our plays"), or None while it runs: what
    the live panel shows at the end (the same on every phone)."""
    if results.result(table.game, table.state) is None:
        return None
    play = store.of_table(table.id)
    if play is None:  # finished before plays were kept
        return None
    return {"bgstats_url": share.bgstats_url(play), "plays_url": url_for("plays.plays_page")}


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.jinja_env.globals["finished_play"] = finished_play
