"""Age of Hunting panel with the Flask test client: every route of the panel,
every bad input (4xx, a clear message in the reader's language, the table unchanged),
the supply limits, developments with their next costs (H1), storage surplus, the end
trigger with the turns left and the final count with its tie-breaks and chart (H2)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from companion_testkit import HTMX, get, new_table_form, poster, refused, send, text

from companion import i18n, tables
from companion.panels import hunting_age
from games.hunting_age import cards as hunting_cards
from games.hunting_age.cards import FACES_BY_ID

post = poster("hunting-age")
LAYOUT = ["B1a", "B2a", "B3a", "B4a", "N01a", "N08a", "N10a"]


def accepted(client, app, table_id: str, action: str, data: dict) -> tuple:
    """Posts ``data`` to the panel's ``action``, which must be accepted (200): the answer
    and seat 0's tribe after it."""
    response = post(client, table_id, action, data)
    assert response.status_code == 200, text(response)[:500]
    return response, get(app, table_id).state.tribes[0]


@pytest.fixture
def new_table(app, make_table):
    def make(edition: str = "campfire", players: int = 3, layout: bool = True):
        table = make_table("hunting-age", players, {"edition": edition})
        if layout:
            send(app, table.id, {"type": "setup", "faces": LAYOUT, "start_player": 0})
        return table

    return make


@pytest.fixture
def table(new_table):
    return new_table()


@pytest.fixture
def accept(client, app, table):
    """``accepted`` on ``table``: ``accept(action, data)``."""
    return lambda action, data: accepted(client, app, table.id, action, data)


def give(app, table_id: str, seat: int, **goods: int) -> tables.TableView:
    return send(
        app,
        table_id,
        *(
            {"type": "adjust", "seat": seat, "counter": counter, "delta": delta}
            for counter, delta in goods.items()
        ),
    )


# -- the panel -------------------------------------------------------------------------


def test_new_table_panel_shows_supply_setup_and_tribes(client, new_table):
    table = new_table(layout=False)
    page = client.get(f"/t/{table.id}")
    assert page.status_code == 200
    words = text(page)
    for name, limit in [
        ("bear", 12),
        ("mammoth", 8),
        ("grape", 12),
        ("green grain", 12),
        ("yellow grain", 8),
    ]:
        assert f"{name} {limit} /{limit}" in words
    assert "Draw the layout" in words
    assert "3 open caves: room for 3 food pieces." in words
    assert "Pieces left on the board 13" in words  # H1: 4 chips + 4 subordinates + 5 huts
    body = page.get_data(as_text=True)
    assert 'style="' not in body and "<script>" not in body  # CSP: no inline style/script
    assert re.search(r"hunting_age\.[0-9a-f]{10}\.css", body)  # hashed name (companion.serving)


def test_panel_in_japanese_and_italian(client, table):
    ja = text(client.get(f"/t/{table.id}?lang=ja"))
    assert "マンモス 8 /8" in ja and "洞穴を作成" in ja and "熊の巣穴" in ja
    it = text(client.get(f"/t/{table.id}?lang=it"))
    assert "mammut 8 /8" in it and "Crea una caverna" in it


def test_panel_fragment_and_poll_render(client, table):
    fresh = client.get(f"/t/{table.id}?v=999", headers={"HX-Request": "true"})
    assert fresh.status_code == 200 and "Supply" in text(fresh)


# -- setup helper ----------------------------------------------------------------------


def test_setup_draws_a_layout_for_the_player_count(client, app, new_table):
    table = new_table(players=4, layout=False)
    response = post(client, table.id, "setup", {"start_player": "2"})
    assert response.status_code == 200
    state = get(app, table.id).state
    assert len(state.faces) == 8 and sum(f.startswith("B") for f in state.faces) == 4
    assert state.start_player == 2
    words = text(response)
    assert "Start player: Cho" in words
    # counter-clockwise from the start player's right: Ben, Ann, Dan, then Cho
    assert re.search(r"Ben\s+Ann\s+Dan\s+Cho", words)
    assert "Draw the layout again" in words


def test_setup_draws_the_start_player_when_not_chosen(client, app, new_table):
    table = new_table(players=5, layout=False)
    assert post(client, table.id, "setup", {"start_player": ""}).status_code == 200
    state = get(app, table.id).state
    assert len(state.faces) == 8 and 0 <= state.start_player < 5


