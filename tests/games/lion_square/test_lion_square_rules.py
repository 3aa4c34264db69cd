"""Lion Square's square model and rules: L2 round losses, deal sizes, L3 start player and end."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.errors import RuleError
from games.lion_square import rules
from games.lion_square.square import GAZELLE, Side, Square

FULL = Square.parse("4 0 1 / 2 3 G / 1 2 3")


# --- the square ---------------------------------------------------------------------------


def test_text_notation_round_trips() -> None:
    text = "3 . 1 / 2 G 0 / . 1 12"
    square = Square.parse(text)
    assert str(square) == text
    assert square.rows[1][1] is GAZELLE
    assert square.rows[2][2] == 12
    assert square.to_json() == [[3, None, 1], [2, "G", 0], [None, 1, 12]]
    assert Square.from_json(square.to_json()) == square


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1 2 3 / 4 5 6", "square has 2 rows; expected 3 (a line holds at most 3 cards)"),
        ("1 2 3 / 4 5 6 7 / . . .", "square row 2 has 4 cells; expected 3"),
        (". . . / . -1 . / . . .", "square row 2, column 2 is -1; a card number must be 0 or more"),
        (
            ". . . / . x . / . . .",
            "square row 2, column 2 must be a card number (0 or more), "
            '"G" for a gazelle or null for an empty place; got "x"',
        ),
    ],
)
def test_text_notation_refusals_name_the_place(text: str, message: str) -> None:
    with pytest.raises(RuleError) as refusal:
        Square.parse(text)
    assert str(refusal.value) == message


def test_each_side_sees_the_nearest_card_of_each_line() -> None:
    # L2 / docs/contracts.md: S the southernmost of each column, N the northernmost, W the
    # westernmost of each row, E the easternmost; listed from the player's left.
    square = Square.parse("3 . 1 / 2 G 0 / . 1 2")
    assert square.nearest(Side.S) == (2, 1, 2)
    assert square.nearest(Side.N) == (1, GAZELLE, 3)
    assert square.nearest(Side.W) == (3, 2, 1)
    assert square.nearest(Side.E) == (2, 0, 1)


def test_an_empty_line_shows_nothing() -> None:
    square = Square.parse(". . . / . 4 . / . . .")
    for side in Side:
        assert sorted(square.nearest(side), key=str) == [4, None, None]


def test_clockwise_order_is_the_order_of_play() -> None:
    assert [side.clockwise_next for side in Side] == [Side.W, Side.N, Side.E, Side.S]


def test_rotation_moves_north_to_east() -> None:
    square = Square.parse("1 2 3 / . . . / . . .")
    assert str(square.rotated()) == ". . 1 / . . 2 / . . 3"
    assert square.rotated().rotated().rotated().rotated() == square


# --- L2: round losses ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("side", "nearest"),
    [(Side.S, 1 + 2 + 3), (Side.N, 4 + 0 + 1), (Side.W, 4 + 2 + 1), (Side.E, 1 + 0 + 3)],
)
def test_l2_full_square_costs_the_row_or_column_in_front(side: Side, nearest: int) -> None:
    # L2 (1), a full square: the three cards on the player's edge; the gazelle counts 0.
    assert rules.round_loss(FULL, side).nearest == nearest


@pytest.mark.parametrize(
    ("taken", "penalty"), [(0, 0), (1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)]
)
def test_l2_taken_cards_cost_half_rounded_up(taken: int, penalty: int) -> None:
    assert rules.taken_penalty(taken) == penalty


def test_l2_worked_round_with_every_part() -> None:
    # L2: 2 + 1 + 2 nearest for S, ⌈3/2⌉ = 2 for the taken line, 1 gazelle in hand.
    loss = rules.round_loss(Square.parse("3 . 1 / 2 G 0 / . 1 2"), Side.S, 3, 1)
    assert (loss.nearest, loss.taken, loss.gazelles, loss.total) == (5, 2, 1, 8)
    assert loss.to_json() == {"nearest": 5, "taken": 2, "gazelles": 1, "total": 8}


def test_l2_empty_side_of_a_three_player_game_costs_nobody() -> None:
    seats = {Side.S: "ann", Side.W: "ben", Side.N: "cho"}
    losses = rules.round_losses(FULL, seats, {"ben": 1}, {})
    assert list(losses) == ["ann", "ben", "cho"]
    assert {p: loss.total for p, loss in losses.items()} == {"ann": 6, "ben": 8, "cho": 5}


def test_l2_original_deck_numbers_are_accepted() -> None:
    # L1: the calculators never depend on the Campfire deck.
    assert rules.round_loss(Square.parse("10 . . / . . . / . . 25"), Side.E).nearest == 35


# --- the deal --------------------------------------------------------------------------


@pytest.mark.parametrize(("players", "dealt", "square_deck"), [(3, 8, 8), (4, 7, 4)])
def test_deal_sizes(players: int, dealt: int, square_deck: int) -> None:
    # 3 players 8 cards each, 4 players 7; leftovers + the 2 gazelles = square deck.
    assert rules.cards_dealt(players) == dealt
    assert rules.square_deck_size(players) == square_deck


@pytest.mark.parametrize("players", [2, 5])
def test_deal_refuses_other_player_counts(players: int) -> None:
    with pytest.raises(RuleError, match=f"^Lion Square is for 3 or 4 players, not {players}$"):
        rules.cards_dealt(players)


# --- L3: start player and the end ------------------------------------------------------


@pytest.mark.parametrize(
    ("last", "occupied", "start"),
    [
        (Side.S, (Side.S, Side.W, Side.N, Side.E), Side.W),
        (Side.E, (Side.S, Side.W, Side.N, Side.E), Side.S),
        (Side.N, (Side.S, Side.W, Side.N), Side.S),  # 3 players: E faces nobody
        (Side.W, (Side.S, Side.N, Side.E), Side.N),
    ],
)
def test_l3_the_player_after_the_last_card_starts(
    last: Side, occupied: tuple[Side, ...], start: Side
) -> None:
    assert rules.next_start_side(last, occupied) == start


@pytest.mark.parametrize(
    ("herds", "round_number", "over"),
    [
        ([20, 14, 3], 1, False),
        ([20, 14, 0], 1, True),
        ([5, -2, 9], 2, True),
        ([1, 1, 1], 3, True),
        ([12, 9, 8, 1], 2, False),
    ],
)
def test_l3_game_end(herds: list[int], round_number: int, over: bool) -> None:
    assert rules.game_over(herds, round_number) is over


def test_l3_highest_herd_wins_and_ties_share() -> None:
    assert rules.winners({"ann": 7, "ben": 9, "cho": -1}) == ["ben"]
    assert rules.winners({"ann": 9, "ben": 9, "cho": 4}) == ["ann", "ben"]


def test_l3_every_herd_gone_means_the_lions_win() -> None:
    assert rules.lions_win([0, -3, -1])
    assert rules.winners({"ann": 0, "ben": -3, "cho": -1}) == []
    assert not rules.lions_win([0, 1, -1])


def test_card_supply_refuses_a_third_gazelle() -> None:
    with pytest.raises(
        RuleError,
        match=r"^3 gazelles between the square \(1\) and the hands "
        r"\(2\); the game has only 2$",
    ):
        rules.check_card_supply(Square.parse("G . . / . . . / . . ."), [0, 0, 0], [1, 1, 0])


def test_card_supply_refuses_more_cards_than_the_deck() -> None:
    with pytest.raises(RuleError) as refusal:
        rules.check_card_supply(FULL, [12, 12, 0], [0, 0, 0])
    assert str(refusal.value) == (
        "the square, the taken cards and the gazelles in hand add "
        "up to 33 cards; the deck has only 32"
    )


@pytest.mark.parametrize(
    ("square", "in_hand", "free"),
    [
        (". . . / . . . / . . .", [0, 0, 0], 2),
        ("G . . / . . . / . . .", [0, 0, 0], 1),
        ("G . . / . . . / . . .", [0, 1, 0], 0),
        (". . . / . . . / . . .", [1, 0, 1, 0], 0),
        ("G . G / . . . / . . .", [1, 0, 0], 0),
    ],  # refused by check_card_supply: still ≥ 0
)
def test_l1_free_gazelles_are_the_deck_s_two_minus_square_and_hands(
    square: str, in_hand: list[int], free: int
) -> None:
    assert rules.free_gazelles(Square.parse(square), in_hand) == free


# --- properties ------------------------------------------------------------------------

cells = st.one_of(st.none(), st.just("G"), st.integers(min_value=0, max_value=9))
squares = st.lists(st.lists(cells, min_size=3, max_size=3), min_size=3, max_size=3).map(
    lambda grid: Square.from_json(grid)
)


@given(squares)
def test_text_notation_round_trips_for_any_square(square: Square) -> None:
    assert Square.parse(str(square)) == square


@given(squares, st.sampled_from(list(Side)), st.integers(0, 30), st.integers(0, 2))
def test_losses_are_never_negative_and_add_up(
    square: Square, side: Side, taken: int, gazelles: int
) -> None:
    loss = rules.round_loss(square, side, taken, gazelles)
    assert min(loss.nearest, loss.taken, loss.gazelles) >= 0
    assert loss.total == loss.nearest + loss.taken + loss.gazelles
    assert loss.nearest <= sum(c for c in square.cells() if isinstance(c, int))


@given(squares, st.sampled_from(list(Side)))
def test_rotating_square_and_seat_together_changes_nothing(square: Square, side: Side) -> None:
    assert square.rotated().nearest(side.clockwise_next) == square.nearest(side)


def test_ranking_groups_equal_herds_largest_first_l3() -> None:
    """L3: equal herds share a place; the first group is the winners (unless the lions
    win, which ``winners`` decides)."""
    herds = {"ann": 4, "ben": 9, "cho": 4, "dan": -2}
    assert rules.ranking(herds) == [["ben"], ["ann", "cho"], ["dan"]]
    assert rules.ranking(herds)[0] == rules.winners(herds)
    assert rules.ranking({}) == []


def test_when_the_lions_win_no_player_is_ranked_l3() -> None:
    assert rules.ranking({"ann": 0, "ben": -3, "cho": 0}) == []
    assert rules.winners({"ann": 0, "ben": -3, "cho": 0}) == []


@given(st.dictionaries(st.text(max_size=3), st.integers(-20, 20), max_size=6))
def test_ranking_keeps_every_player_once_in_order(herds: dict[str, int]) -> None:
    groups = rules.ranking(herds)
    if herds and rules.lions_win(list(herds.values())):
        assert groups == []
        return
    assert sorted(p for g in groups for p in g) == sorted(herds)
    values = [herds[g[0]] for g in groups]
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)


@given(squares, st.lists(st.integers(min_value=0, max_value=2), min_size=3, max_size=4))
def test_l1_a_hand_may_take_exactly_the_free_gazelles(square: Square, in_hand: list[int]) -> None:
    """The stepper's limit agrees with the refusal: a hand may hold its gazelles plus the
    free ones, and one more is refused (when the counts were accepted to begin with)."""
    try:
        rules.check_card_supply(square, [0] * len(in_hand), in_hand)
    except RuleError:
        return
    most = in_hand[0] + rules.free_gazelles(square, in_hand)
    rules.check_card_supply(square, [0] * len(in_hand), [most, *in_hand[1:]])
    with pytest.raises(RuleError):
        rules.check_card_supply(square, [0] * len(in_hand), [most + 1, *in_hand[1:]])
