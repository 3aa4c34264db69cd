"""Lion Square panel with the Flask test client: every route of the panel, every
bad input (4xx, a clear message in the reader's language, the table unchanged), the secret
herds, the round's L2 preview with its breakdown, scoring, the next round's start player
(L3) and the end of the game (winners, shared wins, the lions, ranking and chart)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from companion_testkit import HTMX, get, new_table_form, poster, send, text

from companion import tables
from companion.panels import lion_square

post = poster("lion-square")

# The docs/contracts.md example square (rows north → south). Nearest cards (L2): S (Ann) sees
# 2+1+2 = 5, W (Ben) 3+2+1 = 6, N (Cho) 3+G+1 = 4.
GRID = [[3, None, 1], [2, "G", 0], [None, 1, 2]]


@pytest.fixture
def table(make_table):
    return make_table("lion-square", 3)


def panel(client, table_id: str, lang: str = "en") -> str:
    return client.get(f"/t/{table_id}", headers={"Accept-Language": lang}).get_data(as_text=True)


def fill(app, table_id: str, grid=GRID) -> tables.TableView:
    return send(app, table_id, {"type": "set_square", "grid": grid})


# --- the page ------------------------------------------------------------------------------


def test_the_panel_shows_round_sides_square_and_every_player(client, table):
    body = panel(client, table.id)
    assert "Round 1 of 3" in body and "Ann starts" in body
    assert "8 cards each · square deck 8" in body  # 3 players: 8 each, 30 - 24 + 2 left
    assert body.count('name="cell"') == 9
    for seat, (name, colour) in enumerate([("Ann", "red"), ("Ben", "blue"), ("Cho", "green")]):
        card = body[body.index(f'data-testid="ls-seat-{seat}"') :]
        assert re.match(
            rf'[^<]*>\s*<div class="row">\s*<h2 class="grow"><span class="swatch '
            rf'c-{colour}"></span> {name}</h2>',
            card,
        )
    assert re.search(r'side-e"><span class="muted">nobody', body)  # 3 players: E is empty
    assert 'data-testid="ls-seat-2"' in body


def test_herds_are_secret_until_tapped(client, table):
    """A spectator gets three card backs; Ann's phone her own herd, face down until tapped,
    and two card backs (the others' herds are never sent to it)."""
    body = panel(client, table.id)
    assert "data-secret" not in body and body.count("ls-card-back") == 3
    client.post(f"/t/{table.id}/seat", data={"seat": "0"})
    body = panel(client, table.id)
    assert f'data-secret="herd-{table.id}-0"' in body
    assert body.count("Herd: tap to see") == 1 and body.count("data-reveal") == 1
    assert 'data-testid="ls-herd-hidden-1"' in body and 'data-testid="ls-herd-hidden-2"' in body


def test_the_first_empty_place_is_picked_and_typing_moves_on(client, app, table):
    assert re.search(r'value="0,0" checked', panel(client, table.id))
    response = post(client, table.id, "cell", {"cell": "0,0", "card": "3"})
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    assert 'value="0,1" checked' in body and 'data-version="1"' in body
    assert get(app, table.id).state.square.rows[0][0] == 3


def test_cell_sets_a_gazelle_and_clears_a_place(client, app, table):
    assert post(client, table.id, "cell", {"cell": "1,1", "card": "g"}).status_code == 200
    assert get(app, table.id).state.square.gazelle_count == 1
    assert post(client, table.id, "cell", {"cell": "1,1", "card": ""}).status_code == 200
    assert get(app, table.id).state.square.card_count == 0


def test_without_javascript_a_post_redirects_back_to_the_table(client, table):
    response = post(client, table.id, "cell", {"cell": "2,2", "card": "4"}, htmx=False)
    assert response.status_code == 303 and response.headers["Location"] == f"/t/{table.id}"


@pytest.mark.parametrize(
    ("route", "data", "message"),
    [
        ("cell", {"card": "3"}, "Tap a place of the square first, then a number."),
        ("cell", {"cell": "3,0", "card": "3"}, "Tap a place of the square first, then a number."),
        ("cell", {"cell": "a,b", "card": "3"}, "Tap a place of the square first, then a number."),
        (
            "cell",
            {"cell": "0,0", "card": "x"},
            "card must be a number, \"G\" for a gazelle or empty to clear the place; got 'x'",
        ),
        (
            "cell",
            {"cell": "0,0", "card": "-1"},
            "card must be a number, \"G\" for a gazelle or empty to clear the place; got '-1'",
        ),
        ("taken", {"seat": "0", "count": "many"}, "cards taken must be a whole number"),
        ("taken", {"seat": "0", "count": "-1"}, "count must be a whole number (≥ 0)"),
        ("taken", {"seat": "7", "count": "1"}, "seat must be a whole number from 0 to 2"),
        ("taken", {"count": "1"}, "seat must be a whole number"),
        (
            "gazelles",
            {"seat": "1", "count": "3"},
            "3 gazelles between the square (0) and the hands (3); the game has only 2",
        ),
        ("gazelles", {"seat": "1", "count": ""}, "gazelles in hand must be a whole number"),
        ("last", {"seat": "9"}, "seat must be a whole number from 0 to 2"),
        ("last", {"seat": "x"}, "seat must be a whole number"),
        ("score", {}, "the square is empty; enter its cards before scoring the round"),
        ("next", {}, "score round 1 before starting the next"),
    ],
)
def test_bad_input_is_refused_with_the_message_and_changes_nothing(
    client, app, table, route, data, message
):
    response = post(client, table.id, route, data)
    assert response.status_code == 422
    assert message in text(response)
    assert 'role="alert"' in response.get_data(as_text=True)
    assert get(app, table.id).version == 0


def test_a_refusal_is_translated(client, table):
    response = post(client, table.id, "cell", {"card": "3"}, lang="ja")
    assert response.status_code == 422
    assert "まず場の置き場所をタップしてから数字を選んでください。" in text(response)
    response = post(client, table.id, "score", lang="it")
    assert response.status_code == 422 and "quadrato" in text(response).lower()


def test_another_game_has_no_lion_square_routes(client, make_table):
    other = make_table("hunting-age", 3)
    assert post(client, other.id, "score").status_code == 404
    assert post(client, "no-such-table", "score").status_code == 404


def test_counts_and_the_last_card_are_set(client, app, table):
    assert post(client, table.id, "taken", {"seat": "1", "count": "3"}).status_code == 200
    assert post(client, table.id, "gazelles", {"seat": "2", "count": "1"}).status_code == 200
    assert post(client, table.id, "last", {"seat": "1"}).status_code == 200
    state = get(app, table.id).state
    assert state.taken == (0, 3, 0) and state.gazelles == (0, 0, 1) and state.last == 1
    body = panel(client, table.id)
    assert "Next round: Cho starts." in body  # L3: the player after Ben (S → W → N)
    assert post(client, table.id, "last", {"seat": ""}).status_code == 200
    assert get(app, table.id).state.last is None


def test_any_seat_notes_who_laid_the_last_card_without_acting_for_them(client, app, table):
    """Ann's phone notes that Ben laid the last card: a fact of the round, not Ben's own
    change, so it is not asked "make this change for Ben?" — his taken cards still are."""
    client.post(f"/t/{table.id}/seat", data={"seat": "0"})
    assert post(client, table.id, "last", {"seat": "1"}).status_code == 200
    assert get(app, table.id).state.last == 1
    asked = post(client, table.id, "taken", {"seat": "1", "count": "3"})
    assert asked.status_code == 409 and "Make this change for Ben?" in text(asked)
    assert get(app, table.id).state.taken == (0, 0, 0)
    events = client.get(f"/api/v1/tables/{table.id}/events").get_json()
    # made by Ann's phone, naming Ben's seat as posted
    assert (events[-1]["type"], events[-1]["by_seat"], events[-1]["seat"]) == ("set_last", 0, 1)


def test_gazelle_stepper_stops_at_the_two_gazelle_cards(client, app, table):
    send(app, table.id, {"type": "set_gazelles", "seat": 0, "count": 2})
    body = panel(client, table.id)
    assert re.search(r'data-testid="ls-gazelles-0-up" disabled', body)
    assert re.search(r'data-testid="ls-gazelles-1-up" disabled', body)  # no third gazelle
    assert re.search(r'data-testid="ls-gazelles-0-down">', body)


def test_the_preview_itemises_each_players_loss(client, app, table):
    """L2 on the docs/contracts.md square: Ann (S) 5 nearest, 3 taken → 2, 1 gazelle: 8."""
    fill(app, table.id)
    send(
        app,
        table.id,
        {"type": "set_taken", "seat": 0, "count": 3},
        {"type": "set_gazelles", "seat": 0, "count": 1},
    )
    client.post(f"/t/{table.id}/seat", data={"seat": "0"})  # Ann's phone: her herd shows
    words = text(client.get(f"/t/{table.id}"))
    assert "Loses 8 = 5 nearest cards + 2 for taken cards + 1 gazelles in hand" in words
    assert "Loses 6 = 6 nearest cards + 0 for taken cards + 0 gazelles in hand" in words  # Ben W
    assert "After this round: 12" in words


def test_the_rounds_end_comes_first_once_the_square_is_full(client, app, table):
    """Issue 34: during the round the square leads the panel and the round's end follows
    the seats; with 9 cards on the square (the round ends, Play) or the round scored, the
    round's end (the last card, this phone's gazelles, the losses, the next round) comes
    first, before the square and the seats."""
    client.post(f"/t/{table.id}/seat", data={"seat": "1"})
    body = panel(client, table.id)
    assert body.index('data-testid="ls-square"') < body.index('data-testid="ls-last"')
    assert body.index('data-testid="ls-seat-2"') < body.index('data-testid="ls-last"')
    assert 'data-testid="ls-end-gazelles"' not in body
    fill(app, table.id, [[3, 4, 1], [2, "G", 0], [1, 1, 2]])
    body = panel(client, table.id)
    last = body.index('data-testid="ls-last"')
    assert last < body.index('data-testid="ls-square"') and last < body.index("ls-seat-0")
    assert last < body.index('data-testid="ls-end-gazelles"') < body.index('data-testid="ls-score"')
    assert body.count('data-testid="ls-last"') == 1  # once, not also below the seats
    # the round end's stepper is this phone's seat's (Ben)
    end = body[body.index('data-testid="ls-end-gazelles"') : body.index('data-testid="ls-score"')]
    assert "gazelles in hand of Ben plus one" in end and "of Ann" not in end
    post(client, table.id, "score")
    body = panel(client, table.id)
    assert body.index('data-testid="ls-next"') < body.index('data-testid="ls-seat-0"')
    assert 'data-testid="ls-end-gazelles"' not in body  # scored: nothing left to count


def test_applying_the_round_scores_every_herd(client, app, table):
    fill(app, table.id)
    response = post(client, table.id, "score")
    assert response.status_code == 200
    state = get(app, table.id).state
    assert state.herds == (15, 14, 16)
    words = text(response)
    assert "Round 1 is scored" in words and "Lost 5" in words
    assert 'name="cell"' not in response.get_data(as_text=True)  # the square is closed
    again = post(client, table.id, "score")
    assert again.status_code == 422 and "round 1 is already scored" in text(again)


def test_next_round_needs_the_last_card_then_starts_after_it(client, app, table):
    fill(app, table.id)
    post(client, table.id, "score")
    refused = post(client, table.id, "next")
    assert refused.status_code == 422
    assert "choose who laid the last card of round 1" in text(refused)
    assert 'data-testid="ls-next" disabled' in panel(client, table.id)
    post(client, table.id, "last", {"seat": "2"})  # Cho (N) laid it: Ann (S) starts (E empty)
    response = post(client, table.id, "next")
    assert response.status_code == 200
    state = get(app, table.id).state
    assert state.round == 2 and state.start == 0 and state.square.card_count == 0
    assert "Round 2 of 3" in text(response) and "Ann starts" in text(response)


def play_round(app, table_id: str, grid, last: int = 0, *, next_round: bool = True) -> None:
    events: list[dict[str, Any]] = [
        {"type": "set_square", "grid": grid},
        {"type": "set_last", "seat": last},
        {"type": "score_round"},
    ]
    if next_round:
        events.append({"type": "next_round"})
    send(app, table_id, *events)


def test_three_rounds_end_with_a_winner_ranking_chart_and_history(client, app, table):
    play_round(app, table.id, GRID)  # herds 15, 14, 16
    play_round(app, table.id, GRID)  # 10, 8, 12
    play_round(app, table.id, GRID, next_round=False)  # 5, 2, 8
    response = client.get(f"/t/{table.id}")
    body = response.get_data(as_text=True)
    words = text(response)
    assert "Cho wins!" in words and "Game over after round 3." in words
    ranking = re.search(r'data-testid="ls-ranking">(.*?)</ol>', body, re.S).group(1)
    assert [re.sub(r"<[^>]+>", "", n).strip() for n in re.findall(r"</span> (\w+)", ranking)] == [
        "Cho",
        "Ann",
        "Ben",
    ]
    chart = body[body.index("<svg") : body.index("</svg>")]
    assert chart.count("<polyline") == 3 and "Herds after each round" in chart
    assert "Ann: start 20, round 1 15, round 2 10, round 3 5" in chart
    assert "−5" in words and "Herd: tap to see" not in words  # herds open at the end
    assert post(client, table.id, "cell", {"cell": "0,0", "card": "1"}).status_code == 422


def test_equal_herds_share_the_win(client, app, table):
    grid = [[1, 1, 1], [1, 1, 1], [1, 1, 1]]  # everyone sees three 1s
    for round_number in range(3):
        play_round(app, table.id, grid, next_round=round_number < 2)
    assert "Winners with equal herds: Ann, Ben, and Cho" in text(client.get(f"/t/{table.id}"))


def test_the_lions_win_when_every_herd_is_gone(client, app, table):
    grid = [[9, 9, 9], [9, 9, 9], [9, 9, 9]]
    play_round(app, table.id, grid, next_round=False)
    words = text(client.get(f"/t/{table.id}"))
    assert "The lions win! No herd survived." in words
    assert get(app, table.id).state.winners == []


def test_the_end_screen_in_japanese(client, app, table):
    grid = [[9, 9, 9], [9, 9, 9], [9, 9, 9]]
    play_round(app, table.id, grid, next_round=False)
    words = text(client.get(f"/t/{table.id}?lang=ja"))
    assert "らいおん" in words and "群れ" in words


def test_the_herd_stepper_uses_the_generic_adjust(client, app, table):
    client.post(f"/t/{table.id}/seat", data={"seat": "0"})  # a herd is its seat's to change
    response = client.post(
        f"/t/{table.id}/adjust", data={"seat": "0", "counter": "herd", "delta": "-2"}, headers=HTMX
    )
    assert response.status_code == 200 and get(app, table.id).state.herds[0] == 18
    refused = client.post(
        f"/t/{table.id}/adjust", data={"seat": "0", "counter": "herd", "delta": "5"}, headers=HTMX
    )
    assert refused.status_code == 422 and get(app, table.id).state.herds[0] == 18


def test_the_poll_brings_a_change_made_elsewhere(client, app, table):
    assert client.get(f"/t/{table.id}?v=0", headers={"HX-Request": "true"}).status_code == 204
    send(app, table.id, {"type": "set_cell", "row": 0, "column": 0, "card": 4})
    fresh = client.get(f"/t/{table.id}?v=0", headers={"HX-Request": "true"})
    assert fresh.status_code == 200 and 'data-version="1"' in fresh.get_data(as_text=True)


def test_create_form_offers_the_start_player(client, app):
    form = client.get("/new?game=lion-square").get_data(as_text=True)
    assert 'name="setting.start"' in form
    # one choice per seat of the largest table (rules.MAX_PLAYERS = 4)
    assert re.findall(r'<option value="(\d)">Player \d</option>', form) == ["0", "1", "2", "3"]
    response = client.post("/new", data=new_table_form("lion-square", start="2"))
    assert response.status_code == 303
    table_id = response.headers["Location"].split("/")[2]
    assert get(app, table_id).state.start == 2


def test_view_picks_nothing_once_the_square_is_full(app, table):
    full = [[1, 1, 1], [1, 1, 1], [1, 1, 1]]
    view = fill(app, table.id, full)
    with app.test_request_context("/"):
        assert lion_square.view(view)["picked"] is None


# --- issue 21: the picker, the cursor and taking a line -----------------------------------


def picker_numbers(body: str) -> list[str]:
    square = body[body.index('data-testid="ls-square"') :]
    return re.findall(r'name="card" value="(\d+)"', square)


def test_the_picker_offers_the_decks_numbers_and_every_retail_number(client, app, table):
    """L1: players of another edition type the numbers they see (TYPED_NUMBERS, 0–9)."""
    assert picker_numbers(panel(client, table.id)) == [str(n) for n in range(10)]
    response = post(client, table.id, "cell", {"cell": "0,0", "card": "7"})
    assert response.status_code == 200 and get(app, table.id).state.square.rows[0][0] == 7


def checked(body: str) -> str:
    return re.search(r'name="cell" value="(\d,\d)" checked', body).group(1)


@pytest.mark.parametrize(
    ("seat", "tapped", "north_up", "expected"),
    [
        (0, "0,2", (0, 2), "1,0"),  # South: the view is north-up
        (1, "0,0", (0, 2), "0,1"),  # West: the far row is the east column
        (2, "0,0", (2, 2), "0,1"),  # North: the square upside down
        (2, "0,2", (2, 0), "1,0"),  # … the end of the far row moves to the middle row
    ],
)
def test_after_a_number_the_next_place_of_the_phones_own_view_is_picked(
    client, app, table, seat, tapped, north_up, expected
):
    """The cursor moves left to right, far row first, as the square is drawn on this phone
    (its side at the bottom), not in north-up order."""
    client.post(f"/t/{table.id}/seat", data={"seat": str(seat)})
    assert checked(panel(client, table.id)) == "0,0"  # the view's first place
    side = "SWN"[seat]
    response = post(client, table.id, "cell", {"cell": tapped, "card": "3", "view_side": side})
    assert response.status_code == 200
    row, column = north_up
    assert get(app, table.id).state.square.rows[row][column] == 3
    assert checked(response.get_data(as_text=True)) == expected


def test_a_line_is_taken_in_one_tap_from_the_phones_own_view(client, app, table):
    """Rulebook: a player who cannot play takes every card of a row or column. Ben (West)
    taps "Far row": the east column (1, 0, 2) leaves the square for his taken pile."""
    fill(app, table.id)
    client.post(f"/t/{table.id}/seat", data={"seat": "1"})
    body = panel(client, table.id)
    assert 'data-testid="ls-take-row-0"' in body and "Far row" in body
    response = post(client, table.id, "take", {"seat": "1", "line": "row,0", "view_side": "W"})
    assert response.status_code == 200
    state = get(app, table.id).state
    assert str(state.square) == "3 . . / 2 G . / . 1 ." and state.taken == (0, 3, 0)
    assert "Loses 8 = 6 nearest cards + 2 for taken cards" in text(response)  # W: 3+2+1, ⌈3/2⌉


def test_an_empty_line_cannot_be_taken_and_a_spectator_has_no_take_buttons(client, app, table):
    send(app, table.id, {"type": "set_cell", "row": 0, "column": 0, "card": 2})
    assert 'data-testid="ls-take"' not in panel(client, table.id)  # no seat to take for
    client.post(f"/t/{table.id}/seat", data={"seat": "0"})
    body = panel(client, table.id)
    assert re.search(r'data-testid="ls-take-row-0">', body)
    assert re.search(r'data-testid="ls-take-row-1" disabled', body)
    for data, message in [
        ({"seat": "0", "line": "row,1"}, "that line of the square is empty"),
        ({"seat": "0", "line": "diagonal,1"}, "Tap the line to take: a row or a column"),
        ({"seat": "0", "line": "row,3"}, "Tap the line to take: a row or a column"),
        ({"line": "row,0"}, "seat must be a whole number"),
    ]:
        refused = post(client, table.id, "take", data)
        assert refused.status_code == 422 and message in text(refused)
    assert get(app, table.id).version == 1


# --- issue 21: the rulebook's Japanese, round headers --------------------------------------


@pytest.mark.parametrize(
    ("lang", "banner", "tied"),
    [
        ("ja", "ともに勝者：Ann、Ben", "Ann、 Ben — "),
        ("it", "Vincitori a pari merito: Ann e Ben", "Ann, Ben — "),
        ("en", "Winners with equal herds: Ann and Ben", "Ann, Ben — "),
    ],
)
def test_equal_herds_are_all_winners_in_the_rulebooks_words(client, app, table, lang, banner, tied):
    """Rulebook: 同数だった場合、ともに勝者 — not 引き分け (a draw); names joined as the
    language joins them (「、」 in Japanese), in the banner and in the ranking."""
    # Ann (S, the bottom row) and Ben (W, the west column) see 4, Cho (N) 6: after three
    # rounds Ann and Ben share the win with 8 each.
    grid = [[2, 2, 2], [1, 1, 2], [1, 1, 2]]
    for round_number in range(3):
        play_round(app, table.id, grid, next_round=round_number < 2)
    response = client.get(f"/t/{table.id}?lang={lang}")
    words = text(response)
    assert banner in words and "引き分け" not in words
    assert tied in words  # the ranking: one place for both


@pytest.mark.parametrize(("lang", "head"), [("ja", "ラウンド"), ("it", "Round"), ("en", "Round")])
def test_the_rounds_table_heads_its_columns_in_the_readers_words(client, app, table, lang, head):
    """Not "R1 R2 R3": a "Round" (ラウンド) head over the round numbers, each column read
    aloud as "round 1" (ラウンド1) by a screen reader."""
    play_round(app, table.id, GRID)
    play_round(app, table.id, GRID, next_round=False)
    body = client.get(f"/t/{table.id}?lang={lang}").get_data(as_text=True)
    history = body[body.index('data-testid="ls-history"') :]
    assert not re.search(r">R\d<", history)
    assert re.search(rf'colspan="2" class="ls-rounds-head">{head}</th>', history)
    numbers = re.findall(
        r'data-testid="ls-round-head"><span class="sr-only">([^<]+)</span>', history
    )
    assert numbers == {"ja": ["ラウンド1", "ラウンド2"]}.get(lang, [f"{'round'} 1", "round 2"])
