"""B9/B10 scoring: the rulebook examples, every tie case, final scoring with the B8 cap."""

from __future__ import annotations

import pytest

from games.bison.economy import Stocks
from games.bison.regions import find_regions
from games.bison.scoring import (
    FEWER_HUNTERS,
    FEWER_STRUCTURES,
    OWN,
    SHARED_FIRST,
    SHARED_SECOND,
    SMALLER_STRUCTURE,
    SOLE_FIRST,
    SOLE_SECOND,
    TIED,
    collect,
    final_scoring,
    score_board,
    score_region,
    winners,
)
from games.bison.tiles import MOUNTAIN, PRAIRIE, RIVER

from .builders import CHAIN_EDGES, chain, filled, layout, with_pieces

P = PRAIRIE

# JP examples 1 and 2 (seed 000, 得点集計): a prairie of 5 spaces with 1, 1, 3, 0, 2 bison.
JP_BISON = [1, 1, 3, 0, 2]
JP_EXAMPLE_1 = [
    ((0, 0), P, "yellow", 0, 2),  # space 1: yellow's size-2 tent
    ((1, 0), P, "red", 1, 1),  # space 2: red's size-1 tent and 1 hunter
    ((2, 0), P, "red", 0, 1),  # space 3: red's size-1 tent
    ((3, 0), P, "green", 3, 1),  # space 4: green's size-1 tent and 3 hunters
    ((4, 0), P, "blue", 1, 0),  # space 5: blue's hunter
]
JP_EXAMPLE_2 = [*JP_EXAMPLE_1[:3], ((3, 0), P, "green", 0, 2), JP_EXAMPLE_1[4]]


def jp_region(pieces):
    board = with_pieces(chain(PRAIRIE, JP_BISON), pieces)
    (region,) = [r for r in find_regions(board) if r.terrain == PRAIRIE]
    return score_region(board, region)


def test_jp_example_board_is_one_prairie_of_five_spaces_and_seven_bison() -> None:
    board = chain(PRAIRIE, JP_BISON)
    prairies = [r for r in find_regions(board) if r.terrain == PRAIRIE]
    assert [(len(r.hexes), r.animals) for r in prairies] == [(5, 7)]


def test_jp_example_1() -> None:
    score = jp_region(JP_EXAMPLE_1)
    assert score.ranking == (("yellow",), ("red",), ("green",), ("blue",))
    assert score.awards == {"yellow": 7, "red": 3, "green": 0, "blue": 2}
    assert [s.rule for s in score.standings] == [SOLE_FIRST, SOLE_SECOND, OWN, OWN]
    assert [s.place for s in score.standings] == [1, 2, 3, 4]
    red, green = score.standings[1], score.standings[2]
    # Red's two size-1 tents beat green's one: the longer list wins on the same prefix.
    assert red.structures == (1, 1) and red.reason.kind == SMALLER_STRUCTURE
    assert (
        green.reason.kind,
        green.reason.above,
        green.reason.nth,
        green.reason.mine,
        green.reason.theirs,
    ) == (FEWER_STRUCTURES, ("red",), 2, 0, 1)
    # [1] against [1, 1]: not "the same structures", but red's second one decides.
    template, params = score.reason_text(green)
    assert template.format(**params) == (
        "green is behind red: the structures agree as far as green's go, and red also has "
        "a structure no. 2 (largest first), of size 1"
    )
    template, params = score.award_text(score.standings[0])
    assert template == "{player} has the most influence and takes all {total}"
    assert {k: params[k] for k in ("player", "place", "award", "animals", "animal")} == {
        "player": "yellow",
        "place": 1,
        "award": 7,
        "animals": 7,
        "animal": "bison",
    }
    assert template.format(**params) == "yellow has the most influence and takes all 7 bison"


