"""Small helpers for translated text the UI builds from parts: a reason from the
rules engine turned into a sentence, lists of names. Qt-free."""

from __future__ import annotations

from collections.abc import Iterable

from reclaimdesk.core.i18n import _


def sentence(text: str) -> str:
    """``text`` (a reason such as the engine's ``why_illegal``) as a sentence:
    capitalised, with the language's full stop unless it has one.

    >>> sentence("the square is taken")
    'The square is taken.'
    """
    text = text.strip()
    if not text:
        return ""
    text = text[0].upper() + text[1:]
    if text[-1] in ".!?。！？":
        return text
    return _("{sentence}.").format(sentence=text)


def names_list(names: Iterable[str]) -> str:
    """Names joined for a sentence: ``Ann``, ``Ann and Bob``, ``Ann, Bob and Cy``."""
    names = list(names)
    if len(names) <= 1:
        return "".join(names)
    return _("{names} and {last}").format(names=_(", ").join(names[:-1]), last=names[-1])