@pytest.mark.parametrize(
    "value, message",
    [
        ("abc", "start player must be a whole number"),
        ("7", "seat must be a whole number from 0 to 2"),
        ("-1", "seat must be a whole number from 0 to 2"),
    ],
)
def test_setup_bad_start_player(client, app, table, value, message):
    before = get(app, table.id).version
    refused(post(client, table.id, "setup", {"start_player": value}), message)
    assert get(app, table.id).version == before


def test_setup_refused_after_the_first_turn(client, app, table):
    send(app, table.id, {"type": "end_turn", "seat": 0})
    refused(
        post(client, table.id, "setup", {}),
        "the table can only be set up before the first turn ends",
    )
    assert "Draw the layout" not in text(client.get(f"/t/{table.id}"))


def test_setup_refusal_in_japanese(client, app, table):
    send(app, table.id, {"type": "end_turn", "seat": 0})
    response = post(client, table.id, "setup", {}, lang="ja")
    assert response.status_code == 422
    assert "最初の手番" in text(response)


# -- food, coins, VP track: the supply limits --------------------------------------------


def test_food_steppers_take_from_the_supply(client, app, table):
    response = client.post(
        f"/t/{table.id}/adjust", headers=HTMX, data={"seat": 1, "counter": "mammoth", "delta": 1}
    )
    assert response.status_code == 200
    assert "mammoth 7 /8" in text(response)
    assert get(app, table.id).state.tribes[1].food.mammoth == 1


def test_cannot_take_a_piece_the_supply_no_longer_has(client, app, table):
    give(app, table.id, 0, mammoth=8)
    before = get(app, table.id).version
    response = client.post(
        f"/t/{table.id}/adjust", headers=HTMX, data={"seat": 1, "counter": "mammoth", "delta": 1}
    )
    refused(response, "the supply has only 0 mammoth left, not 1")
    assert get(app, table.id).version == before
    assert "mammoth 0 /8" in text(response)


def test_steppers_for_every_counter_of_every_seat(client, table):
    body = client.get(f"/t/{table.id}").get_data(as_text=True)
    for seat in range(3):
        for counter in ("bear", "mammoth", "grape", "green_grain", "yellow_grain", "coins", "vp"):
            assert re.search(
                f'name="seat" value="{seat}">\\s*<input type="hidden" '
                f'name="counter" value="{counter}">',
                body,
            ), (seat, counter)


# -- harvests: one tap per hunting space -------------------------------------------------


def harvest_buttons(body: str, seat: int) -> list[str]:
    """The data-testids of ``seat``'s harvest buttons on the page."""
    start = body.index(f'data-testid="ha-harvests-{seat}"')
    section = body[start : body.index("</details>", start)]
    return re.findall(r'data-testid="(ha-harvest-[^"]+)"', section)


def test_a_harvest_is_one_tap_per_space(client, app, table):
    # B1a's 5th hunting space prints bear ×2 + mammoth ×1: one tap, one event
    body = client.get(f"/t/{table.id}").get_data(as_text=True)
    buttons = harvest_buttons(body, 0)
    assert "ha-harvest-B1a-4" in buttons and "ha-harvest-N10a-3" in buttons
    assert len([b for b in buttons if b.startswith("ha-harvest-B1a-")]) == 5
    before = get(app, table.id).version
    response = post(client, table.id, "harvest", {"seat": 0, "face": "B1a", "space": "4"})
    assert response.status_code == 200
    after = get(app, table.id)
    assert after.version == before + 1
    assert after.state.tribes[0].food.as_dict() == {
        **dict.fromkeys(hunting_age.FOODS, 0),
        "bear": 2,
        "mammoth": 1,
    }
    assert "bear 10 /12" in text(response) and "mammoth 7 /8" in text(response)


def test_a_free_pick_is_a_row_of_one_tap_choices(client, app, table):
    # N01a's 4th hunting space: any food ×2 — a button per food kind
    body = client.get(f"/t/{table.id}").get_data(as_text=True)
    kinds = [
        b.removeprefix("ha-harvest-N01a-3-")
        for b in harvest_buttons(body, 0)
        if b.startswith("ha-harvest-N01a-3-")
    ]
    assert kinds == list(hunting_age.FOODS)
    response = post(
        client, table.id, "harvest", {"seat": 0, "face": "N01a", "space": "3", "choice.grape": "2"}
    )
    assert response.status_code == 200
    assert get(app, table.id).state.tribes[0].food.grape == 2


