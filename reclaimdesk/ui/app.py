"""Launching the desktop app: ``run_app(argv)`` builds the QApplication, the main
window (:mod:`reclaimdesk.ui.main_window`) with its start page
(:mod:`reclaimdesk.ui.start_page`), and runs it.

The games are found through the registries before Qt is imported: once PySide6 is
loaded, it reads the source of each module an import statement names for the first
time (its __feature__ hook), so the light modules the start needs (the game specs,
the tables games register from their UI packages, ui.style, ui.autosave; ui.common
imports the standard modules it needs before it loads Qt) come first. A game's
rules and widgets are imported only when it starts.
"""

from __future__ import annotations

import gc
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from reclaimdesk import __version__
from reclaimdesk.core.game import all_games
from reclaimdesk.ui.plugin import tables
from reclaimdesk.ui import fastenum, guard, preload
from reclaimdesk.ui.autosave import Autosave  # noqa: F401 - before Qt (see above)
from reclaimdesk.ui.guard import guard_slot
from reclaimdesk.ui.style import STYLE_ARGS, apply_style

all_games()  # the specs of every game (its name, players, summary; not its rules)
fastenum.install()  # before PySide loads: the Python enums it builds (see ui.fastenum)
tables()  # the tables the games' UI packages register

from reclaimdesk.ui.common import APP_NAME, ORG_DOMAIN, ORG_NAME, data_dir, make_settings, start_icons  # noqa: E402
from reclaimdesk.ui.i18n import lang_argument, start_language  # noqa: E402
from reclaimdesk.ui.main_window import MainWindow  # noqa: E402

from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

SHOWN_ENV = "RECLAIMDESK_EXIT_WHEN_SHOWN"
"""Benchmarks set this: print 'shown' once the main window is up, then quit."""
QUIET_MS = 150
"""With ``$RECLAIMDESK_EXIT_WHEN_SHOWN=complete``: the start page is complete once
painted and then left unpainted this long."""

__all__ = ["SHOWN_ENV", "MainWindow", "run_app"]


def _timed_window(settings: object) -> MainWindow:
    """The main window as the start benchmark runs it: it notes when each repaint
    of the window has ended (a repaint paints the window, then its children, in one
    go; the zero timer fires after all of them). Made only for the benchmark."""

    class TimedMainWindow(MainWindow):
        painted_at: float | None = None
        painted_cpu = 0.0

        def paintEvent(self, event: object) -> None:  # noqa: N802 - Qt's name
            QTimer.singleShot(0, self._painted)  # (before the window's own timers)
            super().paintEvent(event)

        def _painted(self) -> None:
            self.painted_at = time.monotonic()
            self.painted_cpu = time.process_time()

    return TimedMainWindow(settings)


def _announce_shown(window: MainWindow) -> None:
    """``$RECLAIMDESK_EXIT_WHEN_SHOWN``: print 'shown' once the window is up, and
    quit. Set to ``complete``, the app first finishes the start page (the personal
    bests) and waits until the window has been painted and then left alone for
    :data:`QUIET_MS`; it prints 'complete T C', T the ``time.monotonic()`` at which
    its last repaint ended and C the process's CPU time then: the benchmark times
    both. (Until issue 25 'complete' came before the first paint: the window was not
    even exposed, and the text shaping of the first paint, Japanese's largest cost,
    was never timed.)"""
    print("shown", flush=True)
    if window.page is not None:
        print(f"opened {window.page.game_id} with {len(window.page.record().actions)} actions", flush=True)
    if os.environ.get(SHOWN_ENV) == "complete" and window.page is None:
        _after_shown(window)  # as the app goes on after its first show
        _report_complete(window, time.monotonic())
        return
    start_icons().save()
    QApplication.instance().quit()


def _report_complete(window: MainWindow, since: float) -> None:
    painted = getattr(window, "painted_at", None)
    now = time.monotonic()
    if painted is None and now - since < 10:
        QTimer.singleShot(10, lambda: _report_complete(window, since))  # not exposed yet
        return
    if painted is not None and (now - painted) * 1000 < QUIET_MS:
        QTimer.singleShot(10, lambda: _report_complete(window, since))  # painted lately: it may go on
        return
    # the end of the last repaint, and the CPU time the process had used by then
    print("complete" if painted is None else f"complete {painted!r} {window.painted_cpu!r}", flush=True)
    start_icons().save()
    QApplication.instance().quit()


def _after_shown(window: MainWindow) -> None:
    """What waits until the window is up: the cyclic garbage collector back on (the
    command line turns it off while the app starts; what the start made lives as
    long as the app, so it is frozen out of later collections), the icon cache
    written if an icon was rendered from its SVG, and the rest of the start page,
    laid out at once: the window's first paint comes after this (its expose waits
    in the event loop), and with the personal bests still to lay out the page was
    painted without them, laid out again and painted twice more."""
    gc.freeze()
    gc.enable()
    start_icons().save()
    if window.page is None:
        _finish_start_page(window)


def _finish_start_page(window: MainWindow) -> None:
    """The personal bests filled in and laid out now, before the window's first
    paint (the layout requests they post, sent at once)."""
    window.finish_start_page()
    QApplication.sendPostedEvents()


def run_app(argv: Sequence[str]) -> int:
    """Start the desktop app; ``argv`` are the arguments after the program name
    (a record file opens at once). Returns the exit status."""
    args = [a for a in argv if a]
    # HiDPI: Qt 6 scales by the screen's device pixel ratio and, by default, passes
    # fractional factors through unrounded (PassThrough); everything the app draws
    # is vector (SVG icons, painted items), so it stays sharp at any factor.
    app = QApplication.instance()
    fusion_chosen = app is None
    if app is None:
        preload.wait_fonts()  # the fonts it registers are in before Qt reads fontconfig's
        app = QApplication([sys.argv[0] if sys.argv else "reclaimdesk", *args, *STYLE_ARGS])
    app.setOrganizationName(ORG_NAME)
    app.setOrganizationDomain(ORG_DOMAIN)
    app.setApplicationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName("reclaimdesk")
    app.setWindowIcon(start_icons().app_icon())
    apply_style(app, fusion_chosen)
    settings = make_settings()
    start_language(settings, args, app)
    lang_value = lang_argument(args)
    files = [a for a in args if not a.startswith("-") and not (a == lang_value and "--lang" in args)]
    instance = None
    if not os.environ.get(SHOWN_ENV):  # one app per data folder: a second start hands over its file
        from reclaimdesk.ui.datafolder import GO_ON, settle
        from reclaimdesk.ui.instance import claim_or_exit

        verdict, folder = settle(data_dir())  # a folder it cannot write in: say why, ask what to do
        if verdict not in ("ok", GO_ON):
            return 1
        if verdict == "ok":
            instance = claim_or_exit(folder, files)
            if isinstance(instance, int):
                return instance
    window = _timed_window(settings) if os.environ.get(SHOWN_ENV) == "complete" else MainWindow(settings)
    guard.install(guard.window_context(window))
    if instance is not None:
        from reclaimdesk.ui.instance import serve_window

        serve_window(instance, window)
    window.show()
    if files:
        guard_slot(window.open_record)(Path(files[0]))
    if os.environ.get(SHOWN_ENV):
        QTimer.singleShot(0, lambda: _announce_shown(window))
    else:
        QTimer.singleShot(0, lambda: _after_shown(window))
    return app.exec()
