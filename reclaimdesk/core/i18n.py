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
import marshal
import operator
import os
import struct
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from contextlib import contextmanager
from pathlib import Path

LANGUAGES: dict[str, str] = {"en": "English", "ja": "日本語"}
"""Language codes the app speaks, with each language's own name."""

DEFAULT_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_current = DEFAULT_LANGUAGE
_catalogue: _gettext.NullTranslations = _gettext.NullTranslations()
_loaded: tuple = (DEFAULT_LANGUAGE,)
"""What ``_catalogue`` was read from (:func:`_catalogue_key`)."""
_problems: list[str] = []
_reported: set[str] = set()
_glued = False
"""Whether translations hold a number to its counter (:func:`set_glue`)."""

WORD_JOINER = "\u2060"
"""An invisible character no line may break before or after (Unicode's WJ)."""


def report_problem(text: str) -> None:
    """Note a damaged language resource (a catalogue here, a font in the UI): the
    command line and the app each say it once (:func:`take_problems`)."""
    if text not in _reported and text not in _problems:
        _problems.append(text)


def take_problems() -> list[str]:
    """The problems noted since the last call, each given out once in a run."""
    found = [p for p in _problems if p not in _reported]
    _reported.update(found)
    _problems.clear()
    return found


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


class Catalogue(_gettext.NullTranslations):
    """The messages of one language's compiled catalogues (``.mo`` files), merged
    into one dictionary: the first file that has a message gives it.

    The files are read here rather than by :class:`gettext.GNUTranslations`, which
    decodes every message of every file up front and, with one object per domain
    chained as fallbacks, makes each lookup walk the chain. Here loading only
    slices the files' bytes into one dictionary; a message is decoded when it is
    first asked for. That keeps the Japanese start of the app within its budget
    (``reclaimdesk bench --only startup``).
    """

    def __init__(self, files: Sequence[Path] = ()) -> None:
        super().__init__()
        self.messages: dict[object, bytes] = {}
        """msgid (or (msgid, plural form), or context + "\\x04" + msgid) in UTF-8 -> text in UTF-8."""
        self._texts: dict[object, str] = {}
        self.plural: Callable[[int], int] = lambda n: int(n != 1)
        self._plural_rule = ""
        # the last file read first: a later file's message is then replaced by
        # the first's, as gettext's chain of fallbacks would answer
        for path in reversed(files):
            try:
                self._read(path)
            except (struct.error, IndexError, OverflowError, ValueError, SyntaxError) as exc:
                raise ValueError(f"{path.name}: {exc}") from None

    def _read(self, path: Path) -> None:
        data = path.read_bytes()
        magic = int.from_bytes(data[:4], "little")
        order = "<" if magic == 0x950412DE else ">" if magic == 0xDE120495 else None
        if order is None:
            raise ValueError("not a compiled gettext catalogue")
        count, originals, translations = struct.unpack_from(order + "3I", data, 8)
        keys = struct.unpack_from(f"{order}{2 * count}I", data, originals)
        values = struct.unpack_from(f"{order}{2 * count}I", data, translations)
        # every message sliced out by map() over slice objects: the loop runs in C,
        # where comprehensions with a test each took ~8 ms of a Japanese start for
        # some 1900 messages (the bounds check, the slices, the plural forms' test)
        ends = [*map(operator.add, keys[1::2], keys[0::2]), *map(operator.add, values[1::2], values[0::2])]
        if count and max(ends) > len(data):
            raise ValueError("a message lies beyond the end of the file")
        found = dict(zip(map(data.__getitem__, map(slice, keys[1::2], ends[:count])),
                         map(data.__getitem__, map(slice, values[1::2], ends[count:]))))
        b"\x00".join(found.values()).decode("utf-8")  # damage shows now, not at some later lookup
        header = found.pop(b"", None)
        if header is not None:
            self._header(header.decode("utf-8"))
        # (0 in key: a byte test; b"\x00" in key first tries the bytes as an int and
        # makes a TypeError each time)
        for key in [k for k in found if 0 in k]:
            value = found.pop(key)
            msgid = key.split(b"\x00", 1)[0]
            for form, text in enumerate(value.split(b"\x00")):
                found[(msgid, form)] = text
        self.messages.update(found)

    def _header(self, header: str) -> None:
        for line in header.splitlines():
            name, _sep, value = line.partition(":")
            if name.strip().lower() == "plural-forms" and "plural=" in value:
                rule = value.split("plural=", 1)[1].strip().rstrip(";")
                if rule != self._plural_rule:  # (each file has it; gettext compiles it with tokenize)
                    self._plural_rule = rule
                    self.plural = _gettext.c2py(rule)

    def _text(self, key: object) -> str | None:
        text = self._texts.get(key)
        if text is None:
            raw = self.messages.get(key)
            if raw is None:
                return None
            text = raw.decode("utf-8")
            if _glued:
                text = glue_counters(text)
            self._texts[key] = text
        return text

    def gettext(self, message: str) -> str:
        text = self._text(message.encode("utf-8"))
        return message if text is None else text

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        text = self._text((msgid1.encode("utf-8"), self.plural(n)))
        if text is not None:
            return text
        return msgid1 if n == 1 else msgid2

    def pgettext(self, context: str, message: str) -> str:
        text = self._text(f"{context}\x04{message}".encode("utf-8"))
        return message if text is None else text


    @classmethod
    def from_merged(cls, messages: dict[object, bytes], plural_rule: str) -> Catalogue:
        """A catalogue from the merged messages of an earlier read (:func:`load_catalogue`'s cache)."""
        catalogue = cls()
        catalogue.messages = messages
        if plural_rule:
            catalogue._header(f"Plural-Forms: plural={plural_rule};")
        return catalogue