def test_harvests_are_offered_to_the_seat_in_turn_and_in_the_opening(client, app, table):
    body = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert all(harvest_buttons(body, seat) for seat in range(3))  # opening placements
    send(app, table.id, {"type": "end_turn", "seat": 0})
    body = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert harvest_buttons(body, 1) and 'data-testid="ha-harvests-0"' not in body


@pytest.mark.parametrize(
    "data, message",
    [
        ({"seat": 0, "face": "N02a", "space": "0"}, "face must be a hunting ground on the table"),
        ({"seat": 0, "face": "B1a", "space": "9"}, "space must be a hunting space of B1a: 0 to 4"),
        ({"seat": 0, "face": "B1a", "space": "x"}, "hunting space must be a whole number"),
        ({"seat": 0, "face": "B1a", "space": "0", "choice.bear": "x"}, "bear must be a whole"),
    ],
)
def test_harvest_bad_input(client, app, table, data, message):
    before = get(app, table.id).version
    refused(post(client, table.id, "harvest", data), message)
    assert get(app, table.id).version == before


# -- developments (H1) -----------------------------------------------------------------


def test_next_costs_shown_and_refused_when_unaffordable(client, app, table):
    words = text(client.get(f"/t/{table.id}"))
    assert "Create a cave (1/3) bear ×2 grape ×1" in words
    assert "Add a subordinate (1/4) grape ×1 green grain ×2 coin ×1" in words
    assert "not enough to pay" in words
    before = get(app, table.id).version
    refused(
        post(client, table.id, "develop", {"seat": 0, "kind": "cave"}),
        "you cannot afford it: it costs bear ×2, grape ×1; you are missing bear ×2, grape ×1",
    )
    assert get(app, table.id).version == before


def test_create_a_cave_reveals_chips_and_applies_rewards(client, app, table, accept):
    give(app, table.id, 0, bear=2, grape=1)
    response, tribe = accept("develop", {"seat": 0, "kind": "cave"})
    assert tribe.open_caves == 4 and len(tribe.revealed_chips) == 1
    chip = hunting_age.ROCK_CHIPS[tribe.revealed_chips[0]]
    got = {"coins": tribe.coins, "vp": tribe.track, **tribe.food.as_dict()}
    assert got[chip.good] == chip.amount  # the reward is applied at once
    words = text(response)
    label = hunting_age.GOOD_NAMES[chip.good]
    assert f"Rock chips flipped {label} ×{chip.amount}" in words
    assert "Ann has developed this turn." in words
    assert "Create a cave (" not in words  # one development per turn
    # Ann's next turn: the base + the cumulative extra (1 coin), and 2 chips to flip
    send(
        app,
        table.id,
        *({"type": "store", "seat": 0}, *({"type": "end_turn", "seat": seat} for seat in range(3))),
    )
    words = text(client.get(f"/t/{table.id}"))
    assert (
        "Create a cave (2/3) bear ×2 grape ×1 coin ×1 uncovers 1 VP · flips 2 rock chips" in words
    )


def test_one_development_per_turn(client, app, table):
    give(app, table.id, 0, bear=4, grape=2, green_grain=2, coins=3)
    assert post(client, table.id, "develop", {"seat": 0, "kind": "cave"}).status_code == 200
    refused(
        post(client, table.id, "develop", {"seat": 0, "kind": "subordinate"}),
        "only one development per turn",
    )


def test_any_food_is_a_row_of_one_tap_choices(client, app, table, accept):
    # the 4th subordinate costs 2 green grain + 2 grape + 2 coins + 1 food of any kind (H1)
    for price in [
        {"green_grain": 2, "grape": 1, "coins": 1},
        {"green_grain": 2, "grape": 2, "coins": 1},
        {"green_grain": 2, "grape": 2, "coins": 2},
    ]:
        give(app, table.id, 0, **price)
        send(app, table.id, {"type": "develop", "seat": 0, "kind": "subordinate"})
        send(app, table.id, *({"type": "end_turn", "seat": seat} for seat in range(3)))
    give(app, table.id, 0, green_grain=2, grape=2, coins=2, bear=1, mammoth=1)
    body = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert 'name="any.' not in body  # no number fields to edit
    choices = re.findall(r'data-testid="ha-any-subordinate-(\w+)"', body)
    assert choices == ["proposal", "mammoth"]  # the proposal pays with bear
    assert 'name="any_kind" value="" checked' in body
    _, tribe = accept(
        "develop",
        {"seat": 0, "kind": "subordinate", "any_kind": "mammoth", "any_count": "1"},
    )
    assert tribe.subordinates_added == 4 and tribe.food.as_dict()["bear"] == 1
    assert tribe.food.total == 1


