"""Print kits drawn outside the request (companion.print_jobs, issue 27 F7): the print form
files a job and sends the phone to the job's page, which says "preparing your kit…" and
polls until the kit is drawn, then offers the download. One kit in flight per phone, a
bounded queue (a sentence when full), bounded storage, bad input changes nothing.

Most tests give the app a stub pool that keeps the jobs it is handed until the test runs
them: the request must answer while its kit is still undrawn. One test (slow) uses the
real process pool."""

from __future__ import annotations

import html
import http.cookiejar
import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from companion_testkit import ASK, StubPool, app_config, text
from server_kit import Server

from companion import create_app, print_jobs, tables
from companion.pages import print_kit
from printgen import kit as printkit

PLAYERS = [{"name": n, "color": c} for n, c in (("Ann", "red"), ("Ben", "blue"), ("Cho", "green"))]
BUSY = "The server is busy making other kits. Please try again in a moment."


@pytest.fixture
def pooled(tmp_path):
    """(app, table id, stub pool): the app draws kits in a pool (here the stub)."""
    tables.clear_cache()
    app = create_app(app_config(tmp_path, CAMPFIRE_PRINT_WORKERS=1, CAMPFIRE_PRINT_QUEUE=2))
    with app.app_context():
        table = tables.create("lion-square", PLAYERS, None)
    pool = StubPool()
    print_jobs.for_app(app).executor = pool
    yield app, table.id, pool
    app.extensions["campfire.db"].dispose()


@pytest.fixture
def drawn(monkeypatch):
    """How many kits printgen drew, and in which phase: ``calls`` lists the labels."""
    calls: list[str] = []
    phase = {"now": "request"}
    real = printkit.render_kit

    def counting(*args: Any, **kwargs: Any) -> bytes:
        calls.append(phase["now"])
        return real(*args, **kwargs)

    monkeypatch.setattr(printkit, "render_kit", counting)
    return calls, phase


def phone_at(app, address: str) -> Any:
    """A new phone (no cookies yet) at client ``address``."""
    phone = app.test_client()
    phone.environ_base["REMOTE_ADDR"] = address
    return phone


def spool_files(app) -> list[str]:
    return sorted(p.name.rpartition(".")[2] for p in print_jobs.for_app(app).folder.iterdir())


def download_link(page: str) -> str:
    found = re.search(r'href="([^"]*/kit\.pdf[^"]*)"', page)
    assert found, "no download link"
    return html.unescape(found.group(1))


def test_the_form_answers_before_the_kit_is_drawn_then_the_page_offers_it(pooled, drawn):
    app, table_id, pool = pooled
    calls, phase = drawn
    client = app.test_client()
    asked = client.get(f"/t/{table_id}{ASK}")
    assert asked.status_code == 303
    job_url = asked.headers["Location"]
    assert job_url.startswith(f"/t/{table_id}/print/")
    # The request is over and nothing was drawn in it: the job waits in the pool.
    assert calls == [] and len(pool.jobs) == 1
    assert spool_files(app) == ["job"]
    waiting = client.get(job_url)
    page = waiting.get_data(as_text=True)
    assert waiting.status_code == 200
    assert 'data-state="running"' in page and "Preparing your kit…" in page
    # htmx polls the job (on the app's poll); without script the page refreshes itself.
    assert f'hx-get="{html.escape(job_url)}"' in page and 'hx-trigger="campfire:poll' in page
    assert '<noscript><meta http-equiv="refresh" content="2"></noscript>' in page
    assert "/kit.pdf" not in page
    early = client.get(job_url.replace("?", "/kit.pdf?", 1))  # not drawn yet: its page
    assert early.status_code == 303 and early.headers["Location"] == job_url
    phase["now"] = "pool"
    pool.run()
    assert calls == ["pool"]
    ready = client.get(job_url, headers={"HX-Request": "true"})
    page = ready.get_data(as_text=True)
    assert ready.status_code == 200 and 'data-state="ready"' in page
    assert "Your kit is ready." in page and "hx-get" not in page  # the polling stops
    link = download_link(page)
    assert f'<meta http-equiv="refresh" content="0;url={html.escape(link)}">' in page
    pdf = client.get(link)
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    assert pdf.headers["Content-Disposition"] == 'attachment; filename="lion-square-en-a4-H2.pdf"'
    assert pdf.headers["Cache-Control"] == "private, no-store"
    assert pdf.data.startswith(b"%PDF-")