MERGED_CACHE = f"catalogue.{sys.implementation.cache_tag}.marshal"
"""The merged messages of a language's catalogues, kept where Python keeps the
compiled modules of that folder (``__pycache__``, or under ``sys.pycache_prefix``)."""


def _merged_cache_path(folder: Path) -> Path:
    if sys.pycache_prefix:  # as importlib places a module's .pyc under the prefix
        absolute = folder.resolve()
        return Path(sys.pycache_prefix, *absolute.parts[1:], MERGED_CACHE)
    return folder / "__pycache__" / MERGED_CACHE


def _files_key(files: Sequence[Path]) -> tuple:
    """The catalogue files as read: each one's name, size and time of change."""
    stats = [path.stat() for path in files]
    return tuple((path.name, st.st_size, st.st_mtime_ns) for path, st in zip(files, stats))


def _read_merged(path: Path, key: tuple) -> Catalogue | None:
    """The cached merged messages when they were made from the files of ``key``;
    None when missing, stale or not what this module writes (then the files are
    read). Unmarshalling plain data runs nothing; its types are checked."""
    try:
        data = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return None
    if not (type(data) is tuple and len(data) == 3 and data[0] == key and type(data[1]) is dict
            and type(data[2]) is str):
        return None
    messages = data[1]
    if not (set(map(type, messages.values())) <= {bytes} and set(map(type, messages)) <= {bytes, tuple}):
        return None
    return Catalogue.from_merged(messages, data[2])


def _write_merged(path: Path, key: tuple, catalogue: Catalogue) -> None:
    """Keep the merged messages for the next start (a folder it cannot write to
    only means the next start reads the files)."""
    write_cache(path, (key, catalogue.messages, catalogue._plural_rule))


def write_cache(path: Path, value: object) -> None:
    """A start-up cache of the app's own (kept beside its compiled modules, as a
    ``.pyc`` is), ``value`` marshalled, written whole or not at all; a failure only
    means no cache. Not when Python is told to write no compiled modules."""
    if sys.dont_write_bytecode:
        return
    temporary = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary.write_bytes(marshal.dumps(value))
        os.replace(temporary, path)
    except (OSError, ValueError):
        try:
            temporary.unlink()
        except OSError:
            pass