def test_add_a_subordinate(client, app, table, accept):
    give(app, table.id, 0, green_grain=2, grape=1, coins=1)
    response, tribe = accept("develop", {"seat": 0, "kind": "subordinate"})
    assert tribe.subordinates_in_hand == 2 and tribe.food.total == 0 and tribe.coins == 0
    assert "Pieces left on the board 12" in text(response)


def test_build_a_hut_on_a_card_space(client, app, table, accept):
    # B1a's build cost 1 coin + 1 grape + 1 green grain; the first hut has no extra.
    words = text(client.get(f"/t/{table.id}"))
    assert "B1a Bear Den grape ×1 green grain ×1 coin ×1" in words
    give(app, table.id, 0, grape=1, green_grain=1, coins=1)
    response, tribe = accept("develop", {"seat": 0, "kind": "hut", "face": "B1a", "space": "2"})
    assert [(h.face, h.space, h.vp) for h in tribe.huts] == [("B1a", 2, 3)]
    assert "Bear Den, space 3 · 3 VP" in text(response)


def test_a_build_space_holds_one_hut(client, app, table):
    give(app, table.id, 0, grape=1, green_grain=1, coins=1)
    post(client, table.id, "develop", {"seat": 0, "kind": "hut", "face": "B1a", "space": "0"})
    send(app, table.id, {"type": "end_turn", "seat": 0})
    give(app, table.id, 1, grape=1, green_grain=1, coins=2)
    page = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert 'data-testid="ha-hut-B1a-0"' not in page  # taken: no button any more
    refused(
        post(client, table.id, "develop", {"seat": 1, "kind": "hut", "face": "B1a", "space": "0"}),
        "build space 1 of B1a already has a hut",
    )


def test_end_game_card_space_is_offered(client, table):
    words = text(client.get(f"/t/{table.id}"))
    assert "Space 1: 1 VP per mammoth or yellow grain in your cave" in words
    assert "Space 1: 6 VP" in words


@pytest.mark.parametrize(
    "data, message",
    [
        ({"seat": "x", "kind": "cave"}, "seat must be a whole number"),
        ({"seat": "5", "kind": "cave"}, "seat must be a whole number from 0 to 2"),
        ({"seat": "1", "kind": "cave"}, "it is Ann's turn, not Ben's"),
        (
            {"seat": "0", "kind": "castle"},
            "unknown development 'castle'; expected cave, subordinate or hut",
        ),
        (
            {"seat": "0", "kind": "hut", "face": "B1a", "space": "x"},
            "build space must be a whole number",
        ),
        (
            {"seat": "0", "kind": "hut", "face": "B1a", "space": "3"},
            "space must be a build space of B1a: 0 to 2",
        ),
        (
            {"seat": "0", "kind": "hut", "face": "Z9", "space": "0"},
            "face must be a hunting-ground face such as B1a or N07b",
        ),
        ({"seat": "0", "kind": "hut", "face": "N02a", "space": "0"}, "N02a is not on the table"),
        ({"seat": "0", "kind": "subordinate", "any.bear": "lots"}, "bear must be a whole number"),
        (
            {"seat": "0", "kind": "subordinate", "any_kind": "bear", "any_count": "x"},
            "any food must be a whole number",
        ),
        (
            {"seat": "0", "kind": "subordinate", "any_kind": "coins", "any_count": "1"},
            'any_food: unknown item "coins"',
        ),
    ],
)
def test_develop_bad_input(client, app, table, data, message):
    give(app, table.id, 0, bear=5, grape=5, green_grain=5, coins=5)
    before = get(app, table.id).version
    refused(post(client, table.id, "develop", data), message)
    assert get(app, table.id).version == before


def test_develop_refusal_without_javascript_is_the_whole_page(client, table):
    response = post(client, table.id, "develop", {"seat": 0, "kind": "cave"}, htmx=False)
    assert response.status_code == 422
    assert "<html" in response.get_data(as_text=True)
    assert "you cannot afford it" in text(response)


def test_develop_without_javascript_redirects_back(client, app, table):
    give(app, table.id, 0, bear=2, grape=1)
    response = post(client, table.id, "develop", {"seat": 0, "kind": "cave"}, htmx=False)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/t/{table.id}")


