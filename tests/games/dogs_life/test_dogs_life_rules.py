"""Worked cases of the rules: turns, hunger, bladder, items, the pound (D2), trash day and the
win (D3), and the refusals with their exact messages."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import pytest
from refusals import refused

from games.dogs_life import game as rules
from games.dogs_life.catalog import DOGS, Card, Section, dog
from games.dogs_life.deck import ALL_CARDS, Deck, draw
from games.dogs_life.dog import BONE, FOOD_DAYS, DogState, newspaper
from games.dogs_life.game import Game, Settings
from games.errors import HiddenRuleError, RuleError


def no_shuffle() -> tuple[int, ...]:
    raise AssertionError("the test stacked the deck; no shuffle expected")


def drawer(seat: int, deck: Deck):
    return draw(deck, no_shuffle)


def stack(game: Game, seat: int, *cards: int) -> Game:
    """Put ``cards`` on top of the seat's deck (rest below), as if the deck were so shuffled."""
    rest = tuple(c for c in ALL_CARDS if c not in cards)
    state = replace(game.dogs[seat], deck=Deck((*cards, *rest), ()))
    return replace(game, dogs=(*game.dogs[:seat], state, *game.dogs[seat + 1 :]))


def card_where(dog_id: str, test: Callable[[Card], bool], skip: int = 0) -> int:
    return [c.number for c in dog(dog_id).cards if test(c)][skip]


def edit(game: Game, seat: int, **changes) -> Game:
    state = replace(game.dogs[seat], **changes)
    return replace(game, dogs=(*game.dogs[:seat], state, *game.dogs[seat + 1 :]))


@pytest.fixture
def game() -> Game:
    return rules.new_game(["fifi", "butch", "vagabond"])


def test_setup(game: Game) -> None:
    fifi = game.dogs[0]
    assert (fifi.hunger, fifi.bladder, fifi.supply, fifi.lampposts) == (4, 1, 7, 0)
    assert (fifi.items, fifi.buried, fifi.pound, fifi.ap) == ((), 0, 0, 0)


# --- step 1: hunger ------------------------------------------------------------------


def test_start_turn_ticks_hunger_and_gives_action_points(game: Game) -> None:
    game, report = rules.start_turn(game, 0, drawer)
    assert report == {"outcome": "hungry"}
    assert game.dogs[0].hunger == 3 and game.dogs[0].ap == 7  # Fifi has 7 AP
    assert (game.turn, game.current) == (1, 0)


def test_unspent_action_points_are_not_carried_over(game: Game) -> None:
    game, _ = rules.start_turn(game, 0, drawer)
    game = rules.end_turn(game, 0)  # Fifi's player ends the actions with 7 AP unspent
    game, _ = rules.start_turn(game, 1, drawer)
    assert game.dogs[0].ap == 0 and game.dogs[1].ap == 6


def test_hunger_at_one_drops_to_zero_without_starving(game: Game) -> None:
    game, report = rules.start_turn(edit(game, 0, hunger=1), 0, drawer)
    assert report["outcome"] == "hungry" and game.dogs[0].hunger == 0


def test_starvation_at_zero_sends_to_the_pound_and_drops_items(game: Game) -> None:
    game = edit(game, 0, hunger=0, items=(BONE, newspaper(3)))
    game, report = rules.start_turn(game, 0, drawer)
    fifi = game.dogs[0]
    assert report == {"outcome": "starved"}
    assert (fifi.pound, fifi.items, fifi.ap) == (1, (), 0)  # the turn ends


def test_food_is_capped_at_four(game: Game) -> None:
    game = rules.eat(edit(game, 0, hunger=2, ap=1), 0, 3)
    assert game.dogs[0].hunger == 4


# --- D2: the pound -------------------------------------------------------------------


def test_d2_first_pound_turn_draws_one_card_and_escapes_on_a_running_dog(game: Game) -> None:
    running = card_where("fifi", lambda c: c.escapes_pound)
    game = stack(edit(game, 0, pound=1, hunger=4), 0, running)
    game, report = rules.start_turn(game, 0, drawer)
    fifi = game.dogs[0]
    assert report == {"outcome": "escaped"}
    # D2: hunger set to 2 even though it was higher, and the dog acts at once
    assert (fifi.pound, fifi.hunger, fifi.ap) == (0, 2, 7)
    assert fifi.last is not None and [c.number for c in fifi.last.cards] == [running]


