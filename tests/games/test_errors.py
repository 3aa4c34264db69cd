"""RuleError: English by default, fully translated (terms included) on request."""

from games.errors import N_, RuleError, Term, TermList, localize

FAKE_JA = {
    "you cannot {action} now": "今は{action}できません",
    "drink": "水を飲む",
    "the square is full": "スクエアはいっぱいです",
}


def fake_gettext(text: str) -> str:
    return FAKE_JA.get(text, text)


def test_str_is_the_english_sentence() -> None:
    error = RuleError(N_("you cannot {action} now"), action=Term(N_("drink")))
    assert str(error) == "you cannot drink now"


def test_translated_translates_the_template_and_its_terms() -> None:
    error = RuleError(N_("you cannot {action} now"), action=Term(N_("drink")))
    assert error.translated(fake_gettext) == "今は水を飲むできません"


def test_plain_parameters_are_not_translated() -> None:
    error = RuleError(N_("you cannot {action} now"), action="drink")
    assert error.translated(fake_gettext) == "今はdrinkできません"


def test_a_template_without_parameters_is_left_as_is() -> None:
    error = RuleError(N_("the square is full"))
    assert str(error) == "the square is full"
    assert error.translated(fake_gettext) == "スクエアはいっぱいです"


def test_a_broken_translation_falls_back_to_english() -> None:
    error = RuleError(N_("you cannot {action} now"), action="drink")
    assert error.translated(lambda text: "今は{verb}できません") == "you cannot drink now"


# --- TermList: counted game words, each translated ------------------------------------------

FAKE_GOODS = {
    "bear": "くま",
    "grape": "ぶどう",
    "you are missing {missing}": "{missing}が足りません",
}
BEAR, GRAPE = Term(N_("bear")), Term(N_("grape"))


def test_a_term_list_reads_as_english_counted_words() -> None:
    goods = TermList([(BEAR, 2), (GRAPE, 1)])
    assert str(goods) == "bear ×2, grape ×1"
    assert str(RuleError(N_("you are missing {missing}"), missing=goods)) == (
        "you are missing bear ×2, grape ×1"
    )
    assert goods == ((BEAR, 2), (GRAPE, 1))
    assert repr(goods) == "TermList((('bear', 2), ('grape', 1)))"


def test_translated_translates_every_word_of_a_term_list() -> None:
    error = RuleError(N_("you are missing {missing}"), missing=TermList([(BEAR, 2), (GRAPE, 1)]))
    assert error.translated(FAKE_GOODS.get) == "くま ×2, ぶどう ×1が足りません"


def test_localize_leaves_plain_values_alone() -> None:
    def gettext(text: str) -> str:
        return FAKE_GOODS.get(text, text)

    assert localize(BEAR, gettext) == "くま"
    assert localize("bear", gettext) == "bear"  # a plain str is a name or an input, not a word
    assert localize(3, gettext) == 3
    assert localize(TermList([("bear", 1)]), gettext) == "bear ×1"  # type: ignore[list-item]
    assert localize(TermList(), gettext) == ""


def test_a_broken_translation_with_a_term_list_falls_back_to_english() -> None:
    error = RuleError(N_("you are missing {missing}"), missing=TermList([(BEAR, 1)]))
    assert error.translated(lambda text: "{lost}") == "you are missing bear ×1"