def test_unaffordable_refusal_in_japanese(client, table):
    response = post(client, table.id, "develop", {"seat": 0, "kind": "cave"}, lang="ja")
    assert response.status_code == 422
    assert "払えません" in text(response)


# -- storage ---------------------------------------------------------------------------


def test_storage_flags_surplus_and_proposes_what_goes_back(client, app, table):
    give(app, table.id, 0, bear=3, grape=1, mammoth=1)
    response = client.get(f"/t/{table.id}")
    assert "2 food pieces too many: choose what goes back to the supply." in text(response)
    body = response.get_data(as_text=True)
    # the fold's default: from the kind held most (bear)
    assert 'name="return.bear" value="2"' in body
    refused(
        post(client, table.id, "end-turn", {"seat": 0}),
        "store food first: 5 food pieces but only 3 open caves",
    )


def test_store_returns_the_chosen_pieces(client, app, table, accept):
    give(app, table.id, 0, bear=3, grape=1, mammoth=1)
    response, tribe = accept(
        "store",
        {"seat": 0, "return.bear": "1", "return.mammoth": "1", "return.grape": ""},
    )
    assert tribe.food.as_dict() == {
        "bear": 2,
        "mammoth": 0,
        "grape": 1,
        "green_grain": 0,
        "yellow_grain": 0,
    }
    assert "too many" not in text(response)
    assert "bear 10 /12" in text(response) and "mammoth 8 /8" in text(response)


@pytest.mark.parametrize(
    "data, message",
    [
        (
            {"seat": 0, "return.bear": "1"},
            "4 food pieces do not fit in 3 open caves: return 1 more to the supply",
        ),
        ({"seat": 0, "return.grape": "2"}, "you have only 1 grape, not 2 to return"),
        ({"seat": 0, "return.bear": "-1"}, "return.bear must be a whole number (≥ 0)"),
        ({"seat": 0, "return.bear": "two"}, "bear must be a whole number"),
        ({"seat": "", "return.bear": "2"}, "seat must be a whole number"),
    ],
)
def test_store_bad_input(client, app, table, data, message):
    give(app, table.id, 0, bear=3, grape=1, mammoth=1)
    before = get(app, table.id).version
    refused(post(client, table.id, "store", data), message)
    assert get(app, table.id).version == before


# -- turns, end trigger, final count (H2) ----------------------------------------------


def test_end_turn_passes_to_the_next_seat(client, app, table):
    response = post(client, table.id, "end-turn", {"seat": 0})
    assert response.status_code == 200
    assert "Turn 2 Ben's turn" in text(response)
    refused(post(client, table.id, "end-turn", {"seat": 0}), "it is Ben's turn, not Ann's")


def test_end_trigger_banner_counts_turns_left_then_final_screen(client, app, table):
    give(app, table.id, 0, vp=10)
    words = text(client.get(f"/t/{table.id}"))
    assert "Ann triggered the end." in words
    assert "2 more turns after this one, so everyone plays the same number of turns." in words
    assert "Cho plays last." in words
    post(client, table.id, "end-turn", {"seat": 0})
    assert "1 more turn after this one" in text(client.get(f"/t/{table.id}"))
    post(client, table.id, "end-turn", {"seat": 1})
    assert "This is the last turn." in text(client.get(f"/t/{table.id}"))
    final = post(client, table.id, "end-turn", {"seat": 2})
    words = text(final)
    assert "Game over — Winner: Ann" in words
    assert "Final scoring" in words
    assert "End Ann's turn" not in words  # no more turns
    body = final.get_data(as_text=True)
    assert "<svg" in body and "VP over the turns" in words
    refused(post(client, table.id, "end-turn", {"seat": 0}), "the game is over")


def test_final_count_every_component_and_tie_break(client, app, table):
    # Ann: a hut on B1a space 3 (3 VP) and the first hut uncovers 0; Ben: 3 on the track.
    give(app, table.id, 0, grape=1, green_grain=1, coins=1)
    post(client, table.id, "develop", {"seat": 0, "kind": "hut", "face": "B1a", "space": "2"})
    give(app, table.id, 1, vp=3)
    give(app, table.id, 2, vp=10, bear=1)
    for seat in range(3):
        assert post(client, table.id, "end-turn", {"seat": seat}).status_code == 200
    state = get(app, table.id).state
    assert state.over
    words = text(client.get(f"/t/{table.id}"))
    # Ann and Ben tie on 3; Ann has fewer pieces left on the board (12 < 13).
    assert re.search(r"Cho 10 VP · 13 pieces left on the board · 1 food in the cave", words)
    assert re.search(r"Ann 3 VP · 12 pieces left on the board · 0 food in the cave", words)
    assert words.index("Ann 3 VP") < words.index("Ben 3 VP")
    assert "Winner: Cho" in words