def test_a_kit_asked_again_is_served_from_the_spool_byte_identical(pooled, drawn):
    app, table_id, pool = pooled
    calls, _phase = drawn
    first = app.test_client()
    job_url = first.get(f"/t/{table_id}{ASK}").headers["Location"]
    pool.run()
    kit = first.get(download_link(first.get(job_url).get_data(as_text=True))).data
    other = app.test_client()  # another phone, the same options
    again = other.get(f"/t/{table_id}{ASK}")
    assert again.headers["Location"] == job_url
    assert other.get(download_link(other.get(job_url).get_data(as_text=True))).data == kit
    assert len(pool.jobs) == 1 and len(calls) == 1  # drawn once


def test_one_kit_in_flight_per_phone(pooled):
    app, table_id, pool = pooled
    phone = app.test_client()
    job_url = phone.get(f"/t/{table_id}{ASK}").headers["Location"]
    # Another kit while the first is drawn: the same job, said so.
    second = phone.get(f"/t/{table_id}{ASK}&paper=letter")
    assert second.status_code == 303
    assert second.headers["Location"] == job_url + "&again=1"
    page = phone.get(second.headers["Location"]).get_data(as_text=True)
    assert "This phone is already preparing a kit: here it is." in page
    assert len(pool.jobs) == 1
    # Another phone is not held up by it; once drawn, this phone may ask again.
    other = phone_at(app, "10.0.0.2").get(f"/t/{table_id}{ASK}&paper=letter")
    assert other.status_code == 303 and len(pool.jobs) == 2
    # Nor does opening the page of another kit that is not filed (expired, another
    # server's) file that kit for this phone.
    other_url = other.headers["Location"]
    for job in print_jobs.for_app(app).folder.glob("*.job"):
        if job.stem in other_url:
            job.unlink()
    elsewhere = phone.get(other_url)
    assert elsewhere.status_code == 303
    assert elsewhere.headers["Location"] == job_url + "&again=1"
    assert len(pool.jobs) == 2
    pool.run()
    third = phone.get(f"/t/{table_id}{ASK}&copies=2")
    assert third.status_code == 303 and "again" not in third.headers["Location"]
    assert len(pool.jobs) == 3


def test_a_full_queue_is_a_sentence_and_files_nothing(pooled):
    app, table_id, pool = pooled  # CAMPFIRE_PRINT_QUEUE 2
    for n, paper in enumerate(("a4", "letter")):
        assert (
            phone_at(app, f"10.0.0.{n}").get(f"/t/{table_id}{ASK}&paper={paper}").status_code == 303
        )
    refused = phone_at(app, "10.0.0.9").get(f"/t/{table_id}{ASK}&copies=3")
    assert refused.status_code == 503
    assert BUSY in refused.get_data(as_text=True)
    # Its own pace (F7): not the rate limiter's window, nor a database outage's 2 s.
    assert refused.headers["Retry-After"] == str(print_kit.BUSY_RETRY_SECONDS) == "10"
    assert len(pool.jobs) == 2 and spool_files(app) == ["job", "job"]
    ja = phone_at(app, "10.0.0.9").get(
        f"/t/{table_id}{ASK}&copies=3", headers={"Accept-Language": "ja"}
    )
    assert "サーバーはほかのキットを作成中です" in text(ja)
    pool.run()  # drawn: the queue has room again
    assert phone_at(app, "10.0.0.9").get(f"/t/{table_id}{ASK}&copies=3").status_code == 303


