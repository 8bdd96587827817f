"""One way in for every file a user or the app hands in: game records, autosaves
and data files all come through :func:`read_json_file`.

It reads only regular files (a FIFO, a device such as ``/dev/zero`` or a folder is
refused without being read), reads at most ``max_bytes`` whatever ``stat`` claims,
decodes UTF-8, and parses JSON with a bound on nesting (a thousand nested lists
would otherwise end in a ``RecursionError``) and on the digits of a number (Python
refuses to convert more than 4,300 digits). Every problem raises
:class:`FileProblem` with one short line; callers add the file name and turn it
into their own error (``RecordError``, ``DataError``).

:func:`quote` is for repeating untrusted text in a message: it is shortened, and
control characters, line breaks and lone surrogates are shown escaped, so nothing
from a file can split a one-line message or reach the terminal as a control code.

Also here: :func:`clean_stale_temporaries` removes the temporary files an atomic
write leaves behind when the process is killed between writing and renaming.
"""

from __future__ import annotations

import os
import stat
import time
import unicodedata
from pathlib import Path
from typing import Any

from reclaimdesk.core.errors import ReclaimDeskError
from reclaimdesk.core.i18n import N_, _

MAX_DEPTH = 32
"""Deepest nesting of lists and objects any of the app's JSON files needs (records
use 3 levels, data files 5)."""
MAX_DIGITS = 40
"""Most digits a JSON number may have (a 64-bit seed has 20)."""
TEMP_SUFFIX = ".tmp"
STALE_AFTER = 60.0
"""Seconds after which a temporary file of an atomic write counts as abandoned
(a write takes milliseconds)."""


class FileProblem(ReclaimDeskError):
    """A file that cannot be used; the message is one line without the file name.
    ``parsing`` tells a file that was read but is not valid JSON from one that
    could not be read at all."""

    parsing = False


class ParseProblem(FileProblem):
    """A file that was read but is not JSON the app accepts."""

    parsing = True


class OversizedNumber:
    """What a JSON number with more than :data:`MAX_DIGITS` digits parses to: not a
    number, so every field check refuses it with a message naming the field."""

    __slots__ = ("digits",)

    def __init__(self, text: str) -> None:
        self.digits = sum(ch.isdigit() for ch in text)

    def __repr__(self) -> str:
        return f"<number of {self.digits} digits>"



JSON_PROBLEMS = {
    "Expecting value": N_("a value was expected"),
    "Expecting property name enclosed in double quotes": N_("a name in double quotes was expected"),
    "Expecting ':' delimiter": N_("a ':' was expected"),
    "Expecting ',' delimiter": N_("a ',' was expected"),
    "Extra data": N_("there is more after the end of the data"),
    "Unterminated string starting at": N_("a string is not closed"),
    "Invalid control character at": N_("a control character inside a string"),
    "Invalid \\uXXXX escape": N_("a broken \\u escape"),
    "Invalid \\escape": N_("a broken \\ escape"),
    "Illegal trailing comma before end of": N_("a comma before the end"),
}
"""Python's JSON parser's messages (English, from the standard library) in words the
catalogue has, so that the reason a file cannot be read is in the player's language."""


def json_problem(message: str) -> str:
    """The catalogue's words for one of Python's JSON error messages (the message
    itself when it is not known).

    >>> json_problem("Expecting value")
    'a value was expected'
    """
    for english, words in JSON_PROBLEMS.items():
        if message.startswith(english):
            return _(words)
    return message


def describe(value: Any) -> str:
    """A short name of a JSON value's type for messages ("text", "a list"...)."""
    if value is None:
        return "null"
    if isinstance(value, OversizedNumber):
        return _("a number of {count} digits (too long)").format(count=value.digits)
    names = {bool: "true/false", int: "a number", float: "a number", str: "text",
             list: "a list", dict: "an object"}
    return names.get(type(value), type(value).__name__)