def test_shared_win(client, app, table):
    give(app, table.id, 0, vp=10)
    give(app, table.id, 1, vp=10)
    give(app, table.id, 2, vp=10)
    for seat in range(3):
        post(client, table.id, "end-turn", {"seat": seat})
    words = text(client.get(f"/t/{table.id}"))
    assert "Shared win: Ann, Ben, Cho" in words
    assert "Ann = Ben = Cho" in words


def test_chart_has_a_line_per_player(client, app, table):
    give(app, table.id, 0, vp=2)
    post(client, table.id, "end-turn", {"seat": 0})
    body = client.get(f"/t/{table.id}").get_data(as_text=True)
    chart = body[body.index("<svg") : body.index("</svg>")]
    for name in ("Ann", "Ben", "Cho"):
        assert name in chart


# -- the original edition: typed costs, VP and rock chips -------------------------------


def test_original_edition_cave_with_typed_chips_and_cost(client, app, new_table):
    table = new_table("original")
    give(app, table.id, 0, bear=2, grape=1)
    _, tribe = accepted(
        client,
        app,
        table.id,
        "develop",
        {
            "seat": 0,
            "kind": "cave",
            "cost.bear": "2",
            "cost.grape": "1",
            "cost.coins": "",
            "chip": ["bear_2"],
            "uncovered_vp": "0",
        },
    )
    assert tribe.revealed_chips == ("bear_2",) and tribe.food.bear == 2  # reward at once
    send(app, table.id, *({"type": "end_turn", "seat": seat} for seat in range(3)))
    assert "The 2 rock chips you flipped" in text(client.get(f"/t/{table.id}"))


def test_original_edition_hut_with_printed_vp_or_end_game_card(client, app, new_table):
    table = new_table("original")
    give(app, table.id, 0, grape=2, coins=1)
    response = post(
        client,
        table.id,
        "develop",
        {
            "seat": 0,
            "kind": "hut",
            "cost.grape": "2",
            "cost.coins": "1",
            "vp": "4",
            "uncovered_vp": "0",
        },
    )
    assert response.status_code == 200
    send(app, table.id, {"type": "end_turn", "seat": 0})
    give(app, table.id, 1, bear=1)
    response = post(
        client,
        table.id,
        "develop",
        {"seat": 1, "kind": "hut", "cost.bear": "1", "end_game": "flat_6", "vp": ""},
    )
    assert response.status_code == 200
    scores = [s["huts"] for s in hunting_age.fold.scores(get(app, table.id).state)["scores"]]
    assert scores[:2] == [4, 6]
    assert "6 VP" in text(response)


@pytest.mark.parametrize(
    "data, message",
    [
        (
            {"kind": "cave", "cost.bear": "2", "cost.grape": "1", "chip": ["gold"]},
            "unknown rock chip 'gold'; expected one of: vp_1",
        ),
        (
            {"kind": "cave", "cost.bear": "2", "cost.grape": "1", "chip": ["bear_1", "vp_1"]},
            "cave creation number 1 flips 1 rock chip(s), not 2",
        ),
        ({"kind": "cave", "cost.bear": "x"}, "bear must be a whole number"),
        (
            {"kind": "cave", "cost.bear": "3", "chip": ["vp_1"]},
            "you cannot afford it: it costs bear ×3; you are missing bear ×1",
        ),
        ({"kind": "hut", "end_game": "flat_9"}, "end_game must be one of mammoth_yellow"),
        ({"kind": "hut", "vp": "-2"}, "vp must be a whole number (≥ 0)"),
        ({"kind": "subordinate", "uncovered_vp": "x"}, "VP uncovered must be a whole number"),
    ],
)
def test_original_edition_bad_input(client, app, new_table, data, message):
    table = new_table("original")
    give(app, table.id, 0, bear=2, grape=1)
    before = get(app, table.id).version
    refused(post(client, table.id, "develop", {"seat": 0, **data}), message)
    assert get(app, table.id).version == before