def test_d2_a_dog_in_the_pound_does_not_get_hungry(game: Game) -> None:
    caged = card_where("fifi", lambda c: not c.escapes_pound)
    game = stack(edit(game, 0, pound=1, hunger=1), 0, caged)
    game, report = rules.start_turn(game, 0, drawer)
    assert report == {"outcome": "stays"}
    assert (game.dogs[0].pound, game.dogs[0].hunger, game.dogs[0].ap) == (2, 1, 0)


@pytest.mark.parametrize("pound", [1, 2, 3])
def test_d2_the_nth_pound_turn_draws_n_cards(game: Game, pound: int) -> None:
    caged = [c.number for c in dog("butch").cards if not c.escapes_pound][:pound]
    game = stack(edit(game, 1, pound=pound), 1, *caged)
    game, report = rules.start_turn(game, 1, drawer)
    butch = game.dogs[1]
    assert report == {"outcome": "stays"}
    assert butch.last is not None and [c.number for c in butch.last.cards] == caged
    assert butch.pound == pound + 1


def test_d2_any_of_the_three_cards_frees_the_dog(game: Game) -> None:
    caged = [c.number for c in dog("butch").cards if not c.escapes_pound][:2]
    running = card_where("butch", lambda c: c.escapes_pound)
    game = stack(edit(game, 1, pound=3), 1, caged[0], caged[1], running)
    game, report = rules.start_turn(game, 1, drawer)
    assert report == {"outcome": "escaped"} and game.dogs[1].pound == 0


def test_d2_the_fourth_turn_frees_the_dog_without_a_draw(game: Game) -> None:
    before = edit(game, 1, pound=4, hunger=0)
    game, report = rules.start_turn(before, 1, drawer)
    butch = game.dogs[1]
    assert report == {"outcome": "freed"}
    assert (butch.pound, butch.hunger, butch.ap) == (0, 2, 6)
    assert butch.deck == before.dogs[1].deck


def test_d2_whole_pound_stay_from_capture_to_release(game: Game) -> None:
    caged = [c.number for c in dog("vagabond").cards if not c.escapes_pound][:6]
    game = rules.send_to_pound(stack(game, 2, *caged), 2)
    outcomes = []
    for _ in range(4):
        game, report = rules.start_turn(game, 2, drawer)
        outcomes.append((report["outcome"], game.dogs[2].pound))
    assert outcomes == [("stays", 2), ("stays", 3), ("stays", 4), ("freed", 0)]
    assert game.dogs[2].hunger == 2


# --- step 2: actions -----------------------------------------------------------------


@pytest.fixture
def playing(game: Game) -> Game:
    game, _ = rules.start_turn(game, 0, drawer)
    return game


def test_action_points_are_checked_before_the_newspaper(playing: Game) -> None:
    """Issue 27, F2: with no action points left, every address gets the same refusal (the
    carried one too); with some left, "not carried" names the address to its dog only."""
    carrying = edit(playing, 0, items=(newspaper(7),))
    tired = edit(carrying, 0, ap=0)
    for address in range(1, 13):
        for act in (
            rules.drop,
            lambda g, s, item: rules.draw(g, s, Section.NEWSPAPER, drawer, address=item.address),
        ):
            with pytest.raises(RuleError) as refused:
                act(tired, 0, newspaper(address))
            assert "Fifi has 0 action points left this turn" in str(refused.value)
    with pytest.raises(HiddenRuleError) as refused:
        rules.drop(carrying, 0, newspaper(3))
    assert refused.value.seat == 0
    assert str(refused.value.for_seat(0)) == "Fifi does not carry newspaper 3"
    assert str(refused.value.for_seat(1)) == "Fifi cannot do that with that newspaper"


def test_drink_fills_the_bladder_from_the_dogs_own_markers(playing: Game) -> None:
    fifi = rules.drink(playing, 0).dogs[0]
    assert (fifi.bladder, fifi.supply, fifi.ap) == (2, 6, 6)


def test_drink_with_one_marker_left_fills_one_space(playing: Game) -> None:
    game = edit(playing, 0, bladder=0, supply=1, lampposts=7)
    fifi = rules.drink(game, 0).dogs[0]
    assert (fifi.bladder, fifi.supply) == (1, 0)