def load_catalogue(lang: str, locale_dir: Path | None = None) -> _gettext.NullTranslations:
    """Every compiled catalogue of ``lang`` merged into one (English: none).

    The merged messages are cached beside the files (:data:`MERGED_CACHE`): taking
    them whole from one marshalled file costs about a seventh of slicing ~2,000
    messages out of six catalogues at each start (issue 25: 2.4M against 17.4M
    instructions of a Japanese start). A catalogue file changed, added or removed
    (its name, size or time) makes the files be read again and the cache rewritten."""
    folder = (locale_dir or LOCALE_DIR) / lang / "LC_MESSAGES"
    if lang == DEFAULT_LANGUAGE or not folder.is_dir():
        return _gettext.NullTranslations()
    files = sorted(folder.glob("*.mo"))
    if not files:
        return _gettext.NullTranslations()
    try:
        key = _files_key(files)
    except OSError:
        key = None
    cache = _merged_cache_path(folder)
    if key is not None:
        cached = _read_merged(cache, key)
        if cached is not None:
            return cached
    try:
        catalogue = Catalogue(files)
        if key is not None:
            _write_merged(cache, key, catalogue)
        return catalogue
    except (OSError, ValueError, SyntaxError, struct.error, IndexError, OverflowError, MemoryError) as exc:
        # a truncated or garbled .mo: said once, and the words stay English
        reason = str(exc) or type(exc).__name__
        report_problem(_("The {language} translation is damaged ({problem}); going on in English.").format(
            language=LANGUAGES.get(lang, lang), problem=reason))
        return _gettext.NullTranslations()


def set_language(lang: str | None) -> str:
    """Switch every later translation to ``lang`` (``None`` or ``"system"``: the
    environment's language). Returns the language now in force."""
    global _current, _catalogue, _loaded
    code = system_language() if lang in (None, "", "system") else normalise(lang)
    if code is None:
        raise ValueError(_("unknown language '{lang}' (choose from {choices})").format(
            lang=lang, choices=", ".join(LANGUAGES)))
    key = _catalogue_key(code)
    if key != _loaded:  # the same files already read (the command line, then the app, at one start): kept
        _catalogue = load_catalogue(code)
        _loaded = key
    _current = code
    return code


def _catalogue_key(code: str) -> tuple:
    """What the catalogue of ``code`` was read from: the folder and each file's
    size and time (a changed or replaced file is read again)."""
    folder = LOCALE_DIR / code / "LC_MESSAGES"
    try:
        files = tuple((entry.name, entry.stat().st_size, entry.stat().st_mtime_ns)
                      for entry in os.scandir(folder) if entry.name.endswith(".mo"))
    except OSError:
        files = ()
    return code, str(LOCALE_DIR), files


def _is_cjk(ch: str) -> bool:
    code = ord(ch)
    return (0x3040 <= code <= 0x30FF or 0x3400 <= code <= 0x9FFF
            or 0xFF01 <= code <= 0xFF5E or 0xF900 <= code <= 0xFAFF)


def glue_counters(text: str) -> str:
    """``text`` with a word joiner between a number (a digit or a ``{...}``
    placeholder) and the Japanese word that follows it, and after 第 before a
    number: Qt may break a Japanese line between any two characters, and a line
    ending in "1" with "手に" on the next reads badly (issue: numbers split from
    their counters). Text without Japanese comes back as it was.

    >>> glue_counters("{n}手目") == "{n}\u2060手目"
    True
    >>> glue_counters("第{round}ラウンド、残り3枚") == "第\u2060{round}\u2060ラウンド、残り3\u2060枚"
    True
    >>> glue_counters("{n} moves")
    '{n} moves'
    """
    if text.isascii():
        return text
    out: list[str] = []
    for at, ch in enumerate(text):
        if out and at:
            before = text[at - 1]
            if ((before == "}" or before.isdigit()) and _is_cjk(ch)) or (
                    before == "第" and (ch == "{" or ch.isdigit())):
                out.append(WORD_JOINER)
        out.append(ch)
    return "".join(out)


