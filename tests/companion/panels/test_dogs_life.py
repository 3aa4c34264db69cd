"""A Dog's Life panel with the Flask test client: every route of the panel, the
settings form, every bad input (4xx, a clear message in the reader's language with the dog
named as the reader knows it, the table unchanged), the hunger tick and food cap, the
pound's draws and automatic release (D2), the digital draws and the die, and the end: the
winner banner at N bones, the timed variant and the bones chart (D3)."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from companion_testkit import get, new_table_form, poster, send, text
from companion_testkit import refused as refused_panel
from dogs_life_panel import carry_newspaper
from werkzeug.datastructures import MultiDict

from companion import tables
from companion.panels import dogs_life as panel
from games.dogs_life import fold
from games.dogs_life.catalog import Section
from games.table import Player

post = poster("dogs-life")


@pytest.fixture
def new_table(make_table):
    def make(players: int = 3, **settings: Any) -> tables.TableView:
        return make_table("dogs-life", players, settings)

    return make


@pytest.fixture
def table(new_table):
    return new_table()


def refused(response: Any, message: str) -> None:
    """A 422 panel whose alert holds ``message`` (its first letter capitalised when it
    opens the alert) as a sentence: a capital letter and a full stop (issue 21)."""
    refused_panel(response, "")
    body = response.get_data(as_text=True)
    alert = re.sub(r"<[^>]+>", "", re.search(r'role="alert">(.*?)</div>', body, re.S)[1])
    alert = re.sub(r"\s+", " ", alert).strip().replace("&#39;", "'")
    assert not alert[0].islower() and alert[-1] in ".。", alert
    assert message in alert or message[:1].upper() + message[1:] in alert, alert


def dog(app, table_id: str, seat: int = 0):
    return get(app, table_id).state.dogs[seat]


# -- the panel -------------------------------------------------------------------------


def test_panel_shows_one_card_per_dog_with_its_chart(client, new_table):
    table = new_table(players=3)
    page = client.get(f"/t/{table.id}")
    assert page.status_code == 200
    body = page.get_data(as_text=True)
    for seat in range(3):
        assert f'data-testid="dl-dog-{seat}"' in body
    words = text(page)
    # D1 catalog order: Fifi, Butch, White Fang; every dog starts with hunger 4, 1 pee
    # marker in the bladder and 7 beside the chart.
    for name in ("Fifi", "Butch", "White Fang", "Goal: 4 buried bones"):
        assert name in words
    assert words.count("hunger 4/4") == 3
    assert "7 beside the chart · 0 on lampposts" in words
    assert re.search(r"dogs_life\.[0-9a-f]{10}\.css", body)  # hashed name (companion.serving)


def test_each_dog_wears_the_kits_colour_not_its_players(client, new_table):
    # issue 21: Ann (red) plays Fifi, printed purple: the app shows Fifi purple too, in
    # printgen's ink (one source: catalog.Dog.colour → printgen.style.PALETTE)
    from games.dogs_life import catalog
    from printgen.style import PALETTE

    table = new_table(players=3)
    body = client.get(f"/t/{table.id}").get_data(as_text=True)
    card = re.search(r'<details class="card seat dl-dog ([^"]*)"[^>]*data-testid="dl-dog-0"', body)
    assert card and "c-dog-fifi" in card[1].split() and "c-red" not in card[1]
    assert 'class="swatch c-dog-fifi"' in body and 'class="swatch c-red"' not in body
    css = client.get("/dogs-life/colours.css")
    assert css.status_code == 200 and css.mimetype == "text/css"
    for dog_id, spec in catalog.DOGS.items():
        assert f".c-dog-{dog_id} {{ --seat: {PALETTE[spec.colour]}; }}" in css.get_data(
            as_text=True
        )
    assert PALETTE[catalog.dog("fifi").colour] == PALETTE["purple"]
    assert re.search(r'href="/dogs-life/colours.css"', body)


@pytest.mark.parametrize(
    ("lang", "names", "words"),
    [
        ("ja", ("フィフィ", "ブッチ", "ホワイトファング"), ("はらぺこ", "埋めた骨")),
        ("it", ("Fifi", "Butch", "Zanna Bianca"), ("Fame", "Ossa sepolte")),
    ],
)
def test_dog_names_and_panel_words_in_the_readers_language(client, new_table, lang, names, words):
    table = new_table(players=3)
    page = client.get(f"/t/{table.id}", headers={"Accept-Language": lang})
    shown = text(page)
    for word in (*names, *words):
        assert word in shown, word
    assert "Draw a card" not in shown  # every panel string is translated


def test_dogs_chosen_in_settings_and_their_names(client, new_table):
    table = new_table(dogs=["houdini", "bruno", "fifi"])
    shown = text(client.get(f"/t/{table.id}", headers={"Accept-Language": "ja"}))
    assert "フーディーニ" in shown and "ブルーノ" in shown


def test_panel_of_another_game_route_is_404(client, make_table):
    other = make_table("hunting-age", 3, {"edition": "campfire"})
    assert post(client, other.id, "drink", {"seat": 0}).status_code == 404
    assert post(client, "no-such-table", "drink", {"seat": 0}).status_code == 404


def test_unknown_action_is_404(client, table):
    assert post(client, table.id, "fly", {"seat": 0}).status_code == 404


# -- a turn ------------------------------------------------------------------------------


def test_start_turn_ticks_hunger_and_gives_action_points(app, client, table):
    response = post(client, table.id, "start-turn", {"seat": 0})
    assert response.status_code == 200
    state = dog(app, table.id)
    assert (state.hunger, state.ap) == (3, 7)  # Fifi: 7 AP
    words = text(response)
    assert "Turn 1" in words and "Fifi's turn (Ann)" in words
    assert "Action points left: 7 of 7" in words
    body = response.get_data(as_text=True)
    assert 'data-value="3"' in body
    # the playing dog has no start button (a second tap would tick hunger again), and no
    # other dog has one while its turn runs (issue 34 item 5: no dead button)
    assert 'data-testid="dl-start-0"' not in body and 'data-testid="dl-start-1"' not in body


@pytest.mark.parametrize(
    ("start", "days", "after"), [(3, 1, 4), (1, 2, 3), (2, 3, 4), (0, 3, 3), (3, 3, 4)]
)
def test_food_raises_hunger_capped_at_4(app, client, table, start, days, after):
    send(
        app,
        table.id,
        {"type": "start_turn", "seat": 0},  # hunger 3; eating costs 1 AP
        {"type": "adjust", "seat": 0, "counter": "hunger", "delta": start - 3},
    )
    assert post(client, table.id, "eat", {"seat": 0, "days": days}).status_code == 200
    assert dog(app, table.id).hunger == after


def test_starvation_sends_the_dog_to_the_pound(app, client, table):
    send(app, table.id, {"type": "adjust", "seat": 0, "counter": "hunger", "delta": -4})
    page = client.get(f"/t/{table.id}")
    assert "Hunger is at 0: without food, Fifi starves" in text(page)
    response = post(client, table.id, "start-turn", {"seat": 0})
    assert response.status_code == 200
    assert dog(app, table.id).pound == 1
    words = text(response)
    assert "In the pound" in words
    assert "Next turn: draws 1 card; a running dog frees it." in words


def seed_where(check) -> int:
    """A seed whose draws make ``check(state)`` true when every event is prepared with it
    (the test then gives the server that seed, so the cards are known)."""
    for seed in range(500):
        if check(seed):
            return seed
    raise AssertionError("no seed found")  # pragma: no cover


def fold_run(events: list[dict[str, Any]], seed: int, players: int = 3) -> fold.Game:
    state = fold.new_state(
        [Player("Ann", "red"), Player("Ben", "blue"), Player("Cho", "green")][:players], {}
    )
    for event in events:
        try:
            state = fold.apply(state, fold.prepare(state, event, random.Random(seed)))
        except fold.RuleError:  # e.g. a dog freed from the pound still has its turn
            return state
    return state


@pytest.fixture
def seeded(monkeypatch):
    """Make the server's card draws come from ``random.Random(seed)``."""

    def use(seed: int) -> None:
        monkeypatch.setattr(random, "SystemRandom", lambda: random.Random(seed))

    return use


