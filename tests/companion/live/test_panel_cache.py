"""The panel render cache (companion.live, companion.pages.panel.panel_markup): a
changed table renders its panel once per (table, version, language, variant) however many
phones poll; it never serves a stale version or another language; each phone still gets its
own seat and its own CSRF token; posts without JavaScript still pass CSRF."""

from __future__ import annotations

import re
import threading
import time

import pytest
from companion_testkit import FAKE, app_config

from companion import create_app, live, tables
from companion.live import CSRF_PLACEHOLDER, personalise
from companion.live._renders import RenderCache
from companion.pages import panel

HTMX = {"HX-Request": "true"}
VERSION = re.compile(r'id="panel"[^>]*data-version="(\d+)"')
META_TOKEN = re.compile(r'<meta name="csrf-token" content="([^"]+)"')
FORM_TOKEN = re.compile(r'name="csrf_token" value="([^"]+)"')


def cache(app) -> RenderCache:
    return app.extensions[live.PANEL_CACHE]


def change(app, table_id: str, delta: int = 1, seat: int = 0) -> tables.TableView:
    with app.app_context():
        return tables.append(
            table_id, {"type": "adjust", "seat": seat, "counter": "points", "delta": delta}
        )


def poll(client, table_id: str, seen: int, lang: str = "en"):
    return client.get(f"/t/{table_id}?v={seen}", headers={**HTMX, "Accept-Language": lang})


def shown_version(response) -> int:
    return int(VERSION.search(response.get_data(as_text=True)).group(1))


# -- RenderCache ------------------------------------------------------------------------


def test_cache_renders_a_key_once_and_keeps_the_latest_keys():
    store = RenderCache(2)
    calls: list[str] = []

    def render(text: str):
        return lambda: (calls.append(text) or text, True)

    assert store.get("a", render("A")) == "A"
    assert store.get("a", render("other")) == "A"  # a hit: not rendered again
    store.get("b", render("B"))
    store.get("a", render("A"))  # a is now the most recent
    store.get("c", render("C"))  # evicts b, the least recent
    assert len(store) == 2
    assert store.get("b", render("B2")) == "B2"
    assert calls == ["A", "B", "C", "B2"]
    assert store.renders == 4


def test_cache_does_not_keep_what_render_refuses():
    store = RenderCache(4)
    assert store.get("k", lambda: ("secret", False)) == "secret"
    assert len(store) == 0
    assert store.get("k", lambda: ("clean", True)) == "clean"


def test_cache_renders_once_when_many_ask_at_the_same_moment():
    store = RenderCache(4)
    started = threading.Event()

    def slow() -> tuple[str, bool]:
        started.set()
        time.sleep(0.05)
        return "panel", True

    results: list[str] = []
    threads = [
        threading.Thread(target=lambda: results.append(store.get("k", slow))) for _ in range(8)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=10)
    assert results == ["panel"] * 8
    assert store.renders == 1


def test_cache_frees_the_key_when_render_fails():
    store = RenderCache(4)

    def broken() -> tuple[str, bool]:
        raise RuntimeError("template error")

    with pytest.raises(RuntimeError):
        store.get("k", broken)
    assert store.get("k", lambda: ("fine", True)) == "fine"


def test_personalise_fills_the_token_and_opens_only_this_phones_seat():
    markup = (
        f'<input name="csrf_token" value="{CSRF_PLACEHOLDER}">'
        '<details data-open-seat="0"></details><details data-open-seat="1"></details>'
    )
    mine = personalise(markup, csrf_token="tok", seat=1)
    assert CSRF_PLACEHOLDER not in mine and 'value="tok"' in mine
    assert '<details data-open-seat="1" open>' in mine
    assert '<details data-open-seat="0">' in mine
    watching = personalise(markup, csrf_token="tok", seat=None)
    assert " open" not in watching


# -- one render per change, never stale ------------------------------------------------


@pytest.fixture
def table(make_table):
    return make_table(FAKE, 3)


def test_many_phones_polling_a_change_render_it_once(app, table):
    phones = [app.test_client() for _ in range(5)]
    for seat, phone in enumerate(phones[:3]):
        phone.post(f"/t/{table.id}/seat", data={"seat": str(seat)})
    change(app, table.id)
    before = cache(app).renders
    answers = [poll(phone, table.id, 0) for phone in phones]
    assert [a.status_code for a in answers] == [200] * 5
    assert {shown_version(a) for a in answers} == {1}
    assert cache(app).renders == before + 1
    # unchanged: 204 and no render at all
    assert poll(phones[0], table.id, 1).status_code == 204
    assert cache(app).renders == before + 1


