"""Who may do what, through the pages (Flask test client): a seat held by one phone and
taken over only after a confirmation, seat links that ask, undo of one's own change named
before it happens and carrying the version it undoes, "undo this line" from History (and
its refusal naming the later change), a change for another seat confirmed once per turn
and marked "by X for Y", turns from another phone, and the secrets (L: herds, D: a carried
newspaper's address) on pages, history, charts and the export."""

from __future__ import annotations

import re
from typing import Any

import pytest
from companion_testkit import FAKE

from companion import tables


def sit(phone: Any, table_id: str, seat: int, **extra: str) -> Any:
    return phone.post(f"/t/{table_id}/seat", data={"seat": str(seat), **extra})


def adjust(phone: Any, table_id: str, seat: int, delta: int, **extra: str) -> Any:
    return phone.post(
        f"/t/{table_id}/adjust",
        data={"seat": str(seat), "counter": "points", "delta": str(delta), **extra},
    )


def points(app: Any, table_id: str) -> list[int]:
    with app.app_context():
        return [c["points"] for c in tables.get(table_id).counters()]


def undo_refused(phone: Any, table_id: str, data: dict[str, str], status: int) -> str:
    """An undo posted from htmx that the page refuses with ``status``: the words it shows."""
    answer = phone.post(f"/t/{table_id}/undo", data=data, headers={"HX-Request": "true"})
    assert answer.status_code == status
    return answer.get_data(as_text=True)


def fields(page: str) -> dict[str, str]:
    """The hidden fields of a confirmation's form."""
    return dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page))


@pytest.fixture
def phones(app: Any) -> tuple[Any, Any]:
    return app.test_client(), app.test_client()


# --- seats --------------------------------------------------------------------------------


def test_a_held_seat_is_taken_over_only_after_a_confirmation(app, make_table, phones):
    table = make_table(FAKE, 2)
    ann, other = phones
    assert sit(ann, table.id, 0).status_code == 303
    asked = sit(other, table.id, 0)
    page = asked.get_data(as_text=True)
    assert asked.status_code == 409
    assert "Ann&#39;s seat is open on another phone — take it over?" in page
    assert "I am Ann" in ann.get(f"/t/{table.id}").get_data(as_text=True)  # still Ann's
    assert sit(other, table.id, 0, force="1").status_code == 303
    assert 'data-my-seat="0"' in other.get(f"/t/{table.id}").get_data(as_text=True)
    # Ann's phone is told at its next refresh: the poll reloads it, the page says why.
    poll = ann.get(f"/t/{table.id}?v=0", headers={"HX-Request": "true"})
    assert poll.status_code == 204 and poll.headers["HX-Refresh"] == "true"
    told = ann.get(f"/t/{table.id}").get_data(as_text=True)
    assert "Another phone took over Ann&#39;s seat" in told and "data-my-seat" not in told
    assert "took over" not in ann.get(f"/t/{table.id}").get_data(as_text=True)  # said once


def test_the_seat_cookie_holds_a_token_not_a_seat_number(app, make_table, client):
    table = make_table(FAKE, 2)
    sit(client, table.id, 1)
    with client.session_transaction() as session:
        token = session["seats"][table.id]
    assert isinstance(token, str) and len(token) > 30
    with app.app_context():
        assert tables.seat_of(table.id, token) == 1
    with client.session_transaction() as session:  # a forged number is nobody's seat
        session["seats"] = {table.id: 1}
    assert "data-my-seat" not in client.get(f"/t/{table.id}").get_data(as_text=True)


def test_a_seat_link_asks_and_takes_the_seat_only_on_post(app, make_table, phones):
    table = make_table(FAKE, 2)
    ann, ben = phones
    opened = ann.get(f"/t/{table.id}/s/1")
    assert opened.status_code == 200
    assert "Take Ann&#39;s seat on this phone?" in opened.get_data(as_text=True)
    assert "data-my-seat" not in ann.get(f"/t/{table.id}").get_data(as_text=True)
    taken = ann.post(f"/t/{table.id}/s/1", data=fields(opened.get_data(as_text=True)))
    assert taken.status_code == 303 and taken.headers["Location"].endswith(f"/t/{table.id}")
    assert 'data-my-seat="0"' in ann.get(f"/t/{table.id}").get_data(as_text=True)
    # Another phone opening Ann's link is told the seat is held, and nothing moves by GET.
    asked = ben.get(f"/t/{table.id}/s/1").get_data(as_text=True)
    assert "Ann&#39;s seat is open on another phone — take it over?" in asked
    assert 'data-my-seat="0"' in ann.get(f"/t/{table.id}").get_data(as_text=True)


def test_joining_by_code_goes_straight_to_the_seats(make_table, client):
    table = make_table(FAKE, 2)
    joined = client.post("/join", data={"code": table.join_code}, follow_redirects=True)
    assert "Who are you?" in joined.get_data(as_text=True)


def test_an_unknown_code_is_named(client):
    refused = client.post("/join", data={"code": "K7Q2ZX"})
    assert refused.status_code == 404
    assert "No table has the join code K7Q2ZX" in refused.get_data(as_text=True)