POUND_TURNS = [
    {"type": "to_pound", "seat": 0, "reason": "caught"},
    *({"type": "start_turn", "seat": 0} for _ in range(3)),
]


def test_pound_draws_1_2_3_then_automatic_release_with_hunger_2(app, client, table, seeded):
    # D2: a seed whose 1 + 2 + 3 pound draws show no running dog
    seed = seed_where(lambda s: fold_run(POUND_TURNS, s).dogs[0].pound == 4)
    seeded(seed)
    send(app, table.id, {"type": "adjust", "seat": 0, "counter": "hunger", "delta": 0 - 1})
    assert post(client, table.id, "pound", {"seat": 0, "reason": "caught"}).status_code == 200
    for turn, cards in ((1, 1), (2, 2), (3, 3)):
        response = post(client, table.id, "start-turn", {"seat": 0})
        state = dog(app, table.id)
        assert state.pound == turn + 1 and state.hunger == 3  # no hunger in the pound
        assert len(state.last.cards) == cards
        words = text(response)
        assert "Last draw: Pound" in words
        assert words.count("still in the cage") == cards
    assert "Next turn: let out automatically, hunger set to 2." in words
    post(client, table.id, "start-turn", {"seat": 0})
    state = dog(app, table.id)
    assert (state.pound, state.hunger, state.ap) == (0, 2, 7)


