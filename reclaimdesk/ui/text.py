"""Small helpers for translated text the UI builds from parts: a reason from the
rules engine turned into a sentence, lists of names. Qt-free."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from reclaimdesk.core.i18n import N_, _

AI_LEVELS = {"random": N_("random"), "easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
"""The AI players' levels (``reclaimdesk.core.game.LEVELS``) as words."""


ROLE_NAMES = (N_("You"), N_("Computer"))
"""The names a seat has until a person types one: roles, kept in records in
English and shown in the language of the moment."""


@lru_cache(maxsize=None)
def _roles_by_word() -> dict[str, str]:
    """Each role's name in every language -> the role (its English msgid)."""
    from reclaimdesk.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, load_catalogue

    found = {role: role for role in ROLE_NAMES}
    for lang in LANGUAGES:
        if lang != DEFAULT_LANGUAGE:
            catalogue = load_catalogue(lang)
            for role in ROLE_NAMES:
                found.setdefault(catalogue.gettext(role), role)
    return found


def stored_name(name: str) -> str:
    """How a seat's ``name`` is kept in a record: a role ("You", "あなた",
    "Computer") as its English word, any other name as typed.

    >>> stored_name("Computer"), stored_name("  You "), stored_name("Ada")
    ('Computer', 'You', 'Ada')
    """
    return _roles_by_word().get(name.strip(), name)


def shown_name(name: str) -> str:
    """A seat's name as shown: a role in the current language, a typed name as
    typed (``name`` as kept in a record or as typed)."""
    role = _roles_by_word().get(name.strip())
    return _(role) if role is not None else name


def level_word(level: str) -> str:
    """An AI level in the current language (``hard`` -> ``hard``, ``つよい``)."""
    return _(AI_LEVELS[level]) if level in AI_LEVELS else level



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


_NO_BREAK_BEFORE = set("、。，．・：；？！」』）】〕〉》ー…ゝゞヽヾぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々")
_NO_BREAK_AFTER = set("「『（【〔〈《")
ZERO_WIDTH_SPACE = "\u200b"


def _wide(ch: str) -> bool:
    return "\u3000" <= ch <= "\u9fff" or "\uff00" <= ch <= "\uffef" or "\uf900" <= ch <= "\ufaff"


def _digit(ch: str) -> bool:
    return "0" <= ch <= "9" or "\uff10" <= ch <= "\uff19"


def _number_joint(before: str, ch: str) -> bool:
    """Whether ``before`` and ``ch`` hold a number to its counter (``3`` and ``個``)
    or an ordinal prefix to its number (``第`` and ``3``): never split."""
    return _digit(before) or (before == "第" and _digit(ch))


def breakable(text: str) -> str:
    """``text`` with a zero-width space wherever Japanese may break a line (between
    wide characters, never before closing punctuation or small kana, never after
    an opening bracket). Qt's item views wrap only at spaces, so a list of
    Japanese lines would be cut off instead of wrapped; labels need none of this.

    >>> breakable("Sections") == "Sections"
    True
    >>> breakable("区画です。").count(ZERO_WIDTH_SPACE)
    3

    A number keeps its counter (and 第 its number) on its line:

    >>> breakable("第12手：3個").replace(ZERO_WIDTH_SPACE, "|")
    '第12手：|3個'
    >>> breakable("あと82点").replace(ZERO_WIDTH_SPACE, "|")
    'あ|と|82点'
    """
    if not any(_wide(ch) for ch in text):
        return text
    out = [text[0]] if text else []
    for before, ch in zip(text, text[1:]):
        if ((_wide(before) or _wide(ch)) and ch not in _NO_BREAK_BEFORE and before not in _NO_BREAK_AFTER
                and not before.isspace() and not ch.isspace() and not _number_joint(before, ch)):
            out.append(ZERO_WIDTH_SPACE)
        out.append(ch)
    return "".join(out)