def quote(value: Any, limit: int = 60) -> str:
    """``value`` as quoted, shortened, single-line text, safe to show anywhere.

    >>> quote("card 4")
    "'card 4'"
    >>> quote("a\\nb\\x1b[31m")
    "'a\\\\nb\\\\x1b[31m'"
    >>> quote("x" * 100, limit=10)
    "'xxxxxxxxxx…' (100 characters)"
    """
    text = value if isinstance(value, str) else repr(value)
    short = text[:limit]
    out = []
    for ch in short:
        if ch == "\\":
            out.append("\\\\")
        elif not unsafe(ch):
            out.append(ch)
        else:
            code = ord(ch)
            out.append({"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(ch)
                       or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"))
    body = "".join(out)
    if len(text) > limit:
        return f"'{body}…' ({len(text)} characters)"
    return f"'{body}'"


def one_line(message: str, limit: int = 1000) -> str:
    """A message made safe for a terminal line: control characters and line breaks
    escaped, lone surrogates replaced, at most ``limit`` characters."""
    out = []
    for ch in message[: limit + 1]:
        if not unsafe(ch):
            out.append(ch)
        elif ch in "\n\r\t":
            out.append(" ")
        else:
            code = ord(ch)
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
    text = "".join(out)
    return text if len(text) <= limit else text[:limit] + "…"


_UNSAFE_CATEGORIES = frozenset(("Cc", "Cs", "Zl", "Zp", "Cf"))
_HARMLESS_FORMAT = frozenset("\u200c\u200d")  # joiners inside emoji and scripts


def unsafe(ch: str) -> bool:
    """Whether a character must not reach a terminal or a label as it is: control
    characters, line and paragraph separators, format characters such as
    right-to-left overrides, and lone surrogates (which UTF-8 cannot even write)."""
    if " " <= ch <= "~":
        return False
    return unicodedata.category(ch) in _UNSAFE_CATEGORIES and ch not in _HARMLESS_FORMAT


def has_bad_characters(text: str) -> bool:
    """Whether ``text`` holds a character :func:`unsafe` refuses."""
    return any(unsafe(ch) for ch in text)


def read_bytes(path: str | os.PathLike[str], max_bytes: int) -> bytes:
    """The content of a regular file of at most ``max_bytes`` bytes."""
    p = Path(path)
    try:
        info = os.stat(p)
    except FileNotFoundError:
        raise FileProblem(_("cannot read: {reason}").format(reason=_("file not found"))) from None
    except OSError as exc:
        raise FileProblem(_("cannot read: {reason}").format(reason=exc.strerror or exc)) from None
    if not stat.S_ISREG(info.st_mode):
        raise FileProblem(_("not a regular file"))
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(p, flags)
    except OSError as exc:
        raise FileProblem(_("cannot read: {reason}").format(reason=exc.strerror or exc)) from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):  # swapped after the first look
            raise FileProblem(_("not a regular file"))
        chunks: list[bytes] = []
        total = 0
        while total <= max_bytes:
            chunk = os.read(fd, min(1 << 20, max_bytes + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as exc:
        raise FileProblem(_("cannot read: {reason}").format(reason=exc.strerror or exc)) from None
    finally:
        os.close(fd)
    if total > max_bytes:
        raise FileProblem(_("too large (more than {limit} bytes)").format(limit=max_bytes))
    return b"".join(chunks)


def parse_json(text: str, max_depth: int = MAX_DEPTH) -> Any:
    """JSON text to Python data, refusing deep nesting, huge numbers, NaN and
    Infinity with a :class:`FileProblem`."""
    import json

    def big_int(digits: str) -> Any:
        return int(digits) if len(digits.lstrip("-")) <= MAX_DIGITS else OversizedNumber(digits)

    def big_float(digits: str) -> Any:
        return float(digits) if len(digits) <= MAX_DIGITS * 2 else OversizedNumber(digits)

    def constant(name: str) -> Any:
        raise ParseProblem(_("not valid JSON: {name} is not a number JSON allows").format(name=name))

    try:
        data = json.loads(text, parse_int=big_int, parse_float=big_float, parse_constant=constant)
    except json.JSONDecodeError as exc:
        raise ParseProblem(_("not valid JSON (line {line}, column {column}: {problem})").format(
            line=exc.lineno, column=exc.colno, problem=json_problem(exc.msg))) from None
    except RecursionError:
        raise ParseProblem(_("nested too deeply (at most {depth} levels)").format(depth=max_depth)) from None
    if nesting(data) > max_depth:
        raise ParseProblem(_("nested too deeply (at most {depth} levels)").format(depth=max_depth))
    return data


def nesting(data: Any) -> int:
    """How deeply lists and objects nest in ``data`` (a scalar is 0), without recursion."""
    deepest = 0
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict):
            children = value.values()
        elif isinstance(value, list):
            children = value
        else:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children)
    return deepest


def read_json_file(path: str | os.PathLike[str], max_bytes: int, max_depth: int = MAX_DEPTH) -> Any:
    """A regular file of at most ``max_bytes`` bytes of UTF-8 JSON, parsed."""
    raw = read_bytes(path, max_bytes)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ParseProblem(_("not a text file (not UTF-8)")) from None
    if text.startswith("\ufeff"):
        text = text[1:]
    return parse_json(text, max_depth)


def stamped_name(folder: str | os.PathLike[str], start: str, end: str = "", when: Any = None) -> Path:
    """A name not taken yet in ``folder`` for a file kept for good: ``<start>-<time>
    <end>.json`` (``when``, a ``datetime``, or now, as ``YYYYMMDD-HHMMSS``), or
    ``...-2``, ``-3``... before ``.json`` when a file of that second is there already.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> first = stamped_name(folder, "game", "-seed7"); _ = first.write_text("{}")
    >>> second = stamped_name(folder, "game", "-seed7")
    >>> second.name == first.name[:-len(".json")] + "-2.json"
    True
    """
    from datetime import datetime

    stamp = (when or datetime.now()).strftime("%Y%m%d-%H%M%S")
    path = Path(folder) / f"{start}-{stamp}{end}.json"
    n = 2
    while path.exists():
        path = Path(folder) / f"{start}-{stamp}{end}-{n}.json"
        n += 1
    return path


def temporary_name(target: Path) -> str:
    """The prefix of the temporary files :func:`~reclaimdesk.core.record.write_atomic`
    makes for ``target``."""
    return f".{target.name}."


def clean_stale_temporaries(folder: str | os.PathLike[str], older_than: float = STALE_AFTER,
                            prefix: str = ".") -> int:
    """Remove the temporary files of atomic writes (``.<name>.<random>.tmp``) in
    ``folder`` that were abandoned, i.e. not touched for ``older_than`` seconds;
    returns how many went. Errors are ignored: this is housekeeping."""
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        name = entry.name
        if not (name.startswith(prefix) and name.startswith(".") and name.endswith(TEMP_SUFFIX)):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime >= older_than:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            pass
    return removed


# --- the one writer --------------------------------------------------------------------
class WriteProblem(ReclaimDeskError, OSError):
    """A file the app or the command line was asked to write and did not: one line
    naming the file and saying why (``reason``); nothing on disk was changed. Also
    an :class:`OSError`, so callers that catch those keep working."""

    def __init__(self, path: str | os.PathLike[str], reason: str, errno_code: int | None = None) -> None:
        self.path = Path(path)
        self.reason = reason
        self.errno_code = errno_code
        message = _("cannot write {file}: {reason}").format(file=one_line(str(path), 300), reason=reason)
        ReclaimDeskError.__init__(self, message)
        self.errno = errno_code
        self.strerror = message
        self.filename = None

    def __str__(self) -> str:
        return self.strerror or ""

    @property
    def disk_full(self) -> bool:
        import errno

        return self.errno_code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1))