def test_one_address_files_at_most_its_share_of_the_queue(tmp_path):
    """Phones without cookies at one address (each a new session, so the one-kit-per-phone
    rule never holds them) file half the queue at most; another address still files, and
    the address may ask again once its kits are drawn (issue 33, F7)."""
    tables.clear_cache()
    app = create_app(app_config(tmp_path, CAMPFIRE_PRINT_WORKERS=1, CAMPFIRE_PRINT_QUEUE=4))
    with app.app_context():
        table_id = tables.create("lion-square", PLAYERS, None).id
    pool = StubPool()
    print_jobs.for_app(app).executor = pool
    try:
        asks = [
            phone_at(app, "10.0.0.7").get(f"/t/{table_id}{ASK}&copies={copies}")
            for copies in (1, 2, 3)
        ]
        assert [ask.status_code for ask in asks] == [303, 303, 429]
        assert "being made already" in asks[2].get_data(as_text=True)
        assert asks[2].headers["Retry-After"] == "10"
        it = phone_at(app, "10.0.0.7").get(
            f"/t/{table_id}{ASK}&copies=4", headers={"Accept-Language": "it"}
        )
        assert it.status_code == 429 and "being made" not in it.get_data(as_text=True)
        assert len(pool.jobs) == 2  # the queue of 4 keeps room for the others
        assert phone_at(app, "10.0.0.8").get(f"/t/{table_id}{ASK}&copies=5").status_code == 303
        pool.run()
        again = phone_at(app, "10.0.0.7").get(f"/t/{table_id}{ASK}&copies=6")
        assert again.status_code == 303
    finally:
        app.extensions["campfire.db"].dispose()


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("copies=²", "Copies of each piece must be a whole number (1–20), not &#34;²&#34;"),
        ("copies=21", "Copies of each piece must be a whole number (1–20), not &#34;21&#34;"),
        ("paper=a3", "Paper size &#39;a3&#39; is not offered: choose A4 or US Letter."),
    ],
)
def test_bad_input_is_a_sentence_and_files_nothing(pooled, query, message):
    app, table_id, pool = pooled
    client = app.test_client()
    refused = client.get(f"/t/{table_id}/print?download=pdf&{query}")
    assert refused.status_code == 400
    assert message in refused.get_data(as_text=True)
    assert pool.jobs == [] and spool_files(app) == []
    with client.session_transaction() as session:
        assert "print_job" not in session


def test_a_job_url_with_other_options_is_a_404_sentence(pooled):
    app, table_id, pool = pooled
    client = app.test_client()
    job_url = client.get(f"/t/{table_id}{ASK}").headers["Location"]
    for tampered in (
        job_url.replace("copies=1", "copies=20"),
        job_url.replace("copies=1", "copies=x"),
    ):
        response = app.test_client().get(tampered)
        assert response.status_code == 404
        assert "This kit link is out of date." in response.get_data(as_text=True)
    stale = app.test_client().get(job_url.replace("?", "/kit.pdf?", 1).replace("a4", "letter"))
    assert stale.status_code == 404
    assert len(pool.jobs) == 1


def test_the_language_switcher_on_the_job_page_keeps_the_phones_job(pooled):
    app, table_id, _pool = pooled
    client = app.test_client()
    job_url = client.get(f"/t/{table_id}{ASK}").headers["Location"]
    switched = client.get(job_url.partition("?")[0] + "?lang=ja")  # the switcher's link
    assert switched.status_code == 303 and switched.headers["Location"] == job_url
    assert "キットを作成しています" in text(client.get(job_url))


def test_a_render_that_dies_fails_its_job_with_a_sentence_and_asking_again_refiles(pooled):
    app, table_id, pool = pooled
    client = app.test_client()
    job_url = client.get(f"/t/{table_id}{ASK}").headers["Location"]
    pool.fail()
    failed = client.get(job_url)
    assert failed.status_code == 400
    assert "Something went wrong on our side. Please try again." in failed.get_data(as_text=True)
    assert client.get(f"/t/{table_id}{ASK}").status_code == 303
    assert len(pool.jobs) == 2  # filed again


def test_printgens_refusal_shows_on_the_job_page(tmp_path):
    tables.clear_cache()
    app = create_app(app_config(tmp_path, CAMPFIRE_PUBLIC_URL="campfire.local"))
    with app.app_context():
        table = tables.create("lion-square", PLAYERS, None)
    client = app.test_client()
    page = client.get(f"/t/{table.id}{ASK}", follow_redirects=True)
    assert page.status_code == 400
    assert "This kit cannot be printed: the table URL must be" in page.get_data(as_text=True)
    app.extensions["campfire.db"].dispose()


# -- the spool --------------------------------------------------------------------------


def spool(tmp_path, **limits: Any) -> print_jobs.PrintJobs:
    settings = {"workers": 1, "queue": 4, "keep_seconds": 60.0, "store_bytes": 3000}
    settings.update(limits)
    return print_jobs.PrintJobs(tmp_path / "spool", job_seconds=60.0, **settings)


