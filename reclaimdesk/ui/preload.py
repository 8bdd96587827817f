"""Work of the app's start that needs no Python and no Qt object, done on the
machine's other core while the main thread imports the app and PySide and builds
the window (issue 25):

- Qt's shared libraries mapped and relocated (``dlopen``): the dynamic loader's
  work, which an import of PySide's modules would otherwise do on the main thread;
- fontconfig's configuration read (``FcInit``: its files, rules and font caches),
  which Qt does the first time it measures text (English: the first card; Japanese:
  the face looked up when the language is set);
- for a Japanese start on a system with no Japanese face of its own, the bundled
  face registered with fontconfig as an application font
  (``FcConfigAppFontAddFile``: the file's character map read), so Qt's font
  database lists it with the system's faces when it first reads them, and
  ``ui.i18n`` finds it by name instead of registering the file on the main
  thread. The main thread waits for this (:func:`wait_fonts`) before it makes the
  QApplication, so Qt never reads fontconfig's fonts while the face joins them.

ctypes lets go of the interpreter's lock for each call, so the two threads run
together. Neither step touches Qt's state: the libraries' own initialisers run,
as they would at their import, and fontconfig sets its configuration up once,
atomically (two threads asking at once each load one, and one is kept), so Qt
later finds it ready (``FcInit`` again returns at once). Nothing here can fail
the start: a library not found or an error in the thread leaves the work to the
main thread as before.
"""

from __future__ import annotations

import os
import sys
from typing import Any

QT_LIBRARIES = ("libQt6Widgets.so.6",)
"""PySide's Qt libraries the start page needs, loaded with their dependencies
(QtWidgets brings QtGui and QtCore): one call each, as each call's return waits for
the interpreter's lock, which the main thread then hands over."""
FONTCONFIG = "libfontconfig.so.1"
JAPANESE_FONT_FILE = "ipagp.ttf"
"""The bundled proportional IPA P Gothic (IPAPGothic), in ``resources/fonts``, for a
system without a Japanese face of its own (``ui.i18n``)."""
SYSTEM_JAPANESE_FAMILIES: tuple[str, ...] = (
    "Yu Gothic UI", "Meiryo UI", "Meiryo",                       # Windows
    "Hiragino Sans", "Hiragino Kaku Gothic ProN",                # macOS
    "Noto Sans CJK JP", "Noto Sans JP", "Source Han Sans JP",    # Linux
    "IPAPGothic", "TakaoPGothic", "VL PGothic",
)
"""Proportional Japanese faces a system may have, in the order preferred; the
first one Qt knows is used (a fixed-pitch face such as IPAGothic never is)."""
WAIT_SECONDS = 5.0
"""How long the main thread waits for the fonts step at most (it is done within tens
of ms of the start, long before the QApplication is made)."""

_fonts_step = None
"""Held while the thread's fonts step runs (a ``_thread`` lock; None: no thread)."""
_fonts_late = False
"""Set when the main thread gave up waiting: the thread then registers nothing."""


def _work(folder: str, fonts: tuple[str, ...] = (), step: object = None) -> None:
    """fontconfig read (and ``fonts`` added to it), then ``step`` released (the main
    thread may use fontconfig), then Qt's libraries loaded from ``folder``."""
    try:
        # the C library's dlopen called as ctypes calls a foreign function, which
        # lets go of the interpreter's lock (ctypes.CDLL holds it while a library
        # loads); only _ctypes, not the ctypes package, whose import would take the
        # lock from the main thread. The handles are kept for the life of the
        # process, as an import's are.
        import _ctypes

        class Pointer(_ctypes._SimpleCData):
            _type_ = "P"

        class Text(_ctypes._SimpleCData):
            _type_ = "z"

        class Int(_ctypes._SimpleCData):
            _type_ = "i"

        class Call(_ctypes.CFuncPtr):
            _flags_ = _ctypes.FUNCFLAG_CDECL
            _restype_ = Pointer

        dlopen = Call(_ctypes.dlsym(_ctypes.dlopen(None, os.RTLD_NOW), "dlopen"))
        dlopen.argtypes = (Text, Int)
        # fontconfig first: reading its configuration holds no lock, while the main
        # thread's first imports of PySide load libraries of their own (the loader's
        # lock, which a Qt library loading here would hold); measured the better order
        fontconfig = dlopen(FONTCONFIG.encode(), os.RTLD_NOW)
        if fontconfig:
            Call(_ctypes.dlsym(fontconfig, "FcInit"))()
        for name in QT_LIBRARIES:
            dlopen(os.fsencode(os.path.join(folder, name)), os.RTLD_NOW)
        if fontconfig and fonts and not _system_face(fontconfig, _ctypes, Call, Pointer, Text, Int):
            add = Call(_ctypes.dlsym(fontconfig, "FcConfigAppFontAddFile"))
            add.argtypes = (Pointer, Text)
            for path in fonts:
                if not _fonts_late:
                    add(None, os.fsencode(path))  # None: the current configuration, Qt's
    except Exception:  # noqa: BLE001 - only a head start: the main thread does it anyway
        pass
    finally:
        if step is not None:
            step.release()  # type: ignore[attr-defined]