def test_pee_and_cover_a_rivals_marker(playing: Game) -> None:
    game = edit(playing, 1, bladder=0, lampposts=1, supply=7)
    game = rules.pee(game, 0, covers=1)
    assert (game.dogs[0].bladder, game.dogs[0].lampposts) == (0, 1)
    assert (game.dogs[1].lampposts, game.dogs[1].supply) == (0, 8)  # back to its owner


def test_carry_bury_and_win(playing: Game) -> None:
    game = edit(playing, 0, buried=3)
    game = rules.pick_up(game, 0, BONE)
    game = rules.pick_up(game, 0, newspaper(5))
    assert rules.winners(game) == ()
    game = rules.bury(game, 0)
    assert game.dogs[0].items == (newspaper(5),) and game.dogs[0].buried == 4
    assert rules.winners(game) == (0,)  # D3: the first to bury 4 bones
    with pytest.raises(RuleError, match=r"^the game is over$"):
        rules.drink(game, 0)


def test_the_goal_is_a_setting() -> None:
    game = rules.new_game(["fifi", "butch", "bruno"], Settings(bones_to_win=2))
    game = edit(game, 1, buried=2)
    assert rules.winners(game) == (1,)


def test_timed_variant_most_bones_wins_and_ties_share() -> None:
    game = rules.new_game(["fifi", "butch", "bruno"], Settings(timed_minutes=60))
    game = edit(edit(edit(game, 0, buried=2), 1, buried=3), 2, buried=3)
    assert rules.winners(game) == ()
    assert rules.winners(rules.end_game(game)) == (1, 2)


def test_trash_can_find_and_d3_trash_day(playing: Game) -> None:
    bone = card_where("fifi", lambda c: c.trash.value == "bone")
    game = stack(replace(playing, trash_markers=14), 0, bone)
    game, report = rules.draw(game, 0, Section.TRASH, drawer)
    assert report == {"outcome": "bone", "trash_day": True}
    assert game.dogs[0].items == (BONE,)
    # D3: the last marker placed stays, all the others are removed
    assert (game.trash_markers, game.trash_days) == (1, 1)


def test_a_found_bone_without_room_is_lost(playing: Game) -> None:
    bone = card_where("fifi", lambda c: c.restaurant.value == "bone")
    game = stack(edit(playing, 0, items=(BONE, BONE)), 0, bone)
    game, report = rules.draw(game, 0, Section.RESTAURANT, drawer)
    assert report == {"outcome": "no-room"} and game.dogs[0].items == (BONE, BONE)


def test_delivering_a_newspaper_reads_the_reward(playing: Game) -> None:
    food = card_where("fifi", lambda c: c.newspaper.value == "food-3")
    game = stack(edit(playing, 0, items=(newspaper(7),), hunger=1), 0, food)
    game, report = rules.draw(game, 0, Section.NEWSPAPER, drawer, address=7)
    assert report == {"outcome": "food-3"}
    assert (game.dogs[0].items, game.dogs[0].hunger, game.dogs[0].ap) == ((), 4, 6)


def test_fight_more_fangs_wins_and_the_loser_drops_its_items(playing: Game) -> None:
    weak = card_where("fifi", lambda c: c.fangs == 0)
    strong = card_where("butch", lambda c: c.fangs == 4)
    game = stack(stack(edit(playing, 1, items=(BONE,)), 0, weak), 1, strong)
    game, report = rules.draw(game, 0, Section.FIGHT, drawer, against=1)
    assert report == {"outcome": "lost"}
    assert game.dogs[0].pound == 1 and game.dogs[1].items == (BONE,)


def test_fight_tie_changes_nothing(playing: Game) -> None:
    one = card_where("fifi", lambda c: c.fangs == 1)
    other = card_where("vagabond", lambda c: c.fangs == 1)
    game = stack(stack(playing, 0, one), 2, other)
    game, report = rules.draw(game, 0, Section.FIGHT, drawer, against=2)
    assert report == {"outcome": "tie"}
    assert game.dogs[0].pound == game.dogs[2].pound == 0


def test_caught_by_the_catcher(game: Game) -> None:
    net = card_where("vagabond", lambda c: not c.escapes_catcher)
    game, report = rules.draw(stack(game, 2, net), 2, Section.CATCHER, drawer)
    assert report == {"outcome": "caught"} and game.dogs[2].pound == 1


