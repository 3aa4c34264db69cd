"""Line breaking of printed text: Latin words whole, Japanese kinsoku, fitting a box."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printgen import fonts, words
from printgen.errors import PrintError
from printgen.games import dogs_life as dogs_print
from printgen.kit import every_word, games_with_kit, kit_of
from printgen.linebreak import CANNOT_END, CANNOT_START, PT, fit, units, wrap_lines
from printgen.messages import text

EM = 10 * PT  # IPAexGothic's kana and kanji are exactly one em wide


def lines_in(text: str, ems: float) -> list[str]:
    """``text`` at 10 pt in a column ``ems`` full-width characters wide."""
    return wrap_lines(text, EM, ems * EM + 0.01)


@pytest.mark.parametrize(
    ("text", "ems", "expected"),
    [
        # A Latin word inside Japanese stays whole (ReportLab's splitter printed "Campfir|e"),
        # and Japanese phrases too (BudouX), the particle with its word: "Campfireで".
        (
            "スマホで読み取ると、このテーブルがCampfireで開きます。",
            6,
            ["スマホで", "読み取ると、", "この", "テーブルが", "Campfireで", "開きます。"],
        ),
        # Numbers stay whole and ％ stays with them; （「 never end a line, 」） never start one.
        (
            "倍率100％（「実際のサイズ」）で印刷",
            5,
            ["倍率100％", "（「実際の", "サイズ」）", "で印刷"],
        ),
        ("倍率を（「実際のサイズ」）で", 4, ["倍率を", "（「実際", "のサイ", "ズ」）で"]),
        # A range "1～3" is one unit, and stays with its counter: "1～3つ".
        ("ハンターを土地1～3つ分移動する", 6, ["ハンターを", "土地1～3つ", "分移動する"]),
        # 、」 and small kana and ー move down with the character before them.
        ("あいう、」です", 3, ["あい", "う、」", "です"]),
        ("ちょっとコーヒー", 3, ["ちょっ", "とコー", "ヒー"]),
    ],
)
def test_japanese_breaks_between_characters_but_never_against_kinsoku(text, ems, expected):
    assert lines_in(text, ems) == expected


@pytest.mark.parametrize(
    ("text", "width", "expected"),
    [
        (
            "Stampa al 100 % («Dimensioni effettive»). Mai «Adatta alla pagina» o «Riduci».",
            40,
            [
                "Stampa al 100 %",
                "(«Dimensioni",
                "effettive»). Mai «Adatta",
                "alla pagina» o «Riduci».",
            ],
        ),
        ("Muovere cacciatori da 1 a 3 spazi", 24.8, ["Muovere cacciatori da", "1 a 3 spazi"]),
    ],
)
def test_italian_breaks_at_spaces_keeping_percent_and_guillemets(text, width, expected):
    size = 10 * PT if width == 40 else 6.5 * PT
    assert wrap_lines(text, size, width) == expected


@pytest.mark.parametrize(
    ("text", "width", "expected"),
    [
        ("one two three", 12, ["one", "two", "three"]),
        (
            'Print at 100 % ("Actual size"). Never "Fit to page" or "Shrink".',
            40,
            ['Print at 100 % ("Actual', 'size"). Never "Fit to', 'page" or "Shrink".'],
        ),
        ("A Campfire table\nJoin it", 100, ["A Campfire table", "Join it"]),
        # A word wider than the line gets a line of its own: never cut.
        ("Supercalifragilistic word", 10, ["Supercalifragilistic", "word"]),
    ],
)
def test_english_breaks_at_spaces_only(text, width, expected):
    assert wrap_lines(text, EM, width) == expected


NO_START = "、。」』）ー々っゃァッ！？"
NO_END = "「『（"
JAPANESE = st.sampled_from(
    [*"あいうかきくテーブル漢字印刷", *NO_START, *NO_END, "Campfire", "100", "g/m²"]
)


def test_the_kinsoku_tables_hold_the_characters_the_brief_names():
    assert set(NO_START) <= CANNOT_START and set(NO_END) <= CANNOT_END


@given(st.lists(JAPANESE, min_size=1, max_size=40), st.integers(min_value=2, max_value=12))
def test_kinsoku_and_whole_words_hold_for_any_japanese_text(pieces, ems):
    text = "".join(pieces)
    lines = lines_in(text, ems)
    assert "".join(lines) == text  # nothing lost, nothing added (no spaces to drop)
    for line in lines[1:]:
        assert line[0] not in CANNOT_START, lines
    for line in lines[:-1]:
        assert line[-1] not in CANNOT_END, lines
    for word in ("Campfire", "100"):  # every Latin run lies on one line
        assert text.count(word) == sum(line.count(word) for line in lines)
    for line in lines:  # only a line of one unbreakable unit may overflow
        assert fonts.width(line, EM) <= ems * EM + 0.01 or len(units(line)) == 1, lines


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Move hunters 1 space", ["Move hunters", "1 space"]),
        ("Place your tile + hunters", ["Place your tile", "+ hunters"]),
        ("テントの設置・拡張", ["テントの", "設置・拡張"]),
        ("Costruire o ingrandire una tenda", ["Costruire o", "ingrandire", "una tenda"]),
    ],
)
def test_a_last_line_of_one_unit_takes_the_unit_before_it_along(text, expected):
    # The Bison action cells: 24.4 mm at 8 pt (greedy alone gives "…1 / space", "…拡 / 張").
    assert wrap_lines(text, 8 * PT, 24.43) == expected


def test_fit_takes_the_largest_quarter_point_size_that_fits_the_box():
    text = "ハンターを土地1～3つ分移動する"
    # Set by phrase (ハンターを / 土地1～3つ分 / 移動する), a size smaller than by character.
    assert fit(text, 24.8, 9.0, 8.0, 6.5) == (7.5, ["ハンターを", "土地1～3つ分", "移動する"])
    # Two lines of 6.75 pt: 6.75 × (1 + 1.15) × 0.3528 = 5.12 mm, within the box's 5.5 mm.
    assert fit(text, 24.8, 5.5, 8.0, 6.5, max_lines=2) == (
        6.75,
        ["ハンターを", "土地1～3つ分移動する"],
    )
    assert fit("Gather hunters", 24.8, 9.0, 8.0, 6.5) == (8.0, ["Gather hunters"])


def test_fit_breaks_japanese_at_phrase_ends_first():
    # Breaking anywhere would give "クリップは20から。他の人に見せま / せん。".
    assert fit("クリップは20から。他の人に見せません。", 41, 8, 7, 6.5, max_lines=2) == (
        7.0,
        ["クリップは20から。", "他の人に見せません。"],
    )
    # Without punctuation to break at, the phrases: 捕獲者 / からの逃亡 (not 捕獲者か / らの…).
    assert fit("捕獲者からの逃亡", 12, 8.4, 7, 6.5, max_lines=2) == (6.75, ["捕獲者", "からの逃亡"])


def test_fit_refuses_a_text_that_would_need_a_size_below_the_minimum():
    with pytest.raises(PrintError) as error:
        fit("ハンターを土地1～3つ分移動する", 10, 5, 8, 6.5)
    assert str(error.value) == (
        "the text 'ハンターを土地1～3つ分移動する' does not fit in "
        "10.0 × 5.0 mm on 3 lines at 6.5 pt"
    )


# -- words whole (the reviewer's ハ/ンター, 切り/直して, 穀物( / 黄) --------------------------


@pytest.mark.parametrize(
    ("text", "ems", "expected"),
    [
        ("ハンターを集める", 6, ["ハンターを", "集める"]),
        ("ハンターを土地1つ分移動する", 7, ["ハンターを", "土地1つ分", "移動する"]),
        (
            "ドッグカード13枚を切り直して、もう1枚引く",
            7,
            ["ドッグカード", "13枚を", "切り直して、", "もう1枚引く"],
        ),
        (
            "ドッグカード13枚を切り直して、もう1枚引く",
            10,
            ["ドッグカード13枚を", "切り直して、", "もう1枚引く"],
        ),
        (
            "洞穴のマンモスまたは穀物(黄)1つにつき1勝利点",
            10,
            ["洞穴のマンモスまたは", "穀物(黄)1つに", "つき1勝利点"],
        ),
    ],
)
def test_japanese_words_stay_whole_where_they_fit(text, ems, expected):
    assert lines_in(text, ems) == expected


@given(st.integers(min_value=3, max_value=14))
def test_an_opening_bracket_never_ends_a_line(ems):
    for line in lines_in("洞穴のマンモスまたは穀物(黄)1つにつき1勝利点", ems)[:-1]:
        assert not line.endswith(("(", "（"))


@given(st.integers(min_value=5, max_value=20))
def test_a_katakana_word_is_cut_only_when_wider_than_the_line(ems):
    for line in lines_in("ハンターを土地1～3つ分移動する、ドッグカードを切り直して", ems):
        assert not line.endswith("ハ") and not line.startswith("ンター")
        assert ems < 6 or not line.endswith("ドッグカー")  # 6 wide: cut only on 5


# -- wording (seed 003: 喧嘩, アクションポイント) -------------------------------------------


def test_japanese_dog_words_are_the_rulebooks():
    assert (
        text("ja", dogs_print.SECTIONS["fight"]) == "喧嘩"
    )  # the rulebook's fight: 喧嘩に参加している…
    assert text("ja", words.DL_AP, n=7) == "1手番にアクションポイント7"
    # Labels name the fight 喧嘩; the rules summary may say 攻撃 / 攻撃側 for attacking and
    # the attacker, as the rulebook does (ライバルに攻撃し…攻撃側が勝った場合), but the
    # action itself is 喧嘩 there too.
    summaries = {kit_of(game).rules for game in games_with_kit()}
    assert not any(
        "攻撃" in text("ja", message) for message in every_word() if message not in summaries
    )
    assert "- 喧嘩：" in text("ja", kit_of("dogs-life").rules)


def test_the_italian_vp_track_says_when_the_game_ends():
    assert text("it", words.HA_VP_TRACK, n=10) == "Tracciato PV: la partita finisce a 10"


# -- set by phrase (issue 24: 単独2|位, 1|つずつ, 3|対1, カード13|枚, ゴミ漁|りマーカー) -----------

UNBROKEN = ("単独2位", "1つずつ", "3対1", "カード13枚", "ゴミ漁りマーカー")


@pytest.mark.parametrize(
    "message",
    [
        kit_of("bison").rules,
        kit_of("dogs-life").rules,
        kit_of("bison").aid,
        kit_of("hunting-age").rules,
    ],
    ids=["rules-bison", "rules-dogs-life", "aid-bison", "rules-hunting-age"],
)
@pytest.mark.parametrize("ems", range(9, 25))
def test_numbers_counters_and_words_are_never_broken_inside(message, ems):
    # The kit's own Japanese, in every column width from 9 to 24 characters: none of the
    # issue's examples is cut across two lines.
    lines = lines_in(text("ja", message), ems)
    joined = "".join(lines)
    for word in UNBROKEN:
        assert joined.count(word) == sum(line.count(word) for line in lines), (word, lines)


@pytest.mark.parametrize(
    ("text", "ems", "expected"),
    [
        ("1位：すべて。単独2位：半分", 5, ["1位：", "すべて。", "単独2位：", "半分"]),
        ("七面鳥を1つずつ得る", 6, ["七面鳥を", "1つずつ得る"]),
        ("ただちに3対1で交換", 5, ["ただちに", "3対1で", "交換"]),
        ("その犬のカード13枚を混ぜる", 8, ["その犬の", "カード13枚を", "混ぜる"]),
        ("ゴミ箱にゴミ漁りマーカーを置き", 10, ["ゴミ箱に", "ゴミ漁りマーカーを", "置き"]),
    ],
)
def test_the_issues_examples_are_set_by_phrase(text, ems, expected):
    assert lines_in(text, ems) == expected


@pytest.mark.parametrize(("before", "after"), [("2", "位"), ("1", "つ"), ("3", "対"), ("対", "1")])
def test_a_number_keeps_its_counter_at_every_level(before, after):
    # Even cut character by character (a unit wider than the line), never 2|位 or 3|対|1.
    text = {"位": "単独2位", "つ": "1つずつ", "対": "3対1", "1": "3対1"}[after]
    cut = units(text, "chars")
    pairs = itertools.pairwise(cut)
    assert not any(a.endswith(before) and b.startswith(after) for a, b in pairs)


def _arrow_texts() -> list[tuple[str, str]]:
    """Every printed text with an "N → M" pair, in the three languages."""
    messages = [
        message for game in games_with_kit() for message in (kit_of(game).rules, kit_of(game).aid)
    ]
    messages += [v for v in vars(words).values() if isinstance(v, str)]
    return [
        (lang, line)
        for lang in ("en", "ja", "it")
        for message in messages
        for line in text(lang, message).split("\n")
        if "→" in line
    ]


@pytest.mark.parametrize("lang", ["en", "ja", "it"])
def test_an_arrow_pair_is_never_split_across_lines(lang):
    # Issue 37: "3 → 4" split as "3 →" / "4" (3 in ja, 3 in it, 2 in en across the kit).
    texts = [line for language, line in _arrow_texts() if language == lang]
    assert texts
    for line, ems in itertools.product(texts, range(6, 40)):
        size = 3.0
        lines = wrap_lines(line, size, ems * size)
        for a, b in itertools.pairwise(lines):
            assert not a.endswith("→") and not b.startswith("→"), (a, b)


@given(st.integers(0, 99), st.integers(0, 99), st.integers(4, 40))
def test_any_number_pair_stays_whole(n, m, ems):
    line = f"Pay {n} → {m} now, then {m} → {n} later."
    lines = wrap_lines(line, 3.0, ems * 3.0)
    assert f"{n} → {m}" in " ".join(lines)
    for a, b in itertools.pairwise(lines):
        assert not a.endswith("→") and not b.startswith("→"), (a, b)
