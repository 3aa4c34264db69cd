"""Translating what the kit prints: the kit's words (``printgen.words``) and the game names
(``games.registry``) are English msgids in the project's one gettext domain, translated from
the same catalogs the companion uses (``translations/<lang>/LC_MESSAGES/messages.mo``).

:func:`text` refuses an unknown language with a clear message. English is the msgid itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from gettext import NullTranslations
from pathlib import Path

from printgen.errors import PrintError

LANGUAGES = ("en", "ja", "it")

# The top of the source tree, or site-packages in an installed wheel, where setup.py copies
# the catalogs into companion/translations (companion.config.data_dir reads the same places;
# printgen does not import the companion).
_ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True, slots=True)
class InContext:
    """A msgid the kit words apart from the app: translated under its msgctxt."""

    context: str
    message: str


#: What :func:`text` translates: a plain msgid (``N_``-marked) or one with its msgctxt.
Message = str | InContext


def pgettext(context: str, message: str) -> InContext:
    """Mark ``message`` with its msgctxt. Named like gettext's ``pgettext`` so that
    ``pybabel extract``'s default keywords write the msgctxt into the catalog; the
    translation happens later, in :func:`text`."""
    return InContext(context, message)


def check_language(lang: str) -> str:
    """Return ``lang`` or raise ``PrintError`` naming the supported languages."""
    if lang not in LANGUAGES:
        raise PrintError(f"unknown language {lang!r}: expected one of {', '.join(LANGUAGES)}")
    return lang


def _directory() -> Path:
    installed = _ROOT / "companion" / "translations"
    return installed if installed.is_dir() else _ROOT / "translations"


@cache
def catalog(lang: str) -> NullTranslations:
    """The compiled catalog of ``lang`` (English: none, the msgids are the text)."""
    if check_language(lang) == "en":
        return NullTranslations()
    from babel.support import Translations  # only for ja/it: an English kit skips babel

    return Translations.load(str(_directory()), [lang], domain="messages")


def text(lang: str, message: Message, **params: object) -> str:
    """``message`` in ``lang``, formatted with ``params`` (``str.format`` fields)."""
    translations = catalog(lang)
    if isinstance(message, InContext):
        template = translations.pgettext(message.context, message.message)
    else:
        template = translations.gettext(message)
    return template.format(**params) if params else template


def game_title(lang: str, game: str) -> str:
    """The name of ``game`` in ``lang``: the registry's title, the one the app shows too."""
    from games import registry

    return text(lang, registry.get(game).title)
