"""How the photo upload is received, read and answered (issue 33, F3, F3b, F4): a file no
photo decoder of ours opens, or of a size no board can have, is refused from its header
(no process started, no Ghostscript); a photo is read in a process of its own
(companion.photo_jobs) that leaves nothing in the spool, is killed past its limits and
crashes without a 500; the route is rate-limited (429, Retry-After, translated); a server
reading others' photos says it is busy (503, Retry-After)."""

from __future__ import annotations

import fcntl
import http.cookiejar
import io
import multiprocessing
import re
import signal
import threading
import time
import urllib.error
import urllib.request

import pytest
from bison_panel import base
from bison_photos import NEW_TILE, placed
from companion_testkit import app_config, get, text
from hostile_photos import HOSTILE, crash, forbid_processes
from server_kit import Server, post_json

from companion import create_app, photo_jobs, tables
from reader import bison, isolated

PLAYERS = [{"name": "Ann", "color": "red"}, {"name": "Ben", "color": "blue"}]
#: What the page says for each kind of header refusal.
SAYS = {
    "not-image": "not a photo Campfire can read",
    "too-small": "too small to show a board",
    "too-narrow": "too long and narrow",
    "too-many-pixels": "too many pixels",
}


def send(client, table_id, content, headers=None):
    return client.post(
        f"{base(table_id)}/photo",
        data={"photo": (io.BytesIO(content), "board.jpg")},
        content_type="multipart/form-data",
        headers=headers or {},
    )


@pytest.fixture
def served(tmp_path, request):
    """(app, table id): a Bison table on an app with ``request.param``'s settings."""
    tables.clear_cache()
    app = create_app(app_config(tmp_path, **getattr(request, "param", {})))
    with app.app_context():
        table = tables.create("bison", PLAYERS, None)
    yield app, table.id
    app.extensions["campfire.db"].dispose()


def spool(app):
    """The spool's files but the slot locks: what a photo left behind."""
    folder = photo_jobs.for_app(app).folder
    return sorted(p.name for p in folder.iterdir() if not p.name.startswith("slot-"))


POOL = {"CAMPFIRE_PHOTO_WORKERS": 1}


# -- refused from the header -----------------------------------------------------------


@pytest.mark.parametrize("served", [{}, POOL], indirect=True, ids=["in-request", "pool"])
@pytest.mark.parametrize(("name", "make", "kind"), HOSTILE, ids=[h[0] for h in HOSTILE])
def test_a_hostile_upload_is_refused_from_its_header_without_a_process(
    served, monkeypatch, name, make, kind
):
    app, table_id = served
    client = app.test_client()
    content = make()
    version = get(app, table_id).version
    forbid_processes(monkeypatch)  # neither Ghostscript nor the photo's own process
    response = send(client, table_id, content)
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert SAYS[kind] in text(response) and 'type="file"' in page
    assert get(app, table_id).version == version
    assert spool(app) == []
    # The server keeps answering (the detector's crash took the worker with it: F3b).
    assert client.get(f"/t/{table_id}").status_code == 200


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"", "The photo is empty"),
        (placed("red")[:5000], "truncated or damaged"),
        (b"\xff\xd8\xff" + b"\0" * 100, "not a photo Campfire can read"),
    ],
)
def test_empty_truncated_and_garbled_uploads_are_a_sentence(served, content, says):
    app, table_id = served
    response = send(app.test_client(), table_id, content)
    assert response.status_code == 422 and says in text(response)


def test_a_refusal_speaks_the_phones_language(served):
    app, table_id = served
    client = app.test_client()
    tiny = HOSTILE[4][1]()  # 1 × 1
    for lang, words in (("ja", "写真が小さすぎて"), ("it", "La foto è troppo piccola")):
        response = send(client, table_id, tiny, headers={"Accept-Language": lang})
        assert response.status_code == 422 and words in text(response)