def test_die_is_recorded(game: Game) -> None:
    game, _ = rules.start_turn(game, 0, drawer)
    assert rules.roll_die(game, 0, 5).die == 5


# --- refusals ------------------------------------------------------------------------

REFUSALS: list[tuple[str, Callable[[Game], object], str]] = [
    (
        "third item",
        lambda g: rules.pick_up(edit(g, 0, items=(BONE, BONE)), 0, BONE),
        "Fifi already carries 2 items; drop one first",
    ),
    (
        "drink when full",
        lambda g: rules.drink(edit(g, 0, bladder=2, supply=6), 0),
        "Fifi's bladder is already full",
    ),
    (
        "drink without markers",
        lambda g: rules.drink(edit(g, 0, bladder=0, supply=0, lampposts=8), 0),
        "Fifi has no pee markers left to drink with",
    ),
    (
        "pee when empty",
        lambda g: rules.pee(edit(g, 0, bladder=0, supply=8), 0),
        "Fifi's bladder is empty",
    ),
    (
        "cover a clean rival",
        lambda g: rules.pee(g, 0, covers=1),
        "Butch has no pee marker on a lamppost",
    ),
    (
        "cover yourself",
        lambda g: rules.pee(g, 0, covers=0),
        "a dog cannot cover its own pee marker",
    ),
    ("bury without bones", lambda g: rules.bury(g, 0), "Fifi carries 0 bones and cannot bury 1"),
    ("bury zero", lambda g: rules.bury(g, 0, 0), "bury at least 1 bone, not 0"),
    (
        "drop what you lack",
        lambda g: rules.drop(g, 0, newspaper(2)),
        "Fifi does not carry newspaper 2",
    ),
    (
        "same newspaper twice",
        lambda g: rules.pick_up(edit(g, 1, items=(newspaper(4),)), 0, newspaper(4)),
        "newspaper 4 is carried by Butch",
    ),
    ("bad address", lambda g: newspaper(13), "a newspaper address must be from 1 to 12, not 13"),
    ("too much food", lambda g: rules.eat(g, 0, 4), "food comes in 1, 2 or 3 days, not 4"),
    (
        "no AP left",
        lambda g: rules.move(g, 0, 8),
        "Fifi has 7 action points left this turn, not the 8 needed to move",
    ),
    (
        "act in the pound",
        lambda g: rules.drink(edit(g, 0, pound=2, ap=0), 0),
        "Fifi is in the pound and cannot drink",
    ),
    (
        "pound draw outside the turn",
        lambda g: rules.draw(g, 0, Section.POUND, drawer),
        "a dog in the pound draws at the start of its turn",
    ),
    (
        "fight yourself",
        lambda g: rules.draw(g, 0, Section.FIGHT, drawer, against=0),
        "a dog cannot fight itself",
    ),
    (
        "fight a caged dog",
        lambda g: rules.draw(edit(g, 1, pound=1), 0, Section.FIGHT, drawer, against=1),
        "Butch is in the pound and cannot be attacked",
    ),
    (
        "deliver nothing",
        lambda g: rules.draw(g, 0, Section.NEWSPAPER, drawer),
        "say which newspaper is delivered (its address)",
    ),
    (
        "catcher in the pound",
        lambda g: rules.roll_die(edit(g, 0, pound=1), 0, 3),
        "Fifi is in the pound; its player does not move the catcher",
    ),
    (
        "untimed end",
        rules.end_game,
        "this game has no time limit; the first dog to bury 4 bones wins",
    ),
    (
        "send twice",
        lambda g: rules.send_to_pound(edit(g, 0, pound=1), 0),
        "Fifi is already in the pound",
    ),
]


@pytest.mark.parametrize(
    ("action", "message"), [r[1:] for r in REFUSALS], ids=[r[0] for r in REFUSALS]
)
def test_refusals(playing: Game, action: Callable[[Game], object], message: str) -> None:
    with refused(message):
        action(playing)