def test_a_running_dog_frees_it_at_once_with_hunger_2(app, client, table, seeded):
    events = POUND_TURNS[:2]
    seed = seed_where(lambda s: fold_run(events, s).dogs[0].pound == 0)
    seeded(seed)
    post(client, table.id, "pound", {"seat": 0, "reason": "fight"})
    response = post(client, table.id, "start-turn", {"seat": 0})
    assert "running dog: free!" in text(response)
    state = dog(app, table.id)
    assert (state.pound, state.hunger) == (0, 2)


@pytest.mark.parametrize("section", ["trash", "restaurant"])
def test_draw_shows_the_card_and_the_section_that_matters(app, client, table, section):
    send(app, table.id, {"type": "start_turn", "seat": 0})
    response = post(client, table.id, "draw", {"seat": 0, "section": section})
    assert response.status_code == 200
    state = dog(app, table.id)
    assert state.ap == 6
    card = state.last.cards[0]
    words = text(response)
    title = {"trash": "Trash can", "restaurant": "Restaurant"}[section]
    assert f"Last draw: {title}" in words
    with client.application.test_request_context():
        expected = panel.card_result(card, Section(section))
    assert f"{card.number} {expected}" in words


def test_draw_newspaper_delivers_the_carried_one(app, client, table):
    address = carry_newspaper(app, table.id)
    watching = text(client.get(f"/t/{table.id}"))  # face down for everyone but Fifi's phone
    assert "Deliver newspaper" not in watching and "Newspaper (face down)" in watching
    client.post(f"/t/{table.id}/seat", data={"seat": "0"})
    page = client.get(f"/t/{table.id}")
    assert f"Deliver newspaper {address}" in text(page)
    response = post(
        client, table.id, "draw", {"seat": 0, "section": "newspaper", "address": address}
    )
    assert response.status_code == 200
    assert "Last draw: Newspaper reward" in text(response)
    assert all(item.address != address for item in dog(app, table.id).items)


def test_fight_draws_for_both_dogs(app, client, table):
    send(app, table.id, {"type": "start_turn", "seat": 0})
    response = post(client, table.id, "draw", {"seat": 0, "section": "fight", "against": 1})
    assert response.status_code == 200
    ours, theirs = dog(app, table.id, 0), dog(app, table.id, 1)
    assert ours.last.section is Section.FIGHT and theirs.last.section is Section.FIGHT
    loser_in_pound = ours.last.cards[0].fangs != theirs.last.cards[0].fangs
    assert (ours.in_pound or theirs.in_pound) == loser_in_pound
    assert "fang" in text(response)


def test_catcher_draw_escapes_or_goes_to_the_pound(app, client, table):
    response = post(client, table.id, "draw", {"seat": 0, "section": "catcher"})
    assert response.status_code == 200
    state = dog(app, table.id)
    assert state.in_pound == (not state.last.cards[0].escapes_catcher)
    words = text(response)
    assert ("caught in the net" in words) == state.in_pound