def test_jp_example_2_shared_first_has_no_second() -> None:
    score = jp_region(JP_EXAMPLE_2)
    assert score.ranking == (("yellow", "green"), ("red",), ("blue",))
    assert score.awards == {"yellow": 3, "green": 3, "red": 4, "blue": 2}
    assert [s.rule for s in score.standings] == [SHARED_FIRST, SHARED_FIRST, OWN, OWN]
    # The rulebook calls red third and blue fourth.
    assert [s.place for s in score.standings] == [1, 1, 3, 4]
    assert score.standings[0].reason.kind == TIED
    assert score.standings[0].reason.above == ("green",)


# IT example 3 (seed 004, 4.4): scoring after round 1 of a 2-player game, one row a region.
IT_EXAMPLE_3 = [
    # (row, terrain, animals per space, pieces, expected awards)
    ("prairie 1", PRAIRIE, [1, 1], [((0, 0), P, "red", 1, 0)], {"red": 2}),
    (
        "prairie 2",
        PRAIRIE,
        [1, 1],
        [((0, 0), P, "yellow", 1, 0), ((1, 0), P, "red", 1, 0)],
        {"yellow": 1, "red": 1},
    ),
    ("prairie 3", PRAIRIE, [0], [], {}),
    ("prairie 4", PRAIRIE, [0], [], {}),
    ("mountain 1", MOUNTAIN, [1], [], {}),
    (
        "mountain 2",
        MOUNTAIN,
        [1, 1, 1, 1],
        [((0, 0), MOUNTAIN, "yellow", 0, 1), ((2, 0), MOUNTAIN, "red", 3, 0)],
        {"yellow": 4, "red": 2},
    ),
    ("mountain 3", MOUNTAIN, [2], [((0, 0), MOUNTAIN, "red", 2, 0)], {"red": 2}),
    (
        "river 1",
        RIVER,
        [1, 1, 1],
        [((0, 0), RIVER, "yellow", 2, 0), ((1, 0), RIVER, "red", 1, 0)],
        {"yellow": 3, "red": 1},
    ),
    ("river 2", RIVER, [1, 1], [], {}),
    (
        "river 3",
        RIVER,
        [1, 1],
        [((0, 0), RIVER, "yellow", 1, 0), ((1, 0), RIVER, "red", 0, 1)],
        {"yellow": 1, "red": 2},
    ),
]


def it_row(terrain, animals, pieces):
    board = with_pieces(chain(terrain, animals), pieces)
    (region,) = [r for r in find_regions(board) if (0, 0) in r.hexes and r.terrain == terrain]
    assert (len(region.hexes), region.animals) == (len(animals), sum(animals))
    return score_region(board, region)


@pytest.mark.parametrize(
    ("row", "terrain", "animals", "pieces", "expected"),
    IT_EXAMPLE_3,
    ids=[row[0] for row in IT_EXAMPLE_3],
)
def test_it_example_3_rows(row, terrain, animals, pieces, expected) -> None:
    assert it_row(terrain, animals, pieces).awards == expected


def test_it_example_3_totals_yellow_9_red_10() -> None:
    totals = {"yellow": 0, "red": 0}
    by_animal = {"yellow": {}, "red": {}}
    for _, terrain, animals, pieces, _ in IT_EXAMPLE_3:
        score = it_row(terrain, animals, pieces)
        for player, award in score.awards.items():
            totals[player] += award
            by_animal[player][score.animal] = by_animal[player].get(score.animal, 0) + award
    assert totals == {"yellow": 9, "red": 10}
    assert by_animal == {
        "yellow": {"bison": 1, "turkey": 4, "salmon": 4},
        "red": {"bison": 3, "turkey": 4, "salmon": 3},
    }


def test_it_final_tie_break_smallest_stock() -> None:
    # Yellow 10 bison, 14 turkeys, 6 salmon = 30; red 12/7/11 = 30; blue 9/9/11 = 29.
    stocks = {
        "yellow": Stocks(bison=10, salmon=6, turkey=14),
        "red": Stocks(bison=12, salmon=11, turkey=7),
        "blue": Stocks(bison=9, salmon=11, turkey=9),
    }
    assert winners(stocks) == ("red",)


