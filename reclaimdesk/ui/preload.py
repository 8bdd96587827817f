"""Work of the app's start that needs no Python and no Qt object, done on the
machine's other core while the main thread imports the app and PySide and builds
the window (issue 25):

- Qt's shared libraries mapped and relocated (``dlopen``): the dynamic loader's
  work, which an import of PySide's modules would otherwise do on the main thread;
- fontconfig's configuration read (``FcInit``: its files, rules and font caches),
  which Qt does the first time it measures text (English: the first card; Japanese:
  the face looked up when the language is set).

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

QT_LIBRARIES = ("libQt6Widgets.so.6",)
"""PySide's Qt libraries the start page needs, loaded with their dependencies
(QtWidgets brings QtGui and QtCore): one call each, as each call's return waits for
the interpreter's lock, which the main thread then hands over."""
FONTCONFIG = "libfontconfig.so.1"


def _work(folder: str) -> None:
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
    except Exception:  # noqa: BLE001 - only a head start: the main thread does it anyway
        pass


def start() -> bool:
    """Start the work on another thread (Linux only; the wheels' own Qt). Returns
    whether it started."""
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
    _thread.start_new_thread(_work, (folder,))
    return True