def test_original_edition_shows_typed_cost_forms(client, new_table):
    table = new_table("original")
    body = client.get(f"/t/{table.id}").get_data(as_text=True)
    assert 'name="cost.any_food"' in body and 'name="chip"' in body
    assert 'name="end_game"' in body and "Bear Den" not in body


# -- routes of other games and tables --------------------------------------------------


@pytest.mark.parametrize("route", ["setup", "develop", "harvest", "store", "end-turn"])
def test_routes_404_for_other_games_and_unknown_tables(client, make_table, route):
    other = make_table()  # the fake counters game
    assert post(client, other.id, route, {"seat": 0}).status_code == 404
    assert post(client, "no-such-table", route, {"seat": 0}).status_code == 404


@pytest.mark.parametrize("route", ["setup", "develop", "harvest", "store", "end-turn"])
def test_routes_refuse_get(client, table, route):
    assert client.get(f"/t/{table.id}/hunting-age/{route}").status_code == 405


def test_create_form_offers_the_edition(client, app):
    page = client.get("/new?game=hunting-age")
    assert 'name="setting.edition" value="original"' in page.get_data(as_text=True)
    response = client.post("/new", data=new_table_form("hunting-age", edition="original"))
    assert response.status_code == 303


# -- game words in refusals and history lines (Terms and TermLists) --------------------

FAKE_JA = {
    "you cannot afford it: it costs {cost}; you are missing {missing}": (
        "払えません: {cost} が必要で、{missing} が足りません"
    ),
    "{name} stored food and returned {goods}": "{name}は食料を保管し、{goods}を戻した",
    "bear": "くま",
    "grape": "ぶどう",
    "coin": "石貨",
}


@pytest.fixture
def fake_ja(monkeypatch):
    """A tiny catalog in place of the compiled one: refusals and history use it."""
    monkeypatch.setattr(i18n, "gettext", lambda text: FAKE_JA.get(text, text))


def test_a_refusal_names_the_goods_in_the_readers_language(client, table, fake_ja):
    response = post(client, table.id, "develop", {"seat": 0, "kind": "cave"}, lang="ja")
    assert response.status_code == 422
    assert "払えません: くま ×2, ぶどう ×1 が必要で、くま ×2, ぶどう ×1 が足りません" in text(
        response
    )


def test_a_history_line_names_the_goods_in_the_readers_language(client, app, table, fake_ja):
    give(app, table.id, 0, bear=4)
    send(app, table.id, {"type": "store", "seat": 0, "return": {"bear": 1}})
    page = text(client.get(f"/t/{table.id}/history?lang=ja"))
    assert "Annは食料を保管し、くま ×1を戻した" in page


@pytest.mark.parametrize("lang", ["ja", "it"])
def test_every_game_word_is_translated_in_the_one_catalog(lang):
    """The goods', cards', specials' and end-game cards' names are msgids (games/ holds no
    ja/it words): the catalog the panel, the messages and the kit all read has each one."""
    po = Path(__file__).parents[3] / "translations" / lang / "LC_MESSAGES" / "messages.po"
    with po.open("rb") as file:
        catalog = read_po(file)
    words = [
        *hunting_age.GOOD_NAMES.values(),
        *(face.name for face in FACES_BY_ID.values()),
        *hunting_cards.SPECIALS.values(),
        *hunting_cards.END_GAME_CARDS.values(),
    ]
    assert len(words) == 10 + 28 + 2 + 4
    for word in words:
        message = catalog.get(word)
        assert message is not None and message.string and not message.fuzzy, word
    assert catalog.get("Bear Den").string == {"ja": "熊の巣穴", "it": "Tana dell'orso"}[lang]
    assert (
        catalog.get("bear, grape or green grain").string
        == {
            "ja": "くま・ぶどう・穀物(緑)のいずれか",
            "it": "orso, uva o grano verde",
        }[lang]
    )


@pytest.mark.parametrize(("players", "new_land"), [(3, 3), (4, 4)])
def test_setup_explains_the_layout_for_this_player_count(client, new_table, players, new_land):
    # H1 setup: 4 basic cards, plus 3 new-land cards for 3 players and 4 for 4–5 players.
    table = new_table(players=players, layout=False)
    words = text(client.get(f"/t/{table.id}"))
    assert f"(the 4 basic cards and {new_land} new-land cards for {players} players)" in words