@pytest.mark.parametrize(
    ("dogs", "settings", "message"),
    [
        (["fifi"], Settings(), "this game needs 3 to 6 players, not 1"),
        (["fifi", "fifi", "bruno"], Settings(), "two players cannot both be Fifi"),
        (
            ["fifi", "rex", "bruno"],
            Settings(),
            "unknown dog 'rex'; expected one of: fifi, butch, white-fang, vagabond, houdini, bruno",
        ),
    ],
)
def test_bad_setup(dogs: list[str], settings: Settings, message: str) -> None:
    with refused(message):
        rules.new_game(dogs, settings)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"bones_to_win": 0}, "bones_to_win must be from 1 to 10, not 0"),
        ({"timed_minutes": 2}, "timed_minutes must be from 5 to 600, not 2"),
    ],
)
def test_bad_settings(kwargs: dict[str, int], message: str) -> None:
    with refused(message):
        Settings(**kwargs)


def test_a_new_dog_state_is_the_rulebook_setup() -> None:
    assert DogState("bruno").supply + DogState("bruno").bladder == 8
    assert len(DOGS) == 6


# --- reading the table: what the panel shows comes from here ----------------------------


def test_d3_ranking_by_buried_bones_most_first_ties_share() -> None:
    game = rules.new_game(["fifi", "butch", "bruno", "vagabond"], Settings(timed_minutes=60))
    game = edit(edit(edit(game, 0, buried=1), 1, buried=3), 3, buried=3)
    assert rules.ranking(game) == [[1, 3], [0], [2]]
    # the first group is who wins when time is up (D3)
    assert tuple(rules.ranking(game)[0]) == rules.winners(rules.end_game(game))
    assert rules.ranking(rules.new_game(["fifi", "butch", "bruno"])) == [[0, 1, 2]]


def test_free_hands_count_the_two_carrying_spaces(playing: Game) -> None:
    assert playing.dogs[0].free_hands == 2
    game = rules.pick_up(playing, 0, BONE)
    assert game.dogs[0].free_hands == 1
    game = rules.pick_up(game, 0, newspaper(3))
    assert game.dogs[0].free_hands == 0
    with pytest.raises(RuleError, match=r"^Fifi already carries 2 items; drop one first$"):
        rules.pick_up(game, 0, BONE)


def test_starving_is_hunger_zero_on_a_free_dog_and_starts_the_pound(game: Game) -> None:
    assert not game.dogs[0].starving
    hungry = edit(game, 0, hunger=0)
    assert hungry.dogs[0].starving
    assert not edit(game, 0, hunger=0, pound=2).dogs[0].starving  # D2: never hungry there
    after, report = rules.start_turn(hungry, 0, drawer)
    assert report == {"outcome": "starved"} and after.dogs[0].in_pound
    fed = rules.eat(rules.start_turn(edit(game, 0, hunger=1), 0, drawer)[0], 0, 1)
    assert not fed.dogs[0].starving


def test_rivals_are_the_other_dogs_out_of_the_pound(playing: Game) -> None:
    assert rules.rivals(playing, 0) == (1, 2)
    caught = edit(playing, 2, pound=1)
    assert rules.rivals(caught, 0) == (1,)
    assert rules.rivals(caught, 2) == (0, 1)
    with pytest.raises(RuleError, match=r"^Vagabond is in the pound and cannot be attacked$"):
        rules.draw(caught, 0, Section.FIGHT, drawer, against=2)


def test_covers_are_the_other_dogs_with_a_marker_on_a_lamppost(playing: Game) -> None:
    assert rules.covers(playing, 0) == ()
    game = edit(edit(playing, 0, lampposts=1), 2, lampposts=2, supply=5)
    assert rules.covers(game, 0) == (2,)  # never its own marker
    assert rules.covers(game, 1) == (0, 2)
    for seat in (1, 2):  # pee accepts exactly the dogs listed
        if seat in rules.covers(game, 0):
            rules.pee(game, 0, covers=seat)
        else:
            with pytest.raises(RuleError, match=r"^Butch has no pee marker on a lamppost$"):
                rules.pee(game, 0, covers=seat)


def test_food_days_are_what_eat_accepts(playing: Game) -> None:
    assert FOOD_DAYS == (1, 2, 3)
    for days in FOOD_DAYS:
        rules.eat(edit(playing, 0, hunger=0), 0, days)
    for days in (0, 4):
        with pytest.raises(RuleError, match=rf"^food comes in 1, 2 or 3 days, not {days}$"):
            rules.eat(playing, 0, days)