def age(path, seconds: float) -> None:
    moment = time.time() - seconds
    os.utime(path, (moment, moment))


def test_expired_results_and_dead_jobs_are_cleaned_and_the_store_is_bounded(tmp_path):
    jobs = spool(tmp_path)
    folder = jobs.folder
    for name, seconds in (("old", 120), ("a", 30), ("b", 20), ("c", 10)):
        (folder / f"{name}.pdf").write_bytes(b"x" * 1000)
        age(folder / f"{name}.pdf", seconds)
    (folder / "dead.job").touch()
    age(folder / "dead.job", 120)
    (folder / "dead.error").touch()
    age(folder / "dead.error", 120)
    (folder / "live.job").write_text(str(os.getpid()))
    assert jobs.status("dead").state is print_jobs.State.FAILED
    jobs.clean()
    # "old" expired; then 3000 bytes of results fit: a, b, c stay.
    assert sorted(p.name for p in folder.iterdir()) == ["a.pdf", "b.pdf", "c.pdf", "live.job"]
    (folder / "d.pdf").write_bytes(b"x" * 1000)
    jobs.clean()  # 4000 bytes: the oldest goes
    assert sorted(p.name for p in folder.glob("*.pdf")) == ["b.pdf", "c.pdf", "d.pdf"]
    assert jobs.in_flight() == 1


def test_a_dead_render_does_not_hold_its_job_or_the_queue(tmp_path):
    jobs = spool(tmp_path, queue=1)
    pool = StubPool()
    jobs.executor = pool
    assert jobs.submit("k1", {}).state is print_jobs.State.RUNNING
    with pytest.raises(print_jobs.QueueFull):
        jobs.submit("k2", {})
    age(jobs.folder / "k1.job", 120)  # its render died without a word
    assert jobs.status("k1").state is print_jobs.State.MISSING
    assert jobs.submit("k2", {}).state is print_jobs.State.RUNNING
    assert len(pool.jobs) == 2


def test_a_job_filed_by_a_worker_that_is_gone_is_dead_at_once(tmp_path):
    jobs = spool(tmp_path)
    jobs.executor = StubPool()
    jobs.submit("k1", {})
    assert (jobs.folder / "k1.job").read_text().split()[0] == str(os.getpid())
    assert jobs.status("k1").state is print_jobs.State.RUNNING
    gone = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (jobs.folder / "k1.job").write_text(gone)  # a server restarted since
    assert jobs.status("k1").state is print_jobs.State.MISSING
    assert jobs.in_flight() == 0


def test_the_key_follows_every_argument():
    base = {"game": "lion-square", "copies": 1, "only": None}
    assert print_jobs.kit_key(base) == print_jobs.kit_key(dict(reversed(base.items())))
    for changed in ({"copies": 2}, {"only": ("H2",)}, {"game": "bison"}):
        assert print_jobs.kit_key({**base, **changed}) != print_jobs.kit_key(base)


def test_the_default_pool_leaves_a_core_to_the_web_workers(monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 2)
    assert print_jobs.default_workers() == 1
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    assert print_jobs.default_workers() == 1
    monkeypatch.setattr(os, "cpu_count", lambda: 8)
    assert print_jobs.default_workers() == 7


# -- the real pool ----------------------------------------------------------------------


@pytest.mark.slow
def test_the_real_pool_draws_the_kit_in_another_process(tmp_path):
    tables.clear_cache()
    app = create_app(app_config(tmp_path, CAMPFIRE_PRINT_WORKERS=1))
    with app.app_context():
        table = tables.create("lion-square", PLAYERS, None)
    client = app.test_client()
    job_url = client.get(f"/t/{table.id}{ASK}").headers["Location"]
    jobs = print_jobs.for_app(app)
    try:
        for _attempt in range(600):  # bounded: 60 s for a spawned interpreter and one card
            page = client.get(job_url).get_data(as_text=True)
            if 'data-state="running"' not in page:
                break
            time.sleep(0.1)
        assert 'data-state="ready"' in page, page
        pdf = client.get(download_link(page))
        assert pdf.status_code == 200 and pdf.data.startswith(b"%PDF-")
        assert not list(jobs.folder.glob("*.job"))
    finally:
        jobs.executor.shutdown()
        app.extensions["campfire.db"].dispose()