def test_roll_die_shows_the_face(app, client, table):
    send(app, table.id, {"type": "start_turn", "seat": 0})
    response = post(client, table.id, "roll", {"seat": 0})
    assert response.status_code == 200
    die = get(app, table.id).state.die
    assert 1 <= die <= 6
    assert f'data-testid="dl-die">{die}<' in response.get_data(as_text=True)


def test_move_drink_pee_and_cover(app, client, table):
    send(
        app,
        table.id,
        {"type": "start_turn", "seat": 1},
        {"type": "pee", "seat": 1},
        {"type": "end_turn", "seat": 1},
        {"type": "start_turn", "seat": 0},
    )
    assert post(client, table.id, "move", {"seat": 0, "steps": 2}).status_code == 200
    assert post(client, table.id, "drink", {"seat": 0}).status_code == 200
    assert dog(app, table.id).bladder == 2
    assert post(client, table.id, "pee", {"seat": 0, "covers": ""}).status_code == 200
    response = post(client, table.id, "pee", {"seat": 0, "covers": 1})
    assert response.status_code == 200
    ours, theirs = dog(app, table.id, 0), dog(app, table.id, 1)
    assert (ours.ap, ours.bladder, ours.lampposts) == (2, 0, 2)
    assert (theirs.lampposts, theirs.supply) == (0, 8)  # the covered marker went home


def test_pick_up_drop_and_bury(app, client, table):
    send(app, table.id, {"type": "start_turn", "seat": 0})
    client.post(f"/t/{table.id}/seat", data={"seat": "0"})  # Fifi's phone
    assert post(client, table.id, "pick-up", {"seat": 0, "item": "bone"}).status_code == 200
    assert (
        post(
            client, table.id, "pick-up", {"seat": 0, "item": "newspaper", "address": 3}
        ).status_code
        == 200
    )
    address = dog(app, table.id).items[1].address  # drawn at random, not the one sent
    page = client.get(f"/t/{table.id}")
    assert "Bone" in text(page) and f"Newspaper {address}" in text(page)
    assert (
        post(
            client, table.id, "drop", {"seat": 0, "item": "newspaper", "address": address}
        ).status_code
        == 200
    )
    response = post(client, table.id, "bury", {"seat": 0, "count": 1})
    assert response.status_code == 200
    assert dog(app, table.id).buried == 1
    assert 'data-testid="dl-buried-0">1<' in response.get_data(as_text=True)


def test_corrections_go_through_adjust(app, client, table):
    assert (
        post(client, table.id, "adjust", {"seat": 1, "counter": "bones", "delta": 1}).status_code
        == 200
    )
    assert dog(app, table.id, 1).buried == 1


def test_without_javascript_a_change_redirects_back_to_the_table(app, client, table):
    send(app, table.id, {"type": "start_turn", "seat": 0})
    response = post(client, table.id, "roll", {"seat": 0}, htmx=False)
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/t/{table.id}")
    refused(post(client, table.id, "drink", {"seat": 0}, htmx=False), "Fifi has 0 action points")


# -- the end ---------------------------------------------------------------------------


def test_winner_banner_ranking_and_chart_at_n_bones(app, client, new_table):
    table = new_table(players=3, bones_to_win=2)
    send(
        app,
        table.id,
        {"type": "start_turn", "seat": 1},
        {"type": "pick_up", "seat": 1, "item": "bone"},
        {"type": "bury", "seat": 1},
        {"type": "end_turn", "seat": 1},
        {"type": "start_turn", "seat": 0},
        {"type": "end_turn", "seat": 0},
        {"type": "start_turn", "seat": 1},
        {"type": "pick_up", "seat": 1, "item": "bone"},
    )
    response = post(client, table.id, "bury", {"seat": 1, "count": 1})
    assert response.status_code == 200
    body = response.get_data(as_text=True)
    words = text(response)
    assert 'data-testid="dl-winner"' in body
    assert "Butch (Ben) wins with 2 buried bones!" in words
    assert re.search(r"Butch \(Ben\) · 2 buried bones .*Fifi \(Ann\) = .*White Fang", words)
    assert '<svg class="chart dl-chart"' in body
    assert "Buried bones over the turns" in words
    assert 'data-testid="dl-start-0"' not in body  # no more turns
    refused(post(client, table.id, "start-turn", {"seat": 0}), "the game is over")