def test_shared_win_when_total_and_smallest_stock_tie() -> None:
    stocks = {"a": Stocks(5, 6, 7), "b": Stocks(7, 5, 6), "c": Stocks(1, 1, 1)}
    assert winners(stocks) == ("a", "b")


@pytest.mark.parametrize(
    ("pieces", "ranking", "awards", "rules"),
    [
        pytest.param(  # tie for second after a sole first: the tied get their own animals
            [
                ((0, 0), P, "a", 0, 3),
                ((1, 0), P, "b", 2, 0),
                ((2, 0), P, "c", 2, 0),
                ((3, 0), P, "d", 1, 0),
            ],
            (("a",), ("b", "c"), ("d",)),
            {"a": 9, "b": 3, "c": 1, "d": 2},
            [SOLE_FIRST, SHARED_SECOND, SHARED_SECOND, OWN],
            id="tie-for-second",
        ),
        pytest.param(  # three share first: each half, the rest their own
            [
                ((0, 0), P, "a", 2, 0),
                ((1, 0), P, "b", 2, 0),
                ((2, 0), P, "c", 2, 0),
                ((3, 0), P, "d", 1, 0),
            ],
            (("a", "b", "c"), ("d",)),
            {"a": 4, "b": 4, "c": 4, "d": 2},
            [SHARED_FIRST, SHARED_FIRST, SHARED_FIRST, OWN],
            id="three-share-first",
        ),
        pytest.param(  # hunters decide only between identical structure lists
            [((0, 0), P, "a", 1, 2), ((1, 0), P, "b", 5, 2)],
            (("b",), ("a",)),
            {"b": 9, "a": 4},
            [SOLE_FIRST, SOLE_SECOND],
            id="hunters-decide",
        ),
        pytest.param(  # any structure beats any number of hunters
            [((0, 0), P, "a", 8, 0), ((1, 0), P, "b", 0, 1)],
            (("b",), ("a",)),
            {"b": 9, "a": 4},
            [SOLE_FIRST, SOLE_SECOND],
            id="tent-beats-8",
        ),
        pytest.param(  # equal structures and equal hunters: a true tie, here for first
            [
                ((0, 0), P, "a", 1, 2),
                ((1, 0), P, "a", 0, 1),
                ((2, 0), P, "b", 1, 2),
                ((3, 0), P, "b", 0, 1),
                ((4, 0), P, "c", 6, 2),
            ],
            (("a", "b"), ("c",)),
            {"a": 4, "b": 4, "c": 2},
            [SHARED_FIRST, SHARED_FIRST, OWN],
            id="equal-structures-and-hunters",
        ),
        pytest.param(  # three tie for second after a sole first: each takes own, so does 5th
            [
                ((0, 0), P, "a", 0, 4),
                ((1, 0), P, "b", 0, 1),
                ((2, 0), P, "c", 0, 1),
                ((3, 0), P, "d", 0, 1),
                ((4, 0), P, "e", 1, 0),
            ],
            (("a",), ("b", "c", "d"), ("e",)),
            {"a": 9, "b": 3, "c": 1, "d": 2, "e": 2},
            [SOLE_FIRST, SHARED_SECOND, SHARED_SECOND, SHARED_SECOND, OWN],
            id="three-tie-for-second",
        ),
        pytest.param(  # the first list element decides, however long the other list is
            [
                ((0, 0), P, "a", 0, 3),
                ((1, 0), P, "b", 0, 2),
                ((2, 0), P, "b", 0, 2),
                ((3, 0), P, "b", 0, 1),
            ],
            (("a",), ("b",)),
            {"a": 9, "b": 4},
            [SOLE_FIRST, SOLE_SECOND],
            id="3-beats-2-2-1",
        ),
        pytest.param(  # a sole player is first and takes everything
            [((4, 0), P, "a", 1, 0)], (("a",),), {"a": 9}, [SOLE_FIRST], id="alone"
        ),
    ],
)
def test_award_cases(pieces, ranking, awards, rules) -> None:
    # A prairie of 5 spaces with 1, 3, 1, 2, 2 bison (9 in all).
    board = with_pieces(chain(PRAIRIE, [1, 3, 1, 2, 2]), pieces)
    (score,) = [s for s in score_board(board) if s.region.terrain == PRAIRIE]
    assert score.ranking == ranking
    assert score.awards == awards
    assert [s.rule for s in score.standings] == rules