@pytest.mark.slow
def test_campfire_serve_draws_kits_in_its_pool_under_gevent(tmp_path):
    """The real thing: `campfire serve --print-workers 1` (gevent workers; the pool's
    processes are spawned, and must not run the command line again)."""
    env = {"CAMPFIRE_PRINT_FOLDER": str(tmp_path / "kits"), "CAMPFIRE_PRINT_WORKERS": "1"}
    with Server(f"sqlite:///{tmp_path / 'serve.sqlite3'}", env=env) as server:
        server.wait_until_up()
        for _attempt in range(300):  # bounded: 30 s; started at boot, before any kit
            if pool_processes(server.process.pid):
                break
            time.sleep(0.1)
        assert len(pool_processes(server.process.pid)) == 1  # 1 worker x 1 pool process
        phone = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        made = urllib.request.Request(
            server.url + "/api/v1/tables",
            data=json.dumps({"game": "lion-square", "players": PLAYERS}).encode(),
            headers={"Content-Type": "application/json"},
        )
        table_id = json.load(phone.open(made, timeout=10))["id"]
        with phone.open(f"{server.url}/t/{table_id}{ASK}", timeout=10) as answer:
            job_url = answer.url  # the form's 303, followed
            page = answer.read().decode()
        for _attempt in range(600):  # bounded: 60 s
            if 'data-state="running"' not in page:
                break
            time.sleep(0.1)
            page = phone.open(job_url, timeout=10).read().decode()
        assert 'data-state="ready"' in page, page
        with phone.open(server.url + download_link(page), timeout=10) as pdf:
            assert pdf.read().startswith(b"%PDF-")
    assert not list((tmp_path / "kits").glob("*.job"))


def pool_processes(master: int) -> list[int]:
    """The print pool processes under a `campfire serve` master (its workers' children)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            ppid = int(stat.read_text().split(")")[1].split()[1])
            grand = int(
                (stat.parent.parent / str(ppid) / "stat").read_text().split(")")[1].split()[1]
            )
            command = (stat.parent / "cmdline").read_bytes()
        except (OSError, ValueError, IndexError):
            continue
        if grand == master and b"spawn_main" in command:
            found.append(int(stat.parent.name))
    return found


def test_serve_refuses_a_negative_print_pool_in_one_line(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "campfire", "serve", "--print-workers", "-1"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env={**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}"},
    )
    assert done.returncode == 2
    assert done.stderr == "error: --print-workers must be 0 or more, not -1\n"


#: A worker process that files a kit whose slot is taken, waits until its pool process
#: is in the job (its watch thread runs), names it, and dies as a worker killed by gunicorn.
ORPHANING_WORKER = """
import concurrent.futures, multiprocessing, os, sys, time
from pathlib import Path
from companion import print_jobs
pool = concurrent.futures.ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"))
pool.submit(print_jobs.render_job, sys.argv[1], "k", {}, 1)
for _attempt in range(1200):  # 60 s at most
    pids = list(pool._processes)
    status = Path(f"/proc/{pids[0]}/status").read_text() if pids else ""
    if "Threads:\t2" in status:
        break
    time.sleep(0.05)
print(*pids, flush=True)
os._exit(0)
"""


@pytest.mark.slow
def test_a_pool_process_ends_with_the_worker_that_started_it(tmp_path):
    import fcntl

    with open(tmp_path / "slot-0.lock", "a+b") as slot:
        fcntl.flock(slot, fcntl.LOCK_EX)  # the kit waits for this slot
        named = tmp_path / "pool-pid"
        with named.open("w") as out:  # a file, not a pipe: the pool process inherits it
            worker = subprocess.Popen(
                [sys.executable, "-c", ORPHANING_WORKER, str(tmp_path)], stdout=out
            )
            assert worker.wait(timeout=120) == 0
        (pid,) = map(int, named.read_text().split())
        for _attempt in range(100):  # bounded: 10 s; the watch looks every second
            if not print_jobs._alive(pid) or _zombie(pid):
                break
            time.sleep(0.1)
        assert not print_jobs._alive(pid) or _zombie(pid), "the pool process outlived its worker"


def _zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split(")")[1].split()[0] == "Z"
    except FileNotFoundError:
        return False
