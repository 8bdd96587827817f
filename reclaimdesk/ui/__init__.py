"""The desktop app (PySide6): the only package that imports Qt.

- :mod:`reclaimdesk.ui.app`: the application, the main window, menus and the
  start page (``run_app``).
- :mod:`reclaimdesk.ui.common`: where data, settings and icons live.
- :mod:`reclaimdesk.ui.reclaim`: Reclaim's table (scene, items, view,
  controller, panels, end screen).
- :mod:`reclaimdesk.ui.workers`: AI work off the GUI thread.
- :mod:`reclaimdesk.ui.scores`: the personal-best table (SQLite).
- :mod:`reclaimdesk.ui.autosave`: the autosaved record and resuming it.
"""

import sys as _sys


def _guard_none_refcount() -> None:
    """Work around a binding bug that kills the app on Python 3.10 and 3.11.

    Some PySide6 builds (6.12.0 among them) return ``None`` (and ``True``,
    ``False``, ``NotImplemented``) from C++ methods without counting the
    reference. From Python 3.12 these objects are immortal and this does no
    harm; before it, each call lowers a reference count by one until Python
    aborts with "deallocating None" after a few thousand calls. When the bug is
    detected, these singletons get a reference count no program can use up
    (what 3.12 does for every interpreter); they are never freed in any case.
    """
    if _sys.version_info >= (3, 12):
        return
    import ctypes

    try:
        from PySide6.QtCore import QPoint
    except ImportError:  # no Qt: nothing to guard (the app cannot start anyway)
        return

    probe = QPoint()
    before = _sys.getrefcount(None)
    for _ in range(16):
        probe.setX(1)
    if _sys.getrefcount(None) < before:
        for singleton in (None, True, False, NotImplemented, Ellipsis):
            ctypes.c_ssize_t.from_address(id(singleton)).value += 1 << 40


_guard_none_refcount()