# --- undo ---------------------------------------------------------------------------------


def test_undo_names_this_seats_change_and_undoes_it_not_the_latest(app, make_table, phones):
    """The undo race: Ann mis-taps, Ben records, Ann taps Undo: Ann's change goes, Ben's
    stays."""
    table = make_table(FAKE, 2)
    ann, ben = phones
    sit(ann, table.id, 0)
    sit(ben, table.id, 1)
    adjust(ann, table.id, 0, 1)  # Ann's mistake
    adjust(ben, table.id, 1, -1)  # Ben's record
    asked = ann.get(f"/t/{table.id}/undo")
    page = asked.get_data(as_text=True)
    assert asked.status_code == 200 and "Undo your last change?" in page
    assert "points of Ann plus one" in page and fields(page)["seq"] == "1"
    assert points(app, table.id) == [11, 9]  # asking changed nothing
    assert ann.post(f"/t/{table.id}/undo", data=fields(page)).status_code == 303
    assert points(app, table.id) == [10, 9]


def test_two_phones_tapping_undo_at_once_undo_one_change(app, make_table, phones):
    table = make_table(FAKE, 2)
    ann, ben = phones
    adjust(ann, table.id, 0, 1)
    adjust(ann, table.id, 0, 1)
    first = fields(ann.get(f"/t/{table.id}/undo").get_data(as_text=True))
    second = fields(ben.get(f"/t/{table.id}/undo").get_data(as_text=True))
    assert first["version"] == second["version"] == "2"
    assert ann.post(f"/t/{table.id}/undo", data=first).status_code == 303
    assert "Someone changed the table meanwhile" in undo_refused(ben, table.id, second, 409)
    assert points(app, table.id) == [11, 10]


def test_history_undoes_any_line_naming_whose_change_it_was(app, make_table, phones):
    table = make_table(FAKE, 2)
    ann, ben = phones
    sit(ann, table.id, 0)
    sit(ben, table.id, 1)
    adjust(ann, table.id, 0, 1)
    adjust(ben, table.id, 1, 1)
    history = ann.get(f"/t/{table.id}/history").get_data(as_text=True)
    assert 'data-testid="undo-line-1"' in history and 'data-testid="undo-line-2"' in history
    asked = ann.get(f"/t/{table.id}/undo?seq=2").get_data(as_text=True)
    assert "Undo this change by Ben?" in asked and "points of Ben plus one" in asked
    assert ann.post(f"/t/{table.id}/undo", data=fields(asked)).status_code == 303
    assert points(app, table.id) == [11, 10]
    history = ann.get(f"/t/{table.id}/history").get_data(as_text=True)
    assert 'data-testid="undo-line-2"' not in history  # undone: no second undo offered


def test_an_undo_a_later_change_depends_on_is_refused_naming_it(app, make_table, client):
    table = make_table(FAKE, 2)
    with app.app_context():
        tables.append(table.id, {"type": "adjust", "seat": 0, "counter": "points", "delta": 5})
        tables.append(table.id, {"type": "adjust", "seat": 0, "counter": "points", "delta": -15})
    asked = fields(client.get(f"/t/{table.id}/undo?seq=1").get_data(as_text=True))
    assert "change 2 (points of Ann minus one)" in undo_refused(client, table.id, asked, 422)
    assert points(app, table.id) == [0, 10]


# --- acting for another seat --------------------------------------------------------------


def test_a_change_for_another_seat_asks_once_and_is_marked_in_history(app, make_table, client):
    table = make_table(FAKE, 2)
    sit(client, table.id, 1)  # Ben's phone
    asked = adjust(client, table.id, 0, 1)
    page = asked.get_data(as_text=True)
    assert asked.status_code == 409 and "Make this change for Ann?" in page
    assert points(app, table.id) == [10, 10]
    assert client.post(f"/t/{table.id}/adjust", data=fields(page)).status_code == 303
    assert adjust(client, table.id, 0, 1).status_code == 303  # confirmed for this turn
    assert points(app, table.id) == [12, 10]
    assert adjust(client, table.id, 1, 1).status_code == 303  # his own: never asked
    history = client.get(f"/t/{table.id}/history").get_data(as_text=True)
    assert history.count("by Ben for Ann") == 2


def test_the_confirmation_works_as_a_fragment_for_htmx(make_table, client):
    table = make_table(FAKE, 2)
    sit(client, table.id, 1)
    asked = adjust(client, table.id, 0, 1)
    fragment = client.post(
        f"/t/{table.id}/adjust",
        headers={"HX-Request": "true"},
        data={"seat": "0", "counter": "points", "delta": "1"},
    ).get_data(as_text=True)
    assert asked.status_code == 409
    assert fragment.startswith('<section id="panel"') and "hx-post" in fragment
    assert "<html" not in fragment