def test_poll_never_serves_a_stale_version(app, client, table):
    seen = 0
    for step, delta in enumerate([1, 1, -1, 5], start=1):
        view = change(app, table.id, delta)
        response = poll(client, table.id, seen)
        assert shown_version(response) == view.version == step
        points = view.counters()[0]["points"]
        assert f'<output class="value big-number">{points}</output>' in response.get_data(
            as_text=True
        )
        seen = view.version
    with app.app_context():
        undone = tables.undo(table.id)
    response = poll(client, table.id, seen)
    assert shown_version(response) == undone.version == seen + 1


def test_each_language_has_its_own_entry(app, client, table):
    change(app, table.id)
    english = poll(client, table.id, 0, "en").get_data(as_text=True)
    japanese = poll(client, table.id, 0, "ja").get_data(as_text=True)
    italian = poll(client, table.id, 0, "it").get_data(as_text=True)
    assert "points of Ann plus one" in english
    # the fake game's own words have no Japanese (only its history line, the news read out
    # to a screen reader, keeps them): the panel's words are Japanese
    assert "points of Ann plus one" not in re.sub(r' data-news="[^"]*"', "", japanese)
    assert japanese != italian
    assert poll(client, table.id, 0, "en").get_data(as_text=True) == english
    assert cache(app).renders == 3


def test_a_post_fills_the_cache_for_the_pollers(app, client, table):
    response = client.post(
        f"/t/{table.id}/adjust", headers=HTMX, data={"seat": "0", "counter": "points", "delta": "1"}
    )
    assert shown_version(response) == 1
    renders = cache(app).renders
    assert shown_version(poll(app.test_client(), table.id, 0)) == 1
    assert cache(app).renders == renders


def test_a_refusal_is_answered_fresh_and_not_cached(app, client, table):
    response = client.post(
        f"/t/{table.id}/adjust", headers=HTMX, data={"seat": "0", "counter": "nope", "delta": "1"}
    )
    assert response.status_code == 422
    assert 'role="alert"' in response.get_data(as_text=True)
    assert 'role="alert"' not in client.get(f"/t/{table.id}").get_data(as_text=True)


# -- each phone: its seat, its token -----------------------------------------------------


def _three_phones(app, table_id: str) -> tuple[dict[str, str], object]:
    ann, ben, watcher = (app.test_client() for _ in range(3))
    ann.post(f"/t/{table_id}/seat", data={"seat": "0"})
    ben.post(f"/t/{table_id}/seat", data={"seat": "1"})
    pages = {
        name: phone.get(f"/t/{table_id}").get_data(as_text=True)
        for name, phone in (("ann", ann), ("ben", ben), ("watcher", watcher))
    }
    return pages, ben


def test_each_phone_sees_its_own_seat_in_one_shared_render(app, make_table):
    # Age of Hunting's panel is one markup for every phone (A Dog's Life's city is drawn per
    # seat since issue 38: its variant holds the seat, whose squares to tap are its own).
    table = make_table("hunting-age", 3)
    pages, _ben = _three_phones(app, table.id)
    assert cache(app).renders == 1
    assert 'data-my-seat="0"' in pages["ann"] and 'data-my-seat="1"' in pages["ben"]
    assert "data-my-seat" not in pages["watcher"]


def test_each_phone_opens_its_own_dog(app, make_table):
    table = make_table("dogs-life", 3)
    with app.app_context():
        tables.append(table.id, {"type": "start_turn", "seat": 0})
    pages, ben = _three_phones(app, table.id)
    assert 'data-my-seat="0"' in pages["ann"] and 'data-my-seat="1"' in pages["ben"]
    assert "data-my-seat" not in pages["watcher"]

    def opened(page: str) -> set[int]:
        return {int(n) for n in re.findall(r'<details[^>]*data-seat="(\d)"[^>]*\bopen>', page)}

    # Fifi (seat 0) plays: open everywhere; each phone also opens its own dog.
    assert opened(pages["ann"]) == {0}
    assert opened(pages["ben"]) == {0, 1}
    assert opened(pages["watcher"]) == {0}
    # the same through the poll
    assert opened(poll(ben, table.id, 0).get_data(as_text=True)) == {0, 1}


def test_each_session_gets_its_own_token_not_the_cached_one(tmp_path):
    app = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True))
    with app.app_context():
        table = tables.create(FAKE, [{"name": "A", "color": "red"}, {"name": "B", "color": "blue"}])
    tokens = []
    for phone in (app.test_client(), app.test_client()):
        page = phone.get(f"/t/{table.id}").get_data(as_text=True)
        meta = META_TOKEN.search(page).group(1)
        in_forms = set(FORM_TOKEN.findall(page))
        assert in_forms == {meta}
        assert CSRF_PLACEHOLDER not in page
        tokens.append(meta)
    assert tokens[0] != tokens[1]
    assert cache(app).renders == 1
    for markup in cache(app)._items.values():
        assert CSRF_PLACEHOLDER in markup
        assert not any(token in markup for token in tokens)


