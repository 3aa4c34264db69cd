"""Taps that commute (issue 35): a counter's tap is a delta, and a tap sent late (with the
version its phone saw, ``X-Campfire-Version``) is refused only when another phone changed
what it touches meanwhile (its target: ``games.table.Rules.targets``), with the sentence
naming that target. Every game: three taps kept on a phone add 3."""

from __future__ import annotations

from typing import Any

import pytest
from companion_testkit import HTMX, text

from companion import registry, tables

#: Per game: the route a counter's + posts to, its form, and how to read the counter.
COUNTER_TAPS: dict[str, tuple[str, dict[str, str], str]] = {
    "bison": ("adjust", {"counter": "salmon", "delta": "1"}, "salmon"),
    "lion-square": ("lion-square/taken", {"delta": "1"}, "taken"),
    "hunting-age": ("adjust", {"counter": "coins", "delta": "1"}, "coins"),
    "dogs-life": ("adjust", {"counter": "bones", "delta": "1"}, "bones"),
}


def new_table(app: Any, game: str) -> tables.TableView:
    with app.app_context():
        rules = registry.get(game)
        assert rules is not None
        names = ["Ann", "Ben", "Cho"]
        players = [{"name": n, "color": c} for n, c in zip(names, rules.colours, strict=False)]
        return tables.create(game, players)


def counter(app: Any, table_id: str, seat: int, name: str) -> int:
    with app.app_context():
        view = tables.get(table_id)
        if name == "taken":
            return int(view.state.taken[seat])
        return int(view.counters_for(seat)[seat][name])


def seated(app: Any, table_id: str, seat: int) -> Any:
    phone = app.test_client()
    assert phone.post(f"/t/{table_id}/seat", data={"seat": str(seat)}).status_code == 303
    return phone


def tap(phone: Any, table_id: str, game: str, seat: int, seen: int, **headers: str) -> Any:
    route, form, _name = COUNTER_TAPS[game]
    sent = {**HTMX, "X-Campfire-Version": str(seen), **headers}
    return phone.post(f"/t/{table_id}/{route}", data={"seat": str(seat), **form}, headers=sent)


@pytest.mark.parametrize("game", sorted(COUNTER_TAPS))
def test_three_taps_kept_offline_add_three(app: Any, game: str) -> None:
    """Three taps of one counter made offline, all sent with the version the phone showed
    (0): each is a delta, so the counter grows by 3 (it grew by 1 when a tap sent the
    new total)."""
    table = new_table(app, game)
    name = COUNTER_TAPS[game][2]
    before = counter(app, table.id, 0, name)
    ann = seated(app, table.id, 0)
    for _ in range(3):
        assert tap(ann, table.id, game, 0, seen=0).status_code == 200
    assert counter(app, table.id, 0, name) == before + 3
    assert tables_version(app, table.id) == 3


def tables_version(app: Any, table_id: str) -> int:
    with app.app_context():
        return tables.get(table_id).version


@pytest.mark.parametrize("game", sorted(COUNTER_TAPS))
def test_a_change_to_another_counter_meanwhile_does_not_stop_a_tap(app: Any, game: str) -> None:
    """Ben's phone changes Ben's counter while Ann's taps wait: they still land."""
    table = new_table(app, game)
    name = COUNTER_TAPS[game][2]
    before = counter(app, table.id, 0, name)
    ann, ben = seated(app, table.id, 0), seated(app, table.id, 1)
    assert tap(ben, table.id, game, 1, seen=0).status_code == 200
    assert tap(ann, table.id, game, 0, seen=0).status_code == 200
    assert tap(ann, table.id, game, 0, seen=0).status_code == 200
    assert counter(app, table.id, 0, name) == before + 2


def test_a_tap_whose_own_counter_moved_on_is_refused_naming_it(app: Any) -> None:
    """Cho's phone (no seat) adds a card taken to Ann while Ann's tap waits: Ann's tap is
    refused (409) with a sentence naming Ann's cards taken, in the reader's language, and
    changes nothing."""
    table = new_table(app, "lion-square")
    ann = seated(app, table.id, 0)
    shared = app.test_client()
    assert tap(shared, table.id, "lion-square", 0, seen=0).status_code == 200
    late = tap(ann, table.id, "lion-square", 0, seen=0)
    assert late.status_code == 409
    assert "Someone changed Ann's cards taken meanwhile" in text(late)
    assert counter(app, table.id, 0, "taken") == 1
    ja = tap(ann, table.id, "lion-square", 0, seen=0, **{"Accept-Language": "ja"})
    assert ja.status_code == 409 and "Annの取ったカード" in text(ja)


def test_a_phone_without_a_seat_names_its_own_taps(app: Any) -> None:
    """A phone holding no seat cannot be told from another by its seat: the versions its
    own queued taps made (``X-Campfire-Mine``) are not counted as someone else's."""
    table = new_table(app, "lion-square")
    phone = app.test_client()
    assert tap(phone, table.id, "lion-square", 0, seen=0).status_code == 200
    assert (
        tap(phone, table.id, "lion-square", 0, seen=0, **{"X-Campfire-Mine": "1"}).status_code
        == 200
    )
    assert (
        tap(phone, table.id, "lion-square", 0, seen=0, **{"X-Campfire-Mine": "1,2,x"}).status_code
        == 200
    )
    assert counter(app, table.id, 0, "taken") == 3
    refused = tap(phone, table.id, "lion-square", 0, seen=0, **{"X-Campfire-Mine": "1"})
    assert refused.status_code == 409  # 2 and 3 were not named: someone else's
    assert counter(app, table.id, 0, "taken") == 3


def test_an_undo_meanwhile_touches_what_it_cancels(app: Any) -> None:
    """Undoing Ann's taken card touches Ann's cards taken (a late tap of hers is refused);
    it leaves a tap on Ben's counter alone."""
    table = new_table(app, "lion-square")
    shared = app.test_client()
    assert tap(shared, table.id, "lion-square", 0, seen=0).status_code == 200
    with app.app_context():
        tables.undo(table.id, seq=1)
    ann, ben = seated(app, table.id, 0), seated(app, table.id, 1)
    assert tap(ann, table.id, "lion-square", 0, seen=1).status_code == 409
    assert tap(ben, table.id, "lion-square", 1, seen=1).status_code == 200