def test_a_turn_belongs_to_its_player(app, make_table, phones):
    """A Dog's Life: Ben's phone starting Ann's dog's turn asks first; the confirmed
    start does not wipe the action points Fifi has left (core: start_turn)."""
    table = make_table("dogs-life", 3)
    ann, ben = phones
    sit(ann, table.id, 0)
    sit(ben, table.id, 1)
    assert ann.post(f"/t/{table.id}/dogs-life/start-turn", data={"seat": "0"}).status_code == 303
    asked = ben.post(f"/t/{table.id}/dogs-life/end-turn", data={"seat": "0"})
    assert asked.status_code == 409
    assert "It is Ann&#39;s turn" in asked.get_data(as_text=True)
    with app.app_context():
        assert tables.get(table.id).whose_turn() == 0  # nothing changed


# --- secrets ------------------------------------------------------------------------------


def test_a_herd_shows_only_on_its_own_phone(app, make_table, phones):
    table = make_table("lion-square", 3)
    ann, ben = phones
    sit(ann, table.id, 0)
    sit(ben, table.id, 1)
    with app.app_context():
        tables.append(
            table.id, {"type": "adjust", "seat": 0, "counter": "herd", "delta": -3}, seat=0
        )
    anns = ann.get(f"/t/{table.id}").get_data(as_text=True)
    bens = ben.get(f"/t/{table.id}").get_data(as_text=True)
    assert 'data-testid="ls-herd-0">17<' in anns
    assert 'data-testid="ls-herd-0"' not in bens and "ls-herd-hidden-0" in bens
    assert 'data-testid="ls-herd-1">20<' in bens
    # history: Ben reads that Ann changed her herd, not to what
    bens_history = ben.get(f"/t/{table.id}/history").get_data(as_text=True)
    # (the herd as a number in the page's text: not inside the random table id, a token
    # or another attribute, where "17" may appear by chance)
    shown = re.sub(r'<time[^>]*>.*?</time>|="[^"]*"', "", bens_history)
    assert not re.search(r"\b17\b", shown)
    # the export holds every secret: refused while the game runs
    refused = ben.get(f"/t/{table.id}/export")
    assert refused.status_code == 409
    assert not re.search(r"\b17\b", re.sub(r'="[^"]*"', "", refused.get_data(as_text=True)))
    assert 'data-testid="no-export"' in bens_history


def test_the_square_is_drawn_and_typed_from_each_phones_side(app, make_table, phones):
    """Ann sits South (north-up), Ben West: the place Ben taps at his bottom-left is the
    north-up bottom-right (games.lion_square.view)."""
    table = make_table("lion-square", 3)
    ann, ben = phones
    sit(ann, table.id, 0)
    sit(ben, table.id, 1)
    with app.app_context():
        sides = tables.get(table.id).state.sides
    # Every form of Ben's square (a number, "take a line") posts his side, and only his.
    page = ben.get(f"/t/{table.id}").get_data(as_text=True)
    posted = page.count('name="view_side"')
    assert posted >= 1 and page.count(f'name="view_side" value="{sides[1].value}"') == posted
    from games.lion_square.view import cell_from_view

    row, column = cell_from_view(2, 0, sides[1])
    assert (
        ben.post(
            f"/t/{table.id}/lion-square/cell",
            data={"cell": "2,0", "card": "3", "view_side": sides[1].value},
        ).status_code
        == 303
    )
    with app.app_context():
        assert tables.get(table.id).state.square.rows[row][column] == 3
    picker = ann.get(f"/t/{table.id}").get_data(as_text=True)
    # The deck's 0-4, then the 5-9 other editions print (L1).
    assert re.findall(r'data-card="(\d)"', picker) == [str(n) for n in range(10)]


def test_a_carried_newspapers_address_shows_only_on_its_dogs_phone(app, make_table, phones):
    table = make_table("dogs-life", 3)
    ann, ben = phones
    sit(ann, table.id, 0)
    sit(ben, table.id, 1)
    ann.post(f"/t/{table.id}/dogs-life/start-turn", data={"seat": "0"})
    taken = ann.post(
        f"/t/{table.id}/dogs-life/pick-up",
        data={"seat": "0", "item": "newspaper", "from": "office"},
    )
    assert taken.status_code == 303
    with app.app_context():
        address = tables.get(table.id).state.dogs[0].items[0].address
    assert f"Newspaper {address}<" in ann.get(f"/t/{table.id}").get_data(as_text=True)
    bens = ben.get(f"/t/{table.id}").get_data(as_text=True)
    assert "Newspaper (face down)" in bens and f"Newspaper {address}<" not in bens
    assert 'name="address"' not in re.sub(r'data-testid="dl-dog-0".*', "", bens)
    assert ben.get(f"/t/{table.id}/export").status_code == 409


def test_a_dogs_life_table_needs_three_players(client):
    refused = client.post(
        "/new",
        data={
            "game": "dogs-life",
            "name0": "Ann",
            "name1": "Ben",
            "color0": "red",
            "color1": "blue",
        },
    )
    assert refused.status_code == 422
    assert "3 to 6 players" in refused.get_data(as_text=True)