def test_a_form_posted_without_javascript_passes_csrf(tmp_path):
    app = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True))
    with app.app_context():
        table = tables.create(FAKE, [{"name": "A", "color": "red"}, {"name": "B", "color": "blue"}])
    first, second = app.test_client(), app.test_client()
    first.get(f"/t/{table.id}")  # fills the cache with the first phone
    page = second.get(f"/t/{table.id}").get_data(as_text=True)
    token = FORM_TOKEN.search(page).group(1)
    response = second.post(
        f"/t/{table.id}/adjust",  # a plain form post: no header
        data={"csrf_token": token, "seat": "0", "counter": "points", "delta": "1"},
    )
    assert response.status_code == 303
    stolen = first.post(
        f"/t/{table.id}/adjust",  # another session's token is refused
        data={"csrf_token": token, "seat": "0", "counter": "points", "delta": "1"},
    )
    assert stolen.status_code == 400
    with app.app_context():
        assert tables.get(table.id).version == 1


# -- the variants: what else a game's panel shows ----------------------------------------


def test_bison_zoom_is_per_phone(app, make_table):
    table = make_table("bison", 2)
    near, far = app.test_client(), app.test_client()
    near.post(f"/t/{table.id}/bison/zoom", data={"z": "3"})
    assert "bison-board zoom-3" in near.get(f"/t/{table.id}").get_data(as_text=True)
    # The other phone: the default, readable zoom (issue 26).
    assert "bison-board zoom-2" in far.get(f"/t/{table.id}").get_data(as_text=True)
    # The side of the table the board is seen from is this phone's too.
    near.post(f"/t/{table.id}/bison/turn", data={"deg": "180"})
    assert 'data-view-turn="180"' in near.get(f"/t/{table.id}").get_data(as_text=True)
    assert 'data-view-turn="0"' in far.get(f"/t/{table.id}").get_data(as_text=True)


def test_lion_square_picks_the_place_after_the_posted_one(app, client, make_table):
    table = make_table("lion-square", 3)
    response = client.post(
        f"/t/{table.id}/lion-square/cell", headers=HTMX, data={"cell": "1,1", "card": "3"}
    )
    assert re.search(r'value="1,2"[^>]*checked', response.get_data(as_text=True))
    # another phone, polling the same version, is on the first empty place
    polled = poll(app.test_client(), table.id, 0).get_data(as_text=True)
    assert re.search(r'value="0,0"[^>]*checked', polled)


# -- the render itself ------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja", "it"])
@pytest.mark.parametrize("game", ["dogs-life", "lion-square", "bison", "hunting-age", FAKE])
def test_bound_gettext_renders_what_flask_babel_renders(app, make_table, monkeypatch, game, lang):
    table = make_table(game, 3)
    with app.test_request_context(f"/t/{table.id}", headers={"Accept-Language": lang}):
        fast, kept = panel._render_panel(table)
        monkeypatch.setattr(panel, "bound_gettext", dict)  # Flask-Babel's own callables
        plain, _kept = panel._render_panel(table)
    assert kept and fast == plain
    assert f'data-version="{table.version}"' in fast and CSRF_PLACEHOLDER in fast


def test_htmx_answers_leave_the_token_to_the_header(tmp_path):
    app = create_app(app_config(tmp_path, WTF_CSRF_ENABLED=True))
    with app.app_context():
        table = tables.create(FAKE, [{"name": "A", "color": "red"}, {"name": "B", "color": "blue"}])
    phone = app.test_client()
    page = phone.get(f"/t/{table.id}").get_data(as_text=True)
    token = META_TOKEN.search(page).group(1)
    assert len(FORM_TOKEN.findall(page)) == page.count("<form")  # no JavaScript: fields
    change(app, table.id)
    fragment = poll(phone, table.id, 0).get_data(as_text=True)
    assert 'name="csrf_token"' not in fragment and CSRF_PLACEHOLDER not in fragment
    assert fragment.count("<form") == 4
    answer = phone.post(
        f"/t/{table.id}/adjust",  # as htmx posts it: the header only
        headers={**HTMX, "X-CSRFToken": token},
        data={"seat": "1", "counter": "points", "delta": "1"},
    )
    assert answer.status_code == 200 and shown_version(answer) == 2
