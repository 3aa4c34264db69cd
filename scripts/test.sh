#!/usr/bin/env bash
# Installs everything the test suite needs on a fresh Debian machine, then runs it:
# Debian packages when missing, a virtualenv in .venv with the project and its test extras,
# `ruff check`, `ruff format --check`, `mypy --strict games printgen companion campfire`, and
# the pytest suite. Extra arguments go to pytest:
# `./scripts/test.sh -m "not slow"` is the fast loop (no browser, PostgreSQL or PDF tests);
# pytest runs in two processes unless an -n is given.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
if [ ${#missing[@]} -gt 0 ]; then
    echo "Installing Debian packages: ${missing[*]}"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi

if [ ! -x .venv/bin/python ]; then
    python3 -m venv .venv
fi
# pip runs when the venv is new or the project's dependencies changed since it last ran
# (a stamp of pyproject.toml and setup.py in the venv): not on every run of the loop.
stamp=".venv/.campfire-installed"
wanted=$(cat pyproject.toml setup.py | sha256sum | cut -d' ' -f1)
# --no-compile: pip would byte-compile every installed module into site-packages, and no
# run below reads those files (PYTHONPYCACHEPREFIX, below, keeps byte code in the venv's
# own tree): on a fresh machine that was most of the install's time (measured: 110 s
# against 36 s on a loaded 2-core machine).
if [ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]; then
    .venv/bin/python -m pip install -q --no-compile --upgrade pip
    .venv/bin/python -m pip install -q --no-compile -e '.[test]'
    echo "$wanted" > "$stamp"
fi

# Byte code is kept between runs, in the venv (out of the tree), even where the
# environment says PYTHONDONTWRITEBYTECODE: without it every pytest process (each xdist
# worker) rewrites every test module's asserts and compiles the sources again, and so
# does every server and command the tests start (~8 s of CPU a worker for collecting
# tests/companion and tests/games alone, measured).
unset PYTHONDONTWRITEBYTECODE
export PYTHONPYCACHEPREFIX="$PWD/.venv/pycache"

# PostgreSQL for the companion's concurrency tests: start the local cluster when it is
# installed but not running, and create the test role and database (idempotent).
if command -v pg_lsclusters >/dev/null 2>&1; then
    pg_lsclusters --no-header 2>/dev/null | while read -r ver name _port status _rest; do
        if [ "$status" != "online" ]; then $SUDO pg_ctlcluster "$ver" "$name" start || true; fi
    done
    if [ "$(id -u)" -eq 0 ] || command -v sudo >/dev/null 2>&1; then
        run_pg() { if [ "$(id -u)" -eq 0 ]; then su postgres -c "psql -q"; else sudo -u postgres psql -q; fi; }
        run_pg <<'SQL' >/dev/null 2>&1 || true
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'campfire') THEN
    CREATE ROLE campfire LOGIN PASSWORD 'campfire';
  END IF;
END $$;
SQL
        echo "CREATE DATABASE campfire_test OWNER campfire;" | run_pg >/dev/null 2>&1 || true
    fi
fi

.venv/bin/ruff check .
.venv/bin/ruff format --check .
# mypy runs in the background, beside pytest (one core of a cold `mypy --strict` is ~20 s
# of CPU), and its verdict is read at the end: the two cores are both busy from the start.
mypy_log=$(mktemp)
.venv/bin/mypy --strict games printgen companion campfire >"$mypy_log" 2>&1 &
mypy_pid=$!
# On a clean checkout no byte code is kept yet: each xdist worker would rewrite every test
# module's asserts and compile the sources itself (~18 s of CPU a worker, ~7 s warm,
# measured). One collection beside mypy writes them once for both workers.
if [ ! -d "$PYTHONPYCACHEPREFIX$PWD/tests" ]; then
    .venv/bin/python -m pytest --collect-only -q -p no:cacheprovider >/dev/null 2>&1 || true
fi
# Two processes by default (pytest-xdist; the machine CI runs on has two cores): the whole
# suite grew past 4,000 tests. Pass your own -n (e.g. -n 0) to choose.
# The last line says how many passed and how long this whole script took (installing,
# linting and type checking included): `suite: N passed in M min S s`. The count comes
# from conftest.py, which writes it to CAMPFIRE_SUITE_COUNT.
count_file=$(mktemp)
trap 'rm -f "$count_file" "$mypy_log"' EXIT
status=0
case " $* " in
    *" -n "*|*" -n"[0-9a]*|*" --numprocesses"*) extra=() ;;
    *) extra=(-n 2) ;;
esac
CAMPFIRE_SUITE_COUNT="$count_file" .venv/bin/python -m pytest "${extra[@]}" "$@" || status=$?
mypy_status=0
wait "$mypy_pid" || mypy_status=$?
cat "$mypy_log"
if [ "$mypy_status" -ne 0 ]; then
    echo "mypy --strict found errors (above)"
    status=1
fi
passed=$(cat "$count_file" 2>/dev/null)
echo "suite: ${passed:-0} passed in $((SECONDS / 60)) min $((SECONDS % 60)) s"
exit "$status"