def test_timed_variant_time_is_up_shares_the_win(app, client, new_table):
    table = new_table(players=3, timed_minutes=30)
    page = client.get(f"/t/{table.id}")
    assert "Timed game: 30 minutes, until about" in text(page)
    assert 'data-testid="dl-time-up"' in page.get_data(as_text=True)
    send(app, table.id, {"type": "start_turn", "seat": 0})
    response = post(client, table.id, "end", {})
    assert response.status_code == 200
    words = text(response)
    assert "Time is up: the most buried bones wins." in words
    assert "Shared win with 0 buried bones: Fifi, Butch" in words


def test_untimed_game_has_no_time_up_button(client, table):
    assert "dl-time-up" not in client.get(f"/t/{table.id}").get_data(as_text=True)
    refused(
        post(client, table.id, "end", {}),
        "this game has no time limit; the first dog to bury 4 bones wins",
    )


# -- the settings form -----------------------------------------------------------------


def create(client, *dogs: str, **fields: str):
    data = new_table_form("dogs-life", **fields)
    form = MultiDict(list(data.items()) + [("setting.dogs", d) for d in dogs])
    return client.post("/new", data=form)


def test_settings_form_lists_every_dog(client):
    page = client.get("/new?game=dogs-life")
    words = text(page)
    assert "Buried bones to win" in words
    for name in ("Fifi", "Butch", "White Fang", "Vagabond", "Houdini", "Bruno"):
        assert name in words
    assert page.get_data(as_text=True).count('name="setting.dogs"') == 6
    # D3: the goal's bounds and default, and the timed variant's, come from games.dogs_life
    body = page.get_data(as_text=True)
    assert 'name="setting.bones_to_win" min="1" max="10" value="4"' in body
    assert 'name="setting.timed_minutes" min="5" max="600" value=""' in body


def test_settings_form_creates_the_table(app, client):
    response = create(
        client, "vagabond", "", "bruno", "", "fifi", "", bones_to_win="5", timed_minutes="45"
    )
    assert response.status_code == 303
    table_id = response.headers["Location"].split("/t/")[1].split("/")[0]
    view = get(app, table_id)
    assert view.settings == {
        "bones_to_win": 5,
        "timed_minutes": 45,
        "dogs": ["vagabond", "bruno", "fifi"],
    }
    assert [d.dog for d in view.state.dogs] == ["vagabond", "bruno", "fifi"]


def test_settings_form_defaults(app, client):
    response = create(client, *[""] * 6, bones_to_win="4", timed_minutes="")
    assert response.status_code == 303
    table_id = response.headers["Location"].split("/t/")[1].split("/")[0]
    assert [d.dog for d in get(app, table_id).state.dogs] == ["fifi", "butch", "white-fang"]


@pytest.mark.parametrize(
    ("dogs", "fields", "message"),
    [
        (("fifi", "fifi", "bruno"), {}, "two players cannot both be Fifi"),
        (("fifi", "", "", "", "", ""), {}, "dogs must be a list with one dog per player (3)"),
        ((), {"bones_to_win": "11"}, "bones_to_win must be from 1 to 10, not 11"),
        ((), {"timed_minutes": "2"}, "timed_minutes must be from 5 to 600, not 2"),
        (("rex", "fifi", "bruno"), {}, "unknown dog 'rex'"),
    ],
)
def test_settings_form_refusals(client, dogs, fields, message):
    response = create(client, *dogs, **fields)
    assert response.status_code == 422
    assert message in text(response)


# -- bad input: 4xx, the reason, nothing stored ----------------------------------------


