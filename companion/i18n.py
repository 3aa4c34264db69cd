"""Languages: English, Japanese, Italian.

The locale comes from ``?lang=`` (the switcher; remembered in a cookie), then that cookie,
then the browser's Accept-Language. Rule refusals from ``games/`` carry an English template
marked with ``N_`` that is translated here, then filled in.
"""

from __future__ import annotations

from collections.abc import Sequence

from babel.lists import format_list
from flask import Flask, Response, current_app, g, request
from flask_babel import Babel, get_locale, get_translations, gettext
from jinja2 import pass_context
from jinja2.runtime import Context
from markupsafe import Markup

from games.errors import RuleError, localize

LANG_COOKIE = "lang"
LANGUAGE_NAMES = {"en": "English", "ja": "日本語", "it": "Italiano"}


def languages() -> tuple[str, ...]:
    return tuple(current_app.config["LANGUAGES"])


def select_locale() -> str:
    chosen = request.args.get("lang")
    if chosen in languages():
        g.set_lang_cookie = chosen
        return chosen
    cookie = request.cookies.get(LANG_COOKIE)
    if cookie in languages():
        return cookie
    return request.accept_languages.best_match(languages()) or "en"


def rule_error_message(error: RuleError) -> str:
    """The refusal in the reader's language."""
    return error.translated(gettext)


#: What may end a sentence already, in the languages the app speaks.
SENTENCE_ENDS = ".!?。！？…"


def as_sentence(text: str, lang: str) -> str:
    """``text`` as a sentence a player reads (issue 21): a capital first letter (a no-op
    in Japanese) and a full stop (。 in Japanese) unless it ends with one already. The
    games word their refusals as clauses ("steps must be at least 1"), which history lines
    and other messages embed; a refusal shown on its own is a sentence."""
    text = text.strip()
    if not text:
        return text
    if text[0].islower():
        text = text[0].upper() + text[1:]
    if text[-1] not in SENTENCE_ENDS:
        text += "。" if lang == "ja" else "."
    return text


def translate(template: str, params: dict[str, object] | None = None) -> str:
    """Translate an ``N_``-marked template and its ``Term`` parameters, then fill them in.

    Parameters that are ``games.errors.Term`` (game words such as an action or a food) are
    translated too, a ``TermList`` ("bear ×2, grape ×1") word by word; other parameters
    (names, numbers) are put in as they are (``games.errors.localize``).
    """
    text = gettext(template)
    if not params:
        return text
    plural = get_translations().ungettext  # a ``Plural`` in the reader's plural form
    words = {name: localize(value, gettext, plural) for name, value in params.items()}
    try:
        return text.format(**words)
    except (KeyError, IndexError, ValueError):
        # A translation that lost a placeholder must not break the page: fall back to English.
        return template.format(**params)


def bound_gettext() -> dict[str, object]:
    """``gettext`` and ``ngettext`` for one template render, bound to this request's
    catalog: render context that overrides Flask-Babel's, which look the catalog up again
    on every call (a fifth of a big panel's render time). The same semantics as Jinja's
    "newstyle" gettext that Flask-Babel installs: the message is markup-safe under
    autoescape and always %-formatted with the keyword arguments (``num`` for ngettext),
    which are escaped; ``_()`` resolves ``gettext`` from the context, so it follows."""
    catalog = get_translations()

    @pass_context
    def gettext_(context: Context, message: str, **variables: object) -> str:
        text = catalog.ugettext(message)
        return (Markup(text) if context.eval_ctx.autoescape else text) % variables

    @pass_context
    def ngettext_(
        context: Context, singular: str, plural: str, num: int, **variables: object
    ) -> str:
        variables.setdefault("num", num)
        text = catalog.ungettext(singular, plural, num)
        return (Markup(text) if context.eval_ctx.autoescape else text) % variables

    return {"gettext": gettext_, "ngettext": ngettext_}


def join_names(names: Sequence[str]) -> str:
    """Player names as a list in the reader's language (CLDR): "Ann, Ben, and Cho",
    「Ann、Ben、Cho」, "Ann, Ben e Cho"."""
    return format_list(list(names), style="standard", locale=str(get_locale())) if names else ""


def list_separator() -> str:
    """What stands between two names of a longer list in the reader's language (", ",
    「、」), for lists whose items carry markup of their own (a colour swatch)."""
    three = format_list(["a", "b", "c"], style="standard", locale=str(get_locale()))
    return three[1 : three.index("b")]


def _remember_choice(response: Response) -> Response:
    chosen = g.pop("set_lang_cookie", None)
    if chosen:
        response.set_cookie(
            LANG_COOKIE, chosen, max_age=60 * 60 * 24 * 365, samesite="Lax", httponly=True
        )
    return response


def init_app(app: Flask) -> None:
    Babel(app, locale_selector=select_locale)
    app.after_request(_remember_choice)
    # {{ label|phrased }}: Japanese breaks by phrase (companion.phrases, issue 34)
    from companion.phrases import phrased

    app.add_template_filter(phrased, "phrased")

    @app.context_processor
    def _language_context() -> dict[str, object]:
        return {
            "current_locale": str(get_locale()),
            "language_names": LANGUAGE_NAMES,
            "translate": translate,
        }
