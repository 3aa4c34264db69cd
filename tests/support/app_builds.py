"""Building the companion app ~1,500 times a run, cheaply (test-only).

Most of ``create_app``'s own time (about two thirds, measured with cProfile) goes to
werkzeug compiling two URL builders per route: it writes each one as Python source,
walks its syntax tree and calls ``compile`` — the same ~190 routes, the same code, for
every test's app. ``cache_url_builders`` keeps each compiled builder by everything its
code is made from, so the second app of a process reuses the first one's functions.

Safe because a builder is a plain function that takes the rule as its first argument at
call time (``__get__`` binds it to the new rule): its code depends only on the rule's
parsed parts (``_trace``), its defaults (a default for a URL part is folded in as text,
through that part's converter) and ``append_unknown``. The routes themselves, the URL
map and its matching are built afresh for every app, as before.

Installed by the root conftest.py for the whole run; production never loads this module.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from werkzeug.routing.rules import Rule

Builder = Callable[..., tuple[str, str]]


def _key(rule: Rule, append_unknown: bool) -> tuple[Any, ...]:
    converters = tuple(
        sorted((name, type(converter).__qualname__) for name, converter in rule._converters.items())
    )
    defaults = repr(sorted((rule.defaults or {}).items(), key=lambda item: str(item[0])))
    return (rule.rule, tuple(rule._trace), defaults, converters, append_unknown)


def cache_url_builders() -> None:
    """Make ``Rule._compile_builder`` compile each distinct builder once per process
    (idempotent; left alone if werkzeug no longer has the method)."""
    original = getattr(Rule, "_compile_builder", None)
    if original is None or getattr(original, "campfire_cached", False):
        return
    built: dict[tuple[Any, ...], Builder] = {}

    def compile_builder(self: Rule, append_unknown: bool = True) -> Builder:
        key = _key(self, append_unknown)
        builder = built.get(key)
        if builder is None:
            builder = built[key] = original(self, append_unknown)
        return builder

    compile_builder.campfire_cached = True  # type: ignore[attr-defined]
    Rule._compile_builder = compile_builder  # type: ignore[method-assign]


def cache_migration_scripts() -> None:
    """Make Alembic read the migration scripts once per process, not once per app.

    ``create_app`` runs ``alembic upgrade head`` on every test's database (a copy of one
    migrated file: it finds the schema current). Each run built a new
    ``ScriptDirectory``, which executes every revision file again to learn the revision
    map (~10 ms of CPU an app, ~1,500 apps a run). The scripts do not change during a
    run, so the directory is kept by its location; ``env.py`` still runs each time (it
    reads the run's own config and connection from the ``EnvironmentContext``)."""
    from alembic.script import ScriptDirectory

    original = ScriptDirectory.from_config.__func__  # type: ignore[attr-defined]
    if getattr(original, "campfire_cached", False):
        return
    kept: dict[tuple[Any, ...], ScriptDirectory] = {}

    def from_config(cls: type[ScriptDirectory], config: Any) -> ScriptDirectory:
        option = getattr(config, "get_alembic_option", config.get_main_option)
        key = (option("script_location"), option("version_locations"))
        script = kept.get(key)
        if script is None:
            script = kept[key] = original(cls, config)
        return script

    from_config.campfire_cached = True  # type: ignore[attr-defined]
    ScriptDirectory.from_config = classmethod(from_config)  # type: ignore[assignment,method-assign]


def _compile_options(environment: Any) -> tuple[Any, ...]:
    """Everything of an environment that its compiler reads (the rest is read when the
    template runs, from the environment it is loaded into)."""
    autoescape = environment.autoescape
    return (
        tuple(sorted(environment.extensions)),
        environment.block_start_string,
        environment.block_end_string,
        environment.variable_start_string,
        environment.variable_end_string,
        environment.comment_start_string,
        environment.comment_end_string,
        environment.line_statement_prefix,
        environment.line_comment_prefix,
        environment.trim_blocks,
        environment.lstrip_blocks,
        environment.newline_sequence,
        environment.keep_trailing_newline,
        environment.optimized,
        environment.is_async,
        environment.finalize is not None,
        autoescape if isinstance(autoescape, bool) else getattr(autoescape, "__qualname__", None),
        getattr(environment, "newstyle_gettext", None),
        environment.policies.get("ext.i18n.trimmed"),
    )


def cache_template_code() -> None:
    """Make Jinja compile each template once per process, not once per app.

    Each test's app has its own Jinja environment, which parsed and compiled every
    template it rendered again: about 60 % of a panel test's time (cProfile over
    tests/companion/panels/test_dogs_life.py), the same ~60 templates each time. Jinja's
    own bytecode cache keeps a template's code by its name, file and source checksum; here
    it lives in memory for the process and is keyed by the compiler's options too, so an
    app configured differently compiles its own. The code runs in each app's environment
    (its filters, globals and translations), as before; only the compiling is shared."""
    from flask import Flask
    from jinja2 import BytecodeCache
    from jinja2.bccache import Bucket

    original = Flask.create_jinja_environment
    if getattr(original, "campfire_cached", False):
        return

    class SharedCode(BytecodeCache):
        def __init__(self) -> None:
            self.codes: dict[tuple[Any, ...], Any] = {}

        def _key(self, bucket: Bucket) -> tuple[Any, ...]:
            return (bucket.key, bucket.checksum, _compile_options(bucket.environment))

        def load_bytecode(self, bucket: Bucket) -> None:
            bucket.code = self.codes.get(self._key(bucket))

        def dump_bytecode(self, bucket: Bucket) -> None:
            self.codes[self._key(bucket)] = bucket.code

    shared = SharedCode()

    def create_jinja_environment(self: Flask) -> Any:
        environment = original(self)
        environment.bytecode_cache = shared
        return environment

    create_jinja_environment.campfire_cached = True  # type: ignore[attr-defined]
    Flask.create_jinja_environment = create_jinja_environment  # type: ignore[method-assign]


_SQLITE_NORMAL = False


def sqlite_commits_without_fsync() -> None:
    """Every SQLite connection of the test process commits with ``synchronous=NORMAL``.

    In WAL mode SQLite's default (FULL) syncs the log to disk at each commit: ~12 ms a
    commit on the CI's kind of virtual disk (measured), thousands of commits a run, time
    the CPU sits idle. NORMAL syncs at checkpoints only; a committed transaction still
    survives the process being killed (what tests/companion/test_crash_and_servers.py
    proves, on servers this does not touch): only a power cut could lose one, which no
    test makes. Nothing a test asserts depends on it."""
    global _SQLITE_NORMAL
    if _SQLITE_NORMAL:
        return
    import sqlite3

    from sqlalchemy import event
    from sqlalchemy.engine import Engine

    def normal(dbapi_connection: Any, _record: Any) -> None:
        if isinstance(dbapi_connection, sqlite3.Connection):
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.close()

    event.listen(Engine, "connect", normal)
    _SQLITE_NORMAL = True


def cache_static_assets() -> None:
    """Make the companion read and compress its static files once per process, not once
    per app.

    ``serving.load_assets`` reads every file under ``companion/static``, hashes it and
    gzips the compressible ones: ~20 % of ``create_app``'s time (cProfile, ~1,500 apps a
    run), the same bytes each time. The result is kept by the folder and every file's
    name, size and modification time, so a file changed during the run (a debug app's
    edits) is read again; the assets are frozen dataclasses, safe to share."""
    from companion import serving

    original = serving.load_assets
    if getattr(original, "campfire_cached", False):
        return
    kept: dict[tuple[Any, ...], dict[str, Any]] = {}

    def load_assets(folder: Any = serving.STATIC) -> dict[str, Any]:
        files = sorted(folder.rglob("*"))
        key = (str(folder), *((str(p), p.stat().st_size, p.stat().st_mtime_ns) for p in files))
        if key not in kept:
            kept[key] = original(folder)
        return dict(kept[key])  # each app its own dict (of shared assets)

    load_assets.campfire_cached = True  # type: ignore[attr-defined]
    serving.load_assets = load_assets  # type: ignore[assignment]
