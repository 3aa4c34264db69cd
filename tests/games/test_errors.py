"""RuleError: English by default, fully translated (terms included) on request."""

from games.errors import N_, RuleError, Term

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
