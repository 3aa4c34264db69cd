"""Helpers every companion test shares (platform and game panels).

A plain module with a name of its own, not ``conftest``: pytest keeps one module called
``conftest`` at a time, so ``from conftest import …`` reads tests/browser/conftest.py when
``pytest tests/companion tests/browser`` collects both folders. conftest.py holds the
fixtures (``app``, ``client``, ``make_table`` …) and takes its configuration from here.
"""

from __future__ import annotations

import atexit
import functools
import html
import re
import shutil
import tempfile
from collections.abc import Callable
from concurrent.futures import Future
from pathlib import Path
from typing import Any

import companion_fake_game
from hypothesis import HealthCheck, settings

from companion import db, registry, tables

FAKE = "counters-test"
#: The headers of a request htmx sends (the panel answers with the fragment).
HTMX = {"HX-Request": "true"}


def over_fixtures(examples: int) -> settings:
    """Hypothesis settings for a property that uses pytest's function-scoped fixtures: one
    app serves every example on purpose (each example makes its own table), and there is no
    time limit, since a database round trip is no sign of a slow example."""
    return settings(
        max_examples=examples,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )


def game_modules() -> dict[str, Any]:
    games: dict[str, Any] = dict(registry.discover())
    games[FAKE] = companion_fake_game.ENTRY
    return games


@functools.cache
def migrated_database() -> Path:
    """An SQLite file brought to the newest schema by the real migrations, once per process
    (once per xdist worker): each test copies it (flaskr's conftest pattern) instead of
    running Alembic's migrations again for each of its ~1,400 apps."""
    folder = Path(tempfile.mkdtemp(prefix="campfire-migrated-"))
    atexit.register(shutil.rmtree, folder, True)
    path = folder / "migrated.sqlite3"
    engine = db.make_engine(f"sqlite:///{path}")
    db.upgrade(engine)
    engine.dispose()  # the last connection's close folds the WAL into the file
    assert not path.with_name(path.name + "-wal").exists(), "the copy would miss the WAL"
    return path


def app_config(tmp_path: Any, *, migrated: bool = True, **extra: Any) -> dict[str, Any]:
    """A test companion: a temporary SQLite file, CSRF off, the real games and the test
    game ``counters-test``; ``extra`` overrides.

    The SQLite file starts as a copy of ``migrated_database()`` unless it exists already
    (a second app on the same folder sees the first one's tables) or ``migrated=False``
    (the migration tests start from an empty file). ``create_app`` still runs Alembic's
    upgrade on it, which finds the schema current."""
    database = Path(tmp_path) / "test.sqlite3"
    fresh = database.parent.is_dir() and not database.exists()
    if migrated and fresh and "DATABASE_URL" not in extra:
        shutil.copyfile(migrated_database(), database)
    config = {
        "TESTING": True,
        "SECRET_KEY": "test-secret-key-that-is-long-enough-000",
        "DATABASE_URL": f"sqlite:///{database}",
        "WTF_CSRF_ENABLED": False,
        "GAMES": game_modules(),
        "CREATE_RATE_LIMIT": "1000 per minute",
        "JOIN_RATE_LIMIT": "1000 per minute",
        "EVENT_RATE_LIMIT": "100000 per minute",
        "UNDO_RATE_LIMIT": "100000 per minute",
        "HISTORY_RATE_LIMIT": "100000 per minute",
        "EXPORT_RATE_LIMIT": "100000 per minute",
        # A version stream ends quickly in tests that read whole answers (route sweeps);
        # the push tests set their own lifetimes.
        "PUSH_STREAM_SECONDS": 0.05,
        # Print kits are drawn in the request (no pool processes) into the test's folder;
        # tests/companion/pages/test_print_jobs.py tries the pool.
        "CAMPFIRE_PRINT_WORKERS": 0,
        "CAMPFIRE_PRINT_FOLDER": str(tmp_path / "print_kits"),
        # Photos are read in the request too; tests/companion/test_photo_jobs.py tries the
        # processes.
        "PHOTO_RATE_LIMIT": "100000 per minute",
        "CAMPFIRE_PHOTO_WORKERS": 0,
        "CAMPFIRE_PHOTO_FOLDER": str(tmp_path / "photos"),
    }
    config.update(extra)
    return config


#: Who sits at a table made through the "new table" form, seat by seat.
FORM_PLAYERS = (("Ann", "red"), ("Ben", "blue"), ("Cho", "green"))


def new_table_form(game: str, players: int = 3, **settings: str) -> dict[str, str]:
    """The fields of the "new table" form (``POST /new``) for ``game``: the first
    ``players`` of Ann (red), Ben (blue) and Cho (green), and each of ``settings`` as the
    field ``setting.<name>``."""
    fields = {"game": game}
    for seat, (name, color) in enumerate(FORM_PLAYERS[:players]):
        fields[f"name{seat}"] = name
        fields[f"color{seat}"] = color
    fields.update({f"setting.{name}": value for name, value in settings.items()})
    return fields


def send(app: Any, table_id: str, *events: dict[str, Any]) -> tables.TableView:
    """Append ``events`` through the table service; the table after them."""
    with app.app_context():
        for event in events:
            tables.append(table_id, event)
        return tables.get(table_id)


def get(app: Any, table_id: str) -> tables.TableView:
    with app.app_context():
        return tables.get(table_id)


def poster(game: str) -> Callable[..., Any]:
    """``post(client, table_id, route, data, lang="en", htmx=True)`` for ``game``'s panel
    routes (``/t/<id>/<game>/<route>``), as htmx sends them unless ``htmx=False``."""

    def post(
        client: Any,
        table_id: str,
        route: str,
        data: dict[str, Any] | None = None,
        lang: str = "en",
        htmx: bool = True,
    ) -> Any:
        headers = {**(HTMX if htmx else {}), "Accept-Language": lang}
        return client.post(f"/t/{table_id}/{game}/{route}", data=data or {}, headers=headers)

    return post


def text(response: Any) -> str:
    """The page's visible words, entities decoded, whitespace collapsed (for phrases
    split over lines)."""
    # <wbr> (a Japanese phrase edge: companion.phrases) is no space between words
    words = re.sub(r"<[^>]+>", " ", response.get_data(as_text=True).replace("<wbr>", ""))
    return re.sub(r"\s+", " ", html.unescape(words))


def refused(response: Any, message: str) -> None:
    """A 422 panel showing ``message`` in its alert."""
    assert response.status_code == 422, response.status_code
    assert 'role="alert"' in response.get_data(as_text=True)
    assert message in text(response), text(response)[:3000]


# ---------------------------------------------------------------------------------------
# print jobs (test_print_jobs.py, test_hardening_iii.py)

#: A print kit of one herd card: quick to draw.
ASK = "/print?download=pdf&part=H2"


class StubPool:
    """Stands for the ProcessPoolExecutor: keeps each job until ``run`` (or ``fail``)."""

    def __init__(self) -> None:
        self.jobs: list[tuple[Future[None], Any, tuple[Any, ...]]] = []

    def submit(self, function: Any, *args: Any) -> Future[None]:
        future: Future[None] = Future()
        self.jobs.append((future, function, args))
        return future

    def run(self) -> None:
        for future, function, args in self.jobs:
            if not future.done():
                function(*args)
                future.set_result(None)

    def fail(self) -> None:
        for future, _function, _args in self.jobs:
            if not future.done():
                future.set_exception(RuntimeError("the pool process died"))