def test_reason_fewer_hunters_text() -> None:
    board = with_pieces(
        chain(PRAIRIE, [1, 3, 1, 2, 2]), [((0, 0), P, "a", 1, 2), ((1, 0), P, "b", 5, 2)]
    )
    (score,) = [s for s in score_board(board) if s.region.terrain == PRAIRIE]
    second = score.standings[1]
    assert second.reason.kind == FEWER_HUNTERS
    template, params = score.reason_text(second)
    assert template.format(**params) == (
        "a is behind b: the same structures, and 1 hunter against 5"
    )
    assert score.reason_text(score.standings[0]) is None


def test_final_scoring_caps_each_region_in_order() -> None:
    # One prairie region of 6 spaces x 3 bison = 18 bison for a sole player: 15 fit, the
    # 3 of surplus are exchanged for 1 animal of the smallest other stock (default policy).
    board = with_pieces(chain(PRAIRIE, [3] * 6), [((0, 0), P, "a", 1, 0)])
    result = final_scoring(board, ["a", "b"])
    assert result.totals["a"].bison == 18
    collected = result.collected["a"]
    assert collected.stocks == Stocks(bison=15, salmon=1, turkey=0)
    assert [(e.give, e.get) for e in collected.exchanges] == [("bison", "salmon")]
    assert collected.lost == 0
    assert result.winners == ("a",)


def test_final_scoring_loses_surplus_below_a_triple() -> None:
    board = with_pieces(chain(PRAIRIE, [3, 3, 3, 3, 3, 2]), [((0, 0), P, "a", 1, 0)])
    collected = final_scoring(board, ["a"]).collected["a"]
    assert (collected.stocks, collected.lost, collected.exchanges) == (Stocks(15, 0, 0), 2, ())


def test_final_winner_uses_capped_stocks_not_raw_totals() -> None:
    # a alone in a prairie of 7 x 3 bison: raw 21, capped 15 bison + 1 salmon + 1 turkey = 17.
    # b alone in a mountain of 3 x 3 turkeys and a river of 3 x 3 salmon: raw 18, capped 18.
    tiles = {(i, 0): filled(CHAIN_EDGES[PRAIRIE], PRAIRIE, 3) for i in range(7)}
    tiles |= {(i, 5): filled(CHAIN_EDGES[MOUNTAIN], MOUNTAIN, 3) for i in range(3)}
    tiles |= {(i, 10): filled(CHAIN_EDGES[RIVER], RIVER, 3) for i in range(3)}
    board = with_pieces(
        layout(tiles),
        [((0, 0), P, "a", 1, 0), ((0, 5), MOUNTAIN, "b", 1, 0), ((0, 10), RIVER, "b", 1, 0)],
    )
    result = final_scoring(board, ["a", "b"])
    assert (result.totals["a"].total, result.totals["b"].total) == (21, 18)
    assert result.collected["a"].stocks == Stocks(15, 1, 1)
    assert result.winners == ("b",)


def test_explanation_is_json_ready_data_with_translatable_sentences() -> None:
    import json

    explained = jp_region(JP_EXAMPLE_2).explain()
    json.dumps(explained)
    assert explained["ranking"] == [["yellow", "green"], ["red"], ["blue"]]
    red = explained["standings"][2]
    assert {
        k: red[k] for k in ("player", "place", "structures", "hunters", "own", "award", "rule")
    } == {
        "player": "red",
        "place": 3,
        "structures": [1, 1],
        "hunters": 1,
        "own": 4,
        "award": 4,
        "rule": OWN,
    }
    text = red["award_text"]["template"].format(**red["award_text"]["params"])
    assert text == "red is in place 3 and takes the 4 bison on their own spaces"
    reason = red["reason_text"]["template"].format(**red["reason_text"]["params"])
    assert reason == (
        "red is behind yellow, green: structure no. 1 (largest first) is size 1 against 2"
    )