def why_not_written(exc: OSError) -> str:
    """What an error of writing means to a player, in one short phrase."""
    import errno

    code = exc.errno
    if code in (errno.ENOSPC, getattr(errno, "EDQUOT", -1)):
        return _("the disk is full")
    if code == errno.EROFS:
        return _("the disk is read-only")
    if code in (errno.EACCES, errno.EPERM):
        return _("no permission to write here")
    if code == errno.ENOENT:
        return _("the folder does not exist")
    if code == errno.ENOTDIR:
        return _("a part of the path is not a folder")
    if code == errno.EISDIR:
        return _("it is a folder")
    return exc.strerror or str(exc) or type(exc).__name__


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return _("it is a folder")
    if stat.S_ISFIFO(mode):
        return _("it is a named pipe (FIFO), not a regular file")
    if stat.S_ISSOCK(mode):
        return _("it is a socket, not a regular file")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return _("it is a device, not a regular file")
    return _("it is not a regular file")


def write_target(path: str | os.PathLike[str]) -> Path:
    """Where a write of ``path`` goes: ``path`` itself, or the file a symbolic link
    (or a chain of them) points to. Raises :class:`WriteProblem` naming ``path`` when
    that is anything but a regular file or a new name in an existing folder (a
    folder, a FIFO, a socket, a device), before anything is touched."""
    given = Path(path)
    try:
        target = Path(os.path.realpath(given)) if os.path.islink(given) else given
    except (OSError, ValueError) as exc:
        raise WriteProblem(given, str(exc)) from None
    try:
        info = os.stat(target)
    except FileNotFoundError:
        parent = target.parent if str(target.parent) else Path(".")
        if not parent.is_dir():
            raise WriteProblem(given, _("the folder does not exist") if not parent.exists()
                               else _("a part of the path is not a folder")) from None
        return target
    except OSError as exc:
        raise WriteProblem(given, why_not_written(exc), exc.errno) from None
    if not stat.S_ISREG(info.st_mode):
        raise WriteProblem(given, _kind_of(info.st_mode))
    return target