def test_the_page_has_a_hidden_reading_status_its_script_shows_on_sending(served):
    app, table_id = served
    page = app.test_client().get(f"{base(table_id)}/photo", headers={"Accept-Language": "ja"})
    html = page.get_data(as_text=True)
    status = re.search(r"<p [^>]*data-bison-photo-reading[^>]*>([^<]*)</p>", html)
    assert status and "is-hidden" in status[0] and 'role="status"' in status[0]
    assert status[1] == "写真を読み取っています…数秒かかります。"
    assert "bison_photo" in html  # the script that shows it


# -- the rate limit -----------------------------------------------------------------------


@pytest.mark.parametrize("served", [{"PHOTO_RATE_LIMIT": "2 per minute"}], indirect=True)
def test_past_the_rate_limit_a_photo_is_refused_with_retry_after(served):
    app, table_id = served
    client = app.test_client()
    tiny = HOSTILE[4][1]()
    assert [send(client, table_id, tiny).status_code for _ in range(2)] == [422, 422]
    refused = send(client, table_id, tiny, headers={"Accept-Language": "ja"})
    assert refused.status_code == 429
    assert int(refused.headers["Retry-After"]) > 0
    assert "試行回数が多すぎます" in text(refused)
    # Only the photo route is limited: the table still answers.
    assert client.get(f"/t/{table_id}").status_code == 200


# -- the photo's own process ---------------------------------------------------------------


def children() -> set[int]:
    """The pids of this process's live children (another test's pool may still run one)."""
    return {child.pid for child in multiprocessing.active_children() if child.pid is not None}


@pytest.mark.parametrize("served", [POOL], indirect=True)
def test_a_photo_is_read_in_its_own_process_and_leaves_nothing_in_the_spool(served):
    app, table_id = served
    client = app.test_client()
    before = children()
    response = send(client, table_id, placed("red"))
    assert response.status_code == 200
    assert NEW_TILE in text(response) and "Ann" in text(response)
    assert 'src="data:image/jpeg;base64,' in response.get_data(as_text=True)
    assert spool(app) == []
    assert children() <= before
    # The same reading as in the request (the JSON between the two loses nothing).
    prior = None
    with app.app_context():
        apart = photo_jobs.for_app(app).read(placed("red"), prior)
    here = bison.read(placed("red"), prior)
    assert apart.as_json(["red"]) == here.as_json(["red"])
    assert apart.clashes == here.clashes and apart.moved == here.moved
    assert apart.homography is not None and here.homography is not None
    assert abs(apart.homography - here.homography).max() == 0


@pytest.mark.parametrize("served", [{**POOL, "CAMPFIRE_PHOTO_SECONDS": 0.05}], indirect=True)
def test_a_photo_past_its_time_is_killed_and_answered_with_a_sentence(served):
    app, table_id = served
    version = get(app, table_id).version
    before = children()
    response = send(app.test_client(), table_id, placed("red"))
    assert response.status_code == 422
    assert "took too long: it was stopped" in text(response)
    assert children() <= before  # killed and gone
    assert spool(app) == []
    assert get(app, table_id).version == version


@pytest.mark.parametrize("served", [{**POOL, "CAMPFIRE_PHOTO_MEMORY_MB": 64}], indirect=True)
def test_a_photo_past_its_memory_is_stopped_and_answered_with_a_sentence(served):
    app, table_id = served
    response = send(app.test_client(), table_id, placed("red"))
    assert response.status_code == 422
    assert "needed too much memory: it was stopped" in text(response)
    assert spool(app) == []


@pytest.mark.parametrize("served", [POOL], indirect=True)
def test_a_crashed_reading_is_a_refused_photo_never_a_500(served, monkeypatch, caplog):
    """A segmentation fault in the reading process (as the detector had on a 1 × 1 PNG)."""
    app, table_id = served
    client = app.test_client()
    monkeypatch.setattr(isolated, "run", crash)
    response = send(client, table_id, placed("red"))
    assert response.status_code == 422 and "could not be read" in text(response)
    assert f"without an answer (-{signal.SIGSEGV})" in caplog.text
    assert spool(app) == []
    assert client.get(f"/t/{table_id}").status_code == 200


