"""Payment as in the real game (B6, issue 26): every cost step has a pre-filled "paid
with" chip row that one tap changes, and History names the animals paid."""

from __future__ import annotations

import re
from typing import Any

import pytest
from bison_panel import FOUR, base, paying
from companion_testkit import get, text

from games.bison.economy import Stocks, payment_options


@pytest.fixture
def table(make_table: Any) -> Any:
    return make_table("bison", FOUR)


def ok(response: Any) -> None:
    assert response.status_code == 303, text(response)


def place_with_hunters(client: Any, table_id: str, hunters: int, **more: str) -> Any:
    return client.post(
        f"{base(table_id)}/place",
        data={
            "at": "1,-1",
            "tile": "B08",
            "seat": "0",
            "hunters": str(hunters),
            "space": "prairie",
            **more,
        },
    )


def test_the_place_page_pre_fills_a_payment_for_every_hunter_count(client: Any, table: Any) -> None:
    body = client.get(f"{base(table.id)}/place?at=1,-1&tile=B08&rotation=0").get_data(as_text=True)
    # 2 hunters cost 2 (B6): the six splits of 2, the levelled one pre-filled.
    row = re.search(r'data-paid-for="2".*?</fieldset>', body, re.S).group(0)
    assert re.findall(r'value="([\d.]+|other)"', row) == [
        "1.1.0", "0.0.2", "0.1.1", "0.2.0", "1.0.1", "2.0.0"
    ]  # fmt: skip
    assert 'type="number"' not in body  # the board's pages have no typed field
    assert 'value="1.1.0" data-paid="1.1.0" checked' in row
    assert "2 turkeys" in text_of(row) and "1 bison + 1 salmon" in text_of(row)
    assert 'data-paid-for="1"' not in body  # 1 hunter costs nothing
    assert body.count('data-paid-for="5"') == 1


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_paying_with_turkeys_is_one_tap_and_history_names_the_animals(
    client: Any, table: Any, app: Any
) -> None:
    ok(place_with_hunters(client, table.id, 3, **{"paid.3": "0.0.4"}))
    assert get(app, table.id).state.stocks[0] == Stocks(10, 10, 6)
    history = text(client.get(f"/t/{table.id}/history"))
    assert "3 hunters, paid turkey ×4" in history, history
    assert "paid 4 animals" not in history


def test_the_move_confirmation_offers_the_chips_and_the_play_event_records_them(
    client: Any, table: Any, app: Any
) -> None:
    ok(place_with_hunters(client, table.id, 3))
    for seat in (1, 2, 3):
        ok(
            client.post(
                f"{base(table.id)}/play", data={"seat": seat, "action": "tent", "gain": "bison"}
            )
        )
    confirm = client.get(f"{base(table.id)}/move?from=1,-1,prairie&action=move_1&to=1,-1,river")
    assert 'name="paid.2" value="0.0.2"' in confirm.get_data(as_text=True)
    before = get(app, table.id).state.stocks[0]
    ok(
        client.post(
            f"{base(table.id)}/play",
            data={
                "seat": "0",
                "action": "move_1",
                "from": "1,-1,prairie",
                "to": "1,-1,river",
                "hunters": "2",
                "paid.2": "2.0.0",
                "paid.3": "0.0.4",  # another hunter count's row: not the one chosen
            },
        )
    )
    after = get(app, table.id).state.stocks[0]
    assert (before.bison - after.bison, before.turkey - after.turkey) == (2, 0)
    assert "2 hunters, paid bison ×2" in text(client.get(f"/t/{table.id}/history"))


@pytest.mark.parametrize(
    ("paid", "message"),
    [
        ("0.0.3", "the payment must add up to 4 animals, not 3"),
        ("x.1.1", "the payment x.1.1 is not understood"),
    ],
)
def test_a_wrong_payment_is_refused_with_a_sentence(
    client: Any, table: Any, app: Any, paid: str, message: str
) -> None:
    response = place_with_hunters(client, table.id, 3, **{"paid.3": paid})
    assert response.status_code == 422 and message in text(response)
    assert get(app, table.id).version == 0