def set_glue(on: bool) -> None:
    """Whether later translations hold numbers to their counters with word
    joiners (:func:`glue_counters`). The app turns it on for its screens; the
    command line and the print kits, which break their own lines, leave it off
    (the PDF writer drops word joiners in any case)."""
    global _glued
    if on != _glued:
        _glued = on
        texts = getattr(_catalogue, "_texts", None)
        if texts is not None:
            texts.clear()  # decoded with the other setting


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


def date_text(value: Any, with_time: bool = False) -> str:
    """A date (or a datetime) for a sentence, as the current language writes it:
    ``2026年11月26日`` (``2026年11月26日 1時05分``) in Japanese, ``2026-11-26``
    (``2026-11-26 01:05``) in English.

    >>> from datetime import datetime
    >>> with using_language("ja"):
    ...     date_text(datetime(2026, 11, 26, 1, 5), with_time=True)
    '2026年11月26日 1時05分'
    >>> date_text(datetime(2026, 11, 26, 1, 5))
    '2026-11-26'
    >>> date_text("2026-11-26T08:43:10", with_time=True), date_text("2026-11-26", with_time=True)
    ('2026-11-26 08:43', '2026-11-26')
    """
    if isinstance(value, str):  # an ISO date, 2026-11-23, or date and time, 2026-11-23T08:43:10
        from types import SimpleNamespace

        parts = dict(year=int(value[0:4]), month=int(value[5:7]), day=int(value[8:10]))
        if len(value) >= 16 and value[10] in "T " and value[13] == ":":
            parts.update(hour=int(value[11:13]), minute=int(value[14:16]))
        value = SimpleNamespace(**parts)
    if _current == "ja":
        text = f"{value.year}年{value.month}月{value.day}日"
        if with_time and hasattr(value, "hour"):
            text += f" {value.hour}時{value.minute:02d}分"
        return text
    text = f"{value.year:04d}-{value.month:02d}-{value.day:02d}"
    if with_time and hasattr(value, "hour"):
        text += f" {value.hour:02d}:{value.minute:02d}"
    return text


def date_cell(value: Any, with_time: bool = False) -> str:
    """A date (or a datetime) for a table's cell: ``2026/11/26 01:05`` in Japanese,
    ``2026-11-26 01:05`` in English (a string such as ``2026-11-26 01:05:00`` from
    a saved table is read first; anything else is given back as it is).

    >>> with using_language("ja"):
    ...     date_cell("2026-11-26 01:05:00", with_time=True), date_cell("2026-11-26")
    ('2026/11/26 01:05', '2026/11/26')
    """
    if isinstance(value, str):
        try:
            year, month, day = int(value[0:4]), int(value[5:7]), int(value[8:10])
            hour, minute = (int(value[11:13]), int(value[14:16])) if len(value) >= 16 else (None, None)
        except ValueError:
            return value
    else:
        year, month, day = value.year, value.month, value.day
        hour, minute = getattr(value, "hour", None), getattr(value, "minute", None)
    sep = "/" if _current == "ja" else "-"
    text = f"{year:04d}{sep}{month:02d}{sep}{day:02d}"
    if with_time and hour is not None:
        text += f" {hour:02d}:{minute:02d}"
    return text


def display_width(text: str) -> int:
    """Terminal columns ``text`` takes: a wide (Japanese) character takes two.

    >>> display_width("abc"), display_width("リクレイム"), display_width("1～6人")
    (3, 10, 6)
    """
    import unicodedata

    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


@contextmanager
def using_language(lang: str | None) -> Iterator[str]:
    """Translate in ``lang`` inside the ``with`` block, then return to the
    language in force before (the print kits of ``sheets/`` are built so)."""
    before = _current
    try:
        yield set_language(lang)
    finally:
        set_language(before)