def _system_face(fontconfig: int, _ctypes: Any, Call: Any, Pointer: Any, Text: Any, Int: Any) -> bool:  # noqa: N803
    """Whether fontconfig has a face of :data:`SYSTEM_JAPANESE_FAMILIES` (as
    ``ui.i18n`` finds one among Qt's families, and then registers nothing): the
    best match for a pattern naming them all is a font of one of them when there
    is one (a family named in the pattern outranks every other), a font of some
    other family when there is none. (True when it cannot tell: the main thread
    then looks the faces up and registers the face itself, as before.)"""
    def call(name: str, *argtypes: Any) -> Any:
        function = Call(_ctypes.dlsym(fontconfig, name))
        function.argtypes = argtypes
        return function

    def escaped(name: str) -> bytes:
        for special in ("\\", "-", ":", ","):
            name = name.replace(special, "\\" + special)
        return name.encode()

    pattern = call("FcNameParse", Text)(b",".join(escaped(name) for name in SYSTEM_JAPANESE_FAMILIES))
    if not pattern:
        return True
    result = Int()
    match = call("FcFontMatch", Pointer, Pointer, Pointer)(None, pattern, _ctypes.byref(result))
    call("FcPatternDestroy", Pointer)(pattern)
    if not match:
        return True
    families = []
    value = Pointer()
    get = call("FcPatternGetString", Pointer, Text, Int, Pointer)
    while not get(match, b"family", len(families), _ctypes.byref(value)) and len(families) < 16:  # FcResultMatch (0)
        families.append(Text.from_address(_ctypes.addressof(value)).value or b"")
    call("FcPatternDestroy", Pointer)(match)
    names = {name.encode() for name in SYSTEM_JAPANESE_FAMILIES}
    return any(family in names for family in families)


def start(japanese: bool = False) -> bool:
    """Start the work on another thread (Linux only; the wheels' own Qt); with
    ``japanese`` (the language the start is about to set), the bundled Japanese face
    registered too. Returns whether it started."""
    if not sys.platform.startswith("linux") or os.environ.get("RECLAIMDESK_NO_PRELOAD"):
        return False
    import _thread
    from importlib.util import find_spec

    spec = find_spec("PySide6")
    if spec is None or not spec.submodule_search_locations:
        return False
    folder = os.path.join(list(spec.submodule_search_locations)[0], "Qt", "lib")
    if not os.path.exists(os.path.join(folder, QT_LIBRARIES[0])):
        return False
    fonts: tuple[str, ...] = ()
    if japanese:
        from reclaimdesk.core.data import resource_path

        fonts = (str(resource_path("fonts", JAPANESE_FONT_FILE)),)
    global _fonts_step
    step = None
    if fonts:  # (with none to add, Qt may read fontconfig whenever it likes)
        step = _thread.allocate_lock()
        step.acquire()
    _fonts_step = step
    _thread.start_new_thread(_work, (folder, fonts, step))
    return True


def wait_fonts() -> None:
    """Wait until the thread's fonts step is over (at once when there is none, or
    after :data:`WAIT_SECONDS`, the thread then registering nothing more): Qt may then
    read fontconfig's fonts."""
    global _fonts_step, _fonts_late
    step, _fonts_step = _fonts_step, None
    if step is None:
        return
    if step.acquire(timeout=WAIT_SECONDS):
        step.release()
    else:
        _fonts_late = True
