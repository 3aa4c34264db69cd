"""Suite-wide test settings (at the repository root: a tests/conftest.py would put tests/ on
sys.path, where tests/games would shadow the real games package)."""

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Property tests check what is computed, never how fast: on a loaded 2-core CI machine a
# per-example deadline only turns slowness into false failures (timing belongs in bench/).
settings.register_profile("campfire", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("campfire")


def pytest_configure(config: pytest.Config) -> None:
    # ~1,500 apps a run: werkzeug's URL builders compiled once per process, not per app
    # (tests/support/app_builds.py says why that is safe).
    # Alembic's migration scripts are read once per process too.
    # Each template is compiled once per process too, not once per app, and the static
    # files are read and compressed once; and the tests' SQLite files commit without a
    # disk sync each time.
    import made_once
    from app_builds import (
        cache_migration_scripts,
        cache_static_assets,
        cache_template_code,
        cache_url_builders,
        sqlite_commits_without_fsync,
    )

    cache_url_builders()
    cache_migration_scripts()
    # Synthetic photos and the kit faces they are painted from, made once per checkout
    # and kept (tests/support/made_once.py: keyed by every file they are made from), not
    # once per worker and run. Kept beside the byte code, out of the tree.
    if made_once.VARIABLE not in os.environ:
        venv = config.rootpath / ".venv"
        base = venv if venv.is_dir() else Path(tempfile.gettempdir())
        os.environ[made_once.VARIABLE] = str(base / "campfire-test-cache")
    cache_template_code()
    cache_static_assets()
    sqlite_commits_without_fsync()


# -- markers: applied here, by directory, fixture or module, never by hand ----------------
# `./scripts/test.sh -m "not slow"` is the fast loop (docs/architecture.md); the suite as a
# whole still runs everything.

#: Fixtures that reach the local PostgreSQL server (tests/companion/conftest.py).
PG_FIXTURES = frozenset({"pg_url", "pg_server_url"})
#: The parameter value of a test's PostgreSQL run (``any_app``, ``database``).
POSTGRESQL = "postgresql"
#: Modules whose tests take seconds each: drawing and rasterising whole PDF kits, the
#: served app under gunicorn (and `campfire serve` refusing bad settings), servers killed
#: and raced, a built wheel, many writers racing, fuzzing every route, walking every
#: screen of every game with hostile input, every change of every secret pair through the
#: API (~3 s of CPU a test, ~20 % of the fast loop's companion tests, measured), the
#: reader on whole 2-3 MP photos (~1.4 s of CPU a photo).
SLOW_MODULES = frozenset(
    {
        "tests/companion/tables/test_companion_concurrency.py",
        "tests/companion/tables/test_secret_refusals.py",
        "tests/companion/pages/test_companion_print.py",
        "tests/companion/test_companion_serve.py",
        "tests/companion/test_crash_and_servers.py",
        "tests/companion/test_fuzz_routes.py",
        "tests/companion/pages/test_secret_refusals_pages.py",
        "tests/companion/test_security.py",
        "tests/companion/test_sqlite_waits.py",
        "tests/companion/test_startup_race.py",
        "tests/printgen/test_print_city.py",
        "tests/printgen/test_print_grey.py",
        "tests/printgen/test_print_kits.py",
        "tests/printgen/test_print_legibility.py",
        "tests/printgen/test_print_markers.py",
        "tests/printgen/test_print_messages.py",
        "tests/printgen/test_print_paper.py",
        "tests/printgen/test_print_rules.py",
        "tests/printgen/test_print_sizes.py",
        "tests/printgen/test_print_tts_images.py",
        "tests/reader/test_bison_reader.py",
        "tests/reader/test_visibility.py",
        "tests/campfire/test_cli_failures.py",
        "tests/test_packaging.py",
        "tests/test_xdist_groups.py",
    }
)

#: Single tests that take seconds in otherwise quick modules (by module, the names'
#: beginnings): each `campfire score` CLI test starts a Python process (40 of them, ~30 %
#: of tests/games' time, measured), and three searches recompute what is checked in (the
#: printed and the screen tile geometry) or brute-force every cheaper answer (another
#: ~15 %). Slow, so out of the fast loop only.
SLOW_TESTS = {
    "tests/games/bison/test_contract.py": ("test_cli_",),
    "tests/games/hunting_age/test_hunting_age_contract.py": ("test_cli_",),
    "tests/games/lion_square/test_lion_square_contract.py": ("test_cli_",),
    "tests/games/bison/test_art_data.py": ("test_the_checked_in_data_is_what_the_searches",),
    "tests/games/bison/test_geometry_data.py": ("test_the_checked_in_data_is_what_the_searches",),
    "tests/games/bison/test_explain_search.py": ("test_the_proposed_explanation_is_the_cheap",),
    # A `campfire serve` process refusing a setting; a second Python process writing to
    # the table a stream listens to; hypothesis posting random JSON through two edges (80
    # tables): seconds each, the rest of their modules are quick.
    "tests/companion/pages/test_print_jobs.py": ("test_serve_refuses_",),
    "tests/companion/live/test_live.py": ("test_sqlite_another_process_",),
    "tests/companion/tables/test_typed_changes.py": ("test_each_edge_reads_an_event_",),
    # Every point of five printed tiles (rasterised at 300 dpi) against the reader's space.
    "tests/reader/test_one_geometry.py": ("test_every_printed_point_",),
}

#: Modules whose module-scoped fixtures cost seconds — a built wheel and its venv, a
#: pybabel extraction, a fuzzed app's tables, rendered kits, synthetic photos, served
#: companions, a Tabletop Simulator export with its images (~22 s of CPU: it was built on
#: both workers), the reach tests' tables: each runs on one xdist worker (``--dist
#: loadgroup``, pyproject's addopts) so its fixtures are built once, not once on each
#: worker. Everything else is handed out test by test.
ONE_WORKER_MODULES = frozenset(
    {
        "tests/browser/test_offline_taps_browser.py",
        "tests/browser/test_print_kit_browser.py",
        "tests/browser/test_push_browser.py",
        "tests/browser/test_reach_browser.py",
        "tests/companion/test_fuzz_routes.py",
        "tests/companion/test_translations.py",
        "tests/printgen/test_print_grey.py",
        "tests/printgen/test_print_messages.py",
        "tests/printgen/test_print_tts_images.py",
        "tests/reader/test_bison_reader.py",
        "tests/reader/test_visibility.py",
        "tests/test_packaging.py",
    }
)


#: The modules with the longest single tests or fixtures, longest first (each a minute or
#: more of one worker's time, measured): handed out before every other heavy module, so
#: that no worker starts one of them while the other has only minutes of work left.
LONGEST_FIRST = (
    "tests/companion/test_fuzz_routes.py",
    "tests/companion/test_crash_and_servers.py",
    "tests/companion/test_startup_race.py",
    "tests/companion/test_db_faults.py",
)


def _on_postgresql(item: pytest.Item) -> bool:
    """A test run once per database (``any_app`` or a ``database`` parameter), in its
    PostgreSQL run: it asks for the server through ``request.getfixturevalue``, which the
    fixture names do not show."""
    callspec = getattr(item, "callspec", None)
    return callspec is not None and POSTGRESQL in callspec.params.values()


def _heavy(where: str) -> bool:
    """A module whose tests take seconds each (browser flows, PDF kits, served apps)."""
    return where.startswith("tests/browser/") or where in SLOW_MODULES


@pytest.hookimpl(tryfirst=True)  # before xdist's worker reads the xdist_group marks
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    root = config.rootpath

    # The heavy modules first, the quick ones after, each module kept whole (its module
    # fixtures built once): xdist hands tests out in this order, so the last minutes are
    # thousands of quick tests both workers share, not one worker finishing a browser flow
    # or a wheel build while the other waits. A stable sort: every worker sees one order.
    # The longest of all lead (LONGEST_FIRST's order).
    def order(item: pytest.Item) -> tuple[bool, int]:
        where = item.path.relative_to(root).as_posix()
        longest = LONGEST_FIRST.index(where) if where in LONGEST_FIRST else len(LONGEST_FIRST)
        return (not (_heavy(where) or where in LONGEST_FIRST), longest)

    items.sort(key=order)
    for item in items:
        where = item.path.relative_to(root).as_posix()
        if where.startswith("tests/browser/"):
            item.add_marker(pytest.mark.browser)
            item.add_marker(pytest.mark.slow)
        if PG_FIXTURES & set(getattr(item, "fixturenames", ())) or _on_postgresql(item):
            item.add_marker(pytest.mark.pg)
            item.add_marker(pytest.mark.slow)
        if where in SLOW_MODULES or item.name.startswith(SLOW_TESTS.get(where, ("\0",))):
            item.add_marker(pytest.mark.slow)
        if where in ONE_WORKER_MODULES:
            item.add_marker(pytest.mark.xdist_group(where))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """How many tests passed, for scripts/test.sh's last line (``suite: N passed in …``):
    written to the file CAMPFIRE_SUITE_COUNT names, by the process that reports (with
    xdist, the controller; a worker reports nothing)."""
    target = os.environ.get("CAMPFIRE_SUITE_COUNT")
    if target and not hasattr(terminalreporter.config, "workerinput"):
        passed = len(terminalreporter.stats.get("passed", []))
        Path(target).write_text(f"{passed}\n", encoding="utf-8")
