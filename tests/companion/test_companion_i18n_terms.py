"""Rule messages and history lines are translated whole: template and game words."""

from companion import i18n
from games.errors import N_, RuleError, Term


def _install(app, monkeypatch, catalog: dict[str, str]) -> None:
    # A tiny in-memory catalog in place of the compiled one.
    monkeypatch.setattr(i18n, "gettext", lambda text: catalog.get(text, text))


def test_terms_inside_a_refusal_are_translated(app, monkeypatch) -> None:
    _install(
        app, monkeypatch, {"you cannot {action} now": "今は{action}できません", "drink": "水を飲む"}
    )
    error = RuleError(N_("you cannot {action} now"), action=Term(N_("drink")))
    with app.test_request_context("/?lang=ja"):
        assert i18n.rule_error_message(error) == "今は水を飲むできません"


def test_plain_parameters_stay_as_given(app, monkeypatch) -> None:
    _install(app, monkeypatch, {"{name} ate": "{name}が食べた", "Ann": "アン"})
    with app.test_request_context("/?lang=ja"):
        assert i18n.translate("{name} ate", {"name": "Ann"}) == "Annが食べた"


def test_a_broken_translation_falls_back_to_english(app, monkeypatch) -> None:
    _install(app, monkeypatch, {"{name} ate": "{nom} a mangé"})
    with app.test_request_context("/?lang=it"):
        assert i18n.translate("{name} ate", {"name": "Ann"}) == "Ann ate"
