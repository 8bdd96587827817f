"""Translations: one catalogue mechanism for every user-visible string.

The core, the games, the CLI, the UI and the print kits all call :func:`_` (and
:func:`ngettext`, :func:`pgettext`); strings that must exist before the language is
known (module-level tables) are marked with :func:`N_` and translated where they are
shown. Catalogues are gettext ``.po`` files under ``reclaimdesk/locale/<lang>/
LC_MESSAGES/``: one file per game (named after the game's package) plus ``app.po``
for shared code, so that a game brings its own words. Their compiled ``.mo`` twins
are committed next to them (``python tools/i18n.py compile``; a test fails when one
is stale). English is the source language: its messages are the msgids themselves.

This module is Qt-free: the UI installs Qt's own ``.qm`` files for Qt's standard
dialogs separately, and asks here which language is current.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

LANGUAGES: dict[str, str] = {"en": "English", "ja": "日本語"}
"""Language codes the app speaks, with each language's own name."""

DEFAULT_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_current = DEFAULT_LANGUAGE
_catalogue: _gettext.NullTranslations = _gettext.NullTranslations()


def system_language(environ: dict[str, str] | None = None) -> str:
    """The language the environment asks for (``LANGUAGE``, ``LC_ALL``,
    ``LC_MESSAGES``, ``LANG``, in gettext's order), or English.

    >>> system_language({"LANG": "ja_JP.UTF-8"})
    'ja'
    >>> system_language({"LANGUAGE": "fr:ja", "LANG": "en_US.UTF-8"})
    'ja'
    >>> system_language({})
    'en'
    """
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        for part in value.split(":"):
            code = normalise(part)
            if code is not None:
                return code
        if var != "LANGUAGE":
            break  # the first set variable among LC_ALL/LC_MESSAGES/LANG decides
    return DEFAULT_LANGUAGE


def normalise(text: str | None) -> str | None:
    """A supported language code from ``ja``, ``ja_JP.UTF-8``, ``en-GB``... or None.

    >>> normalise("ja_JP.UTF-8"), normalise("EN"), normalise("C"), normalise("fr")
    ('ja', 'en', 'en', None)
    """
    if not text:
        return None
    code = text.strip().split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
    if code in ("c", "posix"):
        return DEFAULT_LANGUAGE
    return code if code in LANGUAGES else None


def load_catalogue(lang: str, locale_dir: Path | None = None) -> _gettext.NullTranslations:
    """Every compiled catalogue of ``lang`` merged into one (English: none)."""
    merged: _gettext.NullTranslations = _gettext.NullTranslations()
    folder = (locale_dir or LOCALE_DIR) / lang / "LC_MESSAGES"
    if lang == DEFAULT_LANGUAGE or not folder.is_dir():
        return merged
    files = sorted(folder.glob("*.mo"))
    if not files:
        return merged
    with files[0].open("rb") as fh:
        merged = _gettext.GNUTranslations(fh)
    for path in files[1:]:
        with path.open("rb") as fh:
            merged.add_fallback(_gettext.GNUTranslations(fh))
    return merged


def set_language(lang: str | None) -> str:
    """Switch every later translation to ``lang`` (``None`` or ``"system"``: the
    environment's language). Returns the language now in force."""
    global _current, _catalogue
    code = system_language() if lang in (None, "", "system") else normalise(lang)
    if code is None:
        known = ", ".join(LANGUAGES)
        raise ValueError(f"unknown language '{lang}' (choose from {known})")
    _current = code
    _catalogue = load_catalogue(code)
    return code


def language() -> str:
    """The language code in force (``en`` or ``ja``)."""
    return _current


def _(message: str) -> str:
    """``message`` in the current language."""
    return _catalogue.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue without translating it yet."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the current language."""
    return _catalogue.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from the same English
    text used elsewhere by ``context``."""
    return _catalogue.pgettext(context, message)


@contextmanager
def using_language(lang: str | None) -> Iterator[str]:
    """Translate in ``lang`` inside the ``with`` block, then return to the
    language in force before (the print kits of ``sheets/`` are built so)."""
    before = _current
    try:
        yield set_language(lang)
    finally:
        set_language(before)