@pytest.mark.parametrize(
    "served", [{**POOL, "CAMPFIRE_PHOTO_SECONDS": 0.2, "CAMPFIRE_PHOTO_QUEUE": 1}], indirect=True
)
def test_a_server_reading_other_photos_says_it_is_busy(served):
    app, table_id = served
    jobs = photo_jobs.for_app(app)
    with open(jobs.folder / "slot-0.lock", "a+b") as held:  # another worker's photo
        fcntl.flock(held, fcntl.LOCK_EX)
        response = send(app.test_client(), table_id, placed("red"))
        assert response.status_code == 503
        assert int(response.headers["Retry-After"]) > 0
        assert "busy reading other photos" in text(response)
        jobs.in_hand = 2  # one read and one waiting in this worker already: no wait
        with pytest.raises(photo_jobs.PhotoBusy):
            jobs.read(placed("red"), None)
    assert spool(app) == []


# -- under campfire serve ------------------------------------------------------------------


def multipart(fields: dict[str, str], photo: bytes) -> tuple[bytes, str]:
    boundary = "campfire-test-boundary"
    parts = [
        f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        for name, value in fields.items()
    ]
    parts.append(
        f'--{boundary}\r\nContent-Disposition: form-data; name="photo"; filename="board.jpg"'
        "\r\nContent-Type: image/jpeg\r\n\r\n".encode()
        + photo
        + f"\r\n--{boundary}--\r\n".encode()
    )
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


@pytest.mark.slow
def test_campfire_serve_reads_a_photo_apart_while_the_worker_answers_others(tmp_path):
    """The real thing: a gevent worker spawns the photo's process and waits for it
    cooperatively; a hostile photo never stops the worker; nothing stays in the spool."""
    folder = tmp_path / "photos"
    env = {
        "CAMPFIRE_PHOTO_FOLDER": str(folder),
        "CAMPFIRE_PHOTO_WORKERS": "1",
        "CAMPFIRE_PRINT_WORKERS": "0",
    }
    with Server(f"sqlite:///{tmp_path / 'serve.sqlite3'}", env=env) as server:
        server.wait_until_up()
        phone = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )
        table_id = post_json(server.url + "/api/v1/tables", {"game": "bison", "players": PLAYERS})[
            "id"
        ]
        page_url = f"{server.url}{base(table_id)}/photo"
        page = phone.open(page_url, timeout=10).read().decode()
        token = re.search(r'name="csrf_token" value="([^"]+)"', page)[1]

        def upload(content: bytes) -> tuple[int, str]:
            body, kind = multipart({"csrf_token": token}, content)
            asked = urllib.request.Request(
                page_url, data=body, headers={"Content-Type": kind, "Referer": page_url}
            )
            try:
                with phone.open(asked, timeout=120) as answer:
                    return answer.status, answer.read().decode()
            except urllib.error.HTTPError as error:
                return error.code, error.read().decode()

        answered: list[int] = []
        reading = threading.Thread(target=lambda: answered.append(upload(placed("red"))[0]))
        reading.start()
        polls = []
        while reading.is_alive():  # another phone, on the same (only) worker
            with urllib.request.urlopen(server.url + "/healthz", timeout=30) as health:
                polls.append(health.status)
            time.sleep(0.05)
        reading.join()
        assert answered == [200] and polls and set(polls) == {200}
        for hostile in (HOSTILE[0][1](), HOSTILE[4][1](), HOSTILE[6][1]()):  # EPS, 1×1, 24M×2
            status, shown = upload(hostile)
            assert status == 422 and "Traceback" not in shown
        with urllib.request.urlopen(server.url + "/healthz", timeout=10) as health:
            assert health.status == 200
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith("slot-")) == []
