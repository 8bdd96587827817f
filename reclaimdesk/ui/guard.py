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
import json
import sys
import traceback
from collections.abc import Callable
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from PySide6.QtCore import QtMsgType, qInstallMessageHandler
from PySide6.QtWidgets import QApplication, QFileDialog, QMessageBox, QPushButton, QWidget

from reclaimdesk.core.files import one_line
from reclaimdesk.core.i18n import N_, _

ContextProvider = Callable[[], tuple[QWidget | None, Any]]
"""Returns the window to parent dialogs on and the open game's record (or None)."""

_context: ContextProvider | None = None
last_report: "ErrorDialog | None" = None
"""The most recent error dialog (tests read it)."""
_reporting = False

GENERIC_WHAT = N_("finish what you asked for")


class ErrorDialog(QMessageBox):
    """What failed, in one line, with a button that saves a bug report."""

    def __init__(self, parent: QWidget | None, what: str, message: str, detail: str, record: Any) -> None:
        super().__init__(QMessageBox.Icon.Warning, _("Something went wrong"),
                         _("Could not {what}.").format(what=what), QMessageBox.StandardButton.Close, parent)
        self.what = what
        self.message = message
        self.detail = detail
        self.record_json = _record_json(record)
        self.setInformativeText(_("{message}\n\nThe app keeps running. You can save a bug report"
                                  " (this message and the game record) to send to the developers.")
                                .format(message=message))
        self.save_button: QPushButton = self.addButton(_("Save bug report..."), QMessageBox.ButtonRole.ActionRole)
        self.save_button.clicked.connect(self.ask_where_to_save)
        self.saved_to: Path | None = None

    def report_text(self) -> str:
        from reclaimdesk import __version__

        lines = [
            f"ReclaimDesk {__version__} bug report",
            f"time: {datetime.now(timezone.utc).replace(microsecond=0).isoformat()}",
            f"python: {sys.version.split()[0]} on {sys.platform}",
            f"what failed: {self.what}",
            f"message: {self.message}",
            "",
            "traceback:",
            self.detail.rstrip() or "(none)",
            "",
            "game record:",
            self.record_json or "(no game was open)",
        ]
        return "\n".join(lines) + "\n"

    def save_report(self, path: str | Path) -> Path:
        from reclaimdesk.core.record import write_atomic

        path = Path(path)
        write_atomic(path, self.report_text())
        self.saved_to = path
        return path

    def ask_where_to_save(self) -> None:
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        suggestion = str(Path.home() / f"reclaimdesk-bug-{stamp}.txt")
        path, _filter = QFileDialog.getSaveFileName(self, _("Save the bug report"), suggestion,
                                                    _("Text files (*.txt)"))
        if not path:
            return
        try:
            self.save_report(path)
        except OSError as exc:
            QMessageBox.warning(self, _("Could not save"), _("The bug report could not be written to {path}: {error}")
                                .format(path=path, error=exc.strerror or exc))
            return
        self.save_button.setText(_("Saved"))
        self.save_button.setEnabled(False)


def _record_json(record: Any) -> str:
    if record is None:
        return ""
    try:
        return record.to_json() if hasattr(record, "to_json") else json.dumps(record, indent=1, default=str)
    except Exception:  # noqa: BLE001 - a report must never fail because of its attachment
        return ""


def _current_context() -> tuple[QWidget | None, Any]:
    if _context is None:
        return QApplication.activeWindow(), None
    try:
        return _context()
    except Exception:  # noqa: BLE001
        return None, None


def report_error(what: str, error: BaseException | str, detail: str | None = None,
                 parent: QWidget | None = None) -> ErrorDialog | None:
    """Show the error dialog for a failed ``what`` (words that follow "Could not",
    already translated) and log it on stderr. Never raises."""
    global last_report, _reporting
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
            parent = owner.window() if isinstance(owner, QWidget) else None
            report_error(_(what), exc, parent=parent)
            return None

    return run


WHAT: dict[str, str] = {
    "new_game": N_("start a new game"),
    "new_table_game": N_("start a new game"),
    "new_game_of": N_("start a new game"),
    "start_solo": N_("start a new game"),
    "start_daily": N_("start a new game"),
    "resume_autosave": N_("resume the unfinished game"),
    "discard_autosave": N_("discard the unfinished game"),
    "open_record_dialog": N_("open the record"),
    "open_record": N_("open the record"),
    "save_record_dialog": N_("save the record"),
    "export_pdf": N_("export the PDF"),
    "show_bests": N_("show the personal bests"),
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
    detail = "".join(traceback.format_exception(kind, value, tb))
    report_error(_(GENERIC_WHAT), value, detail)


def _qt_messages(mode: QtMsgType, context: Any, message: str) -> None:
    if mode in (QtMsgType.QtDebugMsg, QtMsgType.QtInfoMsg):
        return
    try:
        sys.stderr.write(f"qt: {one_line(message, 2000)}\n")
    except Exception:  # noqa: BLE001
        pass


def install(context: ContextProvider | None = None) -> None:
    """Route uncaught exceptions (in slots too) to the error dialog and Qt's
    warnings to stderr; ``context`` says which window and record to use."""
    global _context
    _context = context
    sys.excepthook = _excepthook
    qInstallMessageHandler(_qt_messages)


def window_context(window: Any) -> ContextProvider:
    """The main window and the record of its open game."""

    def provide() -> tuple[QWidget | None, Any]:
        page = getattr(window, "page", None)
        record = None
        if page is not None:
            try:
                record = page.record()
            except Exception:  # noqa: BLE001
                record = None
        return window, record

    return provide