BAD = [
    ("eat", {"seat": 0, "days": "x"}, "days of food must be a whole number"),
    ("eat", {"seat": 0, "days": 4}, "food comes in 1, 2 or 3 days, not 4"),
    ("eat", {"days": 1}, "seat must be a whole number"),
    ("start-turn", {"seat": 9}, "seat must be a whole number from 0 to 2"),
    (
        "move",
        {"seat": 0, "steps": 1},
        "Fifi has 0 action points left this turn, not the 1 needed to move",
    ),
    ("move", {"seat": 0, "steps": 0}, "steps must be at least 1, not 0"),
    ("drink", {"seat": 0}, "Fifi has 0 action points left this turn"),
    ("pee", {"seat": 0, "covers": 1}, "Butch has no pee marker on a lamppost"),
    ("pee", {"seat": 0, "covers": "left"}, "the rival's marker must be a whole number"),
    ("pick-up", {"seat": 0, "item": "cat"}, "item must be bone or newspaper"),
    (
        "drop",
        {"seat": 0, "item": "newspaper", "address": 13},
        "a newspaper address must be from 1 to 12, not 13",
    ),
    # The action points are checked first (issue 27, F2: a newspaper's address is secret).
    ("drop", {"seat": 0, "item": "bone"}, "Fifi has 0 action points left this turn"),
    ("bury", {"seat": 0, "count": 1}, "Fifi carries 0 bones and cannot bury 1"),
    ("bury", {"seat": 0, "count": "two"}, "bones must be a whole number"),
    ("pound", {"seat": 0, "reason": "bored"}, "reason must be caught or fight"),
    ("draw", {"seat": 0, "section": "moon"}, "section must be one of: trash, restaurant"),
    ("draw", {"seat": 0, "section": "pound"}, "a dog in the pound draws at the start"),
    ("draw", {"seat": 0, "section": "fight", "against": 0}, "a dog cannot fight itself"),
    ("draw", {"seat": 0, "section": "newspaper", "address": 5}, "Fifi has 0 action points left"),
    ("draw", {"seat": 0, "section": "newspaper"}, "newspaper address must be a whole number"),
    (
        "adjust",
        {"seat": 0, "counter": "hunger", "delta": 1},
        "hunger would be 5; it must stay between 0 and 4",
    ),
    ("adjust", {"seat": 0, "counter": "fleas", "delta": 1}, "fleas"),
    ("adjust", {"seat": 0, "counter": "bladder", "delta": "+"}, "change must be a whole number"),
]


@pytest.mark.parametrize(
    ("action", "data", "message"), BAD, ids=[f"{a}-{m[:30]}" for a, _, m in BAD]
)
def test_bad_input_is_refused_and_changes_nothing(app, client, table, action, data, message):
    before = get(app, table.id)
    refused(post(client, table.id, action, data), message)
    after = get(app, table.id)
    assert after.version == before.version
    assert after.state == before.state


def test_in_the_pound_actions_are_refused(app, client, table):
    send(app, table.id, {"type": "to_pound", "seat": 0, "reason": "caught"})
    refused(
        post(client, table.id, "roll", {"seat": 0}),
        "Fifi is in the pound; its player does not move the catcher",
    )
    refused(
        post(client, table.id, "eat", {"seat": 0, "days": 1}), "Fifi is in the pound and cannot eat"
    )


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("ja", "フィフィのこの手番の残りAPは0で、移動に必要な1に足りません"),
        ("it", "a Fifi restano 0 punti azione in questo turno"),
    ],
)
def test_refusal_is_translated_with_the_dog_named_for_the_reader(client, table, lang, message):
    refused(post(client, table.id, "move", {"seat": 0, "steps": 1}, lang=lang), message)


def test_bad_field_label_is_translated(client, table):
    refused(
        post(client, table.id, "eat", {"seat": 0, "days": "x"}, lang="ja"),
        "食料の日数は整数にしてください",
    )


@pytest.mark.parametrize(
    ("text", "lang", "sentence"),
    [
        ("steps must be at least 1, not 0", "en", "Steps must be at least 1, not 0."),
        ("a Fifi restano 0 punti azione", "it", "A Fifi restano 0 punti azione."),
        ("フィフィは収容所にいます", "ja", "フィフィは収容所にいます。"),
        ("Fifi is in the pound.", "en", "Fifi is in the pound."),
        ("歩数は1以上にしてください。", "ja", "歩数は1以上にしてください。"),
        ("  ", "en", ""),
    ],
)
def test_a_refusal_reads_as_a_sentence(text, lang, sentence):
    from companion.i18n import as_sentence

    assert as_sentence(text, lang) == sentence


def test_white_fang_is_named_in_japanese_in_refusals(client, new_table):
    table = new_table(players=3)
    refused(
        post(client, table.id, "drop", {"seat": 2, "item": "bone"}, lang="ja"), "ホワイトファング"
    )