def test_collect_takes_a_players_own_exchanges_for_one_award() -> None:
    # 18 bison for a from the prairie (region 0): by default 3 surplus become 1 salmon; a
    # may choose a turkey instead. Other awards keep the default.
    board = with_pieces(chain(PRAIRIE, [3] * 6), [((0, 0), P, "a", 1, 0)])
    scores = score_board(board)
    start = {"a": Stocks(0, 0, 0)}
    assert collect(scores, start)["a"].stocks == Stocks(15, 1, 0)
    chosen = collect(scores, start, {("a", 0): [{"give": "bison", "get": "turkey"}]})
    assert chosen["a"].stocks == Stocks(15, 0, 1)


def test_final_ranking_orders_by_total_then_smallest_stock_b10() -> None:
    """B10 as an order (the companion's end screen): the seed's example, then a shared
    place; the first group is always ``winners``."""
    from games.bison.scoring import ranking

    stocks = {
        "yellow": Stocks(bison=10, salmon=6, turkey=14),
        "red": Stocks(bison=12, salmon=11, turkey=7),
        "blue": Stocks(bison=9, salmon=11, turkey=9),
    }
    assert ranking(stocks) == [["red"], ["yellow"], ["blue"]]
    shared = {"a": Stocks(5, 6, 7), "b": Stocks(7, 5, 6), "c": Stocks(1, 1, 1)}
    assert ranking(shared) == [["a", "b"], ["c"]]
    assert tuple(ranking(shared)[0]) == winners(shared)
    assert ranking({}) == []


@pytest.mark.parametrize(
    ("pieces", "text"),
    [
        # [2, 1] against [2]: element by element equal, then the longer list wins (B9).
        (
            [((0, 0), P, "red", 0, 2), ((1, 0), P, "red", 0, 1), ((2, 0), P, "blue", 3, 2)],
            "blue is behind red: the structures agree as far as blue's go, and red also has a "
            "structure no. 2 (largest first), of size 1",
        ),
        # Any structure beats none, whatever the hunters.
        (
            [((0, 0), P, "red", 0, 1), ((2, 0), P, "blue", 4, 0)],
            "blue is behind red: red has a structure (size 1) and blue none",
        ),
        (
            [((0, 0), P, "red", 0, 3), ((2, 0), P, "blue", 0, 2), ((3, 0), P, "blue", 0, 2)],
            "blue is behind red: structure no. 1 (largest first) is size 2 against 3",
        ),
    ],
)
def test_influence_explanations_compare_lists_element_by_element(pieces, text) -> None:
    score = jp_region(pieces)
    template, params = score.reason_text(score.standings[1])
    assert template.format(**params) == text


def test_the_award_sentences_count_their_animals_in_the_plural() -> None:  # issue 32
    from games.bison.scoring import AWARD_TEXT, counted
    from games.errors import localize

    assert (str(counted("turkey", 4)), str(counted("turkey", 1))) == ("4 turkeys", "1 turkey")
    assert str(counted("bison", 12)) == "12 bison" and str(counted("salmon", 3)) == "3 salmon"
    said = AWARD_TEXT[SOLE_FIRST].format(player="Ann", total=counted("turkey", 4))
    assert said == "Ann has the most influence and takes all 4 turkeys"
    # A catalog's own plural rule decides the form (one form only, as in Japanese).
    one_form = localize(counted("turkey", 4), str, lambda s, p, n: "七面鳥{num}匹")
    assert one_form == "七面鳥4匹"
    shout = lambda t: t.replace("turkey", "TURKEY")  # noqa: E731
    assert localize(counted("turkey", 1), shout) == "1 TURKEY"  # English's rule
    assert localize(counted("turkey", 2), shout) == "2 TURKEYs"