def test_another_split_uses_the_typed_fields(client: Any, table: Any, app: Any) -> None:
    # The action helper (a tools page) also offers any split, typed.
    page = client.get(f"{base(table.id)}/action?action=move_3&hunters=3").get_data(as_text=True)
    assert 'name="paid.3" value="other"' in page and 'name="pay.salmon"' in page
    data = {
        "seat": "0",
        "action": "move_3",
        "hunters": "3",
        "paid.3": "other",
        **paying(1, 3, 0),
    }
    response = client.post(f"{base(table.id)}/action", data=data)
    assert response.status_code == 422  # no hunters on the board to move: nothing paid
    ok(place_with_hunters(client, table.id, 3, **{k: v for k, v in data.items() if "pay" in k}))
    assert get(app, table.id).state.stocks[0] == Stocks(9, 7, 10)


def test_the_options_are_payable_distinct_and_start_with_the_default() -> None:  # B6
    for stocks in (Stocks(10, 10, 10), Stocks(3, 10, 1), Stocks(0, 0, 2), Stocks(15, 0, 0)):
        for cost in (2, 4, 7, 10):
            options = payment_options(stocks, cost)
            if stocks.total < cost:
                assert options == ()
                continue
            assert len(set(options)) == len(options) <= 7
            assert all(o.total == cost for o in options)
            assert all(
                o.get(a) <= stocks.get(a) for o in options for a in ("bison", "salmon", "turkey")
            )
    assert len(payment_options(Stocks(10, 10, 10), 2)) == 6


@pytest.mark.parametrize(
    ("lang", "chip", "history"),
    [
        ("ja", "七面鳥2", "ハンター3個、七面鳥 ×4を支払い"),
        ("it", "2 tacchini", "3 cacciatori, pagati tacchino ×4"),
    ],
)
def test_the_chips_and_the_history_in_japanese_and_italian(
    client: Any, table: Any, lang: str, chip: str, history: str
) -> None:
    page = client.get(f"{base(table.id)}/place?at=1,-1&tile=B08&rotation=0&lang={lang}")
    assert chip in text(page)
    ok(place_with_hunters(client, table.id, 3, **{"paid.3": "0.0.4"}))
    assert history in text(client.get(f"/t/{table.id}/history?lang={lang}"))


def test_a_one_tap_build_records_the_default_split_so_history_names_it(
    client: Any, table: Any, app: Any
) -> None:
    ok(place_with_hunters(client, table.id, 3))  # the levelled default: 8/9/9
    for seat in (1, 2, 3):
        ok(
            client.post(
                f"{base(table.id)}/play", data={"seat": seat, "action": "tent", "gain": "bison"}
            )
        )
    build = {"seat": "0", "action": "tent", "space": "1,-1,prairie", "size": "2"}
    ok(client.post(f"{base(table.id)}/play", data=build))
    assert get(app, table.id).state.stocks[0] == Stocks(8, 8, 8)
    assert "2 hunters, paid salmon ×1, turkey ×1" in text(client.get(f"/t/{table.id}/history"))


def test_a_build_paid_turkey_first_with_the_way_chip(client: Any, table: Any, app: Any) -> None:
    ok(place_with_hunters(client, table.id, 3))  # the levelled default: 8/9/9
    for seat in (1, 2, 3):
        ok(
            client.post(
                f"{base(table.id)}/play", data={"seat": seat, "action": "tent", "gain": "bison"}
            )
        )
    sheet = client.get(f"{base(table.id)}/space?at=1,-1&space=prairie").get_data(as_text=True)
    # The size buttons record at once, so the way to pay is chosen before, behind one line.
    assert 'name="paid.way" value="level" checked' in sheet
    assert 'name="paid.way" value="first.turkey"' in sheet
    bad = {"seat": "0", "action": "tent", "space": "1,-1,prairie", "size": "2", "paid.way": "all"}
    refused = client.post(f"{base(table.id)}/play", data=bad)
    assert refused.status_code == 422 and "the payment all is not understood" in text(refused)
    ok(client.post(f"{base(table.id)}/play", data={**bad, "paid.way": "first.turkey"}))
    assert get(app, table.id).state.stocks[0] == Stocks(8, 9, 7)
    assert "2 hunters, paid turkey ×2" in text(client.get(f"/t/{table.id}/history"))
