"""One guard for everything the user starts in the app.

Every action a person starts (a new game, resume, open, export, an AI turn...)
runs through :func:`guarded` (or reports through :func:`report_error`): an
exception becomes a dialog that says what failed, offers to save a bug report
(the message, the traceback, the app's version and the game record, if a game
is open) to a file, and the app keeps running. :func:`install` also routes any
exception nobody caught in a Qt slot (PySide6 hands those to ``sys.excepthook``)
and Qt's own warnings to the same place, so no error is ever silent: it reaches
the user as a dialog, and stderr as a log line.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from reclaimdesk.core.i18n import N_, _

if TYPE_CHECKING:
    from reclaimdesk.ui.error_dialog import ErrorDialog

# Light to import (no Qt, no traceback module): the main window wraps its slots at
# start-up; the dialog and Qt's message handler load only when they are needed.

ContextProvider = Callable[[], tuple[Any, Any]]
"""Returns the window to parent dialogs on and the open game's record (or None)."""

_context: ContextProvider | None = None
last_report: "ErrorDialog | None" = None
"""The most recent error dialog (tests read it)."""
_reporting = False

GENERIC_WHAT = N_("finish what you asked for")


def _current_context() -> tuple[Any, Any]:
    if _context is None:
        from PySide6.QtWidgets import QApplication

        return QApplication.activeWindow(), None
    try:
        return _context()
    except Exception:  # noqa: BLE001
        return None, None


def report_error(what: str, error: BaseException | str, detail: str | None = None,
                 parent: Any = None) -> "ErrorDialog | None":
    """Show the error dialog for a failed ``what`` (words that follow "Could not",
    already translated) and log it on stderr. Never raises."""
    global last_report, _reporting
    import traceback

    from PySide6.QtWidgets import QApplication

    from reclaimdesk.core.files import one_line

    if isinstance(error, BaseException):
        message = str(error) or type(error).__name__
        if detail is None:
            detail = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    else:
        message = error.splitlines()[0] if error else ""
    detail = detail or ""
    message = one_line(message, 600)
    try:
        sys.stderr.write(f"reclaimdesk: could not {what}: {message}\n{detail}")
    except Exception:  # noqa: BLE001
        pass
    if _reporting or QApplication.instance() is None:
        return None  # an error while showing an error: the log line is all we can do
    _reporting = True
    try:
        from reclaimdesk.ui.error_dialog import ErrorDialog

        window, record = _current_context() if parent is None else window_context(parent)()
        box = ErrorDialog(window, what, message, detail, record)
        last_report = box
        if window is not None and hasattr(window, "last_message"):
            window.last_message = box
        box.open()
        return box
    except Exception:  # noqa: BLE001
        return None
    finally:
        _reporting = False


def guarded(slot: Callable[..., Any], what: str) -> Callable[..., Any]:
    """``slot`` wrapped so that an exception becomes :func:`report_error`'s dialog
    (``what`` is an ``N_`` marked phrase, translated when shown)."""

    owner = getattr(slot, "__self__", None)

    @functools.wraps(slot)
    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return slot(*args, **kwargs)
        except Exception as exc:  # noqa: BLE001 - the point of the guard
            parent = owner.window() if callable(getattr(owner, "window", None)) else None
            report_error(_(what), exc, parent=parent)
            return None

    return run


WHAT: dict[str, str] = {
    "new_game": N_("start a new game"),
    "new_game_of": N_("start a new game"),
    "card_action": N_("start a new game"),
    "start_choice": N_("start a new game"),
    "resume": N_("resume the unfinished game"),
    "discard": N_("discard the unfinished game"),
    "open_record_dialog": N_("open the record"),
    "open_record": N_("open the record"),
    "save_record_dialog": N_("save the record"),
    "export_pdf": N_("export the PDF"),
    "show_bests": N_("show the personal bests"),
    "show_library": N_("show the games played"),
    "show_rules": N_("show the rules"),
    "undo": N_("take back the last step"),
    "redo": N_("redo the step"),
    "hint": N_("find a hint"),
}
"""What each of the main window's actions does, by the name of its slot, as it
reads after "Could not"."""


def guard_slot(slot: Callable[..., Any]) -> Callable[..., Any]:
    """``slot`` under the guard, described by :data:`WHAT` (or in general words)."""
    return guarded(slot, WHAT.get(getattr(slot, "__name__", ""), GENERIC_WHAT))


def _excepthook(kind: type[BaseException], value: BaseException, tb: Any) -> None:
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, value, tb)
        return
    import traceback

    detail = "".join(traceback.format_exception(kind, value, tb))
    report_error(_(GENERIC_WHAT), value, detail)


def _qt_messages(mode: Any, context: Any, message: str) -> None:
    from PySide6.QtCore import QtMsgType

    from reclaimdesk.core.files import one_line

    if mode in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg):
        return
    try:
        sys.stderr.write(f"qt: {one_line(message, 2000)}\n")
    except Exception:  # noqa: BLE001
        pass


def install(context: ContextProvider | None = None) -> None:
    """Route uncaught exceptions (in slots too) to the error dialog and Qt's
    warnings to stderr; ``context`` says which window and record to use."""
    from PySide6.QtCore import qInstallMessageHandler

    global _context
    _context = context
    sys.excepthook = _excepthook
    qInstallMessageHandler(_qt_messages)


def window_context(window: Any) -> ContextProvider:
    """The main window and the record of its open game."""

    def provide() -> tuple[Any, Any]:
        page = getattr(window, "page", None)
        record = None
        if page is not None:
            try:
                record = page.record()
            except Exception:  # noqa: BLE001
                record = None
        return window, record

    return provide
