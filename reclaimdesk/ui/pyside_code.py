"""PySide's own start, compiled once: shiboken keeps the Python half of its start
(``signature_bootstrap.py`` and the ``shibokensupport`` package: 14 modules,
~130 kB of source) inside its library and compiles it from source with Python's
``compile`` at every start: 118M instructions, a fifth of a bare PySide window's
start (issue 25).
:func:`compiled_support`, around the app's first import of PySide, hands shiboken
the code compiled at an earlier start when the source is the same (its CRC-32 and
length), kept where Python keeps this folder's compiled modules, as a ``.pyc``
keeps a module's; any other call of ``compile`` goes through untouched. A cache
missing, stale or unreadable only means compiling as before (and writing it anew).

Not read from the user's data: the file is the app's own, in its compiled-modules
folder (``__pycache__`` or under ``sys.pycache_prefix``), and holds code as a
``.pyc`` does, loaded only for the source it was compiled from.
"""

from __future__ import annotations

import builtins
import marshal
import sys
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.util import MAGIC_NUMBER
from pathlib import Path

from reclaimdesk.core.i18n import write_cache

CACHE_NAME = f"pyside-support.{sys.implementation.cache_tag}.marshal"
_CODE = type(compile("", "", "exec"))


def cache_path() -> Path:
    """Where the compiled code is kept (as :mod:`reclaimdesk.core.i18n` keeps the merged catalogue)."""
    folder = Path(__file__).resolve().parent
    if sys.pycache_prefix:  # as importlib places a module's .pyc under the prefix
        return Path(sys.pycache_prefix, *folder.parts[1:], CACHE_NAME)
    return folder / "__pycache__" / CACHE_NAME


def _shiboken_source(filename: object, mode: object) -> bool:
    return mode == "exec" and isinstance(filename, str) and (
        filename == "signature_bootstrap.py" or filename.startswith("shibokensupport/"))


def _read(path: Path) -> dict:
    """{file name: (key, code)} as written by this module, else empty."""
    try:
        data = marshal.loads(path.read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if not (type(data) is tuple and len(data) == 2 and data[0] == MAGIC_NUMBER and type(data[1]) is dict):
        return {}
    entries = data[1]
    for name, entry in entries.items():
        if not (type(name) is str and type(entry) is tuple and len(entry) == 2 and type(entry[1]) is _CODE):
            return {}
    return entries


def _write(path: Path, entries: dict) -> None:
    write_cache(path, (MAGIC_NUMBER, entries))


@contextmanager
def compiled_support() -> Iterator[None]:
    """While PySide loads: its own modules' code from the cache when their source
    is unchanged; the cache written again when one was compiled."""
    real = builtins.compile
    path = cache_path()
    cached = _read(path)
    used: dict = {}
    compiled = False

    def compile_(source, filename, mode, *args, **kwargs):  # noqa: ANN001, ANN202 - compile's own
        nonlocal compiled
        if args or kwargs or not _shiboken_source(filename, mode) or not isinstance(source, (bytes, str)):
            return real(source, filename, mode, *args, **kwargs)
        data = source if isinstance(source, bytes) else source.encode("utf-8", "surrogatepass")
        key = (zlib.crc32(data), len(data), type(source).__name__)
        found = cached.get(filename)
        if found is not None and found[0] == key:
            used[filename] = found
            return found[1]
        code = real(source, filename, mode)
        used[filename] = (key, code)
        compiled = True
        return code

    builtins.compile = compile_
    try:
        yield
    finally:
        if builtins.compile is compile_:
            builtins.compile = real
        if compiled:
            _write(path, {**cached, **used})