def write_file(path: str | os.PathLike[str], data: str | bytes) -> Path:
    """The one way the app and the command line write a file (records, autosaves,
    PDFs, card images, the bests): a crash leaves the old content or the new one,
    never half of it. The bytes go to a temporary file beside the target, are
    flushed to the disk and renamed over it in one step; a symbolic link is
    followed and its target replaced (the link stays), an existing file keeps its
    permissions. A folder, a FIFO, a socket or a device is refused and left alone.
    Returns the file written; raises :class:`WriteProblem` (nothing changed)."""
    import tempfile

    target = write_target(path)
    payload = data.encode("utf-8") if isinstance(data, str) else data
    folder = target.parent if str(target.parent) else Path(".")
    # what a kill between writing and renaming left of earlier writes of this file
    clean_stale_temporaries(folder, prefix=temporary_name(target))
    try:
        fd, tmp = tempfile.mkstemp(prefix=temporary_name(target), suffix=TEMP_SUFFIX, dir=folder)
    except OSError as exc:
        raise WriteProblem(path, why_not_written(exc), exc.errno) from None
    try:
        try:
            mode = stat.S_IMODE(os.stat(target).st_mode)
        except OSError:
            mode = None
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        if mode is not None:
            os.chmod(tmp, mode)
        else:
            os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, target)
    except BaseException as exc:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(exc, OSError) and not isinstance(exc, WriteProblem):
            raise WriteProblem(path, why_not_written(exc), exc.errno) from None
        raise
    return target


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def check_writable_folder(folder: str | os.PathLike[str]) -> None:
    """Make ``folder`` if missing and prove a file can be written in it (a small
    one is written with :func:`write_file` and removed). Raises
    :class:`WriteProblem` naming the folder when it cannot: not a folder, no
    permission, a read-only or full disk."""
    p = Path(folder)
    try:
        p.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise WriteProblem(p, _("it is not a folder")) from None
    except OSError as exc:
        raise WriteProblem(p, why_not_written(exc), exc.errno) from None
    probe = p / f".write-check-{os.getpid()}"
    try:
        write_file(probe, b"reclaimdesk\n" * 64)
    except WriteProblem as exc:
        raise WriteProblem(p, exc.reason, exc.errno_code) from None
    try:
        os.unlink(probe)
    except OSError:
        pass
